"""One hidden window for every render test in tests/game, as arcade's own test suite does.

arcade allows one window per process and a View needs it to exist first, so
the window is made once per session and reset before each test that asks
for it (``window`` fixture): no view, no pending events, default camera,
cleared framebuffer. ``tests/conftest.py`` has already set ARCADE_HEADLESS.
"""

from __future__ import annotations

import pytest

_WINDOW = None


def shared_window():
    global _WINDOW
    if _WINDOW is None:
        from game.views.redraw import GameWindow
        from game.views.screen import HEIGHT, WIDTH

        # The game's own window class (unchanged screens are not drawn again) and size,
        # so sessions and screenshots match what players see.
        _WINDOW = GameWindow(
            WIDTH, HEIGHT, "gjk-shooter tests", visible=False, vsync=False, antialiasing=False
        )
    return _WINDOW


@pytest.fixture
def window():
    import arcade

    win = shared_window()
    win.switch_to()
    win.hide_view()
    win.dispatch_events()
    if win.width != 1280 or win.height != 720:
        win.set_size(1280, 720)
    win.ctx.reset()
    win.default_camera.use()
    win.clear()
    if arcade.timings_enabled():
        arcade.disable_timings()
    yield win
    win.hide_view()
    win.dispatch_events()
