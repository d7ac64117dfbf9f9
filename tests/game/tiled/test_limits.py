"""Issue 13: every level file, however big or hostile, ends in a level or one-line findings, quickly.

The written limits (``game/tiled/limits.py``, levels/README.md "Limits")
are checked right after parsing, before anything is built; files are read
through ``game.files.safe_read``; nothing pytiled_parser would open on its own is
opened. Each test here failed on the loader before the fix (it hung,
allocated terabytes, raised, or said nothing).
"""

from __future__ import annotations

import base64
import copy
import json
import math
import os
import time
import tracemalloc
import zlib
from pathlib import Path

import pytest

from engine.collision import MAX_OUTLINE_POINTS
from game.tiled import LEVELS_DIR, read_level
from game.tiled.limits import (
    MAX_COORDINATE,
    MAX_LAYERS,
    MAX_MAP_AREA,
    MAX_MAP_PIXELS,
    MAX_MAP_TILES,
    MAX_OBJECTS,
    MAX_POINTS,
    MAX_POLYGON_POINTS,
    MAX_POLYLINE_POINTS,
)

from . import maps
from .tilemaps import tile_layer

YARD = json.loads((LEVELS_DIR / "yard.tmj").read_text())


def yard_with(edit) -> dict:
    data = copy.deepcopy(YARD)
    edit(data)
    return data


def walls_layer(data: dict) -> list:
    return next(layer for layer in data["layers"] if layer["name"] == "walls")["objects"]


def errors_of(path: Path) -> list[str]:
    level, findings = read_level(path)
    errors = [str(f) for f in findings if f.severity == "error"]
    assert (level is None) == bool(errors)
    return errors


def star(n: int, r_out: float = 300.0, r_in: float = 120.0) -> list[tuple[float, float]]:
    return [
        (
            (r_out if k % 2 == 0 else r_in) * math.cos(2 * math.pi * k / n),
            (r_out if k % 2 == 0 else r_in) * math.sin(2 * math.pi * k / n),
        )
        for k in range(n)
    ]


def test_a_map_a_million_tiles_a_side_is_refused_at_once_naming_the_limit(tmp_path):
    path = maps.write(tmp_path, yard_with(lambda d: d.update(width=1_000_000, height=1_000_000)), "big.tmj")
    start = time.perf_counter()
    errors = errors_of(path)
    assert time.perf_counter() - start < 5.0
    assert errors == [
        f"{path}: map width is 1,000,000 tiles; the limit is {MAX_MAP_TILES:,} tiles a side",
        f"{path}: map height is 1,000,000 tiles; the limit is {MAX_MAP_TILES:,} tiles a side",
    ]


def test_a_map_within_the_tile_limit_but_too_many_pixels_wide_is_refused(tmp_path):
    path = maps.write(tmp_path, yard_with(lambda d: d.update(width=MAX_MAP_TILES)))  # 4,096 tiles of 32 px
    assert errors_of(path) == [
        f"{path}: map width is {MAX_MAP_TILES * 32:,} px ({MAX_MAP_TILES:,} tiles of 32 px); "
        f"the limit is {MAX_MAP_PIXELS:,} px a side"
    ]


def test_a_map_exactly_at_the_area_limit_loads_and_one_a_tile_larger_is_refused(tmp_path):
    side = math.isqrt(MAX_MAP_AREA) // 32
    path = maps.write(tmp_path, yard_with(lambda d: d.update(width=side, height=side)))
    level, _ = read_level(path)
    assert level is not None and level.width * level.height == MAX_MAP_AREA
    path = maps.write(tmp_path, yard_with(lambda d: d.update(width=side + 1, height=side)))
    assert errors_of(path) == [
        f"{path}: map is {(side + 1) * 32:,} × {side * 32:,} px = {(side + 1) * side * 1024:,} "
        f"px²; the limit is {MAX_MAP_AREA:,} px² (8,192 × 8,192; a side may reach "
        f"{MAX_MAP_PIXELS:,} px when the other is short)"
    ]


