"""Per-frame kernels that work on the world's slots directly.

The public batch functions of ``engine.collision`` take gathered, validated
arrays; in the world's hot path the slots are known good, and gathering and
checking copies of them cost more than the narrow phase of a typical frame.
These kernels read the world's own arrays through slot indices.

Frames: world space; a contact normal points from the first slot of a pair
to the second, as in ``contacts_batch``.
"""

from __future__ import annotations

import math

import numpy as np

from ..collision.epa import MAX_EPA_VERTICES, ROW
from ..collision.jit import kernel, unmanaged
from ..collision.narrowphase import (
    MODE_CONTACT,
    MODE_VERDICT,
    R_DEPTH,
    R_HIT,
    R_NX,
    R_NY,
    R_PAX,
    R_PAY,
    R_PBX,
    R_PBY,
    collide_pair,
)
from ..collision.shapes import H_BOUND, H_RADIUS
from .broadphase import aabb_of


@kernel
def store_transforms(slot_of, bodies, x, y, angle, xf, data, offsets, shape, boxes, update_boxes):
    """Write the transforms of ``bodies`` (ids) into ``xf``, and their boxes when
    ``update_boxes``; all or nothing. Returns -1, or the first bad row:
    ``-2 - row`` for an unknown id, ``row`` for a transform that is not finite."""
    n = bodies.shape[0]
    for k in range(n):
        b = bodies[k]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return -2 - k
        if not (math.isfinite(x[k]) and math.isfinite(y[k]) and math.isfinite(angle[k])):
            return k
    for k in range(n):
        s = slot_of[bodies[k]]
        xf[s, 0], xf[s, 1], xf[s, 2] = x[k], y[k], angle[k]
        if update_boxes:
            boxes[s, 0], boxes[s, 1], boxes[s, 2], boxes[s, 3] = aabb_of(
                data, offsets[shape[s]], x[k], y[k], angle[k]
            )
    return -1


@kernel
def collide_slots(data, offsets, shape, xf, pairs, mode, hit, values):
    """``collide_pair`` on slot pairs (k, 2): ``hit``, and in contact mode
    ``values`` (k, 7) = nx, ny, depth, pax, pay, pbx, pby where hit."""
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly, data = unmanaged(polytope), unmanaged(data)
    for k in range(pairs.shape[0]):
        a, b = pairs[k, 0], pairs[k, 1]
        oa, ob = offsets[shape[a]], offsets[shape[b]]
        r = collide_pair(
            data, oa, data[oa + H_RADIUS], data[oa + H_BOUND],
            data, ob, data[ob + H_RADIUS], data[ob + H_BOUND],
            xf[a, 0], xf[a, 1], xf[a, 2], xf[b, 0], xf[b, 1], xf[b, 2],
            mode, poly,
        )  # fmt: skip
        hit[k] = r[R_HIT]
        if mode == MODE_CONTACT and r[R_HIT]:
            values[k, 0], values[k, 1], values[k, 2] = r[R_NX], r[R_NY], r[R_DEPTH]
            values[k, 3], values[k, 4] = r[R_PAX], r[R_PAY]
            values[k, 5], values[k, 6] = r[R_PBX], r[R_PBY]
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view


__all__ = ["MODE_CONTACT", "MODE_VERDICT", "collide_slots", "store_transforms"]
