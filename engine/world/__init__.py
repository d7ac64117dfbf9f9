"""The world: AABB broad phase, layers, ray and shape casts, and move-and-slide."""

from .broadphase import MAX_SPAN
from .casts import MAX_CAST_ITERATIONS
from .slide import slide_along, slide_along_many
from .world import (
    ALL_LAYERS,
    MAX_CELL_SIZE,
    MIN_CELL_SIZE,
    CastBatch,
    CastHit,
    RayHit,
    SlideResult,
    World,
    WorldContacts,
)

__all__ = [
    "ALL_LAYERS",
    "MAX_CAST_ITERATIONS",
    "MAX_CELL_SIZE",
    "MAX_SPAN",
    "MIN_CELL_SIZE",
    "CastBatch",
    "CastHit",
    "RayHit",
    "SlideResult",
    "World",
    "WorldContacts",
    "slide_along",
    "slide_along_many",
]
