"""Per-frame kernels that work on the world's slots directly.

The public batch functions of ``engine.collision`` take gathered, validated
arrays; in the world's hot path the slots are known good, and gathering and
checking copies of them cost more than the narrow phase of a typical frame.
These kernels read the world's own arrays through slot indices.

Frames: world space; a contact normal points from the first slot of a pair
to the second, as in ``contacts_batch``.
"""

from __future__ import annotations

import math

import numpy as np

from ..collision.epa import MAX_EPA_VERTICES, ROW
from ..collision.jit import inline, kernel, unmanaged
from ..collision.narrowphase import (
    MODE_CONTACT,
    MODE_VERDICT,
    R_DEPTH,
    R_HIT,
    R_NX,
    R_NY,
    R_PAX,
    R_PAY,
    R_PBX,
    R_PBY,
    collide_pair,
)
from ..collision.shapes import H_BOUND, H_RADIUS
from .broadphase import MAX_LISTED, _brute_pairs, _build_grid, _overlap, _self_pairs, aabb_of
from .wallgrid import _box_meets_oriented, _query


@kernel
def store_transforms(slot_of, bodies, x, y, angle, xf, data, offsets, shape, static, boxes, update_boxes, limit):
    """Write the transforms of ``bodies`` (ids) into ``xf``, and their boxes when
    ``update_boxes``; all or nothing. Returns (bad, walls_moved): ``bad`` is
    -1, or the first bad row: ``-2 - row`` for an unknown id, ``row`` for a
    transform that is not finite or places the body farther than ``limit``
    along x or y; ``walls_moved`` whether a static body was among them."""
    data = unmanaged(data)
    n = bodies.shape[0]
    walls_moved = False
    for k in range(n):
        b = bodies[k]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return -2 - k, False
        if not (abs(x[k]) <= limit and abs(y[k]) <= limit and math.isfinite(angle[k])):
            return k, False
        walls_moved = walls_moved or static[slot_of[b]]
    for k in range(n):
        s = slot_of[bodies[k]]
        xf[s, 0], xf[s, 1], xf[s, 2] = x[k], y[k], angle[k]
        if update_boxes:
            boxes[s, 0], boxes[s, 1], boxes[s, 2], boxes[s, 3] = aabb_of(
                data, offsets[shape[s]], x[k], y[k], angle[k]
            )
    return -1, walls_moved


@kernel
def slots_of(slot_of, bodies):
    """Slots of the bodies with ids ``bodies``; returns (slots, -1) or, for an
    id that is not in the world, (anything, its row)."""
    slots = np.empty(bodies.shape[0], dtype=np.int64)
    for k in range(bodies.shape[0]):
        b = bodies[k]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return slots, k
        slots[k] = slot_of[b]
    return slots, -1


@kernel
def collide_slots(data, offsets, shape, xf, pairs, mode, hit, values):
    """``collide_pair`` on slot pairs (k, 2): ``hit``, and in contact mode
    ``values`` (k, 7) = nx, ny, depth, pax, pay, pbx, pby where hit."""
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly, data = unmanaged(polytope), unmanaged(data)
    for k in range(pairs.shape[0]):
        a, b = pairs[k, 0], pairs[k, 1]
        oa, ob = offsets[shape[a]], offsets[shape[b]]
        r = collide_pair(
            data, oa, data[oa + H_RADIUS], data[oa + H_BOUND],
            data, ob, data[ob + H_RADIUS], data[ob + H_BOUND],
            xf[a, 0], xf[a, 1], xf[a, 2], xf[b, 0], xf[b, 1], xf[b, 2],
            mode, poly,
        )  # fmt: skip
        hit[k] = r[R_HIT]
        if mode == MODE_CONTACT and r[R_HIT]:
            values[k, 0], values[k, 1], values[k, 2] = r[R_NX], r[R_NY], r[R_DEPTH]
            values[k, 3], values[k, 4] = r[R_PAX], r[R_PAY]
            values[k, 5], values[k, 6] = r[R_PBX], r[R_PBY]
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view


@kernel
def _grow(out, n):
    """``out`` with room for at least ``n`` rows (the first rows kept)."""
    if n <= out.shape[0]:
        return out
    bigger = np.empty((max(n, 2 * out.shape[0]), 2), dtype=np.int64)
    bigger[: out.shape[0]] = out
    return bigger


@inline
def _keep_meeting_layers(found, n, layer, mask):
    """Keep, in order, the first ``n`` rows (a, b) of ``found`` with
    ``layer[a] & mask[b]`` and ``layer[b] & mask[a]``; returns how many."""
    kept = 0
    for k in range(n):
        a, b = found[k, 0], found[k, 1]
        if (layer[a] & mask[b]) != 0 and (layer[b] & mask[a]) != 0:
            found[kept, 0], found[kept, 1] = a, b
            kept += 1
    return kept


