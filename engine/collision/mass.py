"""Mass, centre of mass and rotational inertia of a shape of uniform density, exact for every kind.

Frames and units:
- ``center`` is in the shape's *local* frame (the frame its points are given in);
- ``inertia`` is the polar moment ∫ρ|p − center|² dA about the centre of mass
  (not about the local origin, unlike pymunk's ``moment_for_poly``);
- mass is density × area, so with lengths in metres and density in kg/m² the
  mass is in kg and the inertia in kg·m².

Each kind has a closed form, none approximated:
- ``Circle``: m = ρπr², centre at its ``center``, I = m r²/2.
- ``Capsule`` (segment of length L, radius r): a L × 2r rectangle plus two
  half discs, m = ρ(πr² + 2rL), I = m_disc(r²/2 + L²/4 + L·4r/(3π)) +
  m_rect(L² + 4r²)/12 (Box2D v3 ``b2ComputeCapsuleMass``). A capsule of
  radius 0 is a bare segment with no area: mass and inertia 0.
- ``Polygon`` with radius 0: the triangle fan from vertex 0 (Box2D v3
  ``b2ComputePolygonMass`` without its rounding step).
- rounded ``Polygon`` (core + radius r): the Minkowski sum of the core and a
  disc is, exactly and without overlaps, the core, one r-thick rectangle
  outside each edge and one circular sector of angle θᵢ (the exterior angle)
  at each vertex. Area A + P r + πr². Box2D v3 instead pushes the vertices out
  by 1.412 r and takes a polygon (−28 % inertia on a sharp triangle), and
  Chipmunk gives the core's moment per unit mass (−30 % on a unit box of
  rounding 0.1); see ``dynamics-anchors.md`` §4.
- ``Ellipse`` (semi-axes a, b): m = ρπab, I = m(a² + b²)/4.

Pieces are summed as second moments about the polygon's vertex 0 (Box2D's
trick for round-off: the sums are of the shape's size, not of its distance
from the local origin), then moved to the centre of mass by the parallel-axis
theorem.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .limits import real
from .shapes import Capsule, Circle, Ellipse, Polygon

__all__ = ["MAX_DENSITY", "MIN_DENSITY", "MassData", "check_density", "mass_properties"]

#: Smallest density (mass per unit area). With the smallest shape (``MIN_SIZE`` = 1e-12 across) the
#: mass stays above 1e-33 and the inertia above 1e-58: normal floats, never 0 for a shape with area.
MIN_DENSITY = 1e-9
#: Largest density. With the largest shapes (``MAX_SIZE``, ``MAX_COORDINATE`` = 1e9) the inertia stays
#: below 1e48, far from overflow, and a solver can square it.
MAX_DENSITY = 1e9


class MassData(NamedTuple):
    """A shape's (or body's) mass, centre of mass in its local frame, and inertia about that centre."""

    mass: float
    center: tuple[float, float]
    inertia: float


def check_density(density) -> float:
    """``density`` as a float if it is a finite number in [``MIN_DENSITY``, ``MAX_DENSITY``], else an error.

    >>> check_density(2)
    2.0
    >>> check_density(0.0)
    Traceback (most recent call last):
    ...
    ValueError: density is 0.0, outside MIN_DENSITY = 1e-09 <= density <= MAX_DENSITY = 1e+09
    """
    value = real("density", density)
    if not MIN_DENSITY <= value <= MAX_DENSITY:  # NaN fails too
        raise ValueError(
            f"density is {value}, outside MIN_DENSITY = {MIN_DENSITY:g} <= density <= "
            f"MAX_DENSITY = {MAX_DENSITY:g}"
        )
    return value


def mass_properties(shape, density: float = 1.0) -> MassData:
    """Exact mass, centre of mass (local frame) and inertia about it of ``shape`` at uniform ``density``.

    >>> mass_properties(Circle(1.0, center=(2.0, 0.0)))
    MassData(mass=3.141592653589793, center=(2.0, 0.0), inertia=1.5707963267948966)
    >>> box = mass_properties(Polygon.box(1.0, 0.5), density=2.0)   # 2 × 1 box: m = 4, I = m(w² + h²)/12
    >>> box.mass, box.center, round(box.inertia, 12)
    (4.0, (0.0, 0.0), 1.666666666667)
    >>> m = mass_properties(Ellipse(2.0, 1.0))
    >>> round(m.mass, 6), round(m.inertia, 6)
    (6.283185, 7.853982)
    """
    rho = check_density(density)
    if isinstance(shape, Circle):
        mass = rho * math.pi * shape.radius**2
        return MassData(mass, shape.center, 0.5 * mass * shape.radius**2)
    if isinstance(shape, Ellipse):
        mass = rho * math.pi * shape.rx * shape.ry
        return MassData(mass, (0.0, 0.0), 0.25 * mass * (shape.rx**2 + shape.ry**2))
    if isinstance(shape, Capsule):
        return _capsule(shape.p1, shape.p2, shape.radius, rho)
    if isinstance(shape, Polygon):
        return _polygon(shape.points, shape.radius, rho)
    raise TypeError(
        f"mass_properties needs a Circle, Capsule, Polygon or Ellipse, got {type(shape).__name__}: "
        "a custom support shape has no closed-form mass"
    )


def _capsule(p1, p2, r: float, rho: float) -> MassData:
    """Box2D v3's exact capsule: a L × 2r rectangle and two half discs whose centroids sit 4r/(3π) out."""
    center = (0.5 * (p1[0] + p2[0]), 0.5 * (p1[1] + p2[1]))
    length = math.hypot(p2[0] - p1[0], p2[1] - p1[1])
    disc = rho * math.pi * r * r
    rect = rho * 2.0 * r * length
    inertia = disc * (0.5 * r * r + 0.25 * length * length + length * 4.0 * r / (3.0 * math.pi))
    inertia += rect * (length * length + 4.0 * r * r) / 12.0
    return MassData(disc + rect, center, inertia)


