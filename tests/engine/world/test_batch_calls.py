"""The world's batch calls leave it exactly as the same one-body calls one after another do."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Circle, Polygon


def scene(kinds: list[int]) -> tuple[World, list[int]]:
    """A world of bodies in a row: 0 static, 1 kinematic, 2 dynamic box, 3 dynamic disc (with user data)."""
    world = World()
    bodies = []
    for k, kind in enumerate(kinds):
        shape = Circle(0.5) if kind == 3 else Polygon.box(0.4, 0.3)
        xf = (3.0 * k, 0.5 * k, 0.1 * k)
        bodies.append(
            world.add(
                shape,
                xf,
                type=("static", "kinematic", "dynamic")[min(kind, 2)],
                density=1.0 + k,
                user_data=f"u{k}",
            )
        )
    return world, bodies


def snapshot(world: World) -> tuple:
    ids = sorted(world.bodies.tolist())
    return (
        ids,
        world.transforms(ids).tolist(),
        world.velocities(ids).tolist(),
        world.awake(ids).tolist(),
        [world.user_data(b) for b in ids],
        [world.layer(b) for b in ids],
        sorted(map(tuple, world.pairs().tolist())),
    )


kinds = st.lists(st.integers(0, 3), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(kinds, st.data())
def test_removing_many_bodies_at_once_leaves_the_others_as_removing_them_one_by_one_does(kinds, data):
    alone, bodies = scene(kinds)
    batch, _ = scene(kinds)
    gone = data.draw(st.permutations(bodies).map(lambda p: p[: data.draw(st.integers(0, len(p)))]))
    for body in gone:
        alone.remove(body)
    batch.remove_bodies(gone)
    assert snapshot(batch) == snapshot(alone)
    assert all(b not in batch for b in gone) and len(batch) == len(bodies) - len(gone)
    for _ in range(5):  # and they go on moving alike (up to the solver's order over their slots)
        alone.step(1 / 60), batch.step(1 / 60)
    left = sorted(alone.bodies.tolist())
    assert np.allclose(batch.transforms(left), alone.transforms(left), rtol=0.0, atol=1e-9)
    extra = batch.add(
        Circle(1.0), (0.0, 9.0, 0.0), type="kinematic", user_data="new"
    )  # the arrays still take bodies
    assert batch.user_data(extra) == "new" and extra not in bodies


impulse = st.tuples(st.floats(-50, 50), st.floats(-50, 50))


@settings(max_examples=60, deadline=None)
@given(kinds, st.data(), st.booleans())
def test_impulses_given_at_once_move_bodies_exactly_as_the_same_impulses_one_by_one(kinds, data, at_points):
    alone, bodies = scene(kinds)
    batch, _ = scene(kinds)
    rows = data.draw(st.lists(st.sampled_from(bodies), max_size=10))  # a body may repeat
    impulses = [data.draw(impulse) for _ in rows]
    points = [data.draw(impulse) for _ in rows] if at_points else None
    for k, body in enumerate(rows):
        alone.apply_impulse(body, impulses[k], points[k] if at_points else None)
    batch.apply_impulses(
        rows, np.array(impulses).reshape(-1, 2), None if points is None else np.array(points).reshape(-1, 2)
    )
    assert snapshot(batch) == snapshot(alone)


def test_an_impulse_in_a_batch_wakes_a_sleeping_body_and_spins_it_about_its_centre():
    world = World()
    world.add(Polygon.box(20, 1), (0, -1, 0), type="static")
    box = world.add(Polygon.box(0.5, 0.5), (0, 0.5, 0), type="dynamic")
    for _ in range(300):
        world.step(1 / 60)
    assert not world.is_awake(box)
    world.apply_impulses([box], [(0.0, 1.0)], [(0.5, 0.5)])  # up, at the right edge: turns it CCW
    _, vy, w = world.velocity(box)
    assert world.is_awake(box) and vy > 0.0 and w > 0.0
