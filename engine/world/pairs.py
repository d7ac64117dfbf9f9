"""A frame's overlapping pairs and their contacts, in one compiled call each.

Outline of ``find_pairs``: candidate slot pairs (boxes overlap, layers and
masks agree), then the narrow phase's verdict on each, rows turned so the
smaller body id comes first and sorted.

Candidates come one of three ways:

- laid over the walls (``candidates_over_walls``): when the walls' dense
  grid holds nearly every moving body (a level's walls enclose its play
  area), the moving bodies are laid over the walls' cells
  (``grid.lay_over``) and each moving body in turn walks its cells once,
  meeting the walls listed there and the moving bodies laid before it, then
  lays itself there. A pair
  of moving bodies is reported in the cell holding the lower-left corner of
  their boxes' overlap: both cover that cell, and only one cell holds that
  point. Up to ``MAX_LISTED`` bodies that do not fit (outside the grid, or
  wider than ``MAX_SPAN`` cells) are tested one by one;
- in a crowd (``candidates_in_crowd``): with no walls, over an empty dense
  grid on the moving bodies' own box, when it has few enough cells; each
  box is copied into every cell it covers (a counting sort by cell), so
  the walk over a cell's pairs reads its boxes side by side in memory
  instead of chasing slots across the bodies' arrays;
- hashed (``candidates_hashed``): otherwise the moving bodies go into a
  hashed grid (``hashgrid``) and each also walks the walls' grid.

In all three, a cell that holds more than ``pileup.CROWDED`` moving bodies
(a pile-up) is swept instead (``pileup.sweep_cell``), which bounds the pairs
it gives: every pair still, unless a body overlaps more than
``pileup.MAX_MET`` of the bodies after it there.

The verdicts: candidates are put in id order first, then judged in that
order (``overlap_verdicts``): two polygons or circles whose separating
axes make the answer clear (``collision.sat.clear_verdict``: apart, or
cores overlapping, by more than a margin far above the touching tolerance)
are decided there, a few dot products instead of GJK; the rest, near
touching, go to the narrow phase's ``collide_pair``. Either way the
verdict is the narrow phase's.

The world's slots are known good, so these kernels read the world's own
arrays (``bodies.Bodies``) through slot indices: gathering checked copies
for the public batch functions of ``engine.collision`` would cost more than
the narrow phase of a typical frame.

Frames: world space; a contact normal points from the first body of a
pair to the second, as in ``contacts_batch``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..collision.epa import MAX_EPA_VERTICES, ROW
from ..collision.jit import inline, kernel, unmanaged, viewed_record
from ..collision.narrowphase import MODE_CONTACT, MODE_VERDICT, collide_pair_inlined
from ..collision.sat import CLEAR_MAX_VERTICES, clear_verdict
from ..collision.shapes import H_BOUND, H_RADIUS
from .bodies import Bodies
from .boxes import boxes_overlap
from .grid import (
    DenseGrid,
    Laid,
    cell_of,
    cell_span,
    lay,
    lay_over,
    make_room,
    put,
    rows_for,
    span_inside,
)
from .hashgrid import MAX_LISTED, MAX_SPAN, brute_pairs, hash_boxes, self_pairs
from .pileup import CROWDED, sweep, sweep_cell
from .walls import meet_walls, walls_in_cell


class WorldContacts(NamedTuple):
    """Overlapping pairs with their contacts, one row per pair of shapes; ``normal`` points from
    ``pairs[:, 0]`` to ``pairs[:, 1]`` (body ids), ``shapes`` the two shapes' ids row for row (a body
    of one shape: its own id)."""

    pairs: np.ndarray
    normal: np.ndarray
    depth: np.ndarray
    point_a: np.ndarray
    point_b: np.ndarray
    shapes: np.ndarray | None = None


#: Numbers in a contact row of ``contacts_of``: nx, ny, depth, pax, pay, pbx, pby.
CONTACT_VALUES = 7


@kernel
def collide_slots(bodies, pairs, mode, hit, values):
    """``collide_pair`` on slot pairs (k, 2): ``hit``, and in contact mode
    ``values`` (k, 7) = nx, ny, depth, pax, pay, pbx, pby where hit."""
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly, bodies = unmanaged(polytope), viewed_record(bodies)
    data, offsets, shape, xf = bodies.data, bodies.offsets, bodies.shape, bodies.xf
    for k in range(pairs.shape[0]):
        a, b = pairs[k, 0], pairs[k, 1]
        oa, ob = offsets[shape[a]], offsets[shape[b]]
        r = collide_pair_inlined(
            data, oa, data[oa + H_RADIUS], data[oa + H_BOUND],
            data, ob, data[ob + H_RADIUS], data[ob + H_BOUND],
            xf[a, 0], xf[a, 1], xf[a, 2], xf[b, 0], xf[b, 1], xf[b, 2],
            mode, poly,
        )  # fmt: skip
        hit[k] = r.hit
        if mode == MODE_CONTACT and r.hit:
            values[k, 0], values[k, 1], values[k, 2] = r.nx, r.ny, r.depth
            values[k, 3], values[k, 4] = r.pax, r.pay
            values[k, 5], values[k, 6] = r.pbx, r.pby
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view


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
def _walk_hashed(bodies, moving, grid, walls, stamp, found):
    """The walk of ``candidates_hashed``: rows into ``found``; their number."""
    bodies, walls, moving = viewed_record(bodies), viewed_record(walls), unmanaged(moving)
    boxes, obb = bodies.boxes, bodies.obb
    stamp, found = unmanaged(stamp), unmanaged(found)
    n = self_pairs(boxes, grid, found)
    large = grid.large
    if large.shape[0]:
        is_large = np.zeros(boxes.shape[0], dtype=np.bool_)
        is_large[large] = True
        # More large bodies than a cell may hold (a pile of them, or a cell far too small for the
        # bodies): they meet one another in a sweep (``pileup.sweep``, a pile-up's pairs bounded), and
        # the others by brute force.
        crowded = large.shape[0] > CROWDED
        targets = moving
        if crowded:
            n = sweep(boxes, large, large.shape[0], np.full(large.shape[0], 3, dtype=np.int64),
                      np.zeros(boxes.shape[0], dtype=np.int64), found, n, found.shape[0])  # fmt: skip
            targets = moving[~is_large[moving]]
        brute = rows_for(4 * large.shape[0])
        while True:
            m = brute_pairs(boxes, large, targets, False, brute)
            brute, again = make_room(brute, m, stamp)
            if not again:
                break
        for k in range(m):
            i, j = brute[k, 0], brute[k, 1]
            if not is_large[j] or i < j:  # two large bodies meet from both sides: once
                n = put(found, n, i, j)
    if walls.members.shape[0]:
        for k in range(moving.shape[0]):
            n = meet_walls(boxes, obb, walls, moving[k], stamp, found, n)
    return n


@kernel
def candidates_hashed(bodies, moving, inv_cell, walls, room):
    """Candidate slot pairs with the moving bodies in a hashed grid of cells of side
    1 / ``inv_cell``: pairs among them (``hashgrid.self_pairs``), their large
    bodies against every moving body (a pair of two large bodies once; more
    than ``pileup.CROWDED`` large ones meet one another in ``pileup.sweep``),
    every moving body against the walls; then the layer test. Rows in no order.
    ``room``: how many rows to make room for (see ``frame_candidates``)."""
    grid = hash_boxes(bodies.boxes, moving, inv_cell, MAX_SPAN)
    stamp = np.full(bodies.boxes.shape[0], -1, dtype=np.int64)
    found = rows_for(max(room, 4 * grid.body.shape[0] + 4 * moving.shape[0]))
    while True:
        n = _walk_hashed(bodies, moving, grid, walls, stamp, found)
        found, again = make_room(found, n, stamp)
        if not again:
            break
    return found[: _keep_meeting_layers(found, n, bodies.layer, bodies.mask)].copy()


@inline
def _meet_listed(boxes, moving, listed, is_listed, found, n, room):
    """Rows for the moving bodies ``listed`` apart from a grid (outside it, or
    too wide for it), each tested by box against every moving body: written
    while ``n < room``, counted always (as ``grid.put``). Returns the count."""
    for a in range(listed.shape[0]):
        i = moving[listed[a]]
        for k in range(moving.shape[0]):
            j = moving[k]
            # Two listed bodies meet once: from the first of them.
            if j == i or (is_listed[k] and k < listed[a]) or not boxes_overlap(boxes, i, j):
                continue
            if n < room:
                found[n, 0], found[n, 1] = min(i, j), max(i, j)
            n += 1
    return n


@kernel
def _crowded_cells(laid, nx, ny, moving):
    """Of the cells of a grid of ``nx`` × ``ny`` the moving bodies are laid over (``laid``, not yet
    laid: its spans and listed rows), those that more than ``CROWDED`` bodies cover: (per cell 1 + its
    row in ``cells``, 0 if not crowded; ``cells``; ``start`` and ``members``: the slots of ``moving``
    in crowded cell ``cells[e]`` are ``members[start[e]:start[e + 1]]``, ascending)."""
    span = laid.span
    is_listed = np.zeros(moving.shape[0], dtype=np.bool_)
    for a in range(laid.listed.shape[0]):
        is_listed[laid.listed[a]] = True
    count = np.zeros(nx * ny, dtype=np.int64)
    for k in range(moving.shape[0]):
        if not is_listed[k]:
            for gy in range(span[k, 2], span[k, 3] + 1):
                for gx in range(span[k, 0], span[k, 1] + 1):
                    count[gy * nx + gx] += 1
    n_cells, entries = 0, 0
    for c in range(nx * ny):
        if count[c] > CROWDED:
            n_cells += 1
            entries += count[c]
    cells = np.empty(n_cells, dtype=np.int64)
    start = np.zeros(n_cells + 1, dtype=np.int64)
    e = 0
    for c in range(nx * ny):
        if count[c] > CROWDED:
            cells[e] = c
            start[e + 1] = start[e] + count[c]
            count[c] = e + 1
            e += 1
        else:
            count[c] = 0
    members = np.empty(entries, dtype=np.int64)
    fill = start[:-1].copy()
    for k in range(moving.shape[0] if n_cells else 0):
        if not is_listed[k]:
            for gy in range(span[k, 2], span[k, 3] + 1):
                for gx in range(span[k, 0], span[k, 1] + 1):
                    e = count[gy * nx + gx] - 1
                    if e >= 0:
                        members[fill[e]] = moving[k]
                        fill[e] += 1
    return count, cells, start, members


@kernel
def _walk_over_walls(bodies, moving, walls, laid, crowded, stamp, found):
    """The walk of ``candidates_over_walls``: rows into ``found``; their number. The moving bodies of
    the cells ``crowded`` names (``_crowded_cells``) meet one another in that cell's sweep
    (``pileup.sweep_cell``) after the walk, not in its lists."""
    bodies, walls, moving = viewed_record(bodies), viewed_record(walls), unmanaged(moving)
    boxes, obb = bodies.boxes, bodies.obb
    span, listed = unmanaged(laid.span), unmanaged(laid.listed)
    laid = Laid(span, unmanaged(laid.head), unmanaged(laid.next), unmanaged(laid.row), listed)
    head, next_, row = laid.head, laid.next, laid.row
    stamp, found = unmanaged(stamp), unmanaged(found)
    in_crowd, cells, start, members = crowded
    inv = 1.0 / walls.cell
    head[:] = -1
    is_listed = np.zeros(moving.shape[0], dtype=np.bool_)
    for a in range(listed.shape[0]):
        is_listed[listed[a]] = True
    n, entry = np.int64(0), 0  # (n not a literal 0: numba would compile ``sweep_cell`` for that too)
    for k in range(moving.shape[0]):
        i = moving[k]
        if is_listed[k]:  # it meets the walls here, the moving bodies below
            n = meet_walls(boxes, obb, walls, i, stamp, found, n)
            continue
        lo_x, lo_y = boxes[i, 0], boxes[i, 1]
        for gy in range(span[k, 2], span[k, 3] + 1):
            for gx in range(span[k, 0], span[k, 1] + 1):
                c = gy * walls.nx + gx
                n = walls_in_cell(boxes, obb, walls, c, i, stamp, found, n)
                if in_crowd[c]:
                    continue
                e = head[c]
                while e >= 0:  # the moving bodies laid before this one
                    j = moving[row[e]]
                    e = next_[e]
                    if not boxes_overlap(boxes, i, j):
                        continue
                    corner_x = cell_of(max(lo_x, boxes[j, 0]), inv) - walls.x0
                    corner_y = cell_of(max(lo_y, boxes[j, 1]), inv) - walls.y0
                    if corner_x == gx and corner_y == gy:
                        n = put(found, n, min(i, j), max(i, j))
                entry = lay(laid, entry, c, k)
    met = np.zeros(boxes.shape[0] if cells.shape[0] else 0, dtype=np.int64)
    for e in range(cells.shape[0]):  # the pile-ups
        c = cells[e]
        n = sweep_cell(boxes, members[start[e] : start[e + 1]], start[e + 1] - start[e], c % walls.nx,
                       c // walls.nx, inv, np.int64(walls.x0), np.int64(walls.y0), met, found, n,
                       found.shape[0])  # fmt: skip
    return _meet_listed(boxes, moving, listed, is_listed, found, n, found.shape[0])


@kernel
def candidates_over_walls(bodies, moving, walls, room):
    """Candidate slot pairs for moving bodies that sit in the walls' grid, in one
    walk over the walls' cells: (ok, pairs); ``ok`` is False, and nothing
    done, when more than ``MAX_LISTED`` of them do not fit in it. Then the
    layer test, as in ``candidates_hashed``; ``room`` as there."""
    laid = lay_over(
        walls.x0,
        walls.y0,
        walls.nx,
        walls.ny,
        walls.cell,
        bodies.boxes,
        moving,
        MAX_SPAN,
        MAX_LISTED,
        np.bool_(False),
    )
    if laid.listed.shape[0] > MAX_LISTED:
        return False, np.empty((0, 2), dtype=np.int64)
    stamp = np.full(bodies.boxes.shape[0], -1, dtype=np.int64)
    found = rows_for(max(room, 2 * moving.shape[0]))
    crowded = _crowded_cells(laid, walls.nx, walls.ny, moving)
    while True:
        n = _walk_over_walls(bodies, moving, walls, laid, crowded, stamp, found)
        found, again = make_room(found, n, stamp)
        if not again:
            break
    return True, found[: _keep_meeting_layers(found, n, bodies.layer, bodies.mask)]


@kernel
def _grid_over(boxes, moving, inv_cell, max_cells):
    """An empty dense grid of cells of side 1 / ``inv_cell`` over the moving
    bodies' boxes, or one of no cells when it would have more than ``max_cells``."""
    lo_x, lo_y, hi_x, hi_y = np.inf, np.inf, -np.inf, -np.inf
    for k in range(moving.shape[0]):
        i = moving[k]
        lo_x, lo_y = min(lo_x, boxes[i, 0]), min(lo_y, boxes[i, 1])
        hi_x, hi_y = max(hi_x, boxes[i, 2]), max(hi_y, boxes[i, 3])
    none = np.zeros(0, dtype=np.int64)
    # Counted in floats first: a far-flung body could overflow the product of two int64s.
    if not ((hi_x - lo_x) * inv_cell + 2.0) * ((hi_y - lo_y) * inv_cell + 2.0) <= max_cells:
        return DenseGrid(0, 0, 0, 0, 1.0 / inv_cell, none, none, none)
    gx0, gx1, gy0, gy1 = cell_span(lo_x, lo_y, hi_x, hi_y, inv_cell, 0, 0)
    nx, ny = gx1 - gx0 + 1, gy1 - gy0 + 1
    return DenseGrid(gx0, gy0, nx, ny, 1.0 / inv_cell, np.zeros(nx * ny + 1, dtype=np.int64), none, none)


