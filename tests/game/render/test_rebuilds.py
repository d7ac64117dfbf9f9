"""A frame costs what it draws: in a frame where nothing changed, no ``arcade.Text`` is made or
re-laid-out, no texture or shape list is made, and nothing is drawn in immediate mode (which
uploads its vertices again); a new run uploads no texture the last one already had.

Counted by wrapping the constructors and setters, not timed (speed lives in benchmarks/render.py).
"""

from __future__ import annotations

from collections import Counter

import arcade
import pyglet
import pytest
from arcade.shape_list import ShapeElementList

from engine import World
from engine.collision import Circle, Polygon
from game.app import App
from game.render import debug, hud
from game.render.sprites import Actor, SpriteMirror
from game.views.play import PlayView

IMMEDIATE = ("draw_lbwh_rectangle_filled", "draw_lines", "draw_points", "draw_line", "draw_polygon_filled")


@pytest.fixture
def counts(monkeypatch) -> Counter:
    """How often each watched constructor, setter and immediate draw ran since the fixture began."""
    seen: Counter = Counter()

    def count_init(cls, name):
        original = cls.__init__

        def init(self, *args, **kwargs):
            seen[name] += 1
            original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", init)

    count_init(arcade.Text, "Text")
    count_init(arcade.Texture, "Texture")
    count_init(ShapeElementList, "ShapeElementList")
    count_init(arcade.SpriteList, "SpriteList")

    label_text = pyglet.text.DocumentLabel.text

    def set_label_text(self, value):
        seen["relayout"] += 1  # pyglet lays the label out again on every assignment
        label_text.fset(self, value)

    monkeypatch.setattr(pyglet.text.DocumentLabel, "text", property(label_text.fget, set_label_text))
    for name in IMMEDIATE:
        original = getattr(arcade, name)

        def immediate(*args, _name=name, _original=original, **kwargs):
            seen[_name] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(arcade, name, immediate)
    return seen


def since(counts: Counter, before: Counter) -> dict[str, int]:
    return {k: v for k, v in (counts - before).items() if v}


@pytest.fixture
def play(window, tmp_path, monkeypatch):
    monkeypatch.setenv("GJK_SHOOTER_DATA", str(tmp_path / "data"))
    app = App(window, seed=5)
    app.audio.volume = 0.0
    view = app.start_level("yard")
    for _ in range(30):  # enemies arrive, shots fly: a lived-in frame
        view.on_fixed_update(1 / 60)
        view.on_update(1 / 60)
        view.on_draw()
    return view


def test_a_play_frame_where_nothing_changed_builds_nothing(play, counts):
    play.on_update(0.0)  # no time passes: the same frame again
    play.on_draw()
    before = counts.copy()
    play.on_update(0.0)
    play.on_draw()
    assert since(counts, before) == {}


def test_a_play_frame_after_a_step_lays_out_only_the_labels_whose_words_changed(play, counts):
    before_texts = {k: t.text for k, t in play.hud.texts.items()}
    play.sim.score += 10  # one label's words change
    start = counts.copy()
    play.on_update(0.0)
    play.on_draw()
    changed = [k for k, t in play.hud.texts.items() if t.text != before_texts[k]]
    assert changed == ["score"]
    assert since(counts, start) == {"relayout": 1}


def test_the_health_bar_is_rebuilt_only_when_the_health_changes(window, counts):
    panel = hud.Hud(window.width, window.height)
    state = hud.HudState(80, 100, 12, 1500, 3, "yard", best=2000, enemies=4)
    panel.update(state)
    panel.draw()
    start = counts.copy()
    panel.update(state)
    panel.draw()
    assert since(counts, start) == {}
    panel.update(state._replace(health=60))
    panel.draw()
    assert since(counts, start) == {"ShapeElementList": 1, "relayout": 1}  # the bar and "60/100"


def test_the_debug_overlay_reuses_its_walls_grid_and_cells_while_they_stay(window, counts):
    world = World()
    world.add(Polygon.box(200, 10), (640, 300, 0.2), type="static")
    world.add(Polygon.box(30, 200), (200, 400, 0.0), type="static")
    mover = world.add(Circle(20), (640, 330, 0), type="kinematic")
    world.add(Circle(20), (900, 600, 0), type="kinematic")
    box = (0.0, 0.0, 1280.0, 720.0)
    debug.draw_overlay(world, box)
    start = counts.copy()
    geo = debug.draw_overlay(world, box)
    built = since(counts, start)
    assert "ShapeElementList" not in built, built
    assert len(geo.static) == 16 and geo.cells  # it still draws the walls and the cells
    # A body moving within its cells changes only what is drawn anew each frame.
    world.set_transform(mover, (641, 330, 0))
    start = counts.copy()
    debug.draw_overlay(world, box)
    assert "ShapeElementList" not in since(counts, start)
    # A body moving to other cells rebuilds the tinted cells, and only them.
    world.set_transform(mover, (100, 650, 0))
    start = counts.copy()
    debug.draw_overlay(world, box)
    assert since(counts, start).get("ShapeElementList") == 1


def test_a_new_run_uploads_no_texture_the_last_one_had(play, counts):
    """Floor tiles, particles and the sprites of kinds already seen come from the first run."""
    kinds = {kind for kind, _ in play.actors._by_key}
    start = counts.copy()
    again = PlayView(play.app, play.level, seed=5)
    play.window.show_view(again)
    again.on_update(1 / 60)
    again.on_draw()
    again.effects.sparks(100, 100, 1.0, 0.0)
    again.effects.puff(200, 200, 30.0)
    again.on_draw()
    assert {kind for kind, _ in again.actors._by_key} <= kinds
    assert since(counts, start).get("Texture", 0) == 0


def test_a_sprite_is_retinted_only_when_its_flash_changes(window, monkeypatch):
    tints = Counter()
    color = arcade.Sprite.color

    def set_color(self, value):
        tints["color"] += 1
        color.fset(self, value)

    monkeypatch.setattr(arcade.Sprite, "color", property(color.fget, set_color))
    mirror = SpriteMirror()
    actors = [Actor(1, "player", 100, 200, 0.0, 28), Actor(7, "chaser", 300, 300, 0.0, 24, 0.5)]
    mirror.sync(actors)
    assert tints["color"] == 1  # the flashing chaser; the player starts untinted
    mirror.sync(actors)
    assert tints["color"] == 1
    mirror.sync([actors[0], actors[1]._replace(flash=0.0)])
    assert tints["color"] == 2 and mirror.sprite("chaser", 7).color[:3] == (255, 255, 255)
