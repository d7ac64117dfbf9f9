"""``python -m game.check assets/actors.tsj``: the actors' hitbox file checked where a designer edits it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.check.doors import shipped_doors
from game.tiled.actors import ACTORS_FILE

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.check", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def edited_copy(folder: Path, edit) -> Path:
    """A copy of the shipped actors file beside its images, with ``edit(tile)`` applied to every tile."""
    data = json.loads(ACTORS_FILE.read_text())
    for tile in data["tiles"]:
        edit(tile)
    (folder / "actors").symlink_to(ACTORS_FILE.parent / "actors")
    path = folder / "actors.tsj"
    path.write_text(json.dumps(data))
    return path


def lines(done: subprocess.CompletedProcess) -> list[str]:
    return [line.strip() for line in done.stdout.splitlines() if line.startswith("  ")]


def test_the_shipped_actors_file_checks_clean_beside_a_level():
    done = run(str(ACTORS_FILE.relative_to(ROOT)), "bunker")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("checked 1 level and 1 actor file: 0 errors")


def test_a_self_intersecting_hitbox_is_one_error_line_naming_the_tile_and_actor(tmp_path):
    def bow(tile):
        if tile["type"] == "player":
            tile["objectgroup"]["objects"][0]["polygon"] = [
                {"x": 0, "y": 0},
                {"x": 20, "y": 20},
                {"x": 20, "y": 0},
                {"x": 0, "y": 20},
            ]

    path = edited_copy(tmp_path, bow)
    done = run(str(path))
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    (line,) = lines(done)
    assert line.startswith(f"{path}: tile 0 (player): ") and "self-intersects" in line


def test_a_hitbox_wider_than_the_narrowest_shipped_door_is_an_error_with_both_widths(tmp_path):
    def wide(tile):  # a 300 × 200 px box: 200 px across at its narrowest, whichever way it turns
        if tile["type"] == "brute":
            tile["objectgroup"]["objects"] = [
                {
                    "height": 200,
                    "id": 1,
                    "name": "hull",
                    "rotation": 0,
                    "type": "",
                    "visible": True,
                    "width": 300,
                    "x": -100,
                    "y": -80,
                }
            ]

    path = edited_copy(tmp_path, wide)
    done = run("--json", str(path))
    assert done.returncode == 1
    (finding,) = json.loads(done.stdout)["findings"]
    level, door = min(((name, d.width) for name, d in shipped_doors().items()), key=lambda item: item[1])
    assert finding["line"].startswith(f"{path}: tile 3 (brute): hitbox is 200.0 px across at its narrowest")
    assert f"({level}: {door:.1f} px)" in finding["line"]


def test_a_missing_actors_file_is_one_line_and_no_sheet_is_drawn_for_it(tmp_path):
    done = run("--png", str(tmp_path / "sheets"), str(tmp_path / "nowhere.tsj"))
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    (line,) = lines(done)
    assert line.startswith(f"{tmp_path / 'nowhere.tsj'}: ")
    assert not (tmp_path / "sheets" / "nowhere.png").exists()


def concave_player(tile):
    """An arrowhead: concave, so it splits into two convex parts, which the game plays as one body."""
    if tile["type"] == "player":
        tile["objectgroup"]["objects"][0]["polygon"] = [
            {"x": 16, "y": 0},
            {"x": -11, "y": -11},
            {"x": -4, "y": 0},
            {"x": -11, "y": 11},
        ]


def huge_player(tile):
    if tile["type"] == "player":
        tile["objectgroup"]["objects"][0]["properties"] = [{"name": "radius", "type": "float", "value": 1e9}]


#: Runs the demo with the actors file of argv[1] in place of the shipped one.
DEMO_WITH_ACTORS = """
import sys
from pathlib import Path
import game.tiled.actors
game.tiled.actors.ACTORS_FILE = Path(sys.argv[1])
from game.cli import main
sys.exit(main(["--demo", "--level", "yard", "--frames", "5"]))
"""


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (
            huge_player,
            "tile 0 (player): hitbox reaches 1e+09 px from the actor's centre; the limit is 8,192 px",
        ),
    ],
    ids=["radius-1e9"],
)
def test_an_actors_file_the_game_refuses_the_checker_refuses_with_the_same_line(tmp_path, edit, problem):
    """Issue 24: a concave player hull checked clean while the game refused it; a radius of 1e9
    checked clean and crashed the demo with a traceback from inside the engine."""
    path = edited_copy(tmp_path, edit)
    checked = run(str(path))
    assert checked.returncode == 1, checked.stdout + checked.stderr
    (line,) = lines(checked)
    assert line.startswith(f"{path}: {problem}"), line
    demo = subprocess.run(
        [sys.executable, "-c", DEMO_WITH_ACTORS, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert demo.returncode == 2 and "Traceback" not in demo.stderr, demo.stderr
    (said,) = [x for x in demo.stderr.splitlines() if not x.startswith("gjk-shooter: compil")]
    assert said.startswith("gjk-shooter: ") and problem in said, said


def test_a_concave_player_checks_clean_and_the_demo_plays_with_it(tmp_path):
    """Issue 24 refused a concave player in both; now both take it: its two parts are one body."""
    path = edited_copy(tmp_path, concave_player)
    checked = run(str(path))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert not lines(checked)
    demo = subprocess.run(
        [sys.executable, "-c", DEMO_WITH_ACTORS, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert demo.returncode == 0 and "Traceback" not in demo.stderr, demo.stderr[-2000:]
