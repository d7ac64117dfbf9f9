"""Contact manifolds: up to two points where two shapes touch, with feature ids.

A contact (``queries.contact``) is one normal and one depth: enough to push
two shapes apart, not enough to rest one on the other, which needs a point
at each end of the touching stretch. A manifold is that: the normal, and one
or two points, each with a point on either surface, its separation along
the normal and an id naming the features that made it, so a solver can find
the same point again next step and start from last step's impulse (warm
starting).

Frames and signs: everything returned is in world coordinates. ``normal``
is a unit vector from A towards B, as in ``Contact``. For each point,
``point_a`` lies on A's surface and ``point_b`` on B's, and
``separation = dot(point_b − point_a, normal)``: negative when the shapes
overlap there, 0 touching, positive for a speculative point (one that is
not touching yet, kept because it lies within ``margin``).

Outline of ``manifold_pair`` (every step in A's frame, as the narrow phase
does, so rounding is relative to the pair's size wherever it is):

1. bounding circles farther apart than the radii plus ``margin``: none;
2. the normal:
   - two small polygons (point cores of 3 to ``SAT_MAX_VERTICES`` vertices)
     whose cores overlap or touch: the face of greatest separation
     (separating axes, Box2D's ``b2FindMaxSeparation``), A's face unless
     B's is deeper by ``FACE_FLIP_REL`` of the smaller shape, so a resting
     box does not swap faces from step to step (Box2D v2.3's hysteresis);
   - two such polygons whose cores are apart, with their closest points on
     the face of greatest separation (a vertex of the other over it): that
     face's normal, which is exactly GJK's direction (``_max_separation``;
     measured: a box beside a box 2 mm away 418 -> 250 ns);
   - otherwise GJK on the cores: cores apart, the direction between their
     closest points; cores overlapping, EPA's normal; between an ellipse and
     a shape of points, that direction made exact (``_ellipse_normal``: the
     other's face where it is the closest feature, else Newton's method to
     the vertex), as GJK knows it on a curved core only to about the square
     root of the tolerance (13 units of a point's place on an Ellipse(1e7));
   - cores farther apart than the radii plus ``margin``: none;
3. the features: each shape's support feature along the normal (B's along
   −normal): for a polygon or a capsule's segment, of the two edges at the
   support vertex the one whose outward normal is closer to the normal; a
   circle's centre or an ellipse's support point is a feature of one point;
4. clipping (Chipmunk2D's ``ContactPoints``, Ericson §5.1): the two
   features are projected on the tangent; each end of the stretch where
   they overlap gives a point on each feature, moved out along the normal
   onto its shape's rounded surface (by the radius, or by more where the
   feature slants: Chipmunk and Box2D move by the radius, which leaves a
   slanted capsule's point inside it). A point whose separation is above ``margin``
   is dropped (the closer one is kept if both are, which rounding alone can
   cause); a feature of one point gives one point, and so does a stretch of
   length zero (both ends clipped to one place: Chipmunk reports that place
   twice);
5. a round vertex under a face, with ``flat`` > 0 (the world's manifolds: a
   tenth of a slop): one point at a circle's centre, a capsule's end or an
   ellipse's point under the other shape's face gets a second
   (``_round_under_face``). Where the vertex's curve stays within ``flat``
   of its tangent under both ends of the face, the two points are under
   the face's ends, not the foot: a box on a planet rests on them as on
   the ground. Else the foot keeps a speculative point under the face's
   far end, nearer the curve, within ``margin``, as clipping keeps a
   polygon's. Each point is exact (on both surfaces; on an ellipse where
   the line along the normal from the face's end meets it). On its one
   point a box on a planet rocked from corner to corner forever, as Box2D
   v3's boxes do on any circle, the far corner sinking in between. A ball
   on the ground keeps its one point: its circle leaves the ground's face
   within centimetres, far from the face's ends.

Ids: ``(index of A's vertex << 16) | index of B's vertex``, the vertices
that bound the point's end of the stretch (Chipmunk pairs them the same
way; Box2D v3 packs two bytes). An ellipse's feature has index 0xFFFF.

Where we differ from Box2D v3 (``b2CollidePolygons``): Box2D keeps both
clipped points whatever their separation (a box tilted 45° onto the ground
gets a second point 0.7 above it), and relies on its solver to ignore
them; we keep points within ``margin`` only, which is what a caller asking
for the manifold expects, and what pymunk reports at ``margin=0``. Box2D
builds circles and capsules with dedicated routines; here every point core
(circle 1 point, capsule 2, polygon 3+) and the ellipse go through the one
path above, with GJK and EPA where separating axes do not apply.

Sources: Box2D v3 ``src/manifold.c`` (``b2CollidePolygons``,
``b2ClipPolygons``); Chipmunk2D ``src/cpCollision.c`` (``SupportEdgeForPoly``,
``ContactPoints``); Ericson, "Real-Time Collision Detection" §5.1, §9.5.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .batch import prepare_batch
from .epa import MAX_EPA_VERTICES, ROW, epa
from .gjk import STATUS_GJK_MAX_ITERATIONS, STATUS_OK, gjk, simplex_normal, witness_points
from .jit import inline, kernel, unmanaged
from .limits import check_transform, real, shown
from .narrowphase import pair_tolerance
from .shapes import (
    H_BOUND,
    H_COUNT,
    H_KIND,
    H_RADIUS,
    H_RX,
    H_RY,
    HEADER,
    KIND_ELLIPSE,
    KIND_POINTS,
    SupportShape,
    support_packed,
)  # fmt: skip
from .transform import length, relative_transform, rotate, rotate_inv

#: Polygons with up to this many vertices take their normal from separating axes when overlapping.
SAT_MAX_VERTICES = 16
#: B's face is the reference only when deeper than A's by this fraction of the smaller shape.
FACE_FLIP_REL = 1e-3
#: Feature ids pack A's vertex index above B's, in this many bits each.
ID_BITS = 16
ID_MASK = (1 << ID_BITS) - 1


class ManifoldPoint(NamedTuple):
    """One point of a manifold, world frame.

    ``point_a`` is on A's surface, ``point_b`` on B's;
    ``separation = dot(point_b − point_a, normal)`` (negative: overlapping);
    ``id`` names the features that made it and stays the same while they touch.

    >>> ManifoldPoint((0.0, 0.5), (0.0, 0.49), -0.01, 65536).separation
    -0.01
    """

    point_a: tuple[float, float]
    point_b: tuple[float, float]
    separation: float
    id: int


class Manifold(NamedTuple):
    """Where two shapes touch: a unit ``normal`` from A towards B (world frame)
    and one or two ``points``.

    >>> from engine.collision import Polygon
    >>> m = manifold(Polygon.box(5, 0.5), (0, 0, 0), Polygon.box(0.5, 0.5), (0, 0.99, 0))
    >>> m.normal, len(m.points)
    ((0.0, 1.0), 2)
    >>> [round(p.separation, 12) for p in m.points]
    [-0.01, -0.01]
    """

    normal: tuple[float, float]
    points: tuple[ManifoldPoint, ...]


class PairManifold(NamedTuple):
    """What ``manifold_pair`` returns, world frame: ``count`` points (0 to 2),
    the normal, and per point A's and B's points, the separation and the id;
    ``status`` as the narrow phase's (``gjk.STATUS_*``)."""

    count: int
    nx: float
    ny: float
    a1x: float
    a1y: float
    b1x: float
    b1y: float
    s1: float
    id1: int
    a2x: float
    a2y: float
    b2x: float
    b2y: float
    s2: float
    id2: int
    status: int


