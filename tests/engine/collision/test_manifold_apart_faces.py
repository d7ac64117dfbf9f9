"""Two polygons whose cores are apart take a face's normal without GJK when their closest points lie on
that face (``manifold._max_separation``'s ``closest``): the normal must then be GJK's direction between
the closest points, and the nearest point's separation the distance, on every such pair."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.collision import Polygon, distance, manifold

from .strategies import convex_polygon_points


@settings(max_examples=300, deadline=None)
@given(
    convex_polygon_points(),
    convex_polygon_points(),
    st.floats(0.0, math.tau),
    st.floats(0.0, math.tau),
    st.floats(0.0, math.tau),
    st.floats(1e-4, 0.3),
)
def test_polygons_apart_get_the_direction_between_their_closest_points(
    a_points, b_points, turn_a, turn_b, toward, gap
):
    a, b = Polygon(a_points), Polygon(b_points)
    xf_a = (0.3, -0.2, turn_a)

    # B starts with its vertices' mean on A's (both inside their polygons: overlapping) and is moved out
    # along ``toward`` until the cores are ``gap`` apart (bisection on the distance).
    def mean(points, turn, x, y):
        mx, my = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        return x + math.cos(turn) * mx - math.sin(turn) * my, y + math.sin(turn) * mx + math.cos(turn) * my

    ax, ay = mean(a_points, turn_a, 0.3, -0.2)
    bx, by = mean(b_points, turn_b, 0.0, 0.0)
    x0, y0 = ax - bx, ay - by
    dx, dy = math.cos(toward), math.sin(toward)
    near, far = 0.0, 20.0
    for _ in range(80):
        mid = 0.5 * (near + far)
        if distance(a, xf_a, b, (x0 + mid * dx, y0 + mid * dy, turn_b)).distance < gap:
            near = mid
        else:
            far = mid
    xf_b = (x0 + far * dx, y0 + far * dy, turn_b)
    d = distance(a, xf_a, b, xf_b)
    m = manifold(a, xf_a, b, xf_b, margin=0.5)
    assert m is not None and d.distance > 0.0
    ux, uy = d.point_b[0] - d.point_a[0], d.point_b[1] - d.point_a[1]
    ux, uy = ux / d.distance, uy / d.distance
    # The normal is the closest points' direction (to 1e-6 rad: GJK's own witness points are exact to
    # rounding of their size, over a gap down to 1e-4).
    assert abs(m.normal[0] * uy - m.normal[1] * ux) < 1e-6 and m.normal[0] * ux + m.normal[1] * uy > 0.0
    assert min(p.separation for p in m.points) == pytest.approx(d.distance, abs=1e-9)
