"""Issue 22 §1: what is solid, read from the map the way other engines' maps say it (levels/README.md).

Small maps, one convention each. Tile 4 of the test tileset (``tilemaps.blocks``) has no collision
shapes (floor art); tile 0 is a full box; tile 3 a circle.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.ops import unary_union

from engine.collision import Circle, Transform, intersects
from game.tiled import read_level
from game.tiled.conventions import not_solid_name, solid_name, solid_role
from game.tiled.start import START_RADIUS, free_spot

from . import maps
from .geometry import wall_geometry
from .tilemaps import blocks, grid, tile_layer, tile_map

W, R, T = 10, 8, 32
FLOOR, BOX, ROUND = 5, 1, 4  # gids (firstgid 1): tile 4 has no shapes, tile 0 a full box, tile 3 a circle


def bool_prop(name: str, value) -> list[dict]:
    return [{"name": name, "type": "bool" if isinstance(value, bool) else "string", "value": value}]


def load(tmp_path, layers, *, tileset_fields=None, with_start=True):
    ts = {"firstgid": 1, **blocks(tmp_path)}
    ts.update(tileset_fields or {})
    data = tile_map(layers, [ts], W, R)
    if not with_start:
        data["layers"] = [layer for layer in data["layers"] if layer["name"] != "player"]
    level, findings = read_level(maps.write(tmp_path, data))
    assert level is not None, [str(f) for f in findings if f.severity == "error"]
    return level, [(f.severity, f.problem) for f in findings]


def block(gid: int) -> list[int]:
    """A 3 × 2 block of ``gid`` at cells (2..4, 3..4)."""
    return grid(W, R, {(c, r): gid for c in range(2, 5) for r in range(3, 5)})


def area(level) -> float:
    return unary_union([wall_geometry(w) for w in level.walls]).area if level.walls else 0.0


@pytest.mark.parametrize(
    "name", ["Collision", "walls", "Solid", "Platforms", "CollisionLayer", "obstacles_top"]
)
def test_a_layer_named_for_collision_makes_its_shapeless_tiles_one_merged_box(tmp_path, name):
    level, _ = load(tmp_path, [tile_layer(1, name, block(FLOOR), W, R)])
    assert len(level.walls) == 1 and area(level) == 6 * T * T


def test_shapeless_tiles_on_a_plain_layer_are_floor(tmp_path):
    level, _ = load(tmp_path, [tile_layer(1, "ground", block(FLOOR), W, R)])
    assert level.walls == ()


@pytest.mark.parametrize("prop", ["collides", "solid", "collision", "collidable"])
def test_a_layer_property_true_makes_shapeless_tiles_solid_and_false_makes_shaped_ones_free(tmp_path, prop):
    solid = tile_layer(1, "ground", block(FLOOR), W, R)
    solid["properties"] = bool_prop(prop, True)
    level, _ = load(tmp_path, [solid])
    assert area(level) == 6 * T * T
    free = tile_layer(1, "Collision", block(BOX), W, R)
    free["properties"] = bool_prop(prop, False)
    level, _ = load(tmp_path, [free])
    assert level.walls == () and len(level.tile_layers[0].tiles) == 6


def test_a_property_from_an_old_map_stored_as_text_counts(tmp_path):
    layer = tile_layer(1, "ground", block(FLOOR), W, R)
    layer["properties"] = bool_prop("collides", "true")
    assert area(load(tmp_path, [layer])[0]) == 6 * T * T


def test_a_tile_marked_solid_is_a_box_on_any_layer_and_a_tile_marked_free_never_collides(tmp_path):
    data = blocks(tmp_path)
    data["tiles"] = [*data["tiles"], {"id": 4, "properties": bool_prop("solid", True)}]
    data["tiles"] = [
        t if t["id"] != 3 else {**t, "properties": bool_prop("collides", False)} for t in data["tiles"]
    ]
    ts = {"firstgid": 1, **data}
    layers = [tile_layer(1, "ground", grid(W, R, {(1, 1): FLOOR, (2, 1): FLOOR, (5, 5): ROUND}), W, R)]
    level, findings = read_level(maps.write(tmp_path, tile_map(layers, [ts], W, R)))
    assert level is not None, findings
    assert len(level.walls) == 1 and area(level) == 2 * T * T  # the two solid floor tiles, merged; no circle


def test_a_tileset_property_marks_all_its_tiles(tmp_path):
    level, _ = load(
        tmp_path,
        [tile_layer(1, "ground", block(FLOOR), W, R)],
        tileset_fields={"properties": bool_prop("collides", True)},
    )
    assert area(level) == 6 * T * T


def test_a_coins_layer_is_walked_through_though_its_tiles_have_shapes(tmp_path):
    level, _ = load(tmp_path, [tile_layer(1, "Coins", block(ROUND), W, R)])
    assert level.walls == () and len(level.tile_layers[0].tiles) == 6


def test_shaped_tiles_on_a_plain_layer_collide_by_their_shapes(tmp_path):
    level, _ = load(tmp_path, [tile_layer(1, "ground", block(ROUND), W, R)])
    assert len(level.walls) == 6 and math.isclose(area(level), 6 * math.pi * 12 * 12, rel_tol=2e-2)


def test_a_hidden_collision_layer_still_collides_is_not_drawn_and_says_so(tmp_path):
    level, findings = load(tmp_path, [tile_layer(1, "Collision", block(FLOOR), W, R, visible=False)])
    assert area(level) == 6 * T * T and level.tile_layers == ()
    assert (
        "info",
        "hidden layer 'Collision' still collides (its name 'Collision' says collision); it is not drawn",
    ) in findings


def test_a_hidden_layer_of_no_collision_role_is_skipped_with_a_note(tmp_path):
    level, findings = load(tmp_path, [tile_layer(1, "ground", block(BOX), W, R, visible=False)])
    assert level.walls == () and ("info", "hidden layer 'ground' ignored") in findings


def test_object_layers_of_any_name_by_property_class_and_name(tmp_path):
    triggers = maps.layer(
        3,
        "Triggers",
        [
            maps.rect(10, 0, 0, 32, 32),  # a trigger: not solid
            maps.rect(11, 64, 0, 32, 32, properties=bool_prop("collides", True)),
            maps.obj(12, "", "Collision", x=128, y=0, width=32, height=32),
        ],
    )
    hidden = maps.layer(4, "Collision", [maps.rect(13, 0, 96, 32, 32)], visible=False)
    coins = maps.layer(5, "Coins", [maps.rect(14, 0, 160, 32, 32)])
    level, findings = load(tmp_path, [triggers, hidden, coins])
    assert sorted(w.object_id for w in level.walls) == [11, 12, 13]
    assert (
        "info",
        "layer 'Triggers': 1 rectangle not solid (nothing marks them as collision: see "
        'levels/README.md, "What is solid"); not read',
    ) in findings
    assert (
        "info",
        "hidden layer 'Collision' still collides (its name 'Collision' says collision); it is not drawn",
    ) in findings


def text_prop(name: str, value: str) -> list[dict]:
    return [{"name": name, "type": "string", "value": value}]


def test_solar2d_body_types_static_and_kinematic_are_walls_dynamic_is_a_prop_in_any_layer(tmp_path):
    bodies = maps.layer(
        3,
        "game",
        [
            maps.rect(10, 0, 0, 32, 32, properties=text_prop("bodyType", "static")),
            maps.rect(11, 64, 0, 32, 32, properties=text_prop("bodyType", "Kinematic")),
            maps.rect(12, 128, 0, 32, 32, properties=text_prop("bodyType", "dynamic")),
            maps.rect(13, 192, 0, 32, 32, properties=text_prop("bodyType", "ghost")),  # not Solar2D's word
            # A boolean says first: Phaser's collides false wins over a static body.
            maps.rect(
                14,
                256,
                0,
                32,
                32,
                properties=[*bool_prop("collides", False), *text_prop("bodyType", "static")],
            ),
        ],
    )
    walls = maps.layer(
        4, "walls", [maps.rect(15, 0, 64, 32, 32, properties=text_prop("bodyType", "dynamic"))]
    )
    level, findings = load(tmp_path, [bodies, walls])
    assert sorted(w.object_id for w in level.walls) == [10, 11]
    # The dynamic ones move: props of their own box, centred where Tiled draws them (y up, 256 px map).
    assert [(p.object_id, p.kind, p.x, p.y) for p in level.props] == [
        (12, "dynamic body", 144.0, 240.0),
        (15, "dynamic body", 16.0, 176.0),
    ]
    assert not [f for f in findings if "not read" in f[1] and "dynamic" in f[1]]


def test_a_solar2d_dynamic_body_takes_its_density_friction_and_bounce_and_solar2ds_defaults(tmp_path):
    """Solar2D's ``physics.addBody`` options: density per square metre of 30 px (so / 900 per px²),
    friction, bounce (restitution); Solar2D's defaults (1, 0.3, 0.2) where the object says none."""
    dynamic = text_prop("bodyType", "dynamic")
    numbers = [
        {"name": "density", "type": "float", "value": 2.0},
        {"name": "friction", "type": "float", "value": 0.45},
        {"name": "bounce", "type": "string", "value": "0.5"},  # added as text: read as the number
    ]
    layer = maps.layer(
        3,
        "game",
        [
            maps.rect(10, 0, 0, 64, 32, properties=[*dynamic, *numbers]),
            {**maps.ellipse(11, 96, 0, 40, 40), "properties": dynamic},
            {**maps.ellipse(12, 160, 0, 40, 20), "properties": dynamic},
            {**maps.polygon(13, 200, 100, [(0, 0), (40, 0), (20, 30)]), "properties": dynamic},
        ],
    )
    level, _ = load(tmp_path, [layer])
    box, circle, oval, triangle = (p.body for p in level.props)
    assert (box.density, box.friction, box.restitution) == pytest.approx((2.0 / 900, 0.45, 0.5))
    assert (circle.density, circle.friction, circle.restitution) == pytest.approx((1.0 / 900, 0.3, 0.2))
    assert (box.width, box.height, box.health) == (64, 32, 0.0)  # it never breaks
    assert type(circle.shape).__name__ == "Circle" and circle.shape.radius == 20.0
    assert type(oval.shape).__name__ == "Ellipse" and (oval.shape.rx, oval.shape.ry) == (20.0, 10.0)
    assert sorted(triangle.shape.points) == sorted([(-20.0, 15.0), (20.0, 15.0), (0.0, -15.0)])
    assert (level.props[3].x, level.props[3].y) == (220.0, 256 - 115.0)


