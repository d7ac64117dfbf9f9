"""The game and the checker agree on every map (issue 22): a map the checker calls an error, the game
refuses with the very same line; a map the game plays, the checker passes (its own hitbox checks
apart). Hostile values are fed to every field of a map, to both, and neither may say "failed"."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import xml.etree.ElementTree as etree
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.check.report import check_file
from game.tiled import read_level
from tests.game.tiled import maps as M
from tests.game.tiled import tilemaps as T

ROOT = Path(__file__).resolve().parents[3]


def run(module: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=240
    )


def yard_with(tmp_path: Path, **fields) -> Path:
    data = json.loads((ROOT / "levels" / "yard.tmj").read_text())
    data.update(fields)
    path = tmp_path / "yard_copy.tmj"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("field", "value", "line"),
    [
        ("width", 1.5, "map 'width' is 1.5 tiles, not a whole number (Tiled saves whole tiles)"),
        ("width", 80.5, "map 'width' is 80.5 tiles, not a whole number (Tiled saves whole tiles)"),
        ("height", 49.25, "map 'height' is 49.25 tiles, not a whole number (Tiled saves whole tiles)"),
        ("tilewidth", 32.5, "map 'tilewidth' is 32.5 px, not a whole number (Tiled saves whole px)"),
    ],
)
def test_a_map_whose_size_is_not_whole_is_refused_by_the_game_with_the_checkers_line(
    field, value, line, tmp_path
):
    path = yard_with(tmp_path, **{field: value})
    checked = run("game.check", str(path))
    played = run("game", "--demo", "--level", str(path), "--frames", "5")
    assert checked.returncode == 1 and f"  {path}: {line}" in checked.stdout.splitlines(), checked.stdout
    assert "1 error," in checked.stdout
    assert played.returncode == 2 and played.stdout == ""
    assert played.stderr.strip() == f"gjk-shooter: {path}: {line}"


def test_a_size_saved_as_a_whole_float_is_read_as_tiled_reads_it_by_both(tmp_path):
    path = yard_with(tmp_path, width=80.0, height=50.0)
    level, _ = read_level(path)
    assert level is not None and (level.width, level.height) == (80 * 32, 50 * 32)
    assert not check_file(path).errors
    assert run("game.check", str(path)).returncode == 0


def objects_map() -> dict:
    walls = [
        M.rect(5, 200, 20, 40, 20),
        M.ellipse(6, 250, 180, 30, 30),
        M.polygon(7, 40, 200, [(0, 0), (30, 0), (30, 30)]),
        M.polyline(8, 150, 230, [(0, 0), (60, 0)]),
    ]
    return M.tiled_map(
        [
            M.layer(4, "walls", walls),
            M.layer(2, "player", [M.point(99, "", 110, 140, name="start")]),
            M.layer(11, "spawns", [M.point(12, "chaser", 280, 40)]),
            M.layer(13, "pickups", [M.point(14, "ammo", 100, 60)]),
        ]
    )


def tiles_map(folder: Path) -> dict:
    tileset = {**T.blocks(folder), "firstgid": 1}
    gids = T.grid(10, 8, {(1, 1): 1, (2, 1): 2, (5, 5): 3, (6, 6): 8, (7, 2): 4, (3, 6): 6})
    tile_object = {**M.obj(9, "tobj", x=260, y=100, width=32, height=32), "gid": 1}
    return T.tile_map(
        [
            T.tile_layer(3, "blocks", gids, 10, 8),
            M.layer(4, "walls", [M.rect(5, 200, 20, 40, 20), tile_object]),
        ],
        [tileset],
        start=(110, 140),
    )


def field_paths(node, path=()):
    """Every field of a map (its first three list items), depth first; tile data left out (its cells
    are numbers the tile tests feed)."""
    items = node.items() if isinstance(node, dict) else enumerate(node[:3]) if isinstance(node, list) else ()
    for key, value in items:
        if key == "data":
            continue
        yield (*path, key)
        yield from field_paths(value, (*path, key))


def with_value(data: dict, path: tuple, value) -> dict:
    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


HOSTILE = [1.5, -1, 0, None, "x", "", True, 1e300, -0.5, 2**40, [], {}]


def agree(path: Path) -> None:
    level, loaded = read_level(path)
    checked = check_file(path)
    game_errors = [str(f) for f in loaded if f.severity == "error"]
    checker_errors = [str(f) for f in checked.findings if f.severity == "error"]
    assert not [e for e in game_errors + checker_errors if "failed:" in e]  # a bug, not a finding
    assert (level is None) == bool(game_errors)
    if level is None:
        assert checker_errors[: len(game_errors)] == game_errors  # the same lines, first
    else:  # the game plays it: the checker's only errors are its own hitbox checks (levels/README.md)
        assert not [
            e for e in checker_errors if "is inside wall" not in e and "tile collision seals" not in e
        ]


OBJECTS_MAP = objects_map()
OBJECT_FIELDS = list(field_paths(OBJECTS_MAP))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(OBJECT_FIELDS), value=st.sampled_from(HOSTILE))
def test_any_hostile_field_of_an_object_map_is_judged_alike_by_the_game_and_the_checker(
    field, value, tmp_path
):
    agree(M.write(tmp_path, with_value(OBJECTS_MAP, field, value)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=st.sampled_from(HOSTILE))
def test_any_hostile_field_of_a_tile_map_is_judged_alike_by_the_game_and_the_checker(data, value, tmp_path):
    base = tiles_map(tmp_path)
    field = data.draw(st.sampled_from(list(field_paths(base))))
    agree(M.write(tmp_path, with_value(base, field, value)))


def tmx_map(folder: Path) -> str:
    data = tiles_map(folder)
    tileset = {k: v for k, v in data["tilesets"][0].items() if k != "firstgid"}
    (folder / "blocks.tsx").write_text(T.tsx_text(tileset))
    return T.tmx_text(data, tilesets=['<tileset firstgid="1" source="blocks.tsx"/>'])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.data(), value=st.sampled_from(["1.5", "-1", "0", "", "x", "1e300", "nan", "-0.5", "4294967296"])
)
def test_any_hostile_attribute_of_a_tmx_map_is_judged_alike_by_the_game_and_the_checker(
    data, value, tmp_path
):
    root = etree.fromstring(tmx_map(tmp_path))
    attributes = [(k, name) for k, element in enumerate(root.iter()) for name in element.attrib]
    at, name = data.draw(st.sampled_from(attributes))
    list(root.iter())[at].set(name, value)
    path = tmp_path / "map.tmx"
    path.write_bytes(etree.tostring(root))
    agree(path)
