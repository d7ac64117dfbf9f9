"""Script files: input events for the game window, one JSON object a line, checked before any runs.

``python -m game --play-script FILE [--level NAME] [--frames N] [--seed S]
[--screenshot PNG] [--record FILE]`` opens the game's own ``Window``
(hidden) with the title screen, or in play on ``--level``, and feeds it
the events of FILE, one JSON object a line::

    {"frame": 12, "event": "mouse_move", "x": 1200, "y": 650}
    {"frame": 12, "event": "mouse_down", "button": "left"}
    {"frame": 40, "event": "mouse_up", "button": "left"}
    {"frame": 30, "event": "key_down", "key": "W"}
    {"frame": 90, "event": "key_up", "key": "W"}

- ``frame``: the frame (0, 1, …) whose start the event belongs to; frames
  never go back. At most ``MAX_FRAME``.
- ``mouse_move``: ``x, y`` are window pixels, origin bottom-left, as
  arcade reports them (0 <= x < 1280, 0 <= y < 720: ``game.views.screen``'s window size).
  With a button held it is a drag, as pyglet reports it.
- ``mouse_down``/``mouse_up``: ``button`` is ``left``, ``right`` or
  ``middle``; optional ``x, y`` move the mouse there first, else the last
  position (the window's centre before any).
- ``key_down``/``key_up``: ``key`` is an arcade key name (``arcade.key``):
  ``W``, ``SPACE``, ``ESCAPE``, ``ENTER``, ``UP``, ``F1``, ``F5``, …
- Blank lines and lines starting with ``#`` are skipped.
- At most ``MAX_LEVEL_LOADS`` (1,000) ``key_down`` lines of keys that load
  a level (``F5``, ``ENTER``, ``RETURN``, ``R``).

The session that plays a script in the window is ``game.headless.session``;
this module is the file format alone, read without arcade (``game.cli``
checks ``--frames`` against ``MAX_FRAME`` before it sets ``ARCADE_HEADLESS``).
A bad script is one line naming the file, the line and the problem
(``ScriptError``).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import NamedTuple

from engine.collision.limits import shown
from game.files.safe_read import read_bytes
from game.views.screen import HEIGHT, WIDTH

__all__ = [
    "EVENTS",
    "MAX_FRAME",
    "MAX_LEVEL_LOADS",
    "MAX_LINE_CHARS",
    "MAX_SCRIPT_BYTES",
    "MAX_SCRIPT_LINES",
    "TAIL_FRAMES",
    "ScriptError",
    "ScriptEvent",
    "key_symbol",
    "parse_script",
    "read_script",
]

#: A script file bigger than this is refused before it is read.
MAX_SCRIPT_BYTES = 1024 * 1024
#: Lines a script may hold (blank and comment lines count).
MAX_SCRIPT_LINES = 20_000
#: One line is at most this long (a real event line is under 80 characters).
MAX_LINE_CHARS = 512
#: The last frame an event or ``--frames`` may name: 10 minutes of play.
MAX_FRAME = 10 * 60 * 60
#: Frames a session runs after its last event when ``--frames`` is not given.
TAIL_FRAMES = 60
#: Keys that (re)load a level in some view: F5 in play, Enter on the title and game over, R on game over.
LOADING_KEYS = ("F5", "ENTER", "RETURN", "R")
#: ``key_down`` lines of ``LOADING_KEYS`` a script may hold: each may read a level file (0.44 s for the
#: largest level within the limits), as ``game.headless.replay.MAX_LEVEL_LOADS`` bounds a replay's.
MAX_LEVEL_LOADS = 1000

EVENTS = {
    "mouse_move": {"x", "y"},
    "mouse_down": {"button"},
    "mouse_up": {"button"},
    "key_down": {"key"},
    "key_up": {"key"},
}
OPTIONAL = {"mouse_down": {"x", "y"}, "mouse_up": {"x", "y"}}
BUTTONS = ("left", "right", "middle")


class ScriptError(ValueError):
    """A script that is not run: ``str()`` is one line naming the file, the line and the problem.

    >>> str(ScriptError("s.jsonl", 3, "unknown event 'jump'"))
    "s.jsonl:3: unknown event 'jump'"
    """

    def __init__(self, path, line: int | None, problem: str) -> None:
        self.path, self.line, self.problem = str(path), line, problem
        super().__init__(f"{path}:{line}: {problem}" if line else f"{path}: {problem}")


class ScriptEvent(NamedTuple):
    """One checked line of a script (``x, y`` None unless given; ``key`` the arcade name)."""

    line: int
    frame: int
    event: str
    x: float | None = None
    y: float | None = None
    button: str | None = None
    key: str | None = None


def key_symbol(name: str) -> int | None:
    """The arcade key code of a key name, or None when arcade has no key of that name.

    >>> import arcade
    >>> key_symbol("W") == arcade.key.W, key_symbol("MOD_SHIFT"), key_symbol("jump")
    (True, None, None)
    """
    import arcade  # deferred: game.cli reads this module's limits before it sets ARCADE_HEADLESS for arcade

    if not name.isupper() or name.startswith(("MOD_", "MOTION_")):
        return None
    value = getattr(arcade.key, name, None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value) -> bool:
    """A finite int or float (not a bool); an int too large for a float is not a pixel either."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if isinstance(value, int):
        return abs(value) < 2**53
    return math.isfinite(value)


