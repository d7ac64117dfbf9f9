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

import numpy as np

from ..collision import Transform
from ..collision.limits import MAX_COORDINATE
from ..collision.shapes import H_BOUND, H_RADIUS
from . import arguments


def hold_in_range(arrays, table, slots: np.ndarray, before: np.ndarray) -> np.ndarray:
    """Put the bodies at ``slots`` whose box now leaves the range back to ``before`` (their
    (k, 3) transforms when the step began) and zero their velocity; returns the slots held.

    The farthest body and the farthest-reaching shape settle all of them at once when both are well
    inside; else a body's reach (bound + radius) about its origin settles nearly every body in a
    few array operations; only a body within its reach of the edge has its box computed, as
    ``add`` does."""
    if not len(slots):
        return slots
    xf = arrays.xf[slots]
    # Every body at once first: the farthest coordinate plus the farthest reach of any shape in
    # the table within range (a game's whole world, every step) settles them all in a few
    # operations; NaN and inf fail the comparisons and go on to the body-by-body check.
    most = table.data[table.offsets + H_BOUND] + table.data[table.offsets + H_RADIUS]
    with np.errstate(invalid="ignore", over="ignore"):
        if np.abs(xf[:, :2]).max() + most.max() <= MAX_COORDINATE and np.isfinite(xf[:, 2]).all():
            return slots[:0]
    off = table.offsets[arrays.shape[slots]]
    reach = table.data[off + H_BOUND] + table.data[off + H_RADIUS]
    with np.errstate(invalid="ignore", over="ignore"):  # NaN or inf: not within, held
        near = ~(
            (np.abs(xf[:, 0]) + reach <= MAX_COORDINATE)
            & (np.abs(xf[:, 1]) + reach <= MAX_COORDINATE)
            & np.isfinite(xf[:, 2])
        )
    held = []
    for k in np.flatnonzero(near).tolist():
        x, y, angle = xf[k].tolist()
        if abs(x) <= MAX_COORDINATE and abs(y) <= MAX_COORDINATE and np.isfinite(angle):
            try:
                arguments.within_range(table[int(arrays.shape[slots[k]])], Transform(x, y, angle), "step")
                continue
            except ValueError:
                pass
        held.append(k)
    if held:
        out = slots[held]
        arrays.xf[out] = before[held]
        arrays.vel[out] = 0.0
        return out
    return slots[:0]


__all__ = ["hold_in_range"]
