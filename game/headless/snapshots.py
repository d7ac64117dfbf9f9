"""``python -m game --snapshots DIR``: a picture of every screen, headless, for a look without playing."""

from __future__ import annotations

from pathlib import Path

import arcade

from game.headless.window import hidden_app, write_screenshot
from game.level import Finding, LevelError
from game.tiled.files import resolve_level
from game.views import bridge

__all__ = ["write_snapshots"]


def write_snapshots(folder: str | Path, level: str | None, seed: int) -> list[Path]:
    """Headless pictures of every screen: title, play, play with F1 overlay, pause, game over.

    The player is driven right and up while holding fire, so the shots have
    bullets, enemies and effects in them; then it is killed to reach game over.
    """
    folder = Path(folder)
    name = resolve_level(level).stem
    # What ``--level`` said, as play takes it: a map given by path is that file, not the shipped level
    # of the same name (``name`` alone would open ``levels/<name>.tmj``).
    asked = name if level is None else level
    app = hidden_app(seed)
    window = app.window
    shots = []

    def shot(view, stem):
        view.on_draw()
        shots.append(write_screenshot(folder / f"{stem}.png"))

    app.show_title()
    shot(window.current_view, "title")
    play = app.start_level(asked)
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
