"""Move and slide: move bodies, stopping at walls and sliding along them, all at once.

Outline, per body: cast it along what is left of its move until it comes
within half a skin of the first solid body (``sweep.first_hits``, escaping a
wall it starts in when the move leads out; a body that starts inside or
within half a skin of a wall and whose move does not lead out is pushed out
first, ``_out_first``, and cast again, so its move is not lost), then back it up along the move
until it is a whole skin from that body (``back_off``); keep the part of the rest that runs
along the wall (``slide_row``); if that would go back into a wall met earlier
in the step, keep only the part along the crease of the two, or nothing when
they make a corner, so a body pushed into a corner stops in it instead of
squeezing through; at most ``MAX_SLIDES`` times. Then a last step pushes each
body back out to the skin's width from anything it crept nearer to through
rounding (``keep_skin`` in ``slide``), so it never ends inside or touching a
wall. Each slide is one batched cast of every body still moving; a single
``move_and_slide`` is a batch of one.

Why detect at half a skin and rest at a whole one. A cast "arrives" within
a tolerance of its target distance, so a body that rested exactly at its
target could rest a hair inside it. Sliding on along a row of boxes that meet
at seams, it then met the next box's top corner before reaching it, a skin
away, with a normal tilted by about sqrt(2 · hair / skin) (3° for a hair of a
thousandth of the skin), and the slide along that normal climbed: one
1,000 px move along 40 tiles ended 47 px up. Resting a whole skin away and
detecting at half a skin leaves half a skin of slack: a corner flush with
the plane the body slides on stays half a skin out of reach, while a real
step or ramp, which comes nearer, is met as before. (The same two distances
as a character controller's skin and contact offset.)

The bodies moved together are kinematic and do not block one another.

Frames: inputs and results are world space. A normal is the wall's outward
unit normal (from the wall towards the body). The slide itself runs in each
body's own frame: its position is its start (a world point, never rounded
again) plus how far it has moved, kept apart, and every cast and push puts
the wall at its position minus that start (``sweep.Casters``), which nearby
coordinates give exactly. So the same scene slides the same at the world's
origin and at 1e9, up to the one rounding of start + moved at the end:
computed in the world, rounding there (1.2e-7) turned the normal met near a
corner by 1e-4 rad and the slide after it by 0.01 px.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision import ShapeTable
from ..collision.batch import collide_batch_kernel
from ..collision.jit import inline, kernel
from ..collision.limits import MAX_COORDINATE
from ..collision.narrowphase import MODE_CONTACT, MODE_DISTANCE
from ..collision.shapes import H_BOUND, H_RADIUS
from . import arguments
from .bodies import Bodies
from .casts import CastHit
from .grid import DenseGrid
from .sweep import Casters, first_hits, gather, targets_of


class SlideResult(NamedTuple):
    r"""Where ``move_and_slide`` left the body, and what it slid along (``casts.CastHit``\s)."""

    x: float
    y: float
    hits: tuple


#: Cast-and-slide steps per move.
MAX_SLIDES = 4
#: A body keeps this fraction of its size (bound + radius) between it and any wall.
SKIN_REL = 1e-4


@inline
def slide_row(rx, ry, nx, ny, earlier, row, count):
    """The part of the move (rx, ry) that runs along a wall with normal (nx, ny)
    without going back into any wall met earlier in this step:
    ``earlier[row, :count]``."""
    into = rx * nx + ry * ny
    if into < 0.0:
        rx, ry = rx - into * nx, ry - into * ny
    for j in range(count):
        mx, my = earlier[row, j, 0], earlier[row, j, 1]
        if rx * mx + ry * my < 0.0:
            # Along the crease of the two walls, or nowhere if they make a corner.
            tx, ty = -ny, nx
            along = rx * tx + ry * ty
            rx, ry = along * tx, along * ty
            if rx * mx + ry * my < -1e-12 * math.sqrt(rx * rx + ry * ry):
                return 0.0, 0.0
    return rx, ry


@kernel
def _slide_rows(rest, normal, earlier, count, out):
    for i in range(rest.shape[0]):
        out[i, 0], out[i, 1] = slide_row(
            rest[i, 0], rest[i, 1], normal[i, 0], normal[i, 1], earlier, i, count[i]
        )


def slide_along_many(
    rest: np.ndarray, normal: np.ndarray, earlier: np.ndarray, count: np.ndarray
) -> np.ndarray:
    """``slide_row`` for many moves at once: row i of ``rest`` (k, 2) meets a
    wall with ``normal[i]``; ``earlier[i, :count[i]]`` are the walls it met
    before in this step. Returns the new moves (k, 2).

    >>> slide_along_many(np.array([[3.0, -4.0]]), np.array([[0.0, 1.0]]), np.zeros((1, 4, 2)), np.array([0]))
    array([[3., 0.]])
    """
    out = np.empty_like(rest, dtype=np.float64)
    _slide_rows(
        np.ascontiguousarray(rest, dtype=np.float64), np.ascontiguousarray(normal, dtype=np.float64),
        np.ascontiguousarray(earlier, dtype=np.float64), np.ascontiguousarray(count, dtype=np.int64), out,
    )  # fmt: skip
    return out


def slide_along(rx: float, ry: float, normal, earlier) -> tuple[float, float]:
    """``slide_row`` for one move: ``earlier`` lists the normals met before.

    >>> slide_along(3.0, -4.0, (0.0, 1.0), [])
    (3.0, 0.0)
    >>> slide_along(3.0, -4.0, (0.0, 1.0), [(-1.0, 0.0)])
    (0.0, 0.0)
    """
    before = np.array(list(earlier), dtype=np.float64).reshape(1, -1, 2)
    out = slide_along_many(
        np.array([[rx, ry]]), np.array([normal], dtype=np.float64), before, np.array([before.shape[1]])
    )
    return float(out[0, 0]), float(out[0, 1])


@inline
def back_off(fraction, rx, ry, nx, ny, gap):
    """The fraction of the move (rx, ry) that leaves ``gap`` more between the body
    and the wall it reached at ``fraction`` (normal (nx, ny), from the wall
    towards the body), along the move; 0 at the least. A move that does not
    close in on the wall (a graze) gives its whole way back: the slide goes on
    along the wall from where the body was.

    >>> back_off(0.5, 0.0, -10.0, 0.0, 1.0, 1.0)  # 5 down to the floor, then 1 back up
    0.4
    """
    closing = -(rx * nx + ry * ny)
    if closing * fraction <= gap:
        return 0.0
    return fraction - gap / closing


@inline
def _shift(xf, boxes, r, dx, dy):
    """Row ``r``'s offset (``xf``) and world box (``boxes``) moved by (dx, dy)."""
    xf[r, 0] += dx
    xf[r, 1] += dy
    boxes[r, 0] += dx
    boxes[r, 2] += dx
    boxes[r, 1] += dy
    boxes[r, 3] += dy


