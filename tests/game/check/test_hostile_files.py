"""Issue 13 at the checker's command line: hostile names, special files and crowded maps.

Every case is a real ``python -m game.check`` process (or ``check_file``)
and must end in one line per finding, no traceback, exit status 1.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import deque
from pathlib import Path

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from game.check import check_file
from game.check import checks as checks_module
from game.check.reach import flood, label_cells
from tests.game.tiled import maps

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.check", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        errors="backslashreplace",
    )


def finding_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("  ")]


def map_with_a_named_wall(tmp_path: Path, name: str) -> Path:
    data = maps.with_walls(maps.obj(5, name, "lava", x=10, y=10, width=40, height=20))
    path = tmp_path / "named.tmj"
    path.write_text(
        json.dumps(data, ensure_ascii=True)
    )  # "\ud800" stays an escape in the file, as JSON allows
    return path


def test_a_lone_surrogate_in_a_name_is_printed_escaped_not_a_unicode_error(tmp_path):
    path = map_with_a_named_wall(tmp_path, "crate\ud800")
    done = run(str(path))
    assert done.returncode == 0, done.stderr  # an unknown class on a wall is a warning (issue 22)
    assert "Traceback" not in done.stdout + done.stderr
    assert finding_lines(done.stdout) == [
        f"  {path}:5 (crate\\ud800): unknown class 'lava' on a wall; it is a wall all the same"
    ]


def test_a_newline_or_a_terminal_escape_in_a_name_cannot_forge_a_second_line(tmp_path):
    path = map_with_a_named_wall(tmp_path, "a\n  b.tmj:9 (b): forged\x1b[2J")
    done = run(str(path))
    assert done.returncode == 0
    assert "\x1b" not in done.stdout
    assert finding_lines(done.stdout) == [
        f"  {path}:5 (a\\n  b.tmj:9 (b): forged\\x1b[2J): unknown class 'lava' on a wall; it is a wall all the same"
    ]


def test_a_very_long_name_is_cut(tmp_path):
    done = run(str(map_with_a_named_wall(tmp_path, "w" * 100_000)))
    (line,) = finding_lines(done.stdout)
    assert len(line) < 400 and "www..." in line


def test_a_folder_named_like_a_map_is_an_error_not_an_empty_success(tmp_path):
    (tmp_path / "x.tmj").mkdir()
    done = run(str(tmp_path / "x.tmj"))
    assert done.returncode == 1
    assert finding_lines(done.stdout) == [f"  {tmp_path / 'x.tmj'}: is a folder, not a map file"]


def test_a_fifo_and_a_device_are_refused_in_a_real_process_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "pipe.tmj")
    done = run(str(tmp_path / "pipe.tmj"), "/dev/zero")
    assert done.returncode == 1
    assert finding_lines(done.stdout) == [
        f"  {tmp_path / 'pipe.tmj'}: is a pipe (FIFO), not a map file",
        "  /dev/zero: is a device, not a map file",
    ]


def test_a_million_tile_map_is_one_error_line_in_a_real_process(tmp_path):
    data = json.loads((ROOT / "levels" / "yard.tmj").read_text())
    data["width"] = data["height"] = 1_000_000
    path = maps.write(tmp_path, data, "big.tmj")
    done = run(str(path))
    assert done.returncode == 1
    assert finding_lines(done.stdout) == [
        f"  {path}: map width is 1,000,000 tiles; the limit is 4,096 tiles a side",
        f"  {path}: map height is 1,000,000 tiles; the limit is 4,096 tiles a side",
    ]


def walls_map(tmp_path: Path, walls: list, start: tuple[float, float]) -> Path:
    """A 384 × 320 map of ``walls`` and a player start."""
    return maps.write(
        tmp_path,
        maps.tiled_map(
            [maps.layer(1, "walls", walls), maps.layer(2, "player", [maps.point(9, "", *start)])],
            width=12,
            height=10,
        ),
    )


def crowded_map(tmp_path: Path, count: int) -> Path:
    walls = [maps.rect(10 + k, 40 + 8 * (k % 20), 40 + 8 * (k // 20), 4, 4) for k in range(count)]
    return walls_map(tmp_path, walls, (300, 240))


def test_more_nearby_wall_pairs_than_the_limit_is_one_error_per_check_not_unbounded_work(
    tmp_path, monkeypatch
):
    path = crowded_map(tmp_path, 60)
    assert not any("too many" in f.problem for f in check_file(path).findings)
    monkeypatch.setattr(checks_module, "MAX_PAIRS", 20)
    problems = [f.problem for f in check_file(path).errors]
    assert problems == [
        "too many walls and markers close together to check the gaps between walls: more than "
        "20 nearby pairs (or 50,000,000 box comparisons), the checker's limit"
    ]


def posts_map(tmp_path: Path) -> Path:
    """Two rows of 28 posts (4 × 8 px) 8 px apart, 120 px between the rows: 54 gaps the player cannot
    pass, each with room for it on both sides."""
    walls = [maps.rect(10 + k, 20 + 12 * (k % 28), 60 + 120 * (k // 28), 4, 8) for k in range(56)]
    return walls_map(tmp_path, walls, (300, 20))


def test_findings_of_one_kind_past_the_listing_limit_end_in_one_summary_line(tmp_path, monkeypatch):
    path = posts_map(tmp_path)
    monkeypatch.setattr(checks_module, "MAX_LISTED", 10**6)
    every = [f for f in check_file(path).warnings if f.problem.startswith("gap of")]
    monkeypatch.setattr(checks_module, "MAX_LISTED", 10)
    listed = check_file(path).warnings
    assert len(every) > 10 and len([f for f in listed if f.problem.startswith("gap of")]) == 10
    assert f"{len(every) - 10:,} more gaps the player cannot pass not listed (the first 10 are)" in [
        f.problem for f in listed
    ]


def test_gaps_whose_hull_pairs_surely_pass_the_limit_are_refused_before_any_placement_is_listed(
    tmp_path, monkeypatch
):
    path = posts_map(tmp_path)
    gaps = len([f for f in check_file(path).warnings if f.problem.startswith("gap of")])
    assert gaps > 50
    limit = 2 * checks_module.GAP_TURNS * gaps - 1

    def listed(*args):
        raise AssertionError("the hull's placements were listed")

    # Far fewer nearby wall pairs than this, but every gap's midpoint placements meet its two walls:
    # 2 x GAP_TURNS pairs a gap, at least, is past it.
    monkeypatch.setattr(checks_module, "MAX_PAIRS", limit)
    monkeypatch.setattr(checks_module, "_passes", listed)
    assert [f.problem for f in check_file(path).errors] == [
        "too many walls and markers close together to check the gaps between walls: more than "
        f"{limit:,} nearby pairs (or 50,000,000 box comparisons), the checker's limit"
    ]


def reference_flood(free: np.ndarray, i: int, j: int) -> np.ndarray:
    reached = np.zeros_like(free)
    if not free[j, i]:
        return reached
    reached[j, i] = True
    queue = deque([(i, j)])
    while queue:
        i, j = queue.popleft()
        for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if 0 <= a < free.shape[1] and 0 <= b < free.shape[0] and free[b, a] and not reached[b, a]:
                reached[b, a] = True
                queue.append((a, b))
    return reached


@given(arrays(np.bool_, st.tuples(st.integers(1, 12), st.integers(1, 12))), st.data())
def test_the_compiled_labelling_reaches_what_a_breadth_first_flood_reaches(free, data):
    i = data.draw(st.integers(0, free.shape[1] - 1))
    j = data.draw(st.integers(0, free.shape[0] - 1))
    assert np.array_equal(flood(free, (i, j)), reference_flood(free, i, j))
    labels, count = label_cells(free)
    assert (labels > 0).sum() == free.sum() and (count == 0) == (not free.any())


def test_the_sheet_reads_the_map_size_of_a_fifo_as_unknown_without_blocking(tmp_path):
    from game.check.sheet import map_size

    os.mkfifo(tmp_path / "pipe.tmj")
    assert map_size(tmp_path / "pipe.tmj") is None
    assert map_size(ROOT / "levels" / "yard.tmj") == (2560.0, 1600.0)
