"""The simulation's rules, without a window, on small levels built in code."""

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.collision import Polygon, Transform, intersects
from game.level import Level, Marker, Wall
from game.sim import DT, ENEMIES, PLAYER_SHAPE, Bot, Inputs, Rules, Simulation
from game.sim.rules import BRUTE, CHASER, SHOOTER, WALL
from game.tiled import level_path, load_level


def arena(*walls, spawns=(), pickups=(), start=(200.0, 200.0), size=(1000.0, 800.0)) -> Level:
    """A walled box with extra walls ((hw, hh, x, y, angle) boxes)."""
    w, h = size
    border = [
        (w / 2, 8, w / 2, 8, 0),
        (w / 2, 8, w / 2, h - 8, 0),
        (8, h / 2, 8, h / 2, 0),
        (8, h / 2, w - 8, h / 2, 0),
    ]
    parts = [
        Wall(k, f"wall{k}", "rectangle", ((Polygon.box(hw, hh), Transform(x, y, a)),))
        for k, (hw, hh, x, y, a) in enumerate([*border, *walls])
    ]
    return Level(
        "test", Path("test.tmj"), w, h, tuple(parts), Marker(100, "start", "player", *start),
        tuple(Marker(200 + k, "s", kind, x, y) for k, (kind, x, y) in enumerate(spawns)),
        tuple(Marker(300 + k, "p", kind, x, y) for k, (kind, x, y) in enumerate(pickups)),
    )  # fmt: skip


def quiet(level, **rules) -> Simulation:
    """A simulation whose waves never come (no enemies unless a test places them)."""
    # No get-ready spell and wave 1 at full speed: these tests are about other rules.
    rules = {"first_wave": 0, "wave_growth": 0, "get_ready": 0.0, "first_wave_speed_scale": 1.0, **rules}
    sim = Simulation(level, seed=0, rules=Rules(**rules))
    sim._spawn_queue.clear()
    return sim


def hold(sim, inputs, ticks):
    events = []
    for _ in range(ticks):
        events += sim.step(inputs)
    return events


def test_the_same_seed_and_inputs_give_the_same_state_and_another_seed_does_not():
    level = load_level(level_path("bunker"))

    def run(seed):
        sim, bot = Simulation(level, seed), Bot(seed)
        for _ in range(300):
            sim.step(bot.inputs(sim))
        return sim.state_hash()

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_a_player_bullet_stops_at_a_wall_with_an_impact_on_its_face():
    sim = quiet(arena((20, 200, 600, 400, 0)), player_ammo=5)
    p = sim.player
    events = hold(sim, Inputs(0, 0, 1000, p.y, True), 1) + hold(sim, Inputs(0, 0, 1000, p.y, False), 60)
    impact = [e for e in events if e.kind == "wall_hit"]
    assert len(impact) == 1
    # The impact lies on the wall's face at x = 580, its normal facing the shooter.
    assert impact[0].x == pytest.approx(580.0, abs=1e-6)
    assert (impact[0].nx, impact[0].ny) == pytest.approx((-1.0, 0.0))
    assert len(sim.bullets) == 0


@pytest.mark.parametrize("degrees", range(-60, 61, 15))
def test_a_bullet_at_3000_px_per_second_never_passes_a_thin_wall(degrees):
    sim = quiet(arena((1, 300, 500, 400, 0)))
    a = math.radians(degrees)
    for phase in np.linspace(0, 50, 7):
        sim.spawn_bullet(0, 300 + phase, 400, 3000 * math.cos(a), 3000 * math.sin(a))
    hold(sim, Inputs(), 40)
    assert len(sim.bullets) == 0  # every one stopped (none flew on to the far border)


def test_bullets_kill_an_enemy_and_the_score_rises():
    sim = quiet(arena())
    sim.spawn_enemy(CHASER, 600, 200)
    sim.enemies.columns["cooldown"][:] = 99
    events = []
    for _ in range(120):
        sim.enemies.x[:] = 600  # hold it still: this test is about bullets
        events += sim.step(Inputs(0, 0, 600, 200, True))
        if sim.kills:
            break
    assert sim.kills == 1 and sim.score == 100
    assert any(e.kind == "enemy_killed" for e in events)


