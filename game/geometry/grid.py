"""Where a hitbox fits on a grid of cells, and the compiled passes that group the free cells.

The map is cut into square cells ``CELL`` px wide, and at each cell the
actor's hitbox (the checker passes ``game.check.hitbox.actor_parts``) is tried at
``TURNS`` angles: a hitbox that is not round turns to fit (the player turns
to aim, enemies to walk), so whether it gets somewhere depends on the angle
it holds there. A placement (cell, turn) is free when the hitbox at the
cell's centre, at that angle, overlaps no wall. First a disc around the
whole hitbox (its ``reach_radius``) is tested against every wall part whose
box is near (the engine's ``box_pairs.cells_near``: the parts in the world's
walls' grid, each cell's disc walking it): where that disc is clear, every
turn is; only the cells it hits are tried turn by turn. Every verdict comes from the engine's batched
``intersects``.

Moves: to a free neighbouring cell at the same turn (4-way), or to the next
or previous turn in the same cell. A move between two free placements is
safe but for slivers at the side: a shift of one cell leaves notches of at
most about half a cell beside a sharp corner of the hitbox (1.6 px beside a
disc of radius 12), and a turn of 2π/TURNS sweeps past its two ends by
R·(1 − cos(π/TURNS)), 0.35 px for the player's 18 px reach. So a wall
thinner than that poking into a path may be missed (the checker's thin-wall
warning names walls under 6 px).

The placements are grouped once by a compiled labelling pass (linear in
them: at most 683 × 683 cells × ``TURNS`` on the largest map allowed).
Placements the fill from the start does not reach are pockets the player can
never enter; a marker there is an enemy that never arrives or a pickup never
picked up.

``steps_from`` is the breadth-first count over one grid of cells (8-way, no corner cut) that the
enemies' flow fields (``game.sim.navigation``) and the start-mover's first look (``game.tiled.start``)
both use.

Shared by the checker (``game.check.reach``), the start-mover and the enemies, so none of them
imports another: this module imports ``engine`` and ``game.level`` only (and this package).
"""

from __future__ import annotations

import math
import operator
from typing import NamedTuple

import numpy as np
from numba import njit

from engine.collision import Circle, ShapeTable, intersects_batch
from engine.world.box_pairs import cells_near
from game.level import Level

from .extent import reach_radius
from .parts import Part, every_part

__all__ = [
    "CELL",
    "MAX_PLACEMENT_TESTS",
    "STEPS_PER_TEST",
    "TURNS",
    "UNREACHED",
    "Grid",
    "TooManyPlacements",
    "flood",
    "grid_for",
    "label_cells",
    "label_placements",
    "placements",
    "reached_from",
    "steps_from",
    "turns_for",
]

#: A cell ``steps_from`` found no way to.
UNREACHED = np.iinfo(np.int32).max
#: Cell size, px: 683 × 683 cells on the largest map allowed (8192 px a side).
CELL = 12.0
#: Angles tried per cell for a hitbox that is not round (16: a turn of 22.5°).
TURNS = 16
#: The most hitbox-against-wall-part tests one grid may make; past it the reach check is refused with
#: one error (a shipped level makes under 100,000; this keeps a hostile map to a few seconds).
MAX_PLACEMENT_TESTS = 20_000_000
#: Finding those tests may look at this many boxes per test allowed (cells' walks over the walls' grid).
STEPS_PER_TEST = 4


