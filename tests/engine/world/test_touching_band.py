"""``pairs()`` and ``intersects()`` follow one touching rule everywhere.

docs/guide/collision.md's "Touching counts": a gap of at most 1e-12 × (both sizes + the
distance between the origins) + 8 eps × the largest coordinate is touching.
Far from the origin that band is wider than the bodies' boxes are apart, so
the broad phase grows every box by its share of it; the verdict itself is
the narrow phase's, the code behind ``intersects``.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Ellipse, Polygon, distance, intersects
from engine.collision.limits import MAX_COORDINATE

EPS = 2.220446049250313e-16


def brute_force(world: World) -> list[list[int]]:
    """Every pair ``intersects`` calls overlapping or touching (walls never pair with walls)."""
    found = []
    for a, b in itertools.combinations(world.bodies.tolist(), 2):
        if world.is_static(a) and world.is_static(b):
            continue
        if intersects(world.shape(a), tuple(world.transform(a)), world.shape(b), tuple(world.transform(b))):
            found.append(sorted([a, b]))
    return sorted(found)


def test_two_circles_a_hundred_millionth_apart_at_ten_million_touch_for_both():
    world = World()
    x = 1e7
    a = world.add(Circle(1), (x, x, 0), type="kinematic")
    b = world.add(Circle(1), (x + 2 + 1e-8, x, 0), type="kinematic")
    assert intersects(Circle(1), (x, x, 0), Circle(1), (x + 2 + 1e-8, x, 0))
    assert world.pairs().tolist() == [[a, b]]
    assert world.contacts().pairs.tolist() == [[a, b]]


def test_two_circles_clearly_apart_at_ten_million_touch_for_neither():
    world = World()
    x = 1e7
    world.add(Circle(1), (x, x, 0), type="kinematic")
    world.add(Circle(1), (x + 2 + 1e-6, x, 0), type="kinematic")
    assert world.pairs().tolist() == brute_force(world) == []


def enclosure(offset: float, rng) -> World:
    """Four walls around a room at ``offset``, and balls set against the walls
    and each other, each gap a random fraction (0 to 2) of the touching band."""
    world = World()
    for x, y, hw, hh in [(0, -55, 60, 5), (0, 55, 60, 5), (-55, 0, 5, 60), (55, 0, 5, 60)]:
        world.add(Polygon.box(hw, hh), (offset + x, offset + y, 0), type="static")
    band = 1e-12 * 10 + 8 * EPS * offset
    for k in range(40):
        r = 1.0 + k % 3
        along = -40 + 2 * k
        gap = band * rng.uniform(0.0, 2.0)
        world.add(Circle(r), (offset + along, offset - 50 + r + gap, 0), type="kinematic")  # on the floor
        world.add(
            Circle(r), (offset - 50 + r + gap * rng.uniform(0, 2), offset + along, 0), type="kinematic"
        )  # on the left wall
    return world


@pytest.mark.parametrize("offset", [0.0, 1e4, 1e7, MAX_COORDINATE - 100])
def test_in_an_enclosure_far_from_the_origin_pairs_are_the_touching_pairs_of_intersects(offset):
    world = enclosure(offset, np.random.default_rng(int(math.log10(offset + 1))))
    expected = brute_force(world)
    assert len(expected) > 40  # the floor and the left wall each touch many balls
    assert world.pairs().tolist() == expected


SHAPES = [
    Circle(1.0),
    Polygon.box(1.0, 0.5),
    Polygon.box(2.0, 0.2, radius=0.1),
    Capsule((-1, 0), (1, 0), 0.3),
    Ellipse(1.0, 0.4),
    Circle(0.5, center=(3.0, 0.0)),
]


@settings(max_examples=60)
@given(
    offset=st.sampled_from([0.0, 1e3, 1e7, 1e8, MAX_COORDINATE - 2e4, -MAX_COORDINATE + 2e4]),
    scale=st.sampled_from([1e-2, 1.0, 1e2]),
    seed=st.integers(0, 2**32 - 1),
    count=st.integers(2, 10),
    gaps=st.lists(st.floats(-1.0, 3.0), min_size=10, max_size=10),
)
def test_pairs_equal_brute_force_intersects_near_touching_at_any_scale_and_offset(
    offset, scale, seed, count, gaps
):
    """Each body is set against an earlier one with a gap of a random multiple
    of the pair's touching band (negative: overlapping)."""
    rng = np.random.default_rng(seed)
    world = World()
    placed: list[tuple[object, tuple[float, float, float]]] = []
    for k in range(count):
        base = SHAPES[rng.integers(len(SHAPES))]
        shape = _scaled(base, scale)
        angle = float(rng.uniform(-3, 3))
        if not placed:
            xf = (offset, offset, angle)
        else:
            other, oxf = placed[rng.integers(len(placed))]
            heading = rng.uniform(0, math.tau)
            far = 10 * scale
            xf = (oxf[0] + far * math.cos(heading), oxf[1] + far * math.sin(heading), angle)
            d = distance(other, oxf, shape, xf)
            n = np.subtract(d.point_b, d.point_a)
            n = n / (np.hypot(*n) or 1.0)
            band = 1e-12 * (6 * scale + far) + 8 * EPS * (abs(offset) + far)
            step = d.distance - gaps[k] * band
            xf = (xf[0] - step * n[0], xf[1] - step * n[1], angle)
        static = bool(rng.random() < 0.3)
        world.add(shape, xf, type="static" if static else "kinematic")
        placed.append((shape, xf))
    assert world.pairs().tolist() == brute_force(world)


def _scaled(shape, s):
    if isinstance(shape, Circle):
        return Circle(shape.radius * s, center=(shape.center[0] * s, shape.center[1] * s))
    if isinstance(shape, Polygon):
        return Polygon([(x * s, y * s) for x, y in shape.points], radius=shape.radius * s)
    if isinstance(shape, Capsule):
        return Capsule(tuple(v * s for v in shape.p1), tuple(v * s for v in shape.p2), shape.radius * s)
    return Ellipse(shape.rx * s, shape.ry * s)
