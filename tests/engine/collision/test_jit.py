"""The record helpers of ``engine.collision.jit``: written once, field by field for any record."""

import json
import os
import subprocess
import sys
from typing import NamedTuple

import numpy as np

from engine.collision.jit import empty_rows, kernel, lowest_clear_bit, take_rows, viewed_record


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
    """k rows like ``template``, written through views, then the rows at ``rows``."""
    record = empty_rows(template, k)
    view = viewed_record(record)
    for i in range(k):
        view.index[i] = i
        view.normal[i, 0], view.normal[i, 1] = -1.0 * i, 2.0 * i
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
        every = _filled(template, 4, np.arange(4))
        assert every.index.tolist() == [0, 1, 2, 3] and every.normal[:, 1].tolist() == [0.0, 2.0, 4.0, 6.0]
    assert all(f.shape == (0, *g.shape[1:]) for f, g in zip(empty_rows(WIDER, 0), WIDER, strict=True))


def test_python_calls_give_what_the_kernel_gives():
    record = empty_rows(WIDER, 5)
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


@kernel
def _lowest_clear_bits(values):
    out = np.empty(values.shape[0], np.int64)
    for k in range(values.shape[0]):
        out[k] = lowest_clear_bit(values[k])
    return out


def _lowest_clear_bit_by_loop(bits: int) -> int:
    """The solver's colouring as it was written before: walk the bits up to the first clear one."""
    c = 0
    while c < 64 and (bits >> c) & 1:
        c += 1
    return c


def _edge_and_random_bits() -> np.ndarray:
    rng = np.random.default_rng(7)
    ones_below = [(1 << c) - 1 for c in range(63)]  # c low bits set: the answer is c
    edges = [
        0,
        -1,
        np.iinfo(np.int64).max,
        np.iinfo(np.int64).min,
        *ones_below,
        *[-(1 << c) for c in range(63)],
    ]
    return np.array(
        edges + rng.integers(np.iinfo(np.int64).min, np.iinfo(np.int64).max, 2000).tolist(), np.int64
    )


def test_lowest_clear_bit_is_the_first_zero_bit_a_walk_over_the_bits_finds():
    values = _edge_and_random_bits()
    expected = [_lowest_clear_bit_by_loop(int(v)) for v in values]
    assert _lowest_clear_bits(values).tolist() == expected
    assert max(expected) == 64 and min(expected) == 0


def test_lowest_clear_bit_without_jit_gives_the_same_answers():
    script = (
        "import sys, json, numpy as np; from engine.collision.jit import lowest_clear_bit; "
        "print(json.dumps([lowest_clear_bit(v) for v in json.loads(sys.stdin.read())]))"
    )
    values = _edge_and_random_bits()
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    done = subprocess.run(
        [sys.executable, "-c", script], input=json.dumps(values.tolist()), env=env, capture_output=True,
        text=True, check=True,
    )  # fmt: skip
    assert json.loads(done.stdout) == [_lowest_clear_bit_by_loop(int(v)) for v in values]


def test_two_checkouts_of_one_engine_keep_their_kernels_in_folders_of_their_own(tmp_path):
    # Regression: a second clone of the same sources read the first one's cache folder, and with it
    # its warm-up mark; numba files each kernel under its source's path, so that clone found none
    # of them cached, skipped the warm-up and froze in play, compiling at each first call.
    import shutil
    from pathlib import Path

    from engine.collision.jit import _cache_dir

    engine = Path(_cache_dir.__code__.co_filename).parents[1]
    places = []
    for name in ("first", "second"):
        for room in ("collision", "world"):
            shutil.copytree(
                engine / room, tmp_path / name / "engine" / room, ignore=shutil.ignore_patterns("__pycache__")
            )
        places.append(tmp_path / name / "engine")
    first, second = (_cache_dir(place) for place in places)
    assert first != second
    assert _cache_dir(places[0]) == first  # the same sources in the same place: the same folder
    edited = places[0] / "world" / "step.py"
    edited.write_text(edited.read_text() + "\n# edited\n")
    assert _cache_dir(places[0]) != first  # an edited engine starts afresh
