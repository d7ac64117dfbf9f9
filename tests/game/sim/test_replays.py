"""Recordings replay on the simulation to the state they were recorded on; bad recordings are one line.

A failure of ``test_every_shipped_recording_replays_to_its_recorded_hash``
after a deliberate rule change means: re-record (tests/replays/README.md).
"""

import json
from pathlib import Path

import pytest

from game.headless.replay import Recorder, ReplayError, read_replay, replay
from game.sim import Bot, Inputs, Simulation
from game.sim.reload import reload
from game.tiled import level_path, load_level

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
SHIPPED = sorted(REPLAYS.glob("*.replay"))


def test_there_are_recordings_to_replay():
    assert len(SHIPPED) >= 2


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_recording_replays_to_its_recorded_hash(path):
    summary = replay(path)
    recording = read_replay(path)
    assert recording.state_hash is not None and summary.ticks == recording.ticks > 100
    assert summary.state_hash == recording.state_hash, f"re-record {path.name} if the change was meant"


def record_bot(tmp_path, ticks=120, seed=4, name="bunker"):
    level = load_level(level_path(name))
    sim, bot, rec = Simulation(level, seed), Bot(seed), Recorder(tmp_path / "bot.replay")
    rec.start_run(level, seed, sim)
    for _ in range(ticks):
        inputs = bot.inputs(sim)
        rec.tick(sim, inputs)
        sim.step(inputs)
    return sim, rec.finish()


def test_a_recording_replays_to_the_same_state_bit_for_bit(tmp_path):
    sim, path = record_bot(tmp_path)
    summary = replay(path)
    assert summary.state_hash == sim.state_hash() and summary.matches and summary.ticks == 120
    assert summary.player == pytest.approx((sim.player.x, sim.player.y, summary.player[2]))


def test_changing_one_tick_of_input_changes_the_replayed_hash(tmp_path):
    _, path = record_bot(tmp_path)
    lines = path.read_text().splitlines()
    tick = json.loads(lines[5])
    tick["move"] = [-tick["move"][0] - 0.5, tick["move"][1]]
    lines[5] = json.dumps(tick)
    path.write_text("\n".join(lines) + "\n")
    summary = replay(path)
    assert not summary.matches


def test_a_restart_and_a_reload_are_replayed(tmp_path):
    level = load_level(level_path("yard"))
    rec = Recorder(tmp_path / "runs.replay")
    sim = Simulation(level, 1)
    rec.start_run(level, 1, sim)
    for k in range(30):
        inputs = Inputs(1.0, 0.0, sim.player.x + 50, sim.player.y + k, k % 2 == 0)
        rec.tick(sim, inputs)
        sim.step(inputs)
    sim = reload(sim, level, 1)
    rec.reload(level, 1, sim)
    for _ in range(10):
        rec.tick(sim, Inputs(0.0, 1.0, sim.player.x, sim.player.y + 50, False))
        sim.step(Inputs(0.0, 1.0, sim.player.x, sim.player.y + 50, False))
    sim = Simulation(level, 2)
    rec.start_run(level, 2, sim)
    for _ in range(10):
        rec.tick(sim, Inputs(-1.0, 0.0, 0.0, 0.0, True))
        sim.step(Inputs(-1.0, 0.0, 0.0, 0.0, True))
    path = rec.finish()
    summary = replay(path)
    assert summary.runs == 2 and summary.ticks == 50 and summary.matches


@pytest.mark.parametrize(
    "mangle, problem",
    [
        (lambda lines: ["not json", *lines[1:]], ":1: not JSON"),
        (lambda lines: ['{"format": "other", "version": 1}', *lines[1:]], ":1: not a recording"),
        (lambda lines: [lines[0].replace('"version": 1', '"version": 9'), *lines[1:]], ":1: format version 9"),
        (lambda lines: lines[:1] + lines[2:], ":2: tick 2 where tick 1 comes next"),
        (lambda lines: [*lines[:2], '{"tick": 2, "move": [0, "a"], "aim_at": [0, 0], "fire": false}', *lines[3:]],
         ":3: 'move' must be a list of two numbers"),
        (lambda lines: [*lines[:2], '{"tick": 2, "move": [0, 0], "aim_at": [0, 0], "fire": 1}', *lines[3:]],
         ":3: 'fire' must be true or false"),
        (lambda lines: [*lines[:2], '{"jump": 1}', *lines[2:]], ":3: unknown line"),
        (lambda lines: [*lines, '{"tick": 1}'], "a line after the 'end' line"),
        (lambda lines: [lines[0].replace('"level": "bunker"', '"level": "no_such_level"'), *lines[1:]],
         "no_such_level"),
    ],
)  # fmt: skip
def test_a_bad_recording_is_one_line_naming_the_file_and_the_line(tmp_path, mangle, problem):
    _, path = record_bot(tmp_path, ticks=5)
    path.write_text("\n".join(mangle(path.read_text().splitlines())) + "\n")
    with pytest.raises(ReplayError) as caught:
        replay(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(path)) and problem in message


def test_a_recording_of_a_level_edited_since_is_refused(tmp_path):
    copy = tmp_path / "yard.tmj"
    copy.write_bytes(level_path("yard").read_bytes())
    level = load_level(copy)
    rec, sim = Recorder(tmp_path / "edited.replay"), Simulation(level, 1)
    rec.start_run(level, 1, sim)
    rec.tick(sim, Inputs())
    sim.step(Inputs())
    path = rec.finish()
    assert replay(path).matches
    copy.write_text(copy.read_text() + " ")
    with pytest.raises(ReplayError, match="changed since this was recorded"):
        replay(path)


def test_a_recording_is_written_whole_with_no_temporary_file_left(tmp_path):
    _, path = record_bot(tmp_path, ticks=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bot.replay"]
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "gjk-shooter-replay" and "end" in json.loads(lines[-1])


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_recording_is_of_the_level_its_name_says(path):
    """Its name starts with its level's: the title's DOWNs of ``ruins_title.jsonl`` once picked depot
    when a level (caves) was added before ruins in the title's list."""
    assert path.stem.split("_")[0] == read_replay(path).level
