"""One owner for "outside the map": the loader decides it and grades it an error, so the game refuses
the map with the very line the checker prints (issue 22: the game and the checker never disagree)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.check.checks import check_level
from game.check.report import check_file
from game.level import OUTSIDE_MAP
from game.tiled import read_level
from tests.game.check.defects import DEFECTS
from tests.game.tiled.maps import rect, with_walls, write

ROOT = Path(__file__).resolve().parents[3]


def run(module: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=240
    )


def test_the_loader_refuses_a_wall_wholly_outside_the_map_as_an_error_with_its_code(tmp_path):
    level, findings = read_level(write(tmp_path, DEFECTS["wall outside the map"][0]))
    assert level is None  # the game refuses it, as the checker does
    (outside,) = [f for f in findings if f.code == OUTSIDE_MAP]
    assert (outside.severity, outside.object_id, outside.problem) == (
        "error",
        7,
        "wall is outside the map (320 × 256 px)",
    )


def test_a_wall_partly_inside_the_map_is_no_finding_and_the_map_plays(tmp_path):
    level, findings = read_level(write(tmp_path, with_walls(rect(7, 300, 40, 60, 30))))
    assert level is not None and not [f for f in findings if f.code == OUTSIDE_MAP]


def test_the_checkers_own_checks_never_say_outside_the_map_the_loader_does(tmp_path):
    for defect in ("wall outside the map", "spawn outside the map"):
        path = write(tmp_path, DEFECTS[defect][0])
        result = check_file(path)
        assert result.level is None  # refused by the loader: the checker's own checks never ran
        assert [f.code for f in result.errors] == [OUTSIDE_MAP], defect
    level, _ = read_level(write(tmp_path, with_walls()))
    assert not [f for f in check_level(level, "x.tmj") if "outside the map" in f.problem]


def test_the_checker_lists_the_loaders_finding_once_as_an_error_and_json_names_its_code(tmp_path, capsys):
    from game.check.cli import main

    path = write(tmp_path, DEFECTS["spawn outside the map"][0])
    findings = [f for f in check_file(path).findings if f.object_id == 8]
    assert [(f.severity, f.code) for f in findings] == [("error", OUTSIDE_MAP)]
    assert main(["--json", str(path)]) == 1
    (entry,) = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["object_id"] == 8]
    assert entry["code"] == OUTSIDE_MAP and entry["severity"] == "error"


@pytest.mark.parametrize("defect", ["wall outside the map", "spawn outside the map"])
def test_the_game_refuses_what_lies_outside_the_map_with_the_checkers_own_line(defect, tmp_path):
    data, severity, line = DEFECTS[defect]
    path = write(tmp_path, data)
    checked = run("game.check", str(path))
    played = run("game", "--demo", "--level", str(path), "--frames", "5")
    expected = line.format(file=path)
    assert severity == "error" and checked.returncode == 1
    assert f"  {expected}" in checked.stdout.splitlines()
    assert played.returncode == 2 and played.stdout == ""
    assert played.stderr.strip() == f"gjk-shooter: {expected}"


def test_a_player_start_outside_the_map_is_not_flooded_from(tmp_path):
    from tests.game.tiled.maps import layer, point, tiled_map

    data = tiled_map(
        [
            layer(2, "player", [point(99, "", 900, 120, name="start")]),
            layer(3, "pickups", [point(8, "ammo", 60, 60, name="a1")]),
        ]
    )
    result = check_file(write(tmp_path, data))
    assert [f.problem for f in result.errors] == [
        "player start at (900, 136) is outside the map (320 × 256 px)"
    ]
    assert not [f for f in result.findings if "reached" in f.problem]
