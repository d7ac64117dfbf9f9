"""``move_and_slide`` and ``move_and_slide_bodies``: stop at walls, slide along
them, never end inside one. Every scenario runs through the single-body call
and through the batched one (with a second, far-away body in the batch)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Polygon, intersects
from engine.collision.shapes import H_BOUND, H_RADIUS, aabb
from engine.world.slide import SKIN_REL

PLAYER = Circle(8.0)
WALLS = 1
MOVERS = 2


def slide_single(world: World, body: int, move, mask: int = WALLS) -> tuple[float, float]:
    result = world.move_and_slide(body, move, mask)
    return result.x, result.y


def slide_batched(world: World, body: int, move, mask: int = WALLS) -> tuple[float, float]:
    """The body moves in a batch with a bystander far away that moves too."""
    bystander = world.add(Circle(3.0), (1e5, 1e5, 0), type="kinematic", layer=MOVERS)
    out = world.move_and_slide_bodies([bystander, body], [(5.0, -7.0), move], mask)
    assert tuple(out[0]) == (1e5 + 5.0, 1e5 - 7.0)
    world.remove(bystander)
    return float(out[1, 0]), float(out[1, 1])


@pytest.fixture(params=[slide_single, slide_batched], ids=["single", "batched"])
def slide(request):
    return request.param


def walls_of(world: World):
    return [(world.shape(b), tuple(world.transform(b))) for b in world.bodies if world.is_static(b)]


def assert_outside_every_wall(world: World, body: int):
    xf = tuple(world.transform(body))
    shape = world.shape(body)
    for wall, wall_xf in walls_of(world):
        assert not intersects(shape, xf, wall, wall_xf)


@pytest.mark.parametrize("angle", np.linspace(-math.pi / 2 + 0.01, math.pi / 2 - 0.01, 25))
def test_moving_into_a_wall_at_any_angle_stops_at_it_and_keeps_the_tangential_part(slide, angle):
    world = World()
    world.add(Polygon.box(10, 500), (0, 0, 0), type="static")  # face at x = -10
    player = world.add(PLAYER, (-40, 0, 0), type="kinematic", layer=MOVERS)
    move = (60 * math.cos(angle), 60 * math.sin(angle))
    x, y = slide(world, player, move)
    assert_outside_every_wall(world, player)
    reaches = -40 + move[0] > -18.0
    # Touching distance less the skin, or the whole move if it falls short.
    assert x == pytest.approx(-18.0 if reaches else -40 + move[0], abs=0.01)
    assert y == pytest.approx(move[1], abs=1e-6)  # the whole sliding part is kept


@pytest.mark.parametrize("depth", [0.5, 3.0, 7.0])
@pytest.mark.parametrize("sideways", [-5.0, 5.0])
def test_a_body_inside_a_wall_moving_sideways_is_pushed_out_and_keeps_that_frames_move(
    slide, depth, sideways
):
    """Regression: a body starting inside a wall with a move along it hit the wall at fraction 0
    slide after slide and went nowhere; the final push-out put it outside, but the move was lost
    (x stayed 0 frame after frame). It is now pushed out first and makes its move from there."""
    world = World()
    world.add(Polygon.box(100, 10), (0, 0, 0), type="static")  # top face at y = 10
    player = world.add(PLAYER, (0, 18 - depth, 0), type="kinematic", layer=MOVERS)
    x, y = slide(world, player, (sideways, 0.0))
    assert_outside_every_wall(world, player)
    assert x == pytest.approx(sideways, abs=1e-6)  # the whole move, along the wall
    assert y == pytest.approx(18.0, abs=0.01)  # out on top, a skin clear


def test_a_body_inside_a_wall_moving_down_along_it_is_pushed_out_and_slides_the_rest(slide):
    world = World()
    world.add(Polygon.box(100, 10), (0, 0, 0), type="static")
    player = world.add(PLAYER, (0, 15, 0), type="kinematic", layer=MOVERS)
    x, y = slide(world, player, (6.0, -4.0))
    assert_outside_every_wall(world, player)
    assert (x, y) == pytest.approx((6.0, 18.0), abs=0.01)  # into the floor: stays on it, keeps the x


def test_the_single_call_reports_the_wall_it_slid_along():
    world = World()
    wall = world.add(Polygon.box(10, 500), (0, 0, 0), type="static")
    player = world.add(PLAYER, (-40, 0, 0), type="kinematic", layer=MOVERS)
    result = world.move_and_slide(player, (60, 30), WALLS)
    assert [hit.body for hit in result.hits] == [wall]
    assert result.hits[0].normal == pytest.approx((-1.0, 0.0), abs=1e-6)


def test_a_move_with_nothing_in_the_way_goes_all_the_way(slide):
    world = World()
    world.add(Polygon.box(10, 10), (100, 100, 0), type="static")
    player = world.add(PLAYER, (0, 0, 0), type="kinematic", layer=MOVERS)
    assert slide(world, player, (20, -5)) == (20.0, -5.0)


@pytest.mark.parametrize("corner_degrees", [90, 30])
@pytest.mark.parametrize("heading", np.linspace(0.05, 0.95, 7))
def test_pushing_into_a_corner_stops_in_it_without_passing_through(slide, corner_degrees, heading):
    # Two long walls meeting at the origin with the given angle between them, opening to the left.
    world = World()
    half = math.radians(corner_degrees) / 2
    for sign in (1, -1):
        a = math.pi - sign * half  # each wall runs from the origin outwards at angle a
        cx, cy = 200 * math.cos(a), 200 * math.sin(a)
        # The wall's inner face passes through the corner: shift the box outwards by its half-thickness.
        nx, ny = -sign * math.sin(a), sign * math.cos(a)
        world.add(Polygon.box(200, 5), (cx - 5 * nx, cy - 5 * ny, a), type="static")
    player = world.add(PLAYER, (-120, 0, 0), type="kinematic", layer=MOVERS)
    spread = (heading - 0.5) * 2 * half
    for _ in range(120):  # keep pushing towards the corner, frame after frame
        slide(world, player, (25 * math.cos(spread), 25 * math.sin(spread)))
        assert_outside_every_wall(world, player)
    x, y, _ = world.transform(player)
    # Wedged in the corner: the circle's centre sits at r / sin(half) from the tip.
    assert x < 0.0 and x == pytest.approx(-8.0 / math.sin(half), rel=0.02)
    assert abs(y) < 0.5


def test_sliding_along_a_row_of_adjacent_wall_pieces_does_not_catch_on_the_seams(slide):
    world = World()
    for k in range(20):
        world.add(Polygon.box(16, 16), (32 * k, 0, 0), type="static")  # floor tiles, top at y = 16
    player = world.add(PLAYER, (0, 24.01, 0), type="kinematic", layer=MOVERS)
    for _ in range(40):
        slide(world, player, (15, -3))  # pressed into the floor, moving right
        assert_outside_every_wall(world, player)
    x, y, _ = world.transform(player)
    assert x == pytest.approx(600.0, abs=1e-3)  # within a skin: no seam ever stopped it
    assert 24.0 < y < 24.01


ON_ROW = {
    "box": Polygon.box(12, 12),
    "circle": Circle(12.0),
    "turned pentagon": Polygon([(12 * math.cos(k * 1.2566), 12 * math.sin(k * 1.2566)) for k in range(5)]),
}


def row_of_boxes(world: World, widths) -> float:
    """Boxes side by side along x from 0, tops at y = 0, meeting at seams; returns the row's end."""
    x = 0.0
    for w in widths:
        world.add(Polygon.box(w / 2, 8), (x + w / 2, -8.0, 0), type="static", layer=WALLS)
        x += w
    return x


