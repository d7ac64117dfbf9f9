"""A 2D convex collision engine: GJK and EPA over support functions, batched with numba.

``engine.collision`` holds shapes and pair queries. It never imports arcade
or the game.
"""

from . import collision
from .collision import *  # noqa: F403
from .collision import __all__ as _collision_all

__all__ = ["collision", *_collision_all]
