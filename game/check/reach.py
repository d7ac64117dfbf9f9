"""Where an actor can go: a flood fill from the player start over placements (x, y, turn).

The player's hitbox (``hitbox.player_parts``) is placed at ``TURNS`` angles
on a grid of ``CELL`` px cells, and the placements are flood-filled from the
start; how, and what a move between placements may miss, is set out in
``game.geometry.grid``.

The grid itself (placements, their labelling, ``grid_for``) lives there,
shared with the loader's start-mover; this module reads it for the player
and turns what it finds into findings. Placements the fill from the start
does not reach are pockets the player can never enter; a marker there is an
enemy that never arrives or a pickup never picked up.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from game.geometry import grid as placement_grid
from game.geometry.grid import (
    CELL,
    MAX_PLACEMENT_TESTS,
    TURNS,
    Grid,
    TooManyPlacements,
    flood,
    label_cells,
    label_placements,
    placements,
    reached_from,
    turns_for,
)
from game.level import Finding, Level

from .hitbox import player_parts
from .parts import Part, finding, marker_word

#: Unreachable pockets smaller than this many grid cells are ignored (corners between walls).
MIN_POCKET_CELLS = 4


def grid_for(level: Level, parts: list[Part], actor=None, cell: float = CELL) -> Grid:
    """The placements of ``actor`` (hitbox parts; the player's by default) and those the start reaches
    (``game.geometry.grid.grid_for``)."""
    return placement_grid.grid_for(level, parts, player_parts() if actor is None else actor, cell)


class Pocket(NamedTuple):
    """Free cells the start does not reach, connected: how many, and their mean centre (world px)."""

    cells: int
    x: float
    y: float


def pockets(grid: Grid) -> list[Pocket]:
    """Connected groups of free cells the start does not reach, largest first."""
    labels, count = label_cells(grid.free & ~grid.reached)
    if count == 0:
        return []
    jj, ii = np.nonzero(labels)
    ids = labels[jj, ii]
    size = np.bincount(ids, minlength=count + 1)[1:]
    x = np.bincount(ids, weights=(ii + 0.5) * grid.cell, minlength=count + 1)[1:] / size
    y = np.bincount(ids, weights=(jj + 0.5) * grid.cell, minlength=count + 1)[1:] / size
    order = np.argsort(-size, kind="stable")
    return [Pocket(int(size[k]), float(x[k]), float(y[k])) for k in order]


def unreachable(level: Level, parts: list[Part], file: str, skip=frozenset()) -> list[Finding]:
    """Markers and areas the player's hitbox cannot reach from the start, turning as it needs to
    (warnings); markers in ``skip`` (already reported inside a wall) are not reported again."""
    try:
        grid = grid_for(level, parts)
    except TooManyPlacements as many:
        return [
            Finding(
                "error",
                file,
                None,
                "",
                "too many walls close together to check what the player can "
                f"reach: more than {many.limit:,} placements to test, the checker's limit",
            )
        ]
    found = []
    for marker in (*level.spawns, *level.pickups):
        if marker.object_id in skip:
            continue
        i, j = grid.index(marker.x, marker.y)
        near = grid.reached[max(j - 1, 0) : j + 2, max(i - 1, 0) : i + 2]
        if not near.any():
            word = marker_word(level, marker)
            found.append(
                finding(
                    "warning",
                    file,
                    marker,
                    f"{word} cannot be reached from the player start",
                    (marker.x, marker.y),
                )
            )
    for pocket in pockets(grid):
        if pocket.cells < MIN_POCKET_CELLS:
            break
        area = pocket.cells * grid.cell * grid.cell
        problem = (
            f"an area of about {area:,.0f} px² around ({pocket.x:.0f}, {pocket.y:.0f}) cannot be reached "
            "from the player start"
        )
        found.append(Finding("warning", file, None, "", problem, (pocket.x, pocket.y)))
    return found


__all__ = [
    "CELL",
    "MAX_PLACEMENT_TESTS",
    "MIN_POCKET_CELLS",
    "TURNS",
    "Grid",
    "Pocket",
    "TooManyPlacements",
    "flood",
    "grid_for",
    "label_cells",
    "label_placements",
    "placements",
    "pockets",
    "reached_from",
    "turns_for",
    "unreachable",
]
