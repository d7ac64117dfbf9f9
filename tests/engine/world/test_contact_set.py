"""``contact_set``: the contacts a step keeps for the next, by key, with a sleeping island's carried on."""

from __future__ import annotations

import hashlib
import itertools

import numpy as np

from engine import World
from engine.collision import Circle, Polygon
from engine.crosscheck.scenes import DT


def _stack(world: World, x: float) -> list[int]:
    return [world.add(Polygon.box(0.5, 0.5), (x, 0.5 + k, 0.0), type="dynamic") for k in range(3)]


def _key(a: int, b: int) -> int:
    return (min(a, b) << 32) | max(a, b)


def test_the_kept_contacts_are_in_key_order_and_a_sleeping_islands_are_carried_on_unchanged():
    world = World(gravity=(0.0, -10.0))
    floor = world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    left = _stack(world, -5.0)
    for _ in range(150):
        world.step(DT)
    assert not any(world.is_awake(b) for b in left)
    asleep = world._dynamics.kept
    stack_keys = {_key(floor, left[0]), _key(left[0], left[1]), _key(left[1], left[2])}
    assert stack_keys <= set(asleep.keys.tolist())
    before = {
        k: (asleep.normal_impulse[i].copy(), asleep.cached[i].copy())
        for i, k in enumerate(asleep.keys.tolist())
    }

    # A second stack falls and settles beside the sleeping one: the sleeping stack's contacts are
    # not met by the steps (its bodies take no part), yet kept, in order, as they were.
    right = _stack(world, 5.0)
    ball = world.add(Circle(0.3), (5.0, 6.0, 0.0), type="dynamic")
    for _ in range(40):
        world.step(DT)
        kept = world._dynamics.kept
        keys = kept.keys.tolist()
        assert keys == sorted(set(keys))  # ascending, no key twice
        assert stack_keys <= set(keys)
        for i, k in enumerate(keys):
            if k in stack_keys:
                assert np.array_equal(kept.normal_impulse[i], before[k][0])
                assert np.array_equal(kept.cached[i], before[k][1])
        assert any(k == _key(floor, right[0]) for k in keys)
    assert not any(world.is_awake(b) for b in left) and world.is_awake(ball)


def test_with_nothing_asleep_the_kept_contacts_are_the_steps_own_rows():
    world = World(gravity=(0.0, -10.0), sleep=False)
    floor = world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    boxes = _stack(world, 0.0) + _stack(world, 2.0)
    for _ in range(60):
        world.step(DT)
    keys = world._dynamics.kept.keys.tolist()
    expected = {_key(floor, boxes[0]), _key(floor, boxes[3])}
    expected |= {_key(boxes[k], boxes[k + 1]) for k in (0, 1, 3, 4)}
    assert keys == sorted(expected)


def _pile_hash(shuffle_seed: int | None) -> str:
    from engine.crosscheck.scenes import build_ours, pile

    run = build_ours(pile(150), sleep=True)
    rng = None if shuffle_seed is None else np.random.default_rng(shuffle_seed)
    for _ in range(90):
        if rng is not None:  # the broad phase promises its candidates in no order
            dynamics = run.world._dynamics
            dynamics._candidates = dynamics._candidates[rng.permutation(len(dynamics._candidates))]
        run.step()
    return hashlib.sha256(
        np.ascontiguousarray(run.poses()).tobytes() + run.velocities().tobytes()
    ).hexdigest()


def test_a_step_does_not_depend_on_the_order_of_its_candidates():
    # find_contacts sorts its pairs by key and leaves the candidates in that order, so the next
    # steps need no sort; candidates shuffled before every step take the sorting path each time.
    assert _pile_hash(None) == _pile_hash(1) == _pile_hash(2)


def test_the_candidates_are_left_with_the_pairs_taken_first_in_key_order():
    world = World(gravity=(0.0, -10.0), sleep=False)
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    _stack(world, 0.0)
    _stack(world, 2.0)
    for _ in range(3):
        world.step(DT)
    dynamics = world._dynamics
    ids = world._a.ids
    taken = len(dynamics.kept.keys)
    pairs = dynamics._candidates[:taken]
    keys = (np.minimum(ids[pairs[:, 0]], ids[pairs[:, 1]]) << 32) | np.maximum(
        ids[pairs[:, 0]], ids[pairs[:, 1]]
    )
    assert keys.tolist() == dynamics.kept.keys.tolist()


