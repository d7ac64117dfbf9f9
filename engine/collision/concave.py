"""Concave outlines as convex parts: the one decomposition the engine, the loader and the checker share.

The engine collides convex shapes only. ``convex_parts(points)`` turns any
simple outline (an L-shaped crate, a wall around a doorway, a Tiled
polygon) into convex ``Polygon`` parts that tile it exactly, to add to one
body as its shapes.

Contract of ``convex_parts``:

- In: a sequence (list, tuple, (n, 2) array) of at most
  ``MAX_OUTLINE_POINTS`` = 5,000 (x, y) points of real numbers, each
  coordinate finite with |x| <= ``MAX_COORDINATE`` (``limits``), winding
  either way; a closing point equal to the first is optional.
- Out: a list of convex ``Polygon`` parts, counter-clockwise, in the
  outline's own frame and unit (nothing is moved or scaled: add each part
  to the body at local (0, 0, 0)). A convex outline is one part. Every
  part's vertices are the outline's own floats, no new point is made, so
  the parts tile the cleaned outline with no gap and no overlap and their
  areas add up to its area exactly (in rational arithmetic, not merely
  to rounding; ``tests/engine/collision/test_convex_parts.py``). The one
  exception: a part that runs straight through a vertex, within
  ``COLLINEAR_SINE``, has it dropped by ``Polygon``, a change of area under
  1e-9 of that part's size squared.
- Cleaning, the same as ``Polygon``'s: points closer than
  ``WELD_TOLERANCE_REL`` (1e-6) of the outline's size (its box's
  diagonal) are one point, and a vertex where the outline runs straight
  on (a turn's sine under ``COLLINEAR_SINE``, 1e-9) is dropped; the
  tolerances are relative, so any unit (metres, a level's pixels) works.
- Refused, before any part is made, with one line naming ``points``, the
  problem and, for a crossing, where (``OutlineError``, a ``ValueError``):
  more than ``MAX_OUTLINE_POINTS`` points (counted before anything is
  read), a point that is not a pair of numbers (``TypeError``) or out of
  range, fewer than 3 distinct points, no area, and an outline that is
  not simple: two edges that cross or touch, or an outline that folds
  back on itself.

Method: ``clean_outline`` checks the outline is simple with a compiled
sweep over the edges, then ``split_polygon`` triangulates it by ear
clipping and merges the triangles back into convex pieces by
Hertel–Mehlhorn: drop every diagonal whose removal keeps both neighbours
convex. The result has at most four times the minimum number of convex
parts, and usually far fewer. ``split_polygon`` is the level loader's
entry: it returns the cleaned outline and the parts as point tuples, and
its ``OutlineError`` carries ``where`` (the point to mark) for the loader
to name in map pixels.

Speed: the self-intersection sweep and the ear clipper are compiled
(numba); Hertel–Mehlhorn visits each diagonal once. The largest outline
allowed (``MAX_OUTLINE_POINTS``, the loader's ``MAX_POLYGON_POINTS`` too)
is checked and split in well under 2 s, a concave star included
(``benchmarks/levels.py`` measures it).

All outlines here are y-up, counter-clockwise after ``clean_outline``.

>>> parts = convex_parts([(0, 0), (4, 0), (4, 1), (1, 1), (1, 3), (0, 3)])  # an L
>>> [part.points for part in parts]  # a trapezoid and a four-sided foot, of the L's own corners
[((4.0, 1.0), (1.0, 1.0), (0.0, 0.0), (4.0, 0.0)), ((1.0, 3.0), (0.0, 3.0), (0.0, 0.0), (1.0, 1.0))]
>>> [signed_area(part.points) for part in parts]  # 3.5 + 2.5: the L's area, 6
[3.5, 2.5]
"""

from __future__ import annotations

import math
from collections import deque
from typing import NamedTuple

import numpy as np

from .jit import kernel
from .shapes import COLLINEAR_SINE, WELD_TOLERANCE_REL, Polygon, _point

#: Most points an outline may have (the level loader's ``MAX_POLYGON_POINTS`` is this one).
#: The checks and the ear clipper are quadratic at worst, compiled: this many split in well under 2 s.
MAX_OUTLINE_POINTS = 5_000

