"""What a debug drawer draws, as plain points: no arcade, no matplotlib (``engine.arcade`` and
``engine.plot`` draw it).

Frames: a shape is local, a transform ``(x, y, angle)`` (radians, counter-clockwise, y up) puts it
in the world; every outline here is in world units, counter-clockwise. A plain polygon gives its
own vertices; anything curved (circles, capsules, ellipses, rounded polygons) is sampled through
its support function, which is exact on the boundary: what is drawn is what the engine collides.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

from .collision import Polygon, Transform

__all__ = ["CURVE_SEGMENTS", "MAX_SEGMENTS", "BodyOutline", "body_outlines", "outline"]

#: Support directions sampled around a curved shape, by default.
CURVE_SEGMENTS = 32
#: The most an outline takes (``outline``'s ``segments`` lies in 3..this).
MAX_SEGMENTS = 4096


def outline(shape, transform, segments: int = CURVE_SEGMENTS) -> list[tuple[float, float]]:
    """The boundary of ``shape`` placed at ``transform``, as world points, counter-clockwise.

    >>> outline(Polygon.box(2.0, 1.0), (10.0, 0.0, 0.0))
    [(8.0, -1.0), (12.0, -1.0), (12.0, 1.0), (8.0, 1.0)]
    >>> from engine.collision import Circle
    >>> len(outline(Circle(1.0), (0.0, 0.0, 0.0), segments=8))
    8
    """
    if isinstance(segments, bool) or not isinstance(segments, int) or not 3 <= segments <= MAX_SEGMENTS:
        raise ValueError(f"outline segments is {segments!r}: an int in 3..{MAX_SEGMENTS}")
    xf = Transform(*transform)
    if isinstance(shape, Polygon) and shape.radius == 0.0:
        return [xf.apply(x, y) for x, y in shape.points]
    local: list[tuple[float, float]] = []
    for k in range(segments):
        # Evenly spaced *world* directions, so a turning circle draws the same polygon.
        a = 2.0 * math.pi * k / segments - xf.angle
        p = shape.support(math.cos(a), math.sin(a))
        # A polygon's corner is the support of a whole fan of directions: keep it once.
        if not local or math.dist(p, local[-1]) > 1e-9:
            local.append(p)
    if len(local) > 1 and math.dist(local[0], local[-1]) <= 1e-9:
        local.pop()
    return [xf.apply(x, y) for x, y in local]


class BodyOutline(NamedTuple):
    """One shape of a body as a drawer sees it: the body's id, its kind (``"static"``, ``"kinematic"``,
    ``"dynamic"``, ``"sleeping"`` or ``"sensor"``), its outline (world, counter-clockwise) and a
    short line from its origin along its local x axis (so a turning circle shows its turn)."""

    body: int
    kind: str
    points: list[tuple[float, float]]
    heading: tuple[tuple[float, float], tuple[float, float]]


def body_outlines(world, segments: int = CURVE_SEGMENTS) -> Iterator[BodyOutline]:
    """Every shape of every body of ``world`` as a ``BodyOutline``, in id order: a body of several
    shapes gives one per shape, each with its body's id and heading.

    >>> from engine import World
    >>> world = World()
    >>> _ = world.add(Polygon.box(1.0, 1.0), (0.0, 0.0, 0.0), type="static")
    >>> [(b.body, b.kind, len(b.points)) for b in body_outlines(world)]
    [(0, 'static', 4)]
    """
    for body in world.bodies.tolist():
        xf = world.transform(body)
        shapes = world.shapes(body).tolist()
        drawn = [
            (shape, outline(world.shape(shape), world.shape_transform(shape), segments)) for shape in shapes
        ]
        if world.is_static(body):
            kind = "static"
        elif not world.is_dynamic(body):
            kind = "kinematic"
        else:
            kind = "dynamic" if world.is_awake(body) else "sleeping"
        reach = max((math.dist((xf.x, xf.y), p) for _, points in drawn for p in points), default=0.0)
        tip = (xf.x + 0.5 * reach * math.cos(xf.angle), xf.y + 0.5 * reach * math.sin(xf.angle))
        for shape, points in drawn:
            yield BodyOutline(body, "sensor" if world.is_sensor(shape) else kind, points, ((xf.x, xf.y), tip))
