"""One hidden window for every render test in tests/game, as arcade's own test suite does.

arcade allows one window per process and a View needs it to exist first, so
the window is made once per session and reset before each test that asks
for it (``window`` fixture): no view, no pending events, default camera,
cleared framebuffer. ``tests/conftest.py`` has already set ARCADE_HEADLESS.
``isolated_storage`` keeps a test's scores and settings out of the user's.
"""

from __future__ import annotations

import pytest

from game.views.screen import HEIGHT, WIDTH

_WINDOW = None


def shared_window():
    global _WINDOW
    if _WINDOW is None:
        from game.views.redraw import GameWindow

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
    if (win.width, win.height) != (WIDTH, HEIGHT):
        win.set_size(WIDTH, HEIGHT)
    win.ctx.reset()
    win.default_camera.use()
    win.clear()
    if arcade.timings_enabled():
        arcade.disable_timings()
    yield win
    win.hide_view()
    win.dispatch_events()


@pytest.fixture
def isolated_storage(tmp_path, monkeypatch):
    """Scores and settings go to a temporary folder, never the user's."""
    monkeypatch.setenv("GJK_SHOOTER_DATA", str(tmp_path / "data"))
    return tmp_path / "data"
