"""Hello world: a stack of boxes falls onto the ground, settles and sleeps.

Run it (a window opens; close it to quit):

    python examples/hello_world.py

Headless, as the tests and the docs' gallery run it (no display needed):

    ARCADE_HEADLESS=1 python examples/hello_world.py --frames 120 --screenshot hello.png

The world is in pixels: ``units_per_meter`` tells the engine 32 of them make a metre, so its
tolerances and speed caps (Box2D's, in metres) fit boxes 40 px wide.
"""

import arcade

from engine import World
from engine.arcade import example_arguments, run
from engine.collision import Polygon
from engine.draw import outline

WIDTH, HEIGHT = 800, 600
PIXELS_PER_METER = 32.0
GRAVITY = (0.0, -10.0 * PIXELS_PER_METER)  # 10 m/s² down, in px/s²
BOX = 20.0  # half a box's side, px


class HelloWorld(arcade.Window):
    def __init__(self) -> None:
        super().__init__(WIDTH, HEIGHT, "Hello world: falling boxes")
        self.background_color = arcade.color.DARK_SLATE_GRAY
        self.world = World(gravity=GRAVITY, units_per_meter=PIXELS_PER_METER)
        # The ground: a static body (never moves). Transforms are (x, y, angle in radians, CCW).
        self.ground = self.world.add(Polygon.box(360.0, 12.0), (WIDTH / 2, 40.0, 0.0), type="static")
        # Ten boxes dropped in a column, a few px out of line: dynamic bodies (the default).
        self.boxes = [
            self.world.add(Polygon.box(BOX, BOX), (WIDTH / 2 + 4.0 * (k % 3), 100.0 + 48.0 * k, 0.0))
            for k in range(10)
        ]

    def on_fixed_update(self, delta_time: float) -> None:
        self.world.step(delta_time)  # gravity, contacts, friction, sleep: one call

    def on_draw(self) -> None:
        self.clear()
        for body in [self.ground, *self.boxes]:
            points = outline(self.world.shape(body), self.world.transform(body))
            if body == self.ground:
                color = arcade.color.GRAY
            elif self.world.is_awake(body):
                color = arcade.color.ORANGE
            else:
                color = arcade.color.BROWN  # asleep: the stack has come to rest
            arcade.draw_polygon_filled(points, color)
            arcade.draw_polygon_outline(points, arcade.color.BLACK, 2)


def main() -> None:
    args = example_arguments(__doc__.splitlines()[0])
    window = HelloWorld()
    run(window, frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    main()
