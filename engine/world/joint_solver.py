"""The joint solver: Box2D v3.1's joints, solved inside the soft step's sub-steps.

Each joint is a row of the world's joint table (``joints.JointTable``): its kind, its two bodies'
slots, its parameters (``P_*`` columns), the impulses it carries from step to step (``I_*``),
and what the step prepares for it (``W_*``, in a table the step makes). The stages are Box2D
v3.1's (``src/joint.c``, ``src/*_joint.c``, tag v3.1.1), called from ``solver.solve_step``:

1. ``prepare_joints``, once per step: the anchors from each centre of mass in world orientation
   (fixed for the step), the centres' offset and the relative angle as the step begins, the
   effective masses and each soft constraint's coefficients;
2. per sub-step, coloured with the contacts (``solver._color_order``, Box2D's
   ``b2AssignJointColor``) and solved colour by colour, a colour's joints before its contacts and
   the overflow joints (those that found no colour) before every colour; each call takes a slice
   of the joints' solver order and solves them one after another: ``warm_start_joints`` applies
   the impulses the joints carry, ``solve_joints`` with ``use_bias`` pulls them back together with
   the joint softness (``JOINT_HERTZ``, ``JOINT_DAMPING_RATIO``), then after the positions move,
   ``solve_joints`` without bias relaxes them (a spring is a real spring and acts in both);
3. ``joint_reactions``, after the sub-steps: each joint's force and torque (its last sub-step's
   impulses over h), for ``World.joint_force`` and the break thresholds.

Frames and signs (Box2D's): every vector is in the world frame; an impulse P acts on body b at
its anchor and −P on body a; an axial impulse L turns b by +L and a by −L. A body's state row is
``solver``'s ``S_*``: velocity, its centre's motion since the step began (Δc) and its turn since
then as (cos − 1, sin). Joint angles are b's angle less a's less the reference angle, unwound to
(−π, π]. The world (no body) is the row of zeros the solver keeps, never written.

Where we differ from Box2D v3.1: the revolute spring's angle is measured from the reference angle,
as its limits are (v3.1.1 leaves the reference out of the spring, main puts it in). The numbers
are float64 throughout (Box2D's float32).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.jit import inline, kernel, unmanaged

#: Joint kinds (``JointTable.kind``).
FILTER, REVOLUTE, PRISMATIC, DISTANCE, WELD, WHEEL, MOTOR, MOUSE = range(8)
#: A joint whose island sleeps this step: every stage passes it by, its impulses and reaction kept.
ASLEEP = -1
KIND_NAMES = ("filter", "revolute", "prismatic", "distance", "weld", "wheel", "motor", "mouse")

#: Box2D v3.1's joint softness (``B2_JOINT_CONSTRAINT_HERTZ``, ``..._DAMPING_RATIO``), its hertz
#: capped at a quarter of the sub-step rate (``b2PrepareJoint``).
JOINT_HERTZ = 60.0
JOINT_DAMPING_RATIO = 2.0
#: The mouse joint's soft brake on the body's spin (Box2D's, ``b2PrepareMouseJoint``).
MOUSE_ANGULAR_HERTZ, MOUSE_ANGULAR_DAMPING = 0.5, 0.1

# Parameters (what the user sets), one column each. Anchors are in each body's own frame, from its
# origin (Box2D's ``localOriginAnchorA``); the axis in a's frame; angles in radians.
P_AX, P_AY, P_BX, P_BY, P_REFERENCE = 0, 1, 2, 3, 4
P_AXIS_X, P_AXIS_Y = 5, 6
P_LIMIT, P_LOWER, P_UPPER = 7, 8, 9
P_MOTOR, P_MOTOR_SPEED, P_MAX_MOTOR = 10, 11, 12
P_SPRING, P_HERTZ, P_DAMPING, P_TARGET = 13, 14, 15, 16
#: The distance joint's rest length (its spring's, and its rigid length without a spring).
P_LENGTH = 17
#: The weld's stiffness (0 hertz: rigid, the joint softness).
P_LINEAR_HERTZ, P_LINEAR_DAMPING, P_ANGULAR_HERTZ, P_ANGULAR_DAMPING = 18, 19, 20, 21
#: The motor and mouse joints' largest force and torque, the motor joint's correction factor
#: (0: a pure velocity constraint, floor friction) and offset of b from a (a's frame), and the
#: mouse joint's target (world).
P_MAX_FORCE, P_MAX_TORQUE, P_CORRECTION = 22, 23, 24
P_OFFSET_X, P_OFFSET_Y, P_OFFSET_ANGLE = 25, 26, 27
P_TARGET_X, P_TARGET_Y = 28, 29
P_BREAK_FORCE, P_BREAK_TORQUE = 30, 31
P_WIDTH = 32

# Impulses a joint carries from step to step (warm start): the point or block constraint's two,
# the axial ones, and the weld's / motor's / mouse's angular one.
I_X, I_Y, I_SPRING, I_MOTOR, I_LOWER, I_UPPER, I_AXIAL, I_ANGULAR = range(8)
I_WIDTH = 8

# What the step prepares for each joint: inverse masses and inertias, anchors from the centres
# (world orientation at the step's start), the centres' offset b − a, the relative angle less the
# reference, the axis (world, at the step's start), masses and softness coefficients.
W_MA, W_IA, W_MB, W_IB = 0, 1, 2, 3
W_RAX, W_RAY, W_RBX, W_RBY, W_DCX, W_DCY, W_ANGLE = 4, 5, 6, 7, 8, 9, 10
W_AXIS_X, W_AXIS_Y, W_AXIAL_MASS = 11, 12, 13
W_SPRING_BIAS, W_SPRING_MASS, W_SPRING_IMPULSE = 14, 15, 16
W_LINEAR_BIAS, W_LINEAR_MASS, W_LINEAR_IMPULSE = 17, 18, 19
W_ANGULAR_BIAS, W_ANGULAR_MASS, W_ANGULAR_IMPULSE = 20, 21, 22
#: The inverse of a 2×2 effective mass (motor and mouse joints), row by row.
W_K11, W_K12, W_K21, W_K22 = 23, 24, 25, 26
W_WIDTH = 27

# Body state columns (``solver.S_*``, repeated here so this module stands alone).
S_VX, S_VY, S_W, S_DX, S_DY, S_QV, S_QS = 0, 1, 2, 3, 4, 5, 6


class JointRows(NamedTuple):
    """The joints a step solves, one row each (``JointTable.rows``): ``kind``, the slots ``a`` and
    ``b`` of their bodies (−1: the world), ``param`` (``P_*``) and ``impulse`` (``I_*``, read
    and written), and ``reaction`` (fx, fy, torque: written by ``joint_reactions``)."""

    kind: np.ndarray
    a: np.ndarray
    b: np.ndarray
    param: np.ndarray
    impulse: np.ndarray
    reaction: np.ndarray


NO_JOINTS = JointRows(
    np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros((0, P_WIDTH)),
    np.zeros((0, I_WIDTH)), np.zeros((0, 3)),
)  # fmt: skip


@inline
def _soft(hertz, zeta, h):
    """Box2D's ``b2MakeSoft`` (``solver.make_soft``): (bias rate, mass scale, impulse scale)."""
    if hertz == 0.0:
        return 0.0, 1.0, 0.0
    omega = 2.0 * math.pi * hertz
    a1 = 2.0 * zeta + h * omega
    a2 = h * omega * a1
    a3 = 1.0 / (1.0 + a2)
    return omega / a1, a2 * a3, a3


