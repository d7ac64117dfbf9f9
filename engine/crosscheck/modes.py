"""What a cross-check run judges: the one-normal contact (``judge``) or the contact manifold (``manifolds``).

Each mode names its checks (the columns of the summary, the values a case file's
``failed`` may take) and the function that answers and judges a list of pairs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .judge import CHECKS, judge_all
from .manifolds import MANIFOLD_CHECKS, judge_manifolds

__all__ = ["MODES", "Mode"]


class Mode(NamedTuple):
    """A mode's checks, in the order they are tried, and its judge (pairs -> judged pairs)."""

    checks: tuple[str, ...]
    judge: Callable


MODES = {
    "contact": Mode(CHECKS, judge_all),
    "manifold": Mode(MANIFOLD_CHECKS, judge_manifolds),
}
