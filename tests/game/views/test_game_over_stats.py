"""The game-over screen tells the run (issue 23, item 6): wave, kills, time survived, accuracy, and the best
of each kept in the score file. Runs go through the real window's views; the file through game.files.storage."""

import json

import arcade

from game.app import App
from game.files import storage
from game.views import bridge
from game.views.game_over import GameOverView
from game.views.play import DEATH_PAUSE
from game.views.results import RunResult

from .helpers import run_steps


def finish(play, window):
    bridge.kill_player(play.sim)
    run_steps(play, round(DEATH_PAUSE * 60) + 5)
    over = window.current_view
    assert isinstance(over, GameOverView)
    over.on_draw()
    return over


def shown(over) -> list[str]:
    return [t.text for t in over.texts]


def test_game_over_shows_the_runs_wave_kills_time_and_accuracy_and_keeps_the_best_of_each(
    window, isolated_storage
):
    app = App(window, seed=2)
    app.audio.volume = 0.0
    play = app.start_level("yard")
    run_steps(play, 600)  # 10 s: the get-ready, then wave 1 coming in
    p = play.sim.player
    for _ in range(4):  # four enemies die to the player's shots: hits and kills counted from the events
        if len(play.sim.enemies):
            play.sim.enemies.health[0] = 1.0
            e = play.sim.enemies
            play.controls.mouse_screen = tuple(play.camera.project((float(e.x[0]), float(e.y[0]))))[:2]
        window.dispatch_event("on_mouse_press", *play.controls.mouse_screen, arcade.MOUSE_BUTTON_LEFT, 0)
        window.dispatch_events()
        run_steps(play, 40)
        window.dispatch_event("on_mouse_release", *play.controls.mouse_screen, arcade.MOUSE_BUTTON_LEFT, 0)
        window.dispatch_events()
    run = play.result()
    assert run.shots > 0 and run.time_ms >= 10_000 and run.wave >= 1 and run.kills == play.kills
    over = finish(play, window)
    text = " | ".join(shown(over))
    assert "Wave | " + str(run.wave) in text and "Kills | " + str(run.kills) in text
    assert "Time survived | " in text and "Accuracy | " in text
    kept = storage.load_scores()["yard"][0]
    assert (kept.wave, kept.kills, kept.shots, kept.hits) == (run.wave, run.kills, run.shots, run.hits)
    assert abs(kept.time_ms - run.time_ms) <= 20 and p.health == 0

    # A second, shorter run: its own figures, and the first run's as the bests.
    over.on_key_press(arcade.key.ENTER, 0)
    again = window.current_view
    run_steps(again, 60)
    second = finish(again, window)
    assert second.best_run.time_ms >= run.time_ms > second.run.time_ms
    rows = shown(second)
    time_row = rows.index("Time survived")
    assert rows[time_row + 2] == f"{run.time_ms // 1000 // 60}:{run.time_ms // 1000 % 60:02d}"


def test_a_score_file_from_before_these_figures_still_reads_with_zeros(isolated_storage):
    isolated_storage.mkdir(parents=True)
    (isolated_storage / storage.SCORES).write_text(
        json.dumps({"yard": [{"score": 500, "kills": 5, "wave": 2}]})
    )
    [entry] = storage.load_scores()["yard"]
    assert (entry.score, entry.kills, entry.wave, entry.time_ms, entry.shots, entry.hits) == (
        500,
        5,
        2,
        0,
        0,
        0,
    )
    assert storage.record_score("yard", 600, kills=7, wave=3, time_ms=65_000, shots=50, hits=20)
    assert storage.load_scores()["yard"][0][-3:] == (65_000, 50, 20)


def test_a_run_with_no_shot_shows_no_accuracy_rather_than_zero(window, isolated_storage):
    over = GameOverView(None, "yard", 0, 0, run=RunResult(1, 0, 5_000, 0, 0), best_run=RunResult())
    row = shown(over).index("Accuracy")
    assert shown(over)[row + 1] == "-"
