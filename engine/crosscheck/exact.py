"""Exact geometry for a pair: the answer both engines are judged against.

Every shape is a core (polygon, segment or point) plus a radius, so

* the distance is shapely's (GEOS) distance between the world cores minus
  both radii;
* when the cores overlap, the Minkowski difference A − B of two convex
  polygons (or segments, or points) is a convex polygon whose face normals
  are among the edge normals of A and B. The penetration depth is therefore
  the minimum, over both signs of every edge normal u, of
  max(A·u) − min(B·u), plus both radii (SAT). For circle–circle this is
  r1 + r2 − |c1 − c2|, for a circle in a polygon the projection onto the
  nearest edge normal, and for two polygons the least overlap over their
  edge normals; all are the same formula here.

``support_depth`` measures any candidate normal the same way: how far B
must move along it to clear A. A normal is right when that is the depth.

Frame. The cores are placed in the *pair frame*: world axes, origin at A's
position. Placing them at their world coordinates would round every vertex
to ulp(|position|) (1.2e-10 at 7.5e5), and across a short edge that turns
the edge's normal: a sliver triangle's 6e-3 edge 7.5e5 from the origin
turned by 1.8e-8 rad, and the oracle blamed the engine for it (seed 99 of
the 1M cross-check; the engine, which works in A's frame, was right to
1e-14 rad, checked in exact rational arithmetic). In the pair frame the
only rounding left is that of B's offset from A, a few eps of the pair's
size, like the engine's own. Distances, depths and normals do not depend
on the frame; points are in it.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .specs import Pair, core_points, world_points


class Exact(NamedTuple):
    """The exact answer: ``gap`` > 0 is the distance, ``gap`` ≤ 0 is minus the depth.

    ``normal`` (from A towards B): for separated cores, the direction from A's
    closest core point to B's (the only right normal, as precise as the core
    distance ``core`` allows); for overlapping cores, a least-penetration
    direction (there may be others as good); (0, 0) when every direction is as
    good (two coincident points) or the closest points coincide in floating point."""

    gap: float
    normal: tuple[float, float]
    core: float = 0.0


def pair_transforms(pair: Pair) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """Both transforms moved to the pair frame: A at the origin (same angle), B at its offset from A."""
    (xa, ya, aa), (xb, yb, ab) = pair.xf_a, pair.xf_b
    return (0.0, 0.0, aa), (xb - xa, yb - ya, ab)


def world_cores(pair: Pair) -> tuple[np.ndarray, np.ndarray]:
    """Both cores' points in the pair frame (world axes, origin at A's position)."""
    xf_a, xf_b = pair_transforms(pair)
    return world_points(core_points(pair.a), xf_a), world_points(core_points(pair.b), xf_b)


def shapely_core(points: np.ndarray):
    """A world core as a shapely geometry: Polygon, LineString or Point."""
    import shapely

    if len(points) > 2:
        return shapely.Polygon(points)
    if len(points) == 2:
        return shapely.LineString(points)
    return shapely.Point(points[0])


def shapely_cores(cores: list[np.ndarray]) -> np.ndarray:
    """``shapely_core`` of many world cores, made in three vectorised calls (one per type)."""
    import shapely

    counts = np.array([len(c) for c in cores])
    out = np.empty(len(cores), dtype=object)
    for chosen, make in (
        (counts > 2, lambda pts, idx: shapely.polygons(shapely.linearrings(pts, indices=idx))),
        (counts == 2, lambda pts, idx: shapely.linestrings(pts, indices=idx)),
        (counts == 1, lambda pts, idx: shapely.points(pts)),
    ):
        rows = np.flatnonzero(chosen)
        if len(rows):
            pts = np.concatenate([cores[k] for k in rows])
            out[rows] = make(pts, np.repeat(np.arange(len(rows)), counts[rows]))
    return out


def core_distances(cores_a: list[np.ndarray], cores_b: list[np.ndarray]) -> np.ndarray:
    """shapely's distance between each pair of world cores, in one vectorised call."""
    import shapely

    return shapely.distance(shapely_cores(cores_a), shapely_cores(cores_b))


