"""Bad tile data is one line naming the file, the layer, the cell and the tile (``file:layer:tile-x,y (set id)``)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from game.tiled import read_level

from .maps import group, layer, point, tiled_map, write
from .tilemaps import D, H, V, blocks, encode, grid, png, shape, tile, tile_layer, tile_map, tileset

W, R = 10, 8


def findings_of(tmp_path, layers, tilesets=None, **fields):
    data = tile_map(
        layers, tilesets if tilesets is not None else [{"firstgid": 1, **blocks(tmp_path)}], W, R, **fields
    )
    path = write(tmp_path, data)
    level, findings = read_level(path)
    assert (level is None) == any(f.severity == "error" for f in findings)
    return path, [(f.severity, str(f)) for f in findings]


def walls(gids, **fields):
    return [tile_layer(1, "walls", gids, W, R, **fields)]


def test_a_tile_id_with_no_tileset_names_its_first_cell_and_how_many_more(tmp_path):
    ts = {"firstgid": 5, **blocks(tmp_path)}
    path, found = findings_of(tmp_path, walls(grid(W, R, {(2, 1): 3, (7, 6): 3})), [ts])
    assert found == [
        (
            "error",
            f"{path}:walls:tile-2,1: tile id 3 belongs to no tileset (the first starts at 5) "
            "(and 1 more cells)",
        )
    ]


def test_a_tile_id_past_the_end_of_its_tileset_is_one_line(tmp_path):
    path, found = findings_of(tmp_path, walls(grid(W, R, {(0, 3): 20})))
    assert found == [
        ("error", f"{path}:walls:tile-0,3: tile id 20 is tile 19 of tileset 'blocks', which has no such tile")
    ]


def test_a_map_without_tilesets_says_so(tmp_path):
    path, found = findings_of(tmp_path, walls(grid(W, R, {(4, 4): 1})), [])
    assert found == [("error", f"{path}:walls:tile-4,4: tile id 1 belongs to no tileset (the map has none)")]


def test_a_missing_tileset_image_is_an_error_at_the_first_cell_that_uses_it(tmp_path):
    data = blocks(tmp_path)
    (tmp_path / "blocks.png").unlink()
    path, found = findings_of(
        tmp_path, walls(grid(W, R, {(1, 1): 1, (2, 1): 2, (3, 3): 1})), [{"firstgid": 1, **data}]
    )
    image = tmp_path / "blocks.png"
    assert found == [
        ("warning", f"{path}: tileset 'blocks': image '{image}' not found"),
        (
            "error",
            f"{path}:walls:tile-1,1 (blocks 0): tileset image: image '{image}' not found (and 2 more cells)",
        ),
    ]


def test_an_infinite_maps_chunks_are_read_as_their_union(tmp_path):
    # Issue 22: infinite maps were refused; now the chunks' union is the map (tests/game/tiled/test_infinite_maps.py).
    chunked = {
        "id": 1,
        "name": "ground",
        "type": "tilelayer",
        "width": 32,
        "height": 32,
        "startx": -16,
        "starty": 0,
        "x": 0,
        "y": 0,
        "opacity": 1,
        "visible": True,
        "chunks": [
            {"x": -16, "y": 0, "width": 16, "height": 16, "data": [1] * 256},
            {"x": 0, "y": 0, "width": 16, "height": 16, "data": [1] * 256},
        ],
    }
    path, found = findings_of(tmp_path, [chunked], infinite=True)
    assert ("info", f"{path}: map is infinite: read as its chunks' 32 × 16 tiles from cell (-16, 0)") in found
    assert not [line for severity, line in found if severity == "error"]


def test_an_infinite_tmx_maps_chunks_are_read_too(tmp_path):
    png(tmp_path, "blocks.png", 128, 64)
    (tmp_path / "blocks.tsj").write_text(json.dumps(blocks(tmp_path)))
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" '
        'renderorder="right-down" width="10" height="8" tilewidth="32" tileheight="32" infinite="1" '
        'nextlayerid="3" nextobjectid="3">\n <tileset firstgid="1" source="blocks.tsj"/>\n'
        ' <layer id="1" name="ground" width="10" height="8"><data encoding="csv">'
        f'<chunk x="16" y="-16" width="16" height="16">{",".join(["1"] * 256)}</chunk></data></layer>\n'
        ' <objectgroup id="2" name="player"><object id="2" name="start" x="600" y="-500"><point/></object>'
        "</objectgroup>\n</map>\n"
    )
    path = tmp_path / "map.tmx"
    path.write_text(text)
    level, findings = read_level(path)
    assert level is not None, [str(f) for f in findings]
    assert (level.width, level.height) == (512, 512) and len(level.walls) == 1  # one merged 16 x 16 block
    # The start, at Tiled (600, -500), is 88 px right of the chunk's left (512 px) and 12 px below its top.
    assert (level.player_start.x, level.player_start.y) == (88, 512 - 12)


def test_an_unknown_compression_is_one_line_naming_the_layer(tmp_path):
    layer_ = tile_layer(1, "walls", grid(W, R, {}), W, R, encoding="base64")
    layer_["compression"] = "zstd"
    path, found = findings_of(tmp_path, [layer_])
    assert found == [
        (
            "error",
            f"{path}: tile layer 'walls': unknown compression 'zstd': the game reads base64 "
            "uncompressed, zlib or gzip (Map > Map Properties > Tile Layer Format)",
        )
    ]


def test_a_flip_that_takes_a_hitbox_off_the_map_is_named_with_its_flip(tmp_path):
    # A 64 px tall post whose hitbox is its top 16 px: in the top row it sticks out of the map by 32 px; flipped
    # vertically its hitbox is at the bottom of the image, inside the map.
    png(tmp_path, "post.png", 32, 64)
    ts = tileset(
        "posts", [tile(0, shape(1, x=0, y=0, w=32, h=16), image=("post.png", 32, 64))], count=1, image=None
    )
    path, found = findings_of(
        tmp_path,
        walls(grid(W, R, {(3, 0): 1 | V, (5, 7): 1 | D | H, (6, 7): 1 | D | H})),
        [{"firstgid": 1, **ts}],
    )
    # D+H turns it a quarter clockwise, 64 wide from its cell's left, and its hitbox (the source's top 16 px)
    # becomes its right 16 px: x 208..224 at column 5, 240..256 at column 6, inside the 320 px map; at column 9
    # it is 336..352, 32 px out.
    assert found == []
    path, found = findings_of(
        tmp_path, walls(grid(W, R, {(3, 0): 1, (9, 7): 1 | D | H})), [{"firstgid": 1, **ts}]
    )
    assert found == [
        ("warning", f"{path}:walls:tile-3,0 (posts 0): its hitbox leaves the map (320 × 256 px) by 32 px"),
        (
            "warning",
            f"{path}:walls:tile-9,7 (posts 0): its hitbox leaves the map (320 × 256 px) after its flip "
            "(H+D) by 32 px",
        ),
    ]
    level, findings = read_level(path)
    # A warning for the game and the checker alike: the part outside blocks nothing anyone can reach.
    assert level is not None and all((f.code, f.severity) == ("outside-map", "warning") for f in findings)


def test_a_self_intersecting_collision_polygon_is_said_as_the_object_layers_say_it(tmp_path):
    bow = tileset(
        "bad",
        [tile(0, shape(3, "polygon", 0, 0, points=[(0, 0), (32, 32), (32, 0), (0, 32)], name="bow"))],
        columns=1,
        count=1,
        image="bad.png",
    )
    png(tmp_path, "bad.png", 32, 32)
    path, found = findings_of(
        tmp_path, walls(grid(W, R, {(1, 2): 1 | H, (2, 2): 1})), [{"firstgid": 1, **bow}]
    )
    # Said once for the tile, flipped or not, in the tile's own pixels (where the collision editor shows it).
    assert found == [
        (
            "error",
            f"{path}:walls:tile-1,2 (bad 0): collision object 3 (bow): polygon self-intersects: "
            "two of its edges cross near tile pixel (16, 16) (and 1 more cells)",
        )
    ]


def test_a_zero_size_collision_rectangle_is_one_line(tmp_path):
    flat = tileset("flat", [tile(0, shape(2, x=4, y=4, w=0, h=8))], columns=1, count=1, image="flat.png")
    png(tmp_path, "flat.png", 32, 32)
    path, found = findings_of(tmp_path, walls(grid(W, R, {(1, 2): 1})), [{"firstgid": 1, **flat}])
    assert found == [
        ("error", f"{path}:walls:tile-1,2 (flat 0): collision object 2: rectangle has zero size (0 x 8)")
    ]


BAD_DATA = {
    "too few cells": ({"data": [0] * 79}, "has 79 cells; its width × height is 80"),
    "a cell that is text": ({"data": ["1"] + [0] * 79}, "a cell is '1', not a tile id"),
    "a cell past 32 bits": (
        {"data": [2**32] + [0] * 79},
        "a cell is 4294967296; tile ids are 0 to 4,294,967,295",
    ),
    "a negative cell": ({"data": [-1] + [0] * 79}, "a cell is -1; tile ids are 0 to 4,294,967,295"),
    "no data": ({"data": None}, "has no tile data"),
    "bad base64": (
        {"encoding": "base64", "compression": "", "data": "!!!!" * 107},
        "base64 data is not valid base64",
    ),
    "short base64": (
        {"encoding": "base64", "compression": "", "data": encode([0] * 40)},
        "data is 160 bytes; 80 cells are 320",
    ),
    "corrupt zlib": (
        {
            "encoding": "base64",
            "compression": "zlib",
            "data": base64.b64encode(b"\x78\x9c" + b"\xff" * 40).decode(),
        },
        "zlib data is corrupt (Error -3 while decompressing data: invalid block type)",
    ),
    # Stored (level 0): the 320 bytes as they are, then a 4-byte checksum; cut 104 bytes and 220 come out.
    "truncated zlib": (
        {
            "encoding": "base64",
            "compression": "zlib",
            "data": base64.b64encode(zlib.compress(bytes(320), 0)[:-104]).decode(),
        },
        "zlib data ends early (220 of 320 bytes)",
    ),
    "gzip named zlib": (
        {"encoding": "base64", "compression": "zlib", "data": encode([0] * 80, "gzip")},
        "zlib data is corrupt (Error -3 while decompressing data: incorrect header check)",
    ),
    "a size that is not a number": (
        {"width": "ten"},
        "'width' and 'height' must be whole numbers > 0, got 'ten' × 8",
    ),
    "compression without base64": ({"compression": "zlib"}, "compression 'zlib' needs base64 encoding"),
    "an unknown encoding": (
        {"encoding": "hex", "data": "00"},
        "tile data encoded as 'hex' (str) is not read; save it as CSV or base64",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_DATA))
def test_bad_tile_data_is_one_line_naming_the_layer(tmp_path, case):
    change, problem = BAD_DATA[case]
    layer_ = {**tile_layer(1, "walls", grid(W, R, {}), W, R), **change}
    path, found = findings_of(tmp_path, [layer_])
    assert found == [("error", f"{path}: tile layer 'walls': {problem}")]


def test_a_layer_of_another_size_than_the_map_is_one_line(tmp_path):
    path, found = findings_of(tmp_path, [tile_layer(1, "walls", [0] * 12, 4, 3)])
    assert found == [("error", f"{path}: tile layer 'walls' is 4 × 3 tiles; the map is 10 × 8")]


def test_a_cell_with_flip_bits_and_no_tile_is_one_line(tmp_path):
    path, found = findings_of(tmp_path, walls(grid(W, R, {(5, 5): H | V})))
    assert found == [("error", f"{path}:walls:tile-5,5: a cell holds only flip bits (0xc0000000), no tile")]


def test_the_hexagonal_rotation_bit_is_stripped_with_a_warning(tmp_path):
    data = tile_map(
        walls(grid(W, R, {(5, 5): 1 | 0x10000000, (6, 5): 1})), [{"firstgid": 1, **blocks(tmp_path)}], W, R
    )
    path = write(tmp_path, data)
    level, findings = read_level(path)
    assert [str(f) for f in findings] == [
        f"{path}:walls:tile-5,5: Tiled's hexagonal 120° rotation bit is set on 1 cells; ignored on an orthogonal map"
    ]
    assert len(level.walls) == 1 and level.walls[0].parts[0][0].points == (
        (-32.0, -16.0),
        (32.0, -16.0),
        (32.0, 16.0),
        (-32.0, 16.0),
    )


def test_two_tilesets_starting_at_the_same_gid_are_one_line(tmp_path):
    a, b = blocks(tmp_path, "a"), blocks(tmp_path, "b")
    path, found = findings_of(tmp_path, walls(grid(W, R, {})), [{"firstgid": 1, **a}, {"firstgid": 1, **b}])
    assert found == [("error", f"{path}: tilesets 'a' and 'b' both start at gid 1")]


def test_a_bad_embedded_tileset_names_the_map_file(tmp_path):
    bad = {**blocks(tmp_path), "tilewidth": -4}
    path, found = findings_of(tmp_path, walls(grid(W, R, {})), [{"firstgid": 1, **bad}])
    assert found == [("error", f"{path}: tileset 'blocks': 'tilewidth' is -4; it must be 1 to 2,048")]


def test_every_tile_finding_prints_as_one_line_whatever_the_names_hold(tmp_path):
    data = blocks(tmp_path, "evil\n\x1b[2Jset\u202e")
    evil = tile_layer(1, "lay\ner\u2028x", grid(W, R, {(1, 1): 1, (2, 2): 99}), W, R)
    path = write(
        tmp_path,
        tiled_map([evil, layer(2, "player", [point(9, "", 16, 16)])])
        | {"tilesets": [{"firstgid": 1, **data}]},
    )
    _, findings = read_level(path)
    [line] = [str(f) for f in findings]
    assert "\n" not in line and "\x1b" not in line and "\u2028" not in line
    assert (
        line
        == f"{path}:lay\\ner\\u2028x:tile-2,2: tile id 99 is tile 98 of tileset 'evil\\n\\x1b[2Jset\\u202e', "
        "which has no such tile"
    )


@pytest.mark.parametrize(
    "entry",
    [[{"firstgid": 1, "source": "blocks.tsj"}], 7, None, "blocks.tsj"],
    ids=["list", "number", "null", "text"],
)
def test_a_tileset_entry_that_is_not_an_object_is_one_line(tmp_path, entry):
    # Found by the fuzz suite: a list here was taken for a TMX element and the loader failed.
    path, found = findings_of(tmp_path, walls(grid(W, R, {})), [entry])
    assert found == [
        ("error", f"{path}: a tileset entry is {type(entry).__name__}, not an object with 'firstgid'")
    ]


def test_a_layer_offset_past_the_coordinate_limit_is_one_line(tmp_path):
    # Found by the fuzz suite (a TMX offsetx of 1e300): the walls loaded and the engine refused them in the checker.
    path, found = findings_of(tmp_path, [group(5, "g", walls(grid(W, R, {(1, 1): 1})), offset=(1e300, 0))])
    assert found == [
        ("error", f"{path}: layer 'g': offset (1e+300, 0) with its groups'; the limit is 1,000,000 px")
    ]


def test_a_tmx_map_whose_size_is_not_a_number_or_whose_encoding_is_unknown_is_one_line(tmp_path):
    # Found by the fuzz suite: the size was multiplied as text, and an unknown XML encoding raised LookupError.
    head = (
        '<map version="1.8" orientation="orthogonal" width="{w}" height="8" tilewidth="32" tileheight="32">'
    )
    path = tmp_path / "map.tmx"
    path.write_text('<?xml version="1.0"?>\n' + head.format(w="gzip") + "</map>")
    assert [str(f) for f in read_level(path)[1]] == [
        f"{path}: not a Tiled map: the map's 'width' is not a whole number ('gzip')"
    ]
    path.write_text('<?xml version="1.0" encoding="base64"?>\n' + head.format(w=10) + "</map>")
    assert [str(f) for f in read_level(path)[1]] == [
        f"{path}: not a Tiled map: the XML cannot be read ('base64' is not a text encoding; use codecs.decode() to "
        "handle arbitrary codecs)"
    ]
