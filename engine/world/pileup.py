"""Pile-ups: many moving bodies on one another, their pairs bounded.

Every grid walk of the broad phase (``pairs``: laid over the walls, in a
crowd, hashed) tests a cell's moving bodies pair by pair, which is
quadratic in the bodies a cell holds. Cells are sized to the bodies, so a
cell holds a few; but bodies placed at one point (a map's 2,000 crates
dropped on one spot, a spawner that never moved) all land in one cell, and
n of them made n²/2 pairs: 2,000 circles at one point took 28 s and 4.5 GB
for their first step, 3,000 a numba ``MemoryError``. Box2D bounds its
contacts by a capacity; here the broad phase bounds what one cell can give:

- a cell holding at most ``CROWDED`` moving bodies is walked pair by pair,
  as before (every pair, exactly);
- a fuller cell is swept (``sweep_cell``): its bodies sorted along the axis
  their centres spread most on (ties by slot), each meets the bodies after
  it whose boxes start within its own along that axis, tested on the other
  axis. That finds every pair (a sweep and prune), unless a body meets more
  than ``MAX_MET`` of them in the swept cells or tests more than
  ``MAX_TESTED`` in one: then its walk stops there (a pile-up: the ones
  nearest along the axis are kept).

So the swept cells give at most ``MAX_MET`` pairs per body and
``MAX_TESTED`` box tests per body a cell holds, and a scene where no body's
box overlaps more than ``MAX_MET`` of the others in full cells (every
ordinary scene) gets exactly its pairs. The bodies too wide for the hashed
grid's cells, tested by brute force, meet one another in the same sweep
(``sweep``) when there are more than ``CROWDED`` of them.
Walls are never capped: they sit in the walls' own grid, and a floor
carrying 2,000 bodies meets every one of them.

The step caps once more, per body (``contact_set.find_contacts``): of its
contacts with other dynamic bodies, each keeps the ``MAX_BODY_CONTACTS``
nearest (``nearest_contacts``), and a pair stays when either of its bodies
keeps it. A step then holds at most ``MAX_BODY_CONTACTS`` such contacts per
dynamic body, and the solver pushes the pile apart through those, at most
``contact_speed`` fast per contact, over the next steps.

Frames: world space; boxes as in ``boxes``; cells as in ``grid``.
"""

from __future__ import annotations

import numpy as np

from ..collision.jit import kernel
from .grid import cell_of

#: A cell holding more moving bodies than this is swept (``sweep_cell``), not walked pair by pair.
CROWDED = 64
#: In a swept cell, a body reports at most this many pairs with the bodies after it.
MAX_MET = 16
#: In a swept cell, a body tests at most this many boxes after it (the time a pile-up costs).
MAX_TESTED = 256
#: Contacts between dynamic bodies a step keeps per body: the nearest (``nearest_contacts``).
MAX_BODY_CONTACTS = 16


@kernel
def sweep_cell(boxes, members, count, gx, gy, inv_cell, x0, y0, met, found, n, room):
    """The pairs among the moving bodies ``members[:count]`` (slots, ascending), those a cell
    (gx, gy) holds, swept (``sweep``): each row (smaller slot, larger slot) of two boxes that overlap
    (touching counts) and the lower-left corner of whose overlap lies in this cell, so a pair two
    cells share is reported once, as the walks report it. Cells of side 1 / ``inv_cell``, (gx, gy)
    counted from world cell (x0, y0); ``met``, ``found``, ``n``, ``room`` and the return as ``sweep``.

    Both boxes cover the cell, so the corner lies in it exactly when one box starts in its column and
    one in its row (floor is monotonic): each body's kind says which it does (bit 0: the column, bit
    1: the row), and a pile spread over four cells is tested in the one holding the corner, not in
    all four."""
    kinds = np.empty(count, dtype=np.int64)
    for k in range(count):
        i = members[k]
        kinds[k] = np.int64(cell_of(boxes[i, 0], inv_cell) - x0 == gx) | (
            np.int64(cell_of(boxes[i, 1], inv_cell) - y0 == gy) << 1
        )
    return sweep(boxes, members, count, kinds, met, found, n, room)


