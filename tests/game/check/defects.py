"""One small level per defect the checker knows, and the exact line it must print for it.

Each map is the loader tests' 320 × 256 px map (``tests/game/tiled/maps``)
with one thing wrong; ``{file}`` in a line stands for the map's path.
"""

from __future__ import annotations

import json

from game.check.hitbox import player_parts
from tests.game.check.calipers import polygon_width
from tests.game.tiled.maps import layer, obj, point, polygon, rect, tiled_map, with_walls

(_PLAYER,) = player_parts()
#: The player's minimum width by the tests' own calipers (the hitbox turns, so this decides a gap).
PLAYER_WIDTH = polygon_width(_PLAYER.points, _PLAYER.radius)


def box(oid, x, y, w, h, name):
    return rect(oid, x, y, w, h, name=name)


def start_and(*layers):
    """A map with the player start at Tiled (100, 120), world (100, 136), and the given layers."""
    return tiled_map([layer(2, "player", [point(99, "", 100, 120, name="start")]), *layers])


def _nan_map() -> str:
    text = json.dumps(with_walls(box(7, 50, 50, 20, 20, "n")))
    return text.replace('"x": 50', '"x": NaN', 1)


def _missing_tileset() -> dict:
    m = with_walls()
    m["tilesets"] = [{"firstgid": 1, "source": "missing.tsj"}]
    return m


#: name -> (map, severity, line); the line's {file} is the map's path as findings show it.
DEFECTS = {
    "self-intersecting polygon": (
        with_walls(polygon(7, 50, 50, [(0, 0), (60, 60), (60, 0), (0, 60)], name="bow")),
        "error",
        "{file}:7 (bow): polygon self-intersects: two of its edges cross near (80, 80)",
    ),
    "fewer than 3 points": (
        with_walls(polygon(7, 50, 50, [(0, 0), (60, 60)], name="stick")),
        "error",
        "{file}:7 (stick): polygon needs at least 3 distinct points, got 2",
    ),
    "zero area": (
        with_walls(polygon(7, 50, 50, [(0, 0), (30, 0), (60, 0)], name="flat")),
        "error",
        "{file}:7 (flat): polygon has zero area (its points are collinear)",
    ),
    "non-finite number": (_nan_map(), "error", "{file}:7 (n): x is not a finite number (nan)"),
    "unknown class": (
        start_and(layer(1, "walls", [obj(7, "crate", "barrel", x=10, y=10, width=20, height=20)])),
        "warning",
        "{file}:7 (crate): unknown class 'barrel' on a wall; it is a wall all the same",
    ),
    "missing tileset": (
        _missing_tileset(),
        "error",
        "{file}: tileset 'missing.tsj' not found (looked next to the map)",
    ),
    "player start inside a wall": (
        with_walls(box(7, 80, 100, 60, 60, "crate")),
        "error",
        "{file}:99 (start): player start is inside wall 7 (crate): the player's hitbox placed there "
        "overlaps it",
    ),
    "spawn inside a wall": (
        start_and(
            layer(1, "walls", [box(7, 200, 40, 60, 60, "crate")]),
            layer(3, "spawns", [point(8, "chaser", 220, 60, name="c1")]),
        ),
        "error",
        "{file}:8 (c1): chaser spawn is inside wall 7 (crate): a chaser's hitbox placed there overlaps it",
    ),
    "pickup inside a wall": (
        start_and(
            layer(1, "walls", [box(7, 200, 40, 60, 60, "crate")]),
            layer(3, "pickups", [point(8, "ammo", 220, 60, name="a1")]),
        ),
        "error",
        "{file}:8 (a1): ammo pickup is inside wall 7 (crate)",
    ),
    "wall outside the map": (
        with_walls(box(7, 400, 40, 30, 30, "far crate")),
        "warning",
        "{file}:7 (far crate): wall is outside the map (320 × 256 px)",
    ),
    "spawn outside the map": (
        start_and(layer(3, "spawns", [point(8, "brute", 500, 60, name="b1")])),
        "error",
        "{file}:8 (b1): brute spawn at (500, 196) is outside the map (320 × 256 px)",
    ),
    "concave polygon": (
        with_walls(polygon(7, 200, 40, [(0, 0), (60, 0), (60, 60), (30, 30), (0, 60)], name="notch")),
        "info",
        "{file}:7 (notch): concave polygon split into 2 convex parts",
    ),
    "gap narrower than the player": (
        with_walls(box(7, 200, 20, 40, 80, "left"), box(8, 250, 20, 40, 80, "right")),
        "warning",
        "{file}:7 (left): gap of 10.0 px to wall 8 (right): the player cannot pass it at any angle "
        f"(its hitbox is {PLAYER_WIDTH:.1f} px across its narrowest way) and fits on both sides",
    ),
    "unreachable pickup": (
        start_and(
            layer(1, "walls", [box(1, 180, 0, 20, 256, "divider")]),
            layer(3, "pickups", [point(8, "health", 260, 60, name="h1")]),
        ),
        "warning",
        "{file}:8 (h1): health pickup cannot be reached from the player start",
    ),
    "unreachable area": (
        start_and(layer(1, "walls", [box(1, 180, 0, 20, 256, "divider")])),
        "warning",
        "{file}: an area of about 28,512 px² around (270, 132) cannot be reached from the player start",
    ),
    "overlapping walls": (
        with_walls(box(7, 200, 20, 40, 80, "left"), box(8, 230, 20, 40, 80, "right")),
        "warning",
        "{file}:7 (left): overlaps wall 8 (right) by 10.0 px: the two could be merged into one",
    ),
    "very thin wall": (
        with_walls(box(7, 200, 20, 3, 80, "sliver")),
        "warning",
        "{file}:7 (sliver): very thin wall (3.0 px across; at least 6 px is easy to see and hit)",
    ),
    "very thin concave wall": (
        with_walls(polygon(7, 150, 40, [(0, 0), (80, 0), (80, 4), (4, 4), (4, 80), (0, 80)], name="angle")),
        "warning",
        "{file}:7 (angle): very thin wall (4.0 px across; at least 6 px is easy to see and hit)",
    ),
}