def test_a_solar2d_dynamic_body_takes_its_damping_and_is_sensor_and_the_props_damping_without(tmp_path):
    """Solar2D's ``linearDamping``/``angularDamping`` (1/s) are the prop's damping; without them a prop's
    default (3: the floor's friction), not Solar2D's 0. ``isSensor`` makes a sensor body in the world."""
    from game.sim import Simulation
    from game.tiled.prop_kinds import PropKind

    dynamic = text_prop("bodyType", "dynamic")
    damped = [
        {"name": "linearDamping", "type": "float", "value": 0.5},
        {"name": "angularDamping", "type": "string", "value": "7"},  # added as text: read as the number
    ]
    layer = maps.layer(
        3,
        "game",
        [
            maps.rect(10, 0, 0, 32, 32, properties=[*dynamic, *damped]),
            maps.rect(11, 64, 0, 32, 32, properties=[*dynamic, *bool_prop("isSensor", True)]),
            maps.rect(12, 128, 0, 32, 32, properties=[*dynamic, *text_prop("isSensor", "false")]),
        ],
    )
    level, findings = load(tmp_path, [layer])
    assert not [f for f in findings if "Solar2D" in f[1]]
    damped_box, sensor, plain = (p.body for p in level.props)
    assert (damped_box.linear_damping, damped_box.angular_damping) == (0.5, 7.0)
    default = PropKind("x", 0, None, Circle(1.0), 1, 1)
    assert (sensor.linear_damping, sensor.angular_damping) == (
        default.linear_damping,
        default.angular_damping,
    )
    assert (damped_box.sensor, sensor.sensor, plain.sensor) == (False, True, False)
    sim = Simulation(level, seed=1)
    bodies = [int(b) for b in sim.props.body[: len(sim.props)]]
    assert [sim.world.is_sensor(b) for b in bodies] == [False, True, False]


