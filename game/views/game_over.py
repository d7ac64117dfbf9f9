"""The game-over screen: score, best score; Enter/R plays the level again, Esc goes to the title."""

from __future__ import annotations

import arcade

VEIL = (30, 0, 0, 150)
PANEL = (10, 10, 16, 220)


class GameOverView(arcade.View):
    def __init__(
        self, app, level_name: str, score: int, best: int, *, new_best: bool = False, last_frame=None
    ) -> None:
        super().__init__()
        self.app = app
        self.level_name = level_name
        # A run that scored nothing beats nothing, even on a level never played before.
        new_best = bool(new_best) and int(score) > 0
        self.score, self.best, self.new_best = int(score), int(best), new_best
        self.last_frame = last_frame
        w, h = self.window.width, self.window.height
        center = {"anchor_x": "center", "anchor_y": "center"}
        self.texts = [
            arcade.Text("Game over", w / 2, h / 2 + 90, arcade.color.WHITE, 48, bold=True, **center),
            arcade.Text(f"Score {self.score}", w / 2, h / 2 + 20, arcade.color.WHITE, 24, **center),
            arcade.Text(
                ("New best!  " if new_best else "") + f"Best on {level_name}: {self.best}",
                w / 2,
                h / 2 - 20,
                arcade.color.GOLD if new_best else arcade.color.LIGHT_GRAY,
                18,
                **center,
            ),
            arcade.Text(
                "Enter  play again      Esc  level list",
                w / 2,
                h / 2 - 90,
                arcade.color.LIGHT_GRAY,
                16,
                **center,
            ),
        ]

    def frame_key(self):
        """The last frame and the results never change (``game.views.redraw``): drawn once."""
        return ()

    def on_draw(self) -> None:
        self.clear()
        if self.last_frame is not None:
            self.last_frame.draw_world()
        arcade.draw_lbwh_rectangle_filled(0, 0, self.window.width, self.window.height, VEIL)
        w, h = self.window.width, self.window.height
        arcade.draw_lbwh_rectangle_filled(w / 2 - 300, h / 2 - 130, 600, 270, PANEL)
        for text in self.texts:
            text.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.R, arcade.key.SPACE):
            self.app.start_level(self.level_name)
        elif symbol in (arcade.key.ESCAPE, arcade.key.T):
            self.app.show_title()
