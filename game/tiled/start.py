"""Where the player starts on a map that does not say: the free spot nearest the map's centre.

A designer's map made for another engine has no ``player`` point, and
needs none to be checked or walked. The spot is found on a grid of
``cell`` px (the disc's radius): a cell is free when no wall part's box,
grown by the radius, covers any of it, so a disc of ``radius`` at its
centre touches no wall (box tests only: never wrong, sometimes too careful
beside a round or slanted wall). Of the free cells, the one nearest the
map's centre wins (ties: the lower, then the left one). No free cell at
all (a map filled with walls) gives the centre, and the caller says so.

A map whose player start the game cannot use (``playable_start``: the
player's hitbox there overlaps a wall, or the start is sealed in a pocket
too small to move in, by tile collision or any walls) is played all the
same, from the free spot nearest that start, with one line saying so; the
checker still calls the start an error (``game.check``).

Frames: world pixels, y up, origin at the map's bottom-left (``game.level``).
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from engine.collision import Polygon, Transform, aabb
from game.geometry.extent import reach_radius
from game.geometry.grid import UNREACHED, Grid, TooManyPlacements, grid_for, label_cells, steps_from
from game.geometry.overlap import first_overlaps
from game.geometry.parts import wall_name, wall_parts
from game.level import Finding, Level, Marker, Wall

from .files import display_name

__all__ = ["SEALED_CELLS", "START_RADIUS", "free_spot", "playable_level", "playable_start"]

#: The disc that must fit at a chosen start (px): the player's reach from its centre with room to turn
#: (the shipped player hitbox reaches about 16 px).
START_RADIUS = 24.0


def free_spot(
    walls: tuple[Wall, ...] | list[Wall],
    width: float,
    height: float,
    radius: float = START_RADIUS,
    near: tuple[float, float] | None = None,
) -> tuple[float, float] | None:
    """The centre of the free grid cell nearest ``near`` (the map's centre by default), or None when no
    cell is free."""
    blocked, cell = _blocked(walls, width, height, radius)
    free_rows, free_cols = np.nonzero(~blocked)
    if not len(free_rows):
        return None
    xs, ys = (free_cols + 0.5) * cell, (free_rows + 0.5) * cell
    cx, cy = near if near is not None else (width / 2, height / 2)
    distance = np.hypot(xs - cx, ys - cy)
    best = int(np.lexsort((xs, ys, np.round(distance, 6)))[0])
    return float(xs[best]), float(ys[best])


def _blocked(walls, width: float, height: float, radius: float) -> tuple[np.ndarray, float]:
    """``blocked[row, col]`` on a grid of ``radius`` px cells: a disc of ``radius`` at the cell's centre
    may touch a wall (box tests) or leave the map; and the cell size."""
    cell = max(float(radius), 1.0)
    cols, rows = max(int(width // cell), 1), max(int(height // cell), 1)
    blocked = np.zeros((rows, cols), dtype=bool)
    for wall in walls:
        for shape, xf in wall.parts:
            x0, y0, x1, y1 = aabb(shape, Transform(*xf))
            # Cells whose centre lies within ``radius`` of the box (grown by the radius) are blocked.
            c0, c1 = math.floor((x0 - radius) / cell - 0.5) + 1, math.ceil((x1 + radius) / cell - 0.5)
            r0, r1 = math.floor((y0 - radius) / cell - 0.5) + 1, math.ceil((y1 + radius) / cell - 0.5)
            c0, r0 = max(c0, 0), max(r0, 0)
            c1, r1 = min(c1, cols), min(r1, rows)
            if c0 < c1 and r0 < r1:
                blocked[r0:r1, c0:c1] = True
    # The map's own edges are walls too: a start must fit inside the map.
    edge = math.ceil(radius / cell - 0.5)
    if edge > 0:
        blocked[:edge, :] = blocked[-edge:, :] = True
        blocked[:, :edge] = blocked[:, -edge:] = True
    return blocked, cell


#: A start is sealed in when the player's centre can roam fewer than this many of the checker's 12 px
#: cells from it (about a 96 px square) while the map has room elsewhere: a cage, not a room.
SEALED_CELLS = 64
#: The same on ``free_spot``'s coarse grid (``START_RADIUS`` px cells), the cheap first test: box tests only
#: ever block more, so a start this test finds room around is surely not sealed.
_COARSE_ROOM = 16


def playable_level(level: Level) -> tuple[Level, tuple[Finding, ...]]:
    """``level`` as the game plays it, and one warning line (file, object, problem) for each marker it
    moved: a player start it cannot play (``playable_start``), and a spawn where that enemy's hitbox
    (angle 0, as the game places it) overlaps a wall, moved to the free spot nearest it for that
    hitbox. A map whose markers are fine is returned as it is, for a few box tests a marker."""
    level, said = playable_start(level)
    found = [said] if said is not None else []
    bodies = [_hitbox(spawn.kind) for spawn in level.spawns]
    placed = [k for k, parts in enumerate(bodies) if parts]  # a kind with no hitbox stays where it is
    under = _walls_under(level, [level.spawns[k] for k in placed], [bodies[k] for k in placed])
    walls: list[Wall | None] = [None] * len(level.spawns)
    for k, wall in zip(placed, under):
        walls[k] = wall
    spawns = []
    for spawn, parts, wall in zip(level.spawns, bodies, walls):
        if wall is None:
            spawns.append(spawn)
            continue
        problem = f"{spawn.kind} spawn is inside {wall_name(wall)}"
        radius = max(START_RADIUS, _box_reach(parts))
        spot = free_spot(level.walls, level.width, level.height, radius, near=(spawn.x, spawn.y))
        if spot is None:
            found.append(_said(level, spawn, f"{problem}; no free spot to move it to"))
            spawns.append(spawn)
            continue
        found.append(_said(level, spawn, f"{problem}; it spawns at the free spot nearest it", spot))
        spawns.append(dataclasses.replace(spawn, x=spot[0], y=spot[1]))
    if len(found) > (said is not None):
        level = dataclasses.replace(level, spawns=tuple(spawns))
    return level, tuple(found)


def playable_start(level: Level) -> tuple[Level, Finding | None]:
    """``level`` with a player start the game can play: unchanged, or, when the player's hitbox at its
    start (angle 0, as the game places it) overlaps a wall or the start is sealed in
    (``SEALED_CELLS``), with the start moved to the free spot nearest it (``free_spot``; out of the
    pocket when sealed) and the warning that says so. A map that gives no start keeps the one the
    loader chose."""
    start = level.player_start
    if not level.start_given:
        return level, None
    player = _hitbox("player")
    wall = _walls_under(level, [start], [player])[0] if player else None
    if wall is not None:
        problem = f"player start is inside {wall_name(wall)}"
        spot = free_spot(level.walls, level.width, level.height, near=(start.x, start.y))
    else:
        grid = _sealed(level, start, player)
        if grid is None:
            return level, None
        problem = "player start is sealed in (the player's hitbox cannot move from it)"
        spot = _way_out(grid, start)
    if spot is None:
        return level, _said(level, start, f"{problem}; no free spot to move it to")
    moved = dataclasses.replace(start, x=spot[0], y=spot[1])
    said = _said(level, start, f"{problem}; the player starts at the free spot nearest it", spot)
    return dataclasses.replace(level, player_start=moved), said


def _said(level: Level, marker: Marker, problem: str, spot: tuple[float, float] | None = None) -> Finding:
    """The one warning line for a marker the game moved (to ``spot``, given in Tiled's pixels) or could not."""
    if spot is not None:
        problem += f" ({spot[0]:g}, {level.height - spot[1]:g} in Tiled's pixels)"
    return Finding("warning", display_name(level.path), marker.object_id, marker.name, problem, spot)


def _hitbox(kind: str) -> tuple:
    """Actor ``kind``'s hitbox parts (the shipped ``assets/actors.tsj``), or () for a kind it lacks."""
    from .actors import actor_hitboxes  # deferred: actors reads a tileset file

    found = actor_hitboxes().get(kind)
    return tuple(found.parts) if found is not None else ()


def _box_reach(parts) -> float:
    """How far the hitbox's part boxes at angle 0 reach from its centre (px): ``reach_radius`` of those
    boxes, as ``free_spot`` tests boxes. A little past the hitbox's own reach (the brute: 36.1 px, not
    34.5), and kept so: the spots spawns move to stay where they were."""
    boxes = [aabb(s, Transform(0.0, 0.0, 0.0)) for s in parts]
    return reach_radius([Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]) for x0, y0, x1, y1 in boxes])


