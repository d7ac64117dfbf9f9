"""A 2D physics engine: GJK and EPA over support functions, Box2D v3's soft step, batched with numba.

``engine.collision`` holds shapes and pair queries; ``engine.world`` the
rigid bodies, broad phase, casts and move-and-slide. It never imports arcade or the game.
"""

from . import collision, world
from .collision import *  # noqa: F403
from .collision import __all__ as _collision_all
from .world import (
    BodyType,
    CastBatch,
    CastHit,
    ContactEvents,
    PairImpulses,
    PhysicsWarning,
    RayHit,
    SlideResult,
    World,
    WorldContacts,
)

__all__ = [
    "BodyType",
    "CastBatch",
    "CastHit",
    "ContactEvents",
    "PairImpulses",
    "PhysicsWarning",
    "RayHit",
    "SlideResult",
    "World",
    "WorldContacts",
    "collision",
    "world",
    *_collision_all,
]
