"""Put a ``props`` object layer in the shipped levels, and write the physics level ``warehouse``.

Run from the repository root: ``.venv/bin/python levels/place_props.py``.
Like ``make_levels.py`` it documents how the committed maps were made;
edit the props by hand in Tiled afterwards (then stop using the script).

Each level gets, placed by a plan (not by hand, so every spot is checked):

- cover near the player start: crates to push into a doorway or hide behind;
- explosive barrels near the enemy spawns (shoot them as a wave comes out);
- a few barrels and heavy crates in the open, which roll and slide.

A spot is kept only if the prop's disc (its half-diagonal plus ``CLEAR`` px)
meets no wall and no prop already placed, and lies ``MARKER_CLEAR`` px from
every marker, so no prop starts in a wall or seals a spawn or the start.
Coordinates written are Tiled's (y down); points place the props.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from engine import World  # noqa: E402
from engine.collision import Circle, Polygon  # noqa: E402
from game.geometry.grid import rock_at  # noqa: E402
from game.tiled import load_level  # noqa: E402
from game.tiled.prop_kinds import prop_kinds  # noqa: E402

CLEAR = 6.0
MARKER_CLEAR = 56.0


class Placer:
    """Props placed one by one in a level's world of walls, each checked against walls, props, markers."""

    def __init__(self, level) -> None:
        self.level = level
        self.world = World()
        for wall in level.walls:
            for shape, xf in wall.parts:
                self.world.add(shape, tuple(xf), type="static", layer=1)
        self.markers = [level.player_start, *level.spawns, *level.pickups]
        self.placed: list[tuple[str, float, float]] = []
        self.kinds = prop_kinds()

    def fits(self, kind: str, x: float, y: float, packed: bool = False) -> bool:
        k = self.kinds[kind]
        r = 0.5 * math.hypot(k.width, k.height) + CLEAR
        if not (r < x < self.level.width - r and r < y < self.level.height - r):
            return False
        if len(self.world.query_shape(Circle(r), (x, y, 0.0), 1)):
            return False
        if rock_at(self.level, [x], [y])[0, 0]:  # outside a cave, inside a chain outline
            return False
        if any(math.hypot(m.x - x, m.y - y) < MARKER_CLEAR + r for m in self.markers):
            return False
        if packed:  # a stack: side by side, boxes apart by their 1 px margins (``assets/props.tsj``)
            return all(
                max(abs(px - x), abs(py - y)) >= 0.5 * (k.width + self.kinds[pk].width)
                for pk, px, py, *_ in self.placed
            )
        return all(
            math.hypot(px - x, py - y) >= r + 0.5 * math.hypot(self.kinds[pk].width, self.kinds[pk].height)
            for pk, px, py, *_ in self.placed
        )

    def place(self, kind: str, x: float, y: float, tries: int = 24, packed: bool = False) -> bool:
        """Put ``kind`` at (x, y) or the nearest spot that fits on a small spiral around it."""
        for t in range(tries):
            a, d = 2.4 * t, 12.0 * math.sqrt(t)
            px, py = round(x + d * math.cos(a), 1), round(y + d * math.sin(a), 1)
            if self.fits(kind, px, py, packed):
                self.placed.append((kind, px, py))
                self.world.add(Polygon.box(1, 1), (px, py, 0.0), type="static", layer=2)
                return True
        return False


def plan(level) -> list[tuple[str, float, float]]:
    """The standard dressing: cover by the start, barrels by the spawns, a few in the open."""
    p = Placer(level)
    s = level.player_start
    cx, cy = level.width / 2, level.height / 2
    for k in range(4):  # cover: crates around the start, a heavy one among them
        a = math.pi / 4 + k * math.pi / 2
        p.place("heavy_crate" if k == 0 else "crate", s.x + 190 * math.cos(a), s.y + 190 * math.sin(a))
    for m in level.spawns[::2]:  # explosive barrels on the way out of every other spawn
        d = math.hypot(cx - m.x, cy - m.y) or 1.0
        p.place("explosive_barrel", m.x + 110 * (cx - m.x) / d, m.y + 110 * (cy - m.y) / d)
    for k in range(6):  # barrels and crates in the open, on a ring about the centre
        a = k * math.pi / 3 + 0.3
        kind = ("barrel", "crate", "heavy_crate")[k % 3]
        p.place(kind, cx + 0.3 * level.width * math.cos(a), cy + 0.3 * level.height * math.sin(a))
    return p.placed


