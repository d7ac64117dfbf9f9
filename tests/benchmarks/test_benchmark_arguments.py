"""``benchmarks/game_step.py``, ``balance.py``, ``dynamics.py``, ``joints.py``, ``compile_times.py`` and ``soak.py`` refuse arguments
past their written limits (docs/limits.md) with one line naming the argument and the value, before any work (nothing is timed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(script: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's game, not an installed one
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("script", "args", "words"),
    [
        ("game_step.py", ["--frames", "0"], ["--frames 0", "1..36000"]),
        ("game_step.py", ["--frames", "36001"], ["--frames 36001", "1..36000"]),
        ("game_step.py", ["--seed", "-1"], ["--seed -1", "0..4294967295"]),
        ("game_step.py", ["--frames", "many"], ["--frames", "invalid int value: 'many'"]),
        ("balance.py", ["--seeds", "101"], ["--seeds 101", "1..100"]),
        ("balance.py", ["--minutes", "nan"], ["--minutes nan", "at most 60"]),
        ("balance.py", ["--levels", "nowhere"], ["--levels 'nowhere'"]),
        ("dynamics.py", ["--steps", "0"], ["--steps 0", "1..10000"]),
        ("dynamics.py", ["--large-steps", "-3"], ["--large-steps -3", "1..10000"]),
        ("dynamics.py", ["--tallest", "5"], ["--tallest 5", "20..200"]),
        ("joints.py", ["--size", "1"], ["--size 1", "2..160"]),
        ("joints.py", ["--steps", "0"], ["--steps 0", "1..10000"]),
        ("dynamics.py", ["--tallest", "201"], ["--tallest 201", "20..200"]),
        ("dynamics.py", ["--compound-steps", "0"], ["--compound-steps 0", "1..10000"]),
        ("dynamics.py", ["--joint-size", "1"], ["--joint-size 1", "2..160"]),
        ("dynamics.py", ["--joint-steps", "10001"], ["--joint-steps 10001", "1..10000"]),
        ("compile_times.py", ["--top", "0"], ["--top 0", "at least 1"]),
        ("snapshot.py", ["--repeats", "0"], ["--repeats 0", "1..1000"]),
        ("snapshot.py", ["--game-ticks", "36001"], ["--game-ticks 36001", "0..36000"]),
        ("soak.py", ["--minutes", "0"], ["--minutes must be within 0.05..600, got 0"]),
        ("soak.py", ["--minutes", "nan"], ["--minutes must be within 0.05..600, got nan"]),
        ("soak.py", ["--run-minutes", "1e9"], ["--run-minutes must be within 0.05..600"]),
        ("soak.py", ["--levels", "yard,nowhere"], ["unknown level 'nowhere'", "yard"]),
        ("soak.py", ["--seed", "-1"], ["--seed must be within 0..2**31-1, got -1"]),
        ("soak.py", ["--max-drift", "0.5"], ["--max-drift must be at least 1, got 0.5"]),
        ("soak.py", ["--warm-minutes", "0"], ["--warm-minutes must be within 0.05..600, got 0"]),
        (
            "compile_times.py",
            ["--stages", "props tumbling,nope"],
            ["--stages", "no stage 'nope'", "bullets flying"],
        ),
    ],
)
def test_a_benchmark_refuses_an_argument_past_its_limit_in_one_line(script, args, words):
    done = run(script, *args)
    assert done.returncode == 2 and done.stdout == ""
    last = done.stderr.strip().splitlines()[-1]
    for word in words:
        assert word in last, (word, done.stderr)
