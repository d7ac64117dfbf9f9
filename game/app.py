"""The arcade application: one window, the views, the session's services.

``App`` owns the window, the audio and the persistent store, and moves
between views: title -> play -> (pause) -> game over -> play or title. Bad
level data never crashes the game: it becomes one line on the title screen.
"""

from __future__ import annotations

import sys
from pathlib import Path

import arcade
import numpy as np

from game import tiled
from game.audio import Audio
from game.headless.summary import RunSummary
from game.level import Finding, LevelError
from game.views.controls import Controls
from game.views.redraw import GameWindow
from game.views.results import RunResult, best_of

WIDTH, HEIGHT = 1280, 720
TITLE = "gjk-shooter"


def _storage():
    from game.files import storage

    return storage


class App:
    """Shared by every view: the window, sounds, saved scores and settings."""

    def __init__(self, window: arcade.Window, *, seed: int | None = None) -> None:
        self.window = window
        self.settings = _storage().load_settings()
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
        return int(_storage().best_score(level_name))

    def record_score(self, level_name: str, score: int, run: RunResult | None = None) -> bool:
        """Save a finished run's score (and its wave, kills, time and shots); True if it is a new best."""
        if run is None:
            return bool(_storage().record_score(level_name, int(score)))
        return bool(
            _storage().record_score(
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
        return best_of(_storage().load_scores().get(level_name, []))

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
        from game.views.title import TitleView

        self.end_play()
        self.window.show_view(TitleView(self, message=message, selected=self.last_level))

    def start_level(self, name: str, seed: int | None = None, wait_for_key: bool = False):
        """Load a level and show the play view; on bad data go back to the title with one line.

        While the engine is still compiling in the background, the loading
        view shows its bar first and starts the level when it is ready, with
        ``wait_for_key``: the run waits for a key or a click (the player may
        have looked away during a long load).
        """
        from game.views.play import PlayView

        self.last_level = name
        self.end_play()
        if self.warmup is not None and not self.warmup.ready:
            from game.views.loading import LoadingView

            self.window.show_view(LoadingView(self, name, seed))
            return None

        try:
            level = tiled.load_level(resolve_level(name))
        except (LevelError, OSError) as err:
            self.audio.play("error", self.window.time)
            self.show_title(message=str(err))
            return None
        view = PlayView(self, level, seed=self.seed if seed is None else seed, wait_for_key=wait_for_key)
        self.window.show_view(view)
        return view

    def game_over(self, play_view) -> None:
        from game.views.game_over import GameOverView

        play_view.stop_perf()
        score, name = play_view.score, play_view.level.name
        run = play_view.result()
        new_best = self.record_score(name, score, run)
        self.audio.play("game_over", self.window.time)
        self.window.show_view(
            GameOverView(
                self,
                name,
                score,
                self.best_score(name),
                new_best=new_best,
                last_frame=play_view,
                run=run,
                best_run=self.best_run(name),
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


def resolve_level(name: str | None) -> Path:
    """A level name from ``levels/`` or a path to a map file; None means the first level."""
    if name is None:
        names = tiled.list_levels()
        if not names:
            raise LevelError(Finding("error", "levels/", None, "", "no level files found"))
        name = str(getattr(names[0], "stem", names[0]))
    path = Path(name)
    if path.suffix in (".tmj", ".tmx", ".json") or len(path.parts) > 1:
        return path
    return Path(tiled.level_path(name))


def run(level: str | None = None, seed: int = 1, record: str | None = None) -> int:
    """The real game: the title screen, or straight into ``level`` when one is named.

    With ``record``, what the simulation receives each tick is written to
    that file when the window closes (``game.headless.replay``).

    The engine compiles in a background process meanwhile (``game.headless.warmup``),
    naming what it compiles on the title's loading bar and on stderr.
    """
    from game.headless.warmup import Warmup

    if level is not None:
        resolve_level(level)  # a bad name fails here, before a window full of nothing
    window = make_window()
    app = App(window, seed=seed)
    app.warmup = Warmup.start(level=level, echo=sys.stderr)
    app.recorder = _recorder(record)
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


def _recorder(path: str | None):
    if path is None:
        return None
    from game.headless.replay import Recorder

    return Recorder(path)


def run_demo(
    level: str | None, frames: int, seed: int, screenshot: str | None = None, record: str | None = None
) -> RunSummary:
    """A bot plays ``frames`` fixed steps through the real play view, drawing every frame.

    When the bot dies the level restarts (a new run, same seed + deaths) and
    the totals carry on. Raises ``LevelError`` for a bad level. On a fresh
    numba cache each kernel is named on stderr as it compiles. With
    ``record`` the bot's inputs of every tick are written to that file.
    """
    from game.headless.warmup import report_compiles, start_ahead

    with report_compiles() as compiled:
        helper = start_ahead(level)  # a second process compiles the casts meanwhile (cold cache)
        try:
            return _run_demo(level, frames, seed, screenshot, record)
        finally:
            if helper is not None and helper.poll() is None:
                helper.terminate()
            if compiled:
                print(f"gjk-shooter: {len(compiled)} kernels compiled and cached", file=sys.stderr)


def _run_demo(
    level: str | None, frames: int, seed: int, screenshot: str | None, record: str | None = None
) -> RunSummary:
    loaded = tiled.load_level(resolve_level(level))  # a bad level fails before any window opens
    from game.sim import Bot
    from game.views.play import PlayView

    window = make_window(visible=False)
    app = App(window, seed=seed)
    app.audio.volume = 0.0
    app.recorder = _recorder(record)
    kills = deaths = score = 0
    sim_ms: list[float] = []
    view = PlayView(app, loaded, seed=seed, bot=Bot(seed))
    window.show_view(view)
    dt = 1.0 / 60.0
    for _ in range(frames):
        if view.over:
            kills, deaths, score = kills + view.kills, deaths + view.deaths, score + view.score
            sim_ms += view.sim_ms
            view = PlayView(app, loaded, seed=seed + deaths, bot=Bot(seed + deaths))
            window.show_view(view)
        view.on_fixed_update(dt)
        view.on_update(dt)
        view.on_draw()
        window.ctx.finish()  # headless GL keeps every frame's draws queued until waited for (see script.advance)
    kills, deaths, score = kills + view.kills, deaths + view.deaths, score + view.score
    sim_ms += view.sim_ms
    if screenshot:
        write_screenshot(screenshot)
    p50, p99 = (float(np.percentile(sim_ms, q)) for q in (50, 99))
    if app.recorder is not None:
        app.recorder.finish()
    return RunSummary(
        "demo",
        loaded.name,
        frames,
        kills,
        deaths,
        score,
        p50,
        p99,
        state_hash=view.sim.state_hash(),
        screenshot=screenshot,
    )


def write_screenshot(path: str | Path) -> Path:
    """The window's current frame in the format ``path``'s suffix names, written atomically
    (``game.files.images.save_image``: errors name ``path``, the file gets the usual 0644 less umask)."""
    from game.files.images import save_image

    return save_image(arcade.get_image(), path)


def write_snapshots(folder: str | Path, level: str | None, seed: int) -> list[Path]:
    """Headless pictures of every screen: title, play, play with F1 overlay, pause, game over.

    The player is driven right and up while holding fire, so the shots have
    bullets, enemies and effects in them; then it is killed to reach game over.
    """
    from game.views import bridge

    folder = Path(folder)
    name = resolve_level(level).stem
    window = make_window(visible=False)
    app = App(window, seed=seed)
    app.audio.volume = 0.0
    shots = []

    def shot(view, stem):
        view.on_draw()
        shots.append(write_screenshot(folder / f"{stem}.png"))

    app.show_title()
    shot(window.current_view, "title")
    play = app.start_level(name)
    if play is None:
        raise LevelError(Finding("error", name, None, "", window.current_view.message.text))
    for key in (arcade.key.D, arcade.key.W, arcade.key.SPACE):
        play.controls.key_down(key)
    for _ in range(120):
        play.on_fixed_update(1 / 60)
        play.on_update(1 / 60)
    shot(play, "play")
    play.on_key_press(arcade.key.F1, 0)
    shot(play, "play_debug")
    play.on_key_press(arcade.key.F1, 0)
    play.on_key_press(arcade.key.ESCAPE, 0)
    shot(window.current_view, "pause")
    window.current_view.on_key_press(arcade.key.ESCAPE, 0)
    bridge.kill_player(play.sim)
    while window.current_view is play:
        play.on_fixed_update(1 / 60)
        play.on_update(1 / 60)
    shot(window.current_view, "game_over")
    return shots
