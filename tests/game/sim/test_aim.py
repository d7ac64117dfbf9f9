"""The aim the simulation reads is a world point, and nothing else gets in as one (issue 12, item 1)."""

import math

import pytest

from game.sim import AimPoint, Inputs, Simulation
from game.tiled import level_path, load_level


@pytest.fixture
def yard():
    return Simulation(load_level(level_path("yard")), seed=1)


@pytest.mark.parametrize("degrees", [0, 45, 90, 135, 180, -135, -90, -45])
def test_the_player_turns_to_face_the_aim_point_in_every_direction(yard, degrees):
    p = yard.player
    a = math.radians(degrees)
    yard.step(Inputs(aim_at_x=p.x + 300 * math.cos(a), aim_at_y=p.y + 300 * math.sin(a)))
    off = (yard.player.angle - a + math.pi) % (2 * math.pi) - math.pi
    assert abs(off) < 1e-9


def test_an_aim_point_on_the_player_keeps_the_heading(yard):
    p = yard.player
    yard.step(Inputs(aim_at_x=p.x, aim_at_y=p.y + 50))
    assert yard.player.angle == pytest.approx(math.pi / 2)
    yard.step(Inputs(aim_at_x=yard.player.x, aim_at_y=yard.player.y))
    assert yard.player.angle == pytest.approx(math.pi / 2)


def test_inputs_name_the_aim_as_a_point():
    inputs = Inputs(1.0, 0.0, 500.0, 200.0, True)
    assert inputs.aim_at == AimPoint(500.0, 200.0)
    assert "aim_x" not in Inputs._fields and {"aim_at_x", "aim_at_y"} <= set(Inputs._fields)
