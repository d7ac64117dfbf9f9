"""One step of rigid-body motion: what ``World.step`` runs, in order.

Outline (Box2D v3 ``b2World_Step``, see ``solver`` for the sub-steps):

1. candidates: the world's broad phase (``pairs``) over every body's box
   grown by how far it can reach this step (``speculative`` plus its speed
   times dt), so every pair that could meet in the step is found; as Box2D's
   fat boxes, the broad phase runs on those boxes grown by ``FAT_MARGIN``
   more, and its candidates stand while every moving body's box stays inside
   its fat box and no body came or went (``Frame.epoch``): a resting pyramid
   runs it once in many steps. The extra pairs change nothing: two dynamic
   bodies farther apart than ``speculative`` are dropped before their
   manifold, a pair with a wall or a kinematic body gets no point beyond its
   margin, and the contacts are ordered by key, not by candidate. A pile-up
   (bodies on one another in a full cell) gives each body a bounded number
   of candidates (``pileup``);
2. wake: a sleeping island whose body an awake dynamic body or a moving
   kinematic body touches wakes whole, and so does one that had a contact with a
   static or kinematic body that moved (``sleep``);
3. contacts: manifolds, keys, solver order, warm start (``contact_set``); at
   most ``pileup.MAX_BODY_CONTACTS`` between dynamic bodies per body, the
   nearest, so a step holds O(bodies) contacts whatever lies on what;
4. the soft step over the awake dynamic bodies and the kinematic bodies
   that move (``solver.solve_step``), then the continuous pass: fast bodies
   against static ones, and fast bullets also against the other moving bodies;
   then ``finalize_bodies`` (Box2D's ``b2FinalizeBodiesTask``): the movers' world
   boxes refreshed in the frame, every force cleared, each pose the next step's
   start (a body the step would carry out of the coordinate range stays where it
   was: ``bounds``);
5. events, and the contacts kept for the next step;
6. sleep: islands still long enough fall asleep (``sleep``).

Lengths scale with ``units_per_meter`` (Box2D's ``b2SetLengthUnitsPerMeter``):
Box2D's tolerances are tuned for metres, a game in pixels passes how many
pixels make a metre, and every length and speed below scales with it.
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

import numba
import numpy as np

from ..collision.jit import bind_on_first_call, inline, kernel, unmanaged
from ..collision.limits import MIN_SIZE
from ..collision.narrowphase import MODE_VERDICT
from ..collision.shapes import H_BOUND, H_RADIUS, Capsule, Circle, Polygon, _support_packed_python
from ..collision.toi import ImpactPairs, Sweep, Sweeps, TOIState, impacts, no_impacts
from .bounds import hold, may_leave
from .box_pairs import pairs_meeting
from .boxes import aabb_of
from .chains import swept_towards
from .contact_set import ContactEvents, KeptContacts, find_contacts, finish_contacts, no_contacts, reach_boxes
from .frame import Frame
from .joint_solver import ASLEEP, NO_JOINTS, P_BREAK_FORCE, P_BREAK_TORQUE
from .joints import JointTable
from .membership import in_sorted, member_of
from .pairs import collide_slots, frame_candidates, renew_candidates
from .sleep import fall_asleep, put_island_to_sleep, wake_islands
from .solver import NO_CONSTRAINTS, StepSettings, make_soft, solve_step, solve_step_threaded

#: Box2D v3's defaults, in metres and seconds (``constants.h``, ``types.c``).
LINEAR_SLOP = 0.005
SPECULATIVE_DISTANCE = 4.0 * LINEAR_SLOP
CONTACT_HERTZ = 30.0
CONTACT_DAMPING_RATIO = 10.0
CONTACT_SPEED = 3.0
RESTITUTION_THRESHOLD = 1.0
MAX_LINEAR_SPEED = 400.0
MAX_ROTATION = 0.25 * math.pi
SLEEP_THRESHOLD = 0.05
#: Box2D v3 recycles a contact's manifold while the pair moves less than 10 slops; ours 0.2 (see contact_set).
RECYCLE_SLOPS = 0.2
#: A round vertex (a circle, a capsule's end) under a face gets a point under each end of the face
#: where its circle falls at most this many slops below its tangent there (``manifold``'s ``flat``):
#: a box on a planet rests on two points, not rocking on one, and sinks in by at most this much.
FLAT_SLOPS = 0.1
TIME_TO_SLEEP = 0.5
#: Box2D v3's ``B2_AABB_MARGIN`` (0.1 m): the broad phase runs on each moving body's box grown this
#: much more, and its candidates stand for the next steps while every body's box stays inside.
FAT_MARGIN = 0.1
#: At most this many moving bodies' boxes changed since the broad phase last ran (the others asleep,
#: or held): their pairs are found again, each against every moving body, and the rest kept
#: (``pairs.renew_candidates``); more, and the broad phase runs whole.
RENEW_MOST = np.int64(64)
#: What ``Dynamics.precompile`` (``World.precompile``) can compile: the broad phase (its walk and its
#: renewal), the contacts' manifolds, the solver.
PRECOMPILE_PARTS = ("pairs", "contacts", "solver")


class Tuning(NamedTuple):
    """A world's step constants, lengths already in world units."""

    substeps: int
    slop: float
    speculative: float
    contact_speed: float
    restitution_threshold: float
    max_linear_speed: float
    sleep_threshold: float
    #: A contact's manifold is recycled while its pair moved less than this since it was computed.
    recycle: float
    #: How far a round vertex's circle may fall below its tangent along a face and count as flat.
    flat: float
    #: How far the broad phase's boxes reach past the step's own (Box2D's ``B2_AABB_MARGIN``).
    fat_margin: float
    #: Threads the contact solver may use (``World(threads=...)``).
    threads: int = 1


def tuning(substeps: int, units_per_meter: float, threads: int = 1) -> Tuning:
    u = units_per_meter
    return Tuning(
        substeps, LINEAR_SLOP * u, SPECULATIVE_DISTANCE * u, CONTACT_SPEED * u, RESTITUTION_THRESHOLD * u,
        MAX_LINEAR_SPEED * u, SLEEP_THRESHOLD * u, RECYCLE_SLOPS * LINEAR_SLOP * u,
        FLAT_SLOPS * LINEAR_SLOP * u, FAT_MARGIN * u, threads,
    )  # fmt: skip


#: The fewest contacts a step of a world with threads solves on them: below, the threads' forks and
#: joins (some 90 a step, a few µs each) cost more than they save (measured, two free cores, ms a
#: step on one thread and two: a 40-row pyramid of some 2,400 contacts 0.38 and 0.43, 55 rows of
#: 4,600 0.72 and 0.71, 100 rows of 15,000 2.8 and 2.3).
THREADED_CONTACTS = 4000


def _solve_threaded(threads: int, *args):
    """``solve_step_threaded(*args)`` on a team of ``threads`` of numba's threads (at most as many as
    numba has). numba's parallel regions take all its threads by default, one a core, and an idle
    worker waits at each region's end on a core of its own: a world asking for two threads on an
    eight-core machine would have kept all eight busy."""
    previous = numba.get_num_threads()
    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        return solve_step_threaded()(*args)
    finally:
        numba.set_num_threads(previous)


