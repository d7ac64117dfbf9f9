"""Random operations on a World end in a result or one clear error, fast, and keep its invariants.

Each example builds a world (``cell_size`` possibly hostile) and runs a list
of operations (add, remove, set_transform, set_transforms, pairs, contacts,
raycast, shape_cast, move_and_slide, move_and_slide_bodies, cast_bodies,
query_shape, query_aabb) whose arguments are mostly sensible and sometimes
hostile (NaN, infinities, 1e300, lengths up to 1e300, strings, None, bools,
70-bit integers, unknown ids, tuples of the wrong length). Every operation
must end within a budget in a result or a single ``ValueError``,
``TypeError`` or ``KeyError`` whose message is one line
(``conftest.one_line``); anything else fails. After every operation the
world's invariants hold:

- ``pairs()`` is exactly the brute force over ``intersects`` (layers,
  masks, walls never with walls), and read-only;
- ``contacts()`` gives those pairs (less any that only touched by rounding)
  with depth ≥ 0 and unit normals;
- a body that ``move_and_slide`` moves from clear of every solid body in
  its mask ends clear of them;
- the batched calls give what single calls give: ``move_and_slide_bodies``
  for one body ends where ``move_and_slide`` ends, and each row of
  ``cast_bodies`` hits what ``shape_cast`` of that body's shape hits in the
  world without it.

Cases worth keeping are in ``fixtures/world/*.json`` (the operations and
how each ended) and replayed by ``test_a_stored_world_case_still_ends_as_recorded``.
"""

from __future__ import annotations

import copy
import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Ellipse, Polygon, intersects

from .conftest import FIXTURES, one_line, within_budget

CLEAR = (ValueError, TypeError, KeyError)
SECONDS, MEGABYTES = 2.0, 64.0

SHAPES = {
    "ball": Circle(8.0),
    "bullet": Circle(2.0),
    "wall": Polygon.box(40.0, 5.0),
    "crate": Polygon.box(6.0, 9.0),
    "capsule": Capsule((-10.0, 0.0), (10.0, 0.0), 4.0),
    "ellipse": Ellipse(9.0, 4.0),
    "rounded": Polygon([(0.0, 0.0), (12.0, 0.0), (6.0, 10.0)], radius=1.5),
}


@pytest.fixture(autouse=True, scope="module")
def loaded_kernels():
    """Load the compiled kernels before any budget starts (start-up, not the case)."""
    world = World()
    wall = world.add(SHAPES["wall"], (0.0, 0.0, 0.0), type="static")
    ball = world.add(SHAPES["ball"], (0.0, 20.0, 0.0), type="kinematic")
    world.add(SHAPES["bullet"], (30.0, 30.0, 0.0), type="kinematic")
    world.pairs(), world.contacts(), world.raycast((0.0, 50.0), (0.0, -1.0), 100.0)
    world.shape_cast(SHAPES["crate"], (0.0, 50.0, 0.0), (0.0, -50.0))
    world.move_and_slide(ball, (3.0, -30.0)), world.move_and_slide_bodies([ball], [(3.0, -3.0)])
    (
        world.cast_bodies(np.array([ball]), np.array([[0.0, -40.0]])),
        world.query_shape(SHAPES["capsule"], (0, 0, 0)),
    )
    world.set_transforms(np.array([wall]), np.zeros(1), np.zeros(1), np.zeros(1))


# --- values, mostly sensible, sometimes hostile ----------------------------------------------

SPECIAL = st.sampled_from(
    [math.nan, math.inf, -math.inf, 1e308, -1e300, 1e154, 5e-324, -0.0, 1e9, 1.0000001e9]
)
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=4),
    st.just(2**70),
    st.just(-(2**70)),
    st.lists(st.floats(-10, 10), max_size=4).map(tuple),
)
PLACE = st.floats(-300.0, 300.0)
# Long moves: any length from a thousandth to 1e300, in any direction.
LONG = st.tuples(st.floats(-3.0, 300.0), st.floats(-math.pi, math.pi)).map(
    lambda p: (10.0 ** p[0] * math.cos(p[1]), 10.0 ** p[0] * math.sin(p[1]))
)


