"""Issue 24 item 5: a tileset image is judged by the size its own header gives, before anything decodes it.

A 0.5 MB PNG can claim 12,000 × 12,000 px (1.95 GB decoded) while its tileset declares 512 × 256;
it checked clean and the demo decoded it. Now the header is read (24 bytes of a PNG), and past
``MAX_IMAGE_AREA`` pixels one image, or ``MAX_IMAGES_AREA`` in all a map draws, is one line.
"""

from __future__ import annotations

import tracemalloc

from PIL import Image

from game.tiled import read_level
from game.tiled.limits import MAX_IMAGE_AREA, MAX_IMAGES_AREA
from game.tiled.tilesets import image_problem, image_size

from .maps import write
from .tilemaps import blocks, grid, png_claiming, tile_layer, tile_map


def test_the_size_of_a_png_comes_from_its_header_not_its_tileset(tmp_path):
    (tmp_path / "big.png").write_bytes(png_claiming(12_000, 12_000))
    assert image_size(tmp_path / "big.png") == (12_000, 12_000)


def test_other_formats_give_their_size_without_decoding(tmp_path):
    Image.new("RGB", (40, 30)).save(tmp_path / "a.gif")
    Image.new("RGB", (50, 20)).save(tmp_path / "a.bmp")
    assert image_size(tmp_path / "a.gif") == (40, 30) and image_size(tmp_path / "a.bmp") == (50, 20)
    (tmp_path / "junk.png").write_bytes(b"not an image at all")
    assert image_size(tmp_path / "junk.png") is None
    assert image_problem(tmp_path / "junk.png") is None  # the renderer's to show (a magenta checker)


def test_an_image_of_12000_px_a_side_declared_small_is_refused_where_it_is_painted(tmp_path):
    data = blocks(tmp_path)  # declares 128 × 64
    (tmp_path / "blocks.png").write_bytes(png_claiming(12_000, 12_000))
    path = write(
        tmp_path,
        tile_map(
            [tile_layer(1, "walls", grid(10, 8, {(1, 1): 1, (2, 2): 1}), 10, 8)], [{"firstgid": 1, **data}]
        ),
    )
    tracemalloc.start()
    level, findings = read_level(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert level is None and peak < 50 * 2**20
    lines = [str(f) for f in findings if f.severity == "error"]
    assert len(lines) == 1, lines
    assert "walls:tile-1,1 (blocks 0)" in lines[0]
    assert f"12,000 × 12,000 px, 144,000,000 pixels decoded; the limit is {MAX_IMAGE_AREA:,}" in lines[0]


def test_an_unused_oversized_image_is_a_warning_only(tmp_path):
    data = blocks(tmp_path)
    (tmp_path / "blocks.png").write_bytes(png_claiming(12_000, 12_000))
    level, findings = read_level(write(tmp_path, tile_map([], [{"firstgid": 1, **data}])))
    assert level is not None
    assert [f.severity for f in findings] == ["warning"] and "144,000,000 pixels" in findings[0].problem


def test_images_within_the_limit_one_by_one_but_not_together_are_refused(tmp_path):
    side = 4096
    tilesets = []
    for k, name in enumerate(("a", "b", "c")):
        data = blocks(tmp_path, name=name)
        data["image"] = f"{name}.png"
        (tmp_path / f"{name}.png").write_bytes(png_claiming(side, side))
        tilesets.append({"firstgid": 1 + 8 * k, **data})
    assert 3 * side * side > MAX_IMAGES_AREA >= 2 * side * side
    cells = grid(10, 8, {(0, 0): 1, (1, 0): 9, (2, 0): 17})
    level, findings = read_level(write(tmp_path, tile_map([tile_layer(1, "walls", cells, 10, 8)], tilesets)))
    lines = [str(f) for f in findings if f.severity == "error"]
    assert level is None and len(lines) == 1, lines
    assert (
        f"decode to {3 * side * side:,} pixels in all with 'c.png'" in lines[0]
        and "tile-2,0 (c 0)" in lines[0]
    )
