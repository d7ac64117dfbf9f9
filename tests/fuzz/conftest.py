"""The fuzz suite's one rule: every case ends, in a result or one clear error, within a budget.

``within_budget(seconds, megabytes)`` wraps one case. It fails the test when
the case took longer than ``seconds`` of wall time or allocated more than
``megabytes`` at its peak (``tracemalloc`` counts Python and numpy
allocations). ``one_line(message)`` checks that an error a person would read
is a single line: no newline, no traceback, no terminal control characters.

Cases the fuzzers found are kept under ``tests/fuzz/fixtures/`` and replayed
as fixed examples.
"""

from __future__ import annotations

import contextlib
import time
import tracemalloc
from pathlib import Path

import pytest

from tests.game.conftest import window  # noqa: F401 (the one hidden window, reset: long sessions drive it)

FIXTURES = Path(__file__).parent / "fixtures"


@contextlib.contextmanager
def within_budget(seconds: float, megabytes: float):
    tracemalloc.start()
    start = time.perf_counter()
    try:
        yield
    finally:
        elapsed = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert elapsed <= seconds, f"took {elapsed:.2f} s; the budget is {seconds} s"
    assert peak <= megabytes * 2**20, f"peaked at {peak / 2**20:.1f} MB; the budget is {megabytes} MB"


def one_line(message: str) -> str:
    """``message`` unchanged, after checking it is one printable line."""
    assert message, "an empty message"
    assert "\n" not in message and "\r" not in message, f"more than one line: {message!r}"
    assert "Traceback" not in message, message
    assert not any(ord(c) < 32 or ord(c) == 127 or 0x80 <= ord(c) < 0xA0 for c in message), repr(message)
    return message


@pytest.fixture
def budget():
    return within_budget
