"""The checker's props checks on real map files: a prop in a wall, two props on each other, props sealing a spawn."""

from __future__ import annotations

from game.check.cli import main
from game.check.report import check_file
from tests.game.tiled import maps


def level_with(props, walls=()):
    """A 320 × 256 room walled round, the player start at (40, 128) (Tiled, y down), and ``props``."""
    border = [
        maps.rect(1, 0, 0, 320, 16),
        maps.rect(2, 0, 240, 320, 16),
        maps.rect(3, 0, 0, 16, 256),
        maps.rect(4, 304, 0, 16, 256),
    ]
    data = maps.with_walls(*border, *walls, start=(40, 128))
    data["layers"].append(maps.layer(5, "spawns", [maps.point(60, "chaser", 270, 128)]))
    data["layers"].append(maps.layer(6, "props", props))
    return data


def prop(oid, kind, x, y):
    return maps.obj(oid, f"p{oid}", kind, x=x, y=y, point=True)


def problems(tmp_path, data):
    checked = check_file(maps.write(tmp_path, data, "level.tmj"))
    return [(f.severity, f.object_id, f.problem) for f in checked.findings]


def test_a_prop_placed_in_a_wall_is_an_error_naming_prop_and_wall(tmp_path, capsys):
    path = maps.write(tmp_path, level_with([prop(30, "crate", 20, 128)]), "level.tmj")
    assert main([str(path)]) == 1
    assert "level.tmj:30 (p30): crate starts inside wall 3" in capsys.readouterr().out


def test_two_props_on_each_other_are_a_warning(tmp_path):
    found = problems(tmp_path, level_with([prop(30, "crate", 150, 60), prop(31, "barrel", 160, 60)]))
    assert ("warning", 31, "barrel overlaps crate 30: they fly apart on the first tick") in found


def test_a_wall_of_heavy_crates_across_the_room_seals_the_spawn_behind_it(tmp_path):
    wall = [prop(30 + k, "heavy_crate", 200, 40 + 48 * k) for k in range(5)]
    found = problems(tmp_path, level_with(wall))
    sealed = [p for p in found if p[1] == 60]
    assert sealed and sealed[0][0] == "warning" and "sealed from the player start by props" in sealed[0][2]
    areas = [p for p in found if p[1] is None and "props seal an area" in p[2]]
    assert len(areas) == 1 and areas[0][0] == "warning"
    # The same crates with a gap a player fits through seal nothing.
    found = problems(tmp_path, level_with(wall[:2] + wall[3:]))
    assert not [p for p in found if p[1] == 60 or "props seal" in p[2]]


def test_the_shipped_levels_have_no_props_in_walls_or_on_each_other():
    from game.tiled import list_levels

    for path in list_levels():
        checked = check_file(path)
        assert not [f for f in checked.findings if "prop" in f.problem or "starts inside" in f.problem], path


def test_a_prop_resting_against_a_wall_is_not_inside_it_one_a_pixel_in_is(tmp_path):
    """Sticker Knight's push block stands on its platform, edge to edge: touching is not inside (the
    engine separates nothing); a block 1 px into the wall is."""
    dynamic = [{"name": "bodyType", "type": "string", "value": "dynamic"}]
    resting = maps.rect(30, 100, 16, 40, 40, name="block", properties=dynamic)  # its top on wall 1's bottom
    sunk = maps.rect(31, 200, 15, 40, 40, name="block", properties=dynamic)
    data = level_with([])
    data["layers"].append(maps.layer(7, "game", [resting, sunk]))
    found = problems(tmp_path, data)
    inside = [p for p in found if "starts inside" in p[2]]
    assert inside == [("error", 31, "dynamic body starts inside wall 1 ()")]
