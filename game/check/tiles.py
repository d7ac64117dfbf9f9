"""Checks on the walls that tiles make: what a tile's collision does once it is painted.

Walls from a tile layer (``Wall.kind == "tile"``, ``Wall.tile`` the cell)
are checked like any wall by ``checks``; findings about them are named by the
cell: ``file:layer:tile-x,y (tileset tile-id): problem``. This module adds
what only tiles can get wrong:

- a tile whose collision shapes leave its drawn square by more than the
  tile's own size (a shape drawn in the wrong place in Tiled's collision
  editor: it blocks a neighbouring cell, out of sight of the tile);
- a tile collision that seals a marker in: the player's hitbox cannot reach
  the marker from the start, and could if the tiles had no collision.

Self-intersecting collision polygons, unknown tiles and hitboxes that leave
the map are the loader's findings (``game.tiled``), reported at the first
cell the tile is painted on; the checker lists them as they are. Each
problem is said once per tile (tileset and id) and flips, at the first cell,
with how many more cells have it.
"""

from __future__ import annotations

import numpy as np

from engine.collision import Circle, ShapeTable, distances_batch
from game.level import Finding, Level, PlacedTile, TileRef, Wall

from .parts import Part, marker_word
from .reach import TooManyPlacements, grid_for


def placed(level: Level) -> dict[tuple[str, int, int], PlacedTile]:
    """Every painted cell by (layer, col, row)."""
    return {(t.layer, t.col, t.row): t for layer in level.tile_layers for t in layer.tiles}


def tile_rect(tile: PlacedTile) -> tuple[float, float, float, float]:
    """The drawn square of a painted tile in world px (min_x, min_y, max_x, max_y), flips applied."""
    w, h = (tile.height, tile.width) if tile.flip_d else (tile.width, tile.height)
    return tile.center_x - w / 2, tile.center_y - h / 2, tile.center_x + w / 2, tile.center_y + h / 2


def _same_tile_under(box, tile: PlacedTile, cells: dict, grid: tuple[float, float]) -> bool:
    """Whether every cell a box covers (from the tile's cell on, right and down) holds a tile: what the
    loader's merging of full-box tiles makes (different tiles with the same box merge too, e.g. a
    ``Platforms`` layer's grass tiles made solid by its name), so the box leaving its first cell is no fault."""
    cols = max(1, round((box[2] - box[0]) / grid[0]))
    rows = max(1, round((box[3] - box[1]) / grid[1]))
    for r in range(rows):
        for c in range(cols):
            other = cells.get((tile.layer, tile.col + c, tile.row + r))
            if other is None:
                return False
    return True


def _key(tile: PlacedTile) -> tuple:
    return tile.layer, tile.tileset, tile.local_id, tile.flip_h, tile.flip_v, tile.flip_d


def _once(found: dict, tile: PlacedTile, make) -> None:
    """Say a problem once per tile kind (layer, tileset, id, flips): first cell, and a count of the rest."""
    entry = found.get(_key(tile))
    if entry is None:
        found[_key(tile)] = [make(), 1]
    else:
        entry[1] += 1


def _said(found: dict) -> list[Finding]:
    out = []
    for finding, count in found.values():
        more = f" (and {count - 1:,} more cell{'s' * (count > 2)})" if count > 1 else ""
        out.append(
            Finding(
                finding.severity,
                finding.file,
                finding.object_id,
                finding.name,
                finding.problem + more,
                finding.where,
                tile=finding.tile,
            )
        )
    return out


def ref_of(tile: PlacedTile) -> TileRef:
    return TileRef(tile.layer, tile.col, tile.row, tile.tileset, tile.local_id)


