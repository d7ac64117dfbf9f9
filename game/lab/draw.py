"""Drawing the lab with arcade: the shapes on the left, A − B on the right, numbers below.

Screen layout for a window ``width × height`` (pixels, y up): the world
panel is the left half, with world (0, 0) at its centre and 1 px per world
unit, so what you drag is what the engine sees; the Minkowski panel is the
right half, scaled to fit A − B and the origin. Colours follow the seeds'
pictures: A blue, B orange, A − B grey-blue, the simplex yellow, the search
direction magenta, the new support point green.

With the manifold view on (``LabState.manifold``), the world panel shows the
manifold's points instead of the EPA or distance answer (on A blue, on B
orange, joined by their separation, numbered as the engine orders them;
dropped ones as red crosses), and the right panel becomes a close-up of how
the clipping built them, up to ``LabState.clip_step``: the normal, the two
support features (thick), their spans on the tangent axis, the stretch where
they overlap (yellow), and each end of it kept or dropped by the margin
(a red tick marks, per point, how far out along the normal B's point may be).
"""

from __future__ import annotations

import math
import warnings

import arcade
from arcade.exceptions import PerformanceWarning

from engine.collision.manifold import ID_MASK
from game.render.outline import outline

from .analysis import Analysis, Clipping, Feature, core_outline, split_id
from .state import CLIP_STEPS, LabState

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
COLOR_FEATURE_A = (150, 200, 255)
COLOR_FEATURE_B = (255, 200, 130)
COLOR_TANGENT = (150, 150, 165)
COLOR_STRETCH = (255, 225, 70)
COLOR_DROPPED = (255, 60, 60)
COLOR_MARGIN = (230, 90, 120)


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
    if showing_manifold(state, analysis):
        _draw_clipping(state, analysis, width, height)
    else:
        _draw_minkowski(state, analysis, width, height)
    _draw_numbers(state, analysis, width)


def showing_manifold(state: LabState, analysis: Analysis) -> bool:
    """The manifold view is on and the analysis holds its answer."""
    return state.manifold and analysis.margin is not None


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
    if showing_manifold(state, analysis):
        if analysis.clipping is not None:
            _draw_points(analysis.clipping, lambda p: _to_screen([p], width, height)[0], normal=True)
    elif analysis.contact is None:
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


def _draw_points(clip: Clipping, to_screen, normal: bool) -> None:
    """The manifold's points: kept ones on A and on B joined by their separation and numbered
    as the engine orders them, dropped ones as red crosses; the normal from their middle."""
    for k, end in enumerate(clip.kept):
        (ax, ay), (bx, by) = to_screen(end.point_a), to_screen(end.point_b)
        arcade.draw_line(ax, ay, bx, by, COLOR_TEXT, 1.5)
        arcade.draw_circle_filled(ax, ay, 5, COLOR_A)
        arcade.draw_circle_outline(ax, ay, 6, COLOR_TEXT, 1)
        arcade.draw_circle_filled(bx, by, 5, COLOR_B)
        arcade.draw_circle_outline(bx, by, 6, COLOR_TEXT, 1)
        arcade.draw_text(str(k + 1), bx + 7, by + 3, COLOR_TEXT, 11, bold=True)
    for end in clip.dropped:
        for p in (end.point_a, end.point_b):
            x, y = to_screen(p)
            arcade.draw_line(x - 5, y - 5, x + 5, y + 5, COLOR_DROPPED, 2.5)
            arcade.draw_line(x - 5, y + 5, x + 5, y - 5, COLOR_DROPPED, 2.5)
    if not normal:
        return
    ends = clip.kept or clip.ends
    mx = sum(to_screen(e.point_a)[0] for e in ends) / len(ends)
    my = sum(to_screen(e.point_a)[1] for e in ends) / len(ends)
    n = clip.normal
    _arrow(mx, my, mx + 45 * n[0], my + 45 * n[1], COLOR_NORMAL)


#: Height (px) of the close-up's text block, under its title.
CLOSE_UP_TEXT = 150


