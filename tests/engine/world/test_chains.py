"""Chains (issue 38 §2, Box2D v3's ``b2ChainDef``): one-sided segments with ghost vertices.

Box2D's "Chain Slide" and "Ghost Bumps" samples: a body sliding along a run of many segments keeps
the speed and the spin it has along one long segment; one-sided: a counter-clockwise loop is
solid, a clockwise one a cave, a body from behind passes through; beside Box2D v3 (pyb2d3); and
the refusals.
"""

from __future__ import annotations

import copy
import math
import pickle

import numpy as np
import pyb2d3 as b2
import pytest

from engine import World
from engine.collision import Capsule, Circle, Polygon
from engine.world.chains import MAX_CHAIN_POINTS

DT = 1.0 / 60.0
SPEED = 4.0
SHAPES = {
    "box": Polygon.box(0.5, 0.5),
    "circle": Circle(0.5),
    "capsule": Capsule((-0.5, 0.0), (0.5, 0.0), 0.25),
}


def _run(segments: int, jitter: float = 0.0) -> np.ndarray:
    """(x, y) of a flat run from x = −10 to 10 of ``segments`` segments facing up (right to left),
    each inner point moved up or down by at most ``jitter``."""
    xs = np.linspace(-10.0, 10.0, segments + 1)
    ys = np.zeros(segments + 1)
    if jitter:
        ys[1:-1] = np.random.default_rng(7).uniform(-jitter, jitter, segments - 1)
    return np.column_stack([xs, ys])[::-1]


def _slide(shape, points, steps: int = 150) -> tuple[float, float, float]:
    """A body on ``points`` (friction 0, gravity on) set sliding at ``SPEED``: the slowest and fastest
    speeds along the run after the first half second, and the largest spin."""
    world = World(gravity=(0.0, -10.0))
    world.add_chain(points, friction=0.0)
    bottom = -shape.support(0.0, -1.0)[1]
    body = world.add(shape, (-8.0, bottom, 0.0), friction=0.0)
    world.set_velocity(body, (SPEED, 0.0))
    slowest, fastest, spin = math.inf, 0.0, 0.0
    for k in range(steps):
        world.step(DT)
        vx, _, w = world.velocity(body)
        if k >= 30:
            slowest, fastest, spin = min(slowest, vx), max(fastest, vx), max(spin, abs(w))
    assert world.transform(body).x > -8.0 + 0.9 * SPEED * steps * DT  # it slid the whole way
    return slowest, fastest, spin


@pytest.mark.parametrize("kind", SHAPES)
@pytest.mark.parametrize("jitter", [0.0, 1e-4])
def test_a_body_slides_over_a_run_of_100_segments_as_over_one(kind, jitter):
    """Box2D's "Chain Slide": no inner vertex slows or spins it; within 1 % of its speed along one
    long segment. The same 100 bare segments (``add_shape``, two-sided, no ghosts) stopped the box
    and tipped it over in 0.5 s, and slowed the circle and the capsule to 1.8 m/s. Measured, flat:
    speeds 4 ± 1e-5, spin 1.3e-4 rad/s (Box2D v3's 3e-4); with 1e-4 of jitter (slopes of 1e-3, a
    bumpy run) 3.991..4.0006 and 0.021 rad/s (Box2D v3's 3.991..4.0005 and 0.022)."""
    shape = SHAPES[kind]
    one = _slide(shape, _run(1))
    many = _slide(shape, _run(100, jitter))
    assert one[0] == pytest.approx(SPEED, rel=1e-6) and one[1] == pytest.approx(SPEED, rel=1e-6)
    assert many[0] == pytest.approx(one[0], rel=0.01) and many[1] == pytest.approx(one[1], rel=0.01)
    assert many[2] < (1e-3 if not jitter else 0.05)


