"""Every example in examples/ runs as a user runs it: its own process, ``python examples/NAME.py
--frames N --screenshot F`` (headless), and draws something; arcade's own pymunk top-down demo,
ported by its import, plays 600 frames through its real window with keys held and shots fired."""

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
#: The ported arcade demo is arcade's file, not ours: it keeps its length and has no --frames.
PORTED = "pymunk_demo_top_down.py"
#: Frames each example runs for its picture: the docs' gallery's (docs/generate.py).
_spec = importlib.util.spec_from_file_location("docs_generate", ROOT / "docs" / "generate.py")
_generate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_generate)
FRAMES = _generate.FRAMES
#: The issue's longest example, in lines.
MAX_LINES = 120


def headless() -> dict:
    return {**os.environ, "ARCADE_HEADLESS": "1"}


def test_every_example_is_listed_here_and_short():
    found = sorted(p.name for p in EXAMPLES.glob("*.py") if p.name != PORTED)
    assert found == sorted(FRAMES)
    for name in found:
        lines = len((EXAMPLES / name).read_text().splitlines())
        assert lines <= MAX_LINES, f"{name}: {lines} lines"


@pytest.mark.parametrize("name", sorted(FRAMES))
def test_an_example_runs_on_its_own_headless_and_draws(name, tmp_path):
    shot = tmp_path / f"{name}.png"
    done = subprocess.run(
        [sys.executable, f"examples/{name}", "--frames", str(FRAMES[name]), "--screenshot", str(shot)],
        cwd=ROOT,
        env=headless(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr and "Warning" not in done.stderr, done.stderr[-3000:]
    colors = Image.open(shot).convert("RGB").getcolors(maxcolors=1 << 20)
    assert colors is not None and len(colors) > 3, f"{name} drew {colors}"


def test_an_example_refuses_a_bad_frame_count_in_one_line():
    done = subprocess.run(
        [sys.executable, "examples/hello_world.py", "--frames", "0"],
        cwd=ROOT,
        env=headless(),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].endswith("--frames is 0: 1..216,000")
    done = subprocess.run(
        [sys.executable, "examples/hello_world.py", "--screenshot", "x.png"],
        cwd=ROOT,
        env=headless(),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "--screenshot needs --frames" in done.stderr


#: Drives arcade's demo through its window: up into the rocks with no shot (the player pushes them),
#: then right with SPACE bullets and left-button shots at walls and rocks. Prints what it saw.
DRIVER = textwrap.dedent(
    """
    import json, random, sys
    sys.path.insert(0, "examples")
    random.seed(1)
    import arcade
    import pymunk_demo_top_down as demo
    from engine.arcade import run

    said = []
    demo.print = lambda *words: said.append(" ".join(map(str, words)))  # its handlers print
    window = arcade.Window(demo.WINDOW_WIDTH, demo.WINDOW_HEIGHT, demo.WINDOW_TITLE)
    view = demo.GameView()
    view.setup()
    window.show_view(view)
    engine = view.physics_engine
    rocks = {id(r): tuple(r.position) for r in view.rock_list}
    window.dispatch_event("on_key_press", arcade.key.UP, 0)
    run(window, frames=150)
    pushed = sum(1 for r in view.rock_list if abs(r.center_y - rocks[id(r)][1]) > 10)
    player_y = view.player_sprite.center_y
    window.dispatch_event("on_key_release", arcade.key.UP, 0)
    window.dispatch_event("on_key_press", arcade.key.RIGHT, 0)
    fired = 0
    for frame in range(450):
        if frame % 40 == 0:
            window.dispatch_event("on_key_press", arcade.key.SPACE, 0)
            fired += 1
        if frame % 50 == 25:  # at the top wall, then down at the rocks and gems
            x, y = (100 + frame, 630) if frame % 100 == 25 else (400, 40)
            window.dispatch_event("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
            fired += 1
        run(window, frames=1)
    window.dispatch_event("on_key_release", arcade.key.RIGHT, 0)
    bodies = [o.body.id for o in engine.sprites.values()]
    print(json.dumps({
        "said": said, "pushed": pushed, "player_y": player_y, "fired": fired,
        "bullets_left": len(view.bullet_list), "in_engine": len(engine.sprites),
        "world": len(engine.world), "bodies_known": all(b in engine.world for b in bodies),
        "player_x": view.player_sprite.center_x,
    }))
    """
)


def test_arcades_pymunk_top_down_demo_plays_600_frames_on_our_engine():
    import json

    done = subprocess.run(
        [sys.executable, "-c", DRIVER], cwd=ROOT, env=headless(), capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    # The player walked up into the row of rocks and shoved some of them.
    assert seen["pushed"] >= 1 and seen["player_y"] > 300, seen
    # Bullets hit walls and rocks through the collision handlers, which removed them (sprite
    # lists and engine alike, through Sprite.remove_from_sprite_lists).
    assert seen["said"].count("Wall") >= 5 and seen["said"].count("Rock") >= 1, seen["said"]
    assert seen["bullets_left"] <= seen["fired"] - len(seen["said"]), seen
    assert seen["in_engine"] == seen["world"] and seen["bodies_known"], seen
    # It walked right across the room and stopped at the wall (its hit box never passed it).
    assert 800 < seen["player_x"] < 960, seen
