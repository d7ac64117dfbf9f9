"""``python -m game.check`` takes level names like the game does; its sheets have a legend and say what each ring is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image

from game.check.report import check_file
from game.check.sheet import FINDING, LEGEND_STRIP, MARGIN, PICKUP, SPAWN, START, ring_label, sheet_frame
from tests.game.check.defects import PLAYER_WIDTH

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = Path(__file__).parent / "fixtures"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.check", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_a_level_name_is_checked_as_the_level_the_game_would_load():
    done = run("yard")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "file not found" not in done.stdout
    assert "checked 1 level: 0 errors" in done.stdout
    assert "yard.tmj:" in done.stdout  # its findings (warnings) name the file


def test_an_unknown_level_name_is_one_line_listing_the_levels_and_exit_2():
    done = run("no_such_level")
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no_such_level" in lines[0] and "yard" in lines[0]


def test_paths_still_work_beside_names(tmp_path):
    done = run("yard", str(FIXTURES / "very-thin-wall.tmj"))
    assert "checked 2 levels" in done.stdout
    assert "very-thin-wall.tmj:7 (sliver): very thin wall" in done.stdout


def test_each_ring_says_what_its_finding_is_in_a_few_words():
    labels = {
        path.stem: [ring_label(f) for f in check_file(path).findings if f.where is not None]
        for path in (
            FIXTURES / "gap-narrower-than-the-player.tmj",
            FIXTURES / "overlapping-walls.tmj",
            FIXTURES / "very-thin-wall.tmj",
            FIXTURES / "spawn-inside-a-wall.tmj",
        )
    }
    assert labels["gap-narrower-than-the-player"] == [f"#7 gap 10 px, player {PLAYER_WIDTH:.1f} px"]
    assert labels["overlapping-walls"] == ["#7 overlaps #8 by 10 px"]
    assert labels["very-thin-wall"] == ["#7 thin: 3 px across"]
    assert labels["spawn-inside-a-wall"] == ["#8 inside wall #7"]


def red_columns(image, left: int, right: int, top: int, bottom: int) -> set[int]:
    """Columns of the box (image pixels, y down) holding the findings' red."""
    return {
        x
        for x in range(left, right)
        for y in range(top, bottom)
        if max(abs(a - b) for a, b in zip(image.getpixel((x, y))[:3], FINDING)) < 40
    }


def test_the_sheet_written_by_the_cli_has_a_legend_and_a_label_beside_each_ring(tmp_path):
    fixture = FIXTURES / "gap-narrower-than-the-player.tmj"
    done = run("--png", str(tmp_path), str(fixture))
    assert done.returncode == 0, done.stderr
    with Image.open(tmp_path / "gap-narrower-than-the-player.png") as png:
        image = png.convert("RGB")
    w, h = image.size
    legend = [image.getpixel((x, y)) for x in range(w) for y in range(h - MARGIN - LEGEND_STRIP, h)]
    for colour in (START, SPAWN, PICKUP, FINDING):  # each colour has its swatch in the legend
        assert colour in legend, colour
    # The label runs well right of the ring: "#7 gap 10 px, player 25.8 px", not a bare "#7".
    result = check_file(fixture)
    (finding,) = result.findings
    frame = sheet_frame(result.level.width, result.level.height, w, h)
    x, y = frame(*finding.where)
    columns = red_columns(image, round(x) + 15, min(w, round(x) + 260), h - round(y) - 22, h - round(y) - 2)
    assert max(columns) - round(x) > 150
