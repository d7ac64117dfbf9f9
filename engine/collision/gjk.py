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
from typing import NamedTuple

from .jit import inline, kernel
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


class Vertex(NamedTuple):
    """A vertex of the simplex, frame A: a point of M and where it came from."""

    ax: float  # support point on A
    ay: float
    bx: float  # support point on B
    by: float
    wx: float  # w = a − b, a point of M
    wy: float
    ia: int  # feature ids (vertex index, or -1 on a curved core)
    ib: int


class Simplex(NamedTuple):
    """GJK's result: up to three vertices and the weights of the closest point."""

    count: int
    v1: Vertex
    v2: Vertex
    v3: Vertex
    u1: float
    u2: float
    u3: float


@inline
def support_vertex(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy):
    """The support point of M = A − B along (dx, dy): S_A(d) − S_B(−d).

    B's support is found in B's own frame and moved into A's.
    """
    ax, ay, ia = support_packed(data_a, off_a, dx, dy)
    lx, ly = rotate_inv(c, s, -dx, -dy)
    bx, by, ib = support_packed(data_b, off_b, lx, ly)
    bx, by = rotate(c, s, bx, by)
    bx += tx
    by += ty
    return Vertex(ax, ay, bx, by, ax - bx, ay - by, ia, ib)


@inline
def solve_segment(v1, v2):
    """Reduce the segment v1–v2 to its part closest to the origin.

    Returns (count, v1, v2, u1, u2): the kept vertices first, with their
    barycentric weights (Ericson §9.5.2; Box2D ``b2SolveSimplex2``). Vertex
    regions are tested first, so a zero-length segment collapses to a point.
    """
    ex, ey = v2.wx - v1.wx, v2.wy - v1.wy
    d12_2 = -(v1.wx * ex + v1.wy * ey)
    if d12_2 <= 0.0:
        return 1, v1, v2, 1.0, 0.0
    d12_1 = v2.wx * ex + v2.wy * ey
    if d12_1 <= 0.0:
        return 1, v2, v1, 1.0, 0.0
    inv = 1.0 / (d12_1 + d12_2)
    return 2, v1, v2, d12_1 * inv, d12_2 * inv


@inline
def solve_triangle(v1, v2, v3):
    """Reduce the triangle v1 v2 v3 to its feature closest to the origin.

    Voronoi regions tested with barycentric coordinates (Ericson §9.5.2,
    Box2D ``b2SolveSimplex3``): vertices, then edges, else the origin is
    inside and all three stay. A degenerate (collinear) triangle has zero
    signed area, so one of its edge or vertex regions always takes it.
    Returns (count, v1, v2, v3, u1, u2, u3), kept vertices first.
    """
    e12x, e12y = v2.wx - v1.wx, v2.wy - v1.wy
    d12_1 = v2.wx * e12x + v2.wy * e12y
    d12_2 = -(v1.wx * e12x + v1.wy * e12y)
    e13x, e13y = v3.wx - v1.wx, v3.wy - v1.wy
    d13_1 = v3.wx * e13x + v3.wy * e13y
    d13_2 = -(v1.wx * e13x + v1.wy * e13y)
    e23x, e23y = v3.wx - v2.wx, v3.wy - v2.wy
    d23_1 = v3.wx * e23x + v3.wy * e23y
    d23_2 = -(v2.wx * e23x + v2.wy * e23y)

    n123 = e12x * e13y - e12y * e13x
    d123_1 = n123 * (v2.wx * v3.wy - v2.wy * v3.wx)
    d123_2 = n123 * (v3.wx * v1.wy - v3.wy * v1.wx)
    d123_3 = n123 * (v1.wx * v2.wy - v1.wy * v2.wx)

    if d12_2 <= 0.0 and d13_2 <= 0.0:
        return 1, v1, v2, v3, 1.0, 0.0, 0.0
    if d12_1 > 0.0 and d12_2 > 0.0 and d123_3 <= 0.0:
        inv = 1.0 / (d12_1 + d12_2)
        return 2, v1, v2, v3, d12_1 * inv, d12_2 * inv, 0.0
    if d13_1 > 0.0 and d13_2 > 0.0 and d123_2 <= 0.0:
        inv = 1.0 / (d13_1 + d13_2)
        return 2, v1, v3, v2, d13_1 * inv, d13_2 * inv, 0.0
    if d12_1 <= 0.0 and d23_2 <= 0.0:
        return 1, v2, v1, v3, 1.0, 0.0, 0.0
    if d13_1 <= 0.0 and d23_1 <= 0.0:
        return 1, v3, v1, v2, 1.0, 0.0, 0.0
    if d23_1 > 0.0 and d23_2 > 0.0 and d123_1 <= 0.0:
        inv = 1.0 / (d23_1 + d23_2)
        return 2, v3, v2, v1, d23_2 * inv, d23_1 * inv, 0.0
    total = d123_1 + d123_2 + d123_3
    if total <= 0.0:  # only reachable through rounding on a sliver: keep the best edge
        count, v1, v2, u1, u2 = solve_segment(v1, v2)
        return count, v1, v2, v3, u1, u2, 0.0
    inv = 1.0 / total
    return 3, v1, v2, v3, d123_1 * inv, d123_2 * inv, d123_3 * inv


