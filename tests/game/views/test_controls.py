"""Keys, mouse and (absent) gamepad become the simulation's move/aim/fire ``Inputs`` in world space."""

import math

import arcade
import pytest

from game.views.controls import Controls


@pytest.fixture
def controls(window):
    return Controls()


def test_wasd_and_arrows_move_and_diagonals_are_not_faster(controls):
    controls.key_down(arcade.key.W)
    controls.key_down(arcade.key.RIGHT)
    inputs = controls.inputs((0, 0), None)
    assert inputs.move_x == pytest.approx(math.sqrt(0.5)) and inputs.move_y == pytest.approx(math.sqrt(0.5))
    controls.key_up(arcade.key.W)
    assert controls.inputs((0, 0), None)[:2] == (1.0, 0.0)


def test_without_a_mouse_the_aim_follows_the_last_movement(controls):
    controls.key_down(arcade.key.S)
    controls.inputs((0, 0), None)
    controls.key_up(arcade.key.S)
    inputs = controls.inputs((10, 20), None)
    assert (inputs.move_x, inputs.move_y) == (0.0, 0.0)
    assert inputs.aim_at.x == 10 and inputs.aim_at.y < 20  # straight below where the player stands


def test_the_mouse_aims_through_the_scrolled_camera(window, controls):
    camera = arcade.Camera2D()
    camera.position = (1000, 2000)  # the window centre shows world (1000, 2000)
    controls.mouse_screen = (window.width / 2 + 100, window.height / 2)
    inputs = controls.inputs((1000, 1900), camera)
    # the mouse is at world (1100, 2000): a point, wherever the player stands
    assert inputs.aim_at == pytest.approx((1100, 2000))


def test_holding_the_button_or_space_fires_and_pausing_lets_go(controls):
    assert not controls.inputs((0, 0), None).fire
    controls.mouse_down = True
    assert controls.inputs((0, 0), None).fire
    controls.mouse_down = False
    controls.key_down(arcade.key.SPACE)
    assert controls.inputs((0, 0), None).fire
    controls.release_all()
    assert not controls.inputs((0, 0), None).fire


def test_headless_arcade_has_no_gamepad_and_that_is_fine(controls):
    assert getattr(arcade, "ControllerManager", None) is None and controls.controller is None
