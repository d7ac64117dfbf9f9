"""Issue 22 §2: JSON maps from Tiled before 1.2 store properties as a dict with a ``propertytypes`` dict
beside it, and a tileset's special tiles as a dict keyed by id with ``tileproperties`` apart. The map
below is written in that shape (Tiled 1.1's JSON, as Tiled's docs give it); the oracle is Tiled itself:
``tiled --export-map`` reads it and saves it as today's JSON, and both files must load the same.
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from game.tiled import read_level

from .geometry import wall_geometry
from .tilemaps import png


def old_map(folder) -> dict:
    """A Tiled 1.1 JSON map: a tile layer classed by an old-style ``collides``, an object layer whose
    rectangle says ``collides`` as text (Tiled before 0.16), a tileset with a tile dict (a collision
    box on tile 1) and ``tileproperties`` (tile 2 marked solid, no shapes)."""
    png(folder, "old.png", 96, 32)
    cells = [0] * 80
    cells[10 * 2 + 3] = 2  # tile 1: a box of its top half
    cells[10 * 4 + 6] = 3  # tile 2: marked solid
    cells[10 * 4 + 7] = 1  # tile 0: floor art
    return {
        "height": 8,
        "width": 10,
        "tilewidth": 32,
        "tileheight": 32,
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "type": "map",
        "version": 1.1,
        "tiledversion": "1.1.6",
        "nextobjectid": 9,
        "properties": {"title": "Old yard", "waves": 3, "gravity": 9.5},
        "propertytypes": {"title": "string", "waves": "int", "gravity": "float"},
        "layers": [
            {
                "data": cells,
                "height": 8,
                "width": 10,
                "name": "ground",
                "opacity": 1,
                "type": "tilelayer",
                "visible": True,
                "x": 0,
                "y": 0,
            },
            {
                "draworder": "topdown",
                "name": "Triggers",
                "objects": [
                    {
                        "id": 4,
                        "name": "door",
                        "type": "",
                        "x": 200,
                        "y": 40,
                        "width": 40,
                        "height": 20,
                        "rotation": 0,
                        "visible": True,
                        "properties": {"collides": "true"},
                    },
                    {
                        "id": 5,
                        "name": "zone",
                        "type": "",
                        "x": 40,
                        "y": 200,
                        "width": 40,
                        "height": 20,
                        "rotation": 0,
                        "visible": True,
                        "properties": {"collides": False},
                        "propertytypes": {"collides": "bool"},
                    },
                ],
                "opacity": 1,
                "type": "objectgroup",
                "visible": True,
                "x": 0,
                "y": 0,
            },
        ],
        "tilesets": [
            {
                "firstgid": 1,
                "name": "old",
                "image": "old.png",
                "imagewidth": 96,
                "imageheight": 32,
                "tilewidth": 32,
                "tileheight": 32,
                "margin": 0,
                "spacing": 0,
                "columns": 3,
                "tilecount": 3,
                "properties": {"material": "stone"},
                "propertytypes": {"material": "string"},
                "tiles": {
                    "1": {
                        "objectgroup": {
                            "draworder": "index",
                            "name": "",
                            "objects": [
                                {
                                    "id": 1,
                                    "name": "",
                                    "type": "",
                                    "x": 0,
                                    "y": 0,
                                    "width": 32,
                                    "height": 16,
                                    "rotation": 0,
                                    "visible": True,
                                }
                            ],
                            "opacity": 1,
                            "type": "objectgroup",
                            "visible": True,
                            "x": 0,
                            "y": 0,
                        }
                    }
                },
                "tileproperties": {"2": {"solid": True, "hp": 4}},
                "tilepropertytypes": {"2": {"solid": "bool", "hp": "int"}},
            }
        ],
    }


def walls_and_properties(path):
    level, findings = read_level(path)
    assert level is not None, [str(f) for f in findings if f.severity == "error"]
    boxes = sorted(tuple(round(v, 6) for v in wall_geometry(w).bounds) for w in level.walls)
    return boxes, level.properties


def test_a_tiled_11_json_map_loads_its_old_properties_and_tiles(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old_map(tmp_path)))
    boxes, properties = walls_and_properties(path)
    # Tile 1's top-half box at (3, 2); tile 2's full box (solid, no shapes) at (6, 4); the door.
    assert boxes == [(96, 256 - 80, 128, 256 - 64), (192, 256 - 160, 224, 256 - 128), (200, 196, 240, 216)]
    assert properties["waves"] == 3 and properties["gravity"] == 9.5


@pytest.mark.usefixtures("tiled_tools")
def test_tiled_reads_the_old_json_as_the_loader_does(tmp_path):
    old = tmp_path / "old.json"
    old.write_text(json.dumps(old_map(tmp_path)))
    new = tmp_path / "new.tmj"
    runtime = tmp_path / "xdg"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    done = subprocess.run(
        ["tiled", "--export-map", "json", str(old), str(new)], env=env, capture_output=True, timeout=120
    )
    assert done.returncode == 0 and new.exists(), done.stderr
    saved = json.loads(new.read_text())
    assert isinstance(saved["properties"], list) and isinstance(saved["tilesets"][0]["tiles"], list)
    assert walls_and_properties(old) == walls_and_properties(new)
