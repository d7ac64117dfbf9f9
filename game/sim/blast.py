"""What a blast reaches: the bodies within its radius that no wall hides, with their share of it.

A blast at (x, y) with radius R finds its candidates by one world query (a
circle of radius R, ``World.query_shape``, exact for every shape), then
keeps those whose centre a ray from the blast reaches without meeting a body
of ``cover`` (the walls): a crate behind a wall is not thrown, an enemy
behind one is not hurt. The share falls linearly from 1 at the centre to 0
at R, measured to the body's own position. Frames: world px, y up.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from engine.collision import Circle

__all__ = ["Reach", "blast_reach"]


class Reach(NamedTuple):
    """The bodies a blast reaches: ids, unit directions away from the centre (k, 2), share 0..1."""

    bodies: np.ndarray
    direction: np.ndarray
    share: np.ndarray


def blast_reach(world, x: float, y: float, radius: float, mask: int, cover: int) -> Reach:
    """Bodies of layers ``mask`` within ``radius`` of (x, y) that a ray from (x, y) reaches past ``cover``,
    each pushed along the way from (x, y) to its centre of mass (``World.world_center``).

    A body right at the centre is pushed along +x (any way is as good, and
    the same way every run keeps replays exact).
    """
    none = Reach(np.zeros(0, np.int64), np.zeros((0, 2)), np.zeros(0))
    if radius <= 0.0:
        return none
    found = world.query_shape(Circle(float(radius)), (float(x), float(y), 0.0), mask)
    bodies, dirs, shares = [], [], []
    for body in found.tolist():
        bx, by = world.world_center(body)  # a compound prop's L is pushed from its mass, not its notch
        dx, dy = bx - x, by - y
        d = math.hypot(dx, dy)
        if d > 1e-9:
            ux, uy = dx / d, dy / d
            if world.raycast((x, y), (ux, uy), d, cover) is not None:
                continue
        else:
            ux, uy = 1.0, 0.0
        bodies.append(body)
        dirs.append((ux, uy))
        shares.append(max(0.0, 1.0 - d / radius))
    if not bodies:
        return none
    return Reach(np.array(bodies, np.int64), np.array(dirs, float), np.array(shares, float))
