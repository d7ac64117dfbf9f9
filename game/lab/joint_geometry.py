"""The joints page's pictures as plain geometry: anchors, limit arcs, ropes, zig-zag springs.

Nothing here needs a window or the engine's world: each function takes what a joint was made
with (a ``JointSpec``) and its bodies' poses (``Transform``: x, y, angle in radians, y up, in
metres) and returns points in the world (metres, y up). ``joint_draw`` draws them with arcade
after ``to_screen``, the one place where metres become pixels; the tests check the geometry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.collision import Transform
from game.geometry import joint_lines
from game.geometry.joint_lines import Point, Polyline

#: Screen pixels a world metre spans on the joints page, and the strip under the world for text.
PIXELS_PER_METRE = 50.0
TEXT_STRIP = 150
#: Where world (0, 0) sits above the text strip (px): the ground's top is y = 0.
GROUND_MARGIN = 20.0

#: Radius (m) of a hinge's limit arc and needle; a spring's half-width (m) and its coils.
ARC_RADIUS = 1.0
SPRING_WIDTH = 0.14
SPRING_COILS = 7
#: Pieces of an arc per radian, and of a slack rope.
ARC_PIECES_PER_RADIAN = 12
ROPE_PIECES = 16


def to_screen(point: Point, width: int, height: int) -> tuple[float, float]:
    """A world point (metres, y up) as window pixels (y up, as arcade takes them); the page's
    x = 0 is the window's middle and y = 0 is ``GROUND_MARGIN`` above the text strip.

    >>> to_screen((0.0, 0.0), 1280, 720), to_screen((1.0, 2.0), 1280, 720)
    ((640.0, 170.0), (690.0, 270.0))
    """
    return width / 2.0 + point[0] * PIXELS_PER_METRE, TEXT_STRIP + GROUND_MARGIN + point[1] * PIXELS_PER_METRE


def to_world(x: float, y: float, width: int, height: int) -> Point:
    """The inverse of ``to_screen``: window pixels as a world point (metres).

    >>> to_world(690.0, 270.0, 1280, 720)
    (1.0, 2.0)
    """
    return (x - width / 2.0) / PIXELS_PER_METRE, (y - TEXT_STRIP - GROUND_MARGIN) / PIXELS_PER_METRE


def world_point(pose: Transform | None, local: Point) -> Point:
    """A point of a body's frame in the world (``None``: the world's frame, the point itself).

    >>> [round(v, 9) for v in world_point(Transform(1.0, 0.0, math.pi / 2), (2.0, 0.0))]
    [1.0, 2.0]
    """
    if pose is None:
        return (float(local[0]), float(local[1]))
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    return (pose.x + c * local[0] - s * local[1], pose.y + s * local[0] + c * local[1])


def local_point(pose: Transform | None, point: Point) -> Point:
    """A world point in a body's frame (``None``: the world's frame); ``world_point``'s inverse."""
    if pose is None:
        return (float(point[0]), float(point[1]))
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    dx, dy = point[0] - pose.x, point[1] - pose.y
    return (c * dx + s * dy, -s * dx + c * dy)


@dataclass(frozen=True)
class JointSpec:
    """What the page made a joint with, in the bodies' frames (the engine keeps the same; its
    public API reads angles and translations, not anchors, so the page keeps its own copy).

    ``kind``: 'revolute', 'distance', 'wheel' or 'mouse'. ``anchor_a`` / ``anchor_b``: the
    anchors in body a's and body b's frames (body a ``None``: the world). Revolute:
    ``lower`` / ``upper`` (radians, ``None``: no limit), ``reference`` (b's angle less a's at a
    joint angle of 0) and ``pointer`` (the direction in b's frame the needle follows, radians).
    Distance: ``max_length`` (a rope when ``min_length`` is 0) and ``spring`` (drawn as a
    zig-zag). Wheel: ``axis`` (in a's frame) and ``mount``, how far up the axis from a's
    anchor the spring is fixed to a. Mouse: ``target`` (a world point)."""

    kind: str
    joint: int
    body_a: int | None
    body_b: int
    anchor_a: Point
    anchor_b: Point
    lower: float | None = None
    upper: float | None = None
    reference: float = 0.0
    pointer: float = 0.0
    min_length: float | None = None
    max_length: float | None = None
    spring: bool = False
    axis: Point = (0.0, 1.0)
    mount: float = 0.0
    target: Point | None = None


@dataclass(frozen=True)
class JointPicture:
    """One joint as geometry (world metres): ``anchors`` are drawn as small circles (``pinned``
    those on the world), ``lines`` and ``arcs`` as polylines (arcs: limits), ``zigzags`` as
    springs; ``taut`` is False for a rope shorter than its length (it sags)."""

    kind: str
    joint: int
    anchors: tuple[Point, ...] = ()
    pinned: tuple[Point, ...] = ()
    lines: tuple[Polyline, ...] = ()
    arcs: tuple[Polyline, ...] = ()
    zigzags: tuple[Polyline, ...] = ()
    taut: bool = True


