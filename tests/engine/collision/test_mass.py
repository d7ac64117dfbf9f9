"""Mass properties are exact for every shape kind: against pymunk where pymunk is exact, closed forms,
and a fine tessellation (shapely's buffer) where pymunk is not; pymunk's wrong moments are pinned as quirks."""

from __future__ import annotations

import math

import pymunk
import pytest
import shapely
from hypothesis import given
from hypothesis import strategies as st

from engine.collision import (
    MAX_DENSITY,
    MIN_DENSITY,
    Capsule,
    Circle,
    Ellipse,
    MassData,
    Polygon,
    mass_properties,
)

from .strategies import convex_polygon_points

#: shapely's buffer draws a quarter circle with this many segments; the inscribed chords lose
#: about (π/2/Q)²/6 of each rounded part's area, 4e-7 at Q = 1024.
QUAD_SEGS = 1024
TESSELLATION_RTOL = 2e-6


def tessellated(geometry) -> MassData:
    """Mass properties (density 1) of a shapely polygon, through pymunk's exact polygon formulas.

    pymunk's ``moment_for_poly`` is about the *origin*, so the centroid term is taken off.
    """
    points = list(geometry.exterior.coords)[:-1]
    area = abs(pymunk.area_for_poly(points))
    c = geometry.centroid
    about_origin = pymunk.moment_for_poly(area, points)
    return MassData(area, (c.x, c.y), about_origin - area * (c.x * c.x + c.y * c.y))


def assert_mass_close(ours: MassData, theirs: MassData, rtol: float, size: float = 1.0) -> None:
    assert ours.mass == pytest.approx(theirs.mass, rel=rtol)
    assert ours.inertia == pytest.approx(theirs.inertia, rel=rtol)
    assert ours.center[0] == pytest.approx(theirs.center[0], rel=rtol, abs=rtol * size)
    assert ours.center[1] == pytest.approx(theirs.center[1], rel=rtol, abs=rtol * size)


def rotated(points, angle: float):
    c, s = math.cos(angle), math.sin(angle)
    return [(c * x - s * y, s * x + c * y) for x, y in points]


# --- against pymunk where pymunk is exact ---------------------------------------------------------


@given(
    radius=st.floats(0.01, 100.0),
    center=st.tuples(st.floats(-50, 50), st.floats(-50, 50)),
    density=st.floats(0.01, 100.0),
)
def test_circle_matches_pymunk_area_and_moment_about_its_offset_center(radius, center, density):
    ours = mass_properties(Circle(radius, center), density)
    mass = density * pymunk.area_for_circle(0.0, radius)
    about_origin = pymunk.moment_for_circle(mass, 0.0, radius, center)
    assert ours.mass == pytest.approx(mass, rel=1e-14)
    assert ours.center == center
    assert ours.inertia == pytest.approx(about_origin - mass * (center[0] ** 2 + center[1] ** 2), rel=1e-9)


@given(points=convex_polygon_points(scale=3.0), density=st.floats(0.01, 100.0))
def test_sharp_polygon_matches_pymunk_area_and_moment_taken_to_the_centroid(points, density):
    polygon = Polygon(points)
    ours = mass_properties(polygon, density)
    mass = density * pymunk.area_for_poly(polygon.points)
    body = pymunk.Body()
    shape = pymunk.Poly(body, polygon.points)
    cx, cy = shape.center_of_gravity
    about_origin = pymunk.moment_for_poly(mass, polygon.points)
    assert ours.mass == pytest.approx(mass, rel=1e-12)
    assert ours.center[0] == pytest.approx(cx, rel=1e-9, abs=1e-12)
    assert ours.center[1] == pytest.approx(cy, rel=1e-9, abs=1e-12)
    assert ours.inertia == pytest.approx(about_origin - mass * (cx * cx + cy * cy), rel=1e-9)


@given(hw=st.floats(0.01, 50.0), hh=st.floats(0.01, 50.0), density=st.floats(0.01, 100.0))
def test_box_matches_pymunk_moment_for_box(hw, hh, density):
    ours = mass_properties(Polygon.box(hw, hh), density)
    mass = density * 4.0 * hw * hh
    assert ours.mass == pytest.approx(mass, rel=1e-13)
    assert ours.inertia == pytest.approx(pymunk.moment_for_box(mass, (2 * hw, 2 * hh)), rel=1e-12)
    assert ours.center == pytest.approx((0.0, 0.0), abs=1e-12 * max(hw, hh))


