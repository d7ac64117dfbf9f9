"""Joints drawn as lines: a limit's arc, a spring's zig-zag, a rope taut or slack.

Plain geometry in whatever units the caller works in (the lab's metres, the game's pixels): points
are (x, y), y up, angles radians counter-clockwise. The lab's joints page (``game.lab.joint_geometry``)
and the game's F1 overlay (``game.render.debug``) both draw joints with these.
"""

from __future__ import annotations

import itertools
import math

Point = tuple[float, float]
Polyline = tuple[Point, ...]

__all__ = ["Point", "Polyline", "arc", "rope", "segments", "zigzag"]


def arc(centre: Point, radius: float, start: float, end: float, pieces_per_radian: float = 12.0) -> Polyline:
    """Points on a circle's arc from angle ``start`` to ``end`` (radians, counter-clockwise from
    +x; either way round), both ends included.

    >>> quarter = arc((0.0, 0.0), 1.0, 0.0, math.pi / 2)
    >>> [tuple(round(v, 9) for v in p) for p in (quarter[0], quarter[-1])], len(quarter)
    ([(1.0, 0.0), (0.0, 1.0)], 20)
    """
    pieces = max(2, math.ceil(abs(end - start) * pieces_per_radian))
    return tuple(
        (
            centre[0] + radius * math.cos(start + (end - start) * k / pieces),
            centre[1] + radius * math.sin(start + (end - start) * k / pieces),
        )
        for k in range(pieces + 1)
    )


def zigzag(p: Point, q: Point, coils: int = 7, width: float = 0.14) -> Polyline:
    """A spring from ``p`` to ``q``: a straight lead at each end (a tenth of the length) and
    ``coils`` zigs of half-width ``width`` across the line between them. Its first point is
    ``p`` and its last ``q``; a spring of (nearly) no length is the two points.

    >>> zz = zigzag((0.0, 0.0), (0.0, 2.0)); zz[0], zz[-1], len(zz)
    ((0.0, 0.0), (0.0, 2.0), 18)
    """
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return (p, q)
    nx, ny = -dy / length, dx / length  # across the spring
    lead = 0.1
    points = [p, (p[0] + lead * dx, p[1] + lead * dy)]
    zigs = 2 * coils
    for k in range(zigs):
        u = lead + (1.0 - 2.0 * lead) * (k + 0.5) / zigs
        side = width if k % 2 == 0 else -width
        points.append((p[0] + u * dx + side * nx, p[1] + u * dy + side * ny))
    points += [(p[0] + (1.0 - lead) * dx, p[1] + (1.0 - lead) * dy), q]
    return tuple(points)


def rope(p: Point, q: Point, length: float, pieces: int = 16) -> tuple[Polyline, bool]:
    """A rope of ``length`` from ``p`` to ``q``: straight when the anchors are (about) that far
    apart, else a parabola sagging downwards (−y), drawn ``length`` long in ``pieces``. Returns
    the polyline (from ``p`` to ``q``) and whether it is taut."""
    chord = math.dist(p, q)
    if chord >= 0.995 * length or chord < 1e-9:
        return (p, q), True

    def hanging(sag: float) -> list[Point]:
        return [
            (p[0] + u * (q[0] - p[0]), p[1] + u * (q[1] - p[1]) - 4.0 * sag * u * (1.0 - u))
            for u in (k / pieces for k in range(pieces + 1))
        ]

    # The sag whose drawn length is the rope's, by bisection (a parabola's length grows with its sag).
    low, high = 0.0, length
    for _ in range(40):
        sag = 0.5 * (low + high)
        drawn = sum(math.dist(a, b) for a, b in itertools.pairwise(hanging(sag)))
        low, high = (sag, high) if drawn < length else (low, sag)
    points = hanging(low)
    points[0], points[-1] = p, q
    return tuple(points), False


def segments(polyline: Polyline) -> list[Point]:
    """A polyline as the pairs of points ``arcade.draw_lines`` takes (each piece's two ends).

    >>> segments(((0.0, 0.0), (1.0, 0.0), (1.0, 1.0)))
    [(0.0, 0.0), (1.0, 0.0), (1.0, 0.0), (1.0, 1.0)]
    """
    out: list[Point] = []
    for a, b in itertools.pairwise(polyline):
        out += [a, b]
    return out
