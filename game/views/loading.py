"""Play was asked for before the engine is compiled: the loading bar, then the level.

The game's first run compiles the engine in a background process
(``game.headless.warmup``) while the title shows. Pressing Enter before it is done
lands here: the bar keeps filling and naming what compiles, and the level
starts when the engine is ready, waiting for a key or a click (the player
may have looked away). Esc goes back to the title.
"""

from __future__ import annotations

import arcade

from game.render.progress import ProgressBar

BACK = (18, 22, 34)
BAR_W = 760


class LoadingView(arcade.View):
    """Waits for ``app.warmup``, then ``app.start_level(name, seed)``."""

    def __init__(self, app, name: str, seed: int | None = None) -> None:
        super().__init__(background_color=BACK)
        self.app, self.name, self.seed = app, name, seed
        w, h = self.window.width, self.window.height
        center = {"anchor_x": "center", "anchor_y": "center"}
        self.heading = arcade.Text(f"Starting {name}", w / 2, h / 2 + 70, arcade.color.WHITE, 30, **center)
        self.hint = arcade.Text(
            "The first run compiles the engine once; later runs start at once.   Esc: back to the title",
            w / 2,
            40,
            arcade.color.GRAY,
            12,
            **center,
        )
        self.bar = ProgressBar(w / 2 - BAR_W / 2, h / 2 - 20, BAR_W)
        self.bar.update(app.warmup.progress())

    def on_update(self, delta_time: float) -> None:
        warmup = self.app.warmup
        self.bar.update(warmup.progress())
        if warmup.ready and self.window.current_view is self:
            self.app.start_level(self.name, self.seed, wait_for_key=True)

    def frame_key(self):
        """What the screen shows (``game.views.redraw``): the bar's words and percent."""
        return self.bar.shown()

    def on_draw(self) -> None:
        self.clear()
        self.heading.draw()
        self.bar.draw()
        self.hint.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE:
            self.app.show_title()
