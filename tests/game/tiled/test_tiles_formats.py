"""One level however Tiled stores it: CSV, base64, zlib, gzip, JSON or TMX, tilesets embedded or in .tsj/.tsx files."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from game.tiled import read_level

from .maps import group, write
from .tilemaps import D, H, V, blocks, grid, tile_layer, tile_map, tmx_text, tsx_text

W, R = 10, 8
CELLS = {
    (0, 0): 1,
    (1, 0): 1,
    (2, 0): 1,
    (5, 1): 2 | H,
    (6, 2): 3 | D,
    (7, 3): 4 | V,
    (2, 5): 6 | H | V | D,
    (3, 5): 5,
    (8, 7): 7,
    (9, 7): 8 | D | H,
    (4, 4): 5,
}
FLOOR = {(c, r): 5 for c in range(W) for r in range(R) if (c + r) % 3 == 0}


def layers(encoding="csv", compression=""):
    return [
        tile_layer(1, "floor", grid(W, R, FLOOR), W, R, encoding, compression, opacity=0.75),
        group(
            2,
            "g",
            [tile_layer(3, "walls", grid(W, R, CELLS), W, R, encoding, compression, offset=(4, 6))],
            offset=(-2, 3),
        ),
    ]


def same(a, findings, b):
    """The parts of a level that come from its map (walls, tiles, markers, not its path) and its findings."""
    b, expected = b
    assert [(f.severity, str(f.tile), f.problem) for f in findings] == expected
    assert a is not None and b is not None
    assert a.walls == b.walls
    assert a.tile_layers == b.tile_layers
    assert (a.player_start, a.width, a.height) == (b.player_start, b.width, b.height)


@pytest.fixture
def reference(tmp_path):
    data = tile_map(layers(), [{"firstgid": 1, **blocks(tmp_path)}], W, R)
    level, findings = read_level(write(tmp_path, data, "reference.tmj"))
    assert [f for f in findings if f.severity == "error"] == []
    assert len(level.walls) > 5 and sum(len(t.tiles) for t in level.tile_layers) == len(CELLS) + len(FLOOR)
    # The group offset takes two tiles of the bottom-right corner partly off the map: said the same way by each.
    assert [str(f.tile) for f in findings] == ["walls:tile-8,7 (blocks 6)", "walls:tile-9,7 (blocks 7)"]
    return level, [(f.severity, str(f.tile), f.problem) for f in findings]


@pytest.mark.parametrize("encoding,compression", [("base64", ""), ("base64", "zlib"), ("base64", "gzip")])
def test_base64_zlib_and_gzip_cells_give_the_level_csv_gives(tmp_path, reference, encoding, compression):
    data = tile_map(layers(encoding, compression), [{"firstgid": 1, **blocks(tmp_path)}], W, R)
    level, findings = read_level(write(tmp_path, data, f"{compression or 'plain'}.tmj"))
    same(level, findings, reference)


@pytest.mark.parametrize("source", ["blocks.tsj", "blocks.tsx"])
def test_an_external_tileset_gives_the_walls_of_the_same_tileset_embedded(tmp_path, reference, source):
    fields = blocks(tmp_path)
    (tmp_path / "blocks.tsj").write_text(json.dumps(fields))
    (tmp_path / "blocks.tsx").write_text(tsx_text(fields))
    data = tile_map(layers(), [{"firstgid": 1, "source": source}], W, R)
    level, findings = read_level(write(tmp_path, data, "external.tmj"))
    same(level, findings, reference)


@pytest.mark.parametrize(
    "encoding,compression", [("csv", ""), ("base64", ""), ("base64", "zlib"), ("base64", "gzip"), ("xml", "")]
)
@pytest.mark.parametrize("tilesets", ["embedded", "tsx", "tsj"])
def test_a_tmx_map_gives_the_level_its_json_twin_gives(tmp_path, reference, encoding, compression, tilesets):
    fields = blocks(tmp_path)
    (tmp_path / "blocks.tsj").write_text(json.dumps(fields))
    (tmp_path / "blocks.tsx").write_text(tsx_text(fields))
    element = {
        "embedded": tsx_text(fields, 1),
        "tsx": '<tileset firstgid="1" source="blocks.tsx"/>',
        "tsj": '<tileset firstgid="1" source="blocks.tsj"/>',
    }[tilesets]
    data = tile_map(layers(), [], W, R)
    path = tmp_path / "map.tmx"
    path.write_text(tmx_text(data, encoding, compression, [element]))
    level, findings = read_level(path)
    same(level, findings, reference)


@pytest.mark.parametrize("command", [["--export-map", "tmx"], ["--export-map", "--embed-tilesets", "json"]])
def test_tileds_own_export_of_the_map_loads_as_the_same_level(tmp_path, reference, tiled_tools, command):
    fields = blocks(tmp_path)
    (tmp_path / "blocks.tsj").write_text(json.dumps(fields))
    source = write(
        tmp_path,
        tile_map(layers("base64", "zlib"), [{"firstgid": 1, "source": "blocks.tsj"}], W, R),
        "external.tmj",
    )
    out = tmp_path / ("out.tmx" if "tmx" in command else "out.tmj")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    subprocess.run(
        [tiled_tools.tiled, *command, str(source), str(out)],
        check=True,
        env=env,
        capture_output=True,
        timeout=60,
    )
    level, findings = read_level(out)
    same(level, findings, reference)
