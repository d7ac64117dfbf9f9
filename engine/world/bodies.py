"""The bodies: every body's data as parallel arrays, one row (slot) per body, as one record.

A world holds its bodies in dense arrays (slot = row, 0..n−1; a removed
body's slot is filled by the last one) so a kernel walks them without a
Python object per body, and a body id, stable for the body's life, maps to
its slot through ``slot_of``. The arrays travel to the kernels together as
one ``Bodies`` record, so a kernel reads ``bodies.xf[s]`` instead of taking
eleven arrays one by one.

Frames: transforms are world (x, y, angle), radians counter-clockwise, y up;
boxes as in ``boxes``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.jit import inline, kernel, unmanaged
from ..collision.shapes import H_BOUND, H_RADIUS
from .boxes import aabb_of


class Bodies(NamedTuple):
    """The world's bodies, one row (slot) each; arrays may be longer than the
    number of bodies n = ``len(boxes)`` (spare capacity)."""

    #: Packed shapes (``ShapeTable.data``, read-only) and where each starts.
    data: np.ndarray
    offsets: np.ndarray
    #: Shape index of each slot (into ``offsets``).
    shape: np.ndarray
    #: (x, y, angle) of each slot, world frame.
    xf: np.ndarray
    #: (n, 4) world boxes, grown by each body's share of the touching tolerance.
    boxes: np.ndarray
    #: (n, 6) oriented boxes of the static bodies (``boxes.oriented_boxes``); other rows unused.
    obb: np.ndarray
    #: Layer and mask bits, 32-bit sets.
    layer: np.ndarray
    mask: np.ndarray
    static: np.ndarray
    sensor: np.ndarray
    #: Body id of each slot.
    ids: np.ndarray


@inline
def viewed(bodies):
    """``bodies`` with every array a view numba does not reference-count
    (``jit.unmanaged``): what a walk reads in its loops. The caller keeps
    ``bodies`` alive while the views are used."""
    return Bodies(
        unmanaged(bodies.data), unmanaged(bodies.offsets), unmanaged(bodies.shape), unmanaged(bodies.xf),
        unmanaged(bodies.boxes), unmanaged(bodies.obb), unmanaged(bodies.layer), unmanaged(bodies.mask),
        unmanaged(bodies.static), unmanaged(bodies.sensor), unmanaged(bodies.ids),
    )  # fmt: skip


@kernel
def store_transforms(slot_of, bodies, x, y, angle, xf, data, offsets, shape, static, boxes, update_boxes, limit):
    """Write the transforms of ``bodies`` (ids) into ``xf``, and their boxes when
    ``update_boxes``; all or nothing. Returns (bad, walls_moved): ``bad`` is
    -1, or the first bad row: ``-2 - row`` for an unknown id, ``row`` for a
    transform that is not finite or places the body farther than ``limit``
    along x or y; ``walls_moved`` whether a static body was among them.
    (Flat arguments: called from Python every frame, where unboxing a
    record costs more than the call.)"""
    data = unmanaged(data)
    n = bodies.shape[0]
    walls_moved = False
    for k in range(n):
        b = bodies[k]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return -2 - k, False
        if not (abs(x[k]) <= limit and abs(y[k]) <= limit and math.isfinite(angle[k])):
            return k, False
        walls_moved = walls_moved or static[slot_of[b]]
    for k in range(n):
        s = slot_of[bodies[k]]
        xf[s, 0], xf[s, 1], xf[s, 2] = x[k], y[k], angle[k]
        if update_boxes:
            boxes[s, 0], boxes[s, 1], boxes[s, 2], boxes[s, 3] = aabb_of(
                data, offsets[shape[s]], x[k], y[k], angle[k]
            )
    return -1, walls_moved


@kernel
def slots_of(slot_of, bodies):
    """Slots of the bodies with ids ``bodies``; returns (slots, -1) or, for an
    id that is not in the world, (anything, its row)."""
    slots = np.empty(bodies.shape[0], dtype=np.int64)
    for k in range(bodies.shape[0]):
        b = bodies[k]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return slots, k
        slots[k] = slot_of[b]
    return slots, -1


def reach(data: np.ndarray, offset: int) -> float:
    """How far a packed shape reaches from its origin: its bound plus its radius."""
    return float(data[offset + H_BOUND] + data[offset + H_RADIUS])


__all__ = ["Bodies", "reach", "slots_of", "store_transforms", "viewed"]
