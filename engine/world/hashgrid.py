"""The hashed grid: moving bodies in square cells wherever they are, rebuilt every frame.

Moving bodies can be anywhere, so their cells are hashed into buckets (a
power of two of them, about two per entry) and sorted by bucket in O(n)
(count, then place). The world uses it when no dense grid pays: the walls'
grid (``walls``) cannot hold the moving bodies (many far outside it), or
with no walls the moving bodies are spread too far apart for a dense grid
over their own box; otherwise they are laid over dense cells
(``grid.lay_over``, ``pairs``).

A moving body spanning more than ``MAX_SPAN`` cells on a side (a huge boss,
a 2,000 px wall set as moving) is left out of the cells and tested by brute
force (``large``), so one big body never floods the grid (more than
``pileup.CROWDED`` of them meet one another in a sweep, ``pairs``).

A pair whose boxes share several cells is reported once, in the cell holding
the lower-left corner of the boxes' overlap: both boxes cover that cell, and
only one cell holds that point.

A bucket holding more than ``pileup.CROWDED`` entries is walked cell by
cell, a cell that full swept (``pileup.sweep_cell``: a pile-up's pairs
bounded).

The cell side comes from a cost estimate over the bodies' sizes
(``choose_cell``).

Frames: boxes are world-space (min_x, min_y, max_x, max_y) rows.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.jit import inline, kernel, unmanaged
from .boxes import boxes_overlap
from .grid import cell_of, cell_span, put
from .pileup import CROWDED, sweep_cell

#: A moving body wider or taller than this many cells is tested by brute force.
MAX_SPAN = 8
#: Moving bodies that a walk over the walls' cells cannot hold (outside the
#: walls' grid, or wider than ``MAX_SPAN`` of its cells) and that are tested
#: one by one instead; with more of them, the moving bodies get a hashed grid.
MAX_LISTED = 16


class HashGrid(NamedTuple):
    """Entries ``start[b]:start[b + 1]`` of bucket b: body ``body[e]`` in world cell
    (``cx[e]``, ``cy[e]``); ``large`` the bodies left out for brute force;
    ``mask`` buckets − 1; ``inv_cell`` 1 / cell side."""

    start: np.ndarray
    body: np.ndarray
    cx: np.ndarray
    cy: np.ndarray
    large: np.ndarray
    mask: int
    inv_cell: float


@inline
def bucket(cx, cy, mask):
    """The bucket of world cell (cx, cy)."""
    h = (cx * np.int64(73856093)) ^ (cy * np.int64(19349663))
    return h & mask


@kernel
def hash_boxes(boxes, members, inv_cell, max_span):
    """The hashed grid of ``members`` (rows of ``boxes``) in cells of side 1 / ``inv_cell``."""
    entries, n_large = 0, 0
    for k in range(members.shape[0]):
        i = members[k]
        x0, x1, y0, y1 = cell_span(boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3], inv_cell, 0, 0)
        if x1 - x0 + 1 > max_span or y1 - y0 + 1 > max_span:
            n_large += 1
        else:
            entries += (x1 - x0 + 1) * (y1 - y0 + 1)
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
            x0, x1, y0, y1 = cell_span(boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3], inv_cell, 0, 0)
            if x1 - x0 + 1 > max_span or y1 - y0 + 1 > max_span:
                if pass_ == 0:
                    large[n_large] = i
                    n_large += 1
                continue
            for x in range(x0, x1 + 1):
                for y in range(y0, y1 + 1):
                    b = bucket(x, y, mask)
                    if pass_ == 0:
                        start[b + 1] += 1
                    else:
                        e = start[b]
                        start[b] += 1
                        body[e], cx[e], cy[e] = i, x, y
        if pass_ == 0:
            for b in range(buckets):
                start[b + 1] += start[b]
    # Placing moved every start to the next bucket's start: shift back.
    for b in range(buckets, 0, -1):
        start[b] = start[b - 1]
    start[0] = 0
    return HashGrid(start, body, cx, cy, large, mask, inv_cell)


@kernel
def self_pairs(boxes, grid, found):
    """Overlapping pairs (smaller row first) among the grid's bodies into ``found``
    (``grid.put``); returns how many there are (more than ``found`` holds: walk again)."""
    boxes = unmanaged(boxes)
    start, body, cx, cy, inv_cell = grid.start, grid.body, grid.cx, grid.cy, grid.inv_cell
    met = np.zeros(0, dtype=np.int64)  # (``pileup.sweep_cell``'s, made at the first pile-up)
    n = np.int64(0)  # (not a literal 0: numba would compile the kernels it reaches for that too)
    for b in range(grid.mask + 1):
        if start[b + 1] - start[b] > CROWDED:
            if not met.shape[0]:
                met = np.zeros(boxes.shape[0], dtype=np.int64)
            n = _crowded_bucket(boxes, grid, b, met, found, n)
            continue
        for p in range(start[b], start[b + 1]):
            for q in range(p + 1, start[b + 1]):
                if cx[p] != cx[q] or cy[p] != cy[q]:
                    continue
                i, j = body[p], body[q]
                if not boxes_overlap(boxes, i, j):
                    continue
                # Reported in the cell of the overlap's lower-left corner only.
                corner_x = cell_of(max(boxes[i, 0], boxes[j, 0]), inv_cell)
                corner_y = cell_of(max(boxes[i, 1], boxes[j, 1]), inv_cell)
                if corner_x != cx[p] or corner_y != cy[p]:
                    continue
                n = put(found, n, min(i, j), max(i, j))
    return n


@kernel
def _crowded_bucket(boxes, grid, b, met, found, n):
    """``self_pairs`` in bucket ``b`` when it holds more than ``pileup.CROWDED`` entries: its
    entries by cell (a bucket may hold several), a cell holding more swept (``pileup.sweep_cell``,
    a pile-up's pairs bounded; ``met`` its count per body), the others pair by pair. Returns the
    new row count."""
    first, last = grid.start[b], grid.start[b + 1]
    cx, cy, body = grid.cx[first:last], grid.cy[first:last], grid.body[first:last]
    # By cell, entries of one cell in the order placed (ascending slots): stable sorts, y then x.
    by_y = np.argsort(cy, kind="mergesort")
    by_cell = by_y[np.argsort(cx[by_y], kind="mergesort")]
    members = np.empty(last - first, dtype=np.int64)
    run = 0
    while run < last - first:
        x, y = cx[by_cell[run]], cy[by_cell[run]]
        count = 0
        while run + count < last - first and cx[by_cell[run + count]] == x and cy[by_cell[run + count]] == y:
            members[count] = body[by_cell[run + count]]
            count += 1
        run += count
        if count > CROWDED:
            n = sweep_cell(boxes, members, count, x, y, grid.inv_cell, np.int64(0), np.int64(0), met, found, n,
                           found.shape[0])  # fmt: skip
            continue
        for p in range(count):
            for q in range(p + 1, count):
                i, j = members[p], members[q]
                if not boxes_overlap(boxes, i, j):
                    continue
                # Reported in the cell of the overlap's lower-left corner only.
                corner_x = cell_of(max(boxes[i, 0], boxes[j, 0]), grid.inv_cell)
                corner_y = cell_of(max(boxes[i, 1], boxes[j, 1]), grid.inv_cell)
                if corner_x == x and corner_y == y:
                    n = put(found, n, min(i, j), max(i, j))
    return n


@kernel
def brute_pairs(boxes, left, right, skip_same_set, found):
    """Every overlapping (left, right) pair into ``found``; with ``skip_same_set``,
    left < right only. Returns how many there are, as ``self_pairs``."""
    boxes = unmanaged(boxes)
    n = 0
    for a in range(left.shape[0]):
        i = left[a]
        for b in range(right.shape[0]):
            j = right[b]
            if i == j or (skip_same_set and j < i):
                continue
            if boxes_overlap(boxes, i, j):
                n = put(found, n, i, j)
    return n


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


__all__ = [
    "MAX_LISTED",
    "MAX_SPAN",
    "HashGrid",
    "brute_pairs",
    "bucket",
    "choose_cell",
    "hash_boxes",
    "self_pairs",
]
