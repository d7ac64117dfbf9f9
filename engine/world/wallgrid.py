"""The walls' grid: static bodies in a dense grid, built once, queried every frame.

Static bodies (walls) do not move, so their structure can cost more to build
and less to query than the moving bodies' hashed grid (``broadphase``):

- Dense cells over the walls' bounding box (an array index, no hashing).
- A wall is listed only in the cells its oriented box touches, not every cell
  of its axis-aligned box: a long wall at 45° covers a thin diagonal of cells
  instead of a square of them.
- A query box meets a wall if their axis-aligned boxes overlap and the query
  box also overlaps the wall's oriented box (separating axes along the wall's
  own axes), which drops most of the false candidates a rotated wall's
  axis-aligned box would give.
- Each wall is reported once per query (a stamp per wall), so the grid needs
  no rule about which shared cell reports a pair.

Why no pair is lost: if a query region and a wall share a point p, p lies in
the query's box and in the wall's oriented box, so the cell holding p is
covered by the query and lists the wall.

Frames: world space. The oriented box of a wall is given by its local x axis
(ux, uy) and the extents of the wall along (ux, uy) and (−uy, ux), both as
world projections: rows (ux, uy, lo_u, hi_u, lo_v, hi_v).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.jit import inline, kernel, unmanaged
from ..collision.shapes import H_BOUND, H_RADIUS, support_packed

#: The dense grid never has more cells than this; the cell grows instead.
MAX_CELLS = 1 << 22


class WallGrid(NamedTuple):
    """Dense cells: walls of cell (gx, gy) are ``body[start[c]:start[c + 1]]``, c = gy * nx + gx."""

    x0: int
    y0: int
    nx: int
    ny: int
    cell: float
    start: np.ndarray
    body: np.ndarray
    members: np.ndarray


@kernel
def oriented_boxes(data, offsets, shape_index, xf, members, out):
    """Each member's oriented box (rows as in the module docstring), exact for polygons."""
    for k in range(members.shape[0]):
        i = members[k]
        off = offsets[shape_index[i]]
        r = data[off + H_RADIUS]
        c, s = math.cos(xf[i, 2]), math.sin(xf[i, 2])
        pu = xf[i, 0] * c + xf[i, 1] * s
        pv = -xf[i, 0] * s + xf[i, 1] * c
        hi_x, _, _ = support_packed(data, off, 1.0, 0.0)
        lo_x, _, _ = support_packed(data, off, -1.0, 0.0)
        _, hi_y, _ = support_packed(data, off, 0.0, 1.0)
        _, lo_y, _ = support_packed(data, off, 0.0, -1.0)
        # A little slack: the test must never drop a touching pair to rounding,
        # and it must be more than the box's growth (``broadphase.touching_share``).
        slack = 1e-9 * (abs(pu) + abs(pv) + hi_x - lo_x + hi_y - lo_y + r + data[off + H_BOUND])
        out[i, 0], out[i, 1] = c, s
        out[i, 2], out[i, 3] = pu + lo_x - r - slack, pu + hi_x + r + slack
        out[i, 4], out[i, 5] = pv + lo_y - r - slack, pv + hi_y + r + slack


@inline
def _box_meets_oriented(lo_x, lo_y, hi_x, hi_y, obb, j):
    """Whether the box lo–hi overlaps wall j's oriented box (separating axes u and v)."""
    ux, uy = obb[j, 0], obb[j, 1]
    cx, cy = 0.5 * (lo_x + hi_x), 0.5 * (lo_y + hi_y)
    hx, hy = 0.5 * (hi_x - lo_x), 0.5 * (hi_y - lo_y)
    reach = hx * abs(ux) + hy * abs(uy)
    cu = cx * ux + cy * uy
    if cu + reach < obb[j, 2] or cu - reach > obb[j, 3]:
        return False
    reach = hx * abs(uy) + hy * abs(ux)
    cv = -cx * uy + cy * ux
    return not (cv + reach < obb[j, 4] or cv - reach > obb[j, 5])


@inline
def _clip(v, n):
    return min(max(v, 0), n - 1)


@kernel
def _fill(boxes, obb, members, x0, y0, nx, ny, cell, start, body):
    """Counting sort of (cell, wall) entries by cell; with ``body`` empty, only counts."""
    inv = 1.0 / cell
    for pass_ in range(2):
        for k in range(members.shape[0]):
            j = members[k]
            gx0 = _clip(np.int64(math.floor(boxes[j, 0] * inv)) - x0, nx)
            gx1 = _clip(np.int64(math.floor(boxes[j, 2] * inv)) - x0, nx)
            gy0 = _clip(np.int64(math.floor(boxes[j, 1] * inv)) - y0, ny)
            gy1 = _clip(np.int64(math.floor(boxes[j, 3] * inv)) - y0, ny)
            for gy in range(gy0, gy1 + 1):
                for gx in range(gx0, gx1 + 1):
                    lx, ly = (gx + x0) * cell, (gy + y0) * cell
                    if not _box_meets_oriented(lx, ly, lx + cell, ly + cell, obb, j):
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


