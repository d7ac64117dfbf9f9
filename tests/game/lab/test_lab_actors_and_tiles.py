"""The lab puts any actor's hitbox against any wall or tile of a level: by name on the command line,
by key in the window, and GJK steps between them as between any two shapes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from game.check.hitbox import actor_names, actor_parts
from game.lab.analysis import analyse
from game.lab.cli import InputError, build_parser, build_state, find_choice
from game.lab.draw import COLOR_A, COLOR_B, describe, world_origin
from game.lab.palette import actor_choices, level_choices, palette

ROOT = Path(__file__).resolve().parents[3]
TILES = ROOT / "tests" / "game" / "check" / "fixtures" / "tiles"
#: A row of six full 32 px boxes painted at row 5, cols 2..7 (merged into one wall named by cell 2,5).
CLEAN = TILES / "tile-clean.tmj"


def run_lab(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.lab", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_every_actor_hitbox_is_in_the_lab_as_its_data_gives_it():
    choices = actor_choices()
    assert [c.label.removeprefix("actor ").partition(" part ")[0] for c in choices] == [
        n for n in actor_names() for _ in actor_parts(n)
    ]
    for choice in choices:
        name = choice.label.removeprefix("actor ").partition(" part ")[0]
        assert choice.shape in actor_parts(name)


def test_actors_walls_and_tiles_are_picked_by_name_id_or_cell():
    choices = palette() + actor_choices() + level_choices(CLEAN)
    assert choices[find_choice(choices, "player")].label == "actor player"
    assert choices[find_choice(choices, "actor brute")].label == "actor brute"
    tile = choices[find_choice(choices, "tile-2,5")]
    assert tile.label == "tile-clean:blocks:tile-2,5 (blocks 0)" and tile.tile.layer == "blocks"
    assert find_choice(choices, "blocks:tile-2,5") == find_choice(choices, "tile-2,5")
    for wrong in ("dragon", "ground:tile-2,5", "tile-3,5", "player.2"):
        with pytest.raises(InputError, match=f"no shape {wrong!r}"):
            find_choice(choices, wrong)


def test_the_command_line_draws_the_player_against_a_tile_and_steps_gjk_between_them(tmp_path):
    shot = tmp_path / "lab.png"
    args = [
        str(CLEAN),
        "--a",
        "player",
        "--b",
        "tile-2,5",
        "--at-a=-40,30,30",
        "--at-b=40,0,0",
        "--step",
        "2",
    ]
    done = run_lab(*args, "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    state = build_state(build_parser().parse_args(args))
    assert (state.label(0), state.label(1)) == ("actor player", "tile-clean:blocks:tile-2,5 (blocks 0)")
    lines = [
        text
        for text, _ in describe(state, analyse(state.shape(0), state.xfs[0], state.shape(1), state.xfs[1]))
    ]
    assert lines[2].startswith("GJK turn 2/")
    with Image.open(shot) as image:
        rgb = image.convert("RGB")
        ox, oy = world_origin(*image.size)

        # The player's nose: 16 px ahead plus 2 px rounding along 30°, from (-40, 30); the tile's row
        # spans x -56..136 at y -16..16, so its middle (40, 0) is inside B.
        def near(x, y, colour):
            px, py = round(ox + x), round(image.size[1] - 1 - (oy + y))
            return any(
                max(abs(a - b) for a, b in zip(rgb.getpixel((px + dx, py + dy)), colour)) < 60
                for dx in range(-2, 3)
                for dy in range(-2, 3)
            )

        assert near(-40 + 18 * 0.866, 30 + 18 * 0.5, COLOR_A)
        assert near(40 - 96, 0, COLOR_B)


@pytest.mark.parametrize(
    "args, word",
    [
        (["--a", "dragon"], "'dragon'"),
        ([str(CLEAN), "--b", "tile-9,9"], "'tile-9,9'"),
        (["--b", "tile-2,5"], "'tile-2,5'"),  # no level given: no tiles to pick
    ],
)
def test_an_unknown_actor_or_cell_is_one_line_and_exit_2(tmp_path, args, word):
    done = run_lab(*args, "--screenshot", str(tmp_path / "lab.png"))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and word in lines[0] and "Traceback" not in done.stderr
    assert not (tmp_path / "lab.png").exists()


def test_the_window_steps_through_hitboxes_with_h_and_walls_and_tiles_with_w(window):
    import arcade

    from game.lab.view import LabView

    state = build_state(build_parser().parse_args([str(CLEAN)]))
    view = LabView(state)
    window.show_view(view)
    view.on_key_press(arcade.key.H, 0)
    assert state.label(0) == "actor player"
    view.on_key_press(arcade.key.H, 0)
    assert state.label(0) == "actor chaser"
    view.on_key_press(arcade.key.H, arcade.key.MOD_SHIFT)
    assert state.label(0) == "actor player"
    view.on_key_press(arcade.key.TAB, 0)
    view.on_key_press(arcade.key.W, 0)
    assert state.choices[state.pick[1]].source == "wall"
    view.on_key_press(arcade.key.SPACE, 0)
    assert state.step == 0  # GJK steps between the hitbox and the tile
    window.clear()
    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    ax, ay = state.xfs[0][:2]
    ox, oy = world_origin(window.width, window.height)
    ring = {image.getpixel((round(ox + ax + dx), image.height - 1 - round(oy + ay))) for dx in range(-14, 15)}
    assert COLOR_A in ring


def test_a_broken_actor_file_is_one_line_in_the_lab_and_in_the_checker(tmp_path, monkeypatch):
    from game.check import hitbox
    from game.check.report import check_file
    from game.level import Finding, LevelError

    def broken():
        raise LevelError(Finding("error", "assets/actors.tsj", 3, "player", "polygon self-intersects"))

    monkeypatch.setattr(hitbox, "_shipped", broken)
    with pytest.raises(
        InputError, match=r"^actor hitboxes: assets/actors.tsj:3 \(player\): polygon self-intersects$"
    ):
        build_state(build_parser().parse_args([]))
    result = check_file(CLEAN)
    assert [f.problem for f in result.errors] == [
        "cannot check with the actors' hitboxes: assets/actors.tsj:3 (player): polygon self-intersects"
    ]
