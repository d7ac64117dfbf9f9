"""The walls' grid: static bodies in a dense grid, built once, walked every frame.

Static bodies (walls) do not move, so their structure can cost more to build
and less to walk than the moving bodies' hashed grid (``hashgrid``):

- dense cells over the walls' bounding box (``grid``: an array index, no hashing);
- a wall is listed only in the cells its oriented box touches
  (``boxes.box_meets_oriented``), not every cell of its axis-aligned box: a
  long wall at 45° covers a thin diagonal of cells instead of a square;
- a walker meets each wall once (``grid.first_visit``), so the grid needs no
  rule about which shared cell reports a pair.

``meet_walls`` is that walk for one box, the world's broad phase of a body
against the walls (a frame's pairs, ``pairs``); the one-off questions over
many boxes take it too (``box_pairs``: the level checker's, the enemies'
navigation grid).

Why no pair is lost: if a query region and a wall share a point p, p lies in
the query's box and in the wall's oriented box, so the cell holding p is
covered by the query and lists the wall.

The grid is rebuilt only when a wall is added, removed or moved.

Frames: world space; oriented boxes as in ``boxes``.
"""

from __future__ import annotations

import numpy as np

from ..collision.jit import inline, kernel
from .boxes import box_meets_oriented, boxes_overlap
from .grid import DenseGrid, cell_span, clip_span, empty_grid, first_visit, grid_shape, put, span_meets


@kernel
def _fill(boxes, obb, members, x0, y0, nx, ny, cell, start, body):
    """Counting sort of (cell, wall) entries by cell; with ``body`` empty, only counts.
    Returns the number of entries."""
    inv = 1.0 / cell
    for pass_ in range(2):
        for k in range(members.shape[0]):
            j = members[k]
            gx0, gx1, gy0, gy1 = cell_span(boxes[j, 0], boxes[j, 1], boxes[j, 2], boxes[j, 3], inv, x0, y0)
            # The grid covers every wall's box; clipping only guards against rounding.
            gx0, gx1, gy0, gy1 = clip_span(gx0, gx1, gy0, gy1, nx, ny)
            for gy in range(gy0, gy1 + 1):
                for gx in range(gx0, gx1 + 1):
                    lx, ly = (gx + x0) * cell, (gy + y0) * cell
                    if not box_meets_oriented(lx, ly, lx + cell, ly + cell, obb, j):
                        continue
                    c = gy * nx + gx
                    if pass_ == 0:
                        start[c + 1] += 1
                    else:
                        body[start[c]] = j
                        start[c] += 1
        if pass_ == 0:
            for c in range(nx * ny):
                start[c + 1] += start[c]
            if body.shape[0] < start[nx * ny]:
                return start[nx * ny]
    # The second pass moved every start to the next cell's start: shift back.
    for c in range(nx * ny, 0, -1):
        start[c] = start[c - 1]
    start[0] = 0
    return start[nx * ny]


def build_walls(
    boxes: np.ndarray, obb: np.ndarray, members: np.ndarray, cell: float, max_entries: int | None = None
) -> DenseGrid | None:
    """The dense grid of the walls ``members`` (rows of ``boxes`` and ``obb``) with square
    cells of at least ``cell`` (coarser when the walls span too many: ``grid.MAX_CELLS``).

    With ``max_entries``: None, and nothing allocated, when the walls would
    be listed in more cells than that in all (a one-off query's bound)."""
    if not len(members):
        return empty_grid(cell)._replace(members=members)
    lo = boxes[members, :2].min(axis=0)
    hi = boxes[members, 2:].max(axis=0)
    x0, y0, nx, ny, cell = grid_shape(lo[0], lo[1], hi[0], hi[1], cell)
    start = np.zeros(nx * ny + 1, dtype=np.int64)
    entries = _fill(boxes, obb, members, x0, y0, nx, ny, cell, start, np.zeros(0, dtype=np.int64))
    if max_entries is not None and entries > max_entries:
        return None
    start[:] = 0
    body = np.empty(entries, dtype=np.int64)
    _fill(boxes, obb, members, x0, y0, nx, ny, cell, start, body)
    return DenseGrid(x0, y0, nx, ny, cell, start, body, members)


@inline
def walls_in_cell(boxes, obb, walls, c, i, stamp, found, n):
    """Rows (i, wall) for the walls listed in cell c, not met before by body i,
    whose box and oriented box meet body i's box."""
    lo_x, lo_y, hi_x, hi_y = boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3]
    body = walls.body
    for p in range(walls.start[c], walls.start[c + 1]):
        j = body[p]
        if (
            first_visit(stamp, j, i)
            and boxes_overlap(boxes, i, j)
            and box_meets_oriented(lo_x, lo_y, hi_x, hi_y, obb, j)
        ):
            n = put(found, n, i, j)
    return n


@inline
def meet_walls(boxes, obb, walls, i, stamp, found, n):
    """Rows (i, wall) for the walls whose box and oriented box meet body i's box,
    each once: a walk over the walls' cells the box covers (every wall once
    when the box covers more cells than there are walls)."""
    members = walls.members
    lo_x, lo_y, hi_x, hi_y = boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3]
    gx0, gx1, gy0, gy1 = cell_span(lo_x, lo_y, hi_x, hi_y, 1.0 / walls.cell, walls.x0, walls.y0)
    if not span_meets(gx0, gx1, gy0, gy1, walls.nx, walls.ny):
        return n
    gx0, gx1, gy0, gy1 = clip_span(gx0, gx1, gy0, gy1, walls.nx, walls.ny)
    if (gx1 - gx0 + 1) * (gy1 - gy0 + 1) > members.shape[0]:
        for e in range(members.shape[0]):
            j = members[e]
            if boxes_overlap(boxes, i, j) and box_meets_oriented(lo_x, lo_y, hi_x, hi_y, obb, j):
                n = put(found, n, i, j)
        return n
    for gy in range(gy0, gy1 + 1):
        for gx in range(gx0, gx1 + 1):
            n = walls_in_cell(boxes, obb, walls, gy * walls.nx + gx, i, stamp, found, n)
    return n


__all__ = ["build_walls", "meet_walls", "walls_in_cell"]