def _box2d_slide(points, steps: int) -> tuple[float, float]:
    """Box2D v3's "Chain Slide" on ``points``: (x, vx) of the box after ``steps``. Box2D takes an open
    chain's first and last points as ghosts only: the run is given one more point at each end."""
    world = b2.World(gravity=(0.0, -10.0))
    ground = world.create_static_body(position=(0.0, 0.0))
    pts = [tuple(p) for p in points.tolist()]
    ahead = (2 * pts[0][0] - pts[1][0], 2 * pts[0][1] - pts[1][1])
    past = (2 * pts[-1][0] - pts[-2][0], 2 * pts[-1][1] - pts[-2][1])
    ground.create_chain(b2.chain_def([ahead, *pts, past], material=b2.surface_material(friction=0.0)))
    body = world.create_dynamic_body(position=(-8.0, 0.5), linear_velocity=(SPEED, 0.0))
    body.create_polygon_shape(
        b2.shape_def(density=1.0, material=b2.surface_material(friction=0.0)), b2.box(0.5, 0.5)
    )
    for _ in range(steps):
        world.step(DT, 4)
    return body.position.x, body.linear_velocity.x


def test_the_slide_beside_box2d():
    """The box's place and speed after 2 s on the 100-segment run: within 1e-3 of Box2D v3's (both
    keep 4 m/s; Box2D's float32 rounding)."""
    points = _run(100)
    world = World(gravity=(0.0, -10.0))
    world.add_chain(points, friction=0.0)
    body = world.add(Polygon.box(0.5, 0.5), (-8.0, 0.5, 0.0), friction=0.0)
    world.set_velocity(body, (SPEED, 0.0))
    for _ in range(120):
        world.step(DT)
    x, vx = _box2d_slide(points, 120)
    assert world.transform(body).x == pytest.approx(x, abs=1e-3)
    assert world.velocity(body)[0] == pytest.approx(vx, abs=1e-3)


# --- one-sided ----------------------------------------------------------------------------------


def _drop(points, loop, at, steps=120, velocity=(0.0, 0.0)):
    world = World(gravity=(0.0, -10.0))
    world.add_chain(points, loop=loop)
    box = world.add(Polygon.box(0.5, 0.5), (at[0], at[1], 0.0))
    world.set_velocity(box, velocity)
    for _ in range(steps):
        world.step(DT)
    return world.transform(box)


SQUARE_CCW = [(-5.0, -1.0), (5.0, -1.0), (5.0, 0.0), (-5.0, 0.0)]  # solid inside, top at y = 0
CAVE_CW = [(-5.0, 0.0), (-5.0, 5.0), (5.0, 5.0), (5.0, 0.0)]  # a cave, floor at y = 0


def test_a_box_dropped_on_a_counter_clockwise_loop_rests_on_it():
    xf = _drop(SQUARE_CCW, True, (0.0, 2.0))
    assert xf.y == pytest.approx(0.5, abs=0.02) and abs(xf.angle) < 1e-3


def test_a_box_inside_a_clockwise_loop_rests_on_the_cave_floor():
    xf = _drop(CAVE_CW, True, (0.0, 2.0))
    assert xf.y == pytest.approx(0.5, abs=0.02) and abs(xf.angle) < 1e-3


def test_a_box_inside_a_counter_clockwise_loop_falls_out_of_it():
    assert _drop(SQUARE_CCW, True, (0.0, -0.5)).y < -3.0


@pytest.mark.parametrize("speed", [0.0, 100.0])
def test_a_box_from_behind_an_open_chain_passes_through(speed):
    """Left to right, the normal faces down: a box falling onto it from above (slowly, or fast enough
    for the continuous pass) passes through, and one thrown up at it from below is stopped."""
    down = _drop([(-5.0, 0.0), (0.0, 0.0), (5.0, 0.0)], False, (0.0, 2.0), 60, (0.0, -speed))
    assert down.y < -1.0
    up = _drop([(-5.0, 0.0), (0.0, 0.0), (5.0, 0.0)], False, (0.0, -2.0), 10, (0.0, speed + 10.0))
    assert up.y < -0.5 + 1e-3


def test_rays_and_shape_casts_meet_a_chain_from_its_front_only():
    """Box2D's ``b2RayCastSegment`` with ``oneSided``: a ray from behind passes through."""
    world = World()
    world.add_chain([(-5.0, 0.0), (0.0, 0.0), (5.0, 0.0)])  # left to right: faces down
    assert world.raycast((1.0, 2.0), (0.0, -1.0), 10.0) is None
    hit = world.raycast((1.0, -2.0), (0.0, 1.0), 10.0)
    assert hit is not None and hit.distance == pytest.approx(2.0) and hit.normal == pytest.approx((0.0, -1.0))
    assert world.shape_cast(Circle(0.5), (1.0, 2.0, 0.0), (0.0, -5.0)) is None
    cast = world.shape_cast(Circle(0.5), (1.0, -2.0, 0.0), (0.0, 5.0))
    assert cast is not None and cast.fraction == pytest.approx(1.5 / 5.0)


