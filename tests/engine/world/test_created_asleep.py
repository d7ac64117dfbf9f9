"""Bodies created asleep (``World.add(..., awake=False)``, Box2D v3's ``b2BodyDef.isAwake = false``)
and islands put to sleep or woken by the caller (``World.set_awake``, Box2D's ``b2Body_SetAwake``).

Box2D v3.1.1's rules (``b2CreateBody``, ``b2LinkContact``, ``b2WakeSolverSet``): a body created
asleep is an island of its own whatever the world's ``enableSleep``; a touching contact with an awake
body wakes it, and a woken body's contacts with its sleeping neighbours are updated only from the
next step, so a block created asleep wakes as a wave, one ring of neighbours a step.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine import World
from engine.collision import Polygon
from engine.crosscheck.scenes import build_ours, build_pymunk, smash

DT = 1.0 / 60.0


def _asleep_crate(sleep: bool = True) -> tuple[World, int]:
    world = World(gravity=(0.0, -10.0), sleep=sleep)
    return world, world.add(Polygon.box(0.5, 0.5), (0.0, 5.0, 0.0), awake=False)


@pytest.mark.parametrize("sleep", [True, False])
def test_a_body_created_asleep_hangs_under_gravity_until_a_falling_box_lands_on_it(sleep):
    world, crate = _asleep_crate(sleep)
    for _ in range(60):
        world.step(DT)
    assert not world.is_awake(crate)
    assert tuple(world.transform(crate)) == (0.0, 5.0, 0.0) and world.velocity(crate) == (0.0, 0.0, 0.0)
    world.add(Polygon.box(0.5, 0.5), (0.0, 7.0, 0.0))  # lands on it after about 0.4 s
    for _ in range(60):
        world.step(DT)
    assert world.is_awake(crate)
    assert world.transform(crate).y < 4.0  # it fell too


@pytest.mark.parametrize(
    "wake",
    [
        lambda w, b: w.set_velocity(b, (1.0, 0.0)),
        lambda w, b: w.apply_impulse(b, (1.0, 0.0)),
        lambda w, b: w.apply_force(b, (0.0, 1.0)),
        lambda w, b: w.set_transform(b, (1.0, 5.0, 0.0)),
        lambda w, b: w.set_awake(b, True),
        lambda w, b: w.revolute(None, b, (0.0, 5.5)),
    ],
    ids=["set_velocity", "apply_impulse", "apply_force", "set_transform", "set_awake", "joint"],
)
def test_a_body_created_asleep_wakes_when_pushed_placed_jointed_or_woken(wake):
    world, crate = _asleep_crate()
    world.step(DT)
    wake(world, crate)
    assert world.is_awake(crate)
    for _ in range(10):
        world.step(DT)
    assert world.transform(crate).y < 5.0  # gravity pulls it now (the hinge lets it swing down)


def test_static_and_kinematic_bodies_ignore_awake_false_and_a_kinematic_one_moves_by_its_velocity():
    world = World()
    wall = world.add(Polygon.box(1.0, 1.0), (0.0, 0.0, 0.0), type="static", awake=False)
    lift = world.add(Polygon.box(1.0, 1.0), (5.0, 0.0, 0.0), type="kinematic", awake=False)
    assert world.is_awake(wall) and world.is_awake(lift)
    world.set_velocity(lift, (0.0, 1.0))
    for _ in range(60):
        world.step(DT)
    assert world.transform(lift).y == pytest.approx(1.0)
    world.set_awake(lift, False)  # always awake here: left as it is
    world.step(DT)
    assert world.is_awake(lift) and world.transform(lift).y > 1.0


def test_awake_must_be_a_bool_in_one_error_line_and_nothing_is_added():
    world = World()
    with pytest.raises(TypeError, match=r"^World\.add awake must be True or False; got 0$"):
        world.add(Polygon.box(1.0, 1.0), (0.0, 0.0, 0.0), awake=0)
    assert len(world) == 0
    crate = world.add(Polygon.box(1.0, 1.0), (0.0, 0.0, 0.0))
    with pytest.raises(TypeError, match=r"^World\.set_awake awake must be True or False; got 'no'$"):
        world.set_awake(crate, "no")
    assert world.is_awake(crate)


def test_set_awake_false_puts_a_whole_resting_stack_to_sleep_at_once_and_true_wakes_it():
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    stack = [world.add(Polygon.box(0.5, 0.5), (0.0, 0.5 + k, 0.0)) for k in range(4)]
    apart = world.add(Polygon.box(0.5, 0.5), (5.0, 0.5, 0.0))  # touches only the ground: another island
    for _ in range(10):  # still settling: too soon to fall asleep by itself
        world.step(DT)
    assert world.awake(stack).all()
    world.set_awake(stack[2], False)
    assert not world.awake(stack).any() and world.is_awake(apart)
    assert not world.velocities(stack).any()
    before = world.transforms(stack)
    for _ in range(5):
        world.step(DT)
    assert not world.awake(stack).any()
    np.testing.assert_array_equal(world.transforms(stack), before)
    world.set_awake(stack[0], True)
    assert world.awake(stack).all()


def test_set_awake_false_in_a_world_that_never_sleeps_holds_until_touched():
    world = World(sleep=False)
    crate = world.add(Polygon.box(0.5, 0.5), (0.0, 0.0, 0.0))
    world.set_velocity(crate, (1.0, 0.0))
    world.set_awake(crate, False)
    for _ in range(30):
        world.step(DT)
    assert not world.is_awake(crate) and world.transform(crate).x == 0.0
    thrown = world.add(Polygon.box(0.5, 0.5), (-3.0, 0.0, 0.0))
    world.set_velocity(thrown, (6.0, 0.0))
    for _ in range(40):
        world.step(DT)
    assert world.is_awake(crate) and world.transform(crate).x > 0.5


def _awake_count(run) -> int:
    return int(run.world.awake(run.ids[1:]).sum())


def test_a_block_created_asleep_wakes_as_a_wave_from_where_the_box_hits_it():
    run = build_ours(smash(20, 10, asleep=True))  # a 20 × 10 block, no gravity, a box thrown at it
    built = run.poses()[1:]
    counts = []
    for _ in range(100):
        run.step()
        counts.append(_awake_count(run))
        asleep = ~run.world.awake(run.ids[1:])
        np.testing.assert_array_equal(run.poses()[1:][asleep], built[asleep])  # untouched until woken
    first = next(k for k, c in enumerate(counts) if c)
    assert counts[first] == 10  # the column the box meets, its 10 boxes touched at once
    assert (np.diff(counts) >= 0).all()  # none fell asleep again
    # one ring a step: the block of 200 takes several steps, each adding at most a few columns
    assert first + 5 <= counts.index(200) and max(np.diff(counts)) <= 40


def test_a_block_created_asleep_wakes_step_by_step_as_box2d_v3s_does():
    pytest.importorskip("pyb2d3")
    from engine.crosscheck.scenes import build_pyb2d3

    scene = smash(20, 10, asleep=True)
    ours, theirs = build_ours(scene), build_pyb2d3(scene)
    assert theirs.bodies[1].awake is False
    ours_counts, their_counts = [], []
    for _ in range(90):
        ours.step()
        theirs.step()
        ours_counts.append(_awake_count(ours))
        their_counts.append(sum(b.awake for b in theirs.bodies[1:]))
    # The box reaches the block in the same step in both, and wakes the same first column.
    first = next(k for k, c in enumerate(their_counts) if c)
    assert ours_counts[: first + 1] == their_counts[: first + 1]
    # The wave runs at Box2D's pace (ours 10, 30, 60, 85, ... against 10, 30, 50, 74, ...) and
    # the whole block is awake within 2 steps of Box2D's.
    assert max(abs(a - b) for a, b in zip(ours_counts, their_counts)) <= 20
    assert abs(ours_counts.index(200) - their_counts.index(200)) <= 2


def test_pymunk_puts_a_piece_created_asleep_to_sleep_only_in_a_sleeping_space():
    scene = smash(4, 3, asleep=True)
    run = build_pymunk(scene)
    assert all(body.is_sleeping for body in run.space.bodies[1:])
    scene.sleep = False
    with pytest.raises(ValueError, match="pymunk puts a body to sleep only in a space that sleeps"):
        build_pymunk(scene)


def test_a_snapshot_round_trips_bodies_created_asleep_and_the_wave_goes_on_the_same():
    run = build_ours(smash(10, 6, asleep=True))
    world = run.world
    for _ in range(68):  # the box just short of the block
        world.step(DT)
    data = world.snapshot()
    copy = World.from_snapshot(data)
    assert copy.state_hash() == world.state_hash()
    np.testing.assert_array_equal(copy.awake(run.ids), world.awake(run.ids))
    assert not copy.awake(run.ids[1:]).any()
    for _ in range(20):
        world.step(DT)
        copy.step(DT)
        np.testing.assert_array_equal(copy.awake(run.ids), world.awake(run.ids))
    assert copy.state_hash() == world.state_hash() and world.awake(run.ids).all()


def test_awake_true_given_or_not_builds_the_same_world_bit_for_bit():
    def built(**awake) -> World:
        world = World(gravity=(0.0, -10.0))
        world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static", **awake)
        for k in range(5):
            world.add(Polygon.box(0.5, 0.5), (0.1 * k, 0.5 + k, 0.0), **awake)
        for _ in range(60):
            world.step(DT)
        return world

    assert built().snapshot() == built(awake=True).snapshot()
    assert built().state_hash() != built(awake=False).state_hash()  # (asleep: the stack hangs)
