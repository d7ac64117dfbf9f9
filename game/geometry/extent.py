"""How far a hitbox reaches from the actor's centre, any way it turns, and its parts as cores.

A hitbox is convex parts in the ACTOR frame (origin at the actor's centre, y up, pixels; see
``game.tiled.actors``). A disc of ``reach_radius`` about the centre holds the hitbox at every turn:
what the checker's placement grid tests first and what the start-mover frees room for.
"""

from __future__ import annotations

import math

from engine.collision import Capsule, Circle, Ellipse, Polygon
from game.render.outline import outline

__all__ = ["ARC_SAMPLES", "reach_radius", "sampled_outline", "shape_core"]

#: Support directions sampled per curved part when a measure cannot be found exactly (an ellipse,
#: or parts of different roundness): the error is below radius × (1 − cos(π/ARC_SAMPLES)), 5e-6 of it.
ARC_SAMPLES = 1024


def reach_radius(parts) -> float:
    """How far the hitbox reaches from the actor's centre, any way it turns (px).

    >>> reach_radius([Circle(3.0)])
    3.0
    >>> reach_radius([Polygon.box(3.0, 4.0)])
    5.0
    """

    def reach(shape) -> float:
        core = shape_core(shape)
        if core is None:  # an ellipse: its outline, sampled finely
            return max(math.hypot(*p) for p in sampled_outline(shape))
        return max(math.hypot(*p) for p in core[0]) + core[1]

    return max(reach(shape) for shape in parts)


def sampled_outline(shape) -> list[tuple[float, float]]:
    """The shape's outline in its own frame, sampled ``ARC_SAMPLES`` ways round."""
    return outline(shape, (0.0, 0.0, 0.0), ARC_SAMPLES)


def shape_core(shape) -> tuple[list[tuple[float, float]], float] | None:
    """The shape as core points swept by a disc (points, radius), or None for an ellipse."""
    if isinstance(shape, Polygon):
        return [tuple(p) for p in shape.points], float(shape.radius)
    if isinstance(shape, Circle):
        return [tuple(shape.center)], float(shape.radius)
    if isinstance(shape, Capsule):
        return [tuple(shape.p1), tuple(shape.p2)], float(shape.radius)
    if isinstance(shape, Ellipse):
        return None
    raise TypeError(f"unknown shape {type(shape).__name__}")
