"""Props through the real window: a scripted session on warehouse pushes a crate, knocks a barrel with a
shot and blows up a chain of barrels, and its summary line says so."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "tests" / "replays" / "warehouse_props.jsonl"


def test_a_scripted_session_pushes_a_crate_knocks_a_barrel_and_blows_one_up(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "game", "--play-script", str(SCRIPT), "--level", "warehouse", "--frames", "330",
         "--screenshot", str(tmp_path / "shot.png")],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    line = run.stdout.strip().splitlines()[-1]
    found = re.search(r"props=moved:(\d+),hits:(\d+),broken:(\d+),blasts:(\d+)", line)
    assert found, line
    moved, hits, _broken, blasts = map(int, found.groups())
    assert moved >= 2 and hits >= 1 and blasts >= 1, line
    assert (tmp_path / "shot.png").stat().st_size > 0
