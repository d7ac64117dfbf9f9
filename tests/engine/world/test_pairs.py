"""``World.pairs()`` finds exactly the overlapping pairs, whatever the sizes and places."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Ellipse, Polygon, intersects
from engine.world.hashgrid import MAX_LISTED
from engine.world.pairs import candidates_over_walls, frame_candidates
from engine.world.world import frame_view


def brute_force_pairs(world: World, bodies) -> list[list[int]]:
    """Every pair the narrow phase says overlaps, with layers and statics applied."""
    found = []
    for (a, sa, la, ma, st_a), (b, sb, lb, mb, st_b) in itertools.combinations(bodies, 2):
        if st_a and st_b:
            continue
        if not (la & mb and lb & ma):
            continue
        if intersects(sa, tuple(world.transform(a)), sb, tuple(world.transform(b))):
            found.append(sorted([a, b]))
    return sorted(found)


def random_shape(rng, size):
    kind = rng.integers(5)
    if kind == 0:
        return Polygon.box(size * rng.uniform(0.2, 1), size * rng.uniform(0.2, 1))
    if kind == 1:
        return Circle(size * rng.uniform(0.2, 1))
    if kind == 2:
        return Capsule((-size, 0), (size, 0), size * rng.uniform(0.1, 0.5))
    if kind == 3:
        return Ellipse(size * rng.uniform(0.3, 1), size * rng.uniform(0.3, 1))
    pts = [(math.cos(a), math.sin(a)) for a in np.sort(rng.uniform(0, math.tau, 6))]
    try:
        return Polygon([(size * x, size * y) for x, y in pts], radius=size * 0.1 * rng.integers(2))
    except ValueError:
        return Circle(size)


@pytest.mark.parametrize("seed", range(6))
def test_pairs_equal_brute_force_on_mixed_scenes_with_huge_and_tiny_bodies(seed):
    rng = np.random.default_rng(seed)
    world = World()
    bodies = []
    for k in range(150):
        size = float(rng.choice([0.5, 2.0, 8.0, 300.0], p=[0.3, 0.4, 0.25, 0.05]))
        shape = random_shape(rng, size)
        static = bool(rng.random() < 0.3)
        layer, mask = (1, 0xFFFFFFFF) if k % 3 else (2, 1)
        xf = (float(rng.uniform(-60, 60)), float(rng.uniform(-60, 60)), float(rng.uniform(-3, 3)))
        body = world.add(shape, xf, type="static" if static else "kinematic", layer=layer, mask=mask)
        bodies.append((body, shape, layer, mask, static))
    assert world.pairs().tolist() == brute_force_pairs(world, bodies)


def test_bodies_exactly_on_cell_boundaries_are_found_once():
    world = World(cell_size=1.0)
    boxes = [
        world.add(Polygon.box(0.5, 0.5), (x + 0.5, 0.5, 0.0), type="kinematic") for x in range(5)
    ]  # touching edges on cell lines
    pairs = world.pairs().tolist()
    assert pairs == [[boxes[i], boxes[i + 1]] for i in range(4)]


@given(
    st.lists(
        st.tuples(
            st.floats(-20, 20),
            st.floats(-20, 20),
            st.floats(-3, 3),
            st.sampled_from([0.1, 1.0, 5.0]),
            st.booleans(),
        ),
        min_size=2,
        max_size=40,
    ),
    st.sampled_from([None, 0.5, 3.0, 50.0]),
)
def test_pairs_equal_brute_force_for_any_cell_size(spec, cell):
    world = World(cell_size=cell)
    bodies = []
    for x, y, angle, size, static in spec:
        shape = Polygon.box(size, size / 2)
        body = world.add(shape, (x, y, angle), type="static" if static else "kinematic")
        bodies.append((body, shape, 1, 0xFFFFFFFF, static))
    assert world.pairs().tolist() == brute_force_pairs(world, bodies)


@pytest.mark.parametrize(
    ("layer_a", "mask_a", "layer_b", "mask_b", "pairs"),
    [
        (1, 1, 1, 1, True),
        (1, 2, 2, 1, True),
        (1, 2, 1, 2, False),  # A does not want B's layer
        (1, 1, 2, 1, False),  # A accepts layer 1 only, and B is on layer 2
        (4, 0xFFFFFFFF, 8, 0xFFFFFFFF, True),
        (4, 0, 8, 0xFFFFFFFF, False),
    ],
)
def test_layers_and_masks_must_accept_each_other(layer_a, mask_a, layer_b, mask_b, pairs):
    world = World()
    a = world.add(Circle(1), (0, 0, 0), type="kinematic", layer=layer_a, mask=mask_a)
    b = world.add(Circle(1), (1, 0, 0), type="kinematic", layer=layer_b, mask=mask_b)
    assert world.pairs().tolist() == ([[a, b]] if pairs else [])


def test_walls_never_pair_with_walls_but_sensors_pair_with_everything():
    world = World()
    w1 = world.add(Polygon.box(5, 1), (0, 0, 0), type="static")
    world.add(Polygon.box(5, 1), (1, 0, 0), type="static")
    pickup = world.add(Circle(1), (0, 1.5, 0), type="kinematic", sensor=True)
    assert world.pairs().tolist() == [[w1, pickup], [w1 + 1, pickup]]


def test_contacts_give_the_pairs_with_normals_from_first_to_second():
    world = World()
    a = world.add(Polygon.box(1, 1), (0, 0, 0), type="kinematic")
    b = world.add(Polygon.box(1, 1), (1.5, 0, 0), type="kinematic")
    c = world.contacts()
    assert c.pairs.tolist() == [[a, b]]
    assert c.normal[0] == pytest.approx((1.0, 0.0))
    assert c.depth[0] == pytest.approx(0.5)


def test_removed_bodies_leave_and_ids_stay_stable():
    world = World()
    ids = [world.add(Circle(1), (2 * k, 0, 0), type="kinematic") for k in range(5)]  # a touching chain
    world.remove(ids[1])
    assert world.pairs().tolist() == [[ids[2], ids[3]], [ids[3], ids[4]]]
    assert world.transform(ids[4]).x == 8.0
    with pytest.raises(KeyError, match=f"no body with id {ids[1]}"):
        world.transform(ids[1])


def test_bulk_transform_update_moves_bodies_and_refuses_bad_rows_whole():
    world = World()
    ids = np.array([world.add(Circle(1), (10 * k, 0, 0), type="kinematic") for k in range(4)])
    world.set_transforms(ids, np.zeros(4), np.zeros(4), np.zeros(4))
    assert len(world.pairs()) == 6
    with pytest.raises(ValueError, match=f"transform of body {ids[2]} is not finite"):
        world.set_transforms(ids, np.array([5.0, 6.0, math.nan, 7.0]), np.zeros(4), np.zeros(4))
    assert world.transform(ids[0]).x == 0.0  # unchanged
    with pytest.raises(KeyError, match="no body with id 99"):
        world.set_transforms(np.array([99]), [0.0], [0.0], [0.0])
    with pytest.raises(ValueError, match="transform x is nan: it must be finite"):
        world.set_transform(int(ids[0]), (math.nan, 0, 0))


# Where the moving bodies sit decides how pairs() finds their candidates: one
# walk over the walls' cells (all inside the walls' grid), that walk plus a
# short list (a few outside it, across its edge or too large for its cells),
# or a hashed grid (many outside, or no walls at all).
@pytest.mark.parametrize(
    "walls, outside, huge",
    [(40, 0, 0), (40, MAX_LISTED - 2, 2), (40, 3 * MAX_LISTED, 0), (0, 20, 2)],
    ids=["inside", "a few out", "many out", "no walls"],
)
def test_pairs_equal_brute_force_wherever_the_moving_bodies_sit_against_the_walls(walls, outside, huge):
    rng = np.random.default_rng(walls + outside + huge)
    world = World()
    bodies = []

    def add(shape, xf, static):
        body = world.add(shape, xf, type="static" if static else "kinematic")
        bodies.append((body, shape, 1, 0xFFFFFFFF, static))

    for _ in range(walls):
        add(Polygon.box(20.0, 2.0), (*rng.uniform(-100, 100, 2), rng.uniform(-3, 3)), True)
    if walls:  # a room about the bodies below (within 100, the walls' grid holds them), up to x 110
        for x, y, w, h in ((0.0, -110.0, 110.0, 1.0), (0.0, 110.0, 110.0, 1.0), (-110.0, 0.0, 1.0, 109.0),
                           (109.0, 0.0, 1.0, 109.0)):  # fmt: skip
            add(Polygon.box(w, h), (x, y, 0.0), True)
    for _ in range(200):
        add(random_shape(rng, 4.0), (*rng.uniform(-100, 100, 2), rng.uniform(-3, 3)), False)
    for _ in range(outside):  # beyond the walls' grid, some across its edge
        add(
            random_shape(rng, 4.0), (rng.uniform(110, 160), rng.uniform(-100, 100), rng.uniform(-3, 3)), False
        )
    for _ in range(huge):  # wider than MAX_SPAN cells, over walls and bodies alike
        add(Polygon.box(90.0, 6.0), (*rng.uniform(-50, 50, 2), rng.uniform(-3, 3)), False)
    if walls:  # the layout takes the path it is named for
        view = frame_view(world)
        ok, _ = candidates_over_walls(view.bodies, view.moving, view.walls, np.int64(0))
        assert ok == (outside + huge <= MAX_LISTED)
    found = world.pairs().tolist()
    assert found == brute_force_pairs(world, bodies)
    assert len(found) > 50  # busy enough to test something


def crowd(world: World, rng, count: int, spread: float, bodies: list) -> None:
    for _ in range(count):
        shape = random_shape(rng, 2.0)
        xf = (float(rng.uniform(0, spread)), float(rng.uniform(0, spread)), float(rng.uniform(-3, 3)))
        bodies.append((world.add(shape, xf, type="kinematic"), shape, 1, 0xFFFFFFFF, False))


@pytest.mark.parametrize("far", [False, True], ids=["crowd", "crowd-and-a-far-body"])
def test_a_crowd_with_no_walls_finds_the_pairs_brute_force_finds_with_its_own_grid_or_hashed(far):
    # No walls: a crowd gets a dense grid over its own box; one body far away
    # makes that box too big for a dense grid, and the crowd is hashed instead.
    rng = np.random.default_rng(7)
    world, bodies = World(), []
    crowd(world, rng, 300, 60.0, bodies)
    if far:
        shape = Circle(1.0)
        bodies.append((world.add(shape, (5e6, -5e6, 0.0), type="kinematic"), shape, 1, 0xFFFFFFFF, False))
        bodies.append(
            (world.add(shape, (5e6 + 1.5, -5e6, 0.0), type="kinematic"), shape, 1, 0xFFFFFFFF, False)
        )
    found = world.pairs().tolist()
    assert found == brute_force_pairs(world, bodies)
    assert len(found) > 50
    assert ([bodies[-2][0], bodies[-1][0]] in found) == far


@pytest.mark.parametrize("layout", ["over-walls", "hashed", "crowd"])
def test_the_room_a_walk_is_given_first_changes_nothing_it_finds(layout):
    # ``room`` is a guess of how many pairs (a step passes last step's count): too few rows and the
    # walk runs again with room for all, more and they stay unused. The same rows either way.
    rng = np.random.default_rng(3)
    world, bodies = World(), []
    crowd(world, rng, 400, 40.0, bodies)  # some four pairs a body: past the walks' own guess
    if layout != "crowd":  # walls about the crowd: their grid holds it
        for x, y, w, h in ((20.0, -4.0, 25.0, 1.0), (20.0, 44.0, 25.0, 1.0), (-4.0, 20.0, 1.0, 25.0),
                           (44.0, 20.0, 1.0, 25.0)):  # fmt: skip
            world.add(Polygon.box(w, h), (x, y, 0.0), type="static")
    if layout == "hashed":  # a wall far off: the walls' grid too big to lay the crowd over
        world.add(Polygon.box(1.0, 1.0), (9e5, 9e5, 0.0), type="static")
    view = frame_view(world)
    if layout == "over-walls":
        assert candidates_over_walls(view.bodies, view.moving, view.walls, np.int64(0))[0]
    if layout == "hashed":  # (``candidates_with_walls``' choice)
        assert view.walls.nx * view.walls.ny > 8 * len(view.moving) + 4096
    alone = frame_candidates(*view)
    assert len(alone) > 3 * len(view.moving)
    for room in (1, len(alone) - 1, len(alone), len(alone) + 1, 10 * len(alone)):
        again = frame_candidates(*view, room)
        assert again.tolist() == alone.tolist()


def test_pairs_come_sorted_by_id_when_the_ids_in_use_are_far_apart():
    # Ids are never reused: after many removals the ids in use are sparse, and
    # the pairs are still turned and sorted by (smaller id, larger id).
    rng = np.random.default_rng(3)
    world, bodies = World(), []
    crowd(world, rng, 60, 30.0, bodies)
    spent = [world.add(Circle(1.0), (0.0, 0.0, 0.0), type="kinematic") for _ in range(9000)]
    for body in spent:
        world.remove(body)
    crowd(world, rng, 60, 30.0, bodies)
    found = world.pairs().tolist()
    assert found == brute_force_pairs(world, bodies)
    assert any(a < 100 < 9000 < b for a, b in found)  # old and new ids pair up