@inline
def witness_points(simplex):
    """Closest points on A and on B (frame A) for the simplex weights."""
    v1, v2, v3 = simplex.v1, simplex.v2, simplex.v3
    u1, u2, u3 = simplex.u1, simplex.u2, simplex.u3
    return (
        u1 * v1.ax + u2 * v2.ax + u3 * v3.ax,
        u1 * v1.ay + u2 * v2.ay + u3 * v3.ay,
        u1 * v1.bx + u2 * v2.bx + u3 * v3.bx,
        u1 * v1.by + u2 * v2.by + u3 * v3.by,
    )


@inline
def search_direction(count, v1, v2):
    """Direction from the simplex towards the origin (not normalised).

    For a segment it is the edge's perpendicular on the origin's side, which
    stays accurate when the origin is nearly on the edge (Box2D); the sign
    comes from a cross product, so an origin exactly on the line still gets
    a perpendicular and the next support settles it.
    """
    if count == 1:
        return -v1.wx, -v1.wy
    ex, ey = v2.wx - v1.wx, v2.wy - v1.wy
    if ex * -v1.wy - ey * -v1.wx > 0.0:
        return -ey, ex
    return ey, -ex


@kernel
def gjk(data_a, off_a, data_b, off_b, c, s, tx, ty, hit_stop, sep_stop, tol):
    """Closest features of the cores A and B (frame A), by GJK.

    A kernel of its own, not inlined (its helpers are inlined into it): the
    one-pair queries, the casts and the manifold call this one compiled GJK.
    Inlined, numba built its IR again at each call site (twice in a cast),
    about 30 s of a cold start's compile (``benchmarks/compile_times.py``).
    Only the two batch loops inline it (``gjk_inlined``), where a call per
    pair cost 15-22% of their time.

    Outline:
    1. start from the support of M along the centre offset;
    2. reduce the simplex to its feature closest to the origin; a full
       triangle means the origin is inside: overlap;
    3. stop when that feature is within ``hit_stop`` of the origin;
    4. take the support of M towards the origin; its projection gives a lower
       bound on the distance: stop when the bound exceeds ``sep_stop``;
    5. stop when the new point repeats a vertex of the simplex before step 2
       (polygons: exact, and it cannot cycle) or gains no more than ``tol``
       over the current closest point (curved cores);
    6. otherwise add it and go to 2, at most ``MAX_GJK_ITERATIONS`` times.

    ``hit_stop`` and ``sep_stop`` let a yes/no query stop as soon as the
    answer is known; a full query passes ``tol`` and infinity.

    Returns (status, iterations, lower bound on the distance, simplex).
    """
    dx, dy = tx, ty
    if dx == 0.0 and dy == 0.0:
        dx = 1.0
    v1 = support_vertex(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy)
    v2 = v3 = v1
    u1, u2, u3 = 1.0, 0.0, 0.0
    count = 1
    lower = 0.0
    status = STATUS_GJK_MAX_ITERATIONS
    iteration = 0
    while iteration < MAX_GJK_ITERATIONS:
        # Ids before the reduction: meeting any of them again would be a cycle.
        saved, s1, s2, s3 = count, v1, v2, v3
        if count == 2:
            count, v1, v2, u1, u2 = solve_segment(v1, v2)
            u3 = 0.0
        elif count == 3:
            count, v1, v2, v3, u1, u2, u3 = solve_triangle(v1, v2, v3)
            if count == 3:
                status = STATUS_OK
                break
        if count == 1:
            u2 = u3 = 0.0

        vx = u1 * v1.wx + u2 * v2.wx
        vy = u1 * v1.wy + u2 * v2.wy
        if vx * vx + vy * vy <= hit_stop * hit_stop:
            status = STATUS_OK
            break

        dx, dy = search_direction(count, v1, v2)
        dn = math.sqrt(dx * dx + dy * dy)
        dx /= dn
        dy /= dn
        w = support_vertex(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy)
        iteration += 1

        reach = w.wx * dx + w.wy * dy
        lower = max(lower, -reach)
        if lower > sep_stop:
            status = STATUS_OK
            break
        if (
            w.ia >= 0
            and w.ib >= 0
            and (
                (w.ia == s1.ia and w.ib == s1.ib)
                or (saved > 1 and w.ia == s2.ia and w.ib == s2.ib)
                or (saved > 2 and w.ia == s3.ia and w.ib == s3.ib)
            )
        ):
            status = STATUS_OK
            break
        if reach - (vx * dx + vy * dy) <= tol:
            status = STATUS_OK
            break
        if count == 1:
            v2 = w
        else:
            v3 = w
        count += 1
    return status, iteration, lower, Simplex(count, v1, v2, v3, u1, u2, u3)


#: ``gjk`` inlined into its caller at numba's level (``narrowphase.collide_pair_inlined``).
gjk_inlined = inline(getattr(gjk, "py_func", gjk))


@inline
def simplex_normal(simplex):
    """Unit normal from A towards B at the closest feature of a separated simplex.

    For an edge it is the edge's perpendicular, exact even when the cores
    nearly touch; for a vertex it is the direction from that point of M back
    to the origin, −w/|w|. Towards the origin from M = A − B is along b − a.
    """
    dx, dy = search_direction(simplex.count, simplex.v1, simplex.v2)
    n = math.sqrt(dx * dx + dy * dy)
    return dx / n, dy / n
