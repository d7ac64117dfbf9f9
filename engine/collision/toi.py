"""Time of impact: the first fraction of two sweeps at which two shapes come within a target distance.

A sweep (Box2D v3's ``b2Sweep``) is a body's motion over a step: its centre
of mass moves on a straight line from ``c1`` to ``c2`` (world) while its
angle turns from ``q1`` to ``q2`` (radians, counter-clockwise, y up), both
linearly in the fraction t in [0, 1]. ``local_center`` is the centre of mass
in the body's (shape's) local frame, so the shape's transform at t is
``angle = (1 - t)·q1 + t·q2``, ``origin = c(t) − R(angle)·local_center``.
(Box2D stores q1, q2 as rotations and normalises their linear blend; ours
are angles, which is how the solver turns a body and keeps a step's turn
below π unambiguous.)

``time_of_impact`` follows Box2D v3's ``b2TimeOfImpact`` (``src/distance.c``,
erincatto/box2d 617d32a and v3.1.1; conservative advancement by the local
separating axis method): distances are between the *cores* (each shape
without its radius), the target is Box2D's ``max(slop, ra + rb − slop)`` so
the outlines meet to within a slop, and the search stops within
``tolerance`` (Box2D: a quarter of the slop) of it.

1. At t1 (first 0) our compiled GJK distance (``queries._collide_pair_once``,
   the one the one-pair queries call: no second GJK is compiled) gives the
   core distance d and the unit normal n from A to B. Cores overlapping:
   ``OVERLAPPED`` at 0. d within ``target + tolerance``: ``HIT`` at t1.
2. The separating function along n, carried three ways (Box2D's separation
   types): fixed in the world (points), turning with A (face A) and turning
   with B (face B). Along each, the gap is B's support along −n minus A's
   along n; each is a separating axis' gap, so never above the distance,
   and all equal d at t1; s(t) is the largest of the three. Each changes
   at a bounded rate per unit fraction: the world one within ``vn ± R``
   (``vn`` the centres' relative motion along n, ``R`` each body's turn
   times the reach of its core about its centre of mass), the turning ones
   within the centres' relative motion plus the turns times the reaches
   the turning axis sweeps (the other body's support about this one's
   centre: at most the centres' largest distance plus that reach).
3. The first t in [t1, t_max] where s falls to the target is found by Box2D's
   root finder, bisection alternating with false position, on intervals
   that the rate bounds cannot clear. An interval is cleared when even the
   lowest s the bounds allow between its two measured ends stays above
   ``target − tolerance``; so a dip of s between two measured fractions is
   never stepped over. If the whole of [t1, t_max] is cleared: ``SEPARATED``
   at ``t_max``; otherwise t1 moves to the root and step 1 repeats.
4. After ``MAX_TOI_ITERATIONS`` distances without converging: ``FAILED`` at
   the last t1 (every fraction before it is still known to be clear).

Where this differs from Box2D, and why:
- Box2D picks one of the three forms from GJK's simplex cache and, on an
  axis, keeps the two support points it found at t2 while it searches for
  the root. Our compiled distance returns the closest points and the
  normal, not the simplex, so all three forms are carried and the largest
  gap taken, with the supports afresh at each fraction. It works for every
  core (ellipses have no vertices to index).
- Box2D decides "separated" from s at t_max alone and takes whichever root
  the finder lands on; a turning body can dip below the target between two
  measured fractions and come back out (a spinning bar's tip through a thin
  wall), which Box2D then misses. The rate bounds of step 2 close that gap;
  without rotation they cost nothing (s is then linear in t and the first
  false-position step lands on the root).
- Box2D's root finder stops after 50 evaluations; ours after 50 in a row
  that clear nothing (at most ``MAX_ROOT_EVALUATIONS`` in all), since the
  rate bounds can need many short intervals to clear a sweep that stays
  just beyond the target.

Frames and signs: sweeps, the normal and the fractions are world-frame; a
fraction is in [0, ``t_max``]; states are Box2D's ``b2TOIState``.
"""

