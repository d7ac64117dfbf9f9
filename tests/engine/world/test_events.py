"""Issue 38 §3: the events a game listens to, as Box2D v3.1 gives them: contacts that begin and end
named by body and shape row for row, hits (a resting pair struck again too), sensors' visitors,
and the impulse each touching pair took, on request."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PairImpulses, World
from engine.collision import Circle, Polygon

b2 = pytest.importorskip("pyb2d3")

DT = 1 / 60
G = 10.0


def ground_world(**kw) -> tuple[World, int]:
    world = World(gravity=(0.0, -G), **kw)
    ground = world.add(Polygon.box(20, 0.5), (0, -0.5, 0), type="static")
    return world, ground


def rows(array) -> list[tuple[int, int]]:
    return [tuple(map(int, row)) for row in np.asarray(array)]


# --- hits ----------------------------------------------------------------------------------------


def test_a_dropped_ball_hits_once_at_the_speed_it_fell_with_as_box2d_reports_it():
    """Closed form: from 2 m it lands at √(2·g·2) = 6.32 m/s, within a step's gravity (the hit reads
    the speed as the step began). pyb2d3, the same scene: one hit, speeds a step's gravity apart
    (Box2D's contact starts within 4 slops; ours sees the ball one step sooner)."""
    world, ground = ground_world()
    ball = world.add(Circle(0.25), (0, 2.25, 0))
    ours = []
    for _ in range(90):
        events = world.step(DT)
        ours += [
            (rows(events.hits), float(v), events.hit_normal[k].tolist())
            for k, v in enumerate(events.hit_speed)
        ]
    assert len(ours) == 1
    pairs, speed, normal = ours[0]
    assert pairs == [(ground, ball)] and normal == pytest.approx([0.0, 1.0])
    assert abs(speed - math.sqrt(2 * G * 2.0)) <= G * DT + 1e-9

    b2world = b2.World(gravity=(0, -G))
    b2world.create_static_body(position=(0, -0.5)).create_polygon_shape(
        b2.shape_def(density=1.0, enable_hit_events=True), b2.box(20, 0.5)
    )
    b2world.create_dynamic_body(position=(0, 2.25)).create_circle_shape(
        b2.shape_def(density=1.0, enable_hit_events=True), b2.circle((0, 0), 0.25)
    )
    assert b2world.hit_event_threshold == world.hit_speed == 1.0
    theirs = []
    for _ in range(90):
        b2world.step(DT, 4)
        theirs += [hit.approach_speed for hit in b2world.get_contact_events().hit_events()]
    assert len(theirs) == 1 and abs(theirs[0] - speed) <= G * DT + 1e-3


def test_a_resting_pair_struck_again_hits_though_nothing_begins():
    """The knock: a crate resting against a ball (touching for a second, no event since it began)
    is rammed: the pair hits at the ram's speed; under ``hit_speed`` it does not."""
    for threshold, expect in ((1.0, True), (6.0, False)):
        world = World()  # top-down
        world.hit_speed = threshold
        crate = world.add(Polygon.box(0.5, 0.5), (0, 0, 0))
        ram = world.add(Circle(0.5), (-1.0, 0, 0))
        assert rows(world.step(DT).began) == [(crate, ram)]  # placed touching: it begins at once
        began = []
        for _ in range(60):
            began += rows(world.step(DT).began)
        assert began == [] and world.pairs().tolist() == [[crate, ram]]  # resting, touching
        world.set_velocity(ram, (5.0, 0.0))
        events = world.step(DT)
        assert rows(events.began) == []
        if expect:
            assert rows(events.hits) == [(crate, ram)] == rows(events.hit_shapes)
            assert float(events.hit_speed[0]) == pytest.approx(5.0, rel=1e-6)
            assert events.hit_normal[0].tolist() == pytest.approx([-1.0, 0.0])  # crate → ram
            assert events.hit_point[0][0] == pytest.approx(-0.5, abs=0.01)
        else:
            assert rows(events.hits) == []


def test_a_pair_closing_without_touching_is_no_hit():
    """Box2D checks the impulse: a speculative point that closes fast but never touches is no hit."""
    world = World()
    a = world.add(Circle(0.5), (0, 0, 0), type="static")
    b = world.add(Circle(0.5), (1.3, 0, 0))
    world.set_velocity(b, (-3.0, 0.0))
    events = world.step(DT)  # 0.3 apart, closing 0.05 this step
    assert world.body_type(a) == "static" and rows(events.hits) == [] and rows(events.began) == []


@pytest.mark.parametrize("bad", [-1.0, float("nan"), -math.inf])
def test_hit_speed_refuses_a_negative_or_nan_speed_in_one_line_and_keeps_its_own(bad):
    world = World(units_per_meter=30.0)
    assert world.hit_speed == 30.0  # 1 m/s in world units
    with pytest.raises(ValueError, match="hit_speed") as error:
        world.hit_speed = bad
    assert "\n" not in str(error.value) and world.hit_speed == 30.0
    for wrong in ("fast", True, None):
        with pytest.raises(TypeError, match="hit_speed"):
            world.hit_speed = wrong
    world.hit_speed = math.inf  # no hits at all
    assert world.hit_speed == math.inf


# --- sensors ------------------------------------------------------------------------------------


def test_a_static_sensor_sees_a_ball_come_and_go_once_and_never_a_sensor_or_its_filtered_out():
    world = World()
    zone = world.add(Polygon.box(1, 1), (5, 0, 0), type="static", sensor=True, mask=1)  # sees layer 1
    ball = world.add(Circle(0.25), (2, 0, 0))
    ghost = world.add(Circle(0.25), (2, 3, 0), sensor=True)  # a sensor: never seen
    hidden = world.add(Circle(0.25), (2, -3, 0), layer=2)  # on layer 2: never seen
    for body in (ball, ghost, hidden):
        world.set_velocity(body, (5.0, 0.0))
    world.set_velocity(ghost, (5.0, -5.0))
    world.set_velocity(hidden, (5.0, 5.0))
    began, ended, when = [], [], {}
    for step in range(60):
        events = world.step(DT)
        began += rows(events.sensor_began)
        ended += rows(events.sensor_ended)
        for pair in rows(events.sensor_began):
            when[pair] = step
    assert [p for p in began if p[0] == zone] == [(zone, ball)] == [p for p in ended if p[0] == zone]
    assert not any(p[1] == ghost for p in began)  # the ghost, a sensor, sees others but is never seen
    # It enters when its edge reaches the zone's (x = 3.75 at 5 units/s from 2): step 21 of 1/60.
    assert abs(when[(zone, ball)] - (3.75 - 2.0) / 5.0 / DT) <= 1.5


def test_sensor_events_on_moving_bodies_and_when_a_visitor_or_the_sensor_is_removed():
    world, ground = ground_world()
    crate = world.add(Polygon.box(0.5, 0.5), (0, 0.5, 0))
    probe = world.add(Circle(1.0), (0, 3, 0), type="kinematic", sensor=True)
    world.set_velocity(probe, (0.0, -2.0))
    seen = []
    for _ in range(60):
        events = world.step(DT)
        seen += rows(events.sensor_began)
    assert seen == [(probe, crate), (probe, ground)]  # the crate first, then the ground (static too)
    world.remove(crate)
    events = world.step(DT)
    assert rows(events.sensor_ended) == [(probe, crate)]
    world.remove(probe)
    events = world.step(DT)
    assert rows(events.sensor_ended) == [(probe, ground)] and rows(events.sensor_began) == []


def test_a_sensor_never_sees_its_own_body_and_names_the_visitor_shape():
    world = World()  # top-down
    cart = world.add(Polygon.box(1, 0.25), (0, 0, 0))
    nose = world.add_shape(cart, Circle(1.5), local=(0, 0, 0), sensor=True)  # over the cart's own box
    rock = world.add(Polygon.box(0.2, 0.2), (3, 0, 0))
    arm = world.add_shape(rock, Polygon.box(0.1, 0.1), local=(-0.5, 0, 0))  # the shape it meets first
    world.set_velocity(cart, (4.0, 0.0))
    seen = []
    for _ in range(40):
        seen += rows(world.step(DT).sensor_began)
    assert seen[:2] == [(nose, arm), (nose, rock)]
    assert all(visitor not in (cart, nose) for _, visitor in seen)


# --- contacts of bodies of many shapes -----------------------------------------------------------


def test_began_names_bodies_and_shapes_row_for_row_with_the_normal_from_the_first_body():
    """Shape ids and body ids order the pair differently (the hammer's head, shape 2, was added after
    the box, body 1): the row is turned round, its normal too."""
    world = World()  # top-down
    hammer = world.add(Polygon.box(0.5, 0.1), (5, 0, 0))  # body 0
    box = world.add(Polygon.box(0.5, 0.5), (0, 0, 0))  # body 1
    head = world.add_shape(hammer, Polygon.box(0.3, 0.3), local=(-0.8, 0, 0))  # shape 2
    world.set_velocity(hammer, (-4.0, 0.0))
    found = []
    for _ in range(90):
        events = world.step(DT)
        found += [(rows(events.began)[k], rows(events.began_shapes)[k], events.normal[k].tolist())
                  for k in range(len(events.began))]  # fmt: skip
    assert len(found) == 1
    bodies, shapes, normal = found[0]
    assert bodies == (hammer, box) and shapes == (head, box)
    assert normal == pytest.approx([-1.0, 0.0])  # from the hammer on the right to the box on its left


def test_removing_a_shape_ends_its_contacts_named_by_shape():
    world, ground = ground_world()
    body = world.add(Polygon.box(1, 0.25), (0, 0.25, 0))
    leg = world.add_shape(body, Polygon.box(0.25, 0.25), local=(2, 0, 0))
    touching = set()
    for _ in range(30):
        events = world.step(DT)
        touching |= set(rows(events.began_shapes))
    assert touching == {(ground, body), (ground, leg)}
    world.remove_shape(leg)
    events = world.step(DT)
    assert rows(events.ended) == [(ground, body)] and rows(events.ended_shapes) == [(ground, leg)]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["add", "remove", "step"]), st.integers(0, 5)), max_size=30))
