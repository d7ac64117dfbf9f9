"""Pairs of nearby boxes between groups, in one compiled sort and sweep, with a bound on the work.

A one-off query over many boxes (a level's wall parts against one another,
markers or placements against walls), not a frame's broad phase: the world
keeps its bodies in grids (``walls``, ``hashgrid``, ``pairs``) because it
asks again every frame; this sorts once and sweeps once.

``box_pairs`` gives every pair (i, j), i < j, of boxes whose ``group``
differs and whose boxes come within ``margin`` of each other on both axes
(touching counts). It sweeps along the axis where the boxes crowd less, so a
long row or a long column of boxes is cheap either way. Its work is bounded
before it is done: past ``max_pairs`` pairs or ``max_steps`` box comparisons
it stops and says so, and the caller reports its limit instead.

Frames: boxes are (min_x, min_y, max_x, max_y) rows in one frame (world
pixels for the game); ``margin`` in the same units.
"""

from __future__ import annotations

import numpy as np

from ..collision.jit import kernel


@kernel
def _sweep(lo, hi, other_lo, other_hi, group, margin, max_pairs, max_steps):
    """Sort and sweep along one axis (``lo``/``hi``; ``other_*`` the other axis): (pairs, complete)."""
    order = np.argsort(lo)
    found = np.empty((max_pairs, 2), np.int64)
    count = 0
    steps = 0
    for a in range(order.shape[0]):
        i = order[a]
        for b in range(a + 1, order.shape[0]):
            j = order[b]
            if lo[j] > hi[i] + margin:
                break
            steps += 1
            if steps > max_steps:
                return found[:count].copy(), False
            if group[i] == group[j]:
                continue
            if other_lo[j] > other_hi[i] + margin or other_lo[i] > other_hi[j] + margin:
                continue
            if count == max_pairs:
                return found[:count].copy(), False
            found[count, 0], found[count, 1] = min(i, j), max(i, j)
            count += 1
    return found[:count].copy(), True


def box_pairs(boxes, group, margin: float, max_pairs: int, max_steps: int) -> tuple[np.ndarray, bool]:
    """Pairs of boxes of different ``group`` within ``margin`` of each other: (pairs, complete).

    ``boxes`` (n, 4) rows (min_x, min_y, max_x, max_y); ``group`` (n,)
    integer labels (two groups: one against the other; a label per wall:
    parts of different walls). ``pairs`` (k, 2) int64 row indexes, smaller
    first, in sweep order. Not ``complete`` (and ``pairs`` only those found
    so far) when more than ``max_pairs`` pairs exist or more than
    ``max_steps`` box comparisons were needed: nothing past either is done.

    >>> boxes = [[0, 0, 10, 10], [12, 0, 20, 10], [5, 5, 8, 8]]
    >>> pairs, complete = box_pairs(boxes, [0, 0, 1], 0.0, 100, 1000)
    >>> pairs.tolist(), complete
    ([[0, 2]], True)
    >>> box_pairs(boxes, [0, 1, 2], 2.0, 100, 1000)[0].tolist()
    [[0, 2], [0, 1]]
    """
    boxes = np.asarray(boxes, dtype=np.float64).reshape(-1, 4)
    if len(boxes) < 2:
        return np.zeros((0, 2), np.int64), True

    def crowding(axis: int) -> int:
        lo = np.sort(boxes[:, axis])
        return int(
            (
                np.searchsorted(lo, boxes[:, axis + 2] + margin, "right")
                - np.searchsorted(lo, boxes[:, axis], "left")
            ).sum()
        )

    axis = 0 if crowding(0) <= crowding(1) else 1
    other = 1 - axis
    return _sweep(
        boxes[:, axis].copy(),
        boxes[:, axis + 2].copy(),
        boxes[:, other].copy(),
        boxes[:, other + 2].copy(),
        np.asarray(group, np.int64),
        float(margin),
        int(max_pairs),
        int(max_steps),
    )


__all__ = ["box_pairs"]
