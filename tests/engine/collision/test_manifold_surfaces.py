"""Where a manifold's points lie on rounded shapes.

Issue 20 asks that ``point_a`` and ``point_b`` lie on the two surfaces. They
do wherever the feature faces the normal, which includes the deepest point.
A rounded feature that slants by φ to the tangent (a tilted capsule's far
end) has its point moved out by the radius along the normal, as Box2D and
Chipmunk do, which leaves it r·(1 − cos φ) inside its shape. We keep that
convention on purpose (README, "Where we differ"): pymunk's manifolds are
then ours point for point, which the cross-check compares, and the solver
uses only the deepest points' separations. The lab's manifold view found
the case; this test pins it both ways.
"""

from __future__ import annotations

import math

import pytest

from engine.collision import Capsule, Polygon, manifold


def distance_to_segment(p, a, b) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    u = max(0.0, min(1.0, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / (ex * ex + ey * ey)))
    return math.dist(p, (a[0] + u * ex, a[1] + u * ey))


@pytest.mark.parametrize("degrees", [10.0, 30.0, 50.0])
def test_a_tilted_capsules_deepest_point_is_on_its_surface_and_its_far_point_r_one_minus_cos_inside(degrees):
    # A capsule (core ±20, radius 10) turned φ whose low end sinks 5 into a box's top at y 10; with a
    # margin of 40 its high end is a speculative point too. The normal is the box's (0, 1).
    turn = math.radians(degrees)
    c, s = math.cos(turn), math.sin(turn)
    box, capsule = Polygon.box(50.0, 10.0), Capsule((-20.0, 0.0), (20.0, 0.0), 10.0)
    y = 10.0 + 10.0 - 5.0 + 20.0 * s
    m = manifold(box, (0.0, 0.0, 0.0), capsule, (0.0, y, turn), margin=40.0)
    assert m is not None and m.normal == pytest.approx((0.0, 1.0)) and len(m.points) == 2
    core = ((-20.0 * c, y - 20.0 * s), (20.0 * c, y + 20.0 * s))
    deep, far = sorted(m.points, key=lambda p: p.separation)
    assert deep.separation == pytest.approx(-5.0)
    for point in m.points:
        assert point.point_a[1] == pytest.approx(10.0)  # on the box's top face
    assert distance_to_segment(deep.point_b, *core) == pytest.approx(10.0)  # on the capsule's surface
    assert distance_to_segment(far.point_b, *core) == pytest.approx(10.0 * math.cos(turn))
