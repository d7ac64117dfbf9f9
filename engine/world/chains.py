"""Chains: static runs of one-sided segments with ghost vertices (Box2D v3's ``b2ChainDef``).

A chain is a polyline p0, p1, ... (open, or looped back to p0) held by one static body, one
segment shape (``Capsule(p, q, 0)``, centred on its own row: the row sits at the segment's
midpoint) per edge. Each segment row also holds (``BodyArrays.one_sided``, ``BodyArrays.ghost``):

- that it is one-sided: it collides only on the side its normal faces. For the segment p1 → p2
  the normal is the right-hand one, ``n = (dy, −dx) / |d|`` (Box2D's ``b2RightPerp``): a
  counter-clockwise loop is solid inside and collides from outside, a clockwise loop is a cave;
- its ghost vertices, in the row's shape frame: the point before p1 (ghost1) and the point after
  p2 (ghost2) along the chain. An open chain's end has no neighbour: its ghost is put behind the
  end, ``p − |d|·n``, a right-angled convex corner, so the end is a free round end that admits the
  normals from the face round to the chain's direction there (Box2D v3 instead takes an open
  chain's first and last points as ghosts only, colliding from p1 to p(n−2); here every given
  segment collides).

Contacts (``chain_manifold``, called by ``contact_set.find_contacts`` for a pair with a segment
row): Box2D v3's ``b2CollideChainSegmentAndPolygon`` rules on the manifold the engine computes
anyway (``manifold_pair``), in the segment's shape frame:

1. one-sided: the other shape's centre (its box's centre) behind the segment's line, and behind
   each convex neighbour's line, gives no contact;
2. the manifold's normal (segment → other) is classified on the Gauss map (``b2ClassifyNormal``):
   towards p1's side it belongs to the corner at p1. A convex corner (the chain turns left there,
   Box2D's ``convexTol``) admits the normals between the neighbour's normal and the face's; past
   the neighbour's normal the neighbour owns it (no contact here). A flat or concave corner
   admits none of its own: the normal snaps to the face normal;
3. snapped: the other shape's support feature along −n is clipped to the segment's span [p1, p2]
   along its direction, and each clipped end is a point at its separation along n (the feature's
   distance from the line less the radii), kept within ``margin``. A feature that lies wholly
   past the segment's ends gives nothing: the neighbour's face holds it. So a box sliding over a
   flat (or slightly jittered) run meets every segment on its face, never on an inner vertex.

Frames and signs: ghosts and segment points in the segment row's shape frame; ``PairManifold``
in, and out, world frame, normal from the pair's A to B (A the segment when ``segment_is_a``).
"""

from __future__ import annotations

import math

import numpy as np

from ..collision.jit import inline, kernel
from ..collision.limits import MAX_COORDINATE
from ..collision.manifold import ID_MASK, PairManifold, _support_feature
from ..collision.shapes import H_RADIUS, HEADER

#: The most points a chain holds (as many segments for a loop, one fewer open): a chain is one body,
#: and a body holds at most ``MAX_SHAPES_PER_BODY`` (1,024) shapes.
MAX_CHAIN_POINTS = 1_024

#: Box2D v3's tolerances: a corner turns left by more than this sine to be convex (``convexTol``),
#: and a normal past a convex neighbour's by more than this sine is the neighbour's (``sinTol``).
CONVEX_SIN = 0.01
SKIP_SIN = 0.01


