"""Props in play, through the real simulation and engine: pushed, knocked, broken, blown up, never in a wall."""

import dataclasses
import math

import numpy as np
import pytest

from game.level import PropSpot
from game.sim import DT, Inputs, Simulation
from game.sim.props import PropRules
from game.sim.rules import WALL
from game.tiled import level_path, load_level


@pytest.fixture(scope="module")
def yard():
    return load_level(level_path("yard"))


def sim_with(level, *spots, seed=1):
    sim = Simulation(dataclasses.replace(level, props=tuple(spots)), seed)
    sim._spawn_queue.clear()  # no waves: the props alone
    for body in sim.enemies.body.tolist():
        sim.world.remove(int(body))
    sim.enemies.keep(np.zeros(len(sim.enemies), bool))
    return sim


def spot(k, kind, x, y):
    return PropSpot(k, f"p{k}", kind, x, y, 0.0)


def run(sim, inputs, ticks):
    events = []
    for _ in range(ticks):
        events += sim.step(inputs)
    return events


def test_the_player_walking_into_a_crate_pushes_it_and_never_stands_inside_it(yard):
    s = yard.player_start
    sim = sim_with(yard, spot(1, "crate", s.x + 60, s.y))
    for _ in range(60):
        sim.step(Inputs(1.0, 0.0, sim.player.x + 100, sim.player.y))
        assert not sim.world.query_shape(sim.shapes.player[0], sim.world.transform(sim.player.body), 64).size
    assert sim.props.x[0] > s.x + 60 + 150  # a second at 220 px/s: most of it carried the crate
    assert sim.player.x > s.x + 150


def test_a_shot_knocks_a_barrel_along_the_bullet(yard):
    s = yard.player_start
    sim = sim_with(yard, spot(1, "barrel", s.x + 150, s.y))
    events = run(sim, Inputs(0.0, 0.0, s.x + 150, s.y, True), 1) + run(sim, Inputs(), 30)
    assert [e.kind for e in events].count("prop_hit") == 1
    assert sim.props.x[0] > s.x + 150 + 5 and abs(sim.props.y[0] - s.y) < 2.0


def test_a_crate_breaks_after_enough_hits_into_debris_that_settles(yard):
    s = yard.player_start
    sim = sim_with(yard, spot(1, "crate", s.x + 150, s.y))
    kinds = [e.kind for e in run(sim, Inputs(0.0, 0.0, s.x + 150, s.y, True), 40)]
    assert kinds.count("prop_broke") == 1 and kinds.count("prop_hit") == 2  # 60 health, 34 a shot
    debris = sim.props.debris
    assert debris.all() and len(debris) == sim.prop_kinds[0].debris
    run(sim, Inputs(), 300)
    assert not any(sim.world.is_awake(int(b)) for b in sim.props.body)


def test_a_barrel_blast_hurts_and_knocks_the_player_in_the_open_and_lights_the_next_barrel(yard):
    s = yard.player_start
    sim = sim_with(
        yard, spot(1, "explosive_barrel", s.x + 90, s.y), spot(2, "explosive_barrel", s.x + 170, s.y)
    )
    events = run(sim, Inputs(0.0, 0.0, s.x + 90, s.y, True), 40)
    blasts = [e for e in events if e.kind == "explosion"]
    assert len(blasts) == 2  # the second lit by the first: a chain
    assert sim.player.health < sim.player.max_health
    assert sim.player.x < s.x - 5  # knocked back, away from the blast
    assert len(sim.props) == 0


def test_a_wall_between_hides_the_player_from_a_blast(yard):
    # The first wall of the yard with a barrel on one side and the player on the other.
    sim = sim_with(yard)
    blasts = []
    for wall in yard.walls:
        _shape, xf = wall.parts[0]
        x, y = xf[0], xf[1]
        hit = sim.world.raycast((x, y + 200), (0.0, -1.0), 200, WALL)
        if hit is None:
            continue
        # a barrel just above the wall's top, the player just below its bottom (both outside walls)
        sim.player.x, sim.player.y = x, y
        blasts.append((x, hit.point[1]))
        break
    assert blasts
    from game.tiled.prop_kinds import prop_kinds

    kind = prop_kinds()["explosive_barrel"]
    health = sim.player.health
    bx, by = blasts[0][0], blasts[0][1] + 20
    # The player's centre is inside the wall's outline here: a ray from the blast meets the wall first.
    sim._blast_actors(bx, by, dataclasses.replace(kind, blast_radius=400.0))
    assert sim.player.health == health


