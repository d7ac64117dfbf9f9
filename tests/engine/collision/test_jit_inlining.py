"""numba's inlining of ``inline="always"`` helpers, without its deep copies (``jit._inline_without_copies``)."""

import copy

import numpy as np
import pytest
from numba import njit
from numba.core import inline_closurecall
from numba.extending import overload

import engine.collision.jit  # (installs the inliner without copies)


@pytest.fixture
def deep_copies(monkeypatch):
    """The type of every value ``copy.deepcopy`` is handed while the test runs."""
    copied = []
    deepcopy = copy.deepcopy

    def counting(value, memo=None):
        copied.append(type(value).__name__)
        return deepcopy(value, memo)

    monkeypatch.setattr(copy, "deepcopy", counting)
    return copied


def _fresh_kernels():
    """A kernel calling an inlined helper of several blocks at two sites, the helper's locals reused
    across its loop and branches: compiled afresh in each call (no cache), so it inlines now."""

    @njit(inline="always")
    def clamp_sum(values, low, high):
        total = 0.0
        for v in values:
            if v < low:
                v = low
            elif v > high:
                v = high
            total += v
        return total

    @njit
    def both(values):
        return clamp_sum(values, 0.0, 1.0), clamp_sum(values * 2.0, -1.0, 3.0)

    return both


def test_an_inlined_helper_at_two_sites_gives_what_python_gives():
    values = np.array([-2.0, 0.25, 0.5, 1.5, 4.0])
    got = _fresh_kernels()(values)
    want = (
        float(np.clip(values, 0.0, 1.0).sum()),
        float(np.clip(values * 2.0, -1.0, 3.0).sum()),
    )
    assert got == want


def test_inlining_a_fresh_helper_deep_copies_none_of_its_blocks(deep_copies):
    assert _fresh_kernels()(np.array([0.5, 2.0])) == (1.5, 4.0)
    assert "Block" not in deep_copies
    # numba's own module is back in place once the inlining is done.
    assert inline_closurecall.copy is copy


def test_the_patch_is_installed_once_on_the_numba_it_was_written_for():
    installed = inline_closurecall.InlineWorker.inline_function
    # Fails when a numba release changed its inliner: the cold start's compile then takes the copies'
    # time again (docs/first-run.md), until ``_inline_without_copies`` reads the new shape.
    assert getattr(installed, "_gjk_fresh", False), "numba's inliner is not the shape jit patches"
    engine.collision.jit._inline_without_copies()
    assert inline_closurecall.InlineWorker.inline_function is installed


def _twice(x):
    raise NotImplementedError  # (the overload below is what compiles)


@overload(_twice, inline="always")
def _twice_overload(x):
    def impl(x):
        if x > 0:
            return x + x
        return x - x

    return impl


def test_an_inlined_overload_keeps_numba_s_copies_of_its_kept_ir_and_stays_right(deep_copies):
    # An overload's IR is kept and inlined at each site: numba must copy it each time, and does.

    @njit
    def use(a, b):
        return _twice(a) + _twice(b)

    assert use(1.5, 2.0) == 7.0
    assert use(-3, 4) == 8
    assert "Block" in deep_copies
