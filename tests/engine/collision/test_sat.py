"""``sat.clear_verdict`` decides only what the narrow phase would decide the same way.

The world judges its candidate pairs by separating axes first and sends to
GJK only the pairs too close to call; these tests hold every clear answer to
``intersects`` (the narrow phase), near touching, at touching and far away.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.collision import Capsule, Circle, Ellipse, Polygon, intersects
from engine.collision.sat import CLEAR_MAX_VERTICES, clear_verdict

APART, OVERLAPPING, UNDECIDED = 0, 1, 2


def verdict(a, xf_a, b, xf_b) -> int:
    data = np.concatenate([a.packed, b.packed])
    turned = np.empty(2 * CLEAR_MAX_VERTICES)
    (xa, ya, ta), (xb, yb, tb) = xf_a, xf_b
    return int(
        clear_verdict(
            data,
            0,
            len(a.packed),
            xa,
            ya,
            math.cos(ta),
            math.sin(ta),
            xb,
            yb,
            math.cos(tb),
            math.sin(tb),
            turned,
        )
    )


def polygon(kind: int, size: float, aspect: float, rounded: float):
    if kind == 0:
        return Polygon.box(size, size * aspect, radius=rounded * size)
    if kind == 1:
        return Circle(size, center=(0.3 * size * aspect, -0.2 * size))
    count = 3 + kind  # triangles to octagons
    return Polygon(
        [
            (size * math.cos(k * math.tau / count), size * aspect * math.sin(k * math.tau / count))
            for k in range(count)
        ],
        radius=rounded * size,
    )


shapes = st.builds(
    polygon,
    st.integers(0, 6),
    st.floats(0.01, 500.0),
    st.floats(0.2, 1.0),
    st.sampled_from([0.0, 0.0, 0.1, 0.5]),
)


def touching_distance(a, xf_a, b, angle_b, ux, uy) -> float:
    """The distance along (ux, uy) from A's origin at which B first touches A, by bisection on ``intersects``."""
    near, far = 0.0, 4.0 * (a_reach(a) + a_reach(b)) + 1.0
    for _ in range(80):
        mid = 0.5 * (near + far)
        if intersects(a, xf_a, b, (xf_a[0] + mid * ux, xf_a[1] + mid * uy, angle_b)):
            near = mid
        else:
            far = mid
    return near


def a_reach(shape) -> float:
    return (
        max(math.hypot(*shape.support(math.cos(t), math.sin(t))) for t in np.linspace(0, math.tau, 16)) + 1.0
    )


@given(
    shapes,
    shapes,
    st.floats(-1e6, 1e6),
    st.floats(-1e6, 1e6),
    st.floats(-math.pi, math.pi),
    st.floats(-math.pi, math.pi),
    st.floats(0.0, math.tau),
    st.sampled_from(
        [0.0, 0.3, 0.9, 0.999, 1.0 - 1e-7, 1.0 - 1e-9, 1.0, 1.0 + 1e-9, 1.0 + 1e-7, 1.001, 1.1, 3.0]
    ),
)
def test_a_clear_verdict_is_the_narrow_phases_verdict_from_deep_overlap_through_touching_to_far_apart(
    a, b, x, y, angle_a, angle_b, heading, scale
):
    ux, uy = math.cos(heading), math.sin(heading)
    xf_a = (x, y, angle_a)
    touch = touching_distance(a, xf_a, b, angle_b, ux, uy)
    d = touch * scale
    xf_b = (x + d * ux, y + d * uy, angle_b)
    found = verdict(a, xf_a, b, xf_b)
    assert found in (APART, OVERLAPPING, UNDECIDED)
    if found != UNDECIDED:
        assert (found == OVERLAPPING) == intersects(a, xf_a, b, xf_b)


def test_clear_cases_are_decided_and_touching_is_left_to_the_narrow_phase():
    box = Polygon.box(1.0, 0.5)
    assert verdict(box, (0.0, 0.0, 0.0), box, (5.0, 0.0, 0.3)) == APART
    assert verdict(box, (0.0, 0.0, 0.0), box, (0.5, 0.2, 0.3)) == OVERLAPPING
    assert verdict(box, (0.0, 0.0, 0.0), box, (2.0, 0.0, 0.0)) == UNDECIDED  # edge on edge
    disc = Circle(1.0)
    assert verdict(disc, (0.0, 0.0, 0.0), disc, (2.5, 0.0, 0.0)) == APART
    assert verdict(disc, (0.0, 0.0, 0.0), disc, (1.5, 0.0, 0.0)) == OVERLAPPING
    assert verdict(disc, (0.0, 0.0, 0.0), disc, (2.0, 0.0, 0.0)) == UNDECIDED
    # A disc in the corner region of a box, apart along both axes' projections
    # overlap: only the narrow phase knows.
    assert verdict(box, (0.0, 0.0, 0.0), Circle(0.5), (1.4, 0.9, 0.0)) == UNDECIDED
    assert verdict(box, (0.0, 0.0, 0.0), Circle(0.5), (0.0, 0.0, 0.0)) == OVERLAPPING


@pytest.mark.parametrize(
    "other", [Capsule((-1.0, 0.0), (1.0, 0.0), 0.5), Ellipse(1.0, 0.5), Polygon.box(1.0, 1.0)], ids=str
)
def test_segments_ellipses_and_polygons_with_many_vertices_go_to_the_narrow_phase(other):
    many = Polygon([(math.cos(k * math.tau / 12), math.sin(k * math.tau / 12)) for k in range(12)])
    if isinstance(other, Polygon):
        other = many
    assert verdict(other, (0.0, 0.0, 0.0), Polygon.box(1.0, 1.0), (50.0, 0.0, 0.0)) == UNDECIDED
    assert verdict(Polygon.box(1.0, 1.0), (0.0, 0.0, 0.0), other, (0.0, 0.0, 0.0)) == UNDECIDED
