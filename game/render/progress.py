"""A loading bar with a one-line label: how far the engine warm-up is and what it compiles.

Screen pixels, drawn under whatever camera is active (the title and the
loading view have no world camera). The label is an ``arcade.Text`` made
once; its text is re-laid-out only when the words change, not every frame.
"""

from __future__ import annotations

import arcade

BAR_BACK = (40, 46, 64)
BAR_FRONT = (90, 170, 255)
BAR_DONE = (90, 210, 120)
LABEL = (200, 205, 220)
DETAIL = (150, 160, 185)
ERROR = (255, 110, 110)
#: Height of the bar itself, in pixels (the label sits above it).
BAR_H = 10


class ProgressBar:
    """``update(progress)`` with a ``game.headless.warmup.Progress``, then ``draw()``."""

    def __init__(self, left: float, bottom: float, width: float) -> None:
        self.left, self.bottom, self.width = left, bottom, width
        self.fraction = 0.0
        self.done = False
        above = bottom + BAR_H + 8
        self.label = arcade.Text("", left, above, LABEL, 12, anchor_y="bottom")
        self.percent = arcade.Text("", left + width, above, LABEL, 12, anchor_x="right", anchor_y="bottom")
        self.detail = arcade.Text("", left, bottom - 8, DETAIL, 11, anchor_y="top")

    def update(self, progress) -> None:
        # Whole percents: the bar moves in steps a screen that redraws only on change can follow
        # (``game.views.redraw``), about twice a second during a 50 s warm-up.
        self.fraction = progress.percent / 100.0
        self.done = bool(progress.done)
        for text, words in (
            (self.label, progress.label),
            (self.percent, "" if progress.done else f"{progress.percent}%"),
            (self.detail, getattr(progress, "detail", "")),
        ):
            if text.text != words:  # a new layout only when the words change
                text.text = words
        color = ERROR if progress.error else LABEL
        if self.label.color[:3] != color:
            self.label.color = color

    def shown(self) -> tuple:
        """Everything the bar draws, as one value: equal values draw the same pixels."""
        return (
            self.fraction,
            self.done,
            self.label.text,
            self.percent.text,
            self.detail.text,
            tuple(self.label.color),
        )

    def draw(self) -> None:
        arcade.draw_lbwh_rectangle_filled(self.left, self.bottom, self.width, BAR_H, BAR_BACK)
        front = BAR_DONE if self.done else BAR_FRONT
        arcade.draw_lbwh_rectangle_filled(self.left, self.bottom, self.width * self.fraction, BAR_H, front)
        for text in (self.label, self.percent, self.detail):
            if text.text:
                text.draw()
