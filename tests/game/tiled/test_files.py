"""Finding level files by name."""

import pytest

from game.level import LevelError
from game.tiled import level_path, list_levels


def test_list_levels_gives_the_tmj_files_sorted_and_nothing_else(tmp_path):
    for name in ("b.tmj", "a.tmj", "notes.txt", "c.tmx"):
        (tmp_path / name).write_text("{}")
    (tmp_path / "folder.tmj").mkdir()
    assert [p.name for p in list_levels(tmp_path)] == ["a.tmj", "b.tmj"]


def test_a_missing_folder_has_no_levels(tmp_path):
    assert list_levels(tmp_path / "nowhere") == []


def test_an_unknown_level_name_is_one_line_listing_the_known_ones(tmp_path):
    (tmp_path / "yard.tmj").write_text("{}")
    (tmp_path / "bunker.tmj").write_text("{}")
    assert level_path("yard", tmp_path) == tmp_path / "yard.tmj"
    with pytest.raises(LevelError) as caught:
        level_path("moon", tmp_path)
    assert str(caught.value) == f"{tmp_path / 'moon.tmj'}: no level named 'moon' (levels: bunker, yard)"


def test_the_designers_readme_names_every_layer_class_and_property_the_loader_knows():
    from game.tiled import LEVELS_DIR
    from game.tiled import conventions as cv

    readme = (LEVELS_DIR / "README.md").read_text()
    names = [*cv.OBJECT_LAYERS, *cv.ENEMY_KINDS, *cv.PICKUP_KINDS, cv.THICKNESS, cv.TITLE]
    assert [name for name in names if f"`{name}`" not in readme] == []
    assert f"the default is **{cv.DEFAULT_THICKNESS:g}**" in readme


def test_the_readme_gives_the_tile_limits_the_loader_checks():
    from game.tiled import LEVELS_DIR, limits

    readme = (LEVELS_DIR / "README.md").read_text()
    values = [
        limits.MAX_LAYER_CELLS,
        limits.MAX_TILE_CELLS,
        limits.MAX_PLACED_TILES,
        limits.MAX_TILE_WALLS,
        limits.MAX_TILE_SHAPES_PLACED,
        limits.MAX_TILESET_TILES,
        limits.MAX_TILE_SIZE,
        limits.MAX_TILE_POLYGON_POINTS,
        limits.MAX_TILESET_POINTS,
        limits.MAX_IMAGE_PATH_CHARS,
    ]
    assert [v for v in values if f"{v:,}" not in readme] == []
    assert f"{limits.MAX_TILESETS} a map" in readme and f"{limits.MAX_TILE_SHAPES} shapes a tile" in readme
    assert f"× {limits.MAX_COMPRESSED_RATIO:g} + 1 KiB" in readme
