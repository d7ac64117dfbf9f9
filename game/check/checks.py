"""The checker's own checks: what a loadable level can still get wrong.

The loader (``game.levels.read_level``) reports everything about the file
itself; these checks run on the ``Level`` it returns, in world pixels (y up),
with the engine's queries and the player's shape:

- errors: the player start or a spawn inside a wall (a body of the
  player's size placed there overlaps it), a pickup inside a wall (its
  point is), a wall or a marker outside the map;
- warnings: a gap between two walls narrower than the player, an area
  (or a marker) the player cannot reach from the start, two walls that
  overlap and could be one, a very thin wall.

Every finding names the object it is about and where to mark it on a
hitbox sheet.
"""

from __future__ import annotations

import itertools
import math
from typing import Any, NamedTuple

import numpy as np

from engine.collision import (
    Capsule,
    Circle,
    Ellipse,
    Transform,
    aabb,
    contact,
    distance,
    intersects,
)
from game.level import Finding, Level, Marker, Wall

#: The player's collision shape: a disc 24 px across (levels/README.md, "Making a good level").
PLAYER_RADIUS = 12.0
PLAYER_SHAPE = Circle(PLAYER_RADIUS)
#: Pickups are points: one is inside a wall when this tiny disc around it overlaps the wall.
POINT_SHAPE = Circle(0.5)
#: Walls thinner than this (px, across their narrowest way) are hard to see and to aim at.
THIN_WALL = 6.0
#: Overlaps shallower than this (px) are walls that merely touch.
OVERLAP_SLACK = 1.0
#: Unreachable pockets smaller than this many grid cells are ignored (corners between walls).
MIN_POCKET_CELLS = 4


class Part(NamedTuple):
    """One convex part of a wall, placed, with its world bounding box (min_x, min_y, max_x, max_y)."""

    wall: Wall
    shape: Any
    xf: Transform
    box: tuple[float, float, float, float]


def wall_parts(level: Level) -> list[Part]:
    """Every convex part of every wall, with its world AABB."""
    return [Part(w, s, Transform(*xf), aabb(s, Transform(*xf))) for w in level.walls for s, xf in w.parts]


def _finding(severity, file: str, obj, problem: str, where) -> Finding:
    return Finding(severity, file, obj.object_id, obj.name, problem, where)


def _marker_word(level: Level, marker: Marker) -> str:
    if marker is level.player_start:
        return "player start"
    return f"{marker.kind} spawn" if marker in level.spawns else f"{marker.kind} pickup"


def check_level(level: Level, file: str) -> list[Finding]:
    """Run every check on a loaded level; ``file`` is how findings name it."""
    parts = wall_parts(level)
    findings = outside_map(level, parts, file)
    stuck = markers_in_walls(level, parts, file)
    findings += stuck
    findings += narrow_gaps(parts, file)
    findings += overlapping_walls(parts, file)
    findings += thin_walls(level, file)
    if not any(f.severity == "error" and f.object_id == level.player_start.object_id for f in findings):
        from .reach import unreachable  # reach builds on this module's shapes and records

        findings += unreachable(level, parts, file, skip={f.object_id for f in stuck})
    return findings


def outside_map(level: Level, parts: list[Part], file: str) -> list[Finding]:
    """Walls wholly outside the map rectangle, and markers outside it: errors."""
    found = []
    size = f"{level.width:g} × {level.height:g} px"
    for wall, group in itertools.groupby(parts, key=lambda p: p.wall):
        boxes = [p.box for p in group]
        if all(b[2] < 0 or b[0] > level.width or b[3] < 0 or b[1] > level.height for b in boxes):
            x, y = boxes[0][0], boxes[0][1]
            found.append(_finding("error", file, wall, f"wall is outside the map ({size})", (x, y)))
    for marker in (level.player_start, *level.spawns, *level.pickups):
        if not (0.0 <= marker.x <= level.width and 0.0 <= marker.y <= level.height):
            word = _marker_word(level, marker)
            problem = f"{word} at ({marker.x:g}, {marker.y:g}) is outside the map ({size})"
            found.append(_finding("error", file, marker, problem, (marker.x, marker.y)))
    return found