def _walls_under(level: Level, markers: list[Marker], bodies: list[tuple]) -> list[Wall | None]:
    """For each marker, the first wall (in the level's order) that hitbox ``bodies[k]`` at the marker
    (angle 0) overlaps, or None: the checker's own test (``game.geometry.overlap``), in one batch."""
    if not markers:
        return []
    parts = wall_parts(level)
    first = first_overlaps(parts, bodies, [(m.x, m.y) for m in markers])
    return [parts[k].wall if k >= 0 else None for k in first.tolist()]


def _sealed(level: Level, start: Marker, player: tuple) -> Grid | None:
    """The checker's reach grid when the player cannot move from the start, else None: first on the
    coarse grid (cheap; room there is room), then, only if that finds none, by the checker's grid (the
    real hull, at every turn)."""
    blocked, cell = _blocked(level.walls, level.width, level.height, START_RADIUS)
    rows, cols = blocked.shape
    i, j = min(max(int(start.x // cell), 0), cols - 1), min(max(int(start.y // cell), 0), rows - 1)
    # The start's 4-connected group of free coarse cells, by the enemies' compiled breadth-first count
    # (a diagonal step only past two free sides joins nothing a side step does not).
    if not blocked[j, i] and int((steps_from(~blocked, i, j) != UNREACHED).sum()) > _COARSE_ROOM:
        return None
    try:
        grid = grid_for(level, wall_parts(level), player)
    except TooManyPlacements:
        return None  # too big to tell: the checker says so; play the start as given
    reached = int(grid.reached.sum())
    return grid if reached < SEALED_CELLS and int(grid.free.sum()) > reached else None


def _way_out(grid: Grid, start: Marker) -> tuple[float, float] | None:
    """The centre of the cell nearest the start, outside its pocket, in a pocket with room
    (``SEALED_CELLS``), where the player fits at angle 0 (as the game places it); None without one."""
    labels, count = label_cells(grid.free & ~grid.reached)
    sizes = np.bincount(labels.ravel(), minlength=count + 1)
    roomy = (sizes >= SEALED_CELLS)[labels] & (labels > 0) & grid.placements[0]
    rows, cols = np.nonzero(roomy)
    if not len(rows):
        return None
    xs, ys = (cols + 0.5) * grid.cell, (rows + 0.5) * grid.cell
    best = int(np.lexsort((xs, ys, np.round(np.hypot(xs - start.x, ys - start.y), 6)))[0])
    return float(xs[best]), float(ys[best])
