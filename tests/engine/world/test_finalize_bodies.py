"""The step's last look at its bodies (``step.finalize_bodies``): the world boxes it refreshes in
place for the movers are those a rebuild computes for every body, and each body starts the next
step where this one left it, its force cleared, whatever moved it (the solve, the continuous pass,
the range's edge, a wake, a placement between steps)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Circle, Polygon
from engine.collision.limits import MAX_COORDINATE
from engine.world.boxes import compute_aabbs

DT = 1 / 60


def _rebuilt_boxes(world: World) -> np.ndarray:
    frame = world._frame
    a = frame.arrays
    boxes = np.empty((a.n, 4))
    compute_aabbs(frame.table.data, frame.table.offsets, a.shape[: a.n], a.xf[: a.n], boxes)
    return boxes


def _assert_finalized(world: World) -> None:
    a = world._frame.arrays
    kept = world._frame.kept_boxes
    assert kept is not None  # the step kept the frame's boxes, refreshed, not dropped
    assert kept.tobytes() == _rebuilt_boxes(world).tobytes()
    assert a.start[: a.n].tobytes() == a.xf[: a.n].tobytes()
    assert not a.force[: a.n].any()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), sleep=st.booleans())
def test_the_boxes_a_step_keeps_are_those_a_rebuild_computes_whatever_moved_the_bodies(seed, sleep):
    rng = np.random.default_rng(seed)
    world = World(gravity=(0.0, -10.0), sleep=sleep)
    world.add(Polygon.box(40.0, 1.0), (0.0, -0.5, 0.0), type="static")
    world.add(Polygon.box(0.2, 20.0), (12.0, 10.0, 0.0), type="static")  # a thin wall for fast bodies
    shapes = [Polygon.box(1.0, 0.5), Circle(0.4), Polygon([(0.0, 0.0), (1.2, 0.0), (0.0, 0.7)])]
    crates = [
        world.add(shapes[k % 3], (float(rng.uniform(-8, 8)), float(rng.uniform(0.5, 8)), float(rng.uniform(-3, 3))),
                  type="dynamic")
        for k in range(30)
    ]  # fmt: skip
    bullet = world.add(Circle(0.05), (0.0, 12.0, 0.0), type="dynamic", bullet=True)
    world.set_velocity(bullet, (900.0, 0.0))  # through the thin wall in a step, but for the continuous pass
    pusher = world.add(
        Polygon.box(2.0, 0.5), (-9.0, 1.0, 0.0), type="kinematic"
    )  # kinematic, with a velocity
    world.set_velocity(pusher, (3.0, 0.0))
    edge = world.add(Circle(1.0), (MAX_COORDINATE - 3.0, 0.0, 0.0), type="dynamic", gravity_scale=0.0)
    world.set_velocity(edge, (600.0, 0.0))  # held at the edge of the range
    for step in range(90):
        if step % 30 == 29:  # placed between steps: met at once, its box as placed
            world.set_transform(crates[step % len(crates)], (float(rng.uniform(-5, 5)), 9.0, 0.5))
        if step == 60:
            world.apply_impulse(crates[0], (0.0, 40.0))  # wakes a sleeping island
        world.step(DT)
        _assert_finalized(world)
    assert world.transform(edge).x == MAX_COORDINATE - 3.0
    assert world.transform(bullet).x < 12.0  # stopped at the wall, not through it
