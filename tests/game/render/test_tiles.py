"""Tile layers drawn as tiles: one sprite list per layer, textures cut once, flips as Tiled applies them.

The flip oracle is the rule checked against Tiled's own renderer (880 of
880 pixels, ``/work/shared/notes/tiled-tiles.md``): a pixel (u, v) of a
placed tile (y down, from its top-left) shows the source pixel found by
undoing the flips in reverse order: vertical, then horizontal, then the
diagonal (swap u and v).
"""

from __future__ import annotations

import json
import math
from itertools import product
from pathlib import Path

import arcade
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from engine.collision import Polygon, Transform
from game.level import Level, Marker, PlacedTile, TileLayer, TileRef, Wall
from game.render import tiles, walls
from tests.game.tiled.tilemaps import png_claiming


def placed(
    image: Path,
    source,
    cx,
    cy,
    *,
    w=32,
    h=32,
    fh=False,
    fv=False,
    fd=False,
    opacity=1.0,
    layer="ground",
    col=0,
    row=0,
) -> PlacedTile:
    return PlacedTile(layer, col, row, "test", 0, image, tuple(source), cx, cy, w, h, fh, fv, fd, opacity)


def level_with(layers=(), wall_list=()) -> Level:
    return Level(
        "tiles",
        Path("tiles.tmj"),
        1280,
        720,
        tuple(wall_list),
        Marker(1, "start", "player", 10, 10),
        (),
        (),
        {},
        tuple(layers),
    )


def pixel(image, x, y):
    """RGB at screen pixel column x, row y counted from the bottom (PIL images are y down)."""
    return image.getpixel((int(x), image.height - 1 - int(y)))[:3]


def coded_tile(u: int, v: int) -> tuple[int, int, int]:
    """A colour that names its own pixel (u, v): every pixel of the tile is different, so any turn shows."""
    return (6 * u + 4, 6 * v + 4, 200)  # distinct for u, v < 42


@pytest.fixture
def atlas(tmp_path) -> Path:
    """A 64 x 32 atlas: a flat grey tile at x 0, the coded 32 x 32 tile at x 32; plus a 32 x 16 coded strip below."""
    image = Image.new("RGBA", (64, 48), (90, 90, 90, 255))
    for u, v in product(range(32), range(32)):
        image.putpixel((32 + u, v), (*coded_tile(u, v), 255))
    for u, v in product(range(32), range(16)):
        image.putpixel((u, 32 + v), (*coded_tile(u, 2 * v), 255))
    image.putpixel((63, 47), (0, 0, 0, 0))  # one see-through pixel in the bottom-right region
    path = tmp_path / "atlas.png"
    image.save(path)
    return path


def source_pixel(u: int, v: int, size_u: int, size_v: int, fh: bool, fv: bool, fd: bool) -> tuple[int, int]:
    """The source pixel a placed pixel (u, v) shows (pixel centres, so T - 1 - u mirrors whole pixels)."""
    if fv:
        v = size_v - 1 - v
    if fh:
        u = size_u - 1 - u
    if fd:
        u, v = v, u
    return u, v


def test_each_tile_layer_is_one_sprite_list_drawn_once(window, atlas, monkeypatch):
    layers = [
        TileLayer(
            f"layer {k}",
            tuple(placed(atlas, (0, 0, 32, 32), 16 + 32 * i, 16 + 32 * k) for i in range(10)),
            1.0,
            (0.0, 0.0),
        )
        for k in range(3)
    ]
    drawn = tiles.build_tile_layers(level_with(layers))
    assert len(drawn) == 3
    assert [layer.name for layer in drawn.layers] == ["layer 0", "layer 1", "layer 2"]
    assert all(isinstance(layer, arcade.SpriteList) and len(layer) == 10 for layer in drawn.layers)
    calls = []
    original = arcade.SpriteList.draw

    def counting(self, **kwargs):
        calls.append(self)
        return original(self, **kwargs)

    monkeypatch.setattr(arcade.SpriteList, "draw", counting)
    drawn.draw()
    assert calls == drawn.layers  # one draw per layer, bottom first