@inline
def _unwind(angle):
    """``angle`` brought into (−π, π] (Box2D's ``b2UnwindAngle``)."""
    if angle < -math.pi:
        return angle + 2.0 * math.pi * math.ceil((-math.pi - angle) / (2.0 * math.pi))
    if angle > math.pi:
        return angle - 2.0 * math.pi * math.ceil((angle - math.pi) / (2.0 * math.pi))
    return angle


@inline
def _turned(state, r, x, y):
    """(x, y) turned by body row ``r``'s turn since the step began."""
    c, s = 1.0 + state[r, S_QV], state[r, S_QS]
    return c * x - s * y, s * x + c * y


@inline
def _turn_between(state, ra, rb):
    """b's turn since the step began less a's (Box2D's ``b2RelativeAngle`` of the two turns)."""
    ca, sa = 1.0 + state[ra, S_QV], state[ra, S_QS]
    cb, sb = 1.0 + state[rb, S_QV], state[rb, S_QS]
    return math.atan2(sb * ca - cb * sa, cb * ca + sb * sa)


@inline
def _solve22(k11, k12, k21, k22, bx, by):
    """K⁻¹ b for a 2×2 K (Box2D's ``b2Solve22``: 0 where K is singular)."""
    det = k11 * k22 - k12 * k21
    if det != 0.0:
        det = 1.0 / det
    return det * (k22 * bx - k12 * by), det * (k11 * by - k21 * bx)


@inline
def _anchor(xf, center, slot, lx, ly):
    """A body's anchor (its frame, from its origin) from its centre of mass, in world orientation
    (the world: the anchor itself)."""
    if slot < 0:
        return lx, ly
    c, s = math.cos(xf[slot, 2]), math.sin(xf[slot, 2])
    dx, dy = lx - center[slot, 0], ly - center[slot, 1]
    return c * dx - s * dy, s * dx + c * dy


