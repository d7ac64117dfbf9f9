"""Pairs of nearby boxes for one-off questions, through the world's own walls' grid, with a bound on the work.

The world keeps its walls in a dense grid (``walls.build_walls``) and asks
it which walls a box meets with one walk (``walls.meet_walls``): that is
its broad phase for every body against the walls. A one-off question over
many boxes is the same question, asked once: a level's wall parts against
one another (the checker's gaps and overlaps), markers or placements
against wall parts, the cells of a navigation grid against wall parts. So
it is answered the same way: the ``members`` go into a walls' grid (boxes
only: no oriented box), and each query box, grown by ``margin`` on every
side, walks it with ``meet_walls``.

- ``pairs_between``: every (member, query) pair whose boxes come within
  ``margin`` (touching counts);
- ``pairs_among``: every pair (i, j), i < j, of one set of boxes whose
  ``group`` differs (a label per wall: parts of different walls);
- ``cells_near``: the cells of a square grid over a level whose centre lies
  within a reach of each box (a probe disc there may meet it: the enemies'
  navigation grid, the checker's placements), ``pairs_between`` with each
  cell's probe box as a query;
- ``box_grid`` and ``pairs_meeting``: a grid kept and asked many times, with
  no bound (the step's continuous pass: the static bodies' boxes, built once,
  against each step's fast bodies' swept boxes).

The work is bounded before it is done: the grid is not built when its
walls would take more than ``max_steps`` cell entries, and a query is not
walked once the boxes the walks look at would pass ``max_steps`` (each
query's cost is counted from the cells it covers before it walks), or once
more than ``max_pairs`` pairs are found; the caller then reports its limit
instead.

Frames: boxes are (min_x, min_y, max_x, max_y) rows in one frame (world
pixels for the game); ``margin`` in the same units. Pairs come in query
order, each query's members in the order its walk meets them.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.jit import kernel, unmanaged, viewed_record
from .grid import DenseGrid, cell_span, clip_span, span_meets
from .hashgrid import choose_cell
from .walls import build_walls, meet_walls

#: A grid for a one-off question has at most this many cells per box, plus ``SPARE_CELLS``: cells
#: are cheap to walk but not free to clear and sum, and the cost estimate knows no memory.
CELLS_PER_BOX = 4
SPARE_CELLS = 4096


@kernel
def _walk(boxes, obb, walls, first, group, among, max_pairs, max_steps):
    """The queries (rows ``first``.. of ``boxes``) walk the members' grid (``meet_walls``):
    (pairs, complete), rows (member, query) counted from 0 each; with ``among`` the
    queries are the members grown, and a row (i, j) is kept for i < j of different
    ``group`` only."""
    # Views without reference counts: numba counted a reference at each use of an array in the loop
    # (160 -> 54 ns a query: a falling pile's fast bodies against its three walls).
    boxes, obb, walls, group = unmanaged(boxes), unmanaged(obb), viewed_record(walls), unmanaged(group)
    members = walls.members.shape[0]
    stamp = np.full(boxes.shape[0], -1, dtype=np.int64)
    one = np.empty((members + 1, 2), dtype=np.int64)  # a walker meets each member once
    found = np.empty((min(max_pairs + 1, 4 * (boxes.shape[0] - first) + 16), 2), dtype=np.int64)
    count, steps = 0, 0
    inv = 1.0 / walls.cell
    for i in range(first, boxes.shape[0]):
        # What this walk will look at, counted before it walks: the entries of the cells its
        # box covers, or every member when it covers more cells than there are (``meet_walls``).
        gx0, gx1, gy0, gy1 = cell_span(
            boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3], inv, walls.x0, walls.y0
        )
        if not span_meets(gx0, gx1, gy0, gy1, walls.nx, walls.ny):
            continue
        gx0, gx1, gy0, gy1 = clip_span(gx0, gx1, gy0, gy1, walls.nx, walls.ny)
        if (gx1 - gx0 + 1) * (gy1 - gy0 + 1) > members:
            steps += members
        else:
            for gy in range(gy0, gy1 + 1):
                row = gy * walls.nx
                steps += walls.start[row + gx1 + 1] - walls.start[row + gx0]
        if steps > max_steps:
            return found[:count].copy(), False
        q = i - first
        met = meet_walls(boxes, obb, walls, i, stamp, one, 0)
        for k in range(met):
            j = one[k, 1]
            if among and (j <= q or group[j] == group[q]):
                continue
            if count == max_pairs:
                return found[:count].copy(), False
            if count == found.shape[0]:
                grown = np.empty((min(2 * count, max_pairs + 1), 2), dtype=np.int64)
                for r in range(count):  # not ``grown[:count] = found[:count]``: numba compiles that
                    grown[r, 0], grown[r, 1] = found[r, 0], found[r, 1]  # slice's error message, 2 s
                found = grown
            if among:
                found[count, 0], found[count, 1] = q, j
            else:
                found[count, 0], found[count, 1] = j, q
            count += 1
    return found[:count].copy(), True


def _ask(members: np.ndarray, queries: np.ndarray, group, among: bool, max_pairs: int, max_steps: int):
    """``members`` in a walls' grid, ``queries`` (already grown) walking it: (pairs, complete)."""
    none = np.zeros((0, 2), np.int64)
    if not len(members) or not len(queries):
        return none, True
    boxes = np.ascontiguousarray(np.concatenate([members, queries]))
    obb = _any_box(len(members))
    span = members[:, 2:].max(axis=0) - members[:, :2].min(axis=0)
    fewest = math.sqrt(float(span[0]) * float(span[1]) / (CELLS_PER_BOX * len(boxes) + SPARE_CELLS))
    cell = max(choose_cell(queries, members, rebuilt=True), fewest)
    walls = build_walls(boxes, obb, np.arange(len(members), dtype=np.int64), cell, max_entries=max_steps)
    if walls is None:
        return none, False
    # ``among`` as np.bool_: a literal True and a literal False would compile the walk twice.
    return _walk(boxes, obb, walls, len(members), group, np.bool_(among), int(max_pairs), int(max_steps))


