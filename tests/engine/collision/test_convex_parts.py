"""``engine.collision.convex_parts``: a concave outline as convex ``Polygon`` parts, through the public API.

The area is checked in exact rational arithmetic (``Fraction`` of the very
floats), so "exact" means exact: the parts are made of the outline's own
vertices and tile it with no gap and no overlap.
"""

from __future__ import annotations

import math
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given
from shapely.geometry import Polygon as ShapelyPolygon

import engine
from engine.collision import MAX_OUTLINE_POINTS, OutlineError, Polygon, convex_parts
from engine.collision.concave import is_convex, split_polygon

from .strategies import comb_polygons, star_polygons

L_SHAPE = [(0, 0), (4, 0), (4, 1), (1, 1), (1, 3), (0, 3)]
U_SHAPE = [(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)]


def exact_area(points) -> Fraction:
    """Shoelace area of the floats as they are, in exact arithmetic (positive counter-clockwise)."""
    n = len(points)
    return Fraction(1, 2) * sum(
        (
            Fraction(points[i][0]) * Fraction(points[(i + 1) % n][1])
            - Fraction(points[(i + 1) % n][0]) * Fraction(points[i][1])
            for i in range(n)
        ),
        Fraction(0),
    )


def star(n: int, r_out: float = 3.0, r_in: float = 1.2) -> list[tuple[float, float]]:
    """A star of ``n`` points (``n`` / 2 spikes): one reflex corner every other point."""
    return [
        (
            (r_out if k % 2 == 0 else r_in) * math.cos(2 * math.pi * k / n),
            (r_out if k % 2 == 0 else r_in) * math.sin(2 * math.pi * k / n),
        )
        for k in range(n)
    ]


def check_parts(points) -> list[Polygon]:
    """The contract of ``convex_parts`` on a simple outline, and the parts."""
    parts = convex_parts(points)
    given_points = {(float(x), float(y)) for x, y in points}
    for part in parts:
        assert isinstance(part, Polygon)
        assert Polygon(part.points) == part  # the engine takes it again as it is
        assert is_convex(part.points) and exact_area(part.points) > 0  # convex, counter-clockwise
        assert set(part.points) <= given_points  # no new point: the outline's own vertices
    outline = split_polygon(points).outline
    assert sum(exact_area(part.points) for part in parts) == exact_area(outline)
    return parts


@given(star_polygons())
def test_the_parts_of_any_simple_outline_are_convex_polygons_whose_areas_sum_to_its_area_exactly(points):
    assume(ShapelyPolygon(points).is_valid)
    parts = check_parts(points)
    if len(split_polygon(points).outline) == len(points):  # nothing welded or straight (all but always)
        assert sum(exact_area(part.points) for part in parts) == abs(exact_area(points))
    # And the parts tile it: their union is the outline, none overlaps another.
    shapes = [ShapelyPolygon(part.points) for part in parts]
    whole = ShapelyPolygon(points)
    for i, a in enumerate(shapes):
        for b in shapes[i + 1 :]:
            assert a.intersection(b).area <= 1e-9 * whole.area
    assert sum(s.area for s in shapes) == pytest.approx(whole.area, rel=1e-12)


@given(comb_polygons())
def test_combs_with_straight_runs_split_exactly_too(points):
    check_parts(points)


def test_a_convex_outline_is_one_part_the_polygon_itself():
    points = [(0, 0), (4, 0), (5, 3), (0, 2)]
    assert convex_parts(points) == [Polygon(points)]


def test_an_l_is_two_parts_and_a_u_three():
    assert len(check_parts(L_SHAPE)) == 2
    assert len(check_parts(U_SHAPE)) == 3


def test_clockwise_and_counter_clockwise_outlines_give_the_same_parts():
    def as_sets(parts):
        return sorted(sorted(part.points) for part in parts)

    for points in (L_SHAPE, U_SHAPE, star(40)):
        ccw, cw = convex_parts(points), convex_parts(points[::-1])
        assert as_sets(ccw) == as_sets(cw)
        assert all(exact_area(part.points) > 0 for part in cw)  # counter-clockwise whichever way it came


def test_repeated_closing_duplicate_and_straight_through_points_change_nothing():
    noisy = [
        (0, 0),
        (0, 0),
        (2, 0),
        (4, 0),
        (4, 1),
        (2.5, 1),
        (1, 1),
        (1, 1),
        (1, 3),
        (0, 3),
        (0, 1.5),
        (0, 0),
    ]
    assert sorted(sorted(p.points) for p in convex_parts(noisy)) == sorted(
        sorted(p.points) for p in convex_parts(L_SHAPE)
    )


def test_points_may_be_an_array_or_tuples_of_ints():
    assert convex_parts(np.array(L_SHAPE, dtype=np.float64)) == convex_parts(tuple(L_SHAPE))