@inline
def _vertex(data, off, i):
    base = off + HEADER + 2 * i
    return data[base], data[base + 1]


@inline
def _edge_normal(data, off, count, i):
    """Unit outward normal of the edge from vertex i to vertex i + 1 of a
    counter-clockwise core (a segment's two edges are its two sides)."""
    ax, ay = _vertex(data, off, i)
    j = i + 1 if i + 1 < count else 0
    bx, by = _vertex(data, off, j)
    ex, ey = bx - ax, by - ay
    n = length(ex, ey)
    return ey / n, -ex / n


# Not inlined: called twice, once per shape, and compiled once
# (inlined, numba builds a helper's IR again at each call site: benchmarks/compile_times.py).
@kernel
def _max_separation(data_p, off_p, count_p, data_q, off_q, count_q, c, s, tx, ty, tol):
    """Separating axes: the largest, over P's edges, of Q's least separation
    from that edge along its outward normal, Q given in P's frame by the
    rotation (c, s) and translation (tx, ty). Returns (separation, edge,
    closest).

    ``closest``: the separation is above ``tol`` (the cores are apart) and a
    vertex of Q within ``tol`` of it lies over that edge (its foot on the
    edge's line falls between the edge's ends). Then the cores are that far
    apart (the axis bounds the distance from below, and the vertex reaches
    it), and the edge's normal is the direction between their closest
    points, the one GJK finds (Box2D v3's ``b2CollidePolygons`` too takes
    the face's normal unless its segments' closest points are both ends)."""
    best, best_i = -math.inf, 0
    for i in range(count_p):
        nx, ny = _edge_normal(data_p, off_p, count_p, i)
        px, py = _vertex(data_p, off_p, i)
        least = math.inf
        for k in range(count_q):
            qx, qy = _vertex(data_q, off_q, k)
            qx, qy = rotate(c, s, qx, qy)
            least = min(least, (qx + tx - px) * nx + (qy + ty - py) * ny)
        if least > best:
            best, best_i = least, i
    closest = False
    if best > tol:
        nx, ny = _edge_normal(data_p, off_p, count_p, best_i)
        ax, ay = _vertex(data_p, off_p, best_i)
        bx, by = _vertex(data_p, off_p, best_i + 1 if best_i + 1 < count_p else 0)
        ex, ey = bx - ax, by - ay
        for k in range(count_q):
            qx, qy = _vertex(data_q, off_q, k)
            qx, qy = rotate(c, s, qx, qy)
            qx, qy = qx + tx - ax, qy + ty - ay
            along = qx * ex + qy * ey
            if qx * nx + qy * ny <= best + tol and 0.0 <= along <= ex * ex + ey * ey:
                closest = True
                break
    return best, best_i, closest


# Not inlined: called once per shape, and compiled once with its support switch
# (inlined, numba builds a helper's IR again at each call site: benchmarks/compile_times.py).
@kernel
def _support_feature(data, off, dx, dy):
    """The feature of a core farthest along (dx, dy), its local frame:
    (x1, y1, i1, x2, y2, i2), an edge counter-clockwise from vertex i1 to
    vertex i2, or the same point twice for a one-point feature (a circle's
    centre, an ellipse's support point, with index ``ID_MASK``)."""
    if data[off + H_KIND] == KIND_ELLIPSE:
        x, y, _ = support_packed(data, off, dx, dy)
        return x, y, ID_MASK, x, y, ID_MASK
    count = int(data[off + H_COUNT])
    x, y, i1 = support_packed(data, off, dx, dy)
    if count == 1:
        return x, y, 0, x, y, 0
    i0 = i1 - 1 if i1 > 0 else count - 1
    i2 = i1 + 1 if i1 + 1 < count else 0
    n0x, n0y = _edge_normal(data, off, count, i0)
    n1x, n1y = _edge_normal(data, off, count, i1)
    if n0x * dx + n0y * dy > n1x * dx + n1y * dy:
        px, py = _vertex(data, off, i0)
        return px, py, i0, x, y, i1
    qx, qy = _vertex(data, off, i2)
    return x, y, i1, qx, qy, i2


