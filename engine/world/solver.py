"""The contact solver: Box2D v3's soft step, sequential, in one compiled call per step.

Outline of ``solve_step`` (Box2D v3 ``b2SolverStage_*``, ``src/solver.c`` and
``src/contact_solver.c``; Catto, "Solver2D", box2d.org 2024):

1. prepare, once per step: each contact point's anchors relative to both
   centres of mass (world orientation, fixed for the step), kept as their
   crosses with the normal and the tangent, its effective masses along the
   normal and the tangent, its separation with the anchors' offset taken
   out, and the approach speed before the step (restitution);
2. for each of ``substeps`` sub-steps of h = dt / substeps:
   a. integrate velocities: gravity and forces, then damping
      v ← v / (1 + h·c) (Box2D's, exact for any h);
   b. warm start: apply the impulses the points carry (last step's, matched
      by feature id, then each sub-step's);
   c. solve, biased: each point pushes apart with a soft constraint
      (spring ``contact_hertz``, damping ratio ``damping_ratio``, twice as stiff
      against static and kinematic bodies), at most ``contact_speed`` fast;
      a speculative point (not touching yet) lets the bodies close exactly its
      gap in one sub-step and no more; Coulomb friction bounded by μ·λn;
   d. integrate positions, speeds capped (``max_linear_speed``, and
      ``max_rotation`` per step: Box2D's quarter turn);
   e. relax: the same solve without the bias, so the push-out does not
      remain as velocity (no bounce from correcting overlap), and rolling
      resistance;
3. restitution, once: points that approached faster than
   ``restitution_threshold`` and took impulse leave at e times that speed;
4. the bodies' transforms from their centres' motion.

Each point's current separation inside the step is its separation at the
start plus the relative motion of its two anchors (Box2D v3: the manifold is
computed once per step, the anchors move with the bodies).

Layout (Box2D v3's): the contacts are prepared once per step into rows of
their own (``C_*`` and ``P_*`` columns: normal, masses, softness, and per
point the anchors, effective masses and impulses), in solver order; the
bodies that take part get a compact row of solver state each (``S_*``:
velocity, motion and turn since the step began; the movers first), and a
static or kinematic body's row is read, never written.

Where we differ from Box2D v3 in the arithmetic: a point keeps its anchors
only as r × n and r × t (t = (ny, −nx), so r × t = −r · n), Box2D the
anchors themselves. Every speed along n or t, every impulse's turn and the
current separation (the anchors turned by (qc, qs) since the step began,
along n: qs·(r × n) − qc·(r × t)) is then a few products of those, a quarter
fewer operations than rebuilding them from the anchors (measured:
solve_step on a 40-row pyramid 1.23 -> 0.93 ms). The results agree with the
anchors' form to rounding.

Order: Box2D v3's graph colouring. A contact takes the first colour
neither of its pushable bodies has yet; contacts between two dynamic
bodies come first, in their colours, and those with a static or kinematic
body after them, in colours of their own (their last word, as before
colouring; Box2D mixes them into its colours 1 and up).

Where we differ from Box2D v3: the contacts of a colour are solved one
after another (Gauss-Seidel, scalar; Box2D solves 4 or 8 of a colour at
once in SIMD lanes, which numba does not vectorize here): colouring only
orders the work, and pays because the processor overlaps the solves of
contacts that share no written body (measured: solve_step on a 40-row
pyramid 1.31 -> 1.19 ms). Friction is solved in both stages, as in Box2D
v3.1 (main solves it in the relax stage only: measured here, a box landing
flat on the ground then slid 4 cm on its own spin, against 0.2 mm).

Frames and signs: world frame throughout; a contact's normal points from
body a to body b; an impulse λ ≥ 0 pushes b along the normal and a against it.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.jit import inline, kernel, unmanaged, viewed_record


class Softness(NamedTuple):
    """A soft constraint's coefficients for sub-step h (Box2D v3 ``b2MakeSoft``)."""

    bias_rate: float
    mass_scale: float
    impulse_scale: float