@kernel
def _advance(active, fraction, normal, winner, point, xf, boxes, rest, earlier, count, skin, hits):
    """One slide of a batch: move each ``active`` row's offset ``xf`` by its free ``fraction`` of
    ``rest`` (its world box too), backed off by half a skin where it hit; a row that hit (``winner`` ≥ 0) records the hit,
    keeps the part of the rest that slides along the wall and remembers the
    wall's normal, a row that did not is done. Returns the rows still moving."""
    still = np.empty(active.shape[0], dtype=np.int64)
    n = 0
    for i in range(active.shape[0]):
        r = active[i]
        f = fraction[i]
        if winner[i] >= 0:
            f = back_off(f, rest[r, 0], rest[r, 1], normal[i, 0], normal[i, 1], 0.5 * skin[r])
        _shift(xf, boxes, r, f * rest[r, 0], f * rest[r, 1])
        if winner[i] < 0:
            rest[r, 0], rest[r, 1] = 0.0, 0.0
            continue
        h = count[r]
        hits[r, h, 0], hits[r, h, 1] = winner[i], f
        hits[r, h, 2], hits[r, h, 3] = point[i, 0], point[i, 1]
        left_x, left_y = (1.0 - f) * rest[r, 0], (1.0 - f) * rest[r, 1]
        rx, ry = slide_row(left_x, left_y, normal[i, 0], normal[i, 1], earlier, r, h)
        rest[r, 0], rest[r, 1] = rx, ry
        earlier[r, h, 0], earlier[r, h, 1] = normal[i, 0], normal[i, 1]
        count[r] += 1
        if math.sqrt(rx * rx + ry * ry) > skin[r] * 1e-3:
            still[n] = r
            n += 1
    return still[:n]


