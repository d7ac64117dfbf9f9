"""Issue 24 item 12: map inputs that were refused wrongly or unclearly, each now one clear line (or none).

Each test failed before the fix: a valid ``offsetx`` alone was "missing field 'offsety'", a 400-digit
width was "loader failed: OverflowError", four distinct points merged by the weld were "got 2", and
the engine called a bowtie "all collinear".
"""

from __future__ import annotations

import pytest

from engine.collision import Polygon
from game.tiled import read_level

from . import maps


def findings_of(tmp_path, data) -> list[str]:
    _, findings = read_level(maps.write(tmp_path, data))
    return [str(f) for f in findings]


def test_a_layer_with_offsetx_but_no_offsety_loads_shifted_by_offsetx(tmp_path):
    data = maps.with_walls(maps.rect(1, 0, 0, 32, 32))
    data["layers"][0]["offsetx"] = 40
    del data["layers"][0]["offsety"]
    level, findings = read_level(maps.write(tmp_path, data))
    assert level is not None, [str(f) for f in findings]
    xf = level.walls[0].parts[0][1]
    assert (xf.x, xf.y) == (56.0, 256 - 16)


def test_a_layer_leaving_out_every_field_with_a_default_loads(tmp_path):
    data = maps.with_walls(maps.rect(1, 0, 0, 32, 32))
    for key in ("offsetx", "offsety", "opacity", "visible", "x", "y"):
        del data["layers"][0][key]
    level, findings = read_level(maps.write(tmp_path, data))
    assert level is not None and len(level.walls) == 1, [str(f) for f in findings]


@pytest.mark.parametrize("key", ["width", "height", "tilewidth", "tileheight"])
@pytest.mark.parametrize("digits", ["1" + "0" * 400, "-1" + "0" * 400, "1" + "0" * 5000])
def test_a_map_size_of_hundreds_of_digits_is_one_line_naming_the_field(tmp_path, key, digits):
    data = maps.with_walls(maps.rect(1, 0, 0, 32, 32))
    data[key] = "@@"
    text = __import__("json").dumps(data).replace('"@@"', digits)
    lines = findings_of(tmp_path, text)
    assert len(lines) == 1, lines
    assert f"map {key!r} is" in lines[0] and "not a size" in lines[0] and "Error" not in lines[0]


def test_a_tmx_map_width_of_400_digits_is_one_line_naming_the_field(tmp_path):
    path = tmp_path / "big.tmx"
    path.write_text(
        '<map version="1.8" orientation="orthogonal" width="1'
        + "0" * 400
        + '" height="8" tilewidth="32" tileheight="32"></map>'
    )
    lines = [str(f) for f in read_level(path)[1]]
    assert lines == [
        f"{lines[0].split(':')[0]}: map 'width' is 1e+400, not a size; the limit is 4,096 tiles of at "
        "most 32,768 px"
    ]


def test_an_object_coordinate_of_400_digits_is_not_a_traceback(tmp_path):
    data = maps.with_walls(maps.rect(1, 0, 0, 32, 32))
    data["layers"][0]["objects"][0]["x"] = "@@"
    text = __import__("json").dumps(data).replace('"@@"', "1" + "0" * 400)
    lines = findings_of(tmp_path, text)
    assert lines and all("Error" not in line for line in lines), lines
    assert any(":1 ()" in line and "x" in line for line in lines), lines


def test_four_distinct_points_snapped_together_say_they_snapped(tmp_path):
    wall = maps.polygon(1, 50, 50, [(0, 0), (1e-7, 0), (10, 10), (10, 10 + 1e-7)])
    lines = findings_of(tmp_path, maps.with_walls(wall))
    assert len(lines) == 1
    assert "4 distinct points snap to 2" in lines[0], lines


def test_a_bowtie_wall_is_called_self_intersecting(tmp_path):
    wall = maps.polygon(1, 50, 50, [(0, 0), (40, 40), (40, 0), (0, 40)])
    lines = findings_of(tmp_path, maps.with_walls(wall))
    assert len(lines) == 1 and "self-intersects" in lines[0], lines


def test_the_engine_calls_a_bowtie_self_intersecting_not_collinear():
    with pytest.raises(ValueError, match="self-intersecting") as caught:
        Polygon([(0, 0), (10, 10), (10, 0), (0, 10)])
    assert "collinear" not in str(caught.value)


def test_the_engine_says_distinct_points_snapped_together():
    with pytest.raises(ValueError, match="4 distinct points snap to 2"):
        Polygon([(0, 0), (1e-7, 0), (10, 10), (10, 10 + 1e-7)])


def test_the_engine_still_calls_points_on_one_line_collinear():
    with pytest.raises(ValueError, match="all collinear"):
        Polygon([(0, 0), (1, 1), (2, 2), (3, 3)])


def test_an_unset_color_property_loads_and_a_mistyped_property_is_one_line_naming_it(tmp_path):
    # Found by tests/fuzz/test_map_features.py: pytiled_parser's "Improperly formatted color passed to
    # parse_color" named neither the property nor the value, and Tiled saves an unset colour as "".
    data = maps.with_walls(
        maps.rect(1, 0, 0, 32, 32, properties=[{"name": "tint", "type": "color", "value": ""}])
    )
    level, findings = read_level(maps.write(tmp_path, data))
    assert level is not None and level.walls[0].properties == {"tint": ""}, [str(f) for f in findings]
    data = maps.with_walls(
        maps.rect(1, 0, 0, 32, 32, properties=[{"name": "tint", "type": "color", "value": "red"}])
    )
    assert findings_of(tmp_path, data) == [
        f"{tmp_path / 'map.tmj'}:1 (): object property 'tint' of type 'color' has the value 'red'"
    ]
    data = maps.with_walls()
    data["layers"][0]["properties"] = [{"name": "hp", "type": "int", "value": True}]
    assert findings_of(tmp_path, data) == [
        f"{tmp_path / 'map.tmj'}: layer 'walls' property 'hp' of type 'int' has the value True"
    ]
