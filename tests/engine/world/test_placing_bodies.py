"""Placing a dynamic body (``set_transform``, ``set_transforms``) is a teleport,
as Box2D's ``b2Body_SetTransform``: the body wakes, its sleep timer starts
again, and its sweep starts at the new pose (Box2D: center0 = center), so the
next step neither leaves it hanging asleep nor sweeps it from its old pose.

Issue #24 round two: ``set_transforms`` did neither (``set_transform`` did).
"""

from __future__ import annotations

import numpy as np
import pytest

from engine import World
from engine.collision import Circle, Polygon

DT = 1.0 / 60.0


def place(world, body, x, y, angle, how):
    if how == "one":
        world.set_transform(body, (x, y, angle))
    else:
        world.set_transforms(np.array([body]), np.array([x]), np.array([y]), np.array([angle]))


def asleep_on_the_ground():
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(50, 1), (0, 0, 0), type="static")
    ball = world.add(Circle(1.0), (0, 2.0, 0), type="dynamic")
    for _ in range(600):
        world.step(DT)
        if not world.is_awake(ball):
            break
    assert not world.is_awake(ball)
    return world, ball


@pytest.mark.parametrize("how", ["one", "many"])
def test_a_sleeping_body_placed_in_the_air_wakes_and_falls_the_next_step(how):
    world, ball = asleep_on_the_ground()
    place(world, ball, 0.0, 50.0, 0.0, how)
    assert world.is_awake(ball)
    world.step(DT)
    assert world.transform(ball).y < 50.0
    for _ in range(29):  # half a second: 1.25 down, at 5 down
        world.step(DT)
    assert world.transform(ball).y < 49.0 and world.velocity(ball)[1] < -4.0


@pytest.mark.parametrize("how", ["one", "many"])
def test_a_body_placed_across_a_wall_is_not_swept_back_from_its_old_pose(how):
    """Placed from above a thin wall to below it: the continuous pass sweeps each
    fast body from the step's start pose; a start left at the old pose swept it
    through the wall and put it back on the old side."""
    world = World()
    world.add(Polygon.box(50, 0.25), (0, 0, 0), type="static")
    ball = world.add(Circle(1.0), (0, 10.0, 0), type="dynamic")
    world.step(DT)
    place(world, ball, 0.0, -10.0, 0.0, how)
    world.step(DT)
    assert world.transform(ball).y == pytest.approx(-10.0, abs=1e-9)


@pytest.mark.parametrize("how", ["one", "many"])
def test_placing_resets_the_sleep_timer(how):
    """A body about to sleep, placed, stays awake for the whole time to sleep again."""
    world, ball = asleep_on_the_ground()
    world.set_velocity(ball, (0.0, 0.0))  # awake, still, its timer from 0
    steps_to_sleep = 0
    while world.is_awake(ball):
        world.step(DT)
        steps_to_sleep += 1
    world.set_velocity(ball, (0.0, 0.0))
    for _ in range(steps_to_sleep - 2):
        world.step(DT)
    assert world.is_awake(ball)
    place(world, ball, 0.0, 2.0, 0.0, how)
    for _ in range(steps_to_sleep - 2):
        world.step(DT)
    assert world.is_awake(ball)
