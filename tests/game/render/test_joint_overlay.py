"""The F1 overlay's joints (issue 40): pins, a hinge's limits as an arc, a rope, a spring's zig-zag."""

import dataclasses
import math

import pytest

from game.level import JointSpot
from game.render.debug import JOINT_ARC_RADIUS, joint_segments
from game.sim import Simulation
from game.sim.machines import add_joints
from game.tiled import level_path, load_level


@pytest.fixture(scope="module")
def caves():
    return Simulation(load_level(level_path("caves")), 1)


def pairs(lines):
    return list(zip(lines[::2], lines[1::2]))


def test_a_door_s_hinge_is_drawn_as_an_arc_from_its_lower_limit_to_its_upper_round_its_pin(caves):
    joint, (spot, anchors) = next((j, m) for j, m in caves.joints.items() if "lower" in m[0].options)
    lines, pins = joint_segments(caves.world, {joint: (spot, anchors)})
    pin = spot.points[0]
    assert pytest.approx(pin) in pins
    ends = [p for seg in pairs(lines) for p in seg]
    at = [math.atan2(p[1] - pin[1], p[0] - pin[0]) for p in ends if math.dist(p, pin) > 1.0]
    assert all(math.dist(p, pin) == pytest.approx(JOINT_ARC_RADIUS) for p in ends if math.dist(p, pin) > 1.0)
    door_angle = caves.world.transform(anchors.b)[2]  # still closed: the joint's angle is 0
    for limit in (spot.options["lower"], spot.options["upper"]):
        want = door_angle + limit
        assert min(abs(math.remainder(a - want, 2 * math.pi)) for a in at) < 1e-6


def test_a_rope_runs_from_its_ring_to_its_prop_and_sags_when_slack(caves):
    joint, (spot, anchors) = next((j, m) for j, m in caves.joints.items() if m[0].kind == "rope")
    lines, _ = joint_segments(caves.world, {joint: (spot, anchors)})
    assert lines[0] == pytest.approx(spot.points[0])
    slack = dataclasses.replace(spot, options={**spot.options, "length": 2.0 * math.dist(*spot.points)})
    sagging, _ = joint_segments(caves.world, {joint: (slack, anchors)})
    drawn = sum(math.dist(a, b) for a, b in pairs(sagging))
    assert len(sagging) > 2 and drawn == pytest.approx(2.0 * math.dist(*spot.points), rel=0.02)


def test_a_spring_is_a_zig_zag_from_anchor_to_anchor(caves):
    level = caves.level
    crate = next(p for p in level.props if p.kind == "crate")
    spring = JointSpot(
        999, "", "spring", None, crate.object_id, ((crate.x - 80.0, crate.y), (crate.x, crate.y))
    )
    bodies = {s.object_id: int(b) for s, b in zip(level.props, caves.props.body.tolist())}
    made = add_joints(caves.world, [spring], bodies)
    lines, _ = joint_segments(caves.world, made)
    assert lines[0] == pytest.approx(spring.points[0]) and lines[-1] == pytest.approx(spring.points[1])
    assert len(lines) > 10  # coils, not a line
    caves.world.remove_joint(next(iter(made)))
