"""Many casts at once, straight through the grids, in one compiled call.

Each caster walks the cells its swept box covers, in the walls' dense grid
and in a grid of the moving targets: laid over the walls' cells when the
walls' grid holds them (``grid.lay_over``, the same layout ``pairs`` walks:
one walk meets both), else hashed (``hashgrid``). Every body met
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

Two loops, not one: the walk gathers every (caster, body) pair that passes
the cheap tests (``gather``), then each is cast. The grid walk stays small
and branchy, the casts stay in one place (the code of a cast is large, and a
walk that inlines it at every lookup runs out of the instruction cache).

The records: ``Casters`` (who casts, from where, how far) and ``Targets``
(what can be hit, and the grid of the moving ones).

Frames: the grids and boxes are world space; each cast is computed in its
caster's own frame (``Casters``): the caster at its offset from an origin,
the body it is cast against at its position minus that origin. Nearby
coordinates subtract exactly, so far from the world's origin (1e9) a cast
rounds as it does near it: world positions there are only known to
1.2e-7, and near a corner, half a skin (5e-4 for a body of size 10) from
it, that rounding turned the normal by up to 1e-4 rad. Per-caster outputs
as in ``casts.cast_pair``, in the world.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.epa import MAX_EPA_VERTICES, ROW
from ..collision.jit import inline, kernel, unmanaged, viewed_record
from ..collision.shapes import H_BOUND, H_COUNT, H_KIND, H_RADIUS, KIND_POINTS
from .bodies import Bodies
from .boxes import box_meets
from .casts import ARRIVAL_REL, CastBatch, cast_turned, clip_fraction
from .grid import (
    DenseGrid,
    Laid,
    cell_span,
    clip_span,
    first_visit,
    lay_over,
    make_room,
    put,
    rows_for,
    span_meets,
)
from .hashgrid import MAX_LISTED, MAX_SPAN, HashGrid, bucket, hash_boxes


class Casters(NamedTuple):
    """Who casts: caster q is slot ``slot[q]`` (its shape; it never hits itself),
    placed at row ``row[q]``: at ``origin[row] + xf[row, :2]`` (the offset
    ``xf[row, :2]`` from its frame's world origin), turned by ``xf[row, 2]``,
    with its world box there in the same row of ``box``; moved by
    ``moves[q]`` and stopping ``target[q]`` short."""

    slot: np.ndarray
    row: np.ndarray
    origin: np.ndarray
    xf: np.ndarray
    box: np.ndarray
    moves: np.ndarray
    target: np.ndarray


class Targets(NamedTuple):
    """What the casters can hit: ``solid[j]`` for each slot; ``members`` the
    moving solid slots, either laid over the walls' cells (``laid``: rows of
    ``members`` in ``laid``) or in the ``hashed`` grid; ``listed``
    the moving slots in neither, tested one by one."""

    solid: np.ndarray
    any_wall: bool
    members: np.ndarray
    is_laid: bool
    laid: Laid
    hashed: HashGrid
    listed: np.ndarray
    #: The box around every solid body: no hit lies beyond it.
    bounds: np.ndarray


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
def _meets_moving(bodies, j, lo_x, lo_y, hi_x, hi_y, ax, ay, dx, dy, reach):
    """Whether moving body j may be hit: its box meets the swept box lo–hi and
    its bounding circle the capsule (``_capsule_meets_circle``)."""
    off_b = bodies.offsets[bodies.shape[j]]
    data = bodies.data
    return box_meets(lo_x, lo_y, hi_x, hi_y, bodies.boxes, j) and _capsule_meets_circle(
        ax,
        ay,
        dx,
        dy,
        reach,
        bodies.xf[j, 0],
        bodies.xf[j, 1],
        data[off_b + H_BOUND] + data[off_b + H_RADIUS],
    )


@kernel
def targets_of(bodies, walls, mask, excluded, casters_count, m_cell):
    """The ``Targets`` of a cast in ``mask``: slots that are not sensors, whose layer
    is in ``mask`` and that are not flagged in ``excluded`` (empty: none are).
    The moving ones share the walls' cells when the walls' grid holds nearly
    all of them and has no more cells than the work pays for (a level's walls
    enclose its play area); else they get a hashed grid of side ``m_cell``."""
    n = bodies.boxes.shape[0]
    static, boxes = bodies.static, bodies.boxes
    solid = np.empty(n, dtype=np.bool_)
    bounds = np.array([np.inf, np.inf, -np.inf, -np.inf])
    any_wall, moving = False, 0
    for j in range(n):
        solid[j] = not bodies.sensor[j] and (bodies.layer[j] & mask) != 0
        solid[j] = solid[j] and not (excluded.shape[0] > 0 and excluded[j])
        if solid[j]:
            any_wall = any_wall or static[j]
            moving += not static[j]
            bounds[0], bounds[1] = min(bounds[0], boxes[j, 0]), min(bounds[1], boxes[j, 1])
            bounds[2], bounds[3] = max(bounds[2], boxes[j, 2]), max(bounds[3], boxes[j, 3])
    members = np.empty(moving, dtype=np.int64)
    moving = 0
    for j in range(n):
        if solid[j] and not static[j]:
            members[moving] = j
            moving += 1
    none = np.zeros(0, dtype=np.int64)
    if any_wall and moving > 0 and walls.nx * walls.ny <= 8 * (moving + casters_count) + 4096:
        laid = lay_over(
            walls.x0,
            walls.y0,
            walls.nx,
            walls.ny,
            walls.cell,
            boxes,
            members,
            MAX_SPAN,
            MAX_LISTED,
            np.bool_(True),
        )
        if laid.listed.shape[0] <= MAX_LISTED:
            hashed = hash_boxes(boxes, none, 1.0, MAX_SPAN)  # unused: an empty one
            return Targets(solid, any_wall, members, True, laid, hashed, members[laid.listed], bounds)
    hashed = hash_boxes(boxes, members, 1.0 / m_cell, MAX_SPAN)
    laid = Laid(np.empty((0, 4), dtype=np.int64), none, none, none, none)  # unused: an empty one
    return Targets(solid, any_wall, members, False, laid, hashed, hashed.large, bounds)


@kernel
def _walk(bodies, walls, targets, casters, first, most, stamp, found):
    """(caster, body) rows into ``found``: each caster's swept box walks the
    walls' dense grid and the moving targets' grid (every target, for a huge
    sweep through a hashed grid), then tests the targets listed apart one by
    one. A body met there once, solid, not the caster itself, whose box meets
    the swept box and that passes the capsule test is a row. The casters from
    ``first`` on, stopping after the one that brings the rows to ``most`` or
    more. Returns (the number of rows (``grid.put``), the caster after the last walked)."""
    bodies, walls = viewed_record(bodies), viewed_record(walls)
    boxes, obb = bodies.boxes, bodies.obb
    solid, stamp, found = unmanaged(targets.solid), unmanaged(stamp), unmanaged(found)
    cast_slot, cast_row = unmanaged(casters.slot), unmanaged(casters.row)
    cast_origin, cast_xf, cast_box = unmanaged(casters.origin), unmanaged(casters.xf), unmanaged(casters.box)
    moves, target = unmanaged(casters.moves), unmanaged(casters.target)
    data, offsets, shape = bodies.data, bodies.offsets, bodies.shape
    w_start, w_body = walls.start, walls.body
    t_head, t_next = unmanaged(targets.laid.head), unmanaged(targets.laid.next)
    t_row, members = unmanaged(targets.laid.row), unmanaged(targets.members)
    t_listed = unmanaged(targets.listed)
    hashed = targets.hashed
    h_start, h_body, h_cx, h_cy = (
        unmanaged(hashed.start),
        unmanaged(hashed.body),
        unmanaged(hashed.cx),
        unmanaged(hashed.cy),
    )
    laid, has_moving = targets.is_laid, targets.members.shape[0] > 0
    w_inv, m_inv = 1.0 / walls.cell, hashed.inv_cell
    count = 0
    for q in range(first, cast_slot.shape[0]):
        if count >= most:
            return count, q
        me, row = cast_slot[q], cast_row[q]
        off_a = offsets[shape[me]]
        ax, ay = cast_origin[row, 0] + cast_xf[row, 0], cast_origin[row, 1] + cast_xf[row, 1]
        dx, dy = moves[q, 0], moves[q, 1]
        # The caster's box swept along its move and grown by its target.
        lo_x = min(cast_box[row, 0], cast_box[row, 0] + dx) - target[q]
        lo_y = min(cast_box[row, 1], cast_box[row, 1] + dy) - target[q]
        hi_x = max(cast_box[row, 2], cast_box[row, 2] + dx) + target[q]
        hi_y = max(cast_box[row, 3], cast_box[row, 3] + dy) + target[q]
        # Grown by rounding too: ax, ay and the walls' boxes are world numbers, off by ulps of their size.
        reach = (data[off_a + H_BOUND] + data[off_a + H_RADIUS] + target[q]) * (1.0 + 1e-9) + 1e-14 * (
            abs(ax) + abs(ay)
        )
        length = math.sqrt(dx * dx + dy * dy)
        wx, wy = (-dy / length, dx / length) if length > 0.0 else (0.0, 0.0)
        gx0, gx1, gy0, gy1 = cell_span(lo_x, lo_y, hi_x, hi_y, w_inv, walls.x0, walls.y0)
        if targets.any_wall and span_meets(gx0, gx1, gy0, gy1, walls.nx, walls.ny):
            gx0, gx1, gy0, gy1 = clip_span(gx0, gx1, gy0, gy1, walls.nx, walls.ny)
            for gy in range(gy0, gy1 + 1):
                for gx in range(gx0, gx1 + 1):
                    c = gy * walls.nx + gx
                    for p in range(w_start[c], w_start[c + 1]):
                        j = w_body[p]
                        if not solid[j] or j == me or not first_visit(stamp, j, q):
                            continue
                        if box_meets(lo_x, lo_y, hi_x, hi_y, boxes, j) and _capsule_meets_oriented(
                            ax, ay, dx, dy, wx, wy, reach, obb, j
                        ):
                            count = put(found, count, q, j)
                    if not laid:
                        continue
                    e = t_head[c]
                    while e >= 0:
                        j = members[t_row[e]]
                        e = t_next[e]
                        if j == me or not first_visit(stamp, j, q):
                            continue
                        if _meets_moving(bodies, j, lo_x, lo_y, hi_x, hi_y, ax, ay, dx, dy, reach):
                            count = put(found, count, q, j)
        if not has_moving:
            continue
        # Moving bodies: buckets of the hashed grid, or all of them for a huge sweep.
        x0, x1, y0, y1 = cell_span(lo_x, lo_y, hi_x, hi_y, m_inv, 0, 0)
        huge = not laid and (x1 - x0 + 1 > MAX_SPAN or y1 - y0 + 1 > MAX_SPAN)
        listed = members if huge else t_listed
        for e in range(listed.shape[0]):
            j = listed[e]
            if j == me or not first_visit(stamp, j, q):
                continue
            if _meets_moving(bodies, j, lo_x, lo_y, hi_x, hi_y, ax, ay, dx, dy, reach):
                count = put(found, count, q, j)
        if huge or laid:
            continue
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                b = bucket(x, y, hashed.mask)
                for p in range(h_start[b], h_start[b + 1]):
                    if h_cx[p] != x or h_cy[p] != y:
                        continue
                    j = h_body[p]
                    if j == me or not first_visit(stamp, j, q):
                        continue
                    if _meets_moving(bodies, j, lo_x, lo_y, hi_x, hi_y, ax, ay, dx, dy, reach):
                        count = put(found, count, q, j)
    return count, cast_slot.shape[0]


#: Rows ``gather`` holds at once: casters through a pile-up each meet every body of it (5,000 slid
#: through 5,000 at one point gathered 25 million rows, 4 GB with ``slide.keep_skin``'s per row).
MAX_GATHERED = 1 << 18


@kernel
def gather(bodies, walls, targets, casters, first):
    """The (caster, body) pairs the casters from ``first`` on may hit (``_walk``), rows (q, slot), a
    caster's rows together; as many casters as bring the rows to ``MAX_GATHERED`` (at least one).
    Returns (rows, the caster to gather from next: the number of casters once all are)."""
    stamp = np.full(bodies.boxes.shape[0], -1, dtype=np.int64)
    found = rows_for(min(4 * (casters.slot.shape[0] - first), MAX_GATHERED))
    while True:
        count, end = _walk(bodies, walls, targets, casters, first, MAX_GATHERED, stamp, found)
        found, again = make_room(found, count, stamp)
        if not again:
            return found[:count], end


@inline
def _try(bodies, casters, off_a, round_a, q, j, cb, sb, escape, poly, out_f, out_n, out_p, win, e, won):
    """Cast caster q against body j (rotated by cosine ``cb``, sine ``sb``), gathered row ``e``; keep
    it if it is the first hit so far, or as early as the first and of an earlier row than ``won``
    (the winner's row) (``casts.cast_turned``, inlined into the sweep's own loop), in the caster's
    frame (``Casters``): j at its position minus the caster's origin, the point hit back in the
    world. Returns the winner's row."""
    data, xf = bodies.data, bodies.xf
    row = casters.row[q]
    ox, oy = casters.origin[row, 0], casters.origin[row, 1]
    dx, dy = casters.moves[q, 0], casters.moves[q, 1]
    target = casters.target[q]
    reach = data[off_a + H_BOUND] + data[off_a + H_RADIUS] + target
    tol = ARRIVAL_REL * (reach + math.sqrt(dx * dx + dy * dy))
    hit, t, nx, ny, px, py = cast_turned(
        data, off_a, round_a, casters.xf[row, 0], casters.xf[row, 1], casters.xf[row, 2], dx, dy,
        data, bodies.offsets[bodies.shape[j]], xf[j, 0] - ox, xf[j, 1] - oy, xf[j, 2], cb, sb, target, tol,
        escape, poly,
    )  # fmt: skip
    if hit and (win[q] < 0 or t < out_f[q] or (t == out_f[q] and e < won)):
        out_f[q], win[q] = t, j
        out_n[q, 0], out_n[q, 1] = nx, ny
        out_p[q, 0], out_p[q, 1] = ox + px, oy + py
        return e
    return won