def caves_machines(level, placed) -> tuple[list, list]:
    """The caves' machines (issue 40): a gate at the ridge's east end, a door on a hinge that a
    spring closes and a hard shot tears off, a wrecking ball on a chain of six links, and a heavy
    crate on a rope from a ring in the floor."""
    ridge = next(w for w in level.walls if w.name == "ridge")
    hx, hy = ridge.chain[-1]  # the door hangs on the ridge's last point and points on east from it
    p = Placer(level)
    p.placed = list(placed)
    for _, x, y, *_ in placed:
        p.world.add(Polygon.box(1, 1), (x, y, 0.0), type="static", layer=2)
    joints = []
    if p.place("door", hx + 48.0, hy, tries=1):
        door = len(p.placed) - 1
        joints.append(("hinge", None, door, [(hx + 11.0, hy)], DOOR_HINGE))
    ring = (level.width * 0.5 + 60.0, level.height * 0.5 - 260.0)
    if p.place("heavy_crate", ring[0] + 90.0, ring[1], tries=1):
        joints.append(("rope", None, len(p.placed) - 1, [ring, (ring[0] + 66.0, ring[1])], {}))
    hang_wrecking_ball(p, (level.width * 0.45, level.height * 0.45), joints)
    return p.placed, joints


#: A wrecking ball's chain: links (``chain_link``, 20 px, joined 18 px apart at their ends' centres)
#: and the ball (``wrecking_ball``, 18 px radius) on the last.
LINK_PITCH, BALL_RADIUS = 18.0, 18.0


def hang_wrecking_ball(p: Placer, near, joints: list, links: int = 6) -> bool:
    """A wrecking ball on ``links`` links from the open spot nearest ``near`` (on a spiral round it)
    where the ball swings round its pivot clear of everything (``swings_clear``)."""
    swing = LINK_PITCH * links + 2.0 * BALL_RADIUS + 24.0  # the ball's reach round its pivot, and room
    for t in range(400):
        a, d = 2.4 * t, 16.0 * math.sqrt(t)
        pivot = (round(near[0] + d * math.cos(a), 1), round(near[1] + d * math.sin(a), 1))
        if swings_clear(p, pivot, swing) and wrecking_ball(p, pivot, links, joints):
            return True
    return False


def swings_clear(p: Placer, pivot, reach: float) -> bool:
    """Whether a circle of ``reach`` round ``pivot`` is clear of walls (chains and the rock outside a
    cave among them), props placed and markers: room for a wrecking ball to swing round."""
    x, y = pivot
    if not (reach < x < p.level.width - reach and reach < y < p.level.height - reach):
        return False
    if len(p.world.query_shape(Circle(reach), (x, y, 0.0), 1 | 2)):
        return False
    ring = [
        (x + r * math.cos(k * math.pi / 8), y + r * math.sin(k * math.pi / 8))
        for r in (reach, reach / 2)
        for k in range(16)
    ]
    if rock_at(p.level, [q[0] for q in ring], [q[1] for q in ring]).any():
        return False
    for wall in p.level.walls:  # a chain's segments (a ridge) are no part the world above holds
        for (ax, ay), (bx, by) in zip(wall.chain, wall.chain[1:]) if wall.chain else ():
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / max(dx * dx + dy * dy, 1e-9)))
            if math.hypot(ax + t * dx - x, ay + t * dy - y) < reach:
                return False
    return all(math.hypot(m.x - x, m.y - y) >= reach for m in p.markers)


