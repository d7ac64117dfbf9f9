"""The start of a run (issue 23, item 2): a get-ready spell, a first wave that teaches,
and enemies that press against the player instead of standing on it."""

import math

import numpy as np
import pytest

from game.sim import DT, Inputs, Rules, Simulation
from game.sim.rules import BRUTE, CHASER, wave_plan
from game.tiled import level_path, list_levels, load_level

from .test_simulation import arena, quiet

LEVELS = [path.stem for path in list_levels()]


def stand_still(sim) -> Inputs:
    return Inputs(0.0, 0.0, sim.player.x + 50.0, sim.player.y, False)


def test_every_shipped_level_is_measured():
    assert {"bunker", "depot", "ruins", "yard"} <= set(LEVELS)


@pytest.mark.parametrize("name", LEVELS)
def test_a_player_who_stands_still_lives_through_the_first_ten_seconds_but_wave_one_still_hurts(name):
    level = load_level(level_path(name))
    for seed in (1, 2, 3, 4):
        sim = Simulation(level, seed)
        while sim.tick < round(10.0 / DT):
            sim.step(stand_still(sim))
            assert not sim.game_over, f"{name} seed {seed}: dead after {sim.tick * DT:.1f} s standing still"
        while sim.tick < round(60.0 / DT) and not sim.game_over:
            sim.step(stand_still(sim))
        assert sim.wave == 1 and sim.player.health < sim.player.max_health / 2, (
            name,
            seed,
            sim.player.health,
        )


def test_nothing_spawns_while_the_run_says_get_ready_and_the_first_wave_comes_right_after():
    sim = Simulation(load_level(level_path("yard")), 1)
    ready = Rules().get_ready
    assert sim.ready_left == ready > 0
    while sim.tick < round(ready / DT) - 1:
        sim.step(stand_still(sim))
        assert len(sim.enemies) == 0 and 0 < sim.ready_left < ready
    sim.step(stand_still(sim))
    sim.step(stand_still(sim))
    assert sim.ready_left == 0 and len(sim.enemies) == 1


def test_the_player_moves_and_fires_during_get_ready():
    sim = Simulation(load_level(level_path("yard")), 1)
    x, ammo = sim.player.x, sim.player.ammo
    for _ in range(30):
        sim.step(Inputs(1.0, 0.0, sim.player.x + 100, sim.player.y, True))
    assert sim.player.x > x + 50 and sim.player.ammo < ammo and sim.ready_left > 0


def test_wave_one_trickles_in_slower_than_wave_two():
    rules = Rules()
    one, two = wave_plan(rules, 1), wave_plan(rules, 2)
    assert one.spawn_interval == rules.first_wave_spawn_interval > two.spawn_interval == rules.spawn_interval
    assert one.speed_scale == rules.first_wave_speed_scale < 1.0 == two.speed_scale - rules.speed_growth


def player_contacts(sim):
    c = sim.world.contacts()
    mine = (c.pairs == sim.player.body).any(axis=1) & np.isin(c.pairs, sim.enemies.body).any(axis=1)
    return c.depth[mine]


@pytest.mark.parametrize("kind", [CHASER, BRUTE])
def test_enemies_press_against_the_player_and_hurt_it_but_never_sink_into_it(kind):
    sim = quiet(arena())
    overlap = sim.rules.press_overlap
    for k in range(4):  # four of them at once, from every side
        angle = k * math.pi / 2
        sim.spawn_enemy(kind, 200 + 120 * math.cos(angle) + 400, 200 + 120 * math.sin(angle) + 300)
    sim.player.x, sim.player.y = 600.0, 500.0
    sim.world.set_transform(sim.player.body, (600.0, 500.0, 0.0))
    touched = 0
    for _ in range(240):
        sim.step(stand_still(sim))
        depths = player_contacts(sim)
        assert (depths <= overlap + 1e-6).all(), depths
        touched = max(touched, len(depths))
    assert touched >= 2 and sim.player.health < sim.player.max_health
