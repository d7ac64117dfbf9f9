"""Issue 22 §2: object templates (``.tj``, ``.tx``) are read: an instance takes its template's fields, its
own overriding them, as Tiled does; a template's points count where it is used."""

from __future__ import annotations

import json

from game.tiled import read_level
from game.tiled.limits import MAX_POINTS

from . import maps
from .geometry import wall_geometry

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


def test_a_missing_template_or_a_tile_template_is_one_line(tmp_path):
    path = maps.write(tmp_path, maps.with_walls({"id": 5, "template": "gone.tj", "x": 0, "y": 0}))
    level, findings = read_level(path)
    assert level is None and [str(f) for f in findings if f.severity == "error"] == [
        f"{path}: object 5: template 'gone.tj': cannot read it (No such file or directory)"
    ]
    (tmp_path / "coin.tj").write_text(
        json.dumps(
            {
                "type": "template",
                "tileset": {"firstgid": 1, "source": "t.tsj"},
                "object": {"gid": 1, "width": 32, "height": 32},
            }
        )
    )
    path = maps.write(tmp_path, maps.with_walls({"id": 5, "template": "coin.tj", "x": 0, "y": 0}))
    errors = [f.problem for f in read_level(path)[1] if f.severity == "error"]
    assert errors == [
        "object 5: template 'coin.tj' is a tile object: tile templates are not read yet (detach it "
        "in Tiled: right-click > Detach)"
    ]


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
