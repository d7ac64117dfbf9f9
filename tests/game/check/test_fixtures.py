"""The fixture maps in ``fixtures/`` (one per defect, for designers to open in Tiled), checked in one run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.game.check.defects import DEFECTS
from tests.game.check.fixtures.make_fixtures import HERE, file_name
from tests.game.tiled.maps import write

ROOT = Path(__file__).resolve().parents[3]


def test_the_fixture_files_are_the_defect_table_written_out(tmp_path):
    for defect, (data, _, _) in DEFECTS.items():
        fresh = write(tmp_path, data, file_name(defect))
        assert (HERE / file_name(defect)).read_bytes() == fresh.read_bytes(), (
            f"{file_name(defect)} is stale: run .venv/bin/python -m tests.game.check.fixtures.make_fixtures"
        )


def test_the_console_script_on_the_fixture_folder_prints_every_expected_line_and_exits_one():
    script = shutil.which("gjk-check", path=str(Path(sys.executable).parent))
    assert script, "the gjk-check console script is not installed"
    done = subprocess.run(
        [script, str(HERE.relative_to(ROOT))], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    for defect, (_, _, line) in DEFECTS.items():
        expected = line.format(file=f"{HERE.relative_to(ROOT)}/{file_name(defect)}")
        assert f"  {expected}\n" in done.stdout, defect
    errors = sum(1 for _, severity, _ in DEFECTS.values() if severity == "error")
    assert done.stdout.splitlines()[0] == f"errors ({errors}):"
