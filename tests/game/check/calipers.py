"""The tests' own minimum width, written apart from ``game.check.hitbox``: a gift-wrapped hull and
Shamos's rotating calipers (one pointer walking the antipodal vertex round as the edges turn)."""

from __future__ import annotations

import math


def gift_wrap(points) -> list[tuple[float, float]]:
    """Jarvis march: hull corners counter-clockwise, collinear ones left out."""
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) < 3:
        return pts
    hull = []
    here = pts[0]  # leftmost, lowest: on the hull
    while True:
        hull.append(here)
        candidate = pts[0] if pts[0] != here else pts[1]
        for p in pts:
            cross = (candidate[0] - here[0]) * (p[1] - here[1]) - (candidate[1] - here[1]) * (p[0] - here[0])
            farther = math.dist(here, p) > math.dist(here, candidate)
            if cross < 0 or (cross == 0 and farther):
                candidate = p
        here = candidate
        if here == hull[0]:
            return hull


def calipers_width(points) -> float:
    """Minimum width of the points' hull: for each edge the farthest vertex, found by advancing one
    antipodal pointer monotonically (Shamos 1978), and the smallest of those heights."""
    hull = gift_wrap(points)
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
