"""engine.collision.trace: the GJK loop watched step by step is the engine's own loop."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.collision import Capsule, Circle, Ellipse, Polygon, distance, intersects
from engine.collision.trace import trace_gjk

SHAPES = [
    Polygon([(30, 0), (10, 25), (-20, 15), (-25, -20), (15, -25)]),
    Polygon.box(20.0, 12.0, radius=5.0),
    Circle(18.0),
    Capsule((-20.0, 0.0), (20.0, 0.0), 8.0),
    Ellipse(25.0, 12.0),
]

pair = st.tuples(
    st.sampled_from(range(len(SHAPES))),
    st.sampled_from(range(len(SHAPES))),
    st.floats(-80, 80),
    st.floats(-80, 80),
    st.floats(-math.pi, math.pi),
    st.floats(-math.pi, math.pi),
)


def supports_of(trace):
    return [trace.first.w] + [s.support.w for s in trace.steps if s.support is not None]


@settings(max_examples=60)  # the trace runs GJK as plain Python
@given(pair)
def test_the_trace_takes_as_many_turns_as_the_compiled_distance_query_and_agrees_on_the_verdict(p):
    ia, ib, x, y, angle_a, angle_b = p
    a, b = SHAPES[ia], SHAPES[ib]
    xf_a, xf_b = (0.0, 0.0, angle_a), (x, y, angle_b)
    trace = trace_gjk(a, xf_a, b, xf_b)
    d = distance(a, xf_a, b, xf_b)
    assert trace.iterations == d.iterations
    core_gap = math.hypot(*trace.steps[-1].closest)
    # The last closest point of the simplex is the cores' distance, which is the shapes' plus the radii.
    if d.distance > 1e-9:
        assert math.isclose(core_gap, d.distance + a.radius + b.radius, rel_tol=1e-9, abs_tol=1e-9)
        assert not trace.overlap or core_gap <= 1e-9
    if trace.overlap:
        assert intersects(a, xf_a, b, xf_b)


@settings(max_examples=60)  # the trace runs GJK as plain Python
@given(pair)
def test_every_recorded_support_is_the_support_of_a_minus_b_along_its_direction(p):
    ia, ib, x, y, angle_a, angle_b = p
    a, b = SHAPES[ia], SHAPES[ib]
    xf_a, xf_b = (5.0, -3.0, angle_a), (x, y, angle_b)
    trace = trace_gjk(a, xf_a, b, xf_b)
    for step in trace.steps:
        if step.direction is None:
            continue
        w, (dx, dy) = step.support.w, step.direction
        # w = a − b with a on A's core and b on B's, in the world frame.
        assert math.isclose(w[0], step.support.a[0] - step.support.b[0], abs_tol=1e-9)
        assert math.isclose(w[1], step.support.a[1] - step.support.b[1], abs_tol=1e-9)
        # Nothing of A − B's core reaches farther along the direction than the support (sampled check).
        reach = w[0] * dx + w[1] * dy
        for k in range(64):
            t = 2 * math.pi * k / 64
            ex, ey = math.cos(t), math.sin(t)
            assert reach >= _core_difference_support(a, xf_a, b, xf_b, ex, ey, dx, dy) - 1e-7


def _core_difference_support(a, xf_a, b, xf_b, ex, ey, dx, dy):
    """(S_A(e) − S_B(−e))·d on the cores: any direction e gives a point of the core difference."""
    from engine.collision.shapes import support_packed

    def world(shape, xf, vx, vy):
        c, s = math.cos(xf[2]), math.sin(xf[2])
        px, py, _ = support_packed.py_func(shape.packed, 0, c * vx + s * vy, -s * vx + c * vy)
        return c * px - s * py + xf[0], s * px + c * py + xf[1]

    pa, pb = world(a, xf_a, ex, ey), world(b, xf_b, -ex, -ey)
    return (pa[0] - pb[0]) * dx + (pa[1] - pb[1]) * dy


def test_corner_to_corner_boxes_stop_on_a_repeated_vertex_with_the_reason_given():
    trace = trace_gjk(Polygon.box(1, 1), (0, 0, 0), Polygon.box(1, 1), (5, 5, 0))
    assert not trace.overlap
    assert "repeats a simplex vertex" in trace.steps[-1].note
    assert math.isclose(math.hypot(*trace.steps[-1].closest), math.hypot(3, 3))


def test_edge_to_edge_boxes_stop_when_a_new_support_on_the_same_edge_gains_nothing():
    trace = trace_gjk(Polygon.box(1, 1), (0, 0, 0), Polygon.box(1, 1), (5, 0.5, 0))
    assert not trace.overlap
    assert "gains only 0 towards the origin" in trace.steps[-1].note
    assert math.isclose(math.hypot(*trace.steps[-1].closest), 3.0)


def test_an_overlapping_pair_ends_with_the_origin_inside_the_triangle():
    trace = trace_gjk(Polygon.box(2, 1), (0, 0, 0.2), Polygon.box(1, 1), (0.5, 0.3, 0.7))
    last = trace.steps[-1]
    assert trace.overlap and "inside the triangle" in last.note
    assert len(last.kept) == 3 and last.direction is None and last.support is None
