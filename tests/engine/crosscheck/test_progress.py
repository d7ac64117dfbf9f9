"""The cross-check's progress: redrawn in place on a terminal, whole lines every few seconds into a pipe or file.

The command-line tests run the real ``python -m engine.crosscheck`` with its stderr on a pipe, a
file and a pseudo-terminal (``pty.openpty``), as a user would see it.
"""

from __future__ import annotations

import errno
import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from engine.crosscheck.run import CHUNK, ProgressBar, Run

ROOT = Path(__file__).resolve().parents[3]
PAIRS = 5 * CHUNK
ARGS = ["--pairs", str(PAIRS), "--jobs", "1", "--styles", "ordinary", "--kinds", "poly", "--no-cases"]


def crosscheck(*extra: str, stderr) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine.crosscheck", *ARGS, *extra],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=stderr,
        timeout=600,
        check=False,
    )


def test_into_a_pipe_progress_is_whole_lines_with_no_carriage_returns():
    done = crosscheck("--progress-every", "0.001", stderr=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    err = done.stderr.decode()
    assert "\r" not in err
    lines = err.splitlines()
    assert len(lines) == PAIRS // CHUNK  # one a chunk, since every chunk takes longer than 1 ms
    assert lines[-1].startswith("100.0%") and f"{PAIRS:,}/{PAIRS:,} pairs" in lines[-1]
    assert all("pairs/s" in line and "faults of ours 0" in line for line in lines)


def test_into_a_log_file_progress_is_whole_lines_too(tmp_path):
    log = tmp_path / "run.log"
    with log.open("wb") as f:
        done = crosscheck("--progress-every", "0.001", stderr=f)
    assert done.returncode == 0
    text = log.read_text()
    assert "\r" not in text and len(text.splitlines()) == PAIRS // CHUNK and text.endswith("\n")


def test_into_a_pipe_the_default_prints_a_line_at_most_every_5_seconds_and_the_last_one():
    """Warm, five chunks take a second or two: the last line only. On a loaded machine or a cold
    numba cache they take longer, and a line may come every 5 s, never more often."""
    done = crosscheck(stderr=subprocess.PIPE)
    lines = done.stderr.decode().splitlines()
    assert lines[-1].startswith("100.0%")
    seconds = float(lines[-1].rsplit("  ", 1)[1].removesuffix(" s").replace(",", ""))
    assert len(lines) - 1 <= (seconds + 1.0) / 5.0
    assert len(lines) < PAIRS // CHUNK or seconds > 4 * 5.0


def test_on_a_terminal_progress_redraws_one_line_in_place():
    master, slave = pty.openpty()
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "engine.crosscheck", *ARGS],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=slave,
        )
        os.close(slave)
        seen = b""
        while True:
            try:
                block = os.read(master, 4096)
            except OSError as error:  # EIO: the child closed the terminal
                assert error.errno == errno.EIO
                break
            if not block:
                break
            seen += block
        child.stdout.read()
        assert child.wait(timeout=600) == 0
    finally:
        os.close(master)
    text = seen.decode()
    assert text.count("\r[") == PAIRS // CHUNK  # one redraw a chunk
    assert text.rstrip("\r\n").count("\n") == 0  # and a single line break, at the end
    assert f"\r[{'#' * 30}] {PAIRS:,}/{PAIRS:,} pairs" in text


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_off_a_terminal_a_line_waits_until_the_interval_has_passed_and_the_last_always_shows():
    stream, clock = io.StringIO(), Clock()
    bar = ProgressBar(10_000, stream, every=5.0, clock=clock)
    done = Run()
    for pairs, now in [(1_000, 1.0), (2_000, 4.9), (3_000, 5.1), (4_000, 9.0), (5_000, 10.2), (10_000, 10.3)]:
        clock.now, done.pairs, done.seconds = now, pairs, now
        bar(done)
    lines = stream.getvalue().splitlines()
    assert [line.split("  ")[1].split()[0] for line in lines] == [
        "3,000/10,000",
        "5,000/10,000",
        "10,000/10,000",
    ]


def test_a_bad_progress_interval_is_one_line_and_exit_status_2():
    for value, needle in [
        ("0", "must be above 0"),
        ("soon", "'soon' is not a number"),
        ("nan", "must be above"),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "engine.crosscheck", "--progress-every", value],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 2 and needle in done.stderr and done.stderr.count("\n") == 1
