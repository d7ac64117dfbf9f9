"""Rays, shape casts and bullets: the first hit, right where exact geometry puts it."""

from __future__ import annotations

import math

import numpy as np
import pymunk
import pytest
import shapely
from shapely.geometry import LineString
from shapely.geometry import Polygon as ShapelyPolygon

from engine import World
from engine.collision import Circle, Polygon, intersects
from engine.world.grid import lay_over
from engine.world.hashgrid import MAX_LISTED, MAX_SPAN
from engine.world.world import frame_view, slot_of


def world_points(poly: Polygon, xf):
    x, y, a = xf
    c, s = math.cos(a), math.sin(a)
    return [(c * px - s * py + x, s * px + c * py + y) for px, py in poly.points]


def random_polygon_scene(seed: int):
    rng = np.random.default_rng(seed)
    world, space, outlines = World(), pymunk.Space(), {}
    for _ in range(25):
        hw, hh = rng.uniform(0.5, 4, 2)
        poly = Polygon.box(float(hw), float(hh))
        xf = (float(rng.uniform(-40, 40)), float(rng.uniform(-40, 40)), float(rng.uniform(-3, 3)))
        body = world.add(poly, xf, type="static")
        pts = world_points(poly, xf)
        outlines[body] = ShapelyPolygon(pts)
        space.add(pymunk.Poly(space.static_body, pts))
    return world, space, outlines


@pytest.mark.parametrize("seed", range(4))
def test_raycasts_agree_with_shapely_and_pymunk_on_random_scenes(seed):
    world, space, outlines = random_polygon_scene(seed)
    rng = np.random.default_rng(100 + seed)
    checked = 0
    for _ in range(150):
        origin = rng.uniform(-50, 50, 2)
        angle = rng.uniform(0, math.tau)
        direction = (math.cos(angle), math.sin(angle))
        end = origin + 120 * np.array(direction)
        if any(o.covers(shapely.Point(origin)) for o in outlines.values()):
            # pymunk's point and normal mean nothing for a ray that starts inside.
            hit = world.raycast(origin, direction, 120)
            assert hit is not None and hit.distance == 0.0
            continue
        exact = min(
            (o.exterior.intersection(LineString([origin, end])) for o in outlines.values()),
            key=lambda g: g.distance(shapely.Point(origin)) if not g.is_empty else math.inf,
        )
        hit = world.raycast(origin, direction, 120)
        theirs = space.segment_query_first(tuple(origin), tuple(end), 0, pymunk.ShapeFilter())
        if exact.is_empty:
            assert hit is None and theirs is None
            continue
        checked += 1
        distance = exact.distance(shapely.Point(origin))
        assert hit is not None
        assert hit.distance == pytest.approx(distance, abs=1e-6)
        assert theirs.alpha * 120 == pytest.approx(distance, abs=1e-6)
        assert hit.normal == pytest.approx(tuple(theirs.normal), abs=1e-6)
        assert hit.point == pytest.approx(tuple(theirs.point), abs=1e-6)
    assert checked > 50


def test_a_ray_that_starts_inside_hits_at_distance_zero():
    world = World()
    box = world.add(Polygon.box(2, 2), (0, 0, 0), type="static")
    hit = world.raycast((0.5, 0), (1, 0), 10)
    assert hit.body == box and hit.distance == 0.0


def test_rays_go_through_sensors_and_respect_masks():
    world = World()
    world.add(Circle(1), (3, 0, 0), type="kinematic", sensor=True)
    wall = world.add(Polygon.box(1, 5), (10, 0, 0), type="static", layer=2)
    assert world.raycast((0, 0), (1, 0), 100).body == wall
    assert world.raycast((0, 0), (1, 0), 100, mask=1) is None
    assert world.raycast((0, 0), (1, 0), 5) is None


def test_a_ray_needs_a_direction():
    with pytest.raises(ValueError, match="non-zero direction"):
        World().raycast((0, 0), (0, 0), 10)