@kernel
def sweep(boxes, members, count, kinds, met, found, n, room):
    """The pairs among the bodies ``members[:count]`` (slots, ascending) whose boxes overlap (touching
    counts) and whose ``kinds`` (per member: bits 0 and 1) hold both bits between them, each a row
    (smaller slot, larger slot), swept (see the module): sorted along the axis the boxes' centres
    spread most on (ties in slot order), each body meets those after it whose boxes start within
    its own along that axis. Rows go to ``found`` while ``n < room`` and are counted always
    (``grid.put``); returns the new count.

    A body reports at most ``MAX_MET`` rows with the bodies after it over all the sweeps of one
    walk (``met``, per slot: how many it has reported before) and tests at most ``MAX_TESTED``
    boxes here; the pairs past either are not reported (a pile-up). Only bodies of a kind it can
    pair with are tested: one of kind 0 walks the list of those of kind 3, of kind 1 those of kind
    3 or 2, of kind 2 those of kind 3 or 1, of kind 3 every body."""
    lo_x, lo_y, hi_x, hi_y = np.inf, np.inf, -np.inf, -np.inf
    for k in range(count):
        i = members[k]
        cx, cy = 0.5 * (boxes[i, 0] + boxes[i, 2]), 0.5 * (boxes[i, 1] + boxes[i, 3])
        lo_x, lo_y, hi_x, hi_y = min(lo_x, cx), min(lo_y, cy), max(hi_x, cx), max(hi_y, cy)
    # Along the axis the centres spread most, each body's run of bodies starting within it is shortest.
    axis = 0 if hi_x - lo_x >= hi_y - lo_y else 1
    other = 1 - axis
    start = np.empty(count)
    for k in range(count):
        start[k] = boxes[members[k], axis]
    order = np.argsort(start, kind="mergesort")  # stable: ties stay in slot order
    # The lists, in sweep order, of the bodies of kind 3, 3 or 2, 3 or 1 (positions in ``order``).
    lists = np.empty((3, count), dtype=np.int64)
    length = np.zeros(3, dtype=np.int64)
    for p in range(count):
        kind = kinds[order[p]]
        for w in range(3):
            if kind == 3 or kind == 3 - w:
                lists[w, length[w]] = p
                length[w] += 1
    after = np.zeros(3, dtype=np.int64)  # in each list, where the bodies after this one begin
    for p in range(count):
        for w in range(3):
            if after[w] < length[w] and lists[w, after[w]] == p:
                after[w] += 1
        i = members[order[p]]
        end, o_lo, o_hi = boxes[i, axis + 2], boxes[i, other], boxes[i, other + 2]
        w = kinds[order[p]]  # the list it walks (3: every body after it)
        first, last = (p + 1, count) if w == 3 else (after[w], length[w])
        tested = 0
        for r in range(first if met[i] < MAX_MET else last, last):
            q = r if w == 3 else lists[w, r]
            j = members[order[q]]
            if boxes[j, axis] > end or tested == MAX_TESTED:
                break
            tested += 1
            if boxes[j, other] > o_hi or o_lo > boxes[j, other + 2]:
                continue
            if n < room:
                found[n, 0], found[n, 1] = min(i, j), max(i, j)
            n += 1
            met[i] += 1
            if met[i] == MAX_MET:
                break
    return n


@kernel
def nearest_contacts(pair, keys, stiff, source, m, degree, xf):
    """Of the step's first ``m`` pairs (rows of slots ``pair``, ``keys``, ``stiff``, ``source``, in
    ``contact_set.find_contacts``' step 1), keep those with a static or kinematic body, and of those
    between two dynamic bodies each body's ``MAX_BODY_CONTACTS`` nearest: by the distance between
    the bodies' origins (``xf``), ties by key; a pair stays when either body keeps it, so a body of
    few contacts keeps them all. ``degree`` is each slot's number of pairs between two dynamic
    bodies. The rows kept move up in place, in their order; returns how many."""
    n = degree.shape[0]
    # Each crowded body's pairs between two dynamic bodies (rows into ``pair``), by body.
    start = np.zeros(n + 1, dtype=np.int64)
    for e in range(m):
        if not stiff[e]:
            for side in range(2):
                i = pair[e, side]
                if degree[i] > MAX_BODY_CONTACTS:
                    start[i + 1] += 1
    for i in range(n):
        start[i + 1] += start[i]
    rows = np.empty(start[n], dtype=np.int64)
    fill = start[:n].copy()
    for e in range(m):
        if not stiff[e]:
            for side in range(2):
                i = pair[e, side]
                if degree[i] > MAX_BODY_CONTACTS:
                    rows[fill[i]] = e
                    fill[i] += 1
    chosen = np.zeros(m, dtype=np.bool_)
    for i in range(n):
        count = start[i + 1] - start[i]
        if count == 0:
            continue
        mine = rows[start[i] : start[i + 1]]
        by_key = np.argsort(keys[mine], kind="mergesort")
        near = np.empty(count)
        for r in range(count):
            e = mine[by_key[r]]
            j = pair[e, 1] if pair[e, 0] == i else pair[e, 0]
            dx, dy = xf[j, 0] - xf[i, 0], xf[j, 1] - xf[i, 1]
            near[r] = dx * dx + dy * dy
        order = np.argsort(near, kind="mergesort")  # stable: equal distances by key
        for r in range(MAX_BODY_CONTACTS):
            chosen[mine[by_key[order[r]]]] = True
    kept = 0
    for e in range(m):
        a, b = pair[e, 0], pair[e, 1]
        if stiff[e] or degree[a] <= MAX_BODY_CONTACTS or degree[b] <= MAX_BODY_CONTACTS or chosen[e]:
            pair[kept, 0], pair[kept, 1] = a, b
            keys[kept], stiff[kept], source[kept] = keys[e], stiff[e], source[e]
            kept += 1
    return kept


__all__ = ["CROWDED", "MAX_BODY_CONTACTS", "MAX_MET", "MAX_TESTED", "nearest_contacts", "sweep", "sweep_cell"]
