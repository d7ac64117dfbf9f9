"""Joints authored in Tiled (issue 40): objects of a joint class in ``props`` or ``joints`` naming
the props they join, read into ``Level.joints`` and made in the game's world: a door on a hinge
that its spring closes and a hard shove tears off, a crate on a rope; each bad joint one line."""

from __future__ import annotations

import math

import pytest

from game.level import PropSpot
from game.sim import Inputs
from game.tiled import load_level, read_level
from tests.game.sim.test_props import run, sim_with

from . import maps

DOOR_AT = (150, 100)  # Tiled px, y down: the door's centre; its hinge 36 px left of it


def prop(oid, kind, x, y):
    return maps.obj(oid, "", kind, x=x, y=y, point=True)


def joint(oid, kind, x, y, a=None, b=None, layer_old=False, polyline=None, **options):
    properties = []
    for name, ref in (("body_a", a), ("body_b", b)):
        if ref is not None:
            properties.append({"name": name, "type": "int" if layer_old else "object", "value": ref})
    properties += [
        {"name": k, "type": "bool" if isinstance(v, bool) else "float", "value": v}
        for k, v in options.items()
    ]
    fields = {"polyline": [{"x": px, "y": py} for px, py in polyline]} if polyline else {"point": True}
    return maps.obj(oid, "", kind, x=x, y=y, properties=properties, **fields)


def level_with(tmp_path, *objects, layer="props"):
    data = maps.with_walls(maps.rect(1, 0, 0, 320, 8), start=(40, 200))
    props = [o for o in objects if o["type"] in ("door", "crate", "heavy_crate")]
    joints = [o for o in objects if o not in props]
    layers = [maps.layer(3, "props", props + (joints if layer == "props" else []))]
    if layer != "props":
        layers.append(maps.layer(4, layer, joints))
    data["layers"] += layers
    return maps.write(tmp_path, data)


def test_a_hinge_on_the_world_and_a_rope_are_read_with_the_props_they_name(tmp_path):
    path = level_with(
        tmp_path,
        prop(10, "door", *DOOR_AT),
        prop(11, "crate", 250, 180),
        joint(20, "hinge", DOOR_AT[0] - 36, DOOR_AT[1], b=10, lower=-30.0, upper=90.0, spring_hertz=2.0),
        joint(21, "rope", 200, 180, b=11, polyline=[(0, 0), (34, 0)], length=60.0),
    )
    level = load_level(path)
    hinge, rope = level.joints
    assert (hinge.kind, hinge.a, hinge.b) == ("hinge", None, 10)
    assert hinge.points == ((114.0, 256.0 - 100.0),)
    # Tiled's clockwise degrees become the engine's counter-clockwise radians: [-90°, 30°].
    assert (hinge.options["lower"], hinge.options["upper"]) == pytest.approx(
        (math.radians(-90), math.radians(30))
    )
    assert (rope.kind, rope.b, rope.points, rope.options) == (
        "rope",
        11,
        ((200.0, 76.0), (234.0, 76.0)),
        {"length": 60.0},
    )


def test_joints_may_stand_in_a_joints_layer_and_name_props_by_an_int_id_as_older_maps_do(tmp_path):
    path = level_with(
        tmp_path,
        prop(10, "door", *DOOR_AT),
        joint(20, "weld", 114, 100, b=10, layer_old=True),
        layer="joints",
    )
    (weld,) = load_level(path).joints
    assert (weld.kind, weld.a, weld.b) == ("weld", None, 10)


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        (joint(20, "hinge", 114, 100, b=99), "'body_b' names object 99, which is no prop in this map"),
        (joint(20, "hinge", 114, 100, b=1), "'body_b' names object 1, a wall: a joint joins props"),
        (joint(20, "hinge", 114, 100), "a joint joins two objects or an object and the world"),
        (joint(20, "hinge", 114, 100, a=10, b=10), "'body_a' and 'body_b' both name object 10"),
        (
            joint(20, "hinge", 114, 100, b=10, lower=40.0, upper=10.0),
            "lower limit (40 degrees) is above its upper",
        ),
        (
            joint(20, "hinge", 114, 100, b=10, lower=400.0),
            "'lower' must be within -180..180 degrees, got 400",
        ),
        (joint(20, "hinge", 114, 100, b=10, swing=1.0), "unknown property 'swing' on a hinge joint"),
        (joint(20, "rope", 114, 100, b=10), "a rope joint is a polyline of two points"),
        (joint(20, "hinge", 114, 100, b=10, polyline=[(0, 0), (9, 0)]), "a hinge joint is a point"),
        (joint(20, "spring", 114, 100, b=10, polyline=[(0, 0), (0, 0)]), "two points are the same point"),
    ],
    ids=[
        "missing",
        "wall",
        "nothing",
        "same",
        "limits",
        "range",
        "unknown",
        "rope-point",
        "hinge-line",
        "zero",
    ],
)
def test_a_bad_joint_is_one_error_line_naming_the_map_and_the_joint(tmp_path, bad, says):
    level, findings = read_level(level_with(tmp_path, prop(10, "door", *DOOR_AT), bad))
    errors = [f for f in findings if f.severity == "error"]
    assert level is None and len(errors) == 1, [str(f) for f in findings]
    assert errors[0].object_id == 20 and says in errors[0].problem, str(errors[0])
    assert "\n" not in str(errors[0])


