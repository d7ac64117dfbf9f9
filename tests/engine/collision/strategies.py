"""Hypothesis strategies for shapes, transforms and simple outlines, and exact support-function checks.

The checks use only the definition of a convex shape's support h(d) = max p·d,
computed from each shape's own ``support`` in the world frame, so they hold for
every kind of shape, curved ones included:
- along a unit direction n, A and B overlap by h_A(n) + h_B(−n) − n·(anything),
  precisely: overlap(n) = h_A(n) + h_B(−n), where h_B(−n) = −min_B p·n;
- the penetration depth is the minimum of overlap(n) over all directions, and
  the distance is the maximum of −overlap(n) when it is positive.
"""

from __future__ import annotations

import math

from hypothesis import assume
from hypothesis import strategies as st

from engine.collision import Capsule, Circle, Ellipse, Polygon


def world_support(shape, xf, dx: float, dy: float) -> tuple[float, float]:
    """Support point of ``shape`` placed at ``xf`` along the world direction (dx, dy)."""
    x, y, angle = xf
    c, s = math.cos(angle), math.sin(angle)
    px, py = shape.support(c * dx + s * dy, -s * dx + c * dy)
    return c * px - s * py + x, s * px + c * py + y


def overlap_along(a, xf_a, b, xf_b, nx: float, ny: float) -> float:
    """How far A and B overlap when projected on the unit direction n (negative: a gap)."""
    ax, ay = world_support(a, xf_a, nx, ny)
    bx, by = world_support(b, xf_b, -nx, -ny)
    return (ax - bx) * nx + (ay - by) * ny


def min_overlap(a, xf_a, b, xf_b, samples: int = 720) -> float:
    """The smallest overlap over many directions: ≥ the true depth (sampling misses the exact axis)."""
    return min(
        overlap_along(a, xf_a, b, xf_b, math.cos(t), math.sin(t))
        for t in (k * math.tau / samples for k in range(samples))
    )


def size_of(shape) -> float:
    """A length scale for the shape: its largest support distance from its origin."""
    return max(
        math.hypot(*shape.support(math.cos(t), math.sin(t))) for t in (0, 1.57, 3.14, 4.71, 0.78, 2.35)
    )


@st.composite
def convex_polygon_points(draw, scale: float = 1.0, max_vertices: int = 8):
    """Vertices on a stretched circle at distinct whole-degree angles: always convex."""
    degrees = sorted(draw(st.sets(st.integers(0, 359), min_size=3, max_size=max_vertices)))
    # Three points on less than a half circle can make a sliver; keep some spread.
    gaps = [(b - a) % 360 for a, b in zip(degrees, degrees[1:] + degrees[:1])]
    if max(gaps) > 300:
        degrees.append((degrees[-1] + 180) % 360)
        degrees = sorted(set(degrees))
    sx = draw(st.floats(0.2, 2.0)) * scale
    sy = draw(st.floats(0.2, 2.0)) * scale
    ox, oy = draw(st.floats(-0.5, 0.5)) * scale, draw(st.floats(-0.5, 0.5)) * scale
    return [(ox + sx * math.cos(math.radians(d)), oy + sy * math.sin(math.radians(d))) for d in degrees]


@st.composite
def shapes(draw, scale: float = 1.0):
    kind = draw(st.sampled_from(["polygon", "rounded", "circle", "capsule", "ellipse"]))
    if kind == "polygon":
        return Polygon(draw(convex_polygon_points(scale)))
    if kind == "rounded":
        return Polygon(draw(convex_polygon_points(scale)), radius=draw(st.floats(0.01, 0.5)) * scale)
    if kind == "circle":
        center = (draw(st.floats(-0.5, 0.5)) * scale, draw(st.floats(-0.5, 0.5)) * scale)
        return Circle(draw(st.floats(0.05, 1.5)) * scale, center)
    if kind == "capsule":
        p1 = (draw(st.floats(-1, 1)) * scale, draw(st.floats(-1, 1)) * scale)
        p2 = (draw(st.floats(-1, 1)) * scale, draw(st.floats(-1, 1)) * scale)
        return Capsule(p1, p2, draw(st.floats(0.05, 0.8)) * scale)
    return Ellipse(draw(st.floats(0.1, 2.0)) * scale, draw(st.floats(0.1, 2.0)) * scale)


def transforms(scale: float = 1.0, reach: float = 3.0):
    return st.tuples(
        st.floats(-reach, reach).map(lambda v: v * scale),
        st.floats(-reach, reach).map(lambda v: v * scale),
        st.floats(-math.pi, math.pi),
    )


@st.composite
def star_polygons(draw):
    """Random simple polygons: star-shaped about the origin, so often concave, then moved and rotated."""
    n = draw(st.integers(3, 24))
    cuts = sorted(draw(st.lists(st.floats(0, 1, exclude_max=True), min_size=n, max_size=n, unique=True)))
    assume(all(b - a > 0.01 for a, b in zip(cuts, [*cuts[1:], cuts[0] + 1])))
    radii = draw(st.lists(st.floats(0.15, 1.0), min_size=n, max_size=n))
    size = draw(st.floats(1.0, 2000.0))
    turn = draw(st.floats(0, 2 * math.pi))
    shift = draw(st.tuples(st.floats(-5000, 5000), st.floats(-5000, 5000)))
    points = []
    for cut, r in zip(cuts, radii):
        a = 2 * math.pi * cut + turn
        points.append((shift[0] + size * r * math.cos(a), shift[1] + size * r * math.sin(a)))
    if draw(st.booleans()):
        points.reverse()  # either winding
    return points


@st.composite
def comb_polygons(draw):
    """Random orthogonal combs: many reflex corners in a row, with straight runs on purpose."""
    teeth = draw(st.integers(1, 8))
    widths = draw(st.lists(st.integers(1, 9), min_size=2 * teeth + 1, max_size=2 * teeth + 1))
    depths = draw(st.lists(st.integers(1, 9), min_size=teeth, max_size=teeth))
    xs = [0]
    for w in widths:
        xs.append(xs[-1] + w)
    top = []
    for k in reversed(range(len(widths))):  # the top edge, right to left: odd slots are teeth
        height = 10 + (depths[k // 2] if k % 2 == 1 else 0)
        top += [(xs[k + 1], height), (xs[k], height)]
    return [(0, 0), (xs[-1], 0), *top]