def _polygon(points, r: float, rho: float) -> MassData:
    """A convex CCW polygon, rounded by ``r`` (see the module docstring for the decomposition).

    Every piece adds its area ``a``, its first moment ``a·c`` and its second moment
    ``∫|p|² dA``, all relative to vertex 0.
    """
    ox, oy = points[0]
    pts = [(x - ox, y - oy) for x, y in points]
    n = len(pts)
    area = sx = sy = second = 0.0
    # The core: triangles (0, e1, e2) of the fan from vertex 0 (which is the origin here).
    for i in range(1, n - 1):
        e1x, e1y = pts[i]
        e2x, e2y = pts[i + 1]
        a = 0.5 * (e1x * e2y - e1y * e2x)
        area += a
        sx += a * (e1x + e2x) / 3.0
        sy += a * (e1y + e2y) / 3.0
        second += a * (e1x * e1x + e1x * e2x + e2x * e2x + e1y * e1y + e1y * e2y + e2y * e2y) / 6.0
    if r > 0.0:
        for i in range(n):
            ax, ay = pts[i]
            bx, by = pts[(i + 1) % n]
            ex, ey = bx - ax, by - ay
            length = math.hypot(ex, ey)
            nx, ny = ey / length, -ex / length  # outward normal of a CCW edge
            # The rectangle outside edge i: centroid at the edge's middle pushed out by r/2;
            # about its own centroid its second moment is a(L² + r²)/12.
            a = length * r
            cx, cy = 0.5 * (ax + bx) + 0.5 * r * nx, 0.5 * (ay + by) + 0.5 * r * ny
            area += a
            sx += a * cx
            sy += a * cy
            second += a * (length * length + r * r) / 12.0 + a * (cx * cx + cy * cy)
            # The sector at vertex i + 1, between this edge's normal and the next one's.
            cx2, cy2 = pts[(i + 2) % n]
            fx, fy = cx2 - bx, cy2 - by
            flen = math.hypot(fx, fy)
            mx, my = fy / flen, -fx / flen
            theta = math.atan2(nx * my - ny * mx, nx * mx + ny * my)  # in (0, π) for a convex CCW polygon
            a = 0.5 * theta * r * r
            # Unit bisector of the two normals, and the sector centroid 4r sin(θ/2)/(3θ) along it.
            hx, hy = nx + mx, ny + my
            hlen = math.hypot(hx, hy)
            d = 4.0 * r * math.sin(0.5 * theta) / (3.0 * theta)
            gx, gy = hx / hlen * d, hy / hlen * d
            area += a
            sx += a * (bx + gx)
            sy += a * (by + gy)
            # About its apex a sector's second moment is θr⁴/4; move it to vertex 0:
            # ∫|b + q|² = ∫|q|² + 2 b·∫q + a|b|², with ∫q = a·g.
            second += 0.25 * theta * r**4 + 2.0 * a * (bx * gx + by * gy) + a * (bx * bx + by * by)
    cx, cy = sx / area, sy / area
    mass = rho * area
    inertia = rho * (second - area * (cx * cx + cy * cy))
    return MassData(mass, (cx + ox, cy + oy), inertia)
