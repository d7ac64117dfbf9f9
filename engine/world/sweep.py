"""Many casts at once, straight through the grids, in one compiled call.

Each caster walks the cells its swept box covers, in the walls' dense grid
and in a grid of the moving targets: laid over the walls' cells when the
walls' grid holds them (one walk meets both), else hashed. Every body met
there once (a stamp per body) that is solid for the caster's mask, is not
excluded and whose box meets the swept box is gathered if it passes a cheap
conservative test; then each gathered pair is cast
(``casts.cast_turned``: exact for a round caster, else by conservative
advancement):

- a wall: the caster's swept bounding circle (a capsule) against the wall's
  oriented box, by separating axes along the wall's two axes and across the
  sweep;
- any other body: the capsule against the body's bounding circle.

Both tests only drop bodies the caster cannot come within ``target`` of, so
the first hit is the same as casting against every candidate; most bullets
then cast against nothing at all.

Before any of that, a move is cut where the caster's box leaves the box
around every solid body for good (``casts.clip_fraction``), and the fraction
scaled back after: a cast of any finite length walks cells and casts only as
far as there is anything to hit (a 1e200 move would overflow the cell
indices; a 1e12 one would have a tolerance of a thousand).

Frames: world space; per-caster outputs as in ``casts.cast_pair``.
"""

from __future__ import annotations

import math

import numpy as np

from ..collision.epa import MAX_EPA_VERTICES, ROW
from ..collision.jit import inline, kernel, unmanaged
from ..collision.shapes import H_BOUND, H_COUNT, H_KIND, H_RADIUS, KIND_POINTS
from .broadphase import MAX_LISTED, _bucket, _build_grid
from .casts import ARRIVAL_REL, cast_turned, clip_fraction


@inline
def _capsule_meets_oriented(ax, ay, dx, dy, wx, wy, reach, obb, j):
    """Whether the capsule from (ax, ay) to (ax + dx, ay + dy) of radius ``reach``
    may touch wall j's oriented box (False only when an axis separates them).
    The axes are the wall's two and (wx, wy), the unit normal of the sweep
    ((0, 0) for no sweep, which separates nothing)."""
    ux, uy = obb[j, 0], obb[j, 1]
    # The oriented box's centre and half-extents along its own axes u and v.
    cu, cv = 0.5 * (obb[j, 2] + obb[j, 3]), 0.5 * (obb[j, 4] + obb[j, 5])
    hu, hv = 0.5 * (obb[j, 3] - obb[j, 2]), 0.5 * (obb[j, 5] - obb[j, 4])
    for axis in range(3):
        if axis == 0:
            px, py = ux, uy
        elif axis == 1:
            px, py = -uy, ux
        else:
            px, py = wx, wy
        p0 = ax * px + ay * py
        p1 = p0 + dx * px + dy * py
        lo, hi = min(p0, p1) - reach, max(p0, p1) + reach
        uw, vw = ux * px + uy * py, -uy * px + ux * py
        centre = cu * uw + cv * vw
        half = hu * abs(uw) + hv * abs(vw)
        if hi < centre - half or lo > centre + half:
            return False
    return True


@inline
def _capsule_meets_circle(ax, ay, dx, dy, reach, cx, cy, radius):
    """Whether the capsule from (ax, ay) along (dx, dy) of radius ``reach`` meets the circle."""
    px, py = cx - ax, cy - ay
    dd = dx * dx + dy * dy
    t = 0.0
    if dd > 0.0:
        t = min(max((px * dx + py * dy) / dd, 0.0), 1.0)
    ex, ey = px - t * dx, py - t * dy
    r = reach + radius
    return ex * ex + ey * ey <= r * r * (1.0 + 1e-9) + 1e-300


@inline
def _box_overlap(lo_x, lo_y, hi_x, hi_y, boxes, j):
    return boxes[j, 0] <= hi_x and lo_x <= boxes[j, 2] and boxes[j, 1] <= hi_y and lo_y <= boxes[j, 3]


