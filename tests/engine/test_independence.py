"""The engine stands alone: it never imports arcade, pyglet or the game."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_no_engine_module_names_arcade_pyglet_or_game_in_an_import():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            offenders += [
                f"{path.name}: {n}" for n in names if n.split(".")[0] in {"arcade", "pyglet", "game"}
            ]
    assert offenders == []


def test_importing_the_engine_loads_no_arcade_at_run_time():
    code = "import sys, engine, engine.collision; print(sorted(m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet', 'game')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
