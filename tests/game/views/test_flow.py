"""Title -> play -> pause -> resume -> game over -> restart / title, driven through the views' handlers."""

import arcade
import pytest

from game import tiled
from game.app import App
from game.files import storage
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


def test_the_game_over_screen_comes_after_the_death_pause_and_not_before(app, window):
    play = app.start_level(TitleView(app).names[0])
    kill_player(play.sim)
    run_steps(play, int(DEATH_PAUSE * 60) - 3)
    assert window.current_view is play  # the death puff plays
    run_steps(play, 5)
    assert isinstance(window.current_view, GameOverView)


@pytest.mark.parametrize("key", [arcade.key.A, arcade.key.SPACE])
def test_a_key_in_the_death_pause_brings_the_game_over_screen_at_once(app, window, key):
    """Space too, which fires: a player firing as they die sees the screen (it does not play again)."""
    play = app.start_level(TitleView(app).names[0])
    kill_player(play.sim)
    run_steps(play, 6)  # the death is seen: a tenth of a second into the pause
    assert window.current_view is play and play.over
    press(play, key)
    over = window.current_view
    assert isinstance(over, GameOverView) and over.score == play.score


def test_a_click_in_the_death_pause_brings_the_game_over_screen_at_once(app, window):
    play = app.start_level(TitleView(app).names[0])
    kill_player(play.sim)
    run_steps(play, 6)
    play.on_mouse_press(100, 100, arcade.MOUSE_BUTTON_LEFT, 0)
    assert isinstance(window.current_view, GameOverView)


def test_enter_or_escape_in_the_death_pause_act_as_on_the_game_over_screen(app, window):
    name = TitleView(app).names[0]
    play = app.start_level(name)
    kill_player(play.sim)
    run_steps(play, 6)
    press(play, arcade.key.ENTER)
    again = window.current_view
    assert isinstance(again, PlayView) and again is not play and again.steps == 0
    assert len(storage.load_scores()[name]) == 1  # the run was kept: the game-over screen recorded it
    kill_player(again.sim)
    run_steps(again, 6)
    press(again, arcade.key.ESCAPE)
    assert isinstance(window.current_view, TitleView)


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


def test_play_again_on_a_map_given_by_path_plays_that_map_again(app, window, tmp_path):
    # `python -m game --level some/where/sandbox.tmx`: Enter on the game-over screen looked the map up
    # as levels/sandbox.tmj by its name and fell back to the title with "no level named 'sandbox'".
    from tests.game.tiled import maps

    path = str(maps.write(tmp_path, maps.with_walls(maps.rect(7, 240, 20, 40, 40)), "elsewhere.tmj"))
    play = app.start_level(path)
    run_steps(play, 10)
    kill_player(play.sim)
    run_steps(play, int(DEATH_PAUSE * 60) + 5)
    over = window.current_view
    assert isinstance(over, GameOverView) and over.level_name == "elsewhere"
    press(over, arcade.key.ENTER)
    again = window.current_view
    assert isinstance(again, PlayView) and again is not play and again.level.name == "elsewhere"


def test_a_level_whose_start_is_in_a_wall_plays_from_a_free_spot_with_its_line_on_screen(
    app, window, tmp_path
):
    from tests.game.tiled import maps

    data = maps.with_walls(maps.rect(7, 80, 100, 64, 48, name="crate"), start=(100, 120))
    play = app.start_level(str(maps.write(tmp_path, data, "crated.tmj")))
    assert isinstance(play, PlayView) and play.level.changed
    assert "(start): player start is inside wall 7 (crate); the player starts at" in play.hud.banner.text
    assert bridge.player_xy(play.sim) == (play.level.player_start.x, play.level.player_start.y) != (100, 136)