#: Newton steps ``_ellipse_normal`` takes at most (each squares the error: two suffice at 1e7).
ELLIPSE_NORMAL_STEPS = 4


# Not inlined: called once, and compiled once (see ``_max_separation``).
@kernel
def _ellipse_normal(data_a, off_a, data_b, off_b, c, s, tx, ty, nx, ny, tol):
    """GJK's (or EPA's) normal, frame A, from A towards B, for a pair of one ellipse and one shape
    of points, made exact: GJK stops once the distance is known to the pair's tolerance, and on
    a curved core the direction is then known only to about its square root: on an
    ``Ellipse(1e7, 1e7)`` it was 1.3e-6 rad off, the ellipse's support point 13 units to the side
    of a box resting on it, and the box fell through.

    - The other shape's face is the closest feature (the ellipse's support point along the
      face's normal lies over the face: the face's axis bounds the distance, and the two points
      reach it, as in ``_max_separation``): that face's normal.
    - Else its vertex q nearest the ellipse (its support point along the normal) is: Newton's
      method on the normal's angle θ for the ellipse's support point p(θ) to lie under q, the
      offset (q − p)·t along the tangent to 0, its derivative −(d + ρ) (d the distance along n,
      ρ the ellipse's radius of curvature at p, rx²ry² / (rx²nx² + ry²ny²)^(3/2)); until the
      offset is within ``tol``, at most ``ELLIPSE_NORMAL_STEPS`` steps."""
    ellipse_a = data_a[off_a + H_KIND] == KIND_ELLIPSE
    # The other shape's feature along the normal, frame A.
    if ellipse_a:
        lx, ly = rotate_inv(c, s, -nx, -ny)
        x1, y1, i1, x2, y2, i2 = _support_feature(data_b, off_b, lx, ly)
        x1, y1 = rotate(c, s, x1, y1)
        x2, y2 = rotate(c, s, x2, y2)
        x1, y1, x2, y2 = x1 + tx, y1 + ty, x2 + tx, y2 + ty
        qx, qy, _ = support_packed(data_b, off_b, lx, ly)
        qx, qy = rotate(c, s, qx, qy)
        qx, qy = qx + tx, qy + ty
        rx, ry, sign = data_a[off_a + H_RX], data_a[off_a + H_RY], 1.0
        ec, es, ex0, ey0 = 1.0, 0.0, 0.0, 0.0  # the ellipse's frame in A's
    else:
        x1, y1, i1, x2, y2, i2 = _support_feature(data_a, off_a, nx, ny)
        qx, qy, _ = support_packed(data_a, off_a, nx, ny)
        rx, ry, sign = data_b[off_b + H_RX], data_b[off_b + H_RY], -1.0
        ec, es, ex0, ey0 = c, s, tx, ty
    if i1 != i2:  # a face: its normal, if the ellipse's point along it lies over it
        fx, fy = -(y2 - y1) * sign, (x2 - x1) * sign  # the face's normal, from A towards B
        size = length(fx, fy)
        mx, my = fx / size, fy / size
        if mx * nx + my * ny > 0.0:
            px, py = _ellipse_support(rx, ry, ec, es, ex0, ey0, sign * mx, sign * my)
            ex, ey = x2 - x1, y2 - y1
            along = (px - x1) * ex + (py - y1) * ey
            if 0.0 <= along <= ex * ex + ey * ey:
                return mx, my
    # The vertex: Newton on the ellipse's outward normal u = sign·n.
    ux, uy = sign * nx, sign * ny
    for _ in range(ELLIPSE_NORMAL_STEPS):
        px, py = _ellipse_support(rx, ry, ec, es, ex0, ey0, ux, uy)
        wx, wy = qx - px, qy - py
        lateral = wx * -uy + wy * ux
        if abs(lateral) <= tol:
            break
        lux, luy = rotate_inv(ec, es, ux, uy)  # the normal in the ellipse's own frame
        k = rx * rx * lux * lux + ry * ry * luy * luy
        rho = rx * rx * ry * ry / (k * math.sqrt(k))
        reach = wx * ux + wy * uy + rho
        if not reach > 0.0:
            break
        turn = lateral / reach
        ux, uy = ux - turn * uy, uy + turn * ux
        size = length(ux, uy)
        ux, uy = ux / size, uy / size
    return sign * ux, sign * uy


@inline
def _ellipse_support(rx, ry, ec, es, ex0, ey0, ux, uy):
    """The support point along the unit (ux, uy) of the ellipse of semi-axes rx, ry placed by the
    rotation (ec, es) and translation (ex0, ey0), in that outer frame."""
    lx, ly = rotate_inv(ec, es, ux, uy)
    x, y = rx * rx * lx, ry * ry * ly
    k = math.sqrt(x * lx + y * ly)
    x, y = rotate(ec, es, x / k, y / k)
    return x + ex0, y + ey0


@inline
def _along(t0, t1, t):
    """Where ``t`` falls along t0 → t1, clamped to [0, 1]; 0 for a point (t0 == t1)."""
    span = t1 - t0
    if span == 0.0:
        return 0.0
    return min(max((t - t0) / span, 0.0), 1.0)


#: A feature whose stretch along the tangent is this small a share of its length stands end on to it.
END_ON = 1e-12


@inline
def _end_on(ax, ay, ia, bx, by, ib, nx, ny, far):
    """The feature a–b, or, where it stands end on to the normal (its stretch along the tangent under
    ``END_ON`` of its length), its one end farthest along (nx, ny) (``far``) or least far, twice: a
    capsule turned by 2e-312 rad from the normal (a denormal stretch) ordered its ends by that
    number's sign, and the clip took its first end, the one away from the wall (5.75 cm apart where
    it was 5 mm in)."""
    span = ny * (bx - ax) - nx * (by - ay)
    if abs(span) > END_ON * length(bx - ax, by - ay):
        return ax, ay, ia, bx, by, ib
    if (nx * bx + ny * by > nx * ax + ny * ay) == far:
        return bx, by, ib, bx, by, ib
    return ax, ay, ia, ax, ay, ia


