"""Simple polygons checked and split into convex parts.

Tiled lets a designer draw any outline; the engine collides convex shapes
only. ``split_polygon`` checks the outline is a simple polygon (at least
three distinct points, some area, no edge crossing or touching another),
then triangulates it by ear clipping and merges the triangles back into
convex pieces by Hertel–Mehlhorn: drop every diagonal whose removal keeps
both neighbours convex. The result has at most four times the minimum
number of convex parts, and usually far fewer.

All outlines here are y-up, counter-clockwise after ``clean_outline``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from engine.collision.shapes import COLLINEAR_SINE, WELD_TOLERANCE_REL

Point = tuple[float, float]


class OutlineError(ValueError):
    """The outline is not a simple polygon; the message says why, and ``where`` is a point to mark."""

    def __init__(self, message: str, where: Point | None = None, *, say_where: bool = False) -> None:
        super().__init__(message)
        self.where = where
        #: Whether the message should name the place (a crossing; the designer has to find it).
        self.say_where = say_where


class Split(NamedTuple):
    """A simple polygon's convex parts, each counter-clockwise."""

    outline: tuple[Point, ...]
    parts: tuple[tuple[Point, ...], ...]


def cross(o: Point, a: Point, b: Point) -> float:
    """(a − o) × (b − o): positive when o→a→b turns left (counter-clockwise)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def signed_area(points) -> float:
    """Shoelace area, positive for counter-clockwise outlines.

    >>> signed_area([(0, 0), (2, 0), (2, 1), (0, 1)])
    2.0
    """
    n = len(points)
    total = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))
    return 0.5 * total


def _size(points) -> float:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return math.hypot(max(xs) - min(xs), max(ys) - min(ys))


def _weld(points: list[Point]) -> list[Point]:
    weld = WELD_TOLERANCE_REL * _size(points)
    kept: list[Point] = []
    for p in points:
        if not kept or math.dist(p, kept[-1]) > weld:
            kept.append(p)
    while len(kept) > 1 and math.dist(kept[-1], kept[0]) <= weld:
        kept.pop()
    return kept


def _all_collinear(points: list[Point]) -> bool:
    """Whether every point lies on the line through the first point and the one farthest from it."""
    first = points[0]
    far = max(points, key=lambda p: math.dist(p, first))
    length = math.dist(first, far)
    return all(abs(cross(first, far, p)) <= COLLINEAR_SINE * length * length for p in points)


def _drop_straight(points: list[Point]) -> list[Point]:
    """Remove vertices where the outline runs straight on; a fold back (a spike) is an error."""
    changed = True
    while changed and len(points) >= 3:
        changed = False
        n = len(points)
        for k in range(n):
            a, b, c = points[k - 1], points[k], points[(k + 1) % n]
            ab, bc = math.dist(a, b), math.dist(b, c)
            turn = cross(a, b, c)
            if abs(turn) <= COLLINEAR_SINE * ab * bc:
                dot = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])
                if dot < 0.0:
                    raise OutlineError("polygon self-intersects: it folds back on itself", b, say_where=True)
                del points[k]
                changed = True
                break
    return points


def _segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether the closed segments p1p2 and q1q2 share a point."""
    d1, d2 = cross(q1, q2, p1), cross(q1, q2, p2)
    d3, d4 = cross(p1, p2, q1), cross(p1, p2, q2)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True

    def on(a: Point, b: Point, p: Point, d: float) -> bool:
        return d == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])

    return on(q1, q2, p1, d1) or on(q1, q2, p2, d2) or on(p1, p2, q1, d3) or on(p1, p2, q2, d4)


def _crossing_point(p1: Point, p2: Point, q1: Point, q2: Point) -> Point:
    rx, ry = p2[0] - p1[0], p2[1] - p1[1]
    sx, sy = q2[0] - q1[0], q2[1] - q1[1]
    denom = rx * sy - ry * sx
    if denom == 0.0:
        return q1 if min(p1[0], p2[0]) <= q1[0] <= max(p1[0], p2[0]) else p1
    t = ((q1[0] - p1[0]) * sy - (q1[1] - p1[1]) * sx) / denom
    return p1[0] + t * rx, p1[1] + t * ry


def check_simple(points: list[Point]) -> None:
    """Raise ``OutlineError`` if two edges that are not neighbours share a point."""
    n = len(points)
    edges = [(points[i], points[(i + 1) % n]) for i in range(n)]
    boxes = [
        (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])) for a, b in edges
    ]
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            bi, bj = boxes[i], boxes[j]
            if bi[0] > bj[2] or bj[0] > bi[2] or bi[1] > bj[3] or bj[1] > bi[3]:
                continue
            if _segments_touch(*edges[i], *edges[j]):
                where = _crossing_point(*edges[i], *edges[j])
                raise OutlineError("polygon self-intersects: two of its edges cross", where, say_where=True)


