"""The walls' grid: static bodies in a dense grid, built once, walked every frame.

Static bodies (walls) do not move, so their structure can cost more to build
and less to walk than the moving bodies' hashed grid (``hashgrid``):

- dense cells over the walls' bounding box (``grid``: an array index, no hashing);
- a wall is listed only in the cells its oriented box touches
  (``boxes.box_meets_oriented``), not every cell of its axis-aligned box: a
  long wall at 45° covers a thin diagonal of cells instead of a square;
- a walker meets each wall once (``grid.first_visit``), so the grid needs no
  rule about which shared cell reports a pair.

Why no pair is lost: if a query region and a wall share a point p, p lies in
the query's box and in the wall's oriented box, so the cell holding p is
covered by the query and lists the wall.

The grid is rebuilt only when a wall is added, removed or moved.

Frames: world space; oriented boxes as in ``boxes``.
"""

from __future__ import annotations

import numpy as np

from ..collision.jit import kernel
from .boxes import box_meets_oriented
from .grid import DenseGrid, cell_span, clip_span, empty_grid, grid_shape


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


def build_walls(boxes: np.ndarray, obb: np.ndarray, members: np.ndarray, cell: float) -> DenseGrid:
    """The dense grid of the walls ``members`` (rows of ``boxes`` and ``obb``) with square
    cells of at least ``cell`` (coarser when the walls span too many: ``grid.MAX_CELLS``)."""
    if not len(members):
        return empty_grid(cell)._replace(members=members)
    lo = boxes[members, :2].min(axis=0)
    hi = boxes[members, 2:].max(axis=0)
    x0, y0, nx, ny, cell = grid_shape(lo[0], lo[1], hi[0], hi[1], cell)
    start = np.zeros(nx * ny + 1, dtype=np.int64)
    entries = _fill(boxes, obb, members, x0, y0, nx, ny, cell, start, np.zeros(0, dtype=np.int64))
    start[:] = 0
    body = np.empty(entries, dtype=np.int64)
    _fill(boxes, obb, members, x0, y0, nx, ny, cell, start, body)
    return DenseGrid(x0, y0, nx, ny, cell, start, body, members)


__all__ = ["build_walls"]
