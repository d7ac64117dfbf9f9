"""The heads-up display: health bar, ammo, score, wave, level, a message banner, a centre callout, a hurt flash.

Drawn in screen pixels under the GUI camera. A frame costs what changed:
every label is an ``arcade.Text`` made once, in one pyglet batch drawn in one
call, re-laid-out only when its words change; the panel is a shape list
built once, the health bar and the banner's backing are rebuilt only when
the health or the banner's text changes.
"""

from __future__ import annotations

from typing import NamedTuple

import arcade
import pyglet
from arcade.shape_list import ShapeElementList, create_rectangle_filled

PANEL = (12, 14, 20, 190)
HEALTH_BACK = (70, 20, 24)
HEALTH_FRONT = (220, 60, 60)
TEXT = (240, 240, 240)
BANNER_BACK = (150, 30, 30, 230)
#: A banner that informs (a reload with warnings, a pickup explained) rather than alarms.
CALM_BACK = (40, 70, 110, 230)
#: Labels of a low value (ammo, health) turn this colour.
WARN = (255, 170, 60)
#: The screen flashes this colour when the player is hurt (alpha scaled by what is left of the flash).
HURT_FLASH = (255, 40, 40, 70)
#: Seconds a hurt flash lasts: shorter than the simulation's re-flash of touch damage
#: (``Rules.player_hit_flash``), so a player pressed on pulses red rather than staying red.
FLASH_SECONDS = 0.15
#: Behind the centre callout, so it reads over any floor.
CALLOUT_BACK = (12, 14, 20, 170)
#: Ammo at or below this is low (the ammo label warns).
LOW_AMMO = 20
#: Health at or below this share of the maximum is low.
LOW_HEALTH = 0.3
#: Height of the HUD strip at the top of the window, in pixels.
STRIP = 44
#: Where the wave label starts, and room kept for the widest one ("Wave 99  ·  999 left").
WAVE_X = 800
WAVE_ROOM = 215


class HudState(NamedTuple):
    """What the HUD shows, read from the simulation once per frame."""

    health: float
    max_health: float
    ammo: int
    score: int
    wave: int
    level: str
    best: int = 0
    enemies: int = 0


def low_ammo(state: HudState) -> bool:
    """Ammo at or below ``LOW_AMMO``.

    >>> low_ammo(HudState(100, 100, LOW_AMMO, 0, 1, "yard")), low_ammo(HudState(100, 100, LOW_AMMO + 1, 0, 1, "yard"))
    (True, False)
    """
    return state.ammo <= LOW_AMMO


def low_health(state: HudState) -> bool:
    """Health at or below ``LOW_HEALTH`` of the maximum, and not dead."""
    return 0.0 < state.health <= LOW_HEALTH * state.max_health


def labels(state: HudState) -> dict[str, str]:
    """The text of each HUD label.

    >>> labels(HudState(80, 100, 12, 1500, 3, "yard", best=2000, enemies=4))["score"]
    'Score 1500  (best 2000)'
    """
    return {
        "health": f"{max(0, round(state.health))}/{round(state.max_health)}"
        + ("  LOW" if low_health(state) else ""),
        "ammo": f"Ammo {state.ammo}" + ("  LOW" if low_ammo(state) else ""),
        "score": f"Score {state.score}  (best {max(state.best, state.score)})",
        "wave": f"Wave {state.wave}  ·  {state.enemies} left",
        "level": state.level,
    }


def _box(left: float, bottom: float, width: float, height: float, color) -> ShapeElementList:
    shapes: ShapeElementList = ShapeElementList()
    if width > 0 and height > 0:
        shapes.append(create_rectangle_filled(left + width / 2, bottom + height / 2, width, height, color))
    return shapes