#: A caster with more gathered rows than this (a cast into a pile-up) casts them nearest first.
SORTED_ROWS = 16


@inline
def _earliest(bodies, casters, off_a, q, j):
    """A lower bound on the fraction at which caster q can hit moving body j: where the caster's
    bounding circle, moved along its move, first comes within its target (and the arrival
    tolerance, grown a hair) of j's bounding circle; 0 when they start that close, infinity when
    they never come so close."""
    data, xf = bodies.data, bodies.xf
    row = casters.row[q]
    dx, dy = casters.moves[q, 0], casters.moves[q, 1]
    off_b = bodies.offsets[bodies.shape[j]]
    target = casters.target[q]
    reach_a = data[off_a + H_BOUND] + data[off_a + H_RADIUS] + target
    length = math.sqrt(dx * dx + dy * dy)
    reach = (reach_a + data[off_b + H_BOUND] + data[off_b + H_RADIUS] + ARRIVAL_REL * (reach_a + length)) * (
        1.0 + 1e-9
    )
    # The caster's origin relative to j's, in the caster's frame (both offsets from its origin).
    px = casters.xf[row, 0] - (xf[j, 0] - casters.origin[row, 0])
    py = casters.xf[row, 1] - (xf[j, 1] - casters.origin[row, 1])
    c = px * px + py * py - reach * reach
    if c <= 0.0:
        return 0.0
    b, a = px * dx + py * dy, dx * dx + dy * dy
    disc = b * b - a * c
    if b >= 0.0 or a == 0.0 or disc < 0.0:
        return math.inf
    # The smaller root, in the form that keeps its digits (c / (−b + √disc)), a hair less.
    return max(c / (-b + math.sqrt(disc)) * (1.0 - 1e-9), 0.0)


