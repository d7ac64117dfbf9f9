"""The exact oracle against closed forms and against a brute-force search over directions."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.collision import Capsule, Circle, Polygon
from engine.crosscheck.exact import exact_answers, support_depth, world_cores
from engine.crosscheck.specs import KINDS, Pair
from engine.crosscheck.styles import STYLES, make_pair


def exact_of(pair: Pair):
    return exact_answers([pair])[0][0]


def test_circle_circle_gap_is_the_centre_distance_minus_both_radii():
    pair = Pair(Circle(1.0, (0.5, 0.0)), (0.0, 0.0, math.pi / 2), Circle(2.0), (0.0, 3.0, 1.0))
    # A's centre is at (0, 0.5) after the quarter turn: 2.5 apart, radii 3.
    assert exact_of(pair).gap == pytest.approx(-0.5, abs=1e-15)
    assert exact_of(pair).normal == pytest.approx((0.0, 1.0), abs=1e-15)
    assert exact_of(pair).core == pytest.approx(2.5, abs=1e-15)


def test_circle_inside_a_box_is_as_deep_as_its_projection_on_the_nearest_face_plus_its_radius():
    box = Polygon.box(3.0, 2.0)
    pair = Pair(box, (10.0, 0.0, 0.0), Circle(0.5), (12.0, 0.5, 0.0))  # 1 from the right face
    exact = exact_of(pair)
    assert exact.gap == pytest.approx(-1.5, abs=1e-14)
    assert exact.normal == pytest.approx((1.0, 0.0), abs=1e-15)


def test_two_boxes_overlap_by_the_least_overlap_over_their_edge_normals():
    pair = Pair(Polygon.box(2.0, 1.0), (0.0, 0.0, 0.0), Polygon.box(1.0, 1.0), (2.5, 1.8, 0.0))
    exact = exact_of(pair)
    assert exact.gap == pytest.approx(-0.2, abs=1e-14)  # x overlaps by 0.5, y by 0.2
    assert exact.normal == pytest.approx((0.0, 1.0), abs=1e-15)


def test_separated_shapes_gap_is_shapelys_distance_minus_the_radii():
    pair = Pair(Capsule((-1, 0), (1, 0), 0.25), (0.0, 0.0, 0.0), Polygon.box(1, 1, radius=0.5), (0.0, 4.0, 0))
    assert exact_of(pair).gap == pytest.approx(4.0 - 1.0 - 0.25 - 0.5, abs=1e-14)


@given(
    style=st.sampled_from(sorted(STYLES)),
    kinds=st.tuples(st.sampled_from(KINDS), st.sampled_from(KINDS)),
    seed=st.integers(0, 2**32 - 1),
)
def test_exact_depth_is_the_least_support_depth_over_many_directions(style, kinds, seed):
    pair = make_pair(np.random.default_rng(seed), style, *kinds)
    exact = exact_of(pair)
    pa, pb = world_cores(pair)
    radii = pair.a.radius + pair.b.radius
    angles = np.linspace(-math.pi, math.pi, 4096, endpoint=False)
    sampled = min(support_depth(pa, pb, radii, (math.cos(t), math.sin(t))) for t in angles)
    size = float(np.abs(np.concatenate([pa, pb]) - pa[0]).max()) + radii
    scale = size + 1e-15 * abs(pa).max()
    if exact.gap < 0.0:
        # No direction clears A with less than the depth; sampling overshoots by at most ~step × size.
        assert sampled >= -exact.gap - 1e-9 * scale
        assert sampled <= -exact.gap + 2.0 * (2 * math.pi / 4096) * size + 1e-9 * scale
        assert support_depth(pa, pb, radii, exact.normal) == pytest.approx(-exact.gap, abs=1e-9 * scale) or (
            exact.normal == (0.0, 0.0)
        )
    else:
        # Apart: no direction overlaps, and the best separating direction leaves the gap.
        assert -sampled <= exact.gap + 1e-9 * scale
