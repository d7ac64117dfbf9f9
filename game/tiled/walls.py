"""Tiled shape objects as walls: convex engine shapes with world transforms.

- rectangle: one box, ``Polygon.box(w/2, h/2)``, centred on the rotated box centre;
- ellipse: a ``Circle`` when w == h, else an ``Ellipse(w/2, h/2)``, rotated;
- polygon: one ``Polygon`` if convex, else its convex parts (``engine.collision.concave``);
- polyline: one ``Capsule`` per segment, ``thickness`` px across;
- class ``chain`` or ``cave`` (a polyline or polygon): a chain of segments (``World.add_chain``),
  smooth at its bends; its segments are zero-radius capsules in ``parts`` and its world points,
  solid side on the right of each segment, in ``Wall.chain``.

Every part's transform comes from ``frame.tiled_to_world`` at the part's own
centre, with the object's engine angle, so shape coordinates stay small.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, NamedTuple

import pytiled_parser.tiled_object as tobj

from engine.collision import Capsule, Circle, Ellipse, Polygon, Transform
from engine.collision.concave import OutlineError, clean_outline, split_polygon
from engine.world import MAX_CHAIN_POINTS
from game.level import Wall

from .conventions import CAVE, CHAIN_CLASSES, DEFAULT_THICKNESS, THICKNESS
from .frame import MapFrame, tiled_to_world
from .limits import MAX_WALL_PARTS, MAX_WALL_POINTS

KINDS = {
    tobj.Rectangle: "rectangle",
    tobj.Ellipse: "ellipse",
    tobj.Polygon: "polygon",
    tobj.Polyline: "polyline",
    tobj.Point: "point",
    tobj.Text: "text",
    tobj.Tile: "tile object",
}


class WallProblem(ValueError):
    """A wall that cannot be built; ``where`` is the world point to mark."""

    def __init__(self, message: str, where: tuple[float, float] | None = None) -> None:
        super().__init__(message)
        self.where = where


class BuiltWall(NamedTuple):
    """A wall and what the designer should hear about it (warnings)."""

    wall: Wall
    notes: tuple[str, ...]


def part_cost(parts) -> tuple[int, int]:
    """(convex parts, vertices) of a wall's parts: what the limits ``MAX_WALL_PARTS`` and
    ``MAX_WALL_POINTS`` count (a shape without vertices, a circle, ellipse or capsule, counts 1)."""
    return len(parts), sum(len(getattr(shape, "points", ()) or ()) or 1 for shape, _ in parts)


class WallBudget:
    """The map's running count of wall parts and their vertices against ``MAX_WALL_PARTS`` and
    ``MAX_WALL_POINTS``; ``charge`` is called BEFORE the walls it counts are made."""

    def __init__(self) -> None:
        self.parts = 0
        self.points = 0

    def charge(self, parts: int, points: int) -> str | None:
        """Add ``parts`` and ``points``; a one-line problem (and nothing added) when past a limit."""
        if self.parts + parts > MAX_WALL_PARTS:
            return (
                f"the map's walls come to {self.parts + parts:,} convex parts; the limit is "
                f"{MAX_WALL_PARTS:,}"
            )
        if self.points + points > MAX_WALL_POINTS:
            return (
                f"the map's walls come to {self.points + points:,} points in their convex parts; the limit "
                f"is {MAX_WALL_POINTS:,}"
            )
        self.parts += parts
        self.points += points
        return None


def object_kind(obj: Any) -> str:
    """The Tiled kind of a pytiled object: rectangle, ellipse, polygon, polyline, point, text or tile object."""
    return KINDS.get(type(obj), type(obj).__name__.lower())


def build_wall(obj: Any, frame: MapFrame) -> BuiltWall:
    """One Tiled shape object as a ``Wall``; raises ``WallProblem`` when it cannot be one."""
    kind = object_kind(obj)
    builders = {"rectangle": _rectangle, "ellipse": _ellipse, "polygon": _polygon, "polyline": _polyline}
    if kind not in builders:
        raise WallProblem(f"a {kind} cannot be a wall (use a rectangle, ellipse, polygon or polyline)")
    if (obj.class_ or "") in CHAIN_CLASSES and kind in ("polygon", "polyline"):
        return BuiltWall(_chain(obj, frame, kind, obj.class_), ())
    parts, notes = builders[kind](obj, frame)
    wall = Wall(int(obj.id), obj.name or "", kind, tuple(parts), dict(obj.properties or {}))
    return BuiltWall(wall, tuple(notes))


def _chain(obj: Any, frame: MapFrame, kind: str, cls: str) -> Wall:
    """A polyline or polygon of class ``chain`` or ``cave`` as a chain wall.

    - a ``chain`` polyline: open, solid on both sides (the game adds it once each way);
    - a ``chain`` polygon (or closed polyline): a loop solid from outside, counter-clockwise;
    - a ``cave`` polygon: a loop solid from inside (clockwise), the open ground within it.
    """
    points = _local_points(obj)
    closed = kind == "polygon" or (len(points) >= 4 and points[0] == points[-1])
    if len(points) > MAX_CHAIN_POINTS:
        raise WallProblem(
            f"{cls} has {len(points):,} points; the limit is {MAX_CHAIN_POINTS:,} (MAX_CHAIN_POINTS)",
            _world(obj, frame, None),
        )
    if cls == CAVE and not closed:
        raise WallProblem(
            "a cave is the closed outline of open ground: draw it with the polygon tool",
            _world(obj, frame, None),
        )
    if closed:
        try:
            line = list(clean_outline(points))  # counter-clockwise, simple, no repeated points
        except OutlineError as problem:
            raise WallProblem(f"{cls} outline: {problem}", _world(obj, frame, problem.where)) from None
        if cls == CAVE:
            line.reverse()  # clockwise: each segment's solid right-hand side faces the open inside
        ends = list(zip(line, line[1:] + line[:1]))
    else:
        line = [p for k, p in enumerate(points) if k == 0 or p != points[k - 1]]
        if len(line) < 2:
            raise WallProblem(
                f"chain needs at least 2 distinct points, got {len(set(points))}", _world(obj, frame, None)
            )
        ends = list(itertools.pairwise(line))
    parts = []
    for a, b in ends:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        try:
            shape = Capsule((a[0] - mid[0], a[1] - mid[1]), (b[0] - mid[0], b[1] - mid[1]), 0.0)
        except ValueError as problem:
            raise WallProblem(
                f"{cls} segment rejected by the engine: {problem}", _world(obj, frame, mid)
            ) from None
        parts.append((shape, _placed(obj, frame, mid)))
    chain = tuple(_world(obj, frame, p) for p in line)
    return Wall(int(obj.id), obj.name or "", kind, tuple(parts), dict(obj.properties or {}),
                chain=chain, loop=closed, two_sided=not closed)  # fmt: skip


def _size(obj: Any, frame: MapFrame, kind: str) -> tuple[float, float]:
    w, h = float(obj.size.width), float(obj.size.height)
    if not (w > 0.0 and h > 0.0):
        where = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y)
        raise WallProblem(f"{kind} has zero size ({w:g} x {h:g})", (where.x, where.y))
    return w, h


def _rectangle(obj: Any, frame: MapFrame):
    w, h = _size(obj, frame, "rectangle")
    xf = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y, obj.rotation, (w / 2, h / 2))
    return [(Polygon.box(w / 2, h / 2), xf)], []


def _ellipse(obj: Any, frame: MapFrame):
    w, h = _size(obj, frame, "ellipse")
    xf = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y, obj.rotation, (w / 2, h / 2))
    shape = Circle(w / 2) if w == h else Ellipse(w / 2, h / 2)
    return [(shape, xf)], []


def _local_points(obj: Any) -> list[tuple[float, float]]:
    """Points relative to the pivot, y flipped up (the local frame the transforms rotate)."""
    return [(float(p.x), -float(p.y)) for p in obj.points]


def _placed(obj: Any, frame: MapFrame, centre: tuple[float, float]) -> Transform:
    """The transform of a part centred on the y-up local point ``centre``."""
    return tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y, obj.rotation, (centre[0], -centre[1]))


def _world(obj: Any, frame: MapFrame, local: tuple[float, float] | None) -> tuple[float, float]:
    xf = _placed(obj, frame, local or (0.0, 0.0))
    return xf.x, xf.y


def _polygon(obj: Any, frame: MapFrame):
    try:
        split = split_polygon(_local_points(obj))
    except OutlineError as problem:
        where = _world(obj, frame, problem.where)
        message = str(problem)
        if problem.say_where:
            # In the coordinates Tiled's status bar shows (map pixels, y down), to find it there.
            message += f" near ({where[0]:.0f}, {frame.height - where[1]:.0f})"
        raise WallProblem(message, where) from None
    parts = []
    for part in split.parts:
        cx = sum(p[0] for p in part) / len(part)
        cy = sum(p[1] for p in part) / len(part)
        try:
            shape = Polygon(tuple((x - cx, y - cy) for x, y in part))
        except ValueError as problem:
            raise WallProblem(
                f"convex part rejected by the engine: {problem}", _world(obj, frame, (cx, cy))
            ) from None
        parts.append((shape, _placed(obj, frame, (cx, cy))))
    notes = [f"concave polygon split into {len(parts)} convex parts"] if len(parts) > 1 else []
    return parts, notes


def polyline_thickness(obj: Any) -> float:
    """The ``thickness`` property of a polyline wall (``DEFAULT_THICKNESS`` when absent)."""
    value = (obj.properties or {}).get(THICKNESS, DEFAULT_THICKNESS)
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value <= 0
    ):
        raise WallProblem(f"property {THICKNESS!r} must be a number > 0 (pixels), got {value!r}")
    return float(value)


def _polyline(obj: Any, frame: MapFrame):
    points = _local_points(obj)
    if len(points) >= 4 and points[0] == points[-1] and THICKNESS not in (obj.properties or {}):
        # A closed outline drawn with the polyline tool: other tools fill it, so it is filled here too.
        parts, _ = _polygon(obj, frame)
        return parts, [
            f"closed polyline read as a filled polygon ({len(parts)} convex "
            f"part{'s' * (len(parts) != 1)}); give it a 'thickness' property to keep it a thin wall"
        ]
    radius = polyline_thickness(obj) / 2
    distinct = [p for k, p in enumerate(points) if k == 0 or p != points[k - 1]]
    if len(distinct) < 2:
        raise WallProblem(
            f"polyline needs at least 2 distinct points, got {len(set(points))}", _world(obj, frame, None)
        )
    parts = []
    for a, b in itertools.pairwise(distinct):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        shape = Capsule((a[0] - mid[0], a[1] - mid[1]), (b[0] - mid[0], b[1] - mid[1]), radius)
        parts.append((shape, _placed(obj, frame, mid)))
    return parts, []
