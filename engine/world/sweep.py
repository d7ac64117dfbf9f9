"""Many casts at once, straight through the grids, in one compiled call.

Each caster walks the cells its swept box covers, in the walls' dense grid
and in the moving bodies' hashed grid; every body met there once (a stamp
per body) that is solid for the caster's mask, is not excluded and whose
box meets the swept box goes through a cheap conservative test before the
cast proper (``casts.cast_turned``: exact for a round caster, else by
conservative advancement):

- a wall: the caster's swept bounding circle (a capsule) against the wall's
  oriented box, by separating axes along the wall's two axes and across the
  sweep;
- any other body: the capsule against the body's bounding circle.

Both tests only drop bodies the caster cannot come within ``target`` of, so
the first hit is the same as casting against every candidate; most bullets
then cast against nothing at all.

Frames: world space; per-caster outputs as in ``casts.cast_pair``.
"""

from __future__ import annotations

import math

import numpy as np

from ..collision.epa import MAX_EPA_VERTICES, ROW
from ..collision.jit import inline, kernel, unmanaged
from ..collision.shapes import H_BOUND, H_COUNT, H_KIND, H_RADIUS, KIND_POINTS
from .broadphase import _bucket, _build_grid
from .casts import cast_turned


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
def _try(
    data, offsets, shape, xf, off_a, round_a, ax, ay, angle_a, moves, target, escape,
    q, j, cb, sb, poly, out_f, out_n, out_p, win,
):  # fmt: skip
    """Cast caster q against body j (rotated by cosine ``cb``, sine ``sb``); keep
    it if it is the first hit so far (``casts.cast_turned``, inlined into the
    sweep's own loop)."""
    dx, dy = moves[q, 0], moves[q, 1]
    reach = data[off_a + H_BOUND] + data[off_a + H_RADIUS] + target[q]
    tol = 1e-9 * (reach + math.sqrt(dx * dx + dy * dy))
    hit, t, nx, ny, px, py = cast_turned(
        data, off_a, round_a, ax, ay, angle_a, dx, dy,
        data, offsets[shape[j]], xf[j, 0], xf[j, 1], xf[j, 2], cb, sb, target[q], tol, escape, poly,
    )  # fmt: skip
    if hit and (win[q] < 0 or t < out_f[q]):
        out_f[q], win[q] = t, j
        out_n[q, 0], out_n[q, 1] = nx, ny
        out_p[q, 0], out_p[q, 1] = px, py


@kernel
def _solid_flags(static, sensor, layer, n, mask, excluded):
    """Which slots a cast stops at: not a sensor, ``layer & mask``, not ``excluded``
    (an empty ``excluded`` excludes no one); whether any wall is among them,
    and how many moving bodies."""
    solid = np.empty(n, dtype=np.bool_)
    any_wall, moving = False, 0
    for j in range(n):
        solid[j] = not sensor[j] and (layer[j] & mask) != 0 and not (excluded.shape[0] > 0 and excluded[j])
        any_wall = any_wall or (solid[j] and static[j])
        moving += solid[j] and not static[j]
    return solid, any_wall, moving


