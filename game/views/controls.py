"""Player input: keys, mouse and gamepad turned into the simulation's ``Inputs``, one per step.

Held keys and buttons are tracked from press/release events (so synthetic
events in tests and real ones behave alike).

Aim comes in two kinds that never mix:

- ``AimPoint`` (``game.sim``): a place in the world, which is what the
  simulation takes. The mouse gives one: its window pixel goes through the
  world camera (``camera.unproject``, which knows the scroll and the clamp
  at the level's edges).
- ``AimDirection``: a unit vector, which is what a gamepad's right stick (or
  the last movement, with no mouse) gives.

``Controls.inputs`` is the one place a direction becomes a point (the
player's position plus the direction): the ``Inputs`` it gives hold the
``AimPoint``'s x and y. Headless windows have no mouse until one is
dispatched, and no ``ControllerManager``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import arcade

from game.sim import AimPoint, Inputs

__all__ = [
    "AIM_REACH",
    "DEAD_ZONE",
    "AimDirection",
    "AimPoint",
    "Controls",
    "axis",
    "clip_move",
    "stick",
    "unit",
]

KEYS_X = {arcade.key.A: -1.0, arcade.key.LEFT: -1.0, arcade.key.D: 1.0, arcade.key.RIGHT: 1.0}
KEYS_Y = {arcade.key.S: -1.0, arcade.key.DOWN: -1.0, arcade.key.W: 1.0, arcade.key.UP: 1.0}
FIRE_KEYS = {arcade.key.SPACE}
#: Stick positions closer to centre than this count as released.
DEAD_ZONE = 0.2
#: How far ahead of the player a direction's aim point is put (any length > 0 gives the same heading).
AIM_REACH = 100.0


class AimDirection(NamedTuple):
    """A unit direction to aim along (world, y up): a way to look, never a place.

    >>> AimDirection(0.0, 1.0).point_from((10.0, 20.0))
    AimPoint(x=10.0, y=120.0)
    """

    dx: float
    dy: float

    def point_from(self, player_xy: tuple[float, float], reach: float = AIM_REACH) -> AimPoint:
        """The world point ``reach`` pixels from the player along this direction."""
        return AimPoint(float(player_xy[0] + self.dx * reach), float(player_xy[1] + self.dy * reach))


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


def stick(controller, side: str) -> tuple[float, float]:
    """One analog stick of a pyglet ``Controller`` as (x, y) with y up, (0, 0) inside the dead zone.

    pyglet keeps the axes as ``leftx``/``lefty`` and ``rightx``/``righty``
    with y pointing down (its own ``on_stick_motion`` vector negates y);
    ``leftstick``/``rightstick`` are the sticks' *press buttons* (bools).
    """
    try:
        x, y = float(getattr(controller, f"{side}x")), -float(getattr(controller, f"{side}y"))
    except (AttributeError, TypeError, ValueError):
        return 0.0, 0.0
    if not (math.isfinite(x) and math.isfinite(y)):
        return 0.0, 0.0
    return (x, y) if math.hypot(x, y) > DEAD_ZONE else (0.0, 0.0)


class Controls:
    """Collects input events; ``inputs`` answers what the player wants now."""

    def __init__(self) -> None:
        self.held: set[int] = set()
        #: The mouse's last window pixel (origin bottom-left), None until the mouse is seen.
        self.mouse_screen: tuple[float, float] | None = None
        self.mouse_down = False
        #: A press of the mouse button or a fire key not yet seen by a step: a click shorter than
        #: a frame (pressed and released between two fixed updates) still fires once.
        self.fire_latched = False
        #: Where the player looks when nothing aims: the last stick or movement direction.
        self.facing = AimDirection(1.0, 0.0)
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
        if symbol in FIRE_KEYS:
            self.fire_latched = True

    def press_mouse(self) -> None:
        """A mouse button went down: fire while it is held, and at least once."""
        self.mouse_down = self.fire_latched = True

    def release_mouse(self) -> None:
        self.mouse_down = False

    def key_up(self, symbol: int) -> None:
        self.held.discard(symbol)

    def release_all(self) -> None:
        """Forget held keys and buttons (on pause, so nothing sticks when play resumes)."""
        self.held.clear()
        self.mouse_down = self.fire_latched = False

    def inputs(self, player_xy: tuple[float, float], camera: arcade.Camera2D | None) -> Inputs:
        """The move (world, |move| <= 1), the world point to aim at and the trigger, for the player
        standing at ``player_xy``: what the simulation steps on.

        Called once per fixed step: it consumes a latched press (``fire_latched``).
        Aim, first that applies: the right stick pushed out of its dead zone
        (it also fires, twin-stick style); the mouse, through ``camera``; the
        last stick or movement direction.
        """
        mx, my = axis(self.held, KEYS_X), axis(self.held, KEYS_Y)
        fire = self.mouse_down or self.fire_latched or any(k in self.held for k in FIRE_KEYS)
        self.fire_latched = False  # this step has seen the press
        right = (0.0, 0.0)
        if self.controller is not None:
            sx, sy = stick(self.controller, "left")
            mx, my = mx + sx, my + sy
            right = stick(self.controller, "right")
        mx, my = clip_move(mx, my)
        if right != (0.0, 0.0):
            self.facing = AimDirection(*unit(*right, self.facing))
            fire = True
            aim_at = self.facing.point_from(player_xy)
        elif self.mouse_screen is not None and camera is not None:
            wx, wy, *_ = camera.unproject(self.mouse_screen)
            aim_at = AimPoint(float(wx), float(wy))
        else:
            if mx or my:
                self.facing = AimDirection(*unit(mx, my, self.facing))
            aim_at = self.facing.point_from(player_xy)
        return Inputs(float(mx), float(my), float(aim_at.x), float(aim_at.y), bool(fire))
