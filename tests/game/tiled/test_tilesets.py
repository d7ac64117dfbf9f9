"""Tilesets read from .tsj and .tsx files (and Tiled's own export), and refused in one line when bad."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import subprocess
from pathlib import Path

import pytest

from game.tiled.limits import MAX_TILE_POLYGON_POINTS, MAX_TILE_SHAPES, MAX_TILESET_BYTES, MAX_TILESET_TILES
from game.tiled.tilesets import TileShape, read_tileset, tileset_from_json

from .tilemaps import blocks, png, shape, tile, tileset, write_json

TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="blocks" tilewidth="32" tileheight="32" tilecount="8" columns="4">
 <tileoffset x="2" y="-3"/>
 <image source="blocks.png" width="128" height="64"/>
 <tile id="2" type="slope">
  <properties>
   <property name="radius" type="float" value="2"/>
   <property name="hard" type="bool" value="true"/>
   <property name="hp" type="int" value="7"/>
  </properties>
  <objectgroup draworder="index" id="2">
   <object id="1" name="ramp" x="0" y="0" rotation="15">
    <polygon points="0,0 32,0 0,32"/>
   </object>
   <object id="2" x="4" y="4" width="24" height="24">
    <ellipse/>
   </object>
   <object id="3" x="1" y="2" width="3" height="4"/>
   <object id="4" x="5" y="6">
    <polyline points="0,0 8,8"/>
   </object>
   <object id="5" x="9" y="9">
    <point/>
   </object>
  </objectgroup>
 </tile>
</tileset>
"""

TSJ_SAME = tileset(
    "blocks",
    [
        tile(
            2,
            shape(1, "polygon", 0, 0, rotation=15, points=[(0, 0), (32, 0), (0, 32)], name="ramp"),
            shape(2, "ellipse", 4, 4, 24, 24),
            shape(3, "rectangle", 1, 2, 3, 4),
            shape(4, "polyline", 5, 6, points=[(0, 0), (8, 8)]),
            shape(5, "point", 9, 9),
            properties=[
                {"name": "radius", "type": "float", "value": 2},
                {"name": "hard", "type": "bool", "value": True},
                {"name": "hp", "type": "int", "value": 7},
            ],
            cls="slope",
        )
    ],
    offset=(2, -3),
)


def errors(findings):
    return [str(f) for f in findings if f.severity == "error"]


def test_a_tsj_tileset_gives_its_grid_its_tiles_and_each_collision_shape_as_written(tmp_path):
    png(tmp_path, "blocks.png", 128, 64)
    ts, findings = read_tileset(write_json(tmp_path, "blocks.tsj", TSJ_SAME))
    assert findings == [] and ts is not None
    assert (ts.name, ts.first_gid, ts.tile_width, ts.tile_height, ts.columns, ts.tile_count) == (
        "blocks",
        0,
        32,
        32,
        4,
        8,
    )
    assert (
        ts.image == tmp_path / "blocks.png"
        and ts.tile_offset == (2, -3)
        and ts.path == tmp_path / "blocks.tsj"
    )
    slope = ts.tile(2)
    assert slope.type == "slope" and slope.properties == {"radius": 2.0, "hard": True, "hp": 7}
    assert slope.source == (64, 0, 32, 32) and (slope.width, slope.height) == (32, 32) and slope.image is None
    assert [s.kind for s in slope.shapes] == ["polygon", "ellipse", "rectangle", "polyline", "point"]
    assert slope.shapes[0] == TileShape(
        "polygon", 0.0, 0.0, 0.0, 0.0, 15.0, ((0, 0), (32, 0), (0, 32)), "ramp", 1, {}
    )
    assert slope.shapes[2] == TileShape("rectangle", 1.0, 2.0, 3.0, 4.0, 0.0, (), "", 3, {})
    assert isinstance(slope.properties["radius"], float)


def test_an_atlas_tile_without_an_entry_is_made_from_the_grid_and_one_past_the_end_is_a_key_error(tmp_path):
    png(tmp_path, "blocks.png", 128, 64)
    ts, _ = read_tileset(write_json(tmp_path, "blocks.tsj", TSJ_SAME))
    assert ts.tile(7).source == (96, 32, 32, 32) and ts.tile(7).shapes == () and 7 not in ts.tiles
    with pytest.raises(KeyError):
        ts.tile(8)