@kernel
def sweep_grids(
    data, offsets, shape, xf, boxes, obb, static, sensor, layer, ids, mask, excluded,
    cast_slot, cast_row, cast_xf, cast_box, moves, target, escape,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body,
    m_start, m_body, m_cx, m_cy, m_mask, m_cell, m_large, m_members, max_span,
):  # fmt: skip
    """First hit of every caster among the solid bodies: slots (below
    ``len(static)``) that are not sensors, whose layer is in ``mask`` and that
    are not flagged in ``excluded`` (empty: none are).

    Caster q is slot ``cast_slot[q]``, placed at row ``cast_row[q]`` of
    ``cast_xf``, with its box there in the same row of ``cast_box``, moved by
    ``moves[q]`` and stopping ``target[q]`` short; ``w_*`` is the walls' dense
    grid, ``m_*`` the frame's hashed grid of moving bodies with cell
    ``m_cell`` (or no members, when it has not been built). The moving
    targets are looked up in that grid when they are most of its members,
    else in a grid of the targets alone, built here with the same cell (1,000
    bullets casting at 200 enemies should not look through each other's
    cells).

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
    solid, any_wall, targets = _solid_flags(static, sensor, layer, n, mask, excluded)
    has_moving = targets > 0
    if has_moving and (m_members.shape[0] == 0 or 2 * targets < m_members.shape[0]):
        members = np.empty(targets, dtype=np.int64)
        targets = 0
        for j in range(n):
            if solid[j] and not static[j]:
                members[targets] = j
                targets += 1
        m_start, m_body, m_cx, m_cy, m_large, m_mask = _build_grid(boxes, members, 1.0 / m_cell, max_span)
        m_members = members
    stamp = np.full(n, -1, dtype=np.int64)
    _cast_all(
        data, offsets, shape, xf, boxes, obb, solid, any_wall, has_moving,
        cast_slot, cast_row, cast_xf, cast_box, moves, target, escape,
        w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body,
        m_start, m_body, m_cx, m_cy, m_mask, m_cell, m_large, m_members, max_span,
        stamp, fraction, normal, point, winner,
    )  # fmt: skip
    for q in range(k):
        if winner[q] >= 0:
            winner[q] = ids[winner[q]]
    return -1, winner, fraction, point, normal


@kernel
def _cast_all(
    data, offsets, shape, xf, boxes, obb, solid, any_wall, has_moving,
    cast_slot, cast_row, cast_xf, cast_box, moves, target, escape,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body,
    m_start, m_body, m_cx, m_cy, m_mask, m_cell, m_large, m_members, max_span,
    stamp, fraction, normal, point, winner,
):  # fmt: skip
    """The loop of ``sweep_grids`` over its casters, on views of its arguments
    (which the caller keeps alive) so the inlined helpers count no references."""
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly, data, offsets, shape = unmanaged(polytope), unmanaged(data), unmanaged(offsets), unmanaged(shape)
    xf, boxes, obb, solid = unmanaged(xf), unmanaged(boxes), unmanaged(obb), unmanaged(solid)
    cast_slot, cast_row = unmanaged(cast_slot), unmanaged(cast_row)
    cast_xf, cast_box, moves, target = unmanaged(cast_xf), unmanaged(cast_box), unmanaged(moves), unmanaged(target)
    w_start, w_body, m_start, m_body = unmanaged(w_start), unmanaged(w_body), unmanaged(m_start), unmanaged(m_body)
    m_cx, m_cy, m_large, m_members = unmanaged(m_cx), unmanaged(m_cy), unmanaged(m_large), unmanaged(m_members)
    stamp, fraction, normal = unmanaged(stamp), unmanaged(fraction), unmanaged(normal)
    point, winner = unmanaged(point), unmanaged(winner)
    for q in range(cast_slot.shape[0]):
        me, row = cast_slot[q], cast_row[q]
        off_a = offsets[shape[me]]
        round_a = data[off_a + H_KIND] == KIND_POINTS and data[off_a + H_COUNT] == 1
        ax, ay, angle_a = cast_xf[row, 0], cast_xf[row, 1], cast_xf[row, 2]
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
                        if not _box_overlap(lo_x, lo_y, hi_x, hi_y, boxes, j):
                            continue
                        if not _capsule_meets_oriented(ax, ay, dx, dy, wx, wy, reach, obb, j):
                            continue
                        _try(
                            data, offsets, shape, xf, off_a, round_a, ax, ay, angle_a, moves, target, escape,
                            q, j, obb[j, 0], obb[j, 1], poly, fraction, normal, point, winner,
                        )  # fmt: skip
        if not has_moving:
            continue
        # Moving bodies: buckets of the hashed grid, or all of them for a huge sweep.
        inv = 1.0 / m_cell
        x0, x1 = np.int64(math.floor(lo_x * inv)), np.int64(math.floor(hi_x * inv))
        y0, y1 = np.int64(math.floor(lo_y * inv)), np.int64(math.floor(hi_y * inv))
        huge = x1 - x0 + 1 > max_span or y1 - y0 + 1 > max_span
        count = m_members.shape[0] if huge else m_large.shape[0]
        for e in range(count):
            j = m_members[e] if huge else m_large[e]
            if stamp[j] == q or not solid[j] or j == me:
                continue
            stamp[j] = q
            off_b = offsets[shape[j]]
            if _box_overlap(lo_x, lo_y, hi_x, hi_y, boxes, j) and _capsule_meets_circle(
                ax, ay, dx, dy, reach, xf[j, 0], xf[j, 1], data[off_b + H_BOUND] + data[off_b + H_RADIUS]
            ):
                _try(
                    data, offsets, shape, xf, off_a, round_a, ax, ay, angle_a, moves, target, escape,
                    q, j, math.cos(xf[j, 2]), math.sin(xf[j, 2]), poly, fraction, normal, point, winner,
                )  # fmt: skip
        if huge:
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
                    off_b = offsets[shape[j]]
                    if _box_overlap(lo_x, lo_y, hi_x, hi_y, boxes, j) and _capsule_meets_circle(
                        ax, ay, dx, dy, reach, xf[j, 0], xf[j, 1], data[off_b + H_BOUND] + data[off_b + H_RADIUS]
                    ):
                        _try(
                            data, offsets, shape, xf, off_a, round_a, ax, ay, angle_a, moves, target, escape,
                            q, j, math.cos(xf[j, 2]), math.sin(xf[j, 2]), poly, fraction, normal, point, winner,
                        )  # fmt: skip
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view
