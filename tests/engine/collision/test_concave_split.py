"""Simple-polygon checks and the convex split, by example and as hypothesis properties."""

import pytest
from hypothesis import assume, given
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from engine.collision import Polygon
from engine.collision.concave import (
    MAX_OUTLINE_POINTS,
    OutlineError,
    clean_outline,
    is_convex,
    signed_area,
    split_polygon,
)

from .strategies import comb_polygons, star_polygons


def reflex_count(outline) -> int:
    n = len(outline)
    return sum(
        1
        for k in range(n)
        if (outline[k][0] - outline[k - 1][0]) * (outline[(k + 1) % n][1] - outline[k][1])
        - (outline[k][1] - outline[k - 1][1]) * (outline[(k + 1) % n][0] - outline[k][0])
        < 0
    )


def check_partition(points):
    split = split_polygon(points)
    whole = ShapelyPolygon(points)
    assert whole.is_valid
    area = whole.area
    tol = 1e-9 * area + 1e-9
    shapes = [ShapelyPolygon(part) for part in split.parts]
    for part in split.parts:
        assert is_convex(part)
        Polygon(part)  # the engine accepts it (it raises on anything not convex)
        assert signed_area(part) > 0
    assert sum(s.area for s in shapes) == pytest.approx(area, rel=1e-9)
    for i, a in enumerate(shapes):
        for b in shapes[i + 1 :]:
            assert a.intersection(b).area <= tol
    assert unary_union(shapes).symmetric_difference(whole).area <= 1e-7 * area
    # Hertel–Mehlhorn keeps only diagonals some reflex corner needs: at most two per corner.
    assert len(split.parts) <= 2 * reflex_count(split.outline) + 1
    return split


@given(star_polygons())
def test_any_simple_polygon_splits_into_convex_parts_that_tile_it_exactly(points):
    assume(ShapelyPolygon(points).is_valid)
    check_partition(points)


@given(comb_polygons())
def test_combs_with_collinear_edges_split_into_convex_parts_that_tile_them(points):
    check_partition(points)


def test_a_convex_outline_is_its_own_single_part():
    split = split_polygon([(0, 0), (4, 0), (5, 3), (0, 2)])
    assert split.parts == (split.outline,) and len(split.outline) == 4


def test_an_l_becomes_two_parts_and_a_u_three_at_most():
    assert len(split_polygon([(0, 0), (4, 0), (4, 1), (1, 1), (1, 3), (0, 3)]).parts) == 2
    u = [(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)]
    assert len(check_partition(u).parts) == 3


def test_clockwise_input_comes_out_counter_clockwise_without_the_closing_point():
    outline = clean_outline([(0, 0), (0, 2), (3, 2), (3, 0), (0, 0)])
    assert signed_area(outline) == 6.0 and len(outline) == 4


def test_points_on_a_straight_run_are_dropped():
    assert len(clean_outline([(0, 0), (1, 0), (2, 0), (2, 2), (0, 2)])) == 4


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ([(0, 0), (2, 2), (2, 0), (0, 2)], "polygon self-intersects: two of its edges cross"),
        ([(0, 0), (4, 0), (4, 4), (2, 0.0), (0, 4)], "polygon self-intersects: two of its edges cross"),
        ([(0, 0), (4, 0), (4, 2), (6, 2), (4, 2), (0, 2)], "polygon self-intersects: two of its edges cross"),
        ([(0, 0), (1, 1), (0, 0), (1, 1)], "polygon needs at least 3 distinct points, got 2"),
        ([(0, 0), (1, 1), (2, 2)], "polygon has zero area (its points are collinear)"),
        ([(0, 0)], "polygon needs at least 3 distinct points, got 1"),
    ],
    ids=["bow tie", "vertex touching an edge", "spike", "two points", "collinear", "one point"],
)
def test_outlines_that_are_not_simple_polygons_are_refused_saying_why(points, message):
    with pytest.raises(OutlineError) as caught:
        split_polygon(points)
    assert str(caught.value) == message


def test_the_loaders_entry_refuses_more_points_than_the_limit_before_reading_them():
    too_many = [(float(k), float(k * k % 7)) for k in range(MAX_OUTLINE_POINTS + 1)]
    with pytest.raises(OutlineError) as caught:
        split_polygon(too_many)
    assert str(caught.value) == f"polygon has {MAX_OUTLINE_POINTS + 1:,} points; the limit is 5,000"
