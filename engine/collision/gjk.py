"""GJK: distance and closest points between two convex cores.

Everything here runs in shape A's frame. B's frame is given as the rotation
(c, s) and translation (tx, ty) of B in A's frame, so B's support is
``R·support_B(Rᵀ·d) + t`` (seed 003). The simplex lives on the Minkowski
difference M = A − B (seeds 000 and 002): the shapes overlap exactly when M
contains the origin, and the distance between them is the distance from the
origin to M.

Sources: Gilbert, Johnson & Keerthi (1988); van den Bergen, "Collision
Detection in Interactive 3D Environments" (2003) for the lower bound and the
progress test; Ericson, "Real-Time Collision Detection" §9.5 and Box2D v3's
``b2ShapeDistance`` for the barycentric simplex solver and the
repeated-vertex test.
"""

from __future__ import annotations

import math

from numba import njit

from .shapes import support_packed
from .transform import rotate, rotate_inv

#: Hard cap on GJK iterations. Polygons stop long before it on a repeated
#: vertex; curved cores stop on the progress test. Hitting it is reported.
MAX_GJK_ITERATIONS = 100

# Status of a query. Never "separated" because something failed: a capped
# run returns its best answer and says so.
STATUS_OK = 0
STATUS_GJK_MAX_ITERATIONS = 1
STATUS_EPA_MAX_ITERATIONS = 2

# Columns of a simplex (or EPA polytope) row: the support point on A, the one
# on B, their difference w = a − b, the two feature ids, the barycentric weight.
AX, AY, BX, BY, WX, WY, IA, IB, WEIGHT = range(9)
ROW = 9


@njit(cache=True)
def support_difference(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy, rows, k):
    """Write into ``rows[k]`` the support point of M = A − B along (dx, dy).

    S_M(d) = S_A(d) − S_B(−d); B's support is found in B's own frame.
    """
    ax, ay, ia = support_packed(data_a, off_a, dx, dy)
    lx, ly = rotate_inv(c, s, -dx, -dy)
    bx, by, ib = support_packed(data_b, off_b, lx, ly)
    bx, by = rotate(c, s, bx, by)
    bx += tx
    by += ty
    rows[k, AX] = ax
    rows[k, AY] = ay
    rows[k, BX] = bx
    rows[k, BY] = by
    rows[k, WX] = ax - bx
    rows[k, WY] = ay - by
    rows[k, IA] = ia
    rows[k, IB] = ib


@njit(cache=True)
def _copy_row(rows, src, dst):
    for j in range(ROW):
        rows[dst, j] = rows[src, j]


@njit(cache=True)
def solve_segment(rows):
    """Reduce the segment w1–w2 to its part closest to the origin.

    Sets the barycentric weights and returns the new vertex count (Ericson
    §9.5.2; Box2D ``b2SolveSimplex2``). Vertex regions come first, so a
    zero-length segment collapses to a point.
    """
    w1x, w1y, w2x, w2y = rows[0, WX], rows[0, WY], rows[1, WX], rows[1, WY]
    ex, ey = w2x - w1x, w2y - w1y
    d12_2 = -(w1x * ex + w1y * ey)
    if d12_2 <= 0.0:
        rows[0, WEIGHT] = 1.0
        return 1
    d12_1 = w2x * ex + w2y * ey
    if d12_1 <= 0.0:
        _copy_row(rows, 1, 0)
        rows[0, WEIGHT] = 1.0
        return 1
    inv = 1.0 / (d12_1 + d12_2)
    rows[0, WEIGHT] = d12_1 * inv
    rows[1, WEIGHT] = d12_2 * inv
    return 2