def wrecking_ball(p: Placer, pivot, links: int, joints: list, heading: float = 0.0) -> bool:
    """A ball on a chain of ``links`` hinged links, hung from ``pivot`` (a hinge to the world) and
    laid out along ``heading`` (radians); every piece must fit where it goes, or nothing is placed."""
    c, s = math.cos(heading), math.sin(heading)
    at = lambda d: (round(pivot[0] + d * c, 1), round(pivot[1] + d * s, 1))  # noqa: E731
    pieces = [("chain_link", *at(LINK_PITCH * (k + 0.5))) for k in range(links)]
    pieces.append(("wrecking_ball", *at(LINK_PITCH * links + BALL_RADIUS - 2.0)))
    if heading or not all(p.fits(kind, x, y) for kind, x, y in pieces):
        return False  # (the links are laid along +x: turned ones would need angles the layer keeps)
    first = len(p.placed)
    for kind, x, y in pieces:
        p.placed.append((kind, x, y))
        p.world.add(Polygon.box(1, 1), (x, y, 0.0), type="static", layer=2)
    joints.append(("hinge", None, first, [pivot], {}))
    for k in range(links):  # link k to the next piece, at their shared end
        joints.append(("hinge", first + k, first + k + 1, [at(LINK_PITCH * (k + 1))], {}))
    return True


#: A double door's hinges: this far in from each side of the doorway (px), leaves ``door_leaf`` (72 px,
#: their hinge 3 px in from their end): a 160 px doorway's two leaves meet with 2 px between them.
LEAF_GAP, LEAF_HINGE = 8.0, 3.0


def double_door(p: Placer, left: float, right: float, y: float, joints: list) -> bool:
    """Two ``door_leaf``s across the doorway from x ``left`` to ``right`` at height ``y`` (world px),
    each on a hinge by the wall that a soft spring swings shut, opening ±100° either way, torn off
    by a blast beside it; the right one turned half round (its hinge end at the right)."""
    leaf = p.kinds["door_leaf"].width
    spots = [(left + LEAF_GAP + leaf / 2, 0, left + LEAF_GAP + LEAF_HINGE),
             (right - LEAF_GAP - leaf / 2, 180, right - LEAF_GAP - LEAF_HINGE)]  # fmt: skip
    first = len(p.placed)
    for x, turned, _ in spots:
        p.placed.append(("door_leaf", round(x, 1), round(y, 1), turned))
        p.world.add(Polygon.box(1, 1), (x, y, 0.0), type="static", layer=2)
    for k, (_, _, hinge) in enumerate(spots):
        joints.append(("hinge", None, first + k, [(round(hinge, 1), round(y, 1))], DOUBLE_DOOR_HINGE))
    return True


#: A door's hinge: ±100° from closed, a spring that shuts it, torn off by a blast (``break_force``).
DOOR_HINGE = {
    "lower": -100.0,
    "upper": 100.0,
    "spring_hertz": 1.5,
    "spring_damping": 0.4,
    "break_force": 2.0e5,
}


#: A double door's leaf swings shut slowly (0.3 Hz): one slammed at the heels of whoever goes through
#: (1.5 Hz, a door's) caught the bot in bunker's doorways, its median run 3.1 -> 1.6 min.
DOUBLE_DOOR_HINGE = {**DOOR_HINGE, "spring_hertz": 0.6}


def bunker_machines(level, placed) -> tuple[list, list]:
    """Bunker's double doors (issue 40): in the two doorways from the corridor to the middle rooms,
    north and south (the dividers' gaps from x 880 to 1040), that the player and enemies push open."""
    p = Placer(level)
    p.placed = list(placed)
    joints: list = []
    for wall_y in (736.0, 512.0):  # the middles of the corridor's north and south walls
        double_door(p, 880.0, 1040.0, wall_y, joints)
    return p.placed, joints


def ruins_machines(level, placed) -> tuple[list, list]:
    """The ruins' wrecking ball (issue 40): on a chain of six links in the open aisle between the rows
    of pillars, where the enemies cross toward the player."""
    p = Placer(level)
    p.placed = list(placed)
    for _, x, y, *_ in placed:
        p.world.add(Polygon.box(1, 1), (x, y, 0.0), type="static", layer=2)
    joints: list = []
    hang_wrecking_ball(p, (level.width * 0.42, level.height * 0.5), joints)
    return p.placed, joints


