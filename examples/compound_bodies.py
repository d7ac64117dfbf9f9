"""Bodies of many shapes, a trigger zone and hits: L-crates and dumbbells tumble down a slope.

A body holds several shapes (``World.add`` makes it with one, ``add_shape`` places more in its
frame); its mass is summed over them. A sensor shape pushes nothing and reports who comes and
goes (``events.sensor_began``, ``sensor_ended``); ``events.hits`` are pairs that closed faster than
``World.hit_speed``, a resting pair struck again too. Each flashes where it happened.

    python examples/compound_bodies.py
    ARCADE_HEADLESS=1 python examples/compound_bodies.py --frames 360 --screenshot compounds.png
"""

import arcade

from engine import World
from engine.arcade import example_arguments, run
from engine.collision import Circle, Polygon
from engine.draw import outline

WIDTH, HEIGHT = 800, 600
PIXELS_PER_METER = 32.0
DROP_EVERY = 30  # frames between bodies
MOST = 16  # bodies in play; the oldest goes


class Compounds(arcade.Window):
    def __init__(self) -> None:
        super().__init__(WIDTH, HEIGHT, "Bodies of many shapes, sensors and hits")
        self.background_color = arcade.color.DARK_SLATE_GRAY
        self.world = World(gravity=(0.0, -12.0 * PIXELS_PER_METER), units_per_meter=PIXELS_PER_METER)
        self.world.hit_speed = 4.0 * PIXELS_PER_METER  # only hard knocks flash
        self.ground = [
            self.world.add(Polygon.box(300, 10), (330, 330, -0.45), type="static", friction=0.1),
            self.world.add(Polygon.box(400, 10), (400, 20, 0.0), type="static"),
        ]
        self.zone = self.world.add(Polygon.box(90, 60), (620, 90, 0.0), type="static", sensor=True)
        self.bodies: list[int] = []
        self.inside: dict[int, int] = {}  # body: how many of its shapes are in the zone
        self.flashes: list[list] = []  # [x, y, frames left]
        self.frame = self.hits = 0
        self.label = arcade.Text("", 20, HEIGHT - 30, arcade.color.WHITE, 14)

    def drop(self) -> None:
        x = 120 + (self.frame * 37) % 200
        if len(self.bodies) % 2 == 0:  # an L: a bar and a post at its right end
            body = self.world.add(Polygon.box(30, 8), (x, 580, 0.4), restitution=0.2)
            self.world.add_shape(body, Polygon.box(8, 24), local=(22, 16, 0.0))
        else:  # a dumbbell: two discs on a bar
            body = self.world.add(Polygon.box(24, 4), (x, 580, 0.0))
            for side in (-1, 1):
                self.world.add_shape(body, Circle(11), local=(side * 26, 0, 0), density=2.0)
        self.bodies.append(body)
        if len(self.bodies) > MOST:
            self.world.remove(self.bodies.pop(0))

    def on_fixed_update(self, delta_time: float) -> None:
        self.frame += 1
        if self.frame % DROP_EVERY == 1:
            self.drop()
        events = self.world.step(delta_time)
        for x, y in events.hit_point.tolist():
            self.flashes.append([x, y, 12])
        self.hits += len(events.hits)
        for _, visitor in events.sensor_began.tolist():  # each shape comes and goes on its own
            body = self.world.body_of(visitor)
            self.inside[body] = self.inside.get(body, 0) + 1
        for _, visitor in events.sensor_ended.tolist():  # (a removed body's shapes still name it)
            body = self.world.body_of(visitor)
            self.inside[body] -= 1
            if not self.inside[body]:
                del self.inside[body]
        self.flashes = [[x, y, left - 1] for x, y, left in self.flashes if left > 1]

    def on_draw(self) -> None:
        self.clear()
        arcade.draw_polygon_filled(
            outline(self.world.shape(self.zone), self.world.transform(self.zone)), (90, 160, 90, 90)
        )
        for body in self.ground:
            arcade.draw_polygon_filled(
                outline(self.world.shape(body), self.world.transform(body)), arcade.color.GRAY
            )
        for body in self.bodies:
            color = arcade.color.GOLD if body in self.inside else arcade.color.LIGHT_STEEL_BLUE
            for shape in self.world.shapes(body).tolist():
                points = outline(self.world.shape(shape), self.world.shape_transform(shape))
                arcade.draw_polygon_filled(points, color)
                arcade.draw_polygon_outline(points, arcade.color.BLACK, 2)
        for x, y, left in self.flashes:
            arcade.draw_circle_outline(x, y, 4 + 2 * (12 - left), arcade.color.ORANGE_RED, 3)
        self.label.text = f"bodies {len(self.bodies)}   in the zone {len(self.inside)}   hits {self.hits}"
        self.label.draw()


def main() -> None:
    args = example_arguments(__doc__.splitlines()[0])
    run(Compounds(), frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    main()