@kernel
def _walk_crowd(boxes, moving, own, start, e_slot, e_box, e_low, listed, is_listed, found):
    """The walk of ``candidates_in_crowd``: rows into ``found``; their number."""
    boxes, moving, start = unmanaged(boxes), unmanaged(moving), unmanaged(start)
    e_slot, e_box, found = unmanaged(e_slot), unmanaged(e_box), unmanaged(found)
    e_low = unmanaged(e_low)
    spare = found.shape[0] - 1
    inv = 1.0 / own.cell  # (the one ``e_low`` was found with)
    met = np.zeros(0, dtype=np.int64)  # (``sweep_cell``'s, made at the first pile-up)
    n = np.int64(0)  # (not a literal 0: numba would compile ``sweep_cell`` for that too)
    for gy in range(own.ny):
        for gx in range(own.nx):
            c = gy * own.nx + gx
            if start[c + 1] - start[c] > CROWDED:  # a pile-up: swept, its pairs bounded
                if not met.shape[0]:
                    met = np.zeros(boxes.shape[0], dtype=np.int64)
                n = sweep_cell(boxes, e_slot[start[c] : start[c + 1]].astype(np.int64), start[c + 1] - start[c],
                               np.int64(gx), np.int64(gy), inv, np.int64(own.x0), np.int64(own.y0), met, found,
                               n, spare)  # fmt: skip
                continue
            for p in range(start[c], start[c + 1]):
                i = e_slot[p]
                lx, ly = e_low[p, 0], e_low[p, 1]
                lo_x, lo_y, hi_x, hi_y = e_box[p, 0], e_box[p, 1], e_box[p, 2], e_box[p, 3]
                for q in range(p + 1, start[c + 1]):
                    # Met in the cell of the overlap's lower-left corner only: the
                    # first cell both cover (floor is monotonic: the corner's cell
                    # is the larger of the two boxes' first cells). Without
                    # branches: every pair is written to the next free row (the
                    # spare last row once full) and counted only if it is one;
                    # the outcome of the tests is too random to predict.
                    meets = (
                        (max(lx, e_low[q, 0]) == gx)
                        & (max(ly, e_low[q, 1]) == gy)
                        & (lo_x <= e_box[q, 2])
                        & (e_box[q, 0] <= hi_x)
                        & (lo_y <= e_box[q, 3])
                        & (e_box[q, 1] <= hi_y)
                    )
                    j = e_slot[q]
                    r = min(n, spare)
                    found[r, 0], found[r, 1] = min(i, j), max(i, j)
                    n += meets
    return _meet_listed(boxes, moving, listed, is_listed, found, n, spare)


