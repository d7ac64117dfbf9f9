"""What the lab shows about a pair of shapes, as plain data (no window needed).

``analyse`` runs the engine's queries on A at ``xf_a`` and B at ``xf_b``
(world frame: pixels, y up, radians counter-clockwise): the GJK trace step
by step (``engine.collision.trace``, the engine's own loop), the distance
and closest points, the EPA contact when they overlap, pymunk's verdict on
the same pair, and whether the two engines disagree beyond the touching
band. The Minkowski difference M = A − B is sampled through the shapes'
support functions, exactly as GJK sees it: M(d) = S_A(d) − S_B(−d).

With a ``margin`` it also asks ``engine.collision.manifold`` for the
contact manifold and retraces how it was built (``clip_manifold``): which
rule gave the normal, each shape's support feature along it, the features
projected on the tangent, the stretch where they overlap, and each end of
that stretch as a point kept or dropped by the margin. The engine does not
expose those steps, so they are recomputed here in plain Python from public
data (the shapes' packed cores and radii, the transforms and the engine's
normal) by the steps ``engine/collision/manifold.py`` describes; the tests
hold the retrace to the engine's points, separations and ids on random pairs.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from engine.collision import Contact, DistanceResult, Manifold, Transform, contact, distance, manifold
from engine.collision.manifold import FACE_FLIP_REL, ID_BITS, ID_MASK, SAT_MAX_VERTICES, surface_offset
from engine.collision.narrowphase import LINEAR_TOLERANCE_REL, POSITION_EPS
from engine.collision.shapes import H_BOUND, H_COUNT, H_KIND, H_RADIUS, HEADER, KIND_ELLIPSE, support_packed
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
    #: The margin the manifold was asked with; None when it was not asked (the view is off).
    margin: float | None = None
    manifold: Manifold | None = None  # the engine's answer (None: farther apart than the margin)
    clipping: Clipping | None = None  # how it was built, retraced (None with no manifold)

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


def analyse(shape_a: Any, xf_a, shape_b: Any, xf_b, margin: float | None = None) -> Analysis:
    """Run every query the lab shows on A at ``xf_a`` and B at ``xf_b``; with a ``margin``
    (≥ 0, world units) the manifold too, and its clipping retraced."""
    # Floats always: an int transform would make numba compile the kernel a second time.
    xf_a = Transform(*(float(v) for v in xf_a)).validated()
    xf_b = Transform(*(float(v) for v in xf_b)).validated()
    trace = trace_gjk(shape_a, xf_a, shape_b, xf_b)
    apart = distance(shape_a, xf_a, shape_b, xf_b)
    overlap = contact(shape_a, xf_a, shape_b, xf_b)
    theirs = pymunk_verdict(shape_a, xf_a, shape_b, xf_b)
    size = pair_size(shape_a, xf_a, shape_b, xf_b)
    found = clipping = None
    if margin is not None:
        margin = float(margin)
        found = manifold(shape_a, xf_a, shape_b, xf_b, margin)
        if found is not None:
            clipping = clip_manifold(shape_a, xf_a, shape_b, xf_b, found.normal, margin)
    return Analysis(
        trace,
        apart,
        overlap,
        theirs,
        compare(apart.distance, overlap, theirs, size),
        minkowski_outline(shape_a, xf_a, shape_b, xf_b),
        minkowski_outline(shape_a, xf_a, shape_b, xf_b, core=True),
        margin,
        found,
        clipping,
    )


class Feature(NamedTuple):
    """A shape's support feature, world frame, on its *core* (the radius is added to the points
    later): an edge from ``start`` to ``end`` counter-clockwise round the core, or one point
    (``start == end``: a circle's centre, an ellipse's support point). The indices are the core's
    vertices as the ids use them (``ID_MASK`` for an ellipse's point)."""

    start: Vec2
    end: Vec2
    start_index: int
    end_index: int
    radius: float

    @property
    def single(self) -> bool:
        return self.start == self.end


class ClipPoint(NamedTuple):
    """One end of the clipped stretch, world frame: where it falls on A's and B's core features
    (``core_a``, ``core_b``), the same moved out by each shape's radius along the normal onto
    its surface (``point_a``, ``point_b``), ``separation = dot(point_b − point_a, normal)``, the
    feature id, and whether the margin keeps it."""

    core_a: Vec2
    core_b: Vec2
    point_a: Vec2
    point_b: Vec2
    separation: float
    id: int
    kept: bool


class Clipping(NamedTuple):
    """How a manifold is built (``engine/collision/manifold.py``, steps 2 to 4), world frame.

    ``tangent`` is the unit direction the features are projected on (the normal turned a
    quarter clockwise); ``span_a``/``span_b`` are each feature's (start, end) along it, measured
    from ``origin`` (A's position); ``stretch`` (lo, hi) is where the spans overlap (lo > hi when
    they do not); ``ends`` holds each end of it as a ``ClipPoint`` (one for a one-point feature),
    in the engine's order; ``keep_below`` is the margin plus the pair's touching tolerance.
    """

    normal: Vec2
    normal_rule: str
    feature_a: Feature
    feature_b: Feature
    origin: Vec2
    tangent: Vec2
    span_a: tuple[float, float]
    span_b: tuple[float, float]
    stretch: tuple[float, float]
    ends: tuple[ClipPoint, ...]
    margin: float
    keep_below: float

    @property
    def overlapping(self) -> bool:
        """Whether the spans overlap along the tangent, to the pair's touching tolerance. A vertex
        against a curve meets it at one value only as far as EPA's normal is exact (about 1e-6 of
        the pair's size on an ellipse), so it may show as a tiny gap."""
        return self.stretch[0] <= self.stretch[1] + (self.keep_below - self.margin)

    @property
    def kept(self) -> tuple[ClipPoint, ...]:
        """The points the manifold keeps, in its order."""
        return tuple(end for end in self.ends if end.kept)

    @property
    def dropped(self) -> tuple[ClipPoint, ...]:
        return tuple(end for end in self.ends if not end.kept)


def split_id(ident: int) -> tuple[int, int]:
    """A manifold point's id as (A's vertex, B's vertex).

    >>> split_id((2 << 16) | 1)
    (2, 1)
    """
    return (ident >> ID_BITS) & ID_MASK, ident & ID_MASK


def _core(shape) -> tuple[bool, float, list[Vec2]]:
    """(is an ellipse, radius, core vertices counter-clockwise), local frame, from the packed data."""
    packed = shape.packed
    count = int(packed[H_COUNT])
    vertices = [(float(packed[HEADER + 2 * i]), float(packed[HEADER + 2 * i + 1])) for i in range(count)]
    return packed[H_KIND] == KIND_ELLIPSE, float(packed[H_RADIUS]), vertices


def core_outline(shape, xf) -> list[Vec2]:
    """The core's vertices in the world (a circle's one point, a capsule's two); none for an
    ellipse, whose core is the whole ellipse (its radius is 0).

    >>> from engine.collision import Capsule
    >>> core_outline(Capsule((-1.0, 0.0), (1.0, 0.0), 0.5), Transform(10.0, 0.0, 0.0))
    [(9.0, 0.0), (11.0, 0.0)]
    """
    ellipse, _, vertices = _core(shape)
    return [] if ellipse else [_place(Transform(*xf), p) for p in vertices]


def _edge_normal(vertices: list[Vec2], i: int) -> Vec2:
    """Unit outward normal of the edge from vertex i to the next (a segment's two edges are its sides)."""
    (ax, ay), (bx, by) = vertices[i], vertices[(i + 1) % len(vertices)]
    n = math.hypot(bx - ax, by - ay)
    return (by - ay) / n, -(bx - ax) / n


def support_feature(shape, dx: float, dy: float) -> tuple[Vec2, Vec2, int, int]:
    """The feature of the core farthest along the local direction (dx, dy), local frame.

    Of the two edges at the support vertex (the first of equally far ones), the one whose outward
    normal is closer to the direction; a one-point core gives its point twice, an ellipse its
    support point with index ``ID_MASK``.

    >>> from engine.collision import Polygon
    >>> support_feature(Polygon.box(1.0, 1.0), 0.0, 1.0)
    ((1.0, 1.0), (-1.0, 1.0), 2, 3)
    """
    ellipse, _, vertices = _core(shape)
    if ellipse:
        x, y, _ = support_packed.py_func(shape.packed, 0, dx, dy)
        return (float(x), float(y)), (float(x), float(y)), ID_MASK, ID_MASK
    count = len(vertices)
    best = max(range(count), key=lambda i: (vertices[i][0] * dx + vertices[i][1] * dy, -i))
    if count == 1:
        return vertices[0], vertices[0], 0, 0
    before, after = (best - 1) % count, (best + 1) % count
    n0, n1 = _edge_normal(vertices, before), _edge_normal(vertices, best)
    if n0[0] * dx + n0[1] * dy > n1[0] * dx + n1[1] * dy:
        return vertices[before], vertices[best], before, best
    return vertices[best], vertices[after], best, after


def _max_separation(p: list[Vec2], q: list[Vec2]) -> tuple[float, int]:
    """Separating axes, both in one frame: the largest over P's edges of Q's least separation
    from that edge along its outward normal, and that edge."""
    best, face = -math.inf, 0
    for i, (px, py) in enumerate(p):
        nx, ny = _edge_normal(p, i)
        least = min((qx - px) * nx + (qy - py) * ny for qx, qy in q)
        if least > best:
            best, face = least, i
    return best, face


def _turn(angle: float, x: float, y: float) -> Vec2:
    c, s = math.cos(angle), math.sin(angle)
    return c * x - s * y, s * x + c * y


def _place(xf: Transform, p: Vec2) -> Vec2:
    x, y = _turn(xf.angle, *p)
    return x + xf.x, y + xf.y


def pair_tolerance(shape_a, xf_a: Transform, shape_b, xf_b: Transform) -> float:
    """The touching tolerance of the pair, as the engine's narrow phase computes it: relative to
    the pair's size, plus a few eps of the largest coordinate."""
    size = (
        shape_a.packed[H_BOUND]
        + shape_a.packed[H_RADIUS]
        + shape_b.packed[H_BOUND]
        + shape_b.packed[H_RADIUS]
        + math.dist(xf_a[:2], xf_b[:2])
    )
    largest = max(abs(xf_a.x), abs(xf_a.y), abs(xf_b.x), abs(xf_b.y))
    return float(LINEAR_TOLERANCE_REL * size + POSITION_EPS * largest)


def normal_rule(shape_a, xf_a: Transform, shape_b, xf_b: Transform, tol: float, core_gap: float) -> str:
    """Which rule gave the normal (the manifold's step 2), in words: a face by separating axes
    for two small polygons whose cores touch or overlap, else GJK (cores apart by ``core_gap``)
    or EPA (cores overlapping)."""
    ellipse_a, _, va = _core(shape_a)
    ellipse_b, _, vb = _core(shape_b)
    small = not ellipse_a and not ellipse_b and all(3 <= len(v) <= SAT_MAX_VERTICES for v in (va, vb))
    if small:
        b_in_a = [_local(xf_a, _place(xf_b, p)) for p in vb]
        a_in_b = [_local(xf_b, _place(xf_a, p)) for p in va]
        sep_a, face_a = _max_separation(va, b_in_a)
        sep_b, face_b = _max_separation(vb, a_in_b)
        if max(sep_a, sep_b) <= tol:
            flip = FACE_FLIP_REL * min(
                shape_a.packed[H_BOUND] + shape_a.packed[H_RADIUS],
                shape_b.packed[H_BOUND] + shape_b.packed[H_RADIUS],
            )
            if sep_b > sep_a + flip:
                return f"B's face {face_b} by separating axes (cores {-sep_b:.4g} deep)"
            return f"A's face {face_a} by separating axes (cores {-sep_a:.4g} deep)"
    if core_gap > tol:
        return f"GJK between the cores ({core_gap:.4g} apart)"
    return "EPA: the cores overlap"


#: The engine's step onto a rounded surface, run as plain Python (the lab compiles nothing for it).
_surface_offset = getattr(surface_offset, "py_func", surface_offset)


def _local(xf: Transform, p: Vec2) -> Vec2:
    return _turn(-xf.angle, p[0] - xf.x, p[1] - xf.y)


def _along(t0: float, t1: float, t: float) -> float:
    """Where ``t`` falls along t0 → t1, clamped to [0, 1]; 0 for a point."""
    span = t1 - t0
    return 0.0 if span == 0.0 else min(max((t - t0) / span, 0.0), 1.0)


def _lerp(p: Vec2, q: Vec2, u: float) -> Vec2:
    return p[0] + u * (q[0] - p[0]), p[1] + u * (q[1] - p[1])


def clip_manifold(shape_a, xf_a, shape_b, xf_b, normal: Vec2, margin: float = 0.0) -> Clipping:
    """Retrace the manifold's steps 3 and 4 along the engine's ``normal`` (world, unit, A towards
    B), and name the rule of step 2 (see ``Clipping``). World frame throughout; the engine works
    in A's frame, so the two agree to rounding."""
    xf_a, xf_b = Transform(*xf_a), Transform(*xf_b)
    nx, ny = normal
    ra, rb = float(shape_a.packed[H_RADIUS]), float(shape_b.packed[H_RADIUS])
    # 3. The features: A's along n, B's along −n, each found in its own frame.
    a0, a1, ia0, ia1 = support_feature(shape_a, *_turn(-xf_a.angle, nx, ny))
    b0, b1, ib0, ib1 = support_feature(shape_b, *_turn(-xf_b.angle, -nx, -ny))
    feature_a = Feature(_place(xf_a, a0), _place(xf_a, a1), ia0, ia1, ra)
    feature_b = Feature(_place(xf_b, b0), _place(xf_b, b1), ib0, ib1, rb)
    # 4. Project on the tangent, from A's position so the numbers are the pair's size.
    tangent = (ny, -nx)
    origin = (xf_a.x, xf_a.y)

    def along(p: Vec2) -> float:
        return (p[0] - origin[0]) * tangent[0] + (p[1] - origin[1]) * tangent[1]

    ta0, ta1 = along(feature_a.start), along(feature_a.end)
    tb0, tb1 = along(feature_b.start), along(feature_b.end)
    stretch = (max(min(ta0, ta1), min(tb0, tb1)), min(max(ta0, ta1), max(tb0, tb1)))
    tol = pair_tolerance(shape_a, xf_a, shape_b, xf_b)
    keep_below = margin + tol

    def end(ua: float, ub: float, ident: int) -> tuple[Vec2, Vec2, Vec2, Vec2, float, int]:
        core_a = _lerp(feature_a.start, feature_a.end, ua)
        core_b = _lerp(feature_b.start, feature_b.end, ub)
        # Out along the normal onto each rounded surface, as the engine does (more than the radius
        # where a feature slants).
        out_a = _surface_offset(*feature_a.start, *feature_a.end, *core_a, nx, ny, ra)
        out_b = _surface_offset(*feature_b.start, *feature_b.end, *core_b, -nx, -ny, rb)
        pa = (core_a[0] + out_a * nx, core_a[1] + out_a * ny)
        pb = (core_b[0] - out_b * nx, core_b[1] - out_b * ny)
        return core_a, core_b, pa, pb, (pb[0] - pa[0]) * nx + (pb[1] - pa[1]) * ny, ident

    # A's edge runs one way along the tangent and B's the other, so A's start meets B's end.
    first = end(_along(ta0, ta1, tb1), _along(tb0, tb1, ta0), (ia0 << ID_BITS) | ib1)
    second = end(_along(ta0, ta1, tb0), _along(tb0, tb1, ta1), (ia1 << ID_BITS) | ib0)
    # A stretch of length zero (both ends clipped to one place, to the pair's tolerance) is one point,
    # as in the engine.
    same = math.dist(first[2], second[2]) <= tol and math.dist(first[3], second[3]) <= tol
    single = feature_a.single or feature_b.single or same
    keep1, keep2 = first[4] <= keep_below, second[4] <= keep_below and not single
    if not keep1 and not keep2:  # rounding only: the closer one stays
        keep1, keep2 = single or first[4] <= second[4], not single and second[4] < first[4]
    ends = (ClipPoint(*first, keep1),) + (() if single else (ClipPoint(*second, keep2),))
    core_gap = min(e.separation for e in ends) + ra + rb
    rule = normal_rule(shape_a, xf_a, shape_b, xf_b, tol, core_gap)
    return Clipping(
        (nx, ny),
        rule,
        feature_a,
        feature_b,
        origin,
        tangent,
        (ta0, ta1),
        (tb0, tb1),
        stretch,
        ends,
        float(margin),
        keep_below,
    )