@pytest.mark.parametrize("phase", np.linspace(0.0, 1.0, 7))
@pytest.mark.parametrize("angle", np.linspace(-1.3, 1.3, 9))
def test_a_fast_bullet_always_stops_at_a_thin_wall_never_behind_it(phase, angle):
    # A 4 px bullet at 3,000 px/s and 60 Hz moves 50 px a step; the wall is 2 px thick.
    world = World()
    wall = world.add(Polygon.box(1.0, 400.0), (0.0, 0.0, 0.0), type="static")
    bullet = Circle(2.0)
    step = 3000.0 / 60.0
    dx, dy = step * math.cos(angle), step * math.sin(angle)
    x, y = -3.0 - step * (1.0 + phase) * math.cos(angle), -step * (1.0 + phase) * math.sin(angle)
    for _ in range(6):
        hit = world.shape_cast(bullet, (x, y, 0.0), (dx, dy))
        if hit is not None:
            x, y = x + hit.fraction * dx, y + hit.fraction * dy
            break
        x, y = x + dx, y + dy
    assert hit is not None and hit.body == wall
    assert x < 0.0  # stopped on the near side
    assert intersects(bullet, (x, y, 0.0), Polygon.box(1.0, 400.0), (0, 0, 0))  # touching the face
    assert hit.normal == pytest.approx((-1.0, 0.0), abs=1e-6)


def test_a_shape_cast_that_starts_inside_hits_at_fraction_zero_with_the_way_out():
    world = World()
    wall = world.add(Polygon.box(5, 1), (0, 0, 0), type="static")
    hit = world.shape_cast(Circle(0.5), (0, 0.8, 0), (10, 0))
    assert hit.body == wall and hit.fraction == 0.0
    assert hit.normal == pytest.approx((0.0, 1.0))


def test_casting_many_bodies_at_once_gives_what_casting_each_gives():
    rng = np.random.default_rng(5)
    world = World()
    for _ in range(60):
        world.add(
            Polygon.box(float(rng.uniform(1, 20)), float(rng.uniform(1, 3))),
            (*tuple(rng.uniform(-200, 200, 2)), float(rng.uniform(-3, 3))),
            type="static",
        )
    enemies = [
        world.add(Circle(6.0), (*tuple(rng.uniform(-200, 200, 2)), 0.0), type="kinematic") for _ in range(20)
    ]
    world.add(Circle(30.0), (0, 0, 0), type="kinematic", sensor=True)  # a pickup zone: bullets fly through
    bullets = np.array(
        [
            world.add(
                Circle(2.0), (*tuple(rng.uniform(-200, 200, 2)), 0.0), type="kinematic", layer=4, mask=1
            )
            for _ in range(300)
        ]
    )
    moves = rng.uniform(-60, 60, (300, 2))
    batch = world.cast_bodies(bullets, moves, mask=1)
    assert (batch.body >= 0).sum() > 20
    for k, bullet in enumerate(bullets):
        # The single cast, with the bullet itself and other bullets (layer 4) out of the mask.
        single = world.shape_cast(Circle(2.0), tuple(world.transform(int(bullet))), tuple(moves[k]), mask=1)
        if single is None:
            assert batch.body[k] == -1 and batch.fraction[k] == 1.0
        else:
            assert batch.body[k] == single.body or batch.fraction[k] == pytest.approx(
                single.fraction, abs=1e-9
            )
            assert batch.fraction[k] == pytest.approx(single.fraction, abs=1e-9)
            assert tuple(batch.normal[k]) == pytest.approx(single.normal, abs=1e-6)
    assert set(batch.body[batch.body >= 0]) <= set(enemies) | set(range(60))


def test_bullets_cast_in_a_batch_never_tunnel_through_a_thin_wall():
    world = World()
    wall = world.add(Polygon.box(1.0, 400.0), (0.0, 0.0, 0.0), type="static")
    angles = np.linspace(-1.2, 1.2, 41)
    step = 3000.0 / 60.0
    starts = [(-3.0 - step * 1.37 * math.cos(a), -step * 1.37 * math.sin(a)) for a in angles]
    bullets = np.array(
        [world.add(Circle(2.0), (x, y, 0.0), type="kinematic", layer=2, mask=1) for x, y in starts]
    )
    stopped = np.zeros(len(bullets), dtype=bool)
    for _ in range(4):
        moves = np.column_stack([step * np.cos(angles), step * np.sin(angles)]) * ~stopped[:, None]
        result = world.cast_bodies(bullets, moves, mask=1)
        xs = np.array([world.transform(int(b)).x for b in bullets]) + result.fraction * moves[:, 0]
        ys = np.array([world.transform(int(b)).y for b in bullets]) + result.fraction * moves[:, 1]
        world.set_transforms(bullets, xs, ys, np.zeros(len(bullets)))
        stopped |= result.body == wall
    assert stopped.all()
    assert all(world.transform(int(b)).x < 0.0 for b in bullets)


