"""Scripted window sessions: the real game window, headless, driven by a file of input events.

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

Events go through ``window.dispatch_event`` (``on_mouse_motion``,
``on_mouse_drag``, ``on_mouse_press``, ``on_mouse_release``,
``on_key_press``, ``on_key_release``), so the view on top of pyglet's event
stack gets them exactly as it gets real input. Each frame then does what
arcade 3.3's loop does in ``Window._dispatch_frame``: tick the clock, run
the fixed updates the fixed clock owes (one per 1/60 s frame), dispatch
``on_update``, then ``Window.draw`` (``on_draw`` and a buffer flip).

The session ends after ``--frames`` frames (default: the last event's
frame + 60) with one summary line (``RunSummary``). A bad script is
one line naming the file, the line and the problem (``ScriptError``).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import NamedTuple

import numpy as np

from engine.collision.limits import shown
from game import tiled
from game.files.safe_read import FileRefused, read_bytes
from game.headless.replay import player_pose
from game.headless.summary import RunSummary
from game.level import LevelError
from game.messages import first_line
from game.tiled.files import resolve_level
from game.views.screen import HEIGHT, WIDTH

__all__ = [
    "EVENTS",
    "MAX_FRAME",
    "MAX_LEVEL_LOADS",
    "MAX_LINE_CHARS",
    "MAX_SCRIPT_BYTES",
    "MAX_SCRIPT_LINES",
    "RunSummary",
    "ScriptError",
    "ScriptEvent",
    "Session",
    "key_symbol",
    "parse_script",
    "play_script",
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


# --- the session ------------------------------------------------------------------


def view_name(view) -> str:
    """``title``, ``play``, ``pause`` or ``game_over`` (another view: its class name without ``View``)."""
    if view is None:
        return "none"
    name = type(view).__name__.removesuffix("View")
    words = {"Title": "title", "Play": "play", "Pause": "pause", "GameOver": "game_over"}
    return words.get(name, name.lower())


def _play_of(view):
    """The play view behind the window's view: itself, the paused one, or the one that just ended."""
    from game.views.play import PlayView  # deferred: views import arcade (see key_symbol)

    if isinstance(view, PlayView):
        return view
    for name in ("play", "last_frame"):
        inner = getattr(view, name, None)
        if isinstance(inner, PlayView):
            return inner
    return None