def _bouncing_balls_beside_a_stack() -> World:
    world = World(gravity=(0.0, -10.0), sleep=False)
    world.add(Polygon.box(40.0, 1.0), (0.0, -0.5, 0.0), type="static")
    for k in range(12):  # they leave the ground and come back: pairs that stand with no point for a while
        world.add(Circle(0.3), (-15.0 + 1.0 * k, 0.9 + 0.01 * k, 0.0), type="dynamic", restitution=0.9)
    for row in range(6):
        for k in range(6 - row):
            world.add(Polygon.box(0.5, 0.5), (5.0 + k + 0.5 * row, 0.5 + row, 0.0), type="dynamic")
    return world


def test_contacts_written_in_place_step_bit_for_bit_as_contacts_written_fresh():
    # While a step's pairs are last step's, find_contacts writes each row over its own (a pair of no
    # point keeps a row of count 0, which the solver skips); a world made to write fresh rows every
    # step (no last step's contacts to write over) must step the same to the last bit.
    from engine.world.solver import NO_CONSTRAINTS

    in_place, fresh = _bouncing_balls_beside_a_stack(), _bouncing_balls_beside_a_stack()
    kept_rows = empty_rows = 0
    for _ in range(180):
        before = in_place._dynamics._last.a
        a, b = in_place.step(DT), fresh.step(DT)
        fresh._dynamics._last = NO_CONSTRAINTS
        last = in_place._dynamics._last
        if len(last.a) and np.shares_memory(before, last.a):
            kept_rows += 1
            empty_rows += int(np.count_nonzero(last.count == 0))
        assert a.began.tolist() == b.began.tolist() and a.ended.tolist() == b.ended.tolist()
        assert a.impulse.tobytes() == b.impulse.tobytes()
    assert kept_rows > 30 and empty_rows > 0  # both paths taken: in place, with rows of no point
    assert in_place._frame.arrays.xf.tobytes() == fresh._frame.arrays.xf.tobytes()
    assert in_place._frame.arrays.vel.tobytes() == fresh._frame.arrays.vel.tobytes()


def _riding_pair(drift: float):
    """A box riding on another, frictionless and weightless, both at 2 m/s to the right, the top one
    ``drift`` faster; returns (world, their key)."""
    world = World(gravity=(0.0, 0.0), sleep=False)
    under = world.add(Polygon.box(1.0, 0.5), (0.0, 0.0, 0.0), type="dynamic", friction=0.0)
    over = world.add(Polygon.box(0.5, 0.5), (0.0, 1.0, 0.0), type="dynamic", friction=0.0)
    world.set_velocity(under, (2.0, 0.0))
    world.set_velocity(over, (2.0 + drift, 0.0))
    return world, _key(under, over)


def _cached_pose(world: World, key: int) -> np.ndarray:
    kept = world._dynamics.kept
    return kept.cached[kept.keys.tolist().index(key), :4].copy()


def test_a_pair_moving_together_recycles_its_manifold_however_fast_both_go():
    # Whether a manifold can be recycled depends on how the pair moves relative to each other:
    # two boxes carried along together at 2 m/s (3.3 cm a step each) keep theirs while the top one
    # slides 3 mm/s across the other (0.5 mm in ten steps, under the 1 mm recycling distance), where
    # their speeds added up (6.7 cm a step) had the manifold computed afresh every step.
    world, key = _riding_pair(0.003)
    world.step(DT)
    first = _cached_pose(world, key)
    for _ in range(9):
        world.step(DT)
    assert np.array_equal(_cached_pose(world, key), first)  # the same numbers: never computed again
    assert abs(world.transform(1)[0] - world.transform(0)[0]) > 4e-4  # a fresh one would differ


def test_a_pair_sliding_past_each_other_faster_than_the_recycling_distance_a_step_is_computed_afresh():
    world, key = _riding_pair(0.12)  # 2 mm a step relative to each other
    poses = []
    for _ in range(4):
        world.step(DT)
        poses.append(_cached_pose(world, key))
    assert all(not np.array_equal(p, q) for p, q in itertools.pairwise(poses))
