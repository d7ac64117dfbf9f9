"""Saved data: best scores and settings, in the user data directory, never lost and never fatal.

Where. Files live in ``platformdirs.user_data_dir("gjk-shooter")``, or in
``$GJK_SHOOTER_HOME`` when set, as the tests do (``$GJK_SHOOTER_DATA`` is the
older name, still honoured). ``use_store(folder)`` points this process
somewhere else; ``use_throwaway_store()`` points it at a fresh temporary
folder removed at exit, so demo, snapshot and scripted runs never touch the
player's scores.

Limits (checked before anything is parsed, by ``game.files.safe_read``):

- ``scores.json`` and ``settings.json`` are read only when they are regular
  files of at most ``LIMIT`` bytes (1 MiB); a FIFO, a device (even through a
  symlink), a socket or a folder is never opened for reading;
- their JSON nests at most ``MAX_DEPTH`` (8) levels; the game's own files
  nest 3 (scores) and 1 (settings);
- numbers must be finite; scores, kills and waves are whole numbers (not
  ``true``) of at most ``MAX_COUNT`` (2**53) in size; ``volume`` is 0..1;
  at most ``TOP`` (10) games are kept per level, best first;
- a table that would be bigger than ``LIMIT`` is never refused a new score:
  rows of OTHER levels make room, the lowest placed first (every level's
  tenth game before anyone's ninth, and so on; the oldest first among
  equals), so a level's best is the last row to go. The new score's level
  keeps all its rows;
- the cross-process lock is waited for at most ``LOCK_TIMEOUT`` (10) seconds
  once per record or save (a read that finds a good file never waits; a read
  that finds a bad file while the lock is known to be held does not wait
  again); a ``.tmp`` file is stale after ``STALE_TMP_SECONDS`` (60).

Reading. A file that breaks a limit or cannot be read (bad JSON, wrong
types, not a regular file) is moved aside to a name of its own,
``<name>.corrupt-<UTC time>-<pid>-<n>``, with ONE warning line
(``StorageWarning``) naming the path and the problem, and the game starts
afresh. Rows of a valid table that are out of order are sorted on load. A
good file is read without the lock (files are only ever replaced whole); a
bad one is read again under the lock first, in case a game just replaced it.

Writing. Every write goes to ``<name>.<random>.tmp`` in the same folder, is
flushed and fsynced, then renamed over the old file: a crash mid-write leaves
the previous file whole. Each read-modify-write holds a cross-process lock
(``filelock``, ``<name>.lock`` beside the file), so two games finishing at
once both keep their scores. A stale temporary file, left by a writer that
was killed, is removed under the lock by the next write.

Not written yet. When the folder cannot be written, the lock is not had in
time, or a corrupt file cannot be moved aside, the game plays on: one
warning line for the folder, and the records and settings not yet on disk
are kept as pending. Nothing gives up for the session: every later record
or save tries again (re-reading the file under the lock and adding the
pending rows to what other games wrote meanwhile), and so does the exit,
waiting ``LOCK_TIMEOUT`` once more. Only a folder that stays unwritable to
the end loses the session's scores, with one line on stderr at exit saying
how many. A corrupt file that cannot be moved aside is left in place and
never written over.
"""

from __future__ import annotations

import atexit
import glob
import itertools
import json
import operator
import os
import shutil
import sys
import tempfile
import time
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import NamedTuple

import platformdirs
from filelock import FileLock, Timeout

from game.files import safe_write
from game.files.safe_read import FileRefused, read_json

__all__ = [
    "LIMIT",
    "LOCK_TIMEOUT",
    "MAX_COUNT",
    "MAX_DEPTH",
    "MAX_LEVEL_NAME",
    "SCORES",
    "SETTINGS",
    "STALE_TMP_SECONDS",
    "TOP",
    "ScoreEntry",
    "Settings",
    "StorageWarning",
    "best_score",
    "data_dir",
    "flush_pending",
    "load_scores",
    "load_settings",
    "record_score",
    "save_settings",
    "use_store",
    "use_throwaway_store",
    "write_atomic",
]