__all__ = [
    "MAX_OUTLINE_POINTS",
    "OutlineError",
    "Split",
    "clean_outline",
    "convex_parts",
    "is_convex",
    "signed_area",
    "split_polygon",
]

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
    total = sum(
        points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n)
    )
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


def _straight(a: Point, b: Point, c: Point) -> bool:
    """Whether the outline runs straight on (or folds back) at ``b``; a fold back is an error."""
    turn = cross(a, b, c)
    if abs(turn) > COLLINEAR_SINE * math.dist(a, b) * math.dist(b, c):
        return False
    if (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) < 0.0:
        raise OutlineError("polygon self-intersects: it folds back on itself", b, say_where=True)
    return True


def _drop_straight(points: list[Point]) -> list[Point]:
    """Remove vertices where the outline runs straight on; a fold back (a spike) is an error.

    One pass with a stack (each vertex is pushed and popped at most once),
    then the seam where the outline closes, so it is linear in the points.
    """
    kept: deque[Point] = deque()
    for p in points:
        while len(kept) >= 2 and _straight(kept[-2], kept[-1], p):
            kept.pop()
        kept.append(p)
    while len(kept) >= 3:
        if _straight(kept[-2], kept[-1], kept[0]):
            kept.pop()
        elif _straight(kept[-1], kept[0], kept[1]):
            kept.popleft()
        else:
            break
    return list(kept)


