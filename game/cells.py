"""Square cells over a level, and which cells each box covers.

The enemies' navigation grid (``sim.navigation``) and the checker's reach
grid (``check.reach``) both ask, for every wall part, which cells its box
covers once grown by a probe's reach: the cell–part pairs to test shape by
shape. This lists them, as arrays.

Frames: world pixels, y up; cell (i, j) spans ``[i * cell, (i + 1) * cell)``
along x and ``[j * cell, (j + 1) * cell)`` along y, ``i < ni`` and ``j < nj``.
"""

from __future__ import annotations

import numpy as np


def cell_spans(boxes, grow: float, cell: float, ni: int, nj: int) -> tuple[np.ndarray, ...]:
    """For each box (min_x, min_y, max_x, max_y) grown by ``grow`` on every side, the cells it covers
    on the ``ni`` × ``nj`` grid: (i0, j0, wide, high), ``wide``/``high`` 0 for a box off the grid.
    ``(wide * high).sum()`` is how many pairs ``cells_under`` lists: a caller's limit is checked on
    it before they are made."""
    boxes = np.asarray(boxes, np.float64).reshape(-1, 4)
    i0 = np.maximum(0, np.floor_divide(boxes[:, 0] - grow, cell)).astype(np.int64)
    i1 = np.minimum(ni - 1, np.floor_divide(boxes[:, 2] + grow, cell)).astype(np.int64)
    j0 = np.maximum(0, np.floor_divide(boxes[:, 1] - grow, cell)).astype(np.int64)
    j1 = np.minimum(nj - 1, np.floor_divide(boxes[:, 3] + grow, cell)).astype(np.int64)
    return i0, j0, np.maximum(i1 - i0 + 1, 0), np.maximum(j1 - j0 + 1, 0)


def cells_under(spans: tuple[np.ndarray, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Every (cell, box) pair of ``cell_spans``: ``ij`` (k, 2) cell columns and rows and ``owner`` (k,)
    box indexes, box by box, each box's cells row by row (j), then along the row (i).

    >>> ij, owner = cells_under(cell_spans([[5.0, 5.0, 25.0, 8.0]], 0.0, 10.0, 4, 4))
    >>> ij.tolist(), owner.tolist()
    ([[0, 0], [1, 0], [2, 0]], [0, 0, 0])
    """
    i0, j0, wide, high = spans
    count = wide * high
    owner = np.repeat(np.arange(len(count)), count)
    # Each pair's place among its box's cells.
    nth = np.arange(len(owner)) - np.repeat(np.cumsum(count) - count, count)
    return np.column_stack([i0[owner] + nth % wide[owner], j0[owner] + nth // wide[owner]]), owner


__all__ = ["cell_spans", "cells_under"]
