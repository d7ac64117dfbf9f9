"""A character with move-and-slide: it walks towards the mouse and slides along what it meets.

``World.move_and_slide(body, displacement)`` casts the body's shape along the move, stops it at
the first wall, and spends what is left of the move sliding along that wall (up to four times):
the character never ends a frame inside a wall, however fast it goes. It is a kinematic body: its
slide looks only at the walls' layer (``mask=WALLS``), so it walks into the crates, and the step
pushes them out of its way (a kinematic body is never pushed back).

    python examples/move_and_slide.py
    ARCADE_HEADLESS=1 python examples/move_and_slide.py --frames 240 --screenshot slide.png
"""

import math

import arcade

from engine import World
from engine.arcade import debug_draw, example_arguments, run
from engine.collision import Capsule, Circle, Polygon

WIDTH, HEIGHT = 800, 600
SPEED = 220.0  # px/s
TRAIL = 400  # the last places drawn
WALLS, CRATES = 1, 2  # layers: bit sets (A and B meet when A.layer & B.mask and B.layer & A.mask)


class Slide(arcade.Window):
    def __init__(self) -> None:
        super().__init__(WIDTH, HEIGHT, "Move and slide")
        self.background_color = arcade.color.BLACK
        self.world = World(units_per_meter=32.0)
        static = [
            (Polygon.box(400, 10), (400, 10, 0.0)),
            (Polygon.box(400, 10), (400, 590, 0.0)),
            (Polygon.box(10, 300), (10, 300, 0.0)),
            (Polygon.box(10, 300), (790, 300, 0.0)),
            (Polygon.box(160, 12), (360, 300, 0.3)),  # a slanted wall across the way
            (Circle(40), (600, 200, 0.0)),
            (Capsule((-60, 0), (60, 0), 14), (250, 470, 0.8)),
        ]
        for shape, xf in static:
            self.world.add(shape, xf, type="static", layer=WALLS)
        for k in range(3):  # crates the character shoves (dynamic; damping stands for floor friction)
            crate = Polygon.box(16, 16)
            self.world.add(
                crate,
                (560 + 36 * k, 430 + 10 * k, 0.0),
                layer=CRATES,
                linear_damping=3.0,
                angular_damping=3.0,
            )
        self.player = self.world.add(Circle(18), (150, 150, 0.0), type="kinematic")
        self.target = (650.0, 520.0)  # where the mouse is; to start, beyond the slanted wall
        self.trail: list[tuple[float, float]] = []

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.target = (x, y)

    def on_fixed_update(self, delta_time: float) -> None:
        here = self.world.transform(self.player)
        dx, dy = self.target[0] - here.x, self.target[1] - here.y
        gap = math.hypot(dx, dy)
        step = min(gap, SPEED * delta_time)
        if step > 0.5:
            moved = self.world.move_and_slide(self.player, (dx / gap * step, dy / gap * step), mask=WALLS)
            self.trail = [*self.trail[-TRAIL:], (moved.x, moved.y)]  # moved.hits: what it slid along
        self.world.step(delta_time)

    def on_draw(self) -> None:
        self.clear()
        if len(self.trail) > 1:
            arcade.draw_line_strip(self.trail, arcade.color.DARK_CYAN, 2)
        debug_draw(self.world, line_width=2)
        arcade.draw_circle_outline(*self.target, 10, arcade.color.WHITE, 2)


def main() -> None:
    args = example_arguments(__doc__.splitlines()[0])
    run(Slide(), frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    main()
