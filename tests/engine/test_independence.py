"""The engine stands alone: it never imports arcade, pyglet or the game, except ``engine.arcade``
(issue 41), which imports arcade, only when it is imported itself, and never the game."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
#: The adapter: the one engine module that may name arcade (and pyglet, which comes with it).
ADAPTER = ENGINE / "arcade.py"


def test_no_engine_module_names_arcade_pyglet_or_game_in_an_import():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            banned = {"game"} if path == ADAPTER else {"arcade", "pyglet", "game"}
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in banned]
    assert offenders == []


def test_importing_the_engine_loads_no_arcade_at_run_time():
    code = "import sys, engine, engine.collision; print(sorted(m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet', 'game')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_importing_every_engine_module_but_the_adapter_loads_no_arcade():
    """``engine.draw`` and ``engine.plot`` (the drawers' geometry, matplotlib's drawer) stay free of it too."""
    code = (
        "import sys, engine, engine.collision, engine.world, engine.draw; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet', 'game')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_adapter_imports_arcade_when_imported():
    code = "import sys, engine.arcade; print('arcade' in sys.modules)"
    env = {**__import__("os").environ, "ARCADE_HEADLESS": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert done.stdout.strip() == "True"