class _CloseUp:
    """Maps the world into the right panel's drawing area: uniform scale about the middle of the
    features, the points and the tangent axis, zooming in up to 8× on small ones.

    The tangent axis is a world line along t, ``axis_offset`` from ``middle`` (the features'
    centre) along the normal: on A's side, a third of the picture's size beyond everything."""

    def __init__(self, clip: Clipping, width: int, height: int) -> None:
        f_a, f_b = clip.feature_a, clip.feature_b
        points = [f_a.start, f_a.end, f_b.start, f_b.end]
        points += [p for e in clip.ends for p in (e.point_a, e.point_b)]
        n, t = self.normal, self.t = clip.normal, clip.tangent
        self.middle = (sum(p[0] for p in points[:4]) / 4.0, sum(p[1] for p in points[:4]) / 4.0)
        size = max(max(math.dist(p, q) for p in points for q in points), 1e-9)
        self.axis_offset = min(self._along(p, n) for p in points) - size / 3.0
        ts = [self._along(p, t) for p in points]
        reach = max(ts) - min(ts)
        self.axis_ends = (min(ts) - 0.15 * reach, max(ts) + 0.15 * reach)
        points += [self.on_axis(v) for v in self.axis_ends]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self.cx, self.cy = (min(xs) + max(xs)) / 2.0, (min(ys) + max(ys)) / 2.0
        self.left, self.right = width / 2.0, float(width)
        self.bottom, self.top = float(TEXT_STRIP), float(height - CLOSE_UP_TEXT)
        room_w, room_h = self.right - self.left - 120.0, self.top - self.bottom - 80.0
        span = max(max(xs) - min(xs), 1e-9), max(max(ys) - min(ys), 1e-9)
        self.scale = min(8.0, room_w / span[0], room_h / span[1])
        self.sx, self.sy = (self.left + self.right) / 2.0, (self.bottom + self.top) / 2.0
        # The clip's spans are measured along t from its origin; the axis from the middle.
        self.shift = self._along(clip.origin, t)

    def _along(self, p, d) -> float:
        return (p[0] - self.middle[0]) * d[0] + (p[1] - self.middle[1]) * d[1]

    def on_axis(self, value: float) -> tuple[float, float]:
        """The world point of the tangent axis ``value`` along t from the middle's foot."""
        n, t = self.normal, self.t
        return (
            self.middle[0] + self.axis_offset * n[0] + value * t[0],
            self.middle[1] + self.axis_offset * n[1] + value * t[1],
        )

    def __call__(self, p) -> tuple[float, float]:
        return self.sx + (p[0] - self.cx) * self.scale, self.sy + (p[1] - self.cy) * self.scale


def shown_clip_step(state: LabState) -> int:
    """The clipping step on screen, 1 .. len(CLIP_STEPS); every step counts as the last."""
    return len(CLIP_STEPS) if state.clip_step is None else state.clip_step


def _draw_clipping(state: LabState, analysis: Analysis, width: int, height: int) -> None:
    """The right panel in the manifold view: the clipping's close-up, its steps up to the one shown."""
    y = height - 24
    for text, colour in describe_manifold(state, analysis):
        arcade.draw_text(text, width / 2 + 10, y, colour, 11 if y < height - 24 else 13)
        y -= 17
    clip = analysis.clipping
    if clip is None:
        return
    fit = _CloseUp(clip, width, height)
    window = arcade.get_window()
    window.ctx.scissor = (
        int(fit.left) + 1,
        int(fit.bottom) + 1,
        int(fit.right - fit.left) - 1,
        int(fit.top - fit.bottom),
    )
    try:
        _draw_close_up(state, clip, fit)
    finally:
        window.ctx.scissor = None


