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
from ..collision.jit import kernel, unmanaged
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
from .broadphase import _brute_pairs, _self_pairs, aabb_of
from .wallgrid import _query


@kernel
def store_transforms(slot_of, bodies, x, y, angle, xf, data, offsets, shape, boxes, update_boxes):
    """Write the transforms of ``bodies`` (ids) into ``xf``, and their boxes when
    ``update_boxes``; all or nothing. Returns -1, or the first bad row:
    ``-2 - row`` for an unknown id, ``row`` for a transform that is not finite."""
    data = unmanaged(data)
    n = bodies.shape[0]
    for k in range(n):
        b = bodies[k]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return -2 - k
        if not (math.isfinite(x[k]) and math.isfinite(y[k]) and math.isfinite(angle[k])):
            return k
    for k in range(n):
        s = slot_of[bodies[k]]
        xf[s, 0], xf[s, 1], xf[s, 2] = x[k], y[k], angle[k]
        if update_boxes:
            boxes[s, 0], boxes[s, 1], boxes[s, 2], boxes[s, 3] = aabb_of(
                data, offsets[shape[s]], x[k], y[k], angle[k]
            )
    return -1


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
    kept = 0
    for k in range(n):
        a, b = found[k, 0], found[k, 1]
        if (layer[a] & mask[b]) != 0 and (layer[b] & mask[a]) != 0:
            found[kept, 0], found[kept, 1] = a, b
            kept += 1
    return found[:kept].copy()


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
    "candidate_pairs",
    "collide_slots",
    "overlapping_in_id_order",
    "slots_of",
    "store_transforms",
]