@inline
def _meets_moving(data, offsets, shape, xf, boxes, j, lo_x, lo_y, hi_x, hi_y, ax, ay, dx, dy, reach):
    """Whether moving body j may be hit: its box meets the swept box lo–hi and
    its bounding circle the capsule (``_capsule_meets_circle``)."""
    off_b = offsets[shape[j]]
    return _box_overlap(lo_x, lo_y, hi_x, hi_y, boxes, j) and _capsule_meets_circle(
        ax, ay, dx, dy, reach, xf[j, 0], xf[j, 1], data[off_b + H_BOUND] + data[off_b + H_RADIUS]
    )


@inline
def _try(
    data, offsets, shape, xf, off_a, round_a, ax, ay, angle_a, moves, target, escape,
    q, j, cb, sb, poly, out_f, out_n, out_p, win,
):  # fmt: skip
    """Cast caster q against body j (rotated by cosine ``cb``, sine ``sb``); keep
    it if it is the first hit so far (``casts.cast_turned``, inlined into the
    sweep's own loop)."""
    dx, dy = moves[q, 0], moves[q, 1]
    reach = data[off_a + H_BOUND] + data[off_a + H_RADIUS] + target[q]
    tol = ARRIVAL_REL * (reach + math.sqrt(dx * dx + dy * dy))
    hit, t, nx, ny, px, py = cast_turned(
        data, off_a, round_a, ax, ay, angle_a, dx, dy,
        data, offsets[shape[j]], xf[j, 0], xf[j, 1], xf[j, 2], cb, sb, target[q], tol, escape, poly,
    )  # fmt: skip
    if hit and (win[q] < 0 or t < out_f[q]):
        out_f[q], win[q] = t, j
        out_n[q, 0], out_n[q, 1] = nx, ny
        out_p[q, 0], out_p[q, 1] = px, py


@kernel
def _solid_flags(static, sensor, layer, n, mask, excluded, boxes, bounds):
    """Which slots a cast stops at: not a sensor, ``layer & mask``, not ``excluded``
    (an empty ``excluded`` excludes no one); whether any wall is among them,
    and how many moving bodies. ``bounds`` gets the box around them all."""
    solid = np.empty(n, dtype=np.bool_)
    any_wall, moving = False, 0
    bounds[0], bounds[1], bounds[2], bounds[3] = np.inf, np.inf, -np.inf, -np.inf
    for j in range(n):
        solid[j] = not sensor[j] and (layer[j] & mask) != 0 and not (excluded.shape[0] > 0 and excluded[j])
        any_wall = any_wall or (solid[j] and static[j])
        moving += solid[j] and not static[j]
        if solid[j]:
            bounds[0], bounds[1] = min(bounds[0], boxes[j, 0]), min(bounds[1], boxes[j, 1])
            bounds[2], bounds[3] = max(bounds[2], boxes[j, 2]), max(bounds[3], boxes[j, 3])
    return solid, any_wall, moving


@kernel
def _clip_moves(moves, cast_row, cast_box, target, bounds, cut):
    """``moves`` cut to where each caster leaves ``bounds`` for good, as a new
    array (the caller's stays as it was); ``cut[q]`` the fraction kept."""
    clipped = np.empty((moves.shape[0], 2))
    empty = bounds[0] > bounds[2]  # no solid body: nothing to hit anywhere
    for q in range(moves.shape[0]):
        row = cast_row[q]
        cut[q] = 0.0 if empty else clip_fraction(
            cast_box[row, 0], cast_box[row, 1], cast_box[row, 2], cast_box[row, 3], moves[q, 0], moves[q, 1],
            bounds[0], bounds[1], bounds[2], bounds[3], target[q],
        )  # fmt: skip
        clipped[q, 0], clipped[q, 1] = cut[q] * moves[q, 0], cut[q] * moves[q, 1]
    return clipped


