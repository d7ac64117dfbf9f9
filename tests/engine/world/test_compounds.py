"""Bodies of many shapes (issue 38): mass beside pymunk and Box2D v3 (pyb2d3), motion beside Box2D v3,
and the world's queries naming bodies and shapes.

A body's id is also its first shape's; ``add_shape`` gives it more, each a row of its own that the
step moves with the body. Mass, centre and inertia are sums over the shapes (parallel axis theorem).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pyb2d3 as b2
import pymunk
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Polygon, aabb
from engine.collision.limits import MAX_COORDINATE
from engine.world import MAX_SHAPES_PER_BODY, PhysicsWarning

DT = 1.0 / 60.0


def _l_crate(world: World, x: float = 0.0, y: float = 2.0, angle: float = 0.0) -> int:
    """An L of two boxes: a 2 x 0.5 bar and a 0.5 x 2 post on its right end."""
    body = world.add(Polygon.box(1.0, 0.25), (x, y, angle))
    world.add_shape(body, Polygon.box(0.25, 1.0), (0.75, 0.75, 0.0))
    return body


def _low(world: World, shape: int) -> float:
    """The lowest y of a shape in the world."""
    return aabb(world.shape(shape), world.shape_transform(shape))[1]


# --- mass ---------------------------------------------------------------------------------


def test_mass_of_an_l_and_a_ball_matches_box2d_and_pymunk():
    world = World()
    body = _l_crate(world)
    world.add_shape(body, Circle(0.3), (-1.0, 0.5, 0.0), density=2.0)
    ours = world.mass(body)

    b2world = b2.World(gravity=(0.0, 0.0))
    b2body = b2world.create_dynamic_body(position=(0.0, 2.0))
    b2body.create_polygon_shape(b2.shape_def(density=1.0), b2.box(1.0, 0.25))
    b2body.create_polygon_shape(b2.shape_def(density=1.0), b2.box(0.25, 1.0, (0.75, 0.75), 0.0))
    b2body.create_circle_shape(b2.shape_def(density=2.0), b2.circle((-1.0, 0.5), 0.3))
    centre = b2body.local_center_of_mass()
    assert ours.mass == pytest.approx(b2body.mass, rel=1e-6)
    assert ours.center == pytest.approx((centre.x, centre.y), abs=1e-6)
    assert ours.inertia == pytest.approx(b2body.rotational_inertia(), rel=1e-6)

    # pymunk's moments about each shape's own centre, moved to the body's by the parallel axis theorem
    parts = [
        (2.0 * 0.5, (0.0, 0.0), pymunk.moment_for_box(1.0, (2.0, 0.5))),
        (0.5 * 2.0, (0.75, 0.75), pymunk.moment_for_box(1.0, (0.5, 2.0))),
        (2.0 * math.pi * 0.09, (-1.0, 0.5), pymunk.moment_for_circle(2.0 * math.pi * 0.09, 0.0, 0.3)),
    ]
    mass = sum(m for m, _, _ in parts)
    cx = sum(m * c[0] for m, c, _ in parts) / mass
    cy = sum(m * c[1] for m, c, _ in parts) / mass
    inertia = sum(i + m * ((c[0] - cx) ** 2 + (c[1] - cy) ** 2) for m, c, i in parts)
    assert ours.mass == pytest.approx(mass, rel=1e-12)
    assert ours.center == pytest.approx((cx, cy), abs=1e-12)
    assert ours.inertia == pytest.approx(inertia, rel=1e-12)


def test_mass_follows_shapes_added_and_taken_away():
    world = World()
    body = world.add(Polygon.box(0.5, 0.5), (0.0, 0.0, 0.0))
    one = world.mass(body)
    second = world.add_shape(body, Polygon.box(0.5, 0.5), (2.0, 0.0, 0.0))
    two = world.mass(body)
    assert two.mass == pytest.approx(2 * one.mass)
    assert two.center == pytest.approx((1.0, 0.0))
    assert two.inertia == pytest.approx(2 * one.inertia + 2 * one.mass * 1.0**2)
    world.remove_shape(second)
    assert tuple(world.mass(body)) == (one.mass, one.center, one.inertia)
    assert world.shapes(body).tolist() == [body]


def test_a_body_with_its_first_shape_taken_away_keeps_its_id_and_the_rest():
    world = World()
    body = world.add(Polygon.box(0.5, 0.5), (0.0, 0.0, 0.0))
    other = world.add_shape(body, Circle(0.5), (2.0, 0.0, 0.0))
    world.remove_shape(body)
    assert world.shapes(body).tolist() == [other]
    assert world.body_of(other) == body
    assert world.mass(body).center == pytest.approx((2.0, 0.0))
    assert world.mass(body).mass == pytest.approx(math.pi * 0.25)
    # the body's first row meets nothing any more: a point query at its origin finds nothing
    assert world.query_point(0.0, 0.0).tolist() == []
    assert world.query_point(2.0, 0.0).tolist() == [body]


# --- motion -------------------------------------------------------------------------------


def _drop_l_in_box2d(angle: float, steps: int) -> tuple[float, float, float]:
    world = b2.World(gravity=(0.0, -10.0))
    ground = world.create_static_body(position=(0.0, -0.5))
    ground.create_polygon_shape(b2.shape_def(material=b2.surface_material(friction=0.6)), b2.box(20.0, 0.5))
    body = world.create_dynamic_body(position=(0.0, 2.0), rotation=angle)
    material = b2.surface_material(friction=0.6)
    body.create_polygon_shape(b2.shape_def(density=1.0, material=material), b2.box(1.0, 0.25))
    body.create_polygon_shape(
        b2.shape_def(density=1.0, material=material), b2.box(0.25, 1.0, (0.75, 0.75), 0.0)
    )
    for _ in range(steps):
        world.step(DT, 4)
    p = body.position
    return p.x, p.y, body.angle


@pytest.mark.parametrize("angle", [0.0, 0.3, -0.5, 0.8, -1.2, 1.5])
def test_an_l_dropped_on_the_ground_comes_to_rest_where_box2d_leaves_it(angle):
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    body = _l_crate(world, angle=angle)
    for _ in range(300):
        world.step(DT)
    xf = world.transform(body)
    x, y, turned = _drop_l_in_box2d(angle, 300)
    assert not world.is_awake(body)
    # it lands on the face Box2D's landed on (its bar, the post's side, the two ends), at its height;
    # where along the ground within 10 cm (it slides while it tumbles: measured 0.1 mm to 6 cm apart)
    assert math.remainder(xf.angle - turned, 2 * math.pi) == pytest.approx(0.0, abs=0.01)
    assert xf.y == pytest.approx(y, abs=0.005)
    assert xf.x == pytest.approx(x, abs=0.1)
    # and nothing of it below the ground: every shape's points rest above y = -slop
    low = min(_low(world, s) for s in world.shapes(body))
    assert low > -0.02


def test_a_spinning_compound_in_free_space_keeps_its_spin_and_its_centre_moves_straight():
    """No gravity, no contact: the centre of mass moves at constant velocity and the body turns at
    constant rate (a rigid body's free motion), however far its shapes sit from its origin."""
    world = World(gravity=(0.0, 0.0))
    body = _l_crate(world, 0.0, 0.0)
    world.add_shape(body, Capsule((0.0, -0.5), (0.0, 0.5), 0.2), (-3.0, 1.0, 0.4))
    world.set_velocity(body, (1.0, -0.5), 2.0)
    centre0 = np.array(world.world_center(body))
    for _ in range(120):
        world.step(DT)
    vx, vy, w = world.velocity(body)
    assert (vx, vy, w) == pytest.approx((1.0, -0.5, 2.0), abs=1e-9)
    assert np.array(world.world_center(body)) == pytest.approx(
        centre0 + 2.0 * np.array([1.0, -0.5]), abs=1e-9
    )
    # Box2D's rotation update (q += h w q⊥, normalised) turns by atan(h w) a sub-step: 4 sub-steps a step
    turned = 120 * 4 * math.atan(DT / 4 * 2.0)
    assert math.remainder(world.transform(body).angle - turned, 2 * math.pi) == pytest.approx(0.0, abs=1e-9)
    # every shape kept its place in the body's frame
    xf = world.transform(body)
    c, s = math.cos(xf.angle), math.sin(xf.angle)
    shape = world.shapes(body)[2]
    placed = world.shape_transform(shape)
    assert (placed.x, placed.y) == pytest.approx(
        (xf.x + c * -3.0 - s * 1.0, xf.y + s * -3.0 + c * 1.0), abs=1e-9
    )


def test_a_compound_knocks_a_box_with_the_shape_that_reaches_it():
    """Two arms on a spinning hub (its centre of mass at the hub) sweep round; one strikes a box
    resting in reach of an arm's tip and not of the hub: the box flies off, and the shape pair the
    world saw touch was that arm's and the box's."""
    world = World(gravity=(0.0, 0.0))
    hub = world.add(Circle(0.3), (0.0, 0.0, 0.0))
    arms = [world.add_shape(hub, Polygon.box(1.0, 0.1), (side * 1.3, 0.0, 0.0)) for side in (1.0, -1.0)]
    target = world.add(Polygon.box(0.25, 0.25), (0.0, 2.0, 0.0))
    world.set_velocity(hub, (0.0, 0.0), 3.0)
    met = set()
    for _ in range(40):
        world.step(DT)
        met |= {tuple(sorted(p)) for p in world.shape_pairs().tolist()}
    vx, vy, _ = world.velocity(target)
    assert math.hypot(vx, vy) > 0.5
    assert met and met <= {tuple(sorted((arm, target))) for arm in arms}
    assert world.pairs().shape == (0, 2) or world.pairs().tolist() == [[hub, target]]


# --- queries ------------------------------------------------------------------------------


def test_pairs_name_each_pair_of_bodies_once_and_shape_pairs_name_the_shapes():
    world = World()
    floor = world.add(Polygon.box(10.0, 0.5), (0.0, -0.5, 0.0), type="static")
    body = world.add(Polygon.box(0.5, 0.5), (-1.0, 0.5, 0.0))
    right = world.add_shape(body, Polygon.box(0.5, 0.5), (2.0, 0.0, 0.0))  # touches the first: never a pair
    assert world.pairs().tolist() == [[floor, body]]
    assert sorted(map(sorted, world.shape_pairs().tolist())) == [[floor, body], [floor, right]]
    found = world.contacts()
    assert sorted(map(sorted, found.pairs.tolist())) == [[floor, body], [floor, body]]
    assert sorted(map(sorted, found.shapes.tolist())) == [[floor, body], [floor, right]]
    # normal from the first of the row to the second
    for (a, _b), n in zip(found.pairs.tolist(), found.normal.tolist(), strict=True):
        assert n[1] == pytest.approx(1.0 if a == floor else -1.0)


def test_queries_and_casts_name_the_body_and_the_shape():
    world = World()
    body = world.add(Polygon.box(0.5, 0.5), (0.0, 0.0, 0.0), type="static")
    far = world.add_shape(body, Circle(0.5), (5.0, 0.0, 0.0))
    assert world.query_point(5.0, 0.0).tolist() == [body]
    assert world.query_aabb((-10.0, -1.0), (10.0, 1.0)).tolist() == [body]
    hit = world.raycast((10.0, 0.0), (-1.0, 0.0), 20.0)
    assert (hit.body, hit.shape) == (body, far)
    assert hit.distance == pytest.approx(4.5)
    hit = world.raycast((-10.0, 0.0), (1.0, 0.0), 20.0)
    assert (hit.body, hit.shape) == (body, body)
    cast = world.shape_cast(Circle(0.1), (5.0, 5.0, 0.0), (0.0, -10.0))
    assert (cast.body, cast.shape) == (body, far)


def _l_and_a_tall_wall(world: World) -> tuple[int, int]:
    """A kinematic L (``_l_crate`` at (0, 2): its bar spans y 1.75..2.25, its post x 0.5..1 and y
    1.75..3.75) and a wall x 3..4, y 3..7: the bar passes under the wall, the post meets it."""
    wall = world.add(Polygon.box(0.5, 2.0), (3.5, 5.0, 0.0), type="static")
    body = world.add(Polygon.box(1.0, 0.25), (0.0, 2.0, 0.0), type="kinematic")
    world.add_shape(body, Polygon.box(0.25, 1.0), (0.75, 0.75, 0.0))
    return body, wall


def test_an_l_moved_into_a_wall_stops_when_its_far_arm_meets_it():
    world = World()
    body, wall = _l_and_a_tall_wall(world)
    moved = world.move_and_slide(body, (5.0, 0.0))
    skin = 1e-4 * math.hypot(1.0, 0.25)  # ``slide.SKIN_REL`` of its largest shape
    assert moved.x == pytest.approx(2.0 - skin, abs=1e-6) and moved.y == 2.0
    (hit,) = moved.hits
    assert (hit.body, hit.shape) == (wall, wall) and hit.normal == pytest.approx((-1.0, 0.0))
    # Its shapes moved with it, and none touches the wall.
    assert world.transform(body)[:2] == pytest.approx((moved.x, moved.y))
    post = world.shapes(body)[1]
    assert world.shape_transform(post)[:2] == pytest.approx((moved.x + 0.75, 2.75))
    assert wall not in world.query_shape(world.shape(post), world.shape_transform(post)).tolist()


def test_an_l_slides_along_the_wall_its_arm_meets():
    world = World()
    body, _ = _l_and_a_tall_wall(world)
    moved = world.move_and_slide(body, (5.0, 1.0))
    # Meets the wall at 2/5 of the move (at (2, 2.4)), then slides up it by the rest's (3, 0.6) along it.
    assert (moved.x, moved.y) == pytest.approx((2.0, 3.0), abs=1e-3)
    assert len(moved.hits) == 1


def test_a_batch_moves_an_l_and_a_box_each_stopped_by_the_wall_not_by_each_other():
    world = World()
    body, wall = _l_and_a_tall_wall(world)
    box = world.add(Polygon.box(0.25, 0.25), (0.0, 5.0, 0.0), type="kinematic")
    ends = world.move_and_slide_bodies([body, box], [(5.0, 0.0), (0.0, -6.0)])
    assert ends[0] == pytest.approx((2.0, 2.0), abs=1e-3)
    # The box's way crosses the L's start: a body moved in the same call is no obstacle.
    assert ends[1] == pytest.approx((0.0, -1.0))
    found = world.cast_bodies([body, box], [(0.0, 0.0), (1.5, 3.0)])
    assert found.body[0] == -1  # the L never hits its own shapes
    assert (found.body[1], found.shape[1]) == (body, body)  # the box meets the L's bar: casters stay targets
    cast = world.cast_bodies([body], [(0.0, 3.0)])
    assert cast.body[0] == -1  # straight up, clear
    world.move_and_slide(body, (-2.0, 0.0))
    cast = world.cast_bodies([body], [(5.0, 0.0)])
    assert (cast.body[0], cast.shape[0]) == (wall, wall) and cast.fraction[0] == pytest.approx(0.4, abs=1e-4)


# --- the API's edges ----------------------------------------------------------------------


def test_removing_a_body_removes_all_its_shapes():
    world = World()
    body = _l_crate(world)
    foot = world.shapes(body)[1]
    other = world.add(Circle(0.5), (5.0, 0.0, 0.0))
    world.remove(body)
    assert len(world) == 1
    assert world.bodies.tolist() == [other]
    with pytest.raises(KeyError):
        world.body_of(int(foot))


def test_set_transform_carries_every_shape():
    world = World()
    body = _l_crate(world)
    foot = int(world.shapes(body)[1])
    world.set_transform(body, (10.0, 0.0, math.pi / 2))
    placed = world.shape_transform(foot)
    assert (placed.x, placed.y) == pytest.approx((10.0 - 0.75, 0.75))
    assert placed.angle == pytest.approx(math.pi / 2)
    assert world.query_point(10.0 - 0.75, 0.75).tolist() == [body]


def test_body_calls_refuse_a_shape_id_and_bad_shape_arguments_change_nothing():
    world = World()
    body = _l_crate(world)
    foot = int(world.shapes(body)[1])
    with pytest.raises(KeyError, match="a shape of body"):
        world.set_velocity(foot, (1.0, 0.0), 0.0)
    before = world.shapes(body).tolist()
    for bad in (
        dict(local=(float("nan"), 0.0, 0.0)),
        dict(local=(1e12, 0.0, 0.0)),
        dict(density=-1.0),
        dict(friction=-0.1),
        dict(restitution=2.0),
    ):
        local = bad.pop("local", (0.0, 0.0, 0.0))
        with pytest.raises(ValueError) as err:
            world.add_shape(body, Circle(0.2), local, **bad)
        assert "\n" not in str(err.value)
        assert world.shapes(body).tolist() == before
    with pytest.raises(KeyError):
        world.add_shape(999, Circle(0.2))


def test_a_body_holds_at_most_max_shapes_per_body():
    world = World()
    body = world.add(Circle(0.1), (0.0, 0.0, 0.0))
    for k in range(MAX_SHAPES_PER_BODY - 1):
        world.add_shape(body, Circle(0.1), (0.01 * k, 0.0, 0.0))
    with pytest.raises(ValueError, match="MAX_SHAPES_PER_BODY"):
        world.add_shape(body, Circle(0.1))
    assert len(world.shapes(body)) == MAX_SHAPES_PER_BODY


@settings(max_examples=40, deadline=None)
@given(
    parts=st.lists(
        st.tuples(
            st.floats(-3.0, 3.0),
            st.floats(-3.0, 3.0),
            st.floats(-math.pi, math.pi),
            st.floats(0.1, 1.0),
            st.floats(0.1, 1.0),
            st.floats(0.2, 5.0),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_mass_of_any_set_of_boxes_matches_box2d(parts):
    world = World()
    b2world = b2.World(gravity=(0.0, 0.0))
    b2body = b2world.create_dynamic_body(position=(0.0, 0.0))
    body = None
    for x, y, angle, hx, hy, density in parts:
        if body is None:
            body = world.add(Polygon.box(hx, hy), (0.0, 0.0, 0.0), density=density)
            world.set_transform(body, (0.0, 0.0, 0.0))
            # the first shape sits at the body's origin; the rest where drawn
            b2body.create_polygon_shape(b2.shape_def(density=density), b2.box(hx, hy))
        else:
            world.add_shape(body, Polygon.box(hx, hy), (x, y, angle), density=density)
            b2body.create_polygon_shape(b2.shape_def(density=density), b2.box(hx, hy, (x, y), angle))
    ours = world.mass(body)
    centre = b2body.local_center_of_mass()
    assert ours.mass == pytest.approx(b2body.mass, rel=1e-5)
    assert ours.center == pytest.approx((centre.x, centre.y), abs=1e-4)
    assert ours.inertia == pytest.approx(b2body.rotational_inertia(), rel=1e-4)


def test_a_crate_stack_of_compounds_sleeps_without_a_warning():
    """Six L crates dropped on each other come to rest and sleep, no shape through the floor."""
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    crates = [_l_crate(world, 0.3 * (k % 2), 1.0 + 2.5 * k, 0.1 * k) for k in range(6)]
    with warnings.catch_warnings():
        warnings.simplefilter("error", PhysicsWarning)
        for _ in range(600):
            world.step(DT)
    assert not any(world.is_awake(c) for c in crates)
    assert min(_low(world, s) for c in crates for s in world.shapes(c)) > -0.02


def test_the_shape_limit_counts_every_shape_and_the_body_limit_bodies(monkeypatch):
    """Regression: the body limit was checked against the rows (shapes), so MAX_BODIES lowered had
    no effect and a world of compounds ran into it early. Each limit counts its own, before work."""
    import engine.world.world as world_module

    monkeypatch.setattr(world_module, "MAX_SHAPES", 4)
    world = World()
    body = world.add(Polygon.box(1, 1), (0, 0, 0))
    world.add_shape(body, Circle(0.5), local=(1, 0, 0))
    world.add_shape(body, Circle(0.5), local=(-1, 0, 0))
    other = world.add(Circle(0.5), (5, 0, 0))
    for refused in (
        lambda: world.add(Circle(0.5), (9, 0, 0)),
        lambda: world.add_shape(other, Circle(0.5), local=(1, 0, 0)),
    ):
        with pytest.raises(ValueError, match=r"MAX_SHAPES = 4") as error:
            refused()
        assert "\n" not in str(error.value)
    assert len(world) == 2 and len(world.shapes(body)) == 3
    monkeypatch.setattr(world_module, "MAX_SHAPES", 65_536)
    monkeypatch.setattr(world_module, "MAX_BODIES", 2)
    with pytest.raises(ValueError, match=r"holds 2 bodies, the limit \(MAX_BODIES = 2\)"):
        world.add(Circle(0.5), (9, 0, 0))
    world.add_shape(other, Circle(0.5), local=(1, 0, 0))  # a shape is no body
    assert len(world.shapes(other)) == 2


# --- issue 38 §5: a compound rolling down a ramp, a hollow box turned by a kinematic spin ----------

SLOPE = math.radians(20.0)


def _wheel_on_ramp_box2d(start, steps):
    world = b2.World(gravity=(0.0, -10.0))
    ramp = world.create_static_body(position=(0.0, 0.0), rotation=-SLOPE)
    ramp.create_polygon_shape(b2.shape_def(material=b2.surface_material(friction=0.6)), b2.box(20.0, 0.5))
    wheel = world.create_dynamic_body(position=start)
    material = b2.surface_material(friction=0.6)
    wheel.create_circle_shape(b2.shape_def(density=1.0, material=material), b2.circle((0.0, 0.0), 0.5))
    wheel.create_polygon_shape(b2.shape_def(density=3.0, material=material), b2.box(0.3, 0.3))
    for _ in range(steps):
        world.step(DT, 4)
    p = wheel.position
    return np.array([p.x, p.y])


def test_a_compound_wheel_rolls_down_a_ramp_as_the_closed_form_and_box2d_say():
    """A wheel of two shapes (a disc and a denser square hub inside it) rolls without slipping:
    a = g sin θ / (1 + I / (m r²)), I the sum over the shapes about the centre. After one second its
    path down the ramp is ½ a t², within 2 %, and within 2 % of pyb2d3's."""
    world = World(gravity=(0.0, -10.0), sleep=False)
    world.add(Polygon.box(20.0, 0.5), (0.0, 0.0, -SLOPE), type="static", friction=0.6)
    normal = np.array([math.sin(SLOPE), math.cos(SLOPE)])
    down = np.array([math.cos(SLOPE), -math.sin(SLOPE)])
    start = 0.5 * normal + 0.5 * normal - 5.0 * down  # on the ramp's face, 5 m up the slope
    wheel = world.add(Circle(0.5), (*start, 0.0), density=1.0, friction=0.6)
    world.add_shape(wheel, Polygon.box(0.3, 0.3), density=3.0, friction=0.6)
    m_disc, m_hub = math.pi * 0.25, 3.0 * 0.36
    inertia = 0.5 * m_disc * 0.25 + m_hub * (0.09 + 0.09) / 3.0
    assert world.mass(wheel).inertia == pytest.approx(inertia, rel=1e-9)
    accel = 10.0 * math.sin(SLOPE) / (1.0 + inertia / ((m_disc + m_hub) * 0.25))
    for _ in range(60):
        world.step(DT)
    ours = (np.array(world.world_center(wheel)) - start) @ down
    assert ours == pytest.approx(0.5 * accel * 1.0**2, rel=0.02)
    theirs = (_wheel_on_ramp_box2d(tuple(start), 60) - start) @ down
    assert ours == pytest.approx(theirs, rel=0.02)
    _, _, w = world.velocity(wheel)
    assert -w * 0.5 == pytest.approx(accel, rel=0.03)  # rolling: the rim's speed is the centre's


def _inside(points, angle: float) -> list[bool]:
    """Whether each point lies within the hollow box's inner faces, in its frame (its origin the
    bottom wall's centre, at the world's origin)."""
    c, s = math.cos(angle), math.sin(angle)
    return [abs(c * x + s * y) < 3.8 and 0.2 < -s * x + c * y < 7.8 for x, y in points]


HOLLOW = (
    ((0.0, 0.0), (4.2, 0.2)),
    ((0.0, 8.0), (4.2, 0.2)),
    ((-4.0, 4.0), (0.2, 4.2)),
    ((4.0, 4.0), (0.2, 4.2)),
)
STARTS = [(-2.5 + 0.5 * (k % 10), 1.5 + 0.5 * (k // 10)) for k in range(100)]


def test_a_hollow_box_of_four_offset_walls_turned_by_a_kinematic_spin_keeps_100_boxes_in():
    """Box2D's tumbler with the container one kinematic body of four shapes (no joints needed),
    turning about its origin (its bottom wall's centre: a kinematic body turns about its origin,
    as in Box2D, which gives it no centre of mass): after 10 s at 1 rad/s no box has left it, in
    ours or in pyb2d3, and it turned as its spin turns it."""
    spin, steps = 1.0, 600
    world = World(gravity=(0.0, -10.0))
    (_, first), *rest = HOLLOW
    box = world.add(Polygon.box(*first), (0.0, 0.0, 0.0), type="kinematic")
    for local, half in rest:
        world.add_shape(box, Polygon.box(*half), local=(*local, 0.0))
    world.set_velocity(box, (0.0, 0.0), spin)
    small = [world.add(Polygon.box(0.125, 0.125), (x, y, 0.0)) for x, y in STARTS]
    for _ in range(steps):
        world.step(DT)
    angle = world.transform(box).angle
    turned = steps * 4 * math.atan(DT / 4 * spin)  # Box2D's rotation update, 4 sub-steps a step
    assert math.remainder(angle - turned, 2 * math.pi) == pytest.approx(0.0, abs=1e-9)
    inside = _inside(world.transforms(small)[:, :2].tolist(), angle)
    assert all(inside), inside.count(False)

    b2world = b2.World(gravity=(0.0, -10.0))
    b2box = b2world.create_kinematic_body(position=(0.0, 0.0))
    for local, half in HOLLOW:
        b2box.create_polygon_shape(b2.shape_def(), b2.box(half[0], half[1], local, 0.0))
    b2box.angular_velocity = spin
    b2small = []
    for x, y in STARTS:
        body = b2world.create_dynamic_body(position=(x, y))
        body.create_polygon_shape(b2.shape_def(density=1.0), b2.box(0.125, 0.125))
        b2small.append(body)
    for _ in range(steps):
        b2world.step(DT, 4)
    assert all(_inside([(b.position.x, b.position.y) for b in b2small], b2box.angle))


@pytest.mark.parametrize("many", [False, True])
def test_placing_a_compound_where_a_later_shape_leaves_the_range_is_refused_and_nothing_moves(many):
    """Regression: ``set_transform(s)`` checked only a body's first shape against the coordinate
    range, so a part 10 m off it could be placed past MAX_COORDINATE."""
    world = World()
    body = world.add(Circle(0.5), (0.0, 0.0, 0.0))
    part = world.add_shape(body, Circle(0.5), local=(10.0, 0.0, 0.0))
    other = world.add(Circle(0.5), (5.0, 5.0, 0.0))
    edge = MAX_COORDINATE - 2.0  # the first shape fits there; the part, 10 m to the right, does not
    with pytest.raises(ValueError, match=rf"body {body}'s shape {part}.*MAX_COORDINATE"):
        if many:
            world.set_transforms([other, body], [1.0, edge], [1.0, 0.0], [0.0, 0.0])
        else:
            world.set_transform(body, (edge, 0.0, 0.0))
    assert tuple(world.transform(body)) == (0.0, 0.0, 0.0)
    assert tuple(world.transform(other)) == (5.0, 5.0, 0.0)
    # Turned half a turn, the part lies to the left: then it fits.
    if many:
        world.set_transforms([other, body], [1.0, edge], [1.0, 0.0], [0.0, math.pi])
    else:
        world.set_transform(body, (edge, 0.0, math.pi))
    assert world.shape_transform(part).x == pytest.approx(edge - 10.0)
