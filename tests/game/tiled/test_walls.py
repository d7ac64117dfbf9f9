"""Every Tiled object kind becomes the right engine shapes, in the right place."""

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from shapely.affinity import rotate as srotate
from shapely.affinity import scale as sscale
from shapely.affinity import translate as stranslate
from shapely.geometry import LineString, Point, box
from shapely.geometry import Polygon as ShapelyPolygon

from engine.collision import Capsule, Circle, Ellipse, Polygon
from game.tiled import load_level, read_level

from . import maps
from .geometry import wall_geometry, world_points

S2 = math.sqrt(2) / 2
S3 = math.sqrt(3) / 2


def load_walls(tmp_path, *walls, map_data=None):
    level = load_level(maps.write(tmp_path, map_data or maps.with_walls(*walls)))
    return {w.object_id: w for w in level.walls}


def test_a_rotated_rectangle_is_one_box_centred_on_its_rotated_middle(tmp_path):
    wall = load_walls(tmp_path, maps.rect(1, 64, 64, 64, 32, rotation=30, name="box"))[1]
    ((shape, xf),) = wall.parts
    assert (wall.kind, wall.name) == ("rectangle", "box")
    assert shape == Polygon.box(32, 16)
    # centre = pivot (64, 256 − 64) + R(−30°)·(32, −16)
    assert xf.x == pytest.approx(64 + 32 * S3 - 8)
    assert xf.y == pytest.approx(192 - 16 - 16 * S3)
    assert xf.angle == pytest.approx(-math.pi / 6)
    corners = world_points(shape, xf)
    assert min(math.dist(c, (64.0, 192.0)) for c in corners) < 1e-9  # the pivot is a corner (top-left)


def test_an_ellipse_with_equal_sides_is_a_circle(tmp_path):
    ((shape, xf),) = load_walls(tmp_path, maps.ellipse(1, 40, 60, 50, 50, rotation=70))[1].parts
    assert shape == Circle(25)
    # Its centre turns about the top-left pivot too.
    c, s = math.cos(math.radians(-70)), math.sin(math.radians(-70))
    assert (xf.x, xf.y) == pytest.approx((40 + c * 25 - s * -25, 196 + s * 25 + c * -25))


def test_an_ellipse_rotated_a_quarter_turn_stands_upright_left_of_its_pivot(tmp_path):
    wall = load_walls(tmp_path, maps.ellipse(1, 160, 160, 48, 24, rotation=90))[1]
    ((shape, xf),) = wall.parts
    assert shape == Ellipse(24, 12)
    # The notes' oval: filled at (148, 184) in Tiled, i.e. centre (148, 256 − 184).
    assert (xf.x, xf.y) == pytest.approx((148, 72))
    assert xf.angle == pytest.approx(-math.pi / 2)
    assert wall_geometry(wall).bounds == pytest.approx((136, 48, 160, 96), abs=1e-3)


def test_a_convex_polygon_is_one_part_with_its_rotated_vertices(tmp_path):
    wall = load_walls(tmp_path, maps.polygon(1, 200, 64, [(0, 0), (64, 0), (32, 48)], rotation=45))[1]
    ((shape, xf),) = wall.parts
    expected = [
        (200, 192),
        (200 + 64 * S2, 192 - 64 * S2),
        (200 + 32 * S2 - 48 * S2, 192 - 32 * S2 - 48 * S2),
    ]
    got = world_points(shape, xf)
    assert len(got) == 3
    for p in expected:
        assert min(math.dist(p, q) for q in got) < 1e-9
    assert xf.angle == pytest.approx(-math.pi / 4)


def test_a_concave_polygon_is_split_into_convex_parts_covering_it_exactly(tmp_path):
    outline = [(0, 0), (120, 0), (120, 30), (30, 30), (30, 90), (0, 90)]
    level, findings = read_level(
        maps.write(tmp_path, maps.with_walls(maps.polygon(4, 50, 40, outline, 20, "L")))
    )
    wall = level.walls[0]
    assert len(wall.parts) == 2
    assert [str(f) for f in findings] == [
        f"{tmp_path / 'map.tmj'}:4 (L): concave polygon split into 2 convex parts"
    ]
    assert findings[0].severity == "info"
    pivot_world = (50, 256 - 40)
    c, s = math.cos(math.radians(-20)), math.sin(math.radians(-20))
    expected = ShapelyPolygon(
        [(pivot_world[0] + c * u - s * -v, pivot_world[1] + s * u + c * -v) for u, v in outline]
    )
    assert wall_geometry(wall).symmetric_difference(expected).area < 1e-6


