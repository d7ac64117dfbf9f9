"""An ellipse's manifold takes its normal exact, not GJK's (issue 44, defect 10's neighbours).

GJK stops once the distance is known to the pair's tolerance; on a curved core the direction is
then known only to about its square root. On an ``Ellipse(1e7, 1e7)`` it was 1.3e-6 rad off, the
ellipse's point 13 units beside a box resting on it, and in the world the box fell through the
ellipse (26 units in 10 s). The circle of the same size, a point core, was exact.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.collision import Circle, Ellipse, Polygon, distance, manifold

from .strategies import convex_polygon_points

BOX = Polygon.box(0.5, 0.5)


def _circle_gap(radius, point) -> float:
    """The exact gap from a point to the circle of ``radius`` about (0, -radius)."""
    return math.hypot(point[0], point[1] + radius) - radius


@pytest.mark.parametrize("radius", [1e3, 1e5, 1e7])
@pytest.mark.parametrize(("tilt", "gap"), [(0.0, 1e-3), (0.0, -1e-3), (0.01, 1e-3), (0.01, -1e-3)])
@pytest.mark.parametrize("ellipse_first", [True, False])
def test_a_box_on_a_huge_round_ellipse_gets_the_circle_s_exact_point(radius, tilt, gap, ellipse_first):
    ellipse, exf = Ellipse(radius, radius), (0.0, -radius, 0.0)
    # The box's lowest corner (or its face) ``gap`` above the top of the ellipse.
    bxf = (0.2, 0.5 * math.cos(tilt) + 0.5 * math.sin(tilt) + gap, tilt)
    if ellipse_first:
        m = manifold(ellipse, exf, BOX, bxf, margin=0.02)
        on_ellipse = [p.point_a for p in m.points]
    else:
        m = manifold(BOX, bxf, ellipse, exf, margin=0.02)
        on_ellipse = [p.point_b for p in m.points]
    twin = manifold(Circle(radius), exf, BOX, bxf, margin=0.02)
    assert len(m.points) == len(twin.points) == 1
    (p,), (q,) = m.points, twin.points
    # Under the box (within its half-width of its centre), on the ellipse, and as deep as the circle's.
    tol = 1e-9 * radius
    assert abs(on_ellipse[0][0] - 0.2) <= 0.71
    assert abs(_circle_gap(radius, on_ellipse[0])) <= tol
    assert p.separation == pytest.approx(q.separation, abs=tol)
    # The exact normal: the face's, or from the centre towards the box's corner nearest it.
    if tilt == 0.0:
        exact = (0.0, 1.0)
    else:
        c, s = math.cos(tilt), math.sin(tilt)
        corners = [(bxf[0] + c * u - s * v, bxf[1] + s * u + c * v) for u in (-0.5, 0.5) for v in (-0.5, 0.5)]
        corner = min(corners, key=lambda q: math.hypot(q[0], q[1] + radius))
        norm = math.hypot(corner[0], corner[1] + radius)
        exact = (corner[0] / norm, (corner[1] + radius) / norm)
    sign = 1.0 if ellipse_first else -1.0
    assert sign * m.normal[0] == pytest.approx(exact[0], abs=1e-13)


@given(
    a=convex_polygon_points(scale=2.0),
    axes=st.tuples(st.floats(0.1, 2.0), st.floats(0.1, 2.0)),
    scale=st.sampled_from([1.0, 1e3, 1e6]),
    xf_b=st.tuples(st.floats(-3.0, 3.0), st.floats(-3.0, 3.0), st.floats(-math.pi, math.pi)),
)
def test_apart_an_ellipse_manifold_s_point_is_where_the_distance_is(a, axes, scale, xf_b):
    """The one point's separation is the distance, and its two points lie along the normal."""
    polygon, ellipse = Polygon(a), Ellipse(axes[0] * scale, axes[1] * scale)
    xf_a = (0.2, axes[1] * scale + 0.1, -0.7)
    xf_e = (xf_b[0] * scale, xf_b[1], xf_b[2])
    m = manifold(ellipse, xf_e, polygon, xf_a, margin=1.0)
    d = distance(ellipse, xf_e, polygon, xf_a)
    if m is None or d.distance <= 0.0:
        return
    tol = 1e-10 * scale * 10.0
    (p,) = m.points
    assert p.separation == pytest.approx(d.distance, abs=tol)
    along = (p.point_b[0] - p.point_a[0], p.point_b[1] - p.point_a[1])
    assert abs(along[0] * m.normal[1] - along[1] * m.normal[0]) <= tol