def test_a_chain_survives_removals_copies_and_pickles():
    """Its rows' chain data move with its rows: bodies added before it and removed (its rows move
    down), then a copy and a pickle of the world, each step the box onto the loop as before."""
    world = World(gravity=(0.0, -10.0))
    early = [world.add(Circle(0.1), (20.0 + k, 0.0, 0.0), type="static") for k in range(5)]
    world.add_chain(SQUARE_CCW, loop=True)
    world.remove_bodies(early[:3])
    box = world.add(Polygon.box(0.5, 0.5), (0.0, 2.0, 0.0))
    twins = [copy.deepcopy(world), pickle.loads(pickle.dumps(world))]
    for w in [world, *twins]:
        for _ in range(120):
            w.step(DT)
    assert world.transform(box).y == pytest.approx(0.5, abs=0.02)
    for w in twins:
        assert tuple(w.transform(box)) == tuple(world.transform(box))


# --- refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "loop", "error", "words"),
    [
        ([(0.0, 0.0)], False, ValueError, "at least 2 points"),
        ([(0.0, 0.0), (1.0, 0.0)], True, ValueError, "at least 3 points"),
        ([(0.0, 0.0), (1.0, 0.0), (1.0, 0.0)], False, ValueError, "points[1] and points[2]"),
        ([(0.0, 0.0), (1.0, 0.0), (0.0, 0.0)], True, ValueError, "points[2] and points[0]"),
        ([(0.0, 0.0), (math.nan, 0.0)], False, ValueError, "points[1]"),
        ([(0.0, 0.0), (1e300, 0.0)], False, ValueError, "MAX_COORDINATE"),
        ([(float(k), 0.0) for k in range(MAX_CHAIN_POINTS + 1)], False, ValueError, "MAX_CHAIN_POINTS"),
        ("abc", False, TypeError, "points"),
        ([(0.0, 0.0, 0.0), (1.0, 0.0, 0.0)], False, TypeError, "points"),
        ([(0.0, 0.0), (1.0, 0.0)], "yes", TypeError, "loop"),
    ],
)
def test_bad_chains_are_refused_in_one_line_and_nothing_is_added(points, loop, error, words):
    world = World()
    with pytest.raises(error) as caught:
        world.add_chain(points, loop=loop)
    message = str(caught.value)
    assert "World.add_chain" in message and words in message and "\n" not in message
    assert len(world.bodies) == 0


@pytest.mark.parametrize(("name", "value"), [("friction", -1.0), ("restitution", 2.0), ("layer", -1)])
def test_bad_chain_materials_are_refused(name, value):
    world = World()
    with pytest.raises((TypeError, ValueError), match=f"World.add_chain {name}"):
        world.add_chain([(0.0, 0.0), (1.0, 0.0)], **{name: value})


def test_movers_overlaps_and_pairs_meet_a_chain_from_both_sides():
    """What is two-sided on purpose (docs/tutorials/compounds-and-events.md): a character moved by
    ``move_and_slide`` or swept by ``cast_bodies`` never passes a chain from behind, and an overlap
    query finds what touches the line from either side."""
    world = World()
    world.add_chain([(-5.0, 0.0), (0.0, 0.0), (5.0, 0.0)])  # left to right: faces down
    for start, move in (((1.0, 2.0), (0.0, -4.0)), ((1.0, -2.0), (0.0, 4.0))):
        body = world.add(Circle(0.5), (*start, 0.0), type="kinematic")
        moved = world.move_and_slide(body, move)
        assert abs(world.transform(body).y) == pytest.approx(0.5, abs=0.02), (start, moved)
        swept = world.cast_bodies(np.array([body]), np.array([[0.0, -math.copysign(4.0, start[1])]]))
        assert swept.body[0] >= 0
        world.remove(body)
    for y in (0.3, -0.3):
        assert len(world.query_shape(Circle(0.5), (1.0, y, 0.0))) == 1
