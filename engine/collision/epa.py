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

from numba import njit

from .gjk import (
    AX,
    AY,
    BX,
    BY,
    IA,
    IB,
    ROW,
    STATUS_EPA_MAX_ITERATIONS,
    STATUS_OK,
    WX,
    WY,
    support_difference,
)

#: Hard cap on polytope expansions. Polygons finish on a repeated vertex
#: after a few; curved cores finish when the gap drops below the tolerance.
MAX_EPA_ITERATIONS = 100
#: Rows an EPA polytope can hold: the starting triangle plus one per iteration.
MAX_EPA_VERTICES = MAX_EPA_ITERATIONS + 3

# Directions tried, in order, to grow a point simplex into a segment.
_AXES = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))


@njit(cache=True)
def _copy_rows(src, dst, count):
    for k in range(count):
        for j in range(ROW):
            dst[k, j] = src[k, j]


@njit(cache=True)
def _grow_point(data_a, off_a, data_b, off_b, c, s, tx, ty, tol, poly):
    """Add a second vertex far from the first; False if M is a single point."""
    for dx, dy in _AXES:
        support_difference(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy, poly, 1)
        if math.hypot(poly[1, WX] - poly[0, WX], poly[1, WY] - poly[0, WY]) > tol:
            return True
    return False


@njit(cache=True)
def _grow_segment(data_a, off_a, data_b, off_b, c, s, tx, ty, tol, poly):
    """Add a third vertex off the segment's line; False if M is flat."""
    ex, ey = poly[1, WX] - poly[0, WX], poly[1, WY] - poly[0, WY]
    n = math.hypot(ex, ey)
    nx, ny = -ey / n, ex / n
    for sign in (1.0, -1.0):
        support_difference(data_a, off_a, data_b, off_b, c, s, tx, ty, sign * nx, sign * ny, poly, 2)
        height = sign * (nx * (poly[2, WX] - poly[0, WX]) + ny * (poly[2, WY] - poly[0, WY]))
        if height > tol:
            return True
    return False


@njit(cache=True)
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
    elif tx != 0.0 or ty != 0.0:
        n = math.hypot(tx, ty)
        return tx / n, ty / n
    else:
        return 0.0, 1.0
    if nx * tx + ny * ty < 0.0:
        return -nx, -ny
    return nx, ny


@njit(cache=True)
def _closest_edge(poly, count):
    """Index of the polytope edge nearest the origin, its outward normal and distance."""
    best, best_dist, best_nx, best_ny = 0, math.inf, 0.0, 1.0
    for i in range(count):
        j = i + 1 if i + 1 < count else 0
        ex, ey = poly[j, WX] - poly[i, WX], poly[j, WY] - poly[i, WY]
        n = math.hypot(ex, ey)
        if n == 0.0:
            continue
        nx, ny = ey / n, -ex / n  # outward for a counter-clockwise polytope
        dist = nx * poly[i, WX] + ny * poly[i, WY]
        if dist < best_dist:
            best, best_dist, best_nx, best_ny = i, dist, nx, ny
    return best, best_dist, best_nx, best_ny


@njit(cache=True)
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


@njit(cache=True)
def epa(data_a, off_a, data_b, off_b, c, s, tx, ty, rows, count, tol, poly):
    """Depth and normal of overlapping cores, from GJK's final simplex.

    Outline:
    1. copy GJK's simplex (1 to 3 vertices, the origin inside or within
       ``tol`` of it) into the polytope ``poly``;
    2. grow a point or a segment into a triangle with area by taking supports
       across it (Bullet's ``EncloseOrigin``); if M has no area in any
       direction, the overlap is flat and the depth is 0;
    3. orient the triangle counter-clockwise;
    4. find the edge nearest the origin; take M's support along its outward
       normal; if that point repeats an endpoint or gains at most ``tol``, the
       edge lies on M's boundary: done;
    5. otherwise insert the point after the edge and go to 4, at most
       ``MAX_EPA_ITERATIONS`` times, keeping the best edge if capped.

    Returns (status, nx, ny, depth, pax, pay, pbx, pby), frame A: the normal
    points from A towards B, moving B by depth·normal separates the cores, and
    pa, pb are the deepest points of A's core in B and of B's core in A.
    """
    _copy_rows(rows, poly, count)
    if count == 1:
        if not _grow_point(data_a, off_a, data_b, off_b, c, s, tx, ty, tol, poly):
            nx, ny = _flat_normal(poly, 1, tx, ty)
            return STATUS_OK, nx, ny, 0.0, poly[0, AX], poly[0, AY], poly[0, BX], poly[0, BY]
        count = 2
    if count == 2:
        if not _grow_segment(data_a, off_a, data_b, off_b, c, s, tx, ty, tol, poly):
            nx, ny = _flat_normal(poly, 2, tx, ty)
            pax, pay, pbx, pby = _edge_witness(poly, 0, 2)
            return STATUS_OK, nx, ny, 0.0, pax, pay, pbx, pby
        count = 3

    area2 = (poly[1, WX] - poly[0, WX]) * (poly[2, WY] - poly[0, WY]) - (poly[1, WY] - poly[0, WY]) * (
        poly[2, WX] - poly[0, WX]
    )
    if area2 < 0.0:
        for j in range(ROW):
            poly[1, j], poly[2, j] = poly[2, j], poly[1, j]

    status = STATUS_EPA_MAX_ITERATIONS
    best, dist, nx, ny = _closest_edge(poly, count)
    for _ in range(MAX_EPA_ITERATIONS):
        if count == MAX_EPA_VERTICES:
            break
        support_difference(data_a, off_a, data_b, off_b, c, s, tx, ty, nx, ny, poly, count)
        j = best + 1 if best + 1 < count else 0
        ia, ib = poly[count, IA], poly[count, IB]
        repeated = (
            ia >= 0.0
            and ib >= 0.0
            and ((ia == poly[best, IA] and ib == poly[best, IB]) or (ia == poly[j, IA] and ib == poly[j, IB]))
        )
        gap = nx * poly[count, WX] + ny * poly[count, WY] - dist
        if repeated or gap <= tol:
            status = STATUS_OK
            break
        # Insert the new vertex between the edge's endpoints.
        for k in range(count, best + 1, -1):
            for col in range(ROW):
                poly[k, col], poly[k - 1, col] = poly[k - 1, col], poly[k, col]
        count += 1
        best, dist, nx, ny = _closest_edge(poly, count)

    pax, pay, pbx, pby = _edge_witness(poly, best, count)
    return status, nx, ny, max(dist, 0.0), pax, pay, pbx, pby
