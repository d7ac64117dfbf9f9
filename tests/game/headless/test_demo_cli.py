"""``python -m game --demo`` plays headless, prints one summary line, writes a screenshot; bad input -> exit 2."""

import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

from game import tiled

ROOT = Path(__file__).resolve().parents[3]
SUMMARY = re.compile(
    r"^demo level=(\S+) frames=(\d+) kills=(\d+) deaths=(\d+) score=(\d+) "
    r"sim_ms_p50=([\d.]+) sim_ms_p99=([\d.]+) state_hash=([0-9a-f]{64}) screenshot=(\S+)$"
)


def run_game(*args, cwd=ROOT):
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=cwd, capture_output=True, text=True, timeout=240
    )


def test_the_demo_plays_headless_and_prints_one_summary_line(tmp_path):
    name = str(getattr(tiled.list_levels()[0], "stem", tiled.list_levels()[0]))
    shot, rec = tmp_path / "demo.png", tmp_path / "demo.replay"
    done = run_game(
        "--demo",
        "--level",
        name,
        "--frames",
        "90",
        "--seed",
        "4",
        "--screenshot",
        str(shot),
        "--record",
        str(rec),
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    match = SUMMARY.match(lines[0])
    assert match, lines[0]
    assert match[1] == name and int(match[2]) == 90
    p50, p99 = float(match[6]), float(match[7])
    assert 0 < p50 <= p99
    with Image.open(shot) as image:
        assert image.size == (1280, 720)
        assert len(set(image.convert("RGB").resize((160, 90)).getdata())) > 50
    # the bot's 90 ticks, replayed on the simulation alone, come to the demo's own state
    again = run_game("--replay", str(rec))
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip().endswith(f"state_hash={match[8]}") and " ticks=90 " in again.stdout


def test_an_unknown_level_is_one_line_on_stderr_and_exit_2(tmp_path):
    done = run_game("--demo", "--level", "no_such_level_anywhere", "--frames", "5")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "no_such_level_anywhere" in done.stderr


def test_a_file_that_is_not_a_map_given_as_the_level_is_named_as_not_a_map_and_exit_2(tmp_path):
    # Regression: ``--level README.md`` was looked up as the level "README.md", and the one line named
    # ``levels/README.md.tmj``, a file nobody gave.
    (tmp_path / "notes.md").write_text("# not a map")
    done = run_game("--demo", "--level", "notes.md", "--frames", "5", cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert (
        done.stderr.split(": ")[1] == "notes.md"
        and "not a Tiled map" in done.stderr
        and ".tmj" in done.stderr
    )
    assert "levels/notes.md" not in done.stderr


def test_a_level_name_too_long_for_the_file_system_is_one_short_line_and_exit_2(tmp_path):
    # Regression: 5,000 characters named no level but raised the system's own "[Errno 36] File name
    # too long", with every character of the name on the line.
    done = run_game("--demo", "--level", "a" * 5000 + ".md", "--frames", "5", cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "no level named" in done.stderr and "Errno" not in done.stderr
    assert len(done.stderr) < 1000


def test_a_broken_level_file_is_one_line_naming_the_file_and_exit_2(tmp_path):
    broken = tmp_path / "broken.tmj"
    broken.write_text('{"type": "map", "layers": [')
    done = run_game("--demo", "--level", str(broken), "--frames", "5")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "broken.tmj" in done.stderr
