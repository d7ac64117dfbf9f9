"""The screens: title (level list), play, pause, game over; plus input and the bridge to the sim.

Each screen is an ``arcade.View`` on the one window; ``game.app.App`` moves
between them.
"""

__all__ = ["bridge", "controls", "game_over", "pause", "play", "title"]
