"""Saved data: best scores and settings, in the user data directory, written atomically.

Files live in ``platformdirs.user_data_dir("gjk-shooter")`` (or in
``$GJK_SHOOTER_HOME`` when set, as the tests do; ``$GJK_SHOOTER_DATA`` is the
older name, still honoured). Every write goes to a
temporary file in the same directory, is flushed and fsynced, then renamed
over the old file, so a crash mid-write leaves the previous file whole. A
file that cannot be read (bad JSON, wrong types) is moved aside to
``<name>.corrupt-<UTC time>``; the loaders start afresh and report it as a
one-line warning (``warnings.warn``), and the game keeps running.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import NamedTuple

import platformdirs

SCORES, SETTINGS = "scores.json", "settings.json"
TOP = 10


class ScoreEntry(NamedTuple):
    """One finished game. ``date`` is UTC, ISO 8601."""

    score: int
    kills: int = 0
    wave: int = 0
    date: str = ""


@dataclass(frozen=True)
class Settings:
    """What the player chose.

    >>> Settings().volume
    0.6
    """

    volume: float = 0.6
    fullscreen: bool = False
    mute: bool = False


def data_dir() -> Path:
    """Where saved data lives: ``$GJK_SHOOTER_HOME``, else ``$GJK_SHOOTER_DATA``, else the user data dir."""
    chosen = os.environ.get("GJK_SHOOTER_HOME") or os.environ.get("GJK_SHOOTER_DATA")
    return Path(chosen or platformdirs.user_data_dir("gjk-shooter"))


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once: old or new, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _read_json(path: Path, check) -> object | None:
    """The file's checked content, or None when there is none; a bad file is moved aside."""
    if not path.exists():
        return None
    try:
        return check(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError) as error:
        aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}")
        os.replace(path, aside)
        warnings.warn(f"{path}: unreadable ({error}); moved aside to {aside.name}, starting afresh", stacklevel=3)
        return None


def _check_scores(raw) -> dict[str, list[ScoreEntry]]:
    if not isinstance(raw, dict):
        raise ValueError("not a table of levels")
    table = {}
    for level, rows in raw.items():
        if not isinstance(rows, list):
            raise ValueError(f"scores of {level!r} are not a list")
        entries = []
        for row in rows:
            entry = ScoreEntry(int(row["score"]), int(row["kills"]), int(row["wave"]), str(row["date"]))
            if not isinstance(row["score"], int):
                raise TypeError(f"score {row['score']!r} of {level!r} is not a whole number")
            entries.append(entry)
        table[str(level)] = entries
    return table


def load_scores() -> dict[str, list[ScoreEntry]]:
    """Best games per level, best first."""
    return _read_json(data_dir() / SCORES, _check_scores) or {}


def best_score(level: str) -> int:
    rows = load_scores().get(level, [])
    return rows[0].score if rows else 0


def record_score(level: str, score: int, kills: int = 0, wave: int = 0) -> bool:
    """Keep a finished game if it makes the top ten; True when it is the new best."""
    table = load_scores()
    rows = table.get(level, [])
    entry = ScoreEntry(int(score), int(kills), int(wave), time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    new_best = not rows or entry.score > rows[0].score
    # Earlier games keep their place on a tie (a stable sort on score alone).
    rows = sorted([*rows, entry], key=lambda e: -e.score)[:TOP]
    table[level] = rows
    write_atomic(data_dir() / SCORES, json.dumps({k: [r._asdict() for r in v] for k, v in table.items()}, indent=1))
    return new_best


def _check_settings(raw) -> Settings:
    if not isinstance(raw, dict):
        raise ValueError("not a table of settings")
    known = Settings()
    values = {}
    for name, value in raw.items():
        if not hasattr(known, name):
            continue  # a setting from a newer version: ignore it
        default = getattr(known, name)
        if type(value) is not type(default) and not (isinstance(default, float) and type(value) is int):
            raise TypeError(f"setting {name!r} should be {type(default).__name__}, not {value!r}")
        values[name] = value
    settings = Settings(**values)
    if not 0.0 <= settings.volume <= 1.0:
        raise ValueError(f"volume {settings.volume} is outside 0..1")
    return settings


def load_settings() -> Settings:
    return _read_json(data_dir() / SETTINGS, _check_settings) or Settings()


def save_settings(settings: Settings) -> None:
    write_atomic(data_dir() / SETTINGS, json.dumps(asdict(settings), indent=1))
