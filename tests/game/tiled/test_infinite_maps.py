"""Issue 22 §2: infinite maps (tile layers in chunks) are read as their chunks' union, within the limits.

Tiled saves an infinite map's tile layers as chunks at any cell, negative ones too; objects stay in
Tiled's pixels from cell (0, 0). The loader reads the union of the chunks as the map (as Tiled's own
``tmxrasterizer`` renders it), moving objects with it; the oracle is that render.
"""

from __future__ import annotations

import pytest
from shapely.geometry import Point
from shapely.ops import unary_union

from game.tiled import read_level

from . import maps
from .geometry import wall_geometry
from .render import tiled_alpha
from .tilemaps import blocks, encode, tile_map

T = 32


def chunk(x: int, y: int, cells: dict[tuple[int, int], int], encoding: str = "csv") -> dict:
    gids = [cells.get((c, r), 0) for r in range(16) for c in range(16)]
    data = encode(gids, "zlib") if encoding == "base64" else gids
    return {"x": x, "y": y, "width": 16, "height": 16, "data": data}


def infinite_map(tmp_path, encoding: str = "csv") -> dict:
    chunks = [
        chunk(-16, -16, {(15, 15): 1, (14, 15): 1, (3, 4): 5}, encoding),
        chunk(0, 0, {(0, 0): 1, (5, 2): 1, (6, 2): 1, (7, 2): 1}, encoding),
    ]
    layer = {
        "id": 1,
        "name": "walls",
        "type": "tilelayer",
        "x": 0,
        "y": 0,
        "startx": -16,
        "starty": -16,
        "width": 32,
        "height": 32,
        "opacity": 1,
        "visible": True,
        "chunks": chunks,
    }
    if encoding == "base64":
        layer.update(encoding="base64", compression="zlib")
    data = tile_map([layer], [{"firstgid": 1, **blocks(tmp_path)}], 30, 20, start=(-100, -100))
    data["infinite"] = True
    data["layers"].append(maps.layer(5, "Collision", [maps.rect(50, 64, 64, 32, 32, name="box")]))
    return data


@pytest.mark.parametrize("encoding", ["csv", "base64"])
def test_an_infinite_map_is_its_chunks_union_with_objects_moved_along(tmp_path, encoding):
    level, findings = read_level(maps.write(tmp_path, infinite_map(tmp_path, encoding)))
    assert level is not None, [str(f) for f in findings if f.severity == "error"]
    assert (level.width, level.height) == (32 * T, 32 * T)
    assert ("info", "map is infinite: read as its chunks' 32 × 32 tiles from cell (-16, -16)") in [
        (f.severity, f.problem) for f in findings
    ]
    # Tiled cell (0, 0) is now cell (16, 16): 512 px from the left and the top; world y is up.
    box = next(w for w in level.walls if w.name == "box")
    assert wall_geometry(box).bounds == (512 + 64, 1024 - 512 - 96, 512 + 96, 1024 - 512 - 64)
    cell = unary_union([wall_geometry(w) for w in level.walls if w.tile is not None])
    assert cell.contains(Point(512 + 16, 1024 - 512 - 16))  # Tiled's cell (0, 0)
    assert cell.contains(Point(15 * T + 16, 1024 - 15 * T - 16))  # Tiled's cell (-1, -1)
    assert abs(cell.area - 7 * T * T) < 1e-6  # the floor tile too: the layer is named "walls"


def test_chunks_spanning_past_the_size_limit_are_refused_before_decoding(tmp_path):
    data = infinite_map(tmp_path)
    data["layers"][0]["chunks"].append(chunk(4000, 4000, {(0, 0): 1}))
    level, findings = read_level(maps.write(tmp_path, data))
    errors = [f.problem for f in findings if f.severity == "error"]
    assert level is None
    assert errors == [
        f"map {side} is 129,024 px (4,032 tiles of 32 px); the limit is 32,768 px a side"
        for side in ("width", "height")
    ]


@pytest.mark.usefixtures("tiled_tools")
def test_an_infinite_map_is_solid_where_tiled_draws_its_tiles(tmp_path):
    path = maps.write(tmp_path, infinite_map(tmp_path))
    level, _ = read_level(path)
    alpha = tiled_alpha(path, "walls", tmp_path)
    assert alpha.shape == (1024, 1024)
    solid = unary_union([wall_geometry(w) for w in level.walls if w.tile is not None])
    for row in range(16, 1024, 32):
        for col in range(16, 1024, 32):
            assert (alpha[row, col] > 0) == solid.contains(Point(col, 1024 - row)), (col, row)