@kernel
def _aligned_grid(boxes, members, x0, y0, nx, ny, cell, max_span):
    """The moving targets in a dense grid laid over the walls' grid (same cells),
    so one walk over a caster's cells meets both: (start, body, listed).

    A target whose box is not wholly inside the grid, or spans more than
    ``max_span`` cells, goes to ``listed`` instead (a caster and such a
    target may meet outside the grid, where no cell is walked).
    """
    inv = 1.0 / cell
    cells = nx * ny
    start = np.zeros(cells + 1, dtype=np.int64)
    inside = np.zeros(members.shape[0], dtype=np.bool_)
    listed = np.empty(members.shape[0], dtype=np.int64)
    n_listed, entries = 0, 0
    for k in range(members.shape[0]):
        j = members[k]
        gx0, gx1 = np.int64(math.floor(boxes[j, 0] * inv)) - x0, np.int64(math.floor(boxes[j, 2] * inv)) - x0
        gy0, gy1 = np.int64(math.floor(boxes[j, 1] * inv)) - y0, np.int64(math.floor(boxes[j, 3] * inv)) - y0
        if gx0 < 0 or gy0 < 0 or gx1 >= nx or gy1 >= ny or gx1 - gx0 >= max_span or gy1 - gy0 >= max_span:
            listed[n_listed] = j
            n_listed += 1
            continue
        inside[k] = True
        for gy in range(gy0, gy1 + 1):
            for gx in range(gx0, gx1 + 1):
                start[gy * nx + gx + 1] += 1
                entries += 1
    for c in range(cells):
        start[c + 1] += start[c]
    body = np.empty(entries, dtype=np.int64)
    for k in range(members.shape[0]):
        if not inside[k]:
            continue
        j = members[k]
        gx0, gx1 = np.int64(math.floor(boxes[j, 0] * inv)) - x0, np.int64(math.floor(boxes[j, 2] * inv)) - x0
        gy0, gy1 = np.int64(math.floor(boxes[j, 1] * inv)) - y0, np.int64(math.floor(boxes[j, 3] * inv)) - y0
        for gy in range(gy0, gy1 + 1):
            for gx in range(gx0, gx1 + 1):
                c = gy * nx + gx
                body[start[c]] = j
                start[c] += 1
    # Placing moved every start to the next cell's start: shift back.
    for c in range(cells, 0, -1):
        start[c] = start[c - 1]
    start[0] = 0
    return start, body, listed[:n_listed]


