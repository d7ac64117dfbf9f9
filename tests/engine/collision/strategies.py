"""Hypothesis strategies for shapes and transforms, and exact support-function checks.

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
