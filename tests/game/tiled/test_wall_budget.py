"""Issue 24 item 3: the limits count what walls cost (convex parts and their points), before the work.

One tile whose collision is a 1,000-point star is about 500 convex parts; painted over a 128 × 128
map it was 8 million parts, 20 s and 4.4 GB to read (and ``game.check`` ran past 400 s). Every
limit then counted walls or shapes, never parts. Now cells × parts and cells × points are counted
from the decoded ids and each tile's parts (built once) before any cell's walls are made.
"""

from __future__ import annotations

import base64
import math
import time
import tracemalloc
import zlib

import numpy as np
import pytest

from engine.collision import distances_batch
from engine.world.box_pairs import pairs_among
from game.check import check_file, checks
from game.check.hitbox import player_parts, reach_radius
from game.check.parts import wall_parts
from game.geometry.overlap import part_table
from game.tiled import read_level
from game.tiled.limits import MAX_WALL_PARTS, MAX_WALL_POINTS

from . import maps
from .tilemaps import png, tile, tile_layer, tile_map, tileset


def star(n: int, size: float = 32.0) -> list[dict]:
    r_out, r_in = size / 2 - 0.5, size / 5
    return [
        {
            "x": size / 2 + (r_out if k % 2 == 0 else r_in) * math.cos(2 * math.pi * k / n),
            "y": size / 2 + (r_out if k % 2 == 0 else r_in) * math.sin(2 * math.pi * k / n),
        }
        for k in range(n)
    ]


def circle(n: int, size: float = 32.0) -> list[dict]:
    return [
        {
            "x": size / 2 + (size / 2 - 1) * math.cos(2 * math.pi * k / n),
            "y": size / 2 + (size / 2 - 1) * math.sin(2 * math.pi * k / n),
        }
        for k in range(n)
    ]


def one_tile_map(folder, outline: list[dict], cols: int, rows: int, painted: int):
    """A ``cols × rows`` map whose first ``painted`` cells (row by row, the top-left 2 × 2 left free for the
    start) hold one tile whose collision is the polygon ``outline``."""
    shape = maps.obj(1, polygon=outline)
    ts = tileset("stars", [tile(0, shape)], columns=1, count=1, image="stars.png")
    png(folder, "stars.png", 32, 32)
    cells, k = [0] * (cols * rows), 0
    for i in range(cols * rows):
        if k == painted:
            break
        if i % cols >= 2 or i // cols >= 2:
            cells[i], k = 1, k + 1
    raw = zlib.compress(b"".join(g.to_bytes(4, "little") for g in cells))
    layer = tile_layer(1, "ground", [], cols, rows)
    layer.update(encoding="base64", compression="zlib", data=base64.b64encode(raw).decode())
    return maps.write(folder, tile_map([layer], [{"firstgid": 1, **ts}], cols, rows, start=(32, 32)))


def read_measured(path):
    tracemalloc.start()
    start = time.perf_counter()
    level, findings = read_level(path)
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return level, [str(f) for f in findings if f.severity == "error"], seconds, peak


@pytest.mark.parametrize("cols, rows", [(128, 128), (80, 50)], ids=["128x128", "depot-sized"])
def test_a_map_full_of_a_1000_point_star_tile_is_refused_before_its_walls_are_made(tmp_path, cols, rows):
    path = one_tile_map(tmp_path, star(1000), cols, rows, cols * rows - 4)
    level, errors, seconds, peak = read_measured(path)
    assert level is None and len(errors) == 1, errors
    assert (
        f"the map's walls come to {(cols * rows - 4) * 501:,} convex parts; the limit is {MAX_WALL_PARTS:,} "
        f"({cols * rows - 4:,} cells of a tile of 501 parts)" in errors[0]
    )
    assert "tile layer 'ground'" in errors[0]
    assert seconds < 10 and peak < 100 * 2**20, (seconds, peak)


def test_the_same_tile_on_as_many_cells_as_the_limit_allows_loads_with_every_part(tmp_path):
    cells = MAX_WALL_PARTS // 501
    level, errors, _, _ = read_measured(one_tile_map(tmp_path, star(1000), 40, 40, cells))
    assert not errors and level is not None
    assert sum(len(w.parts) for w in level.walls) == cells * 501
    (tmp_path / "map.tmj").unlink()
    _, errors, _, _ = read_measured(one_tile_map(tmp_path, star(1000), 40, 40, cells + 1))
    assert len(errors) == 1 and f"{(cells + 1) * 501:,} convex parts" in errors[0]


