"""Random rotated pairs in the styles that break collision code.

Each style makes two shapes (``shapes(rng, kind_a, kind_b)``) and places them
(``place(rng, a, b) -> Pair``); a run places each pair of shapes a few times:

* ``ordinary``: shapes 0.3–5 across, B's origin 0.1–1 × the pair's reach from A's;
* ``slivers``: polygons and capsule cores 1:100 to 1:10,000 thin;
* ``far``: an ordinary pair moved 1e5–1e7 from the origin;
* ``tiny``: shapes 1e-4–1e-2 across;
* ``many``: polygons with 16–64 vertices;
* ``near``: an ordinary pair moved until its gap is ±1e-3…1e-12 × its size;
* ``nested``: B, 5–30 % of A's size, with its origin inside A's core;
* ``identical``: both at the same transform, the same shape when the kinds match.

Polygons are generated as their own strict convex hull with no nearly
straight corners, so the engine, pymunk and shapely all see the same outline.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from engine.collision import Capsule, Circle, Polygon

from .exact import sat_depth, shapely_core, world_cores
from .specs import Pair, bound, core_points, world_points

#: Smallest sine of a polygon's turn at a vertex: pymunk's hull and ours agree well above it.
MIN_TURN_SINE = 1e-6


def convex_hull(points) -> list[tuple[float, float]]:
    """Strict convex hull, counter-clockwise, collinear points dropped (Andrew's monotone chain).

    >>> convex_hull([(0, 0), (2, 0), (1, 0), (1, 1), (1, 0.2)])
    [(0.0, 0.0), (2.0, 0.0), (1.0, 1.0)]
    """
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _smallest_turn_sine(hull: list[tuple[float, float]]) -> float:
    edges = [(q[0] - p[0], q[1] - p[1]) for p, q in zip(hull, hull[1:] + hull[:1], strict=True)]
    return min(
        (e[0] * f[1] - e[1] * f[0]) / (math.hypot(*e) * math.hypot(*f))
        for e, f in zip(edges, edges[1:] + edges[:1], strict=True)
    )


def _offset(rng, size: float, centred: bool) -> np.ndarray:
    return np.zeros(2) if centred else rng.uniform(-0.2, 0.2, 2) * size


def random_polygon(rng, size, count=(3, 8), aspect=1.0, centred=False, radius=0.0):
    """A random convex polygon about ``size`` across: points on a tilted ellipse (always in
    convex position, so no hull is needed), kept only when every turn is clearly a turn."""
    while True:
        n = int(rng.integers(count[0], count[1] + 1))
        if n > 8:  # many vertices: jittered even angles spread the points round
            angles = (np.arange(n) + rng.uniform(-0.3, 0.3, n)) * (2.0 * math.pi / n)
        else:
            angles = np.sort(rng.uniform(0.0, 2.0 * math.pi, n))
        rx = 0.5 * size * rng.uniform(0.6, 1.0)
        ry = rx * (rng.uniform(0.3, 1.0) if aspect == 1.0 else aspect)
        px, py = rx * np.cos(angles), ry * np.sin(angles)
        tilt = rng.uniform(0.0, math.pi)
        c, s = math.cos(tilt), math.sin(tilt)
        off = _offset(rng, size, centred)
        xs, ys = (c * px - s * py + off[0]).tolist(), (s * px + c * py + off[1]).tolist()
        outline = list(zip(xs, ys, strict=True))
        if _smallest_turn_sine(outline) <= MIN_TURN_SINE:
            continue
        try:
            polygon = Polygon(outline, radius)
        except ValueError:
            continue
        if list(polygon.points) == outline:  # nothing welded or dropped
            return polygon


def random_shape(rng, kind: str, size: float, *, count=(3, 8), aspect=1.0, centred=False):
    """A random shape of a spec kind, about ``size`` across."""
    if kind == "poly":
        return random_polygon(rng, size, count, aspect, centred)
    if kind == "rounded":
        radius = size * (rng.uniform(0.03, 0.25) if aspect == 1.0 else aspect * rng.uniform(0.1, 0.5))
        core = size - 2.0 * radius
        return random_polygon(rng, core, count, aspect, centred, radius)
    if kind == "circle":
        radius = size * rng.uniform(0.2, 0.5)
        return Circle(radius, tuple(np.zeros(2) if centred else rng.uniform(-0.3, 0.3, 2) * size))
    radius = size * (rng.uniform(0.03, 0.25) if aspect == 1.0 else aspect * rng.uniform(0.1, 1.0))
    half = max(size * rng.uniform(0.15, 0.5) - radius, 0.05 * size)
    a = rng.uniform(0.0, math.pi)
    mid = _offset(rng, size, centred)
    d = half * np.array([math.cos(a), math.sin(a)])
    return Capsule(tuple(mid - d), tuple(mid + d), radius)


def _extent(shape) -> float:
    return bound(shape) + shape.radius


def _angle(rng) -> float:
    return float(rng.uniform(-math.pi, math.pi))


def _place(rng, a, b, spread: float = 100.0, reach=(0.1, 1.0)) -> Pair:
    """A at a random place, B's origin 0.1–1 × the sum of the extents away: about half overlap."""
    xa, ya = rng.uniform(-spread, spread, 2)
    heading = rng.uniform(-math.pi, math.pi)
    reach = (_extent(a) + _extent(b)) * rng.uniform(*reach)
    xf_b = (float(xa + reach * math.cos(heading)), float(ya + reach * math.sin(heading)), _angle(rng))
    return Pair(a, (float(xa), float(ya), _angle(rng)), b, xf_b)


def _sizes(rng, low: float, high: float) -> tuple[float, float]:
    s = np.exp(rng.uniform(math.log(low), math.log(high), 2))
    return float(s[0]), float(s[1])


def _xf(rng, spread: float = 100.0) -> tuple[float, float, float]:
    x, y = rng.uniform(-spread, spread, 2)
    return float(x), float(y), _angle(rng)


def ordinary_shapes(rng, kind_a, kind_b):
    sa, sb = _sizes(rng, 0.3, 5.0)
    return random_shape(rng, kind_a, sa), random_shape(rng, kind_b, sb)


def sliver_shapes(rng, kind_a, kind_b):
    sa, sb = _sizes(rng, 0.3, 5.0)
    thin = [10.0 ** -rng.uniform(2.0, 4.0) for _ in range(2)]
    return random_shape(rng, kind_a, sa, aspect=thin[0]), random_shape(rng, kind_b, sb, aspect=thin[1])


def tiny_shapes(rng, kind_a, kind_b):
    sa, sb = _sizes(rng, 1e-4, 1e-2)
    return random_shape(rng, kind_a, sa), random_shape(rng, kind_b, sb)


def many_shapes(rng, kind_a, kind_b):
    sa, sb = _sizes(rng, 0.3, 5.0)
    return random_shape(rng, kind_a, sa, count=(16, 64)), random_shape(rng, kind_b, sb, count=(16, 64))


def nested_shapes(rng, kind_a, kind_b):
    size = float(np.exp(rng.uniform(math.log(0.3), math.log(5.0))))
    return random_shape(rng, kind_a, size), random_shape(rng, kind_b, size * rng.uniform(0.05, 0.3))


def identical_shapes(rng, kind_a, kind_b):
    size = float(np.exp(rng.uniform(math.log(0.3), math.log(5.0))))
    centred = rng.random() < 0.5
    a = random_shape(rng, kind_a, size, centred=centred)
    return a, (a if kind_a == kind_b else random_shape(rng, kind_b, size, centred=centred))


def place_thin(rng, a, b) -> Pair:
    return _place(rng, a, b, reach=(0.02, 0.6))  # thin shapes meet less often


def place_far(rng, a, b) -> Pair:
    pair = _place(rng, a, b)
    heading, distance = rng.uniform(-math.pi, math.pi), 10.0 ** rng.uniform(5.0, 7.0)
    ox, oy = distance * math.cos(heading), distance * math.sin(heading)
    (xa, ya, aa), (xb, yb, ab) = pair.xf_a, pair.xf_b
    return pair._replace(xf_a=(xa + ox, ya + oy, aa), xf_b=(xb + ox, yb + oy, ab))


def place_tiny(rng, a, b) -> Pair:
    return _place(rng, a, b, spread=0.05)


def graze(pair: Pair, target: float) -> Pair:
    """Move B along the least-penetration (or closest-points) direction until the exact gap is
    about ``target`` (negative: overlapping by that much)."""
    import shapely

    pa, pb = world_cores(pair)
    ga, gb = shapely_core(pa), shapely_core(pb)
    core = shapely.distance(ga, gb)
    radii = pair.a.radius + pair.b.radius
    if core > 0.0:
        (ax, ay), (bx, by) = shapely.shortest_line(ga, gb).coords
        d = math.hypot(bx - ax, by - ay)
        if d == 0.0:
            return pair
        gap, nx, ny = core - radii, (bx - ax) / d, (by - ay) / d
    else:
        depth, (nx, ny) = sat_depth(pa, pb)
        gap = -(depth + radii)
    shift = target - gap
    x, y, angle = pair.xf_b
    return pair._replace(xf_b=(x + shift * nx, y + shift * ny, angle))


def place_near(rng, a, b) -> Pair:
    pair = _place(rng, a, b)
    sign = 1.0 if rng.random() < 0.5 else -1.0
    return graze(pair, sign * 10.0 ** -rng.uniform(3.0, 12.0) * (_extent(a) + _extent(b)))


def place_inside(rng, a, b) -> Pair:
    xf_a = _xf(rng)
    core = world_points(core_points(a), xf_a)
    x, y = rng.dirichlet(np.ones(len(core))) @ core
    return Pair(a, xf_a, b, (float(x), float(y), _angle(rng)))


def place_together(rng, a, b) -> Pair:
    xf = _xf(rng)
    return Pair(a, xf, b, xf)


class Style(NamedTuple):
    """How a style makes its two shapes, and how it places them (several times per pair of shapes)."""

    shapes: Callable
    place: Callable


STYLES = {
    "ordinary": Style(ordinary_shapes, _place),
    "slivers": Style(sliver_shapes, place_thin),
    "far": Style(ordinary_shapes, place_far),
    "tiny": Style(tiny_shapes, place_tiny),
    "many": Style(many_shapes, _place),
    "near": Style(ordinary_shapes, place_near),
    "nested": Style(nested_shapes, place_inside),
    "identical": Style(identical_shapes, place_together),
}


def make_pair(rng, style: str, kind_a: str, kind_b: str) -> Pair:
    """One random pair of a style."""
    s = STYLES[style]
    return s.place(rng, *s.shapes(rng, kind_a, kind_b))