def _any_box(n: int) -> np.ndarray:
    """Boxes only: ``n`` oriented boxes that every box meets (infinite extents along the world's
    axes), so the walk's test is the boxes' own, exactly. The walk reads a member's only
    (``meet_walls``' test of a query against wall j)."""
    return np.tile(np.array([1.0, 0.0, -math.inf, math.inf, -math.inf, math.inf]), (n, 1))


class BoxGrid(NamedTuple):
    """Members' boxes in a walls' grid by their boxes alone (``box_grid``): ``boxes`` (m, 4) their
    rows, ``obb`` oriented boxes every box meets, ``walls`` the grid (its members 0..m-1)."""

    boxes: np.ndarray
    obb: np.ndarray
    walls: DenseGrid


#: No bound on a kept grid's questions (``pairs_meeting``): every pair is wanted.
_UNBOUNDED = 1 << 62
_NO_GROUP = np.zeros(0, np.int64)


def box_grid(members: np.ndarray, cell: float) -> BoxGrid:
    """``members`` (m, 4) rows (min_x, min_y, max_x, max_y) in a walls' grid of square cells of at
    least ``cell``, each listed in every cell its box covers, to be asked many times (``pairs_meeting``)."""
    members = np.ascontiguousarray(members, dtype=np.float64).reshape(-1, 4)
    obb = _any_box(len(members))
    return BoxGrid(members, obb, build_walls(members, obb, np.arange(len(members), dtype=np.int64), cell))


def pairs_meeting(grid: BoxGrid, queries: np.ndarray) -> np.ndarray:
    """Every (member row, query row) pair of ``grid`` and ``queries`` (k, 4) whose boxes overlap
    (touching counts), exactly the pairs a test of every query against every member finds: each
    query walks the cells its box covers (``meet_walls``; every member when it covers more cells
    than there are members), in query order, each query's members in the order its walk meets them.

    >>> grid = box_grid(np.array([[0.0, 0.0, 10.0, 10.0], [12.0, 0.0, 20.0, 10.0]]), 4.0)
    >>> pairs_meeting(grid, np.array([[5.0, 5.0, 8.0, 8.0], [10.0, 0.0, 12.0, 1.0]])).tolist()
    [[0, 0], [0, 1], [1, 1]]
    """
    m = len(grid.boxes)
    if not m or not len(queries):
        return np.zeros((0, 2), np.int64)
    boxes = np.ascontiguousarray(np.concatenate([grid.boxes, queries]), dtype=np.float64)
    # (The same argument types as ``_ask``'s call: one compiled walk for both.)
    return _walk(boxes, grid.obb, grid.walls, m, _NO_GROUP, np.bool_(False), _UNBOUNDED, _UNBOUNDED)[0]


def _rows(boxes) -> np.ndarray:
    return np.asarray(boxes, dtype=np.float64).reshape(-1, 4)


def _grown(boxes: np.ndarray, margin: float) -> np.ndarray:
    return boxes + np.array([-margin, -margin, margin, margin])


