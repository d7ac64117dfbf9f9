"""The actors' hitboxes, read from ``assets/actors.tsj``: the ONE source of every actor's shape.

``assets/actors.tsj`` is a Tiled 1.8 tileset (an image collection): one tile
per actor, its Tiled class (``type``) the actor's name (``ACTOR_NAMES``), its
image the actor's sprite at the size the game draws it, and its hitbox drawn
as collision objects in Tiled's Tile Collision Editor. The simulation, the
warm-up, ``game.check`` and ``game.lab`` read the shapes from here (the F1
overlay draws the bodies the simulation made from them).

Frames. A collision object is given in the tile's Tiled frame (px, origin the
tile image's top-left, y DOWN, rotation clockwise degrees). The actor frame
(``ActorHitbox.parts``) has its origin at the image's centre, +x the way the
sprite faces at angle 0 (every actor image faces +x), y UP, px. The one
conversion is ``game.tiled``'s: ``frame.tiled_to_world`` with a frame whose
origin is the image centre, ``walls.build_wall`` for each object (the same
checks and shapes as a wall in a level), ``engine.collision.concave.split_polygon``
for a polygon's outline.

Shapes:

- rectangle: a box; ellipse: a circle when width == height, else an
  ellipse, which the engine holds only centred and axis-aligned (so it must be
  centred on the actor and turned by a multiple of 90°);
- polygon: a convex polygon; a concave one is split into convex parts
  (``notes`` says so); a self-intersecting one is refused;
- polyline: one capsule per segment, ``thickness`` px across (as walls);
- a float custom property ``radius`` on a rectangle or polygon rounds it:
  the outline drawn in Tiled is the core, the hitbox is every point within
  ``radius`` of it (``Polygon(points, radius)``).

Several objects, or a split polygon, make a hitbox of several convex parts.
The simulation makes such an actor one body of several shapes (``actor_parts``:
the first part with ``World.add``, the others with ``World.add_shape``, each
at the actor's origin since the parts are baked in the actor frame), which
moves, slides and is hit as the parts drawn: never their hull (a hull would
let bullets hit the air in the notch). ``game.check`` and ``game.lab`` read
every part.

A hitbox that cannot work is a ``Finding`` naming the file, the tile id and
the actor: a hitbox reaching more than ``MAX_ACTOR_REACH`` (8,192 px) from
the actor's centre, no collision objects, a self-intersecting polygon, a point or
text object, a bad ``radius``, a missing or doubled actor. A hitbox too wide
for the narrowest door of a shipped level is found by
``game.check.doors.door_findings`` (it measures the levels, about 3 s, so it
is the checker's and the tests' call, not every read's).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.collision import Capsule, Circle, Ellipse, Polygon
from engine.collision.concave import OutlineError, split_polygon
from engine.collision.limits import MAX_SIZE
from game.level import Finding, LevelError
from game.tiled.files import display_name
from game.tiled.frame import MapFrame, tiled_to_world
from game.tiled.tiles import as_object
from game.tiled.tilesets import TileDef, TileShape, read_tileset
from game.tiled.walls import WallProblem, build_wall

__all__ = [
    "ACTORS_FILE",
    "ACTOR_NAMES",
    "MAX_ACTOR_REACH",
    "RADIUS",
    "ActorHitbox",
    "actor_finding",
    "actor_hitboxes",
    "actor_parts",
    "actor_shape",
    "read_actors",
    "read_actors_for_play",
    "tile_hitbox",
]

ACTORS_FILE = Path(__file__).resolve().parents[2] / "assets" / "actors.tsj"
#: Every actor the game needs, as the Tiled class of its tile.
ACTOR_NAMES: tuple[str, ...] = ("player", "chaser", "shooter", "brute", "player_bullet", "enemy_bullet")
#: The custom property (float, px) that rounds a rectangle or polygon.
RADIUS = "radius"
#: How far (px) a hitbox may reach from the actor's centre: the side of the largest tile a level may
#: have (levels/README.md, "Limits"). A player of radius 1e9 crashed the demo inside the engine.
MAX_ACTOR_REACH = 8192.0
#: An ellipse turned by a multiple of 90° to within this many degrees is axis-aligned.
_QUARTER_SLACK_DEG = 1e-9

Shape = Any  # an engine shape: Circle, Capsule, Ellipse or Polygon


@dataclass(frozen=True)
class ActorHitbox:
    """One actor's hitbox: convex engine shapes in the ACTOR frame.

    Actor frame: origin at the actor's centre (the tile image's centre), +x
    the way the sprite faces at angle 0, y up, px.

    >>> ActorHitbox("chaser", 1, Path("actors/chaser.png"), (Circle(11.0),), ()).parts[0].radius
    11.0
    """

    name: str
    tile_id: int
    image: Path | None
    parts: tuple[Shape, ...]
    #: What the designer should know that is not a problem, e.g. "concave polygon split into 2 convex parts".
    notes: tuple[str, ...] = ()


class _Problem(ValueError):
    """One collision object that cannot be (part of) a hitbox."""


def read_actors(path: Path | str = ACTORS_FILE) -> tuple[dict[str, ActorHitbox] | None, list[Finding]]:
    """Every actor's hitbox from a Tiled tileset, and the findings; None when any finding is an error.

    Never raises for a bad file: each problem is one ``Finding``
    (``file:tile-id (actor): problem``).
    """
    path = Path(path)
    file = display_name(path)
    tileset, findings = read_tileset(path)
    if tileset is None or any(f.severity == "error" for f in findings):
        return None, findings
    hitboxes: dict[str, ActorHitbox] = {}
    for local_id in sorted(tileset.tiles):
        tile = tileset.tiles[local_id]
        name = tile.type
        if name not in ACTOR_NAMES:
            findings.append(
                actor_finding(
                    "error",
                    file,
                    local_id,
                    name,
                    f"its class {name!r} is not an actor (actors: {', '.join(ACTOR_NAMES)})",
                )
            )
            continue
        if name in hitboxes:
            findings.append(
                actor_finding(
                    "error",
                    file,
                    local_id,
                    name,
                    f"a second tile of class {name!r} (the first is tile {hitboxes[name].tile_id})",
                )
            )
            continue
        hitbox = _hitbox(tile, file, findings)
        if hitbox is not None:
            hitboxes[name] = hitbox
    missing = [name for name in ACTOR_NAMES if name not in hitboxes and not _said(findings, name)]
    for name in missing:
        findings.append(
            Finding(
                "error",
                file,
                None,
                "",
                f"no tile of class {name!r}: every actor needs one (actors: {', '.join(ACTOR_NAMES)})",
            )
        )
    if any(f.severity == "error" for f in findings):
        return None, findings
    return {name: hitboxes[name] for name in ACTOR_NAMES}, findings


def actor_finding(severity: str, file: str, tile_id: int, name: str, problem: str) -> Finding:
    """One line ``file: tile N (actor): problem`` (``name`` kept on the record for tools)."""
    return Finding(severity, file, None, name, f"tile {tile_id} ({name}): {problem}")  # type: ignore[arg-type]


def _said(findings: list[Finding], name: str) -> bool:
    """Is there already an error about actor ``name`` (so "missing" would say it twice)?"""
    return any(f.severity == "error" and f.name == name for f in findings)


def tile_hitbox(tile: TileDef, file: str, findings: list[Finding]) -> ActorHitbox | None:
    """One tile's collision objects as convex shapes about the image's centre (y up, px), or None
    with the reason added to ``findings``; the props' tileset (``game.tiled.prop_kinds``) reads its shapes so too."""
    return _hitbox(tile, file, findings)


