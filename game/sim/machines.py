"""A level's joints as the world's (issue 40): hinged doors, ropes, springs, sliders, welds and
floor friction between props, or a prop and the world (``game.tiled.joints`` reads them).

Frames: the level's points are world px, y up; the joint options are already engine units
(``JointSpot.options``: radians counter-clockwise, px, px/s). The world's joint calls take world
anchors and keep them in each body's frame (``engine.world.joint_api``).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from game.level import JointSpot

__all__ = ["Anchored", "add_joint", "add_joints", "anchor_points", "anchored"]


class Anchored(NamedTuple):
    """Where a joint holds each of its bodies: the body (None: the world) and the point in its frame
    (the world's: the point itself), as made; ``anchor_points`` puts them in the world now."""

    kind: str
    a: int | None
    a_local: tuple[float, float]
    b: int | None
    b_local: tuple[float, float]


def _local(world, body: int | None, point) -> tuple[float, float]:
    if body is None:
        return (float(point[0]), float(point[1]))
    x, y, angle = world.transform(body)
    c, s = math.cos(angle), math.sin(angle)
    dx, dy = point[0] - x, point[1] - y
    return (c * dx + s * dy, -s * dx + c * dy)


def anchored(world, spot: JointSpot, a: int | None, b: int | None) -> Anchored:
    """``spot``'s anchors in its bodies' frames (a point joint's one anchor on both)."""
    first, last = spot.points[0], spot.points[-1]
    return Anchored(spot.kind, a, _local(world, a, first), b, _local(world, b, last))


def anchor_points(world, anchors: Anchored) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two anchors of a joint in the world now (for the overlay: a line between them)."""
    out = []
    for body, (lx, ly) in ((anchors.a, anchors.a_local), (anchors.b, anchors.b_local)):
        if body is None:
            out.append((lx, ly))
            continue
        x, y, angle = world.transform(body)
        c, s = math.cos(angle), math.sin(angle)
        out.append((x + c * lx - s * ly, y + s * lx + c * ly))
    return out[0], out[1]


def add_joints(world, joints, bodies: dict[int, int]) -> dict[int, tuple[JointSpot, Anchored]]:
    """Every joint of the level between the bodies of the props it names (``bodies``: object id ->
    body id; a prop already gone makes no joint); returns joint id -> its spot and anchors (for the
    events and the overlay)."""
    made = {}
    for spot in joints:
        ends = [None if ref is None else bodies.get(ref) for ref in (spot.a, spot.b)]
        if any(ref is not None and body is None for ref, body in zip((spot.a, spot.b), ends)):
            continue
        made[add_joint(world, spot, *ends)] = (spot, anchored(world, spot, *ends))
    return made


def add_joint(world, spot: JointSpot, a: int | None, b: int | None) -> int:
    """One joint of the level's kinds between bodies ``a`` and ``b`` (None: the world)."""
    o = spot.options
    common = {
        "collide_connected": bool(o.get("collide", False)),
        "break_force": o.get("break_force", math.inf),
    }
    first = spot.points[0]
    if spot.kind == "hinge":
        return world.revolute(
            a, b, first, lower=o.get("lower"), upper=o.get("upper"), motor_speed=o.get("motor_speed", 0.0),
            max_motor_torque=o.get("max_torque", 0.0), spring_hertz=o.get("spring_hertz", 0.0),
            spring_damping=o.get("spring_damping", 0.0), **common,
        )  # fmt: skip
    if spot.kind == "weld":
        hertz, damping = o.get("spring_hertz", 0.0), o.get("spring_damping", 0.0)
        return world.weld(a, b, first, linear_hertz=hertz, linear_damping=damping, angular_hertz=hertz,
                          angular_damping=damping, **common)  # fmt: skip
    if spot.kind == "motor":
        return world.motor_joint(a, b, max_force=o.get("max_force", 0.0), max_torque=o.get("max_torque", 0.0),
                                 **common)  # fmt: skip
    last = spot.points[-1]
    length = math.dist(first, last)
    if spot.kind == "rope":
        return world.distance(a, b, first, last, min_length=0.0, max_length=o.get("length", length), **common)
    if spot.kind == "spring":
        return world.distance(a, b, first, last, length=o.get("length", length),
                              spring_hertz=o.get("spring_hertz", 1.0), spring_damping=o.get("spring_damping", 0.3),
                              **common)  # fmt: skip
    # A slider: b moves along the line; its limits are from where b starts, so the line's first
    # and last points (or ``lower``/``upper`` from the first) are where its travel ends.
    axis = ((last[0] - first[0]) / length, (last[1] - first[1]) / length)
    x, y = world.world_center(b) if b is not None else world.world_center(a)
    along = (x - first[0]) * axis[0] + (y - first[1]) * axis[1]
    lower, upper = o.get("lower", 0.0) - along, o.get("upper", length) - along
    return world.prismatic(
        a, b, (x, y), axis, lower=lower, upper=upper, motor_speed=o.get("motor_speed", 0.0),
        max_motor_force=o.get("max_force", 0.0), spring_hertz=o.get("spring_hertz", 0.0),
        spring_damping=o.get("spring_damping", 0.0), **common,
    )  # fmt: skip
