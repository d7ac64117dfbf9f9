"""Where the player can go: a flood fill from the start over a grid of placements.

The map is cut into square cells ``PLAYER_RADIUS`` px wide. A cell is free
when the player's disc centred on it overlaps no wall; the free/blocked
verdicts come from one batched ``intersects`` call over every (cell, wall
part) pair whose boxes meet. Moving between two free neighbours (4-way) is
safe: the two discs, a radius apart, cover the path between them except
slivers thinner than 2 px at its sides. Free cells the fill from the start
does not reach are pockets the player can never enter; a marker there is
an enemy that never arrives or a pickup never picked up.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

import numpy as np

from game.level import Finding, Level
from game.sim.navigation import build_grid

from .checks import MIN_POCKET_CELLS, PLAYER_RADIUS, Part, _finding, _marker_word

CELL = PLAYER_RADIUS


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


def flood(free: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """Cells reachable from ``start`` (i, j) through free 4-neighbours (none if the start is blocked)."""
    reached = np.zeros_like(free)
    i, j = start
    if not free[j, i]:
        return reached
    nj, ni = free.shape
    reached[j, i] = True
    queue = deque([(i, j)])
    while queue:
        i, j = queue.popleft()
        for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if 0 <= a < ni and 0 <= b < nj and free[b, a] and not reached[b, a]:
                reached[b, a] = True
                queue.append((a, b))
    return reached


def grid_for(level: Level, parts: list[Part]) -> Grid:
    # The same free-cell grid the game's enemies path over, probed with the player's disc.
    free = build_grid(level, PLAYER_RADIUS, CELL).free
    grid = Grid(free, np.zeros_like(free), CELL)
    return grid._replace(reached=flood(free, grid.index(level.player_start.x, level.player_start.y)))


def pockets(grid: Grid) -> list[list[tuple[int, int]]]:
    """Connected groups of free cells the start does not reach, largest first."""
    left = grid.free & ~grid.reached
    groups = []
    for j, i in zip(*np.nonzero(left)):
        if not left[j, i]:
            continue
        group = flood(left, (int(i), int(j)))
        left &= ~group
        groups.append([(int(a), int(b)) for b, a in zip(*np.nonzero(group))])
    return sorted(groups, key=len, reverse=True)


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
            word = _marker_word(level, marker)
            found.append(_finding("warning", file, marker, f"{word} cannot be reached from the player start",
                                  (marker.x, marker.y)))
    for group in pockets(grid):
        if len(group) < MIN_POCKET_CELLS:
            break
        xs, ys = zip(*(grid.centre(i, j) for i, j in group))
        x, y = sum(xs) / len(xs), sum(ys) / len(ys)
        area = len(group) * grid.cell * grid.cell
        problem = (f"an area of about {area:,.0f} px² around ({x:.0f}, {y:.0f}) cannot be reached "
                   "from the player start")
        found.append(Finding("warning", file, None, "", problem, (x, y)))
    return found
