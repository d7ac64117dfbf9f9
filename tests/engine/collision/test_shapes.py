"""Shapes are validated on construction and say what is wrong."""

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.collision import Capsule, Circle, Ellipse, Polygon, Transform, aabb


def test_polygon_accepts_either_winding_and_stores_counter_clockwise():
    cw = Polygon([(0, 0), (0, 1), (1, 1), (1, 0)])
    ccw = Polygon([(0, 0), (1, 0), (1, 1), (0, 1)])
    assert set(cw.points) == set(ccw.points)
    area2 = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(cw.points, cw.points[1:] + cw.points[:1]))
    assert area2 > 0


def test_polygon_names_the_vertex_where_it_is_not_convex():
    with pytest.raises(ValueError, match=r"not convex.*vertex 3 \(1.0, 0.5\)"):
        Polygon([(0, 0), (2, 0), (2, 2), (1, 0.5), (0, 2)])


def test_polygon_never_takes_a_hull_of_a_concave_outline_wound_clockwise():
    with pytest.raises(ValueError, match="not convex"):
        Polygon([(0, 2), (1, 0.5), (2, 2), (2, 0), (0, 0)])


def test_polygon_needs_three_distinct_points():
    with pytest.raises(ValueError, match="3 distinct points snap to 2"):
        Polygon([(0, 0), (1, 1), (1, 1 + 1e-12)])
    with pytest.raises(ValueError, match="at least 3 distinct points, got 2"):
        Polygon([(0, 0), (1, 1)])


def test_polygon_rejects_collinear_points():
    with pytest.raises(ValueError, match="collinear"):
        Polygon([(0, 0), (1, 1), (2, 2), (3, 3)])


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_polygon_rejects_non_finite_vertices_by_index(bad):
    with pytest.raises(ValueError, match=r"vertex 1 x is -?(nan|inf): it must be finite"):
        Polygon([(0, 0), (bad, 0), (1, 1)])


def test_polygon_rejects_a_star_that_turns_left_everywhere():
    star = [(math.cos(a), math.sin(a)) for a in (i * 4 * math.pi / 5 for i in range(5))]
    with pytest.raises(ValueError, match="self-intersecting"):
        Polygon(star)


def test_polygon_welds_near_duplicate_points_and_drops_straight_vertices():
    p = Polygon([(0, 0), (1e-9, 0), (1, 0), (2, 0), (2, 2), (0, 2), (0, 1e-10)])
    assert p.points == ((0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0))


def test_polygon_rejects_bad_radius_and_bad_points():
    with pytest.raises(ValueError, match=r"polygon radius is -1\.0, outside the engine's range 0 <= radius"):
        Polygon.box(1, 1, radius=-1)
    with pytest.raises(ValueError, match=r"polygon vertex 0 must be an \(x, y\) pair"):
        Polygon([1, 2, 3])


def test_circle_capsule_and_ellipse_validate_their_numbers():
    with pytest.raises(ValueError, match=r"circle radius is 0\.0, outside the engine's range MIN_SIZE"):
        Circle(0.0)
    with pytest.raises(ValueError, match="circle center x is nan: it must be finite"):
        Circle(1.0, center=(math.nan, 0))
    with pytest.raises(ValueError, match="single point"):
        Capsule((1, 1), (1, 1), 0.0)
    with pytest.raises(ValueError, match=r"ellipse rx is 0\.0, outside the engine's range MIN_SIZE"):
        Ellipse(0.0, 1.0)
    with pytest.raises(ValueError, match=r"box half_width is 0\.0, outside the engine.s range MIN_SIZE"):
        Polygon.box(0, 1)


def test_shapes_are_immutable_values():
    box = Polygon.box(1, 2)
    with pytest.raises(AttributeError):
        box.radius = 3.0  # type: ignore[misc]
    assert box == Polygon.box(1, 2)