def markers_in_walls(level: Level, parts: list[Part], file: str) -> list[Finding]:
    """The start or a spawn where a player-sized body would overlap a wall, or a pickup inside one."""
    found = []
    for marker in (level.player_start, *level.spawns, *level.pickups):
        body = POINT_SHAPE if marker in level.pickups else PLAYER_SHAPE
        at = (float(marker.x), float(marker.y), 0.0)
        for part in parts:
            if intersects(body, at, part.shape, part.xf):
                wall = part.wall
                word = _marker_word(level, marker)
                how = "inside" if body is POINT_SHAPE else f"inside wall {wall.object_id} ({wall.name}): a body"
                problem = (f"{word} is inside wall {wall.object_id} ({wall.name})" if body is POINT_SHAPE else
                           f"{word} is {how} {2 * PLAYER_RADIUS:g} px across placed there overlaps it")
                found.append(_finding("error", file, marker, problem, (marker.x, marker.y)))
                break
    return found


def _near_pairs(parts: list[Part], margin: float):
    """Pairs of parts of different walls whose boxes come within ``margin`` of each other."""
    boxes = np.array([p.box for p in parts]).reshape(-1, 4)
    for i in range(len(parts)):
        near = np.nonzero(
            (boxes[i + 1:, 0] <= boxes[i, 2] + margin) & (boxes[i + 1:, 2] >= boxes[i, 0] - margin)
            & (boxes[i + 1:, 1] <= boxes[i, 3] + margin) & (boxes[i + 1:, 3] >= boxes[i, 1] - margin)
        )[0]
        for j in near + i + 1:
            if parts[i].wall.object_id != parts[j].wall.object_id:
                yield parts[i], parts[j]


def _wall_pair_key(p: Part, q: Part) -> tuple[int, int]:
    return tuple(sorted((p.wall.object_id, q.wall.object_id)))


def narrow_gaps(parts: list[Part], file: str) -> list[Finding]:
    """Two walls closer than the player is wide, but not touching: the player cannot pass (warning)."""
    width = 2.0 * PLAYER_RADIUS
    gaps: dict[tuple[int, int], tuple[float, Part, Part, tuple]] = {}
    for p, q in _near_pairs(parts, width):
        d = distance(p.shape, p.xf, q.shape, q.xf)
        key = _wall_pair_key(p, q)
        if 0.0 < d.distance < width and d.distance < gaps.get(key, (math.inf,))[0]:
            mid = ((d.point_a[0] + d.point_b[0]) / 2, (d.point_a[1] + d.point_b[1]) / 2)
            gaps[key] = (d.distance, p, q, mid)
    # A pair that also overlaps or touches somewhere is one obstacle, not a gap.
    touching = {_wall_pair_key(p, q) for p, q in _near_pairs(parts, 0.0) if intersects(p.shape, p.xf, q.shape, q.xf)}
    found = []
    for key, (gap, p, q, mid) in sorted(gaps.items()):
        if key in touching:
            continue
        first, other = (p, q) if p.wall.object_id == key[0] else (q, p)
        problem = (f"gap of {gap:.1f} px to wall {other.wall.object_id} ({other.wall.name}) is narrower than "
                   f"the player ({width:g} px): the player cannot pass")
        found.append(_finding("warning", file, first.wall, problem, mid))
    return found


def overlapping_walls(parts: list[Part], file: str) -> list[Finding]:
    """Two walls that overlap by more than ``OVERLAP_SLACK``: they could be merged (warning)."""
    deepest: dict[tuple[int, int], tuple[float, Part, Part, tuple]] = {}
    for p, q in _near_pairs(parts, 0.0):
        c = contact(p.shape, p.xf, q.shape, q.xf)
        key = _wall_pair_key(p, q)
        if c is not None and c.depth > OVERLAP_SLACK and c.depth > deepest.get(key, (0.0,))[0]:
            deepest[key] = (c.depth, p, q, c.point_a)
    found = []
    for key, (depth, p, q, where) in sorted(deepest.items()):
        first, other = (p, q) if p.wall.object_id == key[0] else (q, p)
        problem = (f"overlaps wall {other.wall.object_id} ({other.wall.name}) by {depth:.1f} px: "
                   "the two could be merged into one")
        found.append(_finding("warning", file, first.wall, problem, (float(where[0]), float(where[1]))))
    return found