def test_a_polyline_is_one_capsule_per_segment_with_the_default_thickness(tmp_path):
    wall = load_walls(tmp_path, maps.polyline(3, 40, 200, [(0, 0), (50, 10), (80, -20)]))[3]
    assert wall.kind == "polyline"
    ends = []
    for shape, xf in wall.parts:
        assert isinstance(shape, Capsule) and shape.radius == 8.0
        c, s = math.cos(xf.angle), math.sin(xf.angle)
        ends.append([(xf.x + c * x - s * y, xf.y + s * x + c * y) for x, y in (shape.p1, shape.p2)])
    assert ends == [
        [pytest.approx((40, 56)), pytest.approx((90, 46))],
        [pytest.approx((90, 46)), pytest.approx((120, 76))],
    ]


def test_a_polyline_takes_its_thickness_from_a_property_and_turns_about_its_first_point(tmp_path):
    wall = load_walls(
        tmp_path, maps.polyline(3, 100, 100, [(0, 0), (40, 0), (40, 0)], rotation=-90, thickness=30)
    )[3]
    ((shape, xf),) = wall.parts  # the repeated point adds no segment
    assert shape.radius == 15.0
    # −90° (counter-clockwise on screen) turns +x to up the screen: the far end is at (100, 156 + 40).
    assert (xf.x, xf.y) == pytest.approx((100, 156 + 20))
    assert wall_geometry(wall).bounds == pytest.approx((85, 141, 115, 211), abs=1e-3)


def test_group_and_layer_offsets_move_every_kind_of_object(tmp_path):
    walls = [
        maps.rect(1, 0, 0, 10, 10),
        maps.ellipse(2, 0, 0, 10, 10),
        maps.polygon(3, 0, 0, [(0, 0), (10, 0), (0, 10)]),
        maps.polyline(4, 0, 0, [(0, 0), (10, 0)]),
    ]
    nested = maps.group(
        10,
        "outer",
        [maps.group(11, "inner", [maps.layer(1, "walls", walls, offset=(1, 1))], offset=(5, -3))],
        offset=(10, 20),
    )
    data = maps.tiled_map([nested, maps.layer(2, "player", [maps.point(99, "", 100, 100)])])
    moved = load_walls(tmp_path, map_data=data)
    plain = load_walls(tmp_path, map_data=maps.with_walls(*walls))
    for oid in (1, 2, 3, 4):
        a, b = wall_geometry(moved[oid]).bounds, wall_geometry(plain[oid]).bounds
        assert (a[0] - b[0], a[1] - b[1]) == pytest.approx((16, -18))


def test_markers_carry_their_class_position_and_properties(tmp_path):
    chaser = maps.point(5, "chaser", 40, 50, name="c1")
    chaser["properties"] = [{"name": "wave", "type": "int", "value": 2}]
    data = maps.tiled_map(
        [
            maps.layer(1, "walls", []),
            maps.layer(2, "spawns", [chaser, maps.point(6, "brute", 60, 70), maps.point(7, "shooter", 1, 1)]),
            maps.layer(
                3, "pickups", [maps.point(8, "health", 10, 20), maps.point(9, "ammo", 30, 40)], offset=(4, 4)
            ),
            maps.layer(4, "player", [maps.point(10, "player", 100, 200)]),
        ],
        title="Test map",
    )
    level = load_level(maps.write(tmp_path, data))
    assert [(m.kind, m.x, m.y, m.name) for m in level.spawns] == [
        ("chaser", 40, 206, "c1"),
        ("brute", 60, 186, "brute"),
        ("shooter", 1, 255, "shooter"),
    ]
    assert level.spawns[0].properties == {"wave": 2}
    assert [(m.kind, m.x, m.y) for m in level.pickups] == [("health", 14, 232), ("ammo", 34, 212)]
    assert (level.player_start.kind, level.player_start.x, level.player_start.y) == ("player", 100, 56)
    assert (level.width, level.height, level.name) == (320, 256, "map")
    assert level.properties["title"] == "Test map"


