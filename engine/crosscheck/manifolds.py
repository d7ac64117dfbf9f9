"""The manifold mode: our contact manifolds against pymunk's ``ContactPointSet`` and exact geometry.

Per pair, three answers:

* ours: ``manifolds_batch`` at ``margin`` 0 (one compiled call for a chunk);
* pymunk's: ``shapes_collide``, each point's separation recomputed as
  dot(point_b − point_a, normal) (never ``ContactPoint.distance``, whose
  sign flips when Chipmunk swaps the pair), with the pair placed in the pair
  frame (A at the origin) and the points moved back (``pymunk_manifolds``);
* exact geometry (``exact``): the gap, the cores, and shapely's distance from
  each point to its own shape's boundary.

Checks, in order; the first one a side fails names its fault. Tolerances
are the contact mode's (``judge.tolerances``): a touching band around gap 0,
and ``tol`` = 1e-10 × size + 64 eps × the largest coordinate for values.

* ``verdict``: points exactly when the exact gap says touching or
  overlapping (either way inside the band). Points with separation above
  the band are dropped first (Box2D v3 keeps speculative ones; pymunk only
  keeps points with separation ≤ 0).
* ``normal``: a unit vector along which B clears A after the exact depth,
  within ``tol`` (``exact.support_depth``). Ours may also be the face A keeps
  by hysteresis, up to ``FACE_FLIP_REL`` of the smaller shape deeper, where
  both cores are small polygons (the manifold's separating-axes path); for
  round shapes whose cores are apart, the normal must be the closest-points
  direction within tol / (core distance) radians. A normal deeper than the
  least-penetration one must be one of the two cores' face normals (within
  tol / size radians): the hysteresis keeps a face, it never tilts one.
* ``depth``: the deepest point's separation is minus the overlap along the
  normal, within ``tol``: the manifold reaches the support features (on our
  hysteresis face, clipping may stop short of the overlap, never past it).
* ``boundary``: every point lies on both shapes' surfaces as Box2D and
  Chipmunk build them: ``point_a − r_A·normal`` on A's core outline and
  ``point_b + r_B·normal`` on B's, within ``tol`` (shapely's distance to the
  polygon's ring, the segment or the centre). Without a radius that is the
  point on the outline itself; with one it is the feature point pushed out
  by the radius along the manifold's normal, which is on the rounded
  outline where the normal is the feature's own (the deepest point) and
  just inside it elsewhere. And separation = dot(point_b − point_a, normal)
  within ``tol``.
* ``count`` and ``points`` (ours only, against pymunk, when both normals
  are right and the same within tol / size radians): as many points, each
  pair of matched points within ``tol`` in both positions and in
  separation. A count that differs only by a point inside the touching band
  is a band split (both right). When the normals differ and both are right
  (a tie between faces, or our hysteresis), the points are not comparable:
  the pair counts as a *tie*, judged on exact geometry alone.

A fault of ours is any pair where we fail a check; pymunk's checks are the
first four, and only label who was right.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from engine.collision import manifolds_batch
from engine.collision.manifold import FACE_FLIP_REL, SAT_MAX_VERTICES

from .exact import Exact, edge_normals, exact_answers, pair_transforms, shapely_cores, support_depth
from .judge import UNIT_TOL, Verdict, batch_of, tolerances
from .specs import Pair, pair_size
from .twins import per_pair

MANIFOLD_CHECKS = ("verdict", "normal", "depth", "boundary", "count", "points")

__all__ = [
    "MANIFOLD_CHECKS",
    "JudgedManifold",
    "OurManifold",
    "PymunkManifold",
    "judge_manifolds",
    "our_manifolds",
    "pymunk_manifold",
    "pymunk_manifolds",
]


class OurManifold(NamedTuple):
    """Our manifold of a pair at margin 0: the normal (A to B) and every point
    as (point_a, point_b, separation, id), world frame."""

    normal: tuple[float, float]
    points: tuple


class PymunkManifold(NamedTuple):
    """pymunk's ``ContactPointSet``: the normal ((0, 0) when it gives no points) and
    every point as (point_a, point_b, separation), the separation recomputed."""

    normal: tuple[float, float]
    points: tuple


class JudgedManifold(NamedTuple):
    """A pair with all three answers and the verdict (``Verdict.tie`` set for a tie)."""

    pair: Pair
    ours: OurManifold
    pymunk: PymunkManifold
    exact: Exact
    verdict: Verdict


def our_manifolds(pairs: list[Pair]) -> list[OurManifold]:
    """``manifolds_batch`` over all pairs, margin 0, in one compiled call."""
    m = manifolds_batch(*batch_of(pairs), 0.0)
    count, normal = m.count.tolist(), m.normal.tolist()
    pa, pb, sep, ident = m.point_a.tolist(), m.point_b.tolist(), m.separation.tolist(), m.id.tolist()
    return [
        OurManifold(
            tuple(normal[k]) if count[k] else (0.0, 0.0),
            tuple((tuple(pa[k][j]), tuple(pb[k][j]), sep[k][j], ident[k][j]) for j in range(count[k])),
        )
        for k in range(len(pairs))
    ]


def pymunk_manifold(twin_a, twin_b) -> PymunkManifold:
    """``shapes_collide`` of two placed twins, with separations recomputed from the points."""
    try:
        cps = twin_a.shapes_collide(twin_b)
    except AssertionError:  # pymunk 7.x on separated shapes
        return PymunkManifold((0.0, 0.0), ())
    if not cps.points:
        return PymunkManifold((0.0, 0.0), ())
    nx, ny = float(cps.normal.x), float(cps.normal.y)
    points = []
    for p in cps.points:
        a, b = (float(p.point_a.x), float(p.point_a.y)), (float(p.point_b.x), float(p.point_b.y))
        points.append((a, b, (b[0] - a[0]) * nx + (b[1] - a[1]) * ny))
    return PymunkManifold((nx, ny), tuple(points))


def pymunk_manifolds(pairs: list[Pair]) -> list[PymunkManifold]:
    """pymunk's manifold per pair (``pymunk_manifold``), computed in the pair frame and moved back.

    pymunk clips in world coordinates: 1e5 from the origin the tangent coordinates it clips on
    round to ~1e-11 and its clipped points, on edges nearly along the normal, moved by up to 2e-7
    (two pairs of a 1M run, capsules 1.3e5 and 1.8e5 out, where our points sat at the exact gap).
    Placed with A at the origin (``exact.pair_transforms``, as the exact oracle is), pymunk rounds
    relative to the pair's size, like the engine, and the comparison measures manifolds, not where
    in the world pymunk loses digits; the contact mode still tests pymunk where the pair stands.
    """
    local = [p._replace(xf_a=xa, xf_b=xb) for p in pairs for xa, xb in [pair_transforms(p)]]
    moved = []
    for pair, m in zip(pairs, per_pair(local, pymunk_manifold), strict=True):
        ox, oy = pair.xf_a[0], pair.xf_a[1]
        points = tuple(((a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy), s) for a, b, s in m.points)
        moved.append(m._replace(points=points))
    return moved


def _boundary_errors(pairs: list[Pair], cores, manifolds: list) -> list[list[float]]:
    """Per pair, per point: how far ``point_a − r_A·normal`` is from A's core outline, or
    ``point_b + r_B·normal`` from B's, whichever is farther (shapely, in the pair frame: origin at
    A's position, like ``exact``). The outline of a polygon core is its ring; a segment or a point
    core is its own outline."""
    import shapely

    outlines = []
    for side in (0, 1):
        g = shapely_cores([c[side] for c in cores])
        polygons = np.flatnonzero(shapely.get_type_id(g) == 3)
        g[polygons] = shapely.boundary(g[polygons])
        outlines.append(g)
    which, coords = [], []
    for k, (pair, m) in enumerate(zip(pairs, manifolds, strict=True)):
        ox, oy = pair.xf_a[0], pair.xf_a[1]
        nx, ny = m.normal
        for point in m.points:
            for side, shape, sign in ((0, pair.a, -1.0), (1, pair.b, 1.0)):
                which.append((side, k))
                r = sign * shape.radius
                coords.append((point[side][0] + r * nx - ox, point[side][1] + r * ny - oy))
    errors: list[list[float]] = [[] for _ in pairs]
    if not which:
        return errors
    targets = np.array([outlines[side][k] for side, k in which], dtype=object)
    gaps = shapely.distance(targets, shapely.points(np.array(coords)))
    for i in range(0, len(which), 2):
        errors[which[i][1]].append(float(max(gaps[i], gaps[i + 1])))
    return errors


def _angle(n1, n2) -> float:
    return abs(math.atan2(n1[0] * n2[1] - n1[1] * n2[0], n1[0] * n2[0] + n1[1] * n2[1]))


def hysteresis(pair: Pair) -> float:
    """How much deeper than the least-penetration face our normal may be: the manifold keeps A's
    face unless B's is shallower by ``FACE_FLIP_REL`` of the smaller shape, when both cores are
    polygons of 3 to ``SAT_MAX_VERTICES`` vertices (its separating-axes path); 0 otherwise."""
    counts = [len(getattr(s, "points", ())) for s in (pair.a, pair.b)]
    if not all(3 <= n <= SAT_MAX_VERTICES for n in counts):
        return 0.0
    size = min(_shape_size(pair.a), _shape_size(pair.b))
    return FACE_FLIP_REL * size


def _shape_size(shape) -> float:
    """The manifold's measure of a polygon: its bound (largest vertex distance) plus its radius."""
    return float(np.hypot(*np.asarray(shape.points).T).max()) + shape.radius


