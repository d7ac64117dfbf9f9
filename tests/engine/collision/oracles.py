"""Reference answers for the collision tests: pymunk, shapely, and exact geometry.

Our shapes are a *core* (polygon, segment or point) plus a radius. Here each
one is turned into

* its pymunk twin (``engine.crosscheck.to_pymunk``: ``Poly(radius=r)``,
  ``Segment(radius=r)``, ``Circle(offset)`` on a kinematic body, so that
  pymunk rotates it about the same point we do);
* its world-space core as a shapely geometry, for exact distances;
* its world-space core as a point list, for an exact penetration depth by
  enumerating the face normals of the Minkowski difference.

Sizes: ``extent(shape)`` is the largest distance from the shape's local origin
to its outline; the tests scale their tolerances by the sum of the extents.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import shapely

from engine.collision import Capsule, Circle, Polygon

# The crosscheck tool is where these pieces live now; the tests share them.
from engine.crosscheck.specs import core_points, world_points
from engine.crosscheck.styles import convex_hull
from engine.crosscheck.twins import PymunkAnswer, place, pymunk_contact, to_pymunk

__all__ = [
    "KINDS",
    "Exact",
    "PymunkAnswer",
    "brute_force_depth",
    "convex_hull",
    "exact_distance",
    "exact_pair",
    "extent",
    "outline_offset",
    "place",
    "pymunk_contact",
    "random_convex_points",
    "random_shape",
    "shapely_core",
    "shapely_cores",
    "support_depth",
    "to_pymunk",
]

KINDS = ("polygon", "rounded", "circle", "capsule")


# --- geometry helpers ----------------------------------------------------------


def extent(shape) -> float:
    """Largest distance from the local origin to the shape's outline."""
    return float(np.hypot(*core_points(shape).T).max()) + shape.radius


# --- shapely -------------------------------------------------------------------


def shapely_core(shape, xf):
    """The shape's core in world space: a shapely Polygon, LineString or Point."""
    pts = world_points(core_points(shape), xf)
    if isinstance(shape, Polygon):
        return shapely.Polygon(pts)
    if isinstance(shape, Capsule):
        return shapely.LineString(pts)
    return shapely.Point(pts[0])


def shapely_cores(shapes, xfs) -> np.ndarray:
    """``shapely_core`` of many shapes, as a numpy object array."""
    cores = np.empty(len(shapes), dtype=object)
    cores[:] = [shapely_core(s, xf) for s, xf in zip(shapes, xfs, strict=True)]
    return cores


def exact_distance(shape_a, xf_a, shape_b, xf_b) -> float:
    """max(distance between the world cores − ra − rb, 0), computed by shapely (GEOS)."""
    core = shapely.distance(shapely_core(shape_a, xf_a), shapely_core(shape_b, xf_b))
    return max(float(core) - shape_a.radius - shape_b.radius, 0.0)


def outline_offset(points: np.ndarray, cores: np.ndarray, radii: np.ndarray) -> np.ndarray:
    """Signed distance of world points (k, 2) from the outlines of k shapes given by
    their shapely cores and radii: 0 on the outline, < 0 inside, > 0 outside."""
    pts = shapely.points(points)
    to_core = shapely.distance(pts, cores)
    rings = shapely.get_exterior_ring(cores)  # None for points and segments
    is_polygon = shapely.get_type_id(cores) == shapely.GeometryType.POLYGON
    to_ring = np.zeros(len(cores))
    to_ring[is_polygon] = shapely.distance(pts[is_polygon], rings[is_polygon])
    inside = is_polygon & (to_core == 0.0)
    signed = np.where(inside, -to_ring, to_core)
    return signed - radii


# --- exact signed gap, depth and normal -----------------------------------------


class Exact(NamedTuple):
    """The exact answer for a pair, from the cores.

    ``gap`` > 0 is the distance between the shapes; ``gap`` ≤ 0 is minus the
    penetration depth. ``normal`` is the separating direction from A towards B
    (for separated shapes, from A's closest point to B's). ``runner_up`` is the
    depth along the best candidate normal pointing elsewhere (inf if none): a
    normal is ambiguous when it is about as deep as ``-gap``. ``core_distance``
    is the distance between the cores (0 when they overlap).
    """

    gap: float
    normal: tuple[float, float]
    runner_up: float
    core_distance: float


def _face_normals(points: np.ndarray) -> np.ndarray:
    """Both unit normals of every edge of a core (none for a point)."""
    n = len(points)
    if n == 1:
        return np.zeros((0, 2))
    edges = np.roll(points, -1, axis=0) - points if n > 2 else points[1:] - points[:1]
    normals = np.column_stack([edges[:, 1], -edges[:, 0]])
    normals /= np.hypot(normals[:, 0], normals[:, 1])[:, None]
    return np.concatenate([normals, -normals])


