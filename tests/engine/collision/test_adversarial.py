"""Inputs where well-known engines stumble, each answered right and within the caps.

Every case runs at three scales and places: unit shapes near the origin,
shapes 1e-3 across, and shapes 1e6 from the origin.
"""

from __future__ import annotations

import math

import pytest

from engine.collision import (
    Capsule,
    Circle,
    Ellipse,
    Polygon,
    Status,
    contact,
    distance,
    intersects,
)

PLACES = [
    pytest.param(1.0, (0.0, 0.0), id="unit"),
    pytest.param(1e-3, (0.0, 0.0), id="tiny"),
    pytest.param(1.0, (1e6, -1e6), id="far"),
    pytest.param(1e-3, (1e3, 1e3), id="tiny-and-far"),
]


def regular_polygon(n: int, radius: float) -> Polygon:
    return Polygon(
        [(radius * math.cos(k * math.tau / n), radius * math.sin(k * math.tau / n)) for k in range(n)]
    )


def at(origin, scale, x, y, angle=0.0):
    return (origin[0] + x * scale, origin[1] + y * scale, angle)


def assert_clean(*results):
    for r in results:
        assert r.status == Status.OK


@pytest.mark.parametrize(("scale", "origin"), PLACES)
@pytest.mark.parametrize(
    ("make", "depth"),
    [
        (lambda s: Polygon.box(s, 2 * s), 2.0),  # push out across the narrow side
        (lambda s: Circle(s), 2.0),
        (lambda s: Capsule((-s, 0), (s, 0), 0.5 * s), 1.0),
        (lambda s: Polygon.box(s, s, radius=0.25 * s), 2.5),
        (lambda s: regular_polygon(64, s), 2.0),
    ],
    ids=["box", "circle", "capsule", "rounded-box", "64-gon"],
)
def test_identical_shapes_at_the_same_place_overlap_by_their_full_width(scale, origin, make, depth):
    shape = make(scale)
    xf = at(origin, scale, 0.0, 0.0, 0.7)
    hit = contact(shape, xf, shape, xf)
    assert hit is not None and intersects(shape, xf, shape, xf)
    assert distance(shape, xf, shape, xf).distance == 0.0
    # A 64-gon's narrowest width is across two edges, a hair under its diameter.
    across_edges = math.cos(math.pi / 64) if len(getattr(shape, "points", ())) == 64 else 1.0
    exact = depth * scale * across_edges
    assert hit.depth == pytest.approx(exact, rel=1e-9)
    assert_clean(hit)


def test_identical_ellipses_at_the_same_place_give_the_exact_depth_even_when_capped():
    e = Ellipse(1.0, 1.0)
    hit = contact(e, (0, 0, 0), e, (0, 0, 0))
    assert hit.depth == pytest.approx(2.0, abs=1e-12)  # a circle: every direction is exact
    assert hit.status in (Status.OK, Status.EPA_MAX_ITERATIONS)
    oval = Ellipse(3.0, 1.0)
    hit = contact(oval, (0, 0, 0.4), oval, (0, 0, 0.4))
    assert hit.depth == pytest.approx(2.0, rel=1e-9)  # across the minor axis
    assert abs(hit.normal[0] * -math.sin(0.4) + hit.normal[1] * math.cos(0.4)) == pytest.approx(1.0)


@pytest.mark.parametrize(("scale", "origin"), PLACES)
def test_a_small_box_inside_a_big_one_is_pushed_out_through_the_nearest_side(scale, origin):
    big, small = Polygon.box(10 * scale, 10 * scale), Polygon.box(scale, scale)
    hit = contact(big, at(origin, scale, 0, 0), small, at(origin, scale, 3, 0.5))
    assert hit.normal == pytest.approx((1.0, 0.0), abs=1e-9)
    assert hit.depth == pytest.approx(8 * scale, rel=1e-9)
    assert_clean(hit)
    # And from the small one's side the normal flips.
    hit = contact(small, at(origin, scale, 3, 0.5), big, at(origin, scale, 0, 0))
    assert hit.normal == pytest.approx((-1.0, 0.0), abs=1e-9)
    assert hit.depth == pytest.approx(8 * scale, rel=1e-9)


