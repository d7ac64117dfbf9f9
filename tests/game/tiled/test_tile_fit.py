"""Issue 22 §2: where a tile object's (x, y) is on its tile (``objectalignment``, Tiled 1.4) and how a tile
drawn at another size fills it (``fillmode``, ``tilerendersize``, Tiled 1.9), with its collision.

``objectalignment`` is compared with Tiled's own render (Debian's Tiled 1.8 draws it); ``fillmode`` and
``tilerendersize`` are newer than that Tiled, which ignores them, so those are checked against the
boxes Tiled 1.9's ``CellRenderer::render`` computes, written out by hand below, and against the render
of a newer tmxrasterizer where one is given (``newer_rasterizer``: skipped without it, as in CI).
"""

from __future__ import annotations

import pytest
from shapely import Point, box
from shapely.ops import unary_union

from game.tiled import read_level

from . import maps
from .geometry import wall_geometry
from .render import tiled_alpha
from .test_tile_objects import OBJECTS, R, W, assert_solid_where_tiled_draws, tile_object
from .tilemaps import blocks, grid, tile_layer, tile_map


def level_with(tmp_path, objects=(), layers=(), **tileset_fields):
    ts = {"firstgid": 1, **blocks(tmp_path), **tileset_fields}
    data = tile_map([*layers, maps.layer(3, "Props", list(objects))], [ts], W, R)
    path = maps.write(tmp_path, data)
    level, findings = read_level(path)
    assert level is not None, [str(f) for f in findings]
    return path, level, findings


@pytest.mark.parametrize("alignment", ["center", "top", "topleft", "right", "bottomright"])
def test_a_tile_object_is_anchored_where_objectalignment_says_as_tiled_draws_it(
    tmp_path, alignment, tiled_tools
):
    path, level, _ = level_with(tmp_path, OBJECTS, objectalignment=alignment)
    assert_solid_where_tiled_draws(path, level, tmp_path)


def test_a_centred_tile_object_turns_about_its_centre(tmp_path):
    _, level, _ = level_with(
        tmp_path, [tile_object(1, 1, 200, 200, 64, 32, rotation=90)], objectalignment="center"
    )
    (wall,) = level.walls
    # 64 × 32 centred on (200, 200), a quarter turn about that centre: 32 wide, 64 high, same centre.
    assert wall_geometry(wall).bounds == pytest.approx((184, 512 - 232, 216, 512 - 168), abs=1e-9)


def test_preserve_aspect_fit_keeps_a_tile_objects_collision_square_and_centred(tmp_path):
    """Tile 0 (a 32 px full box) as a 96 × 32 object: stretched it is 96 × 32; preserve-aspect-fit scales
    it by min(3, 1) = 1 and centres it: x 132..164 from an anchor at x 100."""
    objects = [tile_object(1, 1, 100, 200, 96, 32)]
    _, level, _ = level_with(tmp_path, objects)
    assert wall_geometry(level.walls[0]).bounds == pytest.approx((100, 312, 196, 344), abs=1e-9)
    _, level, _ = level_with(tmp_path, objects, fillmode="preserve-aspect-fit")
    assert wall_geometry(level.walls[0]).bounds == pytest.approx((132, 312, 164, 344), abs=1e-9)


def test_tilerendersize_grid_draws_a_tile_at_the_cells_size_with_its_collision(tmp_path):
    """A 64 px tileset on the 32 px grid, ``tilerendersize: grid``: tile 1's collision, a 32 × 16 box at
    the top-left of its 64 px tile, is a 16 × 8 box at the top-left of the cell it is painted on, and
    the image is drawn 32 px, not 64."""
    big = {"tilewidth": 64, "tileheight": 64, "imagewidth": 256, "imageheight": 128}
    layer = tile_layer(1, "ground", grid(W, R, {(3, 4): 2}), W, R)
    _, level, _ = level_with(tmp_path, layers=[layer], tilerendersize="grid", **big)
    (wall,) = level.walls
    assert wall_geometry(wall).bounds == pytest.approx((96, 512 - 136, 112, 512 - 128), abs=1e-9)
    (placed,) = level.tile_layers[0].tiles
    assert (placed.width, placed.height, placed.center_x, placed.center_y) == (32, 32, 112, 512 - 144)
    # Without it the tile is its own 64 px, growing up and right from the cell's bottom-left (y 160).
    _, level, _ = level_with(tmp_path, layers=[layer], **big)
    assert wall_geometry(level.walls[0]).bounds == pytest.approx((96, 512 - 112, 128, 512 - 96), abs=1e-9)


