"""The tank's turret (issue 40): a body on a revolute motor at the hull's centre.

The hull is the player's kinematic body; the turret is a small dynamic disc that touches nothing
(layer and mask 0), pinned to the hull's centre by a revolute joint whose motor turns it toward the
aim. Each tick ``aim_turret`` sets the motor's speed from how far the turret is off the aim (at most
``Rules.turret_speed``), and the motor's torque is capped: the turret lags the aim a little, as a
tank's does, and a heavy hit (``knock_turret``) spins it off its aim until the motor brings it back.

Frames: world px, y up; angles radians counter-clockwise. The motor's speed is the turret's spin
relative to the hull's, so the hull's own turn this tick is taken off it.
"""

from __future__ import annotations

import math

from engine import World
from engine.collision import Circle

from .rules import DT, Rules

__all__ = [
    "TURRET_RADIUS",
    "add_turret",
    "aim_turret",
    "hull_spin",
    "knock_turret",
    "turret_angle",
    "wrapped",
]

#: The turret body's radius, px: its mass and inertia only (it touches nothing).
TURRET_RADIUS = 8.0


def wrapped(angle: float) -> float:
    """``angle`` in −π..π.

    >>> round(wrapped(3 * math.pi / 2), 6), wrapped(0.5)
    (-1.570796, 0.5)
    """
    return (angle + math.pi) % (2.0 * math.pi) - math.pi


def add_turret(world: World, hull: int, x: float, y: float, angle: float, rules: Rules) -> tuple[int, int]:
    """The turret on ``hull`` at (x, y) facing ``angle``: returns its body and its joint."""
    turret = world.add(Circle(TURRET_RADIUS), (x, y, angle), layer=0, mask=0)
    inertia = world.mass(turret).inertia
    joint = world.revolute(hull, turret, (x, y), max_motor_torque=inertia * rules.turret_acceleration)
    return turret, joint


def turret_angle(world: World, turret: int) -> float:
    """Where the turret points now, −π..π."""
    return wrapped(world.transform(turret)[2])


def aim_turret(world: World, turret: int, joint: int, aim: float, hull_spin: float, rules: Rules) -> None:
    """Set the motor to turn the turret toward world angle ``aim`` (NaN: hold it still in the world);
    ``hull_spin`` is the hull's spin this tick (rad/s), which the joint's motor speed is relative to."""
    want = 0.0
    if math.isfinite(aim):
        off = wrapped(aim - turret_angle(world, turret))
        want = max(-rules.turret_speed, min(rules.turret_speed, rules.turret_gain * off))
    world.set_joint(joint, motor_speed=want - hull_spin)


def knock_turret(world: World, turret: int, ux: float, uy: float, speed: float, rules: Rules) -> None:
    """A knock of ``speed`` px/s along (ux, uy) spins the turret by the part of it across the barrel
    (along the barrel it turns nothing), at most ``Rules.max_turret_knock`` rad/s more."""
    angle = world.transform(turret)[2]
    across = math.cos(angle) * uy - math.sin(angle) * ux
    spin = max(-rules.max_turret_knock, min(rules.max_turret_knock, across * speed * rules.turret_knock))
    vx, vy, w = world.velocity(turret)
    world.set_velocity(turret, (vx, vy), w + spin)


def hull_spin(before: float, after: float) -> float:
    """The hull's spin (rad/s) from its angle before and after one tick."""
    return wrapped(after - before) / DT
