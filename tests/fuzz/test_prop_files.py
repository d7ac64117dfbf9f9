"""Hostile props, in a map's ``props`` layer and in the props tileset, refused alike by the game and the checker.

A level designer's mistakes and an attacker's values: a placed prop's density, friction,
restitution, health or debris NaN, negative, 1e300, a string, a float where a whole number
goes, a debris kind that does not exist; 100,000 props; a prop at 1e9 px or 1e9 px wide; a prop
inside a wall; the props tileset missing, its numbers NaN or negative, a shape 1e9 px wide.
The game's loader (``load_level``, and ``Simulation`` for the tileset's kinds) and ``game.check``
must each give one line naming the file, the object or tile and the value as given, the
checker the same lines as the game; the count limit is met before the props are read. The
fixed cases each failed before: an unknown ``debris_kind`` on a placed prop loaded and checked
clean (the game's ``_scatter`` then raised ``StopIteration`` when it broke), ``game.check
assets/props.tsj`` read the shipped props tileset as an actor file (11 errors, exit 1), and a
level checked with a bad props tileset said "cannot check with the actors' hitboxes".
"""

from __future__ import annotations

import copy
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.tiled.prop_kinds as game_props
import game.tiled.props as tiled_props
from game.check import check_file, check_props
from game.level import LevelError
from game.tiled import LEVELS_DIR, load_level
from game.tiled.props import MAX_PROPS

from .conftest import one_line, within_budget

ROOT = Path(__file__).resolve().parents[2]
WAREHOUSE = json.loads((LEVELS_DIR / "warehouse.tmj").read_text())
PROPS = json.loads((ROOT / "assets" / "props.tsj").read_text())


def warehouse(folder: Path, edit, name: str = "case.tmj") -> Path:
    """A copy of the warehouse (tilesets by absolute path) with ``edit`` applied to its props layer."""
    data = copy.deepcopy(WAREHOUSE)
    for tileset in data.get("tilesets", []):
        if "source" in tileset:
            tileset["source"] = str(LEVELS_DIR / tileset["source"])
    edit(next(layer for layer in data["layers"] if layer["name"] == "props"))
    path = folder / name
    path.write_text(json.dumps(data, allow_nan=True))
    return path


def placed(name: str, value, kind: str = "float"):
    """An edit giving the first prop the property ``name`` = ``value``."""

    def edit(layer):
        layer["objects"][0]["properties"] = [{"name": name, "type": kind, "value": value}]

    return edit


def game_errors(path: Path) -> list[str]:
    """The game's loader's error lines for ``path`` (none when it loads)."""
    try:
        load_level(path)
    except LevelError as refused:
        return [str(f) for f in refused.findings if f.severity == "error"]
    return []


def checker_errors(path: Path) -> list[str]:
    return [str(f) for f in check_file(path).findings if f.severity == "error"]


HOSTILE = [
    ("density", math.nan, "float", "nan"),
    ("density", -1.0, "float", "-1.0"),
    ("density", 1e300, "float", "1e+300"),
    ("density", math.inf, "float", "inf"),
    ("density", "heavy", "string", "'heavy'"),
    ("friction", math.nan, "float", "nan"),
    ("restitution", 1e300, "float", "1e+300"),
    ("health", math.nan, "float", "nan"),
    ("health", -5.0, "float", "-5.0"),
    ("health", "lots", "string", "'lots'"),
    ("debris", 2.5, "float", "2.5"),
    ("debris", 10**6, "int", "1000000"),
    ("debris_kind", "unicorn", "string", "'unicorn'"),
    ("debris_kind", "", "string", "''"),
    ("weight", 3.0, "float", "weight"),
]


@pytest.mark.parametrize(
    ("name", "value", "kind", "shown"), HOSTILE, ids=[f"{n}={v!r}" for n, v, _, _ in HOSTILE]
)
def test_a_hostile_placed_prop_property_is_one_line_in_the_game_and_the_same_in_the_checker(
    tmp_path, name, value, kind, shown
):
    path = warehouse(tmp_path, placed(name, value, kind))
    with within_budget(20.0, 512.0):
        game = game_errors(path)
        checker = checker_errors(path)
    assert game, "the game loaded it"
    for line in game:
        one_line(line)
        assert line in checker, (line, checker)
    assert any(name in line and shown in line and ":23 " in line for line in game), game


def test_a_placed_debris_kind_that_is_no_prop_kind_is_refused_not_left_to_crash_when_it_breaks(tmp_path):
    # Before: loaded and checked clean; breaking it ran next() over the kinds with no match.
    def edit(layer):
        layer["objects"][0]["properties"] = [
            {"name": "health", "type": "float", "value": 1.0},
            {"name": "debris", "type": "int", "value": 2},
            {"name": "debris_kind", "type": "string", "value": "unicorn"},
        ]

    path = warehouse(tmp_path, edit)
    game = game_errors(path)
    assert game == [line for line in checker_errors(path) if "unicorn" in line]
    assert len(game) == 1 and "debris_kind" in game[0] and "'unicorn'" in game[0]


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    name=st.sampled_from(sorted(tiled_props.PROPERTIES)),
    value=st.one_of(
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(-(10**6), 10**6),
        st.text(max_size=6),
        st.booleans(),
    ),
)
def test_any_placed_property_loads_or_is_refused_alike_by_the_game_and_the_checker(
    tmp_path_factory, name, value
):
    kind = {bool: "bool", str: "string", int: "int"}.get(type(value), "float")
    path = warehouse(tmp_path_factory.mktemp("prop"), placed(name, value, kind))
    with within_budget(20.0, 512.0):
        game = game_errors(path)
        checker = checker_errors(path)
    for line in game:
        assert line in checker
    if not game:  # loaded: the checker finds no error about that prop either
        assert not [line for line in checker if ":23 " in line], checker


