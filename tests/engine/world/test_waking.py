"""What moves while everything sleeps, and what a removal or a moved wall leaves behind.

Box2D v3's rules: a kinematic body moves by its velocity whether or not anything
else is awake; destroying a body wakes what it touched (``b2DestroyBody``) and ends
its touching contacts at once. Each test here was a reproducer of issue 44.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Circle, Polygon

DT = 1.0 / 60.0


def _sleeping_stack(n: int = 5, ground_half_width: float = 20.0) -> tuple[World, int, list[int]]:
    """A stack of ``n`` half-unit boxes on a static ground, stepped until it sleeps."""
    world = World(gravity=(0.0, -10.0))
    ground = world.add(Polygon.box(ground_half_width, 0.5), (0.0, -0.5, 0.0), type="static")
    boxes = [world.add(Polygon.box(0.5, 0.5), (0.0, 0.5 + k, 0.0), type="dynamic") for k in range(n)]
    for _ in range(300):
        world.step(DT)
    assert not world.awake(boxes).any()
    return world, ground, boxes


def _turned(w: float, dt: float, steps: int, substeps: int = 4) -> float:
    """How far a body spinning at ``w`` turns in ``steps`` steps: Box2D v3's rotation integration,
    q ← normalize(q + h w q⊥) each sub-step, turns atan(h w) a sub-step."""
    return steps * substeps * math.atan(dt / substeps * w)


def test_a_kinematic_body_moves_by_its_velocity_with_nothing_else_in_the_world():
    world = World()
    k = world.add(Polygon.box(1.0, 1.0), (0.0, 0.0, 0.0), type="kinematic")
    world.set_velocity(k, (1.0, 0.0), w=0.5)
    for _ in range(10):
        world.step(0.1)
    x, y, angle = world.transform(k)
    assert x == pytest.approx(1.0, abs=1e-12) and y == 0.0
    assert angle == pytest.approx(_turned(0.5, 0.1, 10), abs=1e-12)


def test_a_moving_platform_keeps_moving_once_the_crates_beside_it_sleep_and_wakes_those_it_meets():
    world, _ground, boxes = _sleeping_stack(2)
    platform = world.add(Polygon.box(0.5, 0.25), (-6.0, 0.5, 0.0), type="kinematic")
    world.set_velocity(platform, (2.0, 0.0))
    for _ in range(60):  # one second: 2 units, nothing met yet, everything else asleep
        world.step(DT)
    assert world.transform(platform).x == pytest.approx(-4.0, abs=1e-9)
    assert not world.awake(boxes).any()
    for _ in range(120):  # it reaches the stack and shoves it
        world.step(DT)
    assert world.transform(boxes[0]).x > 0.5
    assert world.transform(platform).x == pytest.approx(0.0, abs=1e-9)


def test_a_kinematic_player_placed_into_a_sleeping_crate_wakes_it_and_shoves_it():
    world, _ground, boxes = _sleeping_stack(1)
    player = world.add(Circle(0.5), (-3.0, 0.5, 0.0), type="kinematic")
    for k in range(1, 121):  # placed 2.5 cm a frame, as the game's move_and_slide places its player
        world.set_transform(player, (-3.0 + 0.025 * k, 0.5, 0.0))
        world.step(DT)
    assert world.transform(boxes[0]).x > 0.3


def test_a_platform_that_starts_moving_from_under_a_sleeping_crate_lets_it_fall():
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -5.5, 0.0), type="static")
    platform = world.add(Polygon.box(2.0, 0.25), (0.0, 0.0, 0.0), type="kinematic")
    crate = world.add(Polygon.box(0.5, 0.5), (0.0, 0.75, 0.0), type="dynamic")
    for _ in range(120):
        world.step(DT)
    assert not world.is_awake(crate)
    world.set_velocity(platform, (0.0, -1.0))  # down, slower than the crate would fall
    for _ in range(30):
        world.step(DT)
    assert world.is_awake(crate)
    assert world.transform(crate).y < 0.75 - 0.4  # it follows the platform down


def test_removing_the_bottom_crate_of_a_sleeping_stack_wakes_the_stack_and_it_falls():
    world, _ground, boxes = _sleeping_stack(5)
    world.remove(boxes[0])
    for _ in range(120):
        world.step(DT)
    y = world.transforms(boxes[1:])[:, 1]
    np.testing.assert_allclose(y, [0.5, 1.5, 2.5, 3.5], atol=0.01)


def test_removing_the_ground_under_a_sleeping_stack_lets_it_fall():
    world, ground, boxes = _sleeping_stack(3)
    world.remove(ground)
    for _ in range(30):
        world.step(DT)
    assert world.awake(boxes).all()
    assert (world.transforms(boxes)[:, 1] < np.array([0.5, 1.5, 2.5]) - 1.0).all()


def test_moving_the_ground_from_under_a_sleeping_stack_lets_it_fall():
    world, ground, boxes = _sleeping_stack(3)
    world.set_transform(ground, (100.0, -0.5, 0.0))
    for _ in range(30):
        world.step(DT)
    assert (world.transforms(boxes)[:, 1] < np.array([0.5, 1.5, 2.5]) - 1.0).all()


def test_moving_the_ground_in_a_batch_from_under_a_sleeping_stack_lets_it_fall():
    world, ground, boxes = _sleeping_stack(3)
    world.set_transforms(np.array([ground]), np.array([100.0]), np.array([-0.5]), np.array([0.0]))
    for _ in range(30):
        world.step(DT)
    assert (world.transforms(boxes)[:, 1] < np.array([0.5, 1.5, 2.5]) - 1.0).all()


def test_a_removed_body_s_touching_contacts_end_on_the_next_step_even_when_nothing_else_moves():
    world = World(gravity=(0.0, -10.0))
    ground = world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    crate = world.add(Polygon.box(0.5, 0.5), (0.0, 0.5, 0.0), type="dynamic")
    began = world.step(DT).began.tolist()
    assert began == [[ground, crate]]
    world.remove(crate)  # the last awake body: the next step has nothing to move
    assert world.step(DT).ended.tolist() == [[ground, crate]]
    for _ in range(5):
        assert world.step(DT).ended.tolist() == []


def test_removing_a_sleeping_stack_s_bodies_in_a_batch_ends_each_touching_contact_once_in_id_order():
    world, ground, boxes = _sleeping_stack(4)
    world.remove_bodies(np.array([boxes[2], boxes[0]]))
    ended = world.step(DT).ended.tolist()
    assert ended == [[ground, boxes[0]], [boxes[0], boxes[1]], [boxes[1], boxes[2]], [boxes[2], boxes[3]]]
    for _ in range(120):
        assert [boxes[0], boxes[1]] not in world.step(DT).ended.tolist()


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(2, 6),
    gone=st.data(),
    how=st.sampled_from(["remove", "remove_bodies", "move_ground", "remove_ground"]),
)
def test_whatever_is_taken_from_under_a_sleeping_stack_the_rest_comes_down_to_rest(n, gone, how):
    world, ground, boxes = _sleeping_stack(n)
    k = gone.draw(st.integers(0, n - 2))
    left = [b for b in boxes if b != boxes[k]]
    if how == "remove":
        world.remove(boxes[k])
    elif how == "remove_bodies":
        world.remove_bodies(np.array([boxes[k]]))
    elif how == "move_ground":
        world.set_transform(ground, (0.0, -1.5, 0.0))  # a unit down: everything falls a unit
        left = boxes
    else:
        world.remove(ground)
        left = boxes
    ys = world.transforms(left)[:, 1].copy()
    for _ in range(180):
        world.step(DT)
    after = world.transforms(left)[:, 1]
    if how == "remove_ground":
        assert (after < ys - 10.0).all()  # nothing holds them: still falling
    else:  # every body rests where the stack now puts it: nothing is left hanging in the air
        np.testing.assert_allclose(after, np.arange(len(left)) + 0.5 - (how == "move_ground"), atol=0.02)


@settings(max_examples=25, deadline=None)
@given(
    vx=st.floats(-5.0, 5.0),
    vy=st.floats(-5.0, 5.0),
    w=st.floats(-3.0, 3.0),
    steps=st.integers(1, 40),
    dt=st.sampled_from([1.0 / 120.0, 1.0 / 60.0, 0.1]),
)
def test_a_kinematic_body_moves_by_its_velocity_whatever_sleeps_around_it(vx, vy, w, steps, dt):
    world, _ground, boxes = _sleeping_stack(2, ground_half_width=2.0)
    k = world.add(Circle(0.25), (-500.0, 500.0, 0.0), type="kinematic")  # far from everything
    world.set_velocity(k, (vx, vy), w=w)
    for _ in range(steps):
        world.step(dt)
    x, y, angle = world.transform(k)
    t = steps * dt
    assert x == pytest.approx(-500.0 + vx * t, abs=1e-9)
    assert y == pytest.approx(500.0 + vy * t, abs=1e-9)
    assert angle == pytest.approx(_turned(w, dt, steps), abs=1e-9)
    assert not world.awake(boxes).any()
