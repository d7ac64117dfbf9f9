"""Walls, HUD, sprites, effects and the debug overlay draw what the data says (headless window)."""

import math
from pathlib import Path

import arcade
import pytest

from engine import World
from engine.collision import Circle, Polygon, Transform
from game.level import Level, Marker, Wall
from game.render import debug, hud, walls
from game.render.effects import Effects
from game.render.sprites import Actor, SpriteMirror, flash_color


def small_level() -> Level:
    box = Wall(1, "block", "rectangle", ((Polygon.box(100, 40), Transform(400, 300, 0.0)),))
    tilted = Wall(2, "beam", "rectangle", ((Polygon.box(80, 10), Transform(900, 500, math.pi / 4)),))
    start = Marker(3, "start", "player", 200, 200)
    return Level("small", Path("small.tmj"), 1280, 720, (box, tilted), start, (), ())


def pixel(image, x, y):
    """RGB at world/screen (x, y), y up (PIL images are y down)."""
    return image.getpixel((int(x), image.height - 1 - int(y)))[:3]


def test_walls_are_filled_where_the_level_puts_them(window):
    level = small_level()
    window.clear(color=walls.VOID_COLOR)
    walls.build_walls(level).draw()
    image = arcade.get_image()
    assert pixel(image, 400, 300) == walls.WALL_FILL
    assert pixel(image, 900, 500) == walls.WALL_FILL
    assert pixel(image, 400, 360) == walls.VOID_COLOR[:3]
    # the beam is tilted 45°: along its axis is wall, across it (at the same distance) is floor
    assert pixel(image, 900 + 50, 500 + 50) == walls.WALL_FILL
    assert pixel(image, 900 + 50, 500 - 50) == walls.VOID_COLOR[:3]


def test_the_floor_covers_the_level(window):
    level = small_level()
    floor = walls.build_floor(level)
    assert len(floor) == math.ceil(1280 / 64) * math.ceil(720 / 64)
    window.clear(color=(0, 0, 0))
    floor.draw()
    image = arcade.get_image()
    assert len(set(image.convert("RGB").getdata())) > 20


def test_the_hud_draws_over_its_strip_and_shows_the_state(window):
    window.clear(color=(0, 0, 0))
    panel = hud.Hud(window.width, window.height)
    panel.update(hud.HudState(40, 100, 17, 2300, 4, "small", best=5000, enemies=3))
    panel.draw()
    assert panel.texts["ammo"].text == f"Ammo 17{'  LOW' if hud.LOW_AMMO >= 17 else ''}"
    assert panel.texts["score"].text == "Score 2300  (best 5000)"
    image = arcade.get_image()
    strip = image.crop((0, 0, window.width, hud.STRIP)).convert("RGB")
    assert len(set(strip.getdata())) > 10  # text and bar, not a flat panel
    # the health bar is filled to 40 %: red at 30 % of its width, dark at 60 %
    y = window.height - hud.STRIP / 2
    assert pixel(image, 20 + 160 * 0.3, y) == hud.HEALTH_FRONT
    assert pixel(image, 20 + 160 * 0.6, y) == hud.HEALTH_BACK


def test_a_long_level_name_is_cut_to_end_before_the_widest_wave_label(window):
    panel = hud.Hud(window.width, window.height)
    name = "multiple_layers_with_colliders_from_a_designer_who_likes_long_names"
    panel.update(hud.HudState(100, 100, 50, 0, 99, name, enemies=999))
    level, wave = panel.texts["level"], panel.texts["wave"]
    assert level.text.endswith("…") and name.startswith(level.text[:-1])
    assert wave.x + wave.content_width < level.x - level.content_width  # no overlap, on the screen
    assert wave.x + wave.content_width <= hud.WAVE_X + hud.WAVE_ROOM  # the room kept is enough
    panel.update(hud.HudState(100, 100, 50, 0, 1, "yard"))
    assert level.text == "yard"  # a short name is shown whole


