"""Player input: keys, mouse and gamepad turned into one ``Inputs`` record per step.

Held keys and buttons are tracked from press/release events (so synthetic
events in tests and real ones behave alike). Aim is a world-space unit
vector from the player: towards the mouse (``camera.unproject``) when a
mouse has been seen, towards the right stick on a gamepad, else along the
last movement. Headless windows have no mouse and no ``ControllerManager``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import arcade

KEYS_X = {arcade.key.A: -1.0, arcade.key.LEFT: -1.0, arcade.key.D: 1.0, arcade.key.RIGHT: 1.0}
KEYS_Y = {arcade.key.S: -1.0, arcade.key.DOWN: -1.0, arcade.key.W: 1.0, arcade.key.UP: 1.0}
FIRE_KEYS = {arcade.key.SPACE}
#: Stick positions closer to centre than this count as released.
DEAD_ZONE = 0.2


class Intent(NamedTuple):
    """What the player wants this step: move and aim as world-space vectors (|move| <= 1, |aim| = 1)."""

    move_x: float
    move_y: float
    aim_x: float
    aim_y: float
    fire: bool


def axis(held: set[int], keys: dict[int, float]) -> float:
    """-1, 0 or 1 from the held keys of one axis (opposite keys cancel).

    >>> axis({arcade.key.A, arcade.key.D}, KEYS_X), axis({arcade.key.W}, KEYS_Y)
    (0.0, 1.0)
    """
    return max(-1.0, min(1.0, sum(v for k, v in keys.items() if k in held)))


def unit(x: float, y: float, fallback: tuple[float, float]) -> tuple[float, float]:
    """(x, y) scaled to length 1, or ``fallback`` for a zero vector.

    >>> unit(3.0, 4.0, (1.0, 0.0)), unit(0.0, 0.0, (1.0, 0.0))
    ((0.6, 0.8), (1.0, 0.0))
    """
    n = math.hypot(x, y)
    return (x / n, y / n) if n > 1e-9 else fallback


def clip_move(x: float, y: float) -> tuple[float, float]:
    """Diagonals are no faster than straight lines.

    >>> [round(v, 4) for v in clip_move(1.0, 1.0)]
    [0.7071, 0.7071]
    """
    n = math.hypot(x, y)
    return (x / n, y / n) if n > 1.0 else (x, y)


class Controls:
    """Collects input events; ``intent`` answers what the player wants now."""

    def __init__(self) -> None:
        self.held: set[int] = set()
        self.mouse_screen: tuple[float, float] | None = None
        self.mouse_down = False
        self.aim = (1.0, 0.0)
        self.controller = None
        manager_class = getattr(arcade, "ControllerManager", None)  # absent in headless arcade
        if manager_class is not None:
            try:
                controllers = arcade.get_controllers()
                if controllers:
                    self.controller = controllers[0]
                    self.controller.open()
            except Exception:  # a broken gamepad driver must not stop the game
                self.controller = None

    def key_down(self, symbol: int) -> None:
        self.held.add(symbol)

    def key_up(self, symbol: int) -> None:
        self.held.discard(symbol)

    def release_all(self) -> None:
        """Forget held keys and buttons (on pause, so nothing sticks when play resumes)."""
        self.held.clear()
        self.mouse_down = False

    def _stick(self, name: str) -> tuple[float, float]:
        stick = getattr(self.controller, name, None)
        if stick is None:
            return 0.0, 0.0
        x, y = float(stick.x), float(stick.y)
        return (x, y) if math.hypot(x, y) > DEAD_ZONE else (0.0, 0.0)

    def intent(self, player_xy: tuple[float, float], camera: arcade.Camera2D | None) -> Intent:
        mx, my = axis(self.held, KEYS_X), axis(self.held, KEYS_Y)
        fire = self.mouse_down or any(k in self.held for k in FIRE_KEYS)
        if self.controller is not None:
            sx, sy = self._stick("leftstick")
            mx, my = (mx + sx, my + sy)
            ax, ay = self._stick("rightstick")
            if ax or ay:
                self.aim = unit(ax, ay, self.aim)
                fire = True  # twin-stick: pushing the right stick shoots that way
        mx, my = clip_move(mx, my)
        stick_aims = self.controller is not None and self._stick("rightstick") != (0.0, 0.0)
        if self.mouse_screen is not None and camera is not None and not stick_aims:
            wx, wy, *_ = camera.unproject(self.mouse_screen)
            self.aim = unit(wx - player_xy[0], wy - player_xy[1], self.aim)
        elif self.controller is None and (mx or my):
            self.aim = unit(mx, my, self.aim)
        return Intent(mx, my, self.aim[0], self.aim[1], bool(fire))