def shapes_leaving_tiles(level: Level, parts: list[Part], file: str) -> list[Finding]:
    """Tile walls reaching farther out of their drawn tile than the tile's own width or height (warning)."""
    cells = placed(level)
    if not cells:
        return []
    grid = _grid(cells)
    by_wall: dict[int, list[Part]] = {}
    for part in parts:
        if part.wall.tile is not None:
            by_wall.setdefault(id(part.wall), []).append(part)
    found: dict = {}
    for group in by_wall.values():
        wall = group[0].wall
        tile = cells.get((wall.tile.layer, wall.tile.col, wall.tile.row))
        if tile is None:
            continue
        box = (
            min(p.box[0] for p in group),
            min(p.box[1] for p in group),
            max(p.box[2] for p in group),
            max(p.box[3] for p in group),
        )
        x0, y0, x1, y1 = tile_rect(tile)
        w, h = x1 - x0, y1 - y0
        out_x, out_y = max(x0 - box[0], box[2] - x1, 0.0), max(y0 - box[1], box[3] - y1, 0.0)
        if out_x <= w and out_y <= h:
            continue
        at_corner = (
            abs(box[0] - x0) < 1e-6 and abs(box[3] - y1) < 1e-6
        )  # a merged box starts at its first cell
        if at_corner and _same_tile_under(box, tile, cells, grid):
            continue  # a merged run of the same full-box tile
        past = max(out_x, out_y)

        def make(wall=wall, tile=tile, past=past, w=w, h=h):
            named = f" ({wall.name})" if wall.name else ""
            problem = (
                f"collision object {wall.object_id}{named} reaches {past:.1f} px outside the tile, more "
                f"than the tile's own size ({w:g} × {h:g} px): draw it inside the tile in Tiled's collision "
                "editor"
            )
            return Finding(
                "warning", file, None, "", problem, (tile.center_x, tile.center_y), tile=ref_of(tile)
            )

        _once(found, tile, make)
    return _said(found)


def _grid(cells: dict) -> tuple[float, float]:
    """The map's tile grid (px), from the smallest painted tile: tiles may be larger, never smaller."""
    sizes = [(t.width, t.height) for t in cells.values()]
    return min(s[0] for s in sizes), min(s[1] for s in sizes)


def sealed_markers(level: Level, parts: list[Part], file: str, unreachable_ids: set[int]) -> list[Finding]:
    """Markers the player cannot reach only because of tile collision (warning): named at the painted
    tile whose collision comes nearest the marker."""
    tile_parts = [p for p in parts if p.wall.tile is not None]
    markers = [m for m in (*level.spawns, *level.pickups) if m.object_id in unreachable_ids]
    if not tile_parts or not markers:
        return []
    try:
        without = grid_for(level, [p for p in parts if p.wall.tile is None])
    except TooManyPlacements:
        return []
    cells = placed(level)
    table = ShapeTable([p.shape for p in tile_parts])
    point = table.add(_POINT)
    xf = np.array([tuple(p.xf) for p in tile_parts], np.float64).reshape(-1, 3)
    found = []
    for marker in markers:
        i, j = without.index(marker.x, marker.y)
        if not without.reached[max(j - 1, 0) : j + 2, max(i - 1, 0) : i + 2].any():
            continue  # walled in by other walls as well: the marker's own warning says it
        at = np.tile([marker.x, marker.y, 0.0], (len(tile_parts), 1))
        d = distances_batch(
            table, np.full(len(tile_parts), point, np.int64), at, np.arange(len(tile_parts)), xf
        )
        wall: Wall = tile_parts[int(np.argmin(d.distance))].wall
        tile = cells.get((wall.tile.layer, wall.tile.col, wall.tile.row))
        where = (tile.center_x, tile.center_y) if tile is not None else (marker.x, marker.y)
        word = marker_word(level, marker)
        problem = (
            f"tile collision seals {word} {marker.object_id} ({marker.name}) in: the player cannot reach "
            "it from the start, and could without the tiles' collision"
        )
        found.append(Finding("warning", file, None, "", problem, where, tile=wall.tile))
    return found


#: A marker as a shape: the point, as a tiny disc.
_POINT = Circle(0.5)


__all__ = ["placed", "sealed_markers", "shapes_leaving_tiles", "tile_rect"]