@kernel
def slide_bodies(
    data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids,
    w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members,
    slots, rest, cast_mask, m_cell, limit,
):  # fmt: skip
    """Move the bodies ``slots`` by ``rest`` (k, 2), sliding, against the solid
    bodies in ``cast_mask`` that are not among them, then ``keep_skin``; the world is not written.

    Returns (bad, start, moved, hits, normals, count): ``bad`` is -1,
    or a row whose move is not finite (``-2 - row``) or would end, were
    nothing in the way, farther than ``limit`` along x or y (``row``), and
    nothing is moved; ``start`` (k, 2) is where each body started (world),
    ``moved`` (k, 3) how far it moved from there (x, y) and its angle;
    hit h of row r is ``hits[r, h]`` = (slot, fraction of the
    move left at that slide, point x, y), normal ``normals[r, h]``, ``count[r]``
    hits. Flat arguments: called from Python every frame.
    """
    bodies = Bodies(data, offsets, shape, xf, boxes, obb, layer, mask, static, sensor, ids)
    walls = DenseGrid(w_x0, w_y0, w_nx, w_ny, w_cell, w_start, w_body, w_members)
    k = slots.shape[0]
    start, at, box = np.empty((k, 2)), np.empty((k, 3)), np.empty((k, 4))
    skin = np.empty(k)
    earlier, count = np.zeros((k, MAX_SLIDES, 2)), np.zeros(k, dtype=np.int64)
    hits = np.zeros((k, MAX_SLIDES, 4))
    excluded = np.zeros(boxes.shape[0], dtype=np.bool_)
    rest = rest.copy()
    n_active = 0
    active = np.empty(k, dtype=np.int64)
    for q in range(k):
        s = slots[q]
        excluded[s] = True
        start[q, 0], start[q, 1] = xf[s, 0], xf[s, 1]
        at[q, 0], at[q, 1], at[q, 2] = 0.0, 0.0, xf[s, 2]
        box[q, 0], box[q, 1], box[q, 2], box[q, 3] = boxes[s, 0], boxes[s, 1], boxes[s, 2], boxes[s, 3]
        off = offsets[shape[s]]
        skin[q] = SKIN_REL * (data[off + H_BOUND] + data[off + H_RADIUS])
        if math.sqrt(rest[q, 0] ** 2 + rest[q, 1] ** 2) > skin[q] * 1e-3:
            active[n_active] = q
            n_active += 1
    active = active[:n_active]
    targets = targets_of(bodies, walls, cast_mask, excluded, k, m_cell)
    for q in range(k):
        if not (math.isfinite(rest[q, 0]) and math.isfinite(rest[q, 1])):
            return -2 - q, start, at, hits, earlier, count
        ex, ey = start[q, 0] + rest[q, 0], start[q, 1] + rest[q, 1]
        if not (abs(ex) <= limit and abs(ey) <= limit):
            return q, start, at, hits, earlier, count
    for slide in range(MAX_SLIDES):
        if active.shape[0] == 0:
            break
        moves = np.empty((active.shape[0], 2))
        for i in range(active.shape[0]):
            moves[i, 0], moves[i, 1] = rest[active[i], 0], rest[active[i], 1]
        # np.bool_: a plain bool, not a literal, so the sweep compiles once for casts and slides.
        _, winner, fraction, point, normal = first_hits(
            bodies, walls, targets, slots[active], active, start, at, box, moves, 0.5 * skin[active],
            np.bool_(True),
        )  # fmt: skip
        if slide == 0:  # a body that starts inside a wall: out first, then its move
            _out_first(
                bodies, walls, targets, slots, active, start, at, box, moves, skin, winner, fraction, point, normal
            )  # fmt: skip
        active = _advance(active, fraction, normal, winner, point, at, box, rest, earlier, count, skin, hits)
    keep_skin(bodies, walls, targets, slots, start, at, box, skin)
    return -1, start, at, hits, earlier, count


