"""game.check's modules import each other one way only: no cycle, no private names across modules."""

from __future__ import annotations

import ast
from pathlib import Path

import game.check

PACKAGE = Path(game.check.__file__).parent


def imports_between_modules() -> dict[str, set[tuple[str, str]]]:
    """Module -> {(module it imports from, name)} for the package's own modules, lazy imports included."""
    found: dict[str, set[tuple[str, str]]] = {}
    for path in PACKAGE.glob("*.py"):
        edges = found.setdefault(path.stem, set())
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level == 1:
                    target = module.split(".")[0] or "__init__"
                elif module.startswith("game.check."):
                    target = module.split(".")[2]
                else:
                    continue
                edges |= {(target, alias.name) for alias in node.names}
    return found


def test_the_checkers_modules_form_no_import_cycle():
    graph = {m: {t for t, _ in edges if t != m} for m, edges in imports_between_modules().items()}
    state: dict[str, str] = {}

    def visit(module: str, path: tuple[str, ...]) -> None:
        if state.get(module) == "done":
            return
        assert state.get(module) != "open", f"import cycle: {' -> '.join((*path, module))}"
        state[module] = "open"
        for target in sorted(graph.get(module, ())):
            visit(target, (*path, module))
        state[module] = "done"

    for module in sorted(graph):
        visit(module, ())
    assert "reach" in graph["checks"] and "checks" not in graph["reach"]


def test_no_module_of_the_checker_imports_another_ones_private_name():
    private = [
        (m, t, n)
        for m, edges in imports_between_modules().items()
        for t, n in edges
        if n.startswith("_") and t != m
    ]
    assert private == []