@pytest.mark.parametrize(("scale", "origin"), PLACES)
def test_a_circle_deep_inside_a_polygon_gets_the_full_depth(scale, origin):
    box, ball = Polygon.box(5 * scale, 3 * scale), Circle(scale)
    hit = contact(box, at(origin, scale, 0, 0), ball, at(origin, scale, 0.5, 1.0))
    assert hit.normal == pytest.approx((0.0, 1.0), abs=1e-9)
    assert hit.depth == pytest.approx(3 * scale, rel=1e-9)  # 3 - 1 + 1
    # Exactly on the centre, where pymunk gives a zero normal: a unit normal and the right depth.
    hit = contact(box, at(origin, scale, 0, 0), ball, at(origin, scale, 0, 0))
    assert math.hypot(*hit.normal) == pytest.approx(1.0)
    assert abs(hit.normal[1]) == pytest.approx(1.0, abs=1e-9)
    assert hit.depth == pytest.approx(4 * scale, rel=1e-9)


@pytest.mark.parametrize(("scale", "origin"), PLACES)
@pytest.mark.parametrize("angle", [0.0, 0.3, math.pi / 4, 2.0])
def test_boxes_touching_edge_to_edge_intersect_with_zero_depth(scale, origin, angle):
    box = Polygon.box(scale, scale)
    c, s = math.cos(angle), math.sin(angle)
    xf_a = at(origin, scale, 0, 0, angle)
    xf_b = at(origin, scale, 2 * c, 2 * s, angle)
    assert intersects(box, xf_a, box, xf_b)
    assert distance(box, xf_a, box, xf_b).distance == 0.0
    hit = contact(box, xf_a, box, xf_b)
    assert hit.depth <= 1e-12 * scale + 1e-15 * max(abs(v) for v in origin)
    assert hit.normal == pytest.approx((c, s), abs=1e-6)
    # A hair apart they do not touch.
    gap = 1e-6 * scale
    apart = (xf_b[0] + gap * c, xf_b[1] + gap * s, angle)
    assert not intersects(box, xf_a, box, apart)
    assert distance(box, xf_a, box, apart).distance == pytest.approx(gap, rel=1e-3)


@pytest.mark.parametrize(("scale", "origin"), PLACES)
def test_a_vertex_touching_an_edge_intersects_and_a_hair_away_does_not(scale, origin):
    box = Polygon.box(scale, scale)
    diamond = Polygon([(scale, 0), (0, scale), (-scale, 0), (0, -scale)])
    xf_a = at(origin, scale, 0, 0)
    assert intersects(box, xf_a, diamond, at(origin, scale, 2, 0.3))
    assert contact(box, xf_a, diamond, at(origin, scale, 2, 0.3)).depth <= 1e-9 * scale
    assert not intersects(box, xf_a, diamond, at(origin, scale, 2 + 1e-6, 0.3))


@pytest.mark.parametrize(("scale", "origin"), PLACES)
def test_slivers_1_to_1000_cross_and_pass_each_other_correctly(scale, origin):
    sliver = Polygon.box(scale, 1e-3 * scale)
    # Crossed like a plus sign: B must move a half-length plus a half-thickness to get out.
    hit = contact(sliver, at(origin, scale, 0, 0, 0.0), sliver, at(origin, scale, 0, 0, math.pi / 2))
    assert hit is not None
    assert hit.depth == pytest.approx(1.001 * scale, rel=1e-9)
    # Crossed off-centre near A's end: out through A's end is the short way.
    hit = contact(sliver, at(origin, scale, 0, 0, 0.0), sliver, at(origin, scale, 0.9995, 0.5, math.pi / 2))
    assert hit.depth == pytest.approx(0.0015 * scale, rel=1e-6)
    assert hit.normal == pytest.approx((1.0, 0.0), abs=1e-9)
    # Parallel, one thickness apart: separated by exactly the gap.
    result = distance(sliver, at(origin, scale, 0, 0), sliver, at(origin, scale, 0.5, 3e-3))
    assert result.distance == pytest.approx(1e-3 * scale, rel=1e-6)
    # Tilted so that its tip just grazes the other's long side.
    tilt = 0.01
    tip = Polygon([(0, 0), (2 * scale, 0), (2 * scale, 1e-3 * scale)])
    assert intersects(sliver, at(origin, scale, 0, 0), tip, at(origin, scale, -0.5, 1e-3, tilt))
    assert not intersects(sliver, at(origin, scale, 0, 0), tip, at(origin, scale, -0.5, 1e-3 + 1e-6, tilt))