@kernel
def sweep_grids(
    data, offsets, shape, xf, boxes, obb, static, sensor, layer, ids, mask, excluded,
    cast_slot, cast_row, cast_xf, cast_box, moves, target, escape,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, m_cell, max_span,
):  # fmt: skip
    """First hit of every caster among the solid bodies: slots (below
    ``len(static)``) that are not sensors, whose layer is in ``mask`` and that
    are not flagged in ``excluded`` (empty: none are).

    Caster q is slot ``cast_slot[q]``, placed at row ``cast_row[q]`` of
    ``cast_xf``, with its box there in the same row of ``cast_box``, moved by
    ``moves[q]`` and stopping ``target[q]`` short (an empty ``target``: 0);
    ``w_*`` is the walls' dense grid. The moving targets get a grid of their
    own (1,000 bullets casting at 200 enemies should not look through each
    other's cells): the walls' cells (``_aligned_grid``), or hashed cells of
    side ``m_cell``.

    Returns (bad, body, fraction, point, normal): ``bad`` is the first row of
    ``moves`` that is not finite (nothing cast) or -1; ``body`` the id
    (``ids``) of the body hit or -1, with ``fraction`` 1 where nothing is hit.
    """
    k, n = cast_slot.shape[0], static.shape[0]
    fraction, winner = np.ones(k), np.full(k, -1, dtype=np.int64)
    normal, point = np.zeros((k, 2)), np.zeros((k, 2))
    for q in range(k):
        if not (math.isfinite(moves[q, 0]) and math.isfinite(moves[q, 1])):
            return q, winner, fraction, point, normal
    if target.shape[0] == 0:
        target = np.zeros(k)
    bounds = np.empty(4)
    solid, any_wall, targets = _solid_flags(static, sensor, layer, n, mask, excluded, boxes, bounds)
    cut = np.ones(k)
    cast_moves = _clip_moves(moves, cast_row, cast_box, target, bounds, cut)
    members = np.empty(targets, dtype=np.int64)
    targets = 0
    for j in range(n):
        if solid[j] and not static[j]:
            members[targets] = j
            targets += 1
    # The targets share the walls' cells when the walls' grid holds nearly all
    # of them (a level's walls enclose its play area) and has no more cells
    # than the work pays for; else they get a hashed grid.
    aligned = False
    if any_wall and targets > 0 and w_nx * w_ny <= 8 * (targets + k) + 4096:
        t_start, t_body, t_listed = _aligned_grid(boxes, members, w_x0, w_y0, w_nx, w_ny, w_cell, max_span)
        aligned = t_listed.shape[0] <= MAX_LISTED
    if aligned:
        m_mask, m_cx, m_cy = 0, t_body, t_body  # unused on this path
    else:
        t_start, t_body, m_cx, m_cy, t_listed, m_mask = _build_grid(boxes, members, 1.0 / m_cell, max_span)
    _cast_all(
        data, offsets, shape, xf, boxes, obb, static, solid, any_wall, targets > 0, aligned,
        cast_slot, cast_row, cast_xf, cast_box, cast_moves, target, escape,
        w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body,
        t_start, t_body, m_cx, m_cy, m_mask, m_cell, t_listed, members, max_span,
        fraction, normal, point, winner,
    )  # fmt: skip
    for q in range(k):
        if winner[q] >= 0:
            winner[q] = ids[winner[q]]
            fraction[q] *= cut[q]
    return -1, winner, fraction, point, normal


@kernel
def cast_ids(
    data, offsets, shape, xf, boxes, obb, static, sensor, layer, ids, slot_of, mask, bodies, moves,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, m_cell, max_span,
):  # fmt: skip
    """``sweep_grids`` for the bodies with ids ``bodies``, each from where it is,
    against every solid body but itself; ``bad`` is ``-2 - row`` for an id
    not in the world."""
    slots = np.empty(bodies.shape[0], dtype=np.int64)
    for q in range(bodies.shape[0]):
        b = bodies[q]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return -2 - q, slots, np.ones(0), np.zeros((0, 2)), np.zeros((0, 2))
        slots[q] = slot_of[b]
    return sweep_grids(
        data, offsets, shape, xf, boxes, obb, static, sensor, layer, ids, mask, np.zeros(0, dtype=np.bool_),
        slots, slots, xf, boxes, moves, np.zeros(0), False,
        w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, m_cell, max_span,
    )  # fmt: skip


