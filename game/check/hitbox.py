"""The actors' hitboxes as the checker measures them, and how wide a hitbox is.

Every check that asks "does the player fit?" reads the hitbox through
``actor_parts``: the one place that says where hitboxes come from, so the
checker, the lab and the doors measure the same shapes the simulation moves.

Frames: a hitbox is convex parts in the ACTOR frame (origin at the actor's
centre, +x the way it faces at angle 0, y up, pixels), as ``game.tiled.actors``
reads them from ``assets/actors.tsj`` (its module docstring sets out the frame).

A hitbox turns (the player turns to aim, enemies turn to walk), so the width
that decides whether it fits through a gap is its **minimum width**: the
narrowest distance between two parallel lines that hold the whole hitbox,
over every direction (the width of the convex hull of its parts, measured
with rotating calipers: Toussaint, "Solving geometric problems with the
rotating calipers", 1983). Turned so that narrow way is across the gap, the
hitbox passes any gap at least that wide; no turn gets it through a narrower
one.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np

from engine.collision import Circle, Polygon  # noqa: F401 (the doctests' shapes)
from game.geometry.extent import ARC_SAMPLES, reach_radius, sampled_outline, shape_core
from game.tiled.actors import actor_hitboxes

#: The actor the checks measure gaps, marker room and reachability against.
PLAYER = "player"


def actor_names() -> tuple[str, ...]:
    """Every actor that has a hitbox, in the shipped order (``player`` first)."""
    return tuple(_shipped())


def actor_parts(name: str) -> tuple[Any, ...]:
    """The convex parts of actor ``name``'s hitbox in the actor frame; KeyError names the actor.

    >>> [type(s).__name__ for s in actor_parts("player")]
    ['Polygon']
    """
    try:
        return _shipped()[name]
    except KeyError:
        raise KeyError(f"no actor {name!r} (actors: {', '.join(_shipped())})") from None


@lru_cache(maxsize=1)
def _shipped() -> dict[str, tuple[Any, ...]]:
    # The ONE source of the checker's hitboxes: game.tiled.actors, assets/actors.tsj as the game reads it
    # (LevelError, one line, when that file is bad).
    return {name: tuple(hitbox.parts) for name, hitbox in actor_hitboxes().items()}


def player_parts() -> tuple[Any, ...]:
    """The player's hitbox: what the checks place at markers and move through the level."""
    return actor_parts(PLAYER)


def player_width() -> float:
    """The player's minimum width (px): the narrowest gap it can turn to pass through."""
    return minimum_width(player_parts())


def minimum_width(parts) -> float:
    """The hitbox's width across its narrowest way, every part together (px).

    Parts that are all polygons, circles and capsules of one roundness
    (radius) are measured exactly: the calipers on the hull of their cores,
    plus twice the radius. Otherwise (an ellipse, mixed roundness) on their
    outlines sampled ``ARC_SAMPLES`` ways round.

    >>> minimum_width([Polygon.box(20.0, 5.0)])
    10.0
    >>> minimum_width([Circle(4.0)])
    8.0
    >>> round(minimum_width([Polygon([(0, 0), (30, 0), (0, 40)])]), 6)  # 30 · 40 / 50 across the slope
    24.0
    """
    cores = [shape_core(shape) for shape in parts]
    radii = {c[1] for c in cores if c is not None}
    if all(c is not None for c in cores) and len(radii) == 1:
        points = [p for c in cores for p in c[0]]
        return hull_width(points) + 2.0 * radii.pop()
    return hull_width([p for shape in parts for p in sampled_outline(shape)])


def narrowest_way(parts) -> tuple[float, float]:
    """(angle, centre): the direction (radians, the hitbox's own frame) across which it is narrowest,
    and the middle of its extent along that direction from the actor's centre (px), so that a hitbox
    turned to put that direction across a gap and moved back by the centre fills the gap evenly.

    >>> angle, centre = narrowest_way([Polygon.box(20.0, 5.0)])
    >>> round(abs(math.sin(angle)), 9), round(centre, 9)
    (1.0, 0.0)
    """
    hull = convex_hull([p for shape in parts for p in sampled_outline(shape)])
    if len(hull) < 3:
        return 0.0, 0.0
    pts, edges, widths = _calipers(hull)
    k = int(np.argmin(widths))
    length = math.hypot(*edges[k])
    nx, ny = -edges[k, 1] / length, edges[k, 0] / length
    along = pts @ np.array([nx, ny])
    return math.atan2(ny, nx), float((along.max() + along.min()) / 2)


def hull_width(points) -> float:
    """The minimum width of a set of points: of their convex hull, by rotating calipers (one side of
    the hull lies flush on one caliper at the minimum); 0 for fewer than three points off a line.

    >>> hull_width([(0, 0), (4, 0), (4, 3), (0, 3), (2, 1)])
    3.0
    """
    hull = convex_hull(points)
    if len(hull) < 3:
        return 0.0
    return float(_calipers(hull)[2].min())


def _calipers(hull) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(corners, edges, widths): a convex hull's corners, each edge (to the next corner), and the
    hull's width across each edge (the farthest corner from its line)."""
    pts = np.asarray(hull, dtype=np.float64)
    edges = np.roll(pts, -1, axis=0) - pts
    length = np.hypot(edges[:, 0], edges[:, 1])
    across = np.abs(
        (pts[None, :, 0] - pts[:, None, 0]) * edges[:, None, 1]
        - (pts[None, :, 1] - pts[:, None, 1]) * edges[:, None, 0]
    )
    return pts, edges, across.max(axis=1) / length


def convex_hull(points) -> list[tuple[float, float]]:
    """Andrew's monotone chain: the hull's corners counter-clockwise, collinear points dropped.

    >>> convex_hull([(0, 0), (2, 0), (1, 0), (2, 2), (0, 2), (1, 1)])
    [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]
    """
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def chain(seq):
        out: list[tuple[float, float]] = []
        for p in seq:
            while len(out) >= 2 and cross(out[-2], out[-1], p) <= 0.0:
                out.pop()
            out.append(p)
        return out

    lower, upper = chain(pts), chain(reversed(pts))
    return lower[:-1] + upper[:-1]


__all__ = [
    "ARC_SAMPLES",
    "PLAYER",
    "actor_names",
    "actor_parts",
    "convex_hull",
    "hull_width",
    "minimum_width",
    "narrowest_way",
    "player_parts",
    "player_width",
    "reach_radius",
]
