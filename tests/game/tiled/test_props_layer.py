"""The ``props`` layer: points, rectangles and tile objects become ``PropSpot``s; every problem one line."""

import json
import math
import shutil

import numpy as np
import pytest
from PIL import Image

from game.tiled import read_level
from game.tiled.props import MAX_PROPS, PROPS_FILE

from . import maps
from .render import tiled_alpha


def with_props(*objects):
    data = maps.with_walls(maps.rect(1, 0, 0, 320, 16, name="floor"))
    data["layers"].append(maps.layer(3, "props", list(objects)))
    return data


def prop(oid, cls, x, y, **fields):
    return maps.obj(oid, f"p{oid}", cls, x=x, y=y, **fields)


def read(tmp_path, data):
    return read_level(maps.write(tmp_path, data))


def errors(findings):
    return [str(f) for f in findings if f.severity == "error"]


def test_a_point_places_a_prop_at_the_point_and_a_rectangle_at_its_turned_centre(tmp_path):
    data = with_props(
        prop(10, "crate", 100, 56, point=True), prop(11, "barrel", 200, 100, width=20, height=40, rotation=90)
    )
    level, findings = read(tmp_path, data)
    assert level is not None, errors(findings)
    crate, barrel = level.props
    assert (crate.kind, crate.x, crate.y, crate.angle) == ("crate", 100.0, 256.0 - 56.0, 0.0)
    # Turned 90° clockwise about its top-left corner (200, 100): the centre (+10, +20) goes to (-20, +10).
    assert barrel.kind == "barrel"
    assert (round(barrel.x, 9), round(barrel.y, 9)) == (180.0, 256.0 - 110.0)
    assert barrel.angle == pytest.approx(-math.pi / 2)
    assert [f.problem for f in findings if "not scaled" in f.problem] == [
        "rectangle is 20 × 40 px; a prop keeps its kind's size (28 × 28 px), it is not scaled"
    ]


def test_a_box_of_another_size_than_the_kind_is_said_not_scaled(tmp_path):
    tsj = tmp_path / "props.tsj"
    shutil.copy(PROPS_FILE, tsj)
    (tmp_path / "props").symlink_to(PROPS_FILE.parent / "props")
    data = with_props(prop(12, "", 100, 100, gid=1, width=64, height=64))
    data["tilesets"] = [{"firstgid": 1, "source": "props.tsj"}]
    level, findings = read(tmp_path, data)
    assert level is not None, errors(findings)
    (spot,) = level.props
    # A tile object is anchored at its bottom-left: its centre is 32 px right and 32 px up of (100, 100).
    assert (spot.kind, spot.x, spot.y) == ("crate", 132.0, 256.0 - 100.0 + 32.0)
    assert [f.problem for f in findings if "not scaled" in f.problem] == [
        "tile object is 64 × 64 px; a prop keeps its kind's size (32 × 32 px), it is not scaled"
    ]


@pytest.mark.parametrize(
    "obj, line",
    [
        (prop(20, "cratee", 10, 10, point=True), "map.tmj:20 (p20): unknown prop class 'cratee' (props: "),
        (
            prop(
                21, "crate", 10, 10, point=True, properties=[{"name": "health", "type": "float", "value": -1}]
            ),
            "map.tmj:21 (p21): property health must be a number from 0 to 100000, got -1",
        ),
        (
            prop(
                22, "crate", 10, 10, point=True, properties=[{"name": "weight", "type": "float", "value": 3}]
            ),
            "map.tmj:22 (p22): unknown property 'weight' (props take: density",
        ),
        (
            prop(23, "crate", 10, 10, polygon=[{"x": 0, "y": 0}, {"x": 9, "y": 0}, {"x": 0, "y": 9}]),
            "map.tmj:23 (p23): a polygon cannot place a prop (use a point, a rectangle or a tile object)",
        ),
        (
            prop(
                24,
                "crate",
                10,
                10,
                point=True,
                properties=[{"name": "debris", "type": "float", "value": 2.5}],
            ),
            "map.tmj:24 (p24): property debris must be a whole number from 0 to 16, got 2.5",
        ),
    ],
)
def test_a_bad_prop_is_one_error_line_naming_file_object_and_value(tmp_path, obj, line):
    level, findings = read(tmp_path, with_props(obj))
    assert level is None
    (only,) = errors(findings)
    assert only.startswith(f"{tmp_path}/{line}"), only