def test_each_image_is_read_once_and_each_region_cut_once(window, atlas, monkeypatch):
    loads = []
    original = tiles.read_image

    def counting(path):
        loads.append(path)
        return original(path)

    monkeypatch.setattr(tiles, "read_image", counting)
    grey, coded = (0, 0, 32, 32), (32, 0, 32, 32)
    many = [
        placed(
            atlas,
            grey if k % 3 else coded,
            16 + 32 * (k % 40),
            16 + 32 * (k // 40),
            fh=k % 2 == 0,
            fd=k % 5 == 0,
        )
        for k in range(400)
    ]
    drawn = tiles.build_tile_layers(level_with([TileLayer("ground", tuple(many), 1.0, (0.0, 0.0))]))
    assert loads == [atlas] and drawn.textures.files_read == 1
    assert drawn.textures.regions == 2
    used = {(t.source, t.flip_h, t.flip_d) for t in many}
    assert drawn.textures.variants == len(used) == 8
    assert len({id(sprite.texture) for sprite in drawn.layers[0]}) == len(used)


FLIPS = list(product((False, True), repeat=3))


@pytest.mark.parametrize(
    "fh, fv, fd", FLIPS, ids=["".join(c if f else "-" for c, f in zip("HVD", b)) for b in FLIPS]
)
def test_a_flipped_tile_shows_the_pixels_tileds_rule_says(window, atlas, fh, fv, fd):
    x0, y0 = 200, 300  # the tile's bottom-left screen pixel
    tile = placed(atlas, (32, 0, 32, 32), x0 + 16, y0 + 16, fh=fh, fv=fv, fd=fd)
    window.clear(color=(0, 0, 0))
    tiles.build_tile_layers(level_with([TileLayer("ground", (tile,), 1.0, (0.0, 0.0))])).draw()
    image = arcade.get_image().convert("RGB")
    wrong = []
    for u, v in product(range(0, 32, 3), range(0, 32, 3)):
        shown = pixel(image, x0 + u, y0 + 31 - v)  # v counts down from the tile's top row
        want = coded_tile(*source_pixel(u, v, 32, 32, fh, fv, fd))
        if shown != want:
            wrong.append(((u, v), shown, want))
    assert not wrong, f"{len(wrong)} of 121 pixels differ, first {wrong[:3]}"
    assert pixel(image, x0 - 1, y0 + 5) == (0, 0, 0) and pixel(image, x0 + 32, y0 + 5) == (0, 0, 0)


def test_the_check_above_would_catch_a_diagonal_flip_taken_the_other_way(window, atlas):
    """The transverse (the other diagonal) differs from Tiled's diagonal flip on this tile: the test can fail."""
    x0, y0 = 200, 300
    tile = placed(atlas, (32, 0, 32, 32), x0 + 16, y0 + 16)
    drawn = tiles.build_tile_layers(level_with([TileLayer("ground", (tile,), 1.0, (0.0, 0.0))]))
    drawn.layers[0][0].texture = drawn.textures.region(atlas, (32, 0, 32, 32)).transverse()
    window.clear(color=(0, 0, 0))
    drawn.draw()
    image = arcade.get_image().convert("RGB")
    u, v = 3, 20
    assert pixel(image, x0 + u, y0 + 31 - v) != coded_tile(*source_pixel(u, v, 32, 32, False, False, True))


def test_a_diagonally_flipped_wide_tile_is_drawn_tall(window, atlas):
    """A 32 x 16 tile turned by the diagonal flip covers 16 x 32 pixels, each the rule's."""
    x0, y0 = 500, 200
    tile = placed(atlas, (0, 32, 32, 16), x0 + 8, y0 + 16, w=32, h=16, fd=True, fh=True)
    drawn = tiles.build_tile_layers(level_with([TileLayer("ground", (tile,), 1.0, (0.0, 0.0))]))
    sprite = drawn.layers[0][0]
    assert (sprite.width, sprite.height) == (16, 32)
    window.clear(color=(0, 0, 0))
    drawn.draw()
    image = arcade.get_image().convert("RGB")
    for u, v in product(range(16), range(0, 32, 2)):
        su, sv = source_pixel(u, v, 16, 32, True, False, True)
        assert pixel(image, x0 + u, y0 + 31 - v) == coded_tile(su, 2 * sv), (u, v)
    assert pixel(image, x0 + 16, y0 + 10) == (0, 0, 0) and pixel(image, x0 + 5, y0 + 32) == (0, 0, 0)


def test_layers_draw_bottom_first_and_opacity_lets_the_one_below_show(window, atlas):
    grey = placed(atlas, (0, 0, 32, 32), 116, 116)
    coded = placed(atlas, (32, 0, 32, 32), 116, 116, opacity=0.5)
    drawn = tiles.build_tile_layers(
        level_with(
            [TileLayer("below", (grey,), 1.0, (0.0, 0.0)), TileLayer("above", (coded,), 0.5, (0.0, 0.0))]
        )
    )
    assert drawn.layers[0].blend is False and drawn.layers[1].blend is True  # opaque layers skip blending
    window.clear(color=(0, 0, 0))
    drawn.draw()
    image = arcade.get_image().convert("RGB")
    r, g, b = pixel(image, 100 + 10, 100 + 31 - 20)
    want = coded_tile(10, 20)
    assert all(abs(c - (w + 90) / 2) <= 2 for c, w in zip((r, g, b), want))


def test_a_layer_with_a_see_through_pixel_is_blended(window, atlas):
    see_through = placed(atlas, (32, 32, 32, 16), 100, 100, h=16)  # the region with the one clear pixel
    drawn = tiles.build_tile_layers(level_with([TileLayer("ground", (see_through,), 1.0, (0.0, 0.0))]))
    assert drawn.layers[0].blend is True


def tile_wall(x, y) -> Wall:
    return Wall(
        1, "", "tile", ((Polygon.box(64, 64), Transform(x, y, 0.0)),), tile=TileRef("blocks", 3, 4, "test", 0)
    )


def test_walls_made_of_tiles_are_not_drawn_as_polygons(window):
    box = Wall(2, "crate", "rectangle", ((Polygon.box(64, 64), Transform(300, 300, 0.0)),))
    level = level_with(wall_list=[box, tile_wall(700, 300)])
    window.clear(color=walls.VOID_COLOR)
    walls.build_walls(level).draw()
    image = arcade.get_image().convert("RGB")
    assert pixel(image, 300, 300) == walls.WALL_FILL
    assert pixel(image, 700, 300) == walls.VOID_COLOR[:3]
    assert len(walls.wall_outlines(level)) == 1


def test_the_floor_is_left_out_under_opaque_tiles_only(window, atlas, tmp_path):
    opaque = tmp_path / "opaque.png"
    Image.new("RGBA", (64, 64), (10, 200, 10, 255)).save(opaque)
    clear = tmp_path / "clear.png"
    Image.new("RGBA", (64, 64), (10, 200, 10, 0)).save(clear)
    covering = [placed(opaque, (0, 0, 64, 64), 32 + 64 * i, 32, w=64, h=64) for i in range(5)]
    # Half a floor cell off the grid: it covers no whole cell, so no floor is left out for it.
    shifted = [placed(opaque, (0, 0, 64, 64), 32 + 32, 32 + 64 * 3, w=64, h=64)]
    see_through = [placed(clear, (0, 0, 64, 64), 32, 32 + 64 * 5, w=64, h=64)]
    level = level_with([TileLayer("ground", tuple(covering + shifted + see_through), 1.0, (0.0, 0.0))])
    ground = walls.build_ground(level)
    cells = math.ceil(1280 / 64) * math.ceil(720 / 64)
    assert len(ground.floor) == cells - 5
    window.clear(color=(0, 0, 0))
    ground.draw()
    image = arcade.get_image().convert("RGB")
    assert pixel(image, 100, 30) == (10, 200, 10)  # the tile, drawn over where the floor was left out
    assert pixel(image, 30, 64 * 5 + 30) != (10, 200, 10)  # the floor shows through a clear tile


def as_tiled_draws(tile: PlacedTile) -> Image.Image:
    """The tile's region turned by PIL as Tiled turns it: the diagonal flip (transpose) first, then H, then V."""
    x, y, w, h = tile.source
    image = Image.open(tile.image).convert("RGBA").crop((x, y, x + w, y + h))
    if tile.flip_d:
        image = image.transpose(Image.Transpose.TRANSPOSE)
    if tile.flip_h:
        image = image.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    if tile.flip_v:
        image = image.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    return image


def test_the_play_view_draws_the_depot_from_its_tiles_under_its_object_walls(window):
    from game.tiled import level_path, load_level
    from game.views.play import PlayView

    level = load_level(level_path("depot"))
    view = PlayView(None, level, seed=0)
    window.show_view(view)
    view.camera.position = (window.width / 2, window.height / 2)  # world (0, 0) at the screen's bottom-left
    view.on_draw()
    image = arcade.get_image().convert("RGB")

    # The top tile of each cell wholly on screen and under the HUD strip, where nothing else is drawn.
    top: dict[tuple[int, int], PlacedTile] = {}
    for layer in level.tile_layers:
        for tile in layer.tiles:
            top[tile.col, tile.row] = tile
    # Actors, pickups and props stand on markers; object walls are drawn over the tiles: keep clear of both.
    actors = [(m.x, m.y) for m in (level.player_start, *level.spawns, *level.pickups, *level.props)]
    grey = [
        (
            min(x for x, _ in pts) - 4,
            min(y for _, y in pts) - 4,
            max(x for x, _ in pts) + 4,
            max(y for _, y in pts) + 4,
        )
        for pts in walls.wall_outlines(level)
    ]
    checked = {"turned": 0, "plain": 0, "wall": 0}
    for tile in top.values():
        left, bottom = tile.center_x - tile.width / 2, tile.center_y - tile.height / 2
        on_screen = left >= 0 and bottom >= 0 and left + tile.width <= window.width
        if not on_screen or bottom + tile.height > window.height - 60:
            continue
        if any(abs(ax - tile.center_x) < 80 and abs(ay - tile.center_y) < 80 for ax, ay in actors):
            continue
        if any(
            x0 < left + tile.width and left < x1 and y0 < bottom + tile.height and bottom < y1
            for x0, y0, x1, y1 in grey
        ):
            continue
        want = as_tiled_draws(tile)
        top_row = int(window.height - (bottom + tile.height))  # PIL rows count down from the top
        shown = image.crop((int(left), top_row, int(left) + int(tile.width), top_row + int(tile.height)))
        # Where the tile is see-through, what lies under it shows: compare its opaque pixels only.
        pairs = [(got, w[:3]) for got, w in zip(shown.getdata(), want.getdata()) if w[3] == 255]
        if len(pairs) < tile.width * tile.height / 2:
            continue
        assert all(got == w for got, w in pairs), (tile.layer, tile.col, tile.row)
        checked["turned" if tile.flip_d or tile.flip_h or tile.flip_v else "plain"] += 1
        checked["wall"] += tile.layer == "blocks"  # the depot's walls: brick, stone and crates
    assert checked["turned"] >= 3 and checked["plain"] >= 50 and checked["wall"] >= 30, checked

    # An object-layer wall keeps its grey look over the tiles: the water tank's centre.
    tank = next(w for w in level.walls if w.name == "water tank")
    (_, xf), *_ = tank.parts
    assert pixel(image, xf.x, xf.y) == walls.WALL_FILL


@pytest.mark.parametrize(
    "content, problem",
    [
        (b"not a png at all", "is not an image that can be read"),
        (png_claiming(20_000, 8), "is 20000 x 8 px; the limit is 16,384 px a side"),
        (png_claiming(16_000, 16_000), "is too large to decode: Image size (256000000 pixels) exceeds limit"),
        (
            png_claiming(12_000, 12_000),
            "is 12,000 x 12,000 px, 144,000,000 pixels decoded; the limit is 16,777,216",
        ),
        (png_claiming(64, 64), "cannot be decoded"),
    ],
    ids=["garbage", "too-wide", "too-many-pixels", "past-the-area-limit", "truncated"],
)
def test_a_tileset_image_that_cannot_be_drawn_is_a_magenta_checker_and_one_line(
    window, tmp_path, capsys, content, problem
):
    bad = tmp_path / "tiles.png"
    bad.write_bytes(content)
    layer = TileLayer(
        "ground", tuple(placed(bad, (0, 0, 32, 32), 116 + 32 * k, 116) for k in range(3)), 1.0, (0.0, 0.0)
    )
    drawn = tiles.build_tile_layers(level_with([layer]))
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and problem in err[0] and str(bad) in err[0], err
    assert drawn.textures.problems and problem in drawn.textures.problems[0]
    window.clear(color=(0, 0, 0))
    drawn.draw()
    image = arcade.get_image().convert("RGB")
    seen = {pixel(image, 100 + x, 100 + y) for x in range(0, 96, 4) for y in range(0, 32, 4)}
    assert seen == {c[:3] for c in tiles.MISSING_COLORS}


def test_a_tile_region_outside_its_image_is_a_magenta_checker_and_one_line(window, atlas, capsys):
    inside = placed(atlas, (32, 0, 32, 32), 116, 116)
    outside = placed(atlas, (64, 0, 32, 32), 148, 116)  # the atlas is 64 px wide
    drawn = tiles.build_tile_layers(level_with([TileLayer("ground", (inside, outside), 1.0, (0.0, 0.0))]))
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "has no tile at x 64, y 0, 32 x 32 px: the image is 64 x 48 px" in err[0], err
    window.clear(color=(0, 0, 0))
    drawn.draw()
    image = arcade.get_image().convert("RGB")
    assert pixel(image, 100 + 3, 100 + 31 - 5) == coded_tile(3, 5)
    assert pixel(image, 132 + 2, 100 + 2) in {c[:3] for c in tiles.MISSING_COLORS}


def test_the_play_view_keeps_running_over_a_tileset_image_that_is_not_an_image(window, tmp_path, capsys):
    from game.tiled import level_path, load_level
    from game.views.play import PlayView

    # The depot, with its tileset's image replaced by a text file: the loader accepts it (it exists, it is small).
    folder = tmp_path / "tilesets"
    folder.mkdir()
    tileset = json.loads((level_path("depot").parent / "tilesets" / "depot.tsj").read_text())
    (folder / "depot.tsj").write_text(json.dumps(tileset))
    (folder / "depot.png").write_text("this is not a picture\n")
    (tmp_path / "depot.tmj").write_text(level_path("depot").read_text())
    level = load_level(tmp_path / "depot.tmj")
    view = PlayView(None, level, seed=0)
    window.show_view(view)
    for _ in range(3):
        view.on_update(1 / 60)
        view.on_draw()
    err = capsys.readouterr().err.strip().splitlines()
    assert [line for line in err if "depot.png" in line] == [
        f"gjk-shooter: {folder / 'depot.png'}: is not an image that can be read (UnidentifiedImageError) "
        "(its tiles are drawn as a magenta checker)"
    ]
    image = arcade.get_image().convert("RGB")
    checker = {c[:3] for c in tiles.MISSING_COLORS}
    shown = sum(1 for x in range(0, 1280, 16) for y in range(0, 640, 16) if pixel(image, x, y) in checker)
    assert shown > 1000  # of 3,200 samples: the ground, roads and walls; props and object walls cover some


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    w=st.integers(1, 40),
    h=st.integers(1, 40),
    fh=st.booleans(),
    fv=st.booleans(),
    fd=st.booleans(),
    x0=st.integers(0, 1100),
    y0=st.integers(0, 600),
)
def test_any_tile_size_and_flip_shows_every_pixel_where_tileds_rule_puts_it(
    window, tmp_path_factory, w, h, fh, fv, fd, x0, y0
):
    """Every pixel of a w x h tile (each its own colour), drawn with any flips at any whole-pixel place."""
    path = tmp_path_factory.mktemp("tile") / "coded.png"
    image = Image.new("RGBA", (w + 3, h + 2), (0, 0, 0, 255))  # the region sits at (3, 2) in a bigger image
    for u, v in product(range(w), range(h)):
        image.putpixel((3 + u, 2 + v), (*coded_tile(u, v), 255))
    image.save(path)
    shown_w, shown_h = (h, w) if fd else (w, h)
    tile = placed(path, (3, 2, w, h), x0 + shown_w / 2, y0 + shown_h / 2, w=w, h=h, fh=fh, fv=fv, fd=fd)
    window.clear(color=(0, 0, 0))
    tiles.build_tile_layers(level_with([TileLayer("ground", (tile,), 1.0, (0.0, 0.0))])).draw()
    shot = arcade.get_image().convert("RGB")
    for u, v in product(range(shown_w), range(shown_h)):
        want = coded_tile(*source_pixel(u, v, shown_w, shown_h, fh, fv, fd))
        assert pixel(shot, x0 + u, y0 + shown_h - 1 - v) == want, (u, v)
