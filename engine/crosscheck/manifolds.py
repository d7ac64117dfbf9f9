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
* ``boundary``: every point lies on both shapes' surfaces (the issue's
  "each point lies on both boundaries"): ``point_a`` at distance r_A from A's
  core (on the outline of a sharp polygon), ``point_b`` likewise on B, within
  ``tol`` (shapely); and separation = dot(point_b − point_a, normal) within
  ``tol``. pymunk is held to its own construction instead: a clipped core
  point pushed out by the radius, ``point_a − r_A·normal`` on A's core
  outline (and B's likewise), which is on the surface only where the feature
  lies across the normal (Box2D builds its points the same way); our
  manifold goes on along the normal to the surface.
* ``count`` and ``points`` (ours only, against pymunk, when both normals
  are right and the same within tol / size radians): pymunk's points are
  first moved along the normal onto the surfaces as ours are
  (``onto_surfaces``), and pymunk's count is compared with the number of our
  points pymunk's construction would keep (separation plus how much farther
  than the radii ours went, ``beyond_radius``, ≤ 0: where a feature slants,
  our point on the surface overlaps where pymunk's, short of it, does not).
  As many points, each pair of matched points within ``tol`` in both
  positions and in separation. A count that differs only by a point inside
  the touching band is a band split (both right). When the normals differ
  and both are right (a tie between faces, or our hysteresis), the points
  are not comparable: the pair counts as a *tie*, judged on exact geometry
  alone.

A fault of ours is any pair where we fail a check; pymunk's checks are the
first four, and only label who was right.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from engine.collision import Circle, manifolds_batch
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


def _distinct(points, size: float) -> list[int]:
    """The indices of ``points`` that are not the same as an earlier one: both ends within 1e-12 of
    the pair's ``size`` plus a few units in the last place of the coordinates. Chipmunk's
    ``ContactPoints`` reports a stretch of length zero (features meeting end to end, or clipped to
    one end) as one point twice, its two ends interpolated from opposite ends of the edge (so they
    differ in the last bits); ours gives it once, or twice to the last bits where rounding leaves the
    stretch a hair long. Either way it is one point."""
    kept: list[int] = []
    for k, (a, b, *_) in enumerate(points):
        for q in kept:
            qa, qb = points[q][0], points[q][1]
            scale = 1e-12 * size + 4.0 * math.ulp(max(abs(v) for v in (*a, *b, *qa, *qb)))
            if max(math.dist(a, qa), math.dist(b, qb)) <= scale:
                break
        else:
            kept.append(k)
    return kept


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


def _outlines(cores, rounded: bool) -> list[np.ndarray]:
    """Each side's core as shapely geometry in the pair frame: with ``rounded``, a polygon core stays
    a polygon (a point's distance to it, minus the radius, is its distance to the rounded surface);
    otherwise a polygon core becomes its ring (the outline a sharp polygon's points lie on)."""
    import shapely

    sides = []
    for side in (0, 1):
        g = shapely_cores([c[side] for c in cores])
        if not rounded:
            polygons = np.flatnonzero(shapely.get_type_id(g) == 3)
            g[polygons] = shapely.boundary(g[polygons])
        sides.append(g)
    return sides


def _boundary_errors(pairs: list[Pair], cores, manifolds: list, surface: bool) -> list[list[float]]:
    """Per pair, per point, the larger of A's and B's error, in the pair frame (shapely; origin at
    A's position, like ``exact``):

    * ``surface`` (our contract, the issue's "each point lies on both boundaries"): how far
      ``point_a`` is from A's surface, |distance to the core − r_A| (for a sharp polygon, the
      distance to its ring), and the same for ``point_b`` and B;
    * otherwise (Chipmunk's and Box2D's contract): how far ``point_a − r_A·normal`` is from A's
      core outline and ``point_b + r_B·normal`` from B's: a feature point pushed out by the radius,
      which is on the surface only where the feature lies across the normal.
    """
    import shapely

    polygons = _outlines(cores, rounded=False)
    solids = _outlines(cores, rounded=True) if surface else polygons
    which, coords, radii = [], [], []
    for k, (pair, m) in enumerate(zip(pairs, manifolds, strict=True)):
        ox, oy = pair.xf_a[0], pair.xf_a[1]
        nx, ny = m.normal
        for point in m.points:
            for side, shape, sign in ((0, pair.a, -1.0), (1, pair.b, 1.0)):
                r = shape.radius
                which.append((side, k, r))
                push = 0.0 if surface else sign * r
                coords.append((point[side][0] + push * nx - ox, point[side][1] + push * ny - oy))
                radii.append(r if surface else 0.0)
    errors: list[list[float]] = [[] for _ in pairs]
    if not which:
        return errors
    targets = np.array([(solids if r > 0.0 else polygons)[side][k] for side, k, r in which], dtype=object)
    gaps = np.abs(shapely.distance(targets, shapely.points(np.array(coords))) - np.array(radii))
    for i in range(0, len(which), 2):
        errors[which[i][1]].append(float(max(gaps[i], gaps[i + 1])))
    return errors


#: Halvings of the search for where a ray from a core point meets the rounded surface.
SURFACE_HALVINGS = 64


def onto_surfaces(pairs: list[Pair], cores, manifolds: list[PymunkManifold]) -> list[PymunkManifold]:
    """pymunk's points moved, as our manifold places its own, from their core points along the
    normal onto the rounded surfaces (A's outward along n, B's along −n), separations recomputed.

    pymunk (like Box2D) pushes a core point out by the radius, which leaves it inside a shape whose
    feature slants across the normal; ours goes on to the surface. Where a feature lies across the
    normal the two agree and nothing moves. The distance along the ray is found by bisection on
    shapely's distance (convex in the distance gone, 0 at the core point, at least the distance gone
    minus the pair's size), vectorised over all the points of a chunk.
    """
    import shapely

    solids = _outlines(cores, rounded=True)
    rows, starts, ways, radii, spans = [], [], [], [], []
    for k, (pair, m) in enumerate(zip(pairs, manifolds, strict=True)):
        ox, oy = pair.xf_a[0], pair.xf_a[1]
        nx, ny = m.normal
        for j, point in enumerate(m.points):
            for side, shape, sign in ((0, pair.a, 1.0), (1, pair.b, -1.0)):
                r = shape.radius
                if r == 0.0:
                    continue
                rows.append((k, j, side))
                starts.append((point[side][0] - sign * r * nx - ox, point[side][1] - sign * r * ny - oy))
                ways.append((sign * nx, sign * ny))
                radii.append(r)
                spans.append(r + pair_size(pair))
    if not rows:
        return manifolds
    q, d, r = np.array(starts), np.array(ways), np.array(radii)
    targets = np.array([solids[side][k] for k, _, side in rows], dtype=object)
    lo, hi = np.zeros(len(rows)), np.array(spans)
    for _ in range(SURFACE_HALVINGS):
        mid = 0.5 * (lo + hi)
        outside = shapely.distance(targets, shapely.points(q + mid[:, None] * d)) >= r
        hi, lo = np.where(outside, mid, hi), np.where(outside, lo, mid)
    moved = [[list(p[:2]) for p in m.points] for m in manifolds]
    for (k, j, side), (qx, qy), (dx, dy), t in zip(rows, q, d, hi, strict=True):
        ox, oy = pairs[k].xf_a[0], pairs[k].xf_a[1]
        moved[k][j][side] = (float(qx + t * dx + ox), float(qy + t * dy + oy))
    out = []
    for m, points in zip(manifolds, moved, strict=True):
        nx, ny = m.normal
        out.append(
            m._replace(
                points=tuple((tuple(a), tuple(b), (b[0] - a[0]) * nx + (b[1] - a[1]) * ny) for a, b in points)
            )
        )
    return out


def beyond_radius(pairs: list[Pair], cores, manifolds: list[OurManifold]) -> list[list[float]]:
    """Per pair, per point of ours: how much farther than the radii its two points were pushed from
    their core points along the normal (0 where the features lie across the normal), in total.

    Our separation plus this is the separation Chipmunk's and Box2D's construction (core point plus
    the radius) gives the same clipped point: pymunk keeps a point only when that is ≤ 0. The core
    point is where the ray from our point back along the normal enters the core (shapely's
    intersection of that ray with the core, then its distance from our point).
    """
    import shapely

    solids = _outlines(cores, rounded=True)
    rows, rays, starts, targets, radii = [], [], [], [], []
    for k, (pair, m) in enumerate(zip(pairs, manifolds, strict=True)):
        ox, oy = pair.xf_a[0], pair.xf_a[1]
        nx, ny = m.normal
        reach = pair_size(pair) + pair.a.radius + pair.b.radius
        for j, point in enumerate(m.points):
            for side, shape, sign in ((0, pair.a, 1.0), (1, pair.b, -1.0)):
                if shape.radius == 0.0 or isinstance(shape, Circle):  # no push, or exactly r off a point
                    continue
                px, py = point[side][0] - ox, point[side][1] - oy
                rows.append((k, j))
                starts.append((px, py))
                rays.append(((px, py), (px - sign * reach * nx, py - sign * reach * ny)))
                targets.append(solids[side][k])
                radii.append(shape.radius)
    extra = [[0.0] * len(m.points) for m in manifolds]
    if not rows:
        return extra
    lines, cores_hit = shapely.linestrings(np.array(rays)), np.array(targets, dtype=object)
    hits = shapely.intersection(lines, cores_hit)
    # A ray back to a core point at the end of a feature may miss it by a rounding: then the core's
    # point nearest the ray stands for the entry point.
    missed = np.flatnonzero(shapely.is_empty(hits))
    if len(missed):
        hits[missed] = shapely.get_point(shapely.shortest_line(lines[missed], cores_hit[missed]), 1)
    gone = shapely.distance(shapely.points(np.array(starts)), hits)
    for (k, j), t, r in zip(rows, gone, radii, strict=True):
        extra[k][j] += max(float(t) - r, 0.0)
    return extra


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


def judge_manifold(
    pair: Pair,
    ours: OurManifold,
    pm: PymunkManifold,
    exact: Exact,
    cores,
    errors,
    moved: PymunkManifold,
    extra: list[float],
) -> Verdict:
    """One pair judged (see the module docstring); ``moved`` is pymunk's manifold with its points
    moved onto the rounded surfaces (``onto_surfaces``), the one our points are compared with, and
    ``extra`` how much farther than the radii each of our points went (``beyond_radius``)."""
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
    # The points pymunk would keep of ours: those whose separation by its construction is ≤ 0.
    chipmunk = [p[2] + e for p, e in zip(ours.points, extra, strict=True)]
    comparable = [p for p, c in zip(ours.points, chipmunk, strict=True) if c <= band]
    # A point reported twice counts once, on either side (``_distinct``).
    comparable = [comparable[k] for k in _distinct(comparable, size)]
    distinct = _distinct(pm.points, size)
    pm_points, moved_points = [pm.points[k] for k in distinct], [moved.points[k] for k in distinct]
    if kept and pm.points and not ours_check and not pm_check:
        if _angle(ours.normal, pm.normal) * size > tol:
            tie = True
        elif len(comparable) != len(pm_points):
            if any(abs(c) <= band for c in chipmunk) or any(abs(p[2]) <= band for p in pm_points):
                split = True
            else:
                ours_check, error = "count", math.inf
        else:
            mismatch = _match_error(comparable, moved_points)
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
    ours_errors = _boundary_errors(pairs, cores, ours, surface=True)
    theirs_errors = _boundary_errors(pairs, cores, theirs, surface=False)
    surfaced = onto_surfaces(pairs, cores, theirs)
    pushes = beyond_radius(pairs, cores, ours)
    return [
        JudgedManifold(p, o, t, e, judge_manifold(p, o, t, e, c, (oe, te), moved, push))
        for p, o, t, e, c, oe, te, moved, push in zip(
            pairs, ours, theirs, exact, cores, ours_errors, theirs_errors, surfaced, pushes, strict=True
        )
    ]
