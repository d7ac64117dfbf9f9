"""Our tile walls against Tiled's own render of the tiles (tmxrasterizer), pixel by pixel.

Each test tile's image is opaque exactly where its collision shape is, so
Tiled's render of the tile layer is a picture of where the hitboxes must
be. Tiled places the tiles (the 8 flips, a tile twice as tall as the grid
anchored at its cell's bottom-left, a tileset's tile offset, layer and
group offsets); we load the same map and check that every pixel centre
1.5 px inside one of our tile walls is painted and every one 1.5 px
outside all of them is empty. Tiled draws tile images pixel for pixel
(``--no-smoothing``), so a pixel's worth of margin is enough.
"""

from __future__ import annotations

import json
import os
import subprocess

import numpy as np
import pytest
import shapely
from PIL import Image, ImageDraw
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from game.tiled import read_level

from .maps import TILE, group, write
from .test_tiles import world_points
from .tilemaps import D, H, V, grid, shape, tile, tile_layer, tile_map, tileset

W, R = 12, 8
MAP_H = R * TILE
MARGIN = 1.5

# Tile 0: a triangle; 1: an off-centre box; 2: a box turned 90°; all asymmetric, so every flip shows.
SHAPES = (
    tile(0, shape(1, "polygon", points=[(0, 0), (32, 0), (0, 16)])),
    tile(1, shape(1, x=4, y=2, w=20, h=8)),
    tile(2, shape(1, x=8, y=8, w=16, h=4, rotation=90)),
)
PAINT = ([(0, 0), (32, 0), (0, 16)], [(4, 2), (24, 2), (24, 10), (4, 10)], [(4, 8), (8, 8), (8, 24), (4, 24)])
FLIPS = (0, H, V, H | V, D, D | H, D | V, D | H | V)


def paint(image: Image.Image, outline, left: int = 0) -> None:
    """Fill ``outline`` (tile pixels, edges on pixel boundaries) so exactly the pixels inside it are opaque."""
    mask = Image.new("L", image.size, 0)
    # PIL fills pixel (i, j) when its centre is inside; shift by half a pixel so edges fall on pixel boundaries.
    ImageDraw.Draw(mask).polygon([(left + x - 0.5, y - 0.5) for x, y in outline], fill=255)
    image.paste((255, 255, 255, 255), (0, 0), mask)


@pytest.fixture
def rendered(tmp_path, tiled_tools):
    atlas = Image.new("RGBA", (96, 32), (0, 0, 0, 0))
    for k, outline in enumerate(PAINT):
        paint(atlas, outline, 32 * k)
    atlas.save(tmp_path / "shapes.png")
    post = Image.new("RGBA", (32, 64), (0, 0, 0, 0))
    paint(post, [(0, 0), (32, 0), (32, 16), (0, 16)])
    post.save(tmp_path / "post.png")
    (tmp_path / "shapes.tsj").write_text(
        json.dumps(tileset("shapes", SHAPES, columns=3, count=3, image="shapes.png"))
    )
    posts = tileset(
        "posts",
        [tile(0, shape(1, x=0, y=0, w=32, h=16), image=("post.png", 32, 64))],
        count=1,
        image=None,
        offset=(3, -5),
    )
    cells = {(1 + k, 1 + 2 * t): (t + 1) | bits for k, bits in enumerate(FLIPS) for t in range(3)}
    posts_cells = {(1, 7): 4, (3, 7): 4 | H, (5, 7): 4 | D | H, (9, 7): 4 | V, (10, 3): 4 | D | V}
    layers = [
        group(
            1,
            "g",
            [tile_layer(2, "walls", grid(W, R, {**cells, **posts_cells}), W, R, offset=(2, 1))],
            offset=(5, 3),
        )
    ]
    path = write(
        tmp_path, tile_map(layers, [{"firstgid": 1, "source": "shapes.tsj"}, {"firstgid": 4, **posts}], W, R)
    )
    out = tmp_path / "render.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    subprocess.run(
        [tiled_tools.tmxrasterizer, "--no-smoothing", "--hide-layer", "player", str(path), str(out)],
        check=True,
        env=env,
        capture_output=True,
        timeout=60,
    )
    return path, np.asarray(Image.open(out).convert("RGBA"))[:, :, 3]


def test_tileds_render_of_the_tiles_is_painted_inside_our_tile_walls_and_nowhere_else(rendered):
    path, alpha = rendered
    level, findings = read_level(path)
    assert [str(f) for f in findings] == []
    # Tiled grows the image to hold what the offsets push past the map's right and bottom edges (7 and 4 px
    # here); the map's top-left stays the image's.
    assert alpha.shape == (MAP_H + 4, W * TILE + 7)
    solid = unary_union(
        [
            ShapelyPolygon([(x, MAP_H - y) for x, y in world_points(part, xf)])
            for wall in level.walls
            for part, xf in wall.parts
        ]
    )
    assert len(level.walls) == 3 * len(FLIPS) + 5
    ys, xs = np.mgrid[0 : alpha.shape[0], 0 : alpha.shape[1]]
    cx, cy = xs.ravel() + 0.5, ys.ravel() + 0.5
    inside = shapely.contains_xy(solid.buffer(-MARGIN), cx, cy)
    outside = ~shapely.contains_xy(solid.buffer(MARGIN), cx, cy)
    painted = alpha.ravel() > 0
    assert inside.sum() > 3000 and outside.sum() > 50_000
    wrong_in = [
        (float(x), float(y)) for x, y in zip(cx[inside & ~painted], cy[inside & ~painted], strict=True)
    ]
    wrong_out = [
        (float(x), float(y)) for x, y in zip(cx[outside & painted], cy[outside & painted], strict=True)
    ]
    assert wrong_in == [], (
        f"{len(wrong_in)} pixels inside our walls that Tiled left empty, e.g. {wrong_in[:5]}"
    )
    assert wrong_out == [], f"{len(wrong_out)} pixels Tiled painted outside our walls, e.g. {wrong_out[:5]}"


def test_tileds_render_matches_our_drawn_tiles_centres_and_sizes(rendered):
    path, alpha = rendered
    level, _ = read_level(path)
    for placed in level.tile_layers[0].tiles:
        w, h = (placed.height, placed.width) if placed.flip_d else (placed.width, placed.height)
        x0, y0 = placed.center_x - w / 2, MAP_H - placed.center_y - h / 2
        # Everything Tiled painted for this tile lies within the box we say it is drawn in (its art may not fill it).
        box = alpha[max(int(y0), 0) : int(y0 + h), max(int(x0), 0) : int(x0 + w)]
        assert box.any(), f"nothing drawn where {placed.layer}:{placed.col},{placed.row} should be"
    covered = np.zeros_like(alpha, dtype=bool)
    for placed in level.tile_layers[0].tiles:
        w, h = (placed.height, placed.width) if placed.flip_d else (placed.width, placed.height)
        x0, y0 = round(placed.center_x - w / 2), round(MAP_H - placed.center_y - h / 2)
        covered[max(y0, 0) : y0 + int(h), max(x0, 0) : x0 + int(w)] = True
    assert not (alpha > 0)[~covered].any(), "Tiled painted outside every box we draw a tile in"
