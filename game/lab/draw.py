"""Drawing the lab with arcade: the shapes on the left, A − B on the right, numbers below.

Screen layout for a window ``width × height`` (pixels, y up): the world
panel is the left half, with world (0, 0) at its centre and 1 px per world
unit, so what you drag is what the engine sees; the Minkowski panel is the
right half, scaled to fit A − B and the origin. Colours follow the seeds'
pictures: A blue, B orange, A − B grey-blue, the simplex yellow, the search
direction magenta, the new support point green.
"""

from __future__ import annotations

import math
import warnings

import arcade
from arcade.exceptions import PerformanceWarning

from game.render.outline import outline

from .analysis import Analysis
from .state import LabState

TEXT_STRIP = 150  # px at the bottom for the numbers
BACKGROUND = (24, 26, 32)
COLOR_A = (80, 150, 255)
COLOR_B = (255, 160, 60)
COLOR_M = (120, 140, 170)
COLOR_CORE = (170, 190, 220)
COLOR_SIMPLEX = (255, 225, 70)
COLOR_KEPT = (255, 120, 40)
COLOR_DIRECTION = (255, 70, 220)
COLOR_SUPPORT = (80, 230, 110)
COLOR_ORIGIN = (255, 255, 255)
COLOR_DISTANCE = (90, 230, 230)
COLOR_NORMAL = (255, 80, 80)
COLOR_TEXT = (225, 225, 225)
COLOR_BAD = (255, 70, 70)
COLOR_GOOD = (110, 220, 120)


def world_origin(width: int, height: int) -> tuple[float, float]:
    """Where world (0, 0) sits on screen: the middle of the world panel."""
    return width / 4.0, TEXT_STRIP + (height - TEXT_STRIP) / 2.0


def screen_to_world(x: float, y: float, width: int, height: int) -> tuple[float, float]:
    ox, oy = world_origin(width, height)
    return x - ox, y - oy


class _Fit:
    """Maps A − B into the right panel: uniform scale (at most 1) about the centre of what is shown."""

    def __init__(self, points, width: int, height: int) -> None:
        xs = [p[0] for p in points] + [0.0]
        ys = [p[1] for p in points] + [0.0]
        self.cx, self.cy = (min(xs) + max(xs)) / 2.0, (min(ys) + max(ys)) / 2.0
        room_w, room_h = width / 2.0 - 60.0, height - TEXT_STRIP - 60.0
        span = max(max(xs) - min(xs), 1e-9), max(max(ys) - min(ys), 1e-9)
        self.scale = min(1.0, room_w / span[0], room_h / span[1])
        self.sx, self.sy = width * 0.75, TEXT_STRIP + (height - TEXT_STRIP) / 2.0

    def __call__(self, p) -> tuple[float, float]:
        return self.sx + (p[0] - self.cx) * self.scale, self.sy + (p[1] - self.cy) * self.scale


def draw_lab(state: LabState, analysis: Analysis, width: int, height: int) -> None:
    """Draw one frame of the lab into the current window."""
    with warnings.catch_warnings():  # draw_text is slow, and a lab frame is redrawn only on input
        warnings.simplefilter("ignore", PerformanceWarning)
        _draw_all(state, analysis, width, height)


def _draw_all(state: LabState, analysis: Analysis, width: int, height: int) -> None:
    arcade.draw_lrbt_rectangle_filled(0, width, 0, height, BACKGROUND)
    arcade.draw_line(width / 2, TEXT_STRIP, width / 2, height, (70, 70, 80), 2)
    arcade.draw_line(0, TEXT_STRIP, width, TEXT_STRIP, (70, 70, 80), 2)
    _draw_world(state, analysis, width, height)
    _draw_level_map(state, width, height)
    _draw_minkowski(state, analysis, width, height)
    _draw_numbers(state, analysis, width)


def _to_screen(points, width, height):
    ox, oy = world_origin(width, height)
    return [(x + ox, y + oy) for x, y in points]


def _draw_world(state: LabState, analysis: Analysis, width: int, height: int) -> None:
    arcade.draw_text("world", 10, height - 24, COLOR_TEXT, 13)
    for which, colour in ((0, COLOR_A), (1, COLOR_B)):
        pts = _to_screen(outline(state.shape(which), state.xfs[which], 64), width, height)
        arcade.draw_polygon_filled(pts, (*colour, 60))
        arcade.draw_polygon_outline(pts, colour, 3 if state.selected == which else 1.5)
        cx, cy = _to_screen([state.xfs[which][:2]], width, height)[0]
        arcade.draw_text("AB"[which], cx - 5, cy - 7, colour, 14, bold=True)
    if analysis.contact is None:
        (ax, ay), (bx, by) = _to_screen([analysis.distance.point_a, analysis.distance.point_b], width, height)
        arcade.draw_line(ax, ay, bx, by, COLOR_DISTANCE, 2)
        arcade.draw_circle_filled(ax, ay, 4, COLOR_DISTANCE)
        arcade.draw_circle_filled(bx, by, 4, COLOR_DISTANCE)
    else:
        c = analysis.contact
        (ax, ay), (bx, by) = _to_screen([c.point_a, c.point_b], width, height)
        arcade.draw_circle_filled(ax, ay, 4, COLOR_A)
        arcade.draw_circle_filled(bx, by, 4, COLOR_B)
        length = max(c.depth, 20.0)
        _arrow(bx, by, bx + c.normal[0] * length, by + c.normal[1] * length, COLOR_NORMAL)


