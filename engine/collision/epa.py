"""EPA: penetration depth and normal of two overlapping convex cores.

Runs in shape A's frame on M = A − B, like ``gjk``. When the cores overlap,
the smallest translation of B that separates them is the point of M's
boundary nearest the origin: its distance is the depth and M's outward normal
there is the normal (from A towards B).

Sources: van den Bergen (2001), "Proximity queries and penetration depth
computation on 3D game objects"; dyn4j's ``Epa``; Bullet's ``EncloseOrigin``
for growing a point or segment simplex into a triangle first. Chipmunk2D
runs the same expansion in ``EPARecurse``.
"""

from __future__ import annotations

import math

import numpy as np

from .gjk import STATUS_EPA_MAX_ITERATIONS, STATUS_OK, support_vertex
from .jit import inline, kernel
from .transform import length

#: Hard cap on polytope expansions. Polygons finish on a repeated vertex
#: after a few; curved cores finish when the gap drops below the tolerance.
MAX_EPA_ITERATIONS = 100
#: Vertices an EPA polytope can hold: the starting triangle plus one per iteration.
MAX_EPA_VERTICES = MAX_EPA_ITERATIONS + 3

# Columns of a polytope row, as in gjk.Vertex.
AX, AY, BX, BY, WX, WY, IA, IB = range(8)
ROW = 8

# Directions tried, in order, to grow a point simplex into a segment.
_AXES = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))


def new_polytope() -> np.ndarray:
    """Working memory for one EPA run."""
    return np.zeros((MAX_EPA_VERTICES, ROW))


@inline
def _store(poly, k, v):
    poly[k, AX] = v.ax
    poly[k, AY] = v.ay
    poly[k, BX] = v.bx
    poly[k, BY] = v.by
    poly[k, WX] = v.wx
    poly[k, WY] = v.wy
    poly[k, IA] = v.ia
    poly[k, IB] = v.ib


@kernel
def _flat_normal(poly, count, tx, ty):
    """Normal for a flat M (a point or a segment): the overlap has no area.

    Any direction across a segment, or any direction at all for a point, is a
    zero-depth separating direction of the cores. Take the one across the
    segment that points from A's origin to B's, else A's local +y.
    """
    if count == 2:
        ex, ey = poly[1, WX] - poly[0, WX], poly[1, WY] - poly[0, WY]
        n = math.hypot(ex, ey)
        nx, ny = -ey / n, ex / n
        if nx * tx + ny * ty < 0.0:
            return -nx, -ny
        return nx, ny
    if tx != 0.0 or ty != 0.0:
        n = math.hypot(tx, ty)
        return tx / n, ty / n
    return 0.0, 1.0


@kernel
def _closest_edge(poly, count):
    """Index of the polytope edge nearest the origin, its outward normal and distance."""
    best, best_dist, best_nx, best_ny = 0, math.inf, 0.0, 1.0
    for i in range(count):
        j = i + 1 if i + 1 < count else 0
        ex, ey = poly[j, WX] - poly[i, WX], poly[j, WY] - poly[i, WY]
        n = length(ex, ey)
        if n == 0.0:
            continue
        nx, ny = ey / n, -ex / n  # outward for a counter-clockwise polytope
        dist = nx * poly[i, WX] + ny * poly[i, WY]
        if dist < best_dist:
            best, best_dist, best_nx, best_ny = i, dist, nx, ny
    return best, best_dist, best_nx, best_ny


@kernel
def _edge_witness(poly, i, count):
    """Points on A and B at the projection of the origin onto edge i."""
    j = i + 1 if i + 1 < count else 0
    ex, ey = poly[j, WX] - poly[i, WX], poly[j, WY] - poly[i, WY]
    ee = ex * ex + ey * ey
    t = 0.0
    if ee > 0.0:
        t = min(1.0, max(0.0, -(poly[i, WX] * ex + poly[i, WY] * ey) / ee))
    pax = poly[i, AX] + t * (poly[j, AX] - poly[i, AX])
    pay = poly[i, AY] + t * (poly[j, AY] - poly[i, AY])
    pbx = poly[i, BX] + t * (poly[j, BX] - poly[i, BX])
    pby = poly[i, BY] + t * (poly[j, BY] - poly[i, BY])
    return pax, pay, pbx, pby


