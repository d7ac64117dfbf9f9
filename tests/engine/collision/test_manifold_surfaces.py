"""Issue 20 asks that a manifold point's ``point_a`` and ``point_b`` lie on the two surfaces. A rounded
shape's feature that meets the normal at a slant once broke it: its end was moved out by the radius along
the normal, which lands inside the rounded shape (Chipmunk and Box2D v3's ``b2ClipPolygons`` do the same;
Box2D says its points are midpoints, not surface points). Found by the lab's manifold view; the point now
goes out along the normal onto the surface."""

from __future__ import annotations

import math

import pytest

from engine.collision import Capsule, Polygon, manifold


def distance_to_segment(p, a, b) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    u = max(0.0, min(1.0, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / (ex * ex + ey * ey)))
    return math.dist(p, (a[0] + u * ex, a[1] + u * ey))


def test_a_capsule_tilted_on_a_box_has_each_of_its_points_on_its_surface():
    # A capsule (core ±20, radius 10) turned 30° whose low end sinks 5 into a box's top at y 10; with a
    # margin of 20 its high end is a speculative point too. The normal is the box's (0, 1).
    box, capsule, turn = Polygon.box(50.0, 10.0), Capsule((-20.0, 0.0), (20.0, 0.0), 10.0), math.radians(30.0)
    m = manifold(box, (0.0, 0.0, 0.0), capsule, (0.0, 25.0, turn), margin=20.0)
    assert m is not None and m.normal == pytest.approx((0.0, 1.0)) and len(m.points) == 2
    c, s = math.cos(turn), math.sin(turn)
    core = ((-20.0 * c, 25.0 - 20.0 * s), (20.0 * c, 25.0 + 20.0 * s))
    for point in m.points:
        assert point.point_a[1] == pytest.approx(10.0)  # on the box's top face
        # On the capsule's surface: 10 from its core (the high end's point was 10·cos 30° = 8.66 from it,
        # 1.34 inside, with separation 15 where the surface above that point is 13.45 up).
        assert distance_to_segment(point.point_b, *core) == pytest.approx(10.0, abs=1e-9)


@pytest.mark.parametrize("turn", [0.3, -0.7, 1.2])
@pytest.mark.parametrize("radius", [0.0, 0.2])
def test_every_manifold_point_lies_on_its_rounded_surface(turn, radius):
    box = Polygon.box(50.0, 10.0)
    rounded = Polygon.box(6.0, 2.0, radius=radius) if radius else Polygon.box(6.0, 2.0)
    m = manifold(box, (0.0, 0.0, 0.0), rounded, (1.0, 16.0, turn), margin=30.0)
    assert m is not None
    c, s = math.cos(turn), math.sin(turn)
    corners = [(1.0 + c * x - s * y, 16.0 + s * x + c * y) for x, y in rounded.points]
    for point in m.points:
        assert point.point_a[1] == pytest.approx(10.0)
        core = min(distance_to_segment(point.point_b, corners[i], corners[(i + 1) % 4]) for i in range(4))
        assert core == pytest.approx(radius, abs=1e-9)