def all_world_cores(pairs: list[Pair]) -> list[tuple[np.ndarray, np.ndarray]]:
    """``world_cores`` of many pairs (pair frame), rotated in one numpy pass per side."""
    sides = []
    placed = [pair_transforms(p) for p in pairs]
    for shapes, xfs in (
        ([p.a for p in pairs], [t[0] for t in placed]),
        ([p.b for p in pairs], [t[1] for t in placed]),
    ):
        local = [core_points(s) for s in shapes]
        counts = [len(p) for p in local]
        pts = np.concatenate(local)
        xf = np.repeat(np.asarray(xfs, dtype=np.float64).reshape(-1, 3), counts, axis=0)
        c, s = np.cos(xf[:, 2]), np.sin(xf[:, 2])
        world = np.column_stack(
            [c * pts[:, 0] - s * pts[:, 1] + xf[:, 0], s * pts[:, 0] + c * pts[:, 1] + xf[:, 1]]
        )
        sides.append(np.split(world, np.cumsum(counts)[:-1]))
    return list(zip(sides[0], sides[1], strict=True))


def edge_normals(points: np.ndarray) -> np.ndarray:
    """Both unit normals of every edge of a core (none for a point)."""
    if len(points) == 1:
        return np.zeros((0, 2))
    edges = np.roll(points, -1, axis=0) - points if len(points) > 2 else points[1:] - points[:1]
    normals = np.column_stack([edges[:, 1], -edges[:, 0]])
    normals /= np.hypot(normals[:, 0], normals[:, 1])[:, None]
    return np.concatenate([normals, -normals])


def sat_depth(pa: np.ndarray, pb: np.ndarray) -> tuple[float, tuple[float, float]]:
    """Depth of overlapping cores (no radii) and its normal, by SAT over the edge normals."""
    normals = np.concatenate([edge_normals(pa), edge_normals(pb)])
    if len(normals) == 0:  # two points: only coincident points overlap, and any direction will do
        return 0.0, (0.0, 0.0)
    depths = (pa @ normals.T).max(axis=0) - (pb @ normals.T).min(axis=0)
    best = int(np.argmin(depths))
    return float(depths[best]), (float(normals[best, 0]), float(normals[best, 1]))


def exact_answers(pairs: list[Pair]) -> tuple[list[Exact], list[tuple[np.ndarray, np.ndarray]]]:
    """The exact answer of every pair, and the world cores it came from."""
    import shapely

    cores = all_world_cores(pairs)
    ga, gb = shapely_cores([c[0] for c in cores]), shapely_cores([c[1] for c in cores])
    distances = shapely.distance(ga, gb)
    apart = np.flatnonzero(distances > 0.0)
    lines = np.zeros((len(pairs), 2, 2))
    if len(apart):
        lines[apart] = shapely.get_coordinates(shapely.shortest_line(ga[apart], gb[apart])).reshape(-1, 2, 2)
    answers = []
    for pair, (pa, pb), core, line in zip(pairs, cores, distances, lines, strict=True):
        radii = pair.a.radius + pair.b.radius
        if core > 0.0:
            dx, dy = line[1] - line[0]
            d = math.hypot(dx, dy)
            normal = (float(dx / d), float(dy / d)) if d > 0.0 else (0.0, 0.0)
            answers.append(Exact(float(core) - radii, normal, float(core)))
        else:
            depth, normal = sat_depth(pa, pb)
            answers.append(Exact(-(depth + radii), normal))
    return answers, cores


def support_depth(pa: np.ndarray, pb: np.ndarray, radii: float, normal) -> float:
    """How far B must move along ``normal`` (made unit) to clear A: max A·n − min B·n + radii.

    NaN for a zero normal, which separates nothing."""
    n = np.asarray(normal, dtype=np.float64)
    norm = math.hypot(n[0], n[1])
    if norm == 0.0:
        return math.nan
    n = n / norm
    return float((pa @ n).max() - (pb @ n).min()) + radii
