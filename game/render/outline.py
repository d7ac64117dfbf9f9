"""World-space outlines of engine shapes, for drawing walls and hitboxes.

Frames: shapes are local, a ``Transform`` (radians, counter-clockwise, y up)
puts them in the world; every outline returned here is in world pixels,
counter-clockwise. A plain polygon gives its own vertices; anything curved
(circles, capsules, ellipses, rounded polygons) is sampled through its
support function, which is exact on the boundary, so what the debug
overlay shows is what the engine collides.
"""

from __future__ import annotations

# One copy: the engine's debug drawing and the game's draw the same outlines.
from engine.draw import CURVE_SEGMENTS, outline

__all__ = ["CURVE_SEGMENTS", "as_segments", "outline"]


def as_segments(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A closed outline as the point pairs ``arcade.draw_lines`` takes (one batch for many outlines).

    >>> as_segments([(0, 0), (1, 0), (0, 1)])
    [(0, 0), (1, 0), (1, 0), (0, 1), (0, 1), (0, 0)]
    """
    pairs: list[tuple[float, float]] = []
    for i, p in enumerate(points):
        pairs += [p, points[(i + 1) % len(points)]]
    return pairs