@kernel
def candidates_in_crowd(bodies, moving, own, room):
    """Candidate slot pairs of moving bodies and no walls, over the empty dense
    grid ``own`` that covers their boxes: (ok, pairs) as ``candidates_over_walls``
    (``room`` too).

    Each body's box is copied into every cell it covers, cells in order (a
    counting sort), so a cell's boxes lie side by side and the walk over a
    cell's pairs reads memory in order; a pair is reported in the cell of the
    lower-left corner of its boxes' overlap. Bodies wider than ``MAX_SPAN``
    cells (at most ``MAX_LISTED``) are tested one by one."""
    boxes = bodies.boxes
    m = moving.shape[0]
    inv = 1.0 / own.cell
    nx, ny = own.nx, own.ny
    start = np.zeros(nx * ny + 1, dtype=np.int64)
    listed = np.empty(min(m, MAX_LISTED + 1), dtype=np.int64)
    is_listed = np.zeros(m, dtype=np.bool_)
    n_listed = 0
    layer, mask = bodies.layer, bodies.mask
    # One layer and one mask for all (a crowd of one kind): the layer test of
    # each pair found is the same test, done once here.
    uniform = True
    for k in range(m):
        i = moving[k]
        uniform = uniform and layer[i] == layer[moving[0]] and mask[i] == mask[moving[0]]
        gx0, gx1, gy0, gy1 = cell_span(
            boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3], inv, own.x0, own.y0
        )
        if not span_inside(gx0, gx1, gy0, gy1, nx, ny, MAX_SPAN):
            if n_listed == MAX_LISTED:
                return False, np.empty((0, 2), dtype=np.int64)
            listed[n_listed] = k
            is_listed[k] = True
            n_listed += 1
            continue
        for gy in range(gy0, gy1 + 1):
            for gx in range(gx0, gx1 + 1):
                start[gy * nx + gx + 1] += 1
    for c in range(nx * ny):
        start[c + 1] += start[c]
    entries = start[nx * ny]
    e_slot = np.empty(entries, dtype=np.int32)
    e_box = np.empty((entries, 4))
    e_low = np.empty((entries, 2), dtype=np.int32)
    for k in range(m):
        if is_listed[k]:
            continue
        i = moving[k]
        lo_x, lo_y, hi_x, hi_y = boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3]
        gx0, gx1, gy0, gy1 = cell_span(lo_x, lo_y, hi_x, hi_y, inv, own.x0, own.y0)
        for gy in range(gy0, gy1 + 1):
            for gx in range(gx0, gx1 + 1):
                c = gy * nx + gx
                e = start[c]
                start[c] += 1
                e_slot[e] = i
                e_box[e, 0], e_box[e, 1], e_box[e, 2], e_box[e, 3] = lo_x, lo_y, hi_x, hi_y
                e_low[e, 0], e_low[e, 1] = gx0, gy0
    # Placing moved every start to the next cell's start: shift back.
    for c in range(nx * ny, 0, -1):
        start[c] = start[c - 1]
    start[0] = 0
    listed = listed[:n_listed]
    # One spare row past the rows that count (``_walk_crowd``).
    found = rows_for(max(room, 2 * m) + 1)
    while True:
        n = _walk_crowd(boxes, moving, own, start, e_slot, e_box, e_low, listed, is_listed, found)
        if n < found.shape[0]:
            break
        found = np.empty((n + 1, 2), dtype=np.int64)
    if uniform and m > 0:
        return True, found[: n if (layer[moving[0]] & mask[moving[0]]) != 0 else 0]
    return True, found[: _keep_meeting_layers(found, n, layer, mask)]