def test_a_prop_off_the_map_is_a_warning_the_game_and_the_checker_share_and_it_is_placed(tmp_path):
    level, findings = read(tmp_path, with_props(prop(30, "barrel", 900, 10, point=True)))
    assert [(f.severity, f.code) for f in findings if "outside the map" in f.problem] == [
        ("warning", "outside-map")
    ]
    assert level is not None and [(p.object_id, p.x) for p in level.props] == [(30, 900.0)]  # issue 40 §5


def test_more_props_than_the_limit_is_one_error_before_any_is_read(tmp_path):
    many = [prop(1000 + k, "crate", 10, 10, point=True) for k in range(MAX_PROPS + 1)]
    level, findings = read(tmp_path, with_props(*many))
    assert level is None
    assert errors(findings) == [
        f"{tmp_path}/map.tmj: layer 'props': {MAX_PROPS + 1:,} props in the map; the limit is {MAX_PROPS:,}"
    ]


def test_the_overrides_are_kept_for_the_game(tmp_path):
    props = [
        {"name": "health", "type": "float", "value": 5.0},
        {"name": "explosive", "type": "bool", "value": True},
    ]
    level, findings = read(tmp_path, with_props(prop(40, "crate", 50, 50, point=True, properties=props)))
    assert level is not None, errors(findings)
    assert level.props[0].properties == {"health": 5.0, "explosive": True}
    assert json.loads(json.dumps(level.props[0].properties)) == level.props[0].properties


def opaque_box(alpha: np.ndarray) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the pixels with alpha, exclusive right and bottom."""

    rows, cols = np.nonzero(alpha > 0)
    return int(cols.min()), int(rows.min()), int(cols.max()) + 1, int(rows.max()) + 1


@pytest.mark.parametrize("alignment", ["center", "topleft", "bottom", "unspecified"])
@pytest.mark.parametrize("rotation", [0, 90])
def test_a_tile_object_prop_lands_on_its_image_as_tiled_draws_it_for_each_object_alignment(
    alignment, rotation, tmp_path, tiled_tools
):
    """Issue 22: props placed by tile objects follow their tileset's objectalignment, as the walls do.
    The oracle is Tiled's render: the crate's opaque pixels in ``tmxrasterizer``'s picture of the props
    layer must be the crate image's opaque pixels placed at the prop's centre and angle."""
    tileset = json.loads(PROPS_FILE.read_text())
    if alignment != "unspecified":
        tileset["objectalignment"] = alignment
    (tmp_path / "props.tsj").write_text(json.dumps(tileset))
    (tmp_path / "props").symlink_to(PROPS_FILE.parent / "props")
    data = with_props(prop(12, "", 150, 120, gid=1, width=32, height=32, rotation=rotation))
    data["tilesets"] = [{"firstgid": 1, "source": "props.tsj"}]
    path = maps.write(tmp_path, data)
    level, findings = read_level(path)
    assert level is not None, errors(findings)
    (spot,) = level.props
    with Image.open(PROPS_FILE.parent / "props" / "crate.png") as image:
        left, top, right, bottom = opaque_box(np.asarray(image.convert("RGBA"))[:, :, 3])
        w, h = image.size
    # The image's opaque box about its centre (y down), turned by the prop's angle (a quarter turn
    # at most here, so the turned box is exact), at the prop's centre in Tiled's pixels.
    corners = np.array([(left, top), (right, top), (right, bottom), (left, bottom)], float) - (w / 2, h / 2)
    c, s = round(math.cos(-spot.angle)), round(math.sin(-spot.angle))  # y down: clockwise is -angle
    turned = corners @ np.array([[c, s], [-s, c]])
    cx, cy = spot.x, 256.0 - spot.y
    ours = (
        turned[:, 0].min() + cx,
        turned[:, 1].min() + cy,
        turned[:, 0].max() + cx,
        turned[:, 1].max() + cy,
    )
    theirs = opaque_box(tiled_alpha(path, "props", tmp_path))
    assert np.allclose(ours, theirs, atol=1.0), (ours, theirs)
