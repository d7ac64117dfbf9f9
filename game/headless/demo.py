"""``python -m game --demo``: a bot plays the real play view, headless, and one summary line says how.

When the bot dies the level restarts (a new run, seed + deaths) and the
totals carry on. On a fresh numba cache each kernel is named on stderr as it
compiles, while a second process compiles the rigid-body step (``warmup.start_ahead``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from game import tiled
from game.headless.summary import RunSummary
from game.headless.warmup import report_compiles, start_ahead
from game.headless.window import hidden_app, write_screenshot
from game.sim import Bot
from game.tiled.files import resolve_level
from game.views.play import PlayView

__all__ = ["run_demo"]


def run_demo(
    level: str | None, frames: int, seed: int, screenshot: str | None = None, record: str | Path | None = None
) -> RunSummary:
    """A bot plays ``frames`` fixed steps through the real play view, drawing every frame.

    Raises ``LevelError`` for a bad level. With ``record`` the bot's inputs
    of every tick are written to that file; with ``screenshot`` the last frame.
    """
    with report_compiles() as compiled:
        helper = start_ahead(level)  # a second process compiles the step meanwhile (cold cache)
        try:
            return _run_demo(level, frames, seed, screenshot, record)
        finally:
            if helper is not None and helper.poll() is None:
                helper.terminate()
            if compiled:
                print(f"gjk-shooter: {len(compiled)} kernels compiled and cached", file=sys.stderr)


def _run_demo(
    level: str | None, frames: int, seed: int, screenshot: str | None, record: str | Path | None = None
) -> RunSummary:
    loaded = tiled.load_level(resolve_level(level))  # a bad level fails before any window opens
    tiled.say_changes(loaded)
    app = hidden_app(seed, record=record)
    window = app.window
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
        window.ctx.finish()  # headless GL keeps every frame's draws queued until waited for (see session.Session.advance)
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
