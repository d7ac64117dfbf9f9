"""The hidden, muted game every headless run drives, and the picture of its window.

``--demo``, ``--snapshots`` and ``--play-script`` each run the real ``App``
and its views in a window nobody sees (``ARCADE_HEADLESS``: software GL),
with the sounds at volume 0 and, when asked, a ``Recorder``. They differ
only in how they drive it (``demo``, ``snapshots``, ``script``).
"""

from __future__ import annotations

from pathlib import Path

import arcade

from game.app import App, make_window
from game.files.images import save_image
from game.headless.replay import Recorder

__all__ = ["hidden_app", "write_screenshot"]


def hidden_app(seed: int, window: arcade.Window | None = None, record: Path | str | None = None) -> App:
    """The game's ``App`` on ``window`` (a new hidden one when None), muted; with ``record``, its
    ``recorder`` writes the inputs of every tick to that file when the run calls ``finish``."""
    app = App(window if window is not None else make_window(visible=False), seed=seed)
    app.audio.volume = 0.0
    if record is not None:
        app.recorder = Recorder(record)
    return app


def write_screenshot(path: str | Path) -> Path:
    """The window's current frame in the format ``path``'s suffix names, written atomically
    (``game.files.images.save_image``: errors name ``path``, the file gets the usual 0644 less umask)."""
    return save_image(arcade.get_image(), path)