@given(
    p1=st.tuples(st.floats(-5, 5), st.floats(-5, 5)),
    p2=st.tuples(st.floats(-5, 5), st.floats(-5, 5)),
    radius=st.floats(0.01, 3.0),
)
def test_capsule_area_matches_pymunk_area_for_segment_which_is_exact(p1, p2, radius):
    assert mass_properties(Capsule(p1, p2, radius)).mass == pytest.approx(
        pymunk.area_for_segment(p1, p2, radius), rel=1e-13
    )


@given(points=convex_polygon_points(scale=2.0), radius=st.floats(0.001, 2.0))
def test_rounded_polygon_area_matches_pymunk_area_for_poly_with_radius(points, radius):
    polygon = Polygon(points, radius)
    assert mass_properties(polygon).mass == pytest.approx(
        pymunk.area_for_poly(polygon.points, radius), rel=1e-12
    )


# --- closed forms and tessellations ---------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [(2.0, 1.0), (1.0, 1.0), (0.1, 3.0), (5.0, 0.25)])
def test_ellipse_is_the_closed_form_and_a_dense_polygon_agrees(a, b):
    ours = mass_properties(Ellipse(a, b), density=3.0)
    mass = 3.0 * math.pi * a * b
    assert ours.mass == pytest.approx(mass, rel=1e-15)
    assert ours.inertia == pytest.approx(mass * (a * a + b * b) / 4.0, rel=1e-15)
    assert ours.center == (0.0, 0.0)
    n = 20_000
    ring = [(a * math.cos(2 * math.pi * k / n), b * math.sin(2 * math.pi * k / n)) for k in range(n)]
    dense = tessellated(shapely.Polygon(ring))
    assert ours.mass / 3.0 == pytest.approx(dense.mass, rel=1e-7)
    assert ours.inertia / 3.0 == pytest.approx(dense.inertia, rel=1e-7)


def test_ellipse_anchor_from_the_notes():
    """dynamics-anchors.md §4: a = 2, b = 1, ρ = 1 gives I = 7.85398 (checked there on a 20,000-gon)."""
    assert mass_properties(Ellipse(2.0, 1.0)).inertia == pytest.approx(7.85398, abs=5e-6)


def test_capsule_is_a_rectangle_and_two_half_discs():
    """Built from the pieces by hand: half disc centroid 4r/(3π) from its flat side, I = mr²/2 about it."""
    length, r = 3.0, 0.5
    ours = mass_properties(Capsule((-1.0, 2.0), (2.0, 2.0), r))
    rect = 2 * r * length
    half = math.pi * r * r / 2
    out = length / 2 + 4 * r / (3 * math.pi)
    half_about_centroid = half * r * r / 2 - half * (4 * r / (3 * math.pi)) ** 2
    inertia = rect * (length**2 + (2 * r) ** 2) / 12 + 2 * (half_about_centroid + half * out**2)
    assert ours.mass == pytest.approx(rect + 2 * half, rel=1e-14)
    assert ours.center == (0.5, 2.0)
    assert ours.inertia == pytest.approx(inertia, rel=1e-13)


def test_rounded_box_is_the_closed_form_of_its_pieces():
    """A w × h core rounded by r: a (w + 2r) × h bar, two w × r strips and four quarter discs."""
    hw, hh, r = 0.7, 0.3, 0.2
    ours = mass_properties(Polygon.box(hw, hh, r))
    w, h = 2 * hw, 2 * hh
    bar = (w + 2 * r) * h
    strip = w * r
    quarter = math.pi * r * r / 4
    inertia = bar * ((w + 2 * r) ** 2 + h * h) / 12
    inertia += 2 * (strip * (w * w + r * r) / 12 + strip * (hh + r / 2) ** 2)
    # A quarter disc about its apex: πr⁴/8; its apex sits at (±hw, ±hh).
    d = 4 * r / (3 * math.pi)
    inertia += 4 * (math.pi * r**4 / 8 + 2 * quarter * (hw * d + hh * d) + quarter * (hw * hw + hh * hh))
    assert ours.mass == pytest.approx(bar + 2 * strip + 4 * quarter, rel=1e-14)
    assert ours.inertia == pytest.approx(inertia, rel=1e-13)
    assert ours.center == pytest.approx((0.0, 0.0), abs=1e-15)