def test_a_banner_shows_for_its_time_then_goes(window):
    panel = hud.Hud(window.width, window.height)
    panel.show_banner("levels/yard.tmj:12 (crate): polygon self-intersects", seconds=1.0)
    state = hud.HudState(100, 100, 0, 0, 1, "yard")
    panel.update(state, 0.5)
    assert panel.banner_visible
    panel.update(state, 0.6)
    assert not panel.banner_visible


def test_sprites_follow_the_actors_and_leave_with_them(window):
    mirror = SpriteMirror()
    mirror.sync([Actor(1, "player", 100, 200, math.pi / 2, 28), Actor(7, "chaser", 300, 300, 0.0, 24, 1.0)])
    assert len(mirror) == 2
    player = mirror.sprite("player", 1)
    assert player.position == (100, 200) and player.angle == -90.0
    assert mirror.sprite("chaser", 7).color[:3] == flash_color(1.0)
    gone = mirror.sync([Actor(1, "player", 110, 200, 0.0, 28)])
    assert gone == [("chaser", 7)] and len(mirror) == 1 and player.position == (110, 200)


@pytest.mark.parametrize("degrees", [0, 90, 180, -90])
def test_a_sprite_faces_along_its_engine_angle(window, degrees):
    """The turret's texture faces +x from its pivot, the canvas's centre (issue 40: it turns on its
    own about the hull's centre): at engine angle a, every lit pixel lies on a's side of the pivot."""
    mirror = SpriteMirror()
    a = math.radians(degrees)
    mirror.sync([Actor(1, "turret", 640, 360, a, 120)])
    window.clear(color=(0, 0, 0))
    mirror.draw()
    image = arcade.get_image().convert("RGB")
    lit = [(x, y) for x in range(500, 780) for y in range(220, 500) if pixel(image, x, y) != (0, 0, 0)]
    along = [(x - 640) * math.cos(a) + (y - 360) * math.sin(a) for x, y in lit]
    assert len(lit) > 100 and min(along) > -8.0 and max(along) > 50.0  # the barrel runs out from the pivot


def test_particles_fade_and_are_gone_after_their_life(window):
    fx = Effects(seed=3)
    fx.sparks(100, 100, 1.0, 0.0)
    fx.puff(200, 200, 30)
    assert len(fx) > 10
    fx.update(0.1)
    assert len(fx) > 0
    for _ in range(20):
        fx.update(0.1)
    assert len(fx) == 0


def test_the_debug_overlay_draws_every_part_of_a_body_of_several_shapes():
    world = World()
    body = world.add(Polygon.box(40, 10), (300, 300, 0.0), type="kinematic")
    world.add_shape(body, Polygon.box(10, 40), (30, 30, 0.0))  # an L: two boxes, one body
    geo = debug.overlay_geometry(world)
    assert len(geo.moving) == 2 * 8 and len(geo.boxes) == 2 * 8  # each box's 4 sides, as segment ends
    assert (340.0, 370.0) in geo.moving  # the post's top right corner: the second shape, placed


def test_the_debug_overlay_shows_shapes_boxes_contacts_and_cells(window):
    world = World()
    world.add(Polygon.box(200, 10), (640, 300, 0.2), type="static")
    world.add(Circle(20), (640, 320, 0), type="kinematic")
    world.add(Circle(20), (900, 600, 0), type="kinematic")
    geo = debug.overlay_geometry(world)
    assert len(geo.static) == 8 and len(geo.moving) > 8 and len(geo.boxes) == 3 * 8
    assert len(geo.normals) == 2  # one contact: the first circle sits on the tilted box
    assert geo.cell > 0 and geo.cells
    window.clear(color=(0, 0, 0))
    before = arcade.get_image().convert("RGB")
    debug.draw_overlay(world, (0, 0, 1280, 720))
    after = arcade.get_image().convert("RGB")
    changed = sum(a != b for a, b in zip(before.getdata(), after.getdata()))
    assert changed > 2000
    assert pixel(after, 900 + 20, 600) != (0, 0, 0)  # the free circle's outline


@pytest.mark.parametrize(
    "kind", ["player", "chaser", "shooter", "brute", "bullet", "enemy_bullet", "health", "ammo"]
)
def test_every_actor_kind_has_a_texture(window, kind):
    assert SpriteMirror().texture(kind).width > 0