def _hitbox(tile: TileDef, file: str, findings: list[Finding]) -> ActorHitbox | None:
    name, tid = tile.type, tile.local_id
    shapes = [s for s in tile.shapes if s.kind != "point"]
    for point in (s for s in tile.shapes if s.kind == "point"):
        findings.append(
            actor_finding(
                "warning",
                file,
                tid,
                name,
                f"collision object {point.object_id} is a point: it has no area; ignored",
            )
        )
    if not shapes:
        findings.append(
            actor_finding(
                "error",
                file,
                tid,
                name,
                "no collision shapes: draw the hitbox in Tiled's "
                "Tile Collision Editor (rectangles, ellipses, polygons)",
            )
        )
        return None
    # The actor frame as a "map" frame: tiled_to_world(x, y) = (x - cx, cy - y), the image centre at the origin.
    frame = MapFrame(tile.height / 2.0, -tile.width / 2.0, 0.0)
    parts: list[Shape] = []
    notes: list[str] = []
    for shape in shapes:
        try:
            made, said = _parts(shape, frame)
        except _Problem as problem:
            findings.append(
                actor_finding("error", file, tid, name, f"collision object {shape.object_id}: {problem}")
            )
            return None
        parts.extend(made)
        notes.extend(f"collision object {shape.object_id}: {note}" for note in said)
    reach = max(_reach(part) for part in parts)
    if not reach <= MAX_ACTOR_REACH:
        findings.append(
            actor_finding(
                "error",
                file,
                tid,
                name,
                f"hitbox reaches {reach:g} px from the actor's centre; the limit is {MAX_ACTOR_REACH:,.0f} px",
            )
        )
        return None
    if len(parts) > 1:
        notes.append(f"hitbox of {len(parts)} convex parts")
    return ActorHitbox(name, tid, tile.image, tuple(parts), tuple(notes))


