"""Issue 12 item 1: a unit aim direction was handed to the simulation as a world aim point.

On ``yard`` the player stands at (240, 800); aiming "along +x" came out as
the point (1, 0), so the player turned to face the map's origin (−1.86 rad)
instead of 0.
"""

import math

import arcade
import pytest

from game.sim import AimPoint, Inputs, Simulation
from game.tiled import level_path, load_level
from game.views import bridge
from game.views.controls import AIM_REACH, AimDirection, Controls


@pytest.fixture
def yard():
    return Simulation(load_level(level_path("yard")), seed=1)


def test_aiming_along_plus_x_on_yard_turns_the_player_to_angle_0(yard):
    aim = AimDirection(1.0, 0.0).point_from(bridge.player_xy(yard))
    yard.step(Inputs(0.0, 0.0, aim.x, aim.y, False))
    assert yard.player.angle == pytest.approx(0.0, abs=1e-9)


def test_a_direction_is_made_a_point_ahead_of_the_player_never_taken_as_one(window, yard):
    controls = Controls()
    controls.key_down(arcade.key.D)
    start = bridge.player_xy(yard)
    inputs = controls.inputs(start, None)
    assert inputs.aim_at == (start[0] + AIM_REACH, start[1])  # the bug aimed at (1, 0), the map's corner


def test_without_a_mouse_controls_aim_ahead_of_the_player_where_it_stands(window, yard):
    controls = Controls()
    start = bridge.player_xy(yard)
    inputs = controls.inputs(start, None)
    assert isinstance(inputs.aim_at, AimPoint) and inputs.aim_at.x > start[0] and inputs.aim_at.y == start[1]
    yard.step(inputs)
    assert yard.player.angle == pytest.approx(0.0, abs=1e-9)
    assert math.hypot(yard.player.x - start[0], yard.player.y - start[1]) == 0.0
