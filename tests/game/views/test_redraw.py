"""Screens that do not change are not drawn again (issue 23, item 3), through scripted sessions.

Each session frame calls the window's own ``draw`` as arcade's loop does;
``GameWindow`` counts the frames it drew and the ones it skipped.
"""

import arcade

from game.headless.session import Session
from game.views import bridge

from .test_script_session import key, script


def press(frame, name):
    return [key(frame, name), key(frame + 1, name, down=False)]


def drawn_during(session, frames):
    window = session.window
    before = window.frames_drawn
    session.run(until=session.frame + frames)
    return window.frames_drawn - before


def test_an_idle_title_is_drawn_once_and_again_only_when_the_selection_moves(window, isolated_storage):
    with Session(script(*press(60, "DOWN")), window=window, frames=120) as session:
        assert drawn_during(session, 60) == 1 and window.frames_skipped >= 59
        assert drawn_during(session, 60) == 1  # DOWN moved the highlight: one frame, then idle again


def test_pause_and_game_over_are_drawn_once_while_play_draws_every_frame(window, isolated_storage):
    with Session(script(*press(30, "ESCAPE")), window=window, level="yard", frames=200) as session:
        assert drawn_during(session, 30) == 30
        assert drawn_during(session, 60) == 1  # paused
        session.window.current_view.on_key_press(arcade.key.ESCAPE, 0)
        assert drawn_during(session, 10) == 10  # playing again
        bridge.kill_player(session.play.sim)
        session.run(until=session.frame + 120)  # the death pause, then the game-over screen
        assert type(window.current_view).__name__ == "GameOverView"
        assert drawn_during(session, 60) == 0


def test_the_loading_bar_is_drawn_when_its_words_or_percent_change_not_every_frame(window, isolated_storage):
    from tests.game.headless.test_warmup import running_warmup

    with Session([], window=window, frames=400) as session:
        session.app.warmup = running_warmup()
        session.app.start_level("yard")
        drawn = drawn_during(session, 120)
        assert 1 <= drawn <= 12, drawn  # two seconds: the percent moves a few times at most
        session.app.warmup.feed({"compiling": "engine.world.slide.slide_slots", "depth": 0})
        assert drawn_during(session, 2) >= 1 and session.window.current_view.bar.detail.text.endswith(
            "slide_slots"
        )


def test_a_window_exposed_again_is_redrawn(window, isolated_storage):
    with Session([], window=window, frames=100) as session:
        drawn_during(session, 10)
        window.on_expose()
        assert drawn_during(session, 10) == 1
