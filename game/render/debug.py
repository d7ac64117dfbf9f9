"""F1 debug overlay: what the engine sees, drawn over the world.

- hitboxes: every body's engine shape (walls cyan, moving bodies green, sensors yellow);
- AABBs: the boxes the broad phase sorts (magenta);
- contacts: from ``world.contacts()``, a dot at each deepest point and a line
  along the normal (first body → second), as long as the depth (at least 10 px);
- broad-phase cells: the uniform grid the moving bodies are hashed into,
  lines over the visible area with occupied cells tinted.

Everything is read from the ``World`` each frame (never from the sprites) and
drawn as a handful of batched ``draw_lines`` calls, under the world camera.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import arcade
import numpy as np

from engine.collision import aabb

from .outline import as_segments, outline

STATIC_COLOR = (60, 220, 255)
MOVING_COLOR = (90, 255, 120)
SENSOR_COLOR = (255, 230, 70)
AABB_COLOR = (255, 80, 255, 150)
CONTACT_COLOR = (255, 50, 50)
GRID_COLOR = (0, 0, 0, 45)
CELL_COLOR = (40, 90, 255, 40)
#: Drawn contact normals are at least this long, so shallow contacts stay visible.
MIN_NORMAL_PX = 10.0
#: Cells tinted at most (a debug view must not cost more than the game).
MAX_CELLS = 2000


class OverlayGeometry(NamedTuple):
    """Everything the overlay draws, as world-space point lists (testable without a window)."""

    static: list[tuple[float, float]]
    moving: list[tuple[float, float]]
    sensors: list[tuple[float, float]]
    boxes: list[tuple[float, float]]
    normals: list[tuple[float, float]]
    points: list[tuple[float, float]]
    cell: float
    cells: list[tuple[int, int]]


def cell_size(world) -> float | None:
    """The moving bodies' grid cell size, once the world has chosen one (None before)."""
    size = world.cell_size
    return float(size) if size else None


def box_segments(lo_x, lo_y, hi_x, hi_y) -> list[tuple[float, float]]:
    return as_segments([(lo_x, lo_y), (hi_x, lo_y), (hi_x, hi_y), (lo_x, hi_y)])


def overlay_geometry(world) -> OverlayGeometry:
    """Read hitboxes, boxes, contacts and occupied cells from ``world``."""
    static, moving, sensors, boxes = [], [], [], []
    found = world.contacts()  # first: the world picks its cell size when it first pairs
    cell = cell_size(world)
    cells: set[tuple[int, int]] = set()
    for body in world.bodies.tolist():
        shape, xf = world.shape(body), world.transform(body)
        seg = as_segments(outline(shape, xf))
        if world.is_static(body):
            static += seg
        elif getattr(world, "is_sensor", lambda b: False)(body):
            sensors += seg
        else:
            moving += seg
        lo_x, lo_y, hi_x, hi_y = aabb(shape, xf)
        boxes += box_segments(lo_x, lo_y, hi_x, hi_y)
        if cell and not world.is_static(body) and len(cells) < MAX_CELLS:
            for i in range(math.floor(lo_x / cell), math.floor(hi_x / cell) + 1):
                for j in range(math.floor(lo_y / cell), math.floor(hi_y / cell) + 1):
                    cells.add((i, j))
    normals, points = [], []
    for n, d, pa, pb in zip(found.normal, found.depth, found.point_a, found.point_b):
        length = max(float(d), MIN_NORMAL_PX)
        start = (float(pb[0]), float(pb[1]))
        normals += [start, (start[0] + float(n[0]) * length, start[1] + float(n[1]) * length)]
        points += [(float(pa[0]), float(pa[1])), start]
    return OverlayGeometry(static, moving, sensors, boxes, normals, points, cell or 0.0, sorted(cells))


def grid_segments(cell: float, left: float, bottom: float, right: float, top: float):
    """Grid lines every ``cell`` px covering the box left..right × bottom..top."""
    if cell <= 0 or (right - left) / cell > 400 or (top - bottom) / cell > 400:
        return []
    segs = []
    for x in np.arange(math.floor(left / cell) * cell, right + cell, cell).tolist():
        segs += [(x, bottom), (x, top)]
    for y in np.arange(math.floor(bottom / cell) * cell, top + cell, cell).tolist():
        segs += [(left, y), (right, y)]
    return segs


def draw_overlay(world, view_box: tuple[float, float, float, float]) -> OverlayGeometry:
    """Draw the overlay under the current (world) camera; ``view_box`` = visible left, bottom, right, top."""
    geo = overlay_geometry(world)
    if geo.cell:
        for i, j in geo.cells:
            arcade.draw_lbwh_rectangle_filled(i * geo.cell, j * geo.cell, geo.cell, geo.cell, CELL_COLOR)
        grid = grid_segments(geo.cell, *view_box)
        if grid:
            arcade.draw_lines(grid, GRID_COLOR, 1)
    for segs, color, width in (
        (geo.boxes, AABB_COLOR, 1),
        (geo.static, STATIC_COLOR, 2),
        (geo.moving, MOVING_COLOR, 2),
        (geo.sensors, SENSOR_COLOR, 2),
        (geo.normals, CONTACT_COLOR, 3),
    ):
        if segs:
            arcade.draw_lines(segs, color, width)
    if geo.points:
        arcade.draw_points(geo.points, CONTACT_COLOR, 7)
    return geo