@kernel
def candidate_pairs(
    boxes, layer, mask,
    g_start, g_body, g_cx, g_cy, g_mask, g_large, g_members, inv_cell,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members, obb,
):  # fmt: skip
    """Slot pairs whose boxes overlap, kept when their layers and masks let them meet.

    Outline: pairs among the moving bodies of the hashed grid ``g_*`` (each
    reported once, in the cell of its overlap's lower-left corner); the
    grid's large bodies against every member by brute force (a pair of two
    large bodies once); every member against the walls' dense grid ``w_*``
    (also through the walls' oriented boxes ``obb``); then the layer test
    ``layer[a] & mask[b]`` and ``layer[b] & mask[a]``. Rows are (a, b) slots
    in no particular order.
    """
    guess = max(16, 4 * g_body.shape[0])
    found = np.empty((guess, 2), dtype=np.int64)
    n = _self_pairs(boxes, g_start, g_body, g_cx, g_cy, g_mask, inv_cell, found)
    if n > found.shape[0]:
        found = np.empty((n, 2), dtype=np.int64)
        _self_pairs(boxes, g_start, g_body, g_cx, g_cy, g_mask, inv_cell, found)
    if g_large.shape[0]:
        is_large = np.zeros(boxes.shape[0], dtype=np.bool_)
        is_large[g_large] = True
        brute = np.empty((max(16, 4 * g_large.shape[0]), 2), dtype=np.int64)
        m = _brute_pairs(boxes, g_large, g_members, False, brute)
        if m > brute.shape[0]:
            brute = np.empty((m, 2), dtype=np.int64)
            _brute_pairs(boxes, g_large, g_members, False, brute)
        found = _grow(found, n + m)
        for k in range(m):
            i, j = brute[k, 0], brute[k, 1]
            if not is_large[j] or i < j:  # two large bodies meet from both sides: once
                found[n, 0], found[n, 1] = i, j
                n += 1
    if w_members.shape[0]:
        queries = boxes[g_members]
        stamp = np.full(boxes.shape[0], -1, dtype=np.int64)
        near = np.empty((max(16, 4 * g_members.shape[0]), 2), dtype=np.int64)
        args = (w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body)
        m = _query(queries, boxes, obb, w_members, *args, stamp, near)
        if m > near.shape[0]:
            near = np.empty((m, 2), dtype=np.int64)
            stamp[:] = -1
            _query(queries, boxes, obb, w_members, *args, stamp, near)
        found = _grow(found, n + m)
        for k in range(m):
            found[n, 0], found[n, 1] = g_members[near[k, 0]], near[k, 1]
            n += 1
    kept = _keep_meeting_layers(found, n, layer, mask)
    return found[:kept].copy()


@kernel
def aligned_candidates(
    boxes, layer, mask, moving, max_span,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members, obb,
):  # fmt: skip
    """Slot pairs whose boxes overlap, for moving bodies that sit in the walls'
    grid, in one walk over the walls' cells: (ok, pairs).

    Outline: each moving body in turn, over the walls' cells its box covers,
    meets the walls listed there (once each: a stamp) and the moving bodies
    put there before it (a list per cell), then puts itself there. A pair of
    moving bodies is reported in the cell holding the lower-left corner of
    their boxes' overlap: both cover that cell, and only one cell holds that
    point. A moving body not wholly inside the grid, or wider than
    ``max_span`` cells, is listed instead and tested against every moving
    body; with more than ``MAX_LISTED`` of those, nothing is done and ``ok``
    is False (``candidate_pairs`` then hashes the moving bodies). Then the
    layer test, as in ``candidate_pairs``.
    """
    inv = 1.0 / w_cell
    m = moving.shape[0]
    # Each body's cells, once; how many entries the lists will hold.
    span = np.empty((m, 4), dtype=np.int64)
    listed = np.empty(MAX_LISTED, dtype=np.int64)
    entries, n_listed = 0, 0
    for k in range(m):
        i = moving[k]
        gx0, gx1 = np.int64(math.floor(boxes[i, 0] * inv)) - w_x0, np.int64(math.floor(boxes[i, 2] * inv)) - w_x0
        gy0, gy1 = np.int64(math.floor(boxes[i, 1] * inv)) - w_y0, np.int64(math.floor(boxes[i, 3] * inv)) - w_y0
        span[k, 0], span[k, 1], span[k, 2], span[k, 3] = gx0, gx1, gy0, gy1
        inside = gx0 >= 0 and gy0 >= 0 and gx1 < w_nx and gy1 < w_ny
        if inside and gx1 - gx0 < max_span and gy1 - gy0 < max_span:
            entries += (gx1 - gx0 + 1) * (gy1 - gy0 + 1)
        elif n_listed == MAX_LISTED:
            return False, np.empty((0, 2), dtype=np.int64)
        else:
            listed[n_listed] = i
            n_listed += 1
    listed = listed[:n_listed]
    head = np.empty(w_nx * w_ny, dtype=np.int64)
    entry_body, entry_next = np.empty(entries, dtype=np.int64), np.empty(entries, dtype=np.int64)
    stamp = np.empty(boxes.shape[0], dtype=np.int64)
    found = np.empty((max(16, 2 * m), 2), dtype=np.int64)
    args = (w_x0, w_y0, w_nx, w_ny, w_start, w_body, w_members, obb)
    n = _walk_walls_cells(boxes, moving, span, listed, max_span, inv, *args, head, entry_body, entry_next, stamp, found)
    if n > found.shape[0]:
        found = np.empty((n, 2), dtype=np.int64)
        _walk_walls_cells(boxes, moving, span, listed, max_span, inv, *args, head, entry_body, entry_next, stamp, found)
    return True, found[: _keep_meeting_layers(found, n, layer, mask)]