def make_soft(hertz: float, zeta: float, h: float) -> Softness:
    """``b2MakeSoft``: spring of ``hertz`` with damping ratio ``zeta`` at sub-step ``h``.

    >>> s = make_soft(30.0, 10.0, 1 / 240)
    >>> round(s.bias_rate, 3), round(s.mass_scale + s.impulse_scale, 12)
    (9.069, 1.0)
    """
    if hertz == 0.0:
        return Softness(0.0, 1.0, 0.0)
    omega = 2.0 * math.pi * hertz
    a1 = 2.0 * zeta + h * omega
    a2 = h * omega * a1
    a3 = 1.0 / (1.0 + a2)
    return Softness(omega / a1, a2 * a3, a3)


class StepSettings(NamedTuple):
    """What one step needs besides the bodies and the contacts; lengths in world units."""

    dt: float
    substeps: int
    gravity_x: float
    gravity_y: float
    #: Softness between two dynamic bodies, and against a static or kinematic one.
    soft: Softness
    soft_stiff: Softness
    #: Fastest push-out of an overlap, world units per second.
    contact_speed: float
    restitution_threshold: float
    max_linear_speed: float
    #: Largest turn per step, radians (below π, so a step's turn is unambiguous).
    max_rotation: float


class Constraints(NamedTuple):
    """A step's contacts, one row each, up to two points (the second axis).

    Filled by the contact builder (``contact_set.find_contacts``): ``a``, ``b``
    (slots), ``count``, ``normal`` (a → b), ``friction``, ``restitution``,
    ``stiff`` (one body cannot be pushed), ``point`` (the point midway between
    the surfaces, world), ``separation``, ``rolling`` (rolling resistance: the
    larger of the two, times the larger reach) and the warm-start impulses
    ``normal_impulse`` and ``tangent_impulse``. The solver leaves in the
    impulses what the points carried at the end of the step, and in
    ``total_impulse`` the normal impulse applied over the whole step; what it
    prepares for itself it keeps in its own rows (``C_*``, ``P_*``).
    """

    a: np.ndarray
    b: np.ndarray
    count: np.ndarray
    normal: np.ndarray
    friction: np.ndarray
    restitution: np.ndarray
    stiff: np.ndarray
    point: np.ndarray
    separation: np.ndarray
    normal_impulse: np.ndarray
    tangent_impulse: np.ndarray
    total_impulse: np.ndarray
    rolling: np.ndarray


#: No contacts: each field's type and its shape past the row axis, for ``jit.zeros_rows``.
NO_CONSTRAINTS = Constraints(
    a=np.zeros(0, np.int64), b=np.zeros(0, np.int64), count=np.zeros(0, np.int64), normal=np.zeros((0, 2)),
    friction=np.zeros(0), restitution=np.zeros(0), stiff=np.zeros(0, np.bool_), point=np.zeros((0, 2, 2)),
    separation=np.zeros((0, 2)), normal_impulse=np.zeros((0, 2)), tangent_impulse=np.zeros((0, 2)),
    total_impulse=np.zeros((0, 2)), rolling=np.zeros(0),
)  # fmt: skip


# Columns of a prepared contact, one row each (Box2D v3's ``b2ContactConstraint``): the
# normal, the two bodies' inverse masses and inertias, the mixed material, the softness
# of its push-out, then each point's columns (``P_*``) from ``C_POINT + j * P_WIDTH``.
C_NX, C_NY, C_MA, C_IA, C_MB, C_IB = 0, 1, 2, 3, 4, 5
C_FRICTION, C_RESTITUTION, C_ROLLING, C_ROLLING_IMPULSE = 6, 7, 8, 9
C_BIAS_RATE, C_MASS_SCALE, C_IMPULSE_SCALE = 10, 11, 12
C_POINT = 13
#: A point's columns (``b2ContactConstraintPoint``): its anchors from each centre of mass (world
#: orientation, fixed for the step) crossed with the normal and with the tangent t = (ny, −nx)
#: (r × n, r × t = −r · n: all the solve needs of them), separation with the anchors' offset
#: taken out, effective masses, impulses (warm start, largest in a sub-step, whole step) and
#: approach speed.
P_RNA, P_RNB, P_RTA, P_RTB, P_BASE, P_NORMAL_MASS, P_TANGENT_MASS = 0, 1, 2, 3, 4, 5, 6
P_NORMAL_IMPULSE, P_TANGENT_IMPULSE, P_MAX_IMPULSE, P_TOTAL_IMPULSE, P_APPROACH = 7, 8, 9, 10, 11
P_WIDTH = 12
C_WIDTH = C_POINT + 2 * P_WIDTH
#: Columns of a body's solver state, one row of 8 (a cache line) per body that takes part
#: (Box2D's ``b2BodyState``): velocity, centre's motion and turn (cos, sin) since the step began.
S_VX, S_VY, S_W, S_DX, S_DY, S_QC, S_QS = 0, 1, 2, 3, 4, 5, 6
S_WIDTH = 8