def pairs_between(members, queries, margin: float, max_pairs: int, max_steps: int) -> tuple[np.ndarray, bool]:
    """Every (member, query) pair of boxes within ``margin`` of each other on both axes: (pairs, complete).

    ``members`` (n, 4) and ``queries`` (m, 4) rows (min_x, min_y, max_x, max_y);
    ``pairs`` (k, 2) int64 rows (member row, query row), in query order. Not
    ``complete`` (and ``pairs`` only those found so far) past ``max_pairs``
    pairs or ``max_steps`` boxes looked at: nothing past either is done.

    >>> walls = [[0, 0, 10, 10], [12, 0, 20, 10]]
    >>> pairs, complete = pairs_between(walls, [[5, 5, 8, 8], [10, 0, 12, 1]], 0.0, 100, 1000)
    >>> pairs.tolist(), complete
    ([[0, 0], [0, 1], [1, 1]], True)
    """
    members, queries = _rows(members), _rows(queries)
    return _ask(members, _grown(queries, float(margin)), np.zeros(0, np.int64), False, max_pairs, max_steps)


def pairs_among(boxes, group, margin: float, max_pairs: int, max_steps: int) -> tuple[np.ndarray, bool]:
    """Pairs of boxes of different ``group`` within ``margin`` of each other: (pairs, complete).

    ``boxes`` (n, 4) rows (min_x, min_y, max_x, max_y); ``group`` (n,) integer
    labels (a label per wall: parts of different walls). ``pairs`` (k, 2)
    int64 row indexes, smaller first, in order of the smaller. Not
    ``complete`` past ``max_pairs`` pairs or ``max_steps`` boxes looked at,
    as ``pairs_between``.

    >>> boxes = [[0, 0, 10, 10], [12, 0, 20, 10], [5, 5, 8, 8]]
    >>> pairs, complete = pairs_among(boxes, [0, 0, 1], 0.0, 100, 1000)
    >>> pairs.tolist(), complete
    ([[0, 2]], True)
    >>> pairs_among(boxes, [0, 1, 2], 2.0, 100, 1000)[0].tolist()
    [[0, 1], [0, 2]]
    """
    boxes = _rows(boxes)
    group = np.ascontiguousarray(group, dtype=np.int64).reshape(-1)
    return _ask(boxes, _grown(boxes, float(margin)), group, True, max_pairs, max_steps)


#: A probe's box is grown by this share of the grid's extent, beyond its reach: a probe the narrow
#: phase calls touching a box (within its tolerance, ~1e-12 of the sizes) is never culled.
PROBE_SLACK = 1e-9


def cells_near(
    boxes, reach: float, cell: float, ni: int, nj: int, max_pairs: int, max_steps: int
) -> tuple[np.ndarray, np.ndarray, bool]:
    """The cells of an ``ni`` × ``nj`` grid of side ``cell`` whose probe (a disc of radius ``reach``
    at the cell's centre) may meet each box: (ij, owner, complete).

    Cell (i, j) spans [i·cell, (i + 1)·cell) along x and [j·cell, (j + 1)·cell)
    along y; its probe's box is its centre ± ``reach`` (a hair more:
    ``PROBE_SLACK``). ``ij`` (k, 2) int64 cell columns and rows and ``owner``
    (k,) box rows, every pair whose boxes meet, in cell order (j, then i);
    the caller tests the probe against each owner's shape. Not ``complete``
    past ``max_pairs`` or ``max_steps``, as ``pairs_between``. Boxes that only
    touch meet: below, cell (2, 0)'s centre (25, 5) lies on the box's right edge.

    >>> ij, owner, complete = cells_near([[6.0, 5.0, 25.0, 8.0]], 0.0, 10.0, 4, 4, 100, 1000)
    >>> ij.tolist(), owner.tolist(), complete
    ([[1, 0], [2, 0]], [0, 0], True)
    """
    boxes = _rows(boxes)
    ii, jj = np.meshgrid(np.arange(ni, dtype=np.int64), np.arange(nj, dtype=np.int64))
    ij = np.column_stack([ii.ravel(), jj.ravel()])
    centre = (ij + 0.5) * cell
    grow = reach + PROBE_SLACK * (reach + cell * max(ni, nj))
    pairs, complete = pairs_between(boxes, np.c_[centre - grow, centre + grow], 0.0, max_pairs, max_steps)
    return ij[pairs[:, 1]], pairs[:, 0], complete


__all__ = [
    "CELLS_PER_BOX",
    "PROBE_SLACK",
    "SPARE_CELLS",
    "BoxGrid",
    "box_grid",
    "cells_near",
    "pairs_among",
    "pairs_between",
    "pairs_meeting",
]