def skin_of(shape) -> float:
    return SKIN_REL * (shape.packed[H_BOUND] + shape.packed[H_RADIUS])


@pytest.mark.parametrize("mover", sorted(ON_ROW))
def test_one_long_move_along_boxes_meeting_at_seams_stays_on_them_and_goes_all_the_way(slide, mover):
    # Regression: a body rested a hair inside its skin, met the next box's top corner with a normal
    # tilted a few degrees and climbed along it: a 24 px box ended 47 px above the row, 2.3 px short.
    world = World()
    row_of_boxes(world, [32.0] * 40)
    shape = ON_ROW[mover]
    lowest = -aabb(shape, (0, 0, 0.3))[1]  # how far the shape reaches below its origin
    body = world.add(shape, (20.0, lowest + 0.5, 0.3), type="kinematic", layer=MOVERS)
    x, y = slide(world, body, (1000.0, -30.0))
    assert x == pytest.approx(1020.0, abs=1e-6)
    assert 0.5 * skin_of(shape) <= y - lowest <= 1.5 * skin_of(shape)
    assert_outside_every_wall(world, body)


@settings(max_examples=60, deadline=None)
@given(
    widths=st.lists(st.floats(1.0, 64.0), min_size=2, max_size=30),
    mover=st.sampled_from(sorted(ON_ROW)),
    along=st.floats(50.0, 3000.0),
    down=st.floats(0.0, 0.6),
)
def test_a_move_pressed_onto_any_row_of_seamed_boxes_never_climbs_above_a_skin(widths, mover, along, down):
    world = World()
    end = row_of_boxes(world, widths)
    shape = ON_ROW[mover]
    lowest = -aabb(shape, (0, 0, 0.0))[1]
    body = world.add(
        shape, (0.0, lowest + skin_of(shape), 0.0), type="kinematic", layer=MOVERS
    )  # resting on the row
    result = world.move_and_slide(body, (along, -down * along))
    lo_x, _, hi_x, _ = aabb(shape, (0, 0, 0))
    on_row = along + lo_x >= 0.0 and along + hi_x <= end
    if on_row:  # along the row's flat top the move keeps all its x
        assert result.x == pytest.approx(along, rel=1e-9, abs=1e-6)
        assert 0.5 * skin_of(shape) <= result.y - lowest <= 1.5 * skin_of(shape)
    else:
        # Past the row's end the body presses on its corner: a slanted face slides along the corner and
        # turns some of the downward push into x (hypothesis found a pentagon leaving a 2 px row 2.4 px
        # farther than asked; the same on the release before this test's fix).
        assert result.x >= min(along, end - hi_x) - 1e-6
    assert_outside_every_wall(world, body)


