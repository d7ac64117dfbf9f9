"""AABB broad phase: world boxes of shapes, and the pairs of boxes that overlap.

The hashed grid here holds moving bodies wherever they are: it is rebuilt
in O(n) by hashing cells into buckets (a counting sort). The world uses it
when the walls' dense grid (``wallgrid``, built once and only rebuilt when a
wall is added or removed) cannot hold the moving bodies; otherwise one walk
over the walls' cells finds both kinds of pairs (``slotkernels``). A moving
body spanning more than ``MAX_SPAN`` cells on a side (a huge boss, a 2,000 px
wall set as moving) goes to a short list tested by brute force instead, so
one big body never floods the grid; a static body that huge is fine in the
static grid, which is built once.

A pair whose boxes share several cells is reported once, in the cell holding
the lower-left corner of the boxes' overlap: both boxes cover that cell, and
only one cell holds that point.

Frames: boxes are world-space (min_x, min_y, max_x, max_y) rows.
"""

from __future__ import annotations

import math

import numpy as np

from ..collision.jit import inline, kernel, unmanaged
from ..collision.narrowphase import LINEAR_TOLERANCE_REL, POSITION_EPS
from ..collision.shapes import H_BOUND, H_COUNT, H_KIND, H_RADIUS, HEADER, KIND_POINTS, support_packed

#: A moving body wider or taller than this many cells is tested by brute force.
MAX_SPAN = 8
#: Moving bodies that a walk over the walls' cells cannot hold (outside the
#: walls' grid, or wider than ``MAX_SPAN`` of its cells) and that are tested
#: one by one instead; with more of them, the moving bodies get a hashed grid.
MAX_LISTED = 16


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


@inline
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
    for i in range(shape_index.shape[0]):
        out[i, 0], out[i, 1], out[i, 2], out[i, 3] = aabb_of(
            data, offsets[shape_index[i]], xf[i, 0], xf[i, 1], xf[i, 2]
        )


@inline
def _overlap(boxes, a, b):
    return (
        boxes[a, 0] <= boxes[b, 2]
        and boxes[b, 0] <= boxes[a, 2]
        and boxes[a, 1] <= boxes[b, 3]
        and boxes[b, 1] <= boxes[a, 3]
    )


@inline
def _cell(v, inv_cell):
    return np.int64(math.floor(v * inv_cell))


@inline
def _bucket(cx, cy, mask):
    h = (cx * np.int64(73856093)) ^ (cy * np.int64(19349663))
    return h & mask


class Grid:
    """A hashed uniform grid over some bodies' boxes (plain arrays).

    ``start[b]:start[b+1]`` are the entries of bucket b in ``body``, ``cx``,
    ``cy``; ``large`` lists the bodies left out for brute force; ``members``
    all the bodies the grid was built over.
    """

    def __init__(self, start, body, cx, cy, large, mask, members):
        self.start, self.body, self.cx, self.cy, self.large, self.mask = start, body, cx, cy, large, mask
        self.members = members