@pytest.mark.parametrize(
    ("points", "message"),
    [
        (
            [(0, 0), (2, 2), (2, 0), (0, 2)],
            "convex_parts points: polygon self-intersects: two of its edges cross at (1, 1)",
        ),
        (
            [(0, 0), (4, 0), (4, 4), (2, 0.0), (0, 4)],
            "convex_parts points: polygon self-intersects: two of its edges cross at (2, 0)",
        ),
        (
            [(0, 0), (4, 0), (4, 2), (6, 2), (4, 2), (0, 2)],
            "convex_parts points: polygon self-intersects: two of its edges cross at (4, 2)",
        ),
        (
            [(0, 0), (10, 0), (5, 1e-9), (5, 5)],  # back along (0, 0)-(10, 0), within the tolerance
            "convex_parts points: polygon self-intersects: it folds back on itself at (10, 0)",
        ),
    ],
    ids=["bow tie", "vertex touching an edge", "spike", "fold back"],
)
def test_an_outline_that_crosses_itself_is_refused_in_one_line_saying_where(points, message):
    with pytest.raises(OutlineError) as caught:
        convex_parts(points)
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError) and "\n" not in message


@pytest.mark.parametrize(
    ("points", "error", "message"),
    [
        ([(0, 0), (1, 1), (0, 0), (1, 1)], OutlineError, "polygon needs at least 3 distinct points, got 2"),
        ([(0, 0), (1, 1), (2, 2)], OutlineError, "polygon has zero area (its points are collinear)"),
        ([(0, 0), (1, 0), (1, 1e-8), (0, 1e-8)], OutlineError, "4 distinct points snap to 2"),
        ([], OutlineError, "polygon needs at least 3 distinct points, got 0"),
        ("abc", TypeError, "convex_parts points must be a sequence of (x, y) pairs"),
        ((p for p in L_SHAPE), TypeError, "got generator"),
        ([(0, 0), (1,), (1, 1)], ValueError, "convex_parts points[1] must be an (x, y) pair of numbers"),
        ([(0, 0), (1, 0), ("1", 1)], TypeError, "convex_parts points[2] x must be a number"),
        ([(0, 0), (1, 0), (1, math.nan)], ValueError, "convex_parts points[2] y is nan: it must be finite"),
        ([(0, 0), (1, 0), (2e9, 1)], ValueError, "convex_parts points[2] x is 2000000000.0, outside"),
    ],
    ids=[
        "two points",
        "collinear",
        "welded",
        "none",
        "a string",
        "a generator",
        "a pair short",
        "not a number",
        "nan",
        "out of range",
    ],
)
def test_bad_outlines_are_refused_naming_points_and_the_problem(points, error, message):
    with pytest.raises(error) as caught:
        convex_parts(points)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert str(caught.value).startswith("convex_parts points")


def test_the_limit_is_exported_beside_the_function():
    assert MAX_OUTLINE_POINTS == 5_000
    assert engine.MAX_OUTLINE_POINTS is MAX_OUTLINE_POINTS and engine.convex_parts is convex_parts


def test_an_outline_at_the_limit_is_split_and_one_point_more_is_refused_naming_the_limit():
    parts = check_parts(star(MAX_OUTLINE_POINTS))
    assert MAX_OUTLINE_POINTS // 2 <= len(parts) < MAX_OUTLINE_POINTS - 2
    with pytest.raises(OutlineError) as caught:
        convex_parts(star(MAX_OUTLINE_POINTS + 1))
    assert str(caught.value) == (
        "convex_parts points has 5,001 points; the limit is MAX_OUTLINE_POINTS = 5,000"
    )


def test_the_number_of_points_is_checked_before_any_point_is_read():
    class Huge:
        """A sequence claiming a billion points; reading any of them would fail the test."""

        def __len__(self):
            return 10**9

        def __iter__(self):
            raise AssertionError("a point was read before the count was checked")

        def __getitem__(self, k):
            raise AssertionError("a point was read before the count was checked")

    with pytest.raises(OutlineError, match=r"has 1,000,000,000 points; the limit is MAX_OUTLINE_POINTS"):
        convex_parts(Huge())
    with pytest.raises(OutlineError, match=r"has 6,000 points"):
        convex_parts(np.zeros((6_000, 2)))  # not "1 distinct point": the count comes first


def test_the_parts_stay_in_the_outlines_frame():
    """Each part keeps the outline's coordinates: its mass centre is where that piece of the outline is."""
    far = [(x + 1000.0, y - 500.0) for x, y in L_SHAPE]
    for near_part, far_part in zip(convex_parts(L_SHAPE), convex_parts(far), strict=True):
        a = engine.mass_properties(near_part)
        b = engine.mass_properties(far_part)
        assert b.mass == pytest.approx(a.mass)
        assert b.center == pytest.approx((a.center[0] + 1000.0, a.center[1] - 500.0))


def test_the_decomposition_needs_nothing_of_the_game():
    code = (
        "import sys; from engine.collision import convex_parts; "
        "convex_parts([(0, 0), (4, 0), (4, 1), (1, 1), (1, 3), (0, 3)]); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('game', 'arcade', 'pyglet')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
