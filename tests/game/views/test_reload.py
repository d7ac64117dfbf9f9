"""F5 reloads the level file: an edited wall changes shape in the world, a broken edit keeps the old level."""

import json
import shutil

import arcade
import pytest

from game import tiled
from game.app import App
from game.views import bridge
from game.views.play import PlayView

from .helpers import run_steps


def static_outlines(world):
    """The world's wall shapes, as comparable data."""
    shapes = []
    for body in world.bodies.tolist():
        if world.is_static(body):
            shape, xf = world.shape(body), world.transform(body)
            shapes.append((repr(shape), tuple(round(v, 6) for v in xf)))
    return sorted(shapes)


def first_rectangle(data):
    """The first plain rectangle object (a wall) in a Tiled JSON map, searching group layers too."""
    stack = list(data["layers"])
    while stack:
        layer = stack.pop(0)
        stack.extend(layer.get("layers", []))
        for obj in layer.get("objects", []):
            plain = not any(obj.get(k) for k in ("polygon", "polyline", "ellipse", "point", "gid", "text"))
            if plain and obj.get("width", 0) > 0 and obj.get("height", 0) > 0:
                return obj
    raise AssertionError("the level has no rectangle wall to edit")


@pytest.fixture
def level_copy(tmp_path):
    name = str(getattr(tiled.list_levels()[0], "stem", tiled.list_levels()[0]))
    source = tiled.level_path(name)
    folder = tmp_path / "levels"
    shutil.copytree(source.parent, folder)
    return folder / source.name


@pytest.fixture
def play(window, isolated_storage, level_copy):
    app = App(window, seed=2)
    app.audio.volume = 0.0
    view = app.start_level(str(level_copy))
    assert isinstance(view, PlayView), "the copied level loads"
    run_steps(view, 10)
    return view


def test_f5_swaps_in_an_edited_wall_and_keeps_the_player_where_they_stand(play, level_copy):
    before = static_outlines(play.sim.world)
    where = bridge.player_xy(play.sim)
    data = json.loads(level_copy.read_text())
    wall = first_rectangle(data)
    wall["width"] = wall["width"] + 48
    level_copy.write_text(json.dumps(data))
    play.on_key_press(arcade.key.F5, 0)
    after = static_outlines(play.sim.world)
    assert after != before and len(after) == len(before)
    assert bridge.player_xy(play.sim) == pytest.approx(where)
    assert "Reloaded" in play.hud.banner.text
    run_steps(play, 5, draw=True)  # and the game goes on


def test_a_broken_edit_keeps_the_old_level_and_shows_the_finding(play, level_copy):
    before, level = static_outlines(play.sim.world), play.level
    data = json.loads(level_copy.read_text())
    first_rectangle(data)["width"] = -30  # a wall of negative width
    level_copy.write_text(json.dumps(data))
    play.on_key_press(arcade.key.F5, 0)
    assert play.level is level and static_outlines(play.sim.world) == before
    assert play.hud.banner_visible and level_copy.name in play.hud.banner.text
    assert "\n" not in play.hud.banner.text
    run_steps(play, 5, draw=True)


def test_a_file_that_is_no_longer_json_keeps_the_old_level(play, level_copy):
    level = play.level
    level_copy.write_text("{ half a map")
    play.on_key_press(arcade.key.F5, 0)
    assert play.level is level and level_copy.name in play.hud.banner.text


def test_a_reload_with_only_warnings_says_so_in_a_calm_banner_not_the_error_red(play, level_copy):
    """Issue 23, item 6: "Reloaded bunker.tmj (7 warnings)" was in the red of a failed reload."""
    from game.render import hud

    level, findings = tiled.read_level(level_copy)
    assert level is not None and findings and all(f.severity != "error" for f in findings)
    play.window.dispatch_event("on_key_press", arcade.key.F5, 0)
    play.window.dispatch_events()
    assert play.hud.banner.text == f"Reloaded {level_copy.name} ({len(findings)} warnings)"
    play.on_draw()
    image = arcade.get_image().convert("RGB")
    x, y = play.window.width // 2 - play.hud.banner.content_width // 2 - 8, int(play.hud.banner.y)
    r, g, b = image.getpixel((x, image.height - 1 - y))
    assert b > r + 40 and b > g, (
        r,
        g,
        b,
    )  # CALM_BACK's blue (at its alpha over the level), not BANNER_BACK's red
    assert hud.CALM_BACK[2] > hud.CALM_BACK[0] + 40 and hud.BANNER_BACK[0] > hud.BANNER_BACK[2] + 40