@kernel
def prepare_joints(joints, ends, xf, local_center, world_center, inverse, h, work):
    """Stage 1 (Box2D's ``b2PrepareJointsTask``): fill ``work`` (``W_*``) for each joint.
    ``ends[j]`` holds its bodies' state rows (read a, read b, written a, written b), ``xf`` and
    ``local_center`` are by slot, ``world_center`` (each centre of mass at the step's start) and
    ``inverse`` (inverse mass, inertia) by row; a body that is not pushed this step (static,
    kinematic, the world) has zero inverse mass and inertia here."""
    soft_hertz = min(JOINT_HERTZ, 0.25 / h)
    jb, jm, ji = _soft(soft_hertz, JOINT_DAMPING_RATIO, h)
    param, work = unmanaged(joints.param), unmanaged(work)
    for j in range(joints.kind.shape[0]):
        kind, sa, sb = joints.kind[j], joints.a[j], joints.b[j]
        if kind == ASLEEP:
            continue
        ra, rb, wa, wb = ends[j, 0], ends[j, 1], ends[j, 2], ends[j, 3]
        w = work[j]
        ma, ia = (inverse[ra, 0], inverse[ra, 1]) if wa == ra else (0.0, 0.0)
        mb, ib = (inverse[rb, 0], inverse[rb, 1]) if wb == rb else (0.0, 0.0)
        w[W_MA], w[W_IA], w[W_MB], w[W_IB] = ma, ia, mb, ib
        rax, ray = _anchor(xf, local_center, sa, param[j, P_AX], param[j, P_AY])
        rbx, rby = _anchor(xf, local_center, sb, param[j, P_BX], param[j, P_BY])
        w[W_RAX], w[W_RAY], w[W_RBX], w[W_RBY] = rax, ray, rbx, rby
        cax, cay = (world_center[ra, 0], world_center[ra, 1]) if sa >= 0 else (0.0, 0.0)
        cbx, cby = (world_center[rb, 0], world_center[rb, 1]) if sb >= 0 else (0.0, 0.0)
        angle_a = xf[sa, 2] if sa >= 0 else 0.0
        angle_b = xf[sb, 2] if sb >= 0 else 0.0
        w[W_DCX], w[W_DCY] = cbx - cax, cby - cay
        w[W_ANGLE] = _unwind(angle_b - angle_a - param[j, P_REFERENCE])
        ca, sn = math.cos(angle_a), math.sin(angle_a)
        w[W_AXIS_X] = ca * param[j, P_AXIS_X] - sn * param[j, P_AXIS_Y]
        w[W_AXIS_Y] = sn * param[j, P_AXIS_X] + ca * param[j, P_AXIS_Y]
        k = ia + ib
        w[W_AXIAL_MASS] = 1.0 / k if k > 0.0 else 0.0
        w[W_SPRING_BIAS], w[W_SPRING_MASS], w[W_SPRING_IMPULSE] = _soft(
            param[j, P_HERTZ], param[j, P_DAMPING], h
        )
        # The joint softness, or the weld's own stiffness (0 hertz: the joint softness).
        w[W_LINEAR_BIAS], w[W_LINEAR_MASS], w[W_LINEAR_IMPULSE] = jb, jm, ji
        w[W_ANGULAR_BIAS], w[W_ANGULAR_MASS], w[W_ANGULAR_IMPULSE] = jb, jm, ji
        if kind == WELD:
            if param[j, P_LINEAR_HERTZ] > 0.0:
                w[W_LINEAR_BIAS], w[W_LINEAR_MASS], w[W_LINEAR_IMPULSE] = _soft(
                    param[j, P_LINEAR_HERTZ], param[j, P_LINEAR_DAMPING], h
                )
            if param[j, P_ANGULAR_HERTZ] > 0.0:
                w[W_ANGULAR_BIAS], w[W_ANGULAR_MASS], w[W_ANGULAR_IMPULSE] = _soft(
                    param[j, P_ANGULAR_HERTZ], param[j, P_ANGULAR_DAMPING], h
                )
        elif kind == DISTANCE:
            # The effective mass along the anchors' line as the step begins.
            dx, dy = rbx - rax + w[W_DCX], rby - ray + w[W_DCY]
            length = math.sqrt(dx * dx + dy * dy)
            ux, uy = (dx / length, dy / length) if length > 0.0 else (0.0, 0.0)
            cra, crb = rax * uy - ray * ux, rbx * uy - rby * ux
            k = ma + mb + ia * cra * cra + ib * crb * crb
            w[W_AXIAL_MASS] = 1.0 / k if k > 0.0 else 0.0
        elif kind in (PRISMATIC, WHEEL):
            ax, ay = w[W_AXIS_X], w[W_AXIS_Y]
            dx, dy = w[W_DCX] + rbx - rax, w[W_DCY] + rby - ray
            a1 = (dx + rax) * ay - (dy + ray) * ax
            a2 = rbx * ay - rby * ax
            k = ma + mb + ia * a1 * a1 + ib * a2 * a2
            w[W_AXIAL_MASS] = 1.0 / k if k > 0.0 else 0.0
            if kind == WHEEL:  # the wheel's motor turns it: its mass is the angular one
                k = ia + ib
                w[W_ANGULAR_MASS] = 1.0 / k if k > 0.0 else 0.0
        elif kind in (MOTOR, MOUSE):
            if kind == MOTOR:
                # b's centre is driven to a's centre plus the offset (a's frame, turned with a).
                ox, oy = param[j, P_OFFSET_X], param[j, P_OFFSET_Y]
                w[W_DCX] -= ca * ox - sn * oy
                w[W_DCY] -= sn * ox + ca * oy
                w[W_ANGLE] = _unwind(angle_b - angle_a - param[j, P_OFFSET_ANGLE])
            else:
                w[W_DCX], w[W_DCY] = cbx - param[j, P_TARGET_X], cby - param[j, P_TARGET_Y]
                w[W_LINEAR_BIAS], w[W_LINEAR_MASS], w[W_LINEAR_IMPULSE] = _soft(
                    param[j, P_HERTZ], param[j, P_DAMPING], h
                )
                w[W_ANGULAR_BIAS], w[W_ANGULAR_MASS], w[W_ANGULAR_IMPULSE] = _soft(
                    MOUSE_ANGULAR_HERTZ, MOUSE_ANGULAR_DAMPING, h
                )
            k11 = ma + mb + ray * ray * ia + rby * rby * ib
            k12 = -ray * rax * ia - rby * rbx * ib
            k22 = ma + mb + rax * rax * ia + rbx * rbx * ib
            det = k11 * k22 - k12 * k12
            if det != 0.0:
                det = 1.0 / det
            w[W_K11], w[W_K12], w[W_K21], w[W_K22] = det * k22, -det * k12, -det * k12, det * k11


@inline
def _apply(state, wa, wb, w, px, py, la, lb):
    """Apply the impulse (px, py) to b and its opposite to a, with the turns ``la`` on a (taken
    off) and ``lb`` on b (added), through the joint's prepared masses."""
    state[wa, S_VX] -= w[W_MA] * px
    state[wa, S_VY] -= w[W_MA] * py
    state[wa, S_W] -= w[W_IA] * la
    state[wb, S_VX] += w[W_MB] * px
    state[wb, S_VY] += w[W_MB] * py
    state[wb, S_W] += w[W_IB] * lb


@inline
def _current(state, ra, rb, w):
    """The anchors from the centres now (turned with their bodies) and the anchors' offset d = b − a
    (Box2D's ``separation``): (rax, ray, rbx, rby, dx, dy)."""
    rax, ray = _turned(state, ra, w[W_RAX], w[W_RAY])
    rbx, rby = _turned(state, rb, w[W_RBX], w[W_RBY])
    dx = state[rb, S_DX] - state[ra, S_DX] + rbx - rax + w[W_DCX]
    dy = state[rb, S_DY] - state[ra, S_DY] + rby - ray + w[W_DCY]
    return rax, ray, rbx, rby, dx, dy


@inline
def _slider_frame(state, ra, rb, w):
    """A prismatic or wheel joint's frame now: anchors, offset d, the axis turned with a, its
    normal (the axis's left perpendicular) and the axial and normal lever arms (Box2D's a1, a2,
    s1, s2)."""
    rax, ray, rbx, rby, dx, dy = _current(state, ra, rb, w)
    ax, ay = _turned(state, ra, w[W_AXIS_X], w[W_AXIS_Y])
    px, py = -ay, ax
    a1, a2 = (dx + rax) * ay - (dy + ray) * ax, rbx * ay - rby * ax
    s1, s2 = (dx + rax) * py - (dy + ray) * px, rbx * py - rby * px
    return rax, ray, rbx, rby, dx, dy, ax, ay, px, py, a1, a2, s1, s2


