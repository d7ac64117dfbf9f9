"""Tiled maps as ``game.level.Level`` data: the loader every part of the game shares.

Layout: ``files`` (where levels live), ``conventions`` (layer names,
classes, properties; levels/README.md explains them to designers),
``frame`` (Tiled to engine coordinates, in one place), ``decompose``
(simple-polygon checks and convex splitting), ``walls`` (Tiled shapes as
engine shapes), ``limits`` (the written limits on a level file, checked
before the work they protect), ``reader`` (files, layers and findings).
"""

from game.level import Finding, Level, LevelError, Marker, Wall

from .files import LEVELS_DIR, level_path, list_levels
from .frame import MapFrame, engine_angle, tiled_to_world
from .reader import load_level, read_level

__all__ = [
    "LEVELS_DIR",
    "Finding",
    "Level",
    "LevelError",
    "MapFrame",
    "Marker",
    "Wall",
    "engine_angle",
    "level_path",
    "list_levels",
    "load_level",
    "read_level",
    "tiled_to_world",
]
