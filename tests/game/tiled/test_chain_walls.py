"""Polylines and polygons of class ``chain`` or ``cave`` become the engine's chains (issue 38):
a cave's outline keeps what is inside it in, an open chain stops things from both sides, and the
checker, the sheet and the game treat the open ground and the rock as a designer drew them."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine import World
from engine.collision import Capsule, Circle
from engine.world import MAX_CHAIN_POINTS
from game.check.report import check_path
from game.geometry.grid import rock_at
from game.render.walls import chain_polygons
from game.sim import Bot, Simulation
from game.sim.simulation import add_chain_wall
from game.tiled import level_path, load_level, read_level

from . import maps

#: A lumpy eight-sided cave in a 320 × 256 map (Tiled's pixels, y down, about the pivot (160, 128)).
CAVE = [(-120, 0), (-80, -90), (0, -110), (90, -80), (130, 0), (80, 90), (0, 105), (-90, 80)]


def cave(oid=1, points=CAVE, cls="cave", **fields):
    return maps.obj(oid, "cave", cls, x=160, y=128, polygon=[{"x": x, "y": y} for x, y in points], **fields)


def chain_line(oid=1, points=((40, 60), (160, 100), (280, 60)), cls="chain"):
    return maps.obj(oid, "ridge", cls, x=0, y=0, polyline=[{"x": x, "y": y} for x, y in points])


def only_wall(tmp_path, *walls, start=(160, 128)):
    level = load_level(maps.write(tmp_path, maps.with_walls(*walls, start=start)))
    return level, level.walls[0]


def signed_area(points) -> float:
    return 0.5 * sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1]))


def world_of(level) -> World:
    world = World(gravity=(0.0, 0.0), units_per_meter=32.0)
    for wall in level.walls:
        add_chain_wall(world, wall, 1)
    return world


def throw(world, x, y, vx, vy, steps=120):
    """A disc of radius 6 thrown from (x, y): where it is after ``steps`` ticks of 1/60 s."""
    body = world.add(Circle(6.0), (x, y, 0.0), type="dynamic", density=1.0, restitution=0.5)
    world.set_velocity(body, (vx, vy))
    for _ in range(steps):
        world.step(1 / 60)
    return world.transform(body)


def test_a_cave_polygon_is_a_clockwise_loop_of_segments_on_its_outline(tmp_path):
    _, wall = only_wall(tmp_path, cave())
    assert (wall.kind, wall.loop, wall.two_sided) == ("polygon", True, False)
    assert len(wall.chain) == len(CAVE) == len(wall.parts)
    assert signed_area(list(wall.chain)) < 0  # clockwise (y up): each segment's right faces the inside
    # The points are where Tiled draws them: (160 + x, 256 − (128 + y)) in the world (y up).
    assert sorted(wall.chain) == sorted((160.0 + x, 128.0 - y) for x, y in CAVE)
    for shape, xf in wall.parts:
        assert isinstance(shape, Capsule) and shape.radius == 0.0
        assert min(math.dist((xf.x, xf.y), p) for p in wall.chain) > 1.0  # centred on the segment


@pytest.mark.parametrize("heading", np.linspace(0.0, 2 * math.pi, 12, endpoint=False).tolist())
def test_what_is_inside_a_cave_stays_inside_however_fast_it_is_thrown(tmp_path, heading):
    level, _ = only_wall(tmp_path, cave())
    world = world_of(level)
    x, y, _ = throw(world, 160.0, 128.0, 900.0 * math.cos(heading), 900.0 * math.sin(heading))
    assert not rock_at(level, [x], [y])[0, 0], (x, y)
    assert world.raycast((160.0, 128.0), (math.cos(heading), math.sin(heading)), 400.0, 1) is not None


def test_a_cave_is_open_from_outside_as_a_chain_is_one_sided(tmp_path):
    level, _ = only_wall(tmp_path, cave())
    world = world_of(level)
    # From the map's corner toward the middle: it passes the outline and comes to the open ground.
    x, y, _ = throw(world, 12.0, 12.0, 300.0, 230.0, steps=60)
    assert not rock_at(level, [x], [y])[0, 0]
    assert world.raycast((12.0, 12.0), (0.8, 0.6), 100.0, 1) is None  # and so does a ray


@pytest.mark.parametrize("side", [-1.0, 1.0])
def test_an_open_chain_stops_what_comes_from_either_side(tmp_path, side):
    level, wall = only_wall(tmp_path, chain_line())
    assert (wall.kind, wall.loop, wall.two_sided) == ("polyline", False, True)
    world = world_of(level)
    assert len(world.bodies) == 2  # one chain each way
    # The ridge runs through (160, 256 − 100) = (160, 156); thrown at it from above and from below.
    x, y, _ = throw(world, 160.0, 156.0 + 60.0 * side, 0.0, -700.0 * side)
    assert (y - 156.0) * side > 0, (x, y)
    hit = world.raycast((160.0, 156.0 + 60.0 * side), (0.0, -side), 200.0, 1)
    assert hit is not None and hit.distance == pytest.approx(60.0, abs=1e-6)


def test_a_chain_polygon_is_solid_from_outside(tmp_path):
    level, wall = only_wall(tmp_path, cave(cls="chain"), start=(20, 20))
    assert signed_area(list(wall.chain)) > 0  # counter-clockwise: the right-hand side faces out
    x, _, _ = throw(world_of(level), 12.0, 128.0, 600.0, 0.0)
    assert x < 160.0 - 120.0 + 1.0
    assert rock_at(level, [160.0], [128.0])[0, 0] and not rock_at(level, [12.0], [128.0])[0, 0]


def test_a_closed_polyline_of_class_cave_is_a_cave(tmp_path):
    closed = [*CAVE, CAVE[0]]
    line = maps.obj(1, "cave", "cave", x=160, y=128, polyline=[{"x": x, "y": y} for x, y in closed])
    _, wall = only_wall(tmp_path, line)
    assert wall.loop and signed_area(list(wall.chain)) < 0 and len(wall.chain) == len(CAVE)


@pytest.mark.parametrize(
    ("wall", "says"),
    [
        (
            chain_line(cls="cave"),
            "a cave is the closed outline of open ground: draw it with the polygon tool",
        ),
        (cave(points=[(-50, -50), (50, 50), (50, -50), (-50, 50)]), "cave outline: polygon self-intersects"),
        (chain_line(points=((40, 60), (40, 60))), "chain needs at least 2 distinct points, got 1"),
        (
            chain_line(points=[(k % 300, 10 + k // 300) for k in range(MAX_CHAIN_POINTS + 1)]),
            f"chain has {MAX_CHAIN_POINTS + 1:,} points; the limit is {MAX_CHAIN_POINTS:,}",
        ),
    ],
    ids=["open-cave", "crossing", "one-point", "too-many"],
)
def test_a_chain_that_cannot_be_built_is_one_line_naming_the_object(tmp_path, wall, says):
    level, findings = read_level(maps.write(tmp_path, maps.with_walls(wall)))
    errors = [f for f in findings if f.severity == "error"]
    assert level is None and len(errors) == 1
    assert says in errors[0].problem and errors[0].object_id == 1
    assert "\n" not in str(errors[0])


def test_the_checker_takes_the_rock_outside_a_cave_for_rock_and_finds_a_marker_in_it(tmp_path):
    data = maps.with_walls(cave())
    data["layers"].append(
        maps.layer(3, "pickups", [maps.point(7, "ammo", 150, 150), maps.point(8, "health", 8, 8)])
    )
    found = check_path(maps.write(tmp_path, data)).findings
    lines = [str(f) for f in found if f.severity != "info"]
    # The pickup outside is reported; the rock around the cave is not an "area that cannot be reached".
    assert len(lines) == 1 and "8 (health): health pickup cannot be reached" in lines[0], lines


def test_the_shipped_caves_check_clean_and_draw_their_rock():
    checked = check_path(level_path("caves"))
    assert [str(f) for f in checked.findings if f.severity != "info"] == []
    kinds = sorted((w.kind, w.loop, w.two_sided) for w in checked.level.walls if w.chain)
    assert kinds == [("polygon", True, False), ("polygon", True, False), ("polyline", False, True)]
    for wall in checked.level.walls:
        if wall.chain:  # every polygon drawn is convex and counter-clockwise (arcade fills it so)
            for points in chain_polygons(wall):
                assert signed_area(points) > 0


def test_a_bot_plays_the_caves_and_nothing_leaves_the_cave():
    level = load_level(level_path("caves"))
    sim, bot = Simulation(level, seed=5), Bot(5)
    for _ in range(1200):
        sim.step(bot.inputs(sim))
    world = sim.world
    moving = [b for b in world.bodies.tolist() if world.body_type(b) != "static"]
    xy = np.array([world.transform(b)[:2] for b in moving])
    assert len(xy) > 10
    outside = [tuple(p) for p in xy if rock_at(level, [p[0]], [p[1]])[0, 0]]
    assert outside == []
    assert sim.kills > 0