def _reach(shape: Shape) -> float:
    """How far ``shape`` reaches from the actor's centre (px): its farthest core point plus its
    radius (an ellipse: its larger semi-axis). Plain arithmetic: asking the engine for the
    shape's support would itself refuse a shape past its range."""
    if isinstance(shape, Ellipse):
        return max(shape.rx, shape.ry)
    if isinstance(shape, Circle):
        core = [shape.center]
    elif isinstance(shape, Capsule):
        core = [shape.p1, shape.p2]
    else:
        core = list(shape.points)
    return max(math.hypot(x, y) for x, y in core) + shape.radius


def _radius(shape: TileShape) -> float:
    value = shape.properties.get(RADIUS, 0.0)
    if RADIUS in shape.properties and shape.kind not in ("rectangle", "polygon"):
        raise _Problem(f"property {RADIUS!r} rounds rectangles and polygons only, not a {shape.kind}")
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value < 0
    ):
        raise _Problem(f"property {RADIUS!r} must be a number >= 0 (px), got {value!r}")
    if value > MAX_SIZE:
        # The hitbox's reach is checked later, but a radius past the engine's own limit (1e300)
        # raised the engine's ValueError from the shape first: a traceback out of the game and
        # ``game.check`` alike (a rectangle's; a polygon's said the engine's words).
        raise _Problem(f"property {RADIUS!r} is {value:g} px; the engine's limit is MAX_SIZE = {MAX_SIZE:g}")
    return float(value)


def _parts(shape: TileShape, frame: MapFrame) -> tuple[list[Shape], tuple[str, ...]]:
    """One collision object as convex shapes in the actor frame, and the notes about it."""
    radius = _radius(shape)
    # The walls are built unshifted in x, so a problem's "near (x, y)" is in the tile's own pixels
    # (as Tiled's collision editor shows them); their parts are moved by -cx below.
    unshifted = MapFrame(frame.height)
    try:
        built = build_wall(as_object(shape), unshifted)  # the level walls' checks and shapes, once
    except WallProblem as problem:
        raise _Problem(str(problem)) from None
    if shape.kind == "polygon":
        # Placed point by point (not the wall's centroid-relative parts moved back), so the
        # shipped outlines stay bit for bit what they say: the replays hash the positions.
        placed = [tiled_to_world(frame, shape.x, shape.y, shape.rotation, p)[:2] for p in shape.points]
        try:
            split = split_polygon(placed)
            return [Polygon(part, radius) for part in split.parts], built.notes
        except (OutlineError, ValueError) as problem:
            raise _Problem(str(problem)) from None
    baked = [_bake(part, (xf[0] + frame.offset_x, xf[1], xf[2]), radius) for part, xf in built.wall.parts]
    return baked, built.notes


