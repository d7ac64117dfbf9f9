"""The step's fat boxes (``step``, outline 1): the broad phase's candidates kept while every moving
body's box stays inside its fat box change nothing a step computes, and a body that comes, goes or is
placed is met at once."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Circle, Polygon
from engine.crosscheck.scenes import build_ours, pile, pyramid


def _without_fat_boxes(world: World) -> None:
    """The world's broad phase runs every step on the reach boxes alone, as before the fat boxes."""
    dynamics = world._dynamics
    dynamics.tune = dynamics.tune._replace(fat_margin=0.0)
    step = dynamics.step

    def every_step(dt):
        dynamics._fat_epoch = -1  # no candidates kept
        return step(dt)

    dynamics.step = every_step


def _kept_steps(world: World, steps, dt) -> int:
    """Steps ``world`` and counts the steps that kept the broad phase's candidates."""
    dynamics, kept = world._dynamics, 0
    for _ in range(steps):
        before = dynamics._candidates
        world.step(dt)
        kept += dynamics._candidates is before
    return kept


def test_a_resting_pyramid_keeps_its_candidates_and_steps_bit_for_bit_as_without():
    scene = pyramid(12)
    ours, plain = build_ours(scene), build_ours(scene)
    _without_fat_boxes(plain.world)
    kept = 0
    for _ in range(120):
        before = ours.world._dynamics._candidates
        a, b = ours.step(), plain.step()
        kept += ours.world._dynamics._candidates is before
        assert a.began.tolist() == b.began.tolist() and a.ended.tolist() == b.ended.tolist()
    assert kept > 60  # the settled pyramid skips the broad phase in most steps
    assert ours.poses().tobytes() == plain.poses().tobytes()


def test_a_falling_pile_steps_bit_for_bit_as_without_fat_boxes():
    scene = pile(120)
    ours, plain = build_ours(scene, sleep=True), build_ours(scene, sleep=True)
    _without_fat_boxes(plain.world)
    for _ in range(150):
        ours.step()
        plain.step()
    assert ours.poses().tobytes() == plain.poses().tobytes()
    assert ours.velocities().tobytes() == plain.velocities().tobytes()


def _resting_box(world: World) -> int:
    world.add(Polygon.box(20.0, 1.0), (0.0, -0.5, 0.0), type="static")
    box = world.add(Polygon.box(1.0, 1.0), (0.0, 0.5, 0.0), type="dynamic")
    for _ in range(30):
        world.step(1 / 60)
    return box


def test_a_body_added_beside_a_resting_one_is_met_in_the_next_step():
    world = World(gravity=(0.0, -10.0), sleep=False)
    _resting_box(world)
    assert _kept_steps(world, 10, 1 / 60) == 10  # at rest: candidates kept
    # A body added overlapping the resting box: no box of the others moved, yet it is a candidate.
    ball = world.add(Circle(0.5), (0.9, 0.5, 0.0), type="dynamic")
    events = world.step(1 / 60)
    assert ball in events.began.ravel()


def test_a_body_placed_onto_a_resting_one_is_met_in_the_next_step():
    world = World(gravity=(0.0, -10.0), sleep=False)
    box = _resting_box(world)
    ball = world.add(Circle(0.25), (8.0, 0.25, 0.0), type="dynamic")
    for _ in range(30):
        world.step(1 / 60)
    assert _kept_steps(world, 10, 1 / 60) == 10
    world.set_transform(ball, (0.7, 0.5, 0.0))  # a teleport into the box's side: it leaves its fat box
    events = world.step(1 / 60)
    assert sorted([box, ball]) in events.began.tolist()


@settings(max_examples=15, deadline=None)
@given(
    x=st.floats(-3.0, 3.0),
    speed=st.floats(0.0, 40.0),
    angle=st.floats(-np.pi, np.pi),
)
def test_a_thrown_body_among_resting_ones_steps_as_without_fat_boxes(x, speed, angle):
    worlds = []
    for fat in (True, False):
        world = World(gravity=(0.0, -10.0), sleep=True)
        world.add(Polygon.box(20.0, 1.0), (0.0, -0.5, 0.0), type="static")
        for k in range(5):
            world.add(Polygon.box(1.0, 1.0), (2.0 * k - 4.0, 0.5, 0.0), type="dynamic")
        thrown = world.add(Polygon.box(0.5, 0.25), (x, 3.0, angle), type="dynamic")
        world.set_velocity(thrown, (speed * np.cos(angle), -speed * abs(np.sin(angle))))
        if not fat:
            _without_fat_boxes(world)
        for _ in range(40):
            world.step(1 / 60)
        worlds.append(np.array([tuple(world.transform(b)) for b in world.bodies]))
    assert worlds[0].tobytes() == worlds[1].tobytes()


def test_a_wall_moved_onto_a_resting_body_is_met_in_the_next_step():
    # No moving body's box changes: only the frame's epoch says the candidates are stale.
    world = World(gravity=(0.0, -10.0), sleep=False)
    box = _resting_box(world)
    wall = world.add(Polygon.box(1.0, 1.0), (8.0, 0.5, 0.0), type="static")
    for _ in range(5):
        world.step(1 / 60)
    assert _kept_steps(world, 10, 1 / 60) == 10
    world.set_transform(wall, (0.95, 0.5, 0.0))
    events = world.step(1 / 60)
    assert sorted([box, wall]) in events.began.tolist()
