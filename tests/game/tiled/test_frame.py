"""Tiled (y down, clockwise degrees, top-left pivots, layer offsets) to engine (y up, CCW radians)."""

import math

import pytest

from game.tiled import MapFrame, engine_angle, tiled_to_world


def test_the_map_origin_moves_from_top_left_to_bottom_left():
    assert tiled_to_world(MapFrame(256.0), 0, 0)[:2] == (0.0, 256.0)
    assert tiled_to_world(MapFrame(256.0), 320, 256)[:2] == (320.0, 0.0)


def test_clockwise_degrees_become_counter_clockwise_radians():
    assert engine_angle(90) == pytest.approx(-math.pi / 2)
    assert engine_angle(-30) == pytest.approx(math.pi / 6)
    assert tiled_to_world(MapFrame(100.0), 0, 0, 45).angle == pytest.approx(-math.pi / 4)


def test_the_notes_rotated_box_corner_lands_where_tiled_draws_it():
    # Box at (64, 64), 30° clockwise, map 256 px high; its local corner (64, 32):
    # x = 64 + 64·cos30 − 32·sin30, y = 256 − (64 + 64·sin30 + 32·cos30).
    xf = tiled_to_world(MapFrame(256.0), 64, 64, 30, (64, 32))
    assert xf.x == pytest.approx(64 + 32 * math.sqrt(3) - 16)
    assert xf.y == pytest.approx(256 - 64 - 32 - 16 * math.sqrt(3))
    assert (round(xf.x, 1), round(xf.y, 1)) == (103.4, 132.3)


def test_a_quarter_turn_clockwise_sends_a_local_x_step_down_the_screen():
    # In Tiled, +x rotated 90° clockwise points down the screen (+y in Tiled, −y in the world).
    xf = tiled_to_world(MapFrame(100.0), 10, 20, 90, (5, 0))
    assert xf.x == pytest.approx(10.0)
    assert xf.y == pytest.approx(100 - 20 - 5)


def test_a_local_point_below_the_pivot_stays_below_it_without_rotation():
    xf = tiled_to_world(MapFrame(100.0), 10, 20, 0, (3, 4))
    assert xf[:2] == (13.0, 76.0)


def test_layer_offsets_add_up_through_nested_groups_and_shift_in_tiled_y():
    frame = MapFrame(200.0).nested(10, 20).nested(5, -3).nested(1, 1)
    assert frame == MapFrame(200.0, 16.0, 18.0)
    assert tiled_to_world(frame, 0, 0)[:2] == (16.0, 200.0 - 18.0)


def test_offsets_move_the_pivot_but_not_the_rotation():
    plain = tiled_to_world(MapFrame(100.0), 10, 10, 30, (8, 4))
    shifted = tiled_to_world(MapFrame(100.0, 7, 9), 10, 10, 30, (8, 4))
    assert shifted.x - plain.x == pytest.approx(7)
    assert shifted.y - plain.y == pytest.approx(-9)
    assert shifted.angle == plain.angle