@kernel
def _cast_found(bodies, casters, found, escape, fraction, normal, point, winner):
    """Cast every gathered (caster, body) row; the first hit of each caster wins (of two as early,
    the earlier row). A caster's rows come together. A caster with more than ``SORTED_ROWS`` casts
    them by a lower bound on their fraction (``_earliest``; walls 0, first), and stops at the first
    that cannot win: a cast into a pile-up of a thousand bodies casts the few at its front."""
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly = unmanaged(polytope)
    bodies, casters = viewed_record(bodies), viewed_record(casters)
    data, offsets, shape = bodies.data, bodies.offsets, bodies.shape
    xf, obb, static = bodies.xf, bodies.obb, bodies.static
    found = unmanaged(found)
    fraction, normal, point, winner = (
        unmanaged(fraction),
        unmanaged(normal),
        unmanaged(point),
        unmanaged(winner),
    )
    m = found.shape[0]
    lower, order = np.zeros(0), np.zeros(0, dtype=np.int64)
    first = 0
    while first < m:
        q = found[first, 0]
        end = first + 1
        while end < m and found[end, 0] == q:
            end += 1
        off_a = offsets[shape[casters.slot[q]]]
        round_a = data[off_a + H_KIND] == KIND_POINTS and data[off_a + H_COUNT] == 1
        ranked = end - first > SORTED_ROWS
        if ranked:
            lower = np.empty(end - first)
            for e in range(first, end):
                j = found[e, 1]
                lower[e - first] = 0.0 if static[j] else _earliest(bodies, casters, off_a, q, j)
            order = np.argsort(lower, kind="mergesort")  # stable: equal bounds in row order
        won = -1
        for r in range(end - first):
            e = first + (order[r] if ranked else r)
            if ranked and won >= 0:
                bound = lower[e - first]
                if bound > fraction[q] or (bound == fraction[q] and e > won):
                    break  # this row and every one after it: no earlier hit, nor as early from an earlier row
            j = found[e, 1]
            if static[j]:  # a wall's cosine and sine are in its oriented box
                cb, sb = obb[j, 0], obb[j, 1]
            else:
                cb, sb = math.cos(xf[j, 2]), math.sin(xf[j, 2])
            won = _try(
                bodies, casters, off_a, round_a, q, j, cb, sb, escape, poly, fraction, normal, point, winner, e, won
            )  # fmt: skip
        first = end
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view


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
def first_hits(bodies, walls, targets, slots, rows, origin, xf, boxes, moves, target, escape):
    """First hit of every caster (slot ``slots[q]`` at row ``rows[q]`` of
    ``origin``, ``xf`` and ``boxes``, as in ``Casters``, moved by ``moves[q]``,
    stopping ``target[q]`` short; an empty ``target``: 0) among ``targets``. Returns (bad, slot hit, fraction, point,
    normal): ``bad`` the first row of ``moves`` that is not finite (nothing
    cast) or -1; the slot hit is -1, with fraction 1, where nothing is hit."""
    k = slots.shape[0]
    fraction, winner = np.ones(k), np.full(k, -1, dtype=np.int64)
    normal, point = np.zeros((k, 2)), np.zeros((k, 2))
    for q in range(k):
        if not (math.isfinite(moves[q, 0]) and math.isfinite(moves[q, 1])):
            return q, winner, fraction, point, normal
    if target.shape[0] == 0:
        target = np.zeros(k)
    cut = np.ones(k)
    clipped = _clip_moves(moves, rows, boxes, target, targets.bounds, cut)
    casters = Casters(slots, rows, origin, xf, boxes, clipped, target)
    first = np.int64(0)  # (not a literal 0: numba would compile ``gather`` for that too)
    while first < k:  # (in parts of bounded memory: each caster's rows are its own)
        found, first = gather(bodies, walls, targets, casters, first)
        _cast_found(bodies, casters, found, escape, fraction, normal, point, winner)
    for q in range(k):
        if winner[q] >= 0:
            fraction[q] *= cut[q]
    return -1, winner, fraction, point, normal


