"""``python -m game.check`` as a designer runs it: a real process, no traceback, the right exit code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