def build_wall_grid(boxes: np.ndarray, obb: np.ndarray, members: np.ndarray, cell: float) -> WallGrid:
    """Dense grid of ``members`` (rows of ``boxes`` and ``obb``) with square cells of ``cell``."""
    if not len(members):
        return WallGrid(0, 0, 1, 1, cell, np.zeros(2, dtype=np.int64), np.zeros(0, dtype=np.int64), members)
    lo = boxes[members, :2].min(axis=0)
    hi = boxes[members, 2:].max(axis=0)
    cell = max(cell, math.sqrt((hi[0] - lo[0]) * (hi[1] - lo[1]) / MAX_CELLS), 1e-9)
    x0, y0 = math.floor(lo[0] / cell), math.floor(lo[1] / cell)
    nx, ny = math.floor(hi[0] / cell) - x0 + 1, math.floor(hi[1] / cell) - y0 + 1
    while nx * ny > MAX_CELLS:  # very wide and flat wall sets
        cell *= 2.0
        x0, y0 = math.floor(lo[0] / cell), math.floor(lo[1] / cell)
        nx, ny = math.floor(hi[0] / cell) - x0 + 1, math.floor(hi[1] / cell) - y0 + 1
    start = np.zeros(nx * ny + 1, dtype=np.int64)
    entries = _fill(boxes, obb, members, x0, y0, nx, ny, cell, start, np.zeros(0, dtype=np.int64))
    start[:] = 0
    body = np.empty(entries, dtype=np.int64)
    _fill(boxes, obb, members, x0, y0, nx, ny, cell, start, body)
    return WallGrid(x0, y0, nx, ny, cell, start, body, members)


@kernel
def _query(qboxes, boxes, obb, members, x0, y0, nx, ny, cell, start, body, stamp, out):
    """(query row, wall) pairs whose boxes overlap and whose query box meets the oriented box."""
    qboxes, boxes, obb, stamp = unmanaged(qboxes), unmanaged(boxes), unmanaged(obb), unmanaged(stamp)
    inv = 1.0 / cell
    n = 0
    for q in range(qboxes.shape[0]):
        lo_x, lo_y, hi_x, hi_y = qboxes[q, 0], qboxes[q, 1], qboxes[q, 2], qboxes[q, 3]
        gx0 = np.int64(math.floor(lo_x * inv)) - x0
        gx1 = np.int64(math.floor(hi_x * inv)) - x0
        gy0 = np.int64(math.floor(lo_y * inv)) - y0
        gy1 = np.int64(math.floor(hi_y * inv)) - y0
        if gx1 < 0 or gy1 < 0 or gx0 >= nx or gy0 >= ny:
            continue
        gx0, gx1, gy0, gy1 = _clip(gx0, nx), _clip(gx1, nx), _clip(gy0, ny), _clip(gy1, ny)
        if (gx1 - gx0 + 1) * (gy1 - gy0 + 1) > members.shape[0]:
            # A query bigger than the walls' cells: look at every wall once.
            for k in range(members.shape[0]):
                j = members[k]
                if (
                    boxes[j, 0] <= hi_x
                    and lo_x <= boxes[j, 2]
                    and boxes[j, 1] <= hi_y
                    and lo_y <= boxes[j, 3]
                    and _box_meets_oriented(lo_x, lo_y, hi_x, hi_y, obb, j)
                ):
                    if n < out.shape[0]:
                        out[n, 0], out[n, 1] = q, j
                    n += 1
            continue
        for gy in range(gy0, gy1 + 1):
            for gx in range(gx0, gx1 + 1):
                c = gy * nx + gx
                for p in range(start[c], start[c + 1]):
                    j = body[p]
                    if stamp[j] == q:
                        continue
                    stamp[j] = q
                    if (
                        boxes[j, 0] <= hi_x
                        and lo_x <= boxes[j, 2]
                        and boxes[j, 1] <= hi_y
                        and lo_y <= boxes[j, 3]
                        and _box_meets_oriented(lo_x, lo_y, hi_x, hi_y, obb, j)
                    ):
                        if n < out.shape[0]:
                            out[n, 0], out[n, 1] = q, j
                        n += 1
    return n


def query_walls(grid: WallGrid, qboxes: np.ndarray, boxes: np.ndarray, obb: np.ndarray) -> np.ndarray:
    """(row of ``qboxes``, wall slot) pairs, (k, 2): the query box overlaps the
    wall's box and oriented box. ``boxes`` and ``obb`` are indexed by slot."""
    if not len(grid.members) or not len(qboxes):
        return np.zeros((0, 2), dtype=np.int64)
    out = np.empty((max(16, 4 * len(qboxes)), 2), dtype=np.int64)
    args = (grid.x0, grid.y0, grid.nx, grid.ny, grid.cell, grid.start, grid.body)
    stamp = np.full(len(boxes), -1, dtype=np.int64)
    n = _query(qboxes, boxes, obb, grid.members, *args, stamp, out)
    if n > len(out):
        out = np.empty((n, 2), dtype=np.int64)
        stamp[:] = -1
        _query(qboxes, boxes, obb, grid.members, *args, stamp, out)
    return out[:n]
