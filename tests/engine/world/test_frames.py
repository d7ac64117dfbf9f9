"""Frame after frame, the world's cached structures (boxes kept up to date by
``set_transforms``, the walls' dense grid, the frame's candidates) give the
same answers as brute force, across moves, removals and new walls."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine import World
from engine.collision import Circle, Polygon, intersects
from engine.world.grid import MAX_CELLS
from engine.world.world import candidate_pairs, frame_view, slot_of

from .test_pairs import brute_force_pairs, random_shape


def scene(seed: int, cell_size=None):
    rng = np.random.default_rng(seed)
    world = World(cell_size)
    bodies = {}
    for _ in range(40):  # long thin walls at every angle, and a few huge ones
        hw = float(rng.choice([3.0, 40.0, 400.0], p=[0.3, 0.6, 0.1]))
        shape = Polygon.box(hw, float(rng.uniform(0.5, 3)))
        xf = (float(rng.uniform(-150, 150)), float(rng.uniform(-150, 150)), float(rng.uniform(-3, 3)))
        bodies[world.add(shape, xf, type="static")] = (shape, 1, 0xFFFFFFFF, True)
    for k in range(120):
        shape = random_shape(rng, float(rng.choice([0.5, 3.0, 12.0])))
        layer, mask = (1, 0xFFFFFFFF) if k % 4 else (2, 1)
        xf = (float(rng.uniform(-150, 150)), float(rng.uniform(-150, 150)), float(rng.uniform(-3, 3)))
        bodies[world.add(shape, xf, type="kinematic", layer=layer, mask=mask)] = (shape, layer, mask, False)
    return world, bodies, rng


def exact(world, bodies):
    return brute_force_pairs(world, [(b, *spec) for b, spec in bodies.items()])


@pytest.mark.parametrize("seed", range(3))
def test_pairs_and_contacts_stay_exact_over_frames_of_moves_removals_and_new_walls(seed):
    world, bodies, rng = scene(seed)
    for frame in range(6):
        moving = np.array([b for b, spec in bodies.items() if not spec[3]])
        world.set_transforms(
            moving, rng.uniform(-150, 150, len(moving)), rng.uniform(-150, 150, len(moving)),
            rng.uniform(-3, 3, len(moving)),
        )  # fmt: skip
        expected = exact(world, bodies)
        assert world.pairs().tolist() == expected
        assert world.contacts().pairs.tolist() == expected
        assert world.pairs().tolist() == expected  # asked twice in a frame: the cached answer
        # Between frames: a mover and a wall leave (slots get reused), a new wall comes.
        gone = int(moving[frame * 7 % len(moving)])
        wall = next(b for b, spec in bodies.items() if spec[3])
        for body in (gone, wall):
            world.remove(body)
            del bodies[body]
        shape = Polygon.box(60.0, 1.0)
        bodies[world.add(shape, (0.0, 10.0 * frame, 0.5 * frame), type="static")] = (
            shape,
            1,
            0xFFFFFFFF,
            True,
        )
        assert world.pairs().tolist() == exact(world, bodies)


def test_a_wall_set_too_wide_for_a_dense_grid_coarsens_the_grid_and_stays_exact():
    world = World(cell_size=0.25)  # 4e6 px apart at 0.25 px cells would be far past MAX_CELLS
    bodies = {}
    for x in (-2e6, 0.0, 2e6):
        shape = Polygon.box(5.0, 1.0)
        bodies[world.add(shape, (x, x, 0.3), type="static")] = (shape, 1, 0xFFFFFFFF, True)
    for x in (-2e6, 0.0, 2e6, 1e5):
        shape = Circle(2.0)
        bodies[world.add(shape, (x + 4.0, x + 1.5, 0.0), type="kinematic")] = (shape, 1, 0xFFFFFFFF, False)
    pairs = world.pairs().tolist()
    assert pairs == exact(world, bodies) and len(pairs) == 3
    walls = frame_view(world).walls
    assert walls.nx * walls.ny <= MAX_CELLS


def test_a_body_beside_a_rotated_wall_but_inside_its_box_is_not_a_candidate():
    # The oriented-box test drops what an axis-aligned box would keep.
    world = World()
    wall = world.add(Polygon.box(100.0, 1.0), (0.0, 0.0, math.pi / 4), type="static")
    ball = world.add(
        Circle(2.0), (40.0, -40.0, 0.0), type="kinematic"
    )  # deep in the wall's box, far from the wall
    near = world.add(Circle(2.0), (30.0, 31.0, 0.0), type="kinematic")  # touching the wall's face
    assert candidate_pairs(world).tolist() == [[slot_of(world, near), slot_of(world, wall)]]
    assert world.pairs().tolist() == [[wall, near]]
    assert not intersects(Circle(2.0), (40.0, -40.0, 0.0), Polygon.box(100.0, 1.0), (0.0, 0.0, math.pi / 4))
    assert ball in world


def test_bullets_cast_as_a_batch_over_frames_match_single_casts_after_changes():
    world, bodies, rng = scene(9)
    bullets = np.array(
        [
            world.add(Circle(1.0), (*rng.uniform(-150, 150, 2), 0.0), type="kinematic", layer=4, mask=1)
            for _ in range(80)
        ]
    )
    for _ in range(3):
        world.set_transforms(bullets, rng.uniform(-150, 150, 80), rng.uniform(-150, 150, 80), np.zeros(80))
        moves = rng.uniform(-50, 50, (80, 2))
        batch = world.cast_bodies(bullets, moves, mask=1)
        for k, bullet in enumerate(bullets):
            single = world.shape_cast(
                Circle(1.0), tuple(world.transform(int(bullet))), tuple(moves[k]), mask=1
            )
            assert (batch.body[k] >= 0) == (single is not None)
            if single is not None:
                assert batch.fraction[k] == pytest.approx(single.fraction, abs=1e-9)
        mover = next(b for b, spec in bodies.items() if not spec[3])
        world.remove(mover)  # the last slot moves into its place
        del bodies[mover]


def test_the_cell_size_is_the_given_one_or_the_chosen_one_once_a_grid_was_needed():
    assert World(cell_size=16.0).cell_size == 16.0
    world = World()
    world.add(Polygon.box(50.0, 2.0), (0.0, 0.0, 0.0), type="static")
    for k in range(20):
        world.add(Circle(3.0), (10.0 * k, 5.0, 0.0), type="kinematic")
    assert world.cell_size is None
    world.pairs()
    assert world.cell_size is not None and 0.0 < world.cell_size < 1000.0