@kernel
def candidates_with_walls(bodies, moving, inv_cell, walls, room):
    """Candidate slot pairs of a frame with walls (boxes overlap; layers and
    masks agree): laid over the walls (``candidates_over_walls``) when their
    grid has no more cells than the work pays for and holds nearly every
    moving body, else hashed (``candidates_hashed``). ``room``: see
    ``frame_candidates``."""
    if walls.nx * walls.ny <= 8 * moving.shape[0] + 4096:
        ok, candidates = candidates_over_walls(bodies, moving, walls, room)
        if ok:
            return candidates
    return candidates_hashed(bodies, moving, inv_cell, walls, room)


@kernel
def candidates_without_walls(bodies, moving, inv_cell, walls, room):
    """Candidate slot pairs of a frame with no walls: over an empty dense grid
    on the moving bodies' own box (``candidates_in_crowd``) when that box has
    few enough cells (a crowd, not a few bodies far apart), else hashed.
    Apart from ``candidates_with_walls`` so that a game, whose levels have
    walls, never compiles the crowd walk."""
    if moving.shape[0]:
        own = _grid_over(bodies.boxes, moving, inv_cell, 4 * moving.shape[0] + 4096)
        if own.nx > 0:
            ok, candidates = candidates_in_crowd(bodies, moving, own, room)
            if ok:
                return candidates
    return candidates_hashed(bodies, moving, inv_cell, walls, room)


