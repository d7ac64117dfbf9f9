"""The enemies' steering arithmetic, compiled: headings, velocities and moves in one call a tick.

``Simulation._move_enemies`` did this as some twenty numpy calls on arrays of a few hundred
rows, where each call's own cost outweighed its work. The loop below does the same
operations in the same order on each row (no fused multiply-add: numba contracts nothing
without ``fastmath``), so the moves are the same to the bit.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit


@njit(cache=True)
def steer(to_player, dist, sees, shooter, dirs, speed, kx, ky, push, near, band, orbit_speed, dt):
    """Each enemy's heading, velocity and move (each (k, 2)), from its offset ``to_player`` (k, 2)
    and ``dist`` to the player, whether it ``sees`` the player, whether it is a ``shooter``, its
    flow-field direction ``dirs`` (k, 2), ``speed``, knockback (``kx``, ``ky``) and separation
    ``push`` (k, 2; px this tick).

    An enemy that sees the player heads straight at it; one that does not follows the field. A
    shooter that sees the player backs off nearer than ``near`` and circles it (at
    ``orbit_speed`` of its speed) between ``near`` and ``band``. The velocity adds the knockback;
    the move is the velocity over ``dt`` plus the push."""
    k = dist.shape[0]
    heading, velocity, move = np.empty((k, 2)), np.empty((k, 2)), np.empty((k, 2))
    for i in range(k):
        d = dist[i]
        m = d if (d > 1e-9 or math.isnan(d)) else 1e-9  # np.maximum(d, 1e-9), NaN kept
        sx, sy = to_player[i, 0] / m, to_player[i, 1] / m
        if sees[i]:
            hx, hy = sx, sy
        else:
            hx, hy = dirs[i, 0], dirs[i, 1]
        if shooter[i] and sees[i]:
            if d < near:
                hx, hy = hx * -1.0, hy * -1.0
            elif d >= near and d <= band:
                hx, hy = -sy * orbit_speed, sx * orbit_speed
        heading[i, 0], heading[i, 1] = hx, hy
        vx, vy = hx * speed[i] + kx[i], hy * speed[i] + ky[i]
        velocity[i, 0], velocity[i, 1] = vx, vy
        move[i, 0], move[i, 1] = vx * dt + push[i, 0], vy * dt + push[i, 1]
    return heading, velocity, move


@njit(cache=True)
def separation(body, pairs, depth, normal, limit):
    """Each enemy's push (k, 2) out of the enemies it touches: half of each enemy–enemy contact's
    ``depth`` along its ``normal`` (from ``pairs[:, 0]`` to ``pairs[:, 1]``), the first member
    pushed back and the second on; each coordinate at most ``limit`` either way. ``body`` is the
    enemies' ids; pairs of any other bodies are skipped.

    The pushes add up as ``np.add.at`` added them: every pair's push on its first member in pair
    order, then every pair's on its second."""
    k = body.shape[0]
    push = np.zeros((k, 2))
    order = np.argsort(body)  # ids are distinct: the one sorted order numpy's argsort gives too
    ids = body[order]
    n = pairs.shape[0]
    first, second = np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64)
    for p in range(n):
        a = min(np.searchsorted(ids, pairs[p, 0]), k - 1)
        b = min(np.searchsorted(ids, pairs[p, 1]), k - 1)
        if ids[a] == pairs[p, 0] and ids[b] == pairs[p, 1]:
            first[p], second[p] = order[a], order[b]
    for p in range(n):
        if first[p] >= 0:
            h = 0.5 * depth[p]
            push[first[p], 0] += -(h * normal[p, 0])
            push[first[p], 1] += -(h * normal[p, 1])
    for p in range(n):
        if second[p] >= 0:
            h = 0.5 * depth[p]
            push[second[p], 0] += h * normal[p, 0]
            push[second[p], 1] += h * normal[p, 1]
    for i in range(k):
        for axis in range(2):
            v = push[i, axis]
            push[i, axis] = -limit if v < -limit else (limit if v > limit else v)
    return push
