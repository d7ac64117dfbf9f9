"""The game window's size and title: plain numbers, no arcade.

The window (``game.app.make_window``), the bounds of a scripted session's
mouse positions (``game.headless.script``), the lab's window and the tests'
shared window read them here, so the script checker and the lab's command
line need no arcade to know them.
"""

__all__ = ["HEIGHT", "TITLE", "WIDTH"]

#: The window's size in pixels (arcade's window coordinates: origin bottom-left, y up).
WIDTH, HEIGHT = 1280, 720
#: The window's title.
TITLE = "gjk-shooter"