@inline
def surface_offset(ax, ay, bx, by, px, py, dx, dy, r):
    """How far to go from ``p``, a point of the core feature a–b, along the unit
    outward direction (dx, dy) to reach the rounded surface around that
    feature (distance ``r`` from it): r itself when the feature is a point or
    lies across the direction, more when it slants (r / sin of the slant), or
    where the way meets the round end of the feature."""
    if r == 0.0:
        return 0.0
    ex, ey = bx - ax, by - ay
    span2 = ex * ex + ey * ey
    if span2 == 0.0:
        return r
    across = abs(ex * dy - ey * dx) / math.sqrt(span2)
    if across > 0.0:
        t = r / across
        u = ((px + t * dx - ax) * ex + (py + t * dy - ay) * ey) / span2
        if 0.0 <= u <= 1.0:
            return t
        end_x, end_y = (ax, ay) if u < 0.0 else (bx, by)
    elif ex * dx + ey * dy > 0.0:
        end_x, end_y = bx, by
    else:
        end_x, end_y = ax, ay
    # |p + t·d − end| = r, the root past p.
    wx, wy = px - end_x, py - end_y
    wd = wx * dx + wy * dy
    disc = wd * wd - (wx * wx + wy * wy) + r * r
    return -wd + math.sqrt(disc) if disc >= 0.0 else r


# Not inlined: called for each end of the stretch, and compiled once
# (inlined, numba builds a helper's IR again at each call site: benchmarks/compile_times.py).
@kernel
def _clip_end(e1ax, e1ay, e1bx, e1by, e2ax, e2ay, e2bx, e2by, u, v, nx, ny, ra, rb):
    """One end of the clipped stretch: the point ``u`` along A's feature and ``v`` along B's, each
    carried out to its rounded surface along the normal (A's along n, B's along −n: by the radius,
    or more where the feature slants). Returns (pax, pay, pbx, pby, separation)."""
    qx, qy = e1ax + u * (e1bx - e1ax), e1ay + u * (e1by - e1ay)
    out = surface_offset(e1ax, e1ay, e1bx, e1by, qx, qy, nx, ny, ra)
    pax, pay = qx + out * nx, qy + out * ny
    qx, qy = e2ax + v * (e2bx - e2ax), e2ay + v * (e2by - e2ay)
    out = surface_offset(e2ax, e2ay, e2bx, e2by, qx, qy, -nx, -ny, rb)
    pbx, pby = qx - out * nx, qy - out * ny
    return pax, pay, pbx, pby, (pbx - pax) * nx + (pby - pay) * ny


@inline
def _ident(ia, ib):
    return ((ia & ID_MASK) << ID_BITS) | (ib & ID_MASK)


@inline
def _ellipse_under(rx, ry, ec, es, ex0, ey0, px, py, mx, my):
    """Where the line through ``p`` along the unit ``m`` meets the ellipse of semi-axes rx, ry
    placed by (ec, es) and (ex0, ey0), on the side ``m`` points to: (ok, λ), the point p + λ·m;
    not ok when the line misses it. The quadratic of the ellipse's own frame, its larger root in
    the stable form (no difference of nearly equal numbers but the constant term's)."""
    lx, ly = rotate_inv(ec, es, px - ex0, py - ey0)
    dx, dy = rotate_inv(ec, es, mx, my)
    a = dx * dx / (rx * rx) + dy * dy / (ry * ry)
    b = 2.0 * (lx * dx / (rx * rx) + ly * dy / (ry * ry))
    cc = (lx / rx) ** 2 + (ly / ry) ** 2 - 1.0
    disc = b * b - 4.0 * a * cc
    if not disc >= 0.0:
        return False, 0.0
    q = -0.5 * (b + math.copysign(math.sqrt(disc), b))
    if q == 0.0:
        return True, 0.0
    return True, max(q / a, cc / q)


# Not inlined: called for each end of the face, and compiled once
# (inlined, numba builds a helper's IR again at each call site: benchmarks/compile_times.py).
@kernel
def _under(ellipse, cx, cy, r, rx, ry, ec, es, f1x, f1y, f2x, f2y, px, py, rf, mx, my):
    """A round vertex of one shape under the end ``p`` of the other's face f1–f2 (radius ``rf``),
    ``m`` the unit normal from the vertex's shape towards the face's: a circle about ``c`` of
    radius ``r`` (a circle's centre, a capsule's end), or with ``ellipse`` the ellipse of
    semi-axes rx, ry placed by (ec, es) and ``c``. Returns (on, sag, pvx, pvy, pfx, pfy,
    separation): the vertex's surface point across from ``p`` (where the line through p along m
    meets it; ``on`` False when it misses), how far it lies below the tangent line along m, the
    face's surface point, each exact, and the separation along m."""
    if ellipse:
        on, lam = _ellipse_under(rx, ry, ec, es, cx, cy, px, py, mx, my)
        if not on:
            return False, math.inf, 0.0, 0.0, 0.0, 0.0, math.inf
        pvx, pvy = px + lam * mx, py + lam * my
        tx, ty = _ellipse_support(rx, ry, ec, es, cx, cy, mx, my)
        sag = (tx - pvx) * mx + (ty - pvy) * my
    else:
        d = (px - cx) * -my + (py - cy) * mx
        if not abs(d) < r:
            return False, math.inf, 0.0, 0.0, 0.0, 0.0, math.inf
        up = math.sqrt((r - d) * (r + d))
        pvx, pvy = cx - d * my + up * mx, cy + d * mx + up * my
        sag = d * d / (r + up)
    out = surface_offset(f1x, f1y, f2x, f2y, px, py, -mx, -my, rf)
    pfx, pfy = px - out * mx, py - out * my
    return True, sag, pvx, pvy, pfx, pfy, (pfx - pvx) * mx + (pfy - pvy) * my


