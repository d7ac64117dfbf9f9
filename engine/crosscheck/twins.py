"""pymunk's answer for a pair, with its quirks handled.

* Each shape gets a twin on a kinematic body: ``Poly(radius=r)`` for polygons
  (pymunk takes the convex hull of the points, which for our already convex
  polygons is the polygon itself), ``Circle(offset=center)``, and
  ``Segment(radius=r)`` for capsules.
* A twin is placed angle first, then position (Chipmunk rotates a body about
  its centre of gravity, which is the origin for a kinematic body, as ours),
  then ``cache_bb``: every pymunk query reads the world geometry cached there,
  not the body.
* The depth is max over the contact points of (point_a − point_b)·normal.
  ``ContactPoint.distance`` is not used: its sign flips for a polygon first
  and a circle second.
* pymunk gives a zero normal (and so depth 0) for a circle centred on a
  polygon's centre, and no points for exactly touching circles; both show up
  as pymunk being wrong, which the cases record.
"""

from __future__ import annotations

from typing import NamedTuple

from .specs import kind_of


class PymunkAnswer(NamedTuple):
    """``hit`` when ``shapes_collide`` finds points; ``normal`` from A to B; ``depth`` ≥ 0 or so."""

    hit: bool
    normal: tuple[float, float]
    depth: float


def twin(shape):
    """A kinematic body carrying the shape's pymunk twin (not yet placed)."""
    import pymunk

    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    kind = kind_of(shape)
    if kind in ("poly", "rounded"):
        return pymunk.Poly(body, shape.points, radius=shape.radius)
    if kind == "circle":
        return pymunk.Circle(body, shape.radius, offset=shape.center)
    return pymunk.Segment(body, shape.p1, shape.p2, shape.radius)


def place(pm_shape, xf):
    """Put a twin at (x, y, angle): angle, then position, then refresh the cached geometry."""
    x, y, angle = xf
    pm_shape.body.angle = angle
    pm_shape.body.position = (x, y)
    pm_shape.cache_bb()
    return pm_shape


def collide(pm_a, pm_b) -> PymunkAnswer:
    """``shapes_collide`` of two placed twins, read without ``ContactPoint.distance``."""
    cps = pm_a.shapes_collide(pm_b)
    if not cps.points:
        return PymunkAnswer(False, (0.0, 0.0), 0.0)
    nx, ny = cps.normal
    depth = max((p.point_a.x - p.point_b.x) * nx + (p.point_a.y - p.point_b.y) * ny for p in cps.points)
    return PymunkAnswer(True, (float(nx), float(ny)), float(depth))


def pymunk_answer(shape_a, xf_a, shape_b, xf_b) -> PymunkAnswer:
    """pymunk's answer for one pair, with fresh twins."""
    return collide(place(twin(shape_a), xf_a), place(twin(shape_b), xf_b))