from __future__ import annotations

import math
from enum import IntEnum
from typing import NamedTuple

import numpy as np

from .epa import ROW
from .jit import inline, kernel, view_at
from .limits import MAX_SIZE, check_transform, real, shown
from .narrowphase import MODE_DISTANCE
from .queries import _collide_pair_once
from .shapes import H_BOUND, H_RADIUS, Capsule, Circle, Ellipse, Polygon, _point, packed_at, support_packed

#: Box2D v3's ``B2_LINEAR_SLOP``, metres: the default target and tolerance scale with it.
LINEAR_SLOP = 0.005
#: Distances computed before giving up (Box2D's ``k_maxIterations``).
MAX_TOI_ITERATIONS = 20
#: Root-finder evaluations on one separating axis without clearing any of it (Box2D: 50 in all).
MAX_ROOT_ITERATIONS = 50
#: And in all, on one axis: 20 of Box2D's root searches (one per distance it computes).
MAX_ROOT_EVALUATIONS = MAX_TOI_ITERATIONS * MAX_ROOT_ITERATIONS

# A number numba does not see as a constant, as queries passes it (a literal would compile
# ``_collide_pair_once`` a second time, specialised on it).
_MODE_DISTANCE = np.int64(MODE_DISTANCE)

# Box2D's b2TOIState, in its order.
UNKNOWN, FAILED, OVERLAPPED, HIT, SEPARATED = range(5)
# What the root search on one axis ends with.
_ROOT, _CLEAR, _STUCK = range(3)


class TOIState(IntEnum):
    """How a time of impact ended (Box2D's ``b2TOIState``)."""

    UNKNOWN = UNKNOWN
    #: The search did not converge; ``fraction`` is the last one known to be clear.
    FAILED = FAILED
    #: The cores overlap at the start: no time of impact (fraction 0).
    OVERLAPPED = OVERLAPPED
    #: The cores come within ``target + tolerance`` at ``fraction``.
    HIT = HIT
    #: They stay farther than ``target − tolerance`` apart up to ``t_max``.
    SEPARATED = SEPARATED


_STATES = tuple(TOIState)


class Sweep(NamedTuple):
    """One body's motion over a step (``b2Sweep``), world frame unless said.

    ``local_center``: the centre of mass in the shape's local frame;
    ``c1``, ``c2``: the centre of mass at fractions 0 and 1 (world);
    ``q1``, ``q2``: the angle at fractions 0 and 1 (radians, counter-clockwise).

    >>> Sweep.still((2.0, 1.0, 0.5))
    Sweep(local_center=(0.0, 0.0), c1=(2.0, 1.0), c2=(2.0, 1.0), q1=0.5, q2=0.5)
    """

    local_center: tuple[float, float]
    c1: tuple[float, float]
    c2: tuple[float, float]
    q1: float
    q2: float

    @classmethod
    def still(cls, xf) -> Sweep:
        """A body that stays at ``xf`` (x, y, angle; checked as a query's transform), its centre of
        mass at its origin."""
        x, y, angle = check_transform("xf", xf)
        return cls((0.0, 0.0), (x, y), (x, y), angle, angle)

    def transform(self, t: float) -> tuple[float, float, float]:
        """The shape's (x, y, angle) at fraction ``t`` in 0..1 (``b2GetSweepTransform``); the sweep
        and ``t`` are checked as ``time_of_impact``'s arguments."""
        s, t = _checked_sweep("sweep", self), _in_range("t", t, 0.0, 1.0)
        return getattr(_sweep_pose, "py_func", _sweep_pose)(*s.local_center, *s.c1, *s.c2, s.q1, s.q2, t)[:3]


