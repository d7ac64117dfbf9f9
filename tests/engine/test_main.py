"""``python -m engine`` as a person runs it: help, a wrong argument, the demo and its falling stack."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_engine(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True, timeout=900
    )


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


@pytest.fixture(scope="module")
def demo() -> subprocess.CompletedProcess:
    return run_engine()


def test_without_arguments_the_demo_runs_and_reports_the_batch(demo):
    assert demo.returncode == 0, demo.stderr
    assert demo.stdout.startswith("engine demo:")
    assert "random rotated pairs" in demo.stdout


NUMBER = r"(-?\d+\.\d+)"


def test_the_falling_stack_lands_box_on_box_then_rests_and_sleeps_stacked(demo):
    assert demo.returncode == 0, demo.stderr
    stack = demo.stdout[demo.stdout.index("falling stack:") :].splitlines()
    places = [line for line in stack if line.startswith("  t ") and "(" in line and "touches" not in line]
    boxes = [
        [tuple(map(float, m)) for m in re.findall(rf"\({NUMBER}, {NUMBER}, {NUMBER}°\)", line)]
        for line in places
    ]
    assert len(places) >= 3 and all(len(row) == 5 for row in boxes)
    assert [y for _, y, _ in boxes[0]] == pytest.approx(
        [0.7 + 1.2 * k for k in range(5)]
    )  # dropped 0.2 m apart
    # At the end each box rests on the one below (1 m boxes on a ground at y 0), 0.1 m right of it.
    for k, (x, y, angle) in enumerate(boxes[-1]):
        assert y == pytest.approx(0.5 + k, abs=0.03) and x == pytest.approx(0.1 * k, abs=0.05)
        assert abs(angle) < 1.0
    began = [
        re.match(rf"  t +{NUMBER} s  (.+) touches (.+), normal impulse {NUMBER} N·s", line)
        for line in stack
        if "touches" in line
    ]
    assert all(began)
    first = {}
    for m in began:
        first.setdefault(m.group(2), m.group(3))
        assert float(m.group(4)) > 0.0
    # Each box's first contact is with the one below it, the bottom box's with the ground.
    assert first == {"box 1": "ground", **{f"box {k}": f"box {k - 1}" for k in range(2, 6)}}
    times = [float(m.group(1)) for m in began]
    assert times == sorted(times)
    end = re.search(
        rf"at rest \(every box slower than 0.05 m/s\) from t {NUMBER} s; all asleep at t {NUMBER} s",
        demo.stdout,
    )
    assert end is not None, demo.stdout
    rest, asleep = float(end.group(1)), float(end.group(2))
    assert times[-1] < rest <= asleep < 10.0
    assert re.search(r"\d+ steps; the \d+ after the first took \d+ ms", demo.stdout)


def test_the_pendulum_swings_at_two_pi_root_l_over_g_and_the_chain_settles_on_its_pin(demo):
    assert demo.returncode == 0, demo.stderr
    line = next(line for line in demo.stdout.splitlines() if line.startswith("pendulum:"))
    period, expected = map(float, re.findall(r"(\d+\.\d+) s", line))
    assert period == pytest.approx(expected, rel=0.01)
    chain = next(line for line in demo.stdout.splitlines() if "hinged links" in line)
    assert "asleep after" in chain
    (fx, fy), weight = (
        re.findall(rf"\({NUMBER}, {NUMBER}\) N", chain)[0],
        re.findall(rf"weight {NUMBER} N", chain)[0],
    )
    assert float(fy) == pytest.approx(float(weight), rel=0.01) and abs(float(fx)) < 0.05


#: Lines of the demo that carry a time measured, not a result.
TIMED = ("batch:", "steps; the")


def _results(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if not any(mark in line for mark in TIMED)]


@pytest.mark.slow  # (a cold compile of the engine in a cache of its own: about a minute on 2 cores)
def test_a_first_run_compiles_the_solver_in_a_second_process_and_prints_what_a_warm_run_does(demo, tmp_path):
    """On an empty cache the demo starts a second process (``engine.__main__.AHEAD``) that compiles
    the step's solver and contacts while the demo runs its queries and broad phase: the demo's own
    stderr then names neither as compiling here, its results are the warm run's, and no process of
    it is left when it ends."""
    done = subprocess.run(
        [sys.executable, "-m", "engine"], cwd=ROOT, capture_output=True, text=True, timeout=900,
        env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert _results(done.stdout) == _results(demo.stdout)
    compiled_here = [line for line in done.stderr.splitlines() if line.startswith("engine: compiling")]
    assert compiled_here, done.stderr  # (a cold run: the queries' kernels compile here)
    assert not any("solve_step" in line or "find_contacts" in line for line in compiled_here), done.stderr
    assert any("candidates_with_walls" in line for line in compiled_here), done.stderr
    # (this run's processes only: another test's demo may be running beside this one)
    mine = str(tmp_path).encode()
    assert not [pid for pid, _ in _processes() if mine in _environment(pid)]


def _processes() -> list[tuple[int, bytes]]:
    """Every running process's id and command line (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _running(int(entry.name)):
            with contextlib.suppress(FileNotFoundError, ProcessLookupError):  # (it ended meanwhile)
                found.append((int(entry.name), (entry / "cmdline").read_bytes()))
    return found


def _environment(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/environ").read_bytes()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return b""


def _parent_of(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return -1


def _running(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, ended and not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def test_the_second_process_of_a_first_run_ends_when_the_demo_is_killed(tmp_path):
    parent = subprocess.Popen(
        [sys.executable, "-m", "engine"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")},
    )  # fmt: skip
    try:
        assert parent.stderr.readline().startswith("engine: compiling")  # (cold: the child has started)
        (child,) = [pid for pid, _ in _processes() if _parent_of(pid) == parent.pid]
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10.0
        while time.monotonic() < deadline and _running(child):
            time.sleep(0.05)
        assert not _running(child), "the second process outlived the demo"
    finally:
        parent.kill()
        parent.wait()