@kernel
def _enclose_origin(data_a, off_a, data_b, off_b, c, s, tx, ty, simplex, tol, poly):
    """Grow GJK's simplex into a triangle with area; return its vertex count.

    A count below 3 means M is flat (a point or a segment) in every
    direction tried: the cores overlap without area.
    """
    _store(poly, 0, simplex.v1)
    _store(poly, 1, simplex.v2)
    _store(poly, 2, simplex.v3)
    count = simplex.count
    if count == 1:
        for dx, dy in _AXES:
            v = support_vertex(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy)
            if math.hypot(v.wx - poly[0, WX], v.wy - poly[0, WY]) > tol:
                _store(poly, 1, v)
                count = 2
                break
        if count == 1:
            return 1
    if count == 2:
        ex, ey = poly[1, WX] - poly[0, WX], poly[1, WY] - poly[0, WY]
        n = math.hypot(ex, ey)
        nx, ny = -ey / n, ex / n
        for sign in (1.0, -1.0):
            v = support_vertex(data_a, off_a, data_b, off_b, c, s, tx, ty, sign * nx, sign * ny)
            if sign * (nx * (v.wx - poly[0, WX]) + ny * (v.wy - poly[0, WY])) > tol:
                _store(poly, 2, v)
                count = 3
                break
        if count == 2:
            return 2
    area2 = (poly[1, WX] - poly[0, WX]) * (poly[2, WY] - poly[0, WY]) - (poly[1, WY] - poly[0, WY]) * (
        poly[2, WX] - poly[0, WX]
    )
    if area2 < 0.0:  # make it counter-clockwise
        for j in range(ROW):
            poly[1, j], poly[2, j] = poly[2, j], poly[1, j]
    return 3