def shape_width(shape) -> float:
    """How thick a convex shape is across its narrowest way.

    >>> from engine.collision import Polygon
    >>> shape_width(Polygon.box(10.0, 2.0, radius=1.0))
    6.0
    >>> shape_width(Capsule((0, 0), (50, 0), 3.0))
    6.0
    """
    if isinstance(shape, Circle):
        return 2.0 * shape.radius
    if isinstance(shape, Capsule):
        return 2.0 * shape.radius
    if isinstance(shape, Ellipse):
        return 2.0 * min(shape.rx, shape.ry)
    pts = shape.points
    best = math.inf
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        ex, ey = x1 - x0, y1 - y0
        n = math.hypot(ex, ey)
        best = min(best, max(abs((px - x0) * ey - (py - y0) * ex) / n for px, py in pts))
    return best + 2.0 * shape.radius


def narrowest_direction(shape) -> tuple[float, float]:
    """The unit direction (local frame) across which a convex shape is thinnest."""
    if isinstance(shape, Capsule):
        ex, ey = shape.p2[0] - shape.p1[0], shape.p2[1] - shape.p1[1]
        n = math.hypot(ex, ey) or 1.0
        return -ey / n, ex / n
    if isinstance(shape, Ellipse):
        return (1.0, 0.0) if shape.rx <= shape.ry else (0.0, 1.0)
    if isinstance(shape, Circle):
        return 1.0, 0.0
    pts = shape.points
    best, best_n = math.inf, (1.0, 0.0)
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        ex, ey = x1 - x0, y1 - y0
        n = math.hypot(ex, ey)
        width = max(abs((px - x0) * ey - (py - y0) * ex) / n for px, py in pts)
        if width < best:
            best, best_n = width, (ey / n, -ex / n)
    return best_n


def chord(points, px: float, py: float, nx: float, ny: float) -> float:
    """Length of the line p + t·n inside a convex polygon (counter-clockwise points), by clipping t.

    >>> chord([(0, 0), (4, 0), (4, 2), (0, 2)], 1.0, 1.0, 0.0, 1.0)
    2.0
    """
    lo, hi = -math.inf, math.inf
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        ox, oy = y1 - y0, x0 - x1  # outward normal of a counter-clockwise edge
        dist = (x0 - px) * ox + (y0 - py) * oy  # p lies inside where t·(n·o) <= dist
        rate = nx * ox + ny * oy
        if rate > 0:
            hi = min(hi, dist / rate)
        elif rate < 0:
            lo = max(lo, dist / rate)
        elif dist < 0:
            return 0.0
    return max(hi - lo, 0.0)


def split_wall_thickness(wall: Wall) -> float:
    """The thinnest place of a split polygon: through each part's centre, across its narrowest way,
    the length of that line inside the whole wall (its parts do not overlap, so their chords add up).
    A sliver the splitting made inside a thick wall is crossed by its neighbours, so it does not count."""
    world = [[Transform(*xf).apply(x, y) for x, y in shape.points] for shape, xf in wall.parts]
    thinnest = math.inf
    for (shape, xf), pts in zip(wall.parts, world):
        lx, ly = narrowest_direction(shape)
        c, s = math.cos(xf[2]), math.sin(xf[2])
        nx, ny = c * lx - s * ly, s * lx + c * ly
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        thinnest = min(thinnest, sum(chord(q, cx, cy, nx, ny) for q in world))
    return thinnest


def thin_walls(level: Level, file: str) -> list[Finding]:
    """Walls thinner than ``THIN_WALL`` across their narrowest way (warning)."""
    found = []
    for wall in level.walls:
        split = wall.kind == "polygon" and len(wall.parts) > 1
        width = split_wall_thickness(wall) if split else min(shape_width(shape) for shape, _ in wall.parts)
        if width < THIN_WALL:
            _, xf = wall.parts[0]
            problem = f"very thin wall ({width:.1f} px across; at least {THIN_WALL:g} px is easy to see and hit)"
            found.append(_finding("warning", file, wall, problem, (xf[0], xf[1])))
    return found
