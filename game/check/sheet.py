"""Hitbox sheets: one PNG per level showing every collision shape as the engine sees it.

Drawn with arcade into a hidden window (headless), the map scaled to fit
below a title strip. World frame: pixels, y up, origin at the map's
bottom-left, so the sheet is the level as the game shows it. Colours:

- walls of one part: dark blue outline on a pale fill;
- the convex parts of a split polygon: alternating green and purple;
- each part's bounding box: a faint grey rectangle;
- player start: the player's hitbox in green; spawns: the hitbox of the
  enemy spawned there in orange (both at angle 0, as the game places
  them); pickups: small teal squares; props: their kind's shape at their
  pose, tan with a brown edge, labelled with the kind;
- findings: a red ring at the place, thick for an error and thin for a
  warning, labelled with ``#id`` and the problem in a few words
  (``ring_label``: "gap 10 px, player 25.8 px"); findings without a place
  are listed in the title strip.

A legend along the bottom says what each colour means.

A level the loader cannot build still gets a sheet: the map's frame, a red
ring at every finding that has a place, and the error lines.
"""

from __future__ import annotations

import math
import re
import warnings
from pathlib import Path
from typing import NamedTuple

import arcade
from arcade.exceptions import PerformanceWarning

from game.files.images import save_image
from game.files.safe_read import read_json
from game.geometry.joint_lines import arc, zigzag
from game.render.outline import outline
from game.render.walls import chain_polygons
from game.tiled.limits import MAX_FILE_BYTES
from game.tiled.prop_kinds import prop_kinds, spot_kind

from .hitbox import actor_parts, player_parts
from .parts import wall_parts
from .report import Checked

SHEET_SIZE = (1600, 1000)
TITLE_STRIP = 60
LEGEND_STRIP = 30
MARGIN = 20

PAPER = (250, 250, 246)
MAP_FILL = (232, 230, 222)
MAP_EDGE = (120, 120, 120)
WALL_FILL = (170, 190, 225)
WALL_EDGE = (30, 50, 120)
PART_FILLS = ((150, 215, 150), (205, 165, 225))
PART_EDGES = ((20, 110, 30), (110, 40, 140))
AABB = (200, 200, 200)
START = (40, 170, 60)
SPAWN = (240, 140, 30)
PICKUP = (20, 160, 170)
PROP_FILL, PROP_EDGE = (222, 190, 140), (130, 80, 30)
#: A joint's pins and its rope, spring or slider line.
JOINT = (230, 120, 20)
FINDING = (230, 20, 20)
INK = (30, 30, 30)


class SheetFrame(NamedTuple):
    """World pixels to sheet pixels: uniform scale, map at (left, bottom)."""

    scale: float
    left: float
    bottom: float

    def __call__(self, x: float, y: float) -> tuple[float, float]:
        return self.left + x * self.scale, self.bottom + y * self.scale


def sheet_frame(map_w: float, map_h: float, width: int, height: int) -> SheetFrame:
    """Fit the map between the title strip and the legend, centred.

    >>> sheet_frame(200.0, 100.0, 440, 300)
    SheetFrame(scale=1.7, left=50.0, bottom=50.0)
    """
    room_w, room_h = width - 2 * MARGIN, height - TITLE_STRIP - LEGEND_STRIP - 2 * MARGIN
    scale = min(room_w / map_w, room_h / map_h)
    left = (width - map_w * scale) / 2.0
    bottom = MARGIN + LEGEND_STRIP + (room_h - map_h * scale) / 2.0
    return SheetFrame(scale, left, bottom)


def draw_sheet(result: Checked, width: int, height: int) -> SheetFrame:
    """Draw one level's sheet into the current window; returns the world-to-sheet mapping."""
    with warnings.catch_warnings():  # draw_text is slow; a sheet is drawn once
        warnings.simplefilter("ignore", PerformanceWarning)
        return _draw_sheet(result, width, height)


