"""The bot plays as a careful player would: it leads a moving target, keeps to one target while
its turret comes round, and never fires into an explosive barrel beside itself."""

import math

import pytest

from game.sim import Bot, Inputs
from game.sim import props as props_system
from game.sim.bot import SWITCH_SHARE
from game.sim.rules import CHASER

from .test_simulation import arena, hold, quiet


def barrel_kind(sim) -> int:
    return next(i for i, kind in enumerate(sim.prop_kinds) if kind.name == "explosive_barrel")


def test_the_bot_holds_fire_with_an_explosive_barrel_beside_it_on_its_line_and_fires_without_it():
    """Regression: on warehouse (seed 2) the bot shot a barrel 40 px off and died at 10 s."""
    for barrel in (True, False):
        sim = quiet(arena(start=(200.0, 400.0)))
        if barrel:
            props_system.add_prop(
                sim.world, sim.props, sim.prop_kinds, barrel_kind(sim), 270.0, 400.0, 0.0, sim.prop_layers
            )
        sim.spawn_enemy(CHASER, 700.0, 400.0)
        sim.enemies.speed[:] = 0.0
        bot = Bot(1)
        fired = []
        for _ in range(30):  # the turret comes round to the enemy, beyond the barrel
            sim.step(Inputs(aim_at_x=700.0, aim_at_y=400.0))
            fired.append(bot.inputs(sim).fire)
        assert any(fired) is not barrel


def test_the_bot_aims_ahead_of_a_target_crossing_its_sight_by_the_bullet_s_flight():
    sim = quiet(arena(start=(200.0, 400.0)))
    sim.spawn_enemy(CHASER, 650.0, 200.0)
    bot = Bot(1)
    bot.inputs(sim)  # a first look: no velocity known yet
    e = sim.enemies
    x0, y0 = float(e.x[0]), float(e.y[0])
    sim.step(Inputs())
    vx, vy = (float(e.x[0]) - x0) * 60.0, (float(e.y[0]) - y0) * 60.0
    assert math.hypot(vx, vy) > 50.0  # (a chaser walks at the player)
    aim = bot.inputs(sim)
    flight = math.hypot(float(e.x[0]) - sim.player.x, float(e.y[0]) - sim.player.y) / sim.rules.bullet_speed
    assert (aim.aim_at_x, aim.aim_at_y) == pytest.approx(
        (e.x[0] + vx * flight, e.y[0] + vy * flight), abs=1e-6
    )


def test_the_bot_keeps_its_target_until_another_in_sight_is_clearly_nearer():
    sim = quiet(arena(start=(200.0, 400.0)))
    sim.spawn_enemy(CHASER, 600.0, 400.0)  # 400 px off: its first target
    sim.enemies.speed[:] = 0.0
    bot = Bot(1)
    assert bot.inputs(sim).aim_at_x == pytest.approx(600.0)
    sim.spawn_enemy(CHASER, 200.0, 400.0 + 0.9 * 400.0)  # a little nearer: it stays on the first
    sim.enemies.speed[:] = 0.0
    hold(sim, Inputs(), 1)
    assert bot.inputs(sim).aim_at_x == pytest.approx(600.0)
    sim.spawn_enemy(CHASER, 200.0, 400.0 - (SWITCH_SHARE - 0.1) * 400.0)  # clearly nearer: it turns
    sim.enemies.speed[:] = 0.0
    hold(sim, Inputs(), 1)
    assert bot.inputs(sim).aim_at_x == pytest.approx(200.0)