def _draw_close_up(state: LabState, clip: Clipping, fit: _CloseUp) -> None:
    upto = shown_clip_step(state)
    for which, colour in ((0, COLOR_A), (1, COLOR_B)):
        pts = [fit(p) for p in outline(state.shape(which), state.xfs[which], 96)]
        arcade.draw_polygon_filled(pts, (*colour, 35))
        arcade.draw_polygon_outline(pts, colour, 1.5)
        core = [fit(p) for p in core_outline(state.shape(which), state.xfs[which])]
        if state.shape(which).radius > 0.0 and len(core) >= 2:  # the features lie on the core
            _polyline(core, (*colour, 150), 1, closed=len(core) >= 3)
    n, t = clip.normal, clip.tangent
    middle = fit(fit.middle)
    # 1. The normal, from A towards B.
    _arrow(middle[0], middle[1], middle[0] + 70 * n[0], middle[1] + 70 * n[1], COLOR_NORMAL, 3)
    arcade.draw_text("n", middle[0] + 76 * n[0] - 4, middle[1] + 76 * n[1] - 6, COLOR_NORMAL, 13, bold=True)
    if upto < 2:
        return
    # 2. The support features, on the cores.
    for feature, colour, who in (
        (clip.feature_a, COLOR_FEATURE_A, "A"),
        (clip.feature_b, COLOR_FEATURE_B, "B"),
    ):
        _draw_feature(feature, colour, who, fit)
    if upto < 3:
        return

    # 3. Both features projected on the tangent axis (on A's side, beyond everything).
    def on_axis(value: float, lift: float = 0.0) -> tuple[float, float]:
        x, y = fit(fit.on_axis(value + fit.shift))  # ``value``: along t from the clip's origin
        return x + lift * n[0], y + lift * n[1]

    start, end = (fit(fit.on_axis(v)) for v in fit.axis_ends)
    _arrow(*start, *end, COLOR_TANGENT, 1.5)
    arcade.draw_text("t", end[0] + 6, end[1] - 6, COLOR_TANGENT, 12, bold=True)
    for feature, span, colour, lift in (
        (clip.feature_a, clip.span_a, COLOR_FEATURE_A, -5.0),
        (clip.feature_b, clip.span_b, COLOR_FEATURE_B, 5.0),
    ):
        for p, value in zip((feature.start, feature.end), span):
            _dashed(fit(p), on_axis(value, lift), colour)
        a, b = on_axis(span[0], lift), on_axis(span[1], lift)
        arcade.draw_line(*a, *b, colour, 5)
        arcade.draw_circle_filled(*a, 3.5, colour)
        arcade.draw_circle_filled(*b, 3.5, colour)
    if upto < 4:
        return
    # 4. The stretch where the spans overlap; each end of it is a point on each feature.
    if clip.overlapping:  # a stretch of one point (a vertex on a curve) is a dot
        arcade.draw_line(*on_axis(clip.stretch[0]), *on_axis(max(clip.stretch)), COLOR_STRETCH, 4)
        arcade.draw_circle_filled(*on_axis(clip.stretch[0]), 3, COLOR_STRETCH)
    for e in clip.ends:
        arcade.draw_circle_outline(*fit(e.core_a), 6, COLOR_STRETCH, 2)
        arcade.draw_circle_outline(*fit(e.core_b), 6, COLOR_STRETCH, 2)
        _dashed(fit(e.core_a), fit(e.point_a), COLOR_FEATURE_A)  # out by A's radius along n
        _dashed(fit(e.core_b), fit(e.point_b), COLOR_FEATURE_B)  # out by B's radius along −n
    if upto < 5:
        return
    # 5. Kept within the margin: B's point may lie up to the margin out from A's along n.
    for e in clip.ends:
        tip = (e.point_a[0] + clip.margin * n[0], e.point_a[1] + clip.margin * n[1])
        x, y = fit(tip)
        arcade.draw_line(x - 9 * t[0], y - 9 * t[1], x + 9 * t[0], y + 9 * t[1], COLOR_MARGIN, 2)
    _draw_points(clip, fit, normal=False)


def _draw_feature(feature: Feature, colour, who: str, fit: _CloseUp) -> None:
    a, b = fit(feature.start), fit(feature.end)
    if feature.single:
        arcade.draw_circle_filled(*a, 7, colour)
        arcade.draw_text(_vertex_name(who, feature.start_index), a[0] + 9, a[1] - 16, colour, 11)
        return
    arcade.draw_line(*a, *b, colour, 6)
    for p, index in ((a, feature.start_index), (b, feature.end_index)):
        arcade.draw_circle_filled(*p, 4, colour)
        arcade.draw_text(_vertex_name(who, index), p[0] + 6, p[1] + 6, colour, 11)


def _vertex_name(who: str, index: int) -> str:
    return f"{who}'s ellipse point" if index == ID_MASK else f"{who} v{index}"


def _dashed(p, q, colour, dash: float = 6.0) -> None:
    length = math.dist(p, q)
    if length < 1e-9:
        return
    steps = max(1, int(length / dash))
    for k in range(0, steps, 2):
        u0, u1 = k / steps, min((k + 1) / steps, 1.0)
        arcade.draw_line(
            p[0] + u0 * (q[0] - p[0]),
            p[1] + u0 * (q[1] - p[1]),
            p[0] + u1 * (q[0] - p[0]),
            p[1] + u1 * (q[1] - p[1]),
            colour,
            1,
        )


def _feature_words(feature: Feature, who: str) -> str:
    if feature.start_index == ID_MASK:
        return f"{who}'s ellipse point"
    if feature.single:
        return f"{who}'s centre (v{feature.start_index})"
    return f"{who}'s edge v{feature.start_index}→v{feature.end_index}"