class TOIOutput(NamedTuple):
    """What ``time_of_impact`` answers: its ``state``, the ``fraction`` of the sweeps (in [0, t_max]),
    and for a ``HIT`` where and along what the shapes meet there (Box2D's ``b2TOIOutput``), from the
    distance between the cores at that fraction, world frame: ``point`` half-way between the two
    surfaces' closest points (each core's closest point carried out by its radius along the normal),
    ``normal`` the unit vector from A towards B, as ``Contact``'s. In any other state both are
    (nan, nan): there is no impact to place."""

    state: TOIState
    fraction: float
    point: tuple[float, float] = (math.nan, math.nan)
    normal: tuple[float, float] = (math.nan, math.nan)


class Sweeps(NamedTuple):
    """Many sweeps, one row each (the fields of ``Sweep`` as arrays): ``local_center``, ``c1``,
    ``c2`` (k, 2) and ``q1``, ``q2`` (k,), float64."""

    local_center: np.ndarray
    c1: np.ndarray
    c2: np.ndarray
    q1: np.ndarray
    q2: np.ndarray


class ImpactPairs(NamedTuple):
    """The pairs ``impacts`` searches, one row each.

    ``address_a``, ``address_b`` (int64): where each pair's packed shapes
    start in memory (a shape's ``_packed_address``, or a ``ShapeTable``'s
    data address plus 8 × its offset); the caller keeps that memory alive.
    ``t_max``, ``target``, ``tolerance`` (float64): as ``time_of_impact``'s.
    """

    address_a: np.ndarray
    sweep_a: Sweeps
    address_b: np.ndarray
    sweep_b: Sweeps
    t_max: np.ndarray
    target: np.ndarray
    tolerance: np.ndarray


class Impacts(NamedTuple):
    """``impacts``' answers, one row per pair: ``state`` (int64, ``TOIState``), ``fraction``, and
    ``point``, ``normal`` (k, 2) as ``TOIOutput``'s (nan unless the state is ``HIT``)."""

    state: np.ndarray
    fraction: np.ndarray
    point: np.ndarray
    normal: np.ndarray


def no_impacts(k: int) -> Impacts:
    """An ``Impacts`` of ``k`` rows for ``impacts`` to fill."""
    return Impacts(np.zeros(k, np.int64), np.zeros(k), np.full((k, 2), np.nan), np.full((k, 2), np.nan))


@inline
def _sweep_pose(lx, ly, c1x, c1y, c2x, c2y, q1, q2, t):
    """(x, y, angle, cos, sin) of a sweep's shape at fraction ``t``; exact at both ends."""
    u = 1.0 - t
    angle = u * q1 + t * q2
    c, s = math.cos(angle), math.sin(angle)
    x = u * c1x + t * c2x - (c * lx - s * ly)
    y = u * c1y + t * c2y - (s * lx + c * ly)
    return x, y, angle, c, s


@inline
def _pose_of(sw, k, t):
    return _sweep_pose(
        sw.local_center[k, 0], sw.local_center[k, 1], sw.c1[k, 0], sw.c1[k, 1], sw.c2[k, 0], sw.c2[k, 1],
        sw.q1[k], sw.q2[k], t,
    )  # fmt: skip


class Axis(NamedTuple):
    """A separating axis over a sweep, carried three ways (Box2D's separation function types): fixed in
    the world (``wx, wy``, points), turning with A (``ax, ay`` in A's local frame, face A) and turning
    with B (``bx, by``, face B); all the unit normal from A towards B at the fraction it was taken.
    Each gap along it can change at most at its rate per unit fraction: the world one within
    ``vn ± rate_w`` (``vn`` the centres' relative motion along it), the turning ones within
    ``± rate_a`` and ``± rate_b``."""

    wx: float
    wy: float
    ax: float
    ay: float
    bx: float
    by: float
    vn: float
    rate_w: float
    rate_a: float
    rate_b: float


