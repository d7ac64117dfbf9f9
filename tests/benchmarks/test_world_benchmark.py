"""``benchmarks/world.py`` runs the parts it is asked for, and only those (nothing here is timed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "world.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_asking_for_the_shooter_scene_alone_runs_no_move_and_slide():
    # The shooter's timing line once reused the name of the parts asked for,
    # so part 3 ran whenever that line held a "3".
    out = run("--quick", "--parts", "2")
    assert "2. shooter scene" in out
    assert "3. move-and-slide" not in out
    assert "1. moving boxes" not in out


def test_the_pile_up_part_runs_each_pile_in_a_process_of_its_own():
    out = run("--parts", "pile", "--pile", "50,100", "--frames", "2")
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("50", "100"))]
    assert [row[0] for row in rows] == ["50", "100"]
    assert "1. moving boxes" not in out