def frame_candidates(bodies, moving, inv_cell, walls, room=0):
    """Candidate slot pairs of a frame, as ``find_pairs`` finds them. ``room``: how many to make
    room for at first, a guess (a world's step passes the count it found last): a walk that finds
    more than its rows hold walks again with room for them all, and each walk guesses about two a
    moving body, where a pile or a pyramid has four (its broad phase walked twice every time:
    0.77 ms a run on a pile of 2,000, against 0.38 with room enough)."""
    walk = candidates_with_walls if walls.members.shape[0] else candidates_without_walls
    return walk(bodies, moving, inv_cell, walls, np.int64(room))


@kernel
def renew_candidates(bodies, last_boxes, last, moving, walls, most):
    """The candidates ``frame_candidates(bodies, moving, ...)`` finds, as a set, from those it found
    last (``last``, on the boxes ``last_boxes``) when at most ``most`` of the ``moving`` bodies'
    boxes differ from their rows there: (True, pairs), rows in no order; else (False, no rows).

    A pair of two bodies whose boxes are as they were is kept as it was (``last`` itself when
    nothing is dropped or found); each body whose box changed meets every moving body by box and
    the walls as ``meet_walls`` meets them, then the layer test. What a step of a few moving
    bodies among many asleep costs (a box flying at a sleeping block, a player among a level's
    props at rest): a few boxes against all, where the broad phase walked every body again. The boxes are the broad phase's own (grown by the reach
    and ``fat_margin``), so a body asleep or held still has the same row from step to step.
    Exact only as far as the broad phase is: a cell swept as a pile-up (``pileup``) may have
    dropped a pair that this finds."""
    boxes, obb, layer, mask = bodies.boxes, bodies.obb, bodies.layer, bodies.mask
    n = boxes.shape[0]
    changed = np.zeros(n, np.bool_)
    listed = np.empty(most, np.int64)
    c = np.int64(0)
    for k in range(moving.shape[0]):
        i = moving[k]
        same = (
            boxes[i, 0] == last_boxes[i, 0]
            and boxes[i, 1] == last_boxes[i, 1]
            and boxes[i, 2] == last_boxes[i, 2]
            and boxes[i, 3] == last_boxes[i, 3]
        )
        if not same:
            if c == most:
                return False, np.empty((0, 2), dtype=np.int64)
            changed[i] = True
            listed[c] = i
            c += 1
    # The changed bodies' pairs, each tested as the broad phase tests it.
    stamp = np.full(n, -1, dtype=np.int64)
    fresh = rows_for(8 * c)
    while True:
        f = np.int64(0)
        for e in range(c):
            i = listed[e]
            for k in range(moving.shape[0]):
                j = moving[k]
                # Two changed bodies meet once: from the one of the larger slot.
                if j == i or (changed[j] and j > i) or not boxes_overlap(boxes, i, j):
                    continue
                f = put(fresh, f, min(i, j), max(i, j))
            if walls.members.shape[0]:
                f = meet_walls(boxes, obb, walls, i, stamp, fresh, f)
        fresh, again = make_room(fresh, f, stamp)
        if not again:
            break
    f = _keep_meeting_layers(fresh, f, layer, mask)
    # The pairs of two bodies as they were stand (their layers too: a change of layer is a new frame).
    kept = np.int64(0)
    for k in range(last.shape[0]):
        kept += not (changed[last[k, 0]] or changed[last[k, 1]])
    if kept == last.shape[0] and f == 0:
        return True, last
    found = np.empty((kept + f, 2), dtype=np.int64)
    m = 0
    for k in range(last.shape[0]):
        a, b = last[k, 0], last[k, 1]
        if not (changed[a] or changed[b]):
            found[m, 0], found[m, 1] = a, b
            m += 1
    found[m:] = fresh[:f]
    return True, found