def exact_pair(shape_a, xf_a, shape_b, xf_b) -> Exact:
    """Exact signed gap and normal of a pair.

    Separated cores: shapely's distance and closest points, minus the radii.
    Overlapping cores: the Minkowski difference A − B of two convex polygons
    (or segments, or points) is a convex polygon whose face normals are among
    the edge normals of A and B, so the depth is the minimum over those
    normals u of max(A·u) − min(B·u), plus both radii. Directions that are not
    face normals only give larger values, so testing both signs of every edge
    normal is safe.
    """
    r = shape_a.radius + shape_b.radius
    ga, gb = shapely_core(shape_a, xf_a), shapely_core(shape_b, xf_b)
    core = float(shapely.distance(ga, gb))
    if core > 0.0:
        (ax, ay), (bx, by) = shapely.shortest_line(ga, gb).coords
        d = math.hypot(bx - ax, by - ay)
        if d > 0.0:  # (a distance below the rounding of the coordinates has no direction)
            return Exact(core - r, ((bx - ax) / d, (by - ay) / d), math.inf, core)
    pa = world_points(core_points(shape_a), xf_a)
    pb = world_points(core_points(shape_b), xf_b)
    normals = np.concatenate([_face_normals(pa), _face_normals(pb)])
    if len(normals) == 0:  # two coincident points: every direction is as good
        return Exact(-r, (0.0, 0.0), r, 0.0)
    depths = (pa @ normals.T).max(axis=0) - (pb @ normals.T).min(axis=0)
    best = int(np.argmin(depths))
    n = normals[best]
    elsewhere = normals @ n < 1.0 - 1e-12
    runner_up = float(depths[elsewhere].min()) + r if elsewhere.any() else math.inf
    return Exact(-(float(depths[best]) + r), (float(n[0]), float(n[1])), runner_up, 0.0)


def support_depth(shape_a, xf_a, shape_b, xf_b, normal) -> float:
    """How far B must move along ``normal`` to clear A, from the support functions:
    max over A of a·n − min over B of b·n (cores), plus both radii."""
    n = np.asarray(normal, dtype=np.float64)
    n = n / np.hypot(*n)
    pa = world_points(core_points(shape_a), xf_a)
    pb = world_points(core_points(shape_b), xf_b)
    return float((pa @ n).max() - (pb @ n).min()) + shape_a.radius + shape_b.radius


def brute_force_depth(shape_a, xf_a, shape_b, xf_b, directions: int = 200_000) -> tuple[float, float]:
    """Minimum translation depth over many directions (slow; for investigating).

    Returns (depth, angle of the best direction)."""
    angles = np.linspace(-math.pi, math.pi, directions, endpoint=False)
    normals = np.column_stack([np.cos(angles), np.sin(angles)])
    pa = world_points(core_points(shape_a), xf_a)
    pb = world_points(core_points(shape_b), xf_b)
    depths = (pa @ normals.T).max(axis=0) - (pb @ normals.T).min(axis=0)
    best = int(np.argmin(depths))
    return float(depths[best]) + shape_a.radius + shape_b.radius, float(angles[best])


# --- pymunk ------------------------------------------------------------------
# One conversion for the whole project, in engine.crosscheck.twins (quirks and all):
# ``to_pymunk(shape, xf)`` places a twin, ``place`` moves it, ``pymunk_contact`` reads
# ``shapes_collide`` without trusting ``ContactPoint.distance``.


# --- random shapes -----------------------------------------------------------


def random_convex_points(rng: np.random.Generator, size: float, min_count: int = 3, max_count: int = 8):
    """Vertices of a random convex polygon about ``size`` across, as its own strict
    hull (counter-clockwise), with no short edges and no nearly straight corners,
    so that our ``Polygon`` keeps exactly these vertices."""
    while True:
        n = int(rng.integers(min_count, max_count + 1))
        angles = np.sort(rng.uniform(0.0, 2.0 * math.pi, n))
        rx, ry = size * rng.uniform(0.3, 0.5, 2)
        tilt = rng.uniform(0.0, math.pi)
        radii = rng.uniform(0.7, 1.0, n)
        px, py = radii * rx * np.cos(angles), radii * ry * np.sin(angles)
        c, s = math.cos(tilt), math.sin(tilt)
        offset = rng.uniform(-0.2, 0.2, 2) * size
        pts = np.column_stack([c * px - s * py + offset[0], s * px + c * py + offset[1]])
        hull = convex_hull(pts)
        if len(hull) < 3 or not _well_shaped(np.array(hull), size):
            continue
        return hull


def _well_shaped(hull: np.ndarray, size: float) -> bool:
    edges = np.roll(hull, -1, axis=0) - hull
    lengths = np.hypot(edges[:, 0], edges[:, 1])
    if lengths.min() < 0.02 * size:
        return False
    nxt = np.roll(edges, -1, axis=0)
    sines = (edges[:, 0] * nxt[:, 1] - edges[:, 1] * nxt[:, 0]) / (lengths * np.roll(lengths, -1))
    return bool(sines.min() > 1e-3)


def random_shape(rng: np.random.Generator, kind: str, size: float):
    """A random shape of ``kind`` (see ``KINDS``), about ``size`` across."""
    if kind == "polygon":
        hull = random_convex_points(rng, size)
        shape = Polygon(hull)
    elif kind == "rounded":
        radius = size * rng.uniform(0.03, 0.25)
        hull = random_convex_points(rng, size - 2.0 * radius)
        shape = Polygon(hull, radius=radius)
    elif kind == "circle":
        radius = size * rng.uniform(0.2, 0.5)
        shape = Circle(radius, center=tuple(rng.uniform(-0.3, 0.3, 2) * size))
    elif kind == "capsule":
        radius = size * rng.uniform(0.03, 0.25)
        half = size * rng.uniform(0.15, 0.5) - radius
        a = rng.uniform(0.0, math.pi)
        mid = rng.uniform(-0.2, 0.2, 2) * size
        d = half * np.array([math.cos(a), math.sin(a)])
        shape = Capsule(tuple(mid - d), tuple(mid + d), radius)
    else:
        raise ValueError(kind)
    if isinstance(shape, Polygon) and list(shape.points) != hull:
        raise AssertionError(f"Polygon changed the hull {hull} into {shape.points}")
    return shape