def test_margin_and_spacing_move_each_tile_in_the_atlas(tmp_path):
    data = {**TSJ_SAME, "margin": 1, "spacing": 2}
    ts, _ = read_tileset(write_json(tmp_path, "blocks.tsj", data))
    assert ts.tile(5).source == (1 + 1 * 34, 1 + 1 * 34, 32, 32)


def test_the_same_tileset_as_tsx_reads_the_same_as_tsj(tmp_path):
    png(tmp_path, "blocks.png", 128, 64)
    (tmp_path / "blocks.tsx").write_text(TSX)
    from_json, _ = read_tileset(write_json(tmp_path, "blocks.tsj", TSJ_SAME))
    from_xml, findings = read_tileset(tmp_path / "blocks.tsx")
    assert findings == []
    assert dataclasses.replace(from_xml, path=None) == dataclasses.replace(from_json, path=None)


def test_tileds_own_tsx_export_of_a_tsj_reads_the_same(tmp_path, tiled_tools):
    png(tmp_path, "blocks.png", 128, 64)
    source = write_json(tmp_path, "blocks.tsj", TSJ_SAME)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    subprocess.run(
        [tiled_tools.tiled, "--export-tileset", "tsx", str(source), str(tmp_path / "out.tsx")],
        check=True,
        env=env,
        capture_output=True,
        timeout=60,
    )
    from_json, _ = read_tileset(source)
    exported, findings = read_tileset(tmp_path / "out.tsx")
    assert errors(findings) == []
    assert dataclasses.replace(exported, path=None) == dataclasses.replace(from_json, path=None)


def test_an_image_collection_gives_each_tile_its_own_image_and_size(tmp_path):
    png(tmp_path, "art/player.png", 40, 24)
    data = tileset(
        "actors",
        [
            tile(0, shape(1, "ellipse", 0, 0, 40, 24), cls="player", image=("art/player.png", 40, 24)),
            tile(3, image=("art/player.png", 40, 24)),
        ],
        count=2,
        image=None,
    )
    ts, findings = read_tileset(write_json(tmp_path, "actors.tsj", data))
    assert findings == [] and ts.image is None
    player = ts.tile(0)
    assert (player.image, player.source, player.width, player.height) == (
        tmp_path / "art/player.png",
        (0, 0, 40, 24),
        40,
        24,
    )
    assert ts.tile(3).type == "" and player.type == "player"
    with pytest.raises(KeyError):
        ts.tile(1)


def test_an_embedded_tileset_takes_its_images_from_the_maps_folder_and_its_first_gid(tmp_path):
    data = blocks(tmp_path)
    ts = tileset_from_json(data, tmp_path, first_gid=17, file="map.tmj")
    assert ts.first_gid == 17 and ts.path is None and ts.image == tmp_path / "blocks.png"


def test_a_missing_image_is_a_warning_naming_the_tileset_and_the_image(tmp_path):
    ts, findings = read_tileset(write_json(tmp_path, "blocks.tsj", TSJ_SAME))
    assert ts is not None
    assert [(f.severity, str(f)) for f in findings] == [
        (
            "warning",
            f"{tmp_path / 'blocks.tsj'}: tileset 'blocks': image '{tmp_path / 'blocks.png'}' not found",
        )
    ]


