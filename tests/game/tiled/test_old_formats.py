"""Issue 22 §2: tilesets from Tiled before 0.15 have no ``tilecount`` or ``columns``: derived as Tiled
derives them, and "old format" said in one line only where they cannot be."""

from __future__ import annotations

from game.tiled import read_level

from . import maps
from .tilemaps import blocks, grid, tile_layer, tile_map

W, R = 10, 8


def test_an_atlas_without_tilecount_or_columns_derives_them_from_its_image(tmp_path):
    ts = {"firstgid": 1, **blocks(tmp_path)}  # a 128 x 64 atlas of 32 px tiles: 4 columns, 8 tiles
    del ts["tilecount"], ts["columns"]
    data = tile_map([tile_layer(1, "ground", grid(W, R, {(1, 1): 8, (2, 1): 1}), W, R)], [ts], W, R)
    level, findings = read_level(maps.write(tmp_path, data))
    assert level is not None, [str(f) for f in findings]
    tiles = level.tile_layers[0].tiles
    assert [(t.local_id, t.source) for t in tiles] == [(7, (96, 32, 32, 32)), (0, (0, 0, 32, 32))]


def test_an_atlas_with_margin_and_spacing_derives_the_count_tiled_does(tmp_path):
    ts = {"firstgid": 1, **blocks(tmp_path)}
    del ts["tilecount"], ts["columns"]
    ts.update(margin=1, spacing=2, imagewidth=1 + 32 + 2 + 32 + 1, imageheight=1 + 32 + 1)  # 2 x 1 tiles
    data = tile_map([tile_layer(1, "ground", grid(W, R, {(1, 1): 3}), W, R)], [ts], W, R)
    _, findings = read_level(maps.write(tmp_path, data))
    assert any(
        "tile id 3 is tile 2 of tileset 'blocks', which has no such tile" in f.problem for f in findings
    )


def test_a_tileset_without_tilecount_or_an_image_size_says_old_format(tmp_path):
    ts = {"firstgid": 1, **blocks(tmp_path)}
    del ts["tilecount"], ts["columns"], ts["imagewidth"], ts["imageheight"]
    data = tile_map([tile_layer(1, "ground", grid(W, R, {(1, 1): 1}), W, R)], [ts], W, R)
    level, findings = read_level(maps.write(tmp_path, data))
    errors = [f.problem for f in findings if f.severity == "error"]
    assert level is None and len(errors) == 1
    assert errors[0].startswith(
        "tileset 'blocks': old format (before Tiled 0.15): no 'tilecount' or 'columns'"
    )