@inline
def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


@inline
def _pushed(vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, px, py, turn_a, turn_b):
    """Two bodies' velocities after the impulse (px, py) on b and its opposite on a, given their
    inverse masses and inertias and the impulse's moments about each centre (``turn_a``: r_a × P)."""
    return (
        vax - ma * px, vay - ma * py, wa - ia * turn_a,
        vbx + mb * px, vby + mb * py, wb + ib * turn_b,
    )  # fmt: skip


@inline
def _loaded(cc, ends, state, k):
    """Contact ``k``'s inverse masses and inertias, normal, and its bodies' velocities:
    (ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb)."""
    a, b = ends[k, 0], ends[k, 1]
    return (
        cc[k, C_MA], cc[k, C_IA], cc[k, C_MB], cc[k, C_IB], cc[k, C_NX], cc[k, C_NY],
        state[a, S_VX], state[a, S_VY], state[a, S_W], state[b, S_VX], state[b, S_VY], state[b, S_W],
    )  # fmt: skip


@inline
def _warm_point(cc, k, p, ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb):
    """The impulses the point with columns from ``p`` carries, applied."""
    pn, pt = cc[k, p + P_NORMAL_IMPULSE], cc[k, p + P_TANGENT_IMPULSE]
    return _pushed(
        vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, pn * nx + pt * ny, pn * ny - pt * nx,
        pn * cc[k, p + P_RNA] + pt * cc[k, p + P_RTA], pn * cc[k, p + P_RNB] + pt * cc[k, p + P_RTB],
    )  # fmt: skip


@inline
def _warm_start(cc, ends, count, state):
    """Apply the impulses each point carries (last step's, matched by feature id, then each sub-step's)."""
    for k in range(cc.shape[0]):
        ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb = _loaded(cc, ends, state, k)
        vax, vay, wa, vbx, vby, wb = _warm_point(
            cc, k, C_POINT, ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb
        )
        if count[k] > 1:
            vax, vay, wa, vbx, vby, wb = _warm_point(
                cc, k, C_POINT + P_WIDTH, ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb
            )
        _store(state, ends, k, vax, vay, wa, vbx, vby, wb)


@inline
def _store(state, ends, k, vax, vay, wa, vbx, vby, wb):
    """Write contact ``k``'s two bodies' velocities to their written rows (``ends[k, 2:]``): a
    static or kinematic body's is the spare last row, never read, so the contacts of one
    colour share no written row and their solves overlap in the processor."""
    a, b = ends[k, 2], ends[k, 3]
    state[a, S_VX], state[a, S_VY], state[a, S_W] = vax, vay, wa
    state[b, S_VX], state[b, S_VY], state[b, S_W] = vbx, vby, wb


@inline
def _normal_speed(cc, k, p, nx, ny, vax, vay, wa, vbx, vby, wb):
    """The relative speed of b's anchor from a's along the normal at the point with columns from ``p``:
    (v_b + ω_b × r_b − v_a − ω_a × r_a) · n, with r × n kept per point."""
    return (vbx - vax) * nx + (vby - vay) * ny + (wb * cc[k, p + P_RNB] - wa * cc[k, p + P_RNA])