def _draw_sheet(result: Checked, width: int, height: int) -> SheetFrame:
    level = result.level
    if level is None:
        return _draw_broken(result, width, height)
    frame = sheet_frame(level.width, level.height, width, height)
    arcade.draw_lrbt_rectangle_filled(0, width, 0, height, PAPER)
    x0, y0 = frame(0, 0)
    x1, y1 = frame(level.width, level.height)
    arcade.draw_lrbt_rectangle_filled(x0, x1, y0, y1, MAP_FILL)
    arcade.draw_lrbt_rectangle_outline(x0, x1, y0, y1, MAP_EDGE, 1)
    parts = wall_parts(level)
    for part in parts:
        bx0, by0 = frame(part.box[0], part.box[1])
        bx1, by1 = frame(part.box[2], part.box[3])
        arcade.draw_lrbt_rectangle_outline(bx0, bx1, by0, by1, AABB, 1)
    for wall in level.walls:
        if wall.chain:  # the line the engine collides, and the rock on its solid side
            for points in chain_polygons(wall):
                arcade.draw_polygon_filled([frame(x, y) for x, y in points], WALL_FILL)
            ends = [frame(x, y) for x, y in wall.chain + wall.chain[:1] * wall.loop]
            arcade.draw_line_strip(ends, WALL_EDGE, 2)
            continue
        split = len(wall.parts) > 1 and wall.kind == "polygon"
        for k, (shape, xf) in enumerate(wall.parts):
            pts = [frame(x, y) for x, y in outline(shape, xf, 48)]
            fill, edge = (PART_FILLS[k % 2], PART_EDGES[k % 2]) if split else (WALL_FILL, WALL_EDGE)
            arcade.draw_polygon_filled(pts, fill)
            arcade.draw_polygon_outline(pts, edge, 2)
    _draw_markers(level, frame)
    _draw_joints(level, frame)
    _draw_findings(result, frame, width, height)
    _draw_legend()
    return frame


def _draw_hitbox(parts, x: float, y: float, frame: SheetFrame, colour) -> float:
    """An actor's hitbox at a marker, at angle 0 as the game places it (at least 3 px across on the
    sheet so a small map still shows it); returns how far right of the marker it reaches, sheet px."""
    right = 3.0
    for shape in parts:
        pts = [frame(px, py) for px, py in outline(shape, (x, y, 0.0), 32)]
        sx, sy = frame(x, y)
        if max(abs(px - sx) + abs(py - sy) for px, py in pts) < 3.0:
            arcade.draw_circle_filled(sx, sy, 3.0, colour)
            continue
        arcade.draw_polygon_filled(pts, colour)
        right = max(right, max(px for px, _ in pts) - sx)
    return right


#: Sheet px: a hinge's limit arc's radius, a spring's half-width, and how near two joints' labels
#: may come before the second is left out (a chain's hinges are one label, not a smear).
JOINT_ARC, JOINT_SPRING, JOINT_LABEL_GAP = 12.0, 3.0, 36.0


def _draw_joints(level, frame: SheetFrame) -> None:
    """Each joint of ``level``: a pin at each anchor, a hinge's limits as an arc round its pin (from
    the prop's angle as placed plus its lower limit to plus its upper), a spring as a zig-zag, a
    line for a rope or slider, and its kind beside it (one label where several crowd together)."""
    props = {p.object_id: p for p in level.props}
    labels: list[tuple[float, float]] = []
    for joint in level.joints:
        points = [frame(x, y) for x, y in joint.points]
        options = joint.options
        turned = props.get(joint.b if joint.b is not None else joint.a)
        if joint.kind == "hinge" and "lower" in options and "upper" in options and turned is not None:
            start, end = turned.angle + options["lower"], turned.angle + options["upper"]
            arcade.draw_line_strip(list(arc(points[0], JOINT_ARC, start, end)), JOINT, 2)
        if len(points) == 2:
            if joint.kind == "spring":
                arcade.draw_line_strip(list(zigzag(points[0], points[1], width=JOINT_SPRING)), JOINT, 2)
            else:
                arcade.draw_line(*points[0], *points[1], JOINT, 2)
        for x, y in points:
            arcade.draw_circle_filled(x, y, 4, JOINT)
        if all(math.dist(points[0], at) > JOINT_LABEL_GAP for at in labels):
            arcade.draw_text(joint.kind, points[0][0] + 6, points[0][1] + 4, JOINT, 9)
            labels.append(points[0])


def _draw_markers(level, frame: SheetFrame) -> None:
    sx, sy = frame(level.player_start.x, level.player_start.y)
    r = _draw_hitbox(player_parts(), level.player_start.x, level.player_start.y, frame, START)
    arcade.draw_text("start", sx + r + 2, sy - 5, START, 10, bold=True)
    for spawn in level.spawns:
        x, y = frame(spawn.x, spawn.y)
        try:
            parts = actor_parts(spawn.kind)
        except KeyError:
            parts = player_parts()
        r = _draw_hitbox(parts, spawn.x, spawn.y, frame, SPAWN)
        arcade.draw_text(spawn.kind, x + r + 2, y - 5, SPAWN, 9)
    for pickup in level.pickups:
        x, y = frame(pickup.x, pickup.y)
        arcade.draw_lrbt_rectangle_filled(x - 4, x + 4, y - 4, y + 4, PICKUP)
        arcade.draw_text(pickup.kind, x + 6, y - 5, PICKUP, 9)
    _draw_props(level, frame)