def door_sim(tmp_path, **options):
    path = level_with(tmp_path, prop(10, "door", *DOOR_AT), joint(20, "hinge", 114, 100, b=10, **options))
    level = load_level(path)
    sim = sim_with(level, *level.props)
    sim_joints = dict(sim.joints)
    body = int(sim.props.body[0])
    return sim, sim_joints, body


def test_a_door_swings_about_its_hinge_and_its_spring_closes_it(tmp_path):
    sim, joints, door = door_sim(tmp_path, lower=-100.0, upper=100.0, spring_hertz=2.0, spring_damping=0.5)
    (hinge,) = joints
    world = sim.world
    x, y, _ = world.transform(door)
    world.apply_impulse(door, (0.0, 300.0 * world.mass(door).mass), (x + 36.0, y))  # a shove at its free end
    swung = 0.0
    for _ in range(40):
        run(sim, Inputs(), 1)
        swung = max(swung, world.joint_angle(hinge))
    assert swung > 0.5  # counter-clockwise, the way it was shoved
    hx, hy = 114.0, 156.0  # the hinge holds: the door's hinge end stays on it
    x, y, angle = world.transform(door)
    assert math.hypot(x - 36.0 * math.cos(angle) - hx, y - 36.0 * math.sin(angle) - hy) < 0.5
    run(sim, Inputs(), 240)
    assert abs(world.joint_angle(hinge)) < 0.1 * swung  # the spring closed it


def test_a_hard_shove_tears_a_door_off_its_hinge_and_it_flies_on_loose(tmp_path):
    sim, _, door = door_sim(tmp_path, break_force=1000.0)
    sim.world.apply_impulse(door, (0.0, 400.0 * sim.world.mass(door).mass))  # 400 px/s square on
    events = run(sim, Inputs(), 10)
    broke = [e for e in events if e.kind == "joint_broke"]
    assert len(broke) == 1 and (broke[0].x, broke[0].y) == (114.0, 156.0)
    assert sim.joints == {} and sim.world.joints(door).tolist() == []  # (a door has no floor friction)
    assert sim.world.transform(door).y > 156.0 + 20.0  # loose, it went on


def test_a_crate_on_a_rope_goes_no_farther_than_the_rope_and_is_free_inside_it(tmp_path):
    path = level_with(
        tmp_path,
        prop(11, "crate", 250, 180),
        joint(21, "rope", 200, 180, b=11, polyline=[(0, 0), (34, 0)], length=60.0),
    )
    level = load_level(path)
    sim = sim_with(level, *level.props)
    crate = int(sim.props.body[0])
    world = sim.world
    world.set_velocity(crate, (300.0, 0.0))
    far = 0.0
    for _ in range(60):
        run(sim, Inputs(), 1)
        x, y, angle = world.transform(crate)
        end = (x - 16.0 * math.cos(angle), y - 16.0 * math.sin(angle))  # where the rope holds it
        far = max(far, math.dist(end, (200.0, 76.0)))
    assert 50.0 < far < 60.0 + 1.0


def test_the_caves_hang_a_door_on_the_ridge_a_ball_on_a_chain_and_a_crate_on_a_rope():
    from game.tiled import level_path

    level = load_level(level_path("caves"))
    kinds = sorted(j.kind for j in level.joints)
    assert kinds == ["hinge"] * 8 + ["rope"]  # the door's, the chain's seven (a pin and six links)
    props = {p.object_id: p for p in level.props}
    hinge = next(j for j in level.joints if j.kind == "hinge" and props[j.b].kind == "door")
    assert hinge.a is None and props[hinge.b].kind == "door"
    assert isinstance(props[hinge.b], PropSpot)


def test_the_checker_warns_of_an_anchor_off_its_prop_and_of_two_joints_fighting_over_a_pair(tmp_path):
    from game.check.report import check_path

    path = level_with(
        tmp_path,
        prop(10, "door", *DOOR_AT),
        prop(11, "crate", 250, 180),
        joint(20, "hinge", 40, 40, b=10),  # far from the door
        joint(21, "hinge", 114, 100, b=10),
        joint(22, "rope", 200, 180, b=11, polyline=[(0, 0), (34, 0)]),  # its end on the crate's edge: fine
    )
    lines = [str(f) for f in check_path(path).findings if f.severity == "warning"]
    assert len(lines) == 2, lines
    assert "map.tmj:20 (): hinge joint: its anchor lies outside prop 10 (door)" in lines[0]
    assert "map.tmj:21 (): hinge joint: it holds the same pair as hinge joint 20: the two fight" in lines[1]