@kernel
def _out_first(
    bodies, walls, targets, slots, active, start, at, box, moves, skin, winner, fraction, point, normal
):
    """Bodies that start inside a wall (or nearer than half a skin) and whose move does not lead out
    hit it at fraction 0 and, slide after slide, go nowhere: ``keep_skin`` pushed them out at the end
    and the move was lost. Those rows (``active[i]``, first cast ``winner``/``fraction``/...) are
    pushed out first (``keep_skin`` on them alone) and cast again from there, their results written
    in place, so the move goes on from outside. A body a skin or more away is never pushed: rows
    that merely rest against a wall cast as before."""
    n = 0
    for i in range(active.shape[0]):
        if winner[i] >= 0 and fraction[i] == 0.0:
            n += 1
    if n == 0:
        return
    stuck = np.empty(n, dtype=np.int64)
    n = 0
    for i in range(active.shape[0]):
        if winner[i] >= 0 and fraction[i] == 0.0:
            stuck[n] = i
            n += 1
    rows = active[stuck]
    sub_at, sub_box = at[rows].copy(), box[rows].copy()
    keep_skin(bodies, walls, targets, slots[rows], start[rows], sub_at, sub_box, skin[rows])
    m = 0
    pushed = np.empty(n, dtype=np.int64)
    for j in range(n):
        r = rows[j]
        if sub_at[j, 0] != at[r, 0] or sub_at[j, 1] != at[r, 1]:
            at[r, 0], at[r, 1] = sub_at[j, 0], sub_at[j, 1]
            for c in range(4):
                box[r, c] = sub_box[j, c]
            pushed[m] = j
            m += 1
    if m == 0:
        return
    again = stuck[pushed[:m]]
    _, w2, f2, p2, n2 = first_hits(
        bodies, walls, targets, slots[active[again]], active[again], start, at, box, moves[again],
        0.5 * skin[active[again]], np.bool_(True),
    )  # fmt: skip
    for j in range(m):
        i = again[j]
        winner[i], fraction[i] = w2[j], f2[j]
        point[i, 0], point[i, 1], normal[i, 0], normal[i, 1] = p2[j, 0], p2[j, 1], n2[j, 0], n2[j, 1]


@kernel
def keep_skin(bodies, walls, targets, slots, start, at, box, skin):
    """Push each body (slot ``slots[q]`` at ``start[q] + at[q]``, as in
    ``slide_bodies``, its world box ``box[q]``) back out to its ``skin`` from the
    nearest of ``targets`` it has crept nearer to than half a skin through
    rounding, so it never ends touching a wall; moves ``at`` and ``box`` in
    place. At most ``MAX_SLIDES`` pushes each. Distances and contacts are
    taken in each body's frame (the target at its position minus ``start``).

    After the first pass only the bodies just pushed are looked at again: the targets
    stand still meanwhile, so a body left alone is as far from them as it was.

    Compiled, and run at the end of ``slide_bodies``: as numpy calls from Python it was
    a dozen small calls a pass, more time than the slide it finishes (a game tick's
    largest share of glue). The nearest target of a body is the first of its gathered
    rows at the least distance (a NaN distance only when all are NaN), as a stable
    sort by (body, distance) took it."""
    k = slots.shape[0]
    rows = np.arange(k)
    best = np.full(k, -1, dtype=np.int64)
    for _ in range(MAX_SLIDES):
        n = rows.shape[0]
        casters = Casters(slots[rows], rows, start, at, box, np.zeros((n, 2)), skin[rows])
        # Each body's nearest target if it is nearer than half a skin, bodies in row order: its
        # shapes and poses, its distance and the way out along the witness points.
        c_who, c_mine, c_theirs = (
            np.empty(n, dtype=np.int64),
            np.empty(n, dtype=np.int64),
            np.empty(n, dtype=np.int64),
        )
        c_xf, c_other, c_out = np.empty((n, 3)), np.empty((n, 3)), np.empty((n, 3))
        c_n, first = 0, np.int64(0)  # (first not a literal 0: numba would compile ``gather`` for that too)
        while first < n:  # (in parts of bounded memory, ``sweep.gather``: each body's rows are its own)
            found, end = gather(bodies, walls, targets, casters, first)
            m = found.shape[0]
            who, mine, theirs = (
                np.empty(m, dtype=np.int64),
                np.empty(m, dtype=np.int64),
                np.empty(m, dtype=np.int64),
            )
            mine_xf, other = np.empty((m, 3)), np.empty((m, 3))
            for e in range(m):
                w, j = rows[found[e, 0]], found[e, 1]
                who[e], mine[e], theirs[e] = w, bodies.shape[slots[w]], bodies.shape[j]
                mine_xf[e, 0], mine_xf[e, 1], mine_xf[e, 2] = at[w, 0], at[w, 1], at[w, 2]
                other[e, 0] = bodies.xf[j, 0] - start[w, 0]
                other[e, 1] = bodies.xf[j, 1] - start[w, 1]
                other[e, 2] = bodies.xf[j, 2]
            _, near = _collide(
                bodies.data, bodies.offsets, np.int64(MODE_DISTANCE), mine, mine_xf, theirs, other
            )
            for e in range(m):  # the nearest target per body
                w, d = who[e], near[e, 0]
                if best[w] < 0:
                    best[w] = e
                else:
                    b = near[best[w], 0]
                    if d < b or (math.isnan(b) and not math.isnan(d)):
                        best[w] = e
            for i in range(first, end):
                w = rows[i]
                e = best[w]
                best[w] = -1
                if e >= 0 and near[e, 0] < 0.5 * skin[w]:
                    c_who[c_n], c_mine[c_n], c_theirs[c_n] = w, mine[e], theirs[e]
                    for d in range(3):
                        c_xf[c_n, d], c_other[c_n, d] = mine_xf[e, d], other[e, d]
                    c_out[c_n, 0] = near[e, 0]
                    c_out[c_n, 1], c_out[c_n, 2] = near[e, 4] - near[e, 6], near[e, 5] - near[e, 7]
                    c_n += 1
            first = end
        if c_n == 0:
            return
        hit, c = _collide(
            bodies.data, bodies.offsets, np.int64(MODE_CONTACT), c_mine[:c_n], c_xf[:c_n], c_theirs[:c_n],
            c_other[:c_n],
        )  # fmt: skip
        pushed = np.empty(c_n, dtype=np.int64)
        for i in range(c_n):
            w = c_who[i]
            pushed[i] = w
            if hit[i]:
                ox, oy = -c[i, 1], -c[i, 2]
                push = c[i, 3] + skin[w]
            else:
                gx, gy = c_out[i, 1], c_out[i, 2]
                length = math.hypot(gx, gy)
                length = length if length > 0.0 else 1.0
                ox, oy = gx / length, gy / length
                push = skin[w] - c_out[i, 0]
            _shift(at, box, w, push * ox, push * oy)
        rows = pushed  # one row per body pushed, in row order


