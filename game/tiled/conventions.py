"""What a designer writes in Tiled and what the loader makes of it (levels/README.md explains it in prose).

Object layers are recognised by name, anywhere in the layer tree (group
layers only add their offsets). An object's Tiled class (``type`` in the
1.8 JSON) says what it is. Anything else is an error, so a typo never
silently loses a wall or an enemy.
"""

from __future__ import annotations

WALLS = "walls"
SPAWNS = "spawns"
PICKUPS = "pickups"
PLAYER = "player"
#: Movable things (``game.tiled.props``): objects whose class, or whose tile's class, is a prop kind.
PROPS = "props"
OBJECT_LAYERS = (WALLS, SPAWNS, PICKUPS, PLAYER, PROPS)

ENEMY_KINDS = ("chaser", "shooter", "brute")
PICKUP_KINDS = ("health", "ammo")
#: Classes a wall or the player start may carry: none, or the layer's own word.
WALL_CLASSES = ("", "wall")
PLAYER_CLASSES = ("", "player")

#: Custom property on a polyline wall: its full thickness in pixels.
THICKNESS = "thickness"
DEFAULT_THICKNESS = 16.0

#: Map custom property: the level's name on screen (default: the file name).
TITLE = "title"

#: Which classes each marker layer accepts; the class becomes ``Marker.kind``.
MARKER_CLASSES = {
    SPAWNS: ENEMY_KINDS,
    PICKUPS: PICKUP_KINDS,
    PLAYER: PLAYER_CLASSES,
}