class TooManyPlacements(Exception):
    """The grid would test more placements against walls than ``limit`` (``MAX_PLACEMENT_TESTS``)."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


class Grid(NamedTuple):
    """Cells where the actor fits at some turn (``free[j, i]``, row j from the bottom) and which of
    them the start reaches at some turn; ``placements[k, j, i]`` says which turns fit."""

    free: np.ndarray
    reached: np.ndarray
    cell: float
    placements: np.ndarray | None = None

    def centre(self, i: int, j: int) -> tuple[float, float]:
        return (i + 0.5) * self.cell, (j + 0.5) * self.cell

    def index(self, x: float, y: float) -> tuple[int, int]:
        nj, ni = self.free.shape
        return min(max(int(x // self.cell), 0), ni - 1), min(max(int(y // self.cell), 0), nj - 1)


def turns_for(parts) -> int:
    """How many angles to try: one for a hitbox that is a disc about the actor's centre.

    >>> turns_for([Circle(11.0)]), turns_for([Circle(2.0, center=(5.0, 0.0))])
    (1, 16)
    """
    round_ = all(isinstance(s, Circle) and s.center == (0.0, 0.0) for s in parts)
    return 1 if round_ else TURNS


def placements(
    width: float, height: float, walls: list[Part], parts, cell: float = CELL, turns: int | None = None
) -> np.ndarray:
    """``free[k, j, i]``: the hitbox ``parts`` at cell (i, j)'s centre, turned 2πk/turns, overlaps no
    wall part. Raises ``TooManyPlacements`` past ``MAX_PLACEMENT_TESTS``."""
    turns = turns_for(parts) if turns is None else turns
    ni, nj = max(1, math.ceil(width / cell)), max(1, math.ceil(height / cell))
    free = np.ones((turns, nj, ni), dtype=bool)
    if not walls:
        return free
    reach = reach_radius(parts)
    table = ShapeTable([Circle(reach), *parts, *(p.shape for p in walls)])
    first_wall = 1 + len(parts)
    # Every (cell, part) pair where the disc at the cell's centre may meet the part, as arrays.
    ij, owner, complete = cells_near(
        [part.box for part in walls],
        reach,
        cell,
        ni,
        nj,
        MAX_PLACEMENT_TESTS,
        STEPS_PER_TEST * MAX_PLACEMENT_TESTS,
    )
    if not complete:
        raise TooManyPlacements(MAX_PLACEMENT_TESTS)
    if not len(ij):
        return free
    wall_xf = np.array([tuple(p.xf) for p in walls], np.float64).reshape(-1, 3)
    at = np.column_stack([(ij + 0.5) * cell, np.zeros(len(ij))])
    # The disc round the whole hitbox: where it is clear of a part, every turn is.
    near = intersects_batch(table, np.zeros(len(ij), np.int64), at, owner + first_wall, wall_xf[owner])
    if turns_for(parts) == 1 and len(parts) == 1:  # the hitbox is that disc: nothing more to try
        free[0, ij[near, 1], ij[near, 0]] = False
        return free
    ij, owner, at = ij[near], owner[near], at[near]
    if len(ij) * turns * len(parts) > MAX_PLACEMENT_TESTS:
        raise TooManyPlacements(MAX_PLACEMENT_TESTS)
    for k in range(turns):
        at[:, 2] = 2.0 * math.pi * k / turns
        for a in range(len(parts)):
            hit = intersects_batch(
                table, np.full(len(ij), 1 + a, np.int64), at, owner + first_wall, wall_xf[owner]
            )
            free[k, ij[hit, 1], ij[hit, 0]] = False
    return free


@njit(cache=True)
def label_placements(free: np.ndarray) -> tuple[np.ndarray, int]:
    """Connected groups of free placements ``free[k, j, i]``: neighbours are the 4 cells around at the
    same turn and the turns before and after (cyclic) in the same cell. ``labels`` is 1..count for
    free placements, 0 for blocked.

    Compiled, one pass with an explicit stack: linear in the placements,
    whatever the walls.
    """
    nk, nj, ni = free.shape
    labels = np.zeros((nk, nj, ni), np.int32)
    stack = np.empty(nk * nj * ni, np.int64)
    count = 0
    for k0 in range(nk):
        for j0 in range(nj):
            for i0 in range(ni):
                if not free[k0, j0, i0] or labels[k0, j0, i0] != 0:
                    continue
                count += 1
                labels[k0, j0, i0] = count
                stack[0] = (k0 * nj + j0) * ni + i0
                top = 1
                while top > 0:
                    top -= 1
                    rest, i = divmod(stack[top], ni)
                    k, j = divmod(rest, nj)
                    for c, b, a in (
                        (k, j, i + 1),
                        (k, j, i - 1),
                        (k, j + 1, i),
                        (k, j - 1, i),
                        ((k + 1) % nk, j, i),
                        ((k - 1) % nk, j, i),
                    ):
                        if 0 <= a < ni and 0 <= b < nj and free[c, b, a] and labels[c, b, a] == 0:
                            labels[c, b, a] = count
                            stack[top] = (c * nj + b) * ni + a
                            top += 1
    return labels, count


def label_cells(free: np.ndarray) -> tuple[np.ndarray, int]:
    """4-connected groups of free cells (``free[j, i]``): ``labels[j, i]`` is 1..count, 0 for blocked."""
    labels, count = label_placements(np.ascontiguousarray(free, dtype=np.bool_)[None])
    return labels[0].astype(np.int64), count


def flood(free: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """Cells reachable from ``start`` (i, j) through free 4-neighbours (none if the start is blocked)."""
    i, j = start
    if not free[j, i]:
        return np.zeros_like(free)
    labels, _ = label_cells(free)
    return labels == labels[j, i]


def reached_from(free: np.ndarray, i: int, j: int) -> np.ndarray:
    """``reached[k, j, i]``: placements connected to a free placement in cell (i, j), or, if that cell
    holds none (the start lies near a cell's edge by a wall), in one of its 8 neighbours."""
    labels, _ = label_placements(free)
    for radius in (0, 1):
        seeds = labels[:, max(j - radius, 0) : j + radius + 1, max(i - radius, 0) : i + radius + 1]
        ids = np.unique(seeds[seeds > 0])
        if len(ids):
            return np.isin(labels, ids)
    return np.zeros_like(free)


@njit(cache=True)
def steps_from(free: np.ndarray, gi: int, gj: int) -> np.ndarray:
    """Breadth-first step counts from cell (gi, gj) over free 8-neighbours, diagonals only past two
    free sides (no corner cut): ``UNREACHED`` where there is no way. A diagonal step joins two cells
    that its two free sides join too, so the cells reached are the start's 4-connected group.

    Compiled: the field is refreshed several times a second on maps of ~10,000 cells.
    """
    nj, ni = free.shape
    field = np.full(free.shape, UNREACHED, dtype=np.int32)
    queue = np.empty(ni * nj, dtype=np.int64)
    field[gj, gi] = 0
    queue[0] = gj * ni + gi
    head, tail = 0, 1
    while head < tail:
        j, i = divmod(queue[head], ni)
        head += 1
        d = field[j, i] + 1
        for di in range(-1, 2):
            for dj in range(-1, 2):
                a, b = i + di, j + dj
                if (di == 0 and dj == 0) or a < 0 or a >= ni or b < 0 or b >= nj:
                    continue
                if not free[b, a] or field[b, a] <= d:
                    continue
                if di != 0 and dj != 0 and not (free[j, a] and free[b, i]):
                    continue
                field[b, a] = d
                queue[tail] = b * ni + a
                tail += 1
    return field


#: The last grid asked for over every wall of a level, with the hitbox it is for: the reach check, the
#: props check and the start-mover ask for the player's more than once (its arrays read-only, as it
#: is shared).
_LAST: list = [None, (), None]


def rock_cells(level: Level, shape: tuple[int, int], cell: float) -> np.ndarray:
    """``rock[j, i]``: cell (i, j)'s centre lies on the solid side of a looped chain wall, where
    nothing stands (outside a ``cave``, inside a ``chain`` outline): a chain is only a line, so
    the placements alone would call that ground free.

    >>> from game.level import Wall
    >>> from types import SimpleNamespace
    >>> cave = Wall(1, "", "polygon", (), chain=((0, 0), (0, 4), (4, 4), (4, 0)), loop=True)  # clockwise
    >>> rock_cells(SimpleNamespace(walls=[cave]), (6, 6), 1.0).astype(int)[::-1]  # row 0 at the bottom
    array([[1, 1, 1, 1, 1, 1],
           [1, 1, 1, 1, 1, 1],
           [0, 0, 0, 0, 1, 1],
           [0, 0, 0, 0, 1, 1],
           [0, 0, 0, 0, 1, 1],
           [0, 0, 0, 0, 1, 1]])
    """
    nj, ni = shape
    return rock_at(level, (np.arange(ni) + 0.5) * cell, (np.arange(nj) + 0.5) * cell)


def rock_at(level: Level, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``rock[j, i]``: the world point (x[i], y[j]) lies on the solid side of a looped chain wall."""
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    rock = np.zeros((len(y), len(x)), dtype=bool)
    for wall in level.walls:
        if not (wall.chain and wall.loop):
            continue
        pts = np.asarray(wall.chain, dtype=np.float64)
        inside = _inside(pts, x, y)
        area = 0.5 * float(np.sum(pts[:, 0] * np.roll(pts[:, 1], -1) - np.roll(pts[:, 0], -1) * pts[:, 1]))
        # Solid on each segment's left: inside a counter-clockwise loop, outside a clockwise one.
        rock |= inside if area > 0 else ~inside
    return rock


def _inside(pts: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``inside[j, i]``: the point (x[i], y[j]) is inside the closed outline ``pts`` (even-odd rule)."""
    inside = np.zeros((len(y), len(x)), dtype=bool)
    X, Y = x[None, :], y[:, None]
    for (ax, ay), (bx, by) in zip(pts, np.roll(pts, -1, axis=0)):
        if ay == by:
            continue
        crosses = (ay > Y) != (by > Y)
        at = ax + (Y - ay) * (bx - ax) / (by - ay)
        inside ^= crosses & (at > X)
    return inside


def grid_for(level: Level, parts: list[Part], actor, cell: float = CELL) -> Grid:
    """The placements of ``actor`` (hitbox parts) over the wall ``parts`` and those the level's start
    reaches. Raises ``TooManyPlacements`` past ``MAX_PLACEMENT_TESTS``."""
    actor = tuple(actor)
    kept = cell == CELL and every_part(level, parts)
    if kept and _LAST[0] is level and len(_LAST[1]) == len(actor) and all(map(operator.is_, _LAST[1], actor)):
        return _LAST[2]
    free3 = placements(level.width, level.height, parts, actor, cell)
    free3 &= ~rock_cells(level, free3.shape[1:], cell)[None]
    grid = Grid(free3.any(axis=0), np.zeros(free3.shape[1:], bool), cell, free3)
    i, j = grid.index(level.player_start.x, level.player_start.y)
    grid = grid._replace(reached=reached_from(free3, i, j).any(axis=0))
    if kept:
        for array in (grid.free, grid.reached, grid.placements):
            array.flags.writeable = False
        _LAST[:] = [level, actor, grid]
    return grid
