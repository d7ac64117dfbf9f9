"""Casts at the edge of the coordinate range (issue #24, round two).

A cast's arrival tolerance grows with its (cut) length: 1e-9 of it, about one
unit for a 2e9-long ray. Two answers must not depend on that tolerance:

* a cast that starts inside a shape hits it at fraction 0 (``casts``' contract,
  ``World.raycast``'s docstring), however long it is: a 2e9-long ray starting
  inside a unit circle, with a far body keeping the cast from being cut
  short, used to miss the circle (the tolerance was as deep as the circle);
* a ray meeting a circle ~1e9 away gets the circle's unit normal and a point
  on it: the entry quadratic squared 1e9-long vectors and lost r² (the
  normal came out (0, 0) or (-9.5, 0), the point up to 9.5 units off).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Circle, Polygon
from engine.collision.limits import MAX_COORDINATE

FAR = 9e8


def inside_scene(far):
    world = World()
    circle = world.add(Circle(1.0), (0, 0, 0), type="static")
    world.add(Circle(1.0), (*far, 0), type="static")
    return world, circle


@pytest.mark.parametrize("start", [(0.5, 0.0), (0.99, 0.0), (-0.7, 0.3)])
@pytest.mark.parametrize("far", [(FAR, 0.0), (-FAR, 0.0)])
def test_a_2e9_long_ray_starting_inside_a_unit_circle_hits_it_at_distance_0(start, far):
    world, circle = inside_scene(far)
    toward = (math.copysign(1.0, far[0]), 0.0)
    hit = world.raycast(start, toward, 2e9)
    assert hit is not None and hit.body == circle, hit
    assert hit.distance == 0.0 and hit.point == start
    # The way out of the circle from the start: radially outwards.
    out = np.array(start) / math.hypot(*start)
    assert hit.normal == pytest.approx(tuple(out), abs=1e-9)


def test_a_long_shape_cast_starting_inside_a_wall_hits_it_at_fraction_0():
    world = World()
    wall = world.add(Polygon.box(1, 1), (0, 0, 0), type="static")
    world.add(Circle(1.0), (FAR, 0, 0), type="static")
    hit = world.shape_cast(Circle(0.1), (0.5, 0, 0), (2e9, 0))
    assert hit is not None and hit.body == wall and hit.fraction == 0.0, hit
    assert hit.normal == pytest.approx((1.0, 0.0), abs=1e-9)


def test_long_bullets_starting_inside_a_wall_hit_it_at_fraction_0():
    world = World()
    wall = world.add(Circle(1.0), (0, 0, 0), type="static")
    world.add(Circle(1.0), (FAR, 0, 0), type="static")
    bullet = world.add(Circle(0.01), (0.5, 0, 0), type="kinematic", layer=2, mask=0)
    batch = world.cast_bodies(np.array([bullet]), np.array([[2e9, 0.0]]))
    assert batch.body.tolist() == [wall] and batch.fraction.tolist() == [0.0], batch


@pytest.mark.parametrize("offset", [0.3, -0.95, 0.0])
def test_a_ray_hitting_a_circle_1e9_away_gets_its_unit_normal_and_a_point_on_it(offset):
    world = World()
    world.add(Circle(1.0), (FAR, offset, 0), type="static")
    hit = world.raycast((-FAR, 0.0), (1.0, 0.0), 2e9)
    assert hit is not None
    expected = (-math.sqrt(1.0 - offset * offset), -offset)
    assert hit.normal == pytest.approx(expected, abs=1e-6)
    assert math.hypot(*hit.normal) == pytest.approx(1.0, abs=1e-12)
    assert hit.point == pytest.approx((FAR + expected[0], 0.0), abs=1e-6)


coordinate = st.floats(-MAX_COORDINATE, MAX_COORDINATE)
radius = st.floats(-3.0, 6.0).map(lambda e: 10.0**e)


@settings(max_examples=300, deadline=None)
@given(
    centre=st.tuples(coordinate, coordinate),
    r=radius,
    origin=st.tuples(coordinate, coordinate),
    aim=st.floats(-0.999, 0.999),
    beyond=st.floats(1.0, 4.0),
)
def test_a_ray_at_any_scale_hits_a_circle_on_it_with_a_unit_normal(centre, r, origin, aim, beyond):
    """Aimed through the circle, at ``aim`` of its radius off its centre: the
    hit lies on the circle and the normal is the circle's, within a tolerance
    of the scene's size (positions up to 1e9 are stored to 1.2e-7)."""
    cx, cy = (min(max(c, r - MAX_COORDINATE), MAX_COORDINATE - r) for c in centre)  # the body fits
    ox, oy = origin
    gx, gy = cx - ox, cy - oy
    gap = math.hypot(gx, gy)
    assume(gap > 2.0 * r)
    # Aim at a point ``aim`` r to the side of the centre, across the line to it.
    tx, ty = cx - aim * r * gy / gap, cy + aim * r * gx / gap
    length = math.hypot(tx - ox, ty - oy)
    direction = ((tx - ox) / length, (ty - oy) / length)
    world = World()
    world.add(Circle(r), (cx, cy, 0), type="static")
    hit = world.raycast((ox, oy), direction, beyond * length)
    assert hit is not None
    scale = 8 * np.finfo(float).eps * max(abs(cx), abs(cy), abs(ox), abs(oy), gap) + 1e-9 * r
    assert math.hypot(*hit.normal) == pytest.approx(1.0, abs=1e-12)
    off = math.hypot(hit.point[0] - cx, hit.point[1] - cy) - r
    assert abs(off) <= 4 * scale, off
    radial = ((hit.point[0] - cx) / r, (hit.point[1] - cy) / r)
    assert hit.normal == pytest.approx(radial, abs=4 * scale / r + 1e-12)
    assert hit.normal[0] * direction[0] + hit.normal[1] * direction[1] <= 0.0