def _side_fault(
    normal, points, exact: Exact, band, tol, allowance, cores, radii, boundary, size
) -> tuple[str, float]:
    """The first exact-geometry check a side fails ('' if none), and its worst error."""
    gap = exact.gap
    if (gap > band and points) or (gap < -band and not points):
        return "verdict", math.inf
    if not points:
        return "", 0.0
    lift = support_depth(cores[0], cores[1], radii, normal)
    unit = abs(math.hypot(*normal) - 1.0)
    if math.isnan(lift) or unit > UNIT_TOL:
        return "normal", math.inf
    overlap = max(-gap, 0.0)
    excess = lift - overlap
    if excess > tol + allowance:
        return "normal", excess
    if excess > tol:  # deeper than the least: only a face normal kept by hysteresis may be
        faces = np.concatenate([edge_normals(cores[0]), edge_normals(cores[1])])
        turns = np.arctan2(faces[:, 0] * normal[1] - faces[:, 1] * normal[0], faces @ np.asarray(normal))
        if float(np.abs(turns).min()) * size > tol:
            return "normal", excess
    turned = 0.0
    if exact.core > 0.0 and exact.normal != (0.0, 0.0):
        turned = _angle(normal, exact.normal) * exact.core
        if turned > tol:
            return "normal", turned
    # The deepest point reaches the overlap along the normal; with our hysteresis face (the normal
    # not the least-penetration one) clipping may stop short of it, but never go past it.
    deepest = min(p[2] for p in points)
    reach = 0.0
    if gap < -band:
        reach = -deepest - lift if excess > tol else abs(-deepest - lift)
    if reach > tol:
        return "depth", reach
    worst = max(boundary, default=0.0)
    for p in points:
        (ax, ay), (bx, by), s = p[0], p[1], p[2]
        worst = max(worst, abs((bx - ax) * normal[0] + (by - ay) * normal[1] - s))
    if worst > tol:
        return "boundary", worst
    return "", max(worst, reach, turned, max(excess, 0.0) if allowance == 0.0 else 0.0)


