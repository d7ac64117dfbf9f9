"""Every broken map gives the exact one-line finding naming the file, the object and the problem.

One small fixture per problem, written to a temporary folder. ``read_level``
never raises; ``load_level`` raises ``LevelError`` with the first error.
"""

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.level import LevelError
from game.tiled import load_level, read_level
from game.tiled import walls as walls_module

from . import maps
from .tilemaps import tile_layer

GOOD = maps.with_walls(maps.rect(1, 10, 10, 40, 20, name="crate"))


def edited(edit) -> dict:
    data = copy.deepcopy(GOOD)
    edit(data)
    return data


def walls_of(data):
    return data["layers"][0]["objects"]


def add_wall(wall):
    return edited(lambda d: walls_of(d).append(wall))


def add_layer(new_layer):
    return edited(lambda d: d["layers"].append(new_layer))


def set_fields(**fields):
    return edited(lambda d: d.update(fields))


def set_object(**fields):
    return edited(lambda d: walls_of(d)[0].update(fields))


def text_object():
    return maps.obj(5, "sign", x=20, y=20, width=80, height=20, text={"text": "Keep out", "wrap": True})


# (fixture id, map data or raw text, the one expected line after "<path>")
CASES = [
    ("missing file", None, ": file not found"),
    ("not JSON", "this is not a map", ": not valid JSON: Expecting value at line 1 column 1"),
    ("truncated JSON", json.dumps(GOOD)[:-20], None),
    ("not UTF-8", b"\xff\xfe\x00garbage", ": not a Tiled map: the file is not UTF-8 text"),
    ("empty file", "", ": not a Tiled map: the file is empty"),
    (
        "a tileset, not a map",
        {"type": "tileset", "name": "t", "tilewidth": 32},
        ': not a Tiled map: a JSON map is an object with "type": "map" and a "layers" list',
    ),
    (
        "a map without its size",
        edited(lambda d: d.pop("tilewidth")),
        ": not a Tiled map: the map has no 'tilewidth'",
    ),
    (
        "an object without a field",
        edited(lambda d: walls_of(d)[0].pop("visible")),
        ":1 (crate): object is missing 'visible'",
    ),
    (
        "isometric map",
        set_fields(orientation="isometric"),
        ": map orientation is 'isometric'; only orthogonal maps are supported",
    ),
    (
        "missing external tileset",
        set_fields(tilesets=[{"firstgid": 1, "source": "gone.tsx"}]),
        ": tileset 'gone.tsx' not found (looked next to the map)",
    ),
    (
        "self-intersecting polygon",
        add_wall(maps.polygon(3, 100, 100, [(0, 0), (40, 40), (40, 0), (0, 40)], name="bow")),
        ":3 (bow): polygon self-intersects: two of its edges cross near (120, 120)",
    ),
    (
        "polygon with two distinct points",
        add_wall(maps.polygon(3, 0, 0, [(0, 0), (10, 10), (10, 10)], name="p")),
        ":3 (p): polygon needs at least 3 distinct points, got 2",
    ),
    (
        "polygon with zero area",
        add_wall(maps.polygon(3, 0, 0, [(0, 0), (10, 10), (30, 30)], name="p")),
        ":3 (p): polygon has zero area (its points are collinear)",
    ),
    ("NaN position", "NAN", ":1 (crate): x is not a finite number (nan)"),
    ("infinite polygon point", "INF", ":3 (p): point 1 y is not a finite number (inf)"),
    (
        "infinite layer offset",
        edited(lambda d: d["layers"][0].update(offsetx=float("inf"))),
        ": layer 'walls': offset is not a finite number (inf, 0)",
    ),
    (
        "NaN property",
        edited(
            lambda d: walls_of(d)[0].update(
                properties=[{"name": "hp", "type": "float", "value": float("nan")}]
            )
        ),
        ":1 (crate): object property 'hp' is not a finite number (nan)",
    ),
    (
        "rectangle as a spawn",
        add_layer(maps.layer(9, "spawns", [maps.rect(8, 50, 50, 10, 10, name="area")])),
        ":8 (area): layer 'spawns' holds points only; this is a rectangle",
    ),
    (
        "zero-size rectangle",
        add_wall(maps.rect(3, 10, 20, 0, 5, name="flat")),
        ":3 (flat): rectangle has zero size (0 x 5)",
    ),
    (
        "bad polyline thickness",
        add_wall(maps.polyline(3, 0, 0, [(0, 0), (9, 9)], name="rail", thickness=-2)),
        ":3 (rail): property 'thickness' must be a number > 0 (pixels), got -2",
    ),
    (
        "polyline of one point",
        add_wall(maps.polyline(3, 0, 0, [(0, 0), (0, 0)], name="rail")),
        ":3 (rail): polyline needs at least 2 distinct points, got 1",
    ),
    (
        "tile object of no tileset",
        add_wall(maps.obj(6, "coin", x=0, y=32, width=32, height=32, gid=1)),
        ":6 (coin): tile object: tile id 1 belongs to no tileset (the map has none)",
    ),
    (
        "two player starts",
        edited(lambda d: d["layers"][1]["objects"].append(maps.point(12, "", 5, 5, name="again"))),
        ":12 (again): a second player start (the first is object 99)",
    ),
    (
        "a title that is not text",
        edited(lambda d: d["properties"].append({"name": "title", "type": "int", "value": 3})),
        ": map property 'title' must be a string, got 3",
    ),
    (
        "a wave breather below 0",
        edited(lambda d: d["properties"].append({"name": "wave_breather", "type": "float", "value": -1})),
        ": map property 'wave_breather' must be seconds from 0 to 60, got -1",
    ),
    (
        "a wave breather of an hour",
        edited(lambda d: d["properties"].append({"name": "wave_breather", "type": "int", "value": 3600})),
        ": map property 'wave_breather' must be seconds from 0 to 60, got 3600",
    ),
    (
        "a wave breather that is not a number",
        edited(
            lambda d: d["properties"].append({"name": "wave_breather", "type": "string", "value": "long"})
        ),
        ": map property 'wave_breather' must be seconds from 0 to 60, got 'long'",
    ),
    (
        "a wave breather of NaN (one line, not two)",
        edited(
            lambda d: d["properties"].append(
                {"name": "wave_breather", "type": "float", "value": float("nan")}
            )
        ),
        ": map property 'wave_breather' is not a finite number (nan)",
    ),
]


