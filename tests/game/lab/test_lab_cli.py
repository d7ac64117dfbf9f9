"""``python -m game.lab`` as a designer runs it: step numbers in range, a level's walls on screen, pictures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from game.lab.analysis import analyse
from game.lab.cli import build_parser, build_state
from game.lab.draw import COLOR_WALL, MAP_BOX, describe

ROOT = Path(__file__).resolve().parents[3]


def run_lab(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.lab", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def turn_line(state) -> str:
    analysis = analyse(state.shape(0), state.xfs[0], state.shape(1), state.xfs[1])
    return next(text for text, _ in describe(state, analysis) if text.startswith("GJK turn"))


@pytest.mark.parametrize("args", [("--step", "-3"), ("--step", "1001"), ("--step", "two")])
def test_a_step_out_of_range_is_one_line_and_exit_2(tmp_path, args):
    done = run_lab(*args, "--screenshot", str(tmp_path / "lab.png"))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--step" in lines[0] and "Traceback" not in done.stderr
    assert not (tmp_path / "lab.png").exists()


@pytest.mark.parametrize("step", ["1", "2", "99", "1000"])
def test_a_step_past_the_end_of_the_run_shows_the_last_turn_and_never_more_turns_than_there_are(step):
    state = build_state(build_parser().parse_args(["--step", step]))
    shown, total = turn_line(state).removeprefix("GJK turn ").partition(":")[0].split("/")
    assert int(shown) == min(int(step), int(total))
    state.advance(
        1, int(total)
    )  # Space steps on from the turn shown (past the end: wraps to the first support)
    assert state.step == (int(shown) + 1) % (int(total) + 1)


def test_a_level_opens_on_its_own_wall_parts_with_a_map_of_its_walls(tmp_path):
    state = build_state(build_parser().parse_args(["ruins"]))
    assert state.label(0).startswith("ruins:") and state.label(1).startswith("ruins:")
    wall_pixels = {}
    for name, args in (("ruins", ["ruins"]), ("palette", [])):
        shot = tmp_path / f"{name}.png"
        done = run_lab(*args, "--screenshot", str(shot))
        assert done.returncode == 0, done.stderr
        with Image.open(shot) as image:
            w = image.size[0]
            box = image.convert("RGB").crop(
                (int(w / 2 - MAP_BOX[0] - 10), 10, int(w / 2 - 10), int(10 + MAP_BOX[1]))
            )
            wall_pixels[name] = sum(
                1 for p in box.getdata() if max(abs(a - b) for a, b in zip(p, COLOR_WALL)) < 30
            )
    assert wall_pixels["ruins"] > 300 and wall_pixels["palette"] == 0


def test_the_lab_writes_the_format_its_suffix_names_and_refuses_an_unknown_one(tmp_path):
    done = run_lab("--screenshot", str(tmp_path / "lab.jpg"))
    assert done.returncode == 0, done.stderr
    with Image.open(tmp_path / "lab.jpg") as image:
        assert image.format == "JPEG"
    done = run_lab("--screenshot", str(tmp_path / "lab.gif"))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1 and "lab.gif" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lab.jpg"]


def test_without_a_display_the_interactive_lab_is_one_line_and_exit_2():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS")}
    done = subprocess.run(
        [sys.executable, "-m", "game.lab"], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "--screenshot" in lines[0]
