"""Ray and shape casts by conservative advancement on GJK distances.

A cast moves shape A from its start along ``translation`` and finds the
first fraction t in [0, 1] where it comes within ``target`` of shape B.
Each step takes the distance d and the unit normal n from A to B (GJK), the
closing speed v = translation·n, and advances t by (d − target) / v: the
plane through B's closest point, facing A, is a supporting plane of B, so A
cannot reach B before it reaches that plane, and a flat face is reached in
one step. Moving away (v ≤ 0) is a miss. (Box2D v3 ``b2ShapeCast``; Mirtich's
conservative advancement.) A ray is a cast of a point.

Starting within reach: a cast that starts overlapping B is a hit at fraction
0 (a bullet spawned inside a wall stops at once), with the normal pointing
the way out; a mover may ask to escape instead when its translation leads
straight out. One that starts
touching B, or within ``target`` of it, hits at 0 only if the translation
closes in: a body resting against a wall can slide along it or leave.

Round casters (a circle or a ray: a single point core) against circles and
polygons take an exact shortcut first (``round_cast``): a ray against the
target grown by the reach, which settles every miss and every hit on a face
in a few flops; a start within reach or a hit near a corner falls back to
conservative advancement.

Long casts: a cast is first cut where the caster's box leaves, for good,
the box around everything it could hit (``clip_fraction``): nothing lies
beyond, so the cut changes no answer, and every tolerance and square after
it is the size of the scene, not of the cast (a ray of length 1e200 would
square to infinity, and one of 1e12 would have a tolerance of a thousand).

Frames: inputs and outputs are world-space. The hit normal is B's surface
normal at the hit, pointing from B towards A.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.epa import MAX_EPA_VERTICES, ROW
from ..collision.jit import inline, kernel, unmanaged
from ..collision.narrowphase import MODE_CONTACT, MODE_DISTANCE, collide_pair
from ..collision.shapes import H_BOUND, H_COUNT, H_KIND, H_RADIUS, HEADER, KIND_POINTS
from .boxes import slots_in_box

#: Advancement steps before a cast gives up and reports its best fraction as a hit.
MAX_CAST_ITERATIONS = 40
#: A move from within reach of B counts as closing in only above this fraction of its length.
CLOSING_REL = 1e-9
#: How close to its target, relative to the cast's reach and (cut) length, a cast counts as arrived.
ARRIVAL_REL = 1e-9
#: The box around the targets is grown by this fraction of the boxes' sizes before a cast is
#: cut to it, well above any arrival tolerance (``ARRIVAL_REL``), so the cut never drops a hit.
CLIP_MARGIN_REL = 1e-6
#: Significant bits a cast's cut keeps, rounded up (``clip_fraction``).
CUT_BITS = 8


class RayHit(NamedTuple):
    """Nearest body a ray meets. ``normal`` is the body's surface normal, facing the ray; ``shape``
    which of the body's shapes it met (a body of one shape: the body's own id)."""

    body: int
    point: tuple[float, float]
    normal: tuple[float, float]
    distance: float
    shape: int = -1


class CastHit(NamedTuple):
    """First body a moving shape meets, at ``fraction`` of its translation (0 if it starts inside);
    ``shape``: which of the body's shapes (a body of one shape: the body's own id)."""

    body: int
    fraction: float
    point: tuple[float, float]
    normal: tuple[float, float]
    shape: int = -1


class CastBatch(NamedTuple):
    """First hits of many bodies cast at once; ``body`` (and ``shape``: which of its shapes) is -1 and
    ``fraction`` 1 where nothing is hit."""

    body: np.ndarray
    fraction: np.ndarray
    point: np.ndarray
    normal: np.ndarray
    shape: np.ndarray | None = None


@inline
def clip_fraction(lo_x, lo_y, hi_x, hi_y, dx, dy, b_lo_x, b_lo_y, b_hi_x, b_hi_y, target):
    """Fraction of the move (dx, dy) after which the box lo–hi, moved along it,
    is for good farther than ``target`` from the box b_lo–b_hi (which holds
    every body the cast may meet); 1 when that never happens within the move,
    0 when the box is already past it and moving away (no hit is possible).

    The box b is grown by ``target`` and a margin (``CLIP_MARGIN_REL`` of both
    boxes' sizes, and rounding of their coordinates); per axis, the moving box
    leaves it for good once its trailing side passes b's far side. The
    fraction is then rounded up to 8 significant bits (``CUT_BITS``):
    cutting later drops no hit, and the same scene far from the world's
    origin, where the boxes' edges are rounded to 1.2e-7, is cut the same
    (a cut off by that rounding moved the arrival, and the normal near a
    corner, as far out as the rounding it meant to avoid), while the cut
    move stays within 0.4 % of the shortest, so its arrival tolerance does
    too. (A power of two, 100 % longer, moved a long cast's arrival by
    2.8e-6 px from a short one's.)

    >>> clip_fraction(-1.0, 49.0, 1.0, 51.0, 0.0, -1000.0, -100.0, -5.0, 100.0, 5.0, 0.0)  # 56.0002 of 1,000
    0.05615234375
    >>> 56.0 < clip_fraction(-1.0, 49.0, 1.0, 51.0, 0.0, -1e200, -100.0, -5.0, 100.0, 5.0, 0.0) * 1e200 < 56.3
    True
    """
    size = (hi_x - lo_x) + (hi_y - lo_y) + (b_hi_x - b_lo_x) + (b_hi_y - b_lo_y)
    largest = max(
        abs(lo_x), abs(lo_y), abs(hi_x), abs(hi_y), abs(b_lo_x), abs(b_lo_y), abs(b_hi_x), abs(b_hi_y)
    )
    grow = target + CLIP_MARGIN_REL * size + 1e-12 * largest
    t = 1.0
    if dx > 0.0:
        t = min(t, (b_hi_x + grow - lo_x) / dx)
    elif dx < 0.0:
        t = min(t, (b_lo_x - grow - hi_x) / dx)
    if dy > 0.0:
        t = min(t, (b_hi_y + grow - lo_y) / dy)
    elif dy < 0.0:
        t = min(t, (b_lo_y - grow - hi_y) / dy)
    if not t > 0.0:
        return 0.0
    # A power of two (ldexp: numba's 2.0 ** -1026 is 0), so t / step and back are exact.
    # At least the smallest float: a subnormal t (a scene of 1e-12 cast across by 1e308) has no finer step.
    step = max(math.ldexp(1.0, math.frexp(t)[1] - CUT_BITS), 5e-324)
    return min(math.ceil(t / step) * step, 1.0)


def point_shape() -> np.ndarray:
    """A packed point: the core of a ray (a shape of no size)."""
    packed = np.zeros(HEADER + 2)
    packed[0] = KIND_POINTS
    packed[2] = 1.0
    # Read-only like every shape's own buffer, so the cast kernels compile one signature for both.
    packed.flags.writeable = False
    return packed


class PointShape:
    """The core of a ray or a point query: a shape of no size, kept in a world's
    shape table like any other (it cannot be added as a body)."""

    packed = point_shape()
    radius = 0.0
    query_only = True

    def __reduce__(self):
        # The one ``POINT``, copied or unpickled: a world's shape table finds it by identity.
        return "POINT"

    def support(self, dx: float, dy: float) -> tuple[float, float]:
        return (0.0, 0.0)


POINT = PointShape()


@inline
def _enter_circle(px, py, mx, my, cx, cy, radius):
    """First t at which p + t·m enters the circle about c, and the unit normal
    there (from c to the entry point); t is inf if it never enters (p is
    outside the circle).

    The stable form: the closest approach t_c = −(e·m)/|m|² (e = p − c) and
    the offset there, e⊥ = e + t_c·m, first; then t = t_c − √((r² − |e⊥|²)/|m|²).
    The textbook discriminant (e·m)² − |m|²(|e|² − r²) squares 1e9-long
    vectors to 1e36, where r² of a unit circle is below the rounding: a ray
    meeting a circle 1e9 away got the normal (0, 0) and a point 9.5 units
    off. Here every square is of e⊥ (at most r) or of m, and the normal is
    e⊥ − √(…)·m normalised: a unit vector, off by the rounding of e⊥
    (eps × |e|, 1.2e-7 at 1e9).
    """
    ex, ey = px - cx, py - cy
    a = mx * mx + my * my
    b = ex * mx + ey * my
    if a == 0.0 or b >= 0.0:
        return np.inf, 0.0, 0.0
    tc = -b / a
    qx, qy = ex + tc * mx, ey + tc * my
    rest = radius * radius - (qx * qx + qy * qy)
    if rest < 0.0:
        return np.inf, 0.0, 0.0
    back = np.sqrt(rest / a)
    nx, ny = qx - back * mx, qy - back * my
    size = np.sqrt(nx * nx + ny * ny)
    if size == 0.0:  # a circle of no size (a point core, no reach): the ray's own way back
        nx, ny, size = -mx, -my, np.sqrt(a)
    return max(tc - back, 0.0), nx / size, ny / size


# Not inlined: the sweep's loop and the one-pair cast call one compiled copy
# (inlined, numba builds a helper's IR again at each call site: benchmarks/compile_times.py).
@kernel
def round_cast(data_a, off_a, xa, ya, angle_a, dx, dy, data_b, off_b, xb, yb, cb, sb, target, tol):
    """Exact cast of a one-point core (circle, ray) against a circle or a polygon.

    B's rotation comes as its cosine ``cb`` and sine ``sb`` (a wall's are kept
    in its oriented box). The caster's centre moves along a ray; it comes
    within ``target`` of B when the ray meets B's core grown by
    R = r_a + r_b + target. For a circle that is a quadratic. For a polygon,
    the ray is clipped by the edge lines pushed out by R, a sharp-cornered
    polygon P' holding the grown one: where it enters P' beside the edge it
    crosses, that is the hit; where it enters P' past the end of that edge, it
    is in the corner of P' at that end's vertex v, outside the grown polygon,
    and the only way in from there is through the circle of radius R about v
    (leaving v's corner inside P' means crossing that circle), so the hit is
    the ray's entry into that circle if it comes before the ray leaves P',
    else a miss. Returns (status, t, nx, ny, px, py): status 0 miss, 1 hit, 2
    undecided (a start inside P' or within reach of a circle, another kind
    of shape).
    """
    if data_b[off_b + H_KIND] != KIND_POINTS:
        return 2, 0.0, 0.0, 0.0, 0.0, 0.0
    qx, qy = data_a[off_a + HEADER], data_a[off_a + HEADER + 1]
    ax, ay = xa, ya
    if qx != 0.0 or qy != 0.0:  # a circle about its own origin turns with no trigonometry
        ca, sa = np.cos(angle_a), np.sin(angle_a)
        ax, ay = xa + ca * qx - sa * qy, ya + sa * qx + ca * qy
    ra, rb = data_a[off_a + H_RADIUS], data_b[off_b + H_RADIUS]
    reach = ra + rb + target
    # The caster's centre and move in B's frame.
    fx, fy = ax - xb, ay - yb
    px, py = cb * fx + sb * fy, -sb * fx + cb * fy
    mx, my = cb * dx + sb * dy, -sb * dx + cb * dy
    count = np.int64(data_b[off_b + H_COUNT])
    base = off_b + HEADER
    nx, ny = 0.0, 0.0  # the hit's normal in B's frame (``_enter_circle``'s, or an edge's)
    if count == 1:
        vx, vy = data_b[base], data_b[base + 1]
        ex, ey = px - vx, py - vy
        if ex * ex + ey * ey <= (reach + tol) * (reach + tol):
            return 2, 0.0, 0.0, 0.0, 0.0, 0.0
        t, nx, ny = _enter_circle(px, py, mx, my, vx, vy, reach)
        if t > 1.0:
            return 0, 1.0, 0.0, 0.0, 0.0, 0.0
    elif count >= 3:
        t_in, t_out, edge, outside = 0.0, 1.0, -1, 0.0
        for i in range(count):
            j = i + 1 if i + 1 < count else 0
            vx, vy = data_b[base + 2 * i], data_b[base + 2 * i + 1]
            ex, ey = data_b[base + 2 * j] - vx, data_b[base + 2 * j + 1] - vy
            length = np.sqrt(ex * ex + ey * ey)
            nx, ny = ey / length, -ex / length  # outward: the vertices run counter-clockwise
            gap = (px - vx) * nx + (py - vy) * ny - reach  # > 0: outside this edge's line
            outside = max(outside, gap)
            speed = mx * nx + my * ny
            if speed == 0.0:
                if gap > 0.0:
                    return 0, 1.0, 0.0, 0.0, 0.0, 0.0
            elif speed < 0.0:
                if -gap / speed > t_in:
                    t_in, edge = -gap / speed, i
            else:
                t_out = min(t_out, -gap / speed)
        if outside <= tol:
            return 2, 0.0, 0.0, 0.0, 0.0, 0.0
        if edge < 0 or t_in > t_out:
            return 0, 1.0, 0.0, 0.0, 0.0, 0.0
        t = t_in
        j = edge + 1 if edge + 1 < count else 0
        vx, vy = data_b[base + 2 * edge], data_b[base + 2 * edge + 1]
        ex, ey = data_b[base + 2 * j] - vx, data_b[base + 2 * j + 1] - vy
        along = ((px + t * mx - vx) * ex + (py + t * my - vy) * ey) / (ex * ex + ey * ey)
        if along < 0.0 or along > 1.0:
            if along > 1.0:
                vx, vy = data_b[base + 2 * j], data_b[base + 2 * j + 1]
            t, nx, ny = _enter_circle(px, py, mx, my, vx, vy, reach)
            if t > t_out:
                return 0, 1.0, 0.0, 0.0, 0.0, 0.0
        else:
            length = np.sqrt(ex * ex + ey * ey)
            nx, ny = ey / length, -ex / length
    else:
        return 2, 0.0, 0.0, 0.0, 0.0, 0.0
    # Back to the world: B's normal there, and the point of B's surface facing A.
    wx, wy = cb * nx - sb * ny, sb * nx + cb * ny
    hx, hy = ax + t * dx - (ra + target) * wx, ay + t * dy - (ra + target) * wy
    return 1, t, wx, wy, hx, hy


@kernel
def cast_pair(
    data_a, off_a, xa, ya, angle_a, dx, dy, data_b, off_b, xb, yb, angle_b, target, tol, escape, poly
):
    """First fraction where A, moved by (dx, dy), comes within ``target`` of B.

    Returns (hit, fraction, nx, ny, px, py): n is B's outward normal at the
    hit (from B towards A), p the point of B that is hit. ``tol`` is how close
    to ``target`` counts as arrived. A round caster tries the exact
    ``round_cast`` first; ``escape`` skips it (see ``advance_cast``).
    """
    # Views of the same type as the sweep's (the caller holds the arrays), so
    # ``advance_cast`` compiles once for a single cast and for the sweep.
    data_a, data_b = unmanaged(data_a), unmanaged(data_b)
    round_a = data_a[off_a + H_KIND] == KIND_POINTS and data_a[off_a + H_COUNT] == 1
    cb, sb = (np.cos(angle_b), np.sin(angle_b)) if round_a and not escape else (1.0, 0.0)
    return cast_turned(
        data_a, off_a, round_a, xa, ya, angle_a, dx, dy,
        data_b, off_b, xb, yb, angle_b, cb, sb, target, tol, escape, poly,
    )  # fmt: skip


@inline
def cast_turned(
    data_a, off_a, round_a, xa, ya, angle_a, dx, dy,
    data_b, off_b, xb, yb, angle_b, cb, sb, target, tol, escape, poly,
):  # fmt: skip
    """``cast_pair`` with B's rotation also given as cosine ``cb`` and sine ``sb``
    (a wall's are kept in its oriented box) and ``round_a`` telling whether A
    is a round caster: the exact ``round_cast`` first, conservative
    advancement only where that is undecided."""
    if round_a and not escape:
        status, t, nx, ny, px, py = round_cast(
            data_a, off_a, xa, ya, angle_a, dx, dy, data_b, off_b, xb, yb, cb, sb, target, tol
        )
        if status != 2:
            return status == 1, t, nx, ny, px, py
    return advance_cast(
        data_a, off_a, xa, ya, angle_a, dx, dy, data_b, off_b, xb, yb, angle_b, target, tol, escape, poly
    )


@kernel
def advance_cast(
    data_a, off_a, xa, ya, angle_a, dx, dy, data_b, off_b, xb, yb, angle_b, target, tol, escape, poly
):
    """``cast_pair`` by conservative advancement alone, for any two shapes.

    ``escape``: a start overlapping B is no hit when the move leads straight out.
    """
    ra, bound_a = data_a[off_a + H_RADIUS], data_a[off_a + H_BOUND]
    rb, bound_b = data_b[off_b + H_RADIUS], data_b[off_b + H_BOUND]
    t = 0.0
    # Unit normal from A to B at the last step that was still apart: at arrival
    # the closest points coincide and their difference is only rounding.
    nx, ny = 0.0, 0.0
    for _ in range(MAX_CAST_ITERATIONS):
        r = collide_pair(
            data_a, off_a, ra, bound_a, data_b, off_b, rb, bound_b,
            xa + t * dx, ya + t * dy, angle_a, xb, yb, angle_b, MODE_DISTANCE, poly,
        )  # fmt: skip
        d = r.distance
        gx, gy = r.pbx - r.pax, r.pby - r.pay
        g = np.sqrt(gx * gx + gy * gy)
        if d <= target + tol:
            if t > 0.0:  # arrived; the last normal is the face reached
                return True, t, -nx, -ny, r.pbx, r.pby
            # Already within reach at the start. Overlapping: a hit, unless the
            # move leads straight out. Only touching or within the target: a
            # hit only if the move closes in; sliding along is free.
            c = collide_pair(
                data_a, off_a, ra, bound_a, data_b, off_b, rb, bound_b,
                xa, ya, angle_a, xb, yb, angle_b, MODE_CONTACT, poly,
            )  # fmt: skip
            # Overlapping by more than the rounding of the pair's own sizes is a hit at 0
            # however long the cast: ``tol`` grows with the cast's length (about 2 for a
            # 2e9-long ray, deeper than a unit circle a ray starting inside it then missed).
            # A mover (``escape``) keeps ``tol``: its moves are short, and a start that
            # deep treated as touching lets it slide along instead of sticking.
            deep = tol if escape else min(tol, ARRIVAL_REL * (ra + bound_a + rb + bound_b + target))
            if c.hit and c.depth > deep:
                if escape and dx * c.nx + dy * c.ny < 0.0:
                    return False, 1.0, 0.0, 0.0, 0.0, 0.0
                return True, 0.0, -c.nx, -c.ny, c.pbx, c.pby
            if g > 0.0:
                nx, ny = gx / g, gy / g
            elif c.hit:
                nx, ny = c.nx, c.ny
            if dx * nx + dy * ny > CLOSING_REL * np.sqrt(dx * dx + dy * dy):
                return True, 0.0, -nx, -ny, r.pbx, r.pby
            return False, 1.0, 0.0, 0.0, 0.0, 0.0
        nx, ny = gx / g, gy / g
        closing = dx * nx + dy * ny
        if closing <= 0.0:
            return False, 1.0, 0.0, 0.0, 0.0, 0.0
        t += (d - target) / closing
        if t > 1.0:
            return False, 1.0, 0.0, 0.0, 0.0, 0.0
    return True, t, -nx, -ny, r.pbx, r.pby


def cast_among(
    bodies, data_a: np.ndarray, off_a: int, xf, dx: float, dy: float, mask: int, one_sided=None
) -> CastHit | None:
    """Nearest hit of a packed shape swept from ``xf`` by (dx, dy) among the solid
    bodies (not sensors) in ``mask`` of a ``bodies.Bodies`` record: those whose
    boxes meet the swept box, then ``nearest_hit`` (``one_sided``: see there)."""
    x, y, _ = xf
    reach = float(data_a[off_a + H_BOUND] + data_a[off_a + H_RADIUS])
    lo_x, hi_x = min(x, x + dx) - reach, max(x, x + dx) + reach
    lo_y, hi_y = min(y, y + dy) - reach, max(y, y + dy) + reach
    slots = slots_in_box(bodies.boxes, bodies.layer, mask, lo_x, lo_y, hi_x, hi_y)
    slots = slots[~bodies.sensor[slots]]
    if not len(slots):
        return None
    return nearest_hit(bodies, slots, data_a, off_a, xf, dx, dy, one_sided)


def nearest_hit(
    bodies, slots: np.ndarray, data_a: np.ndarray, off_a: int, xf, dx: float, dy: float, one_sided=None
) -> CastHit | None:
    """Nearest hit of a packed shape swept from ``xf`` by (dx, dy) among the
    bodies ``slots`` (a ``bodies.Bodies`` record's rows, the candidates whose
    boxes meet the swept box). The move is first cut where it leaves the
    candidates' box for good (``clip_fraction``), so a cast of any finite
    length is exact. One shape cast from Python: a loop over few candidates.

    ``one_sided`` (per row, ``BodyArrays.one_sided``): a chain segment is met only from the side
    it faces (Box2D v3's ``b2RayCastSegment`` with ``oneSided``): a cast starting (its origin)
    behind the segment's line passes through it."""
    x, y, angle = xf
    reach = float(data_a[off_a + H_BOUND] + data_a[off_a + H_RADIUS])
    boxes = bodies.boxes[slots]
    cut = clip_fraction(
        x - reach, y - reach, x + reach, y + reach, dx, dy,
        boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max(), 0.0,
    )  # fmt: skip
    if cut == 0.0:
        return None
    dx, dy = cut * dx, cut * dy
    best: CastHit | None = None
    poly = np.zeros((MAX_EPA_VERTICES, ROW))
    tol = ARRIVAL_REL * (reach + math.hypot(dx, dy))
    for s in slots:
        bx, by, bangle = bodies.xf[s]
        if one_sided is not None and one_sided[s] and _behind(bodies, s, x, y):
            continue
        # In the caster's frame, as the sweep casts (``sweep.Casters``): nearby coordinates subtract exactly.
        hit, t, nx, ny, px, py = cast_pair(
            data_a, off_a, 0.0, 0.0, angle, dx, dy,
            bodies.data, bodies.offsets[bodies.shape[s]], bx - x, by - y, bangle, 0.0, tol, False, poly,
        )  # fmt: skip
        if hit and (best is None or t * cut < best.fraction):
            best = CastHit(
                int(bodies.ids[s]), float(t * cut), (float(x + px), float(y + py)), (float(nx), float(ny))
            )
    return best


def _behind(bodies, s: int, x: float, y: float) -> bool:
    """Whether (x, y) lies behind chain segment row ``s``'s line: on the left of p1 → p2, world."""
    off = int(bodies.offsets[bodies.shape[s]]) + HEADER
    lx1, ly1, lx2, ly2 = bodies.data[off : off + 4].tolist()
    bx, by, bangle = bodies.xf[s].tolist()
    c, s_ = math.cos(bangle), math.sin(bangle)
    p1x, p1y = bx + c * lx1 - s_ * ly1, by + s_ * lx1 + c * ly1
    ex, ey = c * (lx2 - lx1) - s_ * (ly2 - ly1), s_ * (lx2 - lx1) + c * (ly2 - ly1)
    return (x - p1x) * ey - (y - p1y) * ex < 0.0  # dot(o − p1, n), n = (ey, −ex)


__all__ = [
    "MAX_CAST_ITERATIONS",
    "POINT",
    "CastBatch",
    "CastHit",
    "PointShape",
    "RayHit",
    "advance_cast",
    "cast_among",
    "cast_pair",
    "cast_turned",
    "clip_fraction",
    "nearest_hit",
    "point_shape",
    "round_cast",
]
