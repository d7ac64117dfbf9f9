"""Simple-polygon checks and the convex split, by example and as hypothesis properties."""

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from engine.collision import Polygon
from engine.collision.concave import OutlineError, clean_outline, is_convex, signed_area, split_polygon


@st.composite
def star_polygons(draw):
    """Random simple polygons: star-shaped about the origin, so often concave, then moved and rotated."""
    n = draw(st.integers(3, 24))
    cuts = sorted(draw(st.lists(st.floats(0, 1, exclude_max=True), min_size=n, max_size=n, unique=True)))
    assume(all(b - a > 0.01 for a, b in zip(cuts, [*cuts[1:], cuts[0] + 1])))
    radii = draw(st.lists(st.floats(0.15, 1.0), min_size=n, max_size=n))
    size = draw(st.floats(1.0, 2000.0))
    turn = draw(st.floats(0, 2 * math.pi))
    shift = draw(st.tuples(st.floats(-5000, 5000), st.floats(-5000, 5000)))
    points = []
    for cut, r in zip(cuts, radii):
        a = 2 * math.pi * cut + turn
        points.append((shift[0] + size * r * math.cos(a), shift[1] + size * r * math.sin(a)))
    if draw(st.booleans()):
        points.reverse()  # either winding
    return points


@st.composite
def comb_polygons(draw):
    """Random orthogonal combs: many reflex corners in a row, with straight runs on purpose."""
    teeth = draw(st.integers(1, 8))
    widths = draw(st.lists(st.integers(1, 9), min_size=2 * teeth + 1, max_size=2 * teeth + 1))
    depths = draw(st.lists(st.integers(1, 9), min_size=teeth, max_size=teeth))
    xs = [0]
    for w in widths:
        xs.append(xs[-1] + w)
    top = []
    for k in reversed(range(len(widths))):  # the top edge, right to left: odd slots are teeth
        height = 10 + (depths[k // 2] if k % 2 == 1 else 0)
        top += [(xs[k + 1], height), (xs[k], height)]
    return [(0, 0), (xs[-1], 0), *top]


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