class Hud:
    """HUD labels and a banner; ``update`` then ``draw`` each frame."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        y = height - STRIP / 2
        self.batch = pyglet.graphics.Batch()
        opts = {"color": TEXT, "font_size": 14, "anchor_y": "center", "bold": True, "batch": self.batch}
        self.texts = {
            # Room for "30/100  LOW" and "Ammo 20  LOW" before the next label.
            "health": arcade.Text("", 20 + 170, y, **opts),
            "ammo": arcade.Text("", 325, y, **opts),
            "score": arcade.Text("", 525, y, **opts),
            "wave": arcade.Text("", WAVE_X, y, **opts),
            "level": arcade.Text("", width - 20, y, anchor_x="right", **opts),
        }
        self.banner = arcade.Text(
            "", width / 2, height - STRIP - 28, TEXT, 13, anchor_x="center", anchor_y="center"
        )
        self.banner_left = 0.0
        self.banner_calm = False
        center = {"anchor_x": "center", "anchor_y": "center"}
        #: A big line above the middle of the screen (the get-ready count) and a smaller one under it, of
        #: up to two lines hung from a top just under the big line's own box: centred on a point, the
        #: two lines ran up into the big one (seen in the real window). Their backdrop ends 40 px above
        #: the middle, clear of the player the camera keeps there (a tank reaches ~25 px).
        self.callout = arcade.Text("", width / 2, height / 2 + 150, TEXT, 44, bold=True, **center)
        self.callout_hint = arcade.Text(
            "", width / 2, self.callout.y - 40, TEXT, 15, multiline=True, width=900, align="center",
            anchor_x="center", anchor_y="top",
        )  # fmt: skip
        bottom = self.callout_hint.y - 70
        #: The backdrop behind both: (left, bottom, width, height).
        self.callout_box = (width / 2 - 480, bottom, 960, self.callout.y + 40 - bottom)
        self._callout_back = _box(*self.callout_box, CALLOUT_BACK)
        #: Seconds of the hurt flash left.
        self.flash_left = 0.0
        self._health_fraction = 1.0
        self._bar_y = height - STRIP / 2 - 9
        self._panel = _box(0, height - STRIP, width, STRIP, PANEL)
        self._panel.append(create_rectangle_filled(100, self._bar_y + 9, 160, 18, HEALTH_BACK))
        self._bar: tuple[float, ShapeElementList] | None = None  # (fraction drawn, its shape)
        self._banner_back: tuple[str, ShapeElementList] | None = None  # (text backed, its shape)
        self._level_name: str | None = None  # the name given, before any cut

    def update(self, state: HudState, dt: float = 0.0) -> None:
        for key, value in labels(state).items():
            if key == "level":
                self._set_level(value)
                continue
            text = self.texts[key]
            if text.text != value:
                text.text = value
        for key, low in (("ammo", low_ammo(state)), ("health", low_health(state))):
            colour = WARN if low else TEXT
            if tuple(self.texts[key].color[:3]) != colour:
                self.texts[key].color = colour
        self._health_fraction = (
            0.0 if state.max_health <= 0 else max(0.0, min(1.0, state.health / state.max_health))
        )
        self.banner_left = max(0.0, self.banner_left - dt)
        self.flash_left = max(0.0, self.flash_left - dt)

    def _set_level(self, name: str) -> None:
        """The level's name, cut with "…" to end before the wave label: a map opened by path is
        named by its file, and "multiple_layers_with_colliders" ran over "Wave 1  ·  0 left"."""
        if name == self._level_name:
            return
        self._level_name = name
        text = self.texts["level"]
        room = self.width - 20 - (WAVE_X + WAVE_ROOM)
        text.text = name
        if text.content_width <= room:
            return
        short, long = 0, len(name)  # the longest cut that fits: name[:short] + "…" fits
        while short < long:
            middle = (short + long + 1) // 2
            text.text = name[:middle].rstrip() + "…"
            if text.content_width <= room:
                short = middle
            else:
                long = middle - 1
        text.text = name[:short].rstrip() + "…"

    def show_banner(self, message: str, seconds: float = 6.0, calm: bool = False) -> None:
        """A one-line message under the strip: red for a problem (a level finding), ``calm`` blue to inform."""
        self.banner.text = message
        self.banner_left = seconds
        if calm != self.banner_calm:
            self.banner_calm, self._banner_back = calm, None

    def show_callout(self, big: str, hint: str = "") -> None:
        """The centre lines ("" hides them); labels are re-laid-out only when their words change."""
        if self.callout.text != big:
            self.callout.text = big
        if self.callout_hint.text != hint:
            self.callout_hint.text = hint

    def flash(self) -> None:
        """The player was hurt: tint the screen for ``FLASH_SECONDS``."""
        self.flash_left = FLASH_SECONDS

    @property
    def banner_visible(self) -> bool:
        return self.banner_left > 0.0 and bool(self.banner.text)

    def draw(self) -> None:
        if self.flash_left > 0.0:
            r, g, b, a = HURT_FLASH
            alpha = round(a * self.flash_left / FLASH_SECONDS)
            arcade.draw_lbwh_rectangle_filled(0, 0, self.width, self.height, (r, g, b, alpha))
        if self._bar is None or self._bar[0] != self._health_fraction:
            self._bar = (
                self._health_fraction,
                _box(20, self._bar_y, 160 * self._health_fraction, 18, HEALTH_FRONT),
            )
        self._panel.draw()
        self._bar[1].draw()
        self.batch.draw()
        if self.banner_visible:
            if self._banner_back is None or self._banner_back[0] != self.banner.text:
                w = min(self.width - 20, self.banner.content_width + 30)
                colour = CALM_BACK if self.banner_calm else BANNER_BACK
                back = _box((self.width - w) / 2, self.banner.y - 16, w, 32, colour)
                self._banner_back = (self.banner.text, back)
            self._banner_back[1].draw()
            self.banner.draw()
        if self.callout.text:
            self._callout_back.draw()
            self.callout.draw()
            self.callout_hint.draw()