def test_a_real_ramp_after_a_seamed_row_is_still_climbed(slide):
    world = World()
    end = row_of_boxes(world, [32.0] * 10)
    # A ramp rising 1 in 5 from the row's end, longer than the move.
    world.add(Polygon([(0, 0), (1000, 200), (1000, 0)]), (end, 0.0, 0), type="static", layer=WALLS)
    body = world.add(Polygon.box(12, 12), (20.0, 12.5, 0.0), type="kinematic", layer=MOVERS)
    x, y = slide(world, body, (500.0, -10.0))
    assert x > end + 100.0
    ramp_under_right_corner = 0.2 * (x + 12.0 - end)
    assert y - 12.0 == pytest.approx(ramp_under_right_corner, abs=0.01)
    assert_outside_every_wall(world, body)


def test_a_step_half_a_pixel_up_in_a_seamed_row_is_never_passed_through(slide):
    world = World()
    row_of_boxes(world, [32.0] * 5)
    world.add(
        Polygon.box(16, 8.25), (5 * 32.0 + 16.0, -7.75, 0), type="static", layer=WALLS
    )  # top at y = 0.5
    body = world.add(Polygon.box(12, 12), (20.0, 12.5, 0.0), type="kinematic", layer=MOVERS)
    x, y = slide(world, body, (400.0, -30.0))
    assert_outside_every_wall(world, body)
    if x + 12.0 > 5 * 32.0:  # it got onto the step: then it is on top of it
        assert y - 12.0 >= 0.5


def test_squeezed_between_two_walls_it_moves_along_the_gap_and_never_into_either(slide):
    world = World()
    world.add(Polygon.box(300, 5), (0, 14.5, 0), type="static")  # gap of 19 for a player 16 wide
    world.add(Polygon.box(300, 5), (0, -14.5, 0), type="static")
    player = world.add(PLAYER, (-200, 0, 0), type="kinematic", layer=MOVERS)
    for k in range(50):
        slide(world, player, (10, 20 if k % 2 else -20))
        assert_outside_every_wall(world, player)
    assert world.transform(player).x == pytest.approx(300.0, abs=1e-6)


def test_rotated_capsule_bodies_slide_too(slide):
    world = World()
    world.add(Polygon.box(10, 200), (0, 0, 0.3), type="static")
    body = world.add(Capsule((-12, 0), (12, 0), 6), (-60, 0, 0.8), type="kinematic", layer=MOVERS)
    for _ in range(10):
        slide(world, body, (12, 3))
        assert_outside_every_wall(world, body)
    assert world.transform(body).x > -60.0  # it did move, up to the wall


def test_sensors_do_not_stop_the_move_and_masks_choose_the_walls(slide):
    world = World()
    world.add(Circle(20), (30, 0, 0), type="kinematic", sensor=True)
    world.add(Polygon.box(5, 100), (80, 0, 0), type="static", layer=4)
    player = world.add(PLAYER, (0, 0, 0), type="kinematic", layer=MOVERS)
    assert slide(world, player, (40, 0), 4)[0] == 40.0
    stopped = slide(world, player, (100, 0), 4)[0]
    assert stopped == pytest.approx(67.0, abs=0.01)
    assert slide(world, player, (100, 0), WALLS)[0] == stopped + 100  # layer 4 is not in the mask


# --- the batched call on its own ------------------------------------------


