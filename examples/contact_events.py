"""Contact events driving sounds and damage: crates rain onto a floor and break.

``World.step`` returns the step's ``ContactEvents``: the pairs that began touching, each with its
normal, point and the normal impulse it took (mass × speed: what a sound's volume and damage scale
with), and the pairs that stopped. Here a hit plays a sound as loud as it was hard, and takes the
speed change it caused off each crate's health; a crate at 0 breaks (is removed).

    python examples/contact_events.py
    ARCADE_HEADLESS=1 python examples/contact_events.py --frames 300 --screenshot events.png
"""

import random

import arcade

from engine import World
from engine.arcade import example_arguments, run
from engine.collision import Polygon
from engine.draw import outline

WIDTH, HEIGHT = 800, 600
PIXELS_PER_METER = 32.0
HEALTH = 900.0  # px/s of speed change a crate takes before it breaks
QUIET = 40.0  # px/s: softer hits make no sound
DROP_EVERY = 20  # frames between crates


class Events(arcade.Window):
    def __init__(self) -> None:
        super().__init__(WIDTH, HEIGHT, "Contact events: sounds and damage")
        self.background_color = arcade.color.MIDNIGHT_BLUE
        self.world = World(gravity=(0.0, -12.0 * PIXELS_PER_METER), units_per_meter=PIXELS_PER_METER)
        self.floor = [
            self.world.add(Polygon.box(380, 10), (400, 20, 0.0), type="static"),
            self.world.add(Polygon.box(150, 8), (220, 260, -0.35), type="static"),
            self.world.add(Polygon.box(150, 8), (580, 180, 0.35), type="static"),
        ]
        self.health: dict[int, float] = {}
        self.sound = arcade.load_sound(":resources:sounds/hit3.wav")
        self.random = random.Random(4)
        self.frame = self.sounds = self.broken = 0
        self.label = arcade.Text("", 20, HEIGHT - 30, arcade.color.WHITE, 14)

    def drop(self) -> None:
        x, size = self.random.uniform(120, 680), self.random.uniform(12, 22)
        crate = self.world.add(
            Polygon.box(size, size), (x, 620, self.random.uniform(0, 1.5)), restitution=0.3
        )
        self.health[crate] = HEALTH

    def on_fixed_update(self, delta_time: float) -> None:
        self.frame += 1
        if self.frame % DROP_EVERY == 1:
            self.drop()
        events = self.world.step(delta_time)
        for (a, b), impulse in zip(events.began.tolist(), events.impulse.tolist()):
            speeds = [impulse / self.world.mass(body).mass for body in (a, b) if body in self.health]
            if max(speeds, default=0.0) > QUIET:
                volume = min(1.0, max(speeds) / 600.0)
                arcade.play_sound(self.sound, volume=volume)
                self.sounds += 1
            for body in (a, b):
                if body in self.health:
                    self.health[body] -= impulse / self.world.mass(body).mass
        for body, left in list(self.health.items()):
            if left <= 0.0 or self.world.transform(body).y < -100:
                self.world.remove(body)  # its contacts end: next step's events.ended
                del self.health[body]
                self.broken += left <= 0.0

    def on_draw(self) -> None:
        self.clear()
        for body in self.floor:
            arcade.draw_polygon_filled(
                outline(self.world.shape(body), self.world.transform(body)), arcade.color.GRAY
            )
        for body, left in self.health.items():
            red = int(255 * (1.0 - max(left, 0.0) / HEALTH))
            points = outline(self.world.shape(body), self.world.transform(body))
            arcade.draw_polygon_filled(points, (max(red, 120), 200 - red // 2, 60))
            arcade.draw_polygon_outline(points, arcade.color.BLACK, 2)
        self.label.text = f"sounds {self.sounds}   broken {self.broken}"
        self.label.draw()


def main() -> None:
    args = example_arguments(__doc__.splitlines()[0])
    run(Events(), frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    main()
