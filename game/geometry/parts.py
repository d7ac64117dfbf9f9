"""A level's walls as convex parts with their world boxes, and how a finding names a wall.

The checker's checks and the loader's start-mover (``game.tiled.start``) both read walls through
``wall_parts``, so both look at the same parts in the same order (wall by wall, part by part).
"""

from __future__ import annotations

import operator
from typing import Any, NamedTuple

from engine.collision import Transform, aabb
from game.level import Level, Wall

__all__ = ["Part", "every_part", "wall_name", "wall_parts"]


class Part(NamedTuple):
    """One convex part of a wall, placed, with its world bounding box (min_x, min_y, max_x, max_y).

    ``index`` is the wall's place in ``Level.walls``: what tells walls apart (tile walls share the
    object ids of their tileset's collision objects, so an id names no single wall)."""

    wall: Wall
    shape: Any
    xf: Transform
    box: tuple[float, float, float, float]
    index: int = 0


#: The last level ``wall_parts`` was asked for, and its parts: the checks, the props checks and the
#: doors each ask for the same level's (7,900 walls: 0.1 s a time).
_LAST: list = [None, ()]


def wall_parts(level: Level) -> list[Part]:
    """Every convex part of every wall, with its world AABB (a new list each call; the parts are
    computed once per level object)."""
    if _LAST[0] is not level:
        parts = tuple(
            Part(w, s, Transform(*xf), aabb(s, Transform(*xf)), k)
            for k, w in enumerate(level.walls)
            for s, xf in w.parts
        )
        _LAST[:] = [level, parts]
    return list(_LAST[1])


def every_part(level: Level, parts: list[Part]) -> bool:
    """Whether ``parts`` are ``wall_parts(level)``'s, the same objects in the same order."""
    return _LAST[0] is level and len(parts) == len(_LAST[1]) and all(map(operator.is_, parts, _LAST[1]))


def wall_name(wall: Wall) -> str:
    """A wall in words: ``wall 8 (right)``, or ``tile walls:tile-3,7 (depot 12)`` for a tile's.

    >>> wall_name(Wall(8, "right", "rectangle", ()))
    'wall 8 (right)'
    """
    if wall.tile is not None:
        return f"tile {wall.tile}"
    return f"wall {wall.object_id} ({wall.name})"