def test_props_past_the_count_limit_are_refused_before_any_is_read(tmp_path):
    def many(layer):
        first = layer["objects"][0]
        layer["objects"] = [
            dict(first, id=10_000 + k, x=64.0 + (k % 50) * 32, y=64.0 + (k // 50 % 30) * 32)
            for k in range(MAX_PROPS + 1)
        ]

    path = warehouse(tmp_path, many)
    with within_budget(5.0, 512.0):
        game = game_errors(path)
        checker = checker_errors(path)
    assert len(game) == 1 and f"{MAX_PROPS:,}" in game[0] and game == checker


@pytest.mark.parametrize(("x", "y", "w"), [(1e9, 1e9, 0), (100.0, 100.0, 1e9)], ids=["at-1e9", "1e9-wide"])
def test_a_prop_at_or_as_wide_as_1e9_px_is_one_line_in_both(tmp_path, x, y, w):
    def far(layer):
        obj = layer["objects"][0]
        obj.update(x=x, y=y)
        if w:
            obj.pop("point", None)
            obj.update(width=w, height=w)

    path = warehouse(tmp_path, far)
    game = game_errors(path)
    assert len(game) == 1 and "1e+09" in game[0] and game == checker_errors(path)


def test_a_prop_inside_a_wall_is_an_error_of_the_checker(tmp_path):
    def inside(layer):
        layer["objects"][0].update(x=0.0, y=0.0)

    path = warehouse(tmp_path, inside)
    assert any("starts inside wall" in line and ":23 " in line for line in checker_errors(path))


# --- the props tileset -------------------------------------------------------------------------


def props_copy(folder: Path, edit, name: str = "props.tsj") -> Path:
    data = copy.deepcopy(PROPS)
    for tile in data["tiles"]:
        if "image" in tile:
            tile["image"] = str(ROOT / "assets" / tile["image"])
    edit(data)
    path = folder / name
    path.write_text(json.dumps(data, allow_nan=True))
    return path


def crate_property(value):
    def edit(data):
        data["tiles"][0]["properties"][0]["value"] = value

    return edit


def crate_size(width):
    def edit(data):
        data["tiles"][0]["objectgroup"]["objects"][0].update(width=width, height=width)

    return edit


@pytest.fixture
def props_file(monkeypatch):
    """Point the game at another props tileset for one test (its caches cleared before and after)."""

    def use(path: Path) -> None:
        for module in (tiled_props, game_props):
            monkeypatch.setattr(module, "PROPS_FILE", path)
        clear()

    def clear():
        tiled_props.prop_classes.cache_clear()
        tiled_props.props_trouble.cache_clear()
        game_props.prop_kinds.cache_clear()

    yield use
    monkeypatch.undo()
    clear()


TILESETS = [
    ("density-nan", crate_property(math.nan), "'density' of type 'float' has the value nan"),
    ("density-negative", crate_property(-1.0), "-1.0"),
    ("density-string", crate_property("heavy"), "'heavy'"),
    ("shape-1e9-wide", crate_size(1e9), "1000000000.0"),
    ("shape-400-wide", crate_size(400), "400 px across"),
]


@pytest.mark.parametrize(("edit", "shown"), [c[1:] for c in TILESETS], ids=[c[0] for c in TILESETS])
def test_a_hostile_props_tileset_is_one_line_in_the_game_the_checker_and_its_own_check(
    tmp_path, props_file, edit, shown
):
    path = props_copy(tmp_path, edit)
    own = [str(f) for f in check_props(path).findings if f.severity == "error"]
    assert len(own) == 1 and shown in own[0] and str(path) in own[0], own
    props_file(path)
    level = LEVELS_DIR / "warehouse.tmj"
    try:
        load_level(level)
        game_props.prop_kinds()
        game = ""
    except LevelError as refused:
        game = str(refused)
    assert shown in game and "(" in game, game
    checker = checker_errors(level)
    assert any(shown in line for line in checker), checker
    assert not any("actors" in line for line in checker), checker  # before: "...with the actors' hitboxes"


def crate_typed(name: str, kind: str, value):
    def edit(data):
        properties = data["tiles"][0]["properties"]
        properties[:] = [p for p in properties if p["name"] != name]
        properties.append({"name": name, "type": kind, "value": value})

    return edit


#: Each property's value NaN, infinite, text or a whole number past every float, in the tileset.
#: Before, a NaN or an Infinity was "props.tsj: holds a number that is not finite (NaN)", naming
#: neither the tile nor the property, and 10**400 was "tileset reader failed: OverflowError".
NOT_FINITE = [
    (name, kind, value, shown)
    for name in ("density", "friction", "restitution", "linear_damping", "health", "blast_radius", "debris")
    for kind, value, shown in (
        ("float", math.nan, "has the value nan"),
        ("float", math.inf, "has the value inf"),
        ("float", -math.inf, "has the value -inf"),
        ("string", "heavy", "got 'heavy'"),
        ("int", 10**400, "<a whole number of 401 digits>"),
    )
]


@pytest.mark.parametrize(
    ("name", "kind", "value", "shown"),
    NOT_FINITE,
    ids=[f"{n}-{k}-{'big' if isinstance(v, int) else v}" for n, k, v, _ in NOT_FINITE],
)
def test_a_props_tileset_value_not_finite_names_the_file_tile_property_and_value(
    tmp_path, props_file, name, kind, value, shown
):
    path = props_copy(tmp_path, crate_typed(name, kind, value))
    own = [str(f) for f in check_props(path).findings if f.severity == "error"]
    assert len(own) == 1, own
    line = one_line(own[0])
    assert line.startswith(f"{path}: ") and "tile 0 (crate)" in line and name in line and shown in line, line
    props_file(path)
    with pytest.raises(LevelError) as refused:
        game_props.prop_kinds()
    assert str(refused.value) == line


def test_a_props_tiles_rounding_radius_past_every_size_is_one_line_not_a_traceback(tmp_path, props_file):
    # Before: the engine's "polygon radius is 1e+300, outside the engine's range" raised out of
    # ``read_props`` (the game) and ``check_props`` (the checker).
    def edit(data):
        hull = data["tiles"][0]["objectgroup"]["objects"][0]
        hull["properties"] = [{"name": "radius", "type": "float", "value": 1e300}]

    path = props_copy(tmp_path, edit)
    own = [str(f) for f in check_props(path).findings if f.severity == "error"]
    assert len(own) == 1 and "tile 0 (crate)" in own[0] and "'radius'" in own[0] and "1e+300" in own[0], own
    props_file(path)
    with pytest.raises(LevelError) as refused:
        game_props.prop_kinds()
    assert str(refused.value) == own[0]


def test_a_missing_props_tileset_says_so_in_the_game_and_the_checker(tmp_path, props_file):
    props_file(tmp_path / "props.tsj")
    level = LEVELS_DIR / "warehouse.tmj"
    game = game_errors(level)
    assert game and all("not found" in line and "props.tsj" in line for line in game), game[:2]
    assert game == checker_errors(level)


# --- the command line, where the person stands --------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_shipped_props_tileset_checks_clean_as_a_props_file():
    # Before: read as an actor file, 11 errors and exit 1.
    done = run("-m", "game.check", "assets/props.tsj")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "checked 1 props file: 0 errors" in done.stdout


def test_a_bad_props_tileset_copy_is_one_error_line_and_exit_1(tmp_path):
    path = props_copy(tmp_path, crate_property(-1.0), name="props-edited.tsj")
    done = run("-m", "game.check", str(path))
    assert done.returncode == 1, done.stdout + done.stderr
    lines = [line.strip() for line in done.stdout.splitlines() if "density" in line]
    assert len(lines) == 1 and "-1.0" in lines[0] and "tile 0 (crate)" in lines[0], done.stdout


def test_a_nan_in_a_props_tileset_is_the_same_line_from_game_check_as_from_the_game(tmp_path, props_file):
    path = props_copy(tmp_path, crate_typed("restitution", "float", math.nan), name="props-nan.tsj")
    done = run("-m", "game.check", str(path))
    assert done.returncode == 1, done.stdout + done.stderr
    lines = [line.strip() for line in done.stdout.splitlines() if "restitution" in line]
    props_file(path)
    with pytest.raises(LevelError) as refused:
        game_props.prop_kinds()
    assert len(lines) == 1 and str(refused.value) in lines[0] and "tile 0 (crate)" in lines[0], done.stdout


def test_the_game_and_the_checker_refuse_an_unknown_debris_kind_with_the_same_line(tmp_path):
    path = warehouse(tmp_path, placed("debris_kind", "unicorn", "string"))
    checked = run("-m", "game.check", str(path))
    played = run("-m", "game", "--demo", "--level", str(path), "--frames", "5")
    assert checked.returncode == 1 and played.returncode == 2, (checked.stdout, played.stderr)
    line = next(line.strip() for line in checked.stdout.splitlines() if "unicorn" in line)
    assert line in played.stderr and "Traceback" not in played.stderr


def test_a_whole_number_past_every_float_is_named_by_its_length_not_as_inf(tmp_path):
    # Before: "... of type 'int' has the value inf": not the value as given.
    path = warehouse(tmp_path, placed("health", 10**400, "int"))
    game = game_errors(path)
    assert len(game) == 1 and "<a whole number of 401 digits>" in game[0] and "inf" not in game[0], game
    assert game == checker_errors(path)
