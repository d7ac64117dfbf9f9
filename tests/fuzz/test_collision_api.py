"""Random arguments to the public collision API end in a result or one clear error, fast.

Hostile values (NaN, infinities, huge and tiny numbers, strings, None, bools,
nested lists, arrays of the wrong shape or dtype) go to the shape
constructors, the one-pair queries and the batch calls. Each call must end
within a budget in a result or a single ``ValueError``/``TypeError``/
``IndexError`` whose message is one line (``conftest.one_line``); anything
else (a numba ``TypingError``, an ``OverflowError``, a silent NaN in a
result) fails.

For valid inputs the invariants of the API hold: swapping A and B keeps the
verdict and the distance, and the swapped normal is as good a normal
(several can be equally deep, so it need not be the negation); distance and
depth are never negative; the distance is 0 exactly when the shapes
intersect; the batch calls give exactly the one-pair answers.

Cases the fuzzers found are kept in ``fixtures/collision/*.json`` and
replayed by ``test_a_stored_case_still_ends_as_recorded``.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from engine.collision import (
    MAX_COORDINATE,
    Capsule,
    Circle,
    Ellipse,
    Polygon,
    ShapeTable,
    Sweep,
    TOIState,
    contact,
    contacts_batch,
    distance,
    distances_batch,
    intersects,
    intersects_batch,
    time_of_impact,
)

from .conftest import FIXTURES, one_line, within_budget

CLEAR = (ValueError, TypeError, IndexError)
SECONDS, MEGABYTES = 2.0, 64.0
EPS = 2.220446049250313e-16


@pytest.fixture(autouse=True, scope="module")
def loaded_kernels():
    """Load the compiled kernels (from numba's cache) before any budget starts: under
    ``tracemalloc`` loading them alone takes seconds, and that is start-up, not the case."""
    table = ShapeTable([Circle(1.0)])
    for query in (intersects, distance, contact):
        query(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (1.0, 0.0, 0.0))
    for run in (intersects_batch, contacts_batch, distances_batch):
        run(table, [0], np.zeros((1, 3)), [0], np.ones((1, 3)))


# --- hostile values ----------------------------------------------------------------------

SPECIAL = st.sampled_from(
    [math.nan, math.inf, -math.inf, 1e308, -1e308, 1e300, 1e154, 1e-155, 5e-324, -0.0, 0.0, 1e9, 1.0000001e9]
)
NUMBER = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(-1e3, 1e3),
    st.integers(-(2**70), 2**70),
    SPECIAL,
)
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=5),
    st.binary(max_size=3),
    st.just(1j),
    st.just(object()),
    st.just(np.array([1.0, 2.0])),
)
VALUE = st.one_of(NUMBER, NUMBER, JUNK)
PAIRISH = st.one_of(st.tuples(VALUE, VALUE), st.tuples(NUMBER, NUMBER), st.lists(VALUE, max_size=3), VALUE)
TRANSFORM = st.one_of(
    st.tuples(NUMBER, NUMBER, NUMBER),
    st.tuples(VALUE, VALUE, VALUE),
    st.lists(NUMBER, max_size=5),
    VALUE,
)


def ends_clearly(call):
    """Run ``call`` within the budget; return its result, or None after one clear error."""
    with within_budget(SECONDS, MEGABYTES):
        try:
            return call()
        except CLEAR as error:
            one_line(str(error))
            return None


def _finite_result(result) -> None:
    """A result carries no NaN: a silent wrong answer would."""
    if result is None or isinstance(result, bool | np.bool_):
        return
    for value in result:
        arr = np.asarray(value, dtype=object)
        flat = [v for v in np.ravel(arr) if isinstance(v, float | np.floating)]
        assert all(math.isfinite(v) for v in flat), result


MAKERS = {
    "circle": lambda args: Circle(args[0], args[1]),
    "capsule": lambda args: Capsule(args[0], args[1], args[2]),
    "ellipse": lambda args: Ellipse(args[0], args[1]),
    "polygon": lambda args: Polygon(args[0], args[1]),
    "box": lambda args: Polygon.box(args[0], args[1], args[2]),
}


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(sorted(MAKERS)),
    args=st.tuples(
        st.one_of(VALUE, PAIRISH, st.lists(PAIRISH, max_size=6)), st.one_of(VALUE, PAIRISH), VALUE
    ),
)
def test_a_shape_made_of_anything_is_a_shape_or_one_clear_error(kind, args):
    shape = ends_clearly(lambda: MAKERS[kind](args))
    if shape is not None:  # whatever was accepted is inside the limits
        assert np.isfinite(shape.packed).all()
        points = shape.packed[6:].reshape(-1, 2)
        assert np.abs(points).max() <= MAX_COORDINATE


@given(
    query=st.sampled_from([intersects, distance, contact]),
    xf_a=TRANSFORM,
    xf_b=TRANSFORM,
    swap=st.booleans(),
)
def test_a_query_given_any_transform_answers_or_says_which_argument_is_wrong(query, xf_a, xf_b, swap):
    a, b = (Ellipse(2.0, 0.5), Polygon.box(1.0, 3.0)) if swap else (Circle(1.0), Capsule((0, 0), (2, 1), 0.5))
    result = ends_clearly(lambda: query(a, xf_a, b, xf_b))
    _finite_result(result)


ARRAYS = st.one_of(
    hnp.arrays(
        st.sampled_from([np.int64, np.int32, np.uint8, np.float64, np.float32, np.bool_, np.complex128]),
        hnp.array_shapes(min_dims=0, max_dims=3, max_side=4),
        elements=None,
    ),
    st.lists(VALUE, max_size=4),
    st.lists(st.lists(NUMBER, min_size=3, max_size=3), max_size=4),
    VALUE,
)


@given(
    run=st.sampled_from([intersects_batch, contacts_batch, distances_batch]),
    k=st.integers(0, 3),
    hostile=st.sampled_from(["shape_a", "xf_a", "shape_b", "xf_b", "table"]),
    value=ARRAYS,
)
def test_a_batch_given_any_array_answers_or_says_which_argument_is_wrong(run, k, hostile, value):
    table = ShapeTable([Circle(1.0), Polygon.box(1.0, 2.0), Capsule((0, 0), (1, 0), 0.25)])
    args = {
        "table": table,
        "shape_a": np.arange(k, dtype=np.int64) % 3,
        "xf_a": np.zeros((k, 3)),
        "shape_b": np.ones(k, dtype=np.int64),
        "xf_b": np.tile([1.5, 0.5, 0.3], (k, 1)),
    }
    args[hostile] = value
    result = ends_clearly(lambda: run(**args))
    _finite_result(None if result is None or isinstance(result, np.ndarray) else tuple(result))


# The time of impact (issue 44, defect 12): one argument hostile, the rest valid; a sweep's field
# hostile, or the whole sweep anything; a sweep as a Sweep or as its five values.
TOI_ARGUMENTS = ("sweep_a", "sweep_b", "t_max", "target", "tolerance")
MOVING = Sweep((0.1, 0.0), (-3.0, 0.5), (3.0, -0.5), 0.0, 2.0)


@given(
    hostile=st.sampled_from(TOI_ARGUMENTS + tuple(f"sweep_b {field}" for field in Sweep._fields)),
    value=st.one_of(VALUE, PAIRISH, TRANSFORM),
    as_values=st.booleans(),
)
def test_a_time_of_impact_given_anything_answers_or_says_which_argument_is_wrong(hostile, value, as_values):
    args = {
        "sweep_a": Sweep.still((0.0, 0.0, 0.3)),
        "sweep_b": MOVING,
        "t_max": 1.0,
        "target": None,
        "tolerance": None,
    }
    if hostile.startswith("sweep_b "):
        args["sweep_b"] = MOVING._replace(**{hostile.split()[1]: value})
    else:
        args[hostile] = value
    if as_values and isinstance(args["sweep_b"], Sweep):
        args["sweep_b"] = tuple(args["sweep_b"])
    with within_budget(SECONDS, MEGABYTES):
        try:
            result = time_of_impact(
                Circle(1.0),
                args["sweep_a"],
                Polygon.box(0.5, 0.25),
                args["sweep_b"],
                args["t_max"],
                args["target"],
                args["tolerance"],
            )
        except CLEAR as error:
            assert hostile.split()[0] in one_line(str(error)), (hostile, str(error))
            return
    assert isinstance(result.state, TOIState) and 0.0 <= result.fraction <= float(args["t_max"])
    finite = all(math.isfinite(v) for v in (*result.point, *result.normal))
    assert finite == (result.state == TOIState.HIT), result


# --- valid inputs: the invariants ----------------------------------------------------------

COORD = st.one_of(st.floats(-50.0, 50.0), st.floats(-MAX_COORDINATE, MAX_COORDINATE))


@st.composite
def shapes(draw):
    size = 10.0 ** draw(st.floats(-3.0, 3.0))
    kind = draw(st.sampled_from(["circle", "capsule", "ellipse", "poly", "rounded", "box"]))
    u = st.floats(0.1, 1.0)
    if kind == "circle":
        return Circle(size * draw(u), (size * draw(u) - 0.5 * size, 0.0))
    if kind == "capsule":
        return Capsule(
            (-size * draw(u), 0.0), (size * draw(u), size * draw(u)), size * draw(st.floats(0.0, 0.5))
        )
    if kind == "ellipse":
        return Ellipse(size * draw(u), size * draw(u))
    if kind == "box":
        return Polygon.box(size * draw(u), size * draw(u), size * draw(st.sampled_from([0.0, 0.1])))
    n = draw(st.integers(3, 8))
    turns = sorted(draw(st.lists(st.floats(0.0, 2 * math.pi), min_size=n, max_size=n, unique=True)))
    points = [(size * math.cos(t), 0.6 * size * math.sin(t)) for t in turns]
    try:
        return Polygon(points, size * 0.2 if kind == "rounded" else 0.0)
    except ValueError:  # nearly straight or welded outlines: a box will do
        return Polygon.box(size, 0.5 * size)


@st.composite
def pairs(draw):
    a, b = draw(shapes()), draw(shapes())
    x, y = draw(COORD), draw(COORD)
    reach = 10.0 ** draw(st.floats(-3.0, 3.5))
    heading = draw(st.floats(-math.pi, math.pi))
    xb = min(max(x + reach * math.cos(heading), -MAX_COORDINATE), MAX_COORDINATE)
    yb = min(max(y + reach * math.sin(heading), -MAX_COORDINATE), MAX_COORDINATE)
    angles = draw(st.tuples(st.floats(-10.0, 10.0), st.floats(-10.0, 10.0)))
    return a, (x, y, angles[0]), b, (xb, yb, angles[1])


def value_tolerance(a, xf_a, b, xf_b) -> float:
    """The cross-check's value tolerance (``engine.crosscheck.judge``), with room for two runs."""
    size = sum(s.packed[5] + s.packed[1] for s in (a, b)) + math.hypot(xf_b[0] - xf_a[0], xf_b[1] - xf_a[1])
    largest = max(abs(xf_a[0]), abs(xf_a[1]), abs(xf_b[0]), abs(xf_b[1]))
    return 1e-10 * size + 64.0 * EPS * largest


def moved(xf, n, by):
    return (xf[0] + by * n[0], xf[1] + by * n[1], xf[2])


def refused_past_the_edge(a, xf_a, b, xf_b) -> bool:
    """True (after checking that the query refuses it) when moving B took it past MAX_COORDINATE."""
    if max(abs(xf_b[0]), abs(xf_b[1])) <= MAX_COORDINATE:
        return False
    with pytest.raises(ValueError, match="MAX_COORDINATE"):
        contact(a, xf_a, b, xf_b)
    return True


@given(pairs())
def test_for_valid_shapes_the_answers_are_symmetric_non_negative_and_consistent(pair):
    a, xf_a, b, xf_b = pair
    tol = value_tolerance(*pair)
    with within_budget(SECONDS, MEGABYTES):
        hit_ab, hit_ba = intersects(a, xf_a, b, xf_b), intersects(b, xf_b, a, xf_a)
        d_ab, d_ba = distance(a, xf_a, b, xf_b), distance(b, xf_b, a, xf_a)
        c_ab, c_ba = contact(a, xf_a, b, xf_b), contact(b, xf_b, a, xf_a)
    assert d_ab.distance >= 0.0 and d_ba.distance >= 0.0
    assert (d_ab.distance == 0.0) == hit_ab and (d_ba.distance == 0.0) == hit_ba
    assert (c_ab is not None) == hit_ab and (c_ba is not None) == hit_ba
    assert abs(d_ab.distance - d_ba.distance) <= tol
    if hit_ab != hit_ba:  # only a graze within the touching band may be called both ways
        assert max(d_ab.distance, d_ba.distance) <= tol
    for c, (s1, x1, s2, x2) in ((c_ab, (a, xf_a, b, xf_b)), (c_ba, (b, xf_b, a, xf_a))):
        if c is None:
            continue
        assert c.depth >= 0.0
        assert math.hypot(*c.normal) == pytest.approx(1.0, abs=1e-12)
        # Moving B along its normal by the depth (and a hair) separates the shapes.
        away = moved(x2, c.normal, c.depth + 2.0 * tol)
        if not refused_past_the_edge(s1, x1, s2, away):
            after = contact(s1, x1, s2, away)
            assert after is None or after.depth <= 3.0 * tol
    if c_ab is not None and c_ba is not None:
        assert abs(c_ab.depth - c_ba.depth) <= tol
        # B → A's normal, negated, is as good for moving B away from A.
        n = (-c_ba.normal[0], -c_ba.normal[1])
        away = moved(xf_b, n, c_ba.depth + 2.0 * tol)
        if not refused_past_the_edge(a, xf_a, b, away):
            after = contact(a, xf_a, b, away)
            assert after is None or after.depth <= 3.0 * tol


@given(st.lists(pairs(), min_size=1, max_size=6))
def test_for_valid_shapes_a_batch_answers_exactly_as_the_one_pair_queries(many):
    table = ShapeTable()
    ids_a = np.array([table.add(p[0]) for p in many])
    ids_b = np.array([table.add(p[2]) for p in many])
    xf_a = np.array([p[1] for p in many])
    xf_b = np.array([p[3] for p in many])
    with within_budget(SECONDS, MEGABYTES):
        hits = intersects_batch(table, ids_a, xf_a, ids_b, xf_b)
        dist = distances_batch(table, ids_a, xf_a, ids_b, xf_b)
        cont = contacts_batch(table, ids_a, xf_a, ids_b, xf_b)
    for k, (a, xa, b, xb) in enumerate(many):
        assert hits[k] == intersects(a, xa, b, xb)
        d = distance(a, xa, b, xb)
        assert (dist.distance[k], tuple(dist.point_a[k]), tuple(dist.point_b[k])) == (
            d.distance,
            d.point_a,
            d.point_b,
        )
        c = contact(a, xa, b, xb)
        assert cont.hit[k] == (c is not None)
        if c is not None:
            assert (tuple(cont.normal[k]), cont.depth[k], tuple(cont.point_a[k])) == (
                c.normal,
                c.depth,
                c.point_a,
            )


# --- stored cases -------------------------------------------------------------------------

CASES = sorted((FIXTURES / "collision").glob("*.json"))
CALLS = {
    "intersects": intersects,
    "distance": distance,
    "contact": contact,
    "intersects_batch": intersects_batch,
    "contacts_batch": contacts_batch,
    "distances_batch": distances_batch,
    "time_of_impact": time_of_impact,
    **{f"make_{name}": make for name, make in MAKERS.items()},
}
SHAPES = {"circle": Circle, "capsule": Capsule, "ellipse": Ellipse, "polygon": Polygon, "box": Polygon.box}


def decode(value):
    """A fixture value: JSON, with {"float": "nan"}, {"array": [...], "dtype": "..."},
    {"shape": kind, "args": [...]}, {"tuple": [...]} and {"table": [shapes]} for what JSON lacks."""
    if isinstance(value, list):
        return [decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "float" in value:
        return float(value["float"])
    if "tuple" in value:
        return tuple(decode(v) for v in value["tuple"])
    if "array" in value:
        return np.array(decode(value["array"]), dtype=value["dtype"]).reshape(value.get("shape", -1))
    if "shape" in value:
        return SHAPES[value["shape"]](*decode(value["args"]))
    if "table" in value:
        return ShapeTable(decode(value["table"]))
    raise ValueError(f"unknown fixture value {value}")


def test_there_are_stored_cases():
    assert len(CASES) >= 5


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_stored_case_still_ends_as_recorded(path):
    case = json.loads(path.read_text())
    call = CALLS[case["call"]]
    args = decode(case["args"])
    if case["call"].startswith("make_"):
        args = [args]
    with within_budget(SECONDS, MEGABYTES):
        if case["expect"] == "ok":
            result = call(*args)
            _finite_result(None if isinstance(result, bool | np.ndarray) else tuple(result))
            return
        with pytest.raises(CLEAR) as error:
            call(*args)
    assert type(error.value).__name__ == case["expect"]
    assert case["message"] in one_line(str(error.value))
