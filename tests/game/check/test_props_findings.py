"""The checker's props checks on real map files: a prop in a wall, two props on each other, props sealing a spawn."""

from __future__ import annotations

import time

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


def test_2000_props_on_one_spot_are_one_error_line_found_fast(tmp_path, capsys):
    """Issue 44: 2,000 crates placed on one spot (inside the 2,000-prop limit) made 1,999,000 warnings
    in 26 s and 1.2 GB, with exit status 0. They are one line per pile, and a pile-up (a prop on more
    than the engine's ``MAX_BODY_CONTACTS`` others) is an error: where they end is the solver's guess."""
    path = maps.write(
        tmp_path, level_with([prop(1000 + k, "crate", 160, 128) for k in range(2000)]), "level.tmj"
    )
    start = time.perf_counter()
    assert main([str(path)]) == 1
    assert time.perf_counter() - start < 10.0  # 0.7 s measured here
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "props overlap" in line or "overlaps crate" in line]
    assert [line.split("/")[-1] for line in lines] == [
        "level.tmj:1000 (p1000): 2,000 props overlap at (160, 128), some on more than 16 others: a pile-up "
        "the engine pushes apart over many ticks, not where they were placed"
    ]
    assert "checked 1 level: 1 error, 4 warnings" in out  # (the four: the room's walls overlap at corners)


def test_a_few_props_on_one_another_are_one_warning_line_two_are_the_pair_line(tmp_path):
    few = [prop(30, "crate", 150, 60), prop(31, "crate", 158, 60), prop(32, "barrel", 154, 66)]
    two = [prop(40, "crate", 250, 200), prop(41, "crate", 258, 200)]
    found = [
        p
        for p in problems(tmp_path, level_with(few + two))
        if "props overlap" in p[2] or "overlaps crate" in p[2]
    ]
    assert found == [
        ("warning", 30, "3 props overlap at (154, 194): they fly apart on the first tick"),
        ("warning", 41, "crate overlaps crate 40: they fly apart on the first tick"),
    ]


def test_two_piles_are_two_lines(tmp_path):
    piles = [prop(100 + k, "crate", 100, 60) for k in range(40)] + [
        prop(200 + k, "crate", 250, 180) for k in range(40)
    ]
    found = [
        p
        for p in problems(tmp_path, level_with(piles))
        if "props overlap" in p[2] or "overlaps crate" in p[2]
    ]
    assert [(severity, oid) for severity, oid, _ in found] == [("error", 100), ("error", 200)]
    assert [p[2].split(",")[0] for p in found] == ["40 props overlap at (100", "40 props overlap at (250"]
    assert "at (100, 196), some on more than 16 others" in found[0][2]
    assert "at (250, 76), some on more than 16 others" in found[1][2]


def test_a_compound_prop_is_checked_by_its_parts_not_its_hull(tmp_path):
    # crate_l: an arm 30 px wide and a foot to its right, below (Tiled, y down) a notch of 32 × 30 px.
    # A crate in the notch touches neither part; the L's foot in the east wall is an error.
    found = problems(tmp_path, level_with([prop(30, "crate_l", 150, 128), prop(31, "crate", 166, 112)]))
    assert not [p for p in found if p[1] in (30, 31)], found
    found = problems(tmp_path, level_with([prop(30, "crate_l", 290, 128)]))
    assert any(p[:2] == ("error", 30) and "crate_l starts inside wall 4" in p[2] for p in found), found
