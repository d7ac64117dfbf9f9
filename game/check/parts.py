"""The level as every check sees it: convex wall parts with their world boxes (``game.geometry.parts``,
shared with the loader), and how findings name things.

``checks`` and ``reach`` both build on this module and on ``hitbox``; neither
imports the other's internals (``checks`` calls ``reach``, never the reverse).
"""

from __future__ import annotations

from game.geometry.parts import Part, every_part, wall_name, wall_parts
from game.level import Finding, Level, Marker, Severity, Wall


def finding(severity: Severity, file: str, obj: Wall | Marker, problem: str, where) -> Finding:
    """A finding about one wall or marker, located as ``file:id (name)``, or as the painted cell
    ``file:layer:tile-x,y (tileset id)`` for a wall made by a tile."""
    tile = getattr(obj, "tile", None)
    return Finding(severity, file, obj.object_id, obj.name, problem, where, tile=tile)


def marker_word(level: Level, marker: Marker) -> str:
    """What a marker is, in words: ``player start``, ``brute spawn``, ``ammo pickup``."""
    if marker is level.player_start:
        return "player start"
    return f"{marker.kind} spawn" if marker in level.spawns else f"{marker.kind} pickup"


__all__ = ["Part", "every_part", "finding", "marker_word", "wall_name", "wall_parts"]
