"""The world: AABB broad phase, layers, ray and shape casts, and move-and-slide."""

from .broadphase import MAX_SPAN
from .casts import MAX_CAST_ITERATIONS
from .slide import slide_along, slide_along_many
from .world import ALL_LAYERS, CastBatch, CastHit, RayHit, SlideResult, World, WorldContacts

__all__ = [
    "ALL_LAYERS",
    "MAX_CAST_ITERATIONS",
    "MAX_SPAN",
    "CastBatch",
    "CastHit",
    "RayHit",
    "SlideResult",
    "World",
    "WorldContacts",
    "slide_along",
    "slide_along_many",
]