def arc(centre: Point, radius: float, start: float, end: float) -> Polyline:
    """``game.geometry.joint_lines.arc`` at the page's ``ARC_PIECES_PER_RADIAN``.

    >>> quarter = arc((0.0, 0.0), 1.0, 0.0, math.pi / 2)
    >>> [tuple(round(v, 9) for v in p) for p in (quarter[0], quarter[-1])], len(quarter)
    ([(1.0, 0.0), (0.0, 1.0)], 20)
    """
    return joint_lines.arc(centre, radius, start, end, ARC_PIECES_PER_RADIAN)


def zigzag(p: Point, q: Point, coils: int = SPRING_COILS, width: float = SPRING_WIDTH) -> Polyline:
    """``game.geometry.joint_lines.zigzag`` with the page's coils and width (metres).

    >>> zz = zigzag((0.0, 0.0), (0.0, 2.0)); zz[0], zz[-1], len(zz)
    ((0.0, 0.0), (0.0, 2.0), 18)
    """
    return joint_lines.zigzag(p, q, coils, width)


def rope(p: Point, q: Point, length: float) -> tuple[Polyline, bool]:
    """``game.geometry.joint_lines.rope`` in the page's ``ROPE_PIECES``."""
    return joint_lines.rope(p, q, length, ROPE_PIECES)


def hinge_direction(spec: JointSpec, pose_a: Transform | None, angle: float) -> float:
    """The needle's world direction (radians) at joint angle ``angle``: b's angle there (a's
    angle plus the reference plus the joint angle) plus the needle's direction in b."""
    return (0.0 if pose_a is None else pose_a.angle) + spec.reference + angle + spec.pointer


def joint_picture(spec: JointSpec, pose_a: Transform | None, pose_b: Transform) -> JointPicture:
    """The geometry of one joint with its bodies at ``pose_a`` (``None``: the world) and
    ``pose_b``."""
    pa, pb = world_point(pose_a, spec.anchor_a), world_point(pose_b, spec.anchor_b)
    pinned = (pa,) if spec.body_a is None else ()
    ends = (pb,) if spec.body_a is None else (pa, pb)  # (a pin on the world is drawn apart)
    if spec.kind == "revolute":
        arcs: tuple[Polyline, ...] = ()
        if spec.lower is not None and spec.upper is not None:
            arcs = (
                arc(
                    pa,
                    ARC_RADIUS,
                    hinge_direction(spec, pose_a, spec.lower),
                    hinge_direction(spec, pose_a, spec.upper),
                ),
            )
        needle = pose_b.angle + spec.pointer  # where b points now
        tip = (pb[0] + ARC_RADIUS * math.cos(needle), pb[1] + ARC_RADIUS * math.sin(needle))
        return JointPicture(spec.kind, spec.joint, ends, pinned, ((pb, tip),), arcs)
    if spec.kind == "distance":
        if spec.spring:
            return JointPicture(spec.kind, spec.joint, ends, pinned, zigzags=(zigzag(pa, pb),))
        line, taut = rope(pa, pb, spec.max_length if spec.max_length is not None else math.dist(pa, pb))
        return JointPicture(spec.kind, spec.joint, ends, pinned, (line,), taut=taut)
    if spec.kind == "wheel":
        # The spring runs from a's mount (up the axis from a's anchor) to the wheel's centre.
        axis = world_point(Transform(0.0, 0.0, 0.0 if pose_a is None else pose_a.angle), spec.axis)
        mount = (pa[0] + spec.mount * axis[0], pa[1] + spec.mount * axis[1])
        return JointPicture(
            spec.kind,
            spec.joint,
            (mount, pb),
            pinned,
            zigzags=(zigzag(mount, pb),),
        )
    if spec.kind == "mouse":
        target = spec.target if spec.target is not None else pb
        return JointPicture(spec.kind, spec.joint, (pb,), (), ((pb, target),))
    return JointPicture(spec.kind, spec.joint, ends, pinned, ((pa, pb),))


__all__ = [
    "ARC_RADIUS",
    "PIXELS_PER_METRE",
    "SPRING_COILS",
    "SPRING_WIDTH",
    "TEXT_STRIP",
    "JointPicture",
    "JointSpec",
    "Point",
    "Polyline",
    "arc",
    "hinge_direction",
    "joint_picture",
    "local_point",
    "rope",
    "to_screen",
    "to_world",
    "world_point",
    "zigzag",
]