def test_a_health_pickup_heals_once_and_disappears_until_it_respawns():
    sim = quiet(arena(pickups=[("health", 260.0, 200.0)]))
    sim.player.health = 40.0
    events = hold(sim, Inputs(1, 0, 900, 200, False), 30)
    assert sim.player.health == pytest.approx(40.0 + Rules().health_amount)
    assert [e.kind for e in events].count("pickup") == 1
    assert sim.pickups.respawn[0] > 0


def test_the_player_cannot_walk_through_a_wall_or_out_through_a_corner():
    level = arena((10, 100, 400, 200, 0), (100, 10, 300, 300, 0))
    sim = quiet(level)
    walls = [(s, xf) for w in level.walls for s, xf in w.parts]
    for move in [(1, 0), (1, 1), (0, 1), (1, 0.3)]:
        for _ in range(200):
            sim.step(Inputs(*move, 900, 900, False))
            xf = (sim.player.x, sim.player.y, sim.player.hull)
            assert not any(intersects(PLAYER_SHAPE, xf, s, x) for s, x in walls)
    assert sim.player.x < 400 and sim.player.y < 300


def test_a_shooter_fires_only_with_line_of_sight():
    blocked = quiet(arena((20, 400, 500, 400, 0)))  # the wall cuts the arena in two
    blocked.spawn_enemy(SHOOTER, 750, 200)
    assert not any(e.kind == "enemy_fired" for e in hold(blocked, Inputs(0, 0, 900, 200, False), 240))
    open_ = quiet(arena())
    open_.spawn_enemy(SHOOTER, 550, 200)
    assert any(e.kind == "enemy_fired" for e in hold(open_, Inputs(0, 0, 900, 200, False), 240))


def test_each_wave_is_larger_than_the_last():
    sim = Simulation(arena(spawns=[("chaser", 800, 600), ("brute", 800, 200)]), seed=1)
    first = len(sim._spawn_queue)
    sim._spawn_queue.clear()
    sim.enemies.keep(np.zeros(len(sim.enemies), dtype=bool))
    # The run's get-ready spell, then the breather between waves.
    events = hold(sim, Inputs(), round(sim.rules.get_ready / DT) + round(sim.rules.wave_breather / DT) + 1)
    assert sim.wave == 2 and any(e.kind == "wave_started" for e in events)
    assert len(sim._spawn_queue) > first


def test_the_game_ends_at_zero_health_and_nothing_moves_after():
    sim = quiet(arena())
    sim.spawn_enemy(BRUTE, 260, 200)
    events = []
    for _ in range(2000):
        events += sim.step(Inputs())
        if sim.game_over:
            break
    assert sim.game_over and sim.player.health == 0 and sim.deaths == 1
    assert [e.kind for e in events].count("player_died") == 1
    before = sim.state_hash()
    assert sim.step(Inputs(1, 1, 0, 0, True)) == [] and sim.state_hash() == before


def test_the_bot_scores_kills_on_the_yard():
    sim, bot = Simulation(load_level(level_path("yard")), seed=2), Bot(2)
    for _ in range(1500):
        sim.step(bot.inputs(sim))
    assert sim.kills >= 3 and sim.score > 0


def test_enemies_find_their_way_around_a_wall_to_the_player():
    sim = quiet(arena((10, 250, 500, 300, 0)))  # a wall between them, open at the top
    sim.spawn_enemy(CHASER, 800, 200)
    start = math.hypot(800 - sim.player.x, 200 - sim.player.y)
    hold(sim, Inputs(0, 0, 900, 200, False), int(6 / DT))
    assert (
        sim.player.health < Rules().player_health
        or math.hypot(sim.enemies.x[0] - sim.player.x, sim.enemies.y[0] - sim.player.y) < start / 3
    )