# Where the moving targets sit decides how a batch cast looks them up: in the
# walls' own cells (all inside the walls' grid), those cells plus a short list
# (a few outside it or across its edge), or a hashed grid (many outside, or no walls).
@pytest.mark.parametrize(
    "walls, outside",
    [(10, 0), (10, MAX_LISTED), (10, 3 * MAX_LISTED), (0, 20)],
    ids=["inside", "a few out", "many out", "no walls"],
)
@pytest.mark.parametrize("paired_first", [False, True])  # pairs() of the frame ran before, or not
def test_bullets_find_the_same_first_hits_however_the_moving_targets_are_looked_up(
    walls, outside, paired_first
):
    rng = np.random.default_rng(walls + outside)
    world = World()
    for _ in range(walls):
        world.add(
            Polygon.box(30.0, 2.0), (*rng.uniform(-100, 100, 2), rng.uniform(-3, 3)), type="static", layer=1
        )
    if walls:  # and a room about the spots below (x, y within 100), short of those outside it (x from 115)
        for x, y, w, h in ((-2.0, -108.0, 108.0, 1.0), (-2.0, 108.0, 108.0, 1.0), (-109.0, 0.0, 1.0, 107.0),
                           (105.0, 0.0, 1.0, 107.0)):  # fmt: skip
            world.add(Polygon.box(w, h), (x, y, 0.0), type="static", layer=1)
    spots = [rng.uniform(-100, 100, 2) for _ in range(100)] + [
        (rng.uniform(115, 200), rng.uniform(-50, 50))
        for _ in range(outside)  # some across the grid's edge
    ]
    for k, spot in enumerate(spots):
        shape = Circle(4.0) if k % 2 else Polygon.box(4.0, 2.0)
        world.add(shape, (*spot, rng.uniform(-3, 3)), type="kinematic", layer=2)
    bullets = np.array(
        [
            world.add(
                Circle(1.0),
                (rng.uniform(-150, 230), rng.uniform(-110, 110), 0.0),
                type="kinematic",
                layer=4,
                mask=3,
            )
            for _ in range(150)
        ]
    )
    moves = rng.uniform(-60, 60, (150, 2))
    if walls:  # the layout takes the path it is named for
        view = frame_view(world)
        grid, boxes = view.walls, view.bodies.boxes
        enemies = np.array(
            [world.bodies[k] for k in range(len(world)) if world.layer(int(world.bodies[k])) == 2]
        )
        enemies = np.array([slot_of(world, int(b)) for b in enemies])
        listed = lay_over(
            grid.x0, grid.y0, grid.nx, grid.ny, grid.cell, boxes, enemies, MAX_SPAN, len(enemies), True
        ).listed
        assert (len(listed) > 0) == (outside > 0) and (len(listed) > MAX_LISTED) == (outside > MAX_LISTED)
    if paired_first:
        world.pairs()
    batch = world.cast_bodies(bullets, moves, mask=3)
    hit = batch.body >= 0
    assert hit.sum() > 10  # the scene is busy enough to test something
    if outside:
        beyond = np.array([world.transform(int(b)).x > 110.0 for b in batch.body[hit]])
        assert beyond.any()  # and some hits are on targets outside the walls' grid
    for k, bullet in enumerate(bullets):
        single = world.shape_cast(Circle(1.0), tuple(world.transform(int(bullet))), tuple(moves[k]), mask=3)
        assert (batch.body[k] >= 0) == (single is not None)
        if single is not None:
            assert batch.fraction[k] == pytest.approx(single.fraction, abs=1e-9)
            assert batch.body[k] == single.body or batch.fraction[k] == pytest.approx(
                single.fraction, abs=1e-12
            )