def test_the_largest_star_map_inside_the_limits_checks_without_the_checkers_pair_limit(tmp_path):
    # 15 stars of 501 parts in a row: 2.75 million pairs of parts of neighbouring stars lie within the
    # gap check's reach, and the checker refused the map with "too many walls and markers close
    # together" though the loader takes it. Only the few pairs that could be two stars' closest are
    # measured now; every star is a very thin wall (its spikes are 0.1 px across at the root).
    cells = MAX_WALL_PARTS // 501
    checked = check_file(one_tile_map(tmp_path, star(1000), 40, 40, cells))
    assert not checked.errors, [str(f) for f in checked.errors]
    assert [f.problem for f in checked.findings] == [
        "very thin wall (0.1 px across; at least 6 px is easy to see and hit)"
    ] * cells


def test_the_gap_check_measures_few_star_pairs_and_finds_what_measuring_all_finds(tmp_path):
    level, errors, _, _ = read_measured(one_tile_map(tmp_path, star(1000), 40, 40, 3))
    assert not errors
    parts = wall_parts(level)
    table, xf = part_table(parts)
    limit = 2.0 * reach_radius(player_parts())
    boxes = np.array([p.box for p in parts], np.float64)
    every, complete = pairs_among(boxes, checks._part_walls(parts), limit, 10**7, 10**9)
    assert complete and len(every) > 200_000
    d = distances_batch(table, every[:, 0], xf[every[:, 0]], every[:, 1], xf[every[:, 1]])
    near, measured = checks._closest_candidates(parts, table, xf, limit)
    assert len(near) < 100
    walls = checks._part_walls(parts)

    def closest(pairs, distance):
        keep = (distance > 0.0) & (distance < limit)
        rows, lo, hi = checks._wall_pairs(walls, pairs, distance, keep)
        return list(zip(lo.tolist(), hi.tolist(), pairs[rows].tolist(), distance[rows].tolist()))

    assert closest(near, measured.distance) == closest(every, d.distance)
    assert len(closest(every, d.distance)) == 3  # stars 1-2, 2-3 and 1-3


def test_part_pairs_past_the_gap_checks_box_limit_are_still_one_error_line(tmp_path, monkeypatch):
    path = one_tile_map(tmp_path, star(1000), 40, 40, 3)
    monkeypatch.setattr(checks, "MAX_GAP_BOX_PAIRS", 1000)
    assert [f.problem for f in check_file(path).errors] == [
        "too many walls and markers close together to check the gaps between walls: more than "
        "1,000 nearby pairs (or 50,000,000 box comparisons), the checker's limit"
    ]


def test_a_many_point_convex_tile_is_counted_by_its_points(tmp_path):
    cells = MAX_WALL_POINTS // 1000
    level, errors, _, _ = read_measured(one_tile_map(tmp_path, circle(1000), 40, 40, cells))
    assert not errors and level is not None and len(level.walls) == cells
    (tmp_path / "map.tmj").unlink()
    _, errors, _, _ = read_measured(one_tile_map(tmp_path, circle(1000), 40, 40, cells + 1))
    assert len(errors) == 1
    assert (
        f"{(cells + 1) * 1000:,} points in their convex parts; the limit is {MAX_WALL_POINTS:,}" in errors[0]
    )


def test_object_walls_count_their_parts_too_and_the_first_wall_past_the_limit_is_named(tmp_path):
    # A comb of 10 teeth is 11 convex parts at least; 1,000 of them are past the limit.
    teeth = [(0, 0)]
    for t in range(10):
        teeth += [(8 * t, -20), (8 * t + 4, -20), (8 * t + 4, -4), (8 * t + 8, -4)]
    teeth += [(80, 0)]
    walls = [maps.polygon(k + 1, 10 + (k % 30) * 10, 30 + (k // 30) * 7, teeth) for k in range(1000)]
    data = maps.tiled_map(
        [maps.layer(1, "walls", walls), maps.layer(2, "player", [maps.point(9999, "", 5, 5)])],
        width=40,
        height=40,
    )
    level, errors, _, _ = read_measured(maps.write(tmp_path, data))
    assert level is None and len(errors) == 1, errors
    assert f"convex parts; the limit is {MAX_WALL_PARTS:,} (at this wall)" in errors[0]
