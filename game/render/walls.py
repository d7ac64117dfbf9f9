"""The level's static art: a tiled floor and the walls, built once per (re)load.

Walls are drawn from the same engine shapes the world collides (each convex
part through ``outline``), as filled polygons with a darker rim, all in one
``ShapeElementList`` so a whole level is a single draw call.
"""

from __future__ import annotations

import math

import arcade
from arcade.shape_list import ShapeElementList, create_line_loop, create_polygon

from .outline import outline

WALL_FILL = (92, 96, 112)
WALL_RIM = (48, 50, 62)
#: Outside the level: the floor stops here and this shows.
VOID_COLOR = (22, 24, 30)
FLOOR_TILE = ":resources:images/topdown_tanks/tileSand1.png"
FLOOR_TILE_ALT = ":resources:images/topdown_tanks/tileSand2.png"
TILE = 64


def wall_outlines(level) -> list[list[tuple[float, float]]]:
    """World outlines of every convex wall part of ``level`` (counter-clockwise)."""
    return [outline(shape, xf) for wall in level.walls for shape, xf in wall.parts]


def build_walls(level) -> ShapeElementList:
    """Filled wall polygons with rims, batched."""
    shapes: ShapeElementList = ShapeElementList()
    for points in wall_outlines(level):
        shapes.append(create_polygon(points, WALL_FILL))
        shapes.append(create_line_loop(points, WALL_RIM, 3))
    return shapes


def build_floor(level) -> arcade.SpriteList:
    """Floor tiles covering the level's rectangle (a checker of two sand tiles)."""
    floor = arcade.SpriteList(capacity=256)
    base = arcade.load_texture(FLOOR_TILE)
    alt = arcade.load_texture(FLOOR_TILE_ALT)
    for i in range(math.ceil(level.width / TILE)):
        for j in range(math.ceil(level.height / TILE)):
            texture = alt if (i * 7 + j * 3) % 5 == 0 else base
            floor.append(arcade.Sprite(texture, center_x=(i + 0.5) * TILE, center_y=(j + 0.5) * TILE))
    return floor
