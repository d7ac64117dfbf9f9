"""Issue 22 §2: Tiled 1.9's sub-rectangle tiles (an image-collection tile that is a part of its image,
``x``/``y``/``width``/``height`` on the tile): drawn from that part, sized by it, collision in its frame.
Before, the whole image was used, so a shape landed as far off as the part was from the image's corner."""

from __future__ import annotations

from game.tiled import read_level

from . import maps
from .geometry import wall_geometry
from .tilemaps import grid, png, shape, tile, tile_layer, tile_map, tileset, tsx_text


def sheet(tmp_path, **sub) -> dict:
    png(tmp_path, "sheet.png", 1040, 64)
    entry = tile(0, shape(1, x=0, y=0, w=32, h=32), image=("sheet.png", 1040, 64))
    entry.update(sub)
    return {"firstgid": 1, **tileset("parts", [entry], columns=0, count=1, image=None)}


def painted_once(tmp_path, tileset_entry: dict):
    """A 10 x 8 map with tile 1 of ``tileset_entry`` painted at cell (3, 2), read."""
    data = tile_map([tile_layer(1, "ground", grid(10, 8, {(3, 2): 1}), 10, 8)], [tileset_entry], 10, 8)
    return read_level(maps.write(tmp_path, data))


def test_a_sub_rectangle_tile_is_drawn_from_its_part_and_collides_where_it_is_painted(tmp_path):
    level, findings = painted_once(tmp_path, sheet(tmp_path, x=1008, y=32, width=32, height=32))
    assert level is not None, [str(f) for f in findings]
    (placed,) = level.tile_layers[0].tiles
    assert placed.source == (1008, 32, 32, 32) and (placed.width, placed.height) == (32, 32)
    (wall,) = level.walls
    assert wall_geometry(wall).bounds == (96, 256 - 96, 128, 256 - 64)  # cell (3, 2), not 1,008 px off


def test_a_sub_rectangle_outside_its_image_is_one_line(tmp_path):
    level, findings = painted_once(tmp_path, sheet(tmp_path, x=1020, y=0, width=32, height=32))
    errors = [f.problem for f in findings if f.severity == "error"]
    assert level is None and errors == [
        "tileset 'parts': tile 0: its sub-rectangle x 1020, y 0, 32 x 32 must be "
        "whole pixels inside its 1040 x 64 image"
    ]


def test_a_tsx_sub_rectangle_reads_the_same(tmp_path):
    ts = sheet(tmp_path, x=1008, y=32, width=32, height=32)
    text = tsx_text(ts).replace('<tile id="0"', '<tile id="0" x="1008" y="32" width="32" height="32"')
    (tmp_path / "parts.tsx").write_text(text)
    data = tile_map(
        [tile_layer(1, "ground", grid(10, 8, {(3, 2): 1}), 10, 8)],
        [{"firstgid": 1, "source": "parts.tsx"}],
        10,
        8,
    )
    level, findings = read_level(maps.write(tmp_path, data))
    assert level is not None, [str(f) for f in findings]
    assert level.tile_layers[0].tiles[0].source == (1008, 32, 32, 32)