@kernel
def _walk_walls_cells(
    boxes, moving, span, listed, max_span, inv, w_x0, w_y0, w_nx, w_ny, w_start, w_body, w_members, obb,
    head, entry_body, entry_next, stamp, found,
):  # fmt: skip
    """The walk of ``aligned_candidates``: rows into ``found``; returns their
    number (more than ``found`` holds: call again with room for them)."""
    boxes, moving, span, listed, obb = unmanaged(boxes), unmanaged(moving), unmanaged(span), unmanaged(listed), unmanaged(obb)
    w_start, w_body, w_members = unmanaged(w_start), unmanaged(w_body), unmanaged(w_members)
    head, entry_body, entry_next = unmanaged(head), unmanaged(entry_body), unmanaged(entry_next)
    stamp, found = unmanaged(stamp), unmanaged(found)
    head[:] = -1
    stamp[:] = -1
    n, entries, room = 0, 0, found.shape[0]
    for k in range(moving.shape[0]):
        i = moving[k]
        lo_x, lo_y, hi_x, hi_y = boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3]
        gx0, gx1, gy0, gy1 = span[k, 0], span[k, 1], span[k, 2], span[k, 3]
        in_lists = gx0 >= 0 and gy0 >= 0 and gx1 < w_nx and gy1 < w_ny
        in_lists = in_lists and gx1 - gx0 < max_span and gy1 - gy0 < max_span
        if not in_lists:
            if gx1 < 0 or gy1 < 0 or gx0 >= w_nx or gy0 >= w_ny:
                continue
            gx0, gx1 = min(max(gx0, 0), w_nx - 1), min(max(gx1, 0), w_nx - 1)
            gy0, gy1 = min(max(gy0, 0), w_ny - 1), min(max(gy1, 0), w_ny - 1)
            if (gx1 - gx0 + 1) * (gy1 - gy0 + 1) > w_members.shape[0]:
                # A box with more cells than there are walls: every wall once.
                for e in range(w_members.shape[0]):
                    j = w_members[e]
                    if _overlap(boxes, i, j) and _box_meets_oriented(lo_x, lo_y, hi_x, hi_y, obb, j):
                        if n < room:
                            found[n, 0], found[n, 1] = i, j
                        n += 1
                continue
        for gy in range(gy0, gy1 + 1):
            for gx in range(gx0, gx1 + 1):
                c = gy * w_nx + gx
                for p in range(w_start[c], w_start[c + 1]):
                    j = w_body[p]
                    if stamp[j] == i:
                        continue
                    stamp[j] = i
                    if _overlap(boxes, i, j) and _box_meets_oriented(lo_x, lo_y, hi_x, hi_y, obb, j):
                        if n < room:
                            found[n, 0], found[n, 1] = i, j
                        n += 1
                if not in_lists:
                    continue  # a listed body meets the moving ones below
                e = head[c]
                while e >= 0:
                    j = entry_body[e]
                    if _overlap(boxes, i, j):
                        corner_x = np.int64(math.floor(max(lo_x, boxes[j, 0]) * inv)) - w_x0
                        corner_y = np.int64(math.floor(max(lo_y, boxes[j, 1]) * inv)) - w_y0
                        if corner_x == gx and corner_y == gy:
                            if n < room:
                                found[n, 0], found[n, 1] = min(i, j), max(i, j)
                            n += 1
                    e = entry_next[e]
                entry_body[entries], entry_next[entries] = i, head[c]
                head[c] = entries
                entries += 1
    for a in range(listed.shape[0]):
        i = listed[a]
        for k in range(moving.shape[0]):
            j = moving[k]
            if j == i or not _overlap(boxes, i, j):
                continue
            twice = False  # two listed bodies meet once
            for b in range(a):
                twice = twice or listed[b] == j
            if not twice:
                if n < room:
                    found[n, 0], found[n, 1] = min(i, j), max(i, j)
                n += 1
    return n