def test_no_enemy_hull_ever_ends_a_tick_inside_a_wall():
    sim, bot = Simulation(load_level(level_path("bunker")), seed=3), Bot(3)
    for x, y in [(300, 300), (900, 640), (1500, 900)]:
        for kind in (CHASER, SHOOTER, BRUTE):
            sim.spawn_enemy(kind, x + 40 * kind, y)
    for tick in range(400):
        sim.step(bot.inputs(sim))
        if tick % 20 == 0:
            e = sim.enemies
            for k in range(len(e)):
                shape = ENEMIES[int(e.kind[k])].shape
                assert not len(sim.world.query_shape(shape, (e.x[k], e.y[k], e.angle[k]), mask=WALL)), (
                    tick,
                    k,
                )


def test_non_finite_inputs_leave_the_player_where_it_was():
    sim = quiet(arena())
    before = (sim.player.x, sim.player.y, sim.player.hull)
    sim.step(Inputs(math.nan, math.inf, math.nan, math.nan, False))
    assert (sim.player.x, sim.player.y, sim.player.hull) == before


def test_overlapping_enemies_are_pushed_apart():
    sim = quiet(arena())
    sim.spawn_enemy(CHASER, 600, 600)
    sim.spawn_enemy(CHASER, 610, 600)  # radii 11: 12 px of overlap
    sim.step(Inputs(0, 0, 900, 200, False))
    e = sim.enemies
    # Both walk the same way towards the player; only the push can open the gap.
    assert math.hypot(e.x[1] - e.x[0], e.y[1] - e.y[0]) > 10 + 4


def test_an_enemy_sees_the_player_only_without_a_wall_between():
    sim = quiet(arena((20, 100, 400, 200, 0)))
    sim.spawn_enemy(CHASER, 600, 200)  # behind the wall at x = 400
    sim.spawn_enemy(CHASER, 200, 600)  # in the open above the player
    sim.step(Inputs(0, 0, 900, 200, False))
    assert sim.enemies.sees.tolist() == [False, True]


def test_a_shot_from_a_player_pressed_against_a_wall_hits_that_wall():
    sim = quiet(arena((20, 200, 400, 200, 0)))  # face at x = 380
    events = hold(sim, Inputs(1, 0, 900, 200, False), 120)  # walk into it, facing it
    assert sim.player.x > 380 - 20  # pressed against the face (the nose is 18 px ahead)
    events = hold(sim, Inputs(0, 0, 900, 200, True), 1) + hold(sim, Inputs(0, 0, 900, 200, False), 5)
    impact = [e for e in events if e.kind == "wall_hit"]
    assert len(impact) == 1 and impact[0].x == pytest.approx(380.0, abs=1e-6)


def test_a_brute_turns_its_hull_to_the_way_it_walks_not_to_the_player():
    sim = quiet(arena((242, 10, 258, 450, 0), start=(200.0, 700.0)))  # a wall between them, open at the right
    sim.spawn_enemy(BRUTE, 200, 200)  # the player is straight up, the way round goes right
    hold(sim, Inputs(0, 0, 900, 700, False), 120)
    x0, y0 = sim.enemies.x[0], sim.enemies.y[0]
    hold(sim, Inputs(0, 0, 900, 700, False), 20)
    walked = math.atan2(sim.enemies.y[0] - y0, sim.enemies.x[0] - x0)
    angle = sim.enemies.angle[0]
    assert abs(math.remainder(angle - walked, 2 * math.pi)) < 0.3
    assert abs(math.remainder(angle - math.pi / 2, 2 * math.pi)) > 0.5


def test_enemies_spawn_away_from_the_player_when_a_far_spawn_exists():
    level = arena(spawns=[("chaser", 260, 200), ("chaser", 800, 600)])  # one beside the start
    sim = Simulation(level, seed=0, rules=Rules(first_wave=12, first_wave_spawn_interval=0.0, get_ready=0.0))
    hold(sim, Inputs(), 12)
    assert len(sim.enemies) == 12
    assert np.hypot(sim.enemies.x - 800, sim.enemies.y - 600).max() < 150  # all from the far one


_ROOM = arena((10, 120, 420, 260, 0.6), (120, 10, 300, 420, -0.3), (40, 40, 250, 120, 0.9))
_ROOM_WALLS = [(s, xf) for w in _ROOM.walls for s, xf in w.parts]