class Session:
    """A window session driven frame by frame: ``step()`` one frame, ``run()`` to the end.

    ``window`` is the arcade window to drive (a hidden one is made when
    None). ``controller`` replaces the gamepad ``Controls`` would use (tests
    give a fake with pyglet's ``leftx``/``lefty``/``rightx``/``righty``).
    ``record`` names a file the inputs of every tick are recorded to
    (``game.headless.replay``), written when ``finish()`` runs.
    """

    def __init__(
        self,
        events: list[ScriptEvent],
        *,
        level: str | None = None,
        frames: int | None = None,
        seed: int = 1,
        window=None,
        controller=None,
        record: Path | str | None = None,
    ) -> None:
        import arcade  # deferred: see key_symbol

        from game.headless.window import hidden_app  # deferred: it imports arcade

        if frames is None:
            frames = (events[-1].frame if events else 0) + TAIL_FRAMES
        if not 1 <= frames <= MAX_FRAME + TAIL_FRAMES:
            raise ValueError(f"--frames must be from 1 to {MAX_FRAME + TAIL_FRAMES}, not {frames}")
        if level is not None:
            tiled.load_level(resolve_level(level))  # a bad level fails before any frame runs
        self.events, self.frames, self.seed = list(events), int(frames), int(seed)
        self.app = hidden_app(self.seed, window, record)
        self.window = self.app.window
        if controller is not None:
            self.app.controls.controller = controller
        self.recorder = self.app.recorder
        self.frame = 0
        self._next = 0
        self.mouse = (self.window.width / 2, self.window.height / 2)
        self.buttons = 0
        self.held: set[int] = set()
        self.plays: list = []
        self.rate = float(self.window.fixed_delta_time)
        self._arcade = arcade
        # Outside pyglet's event loop a window queues the events it is sent until
        # ``dispatch_events``; the running loop turns the queue off (pyglet.app's
        # EventLoop sets ``Window._enable_event_queue = False``). Do the same for
        # this window while the session runs, so each event reaches the view at once.
        self._queue_setting = self.window.__dict__.get("_enable_event_queue")
        self.window.dispatch_events()
        self.window._enable_event_queue = False
        if level is None:
            self.app.show_title()
        else:
            self.app.start_level(level)
        self._track()

    # --- input ----------------------------------------------------------------

    def _modifiers(self) -> int:
        key = self._arcade.key
        mods = 0
        for mod, keys in (
            (key.MOD_SHIFT, (key.LSHIFT, key.RSHIFT)),
            (key.MOD_CTRL, (key.LCTRL, key.RCTRL)),
            (key.MOD_ALT, (key.LALT, key.RALT)),
        ):
            if any(k in self.held for k in keys):
                mods |= mod
        return mods

    def dispatch(self, event: ScriptEvent) -> None:
        """Hand one event to the window the way pyglet hands it real input."""
        arcade, window = self._arcade, self.window
        if event.event == "mouse_move" or (event.x is not None and (event.x, event.y) != self.mouse):
            x, y = event.x, event.y
            dx, dy = x - self.mouse[0], y - self.mouse[1]
            self.mouse = (x, y)
            if self.buttons:
                window.dispatch_event("on_mouse_drag", x, y, dx, dy, self.buttons, self._modifiers())
            else:
                window.dispatch_event("on_mouse_motion", x, y, dx, dy)
        if event.event in ("mouse_down", "mouse_up"):
            button = {
                "left": arcade.MOUSE_BUTTON_LEFT,
                "right": arcade.MOUSE_BUTTON_RIGHT,
                "middle": arcade.MOUSE_BUTTON_MIDDLE,
            }[event.button]
            x, y = self.mouse
            if event.event == "mouse_down":
                self.buttons |= button
                window.dispatch_event("on_mouse_press", x, y, button, self._modifiers())
            else:
                self.buttons &= ~button
                window.dispatch_event("on_mouse_release", x, y, button, self._modifiers())
        elif event.event in ("key_down", "key_up"):
            symbol = key_symbol(event.key)
            if event.event == "key_down":
                self.held.add(symbol)
                window.dispatch_event("on_key_press", symbol, self._modifiers())
            else:
                self.held.discard(symbol)
                window.dispatch_event("on_key_release", symbol, self._modifiers())

    # --- frames ---------------------------------------------------------------

    def advance(self) -> None:
        """One frame of arcade's loop (``Window._dispatch_frame``), at the fixed rate."""
        from arcade.clock import GLOBAL_CLOCK, GLOBAL_FIXED_CLOCK  # deferred: see key_symbol

        window = self.window
        GLOBAL_CLOCK.tick(self.rate)
        # The fixed clock owes one tick per frame; the tolerance absorbs the rounding of
        # two running float sums (arcade's own loop can drift a tick between frames).
        while GLOBAL_FIXED_CLOCK.accumulated >= self.rate * (1.0 - 1e-6):
            GLOBAL_FIXED_CLOCK.tick(self.rate)
            window.dispatch_event("on_fixed_update", self.rate)
        window.dispatch_event("on_update", self.rate)
        if not window.closed:
            window.draw(self.rate)
            # Wait for the frame as a real swap would: headless (EGL, llvmpipe) nothing else does,
            # and each frame's queued draws kept ~0.27 MB for good (issue 24's "0.24 MB an Esc press").
            window.ctx.finish()

    def _track(self) -> None:
        play = _play_of(self.window.current_view)
        if play is not None and not any(play is p for p in self.plays):
            self.plays.append(play)

    def step(self) -> None:
        """Frame ``self.frame``: its events, then the updates and the draw."""
        while self._next < len(self.events) and self.events[self._next].frame == self.frame:
            self.dispatch(self.events[self._next])
            self._next += 1
            self._track()
        self.advance()
        self._track()
        self.frame += 1

    def run(self, until: int | None = None) -> None:
        """Step to frame ``until`` (exclusive; the session's end by default)."""
        end = self.frames if until is None else min(until, self.frames)
        while self.frame < end:
            self.step()

    @property
    def play(self):
        """The last play view the session saw (None before any level ran)."""
        return self.plays[-1] if self.plays else None

    def summary(self, screenshot: str | None = None) -> RunSummary:
        from game.views import bridge  # deferred: it imports arcade (see key_symbol)

        sim_ms = [ms for p in self.plays for ms in p.sim_ms]
        p50, p99 = (float(np.percentile(sim_ms, q)) for q in (50, 99)) if sim_ms else (0.0, 0.0)
        play = self.play
        return RunSummary(
            "script",
            play.level.name if play is not None else "-",
            self.frame,
            sum(p.kills for p in self.plays),
            sum(p.deaths for p in self.plays),
            sum(p.score for p in self.plays),
            p50,
            p99,
            view_name(self.window.current_view),
            player_pose(play.sim) if play is not None else None,
            play.sim.state_hash() if play is not None else None,
            screenshot,
            bridge.prop_report(play.sim, play.prop_events) if play is not None else None,
        )

    def close(self) -> None:
        """Give the window its event queue back (the session no longer plays the event loop)."""
        if self._queue_setting is None:
            self.window.__dict__.pop("_enable_event_queue", None)
        else:
            self.window._enable_event_queue = self._queue_setting

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def finish(self, screenshot: str | None = None) -> RunSummary:
        """The summary; writes the screenshot (the last frame, drawn again) and the recording."""
        self.close()
        if screenshot:
            from game.headless.window import write_screenshot  # deferred: it imports arcade

            self.window.switch_to()
            self.window.dispatch_event("on_draw")  # the flipped frame is gone; draw the same one again
            write_screenshot(screenshot)
        if self.recorder is not None:
            self.recorder.finish()
        return self.summary(screenshot)


def play_script(
    path: Path | str,
    *,
    level: str | None = None,
    frames: int | None = None,
    seed: int = 1,
    screenshot: str | None = None,
    record: Path | str | None = None,
    window=None,
) -> RunSummary:
    """Run a script file through the game window and return the session's summary."""
    events = read_script(path)
    session = Session(events, level=level, frames=frames, seed=seed, window=window, record=record)
    session.run()
    return session.finish(screenshot)


def main(args) -> int:
    """``python -m game --play-script FILE …`` (called by ``game.cli``): one summary line, exit 0.

    A bad script, level or argument is one line on stderr and exit 2.
    """
    try:
        summary = play_script(
            args.play_script, level=args.level, frames=args.frames, seed=args.seed,
            screenshot=args.screenshot, record=args.record,
        )  # fmt: skip
    except (ScriptError, FileRefused, LevelError, OSError, ValueError) as err:
        print(f"gjk-shooter: {first_line(err)}", file=sys.stderr)
        return 2
    print(summary)
    return 0
