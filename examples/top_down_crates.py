"""Top-down pushing crates: arcade sprites on the engine through ``engine.arcade.PhysicsEngine``.

The player walks towards the mouse (it starts heading through the crates) and shoves them; floor
friction is damping, as in arcade's pymunk top-down demo, whose names this uses.

    python examples/top_down_crates.py
    ARCADE_HEADLESS=1 python examples/top_down_crates.py --frames 240 --screenshot crates.png
"""

import math

import arcade

from engine.arcade import PhysicsEngine, example_arguments, run

WIDTH, HEIGHT = 832, 576
TILE = 64  # the sprites' size at scale 0.5, px
PLAYER_FORCE = 6000.0  # mass·px/s², towards the mouse
PLAYER_SPEED = 300.0  # px/s at most


class CratesView(arcade.View):
    def __init__(self) -> None:
        super().__init__()
        self.background_color = arcade.color.DARK_OLIVE_GREEN
        self.walls, self.crates, self.players = arcade.SpriteList(), arcade.SpriteList(), arcade.SpriteList()
        for x in range(0, WIDTH + 1, TILE):
            for y in (0, HEIGHT):
                self.walls.append(self.sprite(":resources:images/tiles/stoneCenter.png", x, y))
        for y in range(TILE, HEIGHT, TILE):
            for x in (0, WIDTH):
                self.walls.append(self.sprite(":resources:images/tiles/stoneCenter.png", x, y))
        for col in range(3):
            for row in range(4):
                image = ":resources:images/tiles/boxCrate_double.png"
                self.crates.append(self.sprite(image, 420 + col * (TILE + 2), 190 + row * (TILE + 2)))
        person = ":resources:images/animated_characters/female_person/femalePerson_idle.png"
        self.player = self.sprite(person, 120, 300)
        self.players.append(self.player)
        self.target = (WIDTH - 100, 300)  # where the mouse is; to start, beyond the crates

        # damping: the fraction of speed kept each second (floor friction, top-down).
        self.physics = PhysicsEngine(damping=0.2)
        self.physics.add_sprite_list(self.walls, body_type=PhysicsEngine.STATIC, friction=0.5)
        self.physics.add_sprite_list(self.crates, mass=4.0, friction=0.6, damping=0.05)
        self.physics.add_sprite(
            self.player,
            mass=1.0,
            friction=0.2,
            damping=0.01,  # stops quickly once it stops pushing
            moment_of_inertia=PhysicsEngine.MOMENT_INF,  # never turns
            max_velocity=PLAYER_SPEED,
        )

    @staticmethod
    def sprite(image: str, x: float, y: float) -> arcade.Sprite:
        return arcade.Sprite(image, scale=0.5, center_x=x, center_y=y)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.target = (x, y)

    def on_fixed_update(self, delta_time: float) -> None:
        dx, dy = self.target[0] - self.player.center_x, self.target[1] - self.player.center_y
        gap = math.hypot(dx, dy)
        if gap > 8.0:
            self.physics.apply_force(self.player, (PLAYER_FORCE * dx / gap, PLAYER_FORCE * dy / gap))
        self.physics.step(delta_time)

    def on_draw(self) -> None:
        self.clear()
        self.walls.draw()
        self.crates.draw()
        self.players.draw()
        arcade.draw_circle_outline(*self.target, 10, arcade.color.WHITE, 2)


def main() -> None:
    args = example_arguments(__doc__.splitlines()[0])
    window = arcade.Window(WIDTH, HEIGHT, "Top-down: pushing crates")
    window.show_view(CratesView())
    run(window, frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    main()
