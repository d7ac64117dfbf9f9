"""Which wall part a hitbox placed at each of many markers overlaps first: one batched test.

Each marker's hitbox (its parts, at angle 0, as the game places actors) is boxed by a square of its
``reach_radius`` about the marker; the wall parts whose boxes touch that square are found through
the world's walls' grid (``engine.world.box_pairs.pairs_between``), and every (marker, part, hitbox
part) triple left is one row of the engine's batched ``intersects``. The first part a marker
overlaps is the lowest index in ``wall_parts``' order (wall by wall), so the wall named is the first
wall in the level's order that the hitbox overlaps.

Bounded work: the caller gives the most pairs and box comparisons it allows (the checker its own
limits; the start-mover none beyond the level's); past them ``TooMany`` is raised.

Frames: world pixels, y up (``game.level``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.collision import ShapeTable, intersects_batch
from engine.world.box_pairs import pairs_between

from .extent import reach_radius
from .parts import Part

__all__ = ["NO_LIMIT", "TooMany", "checked", "first_overlaps", "near_parts", "part_table"]

#: A limit that never binds: the level's own limits (size, wall parts, markers) bound the work.
NO_LIMIT = np.iinfo(np.int64).max // 4


class TooMany(Exception):
    """More candidate pairs, or boxes looked at, than the caller allows."""


def checked(found: tuple[np.ndarray, bool]) -> np.ndarray:
    """The pairs of a ``box_pairs`` query that finished; ``TooMany`` for one cut short by its limits."""
    pairs, complete = found
    if not complete:
        raise TooMany()
    return pairs


def near_parts(
    parts: Sequence[Part], boxes: np.ndarray, max_pairs: int, max_steps: int
) -> tuple[np.ndarray, np.ndarray]:
    """(part, box) index arrays of the wall parts and ``boxes`` (rows min_x, min_y, max_x, max_y) that
    touch or overlap: the engine's ``pairs_between``; raises ``TooMany`` past ``max_pairs`` pairs or
    ``max_steps`` boxes looked at."""
    part_boxes = np.array([p.box for p in parts], np.float64).reshape(-1, 4)
    pairs = checked(pairs_between(part_boxes, boxes, 0.0, max_pairs, max_steps))
    return pairs[:, 0], pairs[:, 1]


def part_table(parts: Sequence[Part]) -> tuple[ShapeTable, np.ndarray]:
    """The parts' shapes as a table (row k is part k) and their transforms, (n, 3)."""
    xf = np.array([tuple(p.xf) for p in parts], np.float64).reshape(-1, 3)
    return ShapeTable([p.shape for p in parts]), xf


def first_overlaps(
    parts: Sequence[Part],
    bodies: Sequence[Sequence],
    at: Sequence[tuple[float, float]],
    max_pairs: int = NO_LIMIT,
    max_steps: int = NO_LIMIT,
) -> np.ndarray:
    """For each marker m, the index in ``parts`` of the first part that hitbox ``bodies[m]`` (its
    parts, at angle 0) placed at ``at[m]`` overlaps, or -1; raises ``TooMany`` past the limits."""
    first = np.full(len(bodies), -1, np.int64)
    if not parts or not len(bodies):
        return first
    radii = [reach_radius(body) for body in bodies]
    boxes = np.array([(x - r, y - r, x + r, y + r) for (x, y), r in zip(at, radii)], np.float64)
    part_k, marker_k = near_parts(parts, boxes.reshape(-1, 4), max_pairs, max_steps)
    if not len(part_k):
        return first
    table, part_xf = part_table(parts)
    index: dict[int, int] = {}
    for body in bodies:
        for s in body:
            if id(s) not in index:  # one row of the table per shape, however many markers share it
                index[id(s)] = table.add(s)
    rows = [(m, k, index[id(s)]) for m, k in zip(marker_k.tolist(), part_k.tolist()) for s in bodies[m]]
    if not rows:
        return first
    m_of, k_of, s_of = (np.array(col, np.int64) for col in zip(*rows))
    xf = np.array([(float(x), float(y), 0.0) for x, y in at], np.float64).reshape(-1, 3)
    hit = intersects_batch(table, s_of, xf[m_of], k_of, part_xf[k_of])
    lowest = np.full(len(bodies), len(parts), np.int64)
    np.minimum.at(lowest, m_of[hit], k_of[hit])
    return np.where(lowest < len(parts), lowest, first)
