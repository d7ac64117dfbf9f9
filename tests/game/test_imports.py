"""The game's modules import one another without a circle, and import late only on purpose.

The graph is read from the source (``ast``), with the imports inside
functions too: a circle that an import inside a function hides is still a
circle, it only fails later, at a call. An import inside a function is kept
only to defer a heavy import (arcade, numba's compiled kernels, PIL, a view)
or one that must come after something else (``ARCADE_HEADLESS`` before arcade),
and a comment with the word "defer" on its line or on the comment line just
above its group says so.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "game"


def module_files(root: Path = ROOT, package: str = PACKAGE) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (a package by its own name, from ``__init__.py``)."""
    out = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_package(name: str, files: dict[str, Path]) -> bool:
    return files[name].name == "__init__.py"


def _absolute(node: ast.ImportFrom, name: str, files: dict[str, Path]) -> str:
    """The module an ``ImportFrom`` names, relative imports resolved against module ``name``."""
    if not node.level:
        return node.module or ""
    base = name.split(".") if _is_package(name, files) else name.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Inside ``if TYPE_CHECKING:`` (never run): no edge of the runtime graph."""
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports_of(name: str, files: dict[str, Path]) -> list[tuple[str, ast.stmt, bool]]:
    """``(imported module, statement, inside a function)`` for each import of a game module in ``name``.

    ``from a.b import c`` is an edge to ``a.b.c`` when that is a module, else to ``a.b``; an edge
    to the top package ``game`` itself (a docstring) is left out.
    """
    tree = ast.parse(files[name].read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}

    def in_function(node: ast.AST) -> bool:
        while node in parents:
            node = parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                return True
        return False

    out = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)) or _type_checking_only(node, parents):
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = _absolute(node, name, files)
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names]
        for target in targets:
            if target in files and target != PACKAGE:
                out.append((target, node, in_function(node)))
    return out


def import_graph(files: dict[str, Path]) -> dict[str, set[str]]:
    return {name: {target for target, _, _ in imports_of(name, files)} - {name} for name in files}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _marked(lines: list[str], node: ast.stmt) -> bool:
    """A comment saying the import is deferred: on its lines, or above it past its group's imports
    (and the blank line between a group's third-party and game imports)."""
    text = lines[node.lineno - 1 : node.end_lineno]
    if any("defer" in line.split("#", 1)[1].lower() for line in text if "#" in line):
        return True
    k = node.lineno - 2
    while k >= 0 and (not lines[k].strip() or lines[k].strip().startswith(("import ", "from ", "#"))):
        if lines[k].strip().startswith("#") and "defer" in lines[k].lower():
            return True
        k -= 1
    return False


def late_imports(path: Path) -> list[ast.stmt]:
    """Every import statement inside a function of the file (of any module: ``sys`` as well as ``game``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for stmt in ast.walk(func):
                if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                    out.append(stmt)
    return sorted(set(out), key=lambda stmt: stmt.lineno)


def unmarked_late_imports(files: dict[str, Path], root: Path = ROOT) -> list[str]:
    """``path:line: import`` for each import inside a function with no comment saying it defers."""
    out = []
    for path in files.values():
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in late_imports(path):
            if not _marked(lines, node):
                out.append(f"{path.relative_to(root)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    return out


# --- the checks themselves, on small made-up packages ----------------------------------------------


def _package(tmp_path: Path, sources: dict[str, str]) -> dict[str, Path]:
    for rel, text in sources.items():
        path = tmp_path / PACKAGE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return module_files(tmp_path)


def test_a_circle_hidden_by_an_import_inside_a_function_is_found(tmp_path):
    files = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from game.b import f\n",
            "b.py": "def f():\n    from game.sub.c import g\n",
            "sub/__init__.py": "",
            "sub/c.py": "def g():\n    from .. import a\n",
        },
    )
    assert circles(import_graph(files)) == [["game.a", "game.b", "game.sub.c"]]


def test_a_one_way_graph_and_a_type_checking_import_are_no_circle(tmp_path):
    files = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from game import b\n",
            "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.a import x\n",
        },
    )
    assert import_graph(files)["game.a"] == {"game.b"}
    assert circles(import_graph(files)) == []


def test_a_late_import_without_a_comment_is_listed_and_one_with_it_is_not(tmp_path):
    files = _package(
        tmp_path,
        {
            "__init__.py": "",
            "heavy.py": "",
            "a.py": (
                "def f():\n    from game import heavy\n\n"
                "def g():\n    from game import heavy  # deferred: heavy to import\n\n"
                "def h():\n    # Deferred: it opens a window\n    import os\n    from game import heavy\n\n"
                "def k():\n    import os\n"
            ),
        },
    )
    listed = unmarked_late_imports(files, tmp_path)
    assert [line.split("a.py:")[1] for line in listed] == ["2: from game import heavy", "13: import os"]


# --- the game ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game_files() -> dict[str, Path]:
    return module_files()


def test_the_game_has_no_import_circle(game_files):
    assert len(game_files) > 50  # the walk found the game
    assert circles(import_graph(game_files)) == []


def test_every_import_inside_a_function_says_it_defers_on_purpose(game_files):
    assert unmarked_late_imports(game_files) == []


#: What may sit at the top of ``game/`` beside its rooms (the packages), and why: the entry point, the
#: window that holds the rooms together, and the two things every room shares. ``props`` is the props'
#: kinds, on its way to a room of its own (issue 21).
TOP_LEVEL = {
    "game.__main__": "python -m game",
    "game.cli": "python -m game's arguments and modes",
    "game.app": "the arcade application: one window, the views, the session's services",
    "game.level": "a level as plain data, which every room reads",
    "game.messages": "the one-line form of an error, which every room prints",
}


def loose_modules(files: dict[str, Path], root: Path = ROOT) -> set[str]:
    """Modules at the top of the package (not in a room) that ``TOP_LEVEL`` does not name."""
    top = {
        name for name, path in files.items() if path.parent == root / PACKAGE and path.name != "__init__.py"
    }
    return top - set(TOP_LEVEL)


def test_the_top_of_the_game_holds_no_loose_module_beside_its_rooms(game_files):
    assert loose_modules(game_files) == set()
    assert "game.sound.audio" in game_files and "game.audio" not in game_files  # sounds have their room


def test_a_loose_module_at_the_top_is_named(tmp_path):
    files = _package(tmp_path, {"__init__.py": "", "cli.py": "", "cells.py": "", "sim/__init__.py": ""})
    assert loose_modules(files, tmp_path) == {"game.cells"}
