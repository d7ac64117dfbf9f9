"""``python -m game`` as a person types it: wrong arguments, no display, screenshots, whose scores."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def run_game(*args: str, env: dict | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def one_line(done: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The subprocesses' score folder: a temporary one, never the player's."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("GJK_SHOOTER_HOME", str(folder))
    return folder


def test_without_a_display_plain_play_is_one_line_and_exit_2(home):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS")}
    done = run_game(env=env, timeout=120)
    assert done.returncode == 2
    line = one_line(done)
    assert "no display" in line and "--demo" in line and "DISPLAY" in line


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("--demo", "--seed", "-1"), "--seed"),
        (("--demo", "--seed", str(2**32)), "--seed"),
        (("--demo", "--seed", "one"), "--seed"),
        (("--demo", "--frames", "0"), "--frames"),
        (("--demo", "--frames", "36001"), "--frames"),
        (("--demo", "--snapshots", "shots"), "--snapshots"),
        (("--demo", "--screenshot", "end.gif"), "end.gif"),
        (("--keep-score",), "--keep-score"),
        (("--no-such-flag",), "--no-such-flag"),
    ],
)
def test_a_wrong_argument_is_one_line_naming_it_and_exit_2_before_anything_runs(home, tmp_path, args, named):
    done = run_game(*args, timeout=120)
    assert done.returncode == 2
    assert named in one_line(done)
    assert done.stdout == ""
    assert not (tmp_path / "end.gif").exists() and not (ROOT / "end.gif").exists()


def test_the_frames_limit_admits_exactly_ten_minutes():
    from game.cli import MAX_FRAMES, parse_args

    assert MAX_FRAMES == 10 * 60 * 60
    assert parse_args(["--demo", "--frames", str(MAX_FRAMES), "--seed", str(2**32 - 1)]).frames == MAX_FRAMES


@pytest.mark.parametrize(
    ("name", "kind"), [("end.jpg", "JPEG"), ("end.jpeg", "JPEG"), ("end.bmp", "BMP"), ("end.png", "PNG")]
)
def test_a_demo_screenshot_is_written_in_the_format_its_suffix_names_with_the_usual_mode(
    home, tmp_path, name, kind
):
    shot = tmp_path / "shots" / name
    done = run_game("--demo", "--level", "yard", "--frames", "2", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    with Image.open(shot) as image:
        assert image.format == kind and image.size == (1280, 720)
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(shot.stat().st_mode) == 0o644 & ~mask
    assert [p.name for p in shot.parent.iterdir()] == [name]  # no temporary file left beside it


def test_a_screenshot_that_cannot_be_written_names_the_path_given_not_a_temporary_file(home, tmp_path):
    shot = tmp_path / "taken.png"
    shot.mkdir()  # a folder where the picture should go
    done = run_game("--demo", "--level", "yard", "--frames", "2", "--screenshot", str(shot))
    assert done.returncode == 2
    line = one_line(done)
    assert str(shot) in line and "tmp" not in line.replace(str(shot), "")  # no temporary file named
    assert [p.name for p in tmp_path.iterdir() if p.name != "home"] == ["taken.png"]


def test_snapshot_runs_keep_their_scores_out_of_the_players_file_unless_keep_score(home, tmp_path):
    done = run_game("--snapshots", str(tmp_path / "a"), "--level", "yard")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "a" / "game_over.png").is_file()  # the run did reach game over
    assert not (home / "scores.json").exists()
    done = run_game("--snapshots", str(tmp_path / "b"), "--level", "yard", "--keep-score")
    assert done.returncode == 0, done.stderr
    assert "yard" in (home / "scores.json").read_text()


def test_a_foreign_yard_opened_by_path_on_the_command_line_keeps_its_score_under_its_path(home, tmp_path):
    import json

    from tests.game.tiled import maps

    foreign = maps.write(tmp_path, maps.with_walls(maps.rect(7, 200, 60, 32, 32)), "yard.tmj")
    done = run_game("--snapshots", str(tmp_path / "shots"), "--level", str(foreign), "--keep-score")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "shots" / "game_over.png").is_file()  # the run did reach game over
    kept = json.loads((home / "scores.json").read_text())
    assert list(kept) == [str(foreign.resolve())]  # not "yard": the shipped yard's best is not its


# --- files the person names are never replaced unless regular (issue 24) -------------


def special_files(folder: Path) -> dict[str, Path]:
    """A FIFO, a device node (root makes a real one; others a symlink to /dev/null) and a folder."""
    fifo, device, sub = folder / "fifo.png", folder / "device.png", folder / "folder.png"
    os.mkfifo(fifo)
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # what /dev/null is
    except PermissionError:
        device.symlink_to("/dev/null")
    sub.mkdir()
    return {"fifo": fifo, "device": device, "folder": sub}


KIND = {"fifo": "a pipe (FIFO)", "device": "a device", "folder": "a folder"}


@pytest.mark.parametrize("option", ["--record", "--screenshot"])
@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_record_or_screenshot_to_a_special_file_is_refused_before_the_run_and_the_file_stays(
    home, tmp_path, option, kind
):
    """As root, ``--record /dev/full`` once turned the device into a regular file."""
    target = special_files(tmp_path)[kind]
    before = os.stat(target).st_mode
    done = run_game("--demo", "--level", "yard", "--frames", "5", option, str(target), timeout=120)
    assert done.returncode == 2, done.stderr
    assert one_line(done) == (
        f"gjk-shooter: error: {option} {target}: is {KIND[kind]}, not a regular file; it is never replaced "
        "(see --help)"
    )
    assert os.stat(target).st_mode == before


def test_a_recording_whose_target_became_a_fifo_during_the_run_is_refused_and_the_fifo_stays(tmp_path):
    from game.files.safe_write import TargetRefused
    from game.headless.replay import Recorder
    from game.sim import Inputs, Simulation
    from game.tiled import level_path, load_level

    level = load_level(level_path("yard"))
    target = tmp_path / "run.replay"
    recorder, sim = Recorder(target), Simulation(level, 1)
    recorder.start_run(level, 1, sim)
    recorder.tick(sim, Inputs())
    os.mkfifo(target)
    with pytest.raises(TargetRefused, match=r"run\.replay: is a pipe"):
        recorder.finish()
    assert stat.S_ISFIFO(os.stat(target).st_mode) and os.listdir(tmp_path) == ["run.replay"]