@kernel
def cast_ids(
    data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members,
    slot_of, cast_mask, bodies_cast, moves, m_cell,
):  # fmt: skip
    """``first_hits`` for the bodies with ids ``bodies_cast``, each from where it is,
    against every solid body in ``cast_mask`` but itself. Returns (bad, id hit,
    fraction, point, normal); ``bad`` is ``-2 - row`` for an id not in the world.

    The arguments are a ``Bodies`` record and the walls' ``DenseGrid`` spread
    flat: this is called from Python every frame (``sweep.cast_bodies``, for
    ``World.cast_bodies``)."""
    k = bodies_cast.shape[0]
    slots = np.empty(k, dtype=np.int64)
    # Each caster's frame is centred on where it is: offset 0, its own angle.
    origin, offset, box = np.empty((k, 2)), np.zeros((k, 3)), np.empty((k, 4))
    for q in range(k):
        b = bodies_cast[q]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return -2 - q, slots, np.ones(0), np.zeros((0, 2)), np.zeros((0, 2))
        s = slot_of[b]
        slots[q] = s
        origin[q, 0], origin[q, 1], offset[q, 2] = xf[s, 0], xf[s, 1], xf[s, 2]
        box[q, 0], box[q, 1], box[q, 2], box[q, 3] = boxes[s, 0], boxes[s, 1], boxes[s, 2], boxes[s, 3]
    bodies = Bodies(data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids)
    walls = DenseGrid(w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members)
    targets = targets_of(bodies, walls, cast_mask, np.zeros(0, dtype=np.bool_), k, m_cell)
    bad, winner, fraction, point, normal = first_hits(
        bodies, walls, targets, slots, np.arange(k), origin, offset, box, moves, np.zeros(0), np.bool_(False)
    )
    for q in range(winner.shape[0]):
        if winner[q] >= 0:
            winner[q] = ids[winner[q]]
    return bad, winner, fraction, point, normal


def cast_bodies(bodies: Bodies, walls: DenseGrid, slot_of, mask: int, cast, moves, cell: float) -> CastBatch:
    """``cast_ids`` from Python: the bodies with ids ``cast`` along ``moves``
    (k, 2) against the solid bodies in ``mask``; an unknown id or a move
    that is not finite is one error naming the body, and nothing is cast."""
    bad, body, fraction, point, normal = cast_ids(*bodies, *walls, slot_of, mask, cast, moves, cell)
    if bad <= -2:
        raise KeyError(f"no body with id {int(cast[-2 - bad])} in this world")
    if bad >= 0:
        raise ValueError(f"translation of body {int(cast[bad])} is not finite: {tuple(moves[bad])}")
    return CastBatch(body, fraction, point, normal)


__all__ = [
    "MAX_GATHERED",
    "Casters",
    "Targets",
    "cast_bodies",
    "cast_ids",
    "first_hits",
    "gather",
    "targets_of",
]