def test_a_long_side_scroller_past_the_old_8192_px_side_loads(tmp_path):
    # Issue 22: a long side-scroller reaches past 8,192 px; 32,768 x 2,048 px is within the area.
    path = maps.write(tmp_path, yard_with(lambda d: d.update(width=MAX_MAP_PIXELS // 32, height=64)))
    level, findings = read_level(path)
    assert level is not None, [str(f) for f in findings if f.severity == "error"]
    assert (level.width, level.height) == (MAX_MAP_PIXELS, 2048)


def test_a_huge_map_in_the_checker_is_one_error_not_a_memory_error(tmp_path):
    from game.check import check_file

    path = maps.write(tmp_path, yard_with(lambda d: d.update(width=1_000_000)), "big.tmj")
    checked = check_file(path)
    assert checked.level is None
    assert [f.problem for f in checked.errors] == [
        "map width is 1,000,000 tiles; the limit is 4,096 tiles a side"
    ]


@pytest.mark.parametrize(
    ("kind", "limit"), [("polygon", MAX_POLYGON_POINTS), ("polyline", MAX_POLYLINE_POINTS)]
)
def test_a_point_list_over_its_limit_is_refused_naming_the_object(tmp_path, kind, limit):
    points = [{"x": 300.0 * math.cos(k * 1e-4), "y": 300.0 * math.sin(k * 1e-4)} for k in range(limit + 1)]
    data = yard_with(lambda d: walls_layer(d).append(maps.obj(9000, "big", x=1280, y=800, **{kind: points})))
    path = maps.write(tmp_path, data)
    assert errors_of(path) == [f"{path}:9000 (big): {kind} has {limit + 1:,} points; the limit is {limit:,}"]


def test_a_levels_polygon_limit_is_the_engines_outline_limit():
    # One constant: the engine splits the outline, the loader refuses what the engine would.
    assert MAX_POLYGON_POINTS is MAX_OUTLINE_POINTS


def test_too_many_objects_are_refused_before_any_is_parsed(tmp_path):
    data = yard_with(
        lambda d: walls_layer(d).extend(maps.rect(10_000 + k, 50, 50, 4, 4) for k in range(MAX_OBJECTS))
    )
    path = maps.write(tmp_path, data)
    count = MAX_OBJECTS + sum(len(layer["objects"]) for layer in YARD["layers"] if "objects" in layer)
    assert errors_of(path) == [f"{path}: map has {count:,} objects; the limit is {MAX_OBJECTS:,}"]


def test_too_many_layers_are_refused_counting_those_in_groups(tmp_path):
    inner = [maps.layer(100 + k, f"notes {k}", [], visible=False) for k in range(MAX_LAYERS)]
    data = yard_with(lambda d: d["layers"].append(maps.group(99, "g", inner)))
    path = maps.write(tmp_path, data)
    count = len(YARD["layers"]) + 1 + MAX_LAYERS
    assert errors_of(path) == [f"{path}: map has {count:,} layers; the limit is {MAX_LAYERS:,}"]


def test_too_many_points_in_all_are_refused(tmp_path):
    outline = [
        {"x": 100.0 * math.cos(2 * math.pi * k / 4000), "y": 100.0 * math.sin(2 * math.pi * k / 4000)}
        for k in range(4000)
    ]
    copies = MAX_POINTS // 4000 + 1
    data = yard_with(
        lambda d: walls_layer(d).extend(
            maps.obj(9000 + k, x=1280, y=800, polygon=outline) for k in range(copies)
        )
    )
    path = maps.write(tmp_path, data)
    shipped = sum(len(o.get("polygon", o.get("polyline", []))) for o in walls_layer(YARD))
    assert errors_of(path) == [
        f"{path}: map has {copies * 4000 + shipped:,} polygon and polyline points; "
        f"the limit is {MAX_POINTS:,}"
    ]


def test_a_coordinate_past_the_limit_is_refused_naming_the_object(tmp_path):
    data = yard_with(lambda d: walls_layer(d).append(maps.rect(9000, 1e300, 10, 40, 40, name="far")))
    path = maps.write(tmp_path, data)
    assert errors_of(path) == [
        f"{path}:9000 (far): a coordinate is {1e300:,g} px; the limit is "
        f"{MAX_COORDINATE:,.0f} px from the map's corner"
    ]


def warnings_of(path: Path) -> tuple[object, list[str]]:
    level, findings = read_level(path)
    return level, [str(f) for f in findings if f.severity == "warning"]


def test_two_objects_with_one_id_are_a_warning_naming_both_and_both_are_read(tmp_path):
    # Tiled repairs duplicate ids itself when it opens the map (issue 22): a warning, not a refusal.
    data = maps.with_walls(
        maps.rect(7, 10, 10, 40, 20, name="crate"), maps.rect(7, 100, 10, 40, 20, name="barrel")
    )
    path = maps.write(tmp_path, data)
    level, warnings = warnings_of(path)
    assert warnings == [
        f"{path}:7 (barrel): id 7 is also the id of object 'crate' in layer 'walls'; findings "
        "about either name both (Tiled gives one a new id when it opens the map)"
    ]
    assert level is not None and [w.name for w in level.walls] == ["crate", "barrel"]


def test_duplicate_ids_across_layers_and_groups_are_found_too(tmp_path):
    data = maps.tiled_map(
        [
            maps.group(1, "g", [maps.layer(2, "walls", [maps.rect(5, 10, 10, 40, 20, name="a")])]),
            maps.layer(3, "player", [maps.point(5, "", 100, 120, name="start")]),
        ]
    )
    level, warnings = warnings_of(maps.write(tmp_path, data))
    assert level is not None
    assert (
        len(warnings) == 1 and ":5 (start): id 5 is also the id of object 'a' in layer 'walls'" in warnings[0]
    )


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_a_fifo_as_the_map_is_refused_without_blocking(tmp_path):
    path = _fifo(tmp_path / "map.tmj")
    assert errors_of(path) == [f"{path}: is a pipe (FIFO), not a map file"]


def test_a_device_as_the_map_is_refused_without_reading_it():
    assert errors_of(Path("/dev/zero")) == ["/dev/zero: is a device, not a map file"]


def test_a_fifo_as_an_object_template_is_refused_without_opening_it(tmp_path):
    _fifo(tmp_path / "crate.tj")  # opening it would block forever
    data = maps.with_walls(maps.obj(5, "box", template="crate.tj"))
    path = maps.write(tmp_path, data)
    (line,) = errors_of(path)
    assert line.startswith(f"{path}: object 5: template 'crate.tj': ") and line.endswith(
        "is a pipe (FIFO), not a file"
    )


def test_a_broken_external_tileset_is_one_line_naming_the_tileset_file(tmp_path):
    (tmp_path / "tiles.tsj").write_text("not even JSON")
    data = maps.with_walls(maps.rect(1, 10, 10, 40, 20))
    data["tilesets"] = [{"firstgid": 1, "source": "tiles.tsj"}]
    assert errors_of(maps.write(tmp_path, data)) == [
        f"{tmp_path / 'tiles.tsj'}: not valid JSON: Expecting value at line 1 column 1"
    ]


def test_a_fifo_as_an_external_tileset_is_refused_without_blocking(tmp_path):
    _fifo(tmp_path / "tiles.tsj")
    data = maps.with_walls(maps.rect(1, 10, 10, 40, 20))
    data["tilesets"] = [{"firstgid": 1, "source": "tiles.tsj"}]
    path = maps.write(tmp_path, data)
    assert errors_of(path) == [f"{path}: tileset 'tiles.tsj' is not a regular file"]


def test_a_tmx_map_with_a_fifo_template_is_refused_without_blocking(tmp_path):
    _fifo(tmp_path / "crate.tx")
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" '
        'renderorder="right-down" width="10" height="8" tilewidth="32" tileheight="32" infinite="0" '
        'nextlayerid="3" nextobjectid="3">\n'
        ' <objectgroup id="1" name="walls"><object id="1" template="crate.tx" x="10" y="10"/></objectgroup>\n'
        ' <objectgroup id="2" name="player"><object id="2" name="start" x="100" y="100"><point/></object>'
        "</objectgroup>\n</map>\n"
    )
    path = tmp_path / "map.tmx"
    path.write_text(text)
    (line,) = errors_of(path)
    assert line.startswith(f"{path}: object 1: template 'crate.tx': ") and line.endswith(
        "is a pipe (FIFO), not a file"
    )


def test_a_tmx_map_a_million_tiles_wide_is_refused(tmp_path):
    path = tmp_path / "big.tmx"
    path.write_text(
        '<?xml version="1.0"?>\n<map version="1.8" orientation="orthogonal" renderorder="right-down" '
        'width="1000000" height="8" tilewidth="32" tileheight="32" infinite="0" nextlayerid="1" '
        'nextobjectid="1"></map>\n'
    )
    assert errors_of(path) == [f"{path}: map width is 1,000,000 tiles; the limit is 4,096 tiles a side"]


def test_a_compressed_tile_layer_far_bigger_than_its_cells_is_refused_before_it_is_inflated(tmp_path):
    # 256 MiB of zeros in 256 KB: pytiled_parser used to inflate it; 80 cells need 320 bytes.
    bomb = base64.b64encode(zlib.compress(bytes(256 * 2**20), 9)).decode()
    data = maps.with_walls(maps.rect(1, 10, 10, 40, 20))
    data["layers"].insert(
        0, {**tile_layer(30, "floor", [], 10, 8), "encoding": "base64", "compression": "zlib", "data": bomb}
    )
    path = maps.write(tmp_path, data)
    tracemalloc.start()
    try:
        level, findings = read_level(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert level is None
    # 80 cells are 320 bytes; compressed, at most 1.01 × 320 + 1 KiB = 1,347 bytes, 1,796 base64 characters.
    assert [str(f) for f in findings if f.severity == "error"] == [
        f"{path}: tile layer 'floor': base64 data is {len(bomb):,} characters; 80 cells need at most 1,796"
    ]
    assert peak < 64 * 2**20


def test_the_largest_allowed_star_loads_as_convex_parts_that_cover_it(tmp_path):
    outline = star(MAX_POLYGON_POINTS)
    data = yard_with(
        lambda d: walls_layer(d).append(
            maps.obj(9000, "star", x=1280, y=800, polygon=[{"x": x, "y": y} for x, y in outline])
        )
    )
    level, findings = read_level(maps.write(tmp_path, data))
    assert level is not None, [str(f) for f in findings]
    wall = next(w for w in level.walls if w.object_id == 9000)
    area = 0.0
    for shape, _ in wall.parts:
        pts = shape.points
        n = len(pts)
        area += 0.5 * sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))
    n = len(outline)
    expected = 0.5 * abs(
        sum(
            outline[i][0] * outline[(i + 1) % n][1] - outline[(i + 1) % n][0] * outline[i][1]
            for i in range(n)
        )
    )
    assert area == pytest.approx(expected, rel=1e-9)
    assert MAX_POLYGON_POINTS // 2 <= len(wall.parts) < MAX_POLYGON_POINTS - 2  # one per spike, and merged