@inline
def _gap_along(data_a, xa, ya, ca, sa, data_b, xb, yb, cb, sb, nx, ny):
    """Gap between the cores along the world unit direction n: B's support along −n minus A's along
    n, projected on n (negative when they overlap along it)."""
    px, py, _ = support_packed(data_a, 0, ca * nx + sa * ny, ca * ny - sa * nx)
    qx, qy, _ = support_packed(data_b, 0, -(cb * nx + sb * ny), -(cb * ny - sb * nx))
    ax, ay = xa + ca * px - sa * py, ya + sa * px + ca * py
    bx, by = xb + cb * qx - sb * qy, yb + sb * qx + cb * qy
    return (bx - ax) * nx + (by - ay) * ny


@kernel
def _gaps(data_a, sw_a, data_b, sw_b, k, axis, t, target, gaps, row):
    """The gaps along the three forms of ``axis`` at fraction ``t``, less ``target``, into ``gaps[row]``;
    returns the largest (each is a separating axis' gap, so each is at most the distance).
    Not inlined, and one support pair in a loop: the kernel's compile grows with every copy
    of the supports (measured: 25 s of CPU with three inlined calls of three)."""
    xa, ya, _, ca, sa = _pose_of(sw_a, k, t)
    xb, yb, _, cb, sb = _pose_of(sw_b, k, t)
    largest = -math.inf
    for form in range(3):
        if form == 0:  # fixed in the world
            nx, ny = axis.wx, axis.wy
        elif form == 1:  # turning with A, in the world at t
            nx, ny = ca * axis.ax - sa * axis.ay, sa * axis.ax + ca * axis.ay
        else:  # turning with B
            nx, ny = cb * axis.bx - sb * axis.by, sb * axis.bx + cb * axis.by
        gaps[row, form] = _gap_along(data_a, xa, ya, ca, sa, data_b, xb, yb, cb, sb, nx, ny) - target
        largest = max(largest, gaps[row, form])
    return largest


@inline
def _lowest(a, ga, b, gb, vn, rate):
    """The lowest value a function can take on [a, b] when it is ``ga`` at a, ``gb`` at b, and its
    slope lies within ``vn ± rate`` (the minimum of the larger of the two bounding lines)."""
    down, up = vn - rate, vn + rate  # the slopes of the line from a and of the line into b
    if down >= 0.0:  # both lines rise: lowest at a
        return max(ga, gb - up * (b - a))
    if up <= 0.0:  # both fall: lowest at b
        return max(ga + down * (b - a), gb)
    t = (ga - gb + up * b - down * a) / (up - down)
    t = min(max(t, a), b)
    return max(ga + down * (t - a), gb - up * (b - t))


@inline
def _lowest_of_three(a, b, gaps, i, j, axis):
    """The lowest the largest of the three gaps can be on [a, b], measured at a (``gaps[i]``) and at b
    (``gaps[j]``): at least the largest of their lowest."""
    return max(
        _lowest(a, gaps[i, 0], b, gaps[j, 0], axis.vn, axis.rate_w),
        _lowest(a, gaps[i, 1], b, gaps[j, 1], 0.0, axis.rate_a),
        _lowest(a, gaps[i, 2], b, gaps[j, 2], 0.0, axis.rate_b),
    )


