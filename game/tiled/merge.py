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

__all__ = ["greedy_rectangles"]


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