@pytest.mark.parametrize(
    ("shape", "direction", "expected"),
    [
        (Circle(2.0, (1.0, 1.0)), (1.0, 0.0), (3.0, 1.0)),
        (Capsule((0, 0), (4, 0), 1.0), (0.0, -3.0), (0.0, -1.0)),
        (Polygon.box(1, 1, radius=0.5), (1.0, 1.0), (1 + 0.5 / math.sqrt(2), 1 + 0.5 / math.sqrt(2))),
        (Ellipse(3.0, 1.0), (0.0, 1.0), (0.0, 1.0)),
        (Ellipse(3.0, 1.0), (1.0, 1.0), (9 / math.sqrt(10), 1 / math.sqrt(10))),
    ],
)
def test_support_returns_the_farthest_local_point(shape, direction, expected):
    assert shape.support(*direction) == pytest.approx(expected, abs=1e-12)


def test_ellipse_support_is_on_the_ellipse_with_its_normal_along_the_direction():
    e = Ellipse(3.0, 0.5)
    for k in range(64):
        a = k * math.tau / 64
        x, y = e.support(math.cos(a), math.sin(a))
        assert (x / 3.0) ** 2 + (y / 0.5) ** 2 == pytest.approx(1.0, abs=1e-12)
        nx, ny = x / 9.0, y / 0.25  # gradient of the implicit equation
        assert nx * math.sin(a) - ny * math.cos(a) == pytest.approx(0.0, abs=1e-9)


def test_aabb_of_a_rotated_box_is_exact():
    lo_x, lo_y, hi_x, hi_y = aabb(Polygon.box(1, 1), Transform(10.0, -5.0, math.pi / 4))
    r = math.sqrt(2)
    assert (lo_x, lo_y, hi_x, hi_y) == pytest.approx((10 - r, -5 - r, 10 + r, -5 + r))


def test_aabb_of_a_rotated_ellipse_is_exact():
    # Half extents of an ellipse rotated by a: sqrt(rx² cos² a + ry² sin² a), and the same with sin/cos.
    a = 0.3
    lo_x, lo_y, hi_x, hi_y = aabb(Ellipse(2.0, 1.0), Transform(0.0, 0.0, a))
    assert hi_x == pytest.approx(math.sqrt(4 * math.cos(a) ** 2 + math.sin(a) ** 2))
    assert hi_y == pytest.approx(math.sqrt(4 * math.sin(a) ** 2 + math.cos(a) ** 2))
    assert (lo_x, lo_y) == pytest.approx((-hi_x, -hi_y))


def test_transform_validation_names_the_bad_field():
    with pytest.raises(ValueError, match="transform angle is inf"):
        Transform(0.0, 0.0, math.inf).validated()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (("a", 0, 0), "transform x is 'a' (str); a transform needs numbers"),
        ((0, None, 0), "transform y is None (NoneType); a transform needs numbers"),
        ((0, 0, True), "transform angle is True (bool); a transform needs numbers"),
    ],
)
def test_a_transform_field_that_is_not_a_number_is_named_with_its_value(fields, message):
    """Issue 24: ``Transform('a', 0, 0).validated()`` said only "must be real number, not str"."""
    with pytest.raises(TypeError) as caught:
        Transform(*fields).validated()
    assert str(caught.value) == message


@settings(max_examples=300, deadline=None)
@given(
    hw=st.floats(1e-12, 1e9),
    ratio=st.floats(-3.5, 3.5),
    radius=st.one_of(st.just(0.0), st.floats(1e-12, 1e3)),
)
def test_a_box_is_bit_for_bit_the_polygon_of_its_corners_or_refused_alike(hw, ratio, radius):
    # Polygon.box skips the general checks for boxes they would pass unchanged (a level's
    # thousands of rectangles); whatever it skips must give the same polygon, or the same refusal.
    hh = hw * 10.0**ratio
    corners = ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
    try:
        box = Polygon.box(hw, hh, radius)
    except ValueError as error:
        if str(error).startswith("box half"):
            return
        with pytest.raises(ValueError, match=re.escape(str(error))):
            Polygon(corners, radius)
        return
    general = Polygon(corners, radius)
    assert box == general and hash(box) == hash(general)
    assert box.packed.tobytes() == general.packed.tobytes()
    assert not box.packed.flags.writeable
