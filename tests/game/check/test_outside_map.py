"""One owner for "outside the map": the loader decides it and grades it once, so the game and the checker
never disagree (issue 22). A marker outside is an error: the game refuses the map with the very line the
checker prints. A wall, a prop or a joint wholly outside is a warning, and the game plays it where it is
drawn (issue 40 §5: Tiled and arcade keep such maps; a Bevy example map has three such walls)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.check.checks import check_level
from game.check.report import check_file
from game.level import OUTSIDE_MAP
from game.sim import Inputs, Simulation
from game.tiled import load_level, read_level
from game.tiled.limits import MAX_COORDINATE
from tests.game.check.defects import DEFECTS
from tests.game.tiled.maps import layer, obj, point, rect, tiled_map, with_walls, write

ROOT = Path(__file__).resolve().parents[3]


def run(module: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=240
    )


def outside(findings) -> list[tuple[str, int | None, str]]:
    return [(f.severity, f.object_id, f.problem) for f in findings if f.code == OUTSIDE_MAP]


def ref(name: str, oid: int) -> dict:
    return {"name": name, "type": "object", "value": oid}


def line(dx: float, dy: float) -> list[dict]:
    """A joint's polyline of two points, from its object's (x, y) to ``dx, dy`` past it (Tiled px)."""
    return [{"x": 0, "y": 0}, {"x": dx, "y": dy}]


def machines_outside(far: float = 400.0) -> dict:
    """A 320 × 256 map with a floor, a wall, a crate on a rope and a crate on a hinge, all wholly outside
    it, ``far`` px right of its corner (Tiled px), and a door on a hinge inside it."""
    data = with_walls(rect(1, 0, 0, 320, 8), rect(7, far, 40, 30, 30, name="far wall"), start=(40, 200))
    data["layers"].append(
        layer(
            3,
            "props",
            [
                obj(10, "", "crate", x=far + 100, y=100, point=True),
                obj(11, "", "crate", x=far + 200, y=100, point=True),
                obj(12, "", "door", x=150, y=100, point=True),
                obj(20, "", "rope", x=far + 100, y=40, polyline=line(0, 60), properties=[ref("body_b", 10)]),
                obj(21, "", "hinge", x=far + 200, y=100, point=True, properties=[ref("body_b", 11)]),
                obj(22, "", "hinge", x=114, y=100, point=True, properties=[ref("body_b", 12)]),
            ],
        )
    )
    return data


def test_a_wall_wholly_outside_the_map_is_a_warning_with_its_code_and_the_level_keeps_the_wall(tmp_path):
    level, findings = read_level(write(tmp_path, DEFECTS["wall outside the map"][0]))
    assert outside(findings) == [("warning", 7, "wall is outside the map (320 × 256 px)")]
    assert level is not None and [w.object_id for w in level.walls] == [7]


def test_a_wall_partly_inside_the_map_is_no_finding_and_the_map_plays(tmp_path):
    level, findings = read_level(write(tmp_path, with_walls(rect(7, 300, 40, 60, 30))))
    assert level is not None and not [f for f in findings if f.code == OUTSIDE_MAP]


def test_walls_props_and_joints_outside_the_map_load_each_with_one_warning_and_the_game_plays_them(tmp_path):
    path = write(tmp_path, machines_outside())
    level, findings = read_level(path)
    assert outside(findings) == [
        ("warning", 7, "wall is outside the map (320 × 256 px)"),
        ("warning", 10, "crate at (500, 156) is outside the map (320 × 256 px)"),
        ("warning", 11, "crate at (600, 156) is outside the map (320 × 256 px)"),
        ("warning", 20, "rope joint at (500, 216) to (500, 156) is outside the map (320 × 256 px)"),
        ("warning", 21, "hinge joint at (600, 156) is outside the map (320 × 256 px)"),
    ]
    assert [f for f in findings if f.severity == "error"] == []
    assert [p.object_id for p in level.props] == [10, 11, 12]
    assert [j.object_id for j in level.joints] == [20, 21, 22]
    sim = Simulation(load_level(path), 1)
    assert len(sim.joints) == 3 and len(sim.props) == 3  # built as inside: nothing dropped
    crate = int(sim.props.body[0])
    sim.world.set_velocity(crate, (0.0, -300.0), 0.0)  # pulled down, the rope holds it
    for _ in range(120):
        sim.step(Inputs(1.0, 0.0, sim.player.x + 50.0, sim.player.y, True))
    x, y = sim.world.transform(crate).x, sim.world.transform(crate).y
    assert x > 320 and 216 - 60 - 1 <= y <= 216 + 60 + 1, (x, y)  # outside still, on its rope
    assert len(sim.joints) == 3


def test_the_checker_prints_one_warning_line_for_each_and_exits_zero_and_the_game_plays_the_map(tmp_path):
    path = write(tmp_path, machines_outside())
    checked = run("game.check", "--all", str(path))
    assert checked.returncode == 0, checked.stdout
    lines = [line.strip() for line in checked.stdout.splitlines()]
    assert f"{path}:7 (far wall): wall is outside the map (320 × 256 px)" in lines
    assert f"{path}:21 (): hinge joint at (600, 156) is outside the map (320 × 256 px)" in lines
    assert lines[-1].startswith("checked 1 level: 0 errors")
    played = run("game", "--demo", "--level", str(path), "--frames", "5")
    assert played.returncode == 0 and played.stderr == "", played.stderr
    assert "demo level=map frames=5" in played.stdout


def test_a_wall_at_the_coordinate_limit_plays_as_quickly_as_one_beside_the_map(tmp_path):
    far = MAX_COORDINATE - 1_000.0
    path = write(tmp_path, machines_outside(far))
    started = time.perf_counter()
    level, findings = read_level(path)
    result = check_file(path)
    sim = Simulation(level, 1)
    for _ in range(30):
        sim.step(Inputs())
    assert time.perf_counter() - started < 20.0  # the grids live in the map, not out to the wall
    assert len(outside(findings)) == 5 and result.errors == []
    assert max(w.parts[0][1].x for w in level.walls) > far


def test_a_wall_past_the_coordinate_limit_is_still_refused(tmp_path):
    level, findings = read_level(write(tmp_path, with_walls(rect(7, MAX_COORDINATE + 10, 40, 30, 30))))
    assert level is None
    assert [f.problem for f in findings if f.severity == "error"] == [
        f"a coordinate is {MAX_COORDINATE + 10:,g} px; the limit is {MAX_COORDINATE:,.0f} px from the map's corner"
    ]


def test_a_rope_drawn_across_the_map_with_both_ends_outside_is_not_outside(tmp_path):
    data = machines_outside()
    crossing = obj(23, "", "rope", x=-20, y=100, polyline=line(360, 0), properties=[ref("body_a", 12)])
    data["layers"][-1]["objects"].append(crossing)
    _, findings = read_level(write(tmp_path, data))
    assert 23 not in [f.object_id for f in findings if f.code == OUTSIDE_MAP]


def test_the_checkers_own_checks_never_say_outside_the_map_the_loader_does(tmp_path):
    result = check_file(write(tmp_path, DEFECTS["wall outside the map"][0]))
    assert result.level is not None and result.errors == []
    assert [(f.severity, f.code) for f in result.findings if "outside the map" in f.problem] == [
        ("warning", OUTSIDE_MAP)
    ]
    result = check_file(write(tmp_path, DEFECTS["spawn outside the map"][0]))
    assert result.level is None  # refused by the loader: the checker's own checks never ran
    assert [f.code for f in result.errors] == [OUTSIDE_MAP]
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
def test_the_game_and_the_checker_grade_what_lies_outside_the_map_alike(defect, tmp_path):
    data, severity, line = DEFECTS[defect]
    path = write(tmp_path, data)
    checked = run("game.check", str(path))
    played = run("game", "--demo", "--level", str(path), "--frames", "5")
    expected = line.format(file=path)
    assert f"  {expected}" in checked.stdout.splitlines()
    if severity == "error":  # a marker: the game refuses the map with the checker's own line
        assert checked.returncode == 1
        assert played.returncode == 2 and played.stdout == ""
        assert played.stderr.strip() == f"gjk-shooter: {expected}"
    else:  # a wall: both play it, the checker with its warning
        assert severity == "warning" and checked.returncode == 0
        assert played.returncode == 0 and played.stderr == "", played.stderr


def test_a_player_start_outside_the_map_is_not_flooded_from(tmp_path):
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