@pytest.mark.parametrize(("scale", "origin"), PLACES)
def test_64_vertex_polygons_meet_vertex_to_vertex_at_the_exact_distance(scale, origin):
    gon = regular_polygon(64, scale)  # a vertex at angle 0, reaching x = scale
    for gap in (1e-3, 0.25, 3.0):
        result = distance(gon, at(origin, scale, 0, 0), gon, at(origin, scale, 2 + gap, 0, math.pi / 64 * 2))
        assert result.distance == pytest.approx(gap * scale, rel=1e-6)
        assert_clean(result)
    hit = contact(gon, at(origin, scale, 0, 0), gon, at(origin, scale, 1.5, 0.1, 0.2))
    assert hit is not None and hit.status == Status.OK


def test_every_query_stays_within_the_iteration_cap_on_a_dense_sweep():
    from engine.collision import MAX_GJK_ITERATIONS

    shapes = [regular_polygon(64, 1.0), Ellipse(2.0, 0.2), Capsule((0, 0), (3, 0), 0.1), Polygon.box(1, 1e-3)]
    for a in shapes:
        for b in shapes:
            for k in range(40):
                xf_b = (math.cos(k) * 2.5, math.sin(k * 1.3) * 2.5, k * 0.37)
                result = distance(a, (0, 0, 0.1), b, xf_b)
                assert result.iterations < MAX_GJK_ITERATIONS
                assert result.status == Status.OK


@pytest.mark.parametrize(
    ("a", "xf_a", "b", "xf_b"),
    [
        (Circle(0.1), (0, 0, 0), Circle(1.0), (0.5, 0, 0)),
        (Polygon.box(1, 0.01), (0, 0, 0), Circle(1.0), (0, 0.5, 0)),
        (Circle(0.5), (0, 0, 0), Capsule((-0.5, 0.25), (0.5, 0.25), 0.0625), (0, 0, 0)),
    ],
)
def test_regression_the_shared_point_of_overlapping_round_shapes_lies_in_both(a, xf_a, b, xf_b):
    # Found by the shapely oracle: the midpoint of the two surface points left a
    # small disc when the other shape was much larger.
    result = distance(a, xf_a, b, xf_b)
    assert result.distance == 0.0 and result.point_a == result.point_b
    for shape, xf in ((a, xf_a), (b, xf_b)):
        assert intersects(Circle(1e-9), (*result.point_a, 0.0), shape, xf)


def test_regression_nearly_concentric_round_ellipses_get_the_exact_depth():
    # Found by hypothesis: EPA refines a near-circle uniformly and ran out of
    # iterations 2e-8 above the true depth; the capped direction is now polished.
    e = Ellipse(1.0, 1.0)
    hit = contact(e, (0.0, 0.0, 0.0), e, (0.0, 0.015625, 0.0))
    assert hit.depth == pytest.approx(2.0 - 0.015625, abs=1e-11)
    assert hit.normal == pytest.approx((0.0, 1.0), abs=1e-5)


def test_regression_circles_a_subnormal_distance_apart_get_a_finite_normal():
    # Found by hypothesis: the centre offset squared underflowed to 0 and the
    # normal became nan. |offset| is now taken with hypot where it can be tiny.
    hit = contact(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (0.0, 3.4626456708143836e-171, 0.0))
    assert hit.normal == (0.0, 1.0)
    assert hit.depth == 2.0


def test_regression_a_capped_epa_finds_the_shallowest_direction_not_a_local_one():
    # Found by hypothesis (CI profile): a capsule's end at an ellipse's centre;
    # the capped EPA polished a local minimum (1.13) instead of the depth 1.0.
    a, b = Capsule((0.0, 0.0), (0.75, 0.0), 0.5), Ellipse(0.5, 1.0)
    hit = contact(a, (0.0, 0.0, 0.0), b, (5.931319541184111e-285, 0.0, 0.0))
    assert hit.depth == pytest.approx(1.0, abs=1e-9)