def _match_error(ours, theirs) -> float:
    """The worst position or separation difference between two equally long point lists, in the
    better of the (at most two) orders."""
    orders = [theirs, theirs[::-1]] if len(theirs) == 2 else [theirs]
    return min(
        max(
            max(math.dist(o[0], t[0]), math.dist(o[1], t[1]), abs(o[2] - t[2]))
            for o, t in zip(ours, order, strict=True)
        )
        for order in orders
    )


def judge_manifold(pair: Pair, ours: OurManifold, pm: PymunkManifold, exact: Exact, cores, errors) -> Verdict:
    """One pair judged (see the module docstring)."""
    band, tol = tolerances(pair)
    size = pair_size(pair)
    radii = pair.a.radius + pair.b.radius
    kept = [p for p in ours.points if p[2] <= band]
    kept_errors = [e for p, e in zip(ours.points, errors[0], strict=True) if p[2] <= band]
    ours_check, error = _side_fault(
        ours.normal, kept, exact, band, tol, hysteresis(pair), cores, radii, kept_errors, size
    )
    pm_check, _ = _side_fault(pm.normal, pm.points, exact, band, tol, 0.0, cores, radii, errors[1], size)
    split, tie = False, False
    if kept and pm.points and not ours_check and not pm_check:
        if _angle(ours.normal, pm.normal) * size > tol:
            tie = True
        elif len(kept) != len(pm.points):
            if any(abs(p[2]) <= band for p in (*ours.points, *pm.points)):
                split = True
            else:
                ours_check, error = "count", math.inf
        else:
            mismatch = _match_error(kept, pm.points)
            if mismatch > tol:
                ours_check, error = "points", mismatch
            error = max(error, mismatch)
    elif bool(kept) != bool(pm.points) and abs(exact.gap) <= band:
        split = True
    return Verdict(ours_check, pm_check, error / size, split, tie)


def judge_manifolds(pairs: list[Pair]) -> list[JudgedManifold]:
    """Run the three answers over many pairs and judge each."""
    if not pairs:
        return []
    ours = our_manifolds(pairs)
    theirs = pymunk_manifolds(pairs)
    exact, cores = exact_answers(pairs)
    ours_errors = _boundary_errors(pairs, cores, ours)
    theirs_errors = _boundary_errors(pairs, cores, theirs)
    return [
        JudgedManifold(p, o, t, e, judge_manifold(p, o, t, e, c, (oe, te)))
        for p, o, t, e, c, oe, te in zip(
            pairs, ours, theirs, exact, cores, ours_errors, theirs_errors, strict=True
        )
    ]