def caves_plan(level) -> list[tuple[str, float, float]]:
    """The standard dressing, then cover of several parts: a sandbag U facing the start's way out
    and T barricades between the start and the spawns."""
    placed = plan(level)
    p = Placer(level)
    p.placed = list(placed)
    for _, x, y, *_ in placed:  # the props already placed are in the way of the new ones
        p.world.add(Polygon.box(1, 1), (x, y, 0.0), type="static", layer=2)
    s = level.player_start
    p.place("sandbags_u", s.x + 230, s.y + 40)
    p.place("barricade_t", s.x + 420, s.y - 160)
    p.place("barricade_t", s.x + 440, s.y + 220)
    return p.placed


def warehouse_plan(level) -> list[tuple[str, float, float]]:
    """The physics level: stacks of crates to topple, and lines of barrels that blow in a chain."""
    p = Placer(level)
    w, h = level.width, level.height
    for sx, sy in ((0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)):  # 3 × 3 stacks of crates
        for i in range(3):
            for j in range(3):
                p.place("crate", w * sx + 32 * (i - 1), h * sy + 32 * (j - 1), tries=1, packed=True)
    for k in range(7):  # two chains of explosive barrels across the hall
        p.place("explosive_barrel", w * 0.2 + k * 60.0, h * 0.5, tries=1, packed=True)
        p.place("explosive_barrel", w * 0.8 - k * 60.0, h * 0.5 + 160, tries=1, packed=True)
    for k in range(8):  # heavy crates and barrels along the walls
        p.place(("heavy_crate", "barrel")[k % 2], w * (0.1 + 0.11 * k), h * 0.12)
        p.place(("barrel", "heavy_crate")[k % 2], w * (0.1 + 0.11 * k), h * 0.88)
    return p.placed


def write_props(path: Path, placed, joints=()) -> None:
    """Replace the map's ``props`` object layer (or add one) with ``placed`` (world y up -> Tiled y down)
    and ``joints``: (class, index of prop a or None, index of prop b or None, world points, properties)
    written after the props, naming them by object reference (``game.tiled.joints``)."""
    data = json.loads(path.read_text())
    height = data["height"] * data["tileheight"]
    data["layers"] = [l for l in data["layers"] if not (l["name"] == "props" and l["type"] == "objectgroup")]
    # Ids follow everything else in the map, so running the script again writes the same file.
    next_id = 1 + max((o["id"] for l in data["layers"] for o in l.get("objects", [])), default=0)
    layer_id = 1 + max(l["id"] for l in data["layers"])
    objects = []
    for k, (kind, x, y, *turned) in enumerate(placed):  # (kind, x, y) or (kind, x, y, Tiled's rotation)
        objects.append(
            {
                "id": next_id + k,
                "name": "",
                "type": kind,
                "x": x,
                "y": round(height - y, 1),
                "width": 0,
                "height": 0,
                "rotation": turned[0] if turned else 0,
                "visible": True,
                "point": True,
            }
        )
    for j, (kind, a, b, points, properties) in enumerate(joints):
        refs = [(name, k) for name, k in (("body_a", a), ("body_b", b)) if k is not None]
        (x0, y0), *_ = points
        joint = {
            "id": next_id + len(placed) + j,
            "name": "",
            "type": kind,
            "x": x0,
            "y": round(height - y0, 1),
            "width": 0,
            "height": 0,
            "rotation": 0,
            "visible": True,
            "properties": [{"name": name, "type": "object", "value": next_id + k} for name, k in refs]
            + [{"name": n, "type": "float", "value": v} for n, v in properties.items()],
        }
        if len(points) == 1:
            joint["point"] = True
        else:
            joint["polyline"] = [{"x": round(x - x0, 1), "y": round(y0 - y, 1)} for x, y in points]
        objects.append(joint)
    data["layers"].append(
        {
            "draworder": "topdown",
            "id": layer_id,
            "name": "props",
            "objects": objects,
            "opacity": 1,
            "type": "objectgroup",
            "visible": True,
            "x": 0,
            "y": 0,
        }
    )
    data["nextobjectid"], data["nextlayerid"] = next_id + len(placed) + len(joints), layer_id + 1
    path.write_text(json.dumps(data, indent=1) + "\n")


