"""A game saved and loaded plays on to the same hash as if never saved (caves: its chains too); a bad save is one error
(issue 43: F9 saves, F10 loads, and a rewind loads from a ring of saves)."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from game.sim import Bot, Inputs, Simulation
from game.sim.saves import load_game, restore_game, save_game
from game.tiled import level_path, load_level


@pytest.mark.parametrize(("name", "ticks"), [("yard", 400), ("bunker", 250), ("caves", 300)])
def test_a_loaded_game_plays_on_to_the_same_hash(name, ticks):
    level = load_level(level_path(name))
    sim, bot = Simulation(level, 7), Bot(7)
    for _ in range(ticks):
        sim.step(bot.inputs(sim))
    saved = save_game(sim)
    twin, twin_bot = load_game(saved, level), copy.deepcopy(bot)
    assert twin.state_hash() == sim.state_hash()
    assert twin.world.state_hash() == sim.world.state_hash()
    for _ in range(300):
        sim.step(bot.inputs(sim))
        twin.step(twin_bot.inputs(twin))
    assert twin.state_hash() == sim.state_hash() and sim.tick == ticks + 300
    assert save_game(twin) == save_game(sim)


def test_a_bad_save_is_one_error_and_no_game():
    level = load_level(level_path("yard"))
    sim, bot = Simulation(level, 2), Bot(2)
    for _ in range(120):
        sim.step(bot.inputs(sim))
    saved = save_game(sim)
    bad = [saved[:-1], saved[: len(saved) // 2], b"", saved + b"x", b"ENGSNAP\x00" + saved[8:]]
    rng = np.random.default_rng(0)
    for at in rng.integers(0, len(saved), 40).tolist():
        flipped = bytearray(saved)
        flipped[at] ^= 1 << int(rng.integers(0, 8))
        bad.append(bytes(flipped))
    for data in bad:
        with pytest.raises(ValueError, match=r"game save|snapshot") as err:
            load_game(data, level)
        assert "\n" not in str(err.value)
    with pytest.raises(ValueError, match="of level 'yard', not 'bunker'"):
        load_game(saved, load_level(level_path("bunker")))


def test_restored_in_place_a_game_plays_on_as_it_did_and_a_bad_save_changes_nothing():
    level = load_level(level_path("yard"))
    sim, bot = Simulation(level, 5), Bot(5)
    for _ in range(200):
        sim.step(bot.inputs(sim))
    saved, hash_then, bot_then = save_game(sim), sim.state_hash(), copy.deepcopy(bot)
    for _ in range(150):
        sim.step(bot.inputs(sim))
    hash_later = sim.state_hash()
    with pytest.raises(ValueError):
        restore_game(sim, saved[:-3])
    assert sim.state_hash() == hash_later
    restore_game(sim, saved)
    assert sim.state_hash() == hash_then
    for _ in range(150):
        sim.step(bot_then.inputs(sim))
    assert sim.state_hash() == hash_later


def test_a_door_torn_off_after_a_save_is_back_on_its_hinge_when_the_save_is_restored():
    """The caves' door (issue 40): its hinge is in the save's world, and the game's own list of its
    joints follows the world restored (a rewind past the break hangs the door back on)."""
    level = load_level(level_path("caves"))
    sim = Simulation(level, 3)
    doors = {s.object_id for s in level.props if s.kind == "door"}
    (hinge,) = [j for j, (spot, _) in sim.joints.items() if spot.kind == "hinge" and spot.b in doors]
    saved = save_game(sim)
    door = sim.world.joint_bodies(hinge)[1]
    sim.world.apply_impulse(door, (0.0, 1e4 * sim.world.mass(door).mass))  # far past its break force
    events = [e.kind for _ in range(5) for e in sim.step(sim_inputs(sim))]
    assert "joint_broke" in events and hinge not in sim.joints and hinge not in sim.world.joints().tolist()
    restore_game(sim, saved)
    assert hinge in sim.joints and hinge in sim.world.joints().tolist()
    loaded = load_game(save_game(sim), level)
    held = set(loaded.world.joints().tolist())  # (with the turret's and the props' floor friction)
    assert sorted(loaded.joints) == sorted(sim.joints) and set(loaded.joints) <= held
    assert (
        loaded.player.turret_joint
        == sim.player.turret_joint
        in loaded.world.joints(loaded.player.turret).tolist()
    )


def sim_inputs(sim):
    return Inputs(0.0, 0.0, sim.player.x + 100.0, sim.player.y, False)


@pytest.mark.parametrize("column, value", [(12, 10**6), (13, 10**6), (13, 0)])
def test_a_save_whose_turret_is_not_on_its_joint_in_its_world_is_refused(column, value):
    """Issue 40: the turret's body and joint (``game.ints`` 12 and 13) are checked against the save's
    world like the player's body: a well-formed save that names another is one error."""
    from engine.world import snapshot as snapshots
    from game.sim.saves import FIELDS, MAGIC, VERSION

    level = load_level(level_path("caves"))
    sim = Simulation(level, 2)
    arrays = snapshots.decode(save_game(sim), FIELDS, MAGIC, VERSION, what="game save")
    assert value != arrays["game.ints"][column]
    arrays["game.ints"] = arrays["game.ints"].copy()
    arrays["game.ints"][column] = value
    with pytest.raises(ValueError, match="turret"):
        load_game(snapshots.encode(arrays, FIELDS, MAGIC, VERSION), level)