@pytest.mark.parametrize("times", [1.0, 3.0, 8.0])
@pytest.mark.parametrize("heading", [(0.0, -1.0), (-1.0, 0.0), (0.6, 0.8)])
def test_a_prop_thrown_at_and_past_the_fastest_speed_never_passes_a_wall(yard, times, heading):
    s = yard.player_start
    sim = sim_with(
        yard,
        spot(1, "barrel", s.x, s.y + 60),
        spot(2, "debris", s.x + 40, s.y + 60),
        spot(3, "crate", s.x - 50, s.y - 50),
    )
    speed = sim.prop_rules.max_speed * times  # 8 times: 12,000 px/s, 200 px a tick
    for body in sim.props.body.tolist():
        sim.world.set_velocity(int(body), (heading[0] * speed, heading[1] * speed))
    run(sim, Inputs(), 120)
    for row, body in enumerate(sim.props.body.tolist()):
        shape = sim.world.shape(int(body))
        assert not len(sim.world.query_shape(shape, sim.world.transform(int(body)), WALL))
        assert 0 < sim.props.y[row] < yard.height


def test_knockback_never_leaves_an_actor_inside_a_wall(yard):
    s = yard.player_start
    sim = sim_with(yard)
    for _ in range(20):
        sim._knock_player(1.0, 0.0, 1e6)
        sim.step(Inputs())
        assert not len(
            sim.world.query_shape(sim.shapes.player[0], sim.world.transform(sim.player.body), WALL)
        )
    assert sim.player.x > s.x


def test_the_same_seed_and_inputs_give_the_same_props_and_hash(yard):
    s = yard.player_start
    spots = [spot(1, "crate", s.x + 60, s.y), spot(2, "explosive_barrel", s.x + 40, s.y + 90)]
    hashes = []
    for _ in range(2):
        sim = Simulation(dataclasses.replace(yard, props=tuple(spots)), 3)
        run(sim, Inputs(1.0, 0.2, s.x + 40, s.y + 90, True), 90)
        hashes.append(sim.state_hash())
    assert hashes[0] == hashes[1]
    assert math.isfinite(sim.props.x.sum()) if len(sim.props) else True


def test_the_bot_steps_aside_after_a_second_of_wanting_to_move_and_not_moving(yard):
    from game.sim import Bot
    from game.sim.bot import STUCK_PX

    sim = sim_with(yard)
    bot = Bot(1)
    sim.tick = 100
    assert bot._unstuck(sim, (1.0, 0.0)) == (1.0, 0.0)  # marks where it stands
    sim.tick = 160
    sim.player.x += STUCK_PX / 2  # a second later it has barely moved
    aside = bot._unstuck(sim, (1.0, 0.0))
    assert aside in ((0.0, 1.0), (-0.0, -1.0), (0.0, -1.0), (-0.0, 1.0))
    sim.tick = 175
    assert bot._unstuck(sim, (1.0, 0.0)) == aside  # for half a second
    sim.tick = 191
    assert bot._unstuck(sim, (1.0, 0.0)) == (1.0, 0.0)


def crate_at_a_standing_chaser(level, speed):
    """A crate 200 px left of a chaser that does not walk, sent at it at ``speed`` px/s."""
    from game.sim.rules import CHASER

    s = level.player_start
    sim = sim_with(level, spot(1, "crate", s.x + 100, s.y + 150))
    sim.spawn_enemy(CHASER, s.x + 300, s.y + 150)
    sim.enemies.speed[:] = 0.0
    sim.world.set_velocity(int(sim.props.body[0]), (speed, 0.0))
    return sim


