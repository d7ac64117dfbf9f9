"""Issue 12 item 1: a unit aim direction was handed to the simulation as a world aim point.

On ``yard`` the player stands at (240, 800); aiming "along +x" came out as
the point (1, 0), so the player turned to face the map's origin (−1.86 rad)
instead of 0.
"""

import math

import pytest

from game.sim import AimPoint, Simulation
from game.tiled import level_path, load_level
from game.views import bridge
from game.views.controls import AimDirection, Controls, Intent


@pytest.fixture
def yard():
    return Simulation(load_level(level_path("yard")), seed=1)


def test_aiming_along_plus_x_on_yard_turns_the_player_to_angle_0(yard):
    aim = AimDirection(1.0, 0.0).point_from(bridge.player_xy(yard))
    yard.step(bridge.to_inputs(Intent(0, 0, aim, False)))
    assert yard.player.angle == pytest.approx(0.0, abs=1e-9)


def test_the_old_call_with_a_bare_direction_no_longer_fits_an_intent():
    with pytest.raises(TypeError):
        Intent(0, 0, 1, 0, False)  # the call that used to turn the player to −1.86 rad


@pytest.mark.parametrize("aim", [AimDirection(1.0, 0.0), (1.0, 0.0)])
def test_the_bridge_refuses_anything_but_a_world_point(aim):
    with pytest.raises(TypeError, match="AimPoint"):
        bridge.to_inputs(Intent(0, 0, aim, False))


def test_without_a_mouse_controls_aim_ahead_of_the_player_where_it_stands(window, yard):
    controls = Controls()
    start = bridge.player_xy(yard)
    intent = controls.intent(start, None)
    assert isinstance(intent.aim_at, AimPoint) and intent.aim_at.x > start[0] and intent.aim_at.y == start[1]
    yard.step(bridge.to_inputs(intent))
    assert yard.player.angle == pytest.approx(0.0, abs=1e-9)
    assert math.hypot(yard.player.x - start[0], yard.player.y - start[1]) == 0.0
