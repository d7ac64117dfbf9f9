"""Sprites that mirror the simulation: one sprite per player, enemy, bullet and pickup.

The simulation is the truth; each frame ``SpriteMirror.sync`` makes the
sprites agree with a list of ``Actor`` records read from it (creating,
moving and retiring sprites by the entity's key). Nothing is ever read back.

Angles: the engine's are radians counter-clockwise, arcade's ``Sprite.angle``
is degrees clockwise; ``sprite_angle`` is the one place that converts.
Every texture faces +x (engine angle 0), see ``assets/CREDITS.md``.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import NamedTuple

import arcade
import PIL.Image

from game.tiled.prop_kinds import prop_kinds

ASSETS = Path(__file__).resolve().parents[2] / "assets"

#: Actor kind -> texture. Sprite textures face +x.
TEXTURES: dict[str, str] = {
    # The player's tank in two parts (``assets/actors/make_images.py``): the hull, and the turret
    # that turns about its canvas's centre.
    "player": str(ASSETS / "sprites" / "player_hull.png"),
    "turret": str(ASSETS / "sprites" / "player_turret.png"),
    "chaser": str(ASSETS / "sprites" / "chaser.png"),
    "shooter": str(ASSETS / "sprites" / "shooter.png"),
    "brute": str(ASSETS / "sprites" / "brute.png"),
    "bullet": ":resources:images/space_shooter/laserBlue01.png",
    # laserRed01 stands upright in arcade's resources; the actors' copy is turned to face +x.
    "enemy_bullet": str(ASSETS / "actors" / "enemy_bullet.png"),
    "health": ":resources:images/items/gemRed.png",
    "ammo": ":resources:images/items/coinGold.png",
}
#: Sprite size relative to the collision size (art has a rim the hitbox leaves out).
DEFAULT_MARGIN = 1.25
#: (the turret's canvas is 52 px to the hull's 46: drawn at the hull's scale)
ART_MARGIN = {
    "bullet": 4.0,
    "enemy_bullet": 4.0,
    "health": 2.4,
    "ammo": 2.4,
    "turret": DEFAULT_MARGIN * 52 / 46,
}
#: A hit sprite is tinted this colour, fading back to white.
FLASH_TINT = (255, 70, 70)
#: Textures by kind, loaded once per process: a new run (a new mirror) uploads nothing.
_TEXTURES: dict[str, arcade.Texture] = {}


#: Kinds ``prop:NAME`` draw prop ``NAME``'s image from ``assets/props.tsj``, one image px a world px.
PROP_PREFIX = "prop:"


#: After ``prop:``, a body the map drew itself (``game.tiled.bodies``, a Solar2D dynamic object): ``image:PATH``
#: draws its tile's image, ``box:WxH`` a plain box of its size (a rectangle Tiled draws as an outline).
BODY_IMAGE, BODY_BOX = "image:", "box:"
#: The plain box's colour: a wooden brown, as Tiled's example blocks.
BODY_BOX_COLOR = (150, 110, 70, 255)


def prop_look(kind) -> str:
    """The actor kind that draws prop kind ``kind`` (a ``game.tiled.prop_kinds.PropKind``): ``prop:NAME``
    for a kind of ``assets/props.tsj``, ``prop:image:PATH`` or ``prop:box:WxH`` for a map's own body (keyed
    by what it looks like: textures are cached by kind for the whole process, across maps).

    >>> from engine.collision import Circle
    >>> from game.tiled.prop_kinds import PropKind
    >>> prop_look(PropKind("crate", 0, None, Circle(1.0), 2, 2)), prop_look(PropKind("body", -1, None, Circle(8.0), 16, 16))
    ('prop:crate', 'prop:box:16x16')
    """
    if kind.tile_id >= 0:
        return f"{PROP_PREFIX}{kind.name}"
    if kind.image is not None:
        return f"{PROP_PREFIX}{BODY_IMAGE}{Path(kind.image).resolve()}"
    return f"{PROP_PREFIX}{BODY_BOX}{kind.width}x{kind.height}"


def prop_texture(kind: str) -> str | None:
    """The image of a ``prop:NAME`` kind (``game.tiled.prop_kinds``) or of a ``prop:image:PATH`` body, or
    None for other kinds."""
    if not kind.startswith(PROP_PREFIX):
        return None
    name = kind[len(PROP_PREFIX) :]
    if name.startswith(BODY_IMAGE):
        return name[len(BODY_IMAGE) :]
    found = prop_kinds().get(name)
    return str(found.image) if found is not None and found.image is not None else None


def _box_texture(kind: str) -> arcade.Texture:
    """A plain ``prop:box:WxH`` texture, W × H px."""
    w, h = (int(v) for v in kind[len(PROP_PREFIX + BODY_BOX) :].split("x"))
    return arcade.Texture(PIL.Image.new("RGBA", (w, h), BODY_BOX_COLOR), hash=kind)


def sprite_angle(engine_angle: float) -> float:
    """arcade ``Sprite.angle`` (degrees, clockwise) for an engine angle (radians, counter-clockwise).

    >>> sprite_angle(math.pi / 2)
    -90.0
    """
    return -math.degrees(engine_angle)


def flash_color(flash: float) -> tuple[int, int, int]:
    """Tint for a hit flash of strength 0..1 (0 = untinted white).

    >>> flash_color(0.0), flash_color(1.0)
    ((255, 255, 255), (255, 70, 70))
    """
    f = max(0.0, min(1.0, flash))
    return tuple(round(255 + (c - 255) * f) for c in FLASH_TINT)  # type: ignore[return-value]


class Actor(NamedTuple):
    """One thing to draw, read from the simulation: world px, engine angle, collision diameter."""

    key: int
    kind: str
    x: float
    y: float
    angle: float
    size: float
    flash: float = 0.0
    #: 0 (gone) .. 1 (solid): debris fading out.
    opacity: float = 1.0


class SpriteMirror:
    """A SpriteList kept in step with the simulation's entities of some kinds."""

    def __init__(self) -> None:
        self.sprites = arcade.SpriteList()
        self._by_key: dict[tuple[str, int], arcade.Sprite] = {}
        self._flash: dict[tuple[str, int], tuple[float, float]] = {}  # the (flash, opacity) each sprite has
        self._textures = _TEXTURES

    def __len__(self) -> int:
        return len(self.sprites)

    def texture(self, kind: str) -> arcade.Texture:
        if kind not in self._textures and kind.startswith(PROP_PREFIX + BODY_BOX):
            self._textures[kind] = _box_texture(kind)
        if kind not in self._textures:
            self._textures[kind] = arcade.load_texture(
                TEXTURES.get(kind) or prop_texture(kind) or TEXTURES["chaser"]
            )
        return self._textures[kind]

    def _make(self, actor: Actor) -> arcade.Sprite:
        texture = self.texture(actor.kind)
        sprite = arcade.Sprite(texture)
        longest = max(texture.width, texture.height)
        margin = 1.0 if actor.kind.startswith(PROP_PREFIX) else ART_MARGIN.get(actor.kind, DEFAULT_MARGIN)
        sprite.scale = max(actor.size, 1.0) * margin / longest
        self.sprites.append(sprite)
        return sprite

    def sync(self, actors) -> list[tuple[str, int]]:
        """Make the sprites match ``actors``; return the keys whose sprites were retired."""
        seen = set()
        for actor in actors:
            key = (actor.kind, actor.key)
            seen.add(key)
            sprite = self._by_key.get(key)
            if sprite is None:
                sprite = self._by_key[key] = self._make(actor)
            sprite.position = (actor.x, actor.y)
            sprite.angle = sprite_angle(actor.angle)
            look = (actor.flash, actor.opacity)
            if self._flash.get(key, (0.0, 1.0)) != look:  # a new sprite is untinted (flash 0) and solid
                self._flash[key] = look
                sprite.color = (*flash_color(actor.flash), round(255 * max(0.0, min(1.0, actor.opacity))))
        gone = [key for key in self._by_key if key not in seen]
        for key in gone:
            self._by_key.pop(key).remove_from_sprite_lists()
            self._flash.pop(key, None)
        return gone

    def sprite(self, kind: str, key: int) -> arcade.Sprite | None:
        return self._by_key.get((kind, key))

    def clear(self) -> None:
        self.sprites.clear()
        self._by_key.clear()
        self._flash.clear()

    def draw(self) -> None:
        self.sprites.draw()