def operations(hostile: bool):
    """One operation and its arguments: sensible ones (long moves included), or
    with ``hostile`` values mixed into every argument now and then."""

    def sometimes(good, bad=JUNK):
        return st.one_of(good, good, good, good, good, good, bad) if hostile else good

    number = st.one_of(PLACE, PLACE, PLACE, SPECIAL, st.integers(-5, 5)) if hostile else PLACE
    angle = (
        st.one_of(st.floats(-4.0, 4.0), st.floats(-4.0, 4.0), SPECIAL) if hostile else st.floats(-4.0, 4.0)
    )
    transform = sometimes(st.tuples(PLACE, PLACE, angle), st.one_of(JUNK, st.tuples(number, number, angle)))
    vector = sometimes(
        st.one_of(st.tuples(st.floats(-400, 400), st.floats(-400, 400)), LONG), st.tuples(number, number)
    )
    bits = sometimes(st.sampled_from([1, 2, 3, 0xFFFFFFFF]), st.one_of(JUNK, st.integers(-3, 2**40)))
    body = sometimes(st.integers(0, 14), st.one_of(JUNK, st.integers(-3, 2**65)))
    shape = sometimes(st.sampled_from(sorted(SHAPES)), st.sampled_from(["none", "text"]))
    kind = sometimes(
        st.sampled_from(["static", "kinematic", "dynamic"]), st.sampled_from([None, "yes", 1, 0.0])
    )

    def op(name, **args):
        return st.tuples(st.just(name), st.fixed_dictionaries(args))

    def rows(*columns):  # hostile: columns of any lengths
        return [st.lists(c, max_size=3) for c in columns]

    def by_rows(name, keys, *columns):
        if hostile:
            return op(name, **dict(zip(keys, rows(*columns), strict=True)), mask=bits)
        together = st.lists(st.tuples(*columns), max_size=3, unique_by=lambda r: r[0])
        return st.tuples(
            st.just(name),
            st.builds(
                lambda rs, m: {**{k: [r[i] for r in rs] for i, k in enumerate(keys)}, "mask": m},
                together,
                bits,
            ),
        )

    def transforms():
        if hostile:
            return op(
                "set_transforms",
                **dict(zip(("bodies", "x", "y", "angle"), rows(body, number, number, angle))),
            )
        together = st.lists(st.tuples(body, PLACE, PLACE, angle), max_size=3, unique_by=lambda r: r[0])
        return st.tuples(
            st.just("set_transforms"),
            together.map(
                lambda rs: {k: [r[i] for r in rs] for i, k in enumerate(("bodies", "x", "y", "angle"))}
            ),
        )

    return st.one_of(
        op("add", shape=shape, transform=transform, type=kind, sensor=sometimes(st.just(False)), layer=bits,
           mask=bits),
        op("add", shape=shape, transform=transform),
        op("remove", body=body),
        op("set_transform", body=body, transform=transform),
        transforms(),
        op("pairs"),
        op("contacts"),
        op("raycast", origin=sometimes(st.tuples(PLACE, PLACE)), direction=vector,
           max_distance=sometimes(st.one_of(st.floats(0, 1e3), LONG.map(lambda v: math.hypot(*v))), number),
           mask=bits),
        op("shape_cast", shape=shape, transform=transform, translation=vector, mask=bits),
        op("move_and_slide", body=body, displacement=vector, mask=bits),
        by_rows("move_and_slide_bodies", ("bodies", "displacements"), body, vector),
        by_rows("cast_bodies", ("bodies", "translations"), body, vector),
        op("query_shape", shape=shape, transform=transform),
        op("query_aabb", lo=sometimes(st.tuples(number, number)), hi=sometimes(st.tuples(number, number))),
    )  # fmt: skip


CELL = st.one_of(st.none(), st.none(), st.floats(0.5, 200.0), SPECIAL, JUNK, st.integers(-3, 3))
SENSIBLE, HOSTILE = operations(hostile=False), operations(hostile=True)


def clone(world: World) -> World:
    """A deep copy of ``world`` whose shape buffer is read-only again, as the
    original's (``deepcopy`` makes arrays writable, and the kernels would
    compile a second time for writable buffers)."""
    twin = copy.deepcopy(world)
    twin._table._dirty = True  # repacked, read-only, on first use
    return twin