BAD = {
    "not JSON": ("{", "not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
    "not a tileset": (json.dumps({"type": "map"}), "not a Tiled tileset: its type is 'map'"),
    "a tile size of zero": (
        json.dumps({**TSJ_SAME, "tilewidth": 0}),
        "tileset 'blocks': 'tilewidth' is 0; it must be 1 to 2,048",
    ),
    "too many tiles": (
        json.dumps({**TSJ_SAME, "tilecount": MAX_TILESET_TILES + 1}),
        f"tileset 'blocks': 'tilecount' is {MAX_TILESET_TILES + 1:,}; it must be 0 to {MAX_TILESET_TILES:,}",
    ),
    "too many shapes": (
        json.dumps(
            tileset("blocks", [tile(1, *[shape(k, x=1, y=1, w=2, h=2) for k in range(MAX_TILE_SHAPES + 1)])])
        ),
        f"tileset 'blocks': tile 1 has {MAX_TILE_SHAPES + 1} collision objects; the limit is "
        f"{MAX_TILE_SHAPES}",
    ),
    "too many points": (
        json.dumps(
            tileset(
                "blocks",
                [
                    tile(
                        1,
                        shape(1, "polygon", points=[(k, k * k) for k in range(MAX_TILE_POLYGON_POINTS + 1)]),
                    )
                ],
            )
        ),
        f"tileset 'blocks': tile 1: a collision polygon has "
        f"{MAX_TILE_POLYGON_POINTS + 1:,} points; the limit is "
        f"{MAX_TILE_POLYGON_POINTS:,}",
    ),
    "a template": (
        json.dumps(tileset("blocks", [tile(1, {**shape(4), "template": "crate.tj"})])),
        "tileset 'blocks': tile 1, collision object 4: uses an object template; templates are not read: "
        "detach it in Tiled",
    ),
    # Kept and named where it is read, as a map's (before: "holds a number that is not finite (NaN)").
    "a NaN": (
        json.dumps({**TSJ_SAME, "tilewidth": math.nan}),
        "tileset 'blocks': 'tilewidth' must be a whole number, got nan",
    ),
    "a control character in an image path": (
        json.dumps({**TSJ_SAME, "image": "a\nb.png"}),
        "tileset 'blocks': an image path holds control characters ('a\\nb.png')",
    ),
    "a listed tile twice": (
        json.dumps(tileset("blocks", [tile(1), tile(1)])),
        "tileset 'blocks': tile 1 is listed twice",
    ),
    "a bad property": (
        json.dumps(tileset("blocks", [tile(1, properties=[{"name": "r", "type": "float", "value": "big"}])])),
        "tileset 'blocks': tile 1: property 'r' of type 'float' has the value 'big'",
    ),
    "a shape off the limits": (
        json.dumps(tileset("blocks", [tile(1, shape(3, x=1e9, w=1, h=1))])),
        "tileset 'blocks': tile 1, collision object 3: 'x' must be a finite number within "
        "1,000,000, got 1000000000.0",
    ),
    "broken XML": (
        "<tileset",
        "not a Tiled tileset: the XML does not parse (unclosed token: line 1, column 0)",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_tileset_is_refused_in_one_line_naming_the_file_and_the_problem(tmp_path, case):
    text, problem = BAD[case]
    path = tmp_path / "bad.tsj"
    path.write_text(text)
    ts, findings = read_tileset(path)
    assert ts is None
    assert errors(findings) == [f"{path}: {problem}"]


def test_a_missing_a_folder_a_fifo_and_a_huge_tileset_are_refused_unopened(tmp_path):
    assert errors(read_tileset(tmp_path / "none.tsj")[1]) == [
        f"{tmp_path / 'none.tsj'}: tileset file not found"
    ]
    assert errors(read_tileset(tmp_path)[1]) == [f"{tmp_path}: is a folder, not a tileset file"]
    os.mkfifo(tmp_path / "pipe.tsj")
    assert errors(read_tileset(tmp_path / "pipe.tsj")[1]) == [
        f"{tmp_path / 'pipe.tsj'}: is a pipe (FIFO), not a tileset file"
    ]
    big = tmp_path / "big.tsj"
    with open(big, "wb") as out:
        out.truncate(MAX_TILESET_BYTES + 1)
    assert errors(read_tileset(big)[1]) == [
        f"{big}: is {MAX_TILESET_BYTES + 1:,} bytes; the limit is {MAX_TILESET_BYTES:,}"
    ]


def test_a_tileset_file_is_read_through_safe_read(tmp_path, monkeypatch):
    import game.tiled.tilesets as module

    seen = []

    def spy(path, limit):
        seen.append((Path(path), limit))
        return b"{}"

    monkeypatch.setattr(module, "read_bytes", spy)
    read_tileset(tmp_path / "x.tsj")  # missing: never opened
    (tmp_path / "x.tsj").write_text("{}")
    read_tileset(tmp_path / "x.tsj")
    assert seen == [(tmp_path / "x.tsj", MAX_TILESET_BYTES)]