@kernel
def warm_start_joints(joints, ends, state, work, order, first, last):
    """Stage 2b: apply the impulses each joint carries (``b2WarmStartJoint``), the joints
    ``order[first:last]`` one after another."""
    # (views without a reference count: a row taken from a counted array counts it up and down, two
    # atomic operations per row per joint per pass)
    imp, ends, state, work = unmanaged(joints.impulse), unmanaged(ends), unmanaged(state), unmanaged(work)
    for u in range(first, last):
        j = order[u]
        kind = joints.kind[j]
        if kind in (FILTER, ASLEEP):
            continue
        ra, rb, wa, wb = ends[j, 0], ends[j, 1], ends[j, 2], ends[j, 3]
        w = work[j]
        rax, ray, rbx, rby, dx, dy = _current(state, ra, rb, w)
        px, py = imp[j, I_X], imp[j, I_Y]
        if kind == REVOLUTE:
            axial = imp[j, I_SPRING] + imp[j, I_MOTOR] + imp[j, I_LOWER] - imp[j, I_UPPER]
            _apply(state, wa, wb, w, px, py, rax * py - ray * px + axial, rbx * py - rby * px + axial)
        elif kind in (WELD, MOTOR) or kind == MOUSE:
            ang = imp[j, I_ANGULAR]
            _apply(state, wa, wb, w, px, py, rax * py - ray * px + ang, rbx * py - rby * px + ang)
        elif kind == DISTANCE:
            length = math.sqrt(dx * dx + dy * dy)
            ux, uy = (dx / length, dy / length) if length > 0.0 else (0.0, 0.0)
            axial = imp[j, I_AXIAL] + imp[j, I_LOWER] - imp[j, I_UPPER] + imp[j, I_MOTOR]
            qx, qy = axial * ux, axial * uy
            _apply(state, wa, wb, w, qx, qy, rax * qy - ray * qx, rbx * qy - rby * qx)
        else:  # PRISMATIC, WHEEL
            rax, ray, rbx, rby, dx, dy, ax, ay, nx, ny, a1, a2, s1, s2 = _slider_frame(state, ra, rb, w)
            axial = imp[j, I_SPRING] + imp[j, I_LOWER] - imp[j, I_UPPER]
            perp, angular = imp[j, I_X], imp[j, I_Y]
            if kind == PRISMATIC:
                axial += imp[j, I_MOTOR]
                la = axial * a1 + perp * s1 + angular
                lb = axial * a2 + perp * s2 + angular
            else:  # a wheel's motor turns it; it has no angular constraint
                la = axial * a1 + perp * s1 + imp[j, I_MOTOR]
                lb = axial * a2 + perp * s2 + imp[j, I_MOTOR]
            _apply(state, wa, wb, w, axial * ax + perp * nx, axial * ay + perp * ny, la, lb)


@inline
def _limit_impulse(c, cdot, old, mass, inv_h, use_bias, jb, jm, ji):
    """One side of a limit (Box2D's): speculative while apart (c > 0), soft when biased, else
    rigid; returns the new accumulated impulse (≥ 0)."""
    bias, mass_scale, impulse_scale = 0.0, 1.0, 0.0
    if c > 0.0:
        bias = c * inv_h
    elif use_bias:
        bias, mass_scale, impulse_scale = jb * c, jm, ji
    impulse = -mass_scale * mass * (cdot + bias) - impulse_scale * old
    return max(old + impulse, 0.0)


@kernel
def solve_joints(joints, ends, state, work, order, first, last, h, use_bias):
    """Stages 2c (``use_bias``) and 2e: solve each of the joints ``order[first:last]`` once, one
    after another (``b2SolveJoint``)."""
    inv_h = 1.0 / h
    param, imp = unmanaged(joints.param), unmanaged(joints.impulse)
    ends, state, work = unmanaged(ends), unmanaged(state), unmanaged(work)
    for u in range(first, last):
        j = order[u]
        kind = joints.kind[j]
        if kind in (FILTER, ASLEEP):
            continue
        ra, rb, wa, wb = ends[j, 0], ends[j, 1], ends[j, 2], ends[j, 3]
        w = work[j]
        p = param[j]
        ma, ia, mb, ib = w[W_MA], w[W_IA], w[W_MB], w[W_IB]
        if kind == REVOLUTE:
            _solve_revolute(state, ra, rb, wa, wb, w, p, imp[j], ma, ia, mb, ib, inv_h, h, use_bias)
        elif kind == DISTANCE:
            _solve_distance(state, ra, rb, wa, wb, w, p, imp[j], ma, ia, mb, ib, inv_h, h, use_bias)
        elif kind == WELD:
            _solve_weld(state, ra, rb, wa, wb, w, p, imp[j], ma, ia, mb, ib, use_bias)
        elif kind == MOTOR:
            _solve_motor(state, ra, rb, wa, wb, w, p, imp[j], ma, ia, mb, ib, inv_h, h)
        elif kind == MOUSE:
            _solve_mouse(state, rb, wb, w, p, imp[j], mb, ib, h)
        elif kind == PRISMATIC:
            _solve_prismatic(state, ra, rb, wa, wb, w, p, imp[j], ma, ia, mb, ib, inv_h, h, use_bias)
        else:
            _solve_wheel(state, ra, rb, wa, wb, w, p, imp[j], ma, ia, mb, ib, inv_h, h, use_bias)


@inline
def _joint_soft(w):
    return w[W_LINEAR_BIAS], w[W_LINEAR_MASS], w[W_LINEAR_IMPULSE]


@inline
def _store(state, wa, wb, vax, vay, wa_, vbx, vby, wb_):
    state[wa, S_VX], state[wa, S_VY], state[wa, S_W] = vax, vay, wa_
    state[wb, S_VX], state[wb, S_VY], state[wb, S_W] = vbx, vby, wb_