def _bake(shape: Shape, xf, radius: float) -> Shape:
    """``shape`` placed by ``xf``, as a shape in the actor frame (engine shapes carry no transform)."""
    x, y, angle = float(xf[0]), float(xf[1]), float(xf[2])
    c, s = math.cos(angle), math.sin(angle)

    def move(p):
        if x == 0.0 and y == 0.0 and angle == 0.0:
            return (float(p[0]), float(p[1]))  # exact: the shipped shapes are centred and unturned
        return (x + c * p[0] - s * p[1], y + s * p[0] + c * p[1])

    if isinstance(shape, Polygon):
        return Polygon(tuple(move(p) for p in shape.points), radius)
    if isinstance(shape, Circle):
        return Circle(shape.radius, move(shape.center))
    if isinstance(shape, Capsule):
        return Capsule(move(shape.p1), move(shape.p2), shape.radius)
    if isinstance(shape, Ellipse):
        quarters = angle / (math.pi / 2)
        turned = round(quarters)
        if abs(x) > 1e-9 or abs(y) > 1e-9 or abs(math.degrees(angle) - 90.0 * turned) > _QUARTER_SLACK_DEG:
            raise _Problem(
                "an ellipse that is not a circle must be centred on the actor (the image's centre) "
                "and turned by a multiple of 90°: the engine's ellipse has no offset; "
                "use a circle or a polygon"
            )
        return Ellipse(shape.ry, shape.rx) if turned % 2 else Ellipse(shape.rx, shape.ry)
    raise _Problem(f"unknown shape {type(shape).__name__}")


def read_actors_for_play(
    path: Path | str = ACTORS_FILE,
) -> tuple[dict[str, ActorHitbox] | None, list[Finding]]:
    """``read_actors`` as the game reads it: the ONE path the game (``actor_hitboxes``) and
    ``game.check`` both take, so the checker refuses exactly what the game refuses (a concave
    player hull once checked clean while the game refused it). A hitbox of several convex parts
    plays (one body of several shapes); ``game.lab`` reads the same parts with ``read_actors``.
    """
    return read_actors(path)


@lru_cache(maxsize=1)
def actor_hitboxes() -> dict[str, ActorHitbox]:
    """The shipped ``assets/actors.tsj``, read once per process (``read_actors_for_play``);
    ``LevelError`` (one line) when the game cannot play with it."""
    hitboxes, findings = read_actors_for_play(ACTORS_FILE)
    if hitboxes is None:
        raise LevelError([f for f in findings if f.severity == "error"])
    return hitboxes


def actor_parts(name: str, hitboxes: Mapping[str, ActorHitbox] | None = None) -> tuple[Shape, ...]:
    """The convex parts of actor ``name``'s hitbox (of ``hitboxes``, the shipped ones by default),
    in the actor frame: the simulation's body for it holds one shape per part. ``KeyError`` names
    an unknown actor.

    >>> actor_parts("chaser")
    (Circle(radius=11.0, center=(0.0, 0.0)),)
    """
    boxes = actor_hitboxes() if hitboxes is None else hitboxes
    if name not in boxes:
        raise KeyError(f"no actor {name!r} (actors: {', '.join(ACTOR_NAMES)})")
    return tuple(boxes[name].parts)


def actor_shape(name: str, hitboxes: Mapping[str, ActorHitbox] | None = None) -> Shape:
    """The one convex shape of actor ``name``'s hitbox when it has one part (what tests and
    benchmarks measure against); ``ValueError`` (one line) for a hitbox of several parts, whose
    shapes are ``actor_parts``: no part stands for the whole, and there is no silent hull.

    >>> actor_shape("chaser")
    Circle(radius=11.0, center=(0.0, 0.0))
    """
    parts = actor_parts(name, hitboxes)
    if len(parts) > 1:
        raise ValueError(
            f"actor {name!r}: its hitbox has {len(parts)} convex parts; actor_parts gives them all"
        )
    return parts[0]