@functools.lru_cache(maxsize=16)
def step_settings(dt: float, tune: Tuning, gravity: tuple[float, float]) -> StepSettings:
    """The solver's settings for a step of ``dt`` (a world steps at one or a few dts: kept)."""
    h = dt / tune.substeps
    hertz = min(CONTACT_HERTZ, 0.125 / h)  # Box2D v3: a spring the sub-step can follow
    return StepSettings(
        dt, tune.substeps, gravity[0], gravity[1],
        make_soft(hertz, CONTACT_DAMPING_RATIO, h), make_soft(2.0 * hertz, CONTACT_DAMPING_RATIO, h),
        tune.contact_speed, tune.restitution_threshold, tune.max_linear_speed, MAX_ROTATION, tune.threads,
    )  # fmt: skip


def _room(scratch: np.ndarray, need: int) -> np.ndarray:
    """``scratch`` (memory the step keeps from step to step) while it holds ``need`` items, else a
    new one with a quarter more room, its contents not kept: every item -1 (the solver's ``plan``
    reads that as no colouring)."""
    return scratch if len(scratch) >= need else np.full(need + need // 4, -1, scratch.dtype)


_NO_BOXES = np.zeros((0, 4))
_NO_PAIRS = np.zeros((0, 2), np.int64)
_NO_EVENTS = ContactEvents(
    _NO_PAIRS, np.zeros((0, 2)), np.zeros((0, 2)), np.zeros(0), _NO_PAIRS, _NO_PAIRS, _NO_PAIRS,
    _NO_PAIRS, _NO_PAIRS, np.zeros((0, 2)), np.zeros((0, 2)), np.zeros(0), _NO_PAIRS, _NO_PAIRS,
)  # fmt: skip


_NO_IDS = np.zeros(0, np.int64)
_NO_JOINED = np.zeros((0, 2), np.int64)
_NOT_PUSHED = (np.zeros(0, np.int64), np.zeros(0, np.bool_), np.zeros((0, 2)))


def _centres(xf: np.ndarray, center: np.ndarray) -> np.ndarray:
    """World centres of mass of bodies at ``xf`` (x, y, angle) whose centre of mass is ``center`` (local)."""
    c, s = np.cos(xf[:, 2]), np.sin(xf[:, 2])
    return np.column_stack(
        [xf[:, 0] + c * center[:, 0] - s * center[:, 1], xf[:, 1] + s * center[:, 0] + c * center[:, 1]]
    )


def _swept_pairs(rows, lo, hi, targets, boxes) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (row of ``rows``, slot of ``targets``) whose swept box (``lo``, ``hi``, indexed by
    row) meets the target's box (``boxes``, one row per target; touching counts): each against
    each, all at once, in chunks of bounded memory; in order of ``rows``, then of ``targets``. For
    targets that moved this step (a bullet's), few; the static ones are in a grid
    (``_swept_walls``)."""
    if not len(rows) or not len(targets):
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    chunk = max(1, 1_000_000 // len(targets))
    who, what = [], []
    for first in range(0, len(rows), chunk):
        part = rows[first : first + chunk]
        j, w = np.nonzero(
            (boxes[None, :, 0] <= hi[part, None, 0])
            & (lo[part, None, 0] <= boxes[None, :, 2])
            & (boxes[None, :, 1] <= hi[part, None, 1])
            & (lo[part, None, 1] <= boxes[None, :, 3])
        )
        who.append(part[j])
        what.append(targets[w])
    return np.concatenate(who), np.concatenate(what)


def _swept_walls(frame: Frame, rows, lo, hi, keep) -> tuple[np.ndarray, np.ndarray]:
    """``_swept_pairs`` of ``rows`` against the static bodies that ``keep`` (a flag per slot) keeps,
    the same pairs in the same order, found through the static bodies' grid
    (``Frame.walls_by_box``, as Box2D's ``b2SolveContinuous`` queries its static tree with each
    swept box): a fast body meets the few tiles near its path, not each of thousands."""
    walls, grid = frame.walls_by_box()
    if not len(rows) or not len(walls):
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    found = pairs_meeting(grid, np.column_stack([lo[rows], hi[rows]]))
    who, what = rows[found[:, 1]], walls[found[:, 0]]
    picked = keep[what]
    who, what = who[picked], what[picked]
    order = np.lexsort((what, who))  # (each walk meets its walls in cell order)
    return who[order], what[order]


@kernel
def nearly_fast(
    n, root, reach, dynamic, awake, start, xf, center, shape, data, offsets, extents, out, sweeps
):
    """Write to ``out`` the slots (below ``n``) of the awake dynamic bodies that may be fast this step (see
    ``Dynamics._continuous``) and return how many: those whose centre moved, or whose turn swept
    its reach, more than 0.49 of their smallest extent (``extents``, per shape; NaN or past its
    end: not known yet, so maybe fast). A conservative first look, in one compiled pass, so a step
    where nothing is fast skips the numpy work over every awake body; the bodies it keeps get
    the exact test (the margin covers rounding: the exact test's ``hypot`` against the square root
    here, cheaper for coordinates bounded by ``limits.MAX_COORDINATE``, may differ by an ulp).

    Row k of ``sweeps`` gets what the exact test and the continuous pass read of the body ``out[k]``:
    its centre of mass at the step's start and end, how far it moved (the centre's way, plus the
    turn times its reach), and its swept box (the centre's path grown by its reach about it), each
    computed as numpy computed them over those rows, operation for operation: the same bits
    (``test_continuous`` holds it to that). Here, not in
    numpy over the bodies kept, where the gathers and the sines were 80 µs a step of a falling pile
    of 2,000."""
    root, reach, dynamic, awake, start, xf = (
        unmanaged(root), unmanaged(reach), unmanaged(dynamic), unmanaged(awake), unmanaged(start), unmanaged(xf)
    )  # fmt: skip
    center, shape, data, offsets = unmanaged(center), unmanaged(shape), unmanaged(data), unmanaged(offsets)
    extents, out, sweeps = unmanaged(extents), unmanaged(out), unmanaged(sweeps)
    count = 0
    for i in range(n):
        if root[i] != i or not (dynamic[i] and awake[i]):  # (a body is its root row)
            continue
        dx, dy = xf[i, 0] - start[i, 0], xf[i, 1] - start[i, 1]
        lx, ly = center[i, 0], center[i, 1]
        if lx != 0.0 or ly != 0.0:  # a centre of mass off the origin moves with the turn too
            c0, s0, c1, s1 = (
                math.cos(start[i, 2]),
                math.sin(start[i, 2]),
                math.cos(xf[i, 2]),
                math.sin(xf[i, 2]),
            )
            dx += (c1 - c0) * lx - (s1 - s0) * ly
            dy += (s1 - s0) * lx + (c1 - c0) * ly
        off = offsets[shape[i]]
        own = data[off + H_BOUND] + data[off + H_RADIUS]
        moved = math.sqrt(dx * dx + dy * dy) + abs(xf[i, 2] - start[i, 2]) * reach[i]
        # (a body of many shapes reaches past its first: its extent is its thinnest shape's, not known here)
        extent = extents[shape[i]] if shape[i] < extents.shape[0] and reach[i] <= own else math.nan
        if not moved <= 0.49 * extent:
            out[count] = i
            _sweep(start, xf, center, reach, i, sweeps, count)
            count += 1
    return count


#: A row of ``nearly_fast``'s sweeps: the centre of mass at the step's start (x, y) and end, how far
#: the body moved, and its swept box (min x, min y, max x, max y).
SWEEP_C0, SWEEP_C1, SWEEP_MOVED, SWEEP_BOX = 0, 2, 4, 5
SWEEP_WIDTH = 9


@inline
def _sweep(start, xf, center, reach, i, sweeps, k):
    """Row ``k`` of ``sweeps`` for the body at slot ``i`` (see ``nearly_fast``)."""
    lx, ly = center[i, 0], center[i, 1]
    c, s = math.cos(start[i, 2]), math.sin(start[i, 2])
    ax, ay = start[i, 0] + c * lx - s * ly, start[i, 1] + s * lx + c * ly
    c, s = math.cos(xf[i, 2]), math.sin(xf[i, 2])
    bx, by = xf[i, 0] + c * lx - s * ly, xf[i, 1] + s * lx + c * ly
    around = reach[i] + math.hypot(lx, ly)
    sweeps[k, SWEEP_C0], sweeps[k, SWEEP_C0 + 1], sweeps[k, SWEEP_C1], sweeps[k, SWEEP_C1 + 1] = (
        ax,
        ay,
        bx,
        by,
    )
    sweeps[k, SWEEP_MOVED] = math.hypot(bx - ax, by - ay) + abs(xf[i, 2] - start[i, 2]) * reach[i]
    sweeps[k, SWEEP_BOX], sweeps[k, SWEEP_BOX + 1] = min(ax, bx) - around, min(ay, by) - around
    sweeps[k, SWEEP_BOX + 2], sweeps[k, SWEEP_BOX + 3] = max(ax, bx) + around, max(ay, by) + around


@kernel
def finalize_bodies(n, xf, start, force, shape, offsets, data, movers, boxes, near, root, local, compound):
    """The step's last look at its bodies, after the solve and the continuous pass (Box2D v3's
    ``b2FinalizeBodiesTask``, which also refreshes the boxes): each mover's row of ``boxes`` (the
    frame's world boxes, every body's) as ``compute_aabbs`` would write it,
    every body's force cleared and its pose the next step's start; writes to ``near`` the rows of
    ``movers`` whose body may now leave the coordinate range (``bounds.may_leave``: the caller holds
    those that do, ``bounds.hold``) and returns how many. One compiled pass where the next step
    rebuilt every body's box and this one ran five numpy steps, each several µs with the step's
    data and code cold after the solve (measured on a 40-row pyramid: 60 µs)."""
    data = unmanaged(data)  # (as ``compute_aabbs`` reads it: a read-only array is another type)
    count = 0
    for k in range(movers.shape[0]):
        i = movers[k]
        off = offsets[shape[i]]
        if may_leave(xf, i, data[off + H_BOUND] + data[off + H_RADIUS]):
            near[count] = k
            count += 1
        boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3] = aabb_of(data, off, xf[i, 0], xf[i, 1], xf[i, 2])
    if compound:  # a moved body's other shapes follow it (``local``: each one's pose in its body's frame)
        moved = np.zeros(n, np.bool_)
        for k in range(movers.shape[0]):
            moved[movers[k]] = True
        for i in range(n):
            r = root[i]
            if r != i and moved[r]:
                c, s = math.cos(xf[r, 2]), math.sin(xf[r, 2])
                xf[i, 0] = xf[r, 0] + c * local[i, 0] - s * local[i, 1]
                xf[i, 1] = xf[r, 1] + s * local[i, 0] + c * local[i, 1]
                xf[i, 2] = xf[r, 2] + local[i, 2]
                off = offsets[shape[i]]
                boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3] = aabb_of(
                    data, off, xf[i, 0], xf[i, 1], xf[i, 2]
                )
    for i in range(n):
        force[i, 0], force[i, 1], force[i, 2] = 0.0, 0.0, 0.0
        start[i, 0], start[i, 1], start[i, 2] = xf[i, 0], xf[i, 1], xf[i, 2]
    return count


# The kernels a step calls, called through their compiled entry point once the first call has
# compiled or loaded their one signature (``jit.entry_point``: numba's dispatch types every field
# of every record again on each call; 2-5 µs a call on the 40-row pyramid's step). The step always
# hands them the same types, arrays of its own (``tests/game/headless/test_warmup.py`` holds
# every kernel to one signature).
reach_boxes = bind_on_first_call(reach_boxes, globals(), "reach_boxes")
find_contacts = bind_on_first_call(find_contacts, globals(), "find_contacts")
solve_step = bind_on_first_call(solve_step, globals(), "solve_step")
finish_contacts = bind_on_first_call(finish_contacts, globals(), "finish_contacts")
nearly_fast = bind_on_first_call(nearly_fast, globals(), "nearly_fast")
finalize_bodies = bind_on_first_call(finalize_bodies, globals(), "finalize_bodies")


def inset_core(shape, delta: float):
    """A core of ``shape`` brought in by ``delta`` (local frame): a shape whose points, each grown
    by ``delta``, all lie within ``shape``, or None (an ellipse, or ``delta`` past what the shape
    allows). A rounded polygon or a capsule gives up radius first; a sharp polygon's edges then
    move in by what is left, each corner along the bisector of its two edges' normals (exact for
    ``delta`` under the polygon's inradius). For the continuous pass (``Dynamics._put_back``): swept
    against a wall, the core meets it only where the shape itself goes into it.

    >>> inset_core(Polygon.box(1.0, 0.1), 0.05).points
    ((-0.95, -0.05), (0.95, -0.05), (0.95, 0.05), (-0.95, 0.05))
    >>> inset_core(Capsule((0.0, 0.0), (1.0, 0.0), 0.1), 0.05).radius
    0.05
    """
    if isinstance(shape, Capsule):
        return Capsule(shape.p1, shape.p2, shape.radius - delta) if delta < shape.radius else None
    if not isinstance(shape, Polygon):
        return None
    if delta <= shape.radius:
        return Polygon(shape.points, shape.radius - delta)
    inward = delta - shape.radius
    points = np.array(shape.points)
    edges = np.roll(points, -1, axis=0) - points
    normals = np.column_stack([edges[:, 1], -edges[:, 0]]) / np.hypot(*edges.T)[:, None]  # outward (CCW)
    before = np.roll(normals, 1, axis=0)  # the normal of the edge that ends at each corner
    moved = points - inward * (before + normals) / (1.0 + np.sum(before * normals, axis=1))[:, None]
    if not (np.sum((np.roll(moved, -1, axis=0) - moved) * edges, axis=1) > 0.0).all():
        return None  # past the inradius: an edge turned round
    try:
        return Polygon(tuple(map(tuple, moved.tolist())))
    except ValueError:  # a corner too near another to keep
        return None


def _shape_rows(root: np.ndarray, bodies: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every row of each body of ``bodies`` (root slots; ``root``: each row's body): (pick, rows),
    entry k the row ``rows[k]`` of body ``bodies[pick[k]]``, each body's rows together, in order of
    ``bodies``, as ``BodyArrays.rows_of`` lists them (its own first, then its other shapes' in slot
    order). In one pass over the rows for them all: a scan per body was a step's largest cost
    after the swept boxes' test (Box2D's ``rain``: ragdolls with a foot of two shapes)."""
    n = len(root)
    asked = np.unique(bodies)
    rank = np.full(n, -1, np.int64)
    rank[asked] = np.arange(len(asked))
    theirs = np.flatnonzero(rank[root] >= 0)  # (slot order)
    body = rank[root[theirs]]
    theirs = theirs[np.argsort(2 * body + (theirs != root[theirs]), kind="stable")]
    count = np.bincount(body, minlength=len(asked))
    first = np.cumsum(count) - count
    each = count[rank[bodies]]
    pick = np.repeat(np.arange(len(bodies)), each)
    within = np.arange(len(pick)) - np.repeat(np.cumsum(each) - each, each)
    return pick, theirs[first[rank[bodies]][pick] + within]


