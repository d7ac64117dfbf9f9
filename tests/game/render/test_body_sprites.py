"""A map's own moving bodies (Solar2D dynamic objects, ``game.tiled.bodies``) drawn: with their tile's image
when they have one, as a plain box of their size otherwise; never as another sprite."""

from __future__ import annotations

from pathlib import Path

from engine.collision import Polygon
from game.render.sprites import SpriteMirror, prop_look
from game.sim import Simulation
from game.tiled import read_level
from game.tiled.prop_kinds import PropKind
from game.views.bridge import props_drawn

KNIGHT = Path(__file__).resolve().parents[1] / "tiled" / "real_maps" / "tiled" / "sticker-knight" / "map"


def test_sticker_knights_blocks_are_drawn_with_their_tiles_image_at_its_size():
    level, _ = read_level(KNIGHT / "sandbox.tmx")
    drawn = props_drawn(Simulation(level, 3))
    image = (KNIGHT / "pushBlock3.png").resolve()
    assert [(a.kind, a.size) for a in drawn] == [(f"prop:image:{image}", 96.0)] * 2
    mirror = SpriteMirror()
    mirror.sync(drawn)
    assert [(round(s.width), round(s.height)) for s in mirror.sprites] == [(96, 96)] * 2


def test_a_body_without_an_image_is_a_plain_box_of_its_size():
    kind = PropKind("dynamic body", -1, None, Polygon.box(20.0, 8.0), 40, 16)
    assert prop_look(kind) == "prop:box:40x16"
    texture = SpriteMirror().texture(prop_look(kind))
    assert (texture.width, texture.height) == (40, 16)
