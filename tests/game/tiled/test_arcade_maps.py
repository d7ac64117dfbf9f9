"""Issue 22 §5: the maps arcade ships with itself, loaded and checked as a designer would look at them.

arcade keeps its example maps in its own package (``arcade/resources/assets/tiled_maps``): tile layers
named ``Platforms``, ``Coins``, ``Bombs``, ``Ladders``, object layers of any name, no player start,
tilesets as ``.json``. None of them loaded before (every one was refused for its layer names or its
missing player start). For each: it loads with no error; the checker finds no error; the solid area
is exactly the ``Platforms`` cells; and against Tiled's own render (``tmxrasterizer --show-layer
Platforms``) every painted cell's centre is inside a wall and every cell nothing painted is free.
"""

from __future__ import annotations

import base64
import gzip
import subprocess
import sys
import zlib
from pathlib import Path

import arcade
import numpy as np
import pytest
import shapely
from shapely.ops import unary_union

from game.check import check_file
from game.tiled import read_level
from game.tiled.files import find_maps

from .geometry import wall_geometry
from .render import tiled_alpha

ARCADE_MAPS = Path(arcade.__file__).parent / "resources" / "assets" / "tiled_maps"
MAPS = find_maps(ARCADE_MAPS)
#: Maps with a Platforms tile layer whose tiles have no collision shapes (each painted cell a box).
BOX_PLATFORMS = [
    "level_1.json",
    "level_2.json",
    "map.json",
    "map2_level_1.json",
    "map2_level_2.json",
    "test_map_7.json",
]


def test_the_folder_search_finds_arcades_maps_and_skips_its_tilesets():
    names = {p.name for p in MAPS}
    assert len(MAPS) == 14 and "level_1.json" in names
    assert not names & {"standard_tileset.json", "dirt.json", "grass.json", "items.json", "spritesheet.json"}


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_arcade_map_loads_and_checks_with_no_error(path):
    level, findings = read_level(path)
    assert level is not None, [str(f) for f in findings if f.severity == "error"]
    assert not level.start_given  # none of them has a player point: the loader chose one
    checked = check_file(path)
    assert checked.errors == [], [str(f) for f in checked.errors]


def platform_cells(path: Path) -> tuple[np.ndarray, np.ndarray, int, int]:
    """The Platforms layer's painted cells, and those painted with a tile that has no collision shapes
    (a full box by the layer's name), read here with the standard library, not the loader."""
    import json

    data = json.loads(path.read_text())
    found = next(lay for lay in data["layers"] if lay["name"] == "Platforms")
    raw = found["data"]
    if found.get("encoding") == "base64":
        raw = base64.b64decode(raw)
        raw = {"zlib": zlib.decompress, "gzip": gzip.decompress}.get(found.get("compression", ""), bytes)(raw)
        raw = np.frombuffer(raw, dtype="<u4")
    gids = np.array(raw, dtype=np.int64).reshape(found["height"], found["width"]) & 0x0FFFFFFF
    shaped = set()
    for entry in data["tilesets"]:
        tileset = json.loads((path.parent / entry["source"]).read_text()) if "source" in entry else entry
        shaped |= {entry["firstgid"] + t["id"] for t in tileset.get("tiles", []) if t.get("objectgroup")}
    painted = gids != 0
    return painted, painted & ~np.isin(gids, list(shaped)), data["tilewidth"], data["tileheight"]


@pytest.mark.parametrize("name", BOX_PLATFORMS)
def test_a_platforms_cell_without_collision_shapes_is_a_full_box_merged_with_its_neighbours(name):
    path = ARCADE_MAPS / name
    level, _ = read_level(path)
    _, boxes, tw, th = platform_cells(path)
    box_walls = [
        w for w in level.walls if w.tile is not None and w.tile.layer == "Platforms" and w.object_id == 0
    ]
    solid = unary_union([wall_geometry(w) for w in box_walls])
    assert boxes.sum() > 0 and abs(solid.area - boxes.sum() * tw * th) < 1e-6 * tw * th
    # Merged: fewer walls than cells, and no two walls overlap.
    assert len(box_walls) < boxes.sum() or boxes.sum() == 1
    assert abs(sum(wall_geometry(w).area for w in box_walls) - solid.area) < 1e-6


@pytest.mark.usefixtures("tiled_tools")
@pytest.mark.parametrize("name", BOX_PLATFORMS)
def test_tiled_draws_a_tile_where_the_walls_are_and_nothing_where_they_are_not(name, tmp_path):
    path = ARCADE_MAPS / name
    level, _ = read_level(path)
    alpha = tiled_alpha(path, "Platforms", tmp_path)
    painted, boxes, tw, th = platform_cells(path)
    rows, cols = painted.shape
    assert alpha.shape[:2] == (rows * th, cols * tw)
    # Free: no tile within a cell around (a shaped tile's polygon may reach into its neighbours).
    near = np.zeros((rows + 2, cols + 2), bool)
    for dr in range(3):
        for dc in range(3):
            near[dr : dr + rows, dc : dc + cols] |= painted
    lonely = ~near[1:-1, 1:-1]
    solid = unary_union([wall_geometry(w) for w in level.walls])
    checked = {"solid": 0, "free": 0}
    for row in range(rows):
        for col in range(cols):
            drawn = alpha[row * th : (row + 1) * th, col * tw : (col + 1) * tw].max() > 0
            centre = shapely.Point((col + 0.5) * tw, level.height - (row + 0.5) * th)  # world, y up
            if boxes[row, col]:
                assert drawn and solid.contains(centre), (name, col, row)
                checked["solid"] += 1
            elif lonely[row, col]:
                assert not drawn and not solid.intersects(centre), (name, col, row)
                checked["free"] += 1
    assert checked["solid"] > 3 and checked["free"] > 10, checked


def test_the_checker_on_arcades_folder_exits_zero_with_every_map_checked():
    done = subprocess.run(
        [sys.executable, "-m", "game.check", str(ARCADE_MAPS)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert done.returncode == 0, done.stdout[-2000:]
    assert "checked 14 levels: 0 errors" in done.stdout.splitlines()[-1]