@inline
def _first_root(data_a, sw_a, data_b, sw_b, k, axis, t1, t_max, target, tol, ends, gaps):
    """The first fraction in [t1, t_max] where the separation along ``axis`` falls to ``target``.

    g = separation − target (the largest of the axis' three gaps), ``gaps[0]`` holds them at
    ``t1``, where g > tol. Returns (kind, t): ``_ROOT`` with |g(t)| <= tol and no fraction
    before it below −tol; ``_CLEAR`` when nothing in [t1, t_max] is below −tol; ``_STUCK``
    with the last fraction up to which that is known. ``ends[1:]`` and ``gaps[1:]`` hold the
    measured right ends still to clear, nearest last (a stack); ``gaps[0]`` the cleared left end.

    The search goes on while it clears: it gives up after ``MAX_ROOT_ITERATIONS`` splits in a
    row with nothing cleared, or ``MAX_ROOT_EVALUATIONS`` in all, or a full stack. (Counting every
    split, as Box2D does, gave up on a separation that stays just above the target along the
    whole sweep: the bounds clear only short intervals there, about 0.005 of the sweep, and
    each distance's search cleared 0.04 of it, so the 20 distances ended ``FAILED`` at 0.845 where
    the answer is ``SEPARATED``.)
    """
    a = t1
    ga = max(gaps[0, 0], gaps[0, 1], gaps[0, 2])
    ends[1] = t_max
    _gaps(data_a, sw_a, data_b, sw_b, k, axis, t_max, target, gaps, np.int64(1))
    top, splits, stalled = 2, 0, 0
    for _ in range(2 * MAX_ROOT_EVALUATIONS + 1):  # each split is cleared or split again
        if stalled == MAX_ROOT_ITERATIONS or splits == MAX_ROOT_EVALUATIONS or top == ends.shape[0]:
            break
        b = ends[top - 1]
        gb = max(gaps[top - 1, 0], gaps[top - 1, 1], gaps[top - 1, 2])
        if _lowest_of_three(a, b, gaps, 0, top - 1, axis) > -tol:
            if gb <= tol:  # reached the target at b, with nothing deeper before it
                return _ROOT, b
            top -= 1
            stalled = 0
            a, ga = b, gb
            gaps[0, 0], gaps[0, 1], gaps[0, 2] = gaps[top, 0], gaps[top, 1], gaps[top, 2]
            if top == 1:
                return _CLEAR, a
            continue
        # Something between a and b may reach the target: split there, Box2D's way
        # (bisection for progress, false position on odd steps to converge).
        t = a + ga * (b - a) / (ga - gb) if splits & 1 and gb < 0.0 else 0.5 * (a + b)
        if not a < t < b:  # down to rounding without settling: give the distance another try from a
            break
        ends[top] = t
        _gaps(data_a, sw_a, data_b, sw_b, k, axis, t, target, gaps, np.int64(top))
        top += 1
        splits += 1
        stalled += 1
    return _STUCK, a


@inline
def _core_gap(r, ra, rb):
    """The core distance and unit normal (world, A to B) from a ``MODE_DISTANCE`` ``PairResult``;
    distance 0 when the cores overlap (no normal)."""
    if r.hit:
        if r.nx == 0.0 and r.ny == 0.0:
            return 0.0, 0.0, 0.0
        return ra + rb - r.depth, r.nx, r.ny
    return r.distance + ra + rb, r.nx, r.ny


@inline
def _hit_point(r, d, ra, rb, nx, ny):
    """Box2D's averaged hit point from a ``MODE_DISTANCE`` ``PairResult`` ``r`` of shapes whose cores are
    ``d`` apart along the unit normal n (A to B): half-way between A's core point carried out by ra and
    B's carried in by rb, i.e. A's core point + (ra + d − rb) / 2 · n. ``r``'s point on A is that core
    point + ra·n when the outlines are apart, else the shared point ``collide_pair`` places t along n."""
    t = 0.5 * (max(-ra, d - rb) + min(ra, d + rb)) if r.hit else ra
    shift = 0.5 * (ra + d - rb) - t
    return r.pax + shift * nx, r.pay + shift * ny


