"""Scripted window sessions: the real game window, headless, driven by a script file's events.

``python -m game --play-script FILE [--level NAME] [--frames N] [--seed S]
[--screenshot PNG] [--record FILE]`` opens the game's own ``Window``
(hidden, muted: ``window.hidden_app``) with the title screen, or in play on
``--level``, and feeds it the events of FILE (the format:
``game.headless.script``).

Events go through ``window.dispatch_event`` (``on_mouse_motion``,
``on_mouse_drag``, ``on_mouse_press``, ``on_mouse_release``,
``on_key_press``, ``on_key_release``), so the view on top of pyglet's event
stack gets them exactly as it gets real input. Each frame then does what
arcade 3.3's loop does in ``Window._dispatch_frame``: tick the clock, run
the fixed updates the fixed clock owes (one per 1/60 s frame), dispatch
``on_update``, then ``Window.draw`` (``on_draw`` and a buffer flip).

The session ends after ``--frames`` frames (default: the last event's
frame + 60, ``script.TAIL_FRAMES``) with one summary line (``RunSummary``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import arcade
import numpy as np
from arcade.clock import GLOBAL_CLOCK, GLOBAL_FIXED_CLOCK

from game import tiled
from game.files.safe_read import FileRefused
from game.headless.replay import player_pose
from game.headless.script import MAX_FRAME, TAIL_FRAMES, ScriptError, ScriptEvent, key_symbol, read_script
from game.headless.summary import RunSummary
from game.headless.window import hidden_app, write_screenshot
from game.level import LevelError
from game.messages import first_line
from game.tiled.files import resolve_level
from game.views import bridge
from game.views.play import PlayView

__all__ = ["Session", "main", "play_script", "view_name"]


def view_name(view) -> str:
    """``title``, ``play``, ``pause`` or ``game_over`` (another view: its class name without ``View``)."""
    if view is None:
        return "none"
    name = type(view).__name__.removesuffix("View")
    words = {"Title": "title", "Play": "play", "Pause": "pause", "GameOver": "game_over"}
    return words.get(name, name.lower())


def _play_of(view):
    """The play view behind the window's view: itself, the paused one, or the one that just ended."""
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
        # arcade's clocks are process-wide: whatever ticked the clock without the fixed clock before this
        # session (a test spacing out sounds by hand, an earlier loop's leftover fraction) is not this
        # session's to replay. Left in, 4 s of it walked a scripted player 530 px too far on frame 0.
        self._backlog = GLOBAL_FIXED_CLOCK.accumulated
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
        key = arcade.key
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
        window = self.window
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
        window = self.window
        GLOBAL_CLOCK.tick(self.rate)
        # The fixed clock owes one tick per frame; the tolerance absorbs the rounding of
        # two running float sums (arcade's own loop can drift a tick between frames).
        while GLOBAL_FIXED_CLOCK.accumulated - self._backlog >= self.rate * (1.0 - 1e-6):
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
