"""Issue 22 §3: the checker is useful on any map: folders of any maps, gaps only where the player could
be, seams that are no gaps, findings grouped by kind, notes apart from warnings, no start needed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.check import check_file
from game.check.report import PER_KIND, text_report
from tests.game.check.defects import PLAYER_WIDTH
from tests.game.tiled.maps import layer, point, rect, tiled_map, with_walls, write

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.check", *args], capture_output=True, text=True, timeout=300, cwd=ROOT
    )


def test_a_folder_of_tmx_tmj_and_json_maps_is_checked_and_json_tilesets_beside_them_are_skipped(tmp_path):
    write(tmp_path, with_walls(rect(1, 0, 0, 32, 32)), "a.tmj")
    write(tmp_path, with_walls(rect(1, 0, 0, 32, 32)), "b.json")
    (tmp_path / "c.tmx").write_text(
        '<map version="1.8" orientation="orthogonal" width="10" height="8" tilewidth="32" tileheight="32">'
        '<objectgroup id="1" name="walls"><object id="1" x="0" y="0" width="32" height="32"/></objectgroup></map>'
    )
    (tmp_path / "tiles.json").write_text(
        '{"type": "tileset", "name": "t", "tilewidth": 32, "tileheight": 32}'
    )
    done = run(str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("checked 3 levels: 0 errors")


def test_a_folder_without_maps_is_one_line_and_a_non_zero_exit(tmp_path):
    (tmp_path / "notes.txt").write_text("hi")
    done = run(str(tmp_path))
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        == f"gjk-check: {tmp_path}: a folder with no Tiled map (.tmx, .tmj or .json) in it"
    )
    assert done.stdout == ""


def gap_map(third_wall: bool, gap: float) -> dict:
    """Two 40 px walls ``gap`` px apart across x, and optionally a third wall filling the gap."""
    walls = [rect(1, 40, 100, 40, 40, name="left"), rect(2, 80 + gap, 100, 40, 40, name="right")]
    if third_wall:
        walls.append(rect(3, 78, 90, gap + 4, 60, name="plug"))
    return with_walls(*walls, start=(250, 30))


def test_a_gap_filled_by_a_third_wall_is_no_gap_and_an_open_one_is(tmp_path):
    gap = PLAYER_WIDTH / 2
    open_gap = check_file(write(tmp_path, gap_map(False, gap), "open.tmj"))
    assert [f.problem.split(" to ")[0] for f in open_gap.warnings] == [f"gap of {gap:.1f} px"]
    filled = check_file(write(tmp_path, gap_map(True, gap), "filled.tmj"))
    assert not [f for f in filled.warnings if "gap of" in f.problem]


def test_a_seam_of_three_hundredths_of_a_pixel_is_not_a_gap_of_zero(tmp_path):
    checked = check_file(write(tmp_path, gap_map(False, 0.03), "seam.tmj"))
    assert not [f for f in checked.findings if "gap of" in f.problem]


def test_findings_of_one_kind_are_grouped_so_every_kind_shows_on_the_first_screen(tmp_path):
    # Twelve thin walls and one gap: the gap's line comes within the first lines, not after twelve.
    walls = [rect(10 + k, 20 + 20 * k, 10, 3, 40, name=f"t{k}") for k in range(12)]
    walls += [
        rect(1, 40, 150, 40, 40, name="left"),
        rect(2, 80 + PLAYER_WIDTH / 2, 150, 40, 40, name="right"),
    ]
    checked = check_file(write(tmp_path, with_walls(*walls, start=(300, 240)), "many.tmj"))
    lines = text_report([checked]).splitlines()
    assert sum("very thin wall" in line for line in lines) == PER_KIND
    assert any(
        line == f"  ... and {12 - PER_KIND} more like the line above (12 in all; --all lists them)"
        for line in lines
    )
    assert any("gap of" in line for line in lines[: PER_KIND + 4])
    every = text_report([checked], per_kind=None).splitlines()
    assert sum("very thin wall" in line for line in every) == 12


def test_a_map_without_a_player_start_is_checked_without_reachability(tmp_path):
    data = tiled_map([layer(1, "Walls", [rect(1, 0, 0, 320, 16), rect(2, 150, 100, 20, 20)])])
    checked = check_file(write(tmp_path, data, "nostart.tmj"))
    assert checked.level is not None and not checked.level.start_given
    assert checked.errors == [] and not [f for f in checked.findings if "reach" in f.problem]
    assert [f.problem.split(":")[0] for f in checked.notes] == ["no player start"]


def test_a_marker_check_still_runs_for_spawns_when_the_start_is_chosen(tmp_path):
    data = tiled_map(
        [
            layer(1, "walls", [rect(1, 100, 100, 60, 60, name="crate")]),
            layer(2, "spawns", [point(8, "chaser", 130, 130, name="c")]),
        ]
    )
    checked = check_file(write(tmp_path, data, "spawn.tmj"))
    assert [f.object_id for f in checked.errors] == [8]


def walled_room_map() -> dict:
    """A 320 x 256 map without a player start: a closed box (x 100..220, y 60..180 in Tiled's pixels)
    with its inside cut off from the rest."""
    box = [
        rect(1, 100, 60, 120, 10),
        rect(2, 100, 170, 120, 10),
        rect(3, 100, 60, 10, 120),
        rect(4, 210, 60, 10, 120),
    ]
    inside = [point(8, "ammo", 160, 120, name="in")]
    return tiled_map([layer(1, "walls", box), layer(2, "pickups", inside)])


def test_from_runs_reachability_from_the_point_given_in_tileds_pixels(tmp_path):
    path = write(tmp_path, walled_room_map(), "room.tmj")
    assert not [f for f in check_file(path).findings if "cannot be reached" in f.problem]
    outside = check_file(path, start=(40, 40))
    assert [f.object_id for f in outside.findings if "pickup cannot be reached" in f.problem] == [8]
    inside = check_file(path, start=(160, 100))
    assert not [f for f in inside.findings if "pickup cannot be reached" in f.problem]


def test_from_on_the_command_line_and_a_bad_value_is_one_line(tmp_path):
    path = write(tmp_path, walled_room_map(), "room.tmj")
    done = run("--from", "40,40", str(path))
    assert "ammo pickup cannot be reached" in done.stdout and done.returncode == 0
    bad = run("--from", "40;40", str(path))
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip() == (
        "gjk-check: error: argument --from: expected X,Y (two numbers, Tiled's pixels), "
        "got '40;40' (see --help)"
    )
