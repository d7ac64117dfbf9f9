"""The narrowest door of a level: the widest body that still gets everywhere it has to.

A level's narrowest door is the largest width D such that a disc D px across
can go from the player start to touch every spawn and every pickup (enemies
come from the spawns to the player; the player goes to the pickups). An
actor whose hitbox's minimum width (``hitbox.minimum_width``, it turns to
fit) is larger than D cannot use some door it needs: ``door_findings`` refuses
such a hitbox against the shipped levels (``shipped_doors``).

Found by bisection on D over the ``reach`` grid with ``DOOR_CELL`` px
cells: a disc is round, so one turn per cell. The grid samples disc centres,
so D is found to within ``DOOR_CELL`` px below the true width (a door the
grid's centres straddle reads narrower) and never more than a fraction of a
pixel above it. Markers nobody can reach at any size (walled in: the
checker warns about those) do not count.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from engine.collision import Circle
from game.level import Finding, Level, Marker
from game.tiled import LEVELS_DIR, list_levels, read_level
from game.tiled.actors import ActorHitbox, actor_finding

from .hitbox import minimum_width
from .parts import wall_parts
from .reach import placements, reached_from

#: Cell of the doors' grid (px): finer than the checker's 12 px, so a door reads at most this much narrow.
DOOR_CELL = 4.0
#: The bisection stops when the bracket is this narrow (px).
DOOR_TOLERANCE = 0.25
#: The smallest body tried: markers it cannot reach are walled in, not behind a door.
SMALLEST = 1.0
#: The widest door measured (px): a level whose every door is wider reads as this (no actor is near it).
WIDEST = 512.0


class Door(NamedTuple):
    """A level's narrowest door: ``width`` px, and the first marker a wider body can no longer reach."""

    level: str
    width: float
    marker: Marker | None

    def __str__(self) -> str:
        where = "" if self.marker is None else f" (on the way to object {self.marker.object_id})"
        return f"{self.level}: {self.width:.1f} px{where}"


def _touched(level: Level, diameter: float, markers: list[Marker], cell: float) -> list[bool]:
    """Which markers a disc ``diameter`` across, starting at the player start, can touch."""
    disc = (Circle(diameter / 2.0),)
    free = placements(level.width, level.height, wall_parts(level), disc, cell, turns=1)
    i, j = (
        min(int(level.player_start.x // cell), free.shape[2] - 1),
        min(int(level.player_start.y // cell), free.shape[1] - 1),
    )
    reached = reached_from(free, max(i, 0), max(j, 0))[0]
    jj, ii = np.nonzero(reached)
    cx, cy = (ii + 0.5) * cell, (jj + 0.5) * cell
    # Touching: the disc's edge within a cell of the marker's point (a grid centre lands that near).
    room = diameter / 2.0 + cell * math.sqrt(0.5)
    return [bool(len(cx)) and bool(((cx - m.x) ** 2 + (cy - m.y) ** 2 <= room * room).any()) for m in markers]


def narrowest_door(level: Level, cell: float = DOOR_CELL) -> Door | None:
    """The level's narrowest door (see the module), at most ``WIDEST``; None when no marker can be
    reached at all."""
    markers = [*level.spawns, *level.pickups]
    markers = [m for m, ok in zip(markers, _touched(level, SMALLEST, markers, cell)) if ok]
    if not markers:
        return None
    if all(_touched(level, WIDEST, markers, cell)):
        return Door(level.name, WIDEST, None)
    lo, hi = SMALLEST, WIDEST
    lost: Marker | None = None
    while hi - lo > DOOR_TOLERANCE:
        mid = (lo + hi) / 2.0
        touched = _touched(level, mid, markers, cell)
        if all(touched):
            lo = mid
        else:
            hi, lost = mid, markers[touched.index(False)]
    return Door(level.name, lo, lost)


@lru_cache(maxsize=1)
def shipped_doors() -> dict[str, Door]:
    """The narrowest door of each level in ``levels/`` (by level name), measured once per process;
    a level that cannot be loaded is left out (the game and the checker say why)."""
    doors = {}
    for path in list_levels(LEVELS_DIR):
        level, _ = read_level(path)
        door = narrowest_door(level) if level is not None else None
        if door is not None:
            doors[level.name] = door
    return doors


__all__ = ["DOOR_CELL", "WIDEST", "Door", "door_findings", "narrowest_door", "shipped_doors"]


def door_findings(
    hitboxes: Mapping[str, ActorHitbox],
    file: str = "assets/actors.tsj",
    doors: Mapping[str, float] | None = None,
) -> list[Finding]:
    """An error for every hitbox wider (at its narrowest, it turns) than the narrowest door of a shipped level.

    ``doors`` maps level name to door width (px); by default
    ``shipped_doors()`` measures them (about 3 s, once per process).
    """
    if doors is None:
        doors = {name: door.width for name, door in shipped_doors().items()}
    if not doors:
        return []
    level, narrowest = min(doors.items(), key=lambda item: item[1])
    out = []
    for hitbox in hitboxes.values():
        width = minimum_width(hitbox.parts)
        if width > narrowest:
            out.append(
                actor_finding(
                    "error",
                    file,
                    hitbox.tile_id,
                    hitbox.name,
                    f"hitbox is {width:.1f} px across at its narrowest, wider than the narrowest door "
                    f"of a shipped level ({level}: {narrowest:.1f} px): it could not get through",
                )
            )
    return out
