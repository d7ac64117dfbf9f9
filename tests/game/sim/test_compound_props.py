"""Props of several convex parts (``assets/props.tsj``'s crate_l and barrel_rack): one body each,
pushed, shot and broken as the parts drawn, never as their hull."""

import math

import pytest

from engine import World
from engine.collision import Polygon, mass_properties
from game.level import PropSpot
from game.sim import Inputs
from game.sim.blast import blast_reach
from game.sim.rules import PLAYER, WALL
from game.tiled import level_path, load_level
from tests.game.sim.test_props import run, sim_with  # (the props alone, no waves)


@pytest.fixture(scope="module")
def yard():
    return load_level(level_path("yard"))


def test_a_compound_prop_is_one_body_of_a_shape_a_part_whose_mass_sums_its_parts(yard):
    s = yard.player_start
    sim = sim_with(
        yard,
        PropSpot(1, "l", "crate_l", s.x + 150, s.y, 0.0),
        PropSpot(2, "r", "barrel_rack", s.x + 150, s.y + 150, 0.0),
        PropSpot(3, "t", "barricade_t", s.x - 150, s.y, 0.0),
        PropSpot(4, "u", "sandbags_u", s.x - 150, s.y + 150, 0.0),
    )
    for row, parts in ((0, 2), (1, 3), (2, 2), (3, 3)):
        body = int(sim.props.body[row])
        kind = sim.prop_kinds[int(sim.props.kind[row])]
        assert len(sim.world.shapes(body)) == len(kind.parts) == parts
        total = sum(mass_properties(part, kind.density).mass for part in kind.parts)
        assert sim.props.mass[row] == pytest.approx(total) == sim.world.mass(body).mass
        assert all(sim.world.body_of(int(shape)) == body for shape in sim.world.shapes(body))


def test_a_shot_through_the_notch_of_the_l_hits_its_arm_not_its_hull(yard):
    # Turned half a turn the L's foot is top-left and its arm right: a bullet 15 px below the
    # L's origin passes under the foot, through the notch, and hits the arm at origin + 1 px.
    s = yard.player_start
    x, y = s.x + 150, s.y + 15
    sim = sim_with(yard, PropSpot(1, "l", "crate_l", x, y, math.pi))
    events = run(sim, Inputs(0.0, 0.0, x, s.y, True), 1) + run(sim, Inputs(), 30)
    hits = [e for e in events if e.kind == "prop_hit"]
    assert len(hits) == 1 and hits[0].x == pytest.approx(x + 1.0, abs=2.0)
    assert sim.props.health[0] < sim.prop_kinds[int(sim.props.kind[0])].health  # the L itself is hurt


def test_a_shot_at_the_foot_of_the_l_hits_the_foot_and_turns_the_l(yard):
    # The same L 15 px lower: the bullet meets the foot's end, 31 px before the origin, below the L's
    # centre of mass (its arm is the heavier part): the L turns clockwise as it goes.
    s = yard.player_start
    x, y = s.x + 150, s.y - 15
    sim = sim_with(yard, PropSpot(1, "l", "crate_l", x, y, math.pi))
    body = int(sim.props.body[0])
    before = sim.world.world_center(body)
    events = run(sim, Inputs(0.0, 0.0, x, s.y, True), 1) + run(sim, Inputs(), 40)
    hits = [e for e in events if e.kind == "prop_hit"]
    assert len(hits) == 1 and hits[0].x == pytest.approx(x - 31.0, abs=2.0)
    # Pushed along the bullet, a little: the floor's friction stops a shot's knock within a px.
    assert sim.world.world_center(body)[0] > before[0] + 0.02
    turned = (sim.props.angle[0] - math.pi + math.pi) % (2 * math.pi) - math.pi
    assert turned < -0.01


def test_the_player_pushes_the_l_by_its_foot_as_one_body_never_standing_in_a_part(yard):
    s = yard.player_start
    x, y = s.x + 90, s.y - 15
    sim = sim_with(yard, PropSpot(1, "l", "crate_l", x, y, math.pi))
    body = int(sim.props.body[0])
    shapes = sim.world.shapes(body).tolist()
    for _ in range(60):
        sim.step(Inputs(1.0, 0.0, sim.player.x + 100, sim.player.y))
        at = sim.world.transform(body)
        for shape in shapes:  # each part where the L's frame says: their relative pose is kept
            assert tuple(sim.world.shape_transform(shape)) == pytest.approx(tuple(at))
            part = sim.world.shape(shape)
            assert not len(sim.world.query_shape(part, tuple(at), PLAYER))
    assert sim.props.x[0] > x + 60 and sim.player.x > s.x + 60  # (heavier than a crate: slower)
    run(sim, Inputs(), 300)  # left alone, it comes to rest and sleeps as one
    assert not sim.world.is_awake(body)


def test_the_l_breaks_into_debris_out_of_both_parts_and_none_in_a_wall(yard):
    s = yard.player_start
    x, y = s.x + 150, s.y
    sim = sim_with(yard, PropSpot(1, "l", "crate_l", x, y, 0.0))
    kind = sim.prop_kinds[int(sim.props.kind[0])]
    kinds = [e.kind for e in run(sim, Inputs(0.0, 0.0, x, y, True), 60)]
    assert kinds.count("prop_broke") == 1 and kinds.count("prop_hit") == 3  # 100 health, 34 a shot
    assert sim.props.debris.all() and len(sim.props) == kind.debris
    run(sim, Inputs(), 10)
    for body in sim.props.body.tolist():
        assert not len(
            sim.world.query_shape(sim.world.shape(int(body)), sim.world.transform(int(body)), WALL)
        )


def test_a_blast_by_the_rack_throws_it_whole(yard):
    s = yard.player_start
    x, y = s.x + 200, s.y
    sim = sim_with(
        yard,
        PropSpot(1, "rack", "barrel_rack", x, y, 0.0),
        PropSpot(2, "bang", "explosive_barrel", x, y + 60, 0.0),
    )
    body = int(sim.props.body[0])
    events = run(sim, Inputs(0.0, 0.0, x, y + 60, True), 60)
    assert [e.kind for e in events].count("explosion") == 1
    assert sim.props.body[0] == body and sim.props.y[0] < y - 5  # thrown away from the blast, whole
    assert len(sim.world.shapes(body)) == 3


def test_a_blast_pushes_a_compound_from_its_centre_of_mass_not_its_origin():
    """Regression: ``blast_reach`` took the way from the blast to a body's origin, which for an L
    lies in its notch: a blast there pushed the L along +x whatever side its mass was on."""
    world = World(gravity=(0.0, 0.0))
    body = world.add(Polygon.box(0.5, 0.5), (0.0, 0.0, 0.0), type="dynamic", density=1.0)
    world.add_shape(body, Polygon.box(0.5, 2.0), local=(0.0, 2.5, 0.0), density=1.0)  # mass mostly above
    reach = blast_reach(world, 0.0, 0.0, 10.0, 0xFFFF, 0)
    assert reach.bodies.tolist() == [body]
    _, cy = world.world_center(body)
    assert reach.direction[0] == pytest.approx((0.0, 1.0)) and cy > 1.5
    assert reach.share[0] == pytest.approx(1.0 - cy / 10.0)
