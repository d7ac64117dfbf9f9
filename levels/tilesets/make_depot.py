"""Write the `depot` level: a tileset atlas from Kenney's CC0 top-down art, its tileset and the map.

Run from the repository root: ``.venv/bin/python levels/tilesets/make_depot.py``
(``--map PATH`` writes the map elsewhere, its tileset path made relative to it).
It writes ``levels/tilesets/depot.png`` (the atlas, 8 x 4 tiles of 64 px),
``levels/tilesets/depot.tsj`` (an external Tiled 1.8 JSON tileset: the
tiles' collision shapes, as Tiled's Tile Collision Editor saves them) and
``levels/depot.tmj`` (the map). All three are committed; open the map in
Tiled to edit it by hand afterwards (then stop using this script for it).

The art is resized from ``arcade/resources/assets/images`` (Kenney, CC0;
see ``assets/CREDITS.md``). Road tiles are placed by the connections they
must make: each road image's edges are classified (road or not) and the
flip bits that turn it the right way are searched, applying them as Tiled
does (diagonal first, then horizontal, then vertical). So each ground's
roads use one straight, one corner, one junction and one crossing image,
turned by flips. Before writing, the generator checks (with shapely, apart
from the game's loader) that separate obstacles are at least ``GAP`` px
apart and markers ``MARKER_CLEARANCE`` px from every wall.

Tiled coordinates: pixels, y down, cell (col, row) with row 0 at the top.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from itertools import product
from pathlib import Path

import arcade
from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
LEVELS = HERE.parent
TILE = 64
COLUMNS, ROWS = 8, 4
WIDTH, HEIGHT = 40, 25  # cells: 2560 x 1600 px, the yard's size
GAP = 60.0  # px between separate obstacles: the player (about 24 px) and the chasers pass
MARKER_CLEARANCE = 48.0  # px from a marker to the nearest wall, as levels/README.md asks
FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000

TOPDOWN = ":resources:images/topdown_tanks/"
BLOCKS = ":resources:images/tiles/"

# Local tile ids in the atlas: (name, source image, kind). Kinds without shapes are floor art.
GRASS, GRASS2, SAND, SAND2 = 0, 1, 2, 3
ROAD, ROAD_CORNER, ROAD_CROSS, ROAD_SPLIT = 4, 5, 6, 7
GRASS_TO_SAND, ROAD_TO_SAND, SAND_ROAD, SAND_ROAD_CROSS = 8, 9, 10, 11
SAND_ROAD_CORNER, SAND_ROAD_SPLIT = 12, 13
BRICK, STONE, SLOPE, CRATE, CRATE_WIDE, TREE, TREE_BROWN, BUSH, ROCK = 16, 17, 18, 19, 20, 21, 22, 23, 24
ART = {
    GRASS: TOPDOWN + "tileGrass1.png",
    GRASS2: TOPDOWN + "tileGrass2.png",
    SAND: TOPDOWN + "tileSand1.png",
    SAND2: TOPDOWN + "tileSand2.png",
    ROAD: TOPDOWN + "tileGrass_roadEast.png",
    ROAD_CORNER: TOPDOWN + "tileGrass_roadCornerLL.png",
    ROAD_CROSS: TOPDOWN + "tileGrass_roadCrossing.png",
    ROAD_SPLIT: TOPDOWN + "tileGrass_roadSplitN.png",
    GRASS_TO_SAND: TOPDOWN + "tileGrass_transitionE.png",
    ROAD_TO_SAND: TOPDOWN + "tileGrass_roadTransitionE.png",
    SAND_ROAD: TOPDOWN + "tileSand_roadEast.png",
    SAND_ROAD_CROSS: TOPDOWN + "tileSand_roadCrossing.png",
    SAND_ROAD_CORNER: TOPDOWN + "tileSand_roadCornerLL.png",
    SAND_ROAD_SPLIT: TOPDOWN + "tileSand_roadSplitN.png",
    BRICK: BLOCKS + "brickGrey.png",
    STONE: BLOCKS + "stoneCenter.png",
    SLOPE: BLOCKS + "brickGrey.png",
    CRATE: BLOCKS + "boxCrate.png",
    CRATE_WIDE: BLOCKS + "boxCrate_double.png",
    TREE: TOPDOWN + "treeGreen_large.png",
    TREE_BROWN: TOPDOWN + "treeBrown_large.png",
    BUSH: TOPDOWN + "treeGreen_small.png",
    ROCK: BLOCKS + "rock.png",
}
NAMES = {
    GRASS: "grass",
    GRASS2: "grass 2",
    SAND: "sand",
    SAND2: "sand 2",
    ROAD: "road",
    ROAD_CORNER: "road corner",
    ROAD_CROSS: "road crossing",
    ROAD_SPLIT: "road junction",
    GRASS_TO_SAND: "grass to sand",
    ROAD_TO_SAND: "road to sand",
    SAND_ROAD: "sand road",
    SAND_ROAD_CROSS: "sand road crossing",
    SAND_ROAD_CORNER: "sand road corner",
    SAND_ROAD_SPLIT: "sand road junction",
    BRICK: "brick wall",
    STONE: "stone block",
    SLOPE: "sloped wall",
    CRATE: "crate",
    CRATE_WIDE: "crate (braced)",
    TREE: "tree",
    TREE_BROWN: "autumn tree",
    BUSH: "small tree",
    ROCK: "rock",
}


def rect(x, y, w, h, **extra):
    return {"kind": "rectangle", "x": x, "y": y, "width": w, "height": h, **extra}


def ellipse(x, y, w, h, **extra):
    return {"kind": "ellipse", "x": x, "y": y, "width": w, "height": h, **extra}


def polygon(x, y, points, **extra):
    return {"kind": "polygon", "x": x, "y": y, "points": points, **extra}


#: Collision shapes in each tile's own frame (Tiled's Tile Collision Editor frame: px, y down, tile top-left).
SHAPES = {
    BRICK: [rect(0, 0, 64, 64)],
    STONE: [rect(0, 0, 64, 64)],
    # The lower-left half of the tile; flips turn it to face any corner.
    SLOPE: [polygon(0, 0, [(0, 0), (64, 64), (0, 64)])],
    # Crates fill their cell, so a stack of them is one solid block with no slits between.
    CRATE: [rect(0, 0, 64, 64)],
    CRATE_WIDE: [rect(0, 0, 64, 64)],
    TREE: [ellipse(6, 6, 52, 52)],
    TREE_BROWN: [ellipse(4, 8, 56, 48)],
    BUSH: [ellipse(16, 16, 32, 32)],
    # The rock sits on the tile's bottom edge (side-view art): a convex outline around it.
    ROCK: [polygon(2, 60, [(0, 0), (16, -28), (26, -32), (50, -20), (60, -6), (56, 2), (4, 2)])],
}


def atlas() -> Image.Image:
    """The 512 x 256 atlas; the sloped wall is the brick block cut along its diagonal."""
    sheet = Image.new("RGBA", (COLUMNS * TILE, ROWS * TILE), (0, 0, 0, 0))
    for local_id, resource in ART.items():
        image = Image.open(arcade.resources.resolve(resource)).convert("RGBA")
        if image.size != (TILE, TILE):
            if max(image.size) > TILE:
                image = image.resize((TILE, TILE), Image.Resampling.LANCZOS)
            else:  # a small tree: centred on a transparent tile, not stretched
                pad = Image.new("RGBA", (TILE, TILE), (0, 0, 0, 0))
                pad.alpha_composite(image, ((TILE - image.width) // 2, (TILE - image.height) // 2))
                image = pad
        if local_id == SLOPE:
            mask = Image.new("L", (TILE, TILE), 0)
            ImageDraw.Draw(mask).polygon([(0, 0), (TILE, TILE), (0, TILE)], fill=255)
            image.putalpha(Image.composite(image.getchannel("A"), mask, mask))
        col, row = local_id % COLUMNS, local_id // COLUMNS
        sheet.alpha_composite(image, (col * TILE, row * TILE))
    return sheet


def placed(image: Image.Image, flips: int) -> Image.Image:
    """``image`` as Tiled draws it with ``flips``: the diagonal flip first, then horizontal, then vertical."""
    if flips & FLIP_D:
        image = image.transpose(Image.Transpose.TRANSPOSE)
    if flips & FLIP_H:
        image = image.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    if flips & FLIP_V:
        image = image.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    return image


def is_road(rgb) -> bool:
    r, g, b = rgb[:3]
    grey_road = b > 150 and abs(g - b) < 20 and r < 170  # asphalt on grass
    sand_road = r > 190 and g < 195 and b < 140  # packed earth on sand
    return grey_road or sand_road


def connections(image: Image.Image) -> frozenset[str]:
    """Which edges a road tile leads out of (sampled 3 px inside each edge's midpoint)."""
    rgb = image.convert("RGB")
    probes = {"N": (32, 3), "E": (60, 32), "S": (32, 60), "W": (3, 32)}
    return frozenset(side for side, xy in probes.items() if is_road(rgb.getpixel(xy)))


def tile_image(sheet: Image.Image, local_id: int) -> Image.Image:
    col, row = local_id % COLUMNS, local_id // COLUMNS
    return sheet.crop((col * TILE, row * TILE, (col + 1) * TILE, (row + 1) * TILE))


def oriented(sheet: Image.Image, local_id: int, sides: str) -> int:
    """The gid (flip bits included) that shows road tile ``local_id`` leading out of exactly ``sides``."""
    want = frozenset(sides)
    image = tile_image(sheet, local_id)
    for h, v, d in product((0, FLIP_H), (0, FLIP_V), (0, FLIP_D)):
        if connections(placed(image, h | v | d)) == want:
            return (local_id + 1) | h | v | d
    raise SystemExit(f"no flip of tile {local_id} ({NAMES[local_id]}) leads out of {sides}")


class Grid:
    """One tile layer's cells (gids, 0 = empty)."""

    def __init__(self) -> None:
        self.cells = [[0] * WIDTH for _ in range(HEIGHT)]

    def put(self, col: int, row: int, gid: int) -> None:
        self.cells[row][col] = gid

    def data(self) -> list[int]:
        return [gid for row in self.cells for gid in row]


def depot_layers(sheet: Image.Image):
    ground, roads, blocks, props = Grid(), Grid(), Grid(), Grid()
    sand_from = 26  # the east of the depot is a sand yard
    for row in range(HEIGHT):
        for col in range(WIDTH):
            noise = (col * 7 + row * 13) % 11 == 0
            if col < sand_from - 1:
                ground.put(col, row, 1 + (GRASS2 if noise else GRASS))
            elif col == sand_from - 1:
                ground.put(col, row, 1 + GRASS_TO_SAND)
            else:
                ground.put(col, row, 1 + (SAND2 if noise else SAND))

    # Roads: an east-west road on row 12, a north-south road on column 12, a loop to the north-west.
    def road_at(col: int, row: int, sides: str) -> None:
        sand = col >= sand_from
        if col == sand_from - 1:
            roads.put(col, row, 1 + ROAD_TO_SAND)
            return
        kind = {
            2: (SAND_ROAD if sand else ROAD),
            3: (SAND_ROAD_SPLIT if sand else ROAD_SPLIT),
            4: (SAND_ROAD_CROSS if sand else ROAD_CROSS),
        }[len(sides)]
        if len(sides) == 2 and sides not in ("EW", "NS"):
            kind = SAND_ROAD_CORNER if sand else ROAD_CORNER
        roads.put(col, row, oriented(sheet, kind, sides))

    path: dict[tuple[int, int], set[str]] = {}

    def link(a: tuple[int, int], b: tuple[int, int]) -> None:
        (c0, r0), (c1, r1) = a, b
        step = (1 if c1 > c0 else -1 if c1 < c0 else 0, 1 if r1 > r0 else -1 if r1 < r0 else 0)
        c, r = a
        while (c, r) != b:
            n = (c + step[0], r + step[1])
            out = {(1, 0): "E", (-1, 0): "W", (0, 1): "S", (0, -1): "N"}[step]
            back = {"E": "W", "W": "E", "S": "N", "N": "S"}[out]
            path.setdefault((c, r), set()).add(out)
            path.setdefault(n, set()).add(back)
            c, r = n

    link((1, 12), (38, 12))  # east-west, through the grass-to-sand transition
    link((12, 1), (12, 23))  # north-south
    link((12, 16), (20, 16))  # a spur east, turning north
    link((20, 16), (20, 12))
    link((30, 5), (30, 12))  # in the sand yard: north from the main road, then west
    link((30, 5), (38, 5))
    for (col, row), sides in path.items():
        edge = {"E", "W"} if col in (1, 38) else {"N", "S"} if row in (1, 23) else set()
        sides = sides | (edge - sides if len(sides) == 1 else set())  # dead ends run into the boundary wall
        road_at(col, row, "".join(s for s in "NESW" if s in sides))

    # The boundary: a brick wall on every edge cell.
    for col in range(WIDTH):
        blocks.put(col, 0, 1 + BRICK)
        blocks.put(col, HEIGHT - 1, 1 + BRICK)
    for row in range(HEIGHT):
        blocks.put(0, row, 1 + BRICK)
        blocks.put(WIDTH - 1, row, 1 + BRICK)

    def building(c0: int, r0: int, c1: int, r1: int, doors: list[tuple[int, int]], corners: bool) -> None:
        """A brick outline from cell (c0, r0) to (c1, r1), inclusive; sloped outer corners when ``corners``."""
        for col in range(c0, c1 + 1):
            for row in (r0, r1):
                blocks.put(col, row, 1 + BRICK)
        for row in range(r0, r1 + 1):
            for col in (c0, c1):
                blocks.put(col, row, 1 + BRICK)
        for col, row in doors:
            blocks.put(col, row, 0)
        if corners:
            # The slope's solid half is the lower-left one; flips turn it to face out of each corner.
            blocks.put(c0, r0, (1 + SLOPE) | FLIP_H)  # lower-right half: faces up-left
            blocks.put(c1, r0, 1 + SLOPE)  # lower-left half: faces up-right
            blocks.put(c0, r1, (1 + SLOPE) | FLIP_D)  # the transposed lower-left: upper-right half
            blocks.put(c1, r1, (1 + SLOPE) | FLIP_V)  # upper-left half: faces down-right

    building(3, 3, 9, 8, doors=[(5, 8), (6, 8), (9, 5), (9, 6)], corners=True)  # the office, north-west
    building(
        27, 15, 35, 21, doors=[(27, 17), (27, 18), (31, 15), (32, 15)], corners=True
    )  # the shed, south-east
    # A stone L in the south-west and a stone wall in the north-east, a door's width from the road.
    for col in range(4, 9):
        blocks.put(col, 19, 1 + STONE)
    for row in range(16, 19):
        blocks.put(4, row, 1 + STONE)
    for col in range(22, 25):
        blocks.put(col, 3, 1 + STONE)

    # Crate stacks in the sand yard, some braced crates turned a quarter (diagonal + horizontal flip).
    for col, row, gid in [
        (28, 9, 1 + CRATE),
        (29, 9, (1 + CRATE_WIDE) | FLIP_D | FLIP_H),
        (33, 9, 1 + CRATE),
        (36, 3, 1 + CRATE_WIDE),
        (36, 8, 1 + CRATE),
        (37, 8, 1 + CRATE),
        (24, 20, 1 + CRATE),
        (23, 7, (1 + CRATE_WIDE) | FLIP_V),
        (31, 18, 1 + CRATE),
        (32, 18, (1 + CRATE_WIDE) | FLIP_H),
    ]:
        blocks.put(col, row, gid)

    # Trees on the grass (some mirrored), rocks and small trees.
    for col, row, gid in [
        (3, 11, 1 + TREE_BROWN),
        (7, 14, (1 + TREE_BROWN) | FLIP_H),
        (16, 4, 1 + TREE_BROWN),
        (16, 8, (1 + TREE_BROWN) | FLIP_D),
        (17, 20, (1 + TREE_BROWN) | FLIP_V),
        (9, 22, 1 + TREE_BROWN),
        (15, 18, 1 + ROCK),
        (21, 21, 1 + BUSH),
        (2, 16, 1 + BUSH),
        (22, 9, 1 + TREE_BROWN),
        (19, 6, 1 + ROCK),
        (10, 16, (1 + ROCK) | FLIP_H),
        (35, 11, 1 + ROCK),
        (36, 22, (1 + ROCK) | FLIP_H),
        (29, 2, 1 + BUSH),
        (23, 16, 1 + TREE),
        (37, 14, (1 + TREE) | FLIP_H),
    ]:
        props.put(col, row, gid)
    return {"ground": ground, "roads": roads, "blocks": blocks, "props": props}


def shape_object(k: int, shape: dict) -> dict:
    obj = {
        "id": k,
        "name": "",
        "type": "",
        "rotation": shape.get("rotation", 0),
        "visible": True,
        "x": shape["x"],
        "y": shape["y"],
        "width": shape.get("width", 0),
        "height": shape.get("height", 0),
    }
    if shape["kind"] == "ellipse":
        obj["ellipse"] = True
    if shape["kind"] == "polygon":
        obj["polygon"] = [{"x": x, "y": y} for x, y in shape["points"]]
    return obj


def tileset() -> dict:
    tiles = []
    for local_id in sorted(NAMES):
        entry: dict = {
            "id": local_id,
            "type": "wall" if local_id in SHAPES else "",
            "properties": [{"name": "name", "type": "string", "value": NAMES[local_id]}],
        }
        if local_id in SHAPES:
            objects = [shape_object(k, s) for k, s in enumerate(SHAPES[local_id], start=1)]
            entry["objectgroup"] = {
                "draworder": "index",
                "id": 2,
                "name": "",
                "objects": objects,
                "opacity": 1,
                "type": "objectgroup",
                "visible": True,
                "x": 0,
                "y": 0,
            }
        tiles.append(entry)
    return {
        "columns": COLUMNS,
        "image": "depot.png",
        "imageheight": ROWS * TILE,
        "imagewidth": COLUMNS * TILE,
        "margin": 0,
        "name": "depot",
        "spacing": 0,
        "tilecount": COLUMNS * ROWS,
        "tiledversion": "1.8.2",
        "tileheight": TILE,
        "tiles": tiles,
        "tilewidth": TILE,
        "type": "tileset",
        "version": "1.8",
    }


def point(k: int, name: str, cls: str, col: float, row: float) -> dict:
    """A marker at the centre of cell (col, row) (fractions allowed)."""
    return {
        "id": k,
        "name": name,
        "type": cls,
        "x": (col + 0.5) * TILE,
        "y": (row + 0.5) * TILE,
        "width": 0,
        "height": 0,
        "rotation": 0,
        "visible": True,
        "point": True,
    }


def depot_map(layers: dict[str, Grid], tileset_source: str = "tilesets/depot.tsj") -> dict:
    out = []
    next_id = 1
    for k, (name, grid) in enumerate(layers.items(), start=1):
        out.append(
            {
                "data": grid.data(),
                "height": HEIGHT,
                "id": k,
                "name": name,
                "opacity": 1,
                "type": "tilelayer",
                "visible": True,
                "width": WIDTH,
                "x": 0,
                "y": 0,
            }
        )
    objects: dict[str, list[dict]] = {"walls": [], "spawns": [], "pickups": [], "player": []}

    def add(layer: str, obj: dict) -> None:
        nonlocal next_id
        obj["id"] = next_id
        next_id += 1
        objects[layer].append(obj)

    # Object-layer walls beside the tiles, one of each kind (the game draws them grey: no tile covers them).
    add(
        "walls",
        {
            "id": 0,
            "name": "barrier",
            "type": "",
            "x": 1000,
            "y": 880,
            "width": 112,
            "height": 24,
            "rotation": -20,
            "visible": True,
        },
    )
    add(
        "walls",
        {
            "id": 0,
            "name": "fence",
            "type": "",
            "x": 1600,
            "y": 340,
            "width": 0,
            "height": 0,
            "rotation": 0,
            "visible": True,
            "polyline": [{"x": 0, "y": 0}, {"x": 96, "y": 40}, {"x": 192, "y": 0}],
            "properties": [{"name": "thickness", "type": "float", "value": 12.0}],
        },
    )
    add(
        "walls",
        {
            "id": 0,
            "name": "water tank",
            "type": "",
            "x": 1192,
            "y": 1112,
            "width": 112,
            "height": 80,
            "rotation": 25,
            "visible": True,
            "ellipse": True,
        },
    )
    add(
        "walls",
        {
            "id": 0,
            "name": "sandbags",
            "type": "",
            "x": 1190,
            "y": 840,
            "width": 0,
            "height": 0,
            "rotation": 15,
            "visible": True,
            "polygon": [
                {"x": 0, "y": 0},
                {"x": 100, "y": 0},
                {"x": 100, "y": 100},
                {"x": 70, "y": 100},
                {"x": 70, "y": 30},
                {"x": 0, "y": 30},
            ],
        },
    )
    add("player", point(0, "start", "player", 12, 14))
    for col, row, kind in [
        (6, 5.5, "chaser"),
        (33, 2, "chaser"),
        (37, 17, "chaser"),
        (3, 21, "chaser"),
        (19, 2, "shooter"),
        (31, 19.5, "shooter"),
        (24, 14, "shooter"),
        (36, 12, "brute"),
        (6, 16.5, "brute"),
    ]:
        add("spawns", point(0, kind, kind, col, row))
    for col, row, kind in [
        (18, 10, "health"),
        (33, 7, "health"),
        (8, 21, "health"),
        (5, 12, "ammo"),
        (28, 12.5 - 2, "ammo"),
        (22, 18, "ammo"),
    ]:
        add("pickups", point(0, kind, kind, col, row))
    for k, (name, objs) in enumerate(objects.items(), start=len(out) + 1):
        out.append(
            {
                "draworder": "topdown",
                "id": k,
                "name": name,
                "objects": objs,
                "opacity": 1,
                "type": "objectgroup",
                "visible": True,
                "x": 0,
                "y": 0,
            }
        )
    return {
        "compressionlevel": -1,
        "height": HEIGHT,
        "infinite": False,
        "layers": out,
        "nextlayerid": len(out) + 1,
        "nextobjectid": next_id,
        "orientation": "orthogonal",
        "properties": [{"name": "title", "type": "string", "value": "The Depot"}],
        "renderorder": "right-down",
        "tiledversion": "1.8.2",
        "tileheight": TILE,
        "tilesets": [{"firstgid": 1, "source": tileset_source}],
        "tilewidth": TILE,
        "type": "map",
        "version": "1.8",
        "width": WIDTH,
    }


def shape_outline(shape: dict) -> list[tuple[float, float]]:
    """A tile shape's outline in the tile's frame (y down), its rotation applied about (x, y)."""
    x, y = shape["x"], shape["y"]
    if shape["kind"] == "polygon":
        local = list(shape["points"])
    elif shape["kind"] == "rectangle":
        w, h = shape["width"], shape["height"]
        local = [(0, 0), (w, 0), (w, h), (0, h)]
    else:
        w, h = shape["width"], shape["height"]
        local = [
            (w / 2 + w / 2 * math.cos(t), h / 2 + h / 2 * math.sin(t))
            for t in (2 * math.pi * k / 64 for k in range(64))
        ]
    turn = math.radians(shape.get("rotation", 0))  # clockwise on screen = counter-clockwise in y-down maths
    c, s = math.cos(turn), math.sin(turn)
    return [(x + c * px - s * py, y + s * px + c * py) for px, py in local]


def flipped(points, flips: int) -> list[tuple[float, float]]:
    """Tile-frame points as placed with ``flips`` (diagonal, then horizontal, then vertical), as Tiled does."""
    out = []
    for u, v in points:
        if flips & FLIP_D:
            u, v = v, u
        if flips & FLIP_H:
            u = TILE - u
        if flips & FLIP_V:
            v = TILE - v
        out.append((u, v))
    return out


def check_spacing(layers: dict[str, Grid], tiled_map: dict) -> None:
    """Every two separate obstacles at least GAP px apart, every marker MARKER_CLEARANCE px from all of them.

    Independent of the game's loader (shapely, y down), so the generator can be trusted before and apart from it.
    """
    from shapely.geometry import LineString, Point, Polygon, box
    from shapely.ops import unary_union

    solids = []
    for grid in layers.values():
        for row, cells in enumerate(grid.cells):
            for col, gid in enumerate(cells):
                local = (gid & 0x1FFFFFFF) - 1
                for shape in SHAPES.get(local, []) if gid else []:
                    pts = flipped(shape_outline(shape), gid)
                    solids.append(Polygon([(col * TILE + u, row * TILE + v) for u, v in pts]))
    for layer in tiled_map["layers"]:
        for obj in layer.get("objects", []) if layer["name"] == "walls" else []:
            if "polyline" in obj:
                line = LineString([(obj["x"] + p["x"], obj["y"] + p["y"]) for p in obj["polyline"]])
                solids.append(line.buffer(obj["properties"][0]["value"] / 2))
            elif "polygon" in obj:
                points = [(p["x"], p["y"]) for p in obj["polygon"]]
                solids.append(Polygon(shape_outline({"kind": "polygon", **obj, "points": points})))
            else:
                kind = "ellipse" if obj.get("ellipse") else "rectangle"
                solids.append(Polygon(shape_outline({"kind": kind, **obj})))
    union = unary_union(solids)
    parts = list(getattr(union, "geoms", [union]))
    problems = []
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            if a.distance(b) < GAP:
                problems.append(f"obstacles {a.distance(b):.0f} px apart near {a.centroid.coords[0]}")
    for layer in tiled_map["layers"]:
        for obj in layer.get("objects", []) if layer["name"] != "walls" else []:
            gap = union.distance(Point(obj["x"], obj["y"]))
            if gap < MARKER_CLEARANCE or not box(0, 0, WIDTH * TILE, HEIGHT * TILE).contains(
                Point(obj["x"], obj["y"])
            ):
                problems.append(
                    f"{obj['type']} marker {obj['id']} at ({obj['x']}, {obj['y']}) is {gap:.0f} px from a wall"
                )
    if problems:
        raise SystemExit("depot:\n  " + "\n  ".join(problems))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", type=Path, default=LEVELS / "depot.tmj", help="where to write the map")
    args = parser.parse_args(argv)
    sheet = atlas()
    layers = depot_layers(sheet)
    source = os.path.relpath(HERE / "depot.tsj", args.map.resolve().parent).replace(os.sep, "/")
    tiled_map = depot_map(layers, source)
    check_spacing(layers, tiled_map)
    sheet.save(HERE / "depot.png", optimize=True)
    (HERE / "depot.tsj").write_text(json.dumps(tileset(), indent=1) + "\n")
    args.map.write_text(json.dumps(tiled_map, indent=1) + "\n")


if __name__ == "__main__":
    main()
