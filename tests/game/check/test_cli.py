"""``python -m game.check`` as a designer runs it: a real process, no traceback, the right exit code."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.check.cli import main
from game.tiled import list_levels
from tests.game.tiled.maps import write

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.check", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_a_file_that_is_not_json_is_one_error_line_and_exit_one_without_a_traceback(tmp_path):
    path = write(tmp_path, '{"type": "map", "layers": [', "broken.tmj")
    done = run(str(path))
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert f"  {path}: not valid JSON" in done.stdout


def test_a_missing_file_and_json_output_in_a_real_process(tmp_path):
    done = run("--json", str(tmp_path / "nowhere.tmj"))
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert [f["problem"] for f in report["findings"]] == ["file not found"]


def test_every_shipped_level_checks_without_errors(capsys):
    assert list_levels(), "levels/ holds no maps"
    assert main([]) == 0
    out = capsys.readouterr().out
    assert f"checked {len(list_levels())} levels: 0 errors" in out


def test_a_sheet_that_cannot_be_written_is_a_non_zero_exit(tmp_path):
    """Issue 24: "cannot write" was printed and the exit was 0."""
    (tmp_path / "file").write_text("a file, not a folder")
    done = run("yard", "--png", str(tmp_path / "file" / "sheets"))
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"cannot write {tmp_path / 'file' / 'sheets' / 'yard.png'}: Not a directory" in done.stderr


@pytest.mark.parametrize("target", ["/dev/null", "file"])
def test_a_png_folder_that_is_a_device_or_a_file_is_one_line_before_any_check(tmp_path, target):
    """Round two's CLI probes: ``--png /dev/null`` checked every level, then said "cannot write
    /dev/null/yard.png: File exists" (mkdir's word for a device where a folder was asked)."""
    if target == "file":
        target = str(tmp_path / "sheets.png")
        Path(target).write_text("kept")
    done = run("yard", "--png", target)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr == f"gjk-check: --png {target}: exists and is not a folder (sheets go into a folder)\n"
    assert done.stdout == ""  # refused before the checks ran
    if target.endswith("sheets.png"):
        assert Path(target).read_text() == "kept"


def test_a_sheet_is_never_written_over_a_fifo(tmp_path):
    os.mkfifo(tmp_path / "yard.png")
    done = run("yard", "--png", str(tmp_path))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "yard.png: is a pipe (FIFO), not a regular file; it is never replaced" in done.stderr
    assert stat.S_ISFIFO(os.stat(tmp_path / "yard.png").st_mode)


@pytest.mark.parametrize("name", ["actors.tsj", "yard.tmj", "plain"])
def test_a_folder_named_like_a_file_or_holding_no_level_is_one_line_and_exit_2(tmp_path, name):
    """Issue 24: a folder named ``actors.tsj`` gave "checked 0 levels" and exit 0."""
    (tmp_path / name).mkdir()
    done = run(str(tmp_path / name))
    assert done.returncode != 0, done.stdout
    assert "checked 0 levels" not in done.stdout
    assert f"{tmp_path / name}: " in done.stdout + done.stderr
