"""A Tiled map with hitboxes: the walls a designer drew become static bodies, and balls roll in.

The project's level loader (``game.tiled``, installed with the engine) reads a Tiled map: each
solid object, and each tile's collision shapes from Tiled's Tile Collision Editor, becomes convex
engine shapes placed in the world (concave outlines split, rotations and flips applied, Tiled's
y-down clockwise frame turned into the engine's). The game's tile drawer (one arcade
``SpriteList`` per tile layer) draws the tiles; the outlines on top are what the engine collides.
Pass a map of your own: ``python examples/tiled_map.py my_map.tmj``.

    python examples/tiled_map.py
    ARCADE_HEADLESS=1 python examples/tiled_map.py --frames 120 --screenshot tiled.png
"""

import random
from pathlib import Path

import arcade

from engine import World
from engine.arcade import debug_draw, example_arguments, run
from engine.collision import Circle
from game.render.tiles import build_tile_layers
from game.tiled import LEVELS_DIR, load_level

WIDTH, HEIGHT = 960, 640
BALLS = 40
HITBOX_COLORS = {
    "static": arcade.color.MAGENTA,
    "dynamic": arcade.color.YELLOW,
    "sleeping": arcade.color.ORANGE,
}


class TiledMap(arcade.Window):
    def __init__(self, path) -> None:
        super().__init__(WIDTH, HEIGHT, f"Tiled map with hitboxes: {path.name}")
        self.background_color = arcade.color.BLACK
        level = load_level(path)  # one LevelError line naming the file and object if the map is bad
        self.tiles = build_tile_layers(level)
        self.world = World(units_per_meter=32.0)
        for wall in level.walls:
            for shape, transform in wall.parts:  # the convex parts of one object or tile
                self.world.add(shape, transform, type="static", restitution=0.5)
        rng = random.Random(3)
        start = level.player_start
        for _ in range(BALLS):  # top-down: no gravity, just a shove each and a little floor friction
            ball = self.world.add(
                Circle(rng.uniform(6, 14)), (start.x, start.y, 0.0), restitution=0.8, linear_damping=0.3
            )
            self.world.set_velocity(ball, (rng.uniform(-400, 400), rng.uniform(-400, 400)))
        self.camera = arcade.Camera2D()
        self.camera.position = (level.width / 2, level.height / 2)
        self.camera.zoom = min(WIDTH / level.width, HEIGHT / level.height)
        self.walls = len(self.world)

    def on_fixed_update(self, delta_time: float) -> None:
        self.world.step(delta_time)

    def on_draw(self) -> None:
        self.clear()
        with self.camera.activate():
            self.tiles.draw()
            debug_draw(self.world, contacts=False, line_width=3, colors=HITBOX_COLORS)


def main() -> None:
    args = example_arguments(
        __doc__.splitlines()[0], add=lambda parser: parser.add_argument("map", nargs="?", type=Path)
    )
    run(TiledMap(args.map or LEVELS_DIR / "depot.tmj"), frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    main()
