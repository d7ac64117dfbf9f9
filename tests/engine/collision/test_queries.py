"""The one-pair queries' two paths (the fast one for plain floats and built-in shapes, the
general one for everything else legal) give the same answers; shapes keep their own buffers."""

from __future__ import annotations

import copy
import math
import pickle
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.collision import (
    Capsule,
    Circle,
    Ellipse,
    Polygon,
    ShapeTable,
    Status,
    Transform,
    contact,
    contacts_batch,
    distance,
    intersects,
    queries,
)
from engine.collision.jit import entry_point, kernel

SHAPES = [
    Polygon([(0.0, 0.0), (2.0, 0.0), (1.5, 1.0)]),
    Polygon.box(1.0, 0.5, radius=0.1),
    Circle(0.5, center=(0.2, -0.1)),
    Capsule((0.0, 0.0), (1.0, 1.0), 0.2),
    Ellipse(1.0, 0.3),
]


def answers(a, xf_a, b, xf_b):
    return intersects(a, xf_a, b, xf_b), distance(a, xf_a, b, xf_b), contact(a, xf_a, b, xf_b)


@pytest.mark.parametrize("a", SHAPES)
@pytest.mark.parametrize("b", SHAPES)
def test_every_legal_form_of_a_transform_gives_the_answer_of_plain_floats(a, b):
    xf_a, xf_b = (1.0, -2.0, 3.0), (2.0, -2.0, -1.0)
    plain = answers(a, xf_a, b, xf_b)
    assert plain[1].status is Status.OK
    forms = [
        (Transform(*xf_a), Transform(*xf_b)),
        (list(xf_a), list(xf_b)),
        (np.array(xf_a), np.array(xf_b)),
        (tuple(np.float64(v) for v in xf_a), tuple(np.float32(v) for v in xf_b)),
        ((1, -2, 3), (2, -2, -1)),
        (tuple(Fraction(v) for v in xf_a), xf_b),
    ]
    for form_a, form_b in forms:
        assert answers(a, form_a, b, form_b) == plain, (form_a, form_b)


class Wider(Polygon):
    """A subclass of a built-in shape: its own packed data, the same kernels."""


def test_a_subclass_of_a_built_in_shape_answers_as_the_shape_does():
    mine, theirs = Polygon.box(1.0, 0.5), Wider(((-1.0, -0.5), (1.0, -0.5), (1.0, 0.5), (-1.0, 0.5)))
    for xf_b in ((1.5, 0.2, 0.3), (4.0, 0.0, 0.0)):
        assert answers(theirs, (0.0, 0.0, 0.0), Circle(0.6), xf_b) == answers(
            mine, (0.0, 0.0, 0.0), Circle(0.6), xf_b
        )


@pytest.mark.parametrize("shape", SHAPES)
def test_a_copied_or_unpickled_shape_has_a_buffer_of_its_own_and_answers_alike(shape):
    # The kernels read a shape through the address of its packed data: a copy that kept the
    # original's address would read freed memory once the original is gone.
    for twin in (pickle.loads(pickle.dumps(shape)), copy.deepcopy(shape), copy.copy(shape)):
        assert twin == shape
        assert twin._packed_address == twin.packed.ctypes.data
        assert np.array_equal(twin.packed, shape.packed)
        assert answers(twin, (0.0, 0.0, 0.5), Circle(1.0), (1.2, 0.3, 0.0)) == answers(
            shape, (0.0, 0.0, 0.5), Circle(1.0), (1.2, 0.3, 0.0)
        )


def test_a_shape_outlives_nothing_it_lends_a_query():
    # Shapes made and dropped in a loop: each call reads the live shape's own data.
    for k in range(200):
        r = 0.5 + 0.01 * k
        d = distance(Circle(r), (0.0, 0.0, 0.0), Circle(1.0), (10.0, 0.0, 0.0)).distance
        assert d == pytest.approx(9.0 - r, abs=1e-12)


coordinate = st.floats(-1e3, 1e3, allow_nan=False)
angle = st.floats(-10.0, 10.0, allow_nan=False)


@given(
    st.sampled_from(range(len(SHAPES))),
    st.tuples(coordinate, coordinate, angle),
    st.sampled_from(range(len(SHAPES))),
    st.tuples(angle, angle, angle),
)
def test_the_one_pair_queries_answer_exactly_as_the_batch_does(i, xf_a, j, offset):
    xf_b = (xf_a[0] + offset[0] * 0.3, xf_a[1] + offset[1] * 0.3, offset[2])
    table = ShapeTable(SHAPES)
    batch = contacts_batch(table, [i], [xf_a], [j], [xf_b])
    one = contact(SHAPES[i], xf_a, SHAPES[j], xf_b)
    assert (one is not None) == bool(batch.hit[0]) == intersects(SHAPES[i], xf_a, SHAPES[j], xf_b)
    if one is not None:
        assert one.normal == tuple(batch.normal[0]) and one.depth == batch.depth[0]
        assert one.point_a == tuple(batch.point_a[0]) and one.point_b == tuple(batch.point_b[0])


def test_the_answers_are_python_numbers_and_statuses():
    d = distance(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (5.0, 0.0, 0.0))
    c = contact(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (1.5, 0.0, 0.0))
    assert type(intersects(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (1.5, 0.0, 0.0))) is bool
    assert d.status is Status.OK and type(d.iterations) is int
    assert c.status is Status.OK and all(isinstance(v, float) for v in (*c.normal, c.depth, *c.point_a))
    assert math.hypot(*c.normal) == pytest.approx(1.0)


def test_an_entry_point_is_used_only_for_a_kernel_with_exactly_one_compiled_signature():
    @kernel
    def twice(x):
        return 2.0 * x

    assert entry_point(twice) is twice  # nothing compiled yet: the kernel itself
    assert twice(1.5) == 3.0
    direct = entry_point(twice)
    if hasattr(twice, "overloads"):  # compiled (not NUMBA_DISABLE_JIT)
        assert direct is not twice and direct(2.5) == 5.0
        twice(np.int64(2))  # a second signature: back to the dispatcher, which picks
        assert entry_point(twice) is twice


def test_the_queries_call_their_kernels_directly_once_compiled():
    intersects(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (1.5, 0.0, 0.0))
    contact(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (1.5, 0.0, 0.0))
    distance(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (1.5, 0.0, 0.0))
    for call, kernel_ in (
        (queries._verdict_call, queries._verdict_kernel),
        (queries._contact_call, queries._contact_kernel),
        (queries._distance_call, queries._distance_kernel),
    ):
        assert call is entry_point(kernel_)