@given(points=convex_polygon_points(scale=2.0), radius=st.floats(0.01, 1.5))
def test_rounded_polygon_matches_a_fine_tessellation_of_its_outline(points, radius):
    polygon = Polygon(points, radius)
    outline = shapely.Polygon(polygon.points).buffer(radius, quad_segs=QUAD_SEGS)
    assert_mass_close(mass_properties(polygon), tessellated(outline), TESSELLATION_RTOL, size=3.0)


@given(
    p1=st.tuples(st.floats(-3, 3), st.floats(-3, 3)),
    p2=st.tuples(st.floats(-3, 3), st.floats(-3, 3)),
    radius=st.floats(0.02, 2.0),
)
def test_capsule_matches_a_fine_tessellation_of_its_outline(p1, p2, radius):
    capsule = Capsule(p1, p2, radius)
    core = shapely.LineString([p1, p2]) if p1 != p2 else shapely.Point(p1)
    outline = core.buffer(radius, quad_segs=QUAD_SEGS)
    assert_mass_close(mass_properties(capsule), tessellated(outline), TESSELLATION_RTOL, size=3.0)


def test_capsule_with_equal_ends_is_a_circle():
    capsule = mass_properties(Capsule((1.0, -2.0), (1.0, -2.0), 0.75), density=2.0)
    circle = mass_properties(Circle(0.75, (1.0, -2.0)), density=2.0)
    assert capsule.mass == pytest.approx(circle.mass, rel=1e-15)
    assert capsule.inertia == pytest.approx(circle.inertia, rel=1e-15)
    assert capsule.center == circle.center


def test_bare_segment_has_no_area_so_no_mass():
    assert mass_properties(Capsule((0.0, 0.0), (2.0, 0.0), 0.0)) == MassData(0.0, (1.0, 0.0), 0.0)


def test_a_rounding_radius_far_larger_than_the_core_tends_to_a_disc():
    r = 1e4
    ours = mass_properties(Polygon.box(1e-3, 1e-3, r))
    disc = mass_properties(Circle(r))
    assert ours.mass == pytest.approx(disc.mass, rel=1e-6)
    assert ours.inertia == pytest.approx(disc.inertia, rel=1e-6)


# --- invariances ------------------------------------------------------------------------------------


@given(
    points=convex_polygon_points(scale=2.0),
    radius=st.sampled_from([0.0, 0.05, 0.7]),
    shift=st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)),
)
def test_translating_a_polygon_moves_its_center_and_keeps_mass_and_inertia(points, radius, shift):
    here = mass_properties(Polygon(points, radius))
    there = mass_properties(Polygon([(x + shift[0], y + shift[1]) for x, y in points], radius))
    assert there.mass == pytest.approx(here.mass, rel=1e-9)
    assert there.inertia == pytest.approx(here.inertia, rel=1e-9)
    assert there.center[0] == pytest.approx(here.center[0] + shift[0], abs=1e-9 * (1 + abs(shift[0])))
    assert there.center[1] == pytest.approx(here.center[1] + shift[1], abs=1e-9 * (1 + abs(shift[1])))


@given(
    points=convex_polygon_points(scale=2.0),
    radius=st.sampled_from([0.0, 0.05, 0.7]),
    angle=st.floats(-math.pi, math.pi),
)
def test_rotating_a_polygon_rotates_its_center_and_keeps_mass_and_inertia(points, radius, angle):
    here = mass_properties(Polygon(points, radius))
    turned = mass_properties(Polygon(rotated(points, angle), radius))
    assert turned.mass == pytest.approx(here.mass, rel=1e-12)
    assert turned.inertia == pytest.approx(here.inertia, rel=1e-10)
    ((cx, cy),) = rotated([here.center], angle)
    assert turned.center == pytest.approx((cx, cy), abs=1e-12 * 10)


