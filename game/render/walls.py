"""The level's static art: the ground (a sand floor and the map's tile layers) and the walls, built once per (re)load.

Walls from object layers are drawn from the same engine shapes the world
collides (each convex part through ``outline``), as filled polygons with a
darker rim, all in one ``ShapeElementList`` so a whole level is a single
draw call. Walls made of tiles (``kind == "tile"``) are not: their tiles
are their look (``tiles.py`` draws the tile layers).

Order, bottom first: the sand floor (only where no opaque tile covers it),
the tile layers in the map's order, the object-layer walls, then the
actors. Object walls go over the tiles so a wall that collides is never
hidden under a ground layer painted across the whole map.
"""

from __future__ import annotations

import math
from collections.abc import Set as AbstractSet

import arcade
from arcade.shape_list import ShapeElementList, create_line, create_polygon

from .outline import outline
from .tiles import TileLayers, TileTextures, build_tile_layers, opaque_cells

WALL_FILL = (92, 96, 112)
WALL_RIM = (48, 50, 62)
#: Outside the level: the floor stops here and this shows.
VOID_COLOR = (22, 24, 30)
FLOOR_TILE = ":resources:images/topdown_tanks/tileSand1.png"
FLOOR_TILE_ALT = ":resources:images/topdown_tanks/tileSand2.png"
TILE = 64


def wall_outlines(level) -> list[list[tuple[float, float]]]:
    """World outlines of every convex wall part of ``level`` drawn as a polygon (counter-clockwise)."""
    return [outline(shape, xf) for wall in drawn_walls(level) for shape, xf in wall.parts]


def drawn_walls(level) -> list:
    """The walls drawn as polygons: all but those made of tiles (the tiles draw those)."""
    return [wall for wall in level.walls if wall.kind != "tile"]


def _key(p: tuple[float, float]) -> tuple[float, float]:
    return round(p[0], 3), round(p[1], 3)


def rim_segments(parts: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """The outer edges of one wall's convex parts, as point pairs.

    A concave wall is split into convex parts that share edges; a shared edge
    is a seam inside the wall, not its rim, so it is left out.

    >>> left, right = [(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]
    >>> len(rim_segments([left, right])) // 2   # 8 edges, the shared one twice
    6
    """
    edges = [(a, pts[(i + 1) % len(pts)]) for pts in parts for i, a in enumerate(pts)]
    keys = {(_key(a), _key(b)) for a, b in edges}
    rim: list[tuple[float, float]] = []
    for a, b in edges:
        if (_key(b), _key(a)) not in keys:
            rim += [a, b]
    return rim


def build_walls(level) -> ShapeElementList:
    """Filled wall polygons with rims, batched (walls made of tiles are left to their tiles)."""
    shapes: ShapeElementList = ShapeElementList()
    for wall in drawn_walls(level):
        parts = [outline(shape, xf) for shape, xf in wall.parts]
        for points in parts:
            shapes.append(create_polygon(points, WALL_FILL))
        rim = rim_segments(parts)
        for a, b in zip(rim[::2], rim[1::2]):
            shapes.append(create_line(*a, *b, WALL_RIM, 3))
    return shapes


class Floor(arcade.SpriteList):
    """Opaque tiles at whole pixels: drawn without blending and with nearest texels.

    On a software renderer (headless, llvmpipe) filling the screen is most
    of a frame; blending and filtering opaque, unscaled tiles would about
    double that for no visible difference.
    """

    def __init__(self, capacity: int = 256) -> None:
        super().__init__(capacity=capacity)
        self.blend = False

    def draw(self, **kwargs) -> None:
        kwargs.setdefault("pixelated", True)
        super().draw(**kwargs)


#: The two floor textures, loaded once per process.
_TILES: list[arcade.Texture] = []


def build_floor(level, covered: AbstractSet[tuple[int, int]] = frozenset()) -> Floor:
    """Floor tiles covering the level's rectangle (a checker of two sand tiles), except ``covered`` cells."""
    floor = Floor(capacity=256)
    if not _TILES:
        _TILES.extend((arcade.load_texture(FLOOR_TILE), arcade.load_texture(FLOOR_TILE_ALT)))
    base, alt = _TILES
    for i in range(math.ceil(level.width / TILE)):
        for j in range(math.ceil(level.height / TILE)):
            if (i, j) in covered:
                continue
            texture = alt if (i * 7 + j * 3) % 5 == 0 else base
            floor.append(arcade.Sprite(texture, center_x=(i + 0.5) * TILE, center_y=(j + 0.5) * TILE))
    return floor


class Ground:
    """What lies under the walls and actors: the sand floor, then the level's tile layers, bottom first."""

    def __init__(self, floor: Floor, tiles: TileLayers) -> None:
        self.floor = floor
        self.tiles = tiles

    def draw(self) -> None:
        if len(self.floor):
            self.floor.draw()
        self.tiles.draw()


def build_ground(level) -> Ground:
    """The floor (left out under opaque tiles) and the tile layers of ``level``."""
    textures = TileTextures()
    tiles = build_tile_layers(level, textures)
    return Ground(build_floor(level, opaque_cells(level, TILE, textures)), tiles)
