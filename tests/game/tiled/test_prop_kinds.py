"""The props' kinds from ``assets/props.tsj``: shapes, numbers and one line per problem."""

import copy
import json
import math

import pytest

from engine.collision import Circle, Polygon, mass_properties
from game.tiled.prop_kinds import parts_box, prop_kinds, read_props, with_overrides
from game.tiled.props import PROPS_FILE


def test_the_shipped_props_are_one_convex_shape_each_with_their_numbers():
    kinds = prop_kinds()
    assert {"crate", "heavy_crate", "barrel", "explosive_barrel", "debris"} <= set(kinds)
    assert all(len(kinds[name].parts) == 1 for name in ("crate", "heavy_crate", "barrel", "explosive_barrel"))
    assert isinstance(kinds["barrel"].shape, Circle) and kinds["barrel"].shape.radius == 13.0
    assert isinstance(kinds["crate"].shape, Polygon)
    assert kinds["explosive_barrel"].explosive and kinds["explosive_barrel"].blast_radius > 0
    assert kinds["crate"].breakable and kinds["crate"].debris > 0
    assert not kinds["heavy_crate"].breakable


def test_the_compound_props_are_their_parts_with_the_area_drawn():
    kinds = prop_kinds()
    l_crate, rack = kinds["crate_l"], kinds["barrel_rack"]
    assert [type(p) for p in l_crate.parts] == [Polygon, Polygon]
    assert [type(p) for p in rack.parts] == [Polygon, Circle, Circle]
    # The L: a 30 x 62 arm and a 32 x 30 foot; the rack: a 62 x 15 pallet and two barrels of radius 13.
    area = [sum(mass_properties(p, 1.0).mass for p in k.parts) for k in (l_crate, rack)]
    assert area == pytest.approx([30 * 62 + 32 * 30, 62 * 15 + 2 * math.pi * 13**2])
    assert l_crate.breakable and l_crate.debris > 0 and not rack.breakable
    # Each part where Tiled draws it: the L's foot right of its arm, in the image's lower half (y up).
    lo_x, lo_y, hi_x, hi_y = parts_box(l_crate.parts[1:])
    assert (lo_x, lo_y, hi_x, hi_y) == pytest.approx((-1.0, -31.0, 31.0, -1.0))
    assert parts_box(rack.parts) == pytest.approx((-31.0, -21.0, 31.0, 20.0))


def test_the_barricades_are_a_t_and_a_sandbag_u_of_boxes_that_never_break():
    kinds = prop_kinds()
    tee, u = kinds["barricade_t"], kinds["sandbags_u"]
    assert [type(p) for p in tee.parts] == [Polygon, Polygon] and [type(p) for p in u.parts] == [Polygon] * 3
    area = [sum(mass_properties(p, 1.0).mass for p in k.parts) for k in (tee, u)]
    assert area == pytest.approx([62 * 14 + 14 * 40, 62 * 13 + 2 * 13 * 33])
    assert not tee.breakable and not u.breakable
    # The T's post hangs below its beam's middle; the U opens upward (y up: its arms above its bottom).
    assert parts_box(tee.parts[1:]) == pytest.approx((-7.0, -27.0, 7.0, 13.0))
    assert parts_box(u.parts[:1])[3] < parts_box(u.parts[1:])[3]


def test_a_concave_polygon_makes_a_compound_prop(tmp_path):
    def edit(data):
        data["tiles"][0]["objectgroup"]["objects"][0] = {
            "id": 1, "name": "", "rotation": 0, "type": "", "visible": True, "x": 0, "y": 0,
            "polygon": [{"x": 1, "y": 1}, {"x": 31, "y": 1}, {"x": 31, "y": 31}, {"x": 16, "y": 16}, {"x": 1, "y": 31}],
        }  # fmt: skip

    kinds, findings = broken(tmp_path, edit)
    assert kinds is not None, findings
    parts = kinds["crate"].parts
    assert len(parts) == 2
    assert sum(mass_properties(p, 1.0).mass for p in parts) == pytest.approx(30 * 30 - 30 * 15 / 2)


def broken(tmp_path, edit):
    data = json.loads(PROPS_FILE.read_text())
    edit(data)
    path = tmp_path / "props.tsj"
    path.write_text(json.dumps(data))
    (tmp_path / "props").symlink_to(PROPS_FILE.parent / "props")
    return read_props(path)


def set_property(tile, name, value, kind="float"):
    def edit(data):
        props = data["tiles"][tile]["properties"]
        props[:] = [p for p in props if p["name"] != name] + [{"name": name, "type": kind, "value": value}]

    return edit


@pytest.mark.parametrize(
    "edit, line",
    [
        (
            set_property(0, "friction", 99.0),
            "props.tsj: tile 0 (crate): property friction must be a number from 0 to 10, got 99.0",
        ),
        (set_property(0, "bounciness", 1.0), "props.tsj: tile 0 (crate): unknown property 'bounciness'"),
        (
            set_property(0, "debris_kind", "confetti", "string"),
            "props.tsj: tile 0 (crate): debris_kind 'confetti' is not a prop kind here",
        ),
        (
            lambda d: d["tiles"][1].update(type="crate"),
            "props.tsj: tile 1 (crate): a second tile of class 'crate'",
        ),
        (
            lambda d: d["tiles"][0]["objectgroup"]["objects"].extend(
                {**copy.deepcopy(d["tiles"][0]["objectgroup"]["objects"][0]), "id": 9 + k, "x": 1 + 2 * k}
                for k in range(16)
            ),
            "props.tsj: tile 0 (crate): 17 collision objects; the limit is 16 parts a prop",
        ),
    ],
)
def test_a_bad_prop_kind_is_one_line_naming_the_tile_and_value(tmp_path, edit, line):
    kinds, findings = broken(tmp_path, edit)
    assert kinds is None
    lines = [str(f) for f in findings if f.severity == "error"]
    assert len(lines) == 1 and lines[0].startswith(f"{tmp_path}/{line}"), lines


def test_a_prop_bigger_than_the_limit_is_refused(tmp_path):
    def edit(data):
        data["tiles"][0]["objectgroup"]["objects"][0].update(width=400, height=10)
        data["tiles"][0]["imagewidth"] = 400

    kinds, findings = broken(tmp_path, edit)
    assert kinds is None
    assert any("400 px across; the limit is 256 px" in str(f) for f in findings)


def test_overrides_replace_the_kinds_numbers_and_name_each_bad_one():
    crate = prop_kinds()["crate"]
    changed, problems = with_overrides(crate, {"health": 5, "restitution": 3.0})
    assert changed.health == 5.0 and isinstance(changed.health, float)
    assert changed.restitution == crate.restitution
    assert problems == ["property restitution must be a number from 0 to 1, got 3.0"]


def test_reading_a_missing_file_is_a_finding_not_a_raise(tmp_path):
    kinds, findings = read_props(tmp_path / "none.tsj")
    assert kinds is None and "tileset file not found" in str(findings[0])