def _event(obj, path, number: int, last_frame: int) -> ScriptEvent:
    if not isinstance(obj, dict):
        raise ScriptError(path, number, "each line must be a JSON object")
    if "frame" not in obj:
        raise ScriptError(path, number, "missing field 'frame'")
    if "event" not in obj:
        raise ScriptError(path, number, "missing field 'event'")
    frame, kind = obj["frame"], obj["event"]
    if not _whole(frame) or not 0 <= frame <= MAX_FRAME:
        raise ScriptError(
            path, number, f"'frame' must be a whole number from 0 to {MAX_FRAME}, not {frame!r}"
        )
    if frame < last_frame:
        raise ScriptError(
            path, number, f"frame {frame} comes after frame {last_frame} (frames never go back)"
        )
    if kind not in EVENTS:
        raise ScriptError(path, number, f"unknown event {kind!r} (known: {', '.join(EVENTS)})")
    needed, allowed = EVENTS[kind], EVENTS[kind] | OPTIONAL.get(kind, set()) | {"frame", "event"}
    missing = sorted(needed - set(obj))
    if missing:
        raise ScriptError(path, number, f"{kind} needs field {missing[0]!r}")
    extra = sorted(set(obj) - allowed)
    if extra:
        raise ScriptError(path, number, f"unknown field {extra[0]!r} for {kind}")
    x, y = obj.get("x"), obj.get("y")
    if ("x" in obj) != ("y" in obj):
        raise ScriptError(path, number, f"{kind} needs both 'x' and 'y'")
    if "x" in obj:
        for name, value, size in (("x", x, WIDTH), ("y", y, HEIGHT)):
            if not _number(value) or not 0 <= value < size:
                raise ScriptError(
                    path, number, f"'{name}' must be a window pixel from 0 to {size - 1}, not {shown(value)}"
                )
    button, key = obj.get("button"), obj.get("key")
    if "button" in obj and button not in BUTTONS:
        raise ScriptError(path, number, f"unknown button {button!r} (known: {', '.join(BUTTONS)})")
    if "key" in obj and (not isinstance(key, str) or len(key) > 32 or key_symbol(key) is None):
        raise ScriptError(
            path, number, f"unknown key name {key!r} (arcade.key names such as W, SPACE, ESCAPE, F5)"
        )
    return ScriptEvent(
        number, frame, kind, None if x is None else float(x), None if y is None else float(y), button, key
    )


def parse_script(data: bytes, path: Path | str = "<script>") -> list[ScriptEvent]:
    """The checked events of a script's bytes; ``ScriptError`` at the first bad line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScriptError(path, None, f"is not UTF-8 text (byte {err.start})") from None
    lines = text.splitlines()
    if len(lines) > MAX_SCRIPT_LINES:
        raise ScriptError(path, MAX_SCRIPT_LINES + 1, f"more than {MAX_SCRIPT_LINES} lines")
    events: list[ScriptEvent] = []
    last = loads = 0
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE_CHARS:
            raise ScriptError(path, number, f"line longer than {MAX_LINE_CHARS} characters")
        raw = raw.strip()
        if not raw or raw.startswith("#"):
            continue
        try:
            obj = json.loads(raw)
        except ValueError as err:
            raise ScriptError(path, number, f"not JSON ({err.msg} at column {err.colno})") from None
        event = _event(obj, path, number, last)
        last = event.frame
        if event.event == "key_down" and event.key in LOADING_KEYS:
            loads += 1
            if loads > MAX_LEVEL_LOADS:
                raise ScriptError(
                    path,
                    number,
                    f"more than {MAX_LEVEL_LOADS:,} presses of keys that load a level ({', '.join(LOADING_KEYS)})",
                )
        events.append(event)
    return events


def read_script(path: Path | str) -> list[ScriptEvent]:
    """Read (at most ``MAX_SCRIPT_BYTES``, regular files only) and check a script file."""
    return parse_script(read_bytes(path, MAX_SCRIPT_BYTES), path)
