"""Write the shipped levels yard, bunker, ruins and caves as Tiled 1.8 JSON maps.

Run from the repository root: ``.venv/bin/python levels/make_levels.py [name ...]``
(all four when no name is given).
The .tmj files are committed; this script only documents how they were
made and lets a designer regenerate them. Open any of them in Tiled to edit
by hand afterwards (then stop using the script for that level).

Coordinates here are Tiled's: pixels, y down, rotation clockwise degrees,
rectangles and ellipses pivot on their top-left corner, polygons on (x, y).
Every obstacle is kept at least ``GAP`` px from every other one and from the
markers (the generator checks it with shapely), except in the bunker, whose
wall pieces meet on purpose.
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

from shapely.affinity import rotate, translate
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

HERE = Path(__file__).resolve().parent
TILE = 32
GAP = 72.0  # px between obstacles: a 24 px player passes with room to spare
# Positions keep one decimal: Tiled saves TMX numbers with 6 significant digits, so a round trip is exact.
MARKER_CLEARANCE = 48.0  # px from a marker to the nearest wall


class MapBuilder:
    """Collects objects layer by layer and writes a Tiled 1.8 JSON map."""

    def __init__(self, title: str, width_tiles: int, height_tiles: int, **properties) -> None:
        self.title = title
        self.width, self.height = width_tiles * TILE, height_tiles * TILE
        self.size = (width_tiles, height_tiles)
        self.properties = {"title": title, **properties}
        self.layers: dict[str, list[dict]] = {"walls": [], "spawns": [], "pickups": [], "player": []}
        self.shapes: list[tuple[str, object]] = []  # (group, shapely geometry, y down) for spacing checks
        self.next_id = 1

    def _object(self, layer: str, name: str, x: float, y: float, **fields) -> dict:
        obj = {
            "id": self.next_id,
            "name": name,
            "type": fields.pop("cls", ""),
            "x": round(x, 1),
            "y": round(y, 1),
            "width": 0,
            "height": 0,
            "rotation": fields.pop("rotation", 0),
            "visible": True,
            **fields,
        }
        self.next_id += 1
        self.layers[layer].append(obj)
        return obj

    def _keep(self, group: str, geometry, rotation: float, pivot: tuple[float, float]) -> None:
        # Tiled turns clockwise on screen, which in y-down coordinates is shapely's positive angle.
        self.shapes.append((group, rotate(geometry, rotation, origin=pivot)))

    def rect(self, name, x, y, w, h, rotation=0.0, group=None):
        self._object("walls", name, x, y, width=w, height=h, rotation=rotation)
        self._keep(group or f"#{self.next_id}", box(x, y, x + w, y + h), rotation, (x, y))

    def ellipse(self, name, x, y, w, h, rotation=0.0, group=None):
        self._object("walls", name, x, y, width=w, height=h, rotation=rotation, ellipse=True)
        disc = Point(0, 0).buffer(1.0, quad_segs=32)
        from shapely.affinity import scale

        shape = translate(scale(disc, w / 2, h / 2, origin=(0, 0)), x + w / 2, y + h / 2)
        self._keep(group or f"#{self.next_id}", shape, rotation, (x, y))

    def polygon(self, name, x, y, points, rotation=0.0, group=None, cls=""):
        pts = [{"x": round(px, 3), "y": round(py, 3)} for px, py in points]
        self._object("walls", name, x, y, rotation=rotation, polygon=pts, cls=cls)
        shape = Polygon([(x + p["x"], y + p["y"]) for p in pts])
        assert shape.is_valid, name
        if cls == "cave":  # open ground inside: only its outline (drawn 4 px either side) is in the way
            shape = shape.exterior.buffer(4)
        self._keep(group or f"#{self.next_id}", shape, rotation, (x, y))

    def polyline(self, name, x, y, points, thickness=None, rotation=0.0, group=None, cls=""):
        pts = [{"x": round(px, 3), "y": round(py, 3)} for px, py in points]
        extra = {}
        if thickness is not None:
            extra["properties"] = [{"name": "thickness", "type": "float", "value": thickness}]
        self._object("walls", name, x, y, rotation=rotation, polyline=pts, cls=cls, **extra)
        line = LineString([(x + p["x"], y + p["y"]) for p in pts])
        self._keep(group or f"#{self.next_id}", line.buffer((thickness or 16) / 2), rotation, (x, y))

    def point(self, layer, cls, x, y, name=""):
        self._object(layer, name or cls, x, y, cls=cls, point=True)

    def boundary(self, thickness=32):
        w, h, t = self.width, self.height, thickness
        self.rect("north wall", 0, 0, w, t, group="boundary")
        self.rect("south wall", 0, h - t, w, t, group="boundary")
        self.rect("west wall", 0, t, t, h - 2 * t, group="boundary")
        self.rect("east wall", w - t, t, t, h - 2 * t, group="boundary")

    def fits(self, geometry, gap=GAP) -> bool:
        """Whether a candidate obstacle keeps ``gap`` from every wall, every marker and the map edge."""
        if not box(0, 0, self.width, self.height).buffer(-32 - gap).contains(geometry):
            return False
        if any(geometry.distance(shape) < gap for _, shape in self.shapes):
            return False
        return all(geometry.distance(Point(m["x"], m["y"])) >= MARKER_CLEARANCE + 8 for m in self.markers())

    def markers(self):
        return [m for layer in ("spawns", "pickups", "player") for m in self.layers[layer]]

    def check(self, spaced: bool) -> None:
        """Markers clear of walls and inside the map; obstacles apart (unless the level builds rooms)."""
        walls = unary_union([s for _, s in self.shapes])
        problems = []
        for m in self.markers():
            where = Point(m["x"], m["y"])
            if walls.distance(where) < MARKER_CLEARANCE or not (
                0 < m["x"] < self.width and 0 < m["y"] < self.height
            ):
                problems.append(
                    f"marker {m['id']} {m['name']} at {m['x']}, {m['y']}: {walls.distance(where):.0f} px"
                )
        if spaced:
            names = {f"#{o['id'] + 1}": o["name"] for o in self.layers["walls"]}
            for i, (ga, a) in enumerate(self.shapes):
                for gb, b in self.shapes[i + 1 :]:
                    if ga != gb and a.distance(b) < GAP - 1e-6:
                        problems.append(
                            f"{names.get(ga, ga)} and {names.get(gb, gb)}: {a.distance(b):.1f} px apart"
                        )
        if problems:
            raise SystemExit(f"{self.title}:\n  " + "\n  ".join(problems))

    def to_json(self) -> dict:
        layers = []
        for k, (name, objects) in enumerate(self.layers.items(), start=1):
            layers.append(
                {
                    "draworder": "topdown",
                    "id": k,
                    "name": name,
                    "objects": objects,
                    "opacity": 1,
                    "type": "objectgroup",
                    "visible": True,
                    "x": 0,
                    "y": 0,
                }
            )
        props = [{"name": k, "type": _tiled_type(v), "value": v} for k, v in sorted(self.properties.items())]
        return {
            "compressionlevel": -1,
            "height": self.size[1],
            "infinite": False,
            "layers": layers,
            "nextlayerid": len(layers) + 1,
            "nextobjectid": self.next_id,
            "orientation": "orthogonal",
            "properties": props,
            "renderorder": "right-down",
            "tiledversion": "1.8.2",
            "tileheight": TILE,
            "tilesets": [],
            "tilewidth": TILE,
            "type": "map",
            "version": "1.8",
            "width": self.size[0],
        }


def _tiled_type(value) -> str:
    return {bool: "bool", int: "int", float: "float"}.get(type(value), "string")


def star(rng: random.Random, radius: float, corners: int) -> list[tuple[float, float]]:
    """A lumpy star-shaped outline around (0, 0): concave, never self-intersecting."""
    points = []
    for k in range(corners):
        angle = 2 * math.pi * (k + rng.uniform(-0.25, 0.25)) / corners
        r = radius * (rng.uniform(0.85, 1.0) if k % 2 == 0 else rng.uniform(0.45, 0.7))
        points.append((r * math.cos(angle), r * math.sin(angle)))
    return points


def yard() -> MapBuilder:
    """An open yard: rotated crates, ponds, rock outcrops and fences; room to circle enemies."""
    m = MapBuilder("The Yard", 80, 50)
    m.boundary()
    m.point("player", "player", 240, 800, "start")
    for x, y, kind in [
        (2300, 380, "chaser"),
        (2380, 1250, "chaser"),
        (1300, 200, "chaser"),
        (1250, 1420, "chaser"),
        (1900, 800, "shooter"),
        (700, 200, "shooter"),
        (700, 1400, "shooter"),
        (2380, 800, "brute"),
        (1480, 880, "brute"),
    ]:
        m.point("spawns", kind, x, y)
    for x, y, kind in [
        (560, 800, "health"),
        (1700, 200, "health"),
        (1700, 1420, "health"),
        (1050, 780, "ammo"),
        (2050, 1100, "ammo"),
        (400, 1350, "ammo"),
    ]:
        m.point("pickups", kind, x, y)
    # Crate stacks: rotated boxes in loose clusters.
    for k, (x, y, w, h, rot) in enumerate(
        [
            (400, 280, 64, 64, 15),
            (560, 420, 96, 48, -30),
            (950, 420, 64, 64, 45),
            (1700, 480, 80, 80, 20),
            (2050, 560, 96, 64, -12),
            (900, 1000, 64, 64, 60),
            (1500, 1130, 128, 48, 33),
            (2300, 1000, 64, 96, -40),
        ]
    ):
        m.rect(f"crate {k + 1}", x, y, w, h, rot)
    m.ellipse("duck pond", 1080, 280, 260, 150, 20)
    m.ellipse("well", 1230, 1040, 96, 96)
    m.ellipse("puddle", 380, 1030, 180, 90, -35)
    m.ellipse("trough", 1940, 880, 150, 60, 75)
    # Rock outcrops: concave outlines, one of them rotated.
    m.polygon("L rock", 760, 640, [(0, 0), (160, 0), (160, 60), (60, 60), (60, 220), (0, 220)], rotation=10)
    m.polygon(
        "horseshoe",
        1320,
        560,
        [(0, 0), (60, 0), (60, 140), (180, 140), (180, 0), (240, 0), (240, 200), (0, 200)],
    )
    m.polygon("arrow rock", 2040, 200, [(0, 60), (120, 0), (90, 60), (120, 120)], rotation=-25)
    m.polygon("boulder", 1800, 1200, star(random.Random(7), 80, 9))
    # Fences: thick polylines.
    m.polyline("west fence", 300, 560, [(0, 0), (120, -60), (240, 0)], thickness=12)
    m.polyline("south fence", 560, 1250, [(0, 0), (160, 40), (320, 0), (480, 40)], thickness=12, rotation=-5)
    m.polyline("hedge", 2240, 1400, [(0, 0), (0, -160)], thickness=28)
    m.check(spaced=True)
    return m


def bunker() -> MapBuilder:
    """A bunker: six rooms off one corridor, doors 160 px wide, concave wall pieces, close quarters."""
    m = MapBuilder("The Bunker", 60, 40, waves=4)
    m.boundary()
    w, h = m.width, m.height
    top, bottom = 528, 752  # corridor walls (their inner faces are 560 and 720)
    # Top row: T-shaped dividers hang from the north wall; their crossbars form the corridor's north side.
    for k, stem in enumerate((640, 1280)):
        m.polygon(
            f"north divider {k + 1}",
            stem - 16,
            32,
            [
                (0, 0),
                (32, 0),
                (32, top - 32),
                (256, top - 32),
                (256, top),
                (-224, top),
                (-224, top - 32),
                (0, top - 32),
            ],
            group="rooms",
        )
        m.polygon(
            f"south divider {k + 1}",
            stem - 16,
            bottom,
            [
                (-224, 0),
                (256, 0),
                (256, 32),
                (32, 32),
                (32, h - 32 - bottom),
                (0, h - 32 - bottom),
                (0, 32),
                (-224, 32),
            ],
            group="rooms",
        )
    for y in (top, bottom):
        m.rect("corridor wall west", 32, y, 208, 32, group="rooms")
        m.rect("corridor wall east", 1680, y, w - 32 - 1680, 32, group="rooms")
    # A small concave alcove in each room; crates, pillars and railings.
    m.polygon("alcove 1", 180, 140, [(0, 0), (200, 0), (200, 40), (40, 40), (40, 160), (0, 160)], group="a1")
    m.polygon(
        "alcove 2", 1480, 1060, [(0, 0), (40, 0), (40, 120), (200, 120), (200, 160), (0, 160)], group="a2"
    )
    m.polygon(
        "bench",
        880,
        280,
        [(0, 0), (160, 0), (160, 40), (100, 40), (100, 100), (60, 100), (60, 40), (0, 40)],
        rotation=30,
        group="a3",
    )
    m.rect("crate a", 1500, 200, 64, 64, 25, group="c1")
    m.rect("crate b", 420, 1000, 96, 48, -20, group="c2")
    m.rect("crate c", 1000, 1050, 64, 64, 45, group="c3")
    m.ellipse("pillar 1", 1740, 300, 64, 64, group="p1")
    m.ellipse("pillar 2", 280, 960, 64, 64, group="p2")
    m.ellipse("tank", 1640, 860, 120, 70, 30, group="p3")
    m.polyline("railing", 880, 930, [(0, 0), (120, 0), (180, 60)], thickness=12, group="r1")
    m.polyline("pipe", 1750, 980, [(0, 0), (60, 100), (0, 200)], thickness=16, rotation=10, group="r2")
    m.point("player", "player", 96, 640, "start")
    for x, y, kind in [
        (470, 300, "chaser"),
        (1000, 160, "chaser"),
        (1600, 420, "chaser"),
        (1100, 1150, "chaser"),
        (1150, 320, "shooter"),
        (400, 1160, "shooter"),
        (1600, 1120, "shooter"),
        (1800, 640, "brute"),
        (900, 1000, "brute"),
    ]:
        m.point("spawns", kind, x, y)
    for x, y, kind in [
        (330, 300, "health"),
        (1060, 640, "health"),
        (1400, 1160, "health"),
        (760, 440, "ammo"),
        (180, 1160, "ammo"),
        (1800, 160, "ammo"),
    ]:
        m.point("pickups", kind, x, y)
    m.check(spaced=False)
    return m


def ruins(seed: int = 2024) -> MapBuilder:
    """Big ruins: rubble heaps, colonnades of pillars, broken walls and fallen beams over a wide area."""
    rng = random.Random(seed)
    m = MapBuilder("The Ruins", 100, 75, waves=5)
    m.boundary()
    m.point("player", "player", 200, 1200, "start")
    kinds = ["chaser"] * 6 + ["shooter"] * 4 + ["brute"] * 3
    spots = [(600 + 500 * (k % 6), 350 + 560 * (k // 6) + (120 if k % 2 else 0)) for k in range(18)]
    for (x, y), kind in zip(spots[: len(kinds)], kinds):
        m.point("spawns", kind, x, y)
    for (x, y), kind in zip(spots[len(kinds) :], ["health", "ammo", "health", "ammo", "ammo"]):
        m.point("pickups", kind, x, y)
    m.point("pickups", "health", 200, 300)
    m.point("pickups", "ammo", 200, 2100)
    m.point("pickups", "health", 3000, 2100)
    # Colonnades: rows of pillars, the shape of the old temple.
    for row, y in enumerate((760, 1640)):
        for k in range(6):
            x = 1100 + 170 * k
            if m.fits(Point(x, y).buffer(28)):
                m.ellipse(f"pillar {row + 1}.{k + 1}", x - 28, y - 28, 56, 56)
    placers = [(_rubble, 14), (_broken_wall, 10), (_ruined_room, 4), (_beam, 8), (_fallen_column, 5)]
    for place, count in placers:
        made = tries = 0
        while made < count and tries < 4000:
            tries += 1
            made += place(m, rng, made + 1)
    m.check(spaced=True)
    return m


def _spot(m: MapBuilder, rng: random.Random) -> tuple[float, float]:
    return rng.uniform(120, m.width - 120), rng.uniform(120, m.height - 120)


def _rubble(m, rng, n) -> bool:
    x, y = _spot(m, rng)
    outline = star(rng, rng.uniform(50, 110), rng.choice((7, 9, 11)))
    rot = rng.choice((0, rng.uniform(-180, 180)))
    shape = rotate(Polygon([(x + u, y + v) for u, v in outline]), rot, origin=(x, y))
    if not m.fits(shape):
        return False
    m.polygon(f"rubble {n}", x, y, outline, rotation=round(rot, 2))
    return True


def _broken_wall(m, rng, n) -> bool:
    x, y = _spot(m, rng)
    w, h, rot = rng.uniform(120, 300), rng.choice((24, 32, 40)), rng.uniform(-90, 90)
    if not m.fits(rotate(box(x, y, x + w, y + h), rot, origin=(x, y))):
        return False
    m.rect(f"broken wall {n}", x, y, round(w), h, round(rot, 2))
    return True


def _ruined_room(m, rng, n) -> bool:
    """A U of thick wall (concave), open on one side, at any angle."""
    x, y = _spot(m, rng)
    w, d, t = rng.uniform(260, 380), rng.uniform(200, 300), 32
    outline = [(0, 0), (w, 0), (w, d), (w - t, d), (w - t, t), (t, t), (t, d), (0, d)]
    rot = rng.uniform(-180, 180)
    if not m.fits(rotate(Polygon([(x + u, y + v) for u, v in outline]), rot, origin=(x, y))):
        return False
    m.polygon(f"ruined room {n}", x, y, outline, rotation=round(rot, 2))
    return True


def _beam(m, rng, n) -> bool:
    x, y = _spot(m, rng)
    points = [(0.0, 0.0)]
    for _ in range(rng.choice((1, 2, 3))):
        px, py = points[-1]
        angle = rng.uniform(0, 2 * math.pi)
        points.append((px + 110 * math.cos(angle), py + 110 * math.sin(angle)))
    thickness = rng.choice((10, 16, 20))
    if not m.fits(LineString([(x + u, y + v) for u, v in points]).buffer(thickness / 2)):
        return False
    m.polyline(f"beam {n}", x, y, points, thickness=thickness)
    return True


def _fallen_column(m, rng, n) -> bool:
    x, y = _spot(m, rng)
    w, h, rot = rng.uniform(140, 220), rng.uniform(44, 64), rng.uniform(-180, 180)
    disc = Point(x + w / 2, y + h / 2).buffer(1.0, quad_segs=32)
    from shapely.affinity import scale

    if not m.fits(rotate(scale(disc, w / 2, h / 2), rot, origin=(x, y))):
        return False
    m.ellipse(f"fallen column {n}", x, y, round(w), round(h), round(rot, 2))
    return True


def caves() -> MapBuilder:
    """Caves: open ground inside one smooth cave outline (a chain, class ``cave``), a winding ridge
    (an open chain, solid on both sides) and a rock outcrop drawn as a chain loop."""
    m = MapBuilder("The Caves", 68, 50)
    m.boundary()
    cx, cy = 1088.0, 800.0
    outline = []
    for k in range(56):  # a lumpy oval: wide bays and gentle points, nowhere narrower than a corridor
        a = 2 * math.pi * k / 56
        wobble = 1 + 0.07 * math.sin(3 * a + 0.4) + 0.05 * math.sin(5 * a + 1.3) + 0.03 * math.sin(9 * a)
        outline.append((round(850 * wobble * math.cos(a), 1), round(590 * wobble * math.sin(a), 1)))
    m.polygon("cave", cx, cy, outline, cls="cave")
    ridge = [(0.0, 0.0)] + [(round(40.0 * k, 1), round(90 * math.sin(k / 3.2), 1)) for k in range(1, 19)]
    m.polyline("ridge", 620, 590, ridge, cls="chain")
    m.polygon("outcrop", 1440, 1010, star(random.Random(11), 110, 12), cls="chain")
    m.ellipse("stalagmite 1", 780, 1030, 64, 64)
    m.rect("fallen slab", 1220, 1200, 120, 40, rotation=-20)
    m.polygon("L ledge", 1660, 880, [(0, 0), (110, 0), (110, 40), (40, 40), (40, 150), (0, 150)], rotation=15)
    m.polyline("stalactite row", 900, 1180, [(0, 0), (80, 30), (160, 0)], thickness=14)
    m.ellipse("stalagmite 2", 1560, 520, 72, 56, 30)
    m.point("player", "player", 480, 830, "start")
    for x, y, kind in [
        (1710, 790, "chaser"),
        (1260, 380, "chaser"),
        (1160, 1260, "chaser"),
        (1780, 1060, "shooter"),
        (860, 380, "shooter"),
        (1560, 700, "brute"),
        (560, 1080, "brute"),
    ]:
        m.point("spawns", kind, x, y)
    for x, y, kind in [
        (700, 1200, "health"),
        (1080, 820, "ammo"),
        (1740, 600, "ammo"),
        (1020, 330, "health"),
    ]:
        m.point("pickups", kind, x, y)
    m.check(spaced=True)
    return m


LEVELS = {"yard": yard, "bunker": bunker, "ruins": ruins, "caves": caves}


def main(argv: list[str]) -> int:
    unknown = [name for name in argv if name not in LEVELS]
    if unknown:
        print(f"unknown level {unknown[0]!r}: choose from {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    for name in argv or list(LEVELS):
        build = LEVELS[name]
        level = build()
        (HERE / f"{name}.tmj").write_text(json.dumps(level.to_json(), indent=1) + "\n")
        print(f"{name}: {level.width}x{level.height} px, {len(level.layers['walls'])} walls")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