def describe_manifold(state: LabState, analysis: Analysis) -> list[tuple[str, tuple[int, int, int]]]:
    """The manifold view's text lines (the right panel's top), with their colours."""
    margin = analysis.margin if analysis.margin is not None else state.margin
    upto = shown_clip_step(state)
    clip = analysis.clipping
    title = f"manifold (margin {margin:g})   clipping step {upto}/{len(CLIP_STEPS)}: {CLIP_STEPS[upto - 1]}"
    if state.clip_step is None:
        title = f"manifold (margin {margin:g})   every clipping step (C steps through them)"
    lines = [(title, COLOR_TEXT)]
    if clip is None:
        gap = analysis.distance.distance
        lines.append(
            (f"no manifold: the shapes are {gap:.4g} apart, beyond the margin {margin:g}", COLOR_DISTANCE)
        )
        return lines
    ra, rb = clip.feature_a.radius, clip.feature_b.radius
    steps = [
        (f"1 normal {_vec(clip.normal, 4)}: {clip.normal_rule}", COLOR_NORMAL),
        (
            f"2 features: {_feature_words(clip.feature_a, 'A')} along n, {_feature_words(clip.feature_b, 'B')} "
            "along −n",
            COLOR_FEATURE_A,
        ),
        (
            f"3 on t {_vec(clip.tangent, 3)}: A spans {clip.span_a[0]:.2f} .. {clip.span_a[1]:.2f}, "
            f"B {clip.span_b[0]:.2f} .. {clip.span_b[1]:.2f}",
            COLOR_TANGENT,
        ),
        (
            (
                f"4 overlap {clip.stretch[0]:.2f} .. {max(clip.stretch):.2f}"
                if clip.overlapping
                else f"4 no overlap along t (a gap of {clip.stretch[0] - clip.stretch[1]:.2g}): the nearest ends"
            )
            + f"; out by the radii (A {ra:g}, B {rb:g})",
            COLOR_STRETCH,
        ),
        (
            f"5 kept if separation ≤ margin {margin:g}: {len(clip.kept)} kept, {len(clip.dropped)} dropped",
            COLOR_MARGIN,
        ),
    ]
    lines += steps[:upto]
    if upto == len(CLIP_STEPS):
        number = 0
        for end in clip.ends:
            ia, ib = split_id(end.id)
            number += end.kept
            what = f"point {number}" if end.kept else "dropped"
            lines.append(
                (
                    f"  {what} id {end.id:#010x} ({_vertex_name('A', ia)}, {_vertex_name('B', ib)}): "
                    f"separation {end.separation:.4g}",
                    COLOR_GOOD if end.kept else COLOR_DROPPED,
                )
            )
    return lines


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
        arcade.draw_line(
            x1, y1, x1 + 10 * math.cos(angle + turn), y1 + 10 * math.sin(angle + turn), colour, width
        )


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
        lines.append(
            (
                f"{'AB'[which]}: {state.label(which)} at ({fixed(xf.x)}, {fixed(xf.y)}), "
                f"{fixed(math.degrees(xf.angle))}°" + ("   [selected]" if state.selected == which else ""),
                (COLOR_A, COLOR_B)[which],
            )
        )
    k = shown_turn(state, analysis)
    step = shown_step(state, analysis)
    note = f"first support along {_vec(analysis.trace.first_direction)}" if step is None else step.note
    lines.append((f"GJK turn {k}/{len(analysis.trace.steps)}: {note}", COLOR_SIMPLEX))
    if analysis.contact is None:
        d = analysis.distance
        lines.append(
            (
                f"engine: apart, distance {d.distance:.6g}, closest points {_vec(d.point_a)} and "
                f"{_vec(d.point_b)}",
                COLOR_DISTANCE,
            )
        )
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


HELP = (
    "drag: move   wheel, Q/E: rotate   Tab: A/B   N/P: shape   H: actor hitbox   O: prop   W: wall/tile   "
    "Space/B: step GJK   0: whole run   M: manifold   C: clip step   -/=: margin   J: joints"
)


def _draw_numbers(state: LabState, analysis: Analysis, width: int) -> None:
    y = TEXT_STRIP - 20
    for text, colour in describe(state, analysis):
        arcade.draw_text(text, 10, y, colour, 11)
        y -= 18
    arcade.draw_text(HELP, 10, 6, (150, 150, 160), 10)


def _vec(v, digits: int = 1) -> str:
    return f"({v[0]:.{digits}f}, {v[1]:.{digits}f})"