def _draw_props(level, frame: SheetFrame) -> None:
    """Each prop's collision shape as the game places it (``game.tiled.prop_kinds``): every part of a
    compound prop, each outlined (the seams show how the designer drew it)."""
    if not level.props:
        return
    kinds = prop_kinds()
    for spot in level.props:
        for part in spot_kind(spot, kinds).parts:
            pts = [frame(x, y) for x, y in outline(part, (spot.x, spot.y, spot.angle), 24)]
            arcade.draw_polygon_filled(pts, PROP_FILL)
            arcade.draw_polygon_outline(pts, PROP_EDGE, 1)


def _draw_findings(result: Checked, frame: SheetFrame, width: int, height: int) -> None:
    level = result.level
    title = (
        f"{level.name}  ({level.width:g} × {level.height:g} px)   "
        f"{len(result.errors)} errors, {len(result.warnings)} warnings"
    )
    arcade.draw_text(title, MARGIN, height - 28, INK, 16, bold=True)
    unplaced = []
    for finding in (*result.warnings, *result.errors):  # errors drawn last, on top
        at = None if finding.where is None else frame(*finding.where)
        if at is None or not (0 <= at[0] <= width and 0 <= at[1] <= height):
            unplaced.append(finding)  # a wall or prop far outside the map: listed, not lost off the sheet
            continue
        _draw_ring(finding, frame)
    if unplaced:
        text = "; ".join(f.problem if f.where is None else f"#{f.object_id} {f.problem}" for f in unplaced)
        arcade.draw_text(text[:180], MARGIN, height - 50, FINDING, 11)


#: Problem text -> the few words beside its ring; the first pattern that matches wins.
_SHORT = (
    (
        re.compile(r"gap of ([\d.]+) px .* hitbox is ([\d.]+) px"),
        lambda m: f"gap {float(m[1]):g} px, player {m[2]} px",
    ),
    (
        re.compile(r"overlaps wall (\d+) .* by ([\d.]+) px"),
        lambda m: f"overlaps #{m[1]} by {float(m[2]):g} px",
    ),
    (re.compile(r"very thin wall \(([\d.]+) px"), lambda m: f"thin: {float(m[1]):g} px across"),
    (re.compile(r"split into (\d+) convex"), lambda m: f"concave: split in {m[1]}"),
    (re.compile(r"inside wall (\d+)"), lambda m: f"inside wall #{m[1]}"),
    (re.compile(r"outside the map"), lambda m: "outside the map"),
    (re.compile(r"seals \w+ \w+ (\d+) "), lambda m: f"seals #{m[1]} in"),
    (
        re.compile(r"reaches ([\d.]+) px outside the tile"),
        lambda m: f"shape {float(m[1]):g} px out of its tile",
    ),
    (re.compile(r"cannot be reached"), lambda m: "unreachable"),
    (re.compile(r"self-intersects"), lambda m: "self-intersects"),
    (re.compile(r"zero area"), lambda m: "zero area"),
)
MAX_LABEL_CHARS = 40


def ring_label(finding) -> str:
    """The words beside a finding's ring: its object and its problem in short.

    >>> from game.level import Finding
    >>> ring_label(Finding("warning", "a.tmj", 7, "left",
    ...     "gap of 10.0 px to wall 8 (right): the player cannot pass it at any angle (its hitbox is 25.8 px "
    ...     "across its narrowest way) and fits on both sides"))
    '#7 gap 10 px, player 25.8 px'
    >>> ring_label(Finding("warning", "a.tmj", None, "", "an area of about 512 px² cannot be reached"))
    'unreachable'
    """
    for pattern, short in _SHORT:
        match = pattern.search(finding.problem)
        if match:
            text = short(match)
            break
    else:
        text = finding.problem.split(":", 1)[0]
        text = text if len(text) <= MAX_LABEL_CHARS else text[: MAX_LABEL_CHARS - 1] + "…"
    if getattr(finding, "tile", None) is not None:
        return f"tile-{finding.tile.col},{finding.tile.row} {text}"
    return f"#{finding.object_id} {text}" if finding.object_id is not None else text


def _draw_ring(finding, frame: SheetFrame) -> None:
    x, y = frame(*finding.where)
    error = finding.severity == "error"
    arcade.draw_circle_outline(x, y, 14, FINDING, 3 if error else 1.5)
    label = arcade.Text(ring_label(finding), x + 15, y + 6, FINDING, 11, bold=error)
    # A veil of paper behind the words: walls and other labels under them stay out of the way.
    arcade.draw_lrbt_rectangle_filled(x + 13, x + 17 + label.content_width, y + 3, y + 21, (*PAPER, 210))
    label.draw()