@inline
def _time_of_impact(pairs, k, ends, gaps, none):
    """``time_of_impact`` of row ``k`` of an ``ImpactPairs``: (state, fraction, point x, point y,
    normal x, normal y), the point and normal nan unless the state is ``HIT``."""
    data_a, data_b = packed_at(pairs.address_a[k]), packed_at(pairs.address_b[k])
    sw_a, sw_b = pairs.sweep_a, pairs.sweep_b
    t_max, target, tol = pairs.t_max[k], pairs.target[k], pairs.tolerance[k]
    ra, rb = data_a[H_RADIUS], data_b[H_RADIUS]
    # The rate bounds. A core's support moves by turning at most its turn times its reach about its
    # centre of mass; an axis turning with B also sweeps A's support about B's centre (at most the
    # centres' largest distance, which is at an end of the sweep, plus A's reach), and the other way.
    reach_a = data_a[H_BOUND] + math.hypot(sw_a.local_center[k, 0], sw_a.local_center[k, 1])
    reach_b = data_b[H_BOUND] + math.hypot(sw_b.local_center[k, 0], sw_b.local_center[k, 1])
    turn_a, turn_b = abs(sw_a.q2[k] - sw_a.q1[k]), abs(sw_b.q2[k] - sw_b.q1[k])
    mx = (sw_b.c2[k, 0] - sw_b.c1[k, 0]) - (sw_a.c2[k, 0] - sw_a.c1[k, 0])
    my = (sw_b.c2[k, 1] - sw_b.c1[k, 1]) - (sw_a.c2[k, 1] - sw_a.c1[k, 1])
    apart = max(
        math.hypot(sw_b.c1[k, 0] - sw_a.c1[k, 0], sw_b.c1[k, 1] - sw_a.c1[k, 1]),
        math.hypot(sw_b.c2[k, 0] - sw_a.c2[k, 0], sw_b.c2[k, 1] - sw_a.c2[k, 1]),
    )
    moved = math.hypot(mx, my)
    slack = 1.0 + 1e-9  # the bounds must hold through rounding
    rate_w = (turn_a * reach_a + turn_b * reach_b) * slack
    rate_a = (moved + turn_a * (apart + reach_b) + turn_b * reach_b) * slack
    rate_b = (moved + turn_b * (apart + reach_a) + turn_a * reach_a) * slack
    t1 = 0.0
    nan = math.nan
    for _ in range(MAX_TOI_ITERATIONS):
        xa, ya, qa, ca, sa = _pose_of(sw_a, k, t1)
        xb, yb, qb, cb, sb = _pose_of(sw_b, k, t1)
        r = _collide_pair_once(data_a, data_b, xa, ya, qa, xb, yb, qb, _MODE_DISTANCE, none)
        d, nx, ny = _core_gap(r, ra, rb)
        if d <= 0.0:
            return OVERLAPPED, 0.0, nan, nan, nan, nan
        px, py = _hit_point(r, d, ra, rb, nx, ny)
        if d <= target + tol:
            return HIT, t1, px, py, nx, ny
        axis = Axis(
            nx, ny, ca * nx + sa * ny, ca * ny - sa * nx, cb * nx + sb * ny, cb * ny - sb * nx,
            mx * nx + my * ny, rate_w, rate_a, rate_b,
        )  # fmt: skip
        # Rows as int64, never literals: a literal would compile _gaps once per row number.
        g1 = _gaps(data_a, sw_a, data_b, sw_b, k, axis, t1, target, gaps, np.int64(0))
        if g1 < -tol:  # the axis disagrees with the distance (rounding): Box2D's failure
            return FAILED, t1, nan, nan, nan, nan
        if g1 <= tol:
            return HIT, t1, px, py, nx, ny
        kind, t = _first_root(data_a, sw_a, data_b, sw_b, k, axis, t1, t_max, target, tol, ends, gaps)
        if kind == _CLEAR:
            return SEPARATED, t_max, nan, nan, nan, nan
        t1 = t
    return FAILED, t1, nan, nan, nan, nan


