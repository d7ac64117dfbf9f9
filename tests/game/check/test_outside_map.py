"""One owner for "outside the map": the loader decides it, the checker only grades it an error."""

from __future__ import annotations

import json

from game.check.checks import check_level
from game.check.report import check_file
from game.level import OUTSIDE_MAP
from game.tiled import read_level
from tests.game.check.defects import DEFECTS
from tests.game.tiled.maps import write


def test_the_loader_finds_a_wall_wholly_outside_the_map_as_a_warning_with_its_code(tmp_path):
    level, findings = read_level(write(tmp_path, DEFECTS["wall outside the map"][0]))
    assert level is not None  # the game plays on
    (outside,) = [f for f in findings if f.code == OUTSIDE_MAP]
    assert (outside.severity, outside.object_id, outside.problem) == (
        "warning",
        7,
        "wall is outside the map (320 × 256 px)",
    )


def test_the_checkers_own_checks_never_say_outside_the_map_the_loader_does(tmp_path):
    for defect in ("wall outside the map", "spawn outside the map"):
        level, _ = read_level(write(tmp_path, DEFECTS[defect][0]))
        assert not [f for f in check_level(level, "x.tmj") if "outside the map" in f.problem], defect


def test_the_checker_lists_the_loaders_finding_once_as_an_error_and_json_names_its_code(tmp_path, capsys):
    from game.check.cli import main

    path = write(tmp_path, DEFECTS["spawn outside the map"][0])
    findings = [f for f in check_file(path).findings if f.object_id == 8]
    assert [(f.severity, f.code) for f in findings] == [("error", OUTSIDE_MAP)]
    assert main(["--json", str(path)]) == 1
    (entry,) = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["object_id"] == 8]
    assert entry["code"] == OUTSIDE_MAP and entry["severity"] == "error"


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