@inline
def _solve_revolute(state, ra, rb, wa, wb, w, p, imp, ma, ia, mb, ib, inv_h, h, use_bias):
    """``b2SolveRevoluteJoint``: spring, motor, limits on the angle, then the point constraint."""
    vax, vay, oa = state[ra, S_VX], state[ra, S_VY], state[ra, S_W]
    vbx, vby, ob = state[rb, S_VX], state[rb, S_VY], state[rb, S_W]
    jb, jm, ji = _joint_soft(w)
    turning = ia + ib != 0.0
    angle = _unwind(_turn_between(state, ra, rb) + w[W_ANGLE])
    if p[P_SPRING] != 0.0 and turning:
        c = _unwind(angle - p[P_TARGET])
        impulse = -w[W_SPRING_MASS] * w[W_AXIAL_MASS] * (ob - oa + w[W_SPRING_BIAS] * c)
        impulse -= w[W_SPRING_IMPULSE] * imp[I_SPRING]
        imp[I_SPRING] += impulse
        oa -= ia * impulse
        ob += ib * impulse
    if p[P_MOTOR] != 0.0 and turning:
        impulse = -w[W_AXIAL_MASS] * (ob - oa - p[P_MOTOR_SPEED])
        old = imp[I_MOTOR]
        most = h * p[P_MAX_MOTOR]
        imp[I_MOTOR] = min(max(old + impulse, -most), most)
        impulse = imp[I_MOTOR] - old
        oa -= ia * impulse
        ob += ib * impulse
    if p[P_LIMIT] != 0.0 and turning:
        old = imp[I_LOWER]
        imp[I_LOWER] = _limit_impulse(
            angle - p[P_LOWER], ob - oa, old, w[W_AXIAL_MASS], inv_h, use_bias, jb, jm, ji
        )
        impulse = imp[I_LOWER] - old
        oa -= ia * impulse
        ob += ib * impulse
        # (the upper side's signs flipped: its c and impulse are positive while it holds)
        old = imp[I_UPPER]
        imp[I_UPPER] = _limit_impulse(
            p[P_UPPER] - angle, oa - ob, old, w[W_AXIAL_MASS], inv_h, use_bias, jb, jm, ji
        )
        impulse = imp[I_UPPER] - old
        oa += ia * impulse
        ob -= ib * impulse
    rax, ray, rbx, rby, dx, dy = _current(state, ra, rb, w)
    cx = vbx - ob * rby - vax + oa * ray
    cy = vby + ob * rbx - vay - oa * rax
    mass_scale, impulse_scale = 1.0, 0.0
    if use_bias:
        cx += jb * dx
        cy += jb * dy
        mass_scale, impulse_scale = jm, ji
    k11 = ma + mb + ray * ray * ia + rby * rby * ib
    k12 = -ray * rax * ia - rby * rbx * ib
    k22 = ma + mb + rax * rax * ia + rbx * rbx * ib
    bx, by = _solve22(k11, k12, k12, k22, cx, cy)
    px = -mass_scale * bx - impulse_scale * imp[I_X]
    py = -mass_scale * by - impulse_scale * imp[I_Y]
    imp[I_X] += px
    imp[I_Y] += py
    vax, vay, oa = vax - ma * px, vay - ma * py, oa - ia * (rax * py - ray * px)
    vbx, vby, ob = vbx + mb * px, vby + mb * py, ob + ib * (rbx * py - rby * px)
    _store(state, wa, wb, vax, vay, oa, vbx, vby, ob)


@inline
def _push_along(vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, rax, ray, rbx, rby, px, py):
    return (
        vax - ma * px, vay - ma * py, oa - ia * (rax * py - ray * px),
        vbx + mb * px, vby + mb * py, ob + ib * (rbx * py - rby * px),
    )  # fmt: skip


@inline
def _solve_distance(state, ra, rb, wa, wb, w, p, imp, ma, ia, mb, ib, inv_h, h, use_bias):
    """``b2SolveDistanceJoint``: a spring with min and max lengths and a motor, or a rigid length."""
    vax, vay, oa = state[ra, S_VX], state[ra, S_VY], state[ra, S_W]
    vbx, vby, ob = state[rb, S_VX], state[rb, S_VY], state[rb, S_W]
    jb, jm, ji = _joint_soft(w)
    rax, ray, rbx, rby, dx, dy = _current(state, ra, rb, w)
    length = math.sqrt(dx * dx + dy * dy)
    ux, uy = (dx / length, dy / length) if length > 0.0 else (0.0, 0.0)
    mass = w[W_AXIAL_MASS]
    spring = p[P_SPRING] != 0.0
    if spring and (p[P_LOWER] < p[P_UPPER] or p[P_LIMIT] == 0.0):
        if p[P_HERTZ] > 0.0:
            cdot = ux * (vbx - ob * rby - vax + oa * ray) + uy * (vby + ob * rbx - vay - oa * rax)
            c = length - p[P_LENGTH]
            impulse = (
                -w[W_SPRING_MASS] * mass * (cdot + w[W_SPRING_BIAS] * c) - w[W_SPRING_IMPULSE] * imp[I_AXIAL]
            )
            imp[I_AXIAL] += impulse
            vax, vay, oa, vbx, vby, ob = _push_along(
                vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, rax, ray, rbx, rby, impulse * ux, impulse * uy
            )
        if p[P_LIMIT] != 0.0:
            cdot = ux * (vbx - ob * rby - vax + oa * ray) + uy * (vby + ob * rbx - vay - oa * rax)
            old = imp[I_LOWER]
            imp[I_LOWER] = _limit_impulse(length - p[P_LOWER], cdot, old, mass, inv_h, use_bias, jb, jm, ji)
            impulse = imp[I_LOWER] - old
            vax, vay, oa, vbx, vby, ob = _push_along(
                vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, rax, ray, rbx, rby, impulse * ux, impulse * uy
            )
            cdot = ux * (vbx - ob * rby - vax + oa * ray) + uy * (vby + ob * rbx - vay - oa * rax)
            old = imp[I_UPPER]
            imp[I_UPPER] = _limit_impulse(p[P_UPPER] - length, -cdot, old, mass, inv_h, use_bias, jb, jm, ji)
            impulse = -(imp[I_UPPER] - old)
            vax, vay, oa, vbx, vby, ob = _push_along(
                vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, rax, ray, rbx, rby, impulse * ux, impulse * uy
            )
        if p[P_MOTOR] != 0.0:
            cdot = ux * (vbx - ob * rby - vax + oa * ray) + uy * (vby + ob * rbx - vay - oa * rax)
            impulse = mass * (p[P_MOTOR_SPEED] - cdot)
            old = imp[I_MOTOR]
            most = h * p[P_MAX_MOTOR]
            imp[I_MOTOR] = min(max(old + impulse, -most), most)
            impulse = imp[I_MOTOR] - old
            vax, vay, oa, vbx, vby, ob = _push_along(
                vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, rax, ray, rbx, rby, impulse * ux, impulse * uy
            )
    else:  # rigid: held at its length (or at min = max)
        cdot = ux * (vbx - ob * rby - vax + oa * ray) + uy * (vby + ob * rbx - vay - oa * rax)
        c = length - p[P_LENGTH]
        bias, mass_scale, impulse_scale = 0.0, 1.0, 0.0
        if use_bias:
            bias, mass_scale, impulse_scale = jb * c, jm, ji
        impulse = -mass_scale * mass * (cdot + bias) - impulse_scale * imp[I_AXIAL]
        imp[I_AXIAL] += impulse
        vax, vay, oa, vbx, vby, ob = _push_along(
            vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, rax, ray, rbx, rby, impulse * ux, impulse * uy
        )
    _store(state, wa, wb, vax, vay, oa, vbx, vby, ob)


