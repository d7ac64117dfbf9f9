"""``python -m engine`` as a person runs it: help, a wrong argument, the demo."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_engine(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage_and_exits_0_without_running_the_demo(flag):
    done = run_engine(flag)
    assert done.returncode == 0
    assert done.stdout.startswith("usage: python -m engine")
    assert "engine demo:" not in done.stdout and "random rotated pairs" not in done.stdout


@pytest.mark.parametrize("args", [("--bogus",), ("extra",), ("--frames", "3")])
def test_an_unknown_argument_is_one_line_and_exit_2(args):
    done = run_engine(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and args[0] in lines[0] and "Traceback" not in done.stderr


def test_without_arguments_the_demo_runs_and_reports_the_batch():
    done = run_engine()
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("engine demo:")
    assert "random rotated pairs" in done.stdout
