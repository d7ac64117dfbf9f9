"""A finished run's figures for the game-over screen: wave, kills, time survived, accuracy, and the bests.

Plain data: ``RunResult`` is built by the play view from the simulation and
the run's counted shots; ``best_of`` reads the games kept in the score file
(``game.files.storage.ScoreEntry``: ``wave``, ``kills``, ``time_ms``, ``shots``,
``hits``).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["RunResult", "best_of", "clock", "percent"]


class RunResult(NamedTuple):
    """What one run did. ``time_ms``: simulation milliseconds survived; ``shots`` fired, ``hits`` on enemies."""

    wave: int = 0
    kills: int = 0
    time_ms: int = 0
    shots: int = 0
    hits: int = 0

    @property
    def accuracy(self) -> float | None:
        """Hits per shot, 0..1; None before any shot.

        >>> RunResult(shots=8, hits=6).accuracy, RunResult().accuracy
        (0.75, None)
        """
        return self.hits / self.shots if self.shots > 0 else None


def best_of(entries) -> RunResult:
    """The best wave, kills and time over ``entries`` (``ScoreEntry`` rows), and the shots and hits of
    the most accurate one; all 0 with no entries. Each figure may come from a different game.

    >>> from game.files.storage import ScoreEntry
    >>> best_of([ScoreEntry(900, 12, 3, "", 61_000, 40, 10), ScoreEntry(500, 8, 4, "", 50_000, 10, 5)])
    RunResult(wave=4, kills=12, time_ms=61000, shots=10, hits=5)
    """
    entries = list(entries)
    if not entries:
        return RunResult()
    aimed = [e for e in entries if e.shots > 0]
    sharpest = max(aimed, key=lambda e: e.hits / e.shots) if aimed else None
    return RunResult(
        max(e.wave for e in entries),
        max(e.kills for e in entries),
        max(e.time_ms for e in entries),
        sharpest.shots if sharpest else 0,
        sharpest.hits if sharpest else 0,
    )


def clock(ms: int) -> str:
    """Minutes and seconds.

    >>> clock(83_400), clock(5_000)
    ('1:23', '0:05')
    """
    seconds = max(0, int(ms)) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def percent(accuracy: float | None) -> str:
    """A share as a whole percent, "-" for none.

    >>> percent(0.456), percent(None)
    ('46%', '-')
    """
    return "-" if accuracy is None else f"{round(100 * accuracy)}%"
