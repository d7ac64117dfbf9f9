"""Outlines drawn for walls and hitboxes are the engine's shapes, counter-clockwise, in world pixels."""

import math

from hypothesis import given
from hypothesis import strategies as st

from engine.collision import Capsule, Circle, Ellipse, Polygon
from game.render.outline import CURVE_SEGMENTS, as_segments, outline
from tests.engine.collision.strategies import shapes, size_of, transforms, world_support


def signed_area(points):
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))


@given(shapes(scale=20.0), transforms(scale=20.0, reach=50.0))
def test_an_outline_reaches_the_engine_support_in_every_sampled_direction(shape, xf):
    points = outline(shape, xf)
    tol = 1e-9 * (size_of(shape) + abs(xf[0]) + abs(xf[1]) + 1)
    for k in range(CURVE_SEGMENTS):
        t = 2 * math.pi * k / CURVE_SEGMENTS
        d = (math.cos(t), math.sin(t))
        sx, sy = world_support(shape, xf, *d)
        best = max(px * d[0] + py * d[1] for px, py in points)
        assert best <= sx * d[0] + sy * d[1] + tol * 1e3  # nothing outside the shape
        if not (isinstance(shape, Polygon) and shape.radius == 0.0):
            assert math.isclose(best, sx * d[0] + sy * d[1], abs_tol=1e-6 * (size_of(shape) + 1))


@given(shapes(scale=20.0), transforms(scale=20.0, reach=50.0))
def test_an_outline_winds_counter_clockwise_around_the_shape(shape, xf):
    assert signed_area(outline(shape, xf)) > 0


def test_a_rotated_box_outline_is_its_rotated_corners():
    points = outline(Polygon.box(10, 5), (100, 50, math.pi / 2))
    expected = [(105, 40), (105, 60), (95, 60), (95, 40)]
    assert all(math.dist(p, q) < 1e-9 for p, q in zip(points, expected))


def test_curved_shapes_are_sampled_on_their_boundary():
    for shape, radius_at in (
        (Circle(7.0), lambda x, y: math.hypot(x, y) - 7.0),
        (Ellipse(8.0, 3.0), lambda x, y: (x / 8.0) ** 2 + (y / 3.0) ** 2 - 1.0),
    ):
        for x, y in outline(shape, (0, 0, 0)):
            assert abs(radius_at(x, y)) < 1e-9
    capsule = outline(Capsule((-5, 0), (5, 0), 2.0), (0, 0, 0))
    assert max(x for x, _ in capsule) == 7.0 and min(y for _, y in capsule) == -2.0


@given(st.lists(st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)), min_size=2, max_size=12))
def test_segments_close_the_loop_pairwise(points):
    segs = as_segments(points)
    assert len(segs) == 2 * len(points)
    assert segs[-1] == points[0] and all(segs[2 * i] == points[i] for i in range(len(points)))
