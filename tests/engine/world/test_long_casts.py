"""Casts and moves of any finite length are exact, or refused with one clear line.

A cast longer than the scene gives the hit a cast just long enough gives:
the world cuts it where it leaves everything it could hit. A move that would
end beyond the coordinate limit is refused before anything moves.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Polygon
from engine.collision.limits import MAX_COORDINATE
from tests.fuzz.conftest import one_line

#: Every scene below lies within this distance of its rays' origins: a cast this
#: long reaches past everything, so it is the reference a longer one must equal.
REACH = 1000.0

lengths = st.floats(-3.0, 300.0).map(lambda e: 10.0**e)


def the_issue_wall() -> World:
    world = World()
    world.add(Polygon.box(100, 5), (0, 0, 0), type="static")
    return world


@pytest.mark.parametrize("length", [1e3, 1e12, 1e100, 1e160, 1e200, 1e300, 1.7976931348623157e308])
def test_a_ray_of_any_length_stops_at_the_wall_below_it(length):
    hit = the_issue_wall().raycast((0, 50), (0, -1), length)
    assert hit is not None
    assert hit.distance == pytest.approx(45.0, abs=1e-12)
    assert hit.point == pytest.approx((0.0, 5.0), abs=1e-12)
    assert hit.normal == pytest.approx((0.0, 1.0))


@pytest.mark.parametrize("length", [1e3, 1e6, 1e9 - 100])
def test_a_long_move_down_stops_on_the_wall_and_never_passes_it(length):
    world = the_issue_wall()
    ball = world.add(Circle(1), (0, 50, 0), type="kinematic")
    end = world.move_and_slide(ball, (0, -length))
    assert end.y == pytest.approx(6.0, abs=1e-3) and end.y > 6.0
    assert end.x == 0.0


@pytest.mark.parametrize("length", [2e9, 1e11, 1e200, 1e300])
def test_a_move_ending_beyond_the_coordinate_limit_is_refused_and_nothing_moves(length):
    world = the_issue_wall()
    ball = world.add(Circle(1), (0, 50, 0), type="kinematic")
    with pytest.raises(ValueError) as raised:
        world.move_and_slide(ball, (0, -length))
    message = one_line(str(raised.value))
    assert f"{MAX_COORDINATE:g}" in message and "MAX_COORDINATE" in message and f"{-length:g}" in message
    with pytest.raises(ValueError, match="MAX_COORDINATE"):
        world.move_and_slide_bodies([ball], [(0, -length)])
    assert tuple(world.transform(ball)) == (0.0, 50.0, 0.0)


def a_scene(seed: int) -> World:
    """Walls and moving bodies of every kind within about 300 of the origin."""
    rng = np.random.default_rng(seed)
    world = World()
    for _ in range(12):
        shape = [
            Polygon.box(*rng.uniform(2, 60, 2)),
            Circle(rng.uniform(2, 30)),
            Capsule((-20, 0), (20, 0), 4),
        ][rng.integers(3)]
        world.add(
            shape,
            (*rng.uniform(-250, 250, 2), rng.uniform(-3, 3)),
            type="static" if rng.random() < 0.7 else "kinematic",
        )
    return world


@settings(max_examples=60)
@given(seed=st.integers(0, 20), heading=st.floats(-math.pi, math.pi), length=lengths)
def test_a_ray_of_any_length_hits_what_a_ray_just_long_enough_hits(seed, heading, length):
    world = a_scene(seed)
    origin, direction = (0.0, 0.0), (math.cos(heading), math.sin(heading))
    hit = world.raycast(origin, direction, length)
    short = world.raycast(origin, direction, min(length, REACH))
    if short is None:
        assert hit is None
        return
    assert hit is not None and hit.body == short.body
    assert hit.distance == pytest.approx(short.distance, rel=1e-9, abs=1e-9)
    assert hit.point == pytest.approx(short.point, rel=1e-9, abs=1e-9)
    assert hit.normal == pytest.approx(short.normal, rel=1e-6, abs=1e-6)


CASTERS = [Circle(3.0), Polygon.box(4, 2), Capsule((-5, 0), (5, 0), 2)]


@settings(max_examples=60)
@given(
    seed=st.integers(0, 20),
    caster=st.sampled_from(CASTERS),
    heading=st.floats(-math.pi, math.pi),
    length=lengths,
)
def test_a_shape_cast_of_any_length_hits_where_a_cast_just_long_enough_hits(seed, caster, heading, length):
    world = a_scene(seed)
    start = (0.0, 0.0, 0.3)
    if len(world.query_shape(caster, start)):
        start = (400.0, 400.0, 0.3)  # outside the scene, so it starts clear
    u = (math.cos(heading), math.sin(heading))
    hit = world.shape_cast(caster, start, (u[0] * length, u[1] * length))
    short_length = min(length, REACH)
    short = world.shape_cast(caster, start, (u[0] * short_length, u[1] * short_length))
    if short is None:
        assert hit is None
        return
    assert hit is not None and hit.body == short.body
    # The same travelled distance: fraction of each cast's own length.
    travelled, expected = hit.fraction * length, short.fraction * short_length
    assert travelled == pytest.approx(expected, rel=1e-8, abs=1e-6)
    assert hit.point == pytest.approx(short.point, rel=1e-8, abs=1e-6)


@settings(max_examples=40)
@given(
    seed=st.integers(0, 20),
    length=lengths,
    headings=st.lists(st.floats(-math.pi, math.pi), min_size=1, max_size=8),
)
def test_bullets_cast_in_one_batch_with_any_length_hit_where_short_casts_hit(seed, length, headings):
    world = a_scene(seed)
    bullets = []
    for k, _ in enumerate(headings):
        spot = (-300.0 + 40.0 * k, 320.0, 0.0)
        bullets.append(
            world.add(Circle(1.0) if k % 2 else Polygon.box(1, 0.5), spot, type="kinematic", layer=2, mask=0)
        )
    u = np.array([(math.cos(h), math.sin(h)) for h in headings])
    long = world.cast_bodies(np.array(bullets), u * length)
    short_length = min(length, REACH)
    short = world.cast_bodies(np.array(bullets), u * short_length)
    assert long.body.tolist() == short.body.tolist()
    hit = short.body >= 0
    assert (long.fraction[hit] * length) == pytest.approx(
        short.fraction[hit] * short_length, rel=1e-8, abs=1e-6
    )
    assert (long.fraction[~hit] == 1.0).all()


@settings(max_examples=40)
@given(x=st.floats(-90, 90), length=lengths, radius=st.floats(0.5, 4))
def test_a_move_of_any_length_onto_a_wall_ends_where_a_short_move_ends_or_is_refused(x, length, radius):
    world = the_issue_wall()
    ball = world.add(Circle(radius), (x, 50, 0), type="kinematic", layer=2)
    batch = world.add(Circle(radius), (x, 50, 0), type="kinematic", layer=2)
    if abs(50 - length) > MAX_COORDINATE:
        with pytest.raises(ValueError, match="MAX_COORDINATE"):
            world.move_and_slide(ball, (0, -length))
        return
    single = world.move_and_slide(ball, (0, -length), mask=1)
    batched = world.move_and_slide_bodies([batch], [(0, -length)], mask=1)[0]
    reference = the_issue_wall()
    body = reference.add(Circle(radius), (x, 50, 0), type="kinematic")
    short = reference.move_and_slide(body, (0, -min(length, 100.0)))
    assert (single.x, single.y) == pytest.approx((short.x, short.y), rel=1e-9, abs=1e-9)
    assert tuple(batched) == pytest.approx((short.x, short.y), rel=1e-9, abs=1e-9)
    assert single.y > 5.0 + radius


@pytest.mark.parametrize("bad", [math.inf, -math.inf, math.nan])
def test_an_infinite_or_nan_length_names_the_argument(bad):
    world = the_issue_wall()
    ball = world.add(Circle(1), (0, 50, 0), type="kinematic")
    for call, name in [
        (lambda: world.raycast((0, 50), (0, -1), bad), "max_distance"),
        (lambda: world.raycast((0, 50), (0, bad), 10), "direction y"),
        (lambda: world.shape_cast(Circle(1), (0, 50, 0), (0, bad)), "translation y"),
        (lambda: world.move_and_slide(ball, (0, bad)), "displacement y"),
        (lambda: world.move_and_slide_bodies([ball], [(0, bad)]), "not finite"),
        (lambda: world.cast_bodies(np.array([ball]), np.array([[0.0, bad]])), "not finite"),
    ]:
        with pytest.raises(ValueError) as raised:
            call()
        assert name in one_line(str(raised.value))
    assert tuple(world.transform(ball)) == (0.0, 50.0, 0.0)