def test_a_crate_thrown_fast_at_an_enemy_hurts_it_by_the_impact(yard):
    sim = crate_at_a_standing_chaser(yard, 1400.0)
    health = float(sim.enemies.health[0])
    run(sim, Inputs(), 60)
    assert sim.props.x[0] > yard.player_start.x + 150  # it flew and met the enemy ...
    assert 0.0 < health - float(sim.enemies.health[0]) <= sim.prop_rules.max_hurt  # ... and hurt it


def test_a_crate_thrown_fast_at_an_enemy_knocks_it_along_the_crate_s_flight_and_the_knock_fades(yard):
    sim = crate_at_a_standing_chaser(yard, 1400.0)
    e, x = sim.enemies, float(sim.enemies.x[0])
    knocks = []
    for _ in range(90):
        run(sim, Inputs(), 1)
        knocks.append((float(e.kx[0]), float(e.ky[0])))
    hit = next(k for k, (kx, _) in enumerate(knocks) if kx != 0.0)
    kx, ky = knocks[hit]
    assert kx > 100.0 and abs(ky) < 0.05 * kx  # along the crate's flight (+x), not across it
    assert float(e.x[0]) > x + 10.0  # it standing still (speed 0): only the knock moved it
    assert knocks[-1] == (0.0, 0.0)  # damped to a stop


def test_a_prop_s_knock_grows_with_the_impulse_of_its_hit(yard):
    from game.sim.rules import BRUTE

    s = yard.player_start
    knocks = []
    for throw in (1100.0, 1400.0, 1800.0):
        sim = sim_with(yard, spot(1, "crate", s.x + 100, s.y + 150))
        sim.spawn_enemy(BRUTE, s.x + 320, s.y + 150)  # heavy: its knock stays under the cap
        sim.enemies.speed[:] = 0.0
        sim.world.set_velocity(int(sim.props.body[0]), (throw, 0.0))
        for _ in range(40):
            run(sim, Inputs(), 1)
            if sim.enemies.kx[0] != 0.0:
                knocks.append(float(sim.enemies.kx[0]))
                break
    assert len(knocks) == 3 and 0.0 < knocks[0] < knocks[1] < knocks[2] < sim.prop_rules.max_knockback
    assert knocks[2] / knocks[0] > 1.5  # the impulse of a hit grows with the speed it comes at


def test_a_crate_thrown_fast_at_the_player_hurts_and_knocks_it_and_never_into_a_wall(yard):
    s = yard.player_start
    sim = sim_with(yard)
    wall = sim.world.raycast((s.x, s.y), (1.0, 0.0), 2000.0, WALL)
    assert wall is not None
    # The player 24 px from the wall on its right; a crate flies at it from the left.
    sim.player.x, sim.player.y = wall.point[0] - 24.0, s.y
    sim.world.set_transform(sim.player.body, (sim.player.x, s.y, 0.0))
    k = props_system_add(sim, "crate", sim.player.x - 120.0, s.y)
    sim.world.set_velocity(k, (1400.0, 0.0))
    health, knocked = sim.player.health, False
    for _ in range(60):
        run(sim, Inputs(), 1)
        knocked |= sim.player.kx > 100.0
        assert not len(
            sim.world.query_shape(sim.shapes.player[0], sim.world.transform(sim.player.body), WALL)
        )
    assert knocked and sim.player.health < health


def props_system_add(sim, name, x, y):
    """A prop of the shipped kind ``name`` put in play at (x, y); its body id."""
    from game.sim import props as props_system

    k = next(i for i, kind in enumerate(sim.prop_kinds) if kind.name == name)
    return props_system.add_prop(sim.world, sim.props, sim.prop_kinds, k, x, y, 0.0, sim.prop_layers)