@inline
def _solve_weld(state, ra, rb, wa, wb, w, p, imp, ma, ia, mb, ib, use_bias):
    """``b2SolveWeldJoint``: the angle, then the point; a stiffness of its own is a real spring
    and acts in the relaxing pass too."""
    vax, vay, oa = state[ra, S_VX], state[ra, S_VY], state[ra, S_W]
    vbx, vby, ob = state[rb, S_VX], state[rb, S_VY], state[rb, S_W]
    bias, mass_scale, impulse_scale = 0.0, 1.0, 0.0
    if use_bias or p[P_ANGULAR_HERTZ] > 0.0:
        c = _turn_between(state, ra, rb) + w[W_ANGLE]
        bias, mass_scale, impulse_scale = w[W_ANGULAR_BIAS] * c, w[W_ANGULAR_MASS], w[W_ANGULAR_IMPULSE]
    impulse = -mass_scale * w[W_AXIAL_MASS] * (ob - oa + bias) - impulse_scale * imp[I_ANGULAR]
    imp[I_ANGULAR] += impulse
    oa -= ia * impulse
    ob += ib * impulse
    rax, ray, rbx, rby, dx, dy = _current(state, ra, rb, w)
    cx = vbx - ob * rby - vax + oa * ray
    cy = vby + ob * rbx - vay - oa * rax
    mass_scale, impulse_scale = 1.0, 0.0
    if use_bias or p[P_LINEAR_HERTZ] > 0.0:
        cx += w[W_LINEAR_BIAS] * dx
        cy += w[W_LINEAR_BIAS] * dy
        mass_scale, impulse_scale = w[W_LINEAR_MASS], w[W_LINEAR_IMPULSE]
    k11 = ma + mb + ray * ray * ia + rby * rby * ib
    k12 = -ray * rax * ia - rby * rbx * ib
    k22 = ma + mb + rax * rax * ia + rbx * rbx * ib
    bx, by = _solve22(k11, k12, k12, k22, cx, cy)
    px = -mass_scale * bx - impulse_scale * imp[I_X]
    py = -mass_scale * by - impulse_scale * imp[I_Y]
    imp[I_X] += px
    imp[I_Y] += py
    vax, vay, oa, vbx, vby, ob = _push_along(
        vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, rax, ray, rbx, rby, px, py
    )
    _store(state, wa, wb, vax, vay, oa, vbx, vby, ob)


@inline
def _solve_motor(state, ra, rb, wa, wb, w, p, imp, ma, ia, mb, ib, inv_h, h):
    """``b2SolveMotorJoint`` (v3.1): b's angle and centre driven toward a's plus the offset at
    ``correction`` of the gap per sub-step, through impulses capped at h × the largest torque and
    force (a velocity constraint at correction 0: Coulomb friction against the ground)."""
    vax, vay, oa = state[ra, S_VX], state[ra, S_VY], state[ra, S_W]
    vbx, vby, ob = state[rb, S_VX], state[rb, S_VY], state[rb, S_W]
    correction = p[P_CORRECTION]
    c = _unwind(_turn_between(state, ra, rb) + w[W_ANGLE])
    impulse = -w[W_AXIAL_MASS] * (ob - oa + inv_h * correction * c)
    old = imp[I_ANGULAR]
    most = h * p[P_MAX_TORQUE]
    imp[I_ANGULAR] = min(max(old + impulse, -most), most)
    impulse = imp[I_ANGULAR] - old
    oa -= ia * impulse
    ob += ib * impulse
    rax, ray, rbx, rby, dx, dy = _current(state, ra, rb, w)
    cx = vbx - ob * rby - vax + oa * ray + inv_h * correction * dx
    cy = vby + ob * rbx - vay - oa * rax + inv_h * correction * dy
    px = -(w[W_K11] * cx + w[W_K12] * cy)
    py = -(w[W_K21] * cx + w[W_K22] * cy)
    oldx, oldy = imp[I_X], imp[I_Y]
    nx, ny = oldx + px, oldy + py
    most = h * p[P_MAX_FORCE]
    size = math.sqrt(nx * nx + ny * ny)
    if size > most:
        nx, ny = nx * (most / size), ny * (most / size)
    imp[I_X], imp[I_Y] = nx, ny
    px, py = nx - oldx, ny - oldy
    vax, vay, oa, vbx, vby, ob = _push_along(
        vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, rax, ray, rbx, rby, px, py
    )
    _store(state, wa, wb, vax, vay, oa, vbx, vby, ob)


