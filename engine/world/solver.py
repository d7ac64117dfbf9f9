"""The contact solver: Box2D v3's soft step, sequential, in one compiled call per step.

Outline of ``solve_step`` (Box2D v3 ``b2SolverStage_*``, ``src/solver.c`` and
``src/contact_solver.c``; Catto, "Solver2D", box2d.org 2024):

1. prepare, once per step: each contact point's anchors relative to both
   centres of mass (world orientation, fixed for the step), its effective
   masses along the normal and the tangent, its separation with the anchors'
   offset taken out, and the approach speed before the step (restitution);
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

Where we differ from Box2D v3: contacts are solved in one sequential pass
(Gauss-Seidel) in a fixed order, contacts between two dynamic bodies
first and those with a static or kinematic body last (Box2D's graph
colouring gives its static colours the last word the same way); friction
is solved in both stages, as in Box2D v3.1 (main solves it in the relax
stage only: measured here, a box landing flat on the ground then slid 4 cm
on its own spin, against 0.2 mm).

Frames and signs: world frame throughout; a contact's normal points from
body a to body b; an impulse λ ≥ 0 pushes b along the normal and a against it.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.jit import inline, kernel, unmanaged
from .bodies import Motion


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

    Filled by the contact builder (``contacts.build_constraints``): ``a``, ``b``
    (slots), ``count``, ``normal`` (a → b), ``friction``, ``restitution``,
    ``stiff`` (one body cannot be pushed), ``point`` (the point midway between
    the surfaces, world), ``separation`` and the warm-start impulses
    ``normal_impulse`` and ``tangent_impulse``. The solver fills the rest and
    leaves in the impulses what the points carried at the end of the step;
    ``total_impulse`` is the normal impulse applied over the whole step and
    ``max_impulse`` the largest in one sub-step.
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
    max_impulse: np.ndarray
    anchor_a: np.ndarray
    anchor_b: np.ndarray
    base_separation: np.ndarray
    normal_mass: np.ndarray
    tangent_mass: np.ndarray
    approach: np.ndarray
    #: (k, 4): inverse mass and inertia of a, then of b.
    masses: np.ndarray
    #: Rolling resistance (the larger of the two, times the larger reach) and its impulse.
    rolling: np.ndarray
    rolling_impulse: np.ndarray


@inline
def viewed_constraints(c):
    """``c`` with every array a view numba does not reference-count (``jit.unmanaged``)."""
    return Constraints(
        unmanaged(c.a), unmanaged(c.b), unmanaged(c.count), unmanaged(c.normal), unmanaged(c.friction),
        unmanaged(c.restitution), unmanaged(c.stiff), unmanaged(c.point), unmanaged(c.separation),
        unmanaged(c.normal_impulse), unmanaged(c.tangent_impulse), unmanaged(c.total_impulse),
        unmanaged(c.max_impulse), unmanaged(c.anchor_a), unmanaged(c.anchor_b), unmanaged(c.base_separation),
        unmanaged(c.normal_mass), unmanaged(c.tangent_mass), unmanaged(c.approach), unmanaged(c.masses),
        unmanaged(c.rolling), unmanaged(c.rolling_impulse),
    )  # fmt: skip


@inline
def viewed_motion(m):
    """``m`` (a ``bodies.Motion``) with every array an unmanaged view."""
    return Motion(
        unmanaged(m.dynamic), unmanaged(m.vel), unmanaged(m.force), unmanaged(m.inv_mass),
        unmanaged(m.inv_inertia), unmanaged(m.center), unmanaged(m.friction), unmanaged(m.restitution),
        unmanaged(m.rolling), unmanaged(m.damping), unmanaged(m.gravity_scale), unmanaged(m.awake), unmanaged(m.sleep_time),
        unmanaged(m.island), unmanaged(m.start),
    )  # fmt: skip


@inline
def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


@inline
def _apply(v, inv_mass, inv_inertia, a, b, ax, ay, bx, by, px, py):
    """Impulse (px, py) on b at anchor (bx, by), and its opposite on a at (ax, ay)."""
    v[a, 0] -= inv_mass[a] * px
    v[a, 1] -= inv_mass[a] * py
    v[a, 2] -= inv_inertia[a] * _cross(ax, ay, px, py)
    v[b, 0] += inv_mass[b] * px
    v[b, 1] += inv_mass[b] * py
    v[b, 2] += inv_inertia[b] * _cross(bx, by, px, py)


@inline
def _relative_velocity(v, a, b, ax, ay, bx, by):
    """Velocity of b's anchor relative to a's: (vb + wb × rb) − (va + wa × ra)."""
    dvx = v[b, 0] - v[b, 2] * by - v[a, 0] + v[a, 2] * ay
    dvy = v[b, 1] + v[b, 2] * bx - v[a, 1] - v[a, 2] * ax
    return dvx, dvy


@inline
def _pushed(vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, ax, ay, bx, by, px, py):
    """Two bodies' velocities after the impulse (px, py) on b at anchor (bx, by) and its opposite
    on a at (ax, ay), given their inverse masses and inertias."""
    return (
        vax - ma * px, vay - ma * py, wa - ia * (ax * py - ay * px),
        vbx + mb * px, vby + mb * py, wb + ib * (bx * py - by * px),
    )  # fmt: skip


@inline
def _solve_contacts(cons, v, dp, dq, settings, h, use_bias):
    """One pass over every contact point: normal (soft when ``use_bias``), then
    friction, and, relaxing, rolling resistance. Each contact reads its two
    bodies' velocities once, solves its points on local copies and writes
    them back once (Box2D's layout)."""
    inv_h = 1.0 / h
    for k in range(cons.a.shape[0]):
        a, b = cons.a[k], cons.b[k]
        ma, ia, mb, ib = cons.masses[k, 0], cons.masses[k, 1], cons.masses[k, 2], cons.masses[k, 3]
        nx, ny = cons.normal[k, 0], cons.normal[k, 1]
        soft = settings.soft_stiff if cons.stiff[k] else settings.soft
        vax, vay, wa = v[a, 0], v[a, 1], v[a, 2]
        vbx, vby, wb = v[b, 0], v[b, 1], v[b, 2]
        # The bodies' motion since the step began, for the points' current separation.
        ddx, ddy = dp[b, 0] - dp[a, 0], dp[b, 1] - dp[a, 1]
        qac, qas, qbc, qbs = dq[a, 0], dq[a, 1], dq[b, 0], dq[b, 1]
        count = cons.count[k]
        for j in range(count):
            ax, ay = cons.anchor_a[k, j, 0], cons.anchor_a[k, j, 1]
            bx, by = cons.anchor_b[k, j, 0], cons.anchor_b[k, j, 1]
            dx = ddx + (qbc * bx - qbs * by) - (qac * ax - qas * ay)
            dy = ddy + (qbs * bx + qbc * by) - (qas * ax + qac * ay)
            sep = dx * nx + dy * ny + cons.base_separation[k, j]
            bias, mass_scale, impulse_scale = 0.0, 1.0, 0.0
            if sep > 0.0:
                bias = sep * inv_h  # speculative: close the gap, no more
            elif use_bias:
                bias = max(soft.bias_rate * sep, -settings.contact_speed)
                mass_scale, impulse_scale = soft.mass_scale, soft.impulse_scale
            dvx = vbx - wb * by - vax + wa * ay
            dvy = vby + wb * bx - vay - wa * ax
            vn = dvx * nx + dvy * ny
            old = cons.normal_impulse[k, j]
            impulse = -cons.normal_mass[k, j] * mass_scale * (vn + bias) - impulse_scale * old
            new = max(old + impulse, 0.0)
            impulse = new - old
            cons.normal_impulse[k, j] = new
            cons.max_impulse[k, j] = max(cons.max_impulse[k, j], impulse)
            vax, vay, wa, vbx, vby, wb = _pushed(
                vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, ax, ay, bx, by, impulse * nx, impulse * ny
            )
        # Friction in both stages (Box2D v3.1: solving it in the relax stage only, as
        # Box2D's main does, let a box landing flat slide 4 cm on its own spin).
        friction = cons.friction[k]
        tx, ty = ny, -nx
        for j in range(count):
            ax, ay = cons.anchor_a[k, j, 0], cons.anchor_a[k, j, 1]
            bx, by = cons.anchor_b[k, j, 0], cons.anchor_b[k, j, 1]
            dvx = vbx - wb * by - vax + wa * ay
            dvy = vby + wb * bx - vay - wa * ax
            vt = dvx * tx + dvy * ty
            old = cons.tangent_impulse[k, j]
            limit = friction * cons.normal_impulse[k, j]
            new = min(max(old - cons.tangent_mass[k, j] * vt, -limit), limit)
            impulse = new - old
            cons.tangent_impulse[k, j] = new
            vax, vay, wa, vbx, vby, wb = _pushed(
                vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, ax, ay, bx, by, impulse * tx, impulse * ty
            )
        rolling = cons.rolling[k]
        if (
            not use_bias and rolling > 0.0 and ia + ib > 0.0
        ):  # Box2D v3: resist the relative spin, up to rr × the push
            total = cons.normal_impulse[k, 0] + cons.normal_impulse[k, 1]
            limit = rolling * total
            old = cons.rolling_impulse[k]
            new = min(max(old - (wb - wa) / (ia + ib), -limit), limit)
            impulse = new - old
            cons.rolling_impulse[k] = new
            wa -= ia * impulse
            wb += ib * impulse
        v[a, 0], v[a, 1], v[a, 2] = vax, vay, wa
        v[b, 0], v[b, 1], v[b, 2] = vbx, vby, wb


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
    cons, motion, xf, movers = (
        viewed_constraints(cons),
        viewed_motion(motion),
        unmanaged(xf),
        unmanaged(movers),
    )
    inv_mass, inv_inertia, dynamic = motion.inv_mass, motion.inv_inertia, motion.dynamic
    # Solver state per slot: velocity, centre's motion and turn since the step began.
    state = np.zeros((4, n, 3))
    v, dp, dq, center = unmanaged(state[0]), unmanaged(state[1]), unmanaged(state[2]), unmanaged(state[3])
    for i in range(n):
        dq[i, 0] = 1.0
    for i in range(n):
        c, s = math.cos(xf[i, 2]), math.sin(xf[i, 2])
        lx, ly = motion.center[i, 0], motion.center[i, 1]
        center[i, 0] = xf[i, 0] + c * lx - s * ly
        center[i, 1] = xf[i, 1] + s * lx + c * ly
    for m in range(movers.shape[0]):
        i = movers[m]
        v[i, 0], v[i, 1], v[i, 2] = motion.vel[i, 0], motion.vel[i, 1], motion.vel[i, 2]
    # A kinematic body placed since the last step pushes at the speed of that move.
    inv_dt = 1.0 / settings.dt
    for i in range(n):
        if not dynamic[i] and inv_mass[i] == 0.0:
            v[i, 0] += (xf[i, 0] - motion.start[i, 0]) * inv_dt
            v[i, 1] += (xf[i, 1] - motion.start[i, 1]) * inv_dt
            v[i, 2] += (xf[i, 2] - motion.start[i, 2]) * inv_dt

    # 1. Prepare.
    for k in range(cons.a.shape[0]):
        a, b = cons.a[k], cons.b[k]
        nx, ny = cons.normal[k, 0], cons.normal[k, 1]
        cons.masses[k, 0], cons.masses[k, 1] = inv_mass[a], inv_inertia[a]
        cons.masses[k, 2], cons.masses[k, 3] = inv_mass[b], inv_inertia[b]
        for j in range(cons.count[k]):
            px, py = cons.point[k, j, 0], cons.point[k, j, 1]
            ax, ay = px - center[a, 0], py - center[a, 1]
            bx, by = px - center[b, 0], py - center[b, 1]
            cons.anchor_a[k, j, 0], cons.anchor_a[k, j, 1] = ax, ay
            cons.anchor_b[k, j, 0], cons.anchor_b[k, j, 1] = bx, by
            cons.base_separation[k, j] = cons.separation[k, j] - ((bx - ax) * nx + (by - ay) * ny)
            rna, rnb = _cross(ax, ay, nx, ny), _cross(bx, by, nx, ny)
            kn = inv_mass[a] + inv_mass[b] + inv_inertia[a] * rna * rna + inv_inertia[b] * rnb * rnb
            cons.normal_mass[k, j] = 1.0 / kn if kn > 0.0 else 0.0
            rta, rtb = _cross(ax, ay, ny, -nx), _cross(bx, by, ny, -nx)
            kt = inv_mass[a] + inv_mass[b] + inv_inertia[a] * rta * rta + inv_inertia[b] * rtb * rtb
            cons.tangent_mass[k, j] = 1.0 / kt if kt > 0.0 else 0.0
            dvx, dvy = _relative_velocity(v, a, b, ax, ay, bx, by)
            cons.approach[k, j] = dvx * nx + dvy * ny
            cons.total_impulse[k, j] = 0.0
            cons.max_impulse[k, j] = 0.0

    max_speed2 = settings.max_linear_speed * settings.max_linear_speed
    # The turn is capped per step, so the step's whole turn is below π and its angle unambiguous.
    max_turn = settings.max_rotation / settings.dt
    for _ in range(settings.substeps):
        # 2a. Velocities.
        for m in range(movers.shape[0]):
            i = movers[m]
            if not dynamic[i]:
                continue
            lin = 1.0 / (1.0 + h * motion.damping[i, 0])
            ang = 1.0 / (1.0 + h * motion.damping[i, 1])
            g = motion.gravity_scale[i]
            im = inv_mass[i]
            v[i, 0] = lin * v[i, 0] + h * (im * motion.force[i, 0] + g * settings.gravity_x)
            v[i, 1] = lin * v[i, 1] + h * (im * motion.force[i, 1] + g * settings.gravity_y)
            v[i, 2] = ang * v[i, 2] + h * inv_inertia[i] * motion.force[i, 2]
        # 2b. Warm start.
        for k in range(cons.a.shape[0]):
            a, b = cons.a[k], cons.b[k]
            nx, ny = cons.normal[k, 0], cons.normal[k, 1]
            for j in range(cons.count[k]):
                pn, pt = cons.normal_impulse[k, j], cons.tangent_impulse[k, j]
                px, py = pn * nx + pt * ny, pn * ny - pt * nx
                _apply(
                    v, inv_mass, inv_inertia, a, b, cons.anchor_a[k, j, 0], cons.anchor_a[k, j, 1],
                    cons.anchor_b[k, j, 0], cons.anchor_b[k, j, 1], px, py,
                )  # fmt: skip
        # 2c. Solve with the soft push-out.
        _solve_contacts(cons, v, dp, dq, settings, h, True)
        # 2d. Positions.
        for m in range(movers.shape[0]):
            i = movers[m]
            if dynamic[i]:
                speed2 = v[i, 0] * v[i, 0] + v[i, 1] * v[i, 1]
                if speed2 > max_speed2:
                    scale = settings.max_linear_speed / math.sqrt(speed2)
                    v[i, 0] *= scale
                    v[i, 1] *= scale
                v[i, 2] = min(max(v[i, 2], -max_turn), max_turn)
                wx, wy, ww = v[i, 0], v[i, 1], v[i, 2]
            else:  # a kinematic body moves by its own velocity, not the push of a placement
                wx, wy, ww = motion.vel[i, 0], motion.vel[i, 1], motion.vel[i, 2]
            dp[i, 0] += h * wx
            dp[i, 1] += h * wy
            qc, qs = dq[i, 0], dq[i, 1]
            qc, qs = qc - h * ww * qs, qs + h * ww * qc
            norm = 1.0 / math.sqrt(qc * qc + qs * qs)
            dq[i, 0], dq[i, 1] = qc * norm, qs * norm
        # 2e. Relax.
        _solve_contacts(cons, v, dp, dq, settings, h, False)
        for k in range(cons.a.shape[0]):
            for j in range(cons.count[k]):
                cons.total_impulse[k, j] += cons.normal_impulse[k, j]

    # 3. Restitution.
    threshold = settings.restitution_threshold
    for k in range(cons.a.shape[0]):
        e = cons.restitution[k]
        if e == 0.0:
            continue
        a, b = cons.a[k], cons.b[k]
        nx, ny = cons.normal[k, 0], cons.normal[k, 1]
        for j in range(cons.count[k]):
            if cons.approach[k, j] > -threshold or cons.max_impulse[k, j] == 0.0:
                continue
            ax, ay = cons.anchor_a[k, j, 0], cons.anchor_a[k, j, 1]
            bx, by = cons.anchor_b[k, j, 0], cons.anchor_b[k, j, 1]
            dvx, dvy = _relative_velocity(v, a, b, ax, ay, bx, by)
            vn = dvx * nx + dvy * ny
            old = cons.normal_impulse[k, j]
            new = max(old - cons.normal_mass[k, j] * (vn + e * cons.approach[k, j]), 0.0)
            impulse = new - old
            cons.normal_impulse[k, j] = new
            cons.total_impulse[k, j] += impulse
            cons.max_impulse[k, j] = max(cons.max_impulse[k, j], impulse)
            _apply(v, inv_mass, inv_inertia, a, b, ax, ay, bx, by, impulse * nx, impulse * ny)

    # 4. Transforms from the centres' motion; the angle adds the turn (at most a
    # quarter turn per sub-step, so the sum of sub-steps' turns is kept exactly).
    for m in range(movers.shape[0]):
        i = movers[m]
        if dynamic[i]:
            motion.vel[i, 0], motion.vel[i, 1], motion.vel[i, 2] = v[i, 0], v[i, 1], v[i, 2]
        angle = xf[i, 2] + math.atan2(dq[i, 1], dq[i, 0])
        c, s = math.cos(angle), math.sin(angle)
        lx, ly = motion.center[i, 0], motion.center[i, 1]
        xf[i, 0] = center[i, 0] + dp[i, 0] - (c * lx - s * ly)
        xf[i, 1] = center[i, 1] + dp[i, 1] - (s * lx + c * ly)
        xf[i, 2] = angle
    state[0, 0, 0] = 0.0  # keeps the state alive past its last use through the views
