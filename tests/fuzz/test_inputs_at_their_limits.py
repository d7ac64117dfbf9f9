"""Each kind of input at its written limit (issue 43): the answer stays bounded and, where physics
still has one, right; past what contacts hold at rest, a ``PhysicsWarning`` says so once, and the
same scene in pyb2d3 (Box2D v3.1) does no better. The figures are in docs/limits.md.

- mass ratio 1:10⁶ (``MAX_RESTING_MASS_RATIO`` is 100): a light box under a heavy one is pressed
  into the floor, and the heavy box still rests on the floor; a light box on a heavy one rests;
- ``MAX_DT`` (1 s): a stack stepped a second at a time goes soft, as Box2D's does, and nothing
  falls through the ground;
- ``MAX_SUBSTEPS`` (64): a pyramid stands as it does at 4;
- ``MAX_GRAVITY`` (10⁹): a box on the ground falls through it (Box2D's too, from 10⁵), and stays
  finite and within the coordinate range;
- ``MAX_BODIES`` (65,536): the world holds them, steps them within a budget, and refuses one more.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pyb2d3 as b2
import pytest

from engine import World
from engine.collision import Circle, Polygon
from engine.collision.limits import MAX_COORDINATE
from engine.world.world import MAX_BODIES, MAX_DT, MAX_GRAVITY, MAX_SUBSTEPS, PhysicsWarning

from .conftest import one_line, within_budget

DT = 1.0 / 60.0


def with_ground(**settings) -> World:
    world = World(**settings)
    world.add(Polygon.box(50.0, 0.5), (0.0, -0.5, 0.0), type="static")
    return world


def box2d_column(gravity: float, dt: float, count: int, steps: int) -> list[float]:
    """The same column of unit boxes on the same ground in pyb2d3: their heights after ``steps``."""
    world = b2.World(gravity=(0.0, gravity))
    ground = world.create_static_body(position=(0.0, -0.5))
    ground.create_polygon_shape(b2.shape_def(), b2.box(50.0, 0.5))
    boxes = []
    for k in range(count):
        body = world.create_dynamic_body(position=(0.0, 0.5 + k))
        body.create_polygon_shape(b2.shape_def(density=1.0), b2.box(0.5, 0.5))
        boxes.append(body)
    for _ in range(steps):
        world.step(dt, 4)
    return [float(b.position[1]) for b in boxes]


def sane(world: World) -> None:
    ids = world.bodies
    xf, v = world.transforms(ids), world.velocities(ids)
    assert np.isfinite(xf).all() and np.isfinite(v).all()
    assert (np.abs(xf[:, :2]) <= MAX_COORDINATE).all()


@pytest.mark.parametrize("heavy_on_top", [True, False])
def test_a_mass_ratio_of_a_million_on_a_light_box_warns_and_the_heavy_box_rests_on_the_floor(heavy_on_top):
    world = with_ground(gravity=(0.0, -10.0))
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        low = world.add(Polygon.box(0.5, 0.5), (0.0, 0.5, 0.0), density=1.0 if heavy_on_top else 1e6)
        high = world.add(Polygon.box(0.5, 0.5), (0.0, 1.5, 0.0), density=1e6 if heavy_on_top else 1.0)
        for _ in range(120):
            world.step(DT)
    said = [w for w in said if issubclass(w.category, PhysicsWarning)]
    # Said once, when the heavy box is added above a light one; a light box on a heavy one is fine.
    assert len(said) == heavy_on_top
    assert all("MAX_RESTING_MASS_RATIO" in one_line(str(w.message)) for w in said)
    sane(world)
    if heavy_on_top:  # the light box is pressed into the floor; the heavy one comes to rest on the floor
        assert world.transform(high).y == pytest.approx(0.5, abs=0.01)
        assert -0.5 < world.transform(low).y < 0.5
    else:  # a light box on a heavy one rests on it
        assert world.transform(low).y == pytest.approx(0.5, abs=0.01)
        assert world.transform(high).y == pytest.approx(1.5, abs=0.01)


def test_a_stack_stepped_at_the_longest_dt_goes_soft_as_box2d_does_and_none_falls_through():
    world = with_ground(gravity=(0.0, -10.0))
    boxes = [world.add(Polygon.box(0.5, 0.5), (0.0, 0.5 + k, 0.0)) for k in range(5)]
    for _ in range(10):
        world.step(MAX_DT)
    sane(world)
    ours = world.transforms(boxes)[:, 1]
    theirs = box2d_column(-10.0, MAX_DT, 5, 10)
    assert ours.min() > -1.0 and min(theirs) > -1.0  # every centre above the ground's underside
    assert ours.min() < 0.45 and min(theirs) < 0.45  # and the stack is soft in both: bodies sink


def test_a_pyramid_stands_at_the_most_substeps_as_it_does_at_four():
    ends = {}
    for substeps in (4, MAX_SUBSTEPS):
        world = with_ground(gravity=(0.0, -10.0), substeps=substeps)
        boxes = [world.add(Polygon.box(0.5, 0.5), (k - (10 - row) / 2 + 0.5, 0.5 + row, 0.0))
                 for row in range(10) for k in range(10 - row)]  # fmt: skip
        for _ in range(300):
            world.step(DT)
        sane(world)
        ends[substeps] = world.transforms(boxes)
        assert np.abs(ends[substeps][:, 2]).max() < 0.01 and ends[substeps][:, 1].min() > 0.49
    assert np.abs(ends[4][:, :2] - ends[MAX_SUBSTEPS][:, :2]).max() < 0.02


def test_the_strongest_gravity_warns_once_and_stays_finite_where_box2d_falls_through_too():
    with pytest.warns(PhysicsWarning, match="MAX_RESTING_GRAVITY") as said:
        world = with_ground(gravity=(0.0, -MAX_GRAVITY))
        box = world.add(Polygon.box(0.5, 0.5), (0.0, 0.5, 0.0))
        for _ in range(600):
            world.step(DT)
    assert len(said) == 1 and one_line(str(said[0].message))
    sane(world)
    assert world.transform(box).y < -1.0 and box2d_column(-MAX_GRAVITY, DT, 1, 60)[0] < -1.0
    # Under the gravity contacts do hold (a tenth of MAX_RESTING_GRAVITY), the box rests on the ground.
    world = with_ground(gravity=(0.0, -1e4))
    box = world.add(Polygon.box(0.5, 0.5), (0.0, 0.5, 0.0))
    with warnings.catch_warnings():
        warnings.simplefilter("error", PhysicsWarning)
        for _ in range(60):
            world.step(DT)
    assert world.transform(box).y == pytest.approx(0.5, abs=0.1)


def test_the_most_bodies_step_within_a_budget_and_one_more_is_refused():
    world = World(gravity=(0.0, 0.0))
    side = math.ceil(math.sqrt(MAX_BODIES))
    for k in range(MAX_BODIES):  # a grid of discs 0.2 apart, each nudged toward its neighbour
        world.add(Circle(0.4), (float(k % side), float(k // side), 0.0))
    world.set_velocity(0, (1.0, 0.0))
    with within_budget(10.0, 512.0):
        for _ in range(3):
            world.step(DT)
    sane(world)
    assert len(world) == MAX_BODIES
    with pytest.raises(ValueError) as refused:
        world.add(Circle(0.4), (-5.0, -5.0, 0.0))
    assert one_line(str(refused.value)) == (
        "World.add: the world holds 65,536 bodies, the limit (MAX_BODIES = 65,536); remove one first"
    )
    assert len(world) == MAX_BODIES