@kernel
def _cast_all(
    data, offsets, shape, xf, boxes, obb, static, solid, any_wall, has_moving, aligned,
    cast_slot, cast_row, cast_xf, cast_box, moves, target, escape,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body,
    m_start, m_body, m_cx, m_cy, m_mask, m_cell, m_large, m_members, max_span,
    fraction, normal, point, winner,
):  # fmt: skip
    """The work of ``sweep_grids``: gather every (caster, body) pair that passes
    the cheap tests, then cast each. Two loops, not one: the grid walk stays
    small and branchy, the casts stay in one place (the code of a cast is
    large, and a walk that inlines it at every lookup runs out of the
    instruction cache)."""
    k, n = cast_slot.shape[0], static.shape[0]
    stamp = np.full(n, -1, dtype=np.int64)
    found = np.empty((4 * k + 16, 2), dtype=np.int64)
    count = _gather(
        data, offsets, shape, xf, boxes, obb, solid, any_wall, has_moving, aligned,
        cast_slot, cast_row, cast_xf, cast_box, moves, target,
        w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body,
        m_start, m_body, m_cx, m_cy, m_mask, m_cell, m_large, m_members, max_span, stamp, found,
    )  # fmt: skip
    if count > found.shape[0]:
        found = np.empty((count, 2), dtype=np.int64)
        stamp[:] = -1
        _gather(
            data, offsets, shape, xf, boxes, obb, solid, any_wall, has_moving, aligned,
            cast_slot, cast_row, cast_xf, cast_box, moves, target,
            w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body,
            m_start, m_body, m_cx, m_cy, m_mask, m_cell, m_large, m_members, max_span, stamp, found,
        )  # fmt: skip
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly, data, offsets, shape = unmanaged(polytope), unmanaged(data), unmanaged(offsets), unmanaged(shape)
    xf, obb, static, cast_slot = unmanaged(xf), unmanaged(obb), unmanaged(static), unmanaged(cast_slot)
    cast_row, cast_xf, moves, target = unmanaged(cast_row), unmanaged(cast_xf), unmanaged(moves), unmanaged(target)
    fraction, normal, point, winner = unmanaged(fraction), unmanaged(normal), unmanaged(point), unmanaged(winner)
    for e in range(count):
        q, j = found[e, 0], found[e, 1]
        off_a = offsets[shape[cast_slot[q]]]
        round_a = data[off_a + H_KIND] == KIND_POINTS and data[off_a + H_COUNT] == 1
        row = cast_row[q]
        if static[j]:  # a wall's cosine and sine are in its oriented box
            cb, sb = obb[j, 0], obb[j, 1]
        else:
            cb, sb = math.cos(xf[j, 2]), math.sin(xf[j, 2])
        _try(
            data, offsets, shape, xf, off_a, round_a, cast_xf[row, 0], cast_xf[row, 1], cast_xf[row, 2],
            moves, target, escape, q, j, cb, sb, poly, fraction, normal, point, winner,
        )  # fmt: skip
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view