class Dynamics:
    """What a world keeps from step to step: its settings and last step's contacts."""

    def __init__(self, frame: Frame, gravity: tuple[float, float], sleep: bool, tune: Tuning) -> None:
        self.frame, self.gravity, self.sleep, self.tune = frame, gravity, sleep, tune
        self.kept = no_contacts()
        #: Last step's contacts (``find_contacts`` writes over them in place while the pairs stand).
        self._last = NO_CONSTRAINTS
        #: The boxes the broad phase last ran on (each moving body's grown box and ``fat_margin``
        #: about it), its candidates, and the frame's epoch then (see ``step``, 1).
        self._fat, self._candidates, self._fat_epoch = _NO_BOXES, np.zeros((0, 2), np.int64), -1
        #: Each shape's smallest extent (NaN until first needed), for the continuous fallback.
        self._extents = np.zeros(0)
        #: Each shape's core brought in for the continuous pass, and by how much (``_inset_cores``).
        self._insets: dict[int, tuple[object, float]] = {}
        #: The solver's scratch memory for its bundles, kept from step to step (see ``solve_step``).
        self._workspace = np.zeros(0)
        #: And its colouring of the contacts, kept while they stay the same (see ``solve_step``).
        self._plan = np.zeros(0, np.int64)
        #: Room for the slots of the bodies that may be fast (``_continuous``), kept; and for the rows of
        #: the movers that may leave the coordinate range (``finalize_bodies``).
        self._fast = np.zeros(0, np.int64)
        self._sweeps = np.zeros((0, SWEEP_WIDTH))
        self._near = np.zeros(0, np.int64)
        #: Contacts that ended between steps (a shape of theirs removed): (k, 2) shape ids, smaller
        #: first, for the next step to report.
        self._ended = _NO_PAIRS
        #: Hit events' threshold (world units/s; ``World.hit_speed``).
        self.hit_speed = 1.0
        #: The last step's contact keys, which touch at its end, and the normal impulse each
        #: point took over it (``World.pair_impulses``).
        self.pushed = _NOT_PUSHED
        #: The joints (``joints``), the filter their collide_connected=False makes, and the joints
        #: removed with their bodies since the last step (reported by the next).
        self.joints = JointTable()
        self._joint_epoch = 0
        self._joints_removed = _NO_IDS

    def _apart(self, candidates: np.ndarray) -> np.ndarray:
        """``candidates`` less the pairs of shapes whose bodies a joint keeps from colliding."""
        a = self.frame.arrays
        keys = self.joints.no_collide_keys(a.slot_of.astype(np.int64))
        if not len(keys) or not len(candidates):
            return candidates
        ra, rb = a.root[candidates[:, 0]], a.root[candidates[:, 1]]
        pair = (np.minimum(ra, rb).astype(np.int64) << 32) | np.maximum(ra, rb)
        # ``keys`` are sorted and unique: a binary search each, where ``np.isin`` sorted both
        # (3.1 ms of Box2D's rain's 23 ms step: 85,000 candidates against 10,000 keys).
        return np.ascontiguousarray(candidates[~in_sorted(pair, keys)])

    def step(self, dt: float) -> ContactEvents:
        """Advance the world by ``dt`` seconds (see the module's outline)."""
        frame, a, tune = self.frame, self.frame.arrays, self.tune
        n = a.n
        motion = a.motion()

        # 1. Boxes grown by how far each body can reach this step.
        view = frame.view()
        bodies = view.bodies
        joints = self.joints
        stale = self._fat_epoch != frame.epoch or self._joint_epoch != joints.epoch
        fat = _NO_BOXES if stale else self._fat
        boxes, pushers, moving_fixed, movers, fits, n_awake, n_asleep = reach_boxes(
            bodies,
            motion,
            n,
            view.moving,
            tune.speculative,
            dt,
            fat,
            tune.max_linear_speed,
            MAX_ROTATION / dt,
            tune.fat_margin,
        )
        if not n_awake and not moving_fixed.any():  # nothing moves: no awake dynamic body, nothing placed
            a.start[:n] = a.xf[:n]
            a.force[:n] = 0.0
            self.pushed = _NOT_PUSHED
            return self._reported(_NO_EVENTS)
        if fits:  # every box still inside its fat box: the candidates found then hold them all
            candidates = self._candidates
        else:
            fat = boxes  # (each moving body's grown by ``fat_margin``)
            renewed = False
            if not stale and len(self._fat) == n:  # few boxes changed (the rest asleep, or held): theirs
                renewed, candidates = renew_candidates(
                    bodies._replace(boxes=fat), self._fat, self._candidates, pushers, view.walls, RENEW_MOST
                )
            if not renewed:
                room = len(self._candidates) + len(self._candidates) // 8  # (about as many as last time)
                candidates = frame_candidates(
                    bodies._replace(boxes=fat), pushers, view.inv_cell, view.walls, room
                )
            if len(joints):
                candidates = self._apart(candidates)
            self._fat, self._candidates, self._fat_epoch = fat, candidates, frame.epoch
            self._joint_epoch = joints.epoch

        # 2. Wake islands touched by what moves (with ``sleep`` off too: a body created asleep, or put
        # to sleep by ``set_awake``, wakes when touched, as Box2D links a touching contact whatever
        # its world's ``enableSleep``; nothing else sleeps in such a world, and ``n_asleep`` is 0).
        if n_asleep:
            dynamic = a.dynamic[:n]
            waker = (dynamic & a.awake[:n]) | moving_fixed
            woke = self._wake(bodies, candidates, dynamic & ~a.awake[:n], waker, moving_fixed)
            if len(joints) and moving_fixed.any():
                woke |= self._wake_tied(moving_fixed, dynamic & ~a.awake[:n])
            if woke:
                kinematic = ~dynamic & ~a.static[:n]  # the woken bodies move this step too
                movers = np.flatnonzero(
                    (dynamic & a.awake[:n]) | (kinematic & np.any(a.vel[:n] != 0.0, axis=1))
                )

        # 3. Contacts.
        cons, keys, ids, cached = find_contacts(  # (the boxes as they are: two dynamic bodies' margin)
            bodies, motion, candidates, tune.speculative, tune.flat, dt, self.kept, np.float64(tune.recycle),
            self._last,
        )  # fmt: skip
        self._last = cons

        # 4. The soft step.
        before = a.xf[:n].copy()  # (every row: one block copy, where picking the movers' took 7 µs)
        rows = joints.rows(a.slot_of) if len(joints) else NO_JOINTS
        if len(joints):
            rows = self._awake_joints(rows)
        # One thread: ``solve_step``; more, with enough contacts: the same step compiled with threads
        # (on first use), whose results are the same to the bit, so a world may switch step by step.
        threaded = tune.threads > 1 and len(cons.a) >= THREADED_CONTACTS
        solve = functools.partial(_solve_threaded, tune.threads) if threaded else solve_step
        need, plan_need = solve(
            cons, motion, a.xf[:n], movers, step_settings(dt, tune, self.gravity), self._workspace, self._plan,
            rows,
        )  # fmt: skip
        if need > len(self._workspace) or plan_need > len(self._plan):
            self._workspace, self._plan = _room(self._workspace, need), _room(self._plan, plan_need)
        self._continuous(bodies)
        # The movers' boxes, forces cleared, the next step's start; nothing stored past the coordinate range.
        if len(movers) > len(self._near):
            self._near = _room(self._near, len(movers))
        near = self._near[
            : finalize_bodies(n, a.xf, a.start, a.force, a.shape, bodies.offsets, bodies.data, movers,
                              bodies.boxes, self._near, a.root, a.local, np.bool_(a.compound))
        ]  # fmt: skip
        if len(near):  # rare: a body at the edge of the range
            held = hold(a, frame.table, movers, near, before)
            a.start[held] = a.xf[held]
            frame.moved_slots(held, False)

        # 5. Events and what the next step starts from.
        touching, found, self.kept = finish_contacts(
            cons,
            keys,
            ids,
            cached,
            self.kept,
            a.slot_of,
            a.root,
            a.dynamic,
            a.awake,
            tune.slop,
            self.hit_speed,
        )
        self.pushed = (keys, touching, cons.total_impulse)  # (``pair_impulses`` reads them when asked)
        # 6. Sleep.
        if self.sleep:
            fall_asleep(
                cons,
                touching,
                bodies,
                motion,
                movers,
                moving_fixed,
                dt,
                tune.sleep_threshold,
                TIME_TO_SLEEP,
                np.column_stack([rows.a, rows.b]) if len(joints) else _NO_JOINED,
            )
        frame.moved_in_place(False)  # (the boxes of the step's view, refreshed above)
        began, normal, point, impulse, ended, hits, hit_point, hit_normal, hit_speed = found
        events = ContactEvents(
            began, normal, point, impulse, ended, began, ended, hits, hits, hit_point, hit_normal, hit_speed,
            _NO_PAIRS, _NO_PAIRS,
        )  # fmt: skip
        if len(joints):
            events = events._replace(joints_broken=self._broken())
        return self._reported(events)

    def _awake_joints(self, rows):
        """The joints the step solves: those with an awake dynamic body (a jointed island sleeps
        and wakes whole); the others are marked ``ASLEEP`` and keep their impulses and reactions,
        as a sleeping island's joints do in Box2D."""
        a = self.frame.arrays
        awake = a.awake | ~a.dynamic
        on = ((rows.a >= 0) & awake[np.maximum(rows.a, 0)] & a.dynamic[np.maximum(rows.a, 0)]) | (
            (rows.b >= 0) & awake[np.maximum(rows.b, 0)] & a.dynamic[np.maximum(rows.b, 0)]
        )
        if on.all():
            return rows
        return rows._replace(kind=np.where(on, rows.kind, ASLEEP))

    def _wake_tied(self, moving_fixed: np.ndarray, sleeping: np.ndarray) -> bool:
        """Wake the sleeping islands joined to a static or kinematic body that moves (placed, or a
        kinematic body's velocity: a lamp on a lift's cage); returns whether any woke."""
        rows = self.joints.rows(self.frame.arrays.slot_of)
        a, b = rows.a, rows.b
        n = len(sleeping)
        sa, sb = np.where(a >= 0, a, n), np.where(b >= 0, b, n)
        moved, asleep = np.append(moving_fixed, False), np.append(sleeping, False)
        tied = np.concatenate([sb[moved[sa] & asleep[sb]], sa[moved[sb] & asleep[sa]]])
        if not len(tied):
            return False
        wake_islands(self.frame.arrays.motion(), n, tied)
        return True

    def _broken(self) -> np.ndarray:
        """Remove the joints whose force or torque passed their break thresholds; their ids."""
        j = self.joints
        n = j.n
        force = np.hypot(j.reaction[:n, 0], j.reaction[:n, 1])
        over = (force > j.param[:n, P_BREAK_FORCE]) | (
            np.abs(j.reaction[:n, 2]) > j.param[:n, P_BREAK_TORQUE]
        )
        if not over.any():
            return _NO_IDS
        rows = np.flatnonzero(over)
        self._wake_joined(rows)
        return j.remove_rows(rows)

    def _wake_joined(self, rows: np.ndarray) -> None:
        """Wake the islands of the bodies of the joints at ``rows`` (a joint made or gone changes them)."""
        j, a = self.joints, self.frame.arrays
        ids = np.concatenate([j.body_a[rows], j.body_b[rows]])
        ids = ids[ids >= 0]
        if len(ids):
            slots = a.slot_of[ids]
            self.woken(slots[slots >= 0])

    def _reported(self, found: ContactEvents) -> ContactEvents:
        """The step's events with the contacts that ended between steps (``removed``) among its
        ``ended``, all in order of their body ids."""
        if len(self._joints_removed):
            found = found._replace(joints_removed=self._joints_removed)
            self._joints_removed = _NO_IDS
        if not len(self._ended):
            return found
        ended = np.concatenate([self._ended, found.ended])
        ended = ended[np.argsort((ended[:, 0] << 32) | ended[:, 1], kind="stable")]
        self._ended = _NO_PAIRS
        return found._replace(ended=ended, ended_shapes=ended)

    def removed(self, ids: np.ndarray) -> None:
        """The bodies ``ids`` are about to leave the world (called before they go), as Box2D's
        ``b2DestroyBody`` destroys their contacts: each kept contact of theirs goes, the island of
        the body on its other side wakes (what it rested on may be gone: a stack whose bottom crate
        breaks falls), and those that touched end, reported by the next step (whatever else it does).
        Their joints go too (the bodies on their other side wake), reported by the next step."""
        if len(self.joints):
            rows = self.joints.of_bodies(ids)
            if len(rows):
                self._wake_joined(rows)
                gone = self.joints.remove_rows(rows)
                self._joints_removed = np.concatenate([self._joints_removed, gone])
        kept = self.kept
        if not len(kept.keys):
            return
        first, second = kept.keys >> 32, kept.keys & 0xFFFFFFFF
        gone = member_of(first, ids) | member_of(second, ids)
        if not gone.any():
            return
        a = self.frame.arrays
        others = np.concatenate([first[gone], second[gone]])
        slots = a.root[
            a.slot_of[others[~member_of(others, ids)]]
        ]  # (the bodies of the shapes on the other side)
        sleeping = slots[a.dynamic[slots] & ~a.awake[slots]]
        if len(sleeping):
            wake_islands(a.motion(), a.n, sleeping)
        ended = gone & kept.touching
        if ended.any():
            self._ended = np.concatenate([self._ended, np.column_stack([first[ended], second[ended]])])
        self.kept = KeptContacts(*(field[~gone] for field in kept))

    def _continuous(self, bodies) -> None:
        """Box2D v3's continuous collision of fast bodies against static ones (``b2SolveContinuous``,
        ``src/solver.c``, v3.1.1): each fast body's sweep this step (centre of mass and angle from
        the step's start to its end) against every static body its swept box meets (found through
        the static bodies' grid, ``_swept_walls``, as Box2D queries its static tree), by the time of
        impact (``collision.toi``; A the wall, B the body, Box2D's target of a slop); where that is
        0 (the body starts within a slop of the wall or in it: resting, sliding along it), Box2D's
        fallback: the time of impact of a circle of a quarter of the body's smallest extent about its
        centre of mass along the centre's path. At the earliest fraction in (0, 1) the body is put
        back (centre and angle at that fraction of the step, velocity kept) and the next step's
        contacts stop it on the side it came from.

        The speculative contacts with a static body reach as far as the pair can close in the step
        and stop almost everything; this catches a fast body the step would carry into or through a
        wall, and a thin body spun up by a hit (the solver's contacts are linear in the turn: a needle
        turning 0.8 rad in a step can end inside a thin wall). A body is fast, as in Box2D, when its
        centre moved, or its turn swept its reach, more than half its smallest extent this step.
        Between two dynamic bodies the speculative contacts reach Box2D's 4 slops only, so a fast
        body can pass through a thin dynamic one in a step: what bullets are for.

        Bullets (``World.add(bullet=True)``, Box2D's ``isBullet``): after the other fast bodies were
        put back, each fast bullet is swept the same way against the static bodies and also against
        every kinematic and dynamic body that is not a bullet, each held still where the step (and
        this pass) left it, as Box2D's bullets meet the others' final poses.
        """
        a = self.frame.arrays
        if len(self.frame.moving()) == a.n and not a.bullet[: a.n].any():  # no static body, no bullet
            return
        if a.n > len(self._fast):
            self._fast = _room(self._fast, a.n)
            self._sweeps = np.zeros((len(self._fast), SWEEP_WIDTH))
        k = nearly_fast(a.n, a.root, a.reach, a.dynamic, a.awake, a.start, a.xf, a.center, a.shape, bodies.data,
                        bodies.offsets, self._extents, self._fast, self._sweeps)  # fmt: skip
        if not k:
            return
        slots, sweeps = self._fast[:k], self._sweeps[:k]
        # Each one's centre of mass at the start and the end, how far it moved (the reach: each body's,
        # the farthest of its shapes from its origin), and its swept box: its centre's path grown by
        # the shape's reach about it, which holds every pose between.
        c0, c1 = sweeps[:, SWEEP_C0 : SWEEP_C0 + 2], sweeps[:, SWEEP_C1 : SWEEP_C1 + 2]
        lo, hi = sweeps[:, SWEEP_BOX : SWEEP_BOX + 2], sweeps[:, SWEEP_BOX + 2 : SWEEP_BOX + 4]
        extents = self._min_extents(bodies, a.shape[slots], a.center[slots])
        if a.compound:  # a body of many shapes: its thinnest shape's
            extents = self._body_extents(bodies, slots, extents)
        fast = np.flatnonzero(sweeps[:, SWEEP_MOVED] > 0.5 * extents)
        if not len(fast):
            return
        start, end = a.start[slots], a.xf[slots]
        data = bodies.data
        solid = ~bodies.sensor[: a.n]
        bullet = a.bullet[slots[fast]]
        who, what = _swept_walls(self.frame, fast[~bullet], lo, hi, solid)
        self._put_back(bodies, slots, who, what, extents, start, end, c0, c1)
        if bullet.any():  # the bullets, against the others where they now are (static boxes as kept)
            aimed = fast[bullet]
            walls = _swept_walls(self.frame, aimed, lo, hi, solid & ~a.bullet[: a.n])
            targets = np.flatnonzero(solid & ~a.bullet[: a.n] & ~bodies.static[: a.n])
            ends = a.xf[targets, :2]
            grow = data[bodies.offsets[a.shape[targets]] + H_BOUND]
            grow += data[bodies.offsets[a.shape[targets]] + H_RADIUS]
            boxes = np.column_stack([ends - grow[:, None], ends + grow[:, None]])
            moving = _swept_pairs(aimed, lo, hi, targets, boxes)
            who, what = np.concatenate([walls[0], moving[0]]), np.concatenate([walls[1], moving[1]])
            order = np.lexsort((what, who))  # (as one test against every target in slot order)
            self._put_back(bodies, slots, who[order], what[order], extents, start, end, c0, c1)

    def _put_back(self, bodies, slots, who, walls, extents, start, end, c0, c1) -> None:
        """The times of impact of the fast bodies ``slots[who]`` against the ``walls`` (slots, row by
        row, each held still where it is: static, or for a bullet any other body), those whose layers
        and masks meet; Box2D's centroid fallback where one is 0; each body that meets a wall in (0, 1)
        is put at its sweep's pose at the earliest such fraction. ``start``, ``end`` (x, y, angle),
        ``c0``, ``c1`` (centres of mass) and ``extents`` are per row of ``slots``."""
        a, tune = self.frame.arrays, self.tune
        # Each body's every shape (a body of many shapes sweeps each of them along the body's motion).
        rows = slots[who]
        if a.compound:
            pick, rows = _shape_rows(a.root[: a.n], rows)
            who, walls = who[pick], walls[pick]
        keep = (
            ((a.mask[rows] & a.layer[walls]) != 0)
            & ((a.mask[walls] & a.layer[rows]) != 0)
            & (a.root[rows] != a.root[walls])
        )
        if a.one_sided[walls].any():  # a chain segment: swept only by a body crossing to its front
            keep &= swept_towards(
                bodies.data, bodies.offsets[bodies.shape[walls]], a.xf[walls], a.one_sided[walls], c0[who],
                c1[who], extents[who],
            )  # fmt: skip
        who, walls, rows = who[keep], walls[keep], rows[keep]
        k = len(who)
        if not k:
            return
        # The kernel reads each shape at its address in the world's packed data (held by ``bodies``).
        base = np.int64(bodies.data.ctypes.data)
        # A shape's sweep: its body's centre of mass along its path, seen from the shape's own frame.
        local_center, turn = a.center[slots[who]], np.zeros(k)
        if a.compound:
            lx, ly, turn = a.local[rows].T
            dx, dy = local_center[:, 0] - lx, local_center[:, 1] - ly
            c, s = np.cos(turn), np.sin(turn)
            local_center = np.column_stack([c * dx + s * dy, -s * dx + c * dy])
        body_sweeps = Sweeps(local_center, c0[who], c1[who], start[who, 2] + turn, end[who, 2] + turn)
        wall_at, wall_angle = np.ascontiguousarray(a.xf[walls, :2]), a.xf[walls, 2]
        wall_sweeps = Sweeps(np.zeros((k, 2)), wall_at, wall_at, wall_angle, wall_angle)
        radius_wall = bodies.data[bodies.offsets[bodies.shape[walls]] + H_RADIUS]
        radius_body = bodies.data[bodies.offsets[bodies.shape[rows]] + H_RADIUS]
        ones = np.ones(k)
        pairs = ImpactPairs(
            base + 8 * bodies.offsets[bodies.shape[walls]].astype(np.int64), wall_sweeps,
            base + 8 * bodies.offsets[bodies.shape[rows]].astype(np.int64), body_sweeps,
            ones, np.maximum(tune.slop, radius_wall + radius_body - tune.slop), ones * (0.25 * tune.slop),
        )  # fmt: skip
        out = no_impacts(k)
        impacts(pairs, out)
        fraction = out.fraction
        # Where the sweep starts within the target of what it meets, the fallbacks below, as Box2D's
        # (which runs its centroid fallback against a bullet's every target). A bullet's other targets
        # are held where the step left them above; in the fallbacks each one moves as it did this step
        # (start to end): held at its end, one that moved (a plank spun by the bullet, turning against
        # it) can be on the bullet's other side at the sweep's start, where a fallback put the bullet
        # through it. Without them, a small bullet stopped at the face of a plank of density 1e9 by
        # last step's pass and spun up there by its contact (its friction undid much of what the
        # contact had stopped, a point off its centre) went 6 cm into it in one sub-step, its centre past
        # the plank's mid-plane (hypothesis: a capsule at speed 63, heading -0.25, spin -12).
        retry = np.flatnonzero(fraction == 0.0)
        moved = retry[~a.static[walls[retry]]]
        if len(moved):  # (a static wall's sweep as above, not one rebuilt from its centre: the same bits)
            wall_sweeps = Sweeps(*(np.array(f) for f in wall_sweeps))
            m, center = walls[moved], a.center[walls[moved]]
            wall_sweeps.local_center[moved] = center
            wall_sweeps.c1[moved], wall_sweeps.c2[moved] = _centres(a.start[m], center), _centres(a.xf[m], center)  # fmt: skip
            wall_sweeps.q1[moved], wall_sweeps.q2[moved] = a.start[m, 2], a.xf[m, 2]
        if len(retry):
            # It starts within the target of the wall (touching it, or a slop from it): the same sweep
            # again for the body's core brought in by δ (``_inset_cores``), to a target within δ, so a
            # body that starts against a wall and turns or slides into it is met where it does. Box2D's
            # fallback below alone, a circle about the centre of mass, let a needle spinning into a
            # thin wall, its tip a slop from it at the start, swing its far end through.
            insets, delta = self._inset_cores(bodies.shape[rows[retry]], extents[who[retry]])
            ok = insets != 0
            rows, cores = retry[ok], insets[ok]
            target = np.maximum(0.5 * delta[ok], radius_wall[rows] + delta[ok] - tune.slop)
            for _ in range(5):
                # A body put back here last step starts the next at this target: each try halves it, so
                # the core, which lies δ inside the body, never reaches the wall, nor the body through it.
                if not len(rows):
                    break
                near = ImpactPairs(
                    pairs.address_a[rows], Sweeps(*(f[rows] for f in wall_sweeps)),
                    cores, Sweeps(*(f[rows] for f in pairs.sweep_b)), pairs.t_max[rows],
                    target, 0.25 * np.minimum(target, tune.slop),
                )  # fmt: skip
                back = no_impacts(len(rows))
                impacts(near, back)
                fraction[rows] = back.fraction
                again = (back.fraction == 0.0) & (back.state == TOIState.HIT)
                rows, cores, target = rows[again], cores[again], 0.5 * target[again]
            retry = retry[~ok]
        if len(retry):
            # Box2D's fallback: a circle about the centre of mass, moving with it (no turn to follow).
            # A body 1e-12 across has a quarter extent below any shape's size: the probe is at least MIN_SIZE.
            probes = [Circle(max(float(0.25 * extents[who[r]]), MIN_SIZE)) for r in retry.tolist()]
            centres = Sweeps(np.zeros((len(retry), 2)), c0[who[retry]], c1[who[retry]], np.zeros(len(retry)),
                             np.zeros(len(retry)))  # fmt: skip
            radius_probe = np.array([p.radius for p in probes])
            again = ImpactPairs(
                pairs.address_a[retry], Sweeps(*(f[retry] for f in wall_sweeps)),
                np.array([p._packed_address for p in probes], np.int64), centres, ones[retry],
                np.maximum(tune.slop, radius_wall[retry] + radius_probe - tune.slop), pairs.tolerance[retry],
            )  # fmt: skip
            back = no_impacts(len(retry))
            impacts(again, back)
            fraction[retry] = back.fraction
        hits = (fraction > 0.0) & (fraction < 1.0)
        if not hits.any():
            return
        first = np.ones(len(slots))
        np.minimum.at(first, who[hits], fraction[hits])
        # A bullet put back at a sleeping body wakes its island, as Box2D's speculative contact would next
        # step: ours wakes on touching only, and a polygon is put back a slop short of it (measured: the
        # next step's pass then put a box bullet's centroid circle into a sleeping plank, its face out the back).
        met = hits & (fraction == first[who]) & a.dynamic[walls] & ~a.awake[a.root[walls]]
        if met.any():
            wake_islands(a.motion(), a.n, a.root[walls[met]])
        for r in np.flatnonzero(first < 1.0).tolist():
            t = first[r]
            x, y, angle = Sweep(tuple(a.center[slots[r]]), tuple(c0[r]), tuple(c1[r]), start[r, 2],
                                end[r, 2]).transform(t)  # fmt: skip
            a.xf[slots[r]] = (x, y, angle)

    def forget_shapes(self, indices: np.ndarray) -> None:
        """Drop the cached extents and cores of the shapes at table ``indices``, which no body uses
        any more. A snapshot carries the caches of the shapes in use only, so a world restored from
        it works them out again when such a shape comes back; the world it was taken from must too,
        or the two part (an extent kept from a compound's part is about the part's origin, a lone
        body's about its centre of mass)."""
        known = indices[indices < len(self._extents)]
        self._extents[known] = np.nan
        for index in indices.tolist():
            self._insets.pop(index, None)

    def _body_extents(self, bodies, slots: np.ndarray, own: np.ndarray) -> np.ndarray:
        """The smallest extent of each body at root ``slots`` (its first shape's ``own``): for a body
        of many shapes, the least over its shapes, each about its own origin (Box2D's body
        ``minExtent``, from its shapes). Over every row at once: a loop over the bodies, each
        finding its rows, was most of a step of 3,000 fast two-triangle bodies (0.38 of 0.46 s)."""
        a = self.frame.arrays
        n = a.n
        root = a.root[:n]
        held = np.bincount(root, minlength=n)[slots] > 1
        if not held.any():
            return own
        solid = np.flatnonzero(a.mask[:n] != 0)
        each = self._min_extents(bodies, a.shape[solid], np.zeros((len(solid), 2)))
        least = np.full(n, np.inf)
        np.minimum.at(least, root[solid], each)
        return np.where(held, np.minimum(own, least[slots]), own)

    def _inset_cores(self, shapes: np.ndarray, extents: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For each shape index of ``shapes``, the packed address of its core brought in by δ, and δ:
        a sharp or rounded core whose outline grown by δ lies within the shape (``inset_core``), δ
        the smaller of 0.8 of the body's smallest extent (``extents``, about its centre of mass) and
        4 slops; address 0 where there is none (an ellipse). Kept per shape."""
        addresses, deltas = np.zeros(len(shapes), np.int64), np.zeros(len(shapes))
        for k, index in enumerate(shapes.tolist()):
            if index not in self._insets:
                delta = min(0.8 * float(extents[k]), 4.0 * self.tune.slop)
                core = inset_core(self.frame.table[index], delta) if delta > 0.0 else None
                self._insets[index] = (core, delta)
            core, delta = self._insets[index]
            if core is not None:
                addresses[k], deltas[k] = core._packed_address, delta
        return addresses, deltas

    def _min_extents(self, bodies, shapes: np.ndarray, centers: np.ndarray) -> np.ndarray:
        """Each body's smallest distance from its centre of mass to its surface, over 32 directions
        (Box2D's ``b2ComputeShapeExtent``'s ``minExtent``); kept per shape (a body's centre of mass
        is its shape's: one shape, one density)."""
        if len(self._extents) <= int(shapes.max()):
            self._extents = np.r_[self._extents, np.full(int(shapes.max()) + 1 - len(self._extents), np.nan)]
        out = self._extents[shapes]
        for k in np.flatnonzero(np.isnan(out)).tolist():
            shape, center = int(shapes[k]), centers[k]
            off = int(bodies.offsets[shape])
            radius = float(bodies.data[off + H_RADIUS])
            reach = []
            for u in np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False).tolist():
                dx, dy = math.cos(u), math.sin(u)
                x, y, _ = _support_packed_python(bodies.data, off, dx, dy)
                reach.append((x - center[0]) * dx + (y - center[1]) * dy + radius)
            self._extents[shape] = out[k] = max(min(reach), 0.0)
        return out

    def _wake(self, bodies, candidates, sleeping, waker, moving_fixed) -> bool:
        """Wake the islands of sleeping bodies that touch a waker, and of those whose kept contact
        touched a static or kinematic body that moves (``moving_fixed``: it may have moved away
        from under them, a platform or a door, and no touch is left to see); returns whether
        any woke."""
        a = self.frame.arrays
        root = a.root[: a.n]
        touched = [_NO_PAIRS.ravel()]
        c0, c1 = root[candidates[:, 0]], root[candidates[:, 1]]  # (the shapes' bodies)
        pick = (sleeping[c0] & waker[c1]) | (sleeping[c1] & waker[c0])
        if pick.any():
            pairs = np.ascontiguousarray(candidates[pick])
            hit = np.zeros(len(pairs), np.bool_)
            collide_slots(bodies, pairs, np.int64(MODE_VERDICT), hit, np.zeros((0, 7)))
            touched.append(root[pairs[hit].ravel()])
        kept = self.kept
        if len(kept.keys) and moving_fixed.any():
            sa, sb = root[a.slot_of[kept.keys >> 32]], root[a.slot_of[kept.keys & 0xFFFFFFFF]]
            pick = kept.touching & ((moving_fixed[sa] & sleeping[sb]) | (moving_fixed[sb] & sleeping[sa]))
            touched += [sa[pick], sb[pick]]
        touched = np.concatenate(touched)
        touched = touched[sleeping[touched]]
        if not len(touched):
            return False
        wake_islands(a.motion(), a.n, touched)
        return True

    def put_to_sleep(self, slot: int) -> None:
        """Put the island of the awake dynamic body at ``slot`` to sleep now (``World.set_awake``): the
        awake dynamic bodies linked to it by the last step's touching contacts and by joints."""
        a = self.frame.arrays
        kept = self.kept
        keys = kept.keys[kept.touching]
        links = [a.root[a.slot_of[np.column_stack([keys >> 32, keys & 0xFFFFFFFF])]].reshape(-1, 2)]
        if len(self.joints):
            rows = self.joints.rows(a.slot_of)
            tied = (rows.a >= 0) & (rows.b >= 0)
            links.append(np.column_stack([rows.a[tied], rows.b[tied]]))
        put_island_to_sleep(a.motion(), a.ids, a.n, slot, np.concatenate(links).astype(np.int64))

    def precompile(self, parts: tuple[str, ...]) -> None:
        """Compile the step's kernels named in ``parts`` (of ``PRECOMPILE_PARTS``), in that order,
        with the argument types this world's step passes them, without stepping: each is called on
        no candidate, no contact and no mover, which changes nothing. numba compiles a kernel at its
        first call (or loads it from its cache), and a step calls the broad phase, the contacts and
        the solver in that order; a warm-up that compiles the solver in one process while another
        compiles the rest (``game.headless.warmup``) calls them in its own order. The frame's view
        chooses its cells, as a first step would: ``World.precompile`` calls this on a copy."""
        a, tune, view = self.frame.arrays, self.tune, self.frame.view()
        dt = 1.0 / 60.0
        for part in parts:
            if part == "pairs":  # the walk over every moving body, and the renewal of a few
                frame_candidates(view.bodies, _NO_IDS, view.inv_cell, view.walls, 0)
                renew_candidates(view.bodies, _NO_BOXES, self._candidates, _NO_IDS, view.walls, RENEW_MOST)
            elif part == "contacts":
                find_contacts(
                    view.bodies, a.motion(), _NO_PAIRS, tune.speculative, tune.flat, dt, self.kept,
                    np.float64(tune.recycle), self._last,
                )  # fmt: skip
            elif part == "solver":
                solve_step(
                    NO_CONSTRAINTS, a.motion(), a.xf[: a.n], _NO_IDS, step_settings(dt, tune, self.gravity),
                    self._workspace, self._plan, NO_JOINTS,
                )  # fmt: skip

    def woken(self, slots) -> None:
        """Bodies (a slot or an array of them) were pushed, placed or given a velocity: their islands wake."""
        a = self.frame.arrays
        slots = np.atleast_1d(slots)
        sleeping = slots[a.dynamic[slots] & ~a.awake[slots]]
        if len(sleeping):
            wake_islands(a.motion(), a.n, sleeping)
        a.sleep_time[slots] = 0.0


__all__ = ["PRECOMPILE_PARTS", "Dynamics", "Tuning", "step_settings", "tuning"]