@inline
def _solve_mouse(state, rb, wb, w, p, imp, mb, ib, h):
    """``b2SolveMouseJoint``: a soft brake on b's spin, then a soft spring of b's anchor toward
    the target, its impulse capped at h × the largest force (b only: a is the world)."""
    vbx, vby, ob = state[rb, S_VX], state[rb, S_VY], state[rb, S_W]
    impulse = -ob / ib if ib > 0.0 else 0.0
    impulse = w[W_ANGULAR_MASS] * impulse - w[W_ANGULAR_IMPULSE] * imp[I_ANGULAR]
    imp[I_ANGULAR] += impulse
    ob += ib * impulse
    rbx, rby = _turned(state, rb, w[W_RBX], w[W_RBY])
    cx = vbx - ob * rby
    cy = vby + ob * rbx
    sx = state[rb, S_DX] + rbx + w[W_DCX]
    sy = state[rb, S_DY] + rby + w[W_DCY]
    cx += w[W_LINEAR_BIAS] * sx
    cy += w[W_LINEAR_BIAS] * sy
    bx = w[W_K11] * cx + w[W_K12] * cy
    by = w[W_K21] * cx + w[W_K22] * cy
    oldx, oldy = imp[I_X], imp[I_Y]
    nx = oldx - w[W_LINEAR_MASS] * bx - w[W_LINEAR_IMPULSE] * oldx
    ny = oldy - w[W_LINEAR_MASS] * by - w[W_LINEAR_IMPULSE] * oldy
    most = h * p[P_MAX_FORCE]
    size = math.sqrt(nx * nx + ny * ny)
    if size > most:
        nx, ny = nx * (most / size), ny * (most / size)
    imp[I_X], imp[I_Y] = nx, ny
    px, py = nx - oldx, ny - oldy
    state[wb, S_VX] = vbx + mb * px
    state[wb, S_VY] = vby + mb * py
    state[wb, S_W] = ob + ib * (rbx * py - rby * px)


@inline
def _axial_push(vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, ax, ay, a1, a2, impulse):
    """An impulse along the axis (``impulse`` on b, its opposite on a) with its lever arms a1, a2."""
    return (
        vax - ma * impulse * ax, vay - ma * impulse * ay, oa - ia * impulse * a1,
        vbx + mb * impulse * ax, vby + mb * impulse * ay, ob + ib * impulse * a2,
    )  # fmt: skip


@inline
def _solve_prismatic(state, ra, rb, wa, wb, w, p, imp, ma, ia, mb, ib, inv_h, h, use_bias):
    """``b2SolvePrismaticJoint``: spring, motor and limits along the axis, then the normal and the
    angle at once (a 2×2 block)."""
    vax, vay, oa = state[ra, S_VX], state[ra, S_VY], state[ra, S_W]
    vbx, vby, ob = state[rb, S_VX], state[rb, S_VY], state[rb, S_W]
    jb, jm, ji = _joint_soft(w)
    _rax, _ray, _rbx, _rby, dx, dy, ax, ay, nx, ny, a1, a2, s1, s2 = _slider_frame(state, ra, rb, w)
    translation = ax * dx + ay * dy
    mass = w[W_AXIAL_MASS]
    if p[P_SPRING] != 0.0:
        c = translation - p[P_TARGET]
        cdot = ax * (vbx - vax) + ay * (vby - vay) + a2 * ob - a1 * oa
        impulse = (
            -w[W_SPRING_MASS] * mass * (cdot + w[W_SPRING_BIAS] * c) - w[W_SPRING_IMPULSE] * imp[I_SPRING]
        )
        imp[I_SPRING] += impulse
        vax, vay, oa, vbx, vby, ob = _axial_push(
            vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, ax, ay, a1, a2, impulse
        )
    if p[P_MOTOR] != 0.0:
        cdot = ax * (vbx - vax) + ay * (vby - vay) + a2 * ob - a1 * oa
        impulse = mass * (p[P_MOTOR_SPEED] - cdot)
        old = imp[I_MOTOR]
        most = h * p[P_MAX_MOTOR]
        imp[I_MOTOR] = min(max(old + impulse, -most), most)
        impulse = imp[I_MOTOR] - old
        vax, vay, oa, vbx, vby, ob = _axial_push(
            vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, ax, ay, a1, a2, impulse
        )
    if p[P_LIMIT] != 0.0:
        cdot = ax * (vbx - vax) + ay * (vby - vay) + a2 * ob - a1 * oa
        old = imp[I_LOWER]
        imp[I_LOWER] = _limit_impulse(translation - p[P_LOWER], cdot, old, mass, inv_h, use_bias, jb, jm, ji)
        impulse = imp[I_LOWER] - old
        vax, vay, oa, vbx, vby, ob = _axial_push(
            vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, ax, ay, a1, a2, impulse
        )
        cdot = ax * (vbx - vax) + ay * (vby - vay) + a2 * ob - a1 * oa
        old = imp[I_UPPER]
        imp[I_UPPER] = _limit_impulse(p[P_UPPER] - translation, -cdot, old, mass, inv_h, use_bias, jb, jm, ji)
        impulse = -(imp[I_UPPER] - old)
        vax, vay, oa, vbx, vby, ob = _axial_push(
            vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, ax, ay, a1, a2, impulse
        )
    cx = nx * (vbx - vax) + ny * (vby - vay) + s2 * ob - s1 * oa
    cy = ob - oa
    mass_scale, impulse_scale = 1.0, 0.0
    if use_bias:
        cx += jb * (nx * dx + ny * dy)
        cy += jb * (_turn_between(state, ra, rb) + w[W_ANGLE])
        mass_scale, impulse_scale = jm, ji
    k11 = ma + mb + ia * s1 * s1 + ib * s2 * s2
    k12 = ia * s1 + ib * s2
    k22 = ia + ib
    if k22 == 0.0:  # bodies of fixed rotation
        k22 = 1.0
    bx, by = _solve22(k11, k12, k12, k22, cx, cy)
    px = -mass_scale * bx - impulse_scale * imp[I_X]
    py = -mass_scale * by - impulse_scale * imp[I_Y]
    imp[I_X] += px
    imp[I_Y] += py
    vax, vay, oa = vax - ma * px * nx, vay - ma * px * ny, oa - ia * (px * s1 + py)
    vbx, vby, ob = vbx + mb * px * nx, vby + mb * px * ny, ob + ib * (px * s2 + py)
    _store(state, wa, wb, vax, vay, oa, vbx, vby, ob)


