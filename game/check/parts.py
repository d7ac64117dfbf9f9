"""The level as every check sees it: convex wall parts with their world boxes, and how findings name things.

``checks`` and ``reach`` both build on this module and on ``hitbox``; neither
imports the other's internals (``checks`` calls ``reach``, never the reverse).
"""

from __future__ import annotations

import operator
from typing import Any, NamedTuple

from engine.collision import Transform, aabb
from game.level import Finding, Level, Marker, Severity, Wall


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


def finding(severity: Severity, file: str, obj: Wall | Marker, problem: str, where) -> Finding:
    """A finding about one wall or marker, located as ``file:id (name)``, or as the painted cell
    ``file:layer:tile-x,y (tileset id)`` for a wall made by a tile."""
    tile = getattr(obj, "tile", None)
    return Finding(severity, file, obj.object_id, obj.name, problem, where, tile=tile)


def wall_name(wall: Wall) -> str:
    """A wall in words: ``wall 8 (right)``, or ``tile walls:tile-3,7 (depot 12)`` for a tile's.

    >>> wall_name(Wall(8, "right", "rectangle", ()))
    'wall 8 (right)'
    """
    if wall.tile is not None:
        return f"tile {wall.tile}"
    return f"wall {wall.object_id} ({wall.name})"


def marker_word(level: Level, marker: Marker) -> str:
    """What a marker is, in words: ``player start``, ``brute spawn``, ``ammo pickup``."""
    if marker is level.player_start:
        return "player start"
    return f"{marker.kind} spawn" if marker in level.spawns else f"{marker.kind} pickup"


__all__ = ["Part", "finding", "marker_word", "wall_name", "wall_parts"]