@inline
def _normal_point(cc, k, p, use_bias, inv_h, contact_speed, bias_rate, soft_mass, soft_impulse, ddn,
                  qac, qas, qbc, qbs, ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb):  # fmt: skip
    """The normal impulse of the point with columns from ``p`` (see ``_solve_contacts``)."""
    rna, rnb, rta, rtb = cc[k, p + P_RNA], cc[k, p + P_RNB], cc[k, p + P_RTA], cc[k, p + P_RTB]
    # The separation now: the anchors turned with their bodies since the step began, along the
    # normal (r · n = −r × t, so each anchor's turn is its two crosses).
    sep = ddn + (qbs * rnb - qbc * rtb) - (qas * rna - qac * rta) + cc[k, p + P_BASE]
    # Speculative (apart): close the gap in the sub-step, no more; else the soft push-out.
    speculative = sep > 0.0
    bias = sep * inv_h if speculative else max(bias_rate * sep, -contact_speed)
    mass_scale = 1.0 if speculative else soft_mass
    impulse_scale = 0.0 if speculative else soft_impulse
    vn = _normal_speed(cc, k, p, nx, ny, vax, vay, wa, vbx, vby, wb)
    old = cc[k, p + P_NORMAL_IMPULSE]
    impulse = -cc[k, p + P_NORMAL_MASS] * mass_scale * (vn + bias) - impulse_scale * old
    new = max(old + impulse, 0.0)
    impulse = new - old
    cc[k, p + P_NORMAL_IMPULSE] = new
    cc[k, p + P_MAX_IMPULSE] = max(cc[k, p + P_MAX_IMPULSE], impulse)
    if not use_bias:
        cc[k, p + P_TOTAL_IMPULSE] += new
    return _pushed(
        vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, impulse * nx, impulse * ny, impulse * rna, impulse * rnb
    )


@inline
def _friction_point(cc, k, p, friction, ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb):
    """The friction impulse of the point with columns from ``p``, along t = (ny, −nx), bounded by μ·λn."""
    rta, rtb = cc[k, p + P_RTA], cc[k, p + P_RTB]
    vt = (vbx - vax) * ny - (vby - vay) * nx + (wb * rtb - wa * rta)
    old = cc[k, p + P_TANGENT_IMPULSE]
    limit = friction * cc[k, p + P_NORMAL_IMPULSE]
    new = min(max(old - cc[k, p + P_TANGENT_MASS] * vt, -limit), limit)
    impulse = new - old
    cc[k, p + P_TANGENT_IMPULSE] = new
    return _pushed(
        vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, impulse * ny, -impulse * nx, impulse * rta, impulse * rtb
    )


