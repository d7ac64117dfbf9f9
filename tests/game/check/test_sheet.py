"""Hitbox sheets: the right colour where each kind of thing is drawn, and a file per level."""

from __future__ import annotations

import pytest

from engine.collision import aabb
from game.check.report import check_file
from game.check.sheet import (
    AABB,
    FINDING,
    PART_FILLS,
    START,
    WALL_FILL,
    draw_sheet,
    write_sheets,
)
from tests.game.check.defects import DEFECTS
from tests.game.tiled.maps import layer, point, polygon, rect, tiled_map, with_walls, write


@pytest.fixture
def sheet_level(tmp_path):
    """A wall box, an L split into two parts, a thin sliver (a finding), a diamond, and the start."""
    walls = [
        rect(1, 40, 40, 80, 60, name="box"),
        polygon(2, 180, 40, [(0, 0), (100, 0), (100, 40), (40, 40), (40, 140), (0, 140)], name="L"),
        rect(3, 60, 200, 3, 40, name="sliver"),
        rect(4, 240, 170, 40, 40, rotation=45, name="diamond"),
    ]
    data = tiled_map([layer(1, "walls", walls), layer(2, "player", [point(99, "", 100, 160, name="start")])])
    return check_file(write(tmp_path, data, "sheet.tmj"))


def colour_at(image, frame, x, y):
    px, py = frame(x, y)
    return image.getpixel((round(px), image.height - 1 - round(py)))[:3]


def test_sheet_colours_walls_split_parts_aabbs_start_and_findings(window, sheet_level):
    import arcade

    window.clear()
    frame = draw_sheet(sheet_level, window.width, window.height)
    image = arcade.get_image(0, 0, window.width, window.height)
    height = sheet_level.level.height
    # The box: Tiled (40..120, 40..100) is world y 156..216.
    assert colour_at(image, frame, 80, height - 70) == WALL_FILL
    # The L's two convex parts get the two alternating fills.
    parts = {colour_at(image, frame, 200, height - 150), colour_at(image, frame, 260, height - 60)}
    assert parts == set(PART_FILLS)
    # The start is a green disc; the sliver's thin-wall warning a red ring 14 px around its centre.
    assert colour_at(image, frame, 100, height - 160) == START
    (finding,) = [f for f in sheet_level.findings if f.object_id == 3]
    fx, fy = frame(*finding.where)
    ring = {image.getpixel((round(fx) + dx, image.height - 1 - round(fy)))[:3] for dx in range(10, 16)}
    assert FINDING in ring
    # The diamond's bounding box: its lower-left corner is far from the diamond, drawn faint grey.
    (diamond,) = [w for w in sheet_level.level.walls if w.object_id == 4]
    shape, xf = diamond.parts[0]
    x0, y0, _, _ = aabb(shape, xf)
    cx, cy = frame(x0, y0)
    corner = {
        image.getpixel((round(cx) + dx, image.height - 1 - round(cy) - dy))[:3]
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    }
    assert AABB in corner


def test_write_sheets_writes_one_png_per_level_even_one_that_cannot_be_loaded(window, sheet_level, tmp_path):
    broken = check_file(write(tmp_path, "{", "broken.tmj"))
    notes, written = write_sheets([sheet_level, broken], tmp_path / "out")
    assert (tmp_path / "out" / "sheet.png").is_file()
    assert (tmp_path / "out" / "broken.png").is_file()
    assert written and len(notes) == 2 and all(n.startswith("wrote ") for n in notes)


def test_a_broken_levels_sheet_rings_the_broken_polygon_where_it_crosses_itself(window, tmp_path):
    import arcade

    result = check_file(write(tmp_path, DEFECTS["self-intersecting polygon"][0], "bow.tmj"))
    assert result.level is None
    window.clear()
    frame = draw_sheet(result, window.width, window.height)
    image = arcade.get_image(0, 0, window.width, window.height)
    (finding,) = result.errors
    fx, fy = frame(*finding.where)
    ring = {image.getpixel((round(fx) + dx, image.height - 1 - round(fy)))[:3] for dx in range(10, 16)}
    assert FINDING in ring
    image.save(tmp_path / "look.png")


def test_a_finding_far_outside_the_map_is_listed_above_it_not_ringed_off_the_sheet(window, tmp_path):
    import arcade

    def strip_reds(x: float) -> int:
        """Red pixels in the strip under the title (where findings without a place are listed)."""
        data = with_walls(rect(7, x, 40, 30, 30, name="far"))
        result = check_file(write(tmp_path, data, "far.tmj"))
        window.clear()
        draw_sheet(result, window.width, window.height)
        image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
        strip = image.crop((0, 36, window.width, 54))
        return sum(1 for r, g, b in strip.getdata() if r > 150 and g < 90 and b < 90)

    assert strip_reds(100) == 0  # inside the map: no finding
    assert strip_reds(90_000) > 50  # issue 40 §5: a warning, listed where it can be read