@kernel
def epa(data_a, off_a, data_b, off_b, c, s, tx, ty, simplex, tol, poly):
    """Depth and normal of overlapping cores, from GJK's final simplex.

    Outline:
    1. grow GJK's simplex (1 to 3 vertices, the origin inside it or within
       ``tol`` of it) into a counter-clockwise triangle by taking supports
       across it (Bullet's ``EncloseOrigin``); if M has no area, the overlap
       is flat and the core depth is 0;
    2. find the polytope edge nearest the origin; take M's support along its
       outward normal; if that point repeats an endpoint or gains at most
       ``tol``, the edge lies on M's boundary: done;
    3. otherwise insert the point after the edge and go to 2, at most
       ``MAX_EPA_ITERATIONS`` times; if capped, return the direction with the
       lowest support height seen, which always separates the cores.

    Returns (status, nx, ny, depth, pax, pay, pbx, pby), frame A: the normal
    points from A towards B, moving B by depth·normal separates the cores, and
    pa, pb are the deepest points of A's core in B and of B's core in A.
    """
    count = _enclose_origin(data_a, off_a, data_b, off_b, c, s, tx, ty, simplex, tol, poly)
    if count < 3:
        nx, ny = _flat_normal(poly, count, tx, ty)
        pax, pay, pbx, pby = _edge_witness(poly, np.int64(0), count)  # int64, not a literal 0: one signature
        return STATUS_OK, nx, ny, 0.0, pax, pay, pbx, pby

    best, dist, nx, ny = _closest_edge(poly, count)
    # The lowest support height seen, h_M(n) = n·S_M(n), bounds the depth from
    # above: moving B by h along that n always separates the cores. The nearest
    # edge bounds it from below. A capped run returns the upper bound.
    upper, ux, uy = math.inf, nx, ny
    uax = uay = 0.0
    for _ in range(MAX_EPA_ITERATIONS):
        v = support_vertex(data_a, off_a, data_b, off_b, c, s, tx, ty, nx, ny)
        height = nx * v.wx + ny * v.wy
        if height < upper:
            upper, ux, uy, uax, uay = height, nx, ny, v.ax, v.ay
        j = best + 1 if best + 1 < count else 0
        repeated = (
            v.ia >= 0
            and v.ib >= 0
            and (
                (v.ia == poly[best, IA] and v.ib == poly[best, IB])
                or (v.ia == poly[j, IA] and v.ib == poly[j, IB])
            )
        )
        if repeated or height - dist <= tol:
            pax, pay, pbx, pby = _edge_witness(poly, best, count)
            return STATUS_OK, nx, ny, max(dist, 0.0), pax, pay, pbx, pby
        # Make room after the edge's first endpoint and put the new vertex there.
        for k in range(count, best + 1, -1):
            for col in range(ROW):
                poly[k, col] = poly[k - 1, col]
        _store(poly, best + 1, v)
        count += 1
        best, dist, nx, ny = _closest_edge(poly, count)
    # Capped (a curved core with the origin near its centre, where every
    # direction is nearly as deep): polish the best direction by a shrinking
    # bracket search on the support height, then report that upper
    # bound, with B's point placed so that pa − pb is depth·n.
    # The polytope may have refined one side only: seed the polish with the
    # lowest of a ring of directions too.
    for k in range(RING_DIRECTIONS):
        theta = 2.0 * math.pi * k / RING_DIRECTIONS
        nx, ny = math.cos(theta), math.sin(theta)
        v = support_vertex(data_a, off_a, data_b, off_b, c, s, tx, ty, nx, ny)
        height = nx * v.wx + ny * v.wy
        if height < upper:
            upper, ux, uy, uax, uay = height, nx, ny, v.ax, v.ay
    upper, ux, uy, uax, uay = _polish_direction(
        data_a, off_a, data_b, off_b, c, s, tx, ty, upper, ux, uy, uax, uay, 4.0 * math.pi / RING_DIRECTIONS
    )
    depth = max(upper, 0.0)
    return STATUS_EPA_MAX_ITERATIONS, ux, uy, depth, uax, uay, uax - depth * ux, uay - depth * uy


#: Directions sampled around the circle before a capped EPA's polish.
RING_DIRECTIONS = 64
#: Steps that polish a capped EPA's direction; each shrinks the bracket by 0.618.
POLISH_STEPS = 60


@kernel
def _polish_direction(data_a, off_a, data_b, off_b, c, s, tx, ty, upper, ux, uy, uax, uay, half_width):
    """Lowest support height of M near the direction (ux, uy), ± ``half_width`` radians.

    Each step samples two directions at the golden-ratio points of the
    bracket and re-centres a bracket 0.618 times as wide on the best
    direction seen; the support height is smooth and has one minimum this
    close to EPA's best direction.
    """
    golden = 0.5 * (math.sqrt(5.0) - 1.0)
    centre = math.atan2(uy, ux)
    lo, hi = centre - half_width, centre + half_width
    for _ in range(POLISH_STEPS):
        span = hi - lo
        for theta in (hi - golden * span, lo + golden * span):
            nx, ny = math.cos(theta), math.sin(theta)
            v = support_vertex(data_a, off_a, data_b, off_b, c, s, tx, ty, nx, ny)
            height = nx * v.wx + ny * v.wy
            if height < upper:
                upper, ux, uy, uax, uay = height, nx, ny, v.ax, v.ay
        # Keep the side of the bracket that holds the best direction so far.
        best = math.atan2(uy, ux)
        best += 2.0 * math.pi * round((centre - best) / (2.0 * math.pi))
        lo, hi = max(lo, best - golden * span / 2.0), min(hi, best + golden * span / 2.0)
        if hi <= lo:
            break
    return upper, ux, uy, uax, uay
