"""The play view draws a real frame: floor, walls where the level says, sprites, HUD; F1 adds the overlay."""

import arcade
import pytest

from game import tiled
from game.app import App
from game.render import hud, walls
from game.render.outline import outline
from game.views import bridge

from .helpers import run_steps


@pytest.fixture
def play(window, isolated_storage):
    app = App(window, seed=5)
    app.audio.volume = 0.0
    name = str(getattr(tiled.list_levels()[0], "stem", tiled.list_levels()[0]))
    view = app.start_level(name)
    run_steps(view, 20)
    return view


def screenshot():
    return arcade.get_image().convert("RGB")


def screen_pixel(image, x, y):
    return image.getpixel((int(x), image.height - 1 - int(y)))


def centre_on_a_wall(play):
    """Point the camera at the middle of the level's biggest wall part; return that part's centroid."""
    best = None
    for wall in play.level.walls:
        for shape, xf in wall.parts:
            pts = outline(shape, xf)
            lo_x, lo_y = min(p[0] for p in pts), min(p[1] for p in pts)
            hi_x, hi_y = max(p[0] for p in pts), max(p[1] for p in pts)
            size = min(hi_x - lo_x, hi_y - lo_y)
            if best is None or size > best[0]:
                best = (size, sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    assert best is not None and best[0] >= 8, "every level has at least one wall thicker than 8 px"
    play.camera.position = best[1:]
    return best[1:]


def test_the_play_view_is_a_full_picture_with_walls_where_the_level_says(play):
    play.on_draw()
    image = screenshot()
    colours = set(image.resize((320, 180)).getdata())
    assert len(colours) > 200
    centre_on_a_wall(play)
    play.on_draw()
    image = screenshot()
    w, h = play.window.width / 2, play.window.height / 2
    patch = [screen_pixel(image, w + dx, h + dy) for dx in (-2, 0, 2) for dy in (-2, 0, 2)]
    assert patch.count(walls.WALL_FILL) >= 5


def test_the_hud_is_drawn_and_shows_the_simulation(play):
    play.on_draw()
    image = screenshot()
    strip = image.crop((0, 0, play.window.width, hud.STRIP))
    assert len(set(strip.getdata())) > 10
    state = bridge.hud_state(play.sim, play.level.name, play.best)
    assert play.hud.texts["score"].text.startswith(f"Score {state.score}")
    assert play.hud.texts["ammo"].text == f"Ammo {state.ammo}"
    assert play.hud.texts["level"].text == play.level.properties.get("title", play.level.name)


def test_f1_overlay_draws_over_the_world_and_f1_again_removes_it(play):
    play.on_draw()
    plain = screenshot()
    play.on_key_press(arcade.key.F1, 0)
    play.on_draw()
    overlay = screenshot()
    changed = sum(a != b for a, b in zip(plain.getdata(), overlay.getdata()))
    assert changed > 5000
    play.on_key_press(arcade.key.F1, 0)
    play.on_draw()
    assert screenshot().tobytes() == plain.tobytes()


def test_f2_shows_performance_graphs_and_hides_them(play):
    play.on_key_press(arcade.key.F2, 0)
    assert play.perf is not None and len(play.perf) == 3 and arcade.timings_enabled()
    play.on_draw()
    play.on_key_press(arcade.key.F2, 0)
    assert play.perf is None and not arcade.timings_enabled()


def test_the_camera_keeps_the_player_on_screen(play):
    run_steps(play, 60)
    x, y = bridge.player_xy(play.sim)
    left, bottom, right, top = play.visible_box()
    assert left <= x <= right and bottom <= y <= top
