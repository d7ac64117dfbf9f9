"""The written limits on a map's machines (issue 40 §3): joints per map, joints per chain and shapes
per prop, each checked before the work it bounds and said in one line. A hostile map of 100,000 joints
is one line and nothing else, said before any joint is read."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.tiled import read_level
from game.tiled.joints import MAX_CHAIN_LINKS, MAX_JOINTS_IN_MAP
from game.tiled.limits import MAX_OBJECTS
from game.tiled.prop_kinds import MAX_PROP_PARTS, read_props
from game.tiled.props import PROPS_FILE

from . import maps

ROOT = Path(__file__).resolve().parents[3]


def check(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.check", *map(str, paths)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )


def finding_lines(done: subprocess.CompletedProcess) -> list[str]:
    """The checker's finding lines (indented under their heading), after checking nothing else broke."""
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return [line.strip() for line in done.stdout.splitlines() if line.startswith("  ")]


def hinge(oid: int, a: int | None, b: int | None, x: float = 100, y: float = 100) -> dict:
    properties = [{"name": n, "type": "object", "value": r} for n, r in (("body_a", a), ("body_b", b)) if r]
    return maps.obj(oid, "", "hinge", x=x, y=y, point=True, properties=properties)


def crate(oid: int, x: float, y: float) -> dict:
    return maps.obj(oid, "", "crate", x=x, y=y, point=True)


def with_props(*objects: dict, joints: list[dict] = ()) -> dict:
    """A 320 × 256 map with a floor, ``objects`` in its props layer and ``joints`` in a joints layer."""
    data = maps.with_walls(maps.rect(1, 0, 0, 320, 8), start=(40, 200))
    data["layers"].append(maps.layer(3, "props", list(objects)))
    if joints:
        data["layers"].append(maps.layer(4, "joints", list(joints)))
    return data


def errors(findings) -> list[str]:
    return [str(f) for f in findings if f.severity == "error"]


def test_a_map_of_100000_joints_is_one_line_and_nothing_else_said_before_any_is_read(tmp_path):
    joints = [hinge(100 + k, 10, 10_000_000 + k) for k in range(100_000)]  # each would be an error
    path = maps.write(tmp_path, with_props(crate(10, 100, 100), joints=joints))  # 26 MB of JSON
    started = time.perf_counter()
    json.loads(path.read_bytes())
    parse = time.perf_counter() - started  # the least any reader pays; the machine's load in it too
    started = time.perf_counter()
    level, findings = read_level(path)
    took = time.perf_counter() - started
    assert level is None
    line = (
        f"{path}: map has {100_000 + 3:,} objects; the limit is {MAX_OBJECTS:,}"  # with a wall, start, crate
    )
    assert [str(f) for f in findings] == [line]
    # About 3 parses' time (1.4 s alone): the file read, its depth and ids checked, the objects counted.
    assert took < 4 * parse + 2.0, f"{took:.2f} s ({parse:.2f} s to parse): the joints were read one by one"
    done = check(path)
    assert done.returncode == 1 and finding_lines(done) == [line]


@pytest.mark.parametrize("name", ["map.tmj", "map.tmx"])
def test_more_joints_than_the_limit_is_one_line_before_any_joint_is_read(tmp_path, name):
    count = 5 * MAX_JOINTS_IN_MAP  # under the objects' limit: the joints' own is what stops it
    joints = [hinge(100 + k, 10, 10_000_000 + k) for k in range(count)]
    data = with_props(crate(10, 100, 100), joints=joints)
    path = maps.write(tmp_path, to_tmx(data) if name.endswith(".tmx") else data, name)
    started = time.perf_counter()
    level, findings = read_level(path)
    took = time.perf_counter() - started
    assert level is None
    assert [str(f) for f in findings] == [
        f"{path}: map has {count:,} joints; the limit is {MAX_JOINTS_IN_MAP:,}"
    ]
    assert took < 3.0, f"{took:.2f} s: the joints were read one by one"
    done = check(path)
    assert done.returncode == 1
    assert finding_lines(done) == [f"{path}: map has {count:,} joints; the limit is {MAX_JOINTS_IN_MAP:,}"]


def test_joints_in_hidden_layers_count_and_those_of_other_layers_are_no_joints(tmp_path):
    data = with_props(crate(10, 100, 100))
    hidden = maps.layer(4, "joints", [hinge(100 + k, 10, None) for k in range(MAX_JOINTS_IN_MAP + 1)])
    hidden["visible"] = False
    data["layers"].append(hidden)
    path = maps.write(tmp_path, data)
    assert errors(read_level(path)[1]) == [
        f"{path}: map has {MAX_JOINTS_IN_MAP + 1:,} joints; the limit is {MAX_JOINTS_IN_MAP:,}"
    ]
    data["layers"][-1]["name"] = "notes"  # a point of class hinge in any other layer is no joint
    level, findings = read_level(maps.write(tmp_path, data))
    assert level is not None and errors(findings) == []