MAP_BOX = (230.0, 170.0)  # px: the level map in the world panel's top-right corner
COLOR_WALL = (110, 115, 130)


def _draw_level_map(state: LabState, width: int, height: int) -> None:
    """A small map of the level's walls (when the palette holds a level), A's and B's parts in their colours."""
    parts = [(k, c) for k, c in enumerate(state.choices) if c.where is not None]
    if not parts:
        return
    outlines = [(k, outline(c.shape, c.where, 16)) for k, c in parts]
    xs = [x for _, pts in outlines for x, _ in pts]
    ys = [y for _, pts in outlines for _, y in pts]
    box_w, box_h = MAP_BOX
    left, top = width / 2 - box_w - 10, height - 10
    scale = min((box_w - 10) / max(max(xs) - min(xs), 1.0), (box_h - 30) / max(max(ys) - min(ys), 1.0))
    arcade.draw_lrbt_rectangle_filled(left, left + box_w, top - box_h, top, (34, 37, 46))
    arcade.draw_lrbt_rectangle_outline(left, left + box_w, top - box_h, top, (70, 70, 80), 1)
    name = parts[0][1].label.partition(":")[0]
    arcade.draw_text(f"{name}: its walls, A and B ringed", left + 6, top - 16, COLOR_TEXT, 10)

    def on_map(pts):
        return [(left + 5 + (x - min(xs)) * scale, top - box_h + 5 + (y - min(ys)) * scale) for x, y in pts]

    for k, pts in outlines:
        colour = COLOR_A if k == state.pick[0] else COLOR_B if k == state.pick[1] else COLOR_WALL
        points = on_map(pts)
        if colour != COLOR_WALL:
            arcade.draw_polygon_filled(points, colour)
            cx, cy = on_map([state.choices[k].where[:2]])[0]
            arcade.draw_circle_outline(cx, cy, 9, colour, 2)
        arcade.draw_polygon_outline(points, colour, 1)


def _draw_minkowski(state: LabState, analysis: Analysis, width: int, height: int) -> None:
    fit = _Fit(analysis.minkowski, width, height)
    arcade.draw_text(f"A − B   (scale {fit.scale:.2g})", width / 2 + 10, height - 24, COLOR_TEXT, 13)
    ox, oy = fit((0.0, 0.0))
    arcade.draw_line(width / 2, oy, width, oy, (60, 60, 70), 1)
    arcade.draw_line(ox, TEXT_STRIP, ox, height, (60, 60, 70), 1)
    m = [fit(p) for p in analysis.minkowski]
    if len(m) >= 3:
        arcade.draw_polygon_filled(m, (*COLOR_M, 90))
        arcade.draw_polygon_outline(m, COLOR_M, 2)
    core = [fit(p) for p in analysis.minkowski_core]
    if analysis.minkowski_core != analysis.minkowski and len(core) >= 2:
        _polyline(core, COLOR_CORE, 1, closed=len(core) >= 3)
    _draw_trace_step(state, analysis, fit)
    if analysis.contact is None:
        d = analysis.distance
        px, py = fit((d.point_a[0] - d.point_b[0], d.point_a[1] - d.point_b[1]))
        arcade.draw_line(ox, oy, px, py, COLOR_DISTANCE, 2)
    else:
        c = analysis.contact
        tip = fit((c.normal[0] * c.depth, c.normal[1] * c.depth))
        _arrow(ox, oy, *tip, COLOR_NORMAL)
    arcade.draw_circle_filled(ox, oy, 5, COLOR_ORIGIN)
    arcade.draw_text("O", ox + 6, oy + 4, COLOR_ORIGIN, 12)


def shown_turn(state: LabState, analysis: Analysis) -> int:
    """The turn on screen, 0 .. the trace's length: a step past the end shows the last turn."""
    count = len(analysis.trace.steps)
    return count if state.step is None else max(0, min(state.step, count))


def shown_step(state: LabState, analysis: Analysis):
    """The trace turn on screen: None for the first support alone, else a ``GjkStep``."""
    k = shown_turn(state, analysis)
    return None if k == 0 else analysis.trace.steps[k - 1]