@njit(cache=True)
def solve_triangle(rows):
    """Reduce the triangle w1 w2 w3 to its feature closest to the origin.

    Voronoi regions tested with barycentric coordinates (Ericson §9.5.2,
    Box2D ``b2SolveSimplex3``): vertices, then edges, else the origin is
    inside and the count stays 3. A degenerate (collinear) triangle has zero
    signed area, so one of its edge or vertex regions always takes it.
    """
    w1x, w1y = rows[0, WX], rows[0, WY]
    w2x, w2y = rows[1, WX], rows[1, WY]
    w3x, w3y = rows[2, WX], rows[2, WY]

    e12x, e12y = w2x - w1x, w2y - w1y
    d12_1 = w2x * e12x + w2y * e12y
    d12_2 = -(w1x * e12x + w1y * e12y)
    e13x, e13y = w3x - w1x, w3y - w1y
    d13_1 = w3x * e13x + w3y * e13y
    d13_2 = -(w1x * e13x + w1y * e13y)
    e23x, e23y = w3x - w2x, w3y - w2y
    d23_1 = w3x * e23x + w3y * e23y
    d23_2 = -(w2x * e23x + w2y * e23y)

    n123 = e12x * e13y - e12y * e13x
    d123_1 = n123 * (w2x * w3y - w2y * w3x)
    d123_2 = n123 * (w3x * w1y - w3y * w1x)
    d123_3 = n123 * (w1x * w2y - w1y * w2x)

    if d12_2 <= 0.0 and d13_2 <= 0.0:  # vertex w1
        rows[0, WEIGHT] = 1.0
        return 1
    if d12_1 > 0.0 and d12_2 > 0.0 and d123_3 <= 0.0:  # edge w1-w2
        inv = 1.0 / (d12_1 + d12_2)
        rows[0, WEIGHT] = d12_1 * inv
        rows[1, WEIGHT] = d12_2 * inv
        return 2
    if d13_1 > 0.0 and d13_2 > 0.0 and d123_2 <= 0.0:  # edge w1-w3
        inv = 1.0 / (d13_1 + d13_2)
        rows[0, WEIGHT] = d13_1 * inv
        _copy_row(rows, 2, 1)
        rows[1, WEIGHT] = d13_2 * inv
        return 2
    if d12_1 <= 0.0 and d23_2 <= 0.0:  # vertex w2
        _copy_row(rows, 1, 0)
        rows[0, WEIGHT] = 1.0
        return 1
    if d13_1 <= 0.0 and d23_1 <= 0.0:  # vertex w3
        _copy_row(rows, 2, 0)
        rows[0, WEIGHT] = 1.0
        return 1
    if d23_1 > 0.0 and d23_2 > 0.0 and d123_1 <= 0.0:  # edge w2-w3
        inv = 1.0 / (d23_1 + d23_2)
        _copy_row(rows, 2, 0)
        rows[0, WEIGHT] = d23_2 * inv
        rows[1, WEIGHT] = d23_1 * inv
        return 2
    total = d123_1 + d123_2 + d123_3
    if total <= 0.0:  # only reachable through rounding on a sliver: keep the best edge
        return solve_segment(rows)
    inv = 1.0 / total
    rows[0, WEIGHT] = d123_1 * inv
    rows[1, WEIGHT] = d123_2 * inv
    rows[2, WEIGHT] = d123_3 * inv
    return 3


@njit(cache=True)
def closest_on_simplex(rows, count):
    """Witness points on A and on B for the current simplex weights."""
    pax = pay = pbx = pby = 0.0
    for k in range(count):
        wt = rows[k, WEIGHT]
        pax += wt * rows[k, AX]
        pay += wt * rows[k, AY]
        pbx += wt * rows[k, BX]
        pby += wt * rows[k, BY]
    return pax, pay, pbx, pby


@njit(cache=True)
def search_direction(rows, count):
    """Direction from the simplex towards the origin (not normalised).

    For a segment it is the edge's perpendicular on the origin's side, which
    stays accurate when the origin is nearly on the edge (Box2D); the sign
    comes from a cross product, so an origin exactly on the line gives a
    perpendicular all the same and the next support settles it.
    """
    if count == 1:
        return -rows[0, WX], -rows[0, WY]
    ex, ey = rows[1, WX] - rows[0, WX], rows[1, WY] - rows[0, WY]
    side = ex * -rows[0, WY] - ey * -rows[0, WX]
    if side > 0.0:
        return -ey, ex
    return ey, -ex