@pytest.mark.parametrize(
    ("obj", "problem"),
    [
        (
            maps.rect(10, 0, 0, 32, 32, properties=[{"name": "bounce", "type": "float", "value": 1.5}]),
            "Solar2D property bounce must be a number from 0 to 1, got 1.5",
        ),
        (
            maps.rect(10, 0, 0, 32, 32, properties=[{"name": "density", "type": "string", "value": "heavy"}]),
            "Solar2D property density must be a number from 0.0009 to 90000, got 'heavy'",
        ),
        (
            maps.rect(
                10, 0, 0, 32, 32, properties=[{"name": "linearDamping", "type": "float", "value": 101}]
            ),
            "Solar2D property linearDamping must be a number from 0 to 100, got 101",
        ),
        (
            maps.rect(
                10, 0, 0, 32, 32, properties=[{"name": "angularDamping", "type": "float", "value": -1}]
            ),
            "Solar2D property angularDamping must be a number from 0 to 100, got -1",
        ),
        (
            maps.rect(
                10, 0, 0, 32, 32, properties=[{"name": "isSensor", "type": "string", "value": "maybe"}]
            ),
            "Solar2D property isSensor must be true or false, got 'maybe'",
        ),
        (
            maps.polyline(10, 0, 0, [(0, 0), (40, 0)]),
            "dynamic polyline not read (a moving body is a rectangle, an ellipse, a convex polygon or a tile "
            "object)",
        ),
        (
            maps.rect(10, 0, 0, 300, 32),
            "dynamic rectangle is 300 × 32 px; a moving body is at most 256 px a side: not read",
        ),
    ],
    ids=[
        "bounce-over-1",
        "density-text",
        "damping-over-100",
        "angular-damping-below-0",
        "sensor-text",
        "polyline",
        "too-big",
    ],
)
def test_a_solar2d_dynamic_body_it_cannot_make_is_one_line_naming_the_object(tmp_path, obj, problem):
    obj = {**obj, "properties": [*text_prop("bodyType", "dynamic"), *obj.get("properties", [])]}
    data = tile_map([maps.layer(3, "game", [obj])], [{"firstgid": 1, **blocks(tmp_path)}], W, R)
    level, findings = read_level(maps.write(tmp_path, data))
    said = [f for f in findings if f.problem == problem]
    assert len(said) == 1 and said[0].object_id == 10, [str(f) for f in findings]
    assert level is None or level.props == ()


