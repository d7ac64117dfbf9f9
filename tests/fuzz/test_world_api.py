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
    wall = world.add(SHAPES["wall"], (0.0, 0.0, 0.0), static=True)
    ball = world.add(SHAPES["ball"], (0.0, 20.0, 0.0))
    world.add(SHAPES["bullet"], (30.0, 30.0, 0.0))
    world.pairs(), world.contacts(), world.raycast((0.0, 50.0), (0.0, -1.0), 100.0)
    world.shape_cast(SHAPES["crate"], (0.0, 50.0, 0.0), (0.0, -50.0))
    world.move_and_slide(ball, (3.0, -30.0)), world.move_and_slide_bodies([ball], [(3.0, -3.0)])
    world.cast_bodies(np.array([ball]), np.array([[0.0, -40.0]])), world.query_shape(SHAPES["capsule"], (0, 0, 0))
    world.set_transforms(np.array([wall]), np.zeros(1), np.zeros(1), np.zeros(1))


# --- values, mostly sensible, sometimes hostile ----------------------------------------------

SPECIAL = st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e300, 1e154, 5e-324, -0.0, 1e9, 1.0000001e9])
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=4),
    st.just(2**70),
    st.just(-(2**70)),
    st.lists(st.floats(-10, 10), max_size=4).map(tuple),
)
PLACE = st.floats(-300.0, 300.0)
NUMBER = st.one_of(PLACE, PLACE, PLACE, SPECIAL, st.integers(-5, 5))
ANGLE = st.one_of(st.floats(-4.0, 4.0), st.floats(-4.0, 4.0), SPECIAL)
# Long moves: any length from a thousandth to 1e300, in any direction.
LONG = st.tuples(st.floats(-3.0, 300.0), st.floats(-math.pi, math.pi)).map(
    lambda p: (10.0 ** p[0] * math.cos(p[1]), 10.0 ** p[0] * math.sin(p[1]))
)


def sometimes(good, bad=JUNK):
    return st.one_of(good, good, good, good, good, good, bad)


TRANSFORM = sometimes(st.tuples(PLACE, PLACE, ANGLE), st.one_of(JUNK, st.tuples(NUMBER, NUMBER, ANGLE)))
VECTOR = sometimes(st.one_of(st.tuples(st.floats(-400, 400), st.floats(-400, 400)), LONG), st.tuples(NUMBER, NUMBER))
BITS = sometimes(st.sampled_from([1, 2, 3, 0xFFFFFFFF]), st.one_of(JUNK, st.integers(-3, 2**40)))
BODY = sometimes(st.integers(0, 14), st.one_of(JUNK, st.integers(-3, 2**65)))
SHAPE = sometimes(st.sampled_from(sorted(SHAPES)), st.sampled_from(["none", "text"]))
FLAG = sometimes(st.booleans(), st.sampled_from([None, "yes", 1, 0.0]))

# fmt: off
OPERATION = st.one_of(
    st.tuples(st.just("add"), st.fixed_dictionaries(
        {"shape": SHAPE, "transform": TRANSFORM, "static": FLAG, "sensor": sometimes(st.just(False)),
         "layer": BITS, "mask": BITS}
    )),
    st.tuples(st.just("add"), st.fixed_dictionaries({"shape": SHAPE, "transform": TRANSFORM})),
    st.tuples(st.just("remove"), st.fixed_dictionaries({"body": BODY})),
    st.tuples(st.just("set_transform"), st.fixed_dictionaries({"body": BODY, "transform": TRANSFORM})),
    st.tuples(st.just("set_transforms"), st.fixed_dictionaries(
        {"bodies": st.lists(BODY, max_size=3), "x": st.lists(NUMBER, max_size=3),
         "y": st.lists(NUMBER, max_size=3), "angle": st.lists(ANGLE, max_size=3)}
    )),
    st.tuples(st.just("pairs"), st.just({})),
    st.tuples(st.just("contacts"), st.just({})),
    st.tuples(st.just("raycast"), st.fixed_dictionaries(
        {"origin": sometimes(st.tuples(PLACE, PLACE)), "direction": VECTOR,
         "max_distance": sometimes(st.one_of(st.floats(0, 1e3), LONG.map(lambda v: math.hypot(*v))), NUMBER),
         "mask": BITS}
    )),
    st.tuples(st.just("shape_cast"), st.fixed_dictionaries(
        {"shape": SHAPE, "transform": TRANSFORM, "translation": VECTOR, "mask": BITS}
    )),
    st.tuples(st.just("move_and_slide"), st.fixed_dictionaries({"body": BODY, "displacement": VECTOR, "mask": BITS})),
    st.tuples(st.just("move_and_slide_bodies"), st.fixed_dictionaries(
        {"bodies": st.lists(BODY, max_size=3), "displacements": st.lists(VECTOR, max_size=3), "mask": BITS}
    )),
    st.tuples(st.just("cast_bodies"), st.fixed_dictionaries(
        {"bodies": st.lists(BODY, max_size=3), "translations": st.lists(VECTOR, max_size=3), "mask": BITS}
    )),
    st.tuples(st.just("query_shape"), st.fixed_dictionaries({"shape": SHAPE, "transform": TRANSFORM})),
    st.tuples(st.just("query_aabb"), st.fixed_dictionaries(
        {"lo": sometimes(st.tuples(NUMBER, NUMBER)), "hi": sometimes(st.tuples(NUMBER, NUMBER))}
    )),
)
# fmt: on
CELL = st.one_of(st.none(), st.none(), st.floats(0.5, 200.0), SPECIAL, JUNK, st.integers(-3, 3))


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
    return [b for b in world.bodies.tolist() if b not in but and not world.is_sensor(b) and world.layer(b) & mask]


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


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(cell=CELL, operations=st.lists(OPERATION, min_size=1, max_size=14))
def test_random_operations_end_in_a_result_or_one_clear_error_and_keep_the_invariants(cell, operations):
    with within_budget(SECONDS, MEGABYTES):
        try:
            world = World(cell_size=cell)
        except CLEAR as error:
            one_line(str(error))
            world = World()
    for op, args in operations:
        run(world, op, args)


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
