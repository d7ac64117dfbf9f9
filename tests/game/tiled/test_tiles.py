"""Tile layers: each tile placed as Tiled places it (flips, anchoring, offsets), its collision objects as walls."""

from __future__ import annotations

import math

import pytest

from engine.collision import Circle, Ellipse, Polygon
from game.tiled import read_level
from game.tiled.tiles import flip_point

from .maps import TILE, group, write
from .tilemaps import BLOCK_TILES, D, H, V, blocks, grid, png, shape, tile, tile_layer, tile_map, tileset

W, R = 10, 8  # map size in tiles
MAP_H = R * TILE


def world_points(shape_, xf):
    """A convex polygon part's corners in the world."""
    x, y, a = xf
    c, s = math.cos(a), math.sin(a)
    return [(x + c * px - s * py, y + s * px + c * py) for px, py in shape_.points]


def tiled_px(points):
    """World points back in Tiled's map pixels (y down), rounded to 1e-6 for comparing."""
    return sorted((round(x, 6) + 0.0, round(MAP_H - y, 6) + 0.0) for x, y in points)


def bounds(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (round(min(xs), 6), round(max(xs), 6), round(min(ys), 6), round(max(ys), 6))


def load(tmp_path, layers, tilesets=None, merge=True, **fields):
    data = tile_map(
        layers, tilesets if tilesets is not None else [{"firstgid": 1, **blocks(tmp_path)}], W, R, **fields
    )
    level, findings = read_level(write(tmp_path, data), merge_tiles=merge)
    return level, findings


def errors(findings):
    return [str(f) for f in findings if f.severity == "error"]


# A right triangle with a long leg along the tile's top (0,0)-(32,0) and a short one down its left side to (0,16),
# and a box at x 4..24, y 2..10: neither is symmetric about any flip, so each flip moves them somewhere else.
FLIP_TILES = (
    tile(0, shape(1, "polygon", points=[(0, 0), (32, 0), (0, 16)])),
    tile(1, shape(1, x=4, y=2, w=20, h=8)),
    tile(2, shape(1, x=8, y=8, w=16, h=4, rotation=90)),
)

# Worked by hand from Tiled's rule (the diagonal flip swaps x and y, then H mirrors x, then V mirrors y, each in
# the 32 px tile): the triangle's corners and each box's x and y ranges, in the tile's pixels (y down).
TRIANGLE = {
    0: [(0, 0), (32, 0), (0, 16)],
    H: [(32, 0), (0, 0), (32, 16)],
    V: [(0, 32), (32, 32), (0, 16)],
    H | V: [(32, 32), (0, 32), (32, 16)],
    D: [(0, 0), (0, 32), (16, 0)],
    D | H: [(32, 0), (32, 32), (16, 0)],  # a quarter turn clockwise: the top edge becomes the right edge
    D | V: [(0, 32), (0, 0), (16, 32)],  # a quarter turn counter-clockwise
    D | H | V: [(32, 32), (32, 0), (16, 32)],
}
BOX = {
    0: (4, 24, 2, 10),
    H: (8, 28, 2, 10),
    V: (4, 24, 22, 30),
    H | V: (8, 28, 22, 30),
    D: (2, 10, 4, 24),
    D | H: (22, 30, 4, 24),
    D | V: (2, 10, 8, 28),
    D | H | V: (22, 30, 8, 28),
}
# The box at (8, 8), 16 × 4, turned 90° clockwise about (8, 8) covers x 4..8, y 8..24 unflipped.
TURNED = {
    0: (4, 8, 8, 24),
    H: (24, 28, 8, 24),
    V: (4, 8, 8, 24),
    H | V: (24, 28, 8, 24),
    D: (8, 24, 4, 8),
    D | H: (8, 24, 4, 8),
    D | V: (8, 24, 24, 28),
    D | H | V: (8, 24, 24, 28),
}
FLIPS = sorted(TRIANGLE)


def flip_name(bits: int) -> str:
    return "+".join(n for n, b in (("H", H), ("V", V), ("D", D)) if bits & b) or "none"


@pytest.mark.parametrize("bits", FLIPS, ids=[flip_name(b) for b in FLIPS])
def test_each_flip_moves_a_tiles_hitbox_to_the_hand_computed_corners(tmp_path, bits):
    col, row = 3, 2
    gids = grid(W, R, {(col, row): 1 | bits, (col + 2, row): 2 | bits, (col + 4, row): 3 | bits})
    ts = tileset("flips", FLIP_TILES, columns=3, count=3, image="flips.png")
    png(tmp_path, "flips.png", 96, 32)
    level, findings = load(tmp_path, [tile_layer(1, "walls", gids, W, R)], [{"firstgid": 1, **ts}])
    assert errors(findings) == []
    by_cell = {w.tile.col: w for w in level.walls}
    [(triangle, xf)] = by_cell[col].parts
    expected = sorted((col * TILE + u + 0.0, row * TILE + v + 0.0) for u, v in TRIANGLE[bits])
    assert tiled_px(world_points(triangle, xf)) == expected
    for at, table in ((col + 2, BOX), (col + 4, TURNED)):
        [(box, xf)] = by_cell[at].parts
        x0, x1, y0, y1 = bounds(tiled_px(world_points(box, xf)))
        ex0, ex1, ey0, ey1 = table[bits]
        assert (x0, x1, y0, y1) == (at * TILE + ex0, at * TILE + ex1, row * TILE + ey0, row * TILE + ey1)
    placed = {t.col: t for t in level.tile_layers[0].tiles}[col]
    assert (placed.flip_h, placed.flip_v, placed.flip_d) == (bool(bits & H), bool(bits & V), bool(bits & D))


def test_flip_point_is_the_rule_the_table_was_worked_from():
    for bits, corners in TRIANGLE.items():
        flipped = [
            flip_point(u, v, 32, 32, bool(bits & H), bool(bits & V), bool(bits & D)) for u, v in TRIANGLE[0]
        ]
        assert flipped == corners


def test_a_tile_walls_kind_is_tile_and_it_names_its_cell_and_tileset_tile(tmp_path):
    level, findings = load(tmp_path, [tile_layer(1, "walls", grid(W, R, {(4, 5): 4}), W, R)])
    assert errors(findings) == []
    [wall] = level.walls
    assert wall.kind == "tile" and str(wall.tile) == "walls:tile-4,5 (blocks 3)" and wall.object_id == 1
    [(part, xf)] = wall.parts
    assert isinstance(part, Circle) and part.radius == 12.0
    assert (xf[0], xf[1]) == (4 * TILE + 16.0, MAP_H - (5 * TILE + 16.0))


def test_every_collision_object_of_a_tile_is_a_wall_and_points_and_art_only_tiles_are_not(tmp_path):
    ts = tileset(
        "mixed",
        [
            tile(
                0,
                shape(1, x=0, y=0, w=8, h=8),
                shape(2, "ellipse", 10, 10, 6, 4),
                shape(3, "point", 5, 5),
                shape(
                    4,
                    "polyline",
                    0,
                    30,
                    points=[(0, 0), (32, 0)],
                    properties=[{"name": "thickness", "type": "float", "value": 2}],
                ),
            )
        ],
        columns=2,
        count=2,
        image="mixed.png",
    )
    png(tmp_path, "mixed.png", 64, 32)
    level, findings = load(
        tmp_path, [tile_layer(1, "t", grid(W, R, {(0, 0): 1, (1, 0): 2}), W, R)], [{"firstgid": 1, **ts}]
    )
    assert errors(findings) == []
    assert sorted(w.object_id for w in level.walls) == [1, 2, 4]
    kinds = {w.object_id: type(w.parts[0][0]).__name__ for w in level.walls}
    assert kinds == {1: "Polygon", 2: "Ellipse", 4: "Capsule"}
    assert len(level.tile_layers[0].tiles) == 2  # the art-only tile is drawn, with no wall


def test_a_tile_larger_than_the_grid_is_anchored_at_its_cells_bottom_left(tmp_path):
    png(tmp_path, "tree.png", 64, 96)
    ts = tileset(
        "props",
        [tile(0, shape(1, "ellipse", 0, 32, 64, 64), image=("tree.png", 64, 96))],
        count=1,
        image=None,
    )
    level, findings = load(
        tmp_path, [tile_layer(1, "props", grid(W, R, {(2, 5): 1}), W, R)], [{"firstgid": 1, **ts}]
    )
    assert errors(findings) == []
    [placed] = level.tile_layers[0].tiles
    # Cell (2, 5): its bottom-left is x 64, y 192 (Tiled px); the 64 × 96 image spans x 64..128, y 96..192.
    assert (placed.center_x, MAP_H - placed.center_y, placed.width, placed.height) == (
        96.0,
        144.0,
        64.0,
        96.0,
    )
    [(part, xf)] = level.walls[0].parts
    assert isinstance(part, Circle) and (xf[0], MAP_H - xf[1]) == (96.0, 160.0)


def test_a_diagonal_flip_turns_a_tall_tile_on_its_side_still_anchored_bottom_left(tmp_path):
    png(tmp_path, "post.png", 32, 64)
    ts = tileset(
        "posts", [tile(0, shape(1, x=0, y=0, w=32, h=16), image=("post.png", 32, 64))], count=1, image=None
    )
    level, _ = load(
        tmp_path, [tile_layer(1, "p", grid(W, R, {(2, 5): 1 | D}), W, R)], [{"firstgid": 1, **ts}]
    )
    [placed] = level.tile_layers[0].tiles
    # Drawn 64 wide and 32 tall from the cell's bottom-left (x 64, y 192): x 64..128, y 160..192.
    assert (placed.center_x, MAP_H - placed.center_y) == (96.0, 176.0) and (placed.width, placed.height) == (
        32,
        64,
    )
    [(box, xf)] = level.walls[0].parts
    # The top 16 px of the source (y 0..16) becomes its left 16 px after the swap: x 64..80, y 160..192.
    assert bounds(tiled_px(world_points(box, xf))) == (64.0, 80.0, 160.0, 192.0)


def test_the_tileset_offset_and_the_layer_and_group_offsets_move_tiles_and_their_walls(tmp_path):
    data = blocks(tmp_path, offset=(3, -5))
    layers = [
        group(
            5, "g", [tile_layer(1, "walls", grid(W, R, {(1, 1): 1}), W, R, offset=(10, 20))], offset=(100, 7)
        )
    ]
    level, findings = load(tmp_path, layers, [{"firstgid": 1, **data}])
    assert errors(findings) == []
    [placed] = level.tile_layers[0].tiles
    dx, dy = 3 + 10 + 100, -5 + 20 + 7
    assert (placed.center_x, MAP_H - placed.center_y) == (48.0 + dx, 48.0 + dy)
    assert level.tile_layers[0].offset == (110.0, -27.0)
    [(box, xf)] = level.walls[0].parts
    assert bounds(tiled_px(world_points(box, xf))) == (32.0 + dx, 64.0 + dx, 32.0 + dy, 64.0 + dy)


def test_parallax_is_not_an_offset_and_is_said_once(tmp_path):
    layer = {**tile_layer(1, "far", grid(W, R, {(1, 1): 1}), W, R), "parallaxx": 0.5, "parallaxy": 0.5}
    level, findings = load(tmp_path, [layer])
    [placed] = level.tile_layers[0].tiles
    assert (placed.center_x, MAP_H - placed.center_y) == (48.0, 48.0)
    assert [str(f) for f in findings if "parallax" in f.problem] == [
        f"{tmp_path / 'map.tmj'}: layer 'far': parallax is not applied (the game draws every layer at the map's own "
        "scroll)"
    ]


def test_a_hidden_tile_layer_makes_no_walls_and_is_not_drawn_and_opacity_multiplies_through_groups(tmp_path):
    layers = [
        tile_layer(1, "hidden", grid(W, R, {(1, 1): 1}), W, R, visible=False),
        {
            **group(5, "g", [tile_layer(2, "shown", grid(W, R, {(2, 2): 1}), W, R, opacity=0.5)]),
            "opacity": 0.5,
        },
    ]
    level, findings = load(tmp_path, layers)
    assert [t.name for t in level.tile_layers] == ["shown"] and len(level.walls) == 1
    assert level.tile_layers[0].opacity == 0.25 and level.tile_layers[0].tiles[0].opacity == 0.25
    assert f"{tmp_path / 'map.tmj'}: hidden layer 'hidden' ignored" in [str(f) for f in findings]


def test_tile_layers_are_drawn_bottom_first_and_tiles_in_tileds_render_order(tmp_path):
    layers = [
        tile_layer(1, "floor", grid(W, R, {(0, 0): 5, (1, 0): 5, (0, 1): 5}), W, R),
        tile_layer(2, "walls", grid(W, R, {(3, 3): 1}), W, R),
    ]
    level, _ = load(tmp_path, layers)
    assert [t.name for t in level.tile_layers] == ["floor", "walls"]
    assert [(t.col, t.row) for t in level.tile_layers[0].tiles] == [(0, 0), (1, 0), (0, 1)]
    level, _ = load(tmp_path, layers, renderorder="left-up")
    assert [(t.col, t.row) for t in level.tile_layers[0].tiles] == [(0, 1), (1, 0), (0, 0)]


def test_a_placed_tile_names_its_image_and_its_region_of_the_atlas(tmp_path):
    level, _ = load(tmp_path, [tile_layer(1, "floor", grid(W, R, {(0, 0): 6}), W, R)])
    [placed] = level.tile_layers[0].tiles
    assert placed.image == tmp_path / "blocks.png" and placed.source == (32, 32, 32, 32)
    assert (placed.tileset, placed.local_id) == ("blocks", 5)


def test_a_concave_collision_polygon_is_split_like_an_object_layers(tmp_path):
    level, findings = load(tmp_path, [tile_layer(1, "walls", grid(W, R, {(1, 1): 8}), W, R)])
    assert errors(findings) == []
    [wall] = level.walls
    assert len(wall.parts) == 2 and all(isinstance(p, Polygon) for p, _ in wall.parts)


def test_an_ellipse_tile_flipped_diagonally_swaps_its_radii(tmp_path):
    ts = tileset("e", [tile(0, shape(1, "ellipse", 0, 0, 32, 16))], columns=1, count=1, image="e.png")
    png(tmp_path, "e.png", 32, 32)
    level, _ = load(
        tmp_path, [tile_layer(1, "t", grid(W, R, {(0, 0): 1 | D}), W, R)], [{"firstgid": 1, **ts}]
    )
    [(part, xf)] = level.walls[0].parts
    assert isinstance(part, Ellipse)
    # 32 wide, 16 tall, turned to 16 wide, 32 tall about its centre at (8, 16) in the tile.
    assert (round(xf[0], 9), round(MAP_H - xf[1], 9)) == (8.0, 16.0)
    half = (
        abs(part.rx * math.cos(xf[2])) + abs(part.ry * math.sin(xf[2])),
        abs(part.rx * math.sin(xf[2])) + abs(part.ry * math.cos(xf[2])),
    )
    assert (round(half[0], 9), round(half[1], 9)) == (8.0, 16.0)


def test_the_shipped_block_tiles_load_in_every_flip_without_a_finding(tmp_path):
    cells = {}
    for k, bits in enumerate(FLIPS):
        for t, entry in enumerate(BLOCK_TILES):
            cells[(k + 1, t)] = (entry["id"] + 1) | bits
    level, findings = load(tmp_path, [tile_layer(1, "walls", grid(W, R, cells), W, R)], merge=False)
    assert [str(f) for f in findings] == []
    assert len(level.walls) == len(FLIPS) * sum(len(t["objectgroup"]["objects"]) for t in BLOCK_TILES)