@kernel
def impacts(pairs, out):
    """``time_of_impact`` of every row of ``pairs`` (an ``ImpactPairs``), into ``out`` (an ``Impacts``)."""
    # The root search's stack (a full one ends the search, as a stall does).
    ends = np.empty(2 * MAX_ROOT_ITERATIONS + 2)
    gaps = np.empty((2 * MAX_ROOT_ITERATIONS + 2, 3))
    for k in range(pairs.address_a.shape[0]):
        # A distance never runs EPA: an empty view stands in for its polytope (as the queries do).
        none = view_at(pairs.address_a[k], (0, ROW))
        state, fraction, px, py, nx, ny = _time_of_impact(pairs, k, ends, gaps, none)
        out.state[k], out.fraction[k] = state, fraction
        out.point[k, 0], out.point[k, 1], out.normal[k, 0], out.normal[k, 1] = px, py, nx, ny


def sweeps_of(rows: list[Sweep]) -> Sweeps:
    """A ``Sweeps`` record of ``Sweep`` rows."""
    return Sweeps(
        np.array([s.local_center for s in rows], np.float64).reshape(-1, 2),
        np.array([s.c1 for s in rows], np.float64).reshape(-1, 2),
        np.array([s.c2 for s in rows], np.float64).reshape(-1, 2),
        np.array([s.q1 for s in rows], np.float64),
        np.array([s.q2 for s in rows], np.float64),
    )


def default_target(a, b, slop: float = LINEAR_SLOP) -> float:
    """Box2D's target core distance for shapes ``a`` and ``b``: ``max(slop, ra + rb − slop)``;
    ``slop`` above 0 and at most ``MAX_TARGET``, each argument checked as ``time_of_impact``'s."""
    _check_shapes(a, b)
    slop = _in_range("slop", slop, 0.0, MAX_TARGET, above=True)
    return max(slop, float(a.packed[H_RADIUS]) + float(b.packed[H_RADIUS]) - slop)


def _check_shapes(a, b) -> None:
    for name, shape in (("a", a), ("b", b)):
        if not isinstance(shape, Capsule | Circle | Ellipse | Polygon):
            raise TypeError(f"{name} is a {type(shape).__name__}; time_of_impact takes the built-in shapes")


#: The largest ``target`` taken: the engine's largest size (``limits.MAX_SIZE``).
MAX_TARGET = MAX_SIZE


def _in_range(
    what: str, value, low: float, high: float, *, above: bool = False, below: bool = False
) -> float:
    """``value`` as a float in ``low``..``high`` (``above``/``below``: strictly), else one error naming it;
    a bool, a string or None is a ``TypeError`` (``limits.real``)."""
    v = real(what, value)
    if not ((low < v if above else low <= v) and (v < high if below else v <= high)):  # NaN fails too
        if not (above or below):
            raise ValueError(f"{what} is {shown(value)}: it must lie in {low:g}..{high:g}")
        lo, hi = ("above" if above else "at least"), ("below" if below else "at most")
        raise ValueError(f"{what} is {shown(value)}: it must lie {lo} {low:g} and {hi} {high:g}")
    return v


def _checked_sweep(what: str, sweep) -> Sweep:
    """``sweep`` (a ``Sweep``, or the five values of one) as a ``Sweep`` of floats, each point and
    angle checked as a transform's (``limits``); else one error naming it."""
    if isinstance(sweep, (str, bytes)) or not hasattr(sweep, "__len__") or not hasattr(sweep, "__iter__"):
        raise TypeError(
            f"{what} must be a Sweep(local_center, c1, c2, q1, q2), "
            f"got {shown(sweep)} ({type(sweep).__name__})"
        )
    if len(sweep) != 5:
        raise ValueError(
            f"{what} must be a Sweep(local_center, c1, c2, q1, q2), got {shown(sweep)}: "
            f"{len(sweep)} values, not 5"
        )
    local_center, c1, c2, q1, q2 = sweep
    points = [
        _point(f"{what} {name}", p) for name, p in (("local_center", local_center), ("c1", c1), ("c2", c2))
    ]
    angles = []
    for name, q in (("q1", q1), ("q2", q2)):
        q = real(f"{what} {name}", q)
        if not math.isfinite(q):
            raise ValueError(f"{what} {name} is {q}; an angle must be finite")
        angles.append(q)
    if not math.isfinite(angles[1] - angles[0]):
        raise ValueError(
            f"{what} turns from q1 = {angles[0]!r} to q2 = {angles[1]!r}: the turn must be finite"
        )
    return Sweep(*points, *angles)