def test_bodies_moved_together_do_not_block_one_another_but_other_bodies_in_the_mask_do():
    world = World()
    a = world.add(PLAYER, (0, 0, 0), type="kinematic", layer=MOVERS)
    b = world.add(PLAYER, (30, 0, 0), type="kinematic", layer=MOVERS)
    parked = world.add(PLAYER, (0, 100, 0), type="kinematic", layer=MOVERS)  # in the mask, not moved: a wall
    out = world.move_and_slide_bodies([a, b], [(30, 0), (-30, 0)], mask=MOVERS)
    assert out.tolist() == [[30.0, 0.0], [0.0, 0.0]]  # they passed through each other
    out = world.move_and_slide_bodies([b], [(0, 100)], mask=MOVERS)
    assert out[0, 1] == pytest.approx(100.0 - 16.0, abs=0.01)  # stopped by the parked body
    assert tuple(world.transform(parked))[:2] == (0.0, 100.0)


def test_an_empty_batch_moves_nothing():
    world = World()
    world.add(PLAYER, (0, 0, 0), type="kinematic")
    assert world.move_and_slide_bodies([], np.zeros((0, 2))).shape == (0, 2)


@pytest.mark.parametrize(
    ("bodies", "moves", "error", "words"),
    [
        ([0, 7], [(1, 0), (1, 0)], KeyError, "no body with id 7"),
        ([0, 1], [(1, 0), (math.nan, 0)], ValueError, "displacement of body 1 is not finite"),
        ([0, 0], [(1, 0), (1, 0)], ValueError, "same body twice"),
    ],
)
def test_bad_input_names_the_problem_and_leaves_the_world_unchanged(bodies, moves, error, words):
    world = World()
    world.add(PLAYER, (0, 0, 0), type="kinematic")
    world.add(PLAYER, (50, 0, 0), type="kinematic")
    with pytest.raises(error, match=words):
        world.move_and_slide_bodies(bodies, moves)
    assert [tuple(world.transform(b))[:2] for b in world.bodies] == [(0.0, 0.0), (50.0, 0.0)]


MOVER_SHAPES = [Circle(8.0), Polygon.box(6, 9), Capsule((-10, 0), (10, 0), 5), Circle(3.0)]


def random_slide_scene(seed: int):
    """Walls of many sizes and angles, and movers of every kind placed outside them."""
    rng = np.random.default_rng(seed)
    world = World()
    for _ in range(40):
        hw, hh = rng.uniform(4, 80), rng.uniform(3, 12)
        world.add(Polygon.box(hw, hh), (*rng.uniform(0, 400, 2), rng.uniform(-3, 3)), type="static")
    movers = []
    while len(movers) < 30:
        shape = MOVER_SHAPES[len(movers) % len(MOVER_SHAPES)]
        xf = (*rng.uniform(0, 400, 2), rng.uniform(-3, 3))
        if not len(world.query_shape(shape, xf, mask=WALLS)):
            movers.append(world.add(shape, xf, type="kinematic", layer=MOVERS))
    return world, np.array(movers), rng


@pytest.mark.parametrize("seed", range(6))
def test_the_batched_call_ends_where_single_calls_end_on_random_scenes(seed):
    world, movers, rng = random_slide_scene(seed)
    twin, _, _ = random_slide_scene(seed)
    blocked = 0
    for _ in range(8):  # frames
        start = np.array([tuple(world.transform(int(b)))[:2] for b in movers])
        moves = rng.uniform(-40, 40, (len(movers), 2))
        batched = world.move_and_slide_bodies(movers, moves, WALLS)
        single = np.array([slide_single(twin, int(b), m) for b, m in zip(movers, moves)])
        assert batched == pytest.approx(single, abs=1e-6)
        for body in movers:
            assert_outside_every_wall(world, int(body))
        blocked += int((np.abs(batched - (start + moves)) > 1e-3).any(axis=1).sum())
    assert blocked >= 10  # the scene really makes bodies meet walls


def test_a_slide_keeps_the_world_boxes_and_they_are_the_ones_a_rebuild_gives():
    """A slide refreshes the moved bodies' boxes in place (the next cast need not rebuild every
    body's box): each box is the one a rebuild from scratch computes, bit for bit."""
    world = World()
    world.add(Polygon([(0, 0), (400, 0), (400, 20), (0, 20)]), (0, 0, 0), type="static", layer=WALLS)
    movers = [
        world.add(Capsule((-6, 0), (6, 0), 4), (40.0 * k + 10, 40, 0.3 * k), type="kinematic", layer=MOVERS)
        for k in range(6)
    ]
    world.add(
        Circle(5.0), (300, 200, 0), type="kinematic", layer=MOVERS
    )  # a bystander: its box stays as it was
    world.pairs()  # builds the boxes
    moves = [(3.0 * k - 7, -30.0) for k in range(6)]
    world.move_and_slide_bodies(movers, moves, WALLS)
    world.move_and_slide(movers[2], (5.0, -4.0), WALLS)
    kept = world._frame.kept_boxes
    assert kept is not None
    world._frame.changed(False)
    assert np.array_equal(kept, world._frame.boxes())