# --- running one operation --------------------------------------------------------------------


def shape_of(name):
    return SHAPES.get(name, None if name == "none" else name)


def call(world: World, op: str, args: dict):
    """Run one operation on ``world`` with ``args`` as drawn (or decoded from a fixture)."""
    a = dict(args)
    if "shape" in a:
        a["shape"] = shape_of(a["shape"])
    if op == "World":  # a stored case may start by making a world from hostile arguments
        return World(**a)
    if op == "add":
        if "type" not in a:  # a case stored before bodies had a type: static when asked, else kinematic
            a["type"] = "static" if a.pop("static", False) is True else "kinematic"
        return world.add(a.pop("shape"), a.pop("transform"), **a)
    if op == "set_transforms":
        return world.set_transforms(a["bodies"], a["x"], a["y"], a["angle"])
    if op == "move_and_slide_bodies":
        return world.move_and_slide_bodies(a["bodies"], a["displacements"], a["mask"])
    if op == "cast_bodies":
        return world.cast_bodies(a["bodies"], a["translations"], a["mask"])
    return getattr(world, op)(**a)


def run(world: World, op: str, args: dict):
    """Run one operation within the budget, then check the invariants; returns
    ("ok", "", result) or (error type, its one line, None)."""
    before = clone(world)
    with within_budget(SECONDS, MEGABYTES):
        try:
            result = call(world, op, args)
        except CLEAR as error:
            message = str(error.args[0]) if error.args else ""
            return type(error).__name__, one_line(message), None
    check_result(before, world, op, args, result)
    return "ok", "", result


# --- invariants -------------------------------------------------------------------------------


def brute_force(world: World) -> list[list[int]]:
    found = []
    for a, b in itertools.combinations(world.bodies.tolist(), 2):
        if world.is_static(a) and world.is_static(b):
            continue
        la, ma, lb, mb = world.layer(a), world.mask(a), world.layer(b), world.mask(b)
        if not (la & mb and lb & ma):
            continue
        if intersects(world.shape(a), tuple(world.transform(a)), world.shape(b), tuple(world.transform(b))):
            found.append(sorted([a, b]))
    return sorted(found)


def check_world(world: World) -> None:
    pairs = world.pairs()
    assert not pairs.flags.writeable
    assert pairs.tolist() == brute_force(world)
    c = world.contacts()
    assert set(map(tuple, c.pairs.tolist())) <= set(map(tuple, pairs.tolist()))
    assert np.isfinite(c.normal).all() and np.isfinite(c.depth).all()
    assert (c.depth >= 0.0).all(), c.depth.min()
    assert np.allclose(np.hypot(c.normal[:, 0], c.normal[:, 1]), 1.0)


def solid_in(world: World, mask: int, but=()) -> list[int]:
    return [
        b for b in world.bodies.tolist() if b not in but and not world.is_sensor(b) and world.layer(b) & mask
    ]


def clear_of(world: World, body: int, others) -> bool:
    shape, xf = world.shape(body), tuple(world.transform(body))
    return not any(intersects(shape, xf, world.shape(o), tuple(world.transform(o))) for o in others)


def check_result(before: World, world: World, op: str, args: dict, result) -> None:
    check_world(world)
    if op == "raycast" and result is not None:
        assert 0.0 <= result.distance <= float(args["max_distance"])
        assert all(map(math.isfinite, (*result.point, *result.normal)))
    if op == "shape_cast" and result is not None:
        assert 0.0 <= result.fraction <= 1.0
    if op == "move_and_slide":
        body, mask = int(args["body"]), int(args["mask"])
        walls = solid_in(before, mask, but=(body,))
        if clear_of(before, body, walls):
            assert clear_of(world, body, walls), "move_and_slide ended inside a solid body"
        batch = clone(before)
        end = batch.move_and_slide_bodies([body], [args["displacement"]], mask)[0]
        assert tuple(end) == pytest.approx((result.x, result.y), rel=1e-9, abs=1e-9)
    if op == "move_and_slide_bodies":
        bodies, mask = [int(b) for b in args["bodies"]], int(args["mask"])
        walls = solid_in(before, mask, but=bodies)
        for b in bodies:
            if clear_of(before, b, walls):
                assert clear_of(world, b, walls), "move_and_slide_bodies ended inside a solid body"
    if op == "cast_bodies":
        bodies, mask = [int(b) for b in args["bodies"]], int(args["mask"])
        for k, b in enumerate(bodies):
            alone = clone(before)
            alone.remove(b)
            move = np.asarray(args["translations"], dtype=float)[k]
            single = alone.shape_cast(before.shape(b), tuple(before.transform(b)), tuple(move), mask)
            assert (single.body if single else -1) == result.body[k] or math.isclose(
                single.fraction if single else 1.0, result.fraction[k], abs_tol=1e-9
            )
            if single is not None:
                travelled = math.hypot(*move) * abs(single.fraction - result.fraction[k])
                assert travelled <= 1e-6 * (1.0 + 1e3), (single, result.fraction[k])