SCORES, SETTINGS = "scores.json", "settings.json"
#: Games kept per level.
TOP = 10
#: Bytes a saved file may hold: a top ten is about 1 KB a level, so this is thousands of levels.
LIMIT = 1 << 20
#: JSON nesting a saved file may have; ours nest 3 deep, so a newer version may add a few.
MAX_DEPTH = 8
#: Largest score, kill count or wave: every JSON reader holds integers up to here exactly.
MAX_COUNT = 2**53
#: Characters in a level's name (a file name is at most 255 bytes): ten rows of the longest
#: name fit in ``LIMIT`` many times over, so a new score always fits once other levels make room.
MAX_LEVEL_NAME = 1000
#: Seconds before a ``.tmp`` file counts as left by a killed writer (a live one holds it for milliseconds).
STALE_TMP_SECONDS = 60.0
#: Seconds a record or save waits for another game's lock before keeping its data pending (retried later).
LOCK_TIMEOUT = 10.0


class StorageWarning(UserWarning):
    """One line saying which saved file had what problem and what the game did about it."""


class ScoreEntry(NamedTuple):
    """One finished game. ``date`` is UTC, ISO 8601; ``time_ms`` the milliseconds it lasted;
    ``shots`` fired and ``hits`` on enemies (accuracy). Files without the last three read as 0."""

    score: int
    kills: int = 0
    wave: int = 0
    date: str = ""
    time_ms: int = 0
    shots: int = 0
    hits: int = 0


@dataclass(frozen=True)
class Settings:
    """What the player chose.

    >>> Settings().volume
    0.6
    """

    volume: float = 0.6
    fullscreen: bool = False
    mute: bool = False


# --- where ------------------------------------------------------------------

_chosen_home: Path | None = None


def data_dir() -> Path:
    """Where saved data lives: ``use_store``'s folder, else ``$GJK_SHOOTER_HOME``, else
    ``$GJK_SHOOTER_DATA``, else the user data dir."""
    if _chosen_home is not None:
        return _chosen_home
    chosen = os.environ.get("GJK_SHOOTER_HOME") or os.environ.get("GJK_SHOOTER_DATA")
    return Path(chosen or platformdirs.user_data_dir("gjk-shooter"))


def use_store(folder: str | os.PathLike | None) -> None:
    """Every later load and record in this process uses ``folder``; None goes back to the usual place."""
    global _chosen_home
    _chosen_home = None if folder is None else Path(folder)


