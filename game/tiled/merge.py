"""Greedy rectangles over a tile grid: runs of identical solid cells as fewer, bigger boxes.

``greedy_rectangles(keys)`` covers every cell with a non-zero key by
rectangles of equal keys, exactly (no cell twice, none left out), so the
solid area is unchanged. Scan rows top to bottom and cells left to right;
at the first uncovered cell grow a run to the right while the key holds,
then grow the run downwards while the whole row below matches and is
uncovered. Not the minimum number of rectangles (that is a harder
problem), but a row of N equal cells is one rectangle, and a filled
W × H block is one too.

Merging removes the seams between equal boxes, the places where a
sliding body meets a wall's corner; the tile layers merge full-box tiles
(``tiles.py``).
"""

from __future__ import annotations

import numpy as np

__all__ = ["greedy_rectangles", "row_runs"]


def greedy_rectangles(keys: np.ndarray) -> list[tuple[int, int, int, int]]:
    """``(row, col, rows, cols)`` rectangles of equal non-zero ``keys`` that cover them all, once.

    >>> greedy_rectangles(np.array([[1, 1, 0], [1, 1, 2], [0, 0, 2]]))
    [(0, 0, 2, 2), (1, 2, 2, 1)]
    >>> greedy_rectangles(np.zeros((2, 2), dtype=int))
    []
    """
    keys = np.asarray(keys)
    rows, cols = keys.shape
    covered = keys == 0
    rectangles = []
    for row, col in zip(*np.nonzero(~covered), strict=True):
        row, col = int(row), int(col)
        if covered[row, col]:
            continue
        key = keys[row, col]
        end = col + 1
        while end < cols and not covered[row, end] and keys[row, end] == key:
            end += 1
        bottom = row + 1
        while bottom < rows and not covered[bottom, col:end].any() and (keys[bottom, col:end] == key).all():
            bottom += 1
        covered[row:bottom, col:end] = True
        rectangles.append((row, col, bottom - row, end - col))
    return rectangles


def row_runs(keys: np.ndarray) -> list[tuple[int, int, int, int]]:
    """``(row, col, 1, cols)`` runs of equal non-zero ``keys`` along each row, covering them all, once.

    For boxes that span their cell across but not down (a low wall along a
    row); pass ``keys.T`` for runs down the columns.

    >>> row_runs(np.array([[1, 1, 2, 2, 0, 1], [0, 3, 3, 3, 3, 0]]))
    [(0, 0, 1, 2), (0, 2, 1, 2), (0, 5, 1, 1), (1, 1, 1, 4)]
    """
    keys = np.asarray(keys)
    runs = []
    for row in np.flatnonzero(keys.any(axis=1)).tolist():
        line = keys[row]
        # A run starts where the key changes from the cell before (and is not zero).
        starts = np.flatnonzero((line != 0) & (line != np.concatenate(([0], line[:-1]))))
        for col in starts.tolist():
            end = col + 1
            while end < len(line) and line[end] == line[col]:
                end += 1
            runs.append((row, col, 1, end - col))
    return runs