@kernel
def _build_grid(boxes, members, inv_cell, max_span):
    """Counting sort of (cell, body) entries by bucket: count, then place.

    Returns (start, body, cx, cy, large, mask) as ``Grid`` holds them.
    """
    entries, n_large = 0, 0
    for k in range(members.shape[0]):
        i = members[k]
        nx = _cell(boxes[i, 2], inv_cell) - _cell(boxes[i, 0], inv_cell) + 1
        ny = _cell(boxes[i, 3], inv_cell) - _cell(boxes[i, 1], inv_cell) + 1
        if nx > max_span or ny > max_span:
            n_large += 1
        else:
            entries += nx * ny
    # About two buckets an entry keeps chains short; a power of two makes the hash a mask.
    buckets = 16
    while buckets < 2 * entries:
        buckets *= 2
    mask = buckets - 1
    start = np.zeros(buckets + 1, dtype=np.int64)
    body = np.empty(entries, dtype=np.int64)
    cx = np.empty(entries, dtype=np.int64)
    cy = np.empty(entries, dtype=np.int64)
    large = np.empty(n_large, dtype=np.int64)
    n_large = 0
    for pass_ in range(2):
        for k in range(members.shape[0]):
            i = members[k]
            x0, x1 = _cell(boxes[i, 0], inv_cell), _cell(boxes[i, 2], inv_cell)
            y0, y1 = _cell(boxes[i, 1], inv_cell), _cell(boxes[i, 3], inv_cell)
            if x1 - x0 + 1 > max_span or y1 - y0 + 1 > max_span:
                if pass_ == 0:
                    large[n_large] = i
                    n_large += 1
                continue
            for x in range(x0, x1 + 1):
                for y in range(y0, y1 + 1):
                    b = _bucket(x, y, mask)
                    if pass_ == 0:
                        start[b + 1] += 1
                    else:
                        slot = start[b]
                        start[b] += 1
                        body[slot], cx[slot], cy[slot] = i, x, y
        if pass_ == 0:
            for b in range(buckets):
                start[b + 1] += start[b]
    # Placing moved every start to the next bucket's start: shift back.
    for b in range(buckets, 0, -1):
        start[b] = start[b - 1]
    start[0] = 0
    return start, body, cx, cy, large, mask


def build_grid(boxes: np.ndarray, members: np.ndarray, cell: float, max_span: int) -> Grid:
    """Hash ``members`` (indices into ``boxes``) into a grid of square cells."""
    start, body, cx, cy, large, mask = _build_grid(boxes, members, 1.0 / cell, max_span)
    return Grid(start, body, cx, cy, large, mask, members)


@kernel
def _self_pairs(boxes, start, body, cx, cy, mask, inv_cell, out):
    """Overlapping pairs within one grid; returns the count (or −count needed)."""
    boxes = unmanaged(boxes)
    n = 0
    for b in range(mask + 1):
        for p in range(start[b], start[b + 1]):
            for q in range(p + 1, start[b + 1]):
                if cx[p] != cx[q] or cy[p] != cy[q]:
                    continue
                i, j = body[p], body[q]
                if not _overlap(boxes, i, j):
                    continue
                corner_x = _cell(max(boxes[i, 0], boxes[j, 0]), inv_cell)
                corner_y = _cell(max(boxes[i, 1], boxes[j, 1]), inv_cell)
                if corner_x != cx[p] or corner_y != cy[p]:
                    continue
                if n < out.shape[0]:
                    out[n, 0], out[n, 1] = min(i, j), max(i, j)
                n += 1
    return n


@kernel
def _cross_pairs(boxes, queries, start, body, cx, cy, mask, inv_cell, max_span, out):
    """Pairs between ``queries`` and the bodies of another grid (walls)."""
    boxes = unmanaged(boxes)
    n = 0
    for k in range(queries.shape[0]):
        i = queries[k]
        x0, x1 = _cell(boxes[i, 0], inv_cell), _cell(boxes[i, 2], inv_cell)
        y0, y1 = _cell(boxes[i, 1], inv_cell), _cell(boxes[i, 3], inv_cell)
        if x1 - x0 + 1 > max_span or y1 - y0 + 1 > max_span:
            continue  # a large query body is brute-forced by the caller
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                b = _bucket(x, y, mask)
                for p in range(start[b], start[b + 1]):
                    if cx[p] != x or cy[p] != y:
                        continue
                    j = body[p]
                    if j == i or not _overlap(boxes, i, j):
                        continue
                    corner_x = _cell(max(boxes[i, 0], boxes[j, 0]), inv_cell)
                    corner_y = _cell(max(boxes[i, 1], boxes[j, 1]), inv_cell)
                    if corner_x != x or corner_y != y:
                        continue
                    if n < out.shape[0]:
                        out[n, 0], out[n, 1] = i, j
                    n += 1
    return n