def time_of_impact(
    a,
    sweep_a: Sweep,
    b,
    sweep_b: Sweep,
    t_max: float = 1.0,
    target: float | None = None,
    tolerance: float | None = None,
) -> TOIOutput:
    """The first fraction of the sweeps at which the cores of ``a`` and ``b`` come within ``target``.

    ``a`` and ``b`` are built-in shapes (``Circle``, ``Capsule``, ``Ellipse``,
    ``Polygon``); ``sweep_a``, ``sweep_b`` their ``Sweep`` (world frame). The
    target is a distance between the cores (shapes without their radius),
    by default Box2D's ``max(slop, ra + rb − slop)`` with its slop of
    0.005 (metres: pass ``target`` and ``tolerance`` in other units), and
    ``tolerance`` a quarter of the slop. See the module for the method.

    Every argument is checked before any work, as the queries' are, and refused
    with one error naming it: a sweep is a ``Sweep`` or its five values, its
    points within ``MAX_COORDINATE``, its angles and its turn finite; ``t_max``
    in 0..1; ``target`` above 0 and at most ``MAX_TARGET`` (1e9); ``tolerance``
    above 0 and below the target. A bool, a string or None is no number
    (``TypeError``).

    A 2 × 2 box moving 10 to the right at a wall 3 away from its face meets
    it when the gap is down to the target (0.005): at (3 − 0.005) / 10.

    >>> from engine.collision import Polygon
    >>> box, wall = Polygon.box(1.0, 1.0), Polygon.box(1.0, 10.0)  # half-widths
    >>> out = time_of_impact(wall, Sweep.still((5.0, 0.0, 0.0)),
    ...                      box, Sweep((0.0, 0.0), (0.0, 0.0), (10.0, 0.0), 0.0, 0.0))
    >>> out.state, round(out.fraction, 6)
    (<TOIState.HIT: 3>, 0.2995)
    """
    _check_shapes(a, b)
    sweep_a, sweep_b = _checked_sweep("sweep_a", sweep_a), _checked_sweep("sweep_b", sweep_b)
    t_max = _in_range("t_max", t_max, 0.0, 1.0)
    if target is None:
        target = default_target(a, b)
    else:
        target = _in_range("target", target, 0.0, MAX_TARGET, above=True)
    if tolerance is None:
        tolerance = 0.25 * LINEAR_SLOP
        if not tolerance < target:
            raise ValueError(
                f"target is {shown(target)}: it must lie above the default tolerance {tolerance:g} "
                "(a quarter of the slop), or pass a smaller tolerance"
            )
    else:
        tolerance = _in_range("tolerance", tolerance, 0.0, target, above=True, below=True)
    pairs = ImpactPairs(
        np.array([a._packed_address], np.int64), sweeps_of([sweep_a]),
        np.array([b._packed_address], np.int64), sweeps_of([sweep_b]),
        np.array([t_max]), np.array([target]), np.array([tolerance]),
    )  # fmt: skip
    out = no_impacts(1)
    impacts(pairs, out)
    point, normal = out.point[0].tolist(), out.normal[0].tolist()
    return TOIOutput(_STATES[int(out.state[0])], float(out.fraction[0]), tuple(point), tuple(normal))


__all__ = [
    "LINEAR_SLOP",
    "MAX_ROOT_EVALUATIONS",
    "MAX_ROOT_ITERATIONS",
    "MAX_TOI_ITERATIONS",
    "ImpactPairs",
    "Impacts",
    "Sweep",
    "Sweeps",
    "TOIOutput",
    "TOIState",
    "default_target",
    "impacts",
    "no_impacts",
    "sweeps_of",
    "time_of_impact",
]
