"""Tiled's frame to the engine's, in one place.

Tiled: pixels, y down, origin at the map's top-left; an object's
``rotation`` is clockwise degrees about its pivot, which is the top-left
corner for rectangles and ellipses and (x, y) for polygons and polylines;
layer offsets add up through group layers.

Engine (``game.level``): pixels, y up, origin at the map's bottom-left;
angles are counter-clockwise radians.

A point given in an object's local Tiled frame (u, v), y down, relative to
the pivot, lands at ``P + R(φ)·(u, −v)`` with ``P`` the flipped pivot and
``φ = −radians(rotation)``. Checked against Tiled's own renderer in
``tests/game/tiled/test_against_tiled.py``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from engine.collision import Transform


class MapFrame(NamedTuple):
    """Where a layer's objects sit: the map height and the summed layer offsets (Tiled pixels).

    >>> MapFrame(100.0).nested(10, 5).nested(1, 2)
    MapFrame(height=100.0, offset_x=11.0, offset_y=7.0)
    """

    height: float
    offset_x: float = 0.0
    offset_y: float = 0.0

    def nested(self, offset_x: float, offset_y: float) -> MapFrame:
        """The frame of a child layer (group layers pass their offsets down)."""
        return MapFrame(self.height, self.offset_x + float(offset_x), self.offset_y + float(offset_y))


def engine_angle(rotation_deg: float) -> float:
    """Tiled's clockwise degrees as the engine's counter-clockwise radians.

    >>> engine_angle(90.0) == -math.pi / 2
    True
    """
    return -math.radians(rotation_deg)


def tiled_to_world(
    frame: MapFrame, x: float, y: float, rotation: float = 0.0, local: tuple[float, float] = (0.0, 0.0)
) -> Transform:
    """The engine transform of a point given in an object's local Tiled frame.

    ``x, y, rotation`` are the object's Tiled fields; ``local`` is (u, v)
    from its pivot, y down, before rotation. The result's position is that
    point in the world and its angle the object's engine angle, so a shape
    defined around that point (in y-up local coordinates) is placed by it.

    The notes' box at (64, 64), rotated 30°, on a 256 px high map: its
    corner (64, 32) lands at (103.4, 132.3).

    >>> xf = tiled_to_world(MapFrame(256.0), 64, 64, 30, (64, 32))
    >>> round(xf.x, 1), round(xf.y, 1), round(math.degrees(xf.angle), 6)
    (103.4, 132.3, -30.0)
    """
    phi = engine_angle(rotation)
    c, s = math.cos(phi), math.sin(phi)
    px = float(x) + frame.offset_x
    py = frame.height - (float(y) + frame.offset_y)
    u, v = float(local[0]), -float(local[1])
    return Transform(px + c * u - s * v, py + s * u + c * v, phi)
