"""What the lab shows about a pair of shapes, as plain data (no window needed).

``analyse`` runs the engine's queries on A at ``xf_a`` and B at ``xf_b``
(world frame: pixels, y up, radians counter-clockwise): the GJK trace step
by step (``engine.collision.trace``, the engine's own loop), the distance
and closest points, the EPA contact when they overlap, pymunk's verdict on
the same pair, and whether the two engines disagree beyond the touching
band. The Minkowski difference M = A − B is sampled through the shapes'
support functions, exactly as GJK sees it: M(d) = S_A(d) − S_B(−d).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from engine.collision import Contact, DistanceResult, Transform, contact, distance
from engine.collision.shapes import support_packed
from engine.collision.trace import GjkTrace, trace_gjk

from .pymunk_check import PymunkVerdict, pymunk_verdict

Vec2 = tuple[float, float]

#: Directions sampled around M's outline (a polygon's vertices each own a fan of them).
OUTLINE_DIRECTIONS = 256
#: Relative band (times the size of the pair) within which the engines may differ: touching.
AGREEMENT_BAND = 1e-9


class Analysis(NamedTuple):
    """Everything the lab draws and prints for one configuration."""

    trace: GjkTrace
    distance: DistanceResult
    contact: Contact | None
    pymunk: PymunkVerdict
    disagreement: str  # empty when the engines agree (or pymunk cannot say)
    minkowski: list[Vec2]  # outline of A − B, world frame, counter-clockwise
    minkowski_core: list[Vec2]  # outline of the cores' difference, where the simplex lives

    @property
    def hit(self) -> bool:
        return self.contact is not None


def world_support(shape, xf: Transform, dx: float, dy: float, core: bool = False) -> Vec2:
    """The point of ``shape`` at ``xf`` farthest along the world direction (dx, dy)."""
    c, s = math.cos(xf.angle), math.sin(xf.angle)
    lx, ly = c * dx + s * dy, -s * dx + c * dy
    if core:
        px, py, _ = support_packed.py_func(shape.packed, 0, lx, ly)
    else:
        px, py = shape.support(lx, ly)
    return c * px - s * py + xf.x, s * px + c * py + xf.y


def minkowski_outline(shape_a, xf_a, shape_b, xf_b, core: bool = False) -> list[Vec2]:
    """Outline of M = A − B (or of the cores' difference), world frame, counter-clockwise.

    >>> from engine.collision import Polygon
    >>> square = Polygon.box(1.0, 1.0)
    >>> sorted(minkowski_outline(square, Transform(0, 0, 0), square, Transform(5, 0, 0)))
    [(-7.0, -2.0), (-7.0, 2.0), (-3.0, -2.0), (-3.0, 2.0)]
    """
    xf_a, xf_b = Transform(*xf_a), Transform(*xf_b)
    points: list[Vec2] = []
    for k in range(OUTLINE_DIRECTIONS):
        t = 2.0 * math.pi * (k + 0.5) / OUTLINE_DIRECTIONS  # off the axes, where flat sides tie
        dx, dy = math.cos(t), math.sin(t)
        ax, ay = world_support(shape_a, xf_a, dx, dy, core)
        bx, by = world_support(shape_b, xf_b, -dx, -dy, core)
        p = (float(ax - bx), float(ay - by))
        if not points or math.dist(p, points[-1]) > 1e-9 * (1.0 + abs(p[0]) + abs(p[1])):
            points.append(p)
    if len(points) > 1 and math.dist(points[0], points[-1]) <= 1e-9 * (1.0 + abs(points[0][0])):
        points.pop()
    return points


def pair_size(shape_a, xf_a, shape_b, xf_b) -> float:
    """Both shapes' extents plus the distance between their origins (the engine's scale for tolerances)."""
    def extent(shape):
        return max(math.hypot(*shape.support(math.cos(t), math.sin(t))) for t in (0, 1.57, 3.14, 4.71))

    return extent(shape_a) + extent(shape_b) + math.dist(xf_a[:2], xf_b[:2])


def compare(ours_distance: float, ours: Contact | None, theirs: PymunkVerdict, size: float) -> str:
    """One line saying how pymunk disagrees with the engine, or '' when it does not.

    Within ``AGREEMENT_BAND`` × size of touching either verdict is right.

    >>> compare(0.0, None, PymunkVerdict(True, True, 0.5), 10.0)
    'pymunk says they overlap by 0.5, the engine says they are 0 apart'
    """
    if not theirs.available:
        return ""
    band = AGREEMENT_BAND * size
    their_depth = math.inf if theirs.depth is None else theirs.depth
    if ours is None and theirs.hit and their_depth > band:
        return f"pymunk says they overlap by {their_depth:.6g}, the engine says they are {ours_distance:.6g} apart"
    if ours is not None and not theirs.hit and ours.depth > band:
        return f"pymunk says they are apart, the engine says they overlap by {ours.depth:.6g}"
    if ours is not None and theirs.hit and theirs.depth is not None and abs(ours.depth - theirs.depth) > band:
        return f"depths differ: engine {ours.depth:.9g}, pymunk {theirs.depth:.9g}"
    return ""


def analyse(shape_a: Any, xf_a, shape_b: Any, xf_b) -> Analysis:
    """Run every query the lab shows on A at ``xf_a`` and B at ``xf_b``."""
    # Floats always: an int transform would make numba compile the kernel a second time.
    xf_a = Transform(*(float(v) for v in xf_a)).validated()
    xf_b = Transform(*(float(v) for v in xf_b)).validated()
    trace = trace_gjk(shape_a, xf_a, shape_b, xf_b)
    apart = distance(shape_a, xf_a, shape_b, xf_b)
    overlap = contact(shape_a, xf_a, shape_b, xf_b)
    theirs = pymunk_verdict(shape_a, xf_a, shape_b, xf_b)
    size = pair_size(shape_a, xf_a, shape_b, xf_b)
    return Analysis(
        trace,
        apart,
        overlap,
        theirs,
        compare(apart.distance, overlap, theirs, size),
        minkowski_outline(shape_a, xf_a, shape_b, xf_b),
        minkowski_outline(shape_a, xf_a, shape_b, xf_b, core=True),
    )
