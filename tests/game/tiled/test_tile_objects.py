"""Issue 22 §2: tile objects (objects with a gid) placed, rotated, scaled and flipped as Tiled draws them,
colliding by their tile's collision shapes. The oracle is Tiled's own render: a tile whose image is
opaque everywhere and whose collision is the whole tile must be solid exactly where Tiled paints it."""

from __future__ import annotations

import pytest
from shapely.geometry import Point
from shapely.ops import unary_union

from game.tiled import read_level

from . import maps
from .geometry import wall_geometry
from .render import tiled_alpha
from .tilemaps import H, V, blocks, tile_map

W, R = 20, 16  # 640 x 512 px


def tile_object(oid, gid, x, y, w=32, h=32, rotation=0.0, **fields):
    return maps.obj(oid, f"t{oid}", x=x, y=y, width=w, height=h, rotation=rotation, gid=gid, **fields)


OBJECTS = [
    tile_object(1, 1, 100, 100),  # plain
    tile_object(2, 1, 200, 120, 64, 32, rotation=90),  # scaled, a quarter turn
    tile_object(3, 1, 360, 140, 48, 24, rotation=30),  # scaled, turned
    tile_object(4, 1 | H, 460, 120, 40, 40, rotation=-45),  # flipped and turned
    tile_object(5, 1 | V, 120, 400, 80, 16, rotation=200),
]


def level_of(tmp_path, objects, name="Props"):
    data = tile_map([maps.layer(3, name, objects)], [{"firstgid": 1, **blocks(tmp_path)}], W, R)
    path = maps.write(tmp_path, data)
    level, findings = read_level(path)
    assert level is not None, [str(f) for f in findings]
    return path, level, findings


def test_a_full_box_tile_object_turned_a_quarter_covers_the_box_tiled_draws(tmp_path):
    _, level, _ = level_of(tmp_path, [tile_object(2, 1, 200, 120, 64, 32, rotation=90)])
    (wall,) = level.walls
    # Anchored at its bottom-left (200, 120), 64 x 32, turned 90° clockwise about it (y down):
    # x 200..232, y 120..184 in Tiled's pixels; world y = 512 - y.
    assert abs(wall_geometry(wall).area - 64 * 32) < 1e-6
    assert wall_geometry(wall).bounds == pytest.approx((200, 512 - 184, 232, 512 - 120), abs=1e-9)


def test_a_tile_object_on_a_coins_layer_or_marked_not_solid_makes_no_wall(tmp_path):
    _, level, _ = level_of(tmp_path, [tile_object(1, 1, 100, 100)], name="Coins")
    assert level.walls == ()
    free = tile_object(1, 1, 100, 100, properties=[{"name": "collides", "type": "bool", "value": False}])
    _, level, _ = level_of(tmp_path, [free])
    assert level.walls == ()


def test_a_tile_object_of_a_tile_without_shapes_is_not_solid_unless_marked(tmp_path):
    _, level, _ = level_of(tmp_path, [tile_object(1, 5, 100, 100)])  # tile 4: floor art
    assert level.walls == ()
    _, level, _ = level_of(tmp_path, [tile_object(1, 5, 100, 100, 64, 32)], name="Collision")
    assert len(level.walls) == 1 and abs(wall_geometry(level.walls[0]).area - 64 * 32) < 1e-6


@pytest.mark.usefixtures("tiled_tools")
def test_tile_objects_are_solid_exactly_where_tiled_draws_them(tmp_path):
    path, level, _ = level_of(tmp_path, OBJECTS)
    assert_solid_where_tiled_draws(path, level, tmp_path)


def assert_solid_where_tiled_draws(
    path, level, tmp_path, layer="Props", rasterizer="tmxrasterizer", least_in=500
) -> None:
    """Every pixel 1.5 px inside the walls is drawn by Tiled on ``layer``, and every pixel 1.5 px clear of
    them is not (sampled every 3 px; at least ``least_in`` inside); ``rasterizer`` another build of
    tmxrasterizer."""
    alpha = tiled_alpha(path, layer, tmp_path, "--no-smoothing", rasterizer=rasterizer)
    assert alpha.shape == (R * 32, W * 32)
    solid = unary_union([wall_geometry(w) for w in level.walls])
    inner, outer = solid.buffer(-1.5), solid.buffer(1.5)
    counts = {"in": 0, "out": 0}
    for row in range(0, alpha.shape[0], 3):
        for col in range(0, alpha.shape[1], 3):
            centre = Point(col + 0.5, level.height - (row + 0.5))
            if inner.contains(centre):
                assert alpha[row, col] > 0, (col, row)
                counts["in"] += 1
            elif not outer.contains(centre):
                assert alpha[row, col] == 0, (col, row)
                counts["out"] += 1
    assert counts["in"] > least_in and counts["out"] > 10_000, counts
