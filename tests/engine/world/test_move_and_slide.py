"""``move_and_slide``: stop at walls, slide along them, never end inside one."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine import World
from engine.collision import Capsule, Circle, Polygon, intersects

PLAYER = Circle(8.0)


def walls_of(world: World):
    return [(world.shape(b), tuple(world.transform(b))) for b in world.bodies if world.is_static(b)]


def assert_outside_every_wall(world: World, body: int):
    xf = tuple(world.transform(body))
    shape = world.shape(body)
    for wall, wall_xf in walls_of(world):
        assert not intersects(shape, xf, wall, wall_xf)


@pytest.mark.parametrize("angle", np.linspace(-math.pi / 2 + 0.01, math.pi / 2 - 0.01, 25))
def test_moving_into_a_wall_at_any_angle_stops_at_it_and_keeps_the_tangential_part(angle):
    world = World()
    world.add(Polygon.box(10, 500), (0, 0, 0), static=True)  # face at x = -10
    player = world.add(PLAYER, (-40, 0, 0))
    move = (60 * math.cos(angle), 60 * math.sin(angle))
    result = world.move_and_slide(player, move)
    assert_outside_every_wall(world, player)
    reaches = -40 + move[0] > -18.0
    # Touching distance less the skin, or the whole move if it falls short.
    assert result.x == pytest.approx(-18.0 if reaches else -40 + move[0], abs=0.01)
    assert result.y == pytest.approx(move[1], abs=1e-6)  # the whole sliding part is kept
    if reaches:
        assert result.hits[0].normal == pytest.approx((-1.0, 0.0), abs=1e-6)


def test_a_move_with_nothing_in_the_way_goes_all_the_way():
    world = World()
    world.add(Polygon.box(10, 10), (100, 100, 0), static=True)
    player = world.add(PLAYER, (0, 0, 0))
    assert world.move_and_slide(player, (20, -5))[:2] == (20.0, -5.0)


@pytest.mark.parametrize("corner_degrees", [90, 30])
@pytest.mark.parametrize("heading", np.linspace(0.05, 0.95, 7))
def test_pushing_into_a_corner_stops_in_it_without_passing_through(corner_degrees, heading):
    # Two long walls meeting at the origin with the given angle between them, opening to the left.
    world = World()
    half = math.radians(corner_degrees) / 2
    for sign in (1, -1):
        a = math.pi - sign * half  # each wall runs from the origin outwards at angle a
        cx, cy = 200 * math.cos(a), 200 * math.sin(a)
        # The wall's inner face passes through the corner: shift the box outwards by its half-thickness.
        nx, ny = -sign * math.sin(a), sign * math.cos(a)
        world.add(Polygon.box(200, 5), (cx - 5 * nx, cy - 5 * ny, a), static=True)
    player = world.add(PLAYER, (-120, 0, 0))
    spread = (heading - 0.5) * 2 * half
    for _ in range(120):  # keep pushing towards the corner, frame after frame
        world.move_and_slide(player, (25 * math.cos(spread), 25 * math.sin(spread)))
        assert_outside_every_wall(world, player)
    x, y, _ = world.transform(player)
    # Wedged in the corner: the circle's centre sits at r / sin(half) from the tip.
    assert x < 0.0 and x == pytest.approx(-8.0 / math.sin(half), rel=0.02)
    assert abs(y) < 0.5


def test_sliding_along_a_row_of_adjacent_wall_pieces_does_not_catch_on_the_seams():
    world = World()
    for k in range(20):
        world.add(Polygon.box(16, 16), (32 * k, 0, 0), static=True)  # floor tiles, top at y = 16
    player = world.add(PLAYER, (0, 24.01, 0))
    for _ in range(40):
        world.move_and_slide(player, (15, -3))  # pressed into the floor, moving right
        assert_outside_every_wall(world, player)
    x, y, _ = world.transform(player)
    assert x == pytest.approx(600.0, abs=1e-3)  # within a skin: no seam ever stopped it
    assert 24.0 < y < 24.01


def test_squeezed_between_two_walls_it_moves_along_the_gap_and_never_into_either():
    world = World()
    world.add(Polygon.box(300, 5), (0, 14.5, 0), static=True)  # gap of 19 for a player 16 wide
    world.add(Polygon.box(300, 5), (0, -14.5, 0), static=True)
    player = world.add(PLAYER, (-200, 0, 0))
    for k in range(50):
        world.move_and_slide(player, (10, 20 if k % 2 else -20))
        assert_outside_every_wall(world, player)
    assert world.transform(player).x == pytest.approx(300.0, abs=1e-6)


def test_rotated_capsule_bodies_slide_too():
    world = World()
    world.add(Polygon.box(10, 200), (0, 0, 0.3), static=True)
    body = world.add(Capsule((-12, 0), (12, 0), 6), (-60, 0, 0.8))
    for _ in range(10):
        world.move_and_slide(body, (12, 3))
        assert_outside_every_wall(world, body)


def test_sensors_do_not_stop_the_move_and_masks_choose_the_walls():
    world = World()
    world.add(Circle(20), (30, 0, 0), sensor=True)
    world.add(Polygon.box(5, 100), (80, 0, 0), static=True, layer=2)
    player = world.add(PLAYER, (0, 0, 0))
    assert world.move_and_slide(player, (40, 0), mask=2).x == 40.0
    stopped = world.move_and_slide(player, (100, 0), mask=2).x
    assert stopped == pytest.approx(67.0, abs=0.01)
    assert world.move_and_slide(player, (100, 0), mask=1).x == stopped + 100  # layer 2 is not in the mask
