"""F9 saves the running game, F10 loads it, holding R rewinds (issue 43): the play view's saves.

A save is ``game.sim.saves.save_game``'s bytes, written whole or not at all
(``game.files.safe_write.write_atomic``, as the scores are) to
``<data folder>/saves/<level>-<key hash>.gjksave``: one a level, a foreign map by path having its
own. Loading reads at most ``MAX_SAVE_BYTES`` and checks everything before the game changes
(``restore_game``): a missing, foreign or damaged save is a banner, and play goes on.

The rewind keeps a ring of the last ``REWIND_TICKS`` ticks' saves (5 s), one taken before each
step; while R is held each fixed update puts the game back one tick instead of stepping.
"""

from __future__ import annotations

import hashlib
import re
from collections import deque
from pathlib import Path

from game.files.safe_read import read_bytes
from game.files.safe_write import write_atomic
from game.files.storage import data_dir
from game.sim.saves import MAX_SAVE_BYTES, restore_game, save_game

#: Ticks the rewind goes back at most: 5 s at 60 Hz.
REWIND_TICKS = 300


def save_path(key: str) -> Path:
    """Where the save of the level scored under ``key`` (``score_key``) lives: a readable name and a
    hash of the key, so two maps of one name (one opened by path) keep their own saves."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", Path(key).stem)[:40] or "level"
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return data_dir() / "saves" / f"{stem}-{digest}.gjksave"


class Saves:
    """A play view's save file and rewind ring."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.ring: deque[bytes] = deque(maxlen=REWIND_TICKS)

    def take(self, sim) -> None:
        """Before a step: this tick into the ring."""
        self.ring.append(save_game(sim))

    def rewind(self, sim) -> bool:
        """One tick back, from the ring; False when it is empty."""
        if not self.ring:
            return False
        restore_game(sim, self.ring.pop())
        return True

    def save(self, sim) -> str:
        """F9: the game to its file; returns what the banner says."""
        path = save_path(self.key)
        try:
            write_atomic(path, save_game(sim))
        except OSError as err:
            return f"Could not save: {err}"
        return f"Saved to {path.name}"

    def load(self, sim) -> tuple[bool, str]:
        """F10: the game from its file, whole or not at all; returns (loaded, what the banner says)."""
        path = save_path(self.key)
        try:
            restore_game(sim, read_bytes(path, MAX_SAVE_BYTES))
        except FileNotFoundError:
            return False, "No saved game for this level yet (F9 saves)"
        except (OSError, ValueError) as err:
            return False, f"Could not load {path.name}: {err}"
        self.ring.clear()  # (the ring's ticks were of the game left behind)
        return True, f"Loaded {path.name}"


__all__ = ["REWIND_TICKS", "Saves", "save_path"]
