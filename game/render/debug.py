"""F1 debug overlay: what the engine sees, drawn over the world.

- hitboxes: every body's engine shapes, each part of one of several (walls cyan, moving
  bodies green, sensors yellow);
- AABBs: the boxes the broad phase sorts (magenta);
- contacts: from ``world.contacts()``, a dot at each deepest point and a line
  along the normal (first body → second), as long as the depth (at least 10 px);
- broad-phase cells: the uniform grid the moving bodies are hashed into,
  lines over the visible area with occupied cells tinted.

Everything is read from the ``World`` each frame (never from the sprites),
under the world camera. A frame costs what changed: the walls' hitboxes and
boxes are a shape list built once per world (rebuilt only if a static body
is added, removed or moved), the grid lines once per cell size and visible
cell range, the tinted cells once per set of occupied cells; only what moves
(moving bodies, contacts) is drawn anew each frame, in a few batched calls.
"""

from __future__ import annotations

import math
import weakref
from typing import NamedTuple

import arcade
import numpy as np
from arcade.shape_list import ShapeElementList, create_line, create_rectangles_filled_with_colors

from engine.collision import aabb
from game.geometry.joint_lines import arc, rope, segments, zigzag
from game.sim.machines import anchor_points

from .outline import as_segments, outline

STATIC_COLOR = (60, 220, 255)
MOVING_COLOR = (90, 255, 120)
SENSOR_COLOR = (255, 230, 70)
AABB_COLOR = (255, 80, 255, 150)
CONTACT_COLOR = (255, 50, 50)
#: Joints: a pin at each anchor, a line along a rope, a spring or a slider's reach.
JOINT_COLOR = (255, 170, 40)
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


def overlay_geometry(world, bodies=None) -> OverlayGeometry:
    """Read hitboxes, boxes, contacts and occupied cells from ``world`` (of ``bodies``: default all)."""
    static, moving, sensors, boxes = [], [], [], []
    found = world.contacts()  # first: the world picks its cell size when it first pairs
    cell = cell_size(world)
    cells: set[tuple[int, int]] = set()
    for body in world.bodies.tolist() if bodies is None else bodies:
        for part in world.shapes(body).tolist():  # a body of several shapes: each as it collides
            shape, xf = world.shape(part), world.shape_transform(part)
            seg = as_segments(outline(shape, xf))
            if world.is_static(body):
                static += seg
            elif world.is_sensor(part):
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


def lines_shape(batches) -> ShapeElementList:
    """One shape list of thick lines from ``(segments, colour, width)`` batches (drawn in that order)."""
    shapes: ShapeElementList = ShapeElementList()
    for segs, color, width in batches:
        for a, b in zip(segs[::2], segs[1::2]):
            shapes.append(create_line(a[0], a[1], b[0], b[1], color, width))
    return shapes


def cells_shape(cells: list[tuple[int, int]], cell: float) -> ShapeElementList:
    """The tinted cells as one batch of quads."""
    shapes: ShapeElementList = ShapeElementList()
    if cells:
        corners = []
        for i, j in cells:
            x, y = i * cell, j * cell
            corners += [(x, y), (x + cell, y), (x + cell, y + cell), (x, y + cell)]
        shapes.append(create_rectangles_filled_with_colors(corners, [CELL_COLOR] * len(corners)))
    return shapes


class _Cached:
    """A shape list and the key of the content it was built from."""

    def __init__(self) -> None:
        self.key: object = None
        self.shapes: ShapeElementList | None = None
        self.geometry: OverlayGeometry | None = None

    def get(self, key, build) -> ShapeElementList:
        if self.shapes is None or key != self.key:
            self.key, self.shapes = key, build()
        return self.shapes


class _OverlayCache(NamedTuple):
    walls: _Cached  # its shapes, and ``walls.geometry``: the static bodies' OverlayGeometry
    grid: _Cached
    cells: _Cached


#: One cache per world, dropped with it (a reloaded level is a new world).
_CACHES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


#: px: the radius of a hinge's limit arc, and a spring's half-width in the overlay.
JOINT_ARC_RADIUS = 22.0
JOINT_SPRING_WIDTH = 4.0


