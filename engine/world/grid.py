"""Dense grids: the building blocks every grid walk of the world is made of.

A dense grid covers a box of the world with ``nx × ny`` square cells of side
``cell``; cell (gx, gy) holds world points x in [(x0 + gx)·cell, (x0 + gx + 1)·cell)
and likewise along y, and is numbered c = gy·nx + gx. What a cell lists is
``body[start[c]:start[c + 1]]`` (a counting sort: count per cell, then place),
so a cell is one array index and its entries are contiguous.

The world has two: the walls' grid (``walls``: each wall listed only where its
oriented box reaches, built once) and, laid over the same cells each frame,
the moving bodies (``lay_over``: a linked list per cell), so one walk over a body's cells meets walls
and moving bodies alike (``pairs``, ``sweep``). Bodies that do not fit (outside
the grid, or wider than ``max_span`` cells) are ``listed`` apart for the caller
to test one by one.

Everything here is written once and used by every walk:

- ``cell_of`` / ``cell_span``: which cells a box covers (a floor per bound);
- ``span_meets`` / ``span_inside`` / ``clip_span``: that range against the grid;
- ``first_visit``: a body listed in several cells of one walk is looked at once
  (a stamp per body: the walker's number);
- ``put`` and ``make_room``: the rows a walk finds go into a buffer sized by a
  guess; ``put`` writes a row if there is room and always counts it, and a walk
  that found more than fit is run once more with ``make_room``'s exact buffer.
  (A buffer grown row by row would hand a new array back at every row: numba
  reference-counts each, which costs more than a second walk that rarely runs.)

Frames: world space, cells of side ``cell`` from the origin (cell index
``floor(v / cell)``), grid-relative indices after subtracting (x0, y0).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.jit import inline, kernel
from ..collision.limits import MAX_COORDINATE, MAX_SIZE

#: A dense grid never has more cells than this; its cell grows instead.
MAX_CELLS = 1 << 22
#: The grids number cells with int64: a cell this small still numbers every
#: box within the coordinate limit (a body at ``MAX_COORDINATE`` reaching
#: ``MAX_SIZE`` beyond it) with room to spare.
MIN_CELL_SIZE = (MAX_COORDINATE + 2.0 * MAX_SIZE) * 2.0**-56
#: A larger cell than this holds the whole world in one: nothing to gain.
MAX_CELL_SIZE = 4.0 * (MAX_COORDINATE + MAX_SIZE)


class DenseGrid(NamedTuple):
    """Cells (gx, gy) of side ``cell`` from world cell (x0, y0); cell c = gy·nx + gx
    lists ``body[start[c]:start[c + 1]]``; ``members`` are the bodies it was built over."""

    x0: int
    y0: int
    nx: int
    ny: int
    cell: float
    start: np.ndarray
    body: np.ndarray
    members: np.ndarray


def empty_grid(cell: float = 1.0) -> DenseGrid:
    """A grid of one empty cell: a stand-in that keeps kernels at one signature."""
    none = np.zeros(0, dtype=np.int64)
    return DenseGrid(0, 0, 1, 1, cell, np.zeros(2, dtype=np.int64), none, none)


@inline
def cell_of(v, inv_cell):
    """The world cell index holding coordinate ``v`` (cells of side 1 / ``inv_cell``)."""
    return np.int64(math.floor(v * inv_cell))


@inline
def cell_span(lo_x, lo_y, hi_x, hi_y, inv_cell, x0, y0):
    """Grid-relative cells (gx0, gx1, gy0, gy1), inclusive, covered by the box lo–hi."""
    return (
        cell_of(lo_x, inv_cell) - x0,
        cell_of(hi_x, inv_cell) - x0,
        cell_of(lo_y, inv_cell) - y0,
        cell_of(hi_y, inv_cell) - y0,
    )


@inline
def span_meets(gx0, gx1, gy0, gy1, nx, ny):
    """Whether the cell range shares a cell with the grid."""
    return gx1 >= 0 and gy1 >= 0 and gx0 < nx and gy0 < ny


@inline
def span_inside(gx0, gx1, gy0, gy1, nx, ny, max_span):
    """Whether the cell range lies wholly in the grid and is at most ``max_span`` cells a side."""
    return gx0 >= 0 and gy0 >= 0 and gx1 < nx and gy1 < ny and gx1 - gx0 < max_span and gy1 - gy0 < max_span


@inline
def clip_span(gx0, gx1, gy0, gy1, nx, ny):
    """The cell range cut to the grid (call only when ``span_meets``)."""
    return max(gx0, 0), min(gx1, nx - 1), max(gy0, 0), min(gy1, ny - 1)


@inline
def first_visit(stamp, j, walker):
    """True the first time ``walker`` meets body ``j`` (and marks it met)."""
    if stamp[j] == walker:
        return False
    stamp[j] = walker
    return True


@inline
def put(found, n, a, b):
    """Row (a, b) as row ``n`` of ``found`` if there is room; the new row count either way."""
    if n < found.shape[0]:
        found[n, 0], found[n, 1] = a, b
    return n + 1


@kernel
def rows_for(guess):
    """A buffer of ``guess`` rows (at least 16) for a walk's (a, b) rows."""
    return np.empty((max(16, guess), 2), dtype=np.int64)


