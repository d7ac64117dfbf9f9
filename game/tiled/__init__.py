"""Tiled maps as ``game.level.Level`` data: the loader every part of the game shares.

Layout: ``files`` (where levels live), ``conventions`` (layer names,
classes, properties; levels/README.md explains them to designers),
``frame`` (Tiled to engine coordinates, in one place), ``walls`` (Tiled
shapes as engine shapes; a concave polygon split by the engine's
``engine.collision.concave``, the one copy the game and checker share),
``limits`` (the written limits on a level file, checked before the work
they protect), ``tilesets`` (``.tsj``/``.tsx`` and embedded tilesets),
``tiles`` (tile layers: cells decoded under limits, flips, placing, tile
collision as walls), ``merge`` (greedy rectangles over full-box tiles),
``findings`` (the one findings collector both readers report through),
``props`` and ``bodies`` (what moves: props placed by kind, Solar2D's
dynamic objects by their own shape), ``start`` (the free spot a player
start takes when the map has none or one the game cannot use), ``reader``
(files, layers and findings).
"""

from game.level import Finding, Level, LevelError, Marker, PlacedTile, TileLayer, TileRef, Wall

from .files import LEVELS_DIR, level_path, list_levels
from .frame import MapFrame, engine_angle, tiled_to_world
from .reader import load_level, read_level, say_changes
from .tilesets import TileDef, Tileset, TileShape, read_tileset

__all__ = [
    "LEVELS_DIR",
    "Finding",
    "Level",
    "LevelError",
    "MapFrame",
    "Marker",
    "PlacedTile",
    "TileDef",
    "TileLayer",
    "TileRef",
    "TileShape",
    "Tileset",
    "Wall",
    "engine_angle",
    "level_path",
    "list_levels",
    "load_level",
    "read_level",
    "read_tileset",
    "say_changes",
    "tiled_to_world",
]