def joint_segments(world, joints) -> tuple[list, list]:
    """The overlay's joints, from ``joints`` (id -> (spot, ``machines.Anchored``)): each anchor's
    point (a hinge's pin); a hinge's limits as an arc round its pin, from its lower limit to its
    upper, with a needle along the body's turn; a spring as a zig-zag; a rope as a line, sagging
    when slack; a slider's or weld's anchors joined by a line. Segments as ``draw_lines`` takes them."""
    lines, points = [], []
    for joint, (spot, anchors) in joints.items():
        a, b = anchor_points(world, anchors)
        points += [a, b]
        kind, options = spot.kind, spot.options
        if kind == "hinge" and "lower" in options and "upper" in options and anchors.b is not None:
            # The body's angle less the joint's is where the joint's angle 0 points (its reference).
            zero = world.transform(anchors.b)[2] - world.joint_angle(joint)
            lines += segments(arc(a, JOINT_ARC_RADIUS, zero + options["lower"], zero + options["upper"]))
            turn = world.transform(anchors.b)[2]
            lines += [a, (a[0] + JOINT_ARC_RADIUS * math.cos(turn), a[1] + JOINT_ARC_RADIUS * math.sin(turn))]
        elif kind == "spring":
            lines += segments(zigzag(a, b, width=JOINT_SPRING_WIDTH))
        elif kind == "rope":
            length = options.get("length", math.dist(*spot.points[:2]) if len(spot.points) > 1 else 0.0)
            lines += segments(rope(a, b, length)[0])
        elif a != b:
            lines += [a, b]
    return lines, points


def draw_overlay(world, view_box: tuple[float, float, float, float], joints=None) -> OverlayGeometry:
    """Draw the overlay under the current (world) camera; ``view_box`` = visible left, bottom, right,
    top; ``joints`` (the simulation's, id -> (spot, anchors)) are drawn as their anchors and ropes."""
    cache = _CACHES.get(world)
    if cache is None:
        cache = _CACHES[world] = _OverlayCache(_Cached(), _Cached(), _Cached())
    ids = world.bodies.tolist()
    statics = [b for b in ids if world.is_static(b)]
    wall_key = tuple((b, tuple(world.transform(b))) for b in statics)
    if cache.walls.key != wall_key:
        cache.walls.geometry = overlay_geometry(world, statics)
    wall_geo = cache.walls.geometry
    moving = overlay_geometry(world, [b for b in ids if not world.is_static(b)])
    walls = cache.walls.get(
        wall_key, lambda: lines_shape([(wall_geo.boxes, AABB_COLOR, 1), (wall_geo.static, STATIC_COLOR, 2)])
    )
    if moving.cell:
        cache.cells.get(
            (moving.cell, tuple(moving.cells)), lambda: cells_shape(moving.cells, moving.cell)
        ).draw()
        # The grid over whole cells around the view: the same lines while the view stays in them.
        c = moving.cell
        lo_x, lo_y = math.floor(view_box[0] / c) * c, math.floor(view_box[1] / c) * c
        hi_x, hi_y = math.ceil(view_box[2] / c) * c, math.ceil(view_box[3] / c) * c
        grid = grid_segments(c, lo_x, lo_y, hi_x, hi_y)
        cache.grid.get((c, lo_x, lo_y, hi_x, hi_y), lambda: lines_shape([(grid, GRID_COLOR, 1)])).draw()
    walls.draw()
    for segs, color, width in (
        (moving.boxes, AABB_COLOR, 1),
        (moving.moving, MOVING_COLOR, 2),
        (moving.sensors, SENSOR_COLOR, 2),
        (moving.normals, CONTACT_COLOR, 3),
    ):
        if segs:
            arcade.draw_lines(segs, color, width)
    if moving.points:
        arcade.draw_points(moving.points, CONTACT_COLOR, 7)
    if joints:
        lines, pins = joint_segments(world, joints)
        if lines:
            arcade.draw_lines(lines, JOINT_COLOR, 2)
        arcade.draw_points(pins, JOINT_COLOR, 9)
    return moving._replace(static=wall_geo.static, boxes=wall_geo.boxes + moving.boxes)
