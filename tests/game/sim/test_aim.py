"""The aim the simulation reads is a world point, and nothing else gets in as one (issue 12, item 1)."""

import math

import pytest

from game.sim import AimPoint, Inputs, Simulation
from game.sim.rules import DT
from game.tiled import level_path, load_level


@pytest.fixture
def yard():
    return Simulation(load_level(level_path("yard")), seed=1)


def _off(angle: float, aim: float) -> float:
    return abs((angle - aim + math.pi) % (2 * math.pi) - math.pi)


def _aim_for(sim, degrees, seconds):
    """Aim at a point 300 px away at ``degrees`` for ``seconds``; the ticks it took the turret to
    come within a quarter-turn's quadrant (45°) of it, or None."""
    p, a = sim.player, math.radians(degrees)
    reached = None
    for tick in range(round(seconds / DT)):
        sim.step(Inputs(aim_at_x=p.x + 300 * math.cos(a), aim_at_y=p.y + 300 * math.sin(a)))
        if reached is None and _off(p.angle, a) < math.pi / 4:
            reached = tick + 1
    return reached


@pytest.mark.parametrize("degrees", [0, 45, 90, 135, 180, -135, -90, -45])
def test_the_turret_turns_to_face_the_aim_point_in_every_direction(yard, degrees):
    _aim_for(yard, degrees, 1.0)
    assert _off(yard.player.angle, math.radians(degrees)) < 0.01


@pytest.mark.parametrize("start", [0, 90, 180, -90])
@pytest.mark.parametrize("corner", [45, 135, -135, -45])
def test_the_mouse_at_each_corner_turns_the_turret_into_that_quadrant_within_half_a_second(
    yard, start, corner
):
    """Issue 40: the turret lags the aim, but a corner's quadrant is reached within 0.5 s from any
    heading (the worst: half a turn away)."""
    _aim_for(yard, start, 1.0)
    ticks = _aim_for(yard, corner, 0.5)
    assert ticks is not None and ticks * DT <= 0.5


def test_the_turret_lags_an_aim_half_a_turn_away(yard):
    """A motor, not a snap: a tick after the aim swings round, the turret is still far from it."""
    _aim_for(yard, 0, 0.5)
    yard.step(Inputs(aim_at_x=yard.player.x - 300, aim_at_y=yard.player.y))
    assert _off(yard.player.angle, math.pi) > 2.5


def test_an_aim_point_on_the_player_keeps_the_heading(yard):
    _aim_for(yard, 90, 1.0)
    assert yard.player.angle == pytest.approx(math.pi / 2, abs=0.01)
    for _ in range(30):
        yard.step(Inputs(aim_at_x=yard.player.x, aim_at_y=yard.player.y))
    assert yard.player.angle == pytest.approx(math.pi / 2, abs=0.01)


def test_shots_leave_along_the_turret_from_its_barrel(yard):
    _aim_for(yard, 60, 1.0)
    p = yard.player
    events = yard.step(Inputs(aim_at_x=p.x + 300 * math.cos(math.radians(60)),
                              aim_at_y=p.y + 300 * math.sin(math.radians(60)), fire=True))  # fmt: skip
    shot = next(e for e in events if e.kind == "player_fired")
    assert math.atan2(shot.ny, shot.nx) == pytest.approx(math.radians(60), abs=0.01)
    assert math.hypot(shot.x - p.x, shot.y - p.y) == pytest.approx(yard.rules.muzzle, abs=4.0)


def test_the_hull_turns_toward_the_way_it_drives_and_drives_backwards_unturned(yard):
    p = yard.player
    for _ in range(60):
        yard.step(Inputs(move_y=1.0, aim_at_x=p.x + 300, aim_at_y=p.y))
    assert _off(p.hull, math.pi / 2) < 1e-6 and _off(p.angle, 0.0) < 0.05  # the turret kept its aim
    for _ in range(30):
        yard.step(Inputs(move_y=-1.0, aim_at_x=p.x + 300, aim_at_y=p.y))
    assert _off(p.hull, math.pi / 2) < 1e-6  # backwards: the hull did not turn round


def test_the_turret_rides_on_the_hull_s_centre(yard):
    p, worst = yard.player, 0.0
    for k in range(240):
        a = k * 0.05
        yard.step(Inputs(move_x=math.cos(a), move_y=math.sin(a), aim_at_x=p.x + 100, aim_at_y=p.y))
        x, y, _ = yard.world.transform(p.turret)
        worst = max(worst, math.hypot(x - p.x, y - p.y))
    assert worst < 3.0


def test_a_heavy_knock_turns_the_turret_off_its_aim_and_the_motor_brings_it_back(yard):
    p = yard.player
    _aim_for(yard, 0, 0.5)
    yard._knock_player(0.0, 1.0, 400.0 * yard.prop_rules.player_weight)  # a blast's push across the barrel
    worst = 0.0
    for _ in range(6):
        yard.step(Inputs(aim_at_x=p.x + 300, aim_at_y=p.y))
        worst = max(worst, _off(p.angle, 0.0))
    assert worst > 0.25
    _aim_for(yard, 0, 0.5)
    assert _off(p.angle, 0.0) < 0.01


def test_inputs_name_the_aim_as_a_point():
    inputs = Inputs(1.0, 0.0, 500.0, 200.0, True)
    assert inputs.aim_at == AimPoint(500.0, 200.0)
    assert "aim_x" not in Inputs._fields and {"aim_at_x", "aim_at_y"} <= set(Inputs._fields)
