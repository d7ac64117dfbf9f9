"""``benchmarks/native_box2d.py`` (issue 42: native Box2D v3.1.1's benchmark app) refuses wrong
arguments in one line with exit 2, and says in one line when cmake is missing, before any build
(nothing is built or timed here: building Box2D takes too long for the tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "native_box2d.py"


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--threads", "0"], ["--threads 0", "1..32"]),
        (["--threads", "33"], ["--threads 33", "1..32"]),
        (["--repeats", "0"], ["--repeats 0", "1..100"]),
        (["--repeats", "many"], ["--repeats", "invalid int value: 'many'"]),
        (["--scenes", "large_pyramid,nope"], ["--scenes", "no scene 'nope'", "many_pyramids"]),
        (["--scenes", ","], ["--scenes ','"]),
        (["--ours", "--scenes", "rain"], ["--ours", "'rain'", "large_pyramid"]),
        (["--build-dir", "benchmarks/build"], ["--build-dir", "outside the repository"]),
        (["--bogus"], ["unrecognized arguments: --bogus"]),
    ],
)
def test_a_wrong_argument_is_one_line_and_exit_2(args, words):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], (word, done.stderr)


def test_help_names_the_options():
    done = run("--help")
    assert done.returncode == 0
    for option in ("--scenes", "--threads", "--repeats", "--build-dir", "--ours", "--avx2"):
        assert option in done.stdout


def test_without_cmake_it_says_so_in_one_line(tmp_path):
    done = run("--build-only", "--build-dir", str(tmp_path / "build"), env={"PATH": str(tmp_path)})
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "native_box2d.py: cmake is not installed (needed to build native Box2D; e.g. apt-get install cmake)"
    ]
    assert not (tmp_path / "build").exists()