@kernel
def _collide(data, offsets, mode, shape_a, xf_a, shape_b, xf_b):
    """``collide_batch_kernel`` over pairs made from the world's own arrays (int64 shape
    indices, contiguous float64 transforms, finite and in range as the world keeps them): the
    public batch calls' argument checks, made for a caller's arrays, are skipped. Returns (hit,
    values): values (k, 8) as the kernel's (distance, nx, ny, depth, pax, pay, pbx, pby)."""
    k = shape_a.shape[0]
    hit, values = np.zeros(k, dtype=np.bool_), np.zeros((k, 8))
    collide_batch_kernel(
        data, offsets, shape_a, xf_a, shape_b, xf_b, mode, hit, values, np.zeros(k, dtype=np.int64)
    )
    return hit, values


def slide_slots(table: ShapeTable, bodies: Bodies, walls: DenseGrid, slots, rest, mask: int, cell: float):
    """Move-and-slide the bodies ``slots`` by ``rest`` (k, 2) against the solid
    bodies in ``mask`` (``slide_bodies``, ``keep_skin`` included); the world is not written. A move
    that is not finite, or would end beyond the coordinate limit, is one
    error naming the body. Returns (moved, hits, normals, count): ``moved``
    (k, 3) each body's new (x, y, angle) in the world, the rest as
    ``slide_bodies``."""
    bad, start, at, hits, normals, count = slide_bodies(
        *bodies, *walls, slots, rest, mask, cell, MAX_COORDINATE
    )
    if bad <= -2:
        k = -2 - bad
        raise ValueError(
            f"displacement of body {int(bodies.ids[slots[k]])} is not finite: {tuple(rest[k].tolist())}"
        )
    if bad >= 0:
        arguments.check_end(int(bodies.ids[slots[bad]]), *bodies.xf[slots[bad], :2], *rest[bad])
    at[:, :2] += start  # the one rounding to the world
    return at, hits, normals, count