@inline
def make_room(found, n, stamp):
    """After a walk that found ``n`` rows into ``found``: (found, False) when they fit,
    else (a buffer of ``n`` rows, True) with ``stamp`` reset, to walk once more."""
    if n <= found.shape[0]:
        return found, False
    stamp[:] = -1
    return np.empty((n, 2), dtype=np.int64), True


class Laid(NamedTuple):
    """Bodies laid over a dense grid's cells: one linked list per cell.

    Cell c lists the entries ``head[c]``, ``next[head[c]]``, ... (-1 ends it),
    newest first; entry e is row ``row[e]`` of the members. ``span[k]`` are
    member k's cells (gx0, gx1, gy0, gy1, grid-relative); ``listed`` the rows
    of the members that are not laid (outside the grid, or too wide)."""

    span: np.ndarray
    head: np.ndarray
    next: np.ndarray
    row: np.ndarray
    listed: np.ndarray


@inline
def lay(laid, entry, c, k):
    """Put member row k into cell c's list as entry ``entry``; returns the next free entry."""
    laid.row[entry], laid.next[entry] = k, laid.head[c]
    laid.head[c] = entry
    return entry + 1


@kernel
def lay_over(grid_x0, grid_y0, nx, ny, cell, boxes, members, max_span, max_listed, now):
    """The boxes of ``members`` laid over a dense grid's cells (``Laid``).

    A member whose box is not wholly inside the grid, or spans more than
    ``max_span`` cells a side, is not laid: its row goes to ``listed``, to be
    tested one by one. With more than ``max_listed`` of those it stops there
    (``listed`` is then longer than ``max_listed``; the caller takes another
    way). With ``now`` every other member is laid at once (``lay``); else the
    lists start empty with room for them all, for a walker that lays each
    body after looking at those laid before it (``pairs``). Callers pass
    ``now`` as ``np.bool_``: numba would compile a literal True and a literal
    False as two kernels.
    """
    inv = 1.0 / cell
    span = np.empty((members.shape[0], 4), dtype=np.int64)
    listed = np.empty(members.shape[0], dtype=np.int64)
    n_listed, entries = 0, 0
    for k in range(members.shape[0]):
        j = members[k]
        gx0, gx1, gy0, gy1 = cell_span(
            boxes[j, 0], boxes[j, 1], boxes[j, 2], boxes[j, 3], inv, grid_x0, grid_y0
        )
        span[k, 0], span[k, 1], span[k, 2], span[k, 3] = gx0, gx1, gy0, gy1
        if span_inside(gx0, gx1, gy0, gy1, nx, ny, max_span):
            entries += (gx1 - gx0 + 1) * (gy1 - gy0 + 1)
        else:
            listed[n_listed] = k
            n_listed += 1
            if n_listed > max_listed:
                break
    laid = Laid(
        span, np.full(nx * ny, -1, dtype=np.int64), np.empty(entries, dtype=np.int64),
        np.empty(entries, dtype=np.int64), listed[:n_listed],
    )  # fmt: skip
    if now and n_listed <= max_listed:
        entry = 0
        for k in range(members.shape[0]):
            gx0, gx1, gy0, gy1 = span[k, 0], span[k, 1], span[k, 2], span[k, 3]
            if not span_inside(gx0, gx1, gy0, gy1, nx, ny, max_span):
                continue
            for gy in range(gy0, gy1 + 1):
                for gx in range(gx0, gx1 + 1):
                    entry = lay(laid, entry, gy * nx + gx, k)
    return laid


def grid_shape(
    lo_x: float, lo_y: float, hi_x: float, hi_y: float, cell: float
) -> tuple[int, int, int, int, float]:
    """(x0, y0, nx, ny, cell) of a dense grid over the box lo–hi with cells of at
    least ``cell``, coarsened until it has at most ``MAX_CELLS`` cells."""
    cell = max(cell, math.sqrt((hi_x - lo_x) * (hi_y - lo_y) / MAX_CELLS), 1e-9)
    while True:
        x0, y0 = math.floor(lo_x / cell), math.floor(lo_y / cell)
        nx, ny = math.floor(hi_x / cell) - x0 + 1, math.floor(hi_y / cell) - y0 + 1
        if nx * ny <= MAX_CELLS:  # else a very wide and flat set
            return x0, y0, nx, ny, cell
        cell *= 2.0


__all__ = [
    "MAX_CELLS",
    "MAX_CELL_SIZE",
    "MIN_CELL_SIZE",
    "DenseGrid",
    "Laid",
    "cell_of",
    "cell_span",
    "clip_span",
    "empty_grid",
    "first_visit",
    "grid_shape",
    "lay",
    "lay_over",
    "make_room",
    "put",
    "rows_for",
    "span_inside",
    "span_meets",
]
