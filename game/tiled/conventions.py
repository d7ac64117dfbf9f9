"""What a designer writes in Tiled and what the loader makes of it (levels/README.md explains it in prose).

The game's own object layers are recognised by name, anywhere in the layer
tree (group layers only add their offsets): ``walls``, ``spawns``,
``pickups``, ``player``. An object's Tiled class (``type`` in the 1.8
JSON) says what it is.

Maps made for other engines carry their own signals of what is solid
(/work/shared/notes/tiled-conventions-in-the-wild.md); ``solid_role`` reads
them all, in this order, the first that speaks deciding:

1. a boolean property ``collides`` (Phaser's), ``solid``, ``collision`` or
   ``collidable`` (then Solar2D's text property ``bodyType``: ``static`` and
   ``kinematic`` solid, ``dynamic`` not) on the thing itself (an object, a
   tile), then on its tileset, then on its layer and the groups around it:
   true is solid, false is not (coins, decorations), whatever else says;
2. a class (Tiled 1.9+ ``class``, ``type`` before) on the thing or its
   layer: ``collision``, ``collider``, ``wall``, ``solid``, ``obstacle``,
   ``staticbody``;
3. a layer named like a collision layer: a word of its name is one of
   ``SOLID_WORDS`` (``Collision``, ``Walls``, ``Solid``, ``Platforms``...),
   or like a layer of things to walk through (``NOT_SOLID_WORDS``:
   ``Coins``, ``Items``, ``Decorations``, ``Ladders``...);
4. otherwise: tile collision shapes are walls; an object in an object layer
   with no such sign is not solid (an annotation, a trigger, a light).

A solid tile with no collision shapes is a full-tile box.
"""

from __future__ import annotations

import re
from typing import Any

WALLS = "walls"
SPAWNS = "spawns"
PICKUPS = "pickups"
PLAYER = "player"
#: Movable things (``game.tiled.props``): objects whose class, or whose tile's class, is a prop kind.
PROPS = "props"
#: Joints between props (``game.tiled.joints``): objects of a joint class here or in ``props``.
JOINTS = "joints"
OBJECT_LAYERS = (WALLS, SPAWNS, PICKUPS, PLAYER, PROPS, JOINTS)

ENEMY_KINDS = ("chaser", "shooter", "brute")
PICKUP_KINDS = ("health", "ammo")
#: A polyline or polygon wall of class ``chain`` is a smooth chain of segments (``World.add_chain``):
#: a polyline one solid on both sides, a polygon an outline solid from outside. A polygon of class
#: ``cave`` is the outline of open ground: solid from inside, so what is inside stays inside.
CHAIN, CAVE = "chain", "cave"
CHAIN_CLASSES = (CHAIN, CAVE)
#: Classes a wall or the player start may carry: none, or the layer's own word.
WALL_CLASSES = ("", "wall", *CHAIN_CLASSES)
PLAYER_CLASSES = ("", "player")

#: Custom property on a polyline wall: its full thickness in pixels.
THICKNESS = "thickness"
DEFAULT_THICKNESS = 16.0

#: Map custom property: the level's name on screen (default: the file name).
TITLE = "title"
#: Map custom property: seconds of quiet between a cleared wave and the next (the game's
#: ``Rules.wave_breather`` otherwise), from 0 to ``MAX_WAVE_BREATHER``.
WAVE_BREATHER = "wave_breather"
MAX_WAVE_BREATHER = 60.0

#: Which classes each marker layer accepts; the class becomes ``Marker.kind``.
MARKER_CLASSES = {
    SPAWNS: ENEMY_KINDS,
    PICKUPS: PICKUP_KINDS,
    PLAYER: PLAYER_CLASSES,
}

#: Boolean properties that say "solid" (true) or "not solid" (false), in the order they are read.
SOLID_PROPERTIES = ("collides", "solid", "collision", "collidable")
#: Solar2D's (Corona's) physics body type, a text property its Tiled loaders read (ponytiled, Tiled's
#: Sticker Knight example): read after the booleans. ``static`` and ``kinematic`` bodies are solid (a
#: kinematic body is moved by the game's own code; here nothing moves it, so it is a wall); a
#: ``dynamic`` body is a thing that moves, never a wall (a movable thing here is a prop).
BODY_TYPE = "bodyType"
BODY_TYPES = {"static": True, "kinematic": True, "dynamic": False}
#: Classes (of a layer, an object or a tile) that say "solid".
SOLID_CLASSES = frozenset({"collision", "collider", "wall", "walls", "solid", "obstacle", "staticbody"})
#: Words that make a layer a collision layer when its name holds one (case and separators ignored).
SOLID_WORDS = frozenset(
    {
        "collision",
        "collisions",
        "collide",
        "collider",
        "colliders",
        "wall",
        "walls",
        "solid",
        "solids",
        "obstacle",
        "obstacles",
        "blocked",
        "blocking",
        "platform",
        "platforms",
        "barrier",
        "barriers",
    }
)
#: Words that make a layer NOT solid when its name holds one (coins and decorations drawn with collision
#: shapes for another engine's triggers): a property or a class on the layer still decides first.
NOT_SOLID_WORDS = frozenset(
    {
        "coin",
        "coins",
        "item",
        "items",
        "pickup",
        "pickups",
        "collectible",
        "collectibles",
        "decoration",
        "decorations",
        "decor",
        "deco",
        "background",
        "foreground",
        "ladder",
        "ladders",
    }
)