@kernel
def frame_candidates(
    boxes, layer, mask, moving, inv_cell, max_span,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members, obb,
):  # fmt: skip
    """Candidate slot pairs of a frame (boxes overlap; layers and masks agree):
    one walk over the walls' cells (``aligned_candidates``) when there are
    walls, their grid has no more cells than the work pays for and it holds
    nearly every moving body (a level's walls enclose its play area); else
    the moving bodies hashed into cells of side 1 / ``inv_cell``
    (``candidate_pairs``)."""
    if w_members.shape[0] and w_nx * w_ny <= 8 * moving.shape[0] + 4096:
        ok, candidates = aligned_candidates(
            boxes, layer, mask, moving, max_span,
            w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members, obb,
        )  # fmt: skip
        if ok:
            return candidates
    g_start, g_body, g_cx, g_cy, g_large, g_mask = _build_grid(boxes, moving, inv_cell, max_span)
    return candidate_pairs(
        boxes, layer, mask,
        g_start, g_body, g_cx, g_cy, g_mask, g_large, moving, inv_cell,
        w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members, obb,
    )  # fmt: skip


@kernel
def find_pairs(
    data, offsets, shape, xf, ids, boxes, layer, mask, moving, inv_cell, max_span,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members, obb,
):  # fmt: skip
    """A frame's overlapping pairs in one call: ``frame_candidates``, then the
    narrow phase (``overlapping_in_id_order``).

    Returns (id pairs, slot pairs), rows alike: the smaller id first, sorted.
    """
    candidates = frame_candidates(
        boxes, layer, mask, moving, inv_cell, max_span,
        w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members, obb,
    )  # fmt: skip
    slots = overlapping_in_id_order(data, offsets, shape, xf, ids, candidates)
    found = np.empty_like(slots)
    for k in range(slots.shape[0]):
        found[k, 0], found[k, 1] = ids[slots[k, 0]], ids[slots[k, 1]]
    return found, slots


@kernel
def contacts_of(data, offsets, shape, xf, ids, slots):
    """Contacts of the overlapping slot pairs ``slots`` (from ``find_pairs``):
    (id pairs, values) with ``values`` (k, 7) as in ``collide_slots``. A pair
    that touched by the verdict and not by the contact query (rounding at
    exact touching) is left out."""
    hit = np.zeros(slots.shape[0], dtype=np.bool_)
    values = np.empty((slots.shape[0], 7))
    collide_slots(data, offsets, shape, xf, slots, MODE_CONTACT, hit, values)
    found = np.empty((slots.shape[0], 2), dtype=np.int64)
    kept = 0
    for k in range(slots.shape[0]):
        if hit[k]:
            values[kept] = values[k]
            found[kept, 0], found[kept, 1] = ids[slots[k, 0]], ids[slots[k, 1]]
            kept += 1
    return found[:kept], values[:kept]


@kernel
def overlapping_in_id_order(data, offsets, shape, xf, ids, candidates):
    """The candidate slot pairs whose shapes overlap or touch, each row turned so
    the smaller body id comes first, rows sorted by (first id, second id)."""
    hit = np.zeros(candidates.shape[0], dtype=np.bool_)
    collide_slots(data, offsets, shape, xf, candidates, MODE_VERDICT, hit, np.empty((0, 7)))
    rows = np.flatnonzero(hit)
    # Ids stay below 2**32 (World.add), so two of them pack into one sortable key.
    keys = np.empty(rows.shape[0], dtype=np.int64)
    for k in range(rows.shape[0]):
        a, b = ids[candidates[rows[k], 0]], ids[candidates[rows[k], 1]]
        keys[k] = (min(a, b) << 32) | max(a, b)
    order = np.argsort(keys)
    out = np.empty((rows.shape[0], 2), dtype=np.int64)
    for k in range(rows.shape[0]):
        a, b = candidates[rows[order[k]], 0], candidates[rows[order[k]], 1]
        if ids[a] > ids[b]:
            a, b = b, a
        out[k, 0], out[k, 1] = a, b
    return out


__all__ = [
    "MODE_CONTACT",
    "MODE_VERDICT",
    "aligned_candidates",
    "candidate_pairs",
    "collide_slots",
    "contacts_of",
    "find_pairs",
    "frame_candidates",
    "overlapping_in_id_order",
    "slots_of",
    "store_transforms",
]