def clean_outline(points) -> tuple[Point, ...]:
    """A checked simple outline, counter-clockwise, without repeated or straight-through vertices.

    Raises ``OutlineError`` for fewer than 3 distinct points, zero area or
    a self-intersection (including an outline that folds back on itself).

    >>> clean_outline([(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)])
    ((1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0))
    """
    pts = [(float(x), float(y)) for x, y in points]
    for p in pts:
        if not (math.isfinite(p[0]) and math.isfinite(p[1])):
            raise OutlineError(f"polygon point {p} is not finite")
    pts = _weld(pts) if pts else pts
    distinct = len(set(pts))
    if distinct < 3:
        raise OutlineError(f"polygon needs at least 3 distinct points, got {distinct}", pts[0] if pts else None)
    if _all_collinear(pts):
        raise OutlineError("polygon has zero area (its points are collinear)", pts[0])
    check_simple(pts)
    if signed_area(pts) < 0.0:
        pts.reverse()
    pts = _drop_straight(pts)
    if len(pts) < 3 or signed_area(pts) <= COLLINEAR_SINE * _size(pts) ** 2:
        raise OutlineError("polygon has zero area (its points are collinear)", pts[0])
    return tuple(pts)


def is_convex(points) -> bool:
    """Whether a counter-clockwise outline never turns clockwise (straight runs allowed).

    >>> is_convex([(0, 0), (2, 0), (1, 0.2), (2, 1), (0, 1)])
    False
    """
    n = len(points)
    for k in range(n):
        a, b, c = points[k - 1], points[k], points[(k + 1) % n]
        if cross(a, b, c) < -COLLINEAR_SINE * math.dist(a, b) * math.dist(b, c):
            return False
    return True


def _in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    """Inside or on the boundary of the counter-clockwise triangle abc."""
    return cross(a, b, p) >= 0.0 and cross(b, c, p) >= 0.0 and cross(c, a, p) >= 0.0


def triangulate(points: tuple[Point, ...]) -> list[tuple[int, int, int]]:
    """Ear clipping of a simple counter-clockwise outline: triangles as vertex indices (CCW)."""
    remaining = list(range(len(points)))
    triangles: list[tuple[int, int, int]] = []
    while len(remaining) > 3:
        n = len(remaining)
        best = None
        for k in range(n):
            i_prev, i, i_next = remaining[k - 1], remaining[k], remaining[(k + 1) % n]
            a, b, c = points[i_prev], points[i], points[i_next]
            if cross(a, b, c) <= 0.0:
                continue
            blocked = any(
                _in_triangle(points[j], a, b, c)
                for j in remaining
                if j not in (i_prev, i, i_next) and points[j] not in (a, b, c)
            )
            if not blocked:
                best = k
                break
        if best is None:
            # Only rounding can get here (a simple polygon always has an ear):
            # clip the most convex corner so the loop always ends.
            best = max(range(n), key=lambda k: cross(points[remaining[k - 1]], points[remaining[k]],
                                                     points[remaining[(k + 1) % n]]))
        triangles.append((remaining[best - 1], remaining[best], remaining[(best + 1) % n]))
        del remaining[best]
    triangles.append((remaining[0], remaining[1], remaining[2]))
    return triangles


def _merge(p: list[int], q: list[int], a: int, b: int) -> list[int]:
    """Join two CCW parts over their shared diagonal (p runs a→b, q runs b→a)."""
    k = p.index(b)
    p_rot = p[k:] + p[:k]  # b ... a
    m = q.index(a)
    q_rot = q[m:] + q[:m]  # a ... b
    return p_rot + q_rot[1:-1]


def merge_convex(points: tuple[Point, ...], triangles: list[tuple[int, int, int]]) -> list[list[int]]:
    """Hertel–Mehlhorn: remove diagonals while both sides stay convex."""
    parts: dict[int, list[int]] = {k: list(t) for k, t in enumerate(triangles)}
    n = len(points)
    changed = True
    while changed:
        changed = False
        owner: dict[tuple[int, int], int] = {}
        for key, part in parts.items():
            for s in range(len(part)):
                owner[(part[s], part[(s + 1) % len(part)])] = key
        for (a, b), key in owner.items():
            if (a + 1) % n == b:
                continue  # an outline edge, not a diagonal
            other = owner.get((b, a))
            if other is None or other == key:
                continue
            merged = _merge(parts[key], parts[other], a, b)
            if is_convex([points[i] for i in merged]):
                parts[key] = merged
                del parts[other]
                changed = True
                break
    return list(parts.values())


def split_polygon(points) -> Split:
    """Check an outline and split it into convex parts (one part if it is already convex).

    An L shape becomes two boxes:

    >>> split = split_polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 3), (0, 3)])
    >>> len(split.parts), sum(signed_area(p) for p in split.parts) == signed_area(split.outline)
    (2, True)
    """
    outline = clean_outline(points)
    if is_convex(outline):
        return Split(outline, (outline,))
    parts = merge_convex(outline, triangulate(outline))
    return Split(outline, tuple(tuple(outline[i] for i in part) for part in parts))
