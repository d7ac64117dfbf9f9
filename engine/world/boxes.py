"""Boxes of bodies: the world box every broad phase starts from, and a wall's oriented box.

A body's world box (min_x, min_y, max_x, max_y) is exact along the world
axes (each bound a support of the shape) and grown by the body's share of
the touching tolerance, so every pair the narrow phase calls touching has
overlapping boxes: the broad phase never drops one.

A wall's box is tighter when it turns with it: the oriented box is given by
the wall's local x axis (ux, uy) and its extents along (ux, uy) and
(−uy, ux), both as world projections, rows (ux, uy, lo_u, hi_u, lo_v, hi_v).
A long wall at 45° then covers a thin diagonal of grid cells, and a body
inside its axis-aligned box but beside the wall is no candidate
(``box_meets_oriented``: separating axes along the wall's own axes).

Frames: world space.
"""

from __future__ import annotations

import math

import numpy as np

from ..collision.jit import inline, kernel, unmanaged
from ..collision.narrowphase import LINEAR_TOLERANCE_REL, POSITION_EPS
from ..collision.shapes import H_BOUND, H_COUNT, H_KIND, H_RADIUS, HEADER, KIND_POINTS, support_packed


@inline
def touching_share(data, off, x, y):
    """How far a body's box is grown so that no pair the narrow phase calls
    touching is culled by boxes: its share of the touching tolerance.

    ``narrowphase.pair_tolerance`` is 1e-12 × (R_a + R_b + |o_b − o_a|) +
    8 eps × (largest coordinate), R the bound plus radius of a shape. A pair
    it calls touching has a gap g at most that, and |o_b − o_a| ≤ R_a + R_b + g
    (each origin lies within R of its shape), so the tolerance is at most
    Σ (2e-12 R + 8 eps × |coordinates|) + 1e-12 g. Each body takes twice its
    term, which also covers the rounding of its box's coordinates.
    """
    reach = data[off + H_BOUND] + data[off + H_RADIUS]
    return 4.0 * LINEAR_TOLERANCE_REL * reach + 2.0 * POSITION_EPS * (max(abs(x), abs(y)) + reach)


# Not inlined: store_transforms (twice) and compute_aabbs call one compiled copy
# (inlined, numba builds a helper's IR again at each call site: benchmarks/compile_times.py).
@kernel
def aabb_of(data, off, x, y, angle):
    """World box (min_x, min_y, max_x, max_y) of the packed shape at ``off``
    placed at (x, y, angle): each bound is a world support along ±x or ±y,
    grown by the body's share of the touching tolerance (``touching_share``),
    so the boxes of two shapes that touch by ``intersects`` always overlap.

    A point core is rotated vertex by vertex (its extremes along the world
    axes are extremes of rotated vertices); a circle about its own origin
    needs no rotation at all, which spares a bullet's box its trigonometry.
    """
    r = data[off + H_RADIUS] + touching_share(data, off, x, y)
    if data[off + H_KIND] == KIND_POINTS:
        base = off + HEADER
        count = np.int64(data[off + H_COUNT])
        if count == 1 and data[base] == 0.0 and data[base + 1] == 0.0:
            return x - r, y - r, x + r, y + r
        c, s = math.cos(angle), math.sin(angle)
        lo_x, hi_x, lo_y, hi_y = math.inf, -math.inf, math.inf, -math.inf
        for i in range(count):
            px, py = data[base + 2 * i], data[base + 2 * i + 1]
            wx, wy = c * px - s * py, s * px + c * py
            lo_x, hi_x = min(lo_x, wx), max(hi_x, wx)
            lo_y, hi_y = min(lo_y, wy), max(hi_y, wy)
        return lo_x + x - r, lo_y + y - r, hi_x + x + r, hi_y + y + r
    c, s = math.cos(angle), math.sin(angle)
    # World axis (1, 0) seen from the body is (c, -s); (0, 1) is (s, c).
    px, py, _ = support_packed(data, off, c, -s)
    hi_x = c * px - s * py + x + r
    px, py, _ = support_packed(data, off, -c, s)
    lo_x = c * px - s * py + x - r
    px, py, _ = support_packed(data, off, s, c)
    hi_y = s * px + c * py + y + r
    px, py, _ = support_packed(data, off, -s, -c)
    lo_y = s * px + c * py + y - r
    return lo_x, lo_y, hi_x, hi_y


@kernel
def compute_aabbs(data, offsets, shape_index, xf, out):
    """World box of every body (rows of ``out``)."""
    # A view, as store_transforms passes it: the shape table's buffer is read-only, and a read-only
    # array is another type to numba, so aabb_of would compile a second time for it.
    data = unmanaged(data)
    for i in range(shape_index.shape[0]):
        out[i, 0], out[i, 1], out[i, 2], out[i, 3] = aabb_of(
            data, offsets[shape_index[i]], xf[i, 0], xf[i, 1], xf[i, 2]
        )


@inline
def boxes_overlap(boxes, a, b):
    """Whether rows a and b of ``boxes`` overlap (touching counts)."""
    return (
        boxes[a, 0] <= boxes[b, 2]
        and boxes[b, 0] <= boxes[a, 2]
        and boxes[a, 1] <= boxes[b, 3]
        and boxes[b, 1] <= boxes[a, 3]
    )


@inline
def box_meets(lo_x, lo_y, hi_x, hi_y, boxes, j):
    """Whether the box lo–hi overlaps row j of ``boxes`` (touching counts)."""
    return boxes[j, 0] <= hi_x and lo_x <= boxes[j, 2] and boxes[j, 1] <= hi_y and lo_y <= boxes[j, 3]


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
        # and it must be more than the box's growth (``touching_share``).
        slack = 1e-9 * (abs(pu) + abs(pv) + hi_x - lo_x + hi_y - lo_y + r + data[off + H_BOUND])
        out[i, 0], out[i, 1] = c, s
        out[i, 2], out[i, 3] = pu + lo_x - r - slack, pu + hi_x + r + slack
        out[i, 4], out[i, 5] = pv + lo_y - r - slack, pv + hi_y + r + slack


@inline
def box_meets_oriented(lo_x, lo_y, hi_x, hi_y, obb, j):
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


def slots_in_box(boxes: np.ndarray, layer: np.ndarray, mask: int, lo_x, lo_y, hi_x, hi_y) -> np.ndarray:
    """Rows of ``boxes`` that overlap the box lo–hi (touching counts) and whose
    ``layer`` is in ``mask``: the broad phase of a one-off query."""
    inside = (boxes[:, 0] <= hi_x) & (lo_x <= boxes[:, 2]) & (boxes[:, 1] <= hi_y) & (lo_y <= boxes[:, 3])
    inside &= (layer[: len(boxes)] & int(mask)) != 0
    return np.flatnonzero(inside)


__all__ = [
    "aabb_of",
    "box_meets",
    "box_meets_oriented",
    "boxes_overlap",
    "compute_aabbs",
    "oriented_boxes",
    "slots_in_box",
    "touching_share",
]