@kernel
def _in_key_order(keys):
    """The order that sorts ``keys`` (a smaller id << 32 | a larger id). When the
    smaller ids span few values (ids are handed out densely), a counting sort
    on them and an insertion sort within each run of one smaller id, O(k + ids);
    else ``np.argsort``."""
    k = keys.shape[0]
    top = np.int64(0)
    for e in range(k):
        top = max(top, keys[e] >> 32)
    if top > 4 * k + 4096:
        return np.argsort(keys)
    start = np.zeros(top + 2, dtype=np.int64)
    for e in range(k):
        start[(keys[e] >> 32) + 1] += 1
    for a in range(top + 1):
        start[a + 1] += start[a]
    order = np.empty(k, dtype=np.int64)
    for e in range(k):
        a = keys[e] >> 32
        order[start[a]] = e
        start[a] += 1
    # Each run of one smaller id (a few pairs) in order of the larger id; runs
    # end at the moved starts.
    run = 0
    for a in range(top + 1):
        end = start[a]
        for p in range(run + 1, end):
            e = order[p]
            q = p - 1
            while q >= run and keys[order[q]] > keys[e]:
                order[q + 1] = order[q]
                q -= 1
            order[q + 1] = e
        run = end
    return order


@kernel
def overlap_verdicts(bodies, pairs, hit):
    """``hit[k]`` for each slot pair: ``clear_verdict`` where it is clear, else
    ``collide_pair``'s verdict (through ``collide_slots``, the kernel contacts
    use too, so it compiles once). Each body's cosine and sine are taken once."""
    scratch = np.empty(2 * CLEAR_MAX_VERTICES)
    turned, seen = unmanaged(scratch), viewed_record(bodies)
    data, offsets, shape, xf = seen.data, seen.offsets, seen.shape, seen.xf
    # A body's cosine and sine when first needed (NaN: not yet): a frame of a
    # few candidates among many bodies (bullets among walls) turns only those.
    trig = np.full((seen.boxes.shape[0], 2), np.nan)
    near = np.empty(pairs.shape[0], dtype=np.int64)
    n_near = 0
    for k in range(pairs.shape[0]):
        a, b = pairs[k, 0], pairs[k, 1]
        if np.isnan(trig[a, 0]):
            trig[a, 0], trig[a, 1] = np.cos(xf[a, 2]), np.sin(xf[a, 2])
        if np.isnan(trig[b, 0]):
            trig[b, 0], trig[b, 1] = np.cos(xf[b, 2]), np.sin(xf[b, 2])
        clear = clear_verdict(
            data, offsets[shape[a]], offsets[shape[b]],
            xf[a, 0], xf[a, 1], trig[a, 0], trig[a, 1], xf[b, 0], xf[b, 1], trig[b, 0], trig[b, 1], turned,
        )  # fmt: skip
        if clear == 2:
            near[n_near] = k
            n_near += 1
        else:
            hit[k] = clear == 1
    scratch[0] = 0.0  # keeps the scratch alive past its last use through the view
    near_pairs = np.empty((n_near, 2), dtype=np.int64)
    for e in range(n_near):
        near_pairs[e, 0], near_pairs[e, 1] = pairs[near[e], 0], pairs[near[e], 1]
    near_hit = np.zeros(n_near, dtype=np.bool_)
    # The mode as a plain int64, not a literal: one compiled collide_slots for both modes.
    collide_slots(bodies, near_pairs, np.int64(MODE_VERDICT), near_hit, np.empty((0, CONTACT_VALUES)))
    for e in range(n_near):
        hit[near[e]] = near_hit[e]