def test_no_contact_event_is_lost_or_doubled_as_shapes_come_and_go(script):
    """Each shape pair begins once before it ends, ends only after it began, and what began and did
    not end is what touches at the end (``pair_impulses``; sleep off, so nothing is carried asleep)."""
    world = World(gravity=(0.0, -G), sleep=False)
    ground = world.add(Polygon.box(10, 0.5), (0, -0.5, 0), type="static")
    bodies = [world.add(Polygon.box(0.5, 0.25), (k * 1.2 - 3, 0.3 + 0.6 * k, 0)) for k in range(6)]
    extra: list[int] = []
    touching: set[tuple[int, int]] = set()

    def step():
        events = world.step(DT)
        for pair in rows(events.ended_shapes):
            key = tuple(sorted(pair))
            assert key in touching
            touching.remove(key)
        for pair in rows(events.began_shapes):
            key = tuple(sorted(pair))
            assert key not in touching
            touching.add(key)

    for action, k in script:
        if action == "add":
            extra.append(world.add_shape(bodies[k], Circle(0.2), local=(0.5, -0.1, 0)))
        elif action == "remove" and extra:
            world.remove_shape(extra.pop(k % len(extra)))
        else:
            for _ in range(3):
                step()
    step()
    assert ground == 0
    assert touching == {tuple(sorted(pair)) for pair in rows(world.pair_impulses().shapes)}


