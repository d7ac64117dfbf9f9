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
from ..collision.jit import inline
from ..collision.limits import MAX_COORDINATE
from . import arguments


@inline
def may_leave(xf, i, reach):
    """Whether body ``i`` (row of ``xf``), reaching ``reach`` (bound + radius) about its origin, may
    now leave the coordinate range: within its reach of the edge, or not finite."""
    return not (
        abs(xf[i, 0]) + reach <= MAX_COORDINATE
        and abs(xf[i, 1]) + reach <= MAX_COORDINATE
        and math.isfinite(xf[i, 2])
    )


def hold(arrays, table, slots: np.ndarray, near: np.ndarray, before: np.ndarray) -> np.ndarray:
    """Of the bodies at ``slots[near]`` (the rows of ``slots`` that ``may_leave``), put those whose
    box now leaves the range back to ``before`` (every slot's transform when the step began,
    (n, 3)) and zero their velocity; returns the slots held.

    The first look (``may_leave``, in the step's compiled ``finalize_bodies``) settles nearly every
    body by its reach about its origin; only a body within its reach of the edge has its box
    computed here, as ``add`` does."""
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


__all__ = ["hold", "may_leave"]