def test_tilerendersize_grid_with_preserve_aspect_fit_centres_a_wide_tile_in_its_cell(tmp_path):
    """A 64 × 32 tileset on the 32 px grid: scaled by min(0.5, 1) = 0.5 to 32 × 16, centred in the cell
    (8 px above and below); tile 0's collision, a 32 px box on the left half of its 64 × 32 tile, is a
    16 px box at the left of that band."""
    wide = {"tilewidth": 64, "tileheight": 32, "imagewidth": 256, "imageheight": 64}
    layer = tile_layer(1, "ground", grid(W, R, {(3, 4): 1}), W, R)
    _, level, _ = level_with(
        tmp_path, layers=[layer], tilerendersize="grid", fillmode="preserve-aspect-fit", **wide
    )
    (wall,) = level.walls
    assert wall_geometry(wall).bounds == pytest.approx((96, 512 - 152, 112, 512 - 136), abs=1e-9)
    (placed,) = level.tile_layers[0].tiles
    assert (placed.width, placed.height) == (32, 16)


@pytest.mark.parametrize("fillmode", ["stretch", "preserve-aspect-fit"])
def test_tile_objects_of_each_fill_mode_collide_where_a_newer_tiled_draws_them(
    tmp_path, fillmode, newer_rasterizer
):
    """Stretched, turned and flipped tile objects of other sizes than their tile: with
    preserve-aspect-fit the image is scaled by the smaller ratio and centred in the object's box, and so is
    its collision; Tiled 1.11's tmxrasterizer draws it there."""
    path, level, _ = level_with(tmp_path, OBJECTS, fillmode=fillmode, objectalignment="center")
    assert_solid_where_tiled_draws(path, level, tmp_path, rasterizer=newer_rasterizer, least_in=300)


@pytest.mark.parametrize("fillmode", ["stretch", "preserve-aspect-fit"])
def test_tilerendersize_grid_tiles_are_drawn_where_a_newer_tiled_draws_them(
    tmp_path, fillmode, newer_rasterizer
):
    """A 64 × 32 tileset (opaque images) on the 32 px grid drawn at the grid's size: squeezed to 32 × 32
    (stretch) or 32 × 16 in the middle of the cell (preserve-aspect-fit). The game's tiles (the box each
    is drawn in, which its collision follows: the tests above) cover what Tiled 1.11 draws, pixel for
    pixel 1.5 px in from their edges."""
    wide = {"tilewidth": 64, "tileheight": 32, "imagewidth": 256, "imageheight": 64}
    painted = {(c, r): 1 for c in (1, 3, 5, 7) for r in (1, 3, 5)}  # apart, so each cell's box shows
    layer = tile_layer(1, "ground", grid(W, R, painted), W, R)
    path, level, _ = level_with(tmp_path, layers=[layer], tilerendersize="grid", fillmode=fillmode, **wide)
    drawn = unary_union(
        [
            box(
                t.center_x - t.width / 2,
                t.center_y - t.height / 2,
                t.center_x + t.width / 2,
                t.center_y + t.height / 2,
            )
            for t in level.tile_layers[0].tiles
        ]
    )
    assert drawn.area == len(painted) * 32 * (32 if fillmode == "stretch" else 16)
    alpha = tiled_alpha(path, "ground", tmp_path, "--no-smoothing", rasterizer=newer_rasterizer)
    inner, outer = drawn.buffer(-1.5), drawn.buffer(1.5)
    for row in range(0, alpha.shape[0], 2):
        for col in range(0, alpha.shape[1], 2):
            centre = Point(col + 0.5, level.height - (row + 0.5))
            if inner.contains(centre):
                assert alpha[row, col] > 0, (col, row)
            elif not outer.contains(centre):
                assert alpha[row, col] == 0, (col, row)


def test_an_unknown_alignment_or_fill_mode_is_a_warning_naming_the_field(tmp_path):
    _, _, findings = level_with(tmp_path, [tile_object(1, 1, 100, 100)], objectalignment="middle")
    assert [f.problem for f in findings if f.severity == "warning"] == [
        "tileset 'blocks': objectalignment 'middle' is not one of unspecified, topleft, top, topright, "
        "left, center, right, bottomleft, bottom, bottomright; read as 'unspecified'"
    ]
