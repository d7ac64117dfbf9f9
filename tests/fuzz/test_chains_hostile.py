"""Chains, hostile (issue 38): ``World.add_chain`` given junk, and Tiled chain and cave walls of any
points, end in a chain or one clear line, with nothing added and nothing failing."""

from __future__ import annotations

import math
import tempfile

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Circle
from engine.world import MAX_CHAIN_POINTS
from tests.game.tiled import maps

from .conftest import one_line
from .test_level_files import ends_well, write

COORD = st.one_of(
    st.floats(-300.0, 300.0),
    st.floats(-300.0, 300.0),
    st.floats(-300.0, 300.0),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e308, 5e-324, 0.0, 2e9]),
)
POINT = st.tuples(COORD, COORD)
JUNK = st.one_of(
    st.none(), st.text(max_size=3), st.booleans(), st.just([[1.0, 2.0, 3.0]]), st.just(np.zeros((2, 3)))
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    points=st.one_of(st.lists(POINT, max_size=12), JUNK, st.just([(float(k), 0.0) for k in range(MAX_CHAIN_POINTS + 1)])),
    loop=st.one_of(st.booleans(), JUNK),
    friction=st.one_of(st.floats(0.0, 1.0), st.sampled_from([math.nan, -1.0, 1e9])),
)  # fmt: skip
def test_add_chain_makes_a_chain_or_refuses_in_one_line_and_adds_nothing(points, loop, friction):
    world = World()
    world.add(Circle(0.5), (0.0, 50.0, 0.0))  # a body already there, which a refusal leaves alone
    before = (len(world), world.bodies.tolist())
    try:
        body = world.add_chain(points, loop, friction=friction)
    except (ValueError, TypeError) as error:
        one_line(str(error))
        assert (len(world), world.bodies.tolist()) == before
        return
    assert world.is_static(body) and len(world.shapes(body)) >= 1
    for _ in range(3):
        world.step(1 / 60)
    xf = world.transforms(world.bodies)
    assert np.isfinite(xf).all()


WALL_POINTS = st.lists(st.tuples(st.one_of(st.floats(-200, 200), COORD), st.floats(-200, 200)), max_size=14)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    points=WALL_POINTS,
    cls=st.sampled_from(["chain", "cave"]),
    kind=st.sampled_from(["polygon", "polyline"]),
    rotation=st.one_of(st.floats(-720, 720), st.just(math.nan)),
)
def test_a_chain_or_cave_wall_of_any_points_ends_in_a_level_or_one_line_findings(points, cls, kind, rotation):
    wall = maps.obj(
        1, "w", cls, x=160, y=128, rotation=rotation, **{kind: [{"x": x, "y": y} for x, y in points]}
    )
    with tempfile.TemporaryDirectory() as folder:
        ends_well(write(folder, maps.with_walls(wall)))
