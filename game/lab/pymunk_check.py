"""pymunk's verdict on the same pair, for the lab to show beside the engine's.

Each shape gets its pymunk twin on a kinematic body placed angle first,
then position (Chipmunk rotates a body about its centre of gravity, which
for a kinematic body is its origin, like ours), then ``cache_bb`` so the
world geometry pymunk reads is current. ``Poly`` takes the convex hull of
its points, which for our (already convex) polygons is the polygon itself.
pymunk has no ellipse: the lab says so rather than comparing with an
approximation.
"""

from __future__ import annotations

from typing import NamedTuple

import pymunk

from engine.collision import Capsule, Circle, Polygon


class PymunkVerdict(NamedTuple):
    """pymunk's answer: ``hit`` when ``shapes_collide`` finds points; depth is the deepest point's.

    ``available`` is False (with ``reason``) for shapes pymunk does not have.
    """

    available: bool
    hit: bool = False
    depth: float | None = 0.0  # None when pymunk gives no normal to measure it along
    normal: tuple[float, float] = (0.0, 0.0)
    reason: str = ""


def twin(shape, xf) -> pymunk.Shape | None:
    """Our shape's pymunk twin placed at ``xf`` = (x, y, angle), or None if pymunk has no such shape."""
    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    if isinstance(shape, Polygon):
        pm = pymunk.Poly(body, shape.points, radius=shape.radius)
    elif isinstance(shape, Circle):
        pm = pymunk.Circle(body, shape.radius, offset=shape.center)
    elif isinstance(shape, Capsule):
        pm = pymunk.Segment(body, shape.p1, shape.p2, shape.radius)
    else:
        return None
    x, y, angle = xf
    body.angle = angle
    body.position = (x, y)
    pm.cache_bb()
    return pm


def pymunk_verdict(shape_a, xf_a, shape_b, xf_b) -> PymunkVerdict:
    """Collide the twins; depth = max over contact points of (point_a − point_b)·normal.

    ``ContactPoint.distance`` is not used: its sign depends on the argument order.
    """
    pa, pb = twin(shape_a, xf_a), twin(shape_b, xf_b)
    if pa is None or pb is None:
        missing = type(shape_a if pa is None else shape_b).__name__.lower()
        return PymunkVerdict(False, reason=f"pymunk has no {missing}")
    cps = pa.shapes_collide(pb)
    if not cps.points:
        return PymunkVerdict(True)
    nx, ny = cps.normal
    if nx == 0.0 and ny == 0.0:  # pymunk's GJK starts from the centre offset: none when they coincide
        return PymunkVerdict(True, True, None, reason="pymunk gives no normal (and so no depth) when the "
                             "centres coincide")
    depth = max((p.point_a.x - p.point_b.x) * nx + (p.point_a.y - p.point_b.y) * ny for p in cps.points)
    return PymunkVerdict(True, True, float(depth), (float(nx), float(ny)))