@given(
    p1=st.tuples(st.floats(-3, 3), st.floats(-3, 3)),
    p2=st.tuples(st.floats(-3, 3), st.floats(-3, 3)),
    radius=st.floats(0.01, 1.0),
    angle=st.floats(-math.pi, math.pi),
)
def test_rotating_a_capsule_keeps_mass_and_inertia(p1, p2, radius, angle):
    here = mass_properties(Capsule(p1, p2, radius))
    q1, q2 = rotated([p1, p2], angle)
    turned = mass_properties(Capsule(q1, q2, radius))
    assert turned.mass == pytest.approx(here.mass, rel=1e-12)
    assert turned.inertia == pytest.approx(here.inertia, rel=1e-10)


@given(density=st.floats(MIN_DENSITY, MAX_DENSITY))
def test_mass_and_inertia_scale_with_density_and_the_center_does_not(density):
    shape = Polygon([(0.0, 0.0), (2.0, 0.5), (1.0, 1.5)], 0.3)
    unit = mass_properties(shape)
    dense = mass_properties(shape, density)
    assert dense.mass == pytest.approx(density * unit.mass, rel=1e-14)
    assert dense.inertia == pytest.approx(density * unit.inertia, rel=1e-14)
    assert dense.center == unit.center


# --- pymunk's wrong moments, pinned ----------------------------------------------------------------


@pytest.mark.parametrize(("length", "r", "excess"), [(1.0, 0.25, 0.13), (0.5, 0.5, 0.23)])
def test_pymunk_moment_for_segment_treats_a_capsule_as_a_box_and_overshoots_ours(length, r, excess):
    """Chipmunk's ``cpMomentForSegment`` is the (L + 2r) × 2r box's moment: +13 % to +23 % (notes §4)."""
    ours = mass_properties(Capsule((0.0, 0.0), (length, 0.0), r))
    theirs = pymunk.moment_for_segment(ours.mass, (0.0, 0.0), (length, 0.0), r)
    about_center = theirs - ours.mass * ours.center[0] ** 2
    assert about_center == pytest.approx(ours.mass * ((length + 2 * r) ** 2 + 4 * r * r) / 12, rel=1e-12)
    assert about_center / ours.inertia - 1.0 == pytest.approx(excess, abs=0.005)


def test_pymunk_rounded_poly_takes_the_cores_moment_per_mass_and_undershoots_ours():
    """Chipmunk's rounded ``Poly`` has the right mass but the core's I/m: a unit core rounded by 0.1 is −30 %."""
    rounded = Polygon.box(0.5, 0.5, 0.1)
    ours = mass_properties(rounded)
    body = pymunk.Body()
    shape = pymunk.Poly(body, rounded.points, radius=0.1)
    shape.density = 1.0
    assert shape.mass == pytest.approx(ours.mass, rel=1e-12)
    core = mass_properties(Polygon.box(0.5, 0.5))
    assert shape.moment == pytest.approx(ours.mass * core.inertia / core.mass, rel=1e-12)
    assert shape.moment / ours.inertia - 1.0 == pytest.approx(-0.30, abs=0.01)


def test_pymunk_moment_for_poly_ignores_the_radius():
    points = Polygon.box(0.4, 0.4).points
    assert pymunk.moment_for_poly(1.0, points, radius=0.1) == pymunk.moment_for_poly(1.0, points)
    assert mass_properties(Polygon(points, 0.1)).inertia > mass_properties(Polygon(points)).inertia


# --- bad input --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "density", [0.0, -1.0, math.nan, math.inf, -math.inf, MAX_DENSITY * 2, MIN_DENSITY / 2]
)
def test_density_out_of_range_is_one_value_error_naming_it_and_the_limits(density):
    with pytest.raises(
        ValueError, match=r"^density is .*, outside MIN_DENSITY = 1e-09 <= density <= MAX_DENSITY = 1e\+09$"
    ):
        mass_properties(Circle(1.0), density)


@pytest.mark.parametrize("density", ["1", None, True])
def test_density_that_is_not_a_number_is_a_type_error_naming_it(density):
    with pytest.raises(TypeError, match=r"^density must be a number"):
        mass_properties(Circle(1.0), density)


def test_a_custom_support_shape_has_no_closed_form_mass():
    class Square:
        def support(self, dx, dy):
            return (math.copysign(1.0, dx), math.copysign(1.0, dy))

    with pytest.raises(TypeError, match="needs a Circle, Capsule, Polygon or Ellipse, got Square"):
        mass_properties(Square())