def write_case(tmp_path, data):
    path = tmp_path / "case.tmj"
    if data is None:
        return path
    if data == "NAN":  # a literal NaN, as Python's json (and some exporters) write it
        data = json.dumps(GOOD).replace('"x": 10,', '"x": NaN,', 1)
    elif data == "INF":
        wall = maps.polygon(3, 0, 0, [(0, 0), (10, 0), (10, 10)], name="p")
        data = json.dumps(add_wall(wall)).replace('{"x": 10, "y": 0}', '{"x": 10, "y": Infinity}')
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize(("data", "line"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_broken_map_gives_exactly_one_error_line_naming_the_object(tmp_path, data, line):
    path = write_case(tmp_path, data)
    level, findings = read_level(path)
    errors = [str(f) for f in findings if f.severity == "error"]
    assert level is None
    assert len(errors) == 1, errors
    if line is None:  # the parser's own words for where the JSON broke
        assert errors[0].startswith(f"{path}: not valid JSON: ")
    else:
        assert errors[0] == f"{path}{line}"
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert str(caught.value) == errors[0]
    assert "\n" not in errors[0]


def test_a_finding_locates_the_problem_in_the_world_when_it_can(tmp_path):
    data = add_wall(maps.polygon(3, 100, 100, [(0, 0), (40, 40), (40, 0), (0, 40)], name="bow"))
    _, findings = read_level(write_case(tmp_path, data))
    assert findings[0].where == pytest.approx((120, 256 - 120))
    assert (findings[0].object_id, findings[0].name) == (3, "bow")


def test_every_error_in_a_file_is_reported_not_just_the_first(tmp_path):
    data = add_wall(maps.rect(5, 10, 20, 0, 5, name="flat"))
    walls_of(data).append(maps.polygon(3, 0, 0, [(0, 0), (9, 9)], name="p"))
    data["layers"].append(maps.layer(9, "spawns", [maps.rect(8, 50, 50, 10, 10, name="area")]))
    _, findings = read_level(write_case(tmp_path, data))
    assert [f.object_id for f in findings if f.severity == "error"] == [5, 3, 8]
    with pytest.raises(LevelError, match=r"rectangle has zero size .* \(and 2 more\)$"):
        load_level(tmp_path / "case.tmj")


#: Issue 22: what real maps hold and the loader used to refuse, now read with a note or a warning.
READ_NOW = [
    (
        "text object",
        add_wall(text_object()),
        [
            (
                "info",
                ": layer 'walls': 1 text not solid (nothing marks them as collision: see levels/README.md, "
                '"What is solid"); not read',
            )
        ],
    ),
    (
        "point in walls",
        add_wall(maps.point(7, "", 5, 5, name="dot")),
        [
            (
                "info",
                ": layer 'walls': 1 point not solid (nothing marks them as collision: see levels/README.md, "
                '"What is solid"); not read',
            )
        ],
    ),
    (
        "unknown layer",
        add_layer(maps.layer(9, "decor", [maps.rect(8, 0, 0, 5, 5)])),
        [
            (
                "info",
                ": layer 'decor': 1 rectangle not solid (nothing marks them as collision: see levels/README.md, "
                '"What is solid"); not read',
            )
        ],
    ),
    (
        "unknown wall class",
        set_object(type="lava"),
        [("warning", ":1 (crate): unknown class 'lava' on a wall; it is a wall all the same")],
    ),
    (
        "unknown enemy",
        add_layer(maps.layer(9, "spawns", [maps.point(8, "dragon", 50, 50, name="boss")])),
        [
            (
                "warning",
                ":8 (boss): unknown class 'dragon' in layer 'spawns' (use 'chaser', 'shooter', 'brute'); "
                "this marker is not read",
            )
        ],
    ),
    (
        "unknown pickup",
        add_layer(maps.layer(9, "pickups", [maps.point(8, "", 50, 50, name="box")])),
        [
            (
                "warning",
                ":8 (box): unknown class '' in layer 'pickups' (use 'health', 'ammo'); this marker is not read",
            )
        ],
    ),
    (
        "no player start",
        edited(lambda d: d["layers"].pop(1)),
        [
            (
                "info",
                ": no player start: the player starts at the free spot nearest the map's centre (156, 124 in "
                "Tiled's pixels)",
            )
        ],
    ),
]


@pytest.mark.parametrize(("data", "lines"), [c[1:] for c in READ_NOW], ids=[c[0] for c in READ_NOW])
def test_what_real_maps_hold_loads_with_a_note_instead_of_an_error(tmp_path, data, lines):
    path = write_case(tmp_path, data)
    level, findings = read_level(path)
    assert level is not None
    assert [(f.severity, str(f)) for f in findings] == [
        (severity, f"{path}{line}") for severity, line in lines
    ]


def test_a_shape_the_engine_refuses_becomes_a_finding(tmp_path, monkeypatch):
    from engine.collision.concave import Split

    bent = ((0.0, 0.0), (4.0, 0.0), (2.0, 1.0), (4.0, 4.0), (0.0, 4.0))
    monkeypatch.setattr(walls_module, "split_polygon", lambda points: Split(bent, (bent,)))
    _, findings = read_level(write_case(tmp_path, add_wall(maps.polygon(3, 0, 0, bent, name="p"))))
    assert [str(f) for f in findings] == [
        f"{tmp_path / 'case.tmj'}:3 (p): convex part rejected by the engine: polygon is not convex: "
        "it turns the wrong way at vertex 2 (0.0, -0.8)"
    ]


def test_a_folder_is_not_a_map(tmp_path):
    (tmp_path / "dir.tmj").mkdir()
    _, findings = read_level(tmp_path / "dir.tmj")
    assert [str(f) for f in findings] == [f"{tmp_path / 'dir.tmj'}: is a folder, not a map file"]


# Anything JSON can hold, in place of any value of a good map.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _slots(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _slots(value, (*path, key))
    elif isinstance(node, list):
        for k, value in enumerate(node):
            yield from _slots(value, (*path, k))


RICH = maps.tiled_map(
    [
        maps.layer(
            1,
            "walls",
            [
                maps.rect(1, 10, 10, 40, 20, 30),
                maps.polygon(2, 50, 50, [(0, 0), (40, 0), (0, 30)]),
                maps.polyline(3, 90, 90, [(0, 0), (30, 10)], thickness=9),
                maps.ellipse(4, 20, 150, 30, 20, 45),
            ],
        ),
        maps.group(5, "g", [maps.layer(2, "spawns", [maps.point(6, "chaser", 150, 40)])], offset=(3, 4)),
        maps.layer(3, "player", [maps.point(7, "", 100, 100)]),
    ],
    title="fuzz",
)
SLOTS = list(_slots(RICH))[1:]


@given(st.sampled_from(SLOTS), JSON_VALUES, st.booleans())
def test_read_level_never_raises_whatever_value_a_map_holds(tmp_path_factory, slot, value, delete):
    data = copy.deepcopy(RICH)
    *parents, last = slot
    holder = data
    for key in parents:
        holder = holder[key]
    if delete and isinstance(holder, dict):
        del holder[last]
    else:
        holder[last] = value
    path = tmp_path_factory.mktemp("fuzz") / "map.tmj"
    path.write_text(json.dumps(data))
    level, findings = read_level(path)
    errors = [f for f in findings if f.severity == "error"]
    assert (level is None) == bool(errors)
    for finding in findings:
        assert "\n" not in str(finding)
        assert "loader failed" not in finding.problem, finding


TMX_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
    'renderorder="right-down" width="10" height="8" tilewidth="32" tileheight="32" infinite="0" '
    'nextlayerid="3" nextobjectid="3">\n'
)
TMX_START = ' <objectgroup id="2" name="player"><object id="1" name="start" x="10" y="10"><point/></object></objectgroup>\n'


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            TMX_HEAD[:60],
            ": not a Tiled map pytiled_parser understands: ParseError: unclosed token: line 2, column 0",
        ),
        (
            TMX_HEAD + ' <tileset firstgid="1" source="gone.tsx"/>\n' + TMX_START + "</map>\n",
            ": cannot open 'gone.tsx': file not found",
        ),
    ],
    ids=["broken XML", "missing tileset"],
)
def test_a_broken_tmx_map_gives_one_line_too(tmp_path, text, line):
    path = tmp_path / "case.tmx"
    path.write_text(text)
    level, findings = read_level(path)
    assert level is None
    assert [str(f) for f in findings] == [f"{path}{line}"]


def test_an_empty_tile_layer_says_nothing_and_a_marker_off_the_map_is_the_one_error(tmp_path):
    data = copy.deepcopy(GOOD)
    data["layers"].insert(0, tile_layer(30, "floor", [0] * 80, 10, 8))
    data["layers"].append(maps.layer(31, "pickups", [maps.point(40, "ammo", 400, 10, name="lost")]))
    level, findings = read_level(write_case(tmp_path, data))
    assert level is None  # the game refuses it with the checker's line (issue 22)
    assert [(f.severity, str(f)) for f in findings] == [
        (
            "error",
            f"{tmp_path / 'case.tmj'}:40 (lost): ammo pickup at (400, 246) is outside the map (320 × 256 px)",
        ),
    ]
