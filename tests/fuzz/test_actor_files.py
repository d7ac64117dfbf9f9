"""Mutated actor hitbox files: what ``game.check`` passes, the game plays; what the game refuses, it refuses.

Issue 24: a concave player hull checked clean while the game refused it,
and a player ``radius`` of 1e9 checked clean and crashed the demo. Here the
shipped ``assets/actors.tsj`` is mutated (a hitbox's outline, its rounding
radius, a rectangle's size) and, for each case within a budget:

- ``game.check``'s verdict (``check_actors``) is an error exactly when the
  game's own reading (``read_actors_for_play``) refuses the file, and every
  error is one line;
- a file the checker passes builds a ``Simulation`` on a shipped level that
  steps without an exception.

Cases are kept in ``fixtures/actors/`` as ``<what>.<refused|kept>.tsj``
(their images point at the shipped ones).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.check.report import check_actors
from game.sim import Inputs, Simulation
from game.tiled import level_path, load_level
from game.tiled.actors import ACTORS_FILE, read_actors_for_play

from .conftest import FIXTURES, one_line, within_budget

CASES = sorted((FIXTURES / "actors").glob("*.tsj"))
SHIPPED = json.loads(ACTORS_FILE.read_text())
LEVEL = None


def level():
    global LEVEL
    if LEVEL is None:
        LEVEL = load_level(level_path("yard"))
    return LEVEL


@pytest.fixture(autouse=True, scope="module")
def loaded_kernels():
    """Compile (or load) the checker's and the step's kernels before any budget starts: on a fresh
    numba cache, under ``tracemalloc``, the first case compiled them in its own 30 s (it took 390 s)."""
    verdicts(ACTORS_FILE)


def verdicts(path: Path) -> None:
    """The checker and the game agree on ``path``; a file both pass plays."""
    checked = check_actors(path)
    errors = [f for f in checked.findings if f.severity == "error"]
    for finding in errors:
        one_line(str(finding))
    hitboxes, findings = read_actors_for_play(path)
    game_errors = [f for f in findings if f.severity == "error"]
    assert (hitboxes is None) == bool(game_errors)
    assert [str(f) for f in game_errors] == [str(f) for f in errors[: len(game_errors)]]
    if hitboxes is None:
        assert errors, "the game refuses a file the checker passed"
        return
    if errors:
        return  # the checker's own finding (a hitbox wider than a door): the game may still play
    sim = Simulation(level(), 1, hitboxes=hitboxes)
    for k in range(3):
        sim.step(Inputs(1.0, 0.0, sim.player.x + 40.0, sim.player.y + k, True))


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_a_kept_actors_file_still_ends_as_recorded(path):
    with within_budget(30.0, 512.0):
        verdicts(path)
    refused = read_actors_for_play(path)[0] is None
    assert refused == (".refused" in path.name)


COORD = st.one_of(st.integers(-40, 40), st.sampled_from([-1e9, 1e9, 8192, -8193, 0.5, 1e-9]))
RADIUS = st.sampled_from([0.0, 2.0, 17.5, 8000.0, 8192.0, 8193.0, 1e6, 1e9, 1e10, 1e300, -1.0, "2", True])


@st.composite
def mutated(draw) -> dict:
    data = copy.deepcopy(SHIPPED)
    tile = data["tiles"][draw(st.integers(0, len(data["tiles"]) - 1))]
    thing = tile["objectgroup"]["objects"][0]
    how = draw(st.sampled_from(["outline", "radius", "rectangle"]))
    if how == "outline" and "polygon" in thing:
        points = draw(st.lists(st.tuples(COORD, COORD), min_size=3, max_size=7))
        thing["polygon"] = [{"x": x, "y": y} for x, y in points]
    elif how == "radius" and ("polygon" in thing or not thing.get("ellipse")):
        thing["properties"] = [{"name": "radius", "type": "float", "value": draw(RADIUS)}]
    else:
        thing.pop("polygon", None)
        thing.pop("ellipse", None)
        thing["width"], thing["height"] = (
            draw(st.sampled_from([1, 20, 100, 9000, 1e9])),
            draw(st.sampled_from([1, 20, 100, 9000, 1e9])),
        )
        thing["x"], thing["y"] = draw(COORD), draw(COORD)
    return data


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated())
def test_a_mutated_actors_file_is_refused_by_both_or_played(tmp_path, data):
    for tile in data["tiles"]:
        tile["image"] = str(ACTORS_FILE.parent / tile["image"])
    path = tmp_path / "actors.tsj"
    path.write_text(json.dumps(data))
    with within_budget(30.0, 512.0):
        verdicts(path)
