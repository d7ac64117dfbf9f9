"""Sliding: what is left of a move after it meets a wall, one body or many at once.

A move that meets a wall keeps only its part along the wall. If that part
would go back into a wall met earlier in the same step, it keeps only the
part along the crease of the two walls, or nothing when they make a corner,
so a body pushed into a corner stops in it instead of squeezing through.

Frames: world-space. A normal is the wall's outward unit normal (from the
wall towards the body).
"""

from __future__ import annotations

import math

import numpy as np


def slide_along(rx: float, ry: float, normal, earlier) -> tuple[float, float]:
    """The part of the move (rx, ry) that runs along a wall with ``normal``
    without going back into any wall met ``earlier`` in this step.

    >>> slide_along(3.0, -4.0, (0.0, 1.0), [])
    (3.0, 0.0)
    >>> slide_along(3.0, -4.0, (0.0, 1.0), [(-1.0, 0.0)])
    (0.0, 0.0)
    """
    nx, ny = normal
    into = rx * nx + ry * ny
    if into < 0.0:
        rx, ry = rx - into * nx, ry - into * ny
    for mx, my in earlier:
        if rx * mx + ry * my < 0.0:
            # Along the crease of the two walls, or nowhere if they make a corner.
            tx, ty = -ny, nx
            along = rx * tx + ry * ty
            rx, ry = along * tx, along * ty
            if rx * mx + ry * my < -1e-12 * math.hypot(rx, ry):
                return 0.0, 0.0
    return rx, ry


def slide_along_many(
    rest: np.ndarray, normal: np.ndarray, earlier: np.ndarray, count: np.ndarray
) -> np.ndarray:
    """``slide_along`` for many moves at once: row i of ``rest`` (k, 2) meets a
    wall with ``normal[i]``; ``earlier[i, :count[i]]`` are the walls it met
    before in this step. Returns the new moves (k, 2).

    >>> slide_along_many(np.array([[3.0, -4.0]]), np.array([[0.0, 1.0]]), np.zeros((1, 4, 2)), np.array([0]))
    array([[3., 0.]])
    """
    rest = rest.copy()
    into = np.einsum("ij,ij->i", rest, normal)
    rest -= np.minimum(into, 0.0)[:, None] * normal
    tangent = np.column_stack([-normal[:, 1], normal[:, 0]])
    for j in range(earlier.shape[1]):
        m = earlier[:, j]
        back = (j < count) & (np.einsum("ij,ij->i", rest, m) < 0.0)
        if not back.any():
            continue
        along = np.einsum("ij,ij->i", rest[back], tangent[back])
        crease = along[:, None] * tangent[back]
        length = np.hypot(crease[:, 0], crease[:, 1])
        corner = np.einsum("ij,ij->i", crease, m[back]) < -1e-12 * length
        crease[corner] = 0.0
        rest[back] = crease
    return rest