def warehouse_map() -> dict:
    """A 60 × 40 tile hall: outer walls, two pillars, spawns in the corners, the player at the bottom."""
    tile, cols, rows = 32, 60, 40
    w, h = cols * tile, rows * tile
    oid = iter(range(1, 10_000))

    def obj(cls, x, y, **fields):
        # One decimal, as make_levels.py: Tiled saves 6 significant digits, so a round trip is exact.
        return {
            "id": next(oid),
            "name": "",
            "type": cls,
            "x": round(x, 1),
            "y": round(y, 1),
            "width": 0,
            "height": 0,
            "rotation": 0,
            "visible": True,
            **fields,
        }

    walls = [
        obj("", 0, 0, width=w, height=32),
        obj("", 0, h - 32, width=w, height=32),
        obj("", 0, 0, width=32, height=h),
        obj("", w - 32, 0, width=32, height=h),
        obj("", w * 0.5 - 48, h * 0.25 - 48, width=96, height=96),
        obj("", w * 0.5 - 48, h * 0.75 - 48, width=96, height=96, rotation=0),
        obj("", w * 0.15 - 32, h * 0.3 - 32, width=64, height=64, ellipse=True),
        obj("", w * 0.85, h * 0.25, width=120, height=24, rotation=30),
        obj(
            "",
            w * 0.12,
            h * 0.75,
            polygon=[
                {"x": 0, "y": 0},
                {"x": 128, "y": 0},
                {"x": 128, "y": 32},
                {"x": 32, "y": 32},
                {"x": 32, "y": 128},
                {"x": 0, "y": 128},
            ],
        ),
        obj(
            "",
            w * 0.35,
            h * 0.12,
            polyline=[{"x": 0, "y": 0}, {"x": 180, "y": 0}],
            properties=[{"name": "thickness", "type": "float", "value": 16.0}],
        ),
    ]
    spawns = [
        obj(kind, x, y, point=True)
        for kind, x, y in (
            ("chaser", 120, 120),
            ("chaser", w - 120, 120),
            ("shooter", w - 120, h * 0.5),
            ("chaser", 120, h * 0.5),
            ("brute", w * 0.5, 120),
            ("shooter", w - 120, h - 200),
            ("brute", 120, h - 200),
        )
    ]
    pickups = [
        obj(kind, x, y, point=True)
        for kind, x, y in (
            ("health", w * 0.5, h * 0.5),
            ("ammo", 160, h - 160),
            ("ammo", w - 160, 200),
            ("health", w - 160, h - 120),
        )
    ]
    player = [obj("", w * 0.5, h - 120, point=True)]

    def layer(lid, name, objects):
        return {
            "draworder": "topdown",
            "id": lid,
            "name": name,
            "objects": objects,
            "opacity": 1,
            "type": "objectgroup",
            "visible": True,
            "x": 0,
            "y": 0,
        }

    return {"compressionlevel": -1, "height": rows, "infinite": False,
            "layers": [layer(1, "walls", walls), layer(2, "spawns", spawns), layer(3, "pickups", pickups),
                       layer(4, "player", player)],
            "nextlayerid": 5, "nextobjectid": next(oid), "orientation": "orthogonal",
            "properties": [{"name": "title", "type": "string", "value": "Warehouse"}],
            "renderorder": "right-down", "tiledversion": "1.8.2", "tileheight": tile, "tilesets": [],
            "tilewidth": tile, "type": "map", "version": "1.8", "width": cols}  # fmt: skip


def main() -> None:
    for name in ("yard", "bunker", "ruins", "depot", "caves"):
        path = HERE / f"{name}.tmj"
        write_props(path, [])  # plan on the level without its old props
        level = load_level(path)
        placed, joints = (caves_plan(level), []) if name == "caves" else (plan(level), [])
        machines = {"caves": caves_machines, "bunker": bunker_machines, "ruins": ruins_machines}.get(name)
        if machines is not None:
            placed, joints = machines(level, placed)
        write_props(path, placed, joints)
        print(f"{name}: {len(placed)} props")
    path = HERE / "warehouse.tmj"
    path.write_text(json.dumps(warehouse_map(), indent=1) + "\n")
    placed = warehouse_plan(load_level(path))
    write_props(path, placed)
    print(f"warehouse: {len(placed)} props")


if __name__ == "__main__":
    main()