def chain_points(points, loop, name: str) -> np.ndarray:
    """``points`` as an (n, 2) float array, checked; one error naming ``name`` otherwise."""
    try:
        pts = np.array(points, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{name} points must be a sequence of (x, y) pairs of numbers") from None
    if pts.ndim != 2 or pts.shape[1] != 2:
        raise TypeError(f"{name} points must be a sequence of (x, y) pairs, got shape {pts.shape}")
    least = 3 if loop else 2
    if len(pts) < least:
        kind = "a loop" if loop else "an open chain"
        raise ValueError(f"{name} points: {kind} needs at least {least} points, got {len(pts)}")
    if len(pts) > MAX_CHAIN_POINTS:
        raise ValueError(
            f"{name} points: {len(pts):,} points, more than MAX_CHAIN_POINTS = {MAX_CHAIN_POINTS:,}"
        )
    finite = np.isfinite(pts).all(axis=1)
    if not finite.all():
        k = int(np.flatnonzero(~finite)[0])
        raise ValueError(f"{name} points[{k}] = {tuple(pts[k].tolist())} is not finite")
    far = (np.abs(pts) > MAX_COORDINATE).any(axis=1)
    if far.any():
        k = int(np.flatnonzero(far)[0])
        raise ValueError(
            f"{name} points[{k}] = {tuple(pts[k].tolist())} is outside the engine's range "
            f"|x|, |y| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
        )
    after = np.roll(pts, -1, axis=0) if loop else pts[1:]
    same = (pts[: len(after)] == after).all(axis=1)
    if same.any():
        k = int(np.flatnonzero(same)[0])
        raise ValueError(
            f"{name} points[{k}] and points[{(k + 1) % len(pts)}] are the same point "
            f"{tuple(pts[k].tolist())}: a segment needs two distinct ends"
        )
    return pts


def segments_and_ghosts(pts: np.ndarray, loop: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The chain's segments as (k, 2) starts and ends, world frame, and their ghosts (k, 4):
    (ghost1 x, y, ghost2 x, y), world frame; an open chain's ends ghosts behind them (see the
    module's docstring)."""
    if loop:
        p1, p2 = pts, np.roll(pts, -1, axis=0)
        g1, g2 = np.roll(pts, 1, axis=0), np.roll(pts, -2, axis=0)
    else:
        p1, p2 = pts[:-1], pts[1:]
        g1, g2 = np.empty_like(p1), np.empty_like(p2)
        g1[1:], g2[:-1] = p1[:-1], p2[1:]
        for k, end, ghost in ((0, p1[0], g1), (len(p1) - 1, p2[-1], g2)):
            d = p2[k] - p1[k]
            ghost[k] = end - np.array([d[1], -d[0]])  # |d|·n behind the end: a free end
    return p1, p2, np.column_stack([g1, g2])


#: Box2D v3's ``B2_CORE_FRACTION``: a fast body's centre must close on a segment by this share of
#: its smallest extent, or end within it, for the continuous pass to sweep it against the segment.
CORE_FRACTION = 0.25


def swept_towards(data, offsets, xf, one_sided, c0, c1, extents) -> np.ndarray:
    """Which (wall row, fast body) pairs the continuous pass sweeps (Box2D v3's chain filter in
    ``b2ContinuousQueryCallback``): all but those with a chain segment whose front the body's
    centre of mass (``c0`` at the step's start, ``c1`` at its end, world) started behind, or
    moved towards by less than ``CORE_FRACTION`` of its extent while ending farther than that
    in front. Per pair: the wall rows' packed ``offsets``, ``xf`` and ``one_sided``."""
    keep = np.ones(len(offsets), dtype=bool)
    k = np.flatnonzero(one_sided)
    if not len(k):
        return keep
    off = offsets[k].astype(np.int64) + HEADER
    c, s = np.cos(xf[k, 2]), np.sin(xf[k, 2])
    lx1, ly1, lx2, ly2 = data[off], data[off + 1], data[off + 2], data[off + 3]
    p1x, p1y = xf[k, 0] + c * lx1 - s * ly1, xf[k, 1] + s * lx1 + c * ly1
    ex, ey = c * (lx2 - lx1) - s * (ly2 - ly1), s * (lx2 - lx1) + c * (ly2 - ly1)
    length = np.hypot(ex, ey)
    nx, ny = ey / length, -ex / length  # the right-hand normal, world
    sep1 = (c0[k, 0] - p1x) * nx + (c0[k, 1] - p1y) * ny
    sep2 = (c1[k, 0] - p1x) * nx + (c1[k, 1] - p1y) * ny
    core = CORE_FRACTION * extents[k]
    keep[k] = ~((sep1 < 0.0) | ((sep1 - sep2 < core) & (sep2 > core)))
    return keep


@inline
def _unit(x, y):
    n = math.sqrt(x * x + y * y)
    return x / n, y / n


@kernel
def chain_manifold(
    mf, data, off_s, sx, sy, cs, ss, ghost, off_o, ox, oy, co, so, cx, cy, segment_is_a, margin
):
    """The manifold ``mf`` (``manifold_pair``'s, world frame, normal A → B) of a chain segment (packed
    at ``off_s``, its row at (sx, sy) turned by cos ``cs``, sin ``ss``, ghosts ``ghost`` (4,) in its
    shape frame) and another shape (at ``off_o``, row pose (ox, oy, co, so), centre (cx, cy) world),
    as the chain's rules make it (the module's outline); a ``PairManifold`` of count 0 for none."""
    nothing = PairManifold(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, mf.status)
    p1x, p1y = data[off_s + HEADER], data[off_s + HEADER + 1]
    p2x, p2y = data[off_s + HEADER + 2], data[off_s + HEADER + 3]
    ex, ey = _unit(p2x - p1x, p2y - p1y)
    n1x, n1y = ey, -ex
    e0x, e0y = _unit(p1x - ghost[0], p1y - ghost[1])
    n0x, n0y = e0y, -e0x
    convex1 = e0x * ey - e0y * ex >= CONVEX_SIN
    e2x, e2y = _unit(ghost[2] - p2x, ghost[3] - p2y)
    n2x, n2y = e2y, -e2x
    convex2 = ex * e2y - ey * e2x >= CONVEX_SIN
    # 1. One-sided: the other's centre, shape frame, behind the face and its convex neighbours.
    dx, dy = cx - sx, cy - sy
    qx, qy = cs * dx + ss * dy, -ss * dx + cs * dy
    behind1 = n1x * (qx - p1x) + n1y * (qy - p1y) < 0.0
    behind0 = not convex1 or n0x * (qx - p1x) + n0y * (qy - p1y) < 0.0
    behind2 = not convex2 or n2x * (qx - p2x) + n2y * (qy - p2y) < 0.0
    if (behind1 and behind0 and behind2) or mf.count == 0:
        return nothing
    # 2. The normal, segment → other, shape frame, on the Gauss map (Box2D's ``b2ClassifyNormal``).
    wx, wy = (mf.nx, mf.ny) if segment_is_a else (-mf.nx, -mf.ny)
    nx, ny = cs * wx + ss * wy, -ss * wx + cs * wy
    if nx * n1x + ny * n1y > 1.0 - 1e-12:
        return mf  # the face's own normal
    if nx * ex + ny * ey <= 0.0:  # towards p1's corner
        if convex1:
            return nothing if nx * n0y - ny * n0x > SKIP_SIN else mf
    elif convex2:
        return nothing if n2x * ny - n2y * nx > SKIP_SIN else mf
    # 3. Snapped to the face normal: the other's feature along −n1, clipped to [p1, p2].
    do, so_ = cs * co + ss * so, cs * so - ss * co  # the other's turn relative to the segment's
    fx, fy = do * -n1x + so_ * -n1y, -so_ * -n1x + do * -n1y  # −n1 in the other's frame
    x1, y1, i1, x2, y2, i2 = _support_feature(data, off_o, fx, fy)
    tx, ty = cs * (ox - sx) + ss * (oy - sy), -ss * (ox - sx) + cs * (oy - sy)
    ax, ay = do * x1 - so_ * y1 + tx, so_ * x1 + do * y1 + ty  # feature ends, segment's shape frame
    bx, by = do * x2 - so_ * y2 + tx, so_ * x2 + do * y2 + ty
    length = (p2x - p1x) * ex + (p2y - p1y) * ey
    ua, ub = (ax - p1x) * ex + (ay - p1y) * ey, (bx - p1x) * ex + (by - p1y) * ey
    lo, hi = max(min(ua, ub), 0.0), min(max(ua, ub), length)
    if lo > hi:
        return nothing  # wholly past an end: the neighbour's face holds it
    radii = data[off_s + H_RADIUS] + data[off_o + H_RADIUS]
    count = 0
    out = np.zeros(8)  # per point: along, separation, seg feature, other feature
    for k in range(2):
        u = lo if k == 0 else hi
        if k == 1 and hi - lo <= 0.0:
            break
        if ub != ua:
            t = (u - ua) / (ub - ua)
            px, py = ax + t * (bx - ax), ay + t * (by - ay)
        else:
            px, py = ax, ay
        sep = (px - p1x) * n1x + (py - p1y) * n1y - radii
        if sep > margin:
            continue
        # Ids: which end made the point (a segment end clipping it, else the other's vertex).
        if u <= 0.0 and min(ua, ub) < 0.0:
            seg_f, oth_f = 0, ID_MASK
        elif u >= length and max(ua, ub) > length:
            seg_f, oth_f = 1, ID_MASK
        else:
            seg_f, oth_f = 2, (i1 if abs(u - ua) <= abs(u - ub) else i2)
        out[4 * count], out[4 * count + 1] = u, sep
        out[4 * count + 2], out[4 * count + 3] = seg_f, oth_f
        count += 1
    if count == 0:
        return nothing
    rs = data[off_s + H_RADIUS]
    wnx, wny = cs * n1x - ss * n1y, ss * n1x + cs * n1y  # the face normal, world
    pts = np.zeros(8)  # per point: on the segment (x, y), on the other (x, y), world
    ids = np.zeros(2, np.int64)
    for k in range(count):
        u, sep = out[4 * k], out[4 * k + 1]
        lx, ly = p1x + u * ex + rs * n1x, p1y + u * ey + rs * n1y  # on the segment's surface
        mx, my = lx + sep * n1x, ly + sep * n1y  # on the other's: sep farther along n1
        pts[4 * k], pts[4 * k + 1] = sx + cs * lx - ss * ly, sy + ss * lx + cs * ly
        pts[4 * k + 2], pts[4 * k + 3] = sx + cs * mx - ss * my, sy + ss * mx + cs * my
        seg_f, oth_f = np.int64(out[4 * k + 2]), np.int64(out[4 * k + 3])
        ids[k] = (seg_f << 16) | oth_f if segment_is_a else (oth_f << 16) | seg_f
    if segment_is_a:
        a1x, a1y, b1x, b1y, a2x, a2y, b2x, b2y = (
            pts[0],
            pts[1],
            pts[2],
            pts[3],
            pts[4],
            pts[5],
            pts[6],
            pts[7],
        )
        onx, ony = wnx, wny
    else:
        a1x, a1y, b1x, b1y, a2x, a2y, b2x, b2y = (
            pts[2],
            pts[3],
            pts[0],
            pts[1],
            pts[6],
            pts[7],
            pts[4],
            pts[5],
        )
        onx, ony = -wnx, -wny
    s2 = out[5] if count == 2 else 0.0
    return PairManifold(
        count, onx, ony, a1x, a1y, b1x, b1y, out[1], ids[0], a2x, a2y, b2x, b2y, s2, ids[1], mf.status
    )


__all__ = [
    "CONVEX_SIN",
    "CORE_FRACTION",
    "MAX_CHAIN_POINTS",
    "SKIP_SIN",
    "chain_manifold",
    "chain_points",
    "segments_and_ghosts",
    "swept_towards",
]
