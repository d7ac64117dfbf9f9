"""Where the player can go: a flood fill from the start over a grid of placements.

The map is cut into square cells ``PLAYER_RADIUS`` px wide. A cell is free
when the player's disc centred on it overlaps no wall; the free/blocked
verdicts come from one batched ``intersects`` call over every (cell, wall
part) pair whose boxes meet. The cells are grouped once by a compiled
labelling pass (linear in the cells, at most 683 × 683 on the largest map
allowed). Moving between two free neighbours (4-way) is
safe: the two discs, a radius apart, cover the path between them except
slivers thinner than 2 px at its sides. Free cells the fill from the start
does not reach are pockets the player can never enter; a marker there is
an enemy that never arrives or a pickup never picked up.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from game.level import Finding, Level
from game.sim.navigation import build_grid

from .parts import PLAYER_RADIUS, Part, finding, marker_word

CELL = PLAYER_RADIUS
#: Unreachable pockets smaller than this many grid cells are ignored (corners between walls).
MIN_POCKET_CELLS = 4


class Grid(NamedTuple):
    """Free cells (``free[j, i]``, row j from the bottom) and which of them the start reaches."""

    free: np.ndarray
    reached: np.ndarray
    cell: float

    def centre(self, i: int, j: int) -> tuple[float, float]:
        return (i + 0.5) * self.cell, (j + 0.5) * self.cell

    def index(self, x: float, y: float) -> tuple[int, int]:
        nj, ni = self.free.shape
        return min(max(int(x // self.cell), 0), ni - 1), min(max(int(y // self.cell), 0), nj - 1)


@njit(cache=True)
def label_cells(free: np.ndarray) -> tuple[np.ndarray, int]:
    """4-connected groups of free cells: ``labels[j, i]`` is 1..count for free cells, 0 for blocked.

    Compiled, one pass with an explicit stack: linear in the cells (the
    largest map allowed has under half a million), whatever the walls.
    """
    nj, ni = free.shape
    labels = np.zeros((nj, ni), np.int64)
    stack = np.empty(nj * ni, np.int64)
    count = 0
    for j0 in range(nj):
        for i0 in range(ni):
            if not free[j0, i0] or labels[j0, i0] != 0:
                continue
            count += 1
            labels[j0, i0] = count
            stack[0] = j0 * ni + i0
            top = 1
            while top > 0:
                top -= 1
                j, i = divmod(stack[top], ni)
                for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                    if 0 <= a < ni and 0 <= b < nj and free[b, a] and labels[b, a] == 0:
                        labels[b, a] = count
                        stack[top] = b * ni + a
                        top += 1
    return labels, count


def flood(free: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """Cells reachable from ``start`` (i, j) through free 4-neighbours (none if the start is blocked)."""
    i, j = start
    if not free[j, i]:
        return np.zeros_like(free)
    labels, _ = label_cells(free)
    return labels == labels[j, i]


def grid_for(level: Level, parts: list[Part]) -> Grid:
    # The same free-cell grid the game's enemies path over, probed with the player's disc.
    free = build_grid(level, PLAYER_RADIUS, CELL).free
    grid = Grid(free, np.zeros_like(free), CELL)
    return grid._replace(reached=flood(free, grid.index(level.player_start.x, level.player_start.y)))


class Pocket(NamedTuple):
    """Free cells the start does not reach, connected: how many, and their mean centre (world px)."""

    cells: int
    x: float
    y: float


def pockets(grid: Grid) -> list[Pocket]:
    """Connected groups of free cells the start does not reach, largest first."""
    labels, count = label_cells(grid.free & ~grid.reached)
    if count == 0:
        return []
    jj, ii = np.nonzero(labels)
    ids = labels[jj, ii]
    size = np.bincount(ids, minlength=count + 1)[1:]
    x = np.bincount(ids, weights=(ii + 0.5) * grid.cell, minlength=count + 1)[1:] / size
    y = np.bincount(ids, weights=(jj + 0.5) * grid.cell, minlength=count + 1)[1:] / size
    order = np.argsort(-size, kind="stable")
    return [Pocket(int(size[k]), float(x[k]), float(y[k])) for k in order]


def unreachable(level: Level, parts: list[Part], file: str, skip=frozenset()) -> list[Finding]:
    """Markers and areas the player cannot reach from the start (warnings); markers in ``skip``
    (already reported inside a wall) are not reported again."""
    grid = grid_for(level, parts)
    found = []
    for marker in (*level.spawns, *level.pickups):
        if marker.object_id in skip:
            continue
        i, j = grid.index(marker.x, marker.y)
        near = grid.reached[max(j - 1, 0):j + 2, max(i - 1, 0):i + 2]
        if not near.any():
            word = marker_word(level, marker)
            found.append(finding("warning", file, marker, f"{word} cannot be reached from the player start",
                                  (marker.x, marker.y)))
    for pocket in pockets(grid):
        if pocket.cells < MIN_POCKET_CELLS:
            break
        area = pocket.cells * grid.cell * grid.cell
        problem = (f"an area of about {area:,.0f} px² around ({pocket.x:.0f}, {pocket.y:.0f}) cannot be reached "
                   "from the player start")
        found.append(Finding("warning", file, None, "", problem, (pocket.x, pocket.y)))
    return found