def test_the_title_defaults_to_the_file_name(tmp_path):
    level = load_level(maps.write(tmp_path, maps.with_walls(), name="courtyard.tmj"))
    assert level.properties["title"] == "courtyard"


def test_hidden_objects_and_layers_are_skipped_with_a_note(tmp_path):
    hidden = maps.rect(1, 10, 10, 20, 20, name="ghost")
    hidden["visible"] = False
    data = maps.with_walls(hidden, maps.rect(2, 50, 50, 20, 20))
    data["layers"].append(
        maps.layer(3, "notes", [maps.obj(7, "todo", x=5, y=5, text={"text": "hi"})], visible=False)
    )
    level, findings = read_level(maps.write(tmp_path, data))
    assert [w.object_id for w in level.walls] == [2]
    path = tmp_path / "map.tmj"
    assert [(f.severity, str(f)) for f in findings] == [
        ("info", f"{path}:1 (ghost): hidden object ignored (in layer 'walls')"),
        ("info", f"{path}: hidden layer 'notes' ignored"),
    ]


def tiled_space_geometry(o, radius=8.0):
    """The object as Tiled draws it, built independently in Tiled's y-down frame with shapely."""
    x, y = o["x"], o["y"]
    if "polygon" in o:
        g = ShapelyPolygon([(x + p["x"], y + p["y"]) for p in o["polygon"]])
    elif "polyline" in o:
        g = LineString([(x + p["x"], y + p["y"]) for p in o["polyline"]]).buffer(radius, quad_segs=128)
    elif o.get("ellipse"):
        disc = sscale(Point(0, 0).buffer(1.0, quad_segs=128), o["width"] / 2, o["height"] / 2, origin=(0, 0))
        g = stranslate(disc, x + o["width"] / 2, y + o["height"] / 2)
    else:
        g = box(x, y, x + o["width"], y + o["height"])
    # In y-down coordinates a positive shapely angle turns clockwise on screen, as Tiled's rotation does.
    return srotate(g, o["rotation"], origin=(x, y))


def shapes_strategy():
    coord = st.floats(20, 300)
    size = st.floats(4, 120)
    angle = st.floats(-360, 360)
    rects = st.builds(lambda x, y, w, h, r: maps.rect(1, x, y, w, h, r), coord, coord, size, size, angle)
    ellipses = st.builds(
        lambda x, y, w, h, r: maps.ellipse(1, x, y, w, h, r), coord, coord, size, size, angle
    )
    concave = st.builds(
        lambda x, y, a, b, r: maps.polygon(1, x, y, [(0, 0), (a, 0), (a, b), (a / 2, b / 3), (0, b)], r),
        coord,
        coord,
        size,
        size,
        angle,
    )
    lines = st.builds(
        lambda x, y, a, b, r: maps.polyline(1, x, y, [(0, 0), (a, 0), (a, b)], r),
        coord,
        coord,
        size,
        size,
        angle,
    )
    return st.one_of(rects, ellipses, concave, lines)


@given(
    shapes_strategy(),
    st.tuples(st.floats(-50, 50), st.floats(-50, 50)),
    st.tuples(st.floats(-50, 50), st.floats(-50, 50)),
)
def test_any_rotated_object_in_offset_groups_covers_what_tiled_covers(tmp_path_factory, o, outer, inner):
    nested = maps.group(10, "g", [maps.layer(1, "walls", [o], offset=inner)], offset=outer)
    data = maps.tiled_map([nested, maps.layer(2, "player", [maps.point(99, "", 5, 5)])], width=20, height=20)
    tiled = tiled_space_geometry(o)
    dx, dy = outer[0] + inner[0], outer[1] + inner[1]
    expected = sscale(stranslate(tiled, dx, dy), 1, -1, origin=(0, 0))  # y down to y up ...
    expected = stranslate(expected, 0, 640)  # ... about the map's bottom edge
    assume(expected.intersects(box(0, 0, 640, 640)))  # wholly outside: a warning more (test_outside_map)
    level = load_level(maps.write(tmp_path_factory.mktemp("kinds"), data))
    ours = wall_geometry(level.walls[0])
    assert ours.symmetric_difference(expected).area <= 2e-3 * expected.area