@kernel
def _brute_pairs(boxes, left, right, skip_same_set, out):
    """Every overlapping (left, right) pair; with ``skip_same_set``, left < right only."""
    boxes = unmanaged(boxes)
    n = 0
    for a in range(left.shape[0]):
        i = left[a]
        for b in range(right.shape[0]):
            j = right[b]
            if i == j or (skip_same_set and j < i):
                continue
            if _overlap(boxes, i, j):
                if n < out.shape[0]:
                    out[n, 0], out[n, 1] = i, j
                n += 1
    return n


def _collect(kernel_fn, *args, guess: int = 256) -> np.ndarray:
    out = np.empty((max(guess, 16), 2), dtype=np.int64)
    n = kernel_fn(*args, out)
    if n > out.shape[0]:
        out = np.empty((n, 2), dtype=np.int64)
        kernel_fn(*args, out)
    return out[:n]


def cross_pairs(boxes: np.ndarray, queries: np.ndarray, grid: Grid, cell: float, max_span: int) -> np.ndarray:
    """Overlapping (query body, grid body) pairs."""
    inv = 1.0 / cell
    found = [
        _collect(
            _cross_pairs,
            boxes,
            queries,
            grid.start,
            grid.body,
            grid.cx,
            grid.cy,
            grid.mask,
            inv,
            max_span,
            guess=4 * len(queries),
        )
    ]
    spans = np.maximum(
        np.floor(boxes[queries, 2] * inv) - np.floor(boxes[queries, 0] * inv),
        np.floor(boxes[queries, 3] * inv) - np.floor(boxes[queries, 1] * inv),
    )
    large_queries = queries[spans + 1 > max_span]
    if len(large_queries):
        found.append(_collect(_brute_pairs, boxes, large_queries, grid.members, False))
    small_queries = queries[spans + 1 <= max_span]
    if len(grid.large) and len(small_queries):
        swapped = _collect(_brute_pairs, boxes, grid.large, small_queries, False)
        found.append(swapped[:, ::-1])
    return np.concatenate(found)


def choose_cell(queries: np.ndarray, members: np.ndarray, rebuilt: bool = True) -> float:
    """Cell side for a grid of ``members`` boxes asked about ``queries`` boxes
    (both (k, 4) rows): the candidate that minimises an estimate of the work.

    A box of width w lands in about (w / c + 1) columns of cells of side c, so
    the grid holds E(c) = Σ (w/c + 1)(h/c + 1) entries over the members'
    bounding area A, about E c² / A per cell. A query looks at its own cells
    and at what they hold: cost(c) = E(c) + Q(c) (1 + E(c) c² / A). Many tiny
    bodies then pull the cell down only as far as it pays, which a median of
    sizes does not (1,000 bullets of 4 px beside enemies of 30 px and walls
    of 400 px). A grid built once (walls, ``rebuilt`` false) does not count
    its entries as work.

    >>> boxes = np.array([[0.0, 0.0, 10.0, 10.0], [500.0, 500.0, 510.0, 510.0]])
    >>> 5.0 < choose_cell(boxes, boxes) < 1000.0
    True
    """
    if not len(members) or not len(queries):
        return 1.0
    mw, mh = members[:, 2] - members[:, 0], members[:, 3] - members[:, 1]
    qw, qh = queries[:, 2] - queries[:, 0], queries[:, 3] - queries[:, 1]
    span_x = members[:, 2].max() - members[:, 0].min()
    span_y = members[:, 3].max() - members[:, 1].min()
    sizes = np.concatenate([mw, mh, qw, qh])
    lo = max(float(np.percentile(sizes, 5)), 1e-9)
    hi = max(float(np.percentile(sizes, 95)) * 4.0, 2.0 * lo)
    best, best_cost = lo, math.inf
    for c in np.geomspace(lo, hi, 24):
        area = max(span_x + c, c) * max(span_y + c, c)
        entries = float(np.sum((mw / c + 1.0) * (mh / c + 1.0)))
        looked = float(np.sum((qw / c + 1.0) * (qh / c + 1.0)))
        cost = (entries if rebuilt else 0.0) + looked * (1.0 + entries * c * c / area)
        if cost < best_cost:
            best, best_cost = float(c), cost
    return best
