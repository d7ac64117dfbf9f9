"""The batch kernels give exactly what the one-pair queries give, and check their input."""

from __future__ import annotations

import copy
import math
import pickle

import numpy as np
import pytest

from engine.collision import (
    Capsule,
    Circle,
    Ellipse,
    Polygon,
    ShapeTable,
    contact,
    contacts_batch,
    distance,
    distances_batch,
    intersects,
    intersects_batch,
)

SHAPES = [
    Polygon([(0, 0), (2, 0), (1.5, 1), (0.2, 0.8)]),
    Polygon.box(0.5, 1.5, radius=0.2),
    Circle(0.7, center=(0.2, -0.1)),
    Capsule((-1, 0), (1, 0.5), 0.3),
    Ellipse(1.2, 0.4),
]


@pytest.fixture(scope="module")
def scene():
    rng = np.random.default_rng(11)
    k = 2000
    ids_a, ids_b = rng.integers(0, len(SHAPES), k), rng.integers(0, len(SHAPES), k)
    xf_a = np.column_stack([rng.uniform(-2, 2, (k, 2)), rng.uniform(-4, 4, k)])
    xf_b = np.column_stack([rng.uniform(-2, 2, (k, 2)), rng.uniform(-4, 4, k)])
    return ShapeTable(SHAPES), ids_a, xf_a, ids_b, xf_b


def test_batch_verdicts_equal_the_one_pair_verdicts(scene):
    table, ids_a, xf_a, ids_b, xf_b = scene
    batch = intersects_batch(table, ids_a, xf_a, ids_b, xf_b)
    single = [
        intersects(SHAPES[i], tuple(a), SHAPES[j], tuple(b)) for i, a, j, b in zip(ids_a, xf_a, ids_b, xf_b)
    ]
    assert batch.tolist() == single
    assert 0.2 < batch.mean() < 0.8  # the scene has both outcomes in number


def test_batch_contacts_equal_the_one_pair_contacts(scene):
    table, ids_a, xf_a, ids_b, xf_b = scene
    batch = contacts_batch(table, ids_a, xf_a, ids_b, xf_b)
    for k, (i, a, j, b) in enumerate(zip(ids_a, xf_a, ids_b, xf_b)):
        single = contact(SHAPES[i], tuple(a), SHAPES[j], tuple(b))
        assert batch.hit[k] == (single is not None)
        if single is not None:
            assert tuple(batch.normal[k]) == single.normal
            assert batch.depth[k] == single.depth
            assert tuple(batch.point_a[k]) == single.point_a
            assert batch.status[k] == single.status


def test_batch_distances_equal_the_one_pair_distances(scene):
    table, ids_a, xf_a, ids_b, xf_b = scene
    batch = distances_batch(table, ids_a, xf_a, ids_b, xf_b)
    for k, (i, a, j, b) in enumerate(zip(ids_a, xf_a, ids_b, xf_b)):
        single = distance(SHAPES[i], tuple(a), SHAPES[j], tuple(b))
        assert batch.distance[k] == single.distance
        assert tuple(batch.point_b[k]) == single.point_b


def test_an_empty_batch_is_fine():
    empty = np.zeros((0, 3))
    ids = np.zeros(0, dtype=np.int64)
    assert intersects_batch(ShapeTable(SHAPES), ids, empty, ids, empty).shape == (0,)


def test_a_non_finite_transform_row_is_named():
    table = ShapeTable(SHAPES)
    xf = np.zeros((3, 3))
    xf[2, 1] = math.nan
    with pytest.raises(ValueError, match=r"xf_b row 2 y is nan: it must be finite"):
        intersects_batch(table, [0, 1, 2], np.zeros((3, 3)), [0, 1, 2], xf)


def test_an_unknown_shape_index_is_named():
    with pytest.raises(IndexError, match="shape_b names shape 9, but the table holds 5 shapes"):
        intersects_batch(ShapeTable(SHAPES), [0], np.zeros((1, 3)), [9], np.zeros((1, 3)))


@pytest.mark.parametrize("dtype", [np.uint64, np.uint32, np.int64])
def test_an_unknown_shape_index_is_shown_as_given_whatever_its_dtype(dtype):
    """Issue 24: a uint64 index of 2**63 was reported as -9223372036854775808."""
    big = np.iinfo(dtype).max // 2 + 1
    with pytest.raises(IndexError, match=f"shape_a names shape {big}, but the table holds 5 shapes"):
        intersects_batch(ShapeTable(SHAPES), np.array([big], dtype), np.zeros((1, 3)), [0], np.zeros((1, 3)))


def test_mismatched_array_shapes_are_refused():
    with pytest.raises(ValueError, match=r"\(k, 3\)"):
        intersects_batch(ShapeTable(SHAPES), [0, 1], np.zeros((2, 2)), [0, 1], np.zeros((2, 3)))


def test_a_custom_shape_cannot_enter_the_compiled_table():
    class Blob:
        def support(self, dx, dy):
            return (0.0, 0.0)

    with pytest.raises(TypeError, match="only the built-in shapes"):
        ShapeTable([Blob()])


def test_a_shape_table_grows_by_appending_and_views_handed_out_keep_what_they_held():
    """Issue 24 round two: every new shape repacked the whole table, so a world queried with
    20,000 distinct shapes took 206 s (quadratic). Now each add writes only its own numbers."""
    from engine.collision import Capsule, Circle, Ellipse, Polygon, ShapeTable

    shapes = [Circle(1.0 + k) if k % 4 == 0 else Polygon.box(1.0, 1.0 + k) for k in range(200)]
    shapes += [Capsule((0, 0), (1, 0), 0.5), Ellipse(2.0, 1.0)]
    table = ShapeTable()
    held = []
    for shape in shapes:
        table.add(shape)
        held.append((table.data, table.offsets, len(table)))
    for data, offsets, count in held:  # an old view still reads the shapes it was made for
        assert not data.flags.writeable
        for k in range(count):
            packed = shapes[k].packed
            assert np.array_equal(data[offsets[k] : offsets[k] + len(packed)], packed)
    fresh = ShapeTable(shapes)
    assert np.array_equal(table.data, fresh.data) and np.array_equal(table.offsets, fresh.offsets)
    assert len(table.data) == sum(len(s.packed) for s in shapes)


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda t: pickle.loads(pickle.dumps(t))])
def test_a_copied_shape_table_takes_shapes_of_its_own(how):
    """Issue 44's neighbour: ``copy.copy`` shared the buffer, so the next shape either table took
    overwrote the one the other had just taken."""
    table = ShapeTable([Circle(1.0)])
    twin = how(table)
    k = twin.add(Circle(5.0))
    table.add(Polygon.box(2.0, 3.0))
    assert twin.data[twin.offsets[k] :].tolist() == Circle(5.0).packed.tolist()
    assert table.data[table.offsets[1] :].tolist() == Polygon.box(2.0, 3.0).packed.tolist()
    assert not twin.data.flags.writeable and len(table) == len(twin) == 2