@kernel
def overlapping_in_id_order(bodies, candidates):
    """The candidate slot pairs whose shapes overlap or touch, each row turned so
    the smaller body id comes first, rows sorted by (first id, second id).

    The candidates are judged in the order they were found (the grid's
    order: a body's few candidates come close together, so its data is
    read once for them all); only the pairs that overlap are sorted."""
    ids = bodies.ids
    k = candidates.shape[0]
    hit = np.zeros(k, dtype=np.bool_)
    overlap_verdicts(bodies, candidates, hit)
    rows = np.flatnonzero(hit)
    # Ids stay below 2**32 (World.add), so two of them pack into one sortable key.
    keys = np.empty(rows.shape[0], dtype=np.int64)
    for e in range(rows.shape[0]):
        a, b = ids[candidates[rows[e], 0]], ids[candidates[rows[e], 1]]
        keys[e] = (min(a, b) << 32) | max(a, b)
    order = _in_key_order(keys)
    out = np.empty((rows.shape[0], 2), dtype=np.int64)
    for e in range(rows.shape[0]):
        a, b = candidates[rows[order[e]], 0], candidates[rows[order[e]], 1]
        if ids[a] > ids[b]:
            a, b = b, a
        out[e, 0], out[e, 1] = a, b
    return out


@inline
def _id_pairs(bodies, candidates):
    """``overlapping_in_id_order``'s slot pairs, and the same rows as ids."""
    slots = overlapping_in_id_order(bodies, candidates)
    found = np.empty_like(slots)
    for k in range(slots.shape[0]):
        found[k, 0], found[k, 1] = bodies.ids[slots[k, 0]], bodies.ids[slots[k, 1]]
    return found, slots


