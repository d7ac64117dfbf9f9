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

from engine.collision import ShapeTable, intersects_batch
from game.level import Finding, Level

from .checks import MIN_POCKET_CELLS, PLAYER_RADIUS, PLAYER_SHAPE, Part, _finding, _marker_word

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


def free_cells(level: Level, parts: list[Part], cell: float = CELL) -> np.ndarray:
    """``free[j, i]``: the player's disc at cell (i, j)'s centre overlaps no wall."""
    ni, nj = max(1, int(np.ceil(level.width / cell))), max(1, int(np.ceil(level.height / cell)))
    free = np.ones((nj, ni), dtype=bool)
    if not parts:
        return free
    table = ShapeTable([PLAYER_SHAPE, *(p.shape for p in parts)])
    cells, walls = [], []
    for k, part in enumerate(parts):
        x0, y0, x1, y1 = part.box
        r = PLAYER_RADIUS
        i0, i1 = max(0, int((x0 - r) // cell)), min(ni - 1, int((x1 + r) // cell))
        j0, j1 = max(0, int((y0 - r) // cell)), min(nj - 1, int((y1 + r) // cell))
        if i1 < i0 or j1 < j0:
            continue
        jj, ii = np.mgrid[j0:j1 + 1, i0:i1 + 1]
        cells.append(np.column_stack([ii.ravel(), jj.ravel()]))
        walls.append(np.full(ii.size, k))
    if not cells:
        return free
    ij = np.concatenate(cells)
    wall_of = np.concatenate(walls)
    xf_a = np.column_stack([(ij[:, 0] + 0.5) * cell, (ij[:, 1] + 0.5) * cell, np.zeros(len(ij))])
    xf_b = np.array([tuple(parts[k].xf) for k in range(len(parts))])[wall_of]
    hit = intersects_batch(table, np.zeros(len(ij), dtype=np.int64), xf_a, wall_of + 1, xf_b)
    free[ij[hit, 1], ij[hit, 0]] = False
    return free


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
    free = free_cells(level, parts)
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