def cast_group(bodies: Bodies, walls: DenseGrid, root: int, rows, move, mask: int, cell: float):
    """The first hit of body ``root``'s shapes ``rows`` all cast by ``move`` (``World.cast_bodies``
    for a body of several shapes), against the solid bodies in ``mask`` but its own shapes: (slot
    hit or -1, fraction, point, normal), the earliest of its shapes' (of two as early, the first)."""
    rows = np.asarray(rows, dtype=np.int64)
    excluded = np.zeros(bodies.boxes.shape[0], dtype=np.bool_)
    excluded[root] = True
    excluded[rows] = True
    k = len(rows)
    if k == 0:
        return -1, 1.0, (0.0, 0.0), (0.0, 0.0)
    targets = targets_of(bodies, walls, np.int64(mask), excluded, np.int64(k), np.float64(cell))
    # Each shape's frame centred on where it is (offset 0, its own angle), as ``sweep.cast_ids``.
    origin = np.ascontiguousarray(bodies.xf[rows, :2])
    offset = np.zeros((k, 3))
    offset[:, 2] = bodies.xf[rows, 2]
    box = np.ascontiguousarray(bodies.boxes[rows])
    moves = np.repeat(np.asarray(move, dtype=np.float64).reshape(1, 2), k, axis=0)
    _, winner, fraction, point, normal = first_hits(
        bodies, walls, targets, rows, np.arange(k), origin, offset, box, moves, np.zeros(0), np.bool_(False)
    )
    hit = np.flatnonzero(winner >= 0)
    if not len(hit):
        return -1, 1.0, (0.0, 0.0), (0.0, 0.0)
    e = int(hit[np.argmin(fraction[hit])])
    return int(winner[e]), float(fraction[e]), tuple(point[e].tolist()), tuple(normal[e].tolist())