@kernel
def _pairs_with_walls(
    data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids, moving, inv_cell,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members,
):  # fmt: skip
    bodies = Bodies(data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids)
    walls = DenseGrid(w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members)
    return _id_pairs(bodies, candidates_with_walls(bodies, moving, inv_cell, walls, np.int64(0)))


@kernel
def _pairs_without_walls(
    data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids, moving, inv_cell,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members,
):  # fmt: skip
    bodies = Bodies(data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids)
    walls = DenseGrid(w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members)
    return _id_pairs(bodies, candidates_without_walls(bodies, moving, inv_cell, walls, np.int64(0)))


def find_pairs(bodies: Bodies, moving: np.ndarray, inv_cell: float, walls: DenseGrid):
    """A frame's overlapping pairs: ``frame_candidates``, then the narrow phase
    (``overlapping_in_id_order``). Returns (id pairs, slot pairs), rows alike.

    One compiled call, with or without walls. Its arguments are the
    ``Bodies`` record and the walls' ``DenseGrid`` spread flat: this is
    called from Python every frame, and numba unboxes a record of arrays at
    about twice the cost of the same arrays one by one."""
    walk = _pairs_with_walls if walls.members.shape[0] else _pairs_without_walls
    return walk(*bodies, moving, inv_cell, *walls)


@kernel
def contacts_of(data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids, slots):
    """Contacts of the overlapping slot pairs ``slots`` (from ``find_pairs``):
    (id pairs, values) with ``values`` (k, 7) as in ``collide_slots``. A pair
    that touched by the verdict and not by the contact query (rounding at
    exact touching) is left out. Flat arguments, as ``find_pairs``."""
    bodies = Bodies(data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids)
    hit = np.zeros(slots.shape[0], dtype=np.bool_)
    values = np.empty((slots.shape[0], CONTACT_VALUES))
    # A writable copy: the frame keeps its pairs read-only, and collide_slots
    # compiled for read-only rows would compile a second time beside the verdicts' call.
    collide_slots(bodies, slots.copy(), np.int64(MODE_CONTACT), hit, values)
    found = np.empty((slots.shape[0], 2), dtype=np.int64)
    kept = 0
    for k in range(slots.shape[0]):
        if hit[k]:
            for v in range(CONTACT_VALUES):  # element by element: a row's copy compiles an error message
                values[kept, v] = values[k, v]
            found[kept, 0], found[kept, 1] = ids[slots[k, 0]], ids[slots[k, 1]]
            kept += 1
    return found[:kept], values[:kept]


__all__ = [
    "CONTACT_VALUES",
    "WorldContacts",
    "candidates_hashed",
    "candidates_in_crowd",
    "candidates_over_walls",
    "candidates_with_walls",
    "candidates_without_walls",
    "collide_slots",
    "contacts_of",
    "find_pairs",
    "frame_candidates",
    "overlap_verdicts",
    "overlapping_in_id_order",
    "renew_candidates",
]