def use_throwaway_store() -> Path:
    """Point this process at a fresh temporary folder, removed at exit; return it.

    For demo, snapshot and scripted runs: they play real games, and their
    scores must not land among the player's.
    """
    folder = Path(tempfile.mkdtemp(prefix="gjk-shooter-throwaway-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    use_store(folder)
    return folder


# --- the session's fallbacks ------------------------------------------------

#: Games recorded this session that are not on disk yet (the folder is read-only,
#: the lock was held, or a corrupt file could not be moved aside), per file,
#: oldest first: the next record that can write adds them, and so does the exit.
_pending_scores: dict[Path, list[tuple[str, ScoreEntry]]] = {}
#: Settings saved this session that are not on disk yet, per file.
_pending_settings: dict[Path, Settings] = {}
#: Files whose lock another game held past ``LOCK_TIMEOUT``: a read of a bad
#: file does not wait for it again until a record or save has the lock, so a
#: game over (record, then read the best) waits the timeout once, not twice.
_lock_busy: set[Path] = set()
_warned: set[str] = set()
_aside_count = itertools.count(1)
_exit_flush_registered = False


def _warn(message: str, once: str | None = None) -> None:
    """Emit one ``StorageWarning`` line; with ``once``, only the first time in this session.

    ``warn_explicit`` with a ``<...>`` file name prints the message alone, not
    a line of this module's source under it.
    """
    key = once or message
    if key in _warned:
        return
    _warned.add(key)
    warnings.warn_explicit(StorageWarning(message), StorageWarning, "<gjk-shooter>", 0)


# --- reading ----------------------------------------------------------------


class _Held:
    """The cross-process lock on ``path`` if it can be had within ``LOCK_TIMEOUT``.

    Without it reads still go ahead (a file is only ever replaced whole), but
    nothing is written: ``error`` says why, and the data stays pending.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = FileLock(str(path) + ".lock", timeout=LOCK_TIMEOUT)
        self.error: OSError | None = None

    def __enter__(self) -> _Held:
        try:
            self.lock.acquire()
        except OSError as error:  # a Timeout, or a folder that will not take a lock file (nor the data)
            self.error = error
        if isinstance(self.error, Timeout):
            _lock_busy.add(self.path)
        else:
            _lock_busy.discard(self.path)
        return self

    def __exit__(self, *exc) -> None:
        if self.error is None:
            self.lock.release()


def _aside_name(path: Path) -> Path:
    """A name no other file has: two files moved aside in one second keep both."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    while True:
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{os.getpid()}-{next(_aside_count)}")
        if not os.path.lexists(aside):
            return aside


def _read(path: Path, check):
    """``(content, None)`` for a good file, ``(None, None)`` for none, ``(None, problem)`` for a bad one."""
    try:
        raw = read_json(path, LIMIT, MAX_DEPTH)
    except (FileNotFoundError, NotADirectoryError):
        return None, None  # nothing saved yet (or no folder: writing will say so)
    except FileRefused as error:
        return None, error.problem
    except OSError as error:
        return None, f"cannot be read ({error.strerror or error})"
    except ValueError:  # the only one json lets through: Python parses integers of limited length
        return None, f"holds an integer of more than {sys.get_int_max_str_digits():,} digits"
    try:
        return check(raw), None
    except ValueError as error:
        return None, str(error)


def _load(path: Path, check, fresh, held: _Held):
    """``(content, stuck)``: the file's checked content, or ``fresh`` when there is none.

    A bad file is moved aside when the lock is held (moving aside must not
    race another game replacing the file with a good one), or when the lock
    cannot exist at all (a read-only folder: the rename fails too and says
    so). ``stuck`` is None when the file may be written over, else why not:
    a bad file still in place is never written over.
    """
    content, problem = _read(path, check)
    if problem is None:
        return (fresh if content is None else content), None
    if isinstance(held.error, Timeout):
        return fresh, None  # not moved aside without the lock; nothing is written without it either
    aside = _aside_name(path)
    try:
        os.rename(path, aside)  # a symlink to /dev/zero is renamed itself, never followed
    except OSError as error:
        _warn(
            f"{path}: {problem}; it cannot be moved aside ({error.strerror or error}), "
            "so it is left as it is; this session starts afresh and keeps its data in memory",
            once=f"stuck {path}",
        )
        return fresh, f"{path.name} is bad and cannot be moved aside"
    _warn(f"{path}: {problem}; moved aside to {aside.name}, starting afresh")
    return fresh, None


def _load_quickly(path: Path, check, fresh):
    """``_load`` without waiting for the lock when the file is good (files are replaced whole).

    Only a bad file is read again under the lock before it is moved aside: a
    game may have just replaced it with a good one. While another game is
    known to hold the lock too long, a bad file is not waited for again.
    """
    content, problem = _read(path, check)
    if problem is None:
        return fresh if content is None else content
    if path in _lock_busy:
        return fresh
    with _Held(path) as held:
        return _load(path, check, fresh, held)[0]


# --- writing ----------------------------------------------------------------


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once: old or new, never half (``game.files.safe_write``; the
    temporary file is ``<name>.<random>.tmp``, private, as the stale-file cleaning expects)."""
    safe_write.write_atomic(path, text.encode("utf-8"), mode=0o600, prefix=path.name + ".")


def _remove_stale_temporaries(path: Path) -> None:
    """Remove ``<name>.*.tmp`` files a killed writer left (under the lock: no live writer owns one).

    Only files older than ``STALE_TMP_SECONDS``: a game without the lock (an
    older version) may be writing one right now.
    """
    now = time.time()
    for name in glob.glob(glob.escape(str(path)) + ".*.tmp"):
        try:
            if now - os.lstat(name).st_mtime > STALE_TMP_SECONDS:
                os.unlink(name)
        except OSError:
            pass


def _write(path: Path, text: str, held: _Held, stuck: str | None) -> str | None:
    """Write ``text`` to ``path`` under the lock; None when written, else why it was not (one warning)."""
    if stuck is not None:
        _register_exit_flush()
        return stuck  # its own warning said so when the bad file was found
    try:
        if held.error is not None:
            raise held.error
        if len(text.encode()) > LIMIT:  # a file we could not read back would be lost at the next start
            reason = f"it would be {len(text.encode()):,} bytes; the limit is {LIMIT:,}"
        else:
            _remove_stale_temporaries(path)
            write_atomic(path, text)
            _warned.discard(f"unwritable {path.parent}")  # a later failure is news again
            return None
    except OSError as error:
        reason = (
            f"another game held its lock for {LOCK_TIMEOUT:g} s"
            if isinstance(error, Timeout)
            else error.strerror or str(error)
        )
    _warn(
        f"{path.parent}: cannot save {path.name} there ({reason}); "
        "kept in memory and saved at the next record or at exit",
        once=f"unwritable {path.parent}",
    )
    _register_exit_flush()
    return reason


def _register_exit_flush() -> None:
    """Try the pending writes once more at exit (registered late: it runs before a throwaway
    store's removal, which ``atexit`` registered earlier)."""
    global _exit_flush_registered
    if not _exit_flush_registered:
        _exit_flush_registered = True
        atexit.register(flush_pending)


def flush_pending() -> int:
    """Write every pending record and setting now (waiting ``LOCK_TIMEOUT`` per file at most);
    return how many records are still not on disk. Runs at exit, where a loss is one stderr line."""
    for path in list(_pending_scores):
        _flush_scores(path)
    for path in list(_pending_settings):
        _flush_settings(path)
    left = sum(len(rows) for rows in _pending_scores.values())
    if left or _pending_settings:
        where = ", ".join(sorted({str(p.parent) for p in [*_pending_scores, *_pending_settings]}))
        print(
            f"gjk-shooter: {left} score(s){' and the settings' if _pending_settings else ''} "
            f"could not be saved in {where}",
            file=sys.stderr,
        )
    return left


# --- scores -----------------------------------------------------------------


def _count(value, what: str) -> int:
    if type(value) is not int or not -MAX_COUNT <= value <= MAX_COUNT:
        raise ValueError(f"{what} {_short(value)} is not a whole number within ±2**53")
    return value


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_scores(raw) -> dict[str, list[ScoreEntry]]:
    if not isinstance(raw, dict):
        raise ValueError("is not a table of levels")
    table = {}
    for level, rows in raw.items():
        if not isinstance(rows, list):
            raise ValueError(f"scores of {_short(level)} are not a list")
        entries = []
        for row in rows:
            if not isinstance(row, dict) or "score" not in row:
                raise ValueError(f"a row of {_short(level)} is not a table with a score")
            date = row.get("date", "")
            if not isinstance(date, str):
                raise ValueError(f"date {_short(date)} of {_short(level)} is not text")
            entries.append(
                ScoreEntry(
                    _count(row["score"], f"score of {_short(level)}"),
                    _count(row.get("kills", 0), f"kills of {_short(level)}"),
                    _count(row.get("wave", 0), f"wave of {_short(level)}"),
                    date,
                    *(
                        _count(row.get(name, 0), f"{name} of {_short(level)}")
                        for name in ("time_ms", "shots", "hits")
                    ),
                )
            )
        # Best first whatever order the file had; earlier games keep their place on a tie.
        table[level] = sorted(entries, key=lambda e: -e.score)[:TOP]
    return table


def _scores_text(table: dict[str, list[ScoreEntry]]) -> str:
    return json.dumps({k: [r._asdict() for r in v] for k, v in table.items()}, indent=1)


def _with_rows(table: dict[str, list[ScoreEntry]], rows) -> dict[str, list[ScoreEntry]]:
    """``table`` (copied) with each ``(level, entry)`` of ``rows`` in its place, top ``TOP`` kept.

    Earlier games keep their place on a tie (a stable sort on score alone).
    """
    merged = _copy(table)
    for level, entry in rows:
        merged[level] = sorted([*merged.get(level, []), entry], key=lambda e: -e.score)[:TOP]
    return merged


def _fit(table: dict[str, list[ScoreEntry]], keep: set[str]) -> str:
    """``table``'s text within ``LIMIT``, rows of levels outside ``keep`` dropped to make room.

    The lowest placed rows go first (every level's tenth before anyone's
    ninth), the oldest first among those; a level left without rows goes
    too. ``table`` is changed in place. The text may still be too big when
    ``keep``'s own rows are (a caller writes nothing then).
    """
    text = _scores_text(table)
    excess = len(text.encode()) - LIMIT
    if excess <= 0:
        return text
    nested = len(_scores_text({"": [ScoreEntry(0)]}).encode()) - len(_scores_text({"": []}).encode())
    # A row's bytes in the file: its own text plus the indent its nesting adds (estimated, then checked).
    order = sorted(
        (
            (-rank, row.date, level, row)
            for level, rows in table.items()
            if level not in keep
            for rank, row in enumerate(rows)
        ),
        key=lambda c: c[:2],
    )
    position = 0
    while excess > 0 and position < len(order):
        while excess > 0 and position < len(order):
            _, _, level, row = order[position]
            position += 1
            table[level].remove(row)
            excess -= nested + len(row.date.encode()) + 3 * len(str(row.score))
            if not table[level]:
                del table[level]
                excess -= len(json.dumps(level).encode()) + 8
        text = _scores_text(table)
        excess = len(text.encode()) - LIMIT
    return text


def load_scores() -> dict[str, list[ScoreEntry]]:
    """Best games per level, best first, with this session's pending ones.

    Never raises: a bad file is moved aside with one warning.
    """
    path = data_dir() / SCORES
    return _with_rows(_load_quickly(path, _check_scores, {}), _pending_scores.get(path, []))


def _copy(table: dict[str, list[ScoreEntry]]) -> dict[str, list[ScoreEntry]]:
    return {level: list(rows) for level, rows in table.items()}


def best_score(level: str) -> int:
    """The best score kept for ``level``; 0 when there is none."""
    rows = load_scores().get(level, [])
    return rows[0].score if rows else 0


def _flush_scores(path: Path) -> dict[str, list[ScoreEntry]]:
    """Add the pending rows of ``path`` to the file under the lock; return the table with them.

    The rows stay pending when they cannot be written; one warning says why.
    """
    pending = _pending_scores.get(path, [])
    with _Held(path) as held:
        table, stuck = _load(path, _check_scores, {}, held)
        table = _with_rows(table, pending)
        if pending:
            on_disk = _copy(table)
            text = _fit(on_disk, {level for level, _ in pending})
            if _write(path, text, held, stuck) is None:
                _pending_scores.pop(path, None)
    return table


def record_score(
    level: str, score: int, kills: int = 0, wave: int = 0, time_ms: int = 0, shots: int = 0, hits: int = 0
) -> bool:
    """Keep a finished game if it makes the top ten; True when it is a new best.

    A score of 0 is never a new best: nothing was beaten. The
    read-modify-write holds the lock, so games finishing at once all count.
    Never raises for a bad file or a read-only folder: the game stays
    pending and is written by the next record that can, or at exit.
    """
    if not isinstance(level, str) or len(level) > MAX_LEVEL_NAME:
        shown = f"{len(level):,} characters" if isinstance(level, str) else _short(level)
        raise ValueError(f"level name of {shown}; the limit is {MAX_LEVEL_NAME:,} characters of text")
    # operator.index: numpy integers are welcome, a float score is a bug to hear about.
    entry = ScoreEntry(
        _count(operator.index(score), "score"),
        _count(operator.index(kills), "kills"),
        _count(operator.index(wave), "wave"),
        time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        *(
            _count(operator.index(v), name)
            for v, name in ((time_ms, "time_ms"), (shots, "shots"), (hits, "hits"))
        ),
    )
    path = data_dir() / SCORES
    _pending_scores.setdefault(path, []).append((level, entry))  # first of all: never lost
    table = _flush_scores(path)
    if path not in _pending_scores and path.with_name(SETTINGS) in _pending_settings:
        _flush_settings(path.with_name(SETTINGS))  # the folder takes writes again: settings too
    others = [row for row in table[level] if row is not entry]
    return entry.score > 0 and (not others or entry.score > others[0].score)


# --- settings ---------------------------------------------------------------


def _check_settings(raw) -> Settings:
    if not isinstance(raw, dict):
        raise ValueError("is not a table of settings")
    known = Settings()
    values = {}
    for name, value in raw.items():
        if not hasattr(known, name):
            continue  # a setting from a newer version: ignore it
        default = getattr(known, name)
        if type(value) is not type(default) and not (isinstance(default, float) and type(value) is int):
            raise ValueError(
                f"setting {_short(name)} should be {type(default).__name__}, not {_short(value)}"
            )
        values[name] = value
    settings = Settings(**values)
    if not 0.0 <= settings.volume <= 1.0:
        raise ValueError(f"volume {settings.volume} is outside 0..1")
    return settings


def load_settings() -> Settings:
    """The player's settings, or the defaults. Never raises: a bad file is moved aside with one warning."""
    path = data_dir() / SETTINGS
    if path in _pending_settings:
        return _pending_settings[path]
    return _load_quickly(path, _check_settings, Settings())


def _flush_settings(path: Path) -> None:
    settings = _pending_settings[path]
    with _Held(path) as held:
        _, stuck = _load(path, _check_settings, Settings(), held)
        if _write(path, json.dumps(asdict(settings), indent=1), held, stuck) is None:
            _pending_settings.pop(path, None)


def save_settings(settings: Settings) -> None:
    """Save ``settings``; when the folder cannot take them now, they are saved at the next save or at exit."""
    path = data_dir() / SETTINGS
    _pending_settings[path] = settings
    _flush_settings(path)
    if path not in _pending_settings and path.with_name(SCORES) in _pending_scores:
        _flush_scores(path.with_name(SCORES))  # the folder takes writes again: pending scores too
