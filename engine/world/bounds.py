"""The range a body moves in: a step never carries a body out of the engine's coordinate range.

A body's box lies within |x|, |y| <= ``MAX_COORDINATE`` (``engine.collision.limits``): queries,
casts and pairs are exact only there, and ``World.add`` and ``set_transform(s)`` refuse a body
placed farther. A step can carry a body past it: a dynamic one falling for ever, pushed or
knocked, a kinematic one by its velocity. Such a body stays where the step found it and its
velocity is zeroed, as Box2D v2.0 froze a body that left its world box: the edge of the range
is a wall it rests against, and nothing past it is ever stored. (Left alone, a kinematic body
drifting out turned a ray's normal into (-17.05, 0) and a spin of 1e300 its transform into NaN.)

Frames: world (x, y, angle), as ``bodies``.
"""

from __future__ import annotations

import math

import numpy as np

from ..collision import Transform
from ..collision.jit import bind_on_first_call, kernel
from ..collision.limits import MAX_COORDINATE
from ..collision.shapes import H_BOUND, H_RADIUS
from . import arguments


@kernel
def near_edge(xf, shape, offsets, data, slots, out):
    """Write to ``out`` the rows of ``slots`` whose body may now leave the coordinate range, and
    return how many: those within their reach (bound + radius) about their origin of its edge, or
    not finite. ``hold_in_range``'s first look, in one compiled pass over a step's movers: nearly
    every body is settled here, and only the few it keeps have their box computed."""
    count = 0
    for k in range(slots.shape[0]):
        i = slots[k]
        off = offsets[shape[i]]
        reach = data[off + H_BOUND] + data[off + H_RADIUS]
        inside = (
            abs(xf[i, 0]) + reach <= MAX_COORDINATE
            and abs(xf[i, 1]) + reach <= MAX_COORDINATE
            and math.isfinite(xf[i, 2])
        )
        if not inside:
            out[count] = k
            count += 1
    return count


def hold_in_range(arrays, table, slots: np.ndarray, before: np.ndarray) -> np.ndarray:
    """Put the bodies at ``slots`` whose box now leaves the range back to ``before`` (every slot's
    transform when the step began, (n, 3)) and zero their velocity; returns the slots held.

    ``near_edge`` settles nearly every body by its reach about its origin; only a body within its
    reach of the edge has its box computed, as ``add`` does."""
    if not len(slots):
        return slots
    near = np.empty(len(slots), np.int64)
    near = near[: _near_edge(arrays.xf, arrays.shape, table.offsets, table.data, slots, near)]
    held = []
    for k in near.tolist():
        x, y, angle = arrays.xf[slots[k]].tolist()
        if abs(x) <= MAX_COORDINATE and abs(y) <= MAX_COORDINATE and np.isfinite(angle):
            try:
                arguments.within_range(table[int(arrays.shape[slots[k]])], Transform(x, y, angle), "step")
                continue
            except ValueError:
                pass
        held.append(k)
    if held:
        out = slots[held]
        arrays.xf[out] = before[out]
        arrays.vel[out] = 0.0
        return out
    return slots[:0]


#: Called through its compiled entry point after the first call, as the step's kernels are.
_near_edge = bind_on_first_call(near_edge, globals(), "_near_edge")

__all__ = ["hold_in_range", "near_edge"]
