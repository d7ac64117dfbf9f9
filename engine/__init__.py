"""A 2D convex collision engine: GJK and EPA over support functions, batched with numba.

``engine.collision`` holds shapes and pair queries; ``engine.world`` the
broad phase, casts and move-and-slide. It never imports arcade or the game.
"""

from . import collision, world
from .collision import *  # noqa: F403
from .collision import __all__ as _collision_all
from .world import World

__all__ = ["World", "collision", "world", *_collision_all]