def slide_groups(bodies: Bodies, walls: DenseGrid, groups, rest, mask: int, cell: float):
    """Move-and-slide bodies of several shapes (and any others moved with them) by ``rest`` (k, 2):
    body q is ``groups[q]``, (its root slot, the slots of its solid shapes). Every shape of a body
    is cast by the same move and the earliest hit stops the body (of two as early, its earlier
    shape); it backs off and slides along that hit's normal as ``slide_bodies`` does, and
    ``keep_skin`` pushes it out by the one push its shapes need most, again until none needs one.
    A body's skin is its largest shape's. The bodies moved are excluded as targets, as there; one
    that starts within half a skin of a wall is pushed out before it moves (``_out_first``'s
    role). Returns (moved, hits, normals, count) as ``slide_slots``; the world is not written.

    Python over the compiled casts (``first_hits``, ``keep_skin``): one batched cast of every
    shape still moving per slide, so its cost is per call and per shape, not per body."""
    k = len(groups)
    n = bodies.boxes.shape[0]
    rest = np.array(rest, dtype=np.float64).reshape(k, 2)
    roots = np.array([g[0] for g in groups], dtype=np.int64)
    for q in range(k):
        if not (math.isfinite(rest[q, 0]) and math.isfinite(rest[q, 1])):
            raise ValueError(
                f"displacement of body {int(bodies.ids[roots[q]])} is not finite: {tuple(rest[q].tolist())}"
            )
        arguments.check_end(int(bodies.ids[roots[q]]), *bodies.xf[roots[q], :2], *rest[q])
    slots = np.concatenate([np.asarray(g[1], dtype=np.int64) for g in groups] + [np.zeros(0, np.int64)])
    group = np.repeat(np.arange(k), [len(g[1]) for g in groups]).astype(np.int64)
    excluded = np.zeros(n, dtype=np.bool_)
    for g in groups:
        excluded[g[0]] = True
        excluded[np.asarray(g[1], dtype=np.int64)] = True
    data, offsets = bodies.data, bodies.offsets
    size = data[offsets[bodies.shape[slots]] + H_BOUND] + data[offsets[bodies.shape[slots]] + H_RADIUS]
    skin = np.zeros(k)
    np.maximum.at(skin, group, SKIN_REL * size)
    row_skin = np.ascontiguousarray(skin[group])
    start = np.ascontiguousarray(bodies.xf[slots, :2])
    at = np.zeros((len(slots), 3))
    at[:, 2] = bodies.xf[slots, 2]
    box = np.ascontiguousarray(bodies.boxes[slots])
    moved = np.zeros((k, 2))
    earlier, count = np.zeros((k, MAX_SLIDES, 2)), np.zeros(k, dtype=np.int64)
    hits = np.zeros((k, MAX_SLIDES, 4))
    targets = targets_of(bodies, walls, np.int64(mask), excluded, np.int64(len(slots)), np.float64(cell))

    def shift(q: int, dx: float, dy: float) -> None:
        rows = group == q
        at[rows, 0] += dx
        at[rows, 1] += dy
        box[rows, 0::2] += dx
        box[rows, 1::2] += dy
        moved[q, 0] += dx
        moved[q, 1] += dy

    def push_out() -> None:
        """``keep_skin`` with one push per body: its shape's that needs the most, until none needs one."""
        for _ in range(MAX_SLIDES):
            if not len(slots):
                return
            pushed_at, pushed_box = at.copy(), box.copy()
            keep_skin(bodies, walls, targets, slots, start, pushed_at, pushed_box, row_skin)
            push = pushed_at[:, :2] - at[:, :2]
            length = np.hypot(push[:, 0], push[:, 1])
            if not length.any():
                return
            for q in np.unique(group[length > 0.0]).tolist():
                rows = np.flatnonzero(group == q)
                most = rows[np.argmax(length[rows])]
                shift(q, float(push[most, 0]), float(push[most, 1]))

    push_out()
    active = np.flatnonzero(np.hypot(rest[:, 0], rest[:, 1]) > skin * 1e-3)
    for _ in range(MAX_SLIDES):
        if not len(active):
            break
        rows = np.flatnonzero(np.isin(group, active))
        if not len(rows):  # bodies of sensors alone: nothing stops them
            for q in active.tolist():
                shift(q, float(rest[q, 0]), float(rest[q, 1]))
            break
        _, winner, fraction, point, normal = first_hits(
            bodies, walls, targets, slots[rows], rows, start, at, box, np.ascontiguousarray(rest[group[rows]]),
            0.5 * row_skin[rows], np.bool_(True),
        )  # fmt: skip
        still = []
        for q in active.tolist():
            mine = np.flatnonzero(group[rows] == q)
            hit = mine[winner[mine] >= 0]
            rx, ry = float(rest[q, 0]), float(rest[q, 1])
            if not len(hit):
                shift(q, rx, ry)
                rest[q] = 0.0
                continue
            e = int(hit[np.argmin(fraction[hit])])  # the earliest; of two as early, the first shape
            nx, ny = float(normal[e, 0]), float(normal[e, 1])
            f = float(fraction[e])
            closing = -(rx * nx + ry * ny)  # ``back_off``: half a skin back from the wall, along the move
            f = 0.0 if closing * f <= 0.5 * skin[q] else f - 0.5 * skin[q] / closing
            shift(q, f * rx, f * ry)
            h = int(count[q])
            hits[q, h] = (winner[e], f, point[e, 0], point[e, 1])
            left = np.array([[(1.0 - f) * rx, (1.0 - f) * ry]])
            rest[q] = slide_along_many(left, normal[e : e + 1], earlier[q : q + 1], count[q : q + 1])[0]
            earlier[q, h] = (nx, ny)
            count[q] += 1
            if math.hypot(*rest[q]) > skin[q] * 1e-3:
                still.append(q)
        active = np.array(still, dtype=np.int64)
    push_out()
    out = np.empty((k, 3))
    out[:, :2] = bodies.xf[roots, :2] + moved  # the one rounding to the world
    out[:, 2] = bodies.xf[roots, 2]
    return out, hits, earlier, count


def slide_result(ids: np.ndarray, at, hits, normals, count, row: int = 0) -> SlideResult:
    """Row ``row`` of ``slide_slots``'s result as a ``SlideResult`` (hits named by body id)."""
    found = tuple(
        CastHit(int(ids[int(h[0])]), float(h[1]), (float(h[2]), float(h[3])), tuple(map(float, n)))
        for h, n in zip(hits[row, : count[row]], normals[row, : count[row]])
    )
    return SlideResult(float(at[row, 0]), float(at[row, 1]), found)


__all__ = [
    "MAX_SLIDES",
    "SKIN_REL",
    "SlideResult",
    "back_off",
    "cast_group",
    "keep_skin",
    "slide_along",
    "slide_along_many",
    "slide_bodies",
    "slide_groups",
    "slide_result",
    "slide_row",
    "slide_slots",
]
