"""The solver's gather and scatter (``engine.world.lanes``): body rows into a bundle's lanes and
the lanes' sums back, eight lanes at a time, with the scalar form's arithmetic."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from llvmlite import binding
from numba import njit
from numba.core.errors import TypingError

from engine.world.lanes import (
    FIRST,
    LANES,
    ROW,
    SECOND,
    SUMS,
    gather,
    scatter_sums,
)

WIDTH = SUMS + 4


@njit
def _gather(state, ends, lanes, motion):
    gather(state, ends, lanes, motion)


@njit
def _scatter(lanes, ends, state, inverse):
    scatter_sums(lanes, ends, state, inverse)


def _bodies(rng, rows):
    """Body rows of numbers of every size and sign, a -0.0 among them."""
    state = rng.normal(0.0, 1.0, (rows, ROW)) * 10.0 ** rng.integers(-8, 8, (rows, ROW))
    state[1, 3] = -0.0
    return state


@pytest.mark.parametrize("motion", [False, True])
@pytest.mark.parametrize("seed", range(5))
def test_a_bundles_gathered_rows_are_its_bodies_rows_in_float32_and_nothing_else_is_written(seed, motion):
    rng = np.random.default_rng(seed)
    state = _bodies(rng, 30)
    ends = rng.integers(0, 30, (LANES, 4)).astype(np.uint32)
    ends[3, 0] = ends[5, 1] = 29  # two lanes reading one row, as an empty lane's read the zeros row
    lanes = np.full((WIDTH, LANES), np.float32(7.5))
    _gather(state, ends, lanes, motion)
    columns = 7 if motion else 3
    for t in range(LANES):
        for side, first in ((0, FIRST), (1, SECOND)):
            row = state[ends[t, side]]
            for k in range(7):
                want = np.float32(row[k]) if k < columns else np.float32(7.5)
                assert lanes[first + k, t].tobytes() == want.tobytes()
    assert (lanes[SUMS:] == np.float32(7.5)).all()


#: Whether this processor multiplies and adds with one rounding (``llvm.fmuladd`` uses it where it is).
FUSED = bool(binding.get_host_cpu_features().get("fma", False))


def _fused(m, p, v):
    """m·p + v rounded once (exact rational arithmetic, then the nearest float64) where the processor
    has a fused multiply-add, else the product rounded, then the sum."""
    if not FUSED:
        return float(np.float64(m) * np.float64(p) + np.float64(v))
    return float(Fraction(m) * Fraction(p) + Fraction(v))


@pytest.mark.parametrize("seed", range(5))
def test_the_scatter_applies_each_lanes_sums_rounded_as_the_scalar_form_lane_after_lane(seed):
    rng = np.random.default_rng(seed)
    state = _bodies(rng, 12)
    inverse = np.abs(rng.normal(0.0, 1.0, (12, 2))) * 10.0 ** rng.integers(-3, 3, (12, 2))
    spare = 11
    inverse[spare] = 0.0
    # The lanes' written rows: no row twice but the spare one, shared by several lanes and by both
    # ends of one (an empty lane's), as the solver's colours write them.
    rows = rng.permutation(11)
    ends = np.zeros((LANES, 4), np.uint32)
    for t in range(LANES):
        ends[t, 2], ends[t, 3] = rows[t], (rows[t + 1] if t + 1 < LANES and t % 3 else spare)
    ends[7, 2] = ends[7, 3] = spare
    ends[0, 3] = 10  # (not also a's row of lane 1)
    lanes = rng.normal(0.0, 1.0, (WIDTH, LANES)).astype(np.float32)
    want = state.copy()
    for t in range(LANES):
        px, py, ta, tb = (float(lanes[SUMS + k, t]) for k in range(4))
        a, b = int(ends[t, 2]), int(ends[t, 3])
        want[a, 0] = _fused(-inverse[a, 0], px, want[a, 0])
        want[a, 1] = _fused(-inverse[a, 0], py, want[a, 1])
        want[a, 2] = _fused(-inverse[a, 1], ta, want[a, 2])
        want[b, 0] = _fused(inverse[b, 0], px, want[b, 0])
        want[b, 1] = _fused(inverse[b, 0], py, want[b, 1])
        want[b, 2] = _fused(inverse[b, 1], tb, want[b, 2])
    _scatter(lanes, ends, state, inverse)
    # To the bit, the columns past the velocity (a -0.0 among them) as they were.
    assert state.tobytes() == want.tobytes()


def test_the_scatter_keeps_momentum_a_push_on_one_body_is_the_opposite_of_the_push_on_the_other():
    state = np.zeros((4, ROW))
    inverse = np.array([[0.5, 2.0], [0.25, 1.0], [0.0, 0.0], [0.0, 0.0]])
    ends = np.zeros((LANES, 4), np.uint32)
    ends[:, 2], ends[:, 3] = 2, 2  # empty lanes: the spare row
    ends[0, 2], ends[0, 3] = 0, 1
    lanes = np.zeros((WIDTH, LANES), np.float32)
    lanes[SUMS:, 0] = 0.3, -0.7, 0.1, 0.2
    _scatter(lanes, ends, state, inverse)
    masses = 1.0 / inverse[:2, 0]
    momentum = masses[0] * state[0, :2] + masses[1] * state[1, :2]
    assert np.abs(momentum).max() <= 1e-16
    assert state[1, 0] == pytest.approx(0.25 * np.float32(0.3))


def test_a_gather_given_rows_of_the_wrong_type_is_refused_by_name():
    with pytest.raises((TypeError, TypingError), match="ends must be a C-contiguous 2-D uint32 array"):
        _gather(
            np.zeros((3, ROW)), np.zeros((LANES, 4), np.int64), np.zeros((WIDTH, LANES), np.float32), False
        )
