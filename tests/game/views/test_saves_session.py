"""F9 saves the running game to the data folder, F10 loads it, holding R rewinds (issue 43), in the
real window driven by scripted events (``game.headless.script``), as a person at the keyboard."""

from __future__ import annotations

import json

import pytest

from game.headless.script import parse_script
from game.headless.session import Session
from game.sim.saves import load_game
from game.views import bridge
from game.views.saving import REWIND_TICKS, save_path


def script(*events):
    return parse_script("\n".join(json.dumps(e) for e in events).encode(), "test-script")


def key(frame, name, down=True):
    return {"frame": frame, "event": "key_down" if down else "key_up", "key": name}


@pytest.fixture
def session_on(window, isolated_storage):
    made = []

    def start(events=(), **kwargs):
        made.append(Session(list(events), window=window, **kwargs))
        return made[-1]

    yield start
    for s in made:
        s.close()


def test_f9_saves_atomically_and_f10_brings_the_game_back_to_that_tick(session_on, isolated_storage):
    events = [
        key(20, "D"),
        key(40, "F9"),
        key(40, "F9", down=False),
        key(90, "D", down=False),
        key(100, "F10"),
    ]
    s = session_on(script(*events), level="yard", frames=110)
    s.run(until=45)
    path = save_path(s.play.score_key)
    assert path.is_file() and path.parent.parent == isolated_storage
    assert not [p for p in path.parent.iterdir() if p.suffix == ".tmp"]  # (written whole, renamed)
    saved = load_game(path.read_bytes(), s.play.level)
    s.run(until=95)
    assert s.play.sim.tick > saved.tick and bridge.player_xy(s.play.sim)[0] > saved.player.x
    s.run()
    assert "Loaded" in s.play.hud.banner.text
    # The game is the saved one, and plays on as the saved one does from there.
    ticks = s.play.sim.tick - saved.tick
    assert 0 <= ticks <= 10
    for _ in range(ticks):
        saved.step(s.play.controls.inputs(bridge.player_xy(saved), s.play.camera))
    assert s.play.sim.state_hash() == saved.state_hash()


def test_f10_with_no_save_says_so_and_play_goes_on(session_on):
    s = session_on(script(key(10, "F10")), level="yard", frames=30)
    s.run()
    assert "No saved game" in s.play.hud.banner.text and s.play.sim.tick >= 15


def test_holding_r_rewinds_tick_by_tick_to_where_the_player_walked_from(session_on):
    events = [key(10, "D"), key(70, "D", down=False), key(80, "R"), key(200, "R", down=False)]
    s = session_on(script(*events), level="yard", frames=210)
    s.run(until=12)
    start_x, start_tick = bridge.player_xy(s.play.sim)[0], s.play.sim.tick
    s.run(until=79)
    walked_x, walked_tick = bridge.player_xy(s.play.sim)[0], s.play.sim.tick
    assert walked_x > start_x + 50
    s.run(until=199)
    assert s.play.sim.tick < start_tick and bridge.player_xy(s.play.sim)[0] < start_x + 1
    assert walked_tick - s.play.sim.tick <= REWIND_TICKS
    s.run()
    assert s.play.sim.tick > 0  # stepping again once R is let go
