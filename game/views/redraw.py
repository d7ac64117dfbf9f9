"""Screens that do not change are not drawn again: the game's window draws a frame only when needed.

arcade 3.3 draws the current view on every frame of pyglet's clock
(``Window._dispatch_frame`` calls ``Window.draw``: ``on_draw`` and a buffer
flip). Under software OpenGL a full-window redraw of an unchanged title
costs most of a core, which the engine's background warm-up then lacks.

A view that can idle says what it shows with ``frame_key()``: a hashable
value that changes whenever anything it draws changes (the selected row,
the loading bar's words and percent...). ``GameWindow.draw`` skips the frame
(no ``on_draw``, no flip: the last frame stays on screen) while the view and
its key are those of the last frame drawn. A view without ``frame_key``
(play) is drawn every frame; a new view, an exposed or resized window is
always drawn. Updates and input are untouched.
"""

from __future__ import annotations

import arcade

__all__ = ["GameWindow", "frame_key"]

_NOTHING = object()


def frame_key(view):
    """The view's ``frame_key()``, or a fresh object (never equal to the last: draw) for views without one."""
    key_of = getattr(view, "frame_key", None)
    return object() if key_of is None else key_of()


class GameWindow(arcade.Window):
    """arcade's window, drawing a frame only when its view's ``frame_key`` changed.

    ``frames_drawn`` and ``frames_skipped`` count ``draw`` calls (tests and
    measurements read them).
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._drawn = (None, _NOTHING)  # (view, key) of the frame on screen
        self.frames_drawn = self.frames_skipped = 0
        self.push_handlers(on_resize=self._invalidate)

    def _invalidate(self, *args) -> None:
        self._drawn = (None, _NOTHING)

    def invalidate(self) -> None:
        """Draw the next frame whatever the view's key says (the screen's content was lost)."""
        self._invalidate()

    def on_expose(self) -> None:
        # Another window uncovered ours: its pixels must be drawn again.
        self._invalidate()

    def draw(self, dt: float) -> None:
        view = self.current_view
        key = frame_key(view)
        last_view, last_key = self._drawn
        if view is not None and view is last_view and key == last_key:
            self.frames_skipped += 1
            return
        self._drawn = (view, key)
        self.frames_drawn += 1
        super().draw(dt)
