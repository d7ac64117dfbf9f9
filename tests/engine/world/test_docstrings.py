"""What the world's docstrings say about other code is true: a name placed in a module is there, and
a caller named for a kernel calls it (issue 24: ``sweep.cast_ids`` named ``pairs.find_pairs`` as its
caller, and ``slide`` said ``keep_skin`` lived in ``world``)."""

import ast
import importlib
import re
from pathlib import Path

import pytest

import engine.world

FOLDER = Path(engine.world.__file__).parent
MODULES = sorted(p.stem for p in FOLDER.glob("*.py") if p.stem != "__init__")
PLACED = re.compile(r"``(\w+)`` in ``(\w+)``(?!')")  # not "``body`` in ``world``'s arrays"
CALLER = re.compile(r"called from Python[^(]*\(``(\w+)\.(\w+)``")


def docstrings(module: str):
    tree = ast.parse((FOLDER / f"{module}.py").read_text())
    yield module, ast.get_docstring(tree) or ""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            yield node.name, ast.get_docstring(node) or ""


def placed_names():
    for module in MODULES:
        for owner, text in docstrings(module):
            for name, where in PLACED.findall(" ".join(text.split())):
                if where in MODULES:
                    yield pytest.param(module, owner, name, where, id=f"{module}.{owner}:{name}-in-{where}")


def named_callers():
    for module in MODULES:
        for owner, text in docstrings(module):
            for where, caller in CALLER.findall(" ".join(text.split())):
                yield pytest.param(module, owner, where, caller, id=f"{module}.{owner}<-{where}.{caller}")


def test_there_are_references_to_check():
    assert list(placed_names()) and list(named_callers())


@pytest.mark.parametrize(("module", "owner", "name", "where"), list(placed_names()))
def test_a_name_a_docstring_places_in_a_module_is_there(module, owner, name, where):
    assert hasattr(importlib.import_module(f"engine.world.{where}"), name), f"{module}.{owner}"


@pytest.mark.parametrize(("module", "owner", "where", "caller"), list(named_callers()))
def test_the_caller_a_kernel_names_calls_it(module, owner, where, caller):
    tree = ast.parse((FOLDER / f"{where}.py").read_text())
    [function] = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == caller]
    called = {
        n.func.id for n in ast.walk(function) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    assert owner in called, f"{where}.{caller} does not call {module}.{owner}"
