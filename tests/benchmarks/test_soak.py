"""The soak's short version (issue 43): the bot plays one minute of game time on every level in one
process; every recording replays to its hash and memory stays flat. The 30-minute soak is
``benchmarks/soak.py`` itself (figures in docs/game.md); CI judges no time (``--max-drift``)."""

from __future__ import annotations

import re

import pytest

from .test_benchmark_arguments import run


@pytest.mark.slow  # (six minutes of play: about 30 s)
def test_one_minute_on_every_level_replays_to_its_hashes_with_flat_memory():
    done = run("soak.py", "--minutes", "1", "--warm-minutes", "0.25", "--max-drift", "1e9")
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line for line in done.stdout.splitlines() if "ticks in" in line]
    assert len(rows) >= 6, done.stdout
    for row in rows:
        ticks = int(re.search(r"([\d,]+) ticks", row).group(1).replace(",", ""))
        replayed, runs = map(int, re.search(r"replays (\d+)/(\d+)", row).groups())
        assert ticks == 3600 and replayed == runs >= 1, row
    growth = float(re.search(r"\(([+-][\d.]+)%\)", done.stdout).group(1))
    assert growth < 5.0, done.stdout
