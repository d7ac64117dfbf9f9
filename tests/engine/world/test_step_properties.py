"""A step that never breaks (issue 43, part 2): properties of the rigid-body step on random worlds.

Random worlds of every shape kind (circles, boxes, capsules, ellipses, hulls, compounds of two
parts), every body type, random materials, pushes, removals and re-adds. What must hold:

- energy: with no gravity, no input and restitution 0, the kinetic energy never grows by more
  than ``ENERGY_GAIN`` (0.5 %) in a second (the soft contact relaxes what it pushes; the bodies
  start apart, so no push-out adds any);
- a resting stack under gravity loses no body through the floor, whatever its sizes, densities
  and frictions (within the slop when the bottom box bears at most 10 times its mass);
- a sleeping body wakes when another lands on it;
- removing any bodies at any step leaves a consistent world: ``pairs()`` agrees with brute force
  over every pair of shapes, and no event after the step that reported a removal names it.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Ellipse, Polygon
from engine.collision.queries import intersects

DT = 1.0 / 60.0
#: The most the kinetic energy may grow in one second of a world without input (relative).
ENERGY_GAIN = 0.005
#: How far into the floor a resting box may sit: the solver's linear slop (0.005 m) and some.
FLOOR_SLOP = 0.02

SHAPES = st.sampled_from(
    [
        Circle(0.4),
        Polygon.box(0.4, 0.25),
        Capsule((-0.35, 0.0), (0.35, 0.0), 0.15),
        Ellipse(0.45, 0.25),
        Polygon(((-0.4, -0.3), (0.45, -0.2), (0.1, 0.4))),
        Polygon.box(0.3, 0.3, radius=0.05),
    ]
)
RUN = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def room(world: World, half: float = 6.0) -> None:
    """Four static walls around (0, 0), ``half`` from it on the inside."""
    for x, y, hx, hy in ((0, -half - 0.5, half + 1, 0.5), (0, half + 0.5, half + 1, 0.5),
                         (-half - 0.5, 0, 0.5, half + 1), (half + 0.5, 0, 0.5, half + 1)):  # fmt: skip
        world.add(Polygon.box(hx, hy), (x, y, 0.0), type="static", friction=0.4)


FEW = st.integers(2, 12)


@st.composite
def bodies(draw, count=FEW):
    """Bodies on a grid of 1.5 m cells (so none starts touching another), each a shape or a
    compound of two, with a material, a velocity and a spin."""
    n = draw(count)
    cells = draw(st.permutations(list(itertools.product(range(-3, 4), range(-3, 4)))))[:n]
    made = []
    for i, j in cells:
        parts = [draw(SHAPES)]
        if draw(st.booleans()):
            parts.append(Circle(0.2))  # a second part, offset within the cell
        made.append(
            dict(
                parts=parts,
                xf=(1.5 * i, 1.5 * j, draw(st.floats(-math.pi, math.pi))),
                density=draw(st.floats(0.2, 5.0)),
                friction=draw(st.floats(0.0, 1.0)),
                velocity=(draw(st.floats(-8.0, 8.0)), draw(st.floats(-8.0, 8.0))),
                spin=draw(st.floats(-6.0, 6.0)),
            )
        )
    return made


def build(world: World, specs, restitution: float = 0.0) -> list[int]:
    ids = []
    for spec in specs:
        first, *more = spec["parts"]
        body = world.add(first, spec["xf"], type="dynamic", density=spec["density"], friction=spec["friction"],
                         restitution=restitution)  # fmt: skip
        for part in more:
            world.add_shape(body, part, local=(0.35, 0.3, 0.0), density=spec["density"],
                            friction=spec["friction"], restitution=restitution)  # fmt: skip
        world.set_velocity(body, spec["velocity"], spec["spin"])
        ids.append(body)
    return ids


def kinetic_energy(world: World, ids) -> float:
    total = 0.0
    for body in ids:
        vx, vy, w = world.velocity(body)
        mass = world.mass(body)
        total += 0.5 * mass.mass * (vx * vx + vy * vy) + 0.5 * mass.inertia * w * w
    return total


@RUN
@given(specs=bodies())
def test_without_input_or_restitution_the_energy_never_grows(specs):
    world = World(gravity=(0.0, 0.0), sleep=False)
    room(world)
    ids = build(world, specs)
    energy = [kinetic_energy(world, ids)]
    for _ in range(3):
        for _ in range(60):
            world.step(DT)
            state = np.array([[*world.transform(b), *world.velocity(b)] for b in ids])
            assert np.isfinite(state).all()
        energy.append(kinetic_energy(world, ids))
    for before, after in itertools.pairwise(energy):
        assert after <= before * (1.0 + ENERGY_GAIN) + 1e-9, energy


@RUN
@given(
    sizes=st.lists(st.tuples(st.floats(0.2, 1.0), st.floats(0.1, 0.6)), min_size=2, max_size=8),
    density=st.lists(st.floats(1.0, 10.0), min_size=8, max_size=8),
    friction=st.floats(0.3, 1.0),
)
def test_a_resting_stack_loses_no_body_through_the_floor(sizes, density, friction):
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static", friction=friction)
    y, ids = 0.0, []
    for (hx, hy), rho in zip(sizes, density):
        ids.append(world.add(Polygon.box(hx, hy), (0.0, y + hy, 0.0), density=rho, friction=friction))
        y += 2 * hy
    for _ in range(180):
        world.step(DT)
    masses = [world.mass(b).mass for b in ids]
    light = sum(masses[1:]) <= 10.0 * masses[0]  # the bottom box holds at most 10 times its mass
    for body, (hx, hy) in zip(ids, sizes):
        x, yb, angle = world.transform(body)
        # The lowest corner of the box, wherever it toppled to: on the floor, within the slop where
        # the load is light; under a heavy load a light box is pressed in (Box2D's soft contact
        # does that too, more: test_mass_ratio), but never by half its height.
        lowest = yb - abs(hx * math.sin(angle)) - abs(hy * math.cos(angle))
        assert lowest >= (-FLOOR_SLOP if light else -0.5 * min(hx, hy)), (body, x, yb, angle, masses)


@RUN
@given(shape=SHAPES, x=st.floats(-0.3, 0.3), height=st.floats(0.5, 3.0), faller=SHAPES)
def test_a_sleeping_body_wakes_when_another_lands_on_it(shape, x, height, faller):
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(10.0, 0.5), (0.0, -0.5, 0.0), type="static")
    sleeper = world.add(shape, (0.0, 0.5, 0.0))
    for _ in range(300):
        world.step(DT)
        if not world.is_awake(sleeper):
            break
    assert not world.is_awake(sleeper)
    rest = world.transform(sleeper)
    dropped = world.add(faller, (x, rest.y + 1.0 + height, 0.0))
    woke = False
    for _ in range(120):
        events = world.step(DT)
        woke |= world.is_awake(sleeper)
        if any(dropped in row and sleeper in row for row in events.began.tolist()):
            assert world.is_awake(sleeper)
    assert woke


def brute_pairs(world: World) -> set[tuple[int, int]]:
    """Every pair of bodies with a pair of shapes that overlap or touch, by exact geometry."""
    shapes = [(world.body_of(s), s) for b in world.bodies.tolist() for s in world.shapes(b).tolist()]
    found = set()
    for (ba, sa), (bb, sb) in itertools.combinations(shapes, 2):
        if ba == bb or (world.is_static(ba) and world.is_static(bb)):
            continue
        if intersects(world.shape(sa), world.shape_transform(sa), world.shape(sb), world.shape_transform(sb)):
            found.add((min(ba, bb), max(ba, bb)))
    return found


@RUN
@given(specs=bodies(st.integers(4, 12)), plan=st.lists(st.tuples(st.integers(0, 30), st.integers(0, 11)), max_size=6),
       gravity=st.booleans(), readd=st.booleans())  # fmt: skip
def test_removals_at_any_step_leave_a_consistent_world(specs, plan, gravity, readd):
    world = World(gravity=(0.0, -10.0 if gravity else 0.0))
    room(world)
    ids = build(world, specs)
    removed: set[int] = set()
    reported: set[int] = set()
    for step in range(32):
        gone = [ids[k % len(ids)] for when, k in plan if when == step and ids[k % len(ids)] not in removed]
        gone = list(dict.fromkeys(gone))
        if gone:
            world.remove_bodies(gone)
            removed.update(gone)
            if readd:  # a new body where one was: ids are not reused, and it is not the removed one
                again = build(world, [dict(specs[0], xf=(0.0, 0.0, 0.0))])[0]
                assert again not in removed
        events = world.step(DT)
        named = set(
            np.concatenate([events.began.ravel(), events.ended.ravel(), events.hits.ravel()]).tolist()
        )
        assert not (named & reported), (step, named & reported)
        reported |= removed  # the step after a removal may report its contacts ending, no later one
        assert set(map(tuple, world.pairs().tolist())) == brute_pairs(world)
        assert not (set(world.bodies.tolist()) & removed)
