"""The tests' own minimum width, written apart from ``game.check.hitbox``: a monotone-chain hull and
Shamos's rotating calipers (one pointer walking the antipodal vertex round as the edges turn)."""

from __future__ import annotations

import math


def hull_of(points) -> list[tuple[float, float]]:
    """Hull corners counter-clockwise, collinear ones left out (Andrew's monotone chain).

    A Jarvis march was here first; on nearly collinear float points it could
    circle for ever without meeting its first corner again (hypothesis found
    one; the hull list grew to gigabytes). The monotone chain ends by
    construction: two passes over the sorted points."""
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) < 3:
        return pts

    def chain(ordered):
        out: list[tuple[float, float]] = []
        for p in ordered:
            while (
                len(out) >= 2
                and (
                    (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                    - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])
                )
                <= 0
            ):
                out.pop()
            out.append(p)
        return out

    lower, upper = chain(pts), chain(reversed(pts))
    return lower[:-1] + upper[:-1]


def calipers_width(points) -> float:
    """Minimum width of the points' hull: for each edge the farthest vertex, found by advancing one
    antipodal pointer monotonically (Shamos 1978), and the smallest of those heights."""
    hull = hull_of(points)
    n = len(hull)
    if n < 3:
        return 0.0

    def height(i: int, j: int) -> float:
        (ax, ay), (bx, by), (px, py) = hull[i], hull[(i + 1) % n], hull[j]
        return abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / math.hypot(bx - ax, by - ay)

    best = math.inf
    j = 1
    for i in range(n):
        while height(i, (j + 1) % n) >= height(i, j) and (j + 1) % n != i:
            j = (j + 1) % n
        best = min(best, height(i, j))
    return best


def polygon_width(points, radius: float = 0.0) -> float:
    """A (rounded) convex polygon's minimum width: its core's calipers width plus the rounding twice."""
    return calipers_width(points) + 2.0 * radius