@inline
def _solve_contacts(cc, ends, count, state, use_bias, inv_h, contact_speed):
    """One pass over every prepared contact, in solver order: normal (soft when ``use_bias``),
    then friction, and, relaxing, rolling resistance and the step's total impulse. Each
    contact reads its two bodies' states once, solves its points on local copies and writes
    them back once (Box2D's layout). The first and second points are written out, each
    with its columns at a constant offset (no index to check for wrap-around)."""
    for k in range(cc.shape[0]):
        a, b = ends[k, 0], ends[k, 1]
        ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb = _loaded(cc, ends, state, k)
        # The bodies' motion since the step began, along the normal, for the points' current separation.
        ddn = (state[b, S_DX] - state[a, S_DX]) * nx + (state[b, S_DY] - state[a, S_DY]) * ny
        qac, qas, qbc, qbs = state[a, S_QC], state[a, S_QS], state[b, S_QC], state[b, S_QS]
        bias_rate, soft_mass, soft_impulse = 0.0, 1.0, 0.0
        if use_bias:
            bias_rate, soft_mass, soft_impulse = (
                cc[k, C_BIAS_RATE],
                cc[k, C_MASS_SCALE],
                cc[k, C_IMPULSE_SCALE],
            )
        two = count[k] > 1
        vax, vay, wa, vbx, vby, wb = _normal_point(
            cc, k, C_POINT, use_bias, inv_h, contact_speed, bias_rate, soft_mass, soft_impulse, ddn,
            qac, qas, qbc, qbs, ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb,
        )  # fmt: skip
        if two:
            vax, vay, wa, vbx, vby, wb = _normal_point(
                cc, k, C_POINT + P_WIDTH, use_bias, inv_h, contact_speed, bias_rate, soft_mass, soft_impulse,
                ddn, qac, qas, qbc, qbs, ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb,
            )  # fmt: skip
        # Friction in both stages (Box2D v3.1: solving it in the relax stage only, as
        # Box2D's main does, let a box landing flat slide 4 cm on its own spin).
        friction = cc[k, C_FRICTION]
        vax, vay, wa, vbx, vby, wb = _friction_point(
            cc, k, C_POINT, friction, ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb
        )
        if two:
            vax, vay, wa, vbx, vby, wb = _friction_point(
                cc, k, C_POINT + P_WIDTH, friction, ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb
            )
        rolling = cc[k, C_ROLLING]
        if not use_bias and rolling > 0.0 and ia + ib > 0.0:
            # Box2D v3: resist the relative spin, up to rr × the push.
            limit = rolling * (
                cc[k, C_POINT + P_NORMAL_IMPULSE] + cc[k, C_POINT + P_WIDTH + P_NORMAL_IMPULSE]
            )
            old = cc[k, C_ROLLING_IMPULSE]
            new = min(max(old - (wb - wa) / (ia + ib), -limit), limit)
            impulse = new - old
            cc[k, C_ROLLING_IMPULSE] = new
            wa -= ia * impulse
            wb += ib * impulse
        _store(state, ends, k, vax, vay, wa, vbx, vby, wb)


#: Colours of the constraint graph: a contact takes the first colour neither of its pushable
#: bodies has yet (Box2D v3's ``b2AssignContactColor``); past the last, one sequential tail.
COLORS = 64


@inline
def _color_order(a_rows, b_rows, pushable_a, pushable_b, stiff, rows):
    """Solver order of the contacts: by colour, contacts between two dynamic bodies first and
    those with a static or kinematic body in colours of their own after them (the last word,
    as before colouring); in a colour, in the given order. No two contacts of one colour push
    the same body, so their solves do not wait on one another (Box2D v3's graph colouring)."""
    k_count = a_rows.shape[0]
    used = np.zeros(rows, np.int64)
    color = np.empty(k_count, np.int64)
    for pass_stiff in (False, True):
        used[:] = 0
        for k in range(k_count):
            if stiff[k] != pass_stiff:
                continue
            taken = np.int64(0)
            if pushable_a[k]:
                taken |= used[a_rows[k]]
            if pushable_b[k]:
                taken |= used[b_rows[k]]
            c = 0
            while c < COLORS - 1 and (taken >> c) & 1:
                c += 1
            if c < COLORS - 1:
                bit = np.int64(1) << c
                if pushable_a[k]:
                    used[a_rows[k]] |= bit
                if pushable_b[k]:
                    used[b_rows[k]] |= bit
            color[k] = c + (COLORS if pass_stiff else 0)
    start = np.zeros(2 * COLORS + 1, np.int64)
    for k in range(k_count):
        start[color[k] + 1] += 1
    for c in range(2 * COLORS):
        start[c + 1] += start[c]
    order = np.empty(k_count, np.int64)
    for k in range(k_count):
        order[start[color[k]]] = k
        start[color[k]] += 1
    return order


