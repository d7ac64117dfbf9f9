"""The record helpers of ``engine.collision.jit``: written once, field by field for any record."""

from typing import NamedTuple

import numpy as np

from engine.collision.jit import kernel, take_rows, viewed_record, zeros_rows


class Pair(NamedTuple):
    index: np.ndarray
    normal: np.ndarray


class Wider(NamedTuple):
    index: np.ndarray
    normal: np.ndarray
    point: np.ndarray
    flag: np.ndarray


PAIR = Pair(np.zeros(0, np.int64), np.zeros((0, 2)))
WIDER = Wider(np.zeros(0, np.int64), np.zeros((0, 2)), np.zeros((0, 2, 2)), np.zeros(0, np.bool_))


@kernel
def _filled(template, k, rows):
    """k rows of zeros like ``template``, written through views, then the rows at ``rows``."""
    record = zeros_rows(template, k)
    view = viewed_record(record)
    for i in range(k):
        view.index[i] = i
        view.normal[i, 1] = 2.0 * i
    return take_rows(record, rows)


def test_a_kernel_makes_writes_and_takes_rows_of_any_record_by_its_fields():
    rows = np.array([3, 1, 1])
    for template in (PAIR, WIDER):
        got = _filled(template, 4, rows)
        assert type(got) is type(template)
        assert got.index.tolist() == [3, 1, 1]
        assert got.normal[:, 1].tolist() == [6.0, 2.0, 2.0]
        for field, like in zip(got, template, strict=True):
            assert field.dtype == like.dtype and field.shape == (3, *like.shape[1:])


def test_python_calls_give_what_the_kernel_gives():
    record = zeros_rows(WIDER, 5)
    record.index[:] = np.arange(5) * 10
    record.point[2, 1, 0] = 7.0
    taken = take_rows(record, np.array([2, 0]))
    assert taken.index.tolist() == [20, 0] and taken.point[0, 1, 0] == 7.0
    assert all(f.shape[0] == 5 for f in record) and record.flag.dtype == np.bool_
    assert viewed_record(record) == record


class Mixed(NamedTuple):
    """A record with numbers and a nested record beside its arrays, as ``grid.DenseGrid`` has."""

    count: int
    cell: float
    values: np.ndarray
    inner: Pair


@kernel
def _viewed_mixed(record):
    """The record seen through ``viewed_record``: its numbers, and a write through the array view."""
    view = viewed_record(record)
    view.values[1] = view.cell * view.count
    view.inner.normal[0, 0] = -1.0
    return view.count, view.cell, view.inner.index[0]


def test_a_viewed_record_keeps_its_numbers_and_nested_records_and_writes_through_its_arrays():
    record = Mixed(3, 2.5, np.zeros(4), Pair(np.array([9], np.int64), np.zeros((1, 2))))
    assert _viewed_mixed(record) == (3, 2.5, 9)
    assert record.values.tolist() == [0.0, 7.5, 0.0, 0.0]
    assert record.inner.normal[0, 0] == -1.0
    assert viewed_record(record) == record
