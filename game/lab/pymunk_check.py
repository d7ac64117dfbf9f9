"""pymunk's verdict on the same pair, for the lab to show beside the engine's.

The shapes become pymunk shapes through the project's one conversion,
``engine.crosscheck.to_pymunk`` (kinematic bodies, angle before position,
``cache_bb``, polygons pymunk's silent hull would change refused), and the
answer is read by ``engine.crosscheck.pymunk_contact`` (depth from the
contact points, never ``ContactPoint.distance``). pymunk has no ellipse: the
lab says so rather than comparing with an approximation.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.crosscheck import pymunk_contact, to_pymunk


class PymunkVerdict(NamedTuple):
    """pymunk's answer: ``hit`` when ``shapes_collide`` finds points; depth is the deepest point's.

    ``available`` is False (with ``reason``) for shapes pymunk does not have.
    """

    available: bool
    hit: bool = False
    depth: float | None = 0.0  # None when pymunk gives no normal to measure it along
    normal: tuple[float, float] = (0.0, 0.0)
    reason: str = ""


def pymunk_verdict(shape_a, xf_a, shape_b, xf_b) -> PymunkVerdict:
    """Collide the twins; depth = max over contact points of (point_a − point_b)·normal."""
    try:
        twin_a, twin_b = to_pymunk(shape_a, xf_a), to_pymunk(shape_b, xf_b)
    except (TypeError, ValueError) as refused:  # no such shape in pymunk, or pymunk would change it
        return PymunkVerdict(False, reason=str(refused))
    answer = pymunk_contact(twin_a, twin_b)
    if not answer.hit:
        return PymunkVerdict(True)
    if answer.normal == (0.0, 0.0):  # pymunk's GJK starts from the centre offset: none when they coincide
        return PymunkVerdict(
            True, True, None, reason="pymunk gives no normal (and so no depth) when the centres coincide"
        )
    return PymunkVerdict(True, True, answer.depth, answer.normal)
