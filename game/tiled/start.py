"""Where the player starts on a map that does not say: the free spot nearest the map's centre.

A designer's map made for another engine has no ``player`` point, and
needs none to be checked or walked. The spot is found on a grid of
``cell`` px (the disc's radius): a cell is free when no wall part's box,
grown by the radius, covers any of it, so a disc of ``radius`` at its
centre touches no wall (box tests only: never wrong, sometimes too careful
beside a round or slanted wall). Of the free cells, the one nearest the
map's centre wins (ties: the lower, then the left one). No free cell at
all (a map filled with walls) gives the centre, and the caller says so.

Frames: world pixels, y up, origin at the map's bottom-left (``game.level``).
"""

from __future__ import annotations

import math

import numpy as np

from engine.collision import Transform, aabb
from game.level import Wall

__all__ = ["START_RADIUS", "free_spot"]

#: The disc that must fit at a chosen start (px): the player's reach from its centre with room to turn
#: (the shipped player hitbox reaches about 16 px).
START_RADIUS = 24.0


def free_spot(
    walls: tuple[Wall, ...] | list[Wall], width: float, height: float, radius: float = START_RADIUS
) -> tuple[float, float] | None:
    """The centre of the free grid cell nearest the map's centre, or None when no cell is free."""
    cell = max(float(radius), 1.0)
    cols, rows = max(int(width // cell), 1), max(int(height // cell), 1)
    blocked = np.zeros((rows, cols), dtype=bool)
    for wall in walls:
        for shape, xf in wall.parts:
            x0, y0, x1, y1 = aabb(shape, Transform(*xf))
            # Cells whose centre lies within ``radius`` of the box (grown by the radius) are blocked.
            c0, c1 = math.floor((x0 - radius) / cell - 0.5) + 1, math.ceil((x1 + radius) / cell - 0.5)
            r0, r1 = math.floor((y0 - radius) / cell - 0.5) + 1, math.ceil((y1 + radius) / cell - 0.5)
            c0, r0 = max(c0, 0), max(r0, 0)
            c1, r1 = min(c1, cols), min(r1, rows)
            if c0 < c1 and r0 < r1:
                blocked[r0:r1, c0:c1] = True
    # The map's own edges are walls too: a start must fit inside the map.
    edge = math.ceil(radius / cell - 0.5)
    if edge > 0:
        blocked[:edge, :] = blocked[-edge:, :] = True
        blocked[:, :edge] = blocked[:, -edge:] = True
    free_rows, free_cols = np.nonzero(~blocked)
    if not len(free_rows):
        return None
    xs, ys = (free_cols + 0.5) * cell, (free_rows + 0.5) * cell
    distance = np.hypot(xs - width / 2, ys - height / 2)
    best = int(np.lexsort((xs, ys, np.round(distance, 6)))[0])
    return float(xs[best]), float(ys[best])
