"""Issue 22 §2: object templates (``.tj``, ``.tx``) are read: an instance takes its template's fields, its
own overriding them, as Tiled does; a template's points count where it is used."""

from __future__ import annotations

import json
from pathlib import Path

from game.tiled import read_level
from game.tiled.limits import MAX_POINTS

from . import maps
from .geometry import wall_geometry
from .tilemaps import H, blocks, tile_map, write_json

CRATE_TJ = {
    "type": "template",
    "object": {
        "name": "crate",
        "type": "",
        "width": 40,
        "height": 20,
        "rotation": 0,
        "visible": True,
        "properties": [
            {"name": "hp", "type": "int", "value": 3},
            {"name": "material", "type": "string", "value": "wood"},
        ],
    },
}
ROCK_TX = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <object name="rock">\n'
    '  <polygon points="0,0 40,0 40,30 0,30"/>\n </object>\n</template>\n'
)


def test_a_json_template_gives_its_fields_and_the_instance_overrides_them(tmp_path):
    (tmp_path / "crate.tj").write_text(json.dumps(CRATE_TJ))
    plain = {"id": 5, "template": "crate.tj", "x": 100, "y": 60}
    wide = {
        "id": 6,
        "template": "crate.tj",
        "x": 200,
        "y": 60,
        "width": 80,
        "properties": [{"name": "hp", "type": "int", "value": 9}],
    }
    level, findings = read_level(maps.write(tmp_path, maps.with_walls(plain, wide)))
    assert level is not None, [str(f) for f in findings]
    a, b = level.walls
    assert (a.name, a.properties) == ("crate", {"hp": 3, "material": "wood"})
    assert wall_geometry(a).bounds == (100, 256 - 80, 140, 256 - 60)
    assert b.properties == {"hp": 9, "material": "wood"} and wall_geometry(b).bounds == (
        200,
        256 - 80,
        280,
        256 - 60,
    )


def test_a_tmx_map_and_its_tx_template(tmp_path):
    (tmp_path / "rock.tx").write_text(ROCK_TX)
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" '
        'renderorder="right-down" width="10" height="8" tilewidth="32" tileheight="32" infinite="0">\n'
        ' <objectgroup id="1" name="walls"><object id="1" template="rock.tx" x="10" y="10"/>'
        '<object id="3" template="rock.tx" name="big" x="100" y="100"/></objectgroup>\n'
        ' <objectgroup id="2" name="player"><object id="2" name="start" x="200" y="200"><point/></object>'
        "</objectgroup>\n</map>\n"
    )
    path = tmp_path / "map.tmx"
    path.write_text(text)
    level, findings = read_level(path)
    assert level is not None, [str(f) for f in findings]
    assert [w.name for w in level.walls] == ["rock", "big"]
    assert wall_geometry(level.walls[0]).bounds == (10, 256 - 40, 50, 256 - 10)


def test_a_json_map_may_use_a_tx_template_too(tmp_path):
    (tmp_path / "rock.tx").write_text(ROCK_TX)
    level, findings = read_level(
        maps.write(tmp_path, maps.with_walls({"id": 5, "template": "rock.tx", "x": 0, "y": 0}))
    )
    assert level is not None and level.walls[0].kind == "polygon", [str(f) for f in findings]


def test_a_missing_template_is_one_line(tmp_path):
    path = maps.write(tmp_path, maps.with_walls({"id": 5, "template": "gone.tj", "x": 0, "y": 0}))
    level, findings = read_level(path)
    assert level is None and [str(f) for f in findings if f.severity == "error"] == [
        f"{path}: object 5: template 'gone.tj': cannot read it (No such file or directory)"
    ]


