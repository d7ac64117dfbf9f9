"""The level's static art: the ground (a sand floor and the map's tile layers) and the walls, built once per (re)load.

Walls from object layers are drawn from the same engine shapes the world
collides (each convex part through ``outline``), as filled polygons with a
darker rim, all in one ``ShapeElementList`` so a whole level is a single
draw call. Walls made of tiles (``kind == "tile"``) are not: their tiles
are their look (``tiles.py`` draws the tile layers). A chain wall
(class ``chain`` or ``cave``) is a line the engine collides; it is drawn
with body on its solid side (``chain_polygons``): a band of rock outside a
cave, a filled outcrop, a ridge as wide as a thin wall.

Order, bottom first: the sand floor (only where no opaque tile covers it),
the tile layers in the map's order, the object-layer walls, then the
actors. Object walls go over the tiles so a wall that collides is never
hidden under a ground layer painted across the whole map.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Set as AbstractSet

import arcade
from arcade.shape_list import ShapeElementList, create_line, create_polygon

from engine.collision.concave import OutlineError, split_polygon

from .outline import outline
from .tiles import TileLayers, TileTextures, build_tile_layers, opaque_cells

WALL_FILL = (92, 96, 112)
WALL_RIM = (48, 50, 62)
#: How far a cave's rock is drawn beyond its outline, and how wide an open chain is drawn (px).
CAVE_BAND, RIDGE_WIDTH = 48.0, 10.0
#: Outside the level: the floor stops here and this shows.
VOID_COLOR = (22, 24, 30)
FLOOR_TILE = ":resources:images/topdown_tanks/tileSand1.png"
FLOOR_TILE_ALT = ":resources:images/topdown_tanks/tileSand2.png"
TILE = 64


def wall_outlines(level) -> list[list[tuple[float, float]]]:
    """World outlines of every convex wall part of ``level`` drawn as a polygon (counter-clockwise)."""
    return [points for wall in drawn_walls(level) for points in wall_polygons(wall)]


def wall_polygons(wall) -> list[list[tuple[float, float]]]:
    """The convex polygons (world px, counter-clockwise) that draw ``wall``: its parts' outlines, or
    for a chain wall ``chain_polygons``."""
    return chain_polygons(wall) if wall.chain else [outline(shape, xf) for shape, xf in wall.parts]


def _disc(x: float, y: float, r: float, n: int = 12) -> list[tuple[float, float]]:
    return [(x + r * math.cos(2 * math.pi * k / n), y + r * math.sin(2 * math.pi * k / n)) for k in range(n)]


def _corner_sector(a, b, c, r: float, n: int = 4) -> list[tuple[float, float]]:
    """The sector of radius ``r`` about corner ``b`` from the left normal of a → b to that of b → c
    (a right turn: the sector is under 180°, so convex), counter-clockwise."""
    t0 = math.atan2(b[1] - a[1], b[0] - a[0]) + math.pi / 2
    t1 = math.atan2(c[1] - b[1], c[0] - b[0]) + math.pi / 2
    sweep = (t0 - t1) % (2 * math.pi)  # a right turn swings the normal clockwise: from t1 up to t0
    fan = [
        (b[0] + r * math.cos(t1 + sweep * k / n), b[1] + r * math.sin(t1 + sweep * k / n))
        for k in range(n + 1)
    ]
    return [b, *fan]


def chain_polygons(wall) -> list[list[tuple[float, float]]]:
    """Convex polygons that give a chain wall body on its solid side (each segment p → q is solid on
    its left; the engine collides what comes from its right):

    - a loop solid inside (counter-clockwise, class ``chain``): the outline filled, as a polygon wall;
    - a cave (clockwise): a band ``CAVE_BAND`` wide outside each segment, discs at the corners;
    - an open chain (solid both ways): a strip ``RIDGE_WIDTH`` wide, discs at the bends and ends.

    >>> from game.level import Wall
    >>> ridge = Wall(1, "", "polyline", (), chain=((0.0, 0.0), (100.0, 0.0)), two_sided=True)
    >>> len(chain_polygons(ridge)), chain_polygons(ridge)[0]
    (3, [(0.0, -5.0), (100.0, -5.0), (100.0, 5.0), (0.0, 5.0)])
    """
    pts = list(wall.chain)
    if wall.loop:
        area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1]))
        if area > 0:
            try:
                return [list(part) for part in split_polygon(pts).parts]
            except OutlineError:
                pass  # (the loader checked it; drawn as a band if not)
    ends = list(itertools.pairwise(pts + pts[:1] * wall.loop))
    left, right = (CAVE_BAND, 0.0) if wall.loop else (RIDGE_WIDTH / 2, RIDGE_WIDTH / 2)
    polygons = []
    for (ax, ay), (bx, by) in ends:
        d = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / d, (bx - ax) / d  # the left-hand normal: the solid side
        polygons.append(
            [
                (ax - right * nx, ay - right * ny),
                (bx - right * nx, by - right * ny),
                (bx + left * nx, by + left * ny),
                (ax + left * nx, ay + left * ny),
            ]
        )
    if wall.loop:
        # Where the outline turns right, the bands of the two segments part on the solid side: a
        # sector about the corner, between the two left normals, closes the gap.
        for a, b, c in zip(pts[-1:] + pts[:-1], pts, pts[1:] + pts[:1]):
            if (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) < 0:
                polygons.append(_corner_sector(a, b, c, left))
    else:
        polygons += [_disc(x, y, RIDGE_WIDTH / 2) for x, y in pts]
    return polygons


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
        parts = wall_polygons(wall)
        for points in parts:
            shapes.append(create_polygon(points, WALL_FILL))
        if wall.chain:  # the rim is the line the engine collides
            for a, b in itertools.pairwise(wall.chain + wall.chain[:1] * wall.loop):
                shapes.append(create_line(*a, *b, WALL_RIM, 3))
            continue
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
