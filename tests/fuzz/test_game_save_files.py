"""Hostile game saves (issue 43: F10 reads a file from the data folder): any flipped bit, cut or
byte past the end is one clear ``ValueError`` and the game in play is unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim import Bot, Simulation
from game.sim.saves import restore_game, save_game
from game.tiled import level_path, load_level

from .conftest import one_line, within_budget

LEVEL = load_level(level_path("yard"))


def _played(ticks: int) -> Simulation:
    sim, bot = Simulation(LEVEL, 9), Bot(9)
    for _ in range(ticks):
        sim.step(bot.inputs(sim))
    return sim


SAVED = save_game(_played(90))
PLAYING = _played(30)
HASH = PLAYING.state_hash()


def _refused(data) -> None:
    with within_budget(seconds=2.0, megabytes=16), pytest.raises(ValueError) as err:
        restore_game(PLAYING, data)
    one_line(str(err.value))
    assert PLAYING.state_hash() == HASH


@settings(max_examples=200, deadline=None)
@given(at=st.integers(0, len(SAVED) - 1), bit=st.integers(0, 7))
def test_every_flipped_bit_is_refused_and_the_game_goes_on_unchanged(at, bit):
    data = bytearray(SAVED)
    data[at] ^= 1 << bit
    _refused(bytes(data))


@settings(max_examples=100, deadline=None)
@given(end=st.integers(0, len(SAVED) - 1))
def test_every_cut_is_refused(end):
    _refused(SAVED[:end])


def test_bytes_past_the_end_and_a_world_snapshot_for_a_save_are_refused():
    _refused(SAVED + b"\x00")
    _refused(PLAYING.world.snapshot())
