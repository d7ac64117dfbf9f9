"""Hostile recordings and play scripts end in a result or one clear line, fast, before the work they would cost.

Recordings (``--replay``) and scripts (``--play-script``) are files a person
hands the game. Each case here must, within a budget, either be read (and
replayed) or be refused with ONE line naming the file, the line and the
problem, with exit 2 from the command line:

- lines nested deeper than the parser's recursion (``'[' * 2000 + ']' * 2000``
  gave a ``RecursionError`` traceback from ``--replay``);
- numbers that are not finite in a tick's ``move`` or ``aim_at`` (``NaN``
  and ``Infinity`` were taken and played as 0);
- more restart and reload lines than ``MAX_LEVEL_LOADS`` (300,000 restarts
  of the largest level would have run 36 hours), and more key presses that
  load a level in a script;
- hypothesis-made mutations of a real recording and of a real script.

Cases are kept in ``fixtures/replays/`` and ``fixtures/scripts/`` as
``<what>.<refused|replayed|kept>.<replay|jsonl>``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files.safe_read import FileRefused
from game.headless import replay as replays
from game.headless import script as scripts
from game.headless.replay import MAX_LEVEL_LOADS, Recorder, ReplayError, Step, read_replay, replay
from game.headless.script import ScriptError, parse_script, read_script
from game.sim import Inputs, Simulation
from game.tiled import level_path, load_level

from .conftest import FIXTURES, one_line, within_budget

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((FIXTURES / "replays").glob("*.replay"))
SCRIPTS = sorted((FIXTURES / "scripts").glob("*.jsonl"))
HEADER = {"format": "gjk-shooter-replay", "version": 1, "level": "yard", "level_sha256": "", "seed": 1}


def run_game(*args, timeout=120):
    return subprocess.run(
        [sys.executable, "-m", "game", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def write_lines(path: Path, *lines) -> Path:
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return path


def tick(n: int, move="[0.0, 1.0]", aim="[100.0, 100.0]") -> str:
    return f'{{"tick": {n}, "move": {move}, "aim_at": {aim}, "fire": false}}'


# --- the cases, from the command line ----------------------------------


def test_a_line_nested_2000_deep_is_one_line_from_replay_not_a_recursion_error(tmp_path):
    path = write_lines(tmp_path / "deep.replay", HEADER, tick(1), "[" * 2000 + "]" * 2000)
    done = run_game("--replay", path)
    assert done.returncode == 2, done.stderr
    assert one_line(done.stderr.strip()) == (
        f"gjk-shooter: {path}:3: JSON nested 2000 levels deep; the limit is {replays.MAX_LINE_DEPTH}"
    )


@pytest.mark.parametrize(
    ("field", "line", "shown"),
    [
        ("move", tick(1, move="[NaN, 0.0]"), "NaN"),
        ("move", tick(1, move="[0.0, Infinity]"), "Infinity"),
        ("aim_at", tick(1, aim="[-Infinity, 3]"), "-Infinity"),
        ("aim_at", tick(1, aim="[1e400, 3]"), "Infinity"),
    ],
)
def test_a_value_that_is_not_finite_in_a_tick_is_one_line_naming_the_line_and_the_field(
    tmp_path, field, line, shown
):
    """They were taken and played as 0."""
    path = write_lines(tmp_path / "nan.replay", HEADER, tick(1), line.replace('"tick": 1', '"tick": 2'))
    done = run_game("--replay", path)
    assert done.returncode == 2, done.stderr
    assert (
        one_line(done.stderr.strip())
        == f"gjk-shooter: {path}:3: '{field}' holds {shown}; numbers must be finite"
    )


def test_more_restart_lines_than_the_limit_are_refused_before_any_level_is_loaded(tmp_path):
    """300,000 restarts of the largest level fit under the size limit and would have run 36 hours."""
    restart = {"restart": {"level": "yard", "level_sha256": "", "seed": 1}}
    path = write_lines(tmp_path / "restarts.replay", HEADER, *[restart] * (MAX_LEVEL_LOADS + 1))
    with within_budget(5.0, 64.0), pytest.raises(ReplayError) as caught:
        replay(path)
    assert one_line(str(caught.value)) == (
        f"{path}:{MAX_LEVEL_LOADS + 2}: more than {MAX_LEVEL_LOADS:,} restart and reload lines (each loads a level)"
    )


def test_restarts_and_reloads_up_to_the_limit_count_together(tmp_path):
    lines = [
        {("reload" if k % 2 else "restart"): {"level": "yard", "level_sha256": "", "seed": 1}}
        for k in range(3)
    ]
    path = write_lines(tmp_path / "few.replay", HEADER, *lines)
    assert len(read_replay(path).steps) == 3
    import game.headless.replay

    game.headless.replay.MAX_LEVEL_LOADS, saved = 2, game.headless.replay.MAX_LEVEL_LOADS
    try:
        with pytest.raises(ReplayError, match=r":4: more than 2 restart and reload lines"):
            read_replay(path)
    finally:
        game.headless.replay.MAX_LEVEL_LOADS = saved


def test_a_restart_of_the_same_level_file_reads_it_once(tmp_path, monkeypatch):
    calls = []
    real = replays.tiled.load_level
    monkeypatch.setattr(replays.tiled, "load_level", lambda path: calls.append(path) or real(path))
    restart = {"restart": {"level": "yard", "level_sha256": replays._sha256(level_path("yard")), "seed": 2}}
    path = write_lines(
        tmp_path / "restarts.replay", {**HEADER, "level_sha256": restart["restart"]["level_sha256"]}
    )
    write_lines(path, path.read_text().strip(), *[restart] * 5)
    assert replay(path).runs == 6 and len(calls) == 1


def test_a_recorder_at_the_load_limit_stops_and_its_file_replays_to_its_own_hash(tmp_path, monkeypatch):
    monkeypatch.setattr(replays, "MAX_LEVEL_LOADS", 2)
    level = load_level(level_path("yard"))
    rec = Recorder(tmp_path / "capped.replay")
    sim = Simulation(level, 1)
    rec.start_run(level, 1, sim)
    for run in range(4):
        for _ in range(5):
            inputs = Inputs(1.0, 0.5, sim.player.x + 30, sim.player.y, run % 2 == 0)
            rec.tick(sim, inputs)
            sim.step(inputs)
        sim = Simulation(level, run + 2)
        rec.start_run(level, run + 2, sim)
    path = rec.finish()
    recording = read_replay(path)
    restarts = sum(isinstance(step, Step) and step.kind == "restart" for step in recording.steps)
    assert restarts == 2 and recording.runs == 3
    assert replay(path).matches


# --- kept cases ----------------------------------------------------------------


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_a_kept_recording_still_ends_as_recorded(path):
    with within_budget(20.0, 256.0):
        if ".refused" in path.name:
            with pytest.raises((ReplayError, FileRefused)) as caught:
                replay(path)
            assert one_line(str(caught.value)).startswith(f"{path}:")
        else:
            assert replay(path).runs >= 1


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_a_kept_script_still_ends_as_recorded(path):
    with within_budget(5.0, 128.0):
        if ".refused" in path.name:
            with pytest.raises(ScriptError) as caught:
                read_script(path)
            assert one_line(str(caught.value)).startswith(f"{path}:")
        else:
            assert read_script(path)


def test_a_script_with_more_level_loading_presses_than_the_limit_is_one_line_with_exit_2(tmp_path):
    lines = [
        json.dumps({"frame": k, "event": "key_down", "key": "F5"}) for k in range(scripts.MAX_LEVEL_LOADS + 1)
    ]
    path = write_lines(tmp_path / "f5.jsonl", *lines)
    done = run_game("--play-script", path, "--level", "yard", "--frames", 10)
    assert done.returncode == 2, done.stderr
    assert one_line(done.stderr.strip()) == (
        f"gjk-shooter: {path}:{scripts.MAX_LEVEL_LOADS + 1}: more than {scripts.MAX_LEVEL_LOADS:,} presses of "
        "keys that load a level (F5, ENTER, RETURN, R)"
    )


# --- mutations --------------------------------------------------------------------

HOSTILE_VALUES = st.one_of(
    st.sampled_from(
        ["NaN", "Infinity", "-Infinity", "1e400", "-0.0", "1e308", "9" * 400, "true", "null", '"x"']
    ),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 3000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
)


@st.composite
def mutated_recording(draw) -> list[str]:
    lines = [
        json.dumps(HEADER),
        *(tick(n) for n in range(1, 6)),
        '{"end": {"ticks": 5, "runs": 1, "state_hash": "0"}}',
    ]
    for _ in range(draw(st.integers(1, 4))):
        k = draw(st.integers(0, len(lines) - 1))
        value = draw(HOSTILE_VALUES)
        how = draw(st.sampled_from(["move", "aim", "line", "restarts", "cut"]))
        if how == "move":
            lines[k] = tick(k, move=f"[{value}, 0]") if 0 < k < 6 else lines[k]
        elif how == "aim":
            lines[k] = tick(k, aim=f"[0, {value}]") if 0 < k < 6 else lines[k]
        elif how == "line":
            lines[k] = value
        elif how == "restarts":
            run = json.dumps({"restart": {"level": "yard", "level_sha256": "", "seed": 1}})
            lines[k:k] = [run] * draw(st.sampled_from([1, MAX_LEVEL_LOADS, MAX_LEVEL_LOADS + 1, 5000]))
        else:
            lines[k] = lines[k][: draw(st.integers(0, len(lines[k])))]
    return lines


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=mutated_recording())
def test_a_mutated_recording_is_read_or_refused_in_one_line(tmp_path, lines):
    path = tmp_path / "mutated.replay"
    path.write_text("\n".join(lines) + "\n")
    with within_budget(3.0, 128.0):
        try:
            recording = read_replay(path)
        except (ReplayError, FileRefused) as error:
            assert one_line(str(error)).startswith(str(path))
            return
    loads = sum(isinstance(step, Step) for step in recording.steps)  # a tick is its Inputs alone
    assert loads <= MAX_LEVEL_LOADS
    for step in recording.steps:
        if isinstance(step, Inputs):
            assert all(abs(v) < float("inf") for v in step[:4])


@st.composite
def mutated_script(draw) -> bytes:
    lines = [
        '{"frame": 1, "event": "mouse_move", "x": 10, "y": 20}',
        '{"frame": 2, "event": "key_down", "key": "W"}',
        '{"frame": 3, "event": "mouse_down", "button": "left"}',
    ]
    for _ in range(draw(st.integers(1, 4))):
        k = draw(st.integers(0, len(lines) - 1))
        value = draw(HOSTILE_VALUES)
        how = draw(st.sampled_from(["x", "line", "presses"]))
        if how == "x":
            lines[k] = f'{{"frame": 4, "event": "mouse_move", "x": {value}, "y": 3}}'
        elif how == "line":
            lines[k] = value
        else:
            key = draw(st.sampled_from(["F5", "ENTER", "R", "SPACE"]))
            count = draw(st.sampled_from([1, scripts.MAX_LEVEL_LOADS, scripts.MAX_LEVEL_LOADS + 1]))
            lines[k:k] = [f'{{"frame": 9, "event": "key_down", "key": "{key}"}}'] * count
    return ("\n".join(lines) + "\n").encode()


@settings(max_examples=60, deadline=None)
@given(data=mutated_script())
def test_a_mutated_script_is_read_or_refused_in_one_line(data):
    with within_budget(3.0, 128.0):
        try:
            events = parse_script(data, "mutated.jsonl")
        except ScriptError as error:
            assert one_line(str(error)).startswith("mutated.jsonl")
            return
    presses = sum(e.event == "key_down" and e.key in scripts.LOADING_KEYS for e in events)
    assert presses <= scripts.MAX_LEVEL_LOADS


def test_a_long_recording_is_read_in_memory_bounded_by_its_size(tmp_path):
    """A recording at the limits (``MAX_TICKS`` tick lines in 126 MB) peaked at 960 MB while it was
    read: the bytes, a list of every line and a ``Step`` around each tick's ``Inputs``, each held at
    once; now 466 MB. Here 100,000 ticks (11.7 MB of file): 72 MB traced before, under 45 MB now."""
    line = '{"tick":%d,"move":[0.7071067811865476,-0.7071067811865476],"aim_at":[1234.567890123,-987.654321098],"fire":true}'
    path = tmp_path / "long.replay"
    with path.open("w") as out:
        out.write(json.dumps(HEADER) + "\n")
        out.writelines(line % t + "\n" for t in range(1, 100_001))
    with within_budget(60.0, 45.0):
        recording = read_replay(path)
    assert len(recording.steps) == 100_000


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_a_recording_reads_alike_whatever_its_line_endings(tmp_path, ending):
    lines = [json.dumps(HEADER), "", '{"tick": 1, "move": [1, 0], "aim_at": [5, 5], "fire": false}']
    lines.append('{"end": {"state_hash": "x"}}')
    path = tmp_path / "endings.replay"
    path.write_bytes(ending.join(lines).encode() + ending.encode())
    recording = read_replay(path)
    assert len(recording.steps) == 1 and recording.state_hash == "x"
    path.write_bytes(ending.join([*lines[:3], "{", lines[3]]).encode())
    with pytest.raises(ReplayError) as refused:
        read_replay(path)
    assert ":4:" in one_line(str(refused.value)) or "line 4" in str(refused.value), str(refused.value)