@kernel
def solve_step(cons, motion, xf, movers, settings):
    """Advance the bodies at slots ``movers`` (awake dynamic bodies, and
    kinematic bodies with a velocity) by one step, pushing on one another
    through ``cons`` (see the module's outline). Writes ``xf`` and
    ``motion.vel`` of the dynamic movers, and the constraints' impulses.

    ``motion.vel`` of a kinematic body is the velocity it moves at; a
    kinematic body that was placed since the last step also pushes with the
    velocity that placement implies, which the caller adds in ``push``
    (``motion.start`` to ``xf`` over dt) without moving it again.
    """
    n = xf.shape[0]
    h = settings.dt / settings.substeps
    cons, motion, xf, movers = viewed_record(cons), viewed_record(motion), unmanaged(xf), unmanaged(movers)
    inv_mass, inv_inertia, dynamic = motion.inv_mass, motion.inv_inertia, motion.dynamic
    k_count, n_movers = cons.a.shape[0], movers.shape[0]
    # Body rows: the movers first, then the other bodies the contacts meet.
    row_of = np.full(n, -1, np.int64)
    slots = np.empty(n_movers + 2 * k_count, np.int64)
    rows = 0
    for m in range(n_movers):
        row_of[movers[m]] = rows
        slots[rows] = movers[m]
        rows += 1
    ends_owner = np.empty((k_count, 2), np.int64)
    ends = unmanaged(ends_owner)
    for k in range(k_count):
        for side in range(2):
            i = cons.a[k] if side == 0 else cons.b[k]
            if row_of[i] < 0:
                row_of[i] = rows
                slots[rows] = i
                rows += 1
            ends[k, side] = row_of[i]
    state_owner = np.zeros((rows + 1, S_WIDTH))  # and a spare row, written, never read
    center_owner = np.empty((rows, 2))
    state, center = unmanaged(state_owner), unmanaged(center_owner)
    inv_dt = 1.0 / settings.dt
    for r in range(rows):
        i = slots[r]
        state[r, S_QC] = 1.0
        center[r, 0], center[r, 1] = xf[i, 0], xf[i, 1]
        lx, ly = motion.center[i, 0], motion.center[i, 1]
        if lx != 0.0 or ly != 0.0:  # a centre of mass at the origin (a box's, a disc's) needs no turn
            c, s = math.cos(xf[i, 2]), math.sin(xf[i, 2])
            center[r, 0] += c * lx - s * ly
            center[r, 1] += s * lx + c * ly
        if r < n_movers:
            state[r, S_VX], state[r, S_VY], state[r, S_W] = (
                motion.vel[i, 0],
                motion.vel[i, 1],
                motion.vel[i, 2],
            )
        if not dynamic[i] and inv_mass[i] == 0.0:
            # A kinematic body placed since the last step pushes at the speed of that move.
            state[r, S_VX] += (xf[i, 0] - motion.start[i, 0]) * inv_dt
            state[r, S_VY] += (xf[i, 1] - motion.start[i, 1]) * inv_dt
            state[r, S_W] += (xf[i, 2] - motion.start[i, 2]) * inv_dt

    # 1. Prepare, in solver order.
    pushable = np.empty((k_count, 2), np.bool_)
    for k in range(k_count):
        for side in range(2):
            i = cons.a[k] if side == 0 else cons.b[k]
            pushable[k, side] = inv_mass[i] != 0.0 or inv_inertia[i] != 0.0
    order = _color_order(ends[:, 0], ends[:, 1], pushable[:, 0], pushable[:, 1], cons.stiff, rows)
    cc_owner = np.zeros((k_count, C_WIDTH))
    # Rows each contact reads, then the rows it writes (the spare one for a body that cannot be pushed).
    solver_ends = np.empty((k_count, 4), np.int64)
    count = np.empty(k_count, np.int64)
    cc = unmanaged(cc_owner)
    for t in range(k_count):
        k = order[t]
        a, b = cons.a[k], cons.b[k]
        ra, rb = ends[k, 0], ends[k, 1]
        solver_ends[t, 0], solver_ends[t, 1] = ra, rb
        solver_ends[t, 2] = ra if pushable[k, 0] else rows
        solver_ends[t, 3] = rb if pushable[k, 1] else rows
        count[t] = cons.count[k]
        nx, ny = cons.normal[k, 0], cons.normal[k, 1]
        ma, ia, mb, ib = inv_mass[a], inv_inertia[a], inv_mass[b], inv_inertia[b]
        cc[t, C_NX], cc[t, C_NY] = nx, ny
        cc[t, C_MA], cc[t, C_IA], cc[t, C_MB], cc[t, C_IB] = ma, ia, mb, ib
        cc[t, C_FRICTION], cc[t, C_RESTITUTION], cc[t, C_ROLLING] = (
            cons.friction[k], cons.restitution[k], cons.rolling[k],
        )  # fmt: skip
        soft = settings.soft_stiff if cons.stiff[k] else settings.soft
        cc[t, C_BIAS_RATE], cc[t, C_MASS_SCALE], cc[t, C_IMPULSE_SCALE] = soft
        for j in range(cons.count[k]):
            p = C_POINT + j * P_WIDTH
            px, py = cons.point[k, j, 0], cons.point[k, j, 1]
            ax, ay = px - center[ra, 0], py - center[ra, 1]
            bx, by = px - center[rb, 0], py - center[rb, 1]
            rna, rnb = _cross(ax, ay, nx, ny), _cross(bx, by, nx, ny)
            rta, rtb = _cross(ax, ay, ny, -nx), _cross(bx, by, ny, -nx)
            cc[t, p + P_RNA], cc[t, p + P_RNB], cc[t, p + P_RTA], cc[t, p + P_RTB] = rna, rnb, rta, rtb
            # The separation less the anchors' offset along the normal, (r_b − r_a) · n = r_a × t − r_b × t.
            cc[t, p + P_BASE] = cons.separation[k, j] - (rta - rtb)
            kn = ma + mb + ia * rna * rna + ib * rnb * rnb
            cc[t, p + P_NORMAL_MASS] = 1.0 / kn if kn > 0.0 else 0.0
            kt = ma + mb + ia * rta * rta + ib * rtb * rtb
            cc[t, p + P_TANGENT_MASS] = 1.0 / kt if kt > 0.0 else 0.0
            cc[t, p + P_APPROACH] = _normal_speed(
                cc, t, p, nx, ny, state[ra, S_VX], state[ra, S_VY], state[ra, S_W],
                state[rb, S_VX], state[rb, S_VY], state[rb, S_W],
            )  # fmt: skip
            cc[t, p + P_NORMAL_IMPULSE] = cons.normal_impulse[k, j]
            cc[t, p + P_TANGENT_IMPULSE] = cons.tangent_impulse[k, j]
    # What a sub-step adds to each dynamic mover's velocity, and its damping (Box2D's, exact for any h).
    gain = np.zeros((n_movers, 5))
    for r in range(n_movers):
        i = slots[r]
        if dynamic[i]:
            g = motion.gravity_scale[i]
            gain[r, 0] = 1.0 / (1.0 + h * motion.damping[i, 0])
            gain[r, 1] = 1.0 / (1.0 + h * motion.damping[i, 1])
            gain[r, 2] = h * (inv_mass[i] * motion.force[i, 0] + g * settings.gravity_x)
            gain[r, 3] = h * (inv_mass[i] * motion.force[i, 1] + g * settings.gravity_y)
            gain[r, 4] = h * inv_inertia[i] * motion.force[i, 2]

    max_speed2 = settings.max_linear_speed * settings.max_linear_speed
    # The turn is capped per step, so the step's whole turn is below π and its angle unambiguous.
    max_turn = settings.max_rotation / settings.dt
    inv_h = 1.0 / h
    for _ in range(settings.substeps):
        # 2a. Velocities.
        for r in range(n_movers):
            if dynamic[slots[r]]:
                state[r, S_VX] = gain[r, 0] * state[r, S_VX] + gain[r, 2]
                state[r, S_VY] = gain[r, 0] * state[r, S_VY] + gain[r, 3]
                state[r, S_W] = gain[r, 1] * state[r, S_W] + gain[r, 4]
        # 2b. Warm start.
        _warm_start(cc, solver_ends, count, state)
        # 2c. Solve with the soft push-out.
        _solve_contacts(cc, solver_ends, count, state, True, inv_h, settings.contact_speed)
        # 2d. Positions.
        for r in range(n_movers):
            i = slots[r]
            if dynamic[i]:
                vx, vy = state[r, S_VX], state[r, S_VY]
                speed2 = vx * vx + vy * vy
                if speed2 > max_speed2:
                    scale = settings.max_linear_speed / math.sqrt(speed2)
                    state[r, S_VX], state[r, S_VY] = vx * scale, vy * scale
                state[r, S_W] = min(max(state[r, S_W], -max_turn), max_turn)
                wx, wy, ww = state[r, S_VX], state[r, S_VY], state[r, S_W]
            else:  # a kinematic body moves by its own velocity, not the push of a placement
                wx, wy, ww = motion.vel[i, 0], motion.vel[i, 1], motion.vel[i, 2]
            state[r, S_DX] += h * wx
            state[r, S_DY] += h * wy
            qc, qs = state[r, S_QC], state[r, S_QS]
            qc, qs = qc - h * ww * qs, qs + h * ww * qc
            norm = 1.0 / math.sqrt(qc * qc + qs * qs)
            state[r, S_QC], state[r, S_QS] = qc * norm, qs * norm
        # 2e. Relax.
        _solve_contacts(cc, solver_ends, count, state, False, inv_h, settings.contact_speed)

    # 3. Restitution.
    threshold = settings.restitution_threshold
    for t in range(k_count):
        e = cc[t, C_RESTITUTION]
        if e == 0.0:
            continue
        ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb = _loaded(cc, solver_ends, state, t)
        for j in range(count[t]):
            p = C_POINT + j * P_WIDTH
            approach = cc[t, p + P_APPROACH]
            if approach > -threshold or cc[t, p + P_MAX_IMPULSE] == 0.0:
                continue
            vn = _normal_speed(cc, t, p, nx, ny, vax, vay, wa, vbx, vby, wb)
            old = cc[t, p + P_NORMAL_IMPULSE]
            new = max(old - cc[t, p + P_NORMAL_MASS] * (vn + e * approach), 0.0)
            impulse = new - old
            cc[t, p + P_NORMAL_IMPULSE] = new
            cc[t, p + P_TOTAL_IMPULSE] += impulse
            cc[t, p + P_MAX_IMPULSE] = max(cc[t, p + P_MAX_IMPULSE], impulse)
            vax, vay, wa, vbx, vby, wb = _pushed(
                vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, impulse * nx, impulse * ny,
                impulse * cc[t, p + P_RNA], impulse * cc[t, p + P_RNB],
            )  # fmt: skip
        _store(state, solver_ends, t, vax, vay, wa, vbx, vby, wb)
    # What the points carry out of the step, in the contacts' own rows.
    for t in range(k_count):
        k = order[t]
        for j in range(count[t]):
            p = C_POINT + j * P_WIDTH
            cons.normal_impulse[k, j] = cc[t, p + P_NORMAL_IMPULSE]
            cons.tangent_impulse[k, j] = cc[t, p + P_TANGENT_IMPULSE]
            cons.total_impulse[k, j] = cc[t, p + P_TOTAL_IMPULSE]

    # 4. Transforms from the centres' motion; the angle adds the turn (at most a
    # quarter turn per sub-step, so the sum of sub-steps' turns is kept exactly).
    for r in range(n_movers):
        i = slots[r]
        if dynamic[i]:
            motion.vel[i, 0], motion.vel[i, 1], motion.vel[i, 2] = (
                state[r, S_VX],
                state[r, S_VY],
                state[r, S_W],
            )
        angle = xf[i, 2] + math.atan2(state[r, S_QS], state[r, S_QC])
        xf[i, 0], xf[i, 1], xf[i, 2] = center[r, 0] + state[r, S_DX], center[r, 1] + state[r, S_DY], angle
        lx, ly = motion.center[i, 0], motion.center[i, 1]
        if lx != 0.0 or ly != 0.0:
            c, s = math.cos(angle), math.sin(angle)
            xf[i, 0] -= c * lx - s * ly
            xf[i, 1] -= s * lx + c * ly
    # Keeps the owners alive past their last use through the views.
    return state_owner.shape[0] + center_owner.shape[0] + cc_owner.shape[0] + ends_owner.shape[0]


__all__ = ["NO_CONSTRAINTS", "Constraints", "Softness", "StepSettings", "make_soft", "solve_step"]