# Not inlined: called once, and compiled once (see ``_under``).
@kernel
def _round_under_face(
    data_a, off_a, data_b, off_b, c, s, tx, ty,
    e1ax, e1ay, i1a, e1bx, e1by, i1b, e2ax, e2ay, i2a, e2bx, e2by, i2b, u, v, nx, ny, ra, rb,
    flat_a, flat_b, keep, fax, fay, fbx, fby, fs, fid,
):  # fmt: skip
    """The second point of a round vertex that clipping met at one point (the foot: its A and B
    points ``fa``, ``fb``, separation ``fs`` and id ``fid``) under the other shape's face: a
    circle's centre, a capsule's end, an ellipse's point. Frame A, n from A towards B; ``u``,
    ``v``: where the foot lies along A's and B's features. Returns (ok, then per point pax, pay,
    pbx, pby, separation, id); not ok: the foot alone.

    ``flat_a``, ``flat_b``: how flat A's and B's vertex may be to count (0: not at all; the world
    gives 0 to a body that can turn: a point fixed to a turning circle's surface away from where
    it touches moves as the circle turns, where its surface does not, and a circle spinning
    against a capsule gained 4 % of its energy at a bounce). At each end of the face, the
    vertex's surface point across from it (``_under``):
    - both within ``flat`` of the vertex's tangent line, and within ``keep``: those two, not the
      foot (the face rests on both, its middle at most ``flat`` in: a box on a planet);
    - else the foot and the end (not the foot's own) nearer the vertex, within ``keep``: a
      speculative point where the face's far end would meet the curve, as clipping keeps a
      polygon's within the margin; without it the body rocked from corner to corner on the
      one point, the far corner sinking in between (a long box lying on a Circle(4430) 3.8 cm
      in, awake).
    """
    nothing = (False, 0.0, 0.0, 0.0, 0.0, 0.0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
    one_a = e1ax == e1bx and e1ay == e1by
    one_b = e2ax == e2bx and e2ay == e2by
    ellipse_a, ellipse_b = data_a[off_a + H_KIND] == KIND_ELLIPSE, data_b[off_b + H_KIND] == KIND_ELLIPSE
    rx, ry, ec, es, r = 0.0, 0.0, 1.0, 0.0, 0.0
    if not one_b and (ellipse_a or (ra > 0.0 and (one_a or u == 0.0 or u == 1.0))):  # A's vertex, B's face
        vertex_a, ellipse = True, ellipse_a
        if ellipse:
            cx, cy, ic, rx, ry = 0.0, 0.0, ID_MASK, data_a[off_a + H_RX], data_a[off_a + H_RY]
        else:
            cx, cy, ic = (e1ax, e1ay, i1a) if (one_a or u == 0.0) else (e1bx, e1by, i1b)
            r = ra
        rf, mx, my = rb, nx, ny
        # The face, and its ends in the points' order (the first at B's end); whether the foot is at one.
        sax, say, sbx, sby = e2ax, e2ay, e2bx, e2by
        f1x, f1y, if1, f2x, f2y, if2 = e2bx, e2by, i2b, e2ax, e2ay, i2a
        foot1, foot2 = v == 1.0, v == 0.0
        flat = flat_a
    elif not one_a and (ellipse_b or (rb > 0.0 and (one_b or v == 0.0 or v == 1.0))):  # B's vertex, A's face
        vertex_a, ellipse = False, ellipse_b
        if ellipse:
            cx, cy, ic, rx, ry, ec, es = tx, ty, ID_MASK, data_b[off_b + H_RX], data_b[off_b + H_RY], c, s
        else:
            cx, cy, ic = (e2ax, e2ay, i2a) if (one_b or v == 0.0) else (e2bx, e2by, i2b)
            r = rb
        rf, mx, my = ra, -nx, -ny
        sax, say, sbx, sby = e1ax, e1ay, e1bx, e1by
        f1x, f1y, if1, f2x, f2y, if2 = e1ax, e1ay, i1a, e1bx, e1by, i1b
        foot1, foot2 = u == 0.0, u == 1.0
        flat = flat_b
    else:
        return nothing
    if flat <= 0.0:
        return nothing
    on1, sag1, v1x, v1y, w1x, w1y, s1 = _under(
        ellipse, cx, cy, r, rx, ry, ec, es, sax, say, sbx, sby, f1x, f1y, rf, mx, my
    )  # fmt: skip
    on2, sag2, v2x, v2y, w2x, w2y, s2 = _under(
        ellipse, cx, cy, r, rx, ry, ec, es, sax, say, sbx, sby, f2x, f2y, rf, mx, my
    )  # fmt: skip
    id1, id2 = (_ident(ic, if1), _ident(ic, if2)) if vertex_a else (_ident(if1, ic), _ident(if2, ic))
    # The vertex's points are A's when the vertex is; the face's B's.
    if not vertex_a:
        v1x, v1y, w1x, w1y = w1x, w1y, v1x, v1y
        v2x, v2y, w2x, w2y = w2x, w2y, v2x, v2y
    if on1 and on2 and sag1 <= flat and sag2 <= flat and s1 <= keep and s2 <= keep:
        return True, v1x, v1y, w1x, w1y, s1, id1, v2x, v2y, w2x, w2y, s2, id2
    use1, use2 = on1 and not foot1 and s1 <= keep, on2 and not foot2 and s2 <= keep
    if use2 and (not use1 or s2 < s1):
        use1, v1x, v1y, w1x, w1y, s1, id1 = True, v2x, v2y, w2x, w2y, s2, id2
    if not use1:
        return nothing
    if id1 == fid:  # (the foot's id names the same face vertex: the end takes the vertex's alone)
        id1 = _ident(ic, ID_MASK) if vertex_a else _ident(ID_MASK, ic)
    return True, fax, fay, fbx, fby, fs, fid, v1x, v1y, w1x, w1y, s1, id1


@kernel
def manifold_pair(data_a, off_a, data_b, off_b, xa, ya, ca, sa, xb, yb, cb, sb, margin, flat_a, flat_b, poly):
    """The manifold of two packed shapes at their world transforms, each given
    as a position and the cos and sin of its angle (see the module's outline).
    ``margin`` ≥ 0 is how far apart speculative points may be; ``flat_a``, ``flat_b`` ≥ 0 how
    far A's or B's round vertex's circle may fall below its tangent along a face it meets
    and still count as flat there (0: never; step 5 of the module's outline); ``poly`` is
    EPA's scratch polytope. Returns a ``PairManifold``, world frame.

    A kernel of its own, not inlined: the batch and the world's step call this
    one compiled function (inlined into both, it compiled twice on a first run)."""
    ra, rb = data_a[off_a + H_RADIUS], data_b[off_b + H_RADIUS]
    bound_a, bound_b = data_a[off_a + H_BOUND], data_b[off_b + H_BOUND]
    tol = pair_tolerance(bound_a, ra, bound_b, rb, xb - xa, yb - ya, xa, ya, xb, yb)
    reach = ra + rb + margin + tol
    bounds = bound_a + bound_b + reach
    nothing = PairManifold(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, STATUS_OK)
    if (xb - xa) ** 2 + (yb - ya) ** 2 > bounds * bounds:
        return nothing

    c, s, tx, ty = relative_transform(xa, ya, ca, sa, xb, yb, cb, sb)
    status = STATUS_OK

    # 2. The normal, frame A, from A towards B.
    use_gjk = True
    nx, ny = 0.0, 0.0
    count_a, count_b = int(data_a[off_a + H_COUNT]), int(data_b[off_b + H_COUNT])
    if (
        data_a[off_a + H_KIND] == KIND_POINTS and data_b[off_b + H_KIND] == KIND_POINTS
        and 3 <= count_a <= SAT_MAX_VERTICES and 3 <= count_b <= SAT_MAX_VERTICES
    ):  # fmt: skip
        sep_a, face_a, closest_a = _max_separation(
            data_a, off_a, count_a, data_b, off_b, count_b, c, s, tx, ty, tol
        )  # fmt: skip
        # A in B's frame: the inverse of (c, s, tx, ty).
        itx, ity = rotate_inv(c, s, -tx, -ty)
        sep_b, face_b, closest_b = _max_separation(
            data_b, off_b, count_b, data_a, off_a, count_a, c, -s, itx, ity, tol
        )  # fmt: skip
        if max(sep_a, sep_b) > reach:
            return nothing
        if max(sep_a, sep_b) <= tol:  # cores overlap or touch: a face is the normal
            use_gjk = False
            flip = FACE_FLIP_REL * min(bound_a + ra, bound_b + rb)
            if sep_b > sep_a + flip:
                bnx, bny = _edge_normal(data_b, off_b, count_b, face_b)
                nx, ny = rotate(c, s, -bnx, -bny)
            else:
                nx, ny = _edge_normal(data_a, off_a, count_a, face_a)
        elif closest_a:  # cores apart, their closest points on A's face: its normal is GJK's direction
            use_gjk = False
            nx, ny = _edge_normal(data_a, off_a, count_a, face_a)
        elif closest_b:
            use_gjk = False
            bnx, bny = _edge_normal(data_b, off_b, count_b, face_b)
            nx, ny = rotate(c, s, -bnx, -bny)
    if use_gjk:
        status, _, lower, simplex = gjk(data_a, off_a, data_b, off_b, c, s, tx, ty, tol, reach, tol)
        pax, pay, pbx, pby = witness_points(simplex)
        core = 0.0 if simplex.count == 3 else length(pbx - pax, pby - pay)
        if not (core <= reach or (status == STATUS_GJK_MAX_ITERATIONS and lower <= reach)):
            return nothing
        if core > tol:
            nx, ny = simplex_normal(simplex)
        else:
            status2, nx, ny, _, _, _, _, _ = epa(
                data_a, off_a, data_b, off_b, c, s, tx, ty, simplex, tol, poly
            )
            if status2 != STATUS_OK:
                status = status2
        if (data_a[off_a + H_KIND] == KIND_ELLIPSE) != (data_b[off_b + H_KIND] == KIND_ELLIPSE):
            nx, ny = _ellipse_normal(data_a, off_a, data_b, off_b, c, s, tx, ty, nx, ny, tol)

    # 3. The features: A's along n, B's along −n (found in B's frame, moved into A's).
    e1ax, e1ay, i1a, e1bx, e1by, i1b = _support_feature(data_a, off_a, nx, ny)
    lx, ly = rotate_inv(c, s, -nx, -ny)
    e2ax, e2ay, i2a, e2bx, e2by, i2b = _support_feature(data_b, off_b, lx, ly)
    e2ax, e2ay = rotate(c, s, e2ax, e2ay)
    e2bx, e2by = rotate(c, s, e2bx, e2by)
    e2ax, e2ay, e2bx, e2by = e2ax + tx, e2ay + ty, e2bx + tx, e2by + ty

    # A feature end on to the normal is its nearer end (A's farthest along n, B's least far).
    e1ax, e1ay, i1a, e1bx, e1by, i1b = _end_on(e1ax, e1ay, i1a, e1bx, e1by, i1b, nx, ny, True)
    e2ax, e2ay, i2a, e2bx, e2by, i2b = _end_on(e2ax, e2ay, i2a, e2bx, e2by, i2b, nx, ny, False)

    # 4. Clip along the tangent (-ny, nx): each end of the shared stretch is a point.
    t1a, t1b = ny * e1ax - nx * e1ay, ny * e1bx - nx * e1by
    t2a, t2b = ny * e2ax - nx * e2ay, ny * e2bx - nx * e2by
    # A's edge runs one way and B's the other, so A's start meets B's end.
    u1, v1, u2, v2 = (
        _along(t1a, t1b, t2b),
        _along(t2a, t2b, t1a),
        _along(t1a, t1b, t2a),
        _along(t2a, t2b, t1b),
    )
    p1ax, p1ay, p1bx, p1by, s1 = _clip_end(
        e1ax, e1ay, e1bx, e1by, e2ax, e2ay, e2bx, e2by, u1, v1, nx, ny, ra, rb
    )  # fmt: skip
    id1 = _ident(i1a, i2b)
    p2ax, p2ay, p2bx, p2by, s2 = _clip_end(
        e1ax, e1ay, e1bx, e1by, e2ax, e2ay, e2bx, e2by, u2, v2, nx, ny, ra, rb
    )  # fmt: skip
    id2 = _ident(i1b, i2a)

    # A feature of one point, or a stretch of none (both ends clipped to one place: the features meet
    # end to end, or do not overlap along the tangent at all), gives one point, not the same one twice.
    # One place to the pair's tolerance, not exactly: a stretch of 1e-139 (a capsule that is nearly a
    # point) leaves ends apart in A's frame that meet exactly once moved back to the world.
    same = (
        abs(p1ax - p2ax) <= tol
        and abs(p1ay - p2ay) <= tol
        and abs(p1bx - p2bx) <= tol
        and abs(p1by - p2by) <= tol
    )
    single = (e1ax == e1bx and e1ay == e1by) or (e2ax == e2bx and e2ay == e2by) or same
    keep = margin + tol
    if single and (flat_a > 0.0 or flat_b > 0.0):
        # 5. One point at a round vertex under a face: a second point (see the module).
        f = _round_under_face(
            data_a, off_a, data_b, off_b, c, s, tx, ty,
            e1ax, e1ay, i1a, e1bx, e1by, i1b, e2ax, e2ay, i2a, e2bx, e2by, i2b, u1, v1, nx, ny, ra, rb,
            flat_a, flat_b, keep, p1ax, p1ay, p1bx, p1by, s1, id1,
        )  # fmt: skip
        if f[0]:
            single = False
            p1ax, p1ay, p1bx, p1by, s1, id1 = f[1], f[2], f[3], f[4], f[5], f[6]
            p2ax, p2ay, p2bx, p2by, s2, id2 = f[7], f[8], f[9], f[10], f[11], f[12]
    keep1, keep2 = s1 <= keep, s2 <= keep and not single
    if not keep1 and not keep2:  # rounding only: the closer one stays
        keep1, keep2 = single or s1 <= s2, not single and s2 < s1
    if not keep1:
        p1ax, p1ay, p1bx, p1by, s1, id1 = p2ax, p2ay, p2bx, p2by, s2, id2
    count = 2 if keep1 and keep2 else 1

    # 6. Back to the world.
    wnx, wny = rotate(ca, sa, nx, ny)
    p1ax, p1ay = rotate(ca, sa, p1ax, p1ay)
    p1bx, p1by = rotate(ca, sa, p1bx, p1by)
    p2ax, p2ay = rotate(ca, sa, p2ax, p2ay)
    p2bx, p2by = rotate(ca, sa, p2bx, p2by)
    if count == 1:
        return PairManifold(
            1, wnx, wny, p1ax + xa, p1ay + ya, p1bx + xa, p1by + ya, s1, id1,
            0.0, 0.0, 0.0, 0.0, 0.0, 0, status,
        )  # fmt: skip
    return PairManifold(
        2, wnx, wny,
        p1ax + xa, p1ay + ya, p1bx + xa, p1by + ya, s1, id1,
        p2ax + xa, p2ay + ya, p2bx + xa, p2by + ya, s2, id2,
        status,
    )  # fmt: skip


#: Numbers in a row of ``manifolds_kernel``'s ``values``: nx, ny, then per point
#: pax, pay, pbx, pby, separation.
MANIFOLD_VALUES = 12


@kernel
def manifolds_kernel(data, offsets, shape_a, xf_a, shape_b, xf_b, margin, count, values, ids):
    """``manifold_pair`` on every pair: ``count`` (k,), ``values`` (k, 12) =
    nx, ny, then pax, pay, pbx, pby, separation for point 1 and point 2;
    ``ids`` (k, 2). Rows with count 0 are left as they were."""
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly, data = unmanaged(polytope), unmanaged(data)
    for k in range(shape_a.shape[0]):
        oa, ob = offsets[shape_a[k]], offsets[shape_b[k]]
        ca, sa, cb, sb = (
            math.cos(xf_a[k, 2]),
            math.sin(xf_a[k, 2]),
            math.cos(xf_b[k, 2]),
            math.sin(xf_b[k, 2]),
        )
        # (flat 0: the public manifold's round vertices keep their one point, as pymunk's)
        m = manifold_pair(
            data, oa, data, ob, xf_a[k, 0], xf_a[k, 1], ca, sa, xf_b[k, 0], xf_b[k, 1], cb, sb,
            margin, 0.0, 0.0, poly,
        )  # fmt: skip
        count[k] = m.count
        if m.count == 0:
            continue
        values[k, 0], values[k, 1] = m.nx, m.ny
        values[k, 2], values[k, 3], values[k, 4], values[k, 5], values[k, 6] = (
            m.a1x,
            m.a1y,
            m.b1x,
            m.b1y,
            m.s1,
        )
        values[k, 7], values[k, 8], values[k, 9], values[k, 10], values[k, 11] = (
            m.a2x,
            m.a2y,
            m.b2x,
            m.b2y,
            m.s2,
        )
        ids[k, 0], ids[k, 1] = m.id1, m.id2
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view


class ManifoldBatch(NamedTuple):
    """Per-pair manifolds, world frame; row k has ``count[k]`` points (0, 1 or 2),
    and rows or points beyond the count hold zeros.

    ``normal`` (k, 2) from A towards B; ``point_a``, ``point_b`` (k, 2, 2) the
    points on A and on B, ``separation`` (k, 2), ``id`` (k, 2) int64.
    """

    count: np.ndarray
    normal: np.ndarray
    point_a: np.ndarray
    point_b: np.ndarray
    separation: np.ndarray
    id: np.ndarray


#: The largest ``margin`` taken: the engine's largest size.
MAX_MARGIN = 1e9


def _margin(margin) -> float:
    value = real("margin", margin)
    if not (0.0 <= value <= MAX_MARGIN):
        raise ValueError(f"margin is {shown(margin)}: it must lie in 0..{MAX_MARGIN:g}")
    return value


def manifolds_batch(table, shape_a, xf_a, shape_b, xf_b, margin: float = 0.0) -> ManifoldBatch:
    """``manifold`` for every pair in one compiled call: ``shape_a``/``shape_b``
    are (k,) indices into ``table`` (a ``ShapeTable``), ``xf_a``/``xf_b`` (k, 3)
    rows of (x, y, angle), checked as for ``contacts_batch``.

    >>> from engine.collision import Circle, Polygon, ShapeTable
    >>> table = ShapeTable([Polygon.box(5, 0.5), Circle(0.5)])
    >>> m = manifolds_batch(table, [0, 0], [(0, 0, 0), (0, 0, 0)], [1, 1], [(0, 0.9, 0), (0, 9, 0)])
    >>> m.count.tolist(), round(float(m.separation[0, 0]), 12)
    ([1, 0], -0.1)
    """
    margin = _margin(margin)
    data, offsets, shape_a, xf_a, shape_b, xf_b = prepare_batch(table, shape_a, xf_a, shape_b, xf_b)
    k = len(shape_a)
    count = np.zeros(k, dtype=np.int64)
    values = np.zeros((k, MANIFOLD_VALUES))
    ids = np.zeros((k, 2), dtype=np.int64)
    manifolds_kernel(data, offsets, shape_a, xf_a, shape_b, xf_b, margin, count, values, ids)
    points = values[:, 2:].reshape(k, 2, 5)
    return ManifoldBatch(count, values[:, 0:2], points[:, :, 0:2], points[:, :, 2:4], points[:, :, 4], ids)


def manifold(a, xf_a, b, xf_b, margin: float = 0.0) -> Manifold | None:
    """The manifold of shapes ``a`` and ``b`` at ``xf_a`` and ``xf_b``, or None when
    they are farther apart than ``margin`` (≥ 0; 0: touching or overlapping).

    Built-in shapes get up to two points (see the module). A custom
    ``SupportShape`` has no edges to clip: it gets one point, from
    ``distance`` when apart and ``contact`` when overlapping, with id 0.
    """
    xa = check_transform("xf_a", xf_a)
    xb = check_transform("xf_b", xf_b)
    margin = _margin(margin)
    for name, shape in (("a", a), ("b", b)):
        if not isinstance(shape, SupportShape):
            raise TypeError(f"{name} is a {type(shape).__name__}, not a shape: it has no support(dx, dy)")
    if not (hasattr(a, "packed") and hasattr(b, "packed")):
        return _one_point(a, xa, b, xb, margin)
    table_data = np.concatenate([a.packed, b.packed])
    table_data.flags.writeable = False  # as a ShapeTable's: one compiled signature for both callers
    offsets = np.array([0, len(a.packed)], dtype=np.int64)
    count = np.zeros(1, dtype=np.int64)
    values = np.zeros((1, MANIFOLD_VALUES))
    ids = np.zeros((1, 2), dtype=np.int64)
    manifolds_kernel(
        table_data, offsets, _ZERO, np.array([xa]), _ONE, np.array([xb]), margin, count, values, ids
    )
    if count[0] == 0:
        return None
    v = values[0].tolist()
    points = tuple(
        ManifoldPoint(
            (v[2 + 5 * i], v[3 + 5 * i]), (v[4 + 5 * i], v[5 + 5 * i]), v[6 + 5 * i], int(ids[0, i])
        )
        for i in range(int(count[0]))
    )
    return Manifold((v[0], v[1]), points)


_ZERO = np.zeros(1, dtype=np.int64)
_ONE = np.ones(1, dtype=np.int64)


def _one_point(a, xa, b, xb, margin: float) -> Manifold | None:
    """A custom shape's manifold: one point, from the one-pair queries."""
    from .queries import contact, distance  # queries imports this module's neighbours only

    gap = distance(a, xa, b, xb)
    if gap.distance > margin:
        return None
    if gap.distance > 0.0:
        (pax, pay), (pbx, pby) = gap.point_a, gap.point_b
        d = math.hypot(pbx - pax, pby - pay)
        normal = ((pbx - pax) / d, (pby - pay) / d)
        return Manifold(normal, (ManifoldPoint(gap.point_a, gap.point_b, gap.distance, 0),))
    hit = contact(a, xa, b, xb)
    if hit is None:  # touching within the tolerance but no contact answer: the shared point
        return Manifold((0.0, 0.0), (ManifoldPoint(gap.point_a, gap.point_b, 0.0, 0),))
    return Manifold(hit.normal, (ManifoldPoint(hit.point_a, hit.point_b, -hit.depth, 0),))


__all__ = [
    "FACE_FLIP_REL",
    "SAT_MAX_VERTICES",
    "Manifold",
    "ManifoldBatch",
    "ManifoldPoint",
    "manifold",
    "manifold_pair",
    "manifolds_batch",
    "surface_offset",
]