def solid_flag(properties: dict[str, Any] | None) -> bool | None:
    """What the first of ``SOLID_PROPERTIES`` present says: True, False, or None (not said).

    Old maps (Tiled < 0.16) store every property as a string: "true"/"false" count too.

    >>> solid_flag({"collides": True}), solid_flag({"solid": "false"}), solid_flag({"hp": 3})
    (True, False, None)
    """
    return solid_property(properties)[0]


def solid_property(properties: dict[str, Any] | None) -> tuple[bool | None, str]:
    """``solid_flag`` and the property that said it, as a finding says it (``""`` when none did).

    >>> solid_property({"bodyType": "static"}), solid_property({"collides": False, "bodyType": "static"})
    ((True, "property 'bodyType' 'static'"), (False, "property 'collides' false"))
    """
    for key in SOLID_PROPERTIES:
        value = (properties or {}).get(key)
        if isinstance(value, bool):
            return value, f"property {key!r} {'true' if value else 'false'}"
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            flag = value.strip().lower() == "true"
            return flag, f"property {key!r} {'true' if flag else 'false'}"
    body = (properties or {}).get(BODY_TYPE)
    if isinstance(body, str) and body.strip().lower() in BODY_TYPES:
        return BODY_TYPES[body.strip().lower()], f"property {BODY_TYPE!r} {body.strip().lower()!r}"
    return None, ""


def solid_class(cls: Any) -> bool:
    """Whether a Tiled class says solid.

    >>> solid_class("Collision"), solid_class("coin")
    (True, False)
    """
    return isinstance(cls, str) and cls.strip().lower() in SOLID_CLASSES


def solid_name(name: Any) -> bool:
    """Whether a layer's name says it is a collision layer: one of its words is in ``SOLID_WORDS``.

    >>> [solid_name(n) for n in ("Collision", "walls_top", "CollisionLayer", "Don't Touch", "Wallpaper")]
    [True, True, True, False, False]
    """
    return bool(_words(name) & SOLID_WORDS)


def not_solid_name(name: Any) -> bool:
    """Whether a layer's name says it holds things to walk through: coins, items, decorations, ladders.

    >>> [not_solid_name(n) for n in ("Coins", "Decorations", "Platforms")]
    [True, True, False]
    """
    return bool(_words(name) & NOT_SOLID_WORDS) and not solid_name(name)


def _words(name: Any) -> set[str]:
    """A name's words, lower case, split at anything not a letter and at camel case ("CollisionLayer")."""
    if not isinstance(name, str):
        return set()
    return {word.lower() for word in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)}


def solid_role(*levels: tuple[dict | None, Any]) -> tuple[bool | None, str]:
    """Solid or not, and why, from (properties, class) pairs, the thing's own first, then its layers'.

    A property anywhere in the chain decides before any class does, so a coin
    tile marked ``collides: false`` stays free on a layer classed ``collision``.
    Returns (None, "") when nothing says.

    >>> solid_role(({"collides": False}, ""), ({}, "collision"))
    (False, "property 'collides' false")
    >>> solid_role(({}, ""), ({}, "Collision"))
    (True, "class 'Collision'")
    """
    for properties, _ in levels:
        flag, why = solid_property(properties)
        if flag is not None:
            return flag, why
    for _, cls in levels:
        if solid_class(cls):
            return True, f"class {cls!r}"
    return None, ""


def marker_layer_of(cls: str) -> str | None:
    """The marker layer a point of class ``cls`` belongs to outside the game's own layers (a ``player``
    point, an enemy kind, a pickup kind), or None.

    >>> marker_layer_of("player"), marker_layer_of("brute"), marker_layer_of("ammo"), marker_layer_of("coin")
    ('player', 'spawns', 'pickups', None)
    """
    if cls == PLAYER:
        return PLAYER
    for layer, kinds in MARKER_CLASSES.items():
        if cls and cls in kinds:
            return layer
    return None