@inline
def _solve_wheel(state, ra, rb, wa, wb, w, p, imp, ma, ia, mb, ib, inv_h, h, use_bias):
    """``b2SolveWheelJoint``: the motor turns b about its anchor, the spring and limits act along
    the axis, the normal is held (the wheel turns freely)."""
    vax, vay, oa = state[ra, S_VX], state[ra, S_VY], state[ra, S_W]
    vbx, vby, ob = state[rb, S_VX], state[rb, S_VY], state[rb, S_W]
    jb, jm, ji = _joint_soft(w)
    _rax, _ray, _rbx, _rby, dx, dy, ax, ay, nx, ny, a1, a2, s1, s2 = _slider_frame(state, ra, rb, w)
    translation = ax * dx + ay * dy
    mass = w[W_AXIAL_MASS]
    if p[P_MOTOR] != 0.0:
        impulse = -w[W_ANGULAR_MASS] * (ob - oa - p[P_MOTOR_SPEED])
        old = imp[I_MOTOR]
        most = h * p[P_MAX_MOTOR]
        imp[I_MOTOR] = min(max(old + impulse, -most), most)
        impulse = imp[I_MOTOR] - old
        oa -= ia * impulse
        ob += ib * impulse
    if p[P_SPRING] != 0.0:
        c = translation - p[P_TARGET]
        cdot = ax * (vbx - vax) + ay * (vby - vay) + a2 * ob - a1 * oa
        impulse = (
            -w[W_SPRING_MASS] * mass * (cdot + w[W_SPRING_BIAS] * c) - w[W_SPRING_IMPULSE] * imp[I_SPRING]
        )
        imp[I_SPRING] += impulse
        vax, vay, oa, vbx, vby, ob = _axial_push(
            vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, ax, ay, a1, a2, impulse
        )
    if p[P_LIMIT] != 0.0:
        cdot = ax * (vbx - vax) + ay * (vby - vay) + a2 * ob - a1 * oa
        old = imp[I_LOWER]
        imp[I_LOWER] = _limit_impulse(translation - p[P_LOWER], cdot, old, mass, inv_h, use_bias, jb, jm, ji)
        impulse = imp[I_LOWER] - old
        vax, vay, oa, vbx, vby, ob = _axial_push(
            vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, ax, ay, a1, a2, impulse
        )
        cdot = ax * (vbx - vax) + ay * (vby - vay) + a2 * ob - a1 * oa
        old = imp[I_UPPER]
        imp[I_UPPER] = _limit_impulse(p[P_UPPER] - translation, -cdot, old, mass, inv_h, use_bias, jb, jm, ji)
        impulse = -(imp[I_UPPER] - old)
        vax, vay, oa, vbx, vby, ob = _axial_push(
            vax, vay, oa, vbx, vby, ob, ma, ia, mb, ib, ax, ay, a1, a2, impulse
        )
    # The point along the normal (Box2D's point-to-line constraint).
    bias, mass_scale, impulse_scale = 0.0, 1.0, 0.0
    if use_bias:
        bias, mass_scale, impulse_scale = jb * (nx * dx + ny * dy), jm, ji
    k = ma + mb + ia * s1 * s1 + ib * s2 * s2
    perp_mass = 1.0 / k if k > 0.0 else 0.0
    cdot = nx * (vbx - vax) + ny * (vby - vay) + s2 * ob - s1 * oa
    impulse = -mass_scale * perp_mass * (cdot + bias) - impulse_scale * imp[I_X]
    imp[I_X] += impulse
    vax, vay, oa = vax - ma * impulse * nx, vay - ma * impulse * ny, oa - ia * impulse * s1
    vbx, vby, ob = vbx + mb * impulse * nx, vby + mb * impulse * ny, ob + ib * impulse * s2
    _store(state, wa, wb, vax, vay, oa, vbx, vby, ob)


@kernel
def joint_reactions(joints, ends, state, work, h):
    """Stage 3: each joint's force on b (fx, fy) and torque, its last sub-step's impulses over h
    (Box2D's ``b2Joint_GetConstraintForce`` / ``...Torque``), into ``joints.reaction``."""
    inv_h = 1.0 / h
    imp, out, state, work = (
        unmanaged(joints.impulse),
        unmanaged(joints.reaction),
        unmanaged(state),
        unmanaged(work),
    )
    for j in range(joints.kind.shape[0]):
        kind = joints.kind[j]
        if kind == ASLEEP:
            continue
        ra, rb = ends[j, 0], ends[j, 1]
        w = work[j]
        fx, fy, torque = imp[j, I_X], imp[j, I_Y], 0.0
        if kind == FILTER:
            fx, fy = 0.0, 0.0
        elif kind == REVOLUTE:
            torque = imp[j, I_MOTOR] + imp[j, I_LOWER] - imp[j, I_UPPER]
        elif kind in (WELD, MOTOR, MOUSE):
            torque = imp[j, I_ANGULAR]
        elif kind == DISTANCE:
            _, _, _, _, dx, dy = _current(state, ra, rb, w)
            length = math.sqrt(dx * dx + dy * dy)
            ux, uy = (dx / length, dy / length) if length > 0.0 else (0.0, 0.0)
            axial = imp[j, I_AXIAL] + imp[j, I_LOWER] - imp[j, I_UPPER] + imp[j, I_MOTOR]
            fx, fy = axial * ux, axial * uy
        else:
            _rax, _ray, _rbx, _rby, dx, dy, ax, ay, nx, ny, _a1, _a2, _s1, _s2 = _slider_frame(
                state, ra, rb, w
            )
            axial = imp[j, I_SPRING] + imp[j, I_LOWER] - imp[j, I_UPPER]
            if kind == PRISMATIC:
                axial += imp[j, I_MOTOR]
                torque = imp[j, I_Y]
            else:
                torque = imp[j, I_MOTOR]
            fx, fy = axial * ax + imp[j, I_X] * nx, axial * ay + imp[j, I_X] * ny
        out[j, 0], out[j, 1], out[j, 2] = fx * inv_h, fy * inv_h, torque * inv_h


__all__ = ["KIND_NAMES", "NO_JOINTS", "JointRows", "joint_reactions", "prepare_joints", "solve_joints"]
