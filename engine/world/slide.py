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

from ..collision.jit import inline, kernel


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


@inline
def _slide_row(rx, ry, nx, ny, earlier, row, count):
    """``slide_along`` for one row of a batch: ``earlier[row, :count]`` are the walls met before."""
    into = rx * nx + ry * ny
    if into < 0.0:
        rx, ry = rx - into * nx, ry - into * ny
    for j in range(count):
        mx, my = earlier[row, j, 0], earlier[row, j, 1]
        if rx * mx + ry * my < 0.0:
            tx, ty = -ny, nx
            along = rx * tx + ry * ty
            rx, ry = along * tx, along * ty
            if rx * mx + ry * my < -1e-12 * math.sqrt(rx * rx + ry * ry):
                return 0.0, 0.0
    return rx, ry


@kernel
def _slide_rows(rest, normal, earlier, count, out):
    for i in range(rest.shape[0]):
        out[i, 0], out[i, 1] = _slide_row(
            rest[i, 0], rest[i, 1], normal[i, 0], normal[i, 1], earlier, i, count[i]
        )


def slide_along_many(
    rest: np.ndarray, normal: np.ndarray, earlier: np.ndarray, count: np.ndarray
) -> np.ndarray:
    """``slide_along`` for many moves at once: row i of ``rest`` (k, 2) meets a
    wall with ``normal[i]``; ``earlier[i, :count[i]]`` are the walls it met
    before in this step. Returns the new moves (k, 2).

    >>> slide_along_many(np.array([[3.0, -4.0]]), np.array([[0.0, 1.0]]), np.zeros((1, 4, 2)), np.array([0]))
    array([[3., 0.]])
    """
    out = np.empty_like(rest, dtype=np.float64)
    _slide_rows(
        np.ascontiguousarray(rest, dtype=np.float64), np.ascontiguousarray(normal, dtype=np.float64),
        np.ascontiguousarray(earlier, dtype=np.float64), np.ascontiguousarray(count, dtype=np.int64), out,
    )  # fmt: skip
    return out


@kernel
def advance(active, fraction, normal, winner, xf, boxes, rest, earlier, count, skin):
    """One slide of a batch: move each ``active`` row by its free ``fraction`` of
    ``rest`` (its box too); a row that hit (``winner`` ≥ 0) keeps the part of
    the rest that slides along the wall and remembers the wall's normal, a
    row that did not is done. Returns the rows still moving."""
    still = np.empty(active.shape[0], dtype=np.int64)
    n = 0
    for i in range(active.shape[0]):
        r = active[i]
        f = fraction[i]
        dx, dy = f * rest[r, 0], f * rest[r, 1]
        xf[r, 0] += dx
        xf[r, 1] += dy
        boxes[r, 0] += dx
        boxes[r, 2] += dx
        boxes[r, 1] += dy
        boxes[r, 3] += dy
        if winner[i] < 0:
            rest[r, 0], rest[r, 1] = 0.0, 0.0
            continue
        left_x, left_y = (1.0 - f) * rest[r, 0], (1.0 - f) * rest[r, 1]
        rx, ry = _slide_row(left_x, left_y, normal[i, 0], normal[i, 1], earlier, r, count[r])
        rest[r, 0], rest[r, 1] = rx, ry
        earlier[r, count[r], 0], earlier[r, count[r], 1] = normal[i, 0], normal[i, 1]
        count[r] += 1
        if math.sqrt(rx * rx + ry * ry) > skin[r] * 1e-3:
            still[n] = r
            n += 1
    return still[:n]