def test_a_hidden_layer_keeps_the_objects_their_own_property_marks_solid_and_says_so(tmp_path):
    bounds = maps.layer(
        3,
        "bounds",
        [
            maps.rect(10, 0, 0, 32, 256, properties=text_prop("bodyType", "static")),
            maps.rect(11, 288, 0, 32, 256, properties=bool_prop("collides", True)),
            maps.rect(12, 128, 0, 32, 32),  # unmarked: hidden with its layer
        ],
        visible=False,
    )
    level, findings = load(tmp_path, [bounds])
    assert sorted(w.object_id for w in level.walls) == [10, 11]
    assert (
        "info",
        "hidden layer 'bounds': 2 objects still collide (their own property 'bodyType' 'static'); "
        "the rest is ignored",
    ) in findings


def test_points_of_a_marker_class_in_any_layer_are_markers(tmp_path):
    things = maps.layer(
        3,
        "Objects",
        [
            maps.point(20, "player", 200, 100),
            maps.point(21, "brute", 60, 60),
            maps.point(22, "ammo", 80, 80),
            maps.point(23, "lamp", 90, 90),
        ],
    )
    level, _ = load(tmp_path, [things], with_start=False)
    assert level.start_given and (level.player_start.x, level.player_start.y) == (200, 256 - 100)
    assert [m.kind for m in level.spawns] == ["brute"] and [m.kind for m in level.pickups] == ["ammo"]


def test_without_a_player_start_the_player_starts_clear_of_walls_near_the_centre(tmp_path):
    centre_block = grid(W, R, {(c, r): BOX for c in range(3, 7) for r in range(2, 6)})
    level, findings = load(tmp_path, [tile_layer(1, "ground", centre_block, W, R)], with_start=False)
    assert not level.start_given
    start = level.player_start
    disc = Circle(START_RADIUS)
    for wall in level.walls:
        for shape, xf in wall.parts:
            assert not intersects(disc, Transform(start.x, start.y, 0.0), shape, Transform(*xf))
    assert math.hypot(start.x - 160, start.y - 128) < 64 + START_RADIUS + 24  # just off the block
    assert any(s == "info" and p.startswith("no player start: the player starts at") for s, p in findings)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(0, 600), st.floats(0, 400), st.floats(1, 200), st.floats(1, 200)), max_size=12
    )
)
def test_the_chosen_start_never_touches_a_wall(boxes):
    from engine.collision import Polygon
    from game.level import Wall

    walls = [
        Wall(k, "", "rectangle", ((Polygon.box(w / 2, h / 2), Transform(x, y, 0.0)),))
        for k, (x, y, w, h) in enumerate(boxes)
    ]
    spot = free_spot(walls, 640.0, 480.0)
    if spot is None:
        return
    x, y = spot
    assert START_RADIUS <= x <= 640 - START_RADIUS and START_RADIUS <= y <= 480 - START_RADIUS
    for wall in walls:
        ((shape, xf),) = wall.parts
        assert not intersects(Circle(START_RADIUS), Transform(x, y, 0.0), shape, xf)


def test_the_naming_rules_read_words_not_substrings():
    assert solid_name("Walls") and solid_name("collision_tiles") and solid_name("TopCollision")
    assert not solid_name("Wallpaper") and not solid_name("Decollage")
    assert not_solid_name("Coins") and not not_solid_name("CoinWalls")
    assert solid_role(({}, ""), ({"collides": False}, "collision")) == (False, "property 'collides' false")