@kernel
def _gather(
    data, offsets, shape, xf, boxes, obb, solid, any_wall, has_moving, aligned,
    cast_slot, cast_row, cast_xf, cast_box, moves, target,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body,
    m_start, m_body, m_cx, m_cy, m_mask, m_cell, m_large, m_members, max_span, stamp, found,
):  # fmt: skip
    """(caster, body) rows into ``found``: each caster's swept box walks the
    walls' dense grid and the moving targets' grid ``m_*`` (every target,
    for a huge sweep), then tests the targets listed in ``m_large`` one by
    one. The targets' grid is ``_aligned_grid`` when ``aligned`` (its cells
    are the walls' cells: ``m_start`` and ``m_body`` only), else a hashed
    grid (``broadphase._build_grid``). A body met there once (``stamp``),
    solid, not the caster itself, whose box meets the swept box and that
    passes the capsule test is a row. Returns the number of rows (more than
    ``found`` holds: call again with room for them)."""
    data, offsets, shape, xf = unmanaged(data), unmanaged(offsets), unmanaged(shape), unmanaged(xf)
    boxes, obb, solid = unmanaged(boxes), unmanaged(obb), unmanaged(solid)
    cast_slot, cast_row, cast_xf, cast_box = unmanaged(cast_slot), unmanaged(cast_row), unmanaged(cast_xf), unmanaged(cast_box)
    moves, target, stamp, found = unmanaged(moves), unmanaged(target), unmanaged(stamp), unmanaged(found)
    w_start, w_body, m_start, m_body = unmanaged(w_start), unmanaged(w_body), unmanaged(m_start), unmanaged(m_body)
    m_cx, m_cy, m_large, m_members = unmanaged(m_cx), unmanaged(m_cy), unmanaged(m_large), unmanaged(m_members)
    count, room = 0, found.shape[0]
    for q in range(cast_slot.shape[0]):
        me, row = cast_slot[q], cast_row[q]
        off_a = offsets[shape[me]]
        ax, ay = cast_xf[row, 0], cast_xf[row, 1]
        dx, dy = moves[q, 0], moves[q, 1]
        # The caster's box swept along its move and grown by its target.
        lo_x = min(cast_box[row, 0], cast_box[row, 0] + dx) - target[q]
        lo_y = min(cast_box[row, 1], cast_box[row, 1] + dy) - target[q]
        hi_x = max(cast_box[row, 2], cast_box[row, 2] + dx) + target[q]
        hi_y = max(cast_box[row, 3], cast_box[row, 3] + dy) + target[q]
        reach = (data[off_a + H_BOUND] + data[off_a + H_RADIUS] + target[q]) * (1.0 + 1e-9)
        length = math.sqrt(dx * dx + dy * dy)
        wx, wy = (-dy / length, dx / length) if length > 0.0 else (0.0, 0.0)
        # Walls: cells of the dense grid.
        inv = 1.0 / w_cell
        gx0 = np.int64(math.floor(lo_x * inv)) - w_x0
        gx1 = np.int64(math.floor(hi_x * inv)) - w_x0
        gy0 = np.int64(math.floor(lo_y * inv)) - w_y0
        gy1 = np.int64(math.floor(hi_y * inv)) - w_y0
        if any_wall and gx1 >= 0 and gy1 >= 0 and gx0 < w_nx and gy0 < w_ny:
            gx0, gx1 = max(gx0, 0), min(gx1, w_nx - 1)
            gy0, gy1 = max(gy0, 0), min(gy1, w_ny - 1)
            for gy in range(gy0, gy1 + 1):
                for gx in range(gx0, gx1 + 1):
                    c = gy * w_nx + gx
                    for p in range(w_start[c], w_start[c + 1]):
                        j = w_body[p]
                        if stamp[j] == q or not solid[j] or j == me:
                            continue
                        stamp[j] = q
                        if _box_overlap(lo_x, lo_y, hi_x, hi_y, boxes, j) and _capsule_meets_oriented(
                            ax, ay, dx, dy, wx, wy, reach, obb, j
                        ):
                            if count < room:
                                found[count, 0], found[count, 1] = q, j
                            count += 1
                    if not aligned:
                        continue
                    for p in range(m_start[c], m_start[c + 1]):
                        j = m_body[p]
                        if stamp[j] == q or j == me:
                            continue
                        stamp[j] = q
                        if _meets_moving(data, offsets, shape, xf, boxes, j, lo_x, lo_y, hi_x, hi_y, ax, ay, dx, dy, reach):
                            if count < room:
                                found[count, 0], found[count, 1] = q, j
                            count += 1
        if not has_moving:
            continue
        # Moving bodies: buckets of the hashed grid, or all of them for a huge sweep.
        inv = 1.0 / m_cell
        x0, x1 = np.int64(math.floor(lo_x * inv)), np.int64(math.floor(hi_x * inv))
        y0, y1 = np.int64(math.floor(lo_y * inv)), np.int64(math.floor(hi_y * inv))
        huge = not aligned and (x1 - x0 + 1 > max_span or y1 - y0 + 1 > max_span)
        listed = m_members.shape[0] if huge else m_large.shape[0]
        for e in range(listed):
            j = m_members[e] if huge else m_large[e]
            if stamp[j] == q or not solid[j] or j == me:
                continue
            stamp[j] = q
            if _meets_moving(data, offsets, shape, xf, boxes, j, lo_x, lo_y, hi_x, hi_y, ax, ay, dx, dy, reach):
                if count < room:
                    found[count, 0], found[count, 1] = q, j
                count += 1
        if huge or aligned:
            continue
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                b = _bucket(x, y, m_mask)
                for p in range(m_start[b], m_start[b + 1]):
                    if m_cx[p] != x or m_cy[p] != y:
                        continue
                    j = m_body[p]
                    if stamp[j] == q or not solid[j] or j == me:
                        continue
                    stamp[j] = q
                    if _meets_moving(data, offsets, shape, xf, boxes, j, lo_x, lo_y, hi_x, hi_y, ax, ay, dx, dy, reach):
                        if count < room:
                            found[count, 0], found[count, 1] = q, j
                        count += 1
    return count
