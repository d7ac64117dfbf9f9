"""Getting around walls: a grid of free cells and flow fields over it.

A cell is free when a probe disc at its centre overlaps no wall part (one
batched ``intersects`` call for every cell–part pair whose boxes meet, found
by the engine's ``box_pairs.cells_near`` through the world's walls' grid;
made once per level). A flow field is the breadth-first step count from a goal
cell over free 8-neighbours (a diagonal only when both sides are free, so
no corner is cut; ``game.geometry.grid.steps_from``, shared with the
loader); a body follows it by heading for the neighbouring cell with the
lowest count. Rows are ``j`` from the bottom (y up), columns ``i``.

Props are not walls (they move, and an enemy can push one out of its way),
so they make cells dear instead of blocked: ``prop_costs`` adds steps for
entering a cell a prop stands in (by its bounding circle plus the probe's
clearance), and ``flow_field`` given those costs counts the cheapest way
(Dijkstra): enemies walk around a wall of crates when the way round is
shorter than the crates' cost, and push through when it is not.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from engine.collision import Circle, ShapeTable, Transform, aabb, intersects_batch
from engine.world.box_pairs import cells_near
from game.geometry.grid import UNREACHED, steps_from

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


class NavGrid(NamedTuple):
    """``free[j, i]`` for square cells ``cell`` px wide."""

    free: np.ndarray
    cell: float

    def index(self, x, y):
        """Cell (i, j) of world points (arrays or floats), clamped to the grid."""
        nj, ni = self.free.shape
        i = np.clip((np.asarray(x) // self.cell).astype(np.int64), 0, ni - 1)
        j = np.clip((np.asarray(y) // self.cell).astype(np.int64), 0, nj - 1)
        return i, j


def build_grid(level, probe_radius: float, cell: float) -> NavGrid:
    """Free cells of ``level`` for a disc of ``probe_radius``."""
    ni, nj = max(1, int(np.ceil(level.width / cell))), max(1, int(np.ceil(level.height / cell)))
    free = np.ones((nj, ni), dtype=bool)
    parts = [(shape, Transform(*xf)) for wall in level.walls for shape, xf in wall.parts]
    if not parts:
        return NavGrid(free, cell)
    table = ShapeTable([Circle(probe_radius), *(shape for shape, _ in parts)])
    # No bound of its own: the level's limits (size, wall parts) bound the cells and the parts.
    everything = np.iinfo(np.int64).max // 4
    ij, owner, _ = cells_near(
        [aabb(shape, xf) for shape, xf in parts], probe_radius, cell, ni, nj, everything, everything
    )
    if len(ij):
        xf_a = np.column_stack([(ij + 0.5) * cell, np.zeros(len(ij))])
        xf_b = np.array([tuple(xf) for _, xf in parts])[owner]
        hit = intersects_batch(table, np.zeros(len(ij), dtype=np.int64), xf_a, owner + 1, xf_b)
        free[ij[hit, 1], ij[hit, 0]] = False
    return NavGrid(free, cell)


def flow_field(grid: NavGrid, goal_x: float, goal_y: float, cost: np.ndarray | None = None) -> np.ndarray:
    """Steps from every cell to the goal's cell (``UNREACHED`` where there is no way).

    ``cost`` (int32, the grid's shape, from ``prop_costs``) adds its steps for entering a cell:
    the field then counts the cheapest way, not the fewest cells.
    """
    gi, gj = _goal_cell(grid, goal_x, goal_y)
    gi, gj = _nearest_free(grid.free, gi, gj)
    if cost is None or not cost.any():
        return steps_from(grid.free, gi, gj)
    return _cheapest(grid.free, np.ascontiguousarray(cost, dtype=np.int32), gi, gj)


def _goal_cell(grid: NavGrid, x, y) -> tuple[int, int]:
    """``grid.index`` of one point, in plain floats when it is finite (numpy's calls on single
    numbers were a fifth of a refresh); the same cell either way."""
    x, y = float(x), float(y)
    if not (math.isfinite(x) and math.isfinite(y)):
        return tuple(int(v) for v in grid.index(x, y))
    nj, ni = grid.free.shape
    return min(max(int(x // grid.cell), 0), ni - 1), min(max(int(y // grid.cell), 0), nj - 1)


def prop_costs(grid: NavGrid, x, y, radius, clearance: float, steps: int) -> np.ndarray:
    """Cells dear by ``steps`` where a prop stands: a cell whose centre lies within a prop's
    ``radius`` (its bounding circle, px) plus ``clearance`` of the prop's centre (x, y, world px).
    Arrays of one length; int32 of the grid's shape (0 where no prop is)."""
    cost = np.zeros(grid.free.shape, dtype=np.int32)
    x, y = np.ascontiguousarray(x, dtype=np.float64), np.ascontiguousarray(y, dtype=np.float64)
    reach = np.asarray(radius, dtype=np.float64) + clearance
    if len(x) and steps > 0:
        _mark(cost, float(grid.cell), x, y, np.ascontiguousarray(reach), int(steps))
    return cost


@njit(cache=True)
def _cheapest(free, cost, gi, gj):
    """Dijkstra over free 8-neighbours: one step a move plus ``cost`` of the cell entered,
    diagonals only past two free sides. The costs are small integers, so the queue is a ring of
    buckets by distance (Dial's algorithm: no heap). Compiled: refreshed several times a second.

    The grid is walked flat, inside a border of blocked cells: a neighbour is one addition away
    and needs no bounds check (a refresh is a tick's largest lump of work on a large map, and
    shortest distances are the same however they are found)."""
    nj, ni = free.shape
    width = ni + 2
    size = (nj + 2) * width
    open_, enter = np.zeros(size, dtype=np.bool_), np.zeros(size, dtype=np.int32)
    for j in range(nj):
        for i in range(ni):
            c = (j + 1) * width + i + 1
            open_[c] = free[j, i]
            enter[c] = 1 + cost[j, i]
    ring = int(cost.max()) + 2  # every edge is 1..ring-1 long: a push lands within the ring
    dist = np.empty(size, dtype=np.int32)
    # A cell is queued at most once per neighbour, but seldom more than twice: a queue for two
    # pushes a cell first (touching 8 times the memory was most of a refresh's time), the
    # whole room again in the rare grid that needs more.
    room = 2 * ni * nj + 1
    while not _dial(open_, enter, (gj + 1) * width + gi + 1, width, ring, dist, room):
        room = 8 * ni * nj + 1
    field = np.empty(free.shape, dtype=np.int32)
    for j in range(nj):
        for i in range(ni):
            field[j, i] = dist[(j + 1) * width + i + 1]
    return field


@njit(cache=True)
def _dial(open_, enter, goal, width, ring, dist, room):
    """``_cheapest``'s search on the flat bordered grid: fills ``dist``; False (``dist`` unfinished)
    when more than ``room`` pushes were needed."""
    dist[:] = UNREACHED
    head = np.full(ring, -1, dtype=np.int64)
    cells = np.empty(room, dtype=np.int64)
    after = np.empty(room, dtype=np.int64)
    used, pending = 1, 1
    dist[goal] = 0
    cells[0], after[0], head[0] = goal, -1, 0
    d0 = 0
    while pending:
        slot = head[d0 % ring]
        if slot < 0:
            d0 += 1
            continue
        head[d0 % ring] = after[slot]
        pending -= 1
        c = cells[slot]
        if dist[c] != d0:
            continue  # reached cheaper since it was queued
        for t in range(8):
            # The 4 sides (+x, -x, +y, -y), then the 4 diagonals, each past the two sides it passes.
            if t < 4:
                nb = c + (1 if t == 0 else -1 if t == 1 else width if t == 2 else -width)
                if not open_[nb]:
                    continue
            else:
                sa = 1 if t < 6 else -1
                sb = width if t % 2 == 0 else -width
                nb = c + sa + sb
                if not (open_[nb] and open_[c + sa] and open_[c + sb]):
                    continue
            d = d0 + enter[nb]
            if d < dist[nb]:
                if used == room:
                    return False
                dist[nb] = d
                r = d % ring
                cells[used], after[used] = nb, head[r]
                head[r] = used
                used += 1
                pending += 1
    return True


@njit(cache=True)
def _mark(cost, cell, x, y, reach, steps):
    """``prop_costs``' loop: each prop's cells within ``reach`` of its centre cost ``steps``."""
    nj, ni = cost.shape
    for k in range(len(x)):
        i0, i1 = max(0, int((x[k] - reach[k]) // cell)), min(ni - 1, int((x[k] + reach[k]) // cell))
        j0, j1 = max(0, int((y[k] - reach[k]) // cell)), min(nj - 1, int((y[k] + reach[k]) // cell))
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                if math.hypot((i + 0.5) * cell - x[k], (j + 0.5) * cell - y[k]) <= reach[k]:
                    cost[j, i] = steps


def _nearest_free(free: np.ndarray, i: int, j: int) -> tuple[int, int]:
    """The goal cell itself, or the nearest free one (a goal hugging a wall sits in a blocked cell)."""
    if free[j, i]:
        return i, j
    jj, ii = np.nonzero(free)
    if not len(ii):
        return i, j
    k = int(np.argmin((ii - i) ** 2 + (jj - j) ** 2))
    return int(ii[k]), int(jj[k])


def directions(grid: NavGrid, field: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Unit headings (k, 2) down the field from world points; (0, 0) where no way is known.

    Each point heads for the centre of the neighbouring cell (of the 8) with the lowest count
    below its own cell's, a diagonal only when both sides are reached (no corner cutting); ties
    go to the first in ``_STEPS``' order.
    """
    x = np.ascontiguousarray(x, dtype=np.float64)
    y = np.ascontiguousarray(y, dtype=np.float64)
    return _directions(field, float(grid.cell), x, y, np.array(_STEPS, dtype=np.int64))


@njit(cache=True)
def _directions(field, cell, x, y, steps):
    """``directions``' loop, compiled: it runs every tick for every enemy."""
    nj, ni = field.shape
    out = np.zeros((len(x), 2))
    for k in range(len(x)):
        i = min(max(int(x[k] // cell), 0), ni - 1)
        j = min(max(int(y[k] // cell), 0), nj - 1)
        best = np.int64(field[j, i])
        ti, tj = i, j
        for s in range(len(steps)):
            di, dj = steps[s, 0], steps[s, 1]
            a, b = min(max(i + di, 0), ni - 1), min(max(j + dj, 0), nj - 1)
            value = np.int64(field[b, a])
            if di != 0 and dj != 0 and not (field[j, a] < UNREACHED and field[b, i] < UNREACHED):
                value = UNREACHED
            if value < best:
                best, ti, tj = value, a, b
        hx, hy = (ti + 0.5) * cell - x[k], (tj + 0.5) * cell - y[k]
        length = math.hypot(hx, hy)
        if length > 1e-9 and best < UNREACHED:
            out[k, 0], out[k, 1] = hx / length, hy / length
    return out
