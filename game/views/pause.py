"""The pause screen: the frozen game under a dim veil; Esc resumes, Q quits to the title."""

from __future__ import annotations

import arcade

VEIL = (0, 0, 0, 170)


class PauseView(arcade.View):
    """Shows the play view as it was and waits; the simulation does not step."""

    def __init__(self, app, play_view) -> None:
        super().__init__()
        self.app = app
        self.play = play_view
        w, h = self.window.width, self.window.height
        self.title = arcade.Text(
            "Paused",
            w / 2,
            h / 2 + 40,
            arcade.color.WHITE,
            44,
            anchor_x="center",
            anchor_y="center",
            bold=True,
        )
        self.hint = arcade.Text(
            "Esc  resume      Q  quit to title",
            w / 2,
            h / 2 - 20,
            arcade.color.LIGHT_GRAY,
            16,
            anchor_x="center",
            anchor_y="center",
        )

    def frame_key(self):
        """The frozen game under a veil never changes (``game.views.redraw``): drawn once."""
        return ()

    def on_draw(self) -> None:
        self.clear()
        self.play.draw_world()
        arcade.draw_lbwh_rectangle_filled(0, 0, self.window.width, self.window.height, VEIL)
        self.title.draw()
        self.hint.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (arcade.key.ESCAPE, arcade.key.P):
            self.window.show_view(self.play)
        elif symbol == arcade.key.Q and self.app is not None:
            self.app.show_title()
