"""World-space outlines of engine shapes, for drawing walls and hitboxes.

Frames: shapes are local, a ``Transform`` (radians, counter-clockwise, y up)
puts them in the world; every outline returned here is in world pixels,
counter-clockwise. A plain polygon gives its own vertices; anything curved
(circles, capsules, ellipses, rounded polygons) is sampled through its
support function, which is exact on the boundary, so what the debug
overlay shows is what the engine collides.
"""

from __future__ import annotations

import math

from engine.collision import Polygon, Transform

#: Support directions sampled around a curved shape.
CURVE_SEGMENTS = 32


def outline(shape, xf, segments: int = CURVE_SEGMENTS) -> list[tuple[float, float]]:
    """The boundary of ``shape`` placed at ``xf``, as world points, counter-clockwise.

    >>> outline(Polygon.box(2.0, 1.0), (10.0, 0.0, 0.0))
    [(8.0, -1.0), (12.0, -1.0), (12.0, 1.0), (8.0, 1.0)]
    """
    xf = Transform(*xf)
    if isinstance(shape, Polygon) and shape.radius == 0.0:
        return [xf.apply(x, y) for x, y in shape.points]
    local: list[tuple[float, float]] = []
    for k in range(segments):
        # Sample evenly spaced *world* directions, so a rotated circle draws the same polygon.
        a = 2.0 * math.pi * k / segments - xf.angle
        p = shape.support(math.cos(a), math.sin(a))
        # A polygon's corner is the support of a whole fan of directions: keep it once.
        if not local or math.dist(p, local[-1]) > 1e-9:
            local.append(p)
    if len(local) > 1 and math.dist(local[0], local[-1]) <= 1e-9:
        local.pop()
    return [xf.apply(x, y) for x, y in local]


def as_segments(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A closed outline as the point pairs ``arcade.draw_lines`` takes (one batch for many outlines).

    >>> as_segments([(0, 0), (1, 0), (0, 1)])
    [(0, 0), (1, 0), (1, 0), (0, 1), (0, 1), (0, 0)]
    """
    pairs: list[tuple[float, float]] = []
    for i, p in enumerate(points):
        pairs += [p, points[(i + 1) % len(points)]]
    return pairs
