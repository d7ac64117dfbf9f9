"""A heavy body resting on a light one, beside Box2D v3 itself (pyb2d3), and the limits a world warns of.

A soft contact rests at a depth of its load over the pair's effective mass (the lighter body's) times
its spring rate squared: a box on one 1,000 times lighter sank a third of its height into it in Box2D
v3 and here. Ours stiffens contacts between bodies of masses more than 4 times apart to the stiffness
it gives static contacts, and warns once past ``MAX_RESTING_MASS_RATIO`` (issue 44, defect 7).
"""

from __future__ import annotations

import warnings

import pyb2d3 as b2
import pytest

from engine import World
from engine.collision import Circle, Polygon
from engine.world import MAX_RESTING_GRAVITY, MAX_RESTING_MASS_RATIO, PhysicsWarning

DT = 1.0 / 60.0


def _ours(ratio: float) -> tuple[float, float]:
    """(how far the heavy box sank into the light one, how far the light one sank into the ground)."""
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    light = world.add(Polygon.box(0.5, 0.5), (0.0, 0.5, 0.0), type="dynamic", density=1.0)
    heavy = world.add(Polygon.box(0.5, 0.5), (0.0, 1.5, 0.0), type="dynamic", density=ratio)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PhysicsWarning)
        for _ in range(300):
            world.step(DT)
    low, high = world.transform(light).y, world.transform(heavy).y
    return 1.0 - (high - low), 0.5 - low


def _box2d(ratio: float) -> tuple[float, float]:
    """The same scene in Box2D v3.1 (pyb2d3), 4 sub-steps."""
    world = b2.World(gravity=(0.0, -10.0))

    def shape(density):
        return b2.shape_def(density=density, material=b2.surface_material(friction=0.6))

    world.create_static_body(position=(0.0, -0.5)).create_polygon_shape(shape(1.0), b2.box(20.0, 0.5))
    light = world.create_dynamic_body(position=(0.0, 0.5))
    light.create_polygon_shape(shape(1.0), b2.box(0.5, 0.5))
    heavy = world.create_dynamic_body(position=(0.0, 1.5))
    heavy.create_polygon_shape(shape(ratio), b2.box(0.5, 0.5))
    for _ in range(300):
        world.step(DT, 4)
    low, high = light.position[1], heavy.position[1]
    return 1.0 - (high - low), 0.5 - low


@pytest.mark.parametrize("ratio, at_most", [(10.0, 0.002), (100.0, 0.02), (1000.0, 0.2)])
def test_a_heavy_box_sinks_into_a_light_one_less_than_in_box2d_v3(ratio, at_most):
    ours, theirs = _ours(ratio), _box2d(ratio)
    assert 0.0 <= ours[0] < at_most
    assert ours[0] < 0.5 * theirs[0]  # Box2D v3: 0.44 % at 10, 4.4 % at 100, 44 % at 1,000
    assert ours[1] < 0.1  # nor is the light box pressed far into the ground


def test_two_bodies_resting_on_each_other_past_the_mass_ratio_warn_once():
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    light = world.add(Polygon.box(0.5, 0.5), (0.0, 0.5, 0.0), type="dynamic")
    heavy = world.add(
        Polygon.box(0.5, 0.5), (0.0, 1.5, 0.0), type="dynamic", density=2 * MAX_RESTING_MASS_RATIO
    )
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        for _ in range(120):
            world.step(DT)
    assert len(said) == 1 and said[0].category is PhysicsWarning
    text = str(said[0].message)
    assert f"bodies {light} and {heavy}" in text and "200 times" in text and "\n" not in text
    assert said[0].filename == __file__  # said at the caller's step


def test_a_light_body_on_a_heavy_one_says_nothing():
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    world.add(Polygon.box(5.0, 0.5), (0.0, 0.5, 0.0), type="dynamic", density=1e6)
    world.add(Polygon.box(0.5, 0.5), (0.0, 1.5, 0.0), type="dynamic")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(120):
            world.step(DT)


def test_bodies_of_other_masses_that_never_touch_say_nothing_nor_do_mild_ratios():
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    world.add(Circle(0.5), (-5.0, 0.5, 0.0), type="dynamic", density=1e6)  # alone on the ground
    world.add(Circle(0.5), (5.0, 0.5, 0.0), type="dynamic", density=1.0)
    world.add(Polygon.box(0.5, 0.5), (5.0, 1.5, 0.0), type="dynamic", density=MAX_RESTING_MASS_RATIO / 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(120):
            world.step(DT)


def test_a_gravity_past_what_contacts_hold_warns_once_in_world_units():
    with pytest.warns(PhysicsWarning, match="MAX_RESTING_GRAVITY"):
        World(gravity=(0.0, -2.0 * MAX_RESTING_GRAVITY))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        World(gravity=(0.0, -2.0 * MAX_RESTING_GRAVITY), units_per_meter=32.0)  # pixels: 62,500 m/s²
        world = World(gravity=(0.0, -1000.0))
        world.add(Circle(1.0), (0.0, 0.0, 0.0), type="dynamic", gravity_scale=50.0)
    with pytest.warns(PhysicsWarning, match="gravity scale 500"):
        world.add(Circle(1.0), (0.0, 0.0, 0.0), type="dynamic", gravity_scale=500.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once per world
        world.add(Circle(1.0), (0.0, 0.0, 0.0), type="dynamic", gravity_scale=600.0)