def test_a_crate_arriving_at_walking_pace_or_pushed_into_an_actor_hurts_nobody(yard):
    sim = crate_at_a_standing_chaser(yard, 700.0)  # reaches the chaser at about 180 px/s
    health = float(sim.enemies.health[0])
    run(sim, Inputs(), 60)
    assert sim.props.x[0] > yard.player_start.x + 150 and float(sim.enemies.health[0]) == health
    s = yard.player_start  # the player shoves a crate into a standing chaser for two seconds
    sim = sim_with(yard, spot(1, "crate", s.x + 60, s.y))
    from game.sim.rules import CHASER

    sim.spawn_enemy(CHASER, s.x + 200, s.y)
    sim.enemies.speed[:] = 0.0
    health, player = float(sim.enemies.health[0]), sim.player.health
    run(sim, Inputs(1.0, 0.0, s.x + 400, s.y), 120)
    assert float(sim.enemies.health[0]) == health and sim.player.health == player


def broken_crate(level):
    """A crate 150 px right of the player, shot until it breaks into debris; the simulation and the pieces."""
    s = level.player_start
    sim = sim_with(level, spot(1, "crate", s.x + 150, s.y))
    run(sim, Inputs(0.0, 0.0, s.x + 150, s.y, True), 40)
    pieces = sim.props.body.tolist()
    assert sim.props.debris.all() and len(pieces) == sim.prop_kinds[0].debris
    return sim, pieces


def test_debris_fades_once_it_settles_not_at_its_age_bound_and_leaves_the_world(yard):
    from game.sim.props import opacity

    sim, pieces = broken_crate(yard)
    rules = sim.prop_rules
    assert (opacity(sim.props, rules) == 1.0).all()  # flying still: solid
    ticks = 0
    while len(sim.props) and ticks < round(rules.debris_life / DT):
        assert (
            opacity(sim.props, rules)[np.hypot(*sim.world.velocities(sim.props.body)[:, :2].T) > 50] == 1
        ).all()
        run(sim, Inputs(), 1)
        ticks += 1
    # Damping stops a piece within about a second; it then fades over debris_fade: all gone by ~3.5 s,
    # long before the 8 s age bound (which alone faded it before).
    assert len(sim.props) == 0 and ticks * DT < 1.5 + rules.debris_settle + rules.debris_fade + 0.5, (
        ticks * DT
    )
    assert not any(b in sim.world for b in pieces)


def test_debris_kept_moving_fades_at_its_age_bound(yard):
    from game.sim.props import opacity

    sim, pieces = broken_crate(yard)
    rules = sim.prop_rules
    shaken = 0
    while sim.props.age.max() < rules.debris_life - 0.1:  # every piece jiggles in place: never settles
        shaken += 1
        for body in sim.props.body.tolist():
            sim.world.set_velocity(int(body), (60.0 * (-1) ** shaken, 0.0))
        run(sim, Inputs(), 1)
        assert len(sim.props) == len(pieces) and (opacity(sim.props, rules) == 1.0).all()
    run(sim, Inputs(), round((0.1 + rules.debris_fade / 2) / DT))  # into the fade, moving or not
    assert len(sim.props) == len(pieces)
    assert ((opacity(sim.props, rules) > 0.2) & (opacity(sim.props, rules) < 0.8)).all()
    run(sim, Inputs(), round(rules.debris_fade / DT) + 2)
    assert len(sim.props) == 0 and not any(b in sim.world for b in pieces)


def test_a_level_prop_never_fades_however_old(yard):
    from game.sim.props import opacity

    s = yard.player_start
    sim = sim_with(yard, spot(1, "crate", s.x + 150, s.y))
    sim.props.age[:] = 1e6
    run(sim, Inputs(), 2)
    assert len(sim.props) == 1 and opacity(sim.props, sim.prop_rules).tolist() == [1.0]


def impacts_of_a_crate_thrown_at_a_wall(level, speed):
    """A crate 60 px left of the first wall right of the player's start, thrown at it at ``speed``
    px/s (the floor's friction and damping slow it on the way); the ``prop_impact`` events of two seconds and
    the point of the wall straight ahead."""
    s = level.player_start
    sim = sim_with(level)
    wall = sim.world.raycast((s.x, s.y), (1.0, 0.0), 2000.0, WALL)
    body = props_system_add(sim, "crate", wall.point[0] - 60.0, s.y)
    sim.world.set_velocity(body, (speed, 0.0))
    return [e for e in run(sim, Inputs(), 120) if e.kind == "prop_impact"], wall.point