@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.floats(-1, 1), st.floats(-1, 1), st.floats(-2, 2), st.integers(1, 30)),
                min_size=1, max_size=5))  # fmt: skip
def test_no_walk_and_turn_ever_leaves_the_player_overlapping_a_wall(legs):
    sim = quiet(_ROOM)
    for mx, my, turn, ticks in legs:
        for _ in range(ticks):
            p = sim.player
            sim.step(Inputs(mx, my, p.x + math.cos(p.angle + turn) * 50, p.y + math.sin(p.angle + turn) * 50))
            xf = (sim.player.x, sim.player.y, sim.player.hull)
            assert not any(intersects(PLAYER_SHAPE, xf, s, x) for s, x in _ROOM_WALLS)


def test_an_enemy_bullet_hurts_the_player_and_is_gone():
    sim = quiet(arena())
    sim.spawn_bullet(1, 400, 200, -600, 0)  # straight at the player at (200, 200)
    events = hold(sim, Inputs(0, 0, 900, 200, False), 30)
    assert sim.player.health == pytest.approx(Rules().player_health - Rules().enemy_bullet_damage)
    assert [e.kind for e in events].count("player_hurt") == 1
    assert len(sim.bullets) == 0


def test_a_player_bullet_passes_its_own_player_and_other_bullets():
    sim = quiet(arena())
    sim.spawn_bullet(0, 100, 200, 900, 0)  # flies through the player's hull from behind
    events = hold(sim, Inputs(0, 0, 900, 200, False), 5)
    assert sim.player.health == Rules().player_health and len(sim.bullets) == 1
    assert not any(e.kind in ("player_hurt", "wall_hit") for e in events)


def test_without_ammo_the_trigger_fires_nothing_until_an_ammo_pickup():
    sim = quiet(arena(pickups=[("ammo", 320.0, 200.0)]), player_ammo=2)
    fired = [e.kind for e in hold(sim, Inputs(0, 0, 900, 200, True), 60)].count("player_fired")
    assert fired == 2 and sim.player.ammo == 0
    hold(sim, Inputs(1, 0, 900, 200, False), 40)  # walk over the ammo
    assert sim.player.ammo == Rules().ammo_amount
    assert [e.kind for e in hold(sim, Inputs(0, 0, 900, 200, True), 2)].count("player_fired") == 1


def test_a_marker_pickup_comes_back_after_its_respawn_time():
    sim = quiet(arena(pickups=[("health", 260.0, 200.0)]), pickup_respawn=1.0)
    sim.player.health = 10.0
    hold(sim, Inputs(1, 0, 900, 200, False), 20)  # picked up once, then standing on it
    assert sim.player.health == pytest.approx(10.0 + Rules().health_amount)
    hold(sim, Inputs(0, 0, 900, 200, False), int(1.0 / DT) + 2)
    assert sim.player.health == pytest.approx(10.0 + 2 * Rules().health_amount)
    assert len(sim.pickups) == 1


def test_a_killed_enemy_drops_a_pickup_when_the_dice_say_so():
    sim = quiet(arena(), drop_chance=1.0)
    sim.spawn_enemy(CHASER, 600, 600)
    sim.enemies.health[:] = 0.0
    sim.step(Inputs(0, 0, 900, 200, False))
    assert sim.kills == 1 and len(sim.pickups) == 1
    assert not sim.pickups.marker[0]
    assert sim.pickups.x[0] == pytest.approx(600, abs=5) and sim.pickups.y[0] == pytest.approx(600, abs=5)


def test_the_state_record_carries_the_counters_and_tables():
    sim = quiet(arena())
    sim.spawn_enemy(BRUTE, 600, 600)
    sim.step(Inputs(0, 0, 900, 200, True))
    s = sim.state
    assert (s.tick, s.wave, s.score, s.game_over) == (sim.tick, sim.wave, sim.score, False)
    assert len(s.enemies) == 1 and len(s.bullets) == 1 and s.player.ammo == Rules().player_ammo - 1
