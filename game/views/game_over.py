"""The game-over screen: score and best, the run's wave, kills, time and accuracy beside the best of each;
Enter/R plays the level again, Esc goes to the title."""

from __future__ import annotations

import arcade

from .results import RunResult, clock, percent

VEIL = (30, 0, 0, 150)
PANEL = (10, 10, 16, 220)
PANEL_W, PANEL_H = 640, 380
#: A figure that equals or beats the best kept shows in this colour.
BEST = arcade.color.GOLD


def stat_rows(run: RunResult, best: RunResult) -> list[tuple[str, str, str, bool]]:
    """(name, this run, best, this run is the best) for each figure.

    >>> stat_rows(RunResult(3, 12, 83_000, 40, 18), RunResult(5, 12, 90_000, 10, 6))[3]
    ('Accuracy', '45%', '60%', False)
    """
    acc, best_acc = run.accuracy, best.accuracy
    return [
        ("Wave", str(run.wave), str(max(best.wave, run.wave)), run.wave >= best.wave and run.wave > 0),
        ("Kills", str(run.kills), str(max(best.kills, run.kills)), run.kills >= best.kills and run.kills > 0),
        (
            "Time survived",
            clock(run.time_ms),
            clock(max(best.time_ms, run.time_ms)),
            run.time_ms >= best.time_ms > 0,
        ),
        (
            "Accuracy",
            percent(acc),
            percent(max((a for a in (acc, best_acc) if a is not None), default=None)),
            acc is not None and (best_acc is None or acc >= best_acc),
        ),
    ]


class GameOverView(arcade.View):
    def __init__(
        self,
        app,
        level_name: str,
        score: int,
        best: int,
        *,
        new_best: bool = False,
        last_frame=None,
        run: RunResult | None = None,
        best_run: RunResult | None = None,
        level: str | None = None,
    ) -> None:
        super().__init__()
        self.app = app
        self.level_name = level_name
        #: What "play again" hands ``app.start_level``: the name or path the run was started from (a
        #: map passed by path, ``--level maps/sandbox.tmx``, is not in ``levels/`` under its name).
        self.level = level_name if level is None else level
        # A run that scored nothing beats nothing, even on a level never played before.
        new_best = bool(new_best) and int(score) > 0
        self.score, self.best, self.new_best = int(score), int(best), new_best
        self.last_frame = last_frame
        self.run = run or RunResult()
        self.best_run = best_run or self.run
        w, h = self.window.width, self.window.height
        center = {"anchor_x": "center", "anchor_y": "center"}
        top = h / 2 + PANEL_H / 2
        self.texts = [
            arcade.Text("Game over", w / 2, top - 50, arcade.color.WHITE, 44, bold=True, **center),
            arcade.Text(f"Score {self.score}", w / 2, top - 105, arcade.color.WHITE, 24, **center),
            arcade.Text(
                ("New best!  " if new_best else "") + f"Best on {level_name}: {self.best}",
                w / 2,
                top - 140,
                BEST if new_best else arcade.color.LIGHT_GRAY,
                16,
                **center,
            ),
            arcade.Text("this run", w / 2 + 60, top - 180, arcade.color.GRAY, 12, **center),
            arcade.Text("best", w / 2 + 200, top - 180, arcade.color.GRAY, 12, **center),
        ]
        for i, (name, now, best_text, is_best) in enumerate(stat_rows(self.run, self.best_run)):
            y = top - 210 - 30 * i
            self.texts += [
                arcade.Text(name, w / 2 - 240, y, arcade.color.LIGHT_GRAY, 16, anchor_y="center"),
                arcade.Text(now, w / 2 + 60, y, BEST if is_best else arcade.color.WHITE, 16, **center),
                arcade.Text(best_text, w / 2 + 200, y, arcade.color.LIGHT_GRAY, 16, **center),
            ]
        self.texts.append(
            arcade.Text(
                "Enter  play again      Esc  level list",
                w / 2,
                top - PANEL_H + 30,
                arcade.color.LIGHT_GRAY,
                16,
                **center,
            )
        )

    def frame_key(self):
        """The last frame and the results never change (``game.views.redraw``): drawn once."""
        return ()

    def on_draw(self) -> None:
        self.clear()
        if self.last_frame is not None:
            self.last_frame.draw_world()
        arcade.draw_lbwh_rectangle_filled(0, 0, self.window.width, self.window.height, VEIL)
        w, h = self.window.width, self.window.height
        arcade.draw_lbwh_rectangle_filled(w / 2 - PANEL_W / 2, h / 2 - PANEL_H / 2, PANEL_W, PANEL_H, PANEL)
        for text in self.texts:
            text.draw()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.R, arcade.key.SPACE):
            self.app.start_level(self.level)
        elif symbol in (arcade.key.ESCAPE, arcade.key.T):
            self.app.show_title()
