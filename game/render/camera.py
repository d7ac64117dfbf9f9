"""Where the world camera looks: follow the player smoothly, never show outside the level.

World pixels, y up; the camera position is the world point at the centre
of the window.
"""

from __future__ import annotations

import math

#: Fraction of the gap to the target the camera closes per second (exponential follow).
FOLLOW_RATE = 8.0


def clamp_to_level(
    x: float,
    y: float,
    view: tuple[float, float],
    level: tuple[float, float],
    margins: tuple[float, float] = (0, 0),
):
    """Keep a view of size ``view`` centred on (x, y) inside a level of size ``level``.

    A level narrower than the view is centred instead. ``margins`` (bottom,
    top; px) are bands of the window that something covers (the HUD strip,
    the perf graphs): the camera may look that far past the level's bottom
    and top edges, so nothing of the level stays hidden under them.

    >>> clamp_to_level(10, 900, (800, 600), (2000, 1000))
    (400.0, 700.0)
    >>> clamp_to_level(10, 10, (800, 600), (400, 1000))
    (200.0, 300.0)
    >>> clamp_to_level(10, 900, (800, 600), (2000, 1000), margins=(0, 44))
    (400.0, 744.0)
    """
    bottom, top = float(margins[0]), float(margins[1])
    out = []
    for p, v, low, high in ((x, view[0], 0.0, level[0]), (y, view[1], -bottom, level[1] + top)):
        size = high - low
        out.append(low + size / 2.0 if size <= v else min(max(float(p), low + v / 2.0), high - v / 2.0))
    return out[0], out[1]


def follow(current, target, dt: float, view, level, rate: float = FOLLOW_RATE, margins=(0, 0)):
    """The camera position one ``dt`` later: an exponential ease towards ``target``, clamped.

    Frame-rate independent: two half steps land where one full step does.

    >>> follow((0, 0), (100, 0), 1.0, (10, 10), (1000, 1000), rate=math.log(2))
    (50.0, 5.0)
    """
    k = 1.0 - math.exp(-rate * dt)
    x = current[0] + (target[0] - current[0]) * k
    y = current[1] + (target[1] - current[1]) * k
    return clamp_to_level(x, y, view, level, margins)
