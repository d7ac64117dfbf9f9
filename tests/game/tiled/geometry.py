"""The loader's engine shapes as shapely geometry in world coordinates (y up), for oracle checks."""

from __future__ import annotations

import math

from shapely.affinity import rotate, scale, translate
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from engine.collision import Capsule, Circle, Ellipse
from engine.collision import Polygon as EnginePolygon


def part_geometry(shape, xf):
    """One convex part placed by its transform; curves to 1e-4 of their size (quad_segs=128)."""
    if isinstance(shape, EnginePolygon):
        local = Polygon(shape.points)
    elif isinstance(shape, Circle):
        local = Point(shape.center).buffer(shape.radius, quad_segs=128)
    elif isinstance(shape, Ellipse):
        local = scale(Point(0, 0).buffer(1.0, quad_segs=128), shape.rx, shape.ry, origin=(0, 0))
    elif isinstance(shape, Capsule):
        local = LineString([shape.p1, shape.p2]).buffer(shape.radius, quad_segs=128)
    else:
        raise TypeError(f"unexpected shape {shape!r}")
    turned = rotate(local, xf.angle, origin=(0, 0), use_radians=True)
    return translate(turned, xf.x, xf.y)


def wall_geometry(wall):
    return unary_union([part_geometry(shape, xf) for shape, xf in wall.parts])


def world_points(shape, xf):
    """A polygon part's vertices in the world."""
    c, s = math.cos(xf.angle), math.sin(xf.angle)
    return [(xf.x + c * x - s * y, xf.y + s * x + c * y) for x, y in shape.points]