def _draw_trace_step(state: LabState, analysis: Analysis, fit: _Fit) -> None:
    step = shown_step(state, analysis)
    if step is None:
        first = fit(analysis.trace.first.w)
        arcade.draw_circle_filled(*first, 6, COLOR_SUPPORT)
        d = analysis.trace.first_direction
        ox, oy = fit((0.0, 0.0))
        _arrow(ox, oy, ox + 60 * d[0], oy + 60 * d[1], COLOR_DIRECTION)
        return
    held = [fit(v.w) for v in step.simplex]
    _polyline(held, COLOR_SIMPLEX, 2, closed=len(held) == 3)
    for p in held:
        arcade.draw_circle_filled(*p, 5, COLOR_SIMPLEX)
    kept = [fit(v.w) for v in step.kept]
    if len(kept) >= 2:
        _polyline(kept, COLOR_KEPT, 4, closed=len(kept) == 3)
    closest = fit(step.closest)
    arcade.draw_circle_outline(*closest, 7, COLOR_KEPT, 2)
    if step.direction is not None:
        d = step.direction
        _arrow(*closest, closest[0] + 60 * d[0], closest[1] + 60 * d[1], COLOR_DIRECTION)
    if step.support is not None:
        arcade.draw_circle_filled(*fit(step.support.w), 6, COLOR_SUPPORT)


def _polyline(points, colour, width, closed: bool) -> None:
    pts = [*points, points[0]] if closed else list(points)
    if len(pts) >= 2:
        arcade.draw_line_strip(pts, colour, width)


def _arrow(x0, y0, x1, y1, colour, width: float = 2.5) -> None:
    arcade.draw_line(x0, y0, x1, y1, colour, width)
    angle = math.atan2(y1 - y0, x1 - x0)
    for turn in (2.6, -2.6):
        arcade.draw_line(x1, y1, x1 + 10 * math.cos(angle + turn), y1 + 10 * math.sin(angle + turn), colour, width)


def fixed(value: float, digits: int = 1) -> str:
    """``value`` to ``digits`` decimals, never "-0.0" (a turn back to zero or a tiny negative reads as 0).

    >>> fixed(-1e-12), fixed(-0.04), fixed(-0.06), fixed(23.0)
    ('0.0', '0.0', '-0.1', '23.0')
    """
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0.0 else text


def describe(state: LabState, analysis: Analysis) -> list[tuple[str, tuple[int, int, int]]]:
    """The text lines under the panels, with their colours (testable without a window)."""
    lines = []
    for which in (0, 1):
        xf = state.xfs[which]
        lines.append((f"{'AB'[which]}: {state.label(which)} at ({fixed(xf.x)}, {fixed(xf.y)}), "
                      f"{fixed(math.degrees(xf.angle))}°" + ("   [selected]" if state.selected == which else ""),
                      (COLOR_A, COLOR_B)[which]))
    k = shown_turn(state, analysis)
    step = shown_step(state, analysis)
    note = f"first support along {_vec(analysis.trace.first_direction)}" if step is None else step.note
    lines.append((f"GJK turn {k}/{len(analysis.trace.steps)}: {note}", COLOR_SIMPLEX))
    if analysis.contact is None:
        d = analysis.distance
        lines.append((f"engine: apart, distance {d.distance:.6g}, closest points {_vec(d.point_a)} and "
                       f"{_vec(d.point_b)}", COLOR_DISTANCE))
    else:
        c = analysis.contact
        lines.append((f"engine: overlap, EPA normal {_vec(c.normal, 4)}, depth {c.depth:.6g}", COLOR_NORMAL))
    pm = analysis.pymunk
    if not pm.available:
        lines.append((f"pymunk: no verdict ({pm.reason})", COLOR_TEXT))
    elif pm.hit and pm.depth is None:
        lines.append((f"pymunk: overlap; {pm.reason}", COLOR_TEXT))
    elif pm.hit:
        lines.append((f"pymunk: overlap, normal {_vec(pm.normal, 4)}, depth {pm.depth:.6g}", COLOR_TEXT))
    else:
        lines.append(("pymunk: apart", COLOR_TEXT))
    if analysis.disagreement:
        lines.append(("DISAGREE: " + analysis.disagreement, COLOR_BAD))
    elif pm.available:
        lines.append(("engine and pymunk agree", COLOR_GOOD))
    return lines


HELP = ("drag: move   wheel, Q/E: rotate   Tab: select A/B   N/P: next/previous shape   H: next actor hitbox   "
        "W: next wall/tile   Space/B: step GJK   0: whole run")


def _draw_numbers(state: LabState, analysis: Analysis, width: int) -> None:
    y = TEXT_STRIP - 20
    for text, colour in describe(state, analysis):
        arcade.draw_text(text, 10, y, colour, 11)
        y -= 18
    arcade.draw_text(HELP, 10, 6, (150, 150, 160), 10)


def _vec(v, digits: int = 1) -> str:
    return f"({v[0]:.{digits}f}, {v[1]:.{digits}f})"
