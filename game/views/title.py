"""The title screen: the level list with best scores; arrows or the mouse choose, Enter plays.

A level that failed to load comes back here with its one-line finding shown
in red, instead of a crash.
"""

from __future__ import annotations

import time
from pathlib import PurePath
from typing import NamedTuple

import arcade

from game import tiled
from game.render.progress import ProgressBar

BACK = (18, 22, 34)
ROW_H = 40
SELECTED = (70, 110, 200, 200)
ERROR = (255, 110, 110)
LOADING_W = 760
#: Seconds the full bar stays after the engine is ready.
LOADING_LINGER = 2.0
HELP = (
    "WASD / arrows move   ·   mouse aims, click or Space fires   ·   Esc pause   ·   F1 debug"
    "   F2 perf   F5 reload   F9 save   F10 load   hold R rewind"
)


class LevelRow(NamedTuple):
    """One line of the level list: what the file is called, what it is, whether it loads."""

    name: str
    title: str
    problem: str  # the first error finding, "" if the level loads


def level_rows() -> list[LevelRow]:
    """Every level file, read (a few ms each) so a broken one is marked before anyone picks it."""
    rows = []
    for path in tiled.list_levels():
        level, findings = tiled.read_level(path)
        errors = [f for f in findings if f.severity == "error"]
        title = str(level.properties.get("title", path.stem)) if level is not None else path.stem
        rows.append(LevelRow(path.stem, title, str(errors[0]) if errors else ""))
    return rows


def row_of(names: list[str], level: str | None) -> int:
    """The row of ``level`` (a name, or a path to a map: its file name counts), else the first.

    >>> row_of(["bunker", "ruins", "yard"], "levels/ruins.tmj")
    1
    >>> row_of(["bunker", "yard"], "elsewhere")
    0
    """
    if level is None:
        return 0
    stem = PurePath(level).stem if PurePath(level).suffix else level
    return names.index(stem) if stem in names else 0


class TitleView(arcade.View):
    """``selected`` is the level highlighted first: the one last played, when there is one."""

    def __init__(self, app, message: str = "", selected: str | None = None) -> None:
        super().__init__(background_color=BACK)
        self.app = app
        self.levels = level_rows()
        self.names = [row.name for row in self.levels]
        self.selected = row_of(self.names, selected)
        w, h = self.window.width, self.window.height
        center = {"anchor_x": "center", "anchor_y": "center"}
        self.title = arcade.Text("GJK SHOOTER", w / 2, h - 110, arcade.color.WHITE, 54, bold=True, **center)
        self.subtitle = arcade.Text(
            "choose a level:  ↑ ↓  and Enter, or click", w / 2, h - 170, arcade.color.LIGHT_GRAY, 16, **center
        )
        self.rows = []
        top = h - 240
        for i, row in enumerate(self.levels):
            y = top - i * ROW_H
            if row.problem:
                right, colour = "cannot load (Enter for details)", ERROR
            else:
                right, colour = (
                    f"best {app.best_score(row.name) if app is not None else 0}",
                    arcade.color.LIGHT_GRAY,
                )
            self.rows.append(
                (
                    arcade.Text(
                        row.title,  # the level's title alone ("The Bunker"), its file name when it has none
                        w / 2 - 260,
                        y,
                        arcade.color.WHITE,
                        20,
                        anchor_y="center",
                    ),
                    arcade.Text(right, w / 2 + 260, y, colour, 16, anchor_x="right", anchor_y="center"),
                )
            )
        if not self.names and not message:
            message = "No levels found: put Tiled .tmj maps in levels/"
        self.message = arcade.Text(message, w / 2, 90, ERROR, 14, **center)
        self.help = arcade.Text(HELP, w / 2, 40, arcade.color.GRAY, 12, **center)
        self.loading = ProgressBar(w / 2 - LOADING_W / 2, 130, LOADING_W)

    def row_at(self, y: float) -> int | None:
        """The level row under screen height ``y``, if any."""
        top = self.window.height - 240
        i = round((top - y) / ROW_H)
        return i if 0 <= i < len(self.names) and abs(top - i * ROW_H - y) <= ROW_H / 2 else None

    def loading_shown(self) -> bool:
        """The engine warm-up's bar shows while it runs and for ``LOADING_LINGER`` seconds after."""
        warmup = getattr(self.app, "warmup", None)
        return warmup is not None and not (
            warmup.ready and time.monotonic() - warmup.ended_at > LOADING_LINGER
        )

    def on_update(self, delta_time: float) -> None:
        if self.loading_shown():
            self.loading.update(self.app.warmup.progress())

    def frame_key(self):
        """What the screen shows (``game.views.redraw``): it is drawn again only when this changes."""
        return self.selected, self.message.text, self.loading_shown() and self.loading.shown()

    def on_draw(self) -> None:
        self.clear()
        self.title.draw()
        self.subtitle.draw()
        w = self.window.width
        for i, (name, best) in enumerate(self.rows):
            if i == self.selected:
                arcade.draw_lbwh_rectangle_filled(w / 2 - 280, name.y - ROW_H / 2, 560, ROW_H - 4, SELECTED)
            name.draw()
            best.draw()
        if self.message.text:
            self.message.draw()
        self.help.draw()
        self.draw_loading()

    def draw_loading(self) -> None:
        """The engine warm-up's bar, while it runs and for a moment after."""
        if not self.loading_shown():
            return
        self.loading.update(self.app.warmup.progress())
        self.loading.draw()

    def start(self) -> None:
        if self.names:
            self.app.start_level(self.names[self.selected])

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if not self.names:
            return
        if symbol in (arcade.key.UP, arcade.key.W):
            self.selected = (self.selected - 1) % len(self.names)
        elif symbol in (arcade.key.DOWN, arcade.key.S):
            self.selected = (self.selected + 1) % len(self.names)
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.SPACE):
            self.start()

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        row = self.row_at(y)
        if row is not None:
            self.selected = row

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        row = self.row_at(y)
        if row is not None:
            self.selected = row
            self.start()
