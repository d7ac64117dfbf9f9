"""A map opened by path keeps its own best: a foreign ``yard.tmj`` never shares the shipped yard's.

Scores were kept under the level's name (its file name), so any map called ``yard`` opened by path
read and beat the shipped yard's best. Shipped levels keep their names as keys (existing score
files stay valid); any other map is kept under its resolved path (``game.tiled.files.score_key``).
"""

from __future__ import annotations

import pytest

from game.app import App
from game.files import storage
from game.tiled.files import LEVELS_DIR, score_key
from game.views.game_over import GameOverView
from game.views.play import DEATH_PAUSE
from tests.game.tiled import maps

from .helpers import kill_player, run_steps


@pytest.fixture
def app(window, isolated_storage):
    app = App(window, seed=3)
    app.audio.volume = 0.0
    return app


def finish(app, window, level: str, score: int) -> GameOverView:
    """Play ``level`` (a name or a path, as ``--level`` takes it) to game over with ``score`` points."""
    play = app.start_level(level)
    run_steps(play, 5)
    play.sim.score = score
    kill_player(play.sim)
    run_steps(play, int(DEATH_PAUSE * 60) + 5)
    over = window.current_view
    assert isinstance(over, GameOverView)
    return over


def test_a_foreign_yard_opened_by_path_keeps_its_own_best_beside_the_shipped_yards(app, window, tmp_path):
    storage.record_score("yard", 900)  # the shipped yard's best, from earlier games
    foreign = maps.write(tmp_path, maps.with_walls(maps.rect(7, 200, 60, 32, 32)), "yard.tmj")

    over = finish(app, window, str(foreign), 40)
    assert over.level_name == "yard" and over.score == 40
    assert over.best == 40 and over.new_best  # not the shipped yard's 900
    assert storage.best_score("yard") == 900  # the shipped yard's best is untouched
    assert storage.load_scores()[str(foreign.resolve())][0].score == 40

    over = finish(app, window, str(foreign), 30)  # a worse game on the same map: its best stays
    assert over.best == 40 and not over.new_best
    assert storage.best_score("yard") == 900


def test_two_foreign_maps_of_one_name_in_two_folders_keep_two_bests(app, window, tmp_path):
    data = maps.with_walls(maps.rect(7, 200, 60, 32, 32))
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    one, two = maps.write(tmp_path / "a", data, "yard.tmj"), maps.write(tmp_path / "b", data, "yard.tmj")
    assert finish(app, window, str(one), 70).best == 70
    over = finish(app, window, str(two), 20)
    assert over.best == 20 and over.new_best


def test_the_shipped_yard_keeps_its_name_as_its_key_by_name_or_by_path():
    assert score_key("yard", LEVELS_DIR / "yard.tmj") == "yard"
    assert score_key("yard", LEVELS_DIR / ".." / "levels" / "yard.tmj") == "yard"


def test_a_path_too_long_for_a_key_is_kept_under_its_name_and_the_paths_hash(tmp_path):
    deep = tmp_path.joinpath(*["d" * 200] * 6, "yard.tmj")
    key = score_key("yard", deep)
    assert key.startswith("yard (path sha256 ") and len(key) <= storage.MAX_LEVEL_NAME
    assert key != score_key("yard", tmp_path.joinpath(*["e" * 200] * 6, "yard.tmj"))