def tile_template_map(tmp_path, first_gid: int, template_tileset: str = "blocks.tsj"):
    """A map whose ``blocks.tsj`` starts at ``first_gid`` (another tileset before it), two instances of a
    tile template counting the same tileset from 1: tile 0 (a full box), 64 × 32, one flipped."""
    write_json(tmp_path, "blocks.tsj", blocks(tmp_path))
    (tmp_path / "sub").mkdir(exist_ok=True)
    (tmp_path / "sub" / "box.tj").write_text(
        json.dumps(
            {
                "type": "template",
                "tileset": {"firstgid": 1, "source": f"../{template_tileset}"},
                "object": {"gid": 1, "width": 64, "height": 32, "name": "box"},
            }
        )
    )
    other = {**blocks(tmp_path, "other"), "firstgid": 1}
    objects = [
        {"id": 5, "template": "sub/box.tj", "x": 100, "y": 200},
        {"id": 6, "template": "sub/box.tj", "x": 300, "y": 200, "gid": first_gid | H},
    ]
    data = tile_map(
        [maps.layer(3, "Walls", objects)], [other, {"firstgid": first_gid, "source": "blocks.tsj"}], 20, 16
    )
    return maps.write(tmp_path, data)


def test_a_tile_template_takes_the_gid_its_tile_has_in_the_map(tmp_path):
    """Tiled 1.0+ tile templates: the template counts its tileset from its own firstgid (1), the map from
    9; the instance is tile 0 of blocks (a full box), anchored at its bottom-left, the template's size."""
    level, findings = read_level(tile_template_map(tmp_path, 9))
    assert level is not None, [str(f) for f in findings]
    a, b = level.walls
    assert a.name == "box" and wall_geometry(a).bounds == (100, 512 - 200, 164, 512 - 168)
    assert wall_geometry(b).bounds == (300, 512 - 200, 364, 512 - 168)  # its own gid (flipped) kept


def test_a_tile_template_whose_tileset_the_map_does_not_list_is_one_line(tmp_path):
    write_json(tmp_path, "gone.tsj", blocks(tmp_path))
    path = tile_template_map(tmp_path, 9, template_tileset="gone.tsj")
    level, findings = read_level(path)
    assert level is None and [f.problem for f in findings if f.severity == "error"] == [
        "object 5: template 'sub/box.tj' uses the tileset '../gone.tsj', which the map does not list "
        "(Tiled adds it when it saves the map: open and save the map in Tiled)"
    ]


def test_sticker_knights_tile_templates_are_the_tiles_the_same_map_held_before_templates(tmp_path):
    """Tiled's Sticker Knight example: ``sandbox.tmx`` (Tiled 1.8) places its hero, blocks and diamonds
    from tile templates (``templates/*.tx``, each naming ``../objs.tsx``); the same map saved by Tiled
    1.0, before templates, holds each of those objects with its gid and size. Both agree."""
    import xml.etree.ElementTree as etree

    from game.tiled.templates import apply_xml

    folder = Path(__file__).parent / "real_maps" / "tiled" / "sticker-knight" / "map"
    now = etree.parse(folder / "sandbox.tmx").getroot()
    templated = {o.attrib["id"] for o in now.iter("object") if "template" in o.attrib}
    assert len(templated) == 9
    assert apply_xml(now, folder, [(1, folder / "objs.tsx")]) == []
    before = {o.attrib["id"]: o.attrib for o in etree.parse(folder / "sandbox-tiled-1.0.tmx").iter("object")}
    resolved = {o.attrib["id"]: o.attrib for o in now.iter("object") if o.attrib["id"] in templated}
    same = [i for i in templated if i in before]
    assert len(same) >= 5
    for oid in same:
        assert {k: resolved[oid][k] for k in ("gid", "width", "height")} == {
            k: before[oid][k] for k in ("gid", "width", "height")
        }, oid
    level, findings = read_level(folder / "sandbox.tmx")
    assert level is not None and not [f for f in findings if f.severity == "error"]


def test_a_big_template_named_many_times_is_refused_before_it_is_copied(tmp_path):
    points = [{"x": float(k % 100), "y": float(k // 100)} for k in range(4_000)]
    (tmp_path / "big.tj").write_text(json.dumps({"type": "template", "object": {"polygon": points}}))
    uses = [{"id": k, "template": "big.tj", "x": 0, "y": 0} for k in range(1, 1 + MAX_POINTS // 4_000 + 1)]
    level, findings = read_level(maps.write(tmp_path, maps.with_walls(*uses)))
    errors = [f.problem for f in findings if f.severity == "error"]
    assert level is None and errors == [
        f"the map's templates hold more than {MAX_POINTS:,} polygon and polyline "
        "points where they are used; the limit is for the whole map"
    ]