def _segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether the closed segments p1p2 and q1q2 share a point."""
    d1, d2 = cross(q1, q2, p1), cross(q1, q2, p2)
    d3, d4 = cross(p1, p2, q1), cross(p1, p2, q2)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True

    def on(a: Point, b: Point, p: Point, d: float) -> bool:
        return (
            d == 0
            and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])
        )

    return on(q1, q2, p1, d1) or on(q1, q2, p2, d2) or on(p1, p2, q1, d3) or on(p1, p2, q2, d4)


def _crossing_point(p1: Point, p2: Point, q1: Point, q2: Point) -> Point:
    rx, ry = p2[0] - p1[0], p2[1] - p1[1]
    sx, sy = q2[0] - q1[0], q2[1] - q1[1]
    denom = rx * sy - ry * sx
    if denom == 0.0:
        return q1 if min(p1[0], p2[0]) <= q1[0] <= max(p1[0], p2[0]) else p1
    t = ((q1[0] - p1[0]) * sy - (q1[1] - p1[1]) * sx) / denom
    return p1[0] + t * rx, p1[1] + t * ry


@kernel
def _side(ox, oy, ax, ay, bx, by):
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)


@kernel
def _on(ax, ay, bx, by, px, py, d):
    return d == 0.0 and min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


@kernel
def _first_touching_edges(xs, ys):
    """Sweep and prune over the edges sorted by their left end: the first two edges that are not
    neighbours and share a point, as (i, j) (edge k runs from point k to k + 1), or (-1, -1).

    Only edges whose x ranges overlap are compared exactly (the same test as
    ``_segments_touch``), so an outline of a few thousand points is checked
    in milliseconds; the worst case (every edge spanning the same x range)
    is quadratic but compiled: 12.5 million cheap tests at the 5,000-point limit.
    """
    n = xs.shape[0]
    x0 = np.empty(n)
    x1 = np.empty(n)
    for k in range(n):
        m = (k + 1) % n
        x0[k] = min(xs[k], xs[m])
        x1[k] = max(xs[k], xs[m])
    order = np.argsort(x0)
    for a in range(n):
        i = order[a]
        ii = (i + 1) % n
        for b in range(a + 1, n):
            j = order[b]
            if x0[j] > x1[i]:
                break
            if j == ii or i == (j + 1) % n:
                continue  # neighbours share their common vertex
            jj = (j + 1) % n
            if max(ys[i], ys[ii]) < min(ys[j], ys[jj]) or max(ys[j], ys[jj]) < min(ys[i], ys[ii]):
                continue
            d1 = _side(xs[j], ys[j], xs[jj], ys[jj], xs[i], ys[i])
            d2 = _side(xs[j], ys[j], xs[jj], ys[jj], xs[ii], ys[ii])
            d3 = _side(xs[i], ys[i], xs[ii], ys[ii], xs[j], ys[j])
            d4 = _side(xs[i], ys[i], xs[ii], ys[ii], xs[jj], ys[jj])
            if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
                return min(i, j), max(i, j)
            if (
                _on(xs[j], ys[j], xs[jj], ys[jj], xs[i], ys[i], d1)
                or _on(xs[j], ys[j], xs[jj], ys[jj], xs[ii], ys[ii], d2)
                or _on(xs[i], ys[i], xs[ii], ys[ii], xs[j], ys[j], d3)
                or _on(xs[i], ys[i], xs[ii], ys[ii], xs[jj], ys[jj], d4)
            ):
                return min(i, j), max(i, j)
    return -1, -1


def check_simple(points: list[Point]) -> None:
    """Raise ``OutlineError`` if two edges that are not neighbours share a point."""
    n = len(points)
    if n < 4:
        return  # a triangle's edges are all neighbours
    xy = np.asarray(points, dtype=np.float64)
    i, j = _first_touching_edges(np.ascontiguousarray(xy[:, 0]), np.ascontiguousarray(xy[:, 1]))
    if i >= 0:
        edge_i = (points[i], points[(i + 1) % n])
        edge_j = (points[j], points[(j + 1) % n])
        where = _crossing_point(*edge_i, *edge_j)
        raise OutlineError("polygon self-intersects: two of its edges cross", where, say_where=True)


def clean_outline(points) -> tuple[Point, ...]:
    """A checked simple outline, counter-clockwise, without repeated or straight-through vertices.

    Raises ``OutlineError`` for more than ``MAX_OUTLINE_POINTS`` points
    (counted first), fewer than 3 distinct points, zero area or a
    self-intersection (including an outline that folds back on itself).

    >>> clean_outline([(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)])
    ((1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0))
    """
    if not hasattr(points, "__len__"):
        points = list(points)
    if len(points) > MAX_OUTLINE_POINTS:
        raise OutlineError(f"polygon has {len(points):,} points; the limit is {MAX_OUTLINE_POINTS:,}")
    pts = [(float(x), float(y)) for x, y in points]
    for p in pts:
        if not (math.isfinite(p[0]) and math.isfinite(p[1])):
            raise OutlineError(f"polygon point {p} is not finite")
    given = len(set(pts))
    welded = _weld(pts) if pts else pts
    distinct = len(set(welded))
    if distinct < 3 and given >= 3:
        # Points closer than the snapping tolerance are one point; say so, or "got 2" reads as a miscount.
        raise OutlineError(
            f"polygon's {given} distinct points snap to {distinct} (points closer than "
            f"WELD_TOLERANCE_REL = {WELD_TOLERANCE_REL:g} of its size, {WELD_TOLERANCE_REL * _size(pts):.3g} px "
            "here, are one point), so it has no area",
            pts[0],
        )
    if distinct < 3:
        raise OutlineError(
            f"polygon needs at least 3 distinct points, got {distinct}", pts[0] if pts else None
        )
    pts = welded
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


@kernel
def _is_ear(xs, ys, prev, nxt, reflex, b):
    """Whether the corner at ``b`` is convex and no reflex vertex lies in (or on) its triangle.

    A vertex inside an ear's triangle implies a reflex one inside (Eberly,
    "Triangulation by Ear Clipping", 2002), so only reflex vertices are tested.
    Vertices at the same place as a corner do not block it.
    """
    a, c = prev[b], nxt[b]
    ax, ay, bx, by, cx, cy = xs[a], ys[a], xs[b], ys[b], xs[c], ys[c]
    if _side(ax, ay, bx, by, cx, cy) <= 0.0:
        return False
    k = nxt[c]
    while k != a:
        if reflex[k]:
            px, py = xs[k], ys[k]
            same = (px == ax and py == ay) or (px == bx and py == by) or (px == cx and py == cy)
            if (
                not same
                and _side(ax, ay, bx, by, px, py) >= 0.0
                and _side(bx, by, cx, cy, px, py) >= 0.0
                and _side(cx, cy, ax, ay, px, py) >= 0.0
            ):
                return False
        k = nxt[k]
    return True


@kernel
def _ear_clip(xs, ys):
    """Triangles (n − 2, 3) of vertex indices of a simple counter-clockwise outline.

    The outline is a linked ring; each corner's ear flag is computed once and
    then only for the two neighbours of each clipped ear, so the work is
    O(n · r) for r reflex vertices: quadratic at worst, compiled.
    """
    n = xs.shape[0]
    prev = np.empty(n, np.int64)
    nxt = np.empty(n, np.int64)
    for k in range(n):
        prev[k] = (k - 1) % n
        nxt[k] = (k + 1) % n
    reflex = np.zeros(n, np.bool_)
    for k in range(n):
        reflex[k] = _side(xs[prev[k]], ys[prev[k]], xs[k], ys[k], xs[nxt[k]], ys[nxt[k]]) <= 0.0
    ear = np.zeros(n, np.bool_)
    for k in range(n):
        ear[k] = _is_ear(xs, ys, prev, nxt, reflex, k)
    triangles = np.empty((n - 2, 3), np.int64)
    remaining = n
    b = 0
    since_clip = 0
    t = 0
    while remaining > 3:
        if not ear[b] and since_clip <= remaining:
            b = nxt[b]
            since_clip += 1
            continue
        if not ear[b]:
            # Only rounding can get here (a simple polygon always has an ear):
            # clip the most convex corner so the loop always ends.
            best, best_turn, k = b, -np.inf, b
            for _ in range(remaining):
                turn = _side(xs[prev[k]], ys[prev[k]], xs[k], ys[k], xs[nxt[k]], ys[nxt[k]])
                if turn > best_turn:
                    best, best_turn = k, turn
                k = nxt[k]
            b = best
        a, c = prev[b], nxt[b]
        triangles[t, 0], triangles[t, 1], triangles[t, 2] = a, b, c
        t += 1
        nxt[a], prev[c] = c, a
        remaining -= 1
        for v in (a, c):
            reflex[v] = _side(xs[prev[v]], ys[prev[v]], xs[v], ys[v], xs[nxt[v]], ys[nxt[v]]) <= 0.0
        for v in (a, c):
            ear[v] = _is_ear(xs, ys, prev, nxt, reflex, v)
        b = c
        since_clip = 0
    triangles[t, 0], triangles[t, 1], triangles[t, 2] = prev[b], b, nxt[b]
    return triangles


def triangulate(points: tuple[Point, ...]) -> list[tuple[int, int, int]]:
    """Ear clipping of a simple counter-clockwise outline: triangles as vertex indices (CCW)."""
    xy = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    found = _ear_clip(np.ascontiguousarray(xy[:, 0]), np.ascontiguousarray(xy[:, 1]))
    return [(int(a), int(b), int(c)) for a, b, c in found]


def _merge(p: list[int], q: list[int], a: int, b: int) -> list[int]:
    """Join two CCW parts over their shared diagonal (p runs a→b, q runs b→a)."""
    k = p.index(b)
    p_rot = p[k:] + p[:k]  # b ... a
    m = q.index(a)
    q_rot = q[m:] + q[:m]  # a ... b
    return p_rot + q_rot[1:-1]


def _convex_corner(points, a: int, b: int, c: int) -> bool:
    pa, pb, pc = points[a], points[b], points[c]
    return cross(pa, pb, pc) >= -COLLINEAR_SINE * math.dist(pa, pb) * math.dist(pb, pc)


def merge_convex(points: tuple[Point, ...], triangles: list[tuple[int, int, int]]) -> list[list[int]]:
    """Hertel–Mehlhorn: remove diagonals while both sides stay convex.

    Each diagonal is visited once. Removing it changes the corners at its two
    ends only, so only those two are tested; parts are joined through a
    union-find over the triangles, so the whole pass is about linear.
    """
    n = len(points)
    parts: dict[int, list[int]] = {k: list(t) for k, t in enumerate(triangles)}
    root = list(range(len(triangles)))

    def find(k: int) -> int:
        while root[k] != k:
            root[k] = root[root[k]]
            k = root[k]
        return k

    owner: dict[tuple[int, int], int] = {}
    for k, (a, b, c) in enumerate(triangles):
        owner[(a, b)], owner[(b, c)], owner[(c, a)] = k, k, k
    for (a, b), tri in list(owner.items()):
        if (a + 1) % n == b or (b, a) not in owner or a > b:
            continue  # an outline edge, or the diagonal's other direction (visited as (b, a))
        p_key, q_key = find(tri), find(owner[(b, a)])
        if p_key == q_key:
            continue
        p, q = parts[p_key], parts[q_key]  # p runs a→b, q runs b→a
        ia, ib = p.index(a), q.index(b)
        p_prev_a, p_next_b = p[ia - 1], p[(p.index(b) + 1) % len(p)]
        q_next_a, q_prev_b = q[(q.index(a) + 1) % len(q)], q[ib - 1]
        if _convex_corner(points, p_prev_a, a, q_next_a) and _convex_corner(points, q_prev_b, b, p_next_b):
            parts[p_key] = _merge(p, q, a, b)
            del parts[q_key]
            root[q_key] = p_key
    return list(parts.values())


def split_polygon(points) -> Split:
    """Check an outline and split it into convex parts (one part if it is already convex).

    An L shape becomes two parts:

    >>> split = split_polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 3), (0, 3)])
    >>> len(split.parts), sum(signed_area(p) for p in split.parts) == signed_area(split.outline)
    (2, True)
    """
    outline = clean_outline(points)
    if is_convex(outline):
        return Split(outline, (outline,))
    parts = merge_convex(outline, triangulate(outline))
    return Split(outline, tuple(tuple(outline[i] for i in part) for part in parts))


def convex_parts(points) -> list[Polygon]:
    """A simple outline, concave or not, as convex ``Polygon`` parts that tile it exactly.

    ``points``: at most ``MAX_OUTLINE_POINTS`` (x, y) pairs in any frame and
    unit, either winding. The parts are counter-clockwise ``Polygon`` objects
    made of the outline's own vertices, in its frame: add each to a body
    at local (0, 0, 0). The module's docstring has the whole contract.

    A crossing is refused in one line that says where, in the outline's
    coordinates:

    >>> convex_parts([(0, 0), (2, 2), (2, 0), (0, 2)])
    Traceback (most recent call last):
    ...
    engine.collision.concave.OutlineError: convex_parts points: polygon self-intersects: two of its edges cross at (1, 1)
    """
    if isinstance(points, (str, bytes)) or not hasattr(points, "__len__") or not hasattr(points, "__iter__"):
        raise TypeError(
            "convex_parts points must be a sequence of (x, y) pairs of numbers (a list, tuple or "
            f"(n, 2) array), got {type(points).__name__}"
        )
    if len(points) > MAX_OUTLINE_POINTS:
        raise OutlineError(
            f"convex_parts points has {len(points):,} points; the limit is "
            f"MAX_OUTLINE_POINTS = {MAX_OUTLINE_POINTS:,}"
        )
    pts = [_point(f"convex_parts points[{i}]", p) for i, p in enumerate(points)]
    try:
        split = split_polygon(pts)
    except OutlineError as problem:
        place = ""
        if problem.say_where and problem.where is not None:
            place = f" at ({problem.where[0]:.9g}, {problem.where[1]:.9g})"
        raise OutlineError(f"convex_parts points: {problem}{place}", problem.where) from None
    parts = []
    for k, part in enumerate(split.parts):
        try:
            parts.append(Polygon(part))
        except ValueError as problem:  # a sliver part the tolerances of ``Polygon`` refuse
            centre = (sum(p[0] for p in part) / len(part), sum(p[1] for p in part) / len(part))
            raise OutlineError(
                f"convex_parts points: convex part {k} of {len(split.parts)}, near "
                f"({centre[0]:.9g}, {centre[1]:.9g}), is refused as a Polygon: {problem}",
                centre,
            ) from None
    return parts
