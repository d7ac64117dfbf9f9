"""A raycast laser: a beam turns around the room and bounces off what it meets.

``World.raycast`` finds the nearest body along a ray, with the point and the surface normal; the
beam reflects there (d - 2 (d·n) n), up to ``BOUNCES`` times. Move the mouse to aim it; left
alone it sweeps. The spinning bars are kinematic bodies: moved by their velocity, never pushed.

    python examples/raycast_laser.py
    ARCADE_HEADLESS=1 python examples/raycast_laser.py --frames 90 --screenshot laser.png
"""

import math

import arcade

from engine import World
from engine.arcade import debug_draw, example_arguments, run
from engine.collision import Circle, Polygon

WIDTH, HEIGHT = 800, 600
BOUNCES = 8
REACH = 2000.0  # px, each leg of the beam at most
SWEEP = 0.6  # rad/s while the mouse is still


class Laser(arcade.Window):
    def __init__(self) -> None:
        super().__init__(WIDTH, HEIGHT, "Raycast laser")
        self.background_color = arcade.color.BLACK
        self.world = World(units_per_meter=32.0)
        walls = [(400, 10, 400, 10), (400, 590, 400, 10), (10, 300, 10, 300), (790, 300, 10, 300)]
        for x, y, hw, hh in walls:
            self.world.add(Polygon.box(hw, hh), (x, y, 0.0), type="static")
        self.world.add(Polygon.box(60, 15), (600, 420, 0.5), type="static")
        self.world.add(Circle(45), (220, 420, 0.0), type="static")
        self.world.add(Polygon([(0, 0), (80, 0), (40, 60)]), (560, 100, 0.2), type="static")
        for x, y, spin in ((260, 170, 1.0), (520, 300, -0.7)):
            bar = self.world.add(Polygon.box(50, 6), (x, y, 0.0), type="kinematic")
            self.world.set_velocity(bar, (0.0, 0.0), spin)
        self.origin = (400.0, 300.0)
        self.angle = 0.3
        self.aimed = False
        self.beam: list[tuple[float, float]] = []

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.angle, self.aimed = math.atan2(y - self.origin[1], x - self.origin[0]), True

    def on_fixed_update(self, delta_time: float) -> None:
        self.world.step(delta_time)
        if not self.aimed:
            self.angle += SWEEP * delta_time
        self.beam = self.trace()

    def trace(self) -> list[tuple[float, float]]:
        """The beam's corners: from the origin, each hit, until it leaves or runs out of bounces."""
        (x, y), d = self.origin, (math.cos(self.angle), math.sin(self.angle))
        points = [(x, y)]
        for _ in range(BOUNCES):
            hit = self.world.raycast((x, y), d, REACH)
            if hit is None:
                points.append((x + REACH * d[0], y + REACH * d[1]))
                break
            points.append(hit.point)
            nx, ny = hit.normal  # the surface's normal, facing the ray
            dot = d[0] * nx + d[1] * ny
            d = (d[0] - 2 * dot * nx, d[1] - 2 * dot * ny)
            x, y = hit.point[0] + 0.01 * nx, hit.point[1] + 0.01 * ny  # start just off the surface
        return points

    def on_draw(self) -> None:
        self.clear()
        debug_draw(self.world, contacts=False, line_width=2)
        if len(self.beam) > 1:
            arcade.draw_line_strip(self.beam, arcade.color.RED, 3)
            arcade.draw_points(self.beam[1:], arcade.color.YELLOW, 7)
        arcade.draw_circle_filled(*self.origin, 8, arcade.color.RED)


def main() -> None:
    args = example_arguments(__doc__.splitlines()[0])
    run(Laser(), frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    main()
