"""Title -> play -> pause -> resume -> game over -> restart / title, driven through the views' handlers."""

import arcade
import pytest

from game import tiled
from game.app import App
from game.views import bridge
from game.views.game_over import GameOverView
from game.views.pause import PauseView
from game.views.play import DEATH_PAUSE, PlayView
from game.views.title import TitleView

from .helpers import kill_player, run_steps


@pytest.fixture
def app(window, isolated_storage):
    app = App(window, seed=3)
    app.audio.volume = 0.0
    return app


def press(view, key):
    view.on_key_press(key, 0)
    view.on_key_release(key, 0)


def test_the_title_lists_every_level_with_its_best_score(app, window):
    app.show_title()
    title = window.current_view
    assert isinstance(title, TitleView)
    assert title.names == [str(getattr(n, "stem", n)) for n in tiled.list_levels()] and title.names
    assert all(best.text.startswith("best ") for _, best in title.rows)


def test_enter_plays_the_selected_level(app, window):
    app.show_title()
    press(window.current_view, arcade.key.DOWN)
    press(window.current_view, arcade.key.UP)
    press(window.current_view, arcade.key.ENTER)
    play = window.current_view
    assert isinstance(play, PlayView) and play.level.name == window.current_view.level.name
    assert play.level.name == TitleView(app).names[0]


def test_pause_freezes_the_simulation_and_resume_continues_the_same_run(app, window):
    play = app.start_level(TitleView(app).names[0])
    run_steps(play, 30)
    steps, where = play.steps, bridge.player_xy(play.sim)
    press(play, arcade.key.ESCAPE)
    pause = window.current_view
    assert isinstance(pause, PauseView) and pause.play is play
    pause.on_draw()
    press(pause, arcade.key.ESCAPE)
    assert window.current_view is play and play.steps == steps and bridge.player_xy(play.sim) == where
    run_steps(play, 5)
    assert play.steps == steps + 5


def test_dying_shows_game_over_with_the_score_and_restart_plays_again(app, window):
    name = TitleView(app).names[0]
    play = app.start_level(name)
    run_steps(play, 10)
    kill_player(play.sim)
    run_steps(play, int(DEATH_PAUSE * 60) + 5)
    over = window.current_view
    assert isinstance(over, GameOverView)
    assert over.score == play.score and over.best == max(play.score, over.best) and over.level_name == name
    over.on_draw()
    press(over, arcade.key.ENTER)
    again = window.current_view
    assert isinstance(again, PlayView) and again is not play and again.steps == 0


def test_game_over_escape_goes_back_to_the_level_list(app, window):
    play = app.start_level(TitleView(app).names[0])
    kill_player(play.sim)
    run_steps(play, int(DEATH_PAUSE * 60) + 5)
    press(window.current_view, arcade.key.ESCAPE)
    assert isinstance(window.current_view, TitleView)


def test_a_level_that_will_not_load_returns_to_the_list_with_one_line(app, window, tmp_path):
    broken = tmp_path / "broken.tmj"
    broken.write_text("{ this is not json")
    assert app.start_level(str(broken)) is None
    title = window.current_view
    assert isinstance(title, TitleView)
    assert "broken.tmj" in title.message.text and "\n" not in title.message.text
