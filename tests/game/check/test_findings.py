"""Every defect the checker knows, in a level of its own: the exact line, the severity, the exit code."""

from __future__ import annotations

import json

import pytest

from game.check.cli import main
from game.check.report import check_file
from game.tiled.reader import display_name
from tests.game.check.defects import DEFECTS
from tests.game.tiled.maps import with_walls, write


@pytest.mark.parametrize("defect", list(DEFECTS))
def test_each_defect_prints_its_exact_line_and_sets_the_exit_code(defect, tmp_path, capsys):
    data, severity, line = DEFECTS[defect]
    path = write(tmp_path, data, "level.tmj")
    expected = line.format(file=display_name(path))

    status = main([str(path)])
    out = capsys.readouterr().out

    assert f"  {expected}\n" in out
    header = {"error": "errors (", "warning": "warnings (", "info": "notes ("}[severity]
    assert out.index(header) < out.index(expected)
    assert status == (1 if severity == "error" else 0)
    assert "Traceback" not in out


def test_errors_are_listed_before_warnings_and_notes_and_the_summary_counts_each(tmp_path, capsys):
    bad = write(tmp_path, DEFECTS["zero area"][0], "a.tmj")
    noted = write(tmp_path, DEFECTS["concave polygon"][0], "b.tmj")
    warned = write(tmp_path, DEFECTS["very thin wall"][0], "c.tmj")
    main([str(noted), str(warned), str(bad)])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "errors (1):" and out[2] == "warnings (1):" and out[4] == "notes (1):"
    assert out[-1] == "checked 3 levels: 1 error, 1 warning, 1 note"


def test_a_concave_polygon_split_is_a_note_not_a_warning(tmp_path):
    checked = check_file(write(tmp_path, DEFECTS["concave polygon"][0]))
    assert [f.severity for f in checked.findings] == ["info"] and not checked.warnings


def test_a_marker_inside_a_wall_is_not_also_reported_unreachable(tmp_path):
    path = write(tmp_path, DEFECTS["spawn inside a wall"][0])
    problems = [f.problem for f in check_file(path).findings]
    assert len(problems) == 1 and "inside wall 7" in problems[0]


def test_a_marker_outside_the_map_is_one_error_not_also_the_loaders_warning(tmp_path):
    path = write(tmp_path, DEFECTS["spawn outside the map"][0])
    findings = [f for f in check_file(path).findings if f.object_id == 8]
    assert [f.severity for f in findings] == ["error"]


def test_a_clean_level_has_no_findings_and_exits_zero(tmp_path, capsys):
    path = write(tmp_path, with_walls(), "clean.tmj")
    assert main([str(path)]) == 0
    assert capsys.readouterr().out.strip() == "checked 1 level: 0 errors, 0 warnings"


def test_json_output_carries_every_finding_with_its_line_and_place(tmp_path, capsys):
    path = write(tmp_path, DEFECTS["gap narrower than the player"][0])
    assert main(["--json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    (finding,) = report["findings"]
    assert finding["line"] == DEFECTS["gap narrower than the player"][2].format(file=display_name(path))
    assert finding["object_id"] == 7 and finding["severity"] == "warning"
    x, _ = finding["where"]
    assert 240 < x < 250  # the middle of the 10 px gap between x = 240 and x = 250
    assert report["errors"] == 0 and report["warnings"] == 1


def test_a_folder_argument_checks_every_map_in_it(tmp_path, capsys):
    write(tmp_path, with_walls(), "one.tmj")
    write(tmp_path, DEFECTS["zero area"][0], "two.tmj")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "checked 2 levels: 1 error, 0 warnings"


def test_slivers_from_splitting_a_thick_concave_wall_are_not_thin_walls(tmp_path):
    from game.tiled import LEVELS_DIR

    notch = check_file(write(tmp_path, DEFECTS["concave polygon"][0]))
    assert [f.problem for f in notch.findings] == ["concave polygon split into 2 convex parts"]
    for level in ("yard", "bunker", "ruins"):
        problems = [f.problem for f in check_file(LEVELS_DIR / f"{level}.tmj").findings]
        assert not [p for p in problems if "thin" in p], level
