"""The joints page's world: a hinge, a rope, a spring and a wheeled cart in the engine, and
the mouse drag that pulls them (Box2D's mouse joint), stepped at a fixed 60 Hz.

Nothing here needs a window: ``JointsView`` turns mouse events into ``press`` / ``drag`` /
``release`` and frames into ``update``; the tests and ``--screenshot`` call them directly.
Units are the engine's: metres, seconds, radians counter-clockwise, y up (``joint_geometry``
turns them into pixels, once).
"""

from __future__ import annotations

import math

from engine.collision import Circle, Polygon, Transform
from engine.world import World

from .joint_geometry import JointPicture, JointSpec, joint_picture, local_point

#: The page's fixed step (s) and the most steps one frame may take (a stalled frame is not caught up).
DT = 1.0 / 60.0
MAX_STEPS_PER_FRAME = 4
GRAVITY = (0.0, -10.0)
#: The mouse joint's pull: Box2D's samples' 1,000 × the body's mass, 5 Hz, damping ratio 0.7.
MOUSE_FORCE_PER_KG = 1000.0
MOUSE_HERTZ, MOUSE_DAMPING = 5.0, 0.7

#: The exhibits, in metres: the hinge's pivot, limits (radians) and bar's half-size; the rope's
#: anchor, length and ball; the spring's anchor, rest length, hertz and damping ratio; the cart.
HINGE_PIVOT, HINGE_LIMITS, HINGE_BAR = (-10.0, 6.5), (-math.pi / 4, math.pi / 3), (1.6, 0.14)
ROPE_ANCHOR, ROPE_LENGTH, ROPE_BALL, ROPE_START = (-3.5, 9.2), 4.5, 0.45, (-0.3, 7.5)
SPRING_ANCHOR, SPRING_REST, SPRING_HERTZ, SPRING_DAMPING, SPRING_BOX = (3.0, 9.2), 3.0, 1.2, 0.1, 0.45
CART_AT, CART_HALF, WHEEL_RADIUS, WHEEL_SPREAD = (8.5, 2.0), (1.6, 0.22), 0.45, 1.1
WHEEL_HERTZ, WHEEL_DAMPING, WHEEL_TRAVEL, WHEEL_MOUNT = 2.0, 0.4, 0.35, 1.3
#: Where each exhibit's name is written (world metres: the text's left end).
LABELS = {
    "hinge (revolute, limits)": (-12.6, 3.4),
    "rope (distance, 0 .. 4.5 m)": (-5.0, 9.7),
    "spring (distance, 1.2 Hz)": (1.6, 9.7),
    "cart (two wheel joints)": (6.9, 3.4),
}


