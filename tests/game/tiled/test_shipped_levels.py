"""The levels in levels/ load cleanly and are fit to play: closed, reachable, markers clear of walls."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from shapely.geometry import Point, box
from shapely.ops import unary_union

from game.tiled import LEVELS_DIR, level_path, list_levels, read_level

from .geometry import part_geometry

LEVELS = list_levels()
PLAYER_RADIUS = 12.0  # the player is about 24 px across
CORRIDOR = 58.0  # every marker is reachable by a disc this wide (corridors >= 60 px, with rounding room)


def load(path):
    level, findings = read_level(path)
    assert level is not None, [str(f) for f in findings]
    return level, findings


def walls_of(level):
    return unary_union([part_geometry(s, xf) for w in level.walls for s, xf in w.parts])


def free_region_around(level, walls, radius, start):
    """The open space a disc of ``radius`` can reach from ``start`` (with a margin around the map)."""
    open_space = box(-100, -100, level.width + 100, level.height + 100).difference(walls.buffer(radius))
    parts = getattr(open_space, "geoms", [open_space])
    here = [p for p in parts if p.contains(Point(start))]
    assert here, f"the start {start} is not in open space for a {2 * radius:g} px disc"
    return here[0]


def test_there_are_six_levels_and_the_folder_is_found_from_the_package():
    assert LEVELS_DIR.name == "levels" and LEVELS_DIR.is_dir()
    assert [p.stem for p in LEVELS] == ["bunker", "caves", "depot", "ruins", "warehouse", "yard"]
    assert level_path("yard") == LEVELS_DIR / "yard.tmj"


@pytest.mark.parametrize("path", LEVELS, ids=[p.stem for p in LEVELS])
def test_a_shipped_level_loads_with_no_errors_and_only_split_notes(path):
    level, findings = load(path)
    assert all(f.severity == "info" and "concave polygon split into" in f.problem for f in findings)
    assert isinstance(level.properties["title"], str) and level.properties["title"] != path.stem


@pytest.mark.parametrize("path", LEVELS, ids=[p.stem for p in LEVELS])
def test_a_shipped_level_uses_every_wall_kind_rotated_and_concave(path):
    level, findings = load(path)
    kinds = Counter(w.kind for w in level.walls)
    assert set(kinds) - {"tile"} == {"rectangle", "ellipse", "polygon", "polyline"}
    assert any(w.kind == "rectangle" and w.parts[0][1].angle % (math.pi / 2) > 1e-6 for w in level.walls)
    assert any(w.kind == "polygon" and len(w.parts) > 1 for w in level.walls)
    assert any("concave" in f.problem for f in findings)


@pytest.mark.parametrize("path", LEVELS, ids=[p.stem for p in LEVELS])
def test_a_shipped_level_has_several_of_each_enemy_both_pickups_and_one_start(path):
    level, _ = load(path)
    enemies = Counter(m.kind for m in level.spawns)
    pickups = Counter(m.kind for m in level.pickups)
    assert min(enemies[k] for k in ("chaser", "shooter", "brute")) >= 2, enemies
    assert min(pickups[k] for k in ("health", "ammo")) >= 2, pickups
    assert level.player_start.kind == "player"


def test_at_least_two_levels_are_bigger_than_the_window():
    big = [p.stem for p in LEVELS if (lambda lv: lv.width > 1280 and lv.height > 720)(load(p)[0])]
    assert len(big) >= 2, big


@pytest.mark.parametrize("path", LEVELS, ids=[p.stem for p in LEVELS])
def test_every_marker_is_inside_the_map_and_clear_of_walls(path):
    level, _ = load(path)
    walls = walls_of(level)
    for marker in (level.player_start, *level.spawns, *level.pickups):
        assert 0 < marker.x < level.width and 0 < marker.y < level.height, marker
        assert walls.distance(Point(marker.x, marker.y)) >= 2 * PLAYER_RADIUS, marker


@pytest.mark.parametrize("path", LEVELS, ids=[p.stem for p in LEVELS])
def test_the_outer_wall_is_closed_so_the_player_cannot_leave_the_map(path):
    level, _ = load(path)
    start = (level.player_start.x, level.player_start.y)
    region = free_region_around(level, walls_of(level), PLAYER_RADIUS, start)
    x0, y0, x1, y1 = region.bounds
    assert min(x0, y0) > 0 and x1 < level.width and y1 < level.height, region.bounds


@pytest.mark.parametrize("path", LEVELS, ids=[p.stem for p in LEVELS])
def test_a_disc_as_wide_as_the_narrowest_corridor_reaches_every_marker(path):
    level, _ = load(path)
    start = (level.player_start.x, level.player_start.y)
    region = free_region_around(level, walls_of(level), CORRIDOR / 2, start)
    stuck = [m for m in (*level.spawns, *level.pickups) if not region.contains(Point(m.x, m.y))]
    assert not stuck, stuck


def test_the_reachability_check_notices_a_sealed_room(tmp_path):
    import json

    data = json.loads((LEVELS_DIR / "bunker.tmj").read_text())
    walls = next(layer for layer in data["layers"] if layer["name"] == "walls")["objects"]
    # Close the door west of the first divider: the top-left room's pickups become unreachable.
    walls.append(
        {
            "id": 999,
            "name": "door",
            "type": "",
            "x": 230,
            "y": 528,
            "width": 180,
            "height": 32,
            "rotation": 0,
            "visible": True,
        }
    )
    path = tmp_path / "sealed.tmj"
    path.write_text(json.dumps(data))
    with pytest.raises(AssertionError, match=r"Marker\(object_id="):
        test_a_disc_as_wide_as_the_narrowest_corridor_reaches_every_marker(path)


@pytest.mark.parametrize("path", LEVELS, ids=[p.stem for p in LEVELS])
def test_every_wall_lies_inside_the_map(path):
    level, _ = load(path)
    x0, y0, x1, y1 = walls_of(level).bounds
    assert min(x0, y0) >= -1e-9 and x1 <= level.width + 1e-9 and y1 <= level.height + 1e-9
