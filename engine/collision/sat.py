"""Separating axes: a quick, exact-where-it-answers verdict for two polygons or circles.

GJK answers every convex pair; for small polygons and circles that are
clearly apart or clearly overlapping, projecting both onto each edge normal
answers with a few dot products (separating axis theorem: two convex
polygons are disjoint exactly when some edge normal of either separates
them; Ericson, "Real-Time Collision Detection" §5.2.1; Gottschalk et al.'s
OBB test is the same idea). The test here answers only when the margin is
far above the narrow phase's touching tolerance and the rounding of either
test, and says "too close to call" otherwise, so a caller that hands those
pairs to GJK (``world.pairs.overlap_verdicts``) gets the narrow phase's
verdict on every pair, faster on the clear ones.

Frames: everything in shape A's frame; B's core is turned into it first
(as ``transform.relative_transform``). Edge normals point out of a
counter-clockwise core and are not normalised: each gap is compared with
the margin times its edge's length, both squared.
"""

from __future__ import annotations

import numpy as np

from .jit import inline
from .shapes import H_BOUND, H_COUNT, H_KIND, H_RADIUS, HEADER, KIND_POINTS

#: Polygons with more vertices than this are left to GJK by ``clear_verdict``.
CLEAR_MAX_VERTICES = 8
#: ``clear_verdict`` decides only pairs farther than this fraction of their
#: size (and 1e-12 of their coordinates) from touching: far above the
#: narrow phase's touching tolerance (1e-12) and the rounding of either test.
CLEAR_MARGIN_REL = 1e-8


@inline
def _min_gap(data, base, count, px, py, nx, ny, others, n_others, local):
    """Smallest (q − p)·n over the points q: of ``others`` (k, 2 floats) when
    ``local`` is False, else of the packed core at ``base``."""
    best = np.inf
    for k in range(n_others):
        if local:
            qx, qy = data[base + 2 * k], data[base + 2 * k + 1]
        else:
            qx, qy = others[2 * k], others[2 * k + 1]
        best = min(best, (qx - px) * nx + (qy - py) * ny)
    return best


@inline
def clear_verdict(data, oa, ob, xa, ya, ca, sa, xb, yb, cb, sb, turned):
    """Whether two shapes overlap, when separating axes make it clear: 0 apart,
    1 overlapping, 2 too close to call (then the narrow phase decides).

    For point cores (circles, polygons, rounded polygons; not segments nor
    ellipses) with at most ``CLEAR_MAX_VERTICES`` vertices: B's core is put in
    A's frame; along each edge normal of either core, a gap between the
    cores' projections wider than ra + rb and a margin proves them apart (the
    distance is at least any axis's gap); every projection overlapping by
    more than the margin proves the cores intersect (separating axis theorem:
    convex polygons are disjoint only if an edge normal separates them). Two
    points compare their distance with ra + rb. Only pairs within
    ``CLEAR_MARGIN_REL`` of touching go to GJK, so the verdict is the narrow
    phase's own. Edge normals are not normalised: each gap is compared
    against the margin times its edge's length, squared."""
    if data[oa + H_KIND] != KIND_POINTS or data[ob + H_KIND] != KIND_POINTS:
        return 2
    na, nb = np.int64(data[oa + H_COUNT]), np.int64(data[ob + H_COUNT])
    if na == 2 or nb == 2 or na > CLEAR_MAX_VERTICES or nb > CLEAR_MAX_VERTICES:
        return 2
    ra, rb = data[oa + H_RADIUS], data[ob + H_RADIUS]
    dx, dy = xb - xa, yb - ya
    size = data[oa + H_BOUND] + ra + data[ob + H_BOUND] + rb + abs(dx) + abs(dy)
    margin = CLEAR_MARGIN_REL * size + 1e-12 * max(abs(xa), abs(ya), abs(xb), abs(yb))
    reach = ra + rb + margin
    # B's core in A's frame (as ``transform.relative_transform``).
    c, s = ca * cb + sa * sb, ca * sb - sa * cb
    tx, ty = ca * dx + sa * dy, -sa * dx + ca * dy
    base_a, base_b = oa + HEADER, ob + HEADER
    for k in range(nb):
        px, py = data[base_b + 2 * k], data[base_b + 2 * k + 1]
        turned[2 * k], turned[2 * k + 1] = c * px - s * py + tx, s * px + c * py + ty
    if na == 1 and nb == 1:
        gx, gy = turned[0] - data[base_a], turned[1] - data[base_a + 1]
        d2 = gx * gx + gy * gy
        if d2 > reach * reach:
            return 0
        inner = ra + rb - margin
        return 1 if inner > 0.0 and d2 < inner * inner else 2
    deep = True
    for i in range(na if na >= 3 else 0):
        j = i + 1 if i + 1 < na else 0
        vx, vy = data[base_a + 2 * i], data[base_a + 2 * i + 1]
        ex, ey = data[base_a + 2 * j] - vx, data[base_a + 2 * j + 1] - vy
        gap = _min_gap(data, 0, nb, vx, vy, ey, -ex, turned, nb, False)  # outward: counter-clockwise
        e2 = ex * ex + ey * ey
        if gap > 0.0 and gap * gap > reach * reach * e2:
            return 0
        deep = deep and gap < 0.0 and gap * gap > margin * margin * e2
    for i in range(nb if nb >= 3 else 0):
        j = i + 1 if i + 1 < nb else 0
        vx, vy = turned[2 * i], turned[2 * i + 1]
        ex, ey = turned[2 * j] - vx, turned[2 * j + 1] - vy
        gap = _min_gap(data, base_a, na, vx, vy, ey, -ex, turned, na, True)
        e2 = ex * ex + ey * ey
        if gap > 0.0 and gap * gap > reach * reach * e2:
            return 0
        deep = deep and gap < 0.0 and gap * gap > margin * margin * e2
    return 1 if deep else 2


__all__ = ["CLEAR_MARGIN_REL", "CLEAR_MAX_VERTICES", "clear_verdict"]