def _draw_legend() -> None:
    """One row along the bottom: a swatch and a word for every colour on the sheet."""
    x, y = MARGIN, MARGIN / 2 + 4
    for swatch, words in (
        (
            lambda x: (
                arcade.draw_lrbt_rectangle_filled(x, x + 18, y - 6, y + 6, WALL_FILL),
                arcade.draw_lrbt_rectangle_outline(x, x + 18, y - 6, y + 6, WALL_EDGE, 2),
            ),
            "wall",
        ),
        (
            lambda x: (
                arcade.draw_lrbt_rectangle_filled(x, x + 9, y - 6, y + 6, PART_FILLS[0]),
                arcade.draw_lrbt_rectangle_filled(x + 9, x + 18, y - 6, y + 6, PART_FILLS[1]),
            ),
            "parts of a split polygon",
        ),
        (
            lambda x: arcade.draw_lrbt_rectangle_outline(x, x + 18, y - 6, y + 6, AABB, 1),
            "part's bounding box",
        ),
        (lambda x: arcade.draw_circle_filled(x + 9, y, 7, START), "player start (hitbox)"),
        (lambda x: arcade.draw_circle_filled(x + 9, y, 7, SPAWN), "spawn (enemy's hitbox)"),
        (lambda x: arcade.draw_lrbt_rectangle_filled(x + 5, x + 13, y - 4, y + 4, PICKUP), "pickup"),
        (lambda x: arcade.draw_lrbt_rectangle_filled(x + 3, x + 15, y - 6, y + 6, PROP_FILL), "prop"),
        (lambda x: arcade.draw_circle_filled(x + 9, y, 4, JOINT), "joint"),
        (
            lambda x: arcade.draw_circle_outline(x + 9, y, 8, FINDING, 3),
            "error (#object: problem)",
        ),
        (lambda x: arcade.draw_circle_outline(x + 9, y, 8, FINDING, 1.5), "warning"),
    ):
        swatch(x)
        label = arcade.Text(words, x + 24, y - 5, INK, 11)
        label.draw()
        x += 24 + label.content_width + 22


def map_size(path: Path) -> tuple[float, float] | None:
    """The map's size in pixels from its JSON header, if that much of the file is readable."""
    try:
        raw = read_json(path, MAX_FILE_BYTES)  # a FIFO or a device here must not hang the sheet
        w, h = raw["width"] * raw["tilewidth"], raw["height"] * raw["tileheight"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    ok = all(isinstance(v, (int, float)) and math.isfinite(v) and v > 0 for v in (w, h))
    return (float(w), float(h)) if ok else None


def _draw_broken(result: Checked, width: int, height: int) -> SheetFrame:
    """A level the loader could not build: the map's frame, every placed finding, and the error lines."""
    size = map_size(result.path) or (float(width), float(height))
    frame = sheet_frame(*size, width, height)
    arcade.draw_lrbt_rectangle_filled(0, width, 0, height, PAPER)
    x0, y0 = frame(0, 0)
    x1, y1 = frame(*size)
    arcade.draw_lrbt_rectangle_outline(x0, x1, y0, y1, MAP_EDGE, 1)
    title = (
        f"{result.path.stem}: cannot be loaded ({len(result.errors)} errors, {len(result.warnings)} warnings)"
    )
    arcade.draw_text(title, MARGIN, height - 28, FINDING, 16, bold=True)
    for finding in (*result.warnings, *result.errors):
        if finding.where is not None:
            _draw_ring(finding, frame)
    _draw_legend()
    y = y1 - 20
    for finding in result.errors[:20]:
        if finding.tile is not None:
            text = f"{finding.tile}: {finding.problem}"
        elif finding.object_id is None:
            text = str(finding).split(": ", 1)[-1]
        else:
            text = f"#{finding.object_id} ({finding.name}): {finding.problem}"
        arcade.draw_text(text[:150], x0 + 10, y, INK, 11)
        y -= 18
    return frame


def sheet_image(result: Checked):
    """The sheet as a PIL image, drawn in the current window (one is made, hidden, if there is none)."""
    window = _window()
    window.switch_to()
    window.clear()
    draw_sheet(result, window.width, window.height)
    return arcade.get_image(0, 0, window.width, window.height)


def _window() -> arcade.Window:
    try:
        return arcade.get_window()
    except RuntimeError:
        return arcade.Window(*SHEET_SIZE, "gjk-check", visible=False)


def write_sheets(results: list[Checked], folder: Path) -> tuple[list[str], bool]:
    """A ``<level>.png`` per loaded level in ``folder`` (``game.files.images.save_image``: atomic, never
    over anything but a regular file); returns lines for the user and whether every sheet was written."""
    notes, written = [], True
    for result in results:
        path = folder / f"{result.path.stem}.png"
        try:
            save_image(sheet_image(result), path)
        except OSError as problem:
            notes.append(
                f"cannot write {path}: {getattr(problem, 'problem', None) or problem.strerror or problem}"
            )
            written = False
            continue
        notes.append(f"wrote {path}")
    return notes, written


__all__ = ["SheetFrame", "draw_sheet", "ring_label", "sheet_frame", "sheet_image", "write_sheets"]
