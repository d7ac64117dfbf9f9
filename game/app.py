"""The arcade application: one window, the views, the session's services.

``App`` owns the window, the audio and the persistent store, and moves
between views: title -> play -> (pause) -> game over -> play or title. Bad
level data never crashes the game: it becomes one line on the title screen.
"""

from __future__ import annotations

import sys

import arcade

from game import tiled
from game.files import storage
from game.headless.replay import Recorder
from game.headless.warmup import Warmup
from game.level import LevelError
from game.sound.audio import Audio
from game.tiled.files import resolve_level
from game.views.controls import Controls
from game.views.game_over import GameOverView
from game.views.loading import LoadingView
from game.views.play import PlayView
from game.views.redraw import GameWindow
from game.views.results import RunResult, best_of
from game.views.screen import HEIGHT, TITLE, WIDTH
from game.views.title import TitleView


class App:
    """Shared by every view: the window, sounds, saved scores and settings."""

    def __init__(self, window: arcade.Window, *, seed: int | None = None) -> None:
        self.window = window
        self.settings = storage.load_settings()
        self.audio = Audio(volume=float(getattr(self.settings, "volume", 0.5)))
        self.seed = seed
        self.controls = Controls()
        # Below every view on the window's handler stack: wherever the mouse goes, on any screen,
        # the controls know it, so a run aims at a cursor that is already there before it moves.
        window.push_handlers(on_mouse_motion=self._mouse_seen, on_mouse_drag=self._mouse_seen,
                             on_mouse_enter=self._mouse_seen)  # fmt: skip
        #: The background compile of the engine (``game.headless.warmup.Warmup``), when one runs.
        self.warmup = None
        #: The session's ``game.headless.replay.Recorder`` (``--record``); the play view tells it every tick.
        self.recorder = None
        #: The level last asked for (``--level`` or the title's choice): the title highlights it.
        self.last_level: str | None = None

    def _mouse_seen(self, x: float, y: float, *rest) -> None:
        self.controls.mouse_screen = (float(x), float(y))

    # --- scores -----------------------------------------------------------

    def best_score(self, level_name: str) -> int:
        """The best score kept under ``level_name``: a shipped level's name or a ``score_key``."""
        return int(storage.best_score(level_name))

    def record_score(self, level_name: str, score: int, run: RunResult | None = None) -> bool:
        """Save a finished run's score (and its wave, kills, time and shots); True if it is a new best."""
        if run is None:
            return bool(storage.record_score(level_name, int(score)))
        return bool(
            storage.record_score(
                level_name,
                int(score),
                kills=run.kills,
                wave=run.wave,
                time_ms=run.time_ms,
                shots=run.shots,
                hits=run.hits,
            )
        )

    def best_run(self, level_name: str) -> RunResult:
        """The best of each figure over the games kept for ``level_name`` (each may come from another game)."""
        return best_of(storage.load_scores().get(level_name, []))

    # --- moving between views --------------------------------------------

    def end_play(self) -> None:
        """The run on screen (playing, paused or just over) is left: stop what it runs beside the game.

        F2's perf graphs tick on pyglet's clock and arcade's timings are
        process-wide, so a run left with them on would keep them going.
        """
        view = self.window.current_view
        for play in (view, getattr(view, "play", None), getattr(view, "last_frame", None)):
            if hasattr(play, "stop_perf"):
                play.stop_perf()

    def show_title(self, message: str = "") -> None:
        self.end_play()
        self.window.show_view(TitleView(self, message=message, selected=self.last_level))

    def start_level(self, name: str, seed: int | None = None, wait_for_key: bool = False):
        """Load a level and show the play view; on bad data go back to the title with one line.

        While the engine is still compiling in the background, the loading
        view shows its bar first and starts the level when it is ready, with
        ``wait_for_key``: the run waits for a key or a click (the player may
        have looked away during a long load).
        """
        self.last_level = name
        self.end_play()
        if self.warmup is not None and not self.warmup.ready:
            self.window.show_view(LoadingView(self, name, seed))
            return None

        try:
            level = tiled.load_level(resolve_level(name))
        except (LevelError, OSError) as err:
            self.audio.play("error", self.window.time)
            self.show_title(message=str(err))
            return None
        view = PlayView(self, level, seed=self.seed if seed is None else seed, wait_for_key=wait_for_key)
        tiled.say_changes(level)  # a start moved out of a wall: once on stderr, on screen each time
        for finding in level.changed:
            view.hud.show_banner(str(finding), seconds=8.0, calm=False)
        self.window.show_view(view)
        return view

    def game_over(self, play_view) -> None:
        play_view.stop_perf()
        score, name = play_view.score, play_view.level.name
        key = play_view.score_key  # a map opened by path keeps its own best (``tiled.files.score_key``)
        run = play_view.result()
        new_best = self.record_score(key, score, run)
        self.audio.play("game_over", self.window.time)
        self.window.show_view(
            GameOverView(
                self,
                name,
                score,
                self.best_score(key),
                new_best=new_best,
                last_frame=play_view,
                run=run,
                best_run=self.best_run(key),
                level=self.last_level,
            )
        )


def make_window(visible: bool = True, antialiasing: bool | None = None) -> arcade.Window:
    """The game's window (``GameWindow``: an unchanged title, loading, pause or game-over screen is
    not drawn again); a hidden one (demo, snapshots) is not multisampled unless asked.

    Headless, GL is a software renderer, where 4x multisampling made every
    frame about 2.5 times slower (``benchmarks/render.py``).
    """
    aa = visible if antialiasing is None else antialiasing
    return GameWindow(WIDTH, HEIGHT, TITLE, visible=visible, vsync=visible, antialiasing=aa)


def run(level: str | None = None, seed: int = 1, record: str | None = None) -> int:
    """The real game: the title screen, or straight into ``level`` when one is named.

    With ``record``, what the simulation receives each tick is written to
    that file when the window closes (``game.headless.replay``).

    The engine compiles in a background process meanwhile (``game.headless.warmup``),
    naming what it compiles on the title's loading bar and on stderr.
    """
    if level is not None:
        resolve_level(level)  # a bad name fails here, before a window full of nothing
    window = make_window()
    app = App(window, seed=seed)
    app.warmup = Warmup.start(level=level, echo=sys.stderr)
    app.recorder = Recorder(record) if record is not None else None
    try:
        if level is None:
            app.show_title()
        else:
            app.start_level(level)
        arcade.run()
    finally:
        app.warmup.stop()
        if app.recorder is not None:
            app.recorder.finish()
    return 0
