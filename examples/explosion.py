"""An explosion: a blast throws a pile of crates, all its impulses given in one call.

``World.query_aabb`` finds the bodies near the blast; each gets an impulse away from it, falling
off with distance, and ``World.apply_impulses`` hands them all over at once (at a point off each
crate's centre, so they spin too). Click to set off another one; left alone, one goes off every
two seconds under the pile.

    python examples/explosion.py
    ARCADE_HEADLESS=1 python examples/explosion.py --frames 75 --screenshot explosion.png
"""

import math

import arcade
import numpy as np

from engine import World
from engine.arcade import debug_draw, example_arguments, run
from engine.collision import Polygon

WIDTH, HEIGHT = 800, 600
PIXELS_PER_METER = 32.0
RADIUS = 220.0  # px: the blast's reach
STRENGTH = 700.0  # px/s given to a crate at the centre (impulse = mass × this, less with distance)
EVERY = 120  # frames between blasts when nobody clicks


class Explosion(arcade.Window):
    def __init__(self) -> None:
        super().__init__(WIDTH, HEIGHT, "Explosion")
        self.background_color = arcade.color.BLACK
        self.world = World(gravity=(0.0, -10.0 * PIXELS_PER_METER), units_per_meter=PIXELS_PER_METER)
        self.world.add(Polygon.box(400, 10), (400, 10, 0.0), type="static")
        for x in (10, 790):
            self.world.add(Polygon.box(10, 300), (x, 300, 0.0), type="static")
        self.crates = [
            self.world.add(Polygon.box(15, 15), (300 + 32 * col + 16 * (row % 2), 36 + 31 * row, 0.0))
            for row in range(6)
            for col in range(6 - row % 2)
        ]
        self.frame, self.blast, self.shown = 0, (400.0, 30.0), 0

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.explode(x, y)

    def explode(self, x: float, y: float) -> None:
        near = self.world.query_aabb((x - RADIUS, y - RADIUS), (x + RADIUS, y + RADIUS))
        near = [body for body in near.tolist() if self.world.is_dynamic(body)]
        if near:
            places = self.world.transforms(near)[:, :2]
            away = places - (x, y)
            reach = np.maximum(np.hypot(away[:, 0], away[:, 1]), 1.0)
            falloff = np.clip(1.0 - reach / RADIUS, 0.0, 1.0)
            masses = np.array([self.world.mass(body).mass for body in near])
            impulses = away / reach[:, None] * (STRENGTH * masses * falloff)[:, None]
            # Pushed 4 px off centre, across the push: the crates spin as they fly.
            side = np.column_stack([-away[:, 1], away[:, 0]]) / reach[:, None] * 4.0
            self.world.apply_impulses(near, impulses, places + side)
        self.blast, self.shown = (x, y), 20

    def on_fixed_update(self, delta_time: float) -> None:
        self.frame += 1
        if self.frame % EVERY == 60:
            self.explode(400.0 + 40.0 * math.sin(self.frame), 30.0)
        self.world.step(delta_time)
        self.shown = max(self.shown - 1, 0)

    def on_draw(self) -> None:
        self.clear()
        if self.shown:
            grown = RADIUS * (1.0 - self.shown / 20)
            arcade.draw_circle_filled(*self.blast, grown, (255, 160, 40, 12 * self.shown))
        debug_draw(self.world, contacts=False, line_width=2)


def main() -> None:
    args = example_arguments(__doc__.splitlines()[0])
    run(Explosion(), frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    main()
