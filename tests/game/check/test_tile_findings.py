"""Tile collision as the checker sees it: each problem named by its painted cell, through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.check.report import check_file
from tests.game.check.fixtures.tiles.make_tile_fixtures import HERE, maps

ROOT = Path(__file__).resolve().parents[3]
FOLDER = HERE.relative_to(ROOT)


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.check", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


#: fixture -> (exit status, the exact lines it must print). Tile "stray" draws its 32 px box at x 80..112 of a
#: 32 px tile: 112 − 32 = 80 px outside; it is painted twice. Tile "bow" crosses itself at (16, 16) of its
#: tile. The ring of full boxes (cols 5..8, rows 2..4) merges; the left column (5, rows 3..4) is the collision
#: nearest the pickup at Tiled (200, 112), 8 px away.
EXPECTED = {
    "tile-clean.tmj": (0, []),
    "tile-shape-leaves-its-tile.tmj": (
        0,
        [
            "blocks:tile-2,3 (blocks 1): collision object 1 (stray) reaches 80.0 px outside the tile, more than the "
            "tile's own size (32 × 32 px): draw it inside the tile in Tiled's collision editor (and 1 more cell)"
        ],
    ),
    "tile-polygon-self-intersects.tmj": (
        1,
        [
            "blocks:tile-4,2 (blocks 2): collision object 1 (bow): polygon self-intersects: two of its edges cross "
            "near tile pixel (16, 16)"
        ],
    ),
    "tile-collision-seals-a-marker.tmj": (
        0,
        [
            "blocks:tile-5,3 (blocks 0): tile collision seals ammo pickup 8 (a1) in: the player cannot reach it from "
            "the start, and could without the tiles' collision",
            "8 (a1): ammo pickup cannot be reached from the player start",
        ],
    ),
}


def test_the_fixture_maps_are_the_generator_written_out():
    for name, data in maps().items():
        assert json.loads((HERE / name).read_text()) == data, f"{name} is stale: run make_tile_fixtures"
    assert set(EXPECTED) == set(maps())


@pytest.mark.parametrize("name", list(EXPECTED))
def test_each_tile_problem_is_one_line_naming_the_cell_and_tile_with_the_exit_status(name):
    status, lines = EXPECTED[name]
    done = run(str(FOLDER / name))
    assert done.returncode == status, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    printed = [line.strip() for line in done.stdout.splitlines() if line.startswith("  ")]
    assert sorted(printed) == sorted(f"{FOLDER / name}:{line}" for line in lines)


def test_json_gives_the_cell_of_a_tile_finding():
    done = run("--json", str(FOLDER / "tile-shape-leaves-its-tile.tmj"))
    (finding,) = json.loads(done.stdout)["findings"]
    assert finding["tile"] == {"layer": "blocks", "col": 2, "row": 3, "tileset": "blocks", "local_id": 1}


def test_a_full_box_run_merged_into_one_wall_does_not_leave_its_first_tile():
    result = check_file(HERE / "tile-clean.tmj")
    tile_walls = [w for w in result.level.walls if w.kind == "tile"]
    assert len(tile_walls) == 1 and result.findings == []  # six painted boxes, one merged wall, nothing said


def test_the_sheet_outlines_tile_collision_like_any_wall(tmp_path, window):
    import arcade

    from game.check.sheet import WALL_EDGE, WALL_FILL, draw_sheet

    result = check_file(HERE / "tile-shape-leaves-its-tile.tmj")
    window.clear()
    frame = draw_sheet(result, window.width, window.height)
    image = arcade.get_image(0, 0, window.width, window.height)

    def colour(x, y):
        px, py = frame(x, y)
        return image.getpixel((round(px), image.height - 1 - round(py)))[:3]

    # The stray box of cell (2, 3): world x 144..176, y 128..160 (Tiled rows 3 → y 96..128 flipped in 256).
    assert colour(160, 144) == WALL_FILL
    edge = {colour(144 + dx, 144) for dx in range(-1, 2)}
    assert WALL_EDGE in edge


def test_a_tile_findings_ring_is_labelled_with_its_cell():
    from game.check.sheet import ring_label

    sealed = check_file(HERE / "tile-collision-seals-a-marker.tmj")
    assert sorted(ring_label(f) for f in sealed.findings) == ["#8 unreachable", "tile-5,3 seals #8 in"]
    stray = check_file(HERE / "tile-shape-leaves-its-tile.tmj")
    assert [ring_label(f) for f in stray.findings] == ["tile-2,3 shape 80 px out of its tile"]