def chain(links: int) -> dict:
    """A chain of ``links`` crates hung from the world by ``links`` hinges, each crate on the one before."""
    crates = [crate(10 + k, 60 + 30 * (k % 8), 40 + 25 * (k // 8)) for k in range(links)]
    hinges = [hinge(1000 + k, 10 + k - 1 if k else None, 10 + k) for k in range(links)]
    return with_props(*crates, joints=hinges)


def test_a_chain_at_the_limit_loads_and_one_link_more_is_one_line_naming_its_first_joint(tmp_path):
    level, findings = read_level(maps.write(tmp_path, chain(MAX_CHAIN_LINKS)))
    assert level is not None and errors(findings) == [] and len(level.joints) == MAX_CHAIN_LINKS
    path = maps.write(tmp_path, chain(MAX_CHAIN_LINKS + 1))
    level, findings = read_level(path)
    n = MAX_CHAIN_LINKS + 1
    expected = (
        f"{path}:1000 (): joins a chain of {n} joints on {n} props (joined to one another); the limit is "
        f"{MAX_CHAIN_LINKS} joints a chain (a rope holds a weight at any length)"
    )
    assert level is None and [str(f) for f in findings if f.severity != "info"] == [expected]
    done = check(path)
    assert done.returncode == 1 and finding_lines(done) == [expected]


def test_joints_to_the_world_join_nothing_so_many_doors_are_many_short_chains(tmp_path):
    doors = [crate(10 + k, 40 + 4 * (k % 60), 40 + 4 * (k // 60)) for k in range(2 * MAX_CHAIN_LINKS)]
    hinges = [hinge(1000 + k, None, 10 + k) for k in range(2 * MAX_CHAIN_LINKS)]
    level, findings = read_level(maps.write(tmp_path, with_props(*doors, joints=hinges)))
    assert level is not None and errors(findings) == []


def props_copy(tmp_path: Path, edit) -> Path:
    """``assets/props.tsj`` edited, written as ``props_big.tsj`` beside a link to its images."""
    data = json.loads(PROPS_FILE.read_text())
    edit(data)
    path = tmp_path / "props_big.tsj"
    path.write_text(json.dumps(data))
    (tmp_path / "props").symlink_to(PROPS_FILE.parent / "props")
    return path


def test_a_prop_of_more_collision_objects_than_the_limit_is_one_line_before_any_is_built(tmp_path):
    count = 64  # a tile may hold this many (``MAX_TILE_SHAPES``): the props' limit is said first

    def edit(data):
        shapes = data["tiles"][0]["objectgroup"]["objects"]
        first = shapes[0]
        shapes[:] = [
            {**copy.deepcopy(first), "id": 1 + k, "width": 1, "height": 1, "x": k % 30} for k in range(count)
        ]

    path = props_copy(tmp_path, edit)
    kinds, findings = read_props(path)
    expected = (
        f"{path}: tile 0 (crate): {count} collision objects; the limit is {MAX_PROP_PARTS} parts a prop"
    )
    assert kinds is None and [str(f) for f in findings] == [expected]
    done = check(path)
    assert done.returncode == 1 and finding_lines(done) == [expected]


def test_a_concave_prop_split_into_more_parts_than_the_limit_is_one_line(tmp_path):
    teeth = MAX_PROP_PARTS + 2  # one polygon, a comb: one part a tooth at least

    def edit(data):
        top = [(1 + 3 * k + dx, 1 + dy) for k in range(teeth) for dx, dy in ((0, 0), (1, 0), (1, 10))]
        outline = [*top, (3 * teeth, 30), (1, 30)]
        data["tiles"][0]["objectgroup"]["objects"][:] = [
            {"id": 1, "name": "", "rotation": 0, "type": "", "visible": True, "x": 0, "y": 0,
             "polygon": [{"x": x, "y": y} for x, y in outline]}
        ]  # fmt: skip

    path = props_copy(tmp_path, edit)
    kinds, findings = read_props(path)
    lines = [str(f) for f in findings if f.severity == "error"]
    assert kinds is None and len(lines) == 1, lines
    assert "convex parts; the limit is 16" in lines[0] and lines[0].startswith(f"{path}: tile 0 (crate): ")


def to_tmx(data: dict) -> str:
    """The maps of these tests (object layers of rectangles and points) as Tiled's XML."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{data["width"]}" '
        f'height="{data["height"]}" tilewidth="32" tileheight="32" infinite="0">',
    ]
    for layer in data["layers"]:
        out.append(f' <objectgroup id="{layer["id"]}" name="{layer["name"]}">')
        for o in layer["objects"]:
            size = "" if o.get("point") else f' width="{o["width"]}" height="{o["height"]}"'
            out.append(f'  <object id="{o["id"]}" type="{o["type"]}" x="{o["x"]}" y="{o["y"]}"{size}>')
            if o.get("properties"):
                out.append("   <properties>")
                out += [
                    f'    <property name="{p["name"]}" type="{p["type"]}" value="{p["value"]}"/>'
                    for p in o["properties"]
                ]
                out.append("   </properties>")
            if o.get("point"):
                out.append("   <point/>")
            out.append("  </object>")
        out.append(" </objectgroup>")
    out.append("</map>")
    return "\n".join(out)
