"""The broad phase renewed where few boxes changed (``pairs.renew_candidates``): a step whose moving
bodies are mostly asleep or held finds the changed bodies' pairs again and keeps the rest. It must
find the set of pairs the whole broad phase finds on the same boxes, so that a world steps exactly
as it did when the broad phase ran whole every time."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.world.step as step_module
from engine import World
from engine.collision import Capsule, Circle, Polygon
from engine.crosscheck.scenes import build_ours, smash
from engine.world.pairs import frame_candidates

DT = 1.0 / 60.0


def _as_set(pairs: np.ndarray) -> set[tuple[int, int]]:
    return {(min(a, b), max(a, b)) for a, b in pairs.tolist()}


@pytest.fixture
def checked(monkeypatch):
    """Every renewal is checked against the whole broad phase on the same boxes; counts them."""
    renew, count = step_module.renew_candidates, {"renewed": 0, "whole": 0}

    def both(bodies, last_boxes, last, moving, walls, most):
        renewed, pairs = renew(bodies, last_boxes, last, moving, walls, most)
        if renewed:
            count["renewed"] += 1
            # (a cell of 1: the cell changes how the walk goes, not what it finds, short of a pile-up)
            whole = frame_candidates(bodies, moving, 1.0, walls)
            assert _as_set(pairs) == _as_set(whole)
            assert len(pairs) == len(_as_set(pairs))  # no pair twice
        else:
            count["whole"] += 1
        return renewed, pairs

    monkeypatch.setattr(step_module, "renew_candidates", both)
    return count


def _block(world: World, columns: int, rows: int, *, layer: int = 1, mask: int = 0xFFFF) -> list[int]:
    return [
        world.add(
            Polygon.box(0.2, 0.2), (i * 0.4 + 3.0, j * 0.4 - 2.0, 0.0), awake=False, layer=layer, mask=mask
        )
        for i in range(columns)
        for j in range(rows)
    ]


def test_a_box_flying_at_a_sleeping_block_renews_its_pairs_only_until_the_block_wakes(checked):
    world = World(gravity=(0.0, 0.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -5.0, 0.0), type="static")
    block = _block(world, 8, 10)
    flyer = world.add(Polygon.box(1.0, 1.0), (-6.0, 0.0, 0.0), density=8.0)
    world.set_velocity(flyer, (20.0, 0.0))
    for _ in range(120):
        world.step(DT)
    assert checked["renewed"] > 10  # the flight: one box changed a step among 80 asleep
    assert any(world.is_awake(b) for b in block)  # then it hit, and the woken ones take the whole walk
    assert checked["whole"] > 0


_shapes = st.sampled_from(
    [Polygon.box(0.3, 0.2), Circle(0.25), Capsule((-0.3, 0.0), (0.3, 0.0), 0.1), Polygon.box(1.2, 0.1)]
)
_body = st.tuples(
    _shapes,
    st.floats(-6.0, 6.0),
    st.floats(-3.0, 3.0),
    st.sampled_from(["dynamic", "dynamic", "kinematic", "static"]),
    st.booleans(),  # created asleep
    st.sampled_from([(1, 0xFFFF), (2, 0xFFFF), (1, 1), (4, 0)]),  # layer, mask
    st.booleans(),  # a sensor
)


@settings(max_examples=25, deadline=None)
@given(
    bodies=st.lists(_body, min_size=2, max_size=30), fling=st.floats(-30.0, 30.0), steps=st.integers(5, 40)
)
def test_renewed_candidates_are_the_whole_broad_phases_set_in_any_world(bodies, fling, steps):
    renew = step_module.renew_candidates
    renewed = []

    def both(b, last_boxes, last, moving, walls, most):
        ok, pairs = renew(b, last_boxes, last, moving, walls, most)
        if ok:
            renewed.append(1)
            assert _as_set(pairs) == _as_set(frame_candidates(b, moving, 1.0, walls))
        return ok, pairs

    step_module.renew_candidates = both
    try:
        world = World(gravity=(0.0, -10.0))
        world.add(Polygon.box(12.0, 0.5), (0.0, -4.0, 0.0), type="static")
        ids = []
        for shape, x, y, kind, asleep, (layer, mask), sensor in bodies:
            awake = not (asleep and kind == "dynamic")
            ids.append(
                world.add(shape, (x, y, 0.3), type=kind, layer=layer, mask=mask, sensor=sensor, awake=awake)
            )
        movers = [b for b in ids if world.is_dynamic(b)]
        if movers:
            world.set_velocity(movers[0], (fling, 0.0), 1.0)
        kinematic = [b for b in ids if world.body_type(b) == "kinematic"]
        if kinematic:
            world.set_velocity(kinematic[0], (0.5, 0.0))
        for _ in range(steps):
            world.step(DT)
    finally:
        step_module.renew_candidates = renew


def _twins_step_alike(renewing, whole, same, steps: int, monkeypatch) -> int:
    """Call ``renewing()`` (a step as the world takes it) and ``whole()`` (a step with the broad phase
    run whole whenever a box changed: ``RENEW_MOST`` 0), asserting ``same()`` after each; returns how
    many steps renewed."""
    renew, renewed = step_module.renew_candidates, [0]

    def counted(*args):
        ok, pairs = renew(*args)
        renewed[0] += ok
        return ok, pairs

    for k in range(steps):
        monkeypatch.setattr(step_module, "renew_candidates", counted)
        renewing()
        monkeypatch.setattr(step_module, "renew_candidates", renew)
        monkeypatch.setattr(step_module, "RENEW_MOST", np.int64(0))
        whole()
        monkeypatch.undo()
        assert same(), f"step {k}"
    return renewed[0]


def _props_room(world: World) -> int:
    """A walled room of crates and barrels created asleep, a player pushed through them."""
    for x, y, hw, hh in (
        (0.0, -6.0, 8.0, 0.5),
        (0.0, 6.0, 8.0, 0.5),
        (-8.0, 0.0, 0.5, 6.0),
        (8.0, 0.0, 0.5, 6.0),
    ):
        world.add(Polygon.box(hw, hh), (x, y, 0.0), type="static")
    for i in range(12):
        for j in range(6):
            shape = Circle(0.3) if (i + j) % 3 == 0 else Polygon.box(0.3, 0.3)
            world.add(shape, (-5.0 + 0.9 * i, -3.0 + 1.2 * j, 0.1 * i), awake=False, linear_damping=2.0)
    player = world.add(Circle(0.4), (-7.0, 0.3, 0.0), density=4.0)
    world.set_velocity(player, (6.0, 0.4))
    return player


def test_a_room_of_props_asleep_with_a_player_pushed_through_steps_bit_for_bit_as_with_the_whole_broad_phase(
    monkeypatch,
):
    renewing, whole = World(), World()
    _props_room(renewing), _props_room(whole)
    ids = renewing.bodies

    def same() -> bool:
        """Poses, velocities, who is awake and the contacts' impulses (a snapshot's bytes hold the
        candidates in the order found, which differs)."""
        pushed, twin_pushed = renewing.pair_impulses(), whole.pair_impulses()
        return (
            np.array_equal(renewing.transforms(ids), whole.transforms(ids))
            and np.array_equal(renewing.velocities(ids), whole.velocities(ids))
            and [renewing.is_awake(b) for b in ids.tolist()] == [whole.is_awake(b) for b in ids.tolist()]
            and all(np.array_equal(x, y) for x, y in zip(pushed, twin_pushed, strict=True))
        )

    renewed = _twins_step_alike(lambda: renewing.step(DT), lambda: whole.step(DT), same, 240, monkeypatch)
    assert renewed > 30
    assert sum(renewing.is_awake(b) for b in renewing.bodies.tolist()) > 3  # it pushed props


def test_smashs_flight_at_its_sleeping_block_steps_bit_for_bit_as_with_the_whole_broad_phase(monkeypatch):
    """Until the block wakes: then its pile-up of grown boxes is swept by the whole broad phase, which
    bounds a pile-up's pairs (``pileup.MAX_MET``) where renewing finds every pair."""
    scene = smash(12, 10, asleep=True)
    renewing, whole = build_ours(scene), build_ours(scene)

    def same() -> bool:
        return np.array_equal(renewing.poses(), whole.poses()) and np.array_equal(
            renewing.velocities(), whole.velocities()
        )

    assert _twins_step_alike(renewing.step, whole.step, same, 65, monkeypatch) > 60