def run_all(cell, steps, seed=None) -> None:
    """Make a world (with a scene of walls and movers from ``seed``), then run ``steps``."""
    with within_budget(SECONDS, MEGABYTES):
        try:
            world = World(cell_size=cell)
        except CLEAR as error:
            one_line(str(error))
            world = World()
    if seed is not None:
        rng = np.random.default_rng(seed)
        for k in range(10):
            kind = ["wall", "wall", "crate", "ball", "capsule", "ellipse", "rounded", "bullet"][k % 8]
            xf = (*rng.uniform(-250, 250, 2).tolist(), float(rng.uniform(-3, 3)))
            run(world, "add", {"shape": kind, "transform": xf, "static": k < 5, "layer": 1 + k % 2})
    for op, args in steps:
        run(world, op, args)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(cell=CELL, steps=st.lists(HOSTILE, min_size=1, max_size=14))
def test_random_operations_with_hostile_values_end_in_a_result_or_one_clear_error(cell, steps):
    run_all(cell, steps)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    cell=st.one_of(st.none(), st.floats(0.5, 200.0)),
    seed=st.integers(0, 2**32 - 1),
    steps=st.lists(SENSIBLE, min_size=1, max_size=20),
)
def test_random_sensible_operations_keep_the_invariants_whatever_the_lengths(cell, seed, steps):
    run_all(cell, steps, seed)


# --- stored cases -----------------------------------------------------------------------------

CASES = sorted((FIXTURES / "world").glob("*.json"))


def decode(value):
    """A fixture value: JSON, with {"float": "nan"}, {"int": "digits"} and {"tuple": [...]} for what JSON lacks."""
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        if "float" in value:
            return float(value["float"])
        if "int" in value:
            return int(value["int"])
        if "tuple" in value:
            return tuple(decode(v) for v in value["tuple"])
        return {k: decode(v) for k, v in value.items()}
    return value


def test_there_are_stored_world_cases():
    assert len(CASES) >= 5


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_stored_world_case_still_ends_as_recorded(path):
    case = json.loads(path.read_text())
    world = World()
    for step in case["steps"]:
        expect, message, result = run(world, step["op"], decode(step["args"]))
        assert expect == step["expect"], (step, message)
        assert step.get("message", "") in message
        if "distance" in step:  # a raycast's hit
            assert result is not None and result.distance == pytest.approx(step["distance"], abs=1e-9)
        if "hit" in step:  # a shape cast's first body, or None
            assert (result.body if result is not None else None) == step["hit"]
    if "pairs" in case:
        assert world.pairs().tolist() == case["pairs"]
    for body, position in case.get("positions", {}).items():
        assert tuple(world.transform(int(body)))[:2] == pytest.approx(position, abs=1e-6)


def test_queries_with_many_distinct_shapes_cost_each_its_own_size():
    """Each distinct query shape joins the world's shape table; adding one repacked the whole table,
    so 10,000 of them took 60 s (20,000: 206 s, 10 ms a query at the end). Now about 1 s."""
    world = World()
    world.add(Polygon.box(10, 10), (0, 0, 0), type="static")
    world.query_shape(Circle(1.0), (0, 0, 0))  # the kernels compiled before the budget starts
    with within_budget(30.0, 64.0):
        for k in range(1, 10_001):
            assert len(world.query_shape(Circle(1.0 + k * 1e-6), (0.0, 0.0, 0.0))) == 1
