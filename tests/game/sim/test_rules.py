"""Every tunable in Rules is honoured, and the simulation follows the hitboxes it is given (not its own guesses)."""

import json
import math
import shutil

import numpy as np
import pytest

from engine.collision import Polygon, Transform, intersects
from game.sim import DT, Inputs, Rules, Simulation
from game.sim.rules import CHASER, SHOOTER
from game.sim.simulation import is_round
from game.tiled.actors import ACTORS_FILE, read_actors

from .test_simulation import arena, quiet


def _edited(tmp_path, name: str, objects: list) -> dict:
    """The shipped hitboxes with actor ``name``'s collision objects replaced (an edited copy of the file)."""
    raw = json.loads(ACTORS_FILE.read_text())
    next(t for t in raw["tiles"] if t["type"] == name)["objectgroup"]["objects"] = objects
    shutil.copytree(ACTORS_FILE.parent / "actors", tmp_path / "actors")
    (tmp_path / "actors.tsj").write_text(json.dumps(raw))
    hitboxes, findings = read_actors(tmp_path / "actors.tsj")
    assert hitboxes is not None, [str(f) for f in findings]
    return hitboxes


def test_the_muzzle_is_a_rule():
    for muzzle in (12.0, 5.0):
        sim = quiet(arena(), muzzle=muzzle)
        p = sim.player
        events = sim.step(Inputs(0.0, 0.0, p.x + 100.0, p.y, True))
        fired = next(e for e in events if e.kind == "player_fired")
        assert (fired.x - p.x, fired.y - p.y) == pytest.approx((muzzle, 0.0))


def _shooter_step(distance: float, **rules) -> tuple[float, float]:
    """A shooter ``distance`` px right of the player: (how far it moved in one tick, its new distance)."""
    sim = quiet(arena(size=(1400.0, 800.0)), shooter_interval=1e9, **rules)
    p = sim.player
    sim.spawn_enemy(SHOOTER, p.x + distance, p.y)
    x0, y0 = sim.enemies.x[0], sim.enemies.y[0]
    sim.step(Inputs(0.0, 0.0, p.x + 1.0, p.y, False))
    x1, y1 = sim.enemies.x[0], sim.enemies.y[0]
    return math.hypot(x1 - x0, y1 - y0), math.hypot(x1 - p.x, y1 - p.y)


def test_a_shooter_in_its_band_circles_at_the_orbit_speed_rule():
    speed = Rules().enemies[SHOOTER].speed
    for share in (0.6, 0.3):
        moved, _ = _shooter_step(260.0, shooter_orbit_speed=share)
        assert moved == pytest.approx(speed * DT * share, rel=1e-6)


def test_how_close_a_shooter_lets_the_player_come_is_a_rule():
    # 230 px is inside the orbit band for 0.8 x 260 (208 px) and too close for 0.95 x 260 (247 px).
    _, circling = _shooter_step(230.0)
    _, backing = _shooter_step(230.0, shooter_too_close=0.95)
    assert circling == pytest.approx(230.0, abs=0.05)
    assert backing > 230.0 + 0.9 * Rules().enemies[SHOOTER].speed * DT
    # ... and where the band ends: at 330 px (past 1.2 x 260 = 312) it closes in, unless the band reaches past it.
    _, closing = _shooter_step(330.0)
    _, still_circling = _shooter_step(330.0, shooter_orbit_band=1.3)
    assert closing < 330.0 - 0.9 * Rules().enemies[SHOOTER].speed * DT
    assert still_circling == pytest.approx(330.0, abs=0.05)


def test_the_enemy_stats_are_rules():
    stats = Rules().enemies
    slow = Rules(enemies=(stats[CHASER].__class__(**{**stats[CHASER].__dict__, "speed": 15.0}), *stats[1:]))
    sim = quiet(arena(), **{k: getattr(slow, k) for k in ("enemies",)})
    sim.spawn_enemy(CHASER, 600.0, 200.0)
    sim.step(Inputs(0.0, 0.0, 300.0, 200.0, False))
    assert 600.0 - sim.enemies.x[0] == pytest.approx(15.0 * DT, rel=1e-6)


def test_only_a_disc_about_the_centre_is_round():
    hitboxes, _ = read_actors()
    assert [is_round(hitboxes[n].parts) for n in ("player", "chaser", "shooter", "brute")] == [
        False,
        True,
        False,
        False,
    ]
    disc = hitboxes["chaser"].parts[0]
    assert not is_round((disc, disc))  # two parts: never one disc, whatever they are


def test_a_chaser_drawn_as_a_long_box_is_never_turned_into_a_wall(tmp_path):
    # The chaser's tile is 28 x 22 (centre 14, 11): a 40 x 6 box through the centre, long along +x.
    hitboxes = _edited(
        tmp_path,
        "chaser",
        [{"id": 1, "name": "", "x": -6, "y": 8, "width": 40, "height": 6, "visible": True}],
    )
    wall = (Polygon.box(8, 200), Transform(300.0, 200.0, 0.0))  # its face at x = 292
    sim = Simulation(
        arena(
            ((8, 200, 300, 200, 0)),
        ),
        0,
        rules=Rules(first_wave=0, wave_growth=0),
        hitboxes=hitboxes,
    )
    sim._spawn_queue.clear()
    sim.spawn_enemy(CHASER, 282.0, 200.0)  # 10 px from the wall: upright (3 px) it fits, lying (20 px) not
    e = sim.enemies
    e.angle[:] = math.pi / 2
    sim.world.set_transforms(e.body, e.x, e.y, e.angle)
    shape = hitboxes["chaser"].parts[0]
    for _ in range(30):
        sim._turn_enemies(np.array([0.0]))  # it wants to face the wall
        assert not intersects(shape, (e.x[0], e.y[0], e.angle[0]), *wall)
    assert e.angle[0] > 0.3  # it turned as far as the wall let it, no farther


def test_a_long_bullet_flies_facing_the_way_it_goes(tmp_path):
    # The enemy bullet's tile is 24 x 4 (centre 12, 2): a 16 x 2 box along +x.
    hitboxes = _edited(
        tmp_path,
        "enemy_bullet",
        [{"id": 1, "name": "", "x": 4, "y": 1, "width": 16, "height": 2, "visible": True}],
    )
    sim = Simulation(arena(), 0, rules=Rules(first_wave=0, wave_growth=0), hitboxes=hitboxes)
    sim._spawn_queue.clear()
    sim.spawn_bullet(1, 500.0, 300.0, 0.0, 400.0)  # straight up
    body = int(sim.bullets.body[0])
    assert sim.world.transform(body)[2] == pytest.approx(math.pi / 2)
    sim.step(Inputs(0.0, 0.0, 300.0, 200.0, False))
    assert sim.world.transform(body)[2] == pytest.approx(math.pi / 2)