class JointLab:
    """The joints page: its world, the joints it made (``specs``), the ground, and the drag.

    ``bodies`` names the dynamic bodies ('hinge bar', 'rope ball', 'spring box', 'cart',
    'rear wheel', 'front wheel'); ``joints`` names the joints ('hinge', 'rope', 'spring',
    'rear wheel', 'front wheel'), each a ``JointSpec`` in ``specs``. While the mouse holds a
    body, ``mouse`` is its mouse joint's id and ``target`` where it pulls to; else both None.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Build the page's world afresh (R)."""
        world = self.world = World(gravity=GRAVITY)
        self.ground = world.add(Polygon.box(13.5, 0.25), (0.0, -0.25, 0.0), type="static")
        self.bodies: dict[str, int] = {}
        self.specs: dict[str, JointSpec] = {}
        self.mouse: int | None = None
        self.target: tuple[float, float] | None = None
        self.grab: tuple[float, float] | None = None  # the grabbed point in the body's frame
        self.steps = 0
        self.paused = False
        self._carry = 0.0
        # A hinge: a bar pinned to the world at its left end, free between its limits.
        hx, hy = HINGE_BAR
        bar = self._add("hinge bar", Polygon.box(hx, hy), (HINGE_PIVOT[0] + hx - hy, HINGE_PIVOT[1]))
        lower, upper = HINGE_LIMITS
        hinge = world.revolute(None, bar, HINGE_PIVOT, lower=lower, upper=upper)
        self.specs["hinge"] = JointSpec(
            "revolute", hinge, None, bar, HINGE_PIVOT, self._local(bar, HINGE_PIVOT),
            lower=lower, upper=upper, reference=0.0, pointer=0.0,
        )  # fmt: skip
        # A rope: a ball on a line from the world, let go with the line slack.
        ball = self._add("rope ball", Circle(ROPE_BALL), ROPE_START)
        rope = world.distance(None, ball, ROPE_ANCHOR, ROPE_START, min_length=0.0, max_length=ROPE_LENGTH)
        self.specs["rope"] = JointSpec(
            "distance", rope, None, ball, ROPE_ANCHOR, (0.0, 0.0), min_length=0.0, max_length=ROPE_LENGTH
        )
        # A spring: a box hanging on a soft distance joint, let go from its rest length.
        box_at = (SPRING_ANCHOR[0], SPRING_ANCHOR[1] - SPRING_REST - SPRING_BOX)
        box = self._add("spring box", Polygon.box(SPRING_BOX, SPRING_BOX), box_at)
        top = (box_at[0], box_at[1] + SPRING_BOX)
        spring = world.distance(
            None, box, SPRING_ANCHOR, top, spring_hertz=SPRING_HERTZ, spring_damping=SPRING_DAMPING
        )
        self.specs["spring"] = JointSpec(
            "distance", spring, None, box, SPRING_ANCHOR, (0.0, SPRING_BOX), spring=True
        )
        # A cart: a chassis on two wheels, each on a wheel joint (a suspension spring along y).
        cart = self._add("cart", Polygon.box(*CART_HALF), CART_AT)
        for name, side in (("rear wheel", -1.0), ("front wheel", 1.0)):
            at = (CART_AT[0] + side * WHEEL_SPREAD, CART_AT[1] - WHEEL_MOUNT)
            wheel = self._add(name, Circle(WHEEL_RADIUS), at)
            joint = world.wheel(
                cart, wheel, at, (0.0, 1.0), spring_hertz=WHEEL_HERTZ, spring_damping=WHEEL_DAMPING,
                lower=-WHEEL_TRAVEL, upper=WHEEL_TRAVEL,
            )  # fmt: skip
            self.specs[name] = JointSpec(
                "wheel", joint, cart, wheel, self._local(cart, at), (0.0, 0.0), axis=(0.0, 1.0),
                mount=WHEEL_MOUNT - CART_HALF[1], lower=-WHEEL_TRAVEL, upper=WHEEL_TRAVEL,
            )  # fmt: skip

    def _add(self, name: str, shape, at: tuple[float, float]) -> int:
        body = self.world.add(shape, (at[0], at[1], 0.0), density=1.0)
        self.bodies[name] = body
        return body

    def _local(self, body: int, point) -> tuple[float, float]:
        return local_point(self.world.transform(body), point)

    @property
    def joints(self) -> dict[str, int]:
        """The page's joints by name (the mouse joint too, while dragging, as 'mouse')."""
        named = {name: spec.joint for name, spec in self.specs.items()}
        if self.mouse is not None:
            named["mouse"] = self.mouse
        return named

    # --- the drag ------------------------------------------------------------

    def body_at(self, x: float, y: float) -> int | None:
        """The dynamic body under the world point (x, y), if any."""
        for body in self.world.query_point(x, y).tolist():
            if self.world.is_dynamic(body):
                return int(body)
        return None

    def press(self, x: float, y: float) -> int | None:
        """Grab the body under the world point (x, y) with a mouse joint pulling it toward the
        point; returns the body, or None (nothing there: nothing changes)."""
        self.release()
        body = self.body_at(x, y)
        if body is None:
            return None
        force = MOUSE_FORCE_PER_KG * self.world.mass(body).mass
        self.mouse = self.world.mouse(body, (x, y), max_force=force, hertz=MOUSE_HERTZ, damping=MOUSE_DAMPING)
        self.grab, self.target = self._local(body, (x, y)), (float(x), float(y))
        return body

    def drag(self, x: float, y: float) -> None:
        """Move the held body's target to the world point (x, y) (nothing held: nothing)."""
        if self.mouse is not None:
            self.world.set_target(self.mouse, (x, y))
            self.target = (float(x), float(y))

    def release(self) -> None:
        """Let go: the mouse joint is removed."""
        if self.mouse is not None:
            self.world.remove_joint(self.mouse)
        self.mouse = self.target = self.grab = None

    @property
    def held(self) -> int | None:
        """The body the mouse holds, or None."""
        return None if self.mouse is None else self.world.joint_bodies(self.mouse)[1]

    # --- time ----------------------------------------------------------------

    def advance(self, steps: int = 1) -> None:
        """Step the world ``steps`` fixed steps of ``DT``."""
        for _ in range(steps):
            self.world.step(DT)
            self.steps += 1

    def update(self, delta_time: float) -> int:
        """A frame of ``delta_time`` seconds: as many fixed steps as have come due (at most
        ``MAX_STEPS_PER_FRAME``; the rest of a long stall is dropped, not caught up). Returns
        the steps taken."""
        if self.paused:
            return 0
        self._carry = min(self._carry + max(delta_time, 0.0), MAX_STEPS_PER_FRAME * DT)
        steps = int(self._carry / DT + 1e-9)
        self._carry -= steps * DT
        self.advance(steps)
        return steps

    # --- reading ---------------------------------------------------------------

    def pose(self, body: int | None) -> Transform | None:
        """A body's frame now (radians, y up); ``None`` (the world) stays ``None``."""
        return None if body is None else self.world.transform(body)

    def pictures(self) -> list[JointPicture]:
        """Every joint's geometry now (the mouse joint's last, while dragging)."""
        specs = list(self.specs.values())
        if self.mouse is not None:
            body = self.held
            specs.append(
                JointSpec("mouse", self.mouse, None, body, self.target, self.grab, target=self.target)
            )
        return [joint_picture(s, self.pose(s.body_a), self.pose(s.body_b)) for s in specs]

    def describe(self) -> list[str]:
        """The page's readouts, one line each (degrees and metres, as a reader wants them)."""
        w = self.world
        lower, upper = (math.degrees(v) for v in HINGE_LIMITS)
        angle = math.degrees(w.joint_angle(self.specs["hinge"].joint))
        rope = w.joint_translation(self.specs["rope"].joint)
        pull = math.hypot(*w.joint_force(self.specs["rope"].joint))
        spring = w.joint_translation(self.specs["spring"].joint)
        lines = [
            f"hinge: {angle:+.1f}° (limits {lower:+.0f}° .. {upper:+.0f}°)",
            f"rope: {rope:.2f} m of {ROPE_LENGTH:.2f} m, "
            + (f"taut, pulling {pull:.1f} N" if rope > 0.99 * ROPE_LENGTH else "slack"),
            f"spring: {spring:.2f} m (rest {SPRING_REST:.2f} m, {SPRING_HERTZ:g} Hz, damping {SPRING_DAMPING:g})",
            "wheels: suspension "
            + ", ".join(
                f"{w.joint_translation(self.specs[n].joint):+.2f} m" for n in ("rear wheel", "front wheel")
            )
            + f" (travel ±{WHEEL_TRAVEL:g} m, {WHEEL_HERTZ:g} Hz)",
        ]
        if self.mouse is None:
            lines.append("mouse: press on a body and drag it")
        else:
            held = next(name for name, body in self.bodies.items() if body == self.held)
            fx, fy = w.joint_force(self.mouse)
            lines.append(
                f"mouse: pulling the {held} toward ({self.target[0]:.2f}, {self.target[1]:.2f}) m "
                f"with {math.hypot(fx, fy):.0f} N"
            )
        return lines


__all__ = ["DT", "MAX_STEPS_PER_FRAME", "JointLab"]
