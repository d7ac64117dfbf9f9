"""The world's joints, as its public methods (``World`` takes them from ``JointMethods``).

Each method checks every argument before any change (one ``TypeError`` or ``ValueError`` naming
the argument), then writes one row of the joint table (``joints``). Anchors and axes are given
in world coordinates when the joint is made (as pymunk's ``PivotJoint`` and Box2D v2's
``Initialize`` take them) and kept in each body's frame; ``None`` for a body is the world.
Lengths and speeds are in world units, angles in radians, forces in mass × units / s².
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..collision.limits import MAX_COORDINATE, shown
from . import arguments
from .joint_solver import (
    DISTANCE,
    FILTER,
    KIND_NAMES,
    MOTOR,
    MOUSE,
    P_ANGULAR_DAMPING,
    P_ANGULAR_HERTZ,
    P_AX,
    P_AXIS_X,
    P_AXIS_Y,
    P_AY,
    P_BREAK_FORCE,
    P_BREAK_TORQUE,
    P_BX,
    P_BY,
    P_CORRECTION,
    P_DAMPING,
    P_HERTZ,
    P_LENGTH,
    P_LIMIT,
    P_LINEAR_DAMPING,
    P_LINEAR_HERTZ,
    P_LOWER,
    P_MAX_FORCE,
    P_MAX_MOTOR,
    P_MAX_TORQUE,
    P_MOTOR,
    P_MOTOR_SPEED,
    P_OFFSET_ANGLE,
    P_OFFSET_X,
    P_OFFSET_Y,
    P_REFERENCE,
    P_SPRING,
    P_TARGET,
    P_TARGET_X,
    P_TARGET_Y,
    P_UPPER,
    P_WIDTH,
    PRISMATIC,
    REVOLUTE,
    WELD,
    WHEEL,
)
from .joints import MAX_JOINTS

#: Largest hertz, damping ratio, force or torque a joint takes (finite and far past any game's).
MAX_JOINT_HERTZ = 1e6
MAX_JOINT_FORCE = 1e30
MAX_JOINT_SPEED = 1e9

_inf = math.inf


def _unwind(angle: float) -> float:
    return math.remainder(angle, 2.0 * math.pi)


def _amount(value, name: str, high: float = MAX_JOINT_FORCE) -> float:
    """A non-negative finite number up to ``high``."""
    return arguments.real(value, name, 0.0, high)


def _threshold(value, name: str) -> float:
    """A break threshold: a non-negative number, ``inf`` for never."""
    if isinstance(value, (int, float, numbers.Real)) and not isinstance(value, bool) and value == _inf:
        return _inf
    return arguments.real(value, name, 0.0)


class JointMethods:
    """The joint half of ``World``'s API (see the module)."""

    # --- checks -------------------------------------------------------

    def _joint_body(self, body, name: str) -> int:
        """A joint's body as an id (−1: ``None``, the world), checked to be one the world holds."""
        if body is None:
            return -1
        body = arguments.body_id(body, name)
        if body not in self:
            raise ValueError(f"{name}: no body with id {body} in this world (removed, or never added)")
        slot = int(self._a.slot_of[body])
        if self._a.root[slot] != slot:
            raise ValueError(f"{name}: {body} is a shape of body {int(self._a.owner[body])}, not a body")
        return body

    def _joint_pair(self, body_a, body_b, what: str) -> tuple[int, int]:
        if len(self._dynamics.joints) >= MAX_JOINTS:
            raise ValueError(
                f"{what}: the world holds {MAX_JOINTS:,} joints, the limit (MAX_JOINTS); remove one first"
            )
        a = self._joint_body(body_a, f"{what} body_a")
        b = self._joint_body(body_b, f"{what} body_b")
        if a == b:
            raise ValueError(f"{what}: body_a and body_b are the same body ({a}); a joint joins two")
        if not any(x >= 0 and self._a.dynamic[self._a.slot_of[x]] for x in (a, b)):
            raise ValueError(
                f"{what}: body_a and body_b are both static, kinematic or the world; one must be dynamic"
            )
        return a, b

    def _local_point(self, body: int, point) -> tuple[float, float]:
        """A world point in ``body``'s frame (from its origin); the world's: the point."""
        if body < 0:
            return point
        x, y, angle = self._a.xf[self._a.slot_of[body]].tolist()
        c, s = math.cos(angle), math.sin(angle)
        dx, dy = point[0] - x, point[1] - y
        return c * dx + s * dy, -s * dx + c * dy

    def _angle(self, body: int) -> float:
        return 0.0 if body < 0 else float(self._a.xf[self._a.slot_of[body], 2])

    def _common(self, what: str, collide_connected, break_force, break_torque) -> tuple[bool, float, float]:
        return (
            arguments.flag(collide_connected, f"{what} collide_connected"),
            _threshold(break_force, f"{what} break_force"),
            _threshold(break_torque, f"{what} break_torque"),
        )

    @staticmethod
    def _limits(
        lower, upper, what: str, low: float = -_inf, high: float = _inf
    ) -> tuple[float, float, float]:
        """(enabled, lower, upper): both ``None`` (no limit), or both numbers with lower ≤ upper."""
        if lower is None and upper is None:
            return 0.0, 0.0, 0.0
        lo = -high if lower is None else arguments.real(lower, f"{what} lower", low, high)
        hi = high if upper is None else arguments.real(upper, f"{what} upper", low, high)
        if lo > hi:
            raise ValueError(f"{what}: lower ({lo!r}) is above upper ({hi!r})")
        return 1.0, lo, hi

    def _made(self, kind: int, a: int, b: int, collide: bool, param: np.ndarray) -> int:
        joints = self._dynamics.joints
        joint = joints.add(kind, a, b, collide, param)
        self._dynamics._wake_joined(np.array([joints.n - 1]))
        return joint

    def _frame_params(self, a: int, b: int, anchor_a, anchor_b, break_force, break_torque) -> np.ndarray:
        p = np.zeros(P_WIDTH)
        p[P_AX], p[P_AY] = self._local_point(a, anchor_a)
        p[P_BX], p[P_BY] = self._local_point(b, anchor_b)
        p[P_REFERENCE] = self._angle(b) - self._angle(a)
        p[P_BREAK_FORCE], p[P_BREAK_TORQUE] = break_force, break_torque
        return p

    # --- making joints ---------------------------------------------------

    def revolute(
        self, body_a, body_b, anchor, *, lower=None, upper=None, motor_speed=0.0, max_motor_torque=0.0,
        spring_hertz=0.0, spring_damping=0.0, target_angle=0.0, collide_connected=False, break_force=_inf,
        break_torque=_inf, anchor_b=None, reference_angle=None,
    ) -> int:  # fmt: skip
        """A hinge (Box2D's revolute joint): the bodies share the world point ``anchor`` and turn
        freely about it. Optional: angle limits ``lower`` ≤ ``upper`` (radians in −π..π, from the
        bodies' angles now), a motor (``motor_speed`` rad/s, up to ``max_motor_torque``), a spring
        toward ``target_angle`` (``spring_hertz`` > 0, ``spring_damping`` its damping ratio).
        Returns the joint's id. ``anchor_b`` (a world point on b; default ``anchor``) makes a joint
        whose two anchors start apart and are pulled together (Box2D's two local anchors);
        ``reference_angle`` (b's angle less a's at a joint angle of 0; default: as they are now).

        >>> from engine.collision import Polygon
        >>> from engine.world import World
        >>> world = World(gravity=(0, -10))
        >>> door = world.add(Polygon.box(0.5, 0.05), (0.5, 0.0, 0.0))
        >>> hinge = world.revolute(None, door, (0.0, 0.0))
        >>> for _ in range(30):
        ...     _ = world.step(1 / 60)
        >>> round(world.joint_angle(hinge), 1) < 0.0  # the door swings down
        True
        """
        what = "World.revolute"
        a, b = self._joint_pair(body_a, body_b, what)
        anchor = arguments.pair(anchor, f"{what} anchor", coordinate=True)
        collide, bf, bt = self._common(what, collide_connected, break_force, break_torque)
        limit, lo, hi = self._limits(lower, upper, what, -math.pi, math.pi)
        on_b = anchor if anchor_b is None else arguments.pair(anchor_b, f"{what} anchor_b", coordinate=True)
        if reference_angle is not None:
            reference_angle = arguments.real(reference_angle, f"{what} reference_angle", -math.pi, math.pi)
        p = self._frame_params(a, b, anchor, on_b, bf, bt)
        if reference_angle is not None:
            p[P_REFERENCE] = reference_angle
        p[P_LIMIT], p[P_LOWER], p[P_UPPER] = limit, lo, hi
        self._motor_spring(
            p, what, motor_speed, max_motor_torque, "max_motor_torque", spring_hertz, spring_damping
        )
        p[P_TARGET] = arguments.real(target_angle, f"{what} target_angle", -math.pi, math.pi)
        return self._made(REVOLUTE, a, b, collide, p)

    def _motor_spring(self, p, what, motor_speed, max_motor, max_name, spring_hertz, spring_damping) -> None:
        p[P_MOTOR_SPEED] = arguments.real(
            motor_speed, f"{what} motor_speed", -MAX_JOINT_SPEED, MAX_JOINT_SPEED
        )
        p[P_MAX_MOTOR] = _amount(max_motor, f"{what} {max_name}")
        p[P_MOTOR] = 1.0 if p[P_MAX_MOTOR] > 0.0 else 0.0
        p[P_HERTZ] = _amount(spring_hertz, f"{what} spring_hertz", MAX_JOINT_HERTZ)
        p[P_DAMPING] = _amount(spring_damping, f"{what} spring_damping", MAX_JOINT_HERTZ)
        p[P_SPRING] = 1.0 if p[P_HERTZ] > 0.0 else 0.0

    def prismatic(
        self, body_a, body_b, anchor, axis, *, lower=None, upper=None, motor_speed=0.0, max_motor_force=0.0,
        spring_hertz=0.0, spring_damping=0.0, target_translation=0.0, collide_connected=False,
        break_force=_inf, break_torque=_inf,
    ) -> int:  # fmt: skip
        """A slider (Box2D's prismatic joint): b slides along ``axis`` (a world direction, turning
        with body_a) through the world point ``anchor``, and does not turn against a. Optional:
        translation limits ``lower`` ≤ ``upper`` (from where it is now), a motor (``motor_speed``
        units/s, up to ``max_motor_force``), a spring toward ``target_translation``."""
        what = "World.prismatic"
        a, b, collide, p = self._along_axis(
            what, body_a, body_b, anchor, axis, lower, upper, collide_connected, break_force, break_torque
        )
        self._motor_spring(
            p, what, motor_speed, max_motor_force, "max_motor_force", spring_hertz, spring_damping
        )
        p[P_TARGET] = arguments.real(target_translation, f"{what} target_translation")
        return self._made(PRISMATIC, a, b, collide, p)

    def _along_axis(
        self, what, body_a, body_b, anchor, axis, lower, upper, collide_connected, break_force, break_torque
    ):  # fmt: skip
        """What a slider and a wheel share, checked: the pair, the anchor, the axis (in a's frame)
        and the translation limits; returns (a, b, collide, params)."""
        a, b = self._joint_pair(body_a, body_b, what)
        anchor = arguments.pair(anchor, f"{what} anchor", coordinate=True)
        axis = arguments.direction(axis, f"{what} axis")
        collide, bf, bt = self._common(what, collide_connected, break_force, break_torque)
        limit, lo, hi = self._limits(lower, upper, what)
        p = self._frame_params(a, b, anchor, anchor, bf, bt)
        self._axis(p, a, axis)
        p[P_LIMIT], p[P_LOWER], p[P_UPPER] = limit, lo, hi
        return a, b, collide, p

    def _axis(self, p, a: int, axis) -> None:
        c, s = math.cos(self._angle(a)), math.sin(self._angle(a))
        p[P_AXIS_X], p[P_AXIS_Y] = c * axis[0] + s * axis[1], -s * axis[0] + c * axis[1]

    def wheel(
        self, body_a, body_b, anchor, axis, *, spring_hertz=1.0, spring_damping=0.7, lower=None, upper=None,
        motor_speed=0.0, max_motor_torque=0.0, collide_connected=False, break_force=_inf, break_torque=_inf,
    ) -> int:  # fmt: skip
        """A wheel (Box2D's wheel joint): b (the wheel) turns freely about the world point
        ``anchor`` and slides along ``axis`` (world, turning with a, the chassis) on a spring
        (``spring_hertz``, ``spring_damping``; 0 hertz: rigid along the axis only through its
        limits); optional translation limits and a motor turning the wheel."""
        what = "World.wheel"
        a, b, collide, p = self._along_axis(
            what, body_a, body_b, anchor, axis, lower, upper, collide_connected, break_force, break_torque
        )
        self._motor_spring(
            p, what, motor_speed, max_motor_torque, "max_motor_torque", spring_hertz, spring_damping
        )
        return self._made(WHEEL, a, b, collide, p)

    def distance(
        self, body_a, body_b, anchor_a, anchor_b, *, length=None, min_length=None, max_length=None,
        spring_hertz=0.0, spring_damping=0.0, motor_speed=0.0, max_motor_force=0.0, collide_connected=False,
        break_force=_inf, break_torque=_inf,
    ) -> int:  # fmt: skip
        """Keep the world points ``anchor_a`` (on a) and ``anchor_b`` (on b) ``length`` apart
        (default: as far as they are now). A spring (``spring_hertz`` > 0) makes it soft;
        ``min_length`` / ``max_length`` bound it (a rope: ``min_length=0, max_length=L``); a
        motor drives the length at ``motor_speed`` up to ``max_motor_force``."""
        what = "World.distance"
        a, b = self._joint_pair(body_a, body_b, what)
        anchor_a = arguments.pair(anchor_a, f"{what} anchor_a", coordinate=True)
        anchor_b = arguments.pair(anchor_b, f"{what} anchor_b", coordinate=True)
        collide, bf, bt = self._common(what, collide_connected, break_force, break_torque)
        now = math.hypot(anchor_b[0] - anchor_a[0], anchor_b[1] - anchor_a[1])
        high = 2.0 * MAX_COORDINATE * math.sqrt(2.0)
        rest = now if length is None else arguments.real(length, f"{what} length", 0.0, high)
        limit, lo, hi = 0.0, rest, rest
        if min_length is not None or max_length is not None:
            limit = 1.0
            lo = 0.0 if min_length is None else arguments.real(min_length, f"{what} min_length", 0.0, high)
            hi = high if max_length is None else arguments.real(max_length, f"{what} max_length", 0.0, high)
            if lo > hi:
                raise ValueError(f"{what}: min_length ({lo!r}) is above max_length ({hi!r})")
        p = self._frame_params(a, b, anchor_a, anchor_b, bf, bt)
        p[P_LENGTH] = min(max(rest, lo), hi) if limit else rest
        p[P_LIMIT], p[P_LOWER], p[P_UPPER] = limit, lo, hi
        self._motor_spring(
            p, what, motor_speed, max_motor_force, "max_motor_force", spring_hertz, spring_damping
        )
        # Soft (Box2D's enableSpring) with a spring, limits or a motor; else held at its length.
        p[P_SPRING] = 1.0 if (p[P_HERTZ] > 0.0 or limit or p[P_MOTOR]) else 0.0
        return self._made(DISTANCE, a, b, collide, p)

    def weld(
        self, body_a, body_b, anchor, *, linear_hertz=0.0, linear_damping=0.0, angular_hertz=0.0,
        angular_damping=0.0, collide_connected=False, break_force=_inf, break_torque=_inf,
    ) -> int:  # fmt: skip
        """Glue b to a at the world point ``anchor`` as they are now. 0 hertz is rigid (the joint
        softness); a hertz above 0 makes that part a spring with its damping ratio."""
        what = "World.weld"
        a, b = self._joint_pair(body_a, body_b, what)
        anchor = arguments.pair(anchor, f"{what} anchor", coordinate=True)
        collide, bf, bt = self._common(what, collide_connected, break_force, break_torque)
        p = self._frame_params(a, b, anchor, anchor, bf, bt)
        p[P_LINEAR_HERTZ] = _amount(linear_hertz, f"{what} linear_hertz", MAX_JOINT_HERTZ)
        p[P_LINEAR_DAMPING] = _amount(linear_damping, f"{what} linear_damping", MAX_JOINT_HERTZ)
        p[P_ANGULAR_HERTZ] = _amount(angular_hertz, f"{what} angular_hertz", MAX_JOINT_HERTZ)
        p[P_ANGULAR_DAMPING] = _amount(angular_damping, f"{what} angular_damping", MAX_JOINT_HERTZ)
        return self._made(WELD, a, b, collide, p)

    def motor_joint(
        self, body_a, body_b, *, max_force=0.0, max_torque=0.0, correction=0.0, linear_offset=None,
        angular_offset=None, collide_connected=False, break_force=_inf, break_torque=_inf,
    ) -> int:  # fmt: skip
        """Drive b's centre of mass and angle toward a's plus an offset (``linear_offset`` in a's
        frame, ``angular_offset``; default: as they are now), closing ``correction`` (0..1) of the
        gap each sub-step, with at most ``max_force`` and ``max_torque``. At ``correction=0`` (the
        default) it only resists relative motion: with ``body_a=None`` it is top-down floor friction
        (Box2D's "Top Down Friction" sample), a sliding crate stopping in v²/(2·max_force/m)."""
        what = "World.motor_joint"
        a, b = self._joint_pair(body_a, body_b, what)
        collide, bf, bt = self._common(what, collide_connected, break_force, break_torque)
        p = np.zeros(P_WIDTH)
        for side, body in ((P_AX, a), (P_BX, b)):  # the anchors at the centres of mass
            if body >= 0:
                p[side], p[side + 1] = self._a.center[self._a.slot_of[body]]
        p[P_BREAK_FORCE], p[P_BREAK_TORQUE] = bf, bt
        p[P_MAX_FORCE] = _amount(max_force, f"{what} max_force")
        p[P_MAX_TORQUE] = _amount(max_torque, f"{what} max_torque")
        p[P_CORRECTION] = arguments.real(correction, f"{what} correction", 0.0, 1.0)
        if linear_offset is None:
            ca = self._centre(a)
            p[P_OFFSET_X], p[P_OFFSET_Y] = (
                self._local_point(a, self._centre(b)) if a >= 0 else self._centre(b)
            )
            if a >= 0:  # (b's centre in a's frame, less a's centre there)
                lx, ly = self._local_point(a, ca)
                p[P_OFFSET_X] -= lx
                p[P_OFFSET_Y] -= ly
        else:
            p[P_OFFSET_X], p[P_OFFSET_Y] = arguments.pair(
                linear_offset, f"{what} linear_offset", coordinate=True
            )
        if angular_offset is None:
            p[P_OFFSET_ANGLE] = self._angle(b) - self._angle(a)
        else:
            p[P_OFFSET_ANGLE] = arguments.real(angular_offset, f"{what} angular_offset", -math.pi, math.pi)
        return self._made(MOTOR, a, b, collide, p)

    def _centre(self, body: int) -> tuple[float, float]:
        return (0.0, 0.0) if body < 0 else self.world_center(body)

    def mouse(
        self, body, target, *, max_force, hertz=5.0, damping=0.7, collide_connected=False, break_force=_inf,
        break_torque=_inf,
    ) -> int:  # fmt: skip
        """Drag ``body`` by the world point ``target`` (where it is grabbed now) toward the target
        (``set_target``), as a spring of ``hertz`` and damping ratio ``damping`` pulling with at
        most ``max_force`` (Box2D v3.1's mouse joint; its body_a is the world)."""
        what = "World.mouse"
        a, b = self._joint_pair(None, body, what)
        target = arguments.pair(target, f"{what} target", coordinate=True)
        collide, bf, bt = self._common(what, collide_connected, break_force, break_torque)
        p = self._frame_params(a, b, target, target, bf, bt)
        p[P_MAX_FORCE] = _amount(max_force, f"{what} max_force")
        p[P_HERTZ] = _amount(hertz, f"{what} hertz", MAX_JOINT_HERTZ)
        p[P_DAMPING] = _amount(damping, f"{what} damping", MAX_JOINT_HERTZ)
        p[P_TARGET_X], p[P_TARGET_Y] = target
        return self._made(MOUSE, a, b, collide, p)

    def filter(self, body_a, body_b) -> int:
        """Turn collision off between two bodies, and nothing else (Box2D's filter joint)."""
        what = "World.filter"
        a, b = self._joint_pair(body_a, body_b, what)
        p = np.zeros(P_WIDTH)
        p[P_BREAK_FORCE] = p[P_BREAK_TORQUE] = _inf
        return self._made(FILTER, a, b, False, p)

    # --- reading and changing ------------------------------------------------

    def _joint_row(self, joint, what: str) -> int:
        if isinstance(joint, (bool, np.bool_)) or not isinstance(joint, (numbers.Integral, np.integer)):
            raise TypeError(f"{what} joint must be a joint id (an integer); got {shown(joint)}")
        k = self._dynamics.joints.row(int(joint))
        if k < 0:
            raise ValueError(
                f"{what}: no joint with id {int(joint)} in this world (removed, broken, or never made)"
            )
        return k

    def remove_joint(self, joint: int) -> None:
        """Remove a joint (its bodies wake)."""
        k = self._joint_row(joint, "World.remove_joint")
        self._dynamics._wake_joined(np.array([k]))
        self._dynamics.joints.remove_rows(np.array([k]))

    def joints(self, body=None) -> np.ndarray:
        """The ids of the joints on ``body`` (``None``: every joint), in the order they were made."""
        table = self._dynamics.joints
        if body is None:
            return table.ids[: table.n].copy()
        b = self._joint_body(body, "World.joints body")
        return table.ids[table.of_bodies(np.array([b]))]

    def joint_kind(self, joint: int) -> str:
        """'revolute', 'prismatic', 'distance', 'weld', 'wheel', 'motor', 'mouse' or 'filter'."""
        return KIND_NAMES[int(self._dynamics.joints.kind[self._joint_row(joint, "World.joint_kind")])]

    def joint_bodies(self, joint: int) -> tuple[int | None, int | None]:
        """(body_a, body_b); ``None`` for the world."""
        table = self._dynamics.joints
        k = self._joint_row(joint, "World.joint_bodies")
        a, b = int(table.body_a[k]), int(table.body_b[k])
        return (a if a >= 0 else None), (b if b >= 0 else None)

    def joint_force(self, joint: int) -> tuple[float, float]:
        """The force (fx, fy) the joint put on body_b over the last step's last sub-step (on
        body_a: its opposite)."""
        k = self._joint_row(joint, "World.joint_force")
        fx, fy, _ = self._dynamics.joints.reaction[k].tolist()
        return fx, fy

    def joint_torque(self, joint: int) -> float:
        """The torque of the joint's motor, limits or angular constraint on body_b, last sub-step."""
        k = self._joint_row(joint, "World.joint_torque")
        return float(self._dynamics.joints.reaction[k, 2])

    def joint_reactions(self) -> tuple[np.ndarray, np.ndarray]:
        """Every joint's id and its force and torque (k, 3: fx, fy, torque) in one call."""
        table = self._dynamics.joints
        return table.ids[: table.n].copy(), table.reaction[: table.n].copy()

    def _joint_state(self, k: int):
        table = self._dynamics.joints
        a, b = int(table.body_a[k]), int(table.body_b[k])
        xf_a = np.zeros(3) if a < 0 else self._a.xf[self._a.slot_of[a]]
        xf_b = np.zeros(3) if b < 0 else self._a.xf[self._a.slot_of[b]]
        vel_a = np.zeros(3) if a < 0 else self._a.vel[self._a.slot_of[a]]
        vel_b = np.zeros(3) if b < 0 else self._a.vel[self._a.slot_of[b]]
        return table.param[k], xf_a, xf_b, vel_a, vel_b

    def joint_angle(self, joint: int) -> float:
        """b's angle less a's less their angle when the joint was made, in (−π, π]."""
        p, xf_a, xf_b, _, _ = self._joint_state(self._joint_row(joint, "World.joint_angle"))
        return _unwind(float(xf_b[2] - xf_a[2] - p[P_REFERENCE]))

    def joint_speed(self, joint: int) -> float:
        """b's spin less a's (rad/s); for a prismatic or wheel joint, its translation's speed."""
        k = self._joint_row(joint, "World.joint_speed")
        p, xf_a, xf_b, vel_a, vel_b = self._joint_state(k)
        if self._dynamics.joints.kind[k] in (PRISMATIC, WHEEL):
            axis, pa, pb = self._slider(p, xf_a, xf_b)
            ca, cb = self._centres_of(k)
            va = vel_a[:2] + vel_a[2] * np.array([-(pb[1] - ca[1]), pb[0] - ca[0]])
            vb = vel_b[:2] + vel_b[2] * np.array([-(pb[1] - cb[1]), pb[0] - cb[0]])
            return float(np.dot(axis, vb - va) + np.dot(pb - pa, vel_a[2] * np.array([-axis[1], axis[0]])))
        return float(vel_b[2] - vel_a[2])

    def _centres_of(self, k: int):
        table = self._dynamics.joints
        return tuple(np.array(self._centre(int(x))) for x in (table.body_a[k], table.body_b[k]))

    @staticmethod
    def _slider(p, xf_a, xf_b):
        def point(xf, lx, ly):
            c, s = math.cos(xf[2]), math.sin(xf[2])
            return np.array([xf[0] + c * lx - s * ly, xf[1] + s * lx + c * ly])

        c, s = math.cos(xf_a[2]), math.sin(xf_a[2])
        axis = np.array([c * p[P_AXIS_X] - s * p[P_AXIS_Y], s * p[P_AXIS_X] + c * p[P_AXIS_Y]])
        return axis, point(xf_a, p[P_AX], p[P_AY]), point(xf_b, p[P_BX], p[P_BY])

    def joint_translation(self, joint: int) -> float:
        """How far b's anchor is from a's along the axis (prismatic, wheel), or apart (distance)."""
        k = self._joint_row(joint, "World.joint_translation")
        p, xf_a, xf_b, _, _ = self._joint_state(k)
        axis, pa, pb = self._slider(p, xf_a, xf_b)
        if self._dynamics.joints.kind[k] in (PRISMATIC, WHEEL):
            return float(np.dot(axis, pb - pa))
        return float(np.hypot(*(pb - pa)))

    def revolute_angles(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every revolute joint's id, angle and speed (``joint_angle``, ``joint_speed``) in one call."""
        table = self._dynamics.joints
        n = table.n
        rows = np.flatnonzero(table.kind[:n] == REVOLUTE)
        a, b = table.body_a[rows], table.body_b[rows]
        xf, vel = self._a.xf, self._a.vel
        slot_a, slot_b = self._a.slot_of[np.maximum(a, 0)], self._a.slot_of[np.maximum(b, 0)]
        angle_a = np.where(a >= 0, xf[slot_a, 2], 0.0)
        angle_b = np.where(b >= 0, xf[slot_b, 2], 0.0)
        spin_a = np.where(a >= 0, vel[slot_a, 2], 0.0)
        spin_b = np.where(b >= 0, vel[slot_b, 2], 0.0)
        angle = np.remainder(angle_b - angle_a - table.param[rows, P_REFERENCE] + np.pi, 2.0 * np.pi) - np.pi
        return table.ids[rows].copy(), angle, spin_b - spin_a

    def set_target(self, joint: int, target) -> None:
        """Move a mouse joint's target (a world point); its body wakes."""
        what = "World.set_target"
        k = self._joint_row(joint, what)
        if self._dynamics.joints.kind[k] != MOUSE:
            raise ValueError(f"{what}: joint {joint} is a {self.joint_kind(joint)} joint, not a mouse joint")
        x, y = arguments.pair(target, f"{what} target", coordinate=True)
        self._dynamics.joints.param[k, P_TARGET_X], self._dynamics.joints.param[k, P_TARGET_Y] = x, y
        self._dynamics._wake_joined(np.array([k]))

    def set_joint(self, joint: int, **changes) -> None:
        """Change a joint's options, named as where it was made (``motor_speed``,
        ``max_motor_torque`` / ``max_motor_force``, ``lower`` and ``upper`` together,
        ``spring_hertz``, ``spring_damping``, ``target_angle``, ``target_translation``, ``length``,
        ``linear_hertz``, ``angular_hertz``, ``max_force``, ``max_torque``, ``correction``,
        ``break_force``, ``break_torque``). Each is checked before any changes; its bodies wake."""
        what = "World.set_joint"
        table = self._dynamics.joints
        k = self._joint_row(joint, what)
        kind = int(table.kind[k])
        p = table.param[k].copy()
        if "lower" in changes or "upper" in changes:
            high = math.pi if kind == REVOLUTE else _inf
            limit, lo, hi = self._limits(
                changes.pop("lower", None), changes.pop("upper", None), what, -high, high
            )
            if kind == DISTANCE and limit:
                lo, hi = max(lo, 0.0), hi
            p[P_LIMIT], p[P_LOWER], p[P_UPPER] = limit, lo, hi
        simple = {
            "motor_speed": (
                P_MOTOR_SPEED,
                lambda v, n: arguments.real(v, n, -MAX_JOINT_SPEED, MAX_JOINT_SPEED),
            ),
            "max_motor_torque": (P_MAX_MOTOR, _amount),
            "max_motor_force": (P_MAX_MOTOR, _amount),
            "spring_hertz": (P_HERTZ, lambda v, n: _amount(v, n, MAX_JOINT_HERTZ)),
            "spring_damping": (P_DAMPING, lambda v, n: _amount(v, n, MAX_JOINT_HERTZ)),
            "target_angle": (P_TARGET, lambda v, n: arguments.real(v, n, -math.pi, math.pi)),
            "target_translation": (P_TARGET, arguments.real),
            "length": (P_LENGTH, lambda v, n: _amount(v, n, 1e10)),
            "linear_hertz": (P_LINEAR_HERTZ, lambda v, n: _amount(v, n, MAX_JOINT_HERTZ)),
            "angular_hertz": (P_ANGULAR_HERTZ, lambda v, n: _amount(v, n, MAX_JOINT_HERTZ)),
            "linear_damping": (P_LINEAR_DAMPING, lambda v, n: _amount(v, n, MAX_JOINT_HERTZ)),
            "angular_damping": (P_ANGULAR_DAMPING, lambda v, n: _amount(v, n, MAX_JOINT_HERTZ)),
            "max_force": (P_MAX_FORCE, _amount),
            "max_torque": (P_MAX_TORQUE, _amount),
            "correction": (P_CORRECTION, lambda v, n: arguments.real(v, n, 0.0, 1.0)),
            "break_force": (P_BREAK_FORCE, _threshold),
            "break_torque": (P_BREAK_TORQUE, _threshold),
            "hertz": (P_HERTZ, lambda v, n: _amount(v, n, MAX_JOINT_HERTZ)),
            "damping": (P_DAMPING, lambda v, n: _amount(v, n, MAX_JOINT_HERTZ)),
        }
        for name in sorted(changes):
            if name not in simple:
                raise TypeError(f"{what}: unknown option {name!r}; options: {', '.join(sorted(simple))}")
            column, check = simple[name]
            p[column] = check(changes[name], f"{what} {name}")
        p[P_MOTOR] = 1.0 if p[P_MAX_MOTOR] > 0.0 else 0.0
        if kind == DISTANCE:
            p[P_SPRING] = 1.0 if (p[P_HERTZ] > 0.0 or p[P_LIMIT] or p[P_MOTOR]) else 0.0
        elif kind != MOUSE:
            p[P_SPRING] = 1.0 if p[P_HERTZ] > 0.0 else 0.0
        table.param[k] = p
        self._dynamics._wake_joined(np.array([k]))


__all__ = ["MAX_JOINT_FORCE", "MAX_JOINT_HERTZ", "JointMethods"]