# --- the impulse each pair took -----------------------------------------------------------------


def test_pair_impulses_give_each_resting_pair_the_weight_it_carries_for_a_step():
    """Closed form: a barrel (circle) on a crate on the ground; the ground carries both, the crate the
    barrel: m·g·dt each, within 1 %."""
    world, ground = ground_world(sleep=False)
    crate = world.add(Polygon.box(0.5, 0.5), (0, 0.5, 0), density=2.0)
    barrel = world.add(Circle(0.3), (0, 1.3, 0), density=1.0)
    for _ in range(120):
        world.step(DT)
    pushed = world.pair_impulses()
    assert isinstance(pushed, PairImpulses)
    got = {tuple(map(int, pair)): float(j) for pair, j in zip(pushed.bodies, pushed.impulse)}
    m_crate, m_barrel = world.mass(crate).mass, world.mass(barrel).mass
    assert m_crate == pytest.approx(2.0) and m_barrel == pytest.approx(math.pi * 0.09)
    assert got[(ground, crate)] == pytest.approx((m_crate + m_barrel) * G * DT, rel=0.01)
    assert got[(crate, barrel)] == pytest.approx(m_barrel * G * DT, rel=0.01)
    assert rows(pushed.shapes) == rows(pushed.bodies)


def test_a_sensor_sees_shapes_that_overlap_it_not_boxes_that_do():
    """Exact overlaps: a disc by the zone's corner, its box over the corner and itself apart."""
    world = World()
    zone = world.add(Polygon.box(1, 1), (0, 0, 0), type="static", sensor=True)
    near = world.add(Circle(0.5), (1.4, 1.4, 0))  # 0.57 from the corner, its box 0.1 over it
    inside = world.add(Circle(0.5), (1.3, 0.0, 0))  # over the zone's right face
    assert rows(world.step(DT).sensor_began) == [(zone, inside)]
    assert near not in world.query_shape(Polygon.box(1, 1), (0, 0, 0)).tolist()


def test_sensor_events_can_be_turned_off_and_on_again():
    world = World()
    zone = world.add(Polygon.box(1, 1), (0, 0, 0), type="static", sensor=True)
    ball = world.add(Circle(0.5), (0.5, 0, 0))
    world.sensor_events = False
    assert rows(world.step(DT).sensor_began) == [] and world.sensor_events is False
    world.sensor_events = True  # the overlap there now begins
    assert rows(world.step(DT).sensor_began) == [(zone, ball)]
    with pytest.raises(TypeError, match="sensor_events"):
        world.sensor_events = "yes"
    assert world.sensor_events is True