def test_a_crate_hitting_a_wall_knocks_where_it_lands_louder_the_harder_it_hits(yard):
    loud, wall = impacts_of_a_crate_thrown_at_a_wall(yard, 380.0)
    soft, _ = impacts_of_a_crate_thrown_at_a_wall(yard, 300.0)
    assert loud and soft
    for hit in (loud[0], soft[0]):  # at the contact, on the wall's face (the crate is 30 px wide)
        assert math.hypot(hit.x - wall[0], hit.y - wall[1]) < 16.0 and hit.nx < -0.9
    assert 0.05 <= soft[0].value < loud[0].value < 1.0  # loudness follows the contact's impulse
    still, _ = impacts_of_a_crate_thrown_at_a_wall(yard, 150.0)  # the floor stops it first: no knock
    assert still == []


def knocks_of_a_resting_crate_struck(level, knock_speed):
    """Two crates side by side on the open floor right of the player's start, touching (so no contact
    begins when one is struck); the left one is then sent at the right one at 320 px/s. The
    ``prop_impact`` events after the strike, and where the crates touch."""
    s = level.player_start
    sim = sim_with(level)
    sim.world.hit_speed = knock_speed
    right = props_system_add(sim, "crate", s.x + 160.0, s.y)
    left = props_system_add(sim, "crate", s.x + 130.0, s.y)  # 30 px wide: edge to edge
    run(sim, Inputs(), 30)
    assert sim.world.pairs().tolist().count(sorted([left, right])) == 1  # resting, touching
    sim.world.set_velocity(left, (320.0, 0.0))
    return [e for e in run(sim, Inputs(), 30) if e.kind == "prop_impact"], s.x + 145.0


def test_a_crate_resting_against_another_and_struck_knocks_though_no_contact_begins(yard):
    """Issue 38 §6: the knock of a resting pair struck again comes from the world's hit events
    (``PropRules.knock_speed``); with hits off, the same strike is silent."""
    knocks, x = knocks_of_a_resting_crate_struck(yard, PropRules().knock_speed)
    assert len(knocks) == 1 and abs(knocks[0].x - x) < 16.0 and abs(knocks[0].nx) > 0.9
    assert 0.05 <= knocks[0].value <= 1.0
    silent, _ = knocks_of_a_resting_crate_struck(yard, math.inf)
    assert silent == []


def test_a_crate_pushed_and_let_go_stops_in_a_short_finite_distance_the_floor_s_friction_sets(yard):
    """Issue 40: the floor's friction (a motor joint to the ground, ``floor_friction`` px/s²) with the
    kind's damping (k, 1/s): a crate sliding at v stops after v/k − (a/k²)·ln(1 + k·v/a), and
    falls asleep; without the floor's grip it slides farther and longer."""
    s = yard.player_start
    v = 200.0
    stops = []
    for override in ({}, {"floor_friction": 0.0}):
        sim = sim_with(yard, PropSpot(1, "c", "crate", s.x, s.y - 200, 0.0, override))
        body = int(sim.props.body[0])
        kind = sim.prop_kinds[int(sim.props.kind[0])]
        sim.world.set_velocity(body, (v, 0.0))
        x0 = sim.world.transform(body)[0]
        ticks = 0
        while ticks < 600 and sim.world.is_awake(body) and sim.world.velocity(body)[0] != 0.0:
            sim.step(Inputs())
            ticks += 1
        stops.append((sim.world.transform(body)[0] - x0, ticks * DT, kind))
    (grip, grip_time, kind), (slide, slide_time, bare) = stops
    a, k = kind.floor_friction, kind.linear_damping
    assert a > 0.0 and bare.floor_friction == 0.0
    assert grip == pytest.approx(v / k - a / k**2 * math.log(1.0 + k * v / a), rel=0.05)
    assert grip_time < 1.0 and grip < 0.75 * slide and grip_time < slide_time