@njit(cache=True)
def gjk(data_a, off_a, data_b, off_b, c, s, tx, ty, hit_stop, sep_stop, tol, rows):
    """Closest features of the cores A and B (frame A), by GJK.

    Outline:
    1. start from the support of M along the centre offset;
    2. reduce the simplex to its feature closest to the origin (weights in
       ``rows``); a full triangle means the origin is inside: overlap;
    3. stop when that feature is within ``hit_stop`` of the origin;
    4. take the support of M towards the origin; its projection gives a lower
       bound on the distance: stop when the bound exceeds ``sep_stop``;
    5. stop when the new point repeats a vertex of the previous simplex
       (polygons: exact) or gains no more than ``tol`` over the current
       closest point (curved cores);
    6. otherwise add it and go to 2, at most ``MAX_GJK_ITERATIONS`` times.

    ``hit_stop`` and ``sep_stop`` let a yes/no query stop as soon as the
    answer is known; a full query passes ``tol`` and infinity.

    Returns (status, simplex count, iterations, lower bound on the distance).
    The simplex and its weights are left in ``rows``; ``closest_on_simplex``
    turns them into witness points.
    """
    dx, dy = tx, ty
    if dx == 0.0 and dy == 0.0:
        dx = 1.0
    support_difference(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy, rows, 0)
    rows[0, WEIGHT] = 1.0
    count = 1
    lower = 0.0
    status = STATUS_GJK_MAX_ITERATIONS
    iteration = 0
    while iteration < MAX_GJK_ITERATIONS:
        # Ids of the simplex before reduction: a repeat of any of them means a cycle.
        sa0, sb0 = rows[0, IA], rows[0, IB]
        sa1, sb1 = rows[1, IA], rows[1, IB]
        sa2, sb2 = rows[2, IA], rows[2, IB]
        saved = count

        if count == 2:
            count = solve_segment(rows)
        elif count == 3:
            count = solve_triangle(rows)
        if count == 3:
            status = STATUS_OK
            break

        pax, pay, pbx, pby = closest_on_simplex(rows, count)
        vx, vy = pax - pbx, pay - pby
        vv = vx * vx + vy * vy
        if vv <= hit_stop * hit_stop:
            status = STATUS_OK
            break

        dx, dy = search_direction(rows, count)
        dn = math.sqrt(dx * dx + dy * dy)
        if dn == 0.0:  # cannot happen for count 1 (v != 0); a zero edge collapses in solve
            status = STATUS_OK
            break
        dx /= dn
        dy /= dn
        support_difference(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy, rows, count)
        iteration += 1

        reach = rows[count, WX] * dx + rows[count, WY] * dy
        if -reach > lower:
            lower = -reach
        if lower > sep_stop:
            status = STATUS_OK
            break

        ia, ib = rows[count, IA], rows[count, IB]
        if (
            ia >= 0.0
            and ib >= 0.0
            and (
                (ia == sa0 and ib == sb0)
                or (saved > 1 and ia == sa1 and ib == sb1)
                or (saved > 2 and ia == sa2 and ib == sb2)
            )
        ):
            status = STATUS_OK
            break
        if reach - (vx * dx + vy * dy) <= tol:
            status = STATUS_OK
            break
        count += 1
    return status, count, iteration, lower


@njit(cache=True)
def simplex_normal(rows, count):
    """Unit normal from A towards B at the closest feature of a separated simplex.

    For an edge it is the edge's perpendicular, exact even when the cores
    nearly touch; for a vertex it is the direction from that point of M back
    to the origin, −w/|w|.
    """
    if count == 2:
        dx, dy = search_direction(rows, 2)
    else:
        dx, dy = -rows[0, WX], -rows[0, WY]
    # Towards the origin from M = A − B is along b − a: from A towards B.
    n = math.sqrt(dx * dx + dy * dy)
    return dx / n, dy / n
