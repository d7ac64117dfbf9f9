"""Drawing the joints page with arcade: the bodies, then each joint's geometry (``joint_geometry``)
turned into pixels by ``to_screen``, then the readouts in the strip below.

Colours: the hinge's limit arc yellow, ropes light brown (brighter taut), springs green
zig-zags, anchors white dots (on the world: grey rings with a cross), the mouse's pull a
magenta line to a cross-hair; the body held is outlined in white.
"""

from __future__ import annotations

import math
import warnings

import arcade
from arcade.exceptions import PerformanceWarning

from engine.collision import Circle
from game.render.outline import outline

from .draw import BACKGROUND, COLOR_TEXT
from .joint_geometry import TEXT_STRIP, JointPicture, to_screen
from .joint_page import LABELS, JointLab

COLOR_GROUND = (95, 100, 115)
COLOR_BODY = {
    "hinge bar": (80, 150, 255),
    "rope ball": (255, 160, 60),
    "spring box": (110, 220, 120),
    "cart": (190, 120, 255),
    "rear wheel": (150, 150, 165),
    "front wheel": (150, 150, 165),
}
COLOR_ANCHOR = (245, 245, 245)
COLOR_PIN = (170, 175, 190)
COLOR_LIMIT = (255, 225, 70)
COLOR_NEEDLE = (255, 225, 70)
COLOR_ROPE = (215, 175, 120)
COLOR_SLACK = (150, 120, 85)
COLOR_SPRING = (90, 230, 150)
COLOR_MOUSE = (255, 70, 220)
COLOR_HELP = (150, 150, 160)

HELP = "drag a body: pull it (a mouse joint)   Space: pause   R: reset   J: the hitbox page   Esc: quit"


def draw_joints_page(lab: JointLab, width: int, height: int) -> None:
    """Draw one frame of the joints page into the current window."""
    with warnings.catch_warnings():  # draw_text is slow; a few lines a frame are fine here
        warnings.simplefilter("ignore", PerformanceWarning)
        _draw_all(lab, width, height)


def _screen(points, width: int, height: int) -> list[tuple[float, float]]:
    return [to_screen(p, width, height) for p in points]


def _draw_all(lab: JointLab, width: int, height: int) -> None:
    arcade.draw_lrbt_rectangle_filled(0, width, 0, height, BACKGROUND)
    arcade.draw_line(0, TEXT_STRIP, width, TEXT_STRIP, (70, 70, 80), 2)
    world = lab.world
    ground = _screen(outline(world.shape(lab.ground), world.transform(lab.ground), 8), width, height)
    arcade.draw_polygon_filled(ground, COLOR_GROUND)
    held = lab.held
    for name, body in lab.bodies.items():
        _draw_body(lab, name, body, body == held, width, height)
    for picture in lab.pictures():
        _draw_joint(picture, width, height)
    for text, at in LABELS.items():
        arcade.draw_text(text, *to_screen(at, width, height), COLOR_HELP, 11)
    arcade.draw_text(
        "joints: a hinge, a rope, a spring and a cart on two wheels", 10, height - 24, COLOR_TEXT, 13
    )
    state = "paused" if lab.paused else f"t = {lab.steps / 60:.2f} s"
    arcade.draw_text(state, width - 110, height - 24, COLOR_TEXT, 13)
    y = TEXT_STRIP - 22
    for line in lab.describe():
        arcade.draw_text(line, 10, y, COLOR_TEXT, 11)
        y -= 19
    arcade.draw_text(HELP, 10, 6, COLOR_HELP, 10)


def _draw_body(lab: JointLab, name: str, body: int, held: bool, width: int, height: int) -> None:
    shape, pose = lab.world.shape(body), lab.world.transform(body)
    colour = COLOR_BODY.get(name, COLOR_TEXT)
    points = _screen(outline(shape, pose, 48), width, height)
    arcade.draw_polygon_filled(points, (*colour, 90))
    arcade.draw_polygon_outline(points, COLOR_ANCHOR if held else colour, 3 if held else 2)
    if isinstance(shape, Circle):  # a spoke, so a turning wheel or ball shows its turn
        tip = (pose.x + shape.radius * math.cos(pose.angle), pose.y + shape.radius * math.sin(pose.angle))
        arcade.draw_line(*to_screen(pose[:2], width, height), *to_screen(tip, width, height), colour, 2)


def _draw_joint(picture: JointPicture, width: int, height: int) -> None:
    for points in picture.arcs:
        arc = _screen(points, width, height)
        arcade.draw_line_strip(arc, COLOR_LIMIT, 3)
        for end in (points[0], points[-1]):  # a tick across each end: the limit itself
            _tick(picture, end, width, height)
    for points in picture.zigzags:
        arcade.draw_line_strip(_screen(points, width, height), COLOR_SPRING, 2)
    for points in picture.lines:
        line = _screen(points, width, height)
        if picture.kind == "mouse":
            _dashed(line[0], line[-1], COLOR_MOUSE)
            x, y = line[-1]
            arcade.draw_circle_outline(x, y, 8, COLOR_MOUSE, 2)
            arcade.draw_line(x - 12, y, x + 12, y, COLOR_MOUSE, 1.5)
            arcade.draw_line(x, y - 12, x, y + 12, COLOR_MOUSE, 1.5)
        elif picture.kind == "revolute":
            arcade.draw_line_strip(line, COLOR_NEEDLE, 1.5)
        else:
            arcade.draw_line_strip(
                line, COLOR_ROPE if picture.taut else COLOR_SLACK, 2.5 if picture.taut else 2
            )
    for p in picture.pinned:
        x, y = to_screen(p, width, height)
        arcade.draw_circle_filled(x, y, 7, BACKGROUND)
        arcade.draw_circle_outline(x, y, 7, COLOR_PIN, 2)
        arcade.draw_line(x - 4, y - 4, x + 4, y + 4, COLOR_PIN, 1.5)
        arcade.draw_line(x - 4, y + 4, x + 4, y - 4, COLOR_PIN, 1.5)
    for p in picture.anchors:
        x, y = to_screen(p, width, height)
        arcade.draw_circle_filled(x, y, 4, COLOR_ANCHOR)
        arcade.draw_circle_outline(x, y, 4, BACKGROUND, 1)


def _tick(picture: JointPicture, end, width: int, height: int) -> None:
    """A short stroke across the arc's end, pointing out from its centre."""
    centre = picture.pinned[0] if picture.pinned else picture.anchors[0]
    dx, dy = end[0] - centre[0], end[1] - centre[1]
    (x0, y0), (x1, y1) = (
        to_screen((centre[0] + 0.8 * dx, centre[1] + 0.8 * dy), width, height),
        to_screen((centre[0] + 1.25 * dx, centre[1] + 1.25 * dy), width, height),
    )
    arcade.draw_line(x0, y0, x1, y1, COLOR_LIMIT, 3)


def _dashed(p, q, colour, dash: float = 7.0) -> None:
    length = math.dist(p, q)
    steps = max(1, int(length / dash))
    for k in range(0, steps, 2):
        u0, u1 = k / steps, min((k + 1) / steps, 1.0)
        arcade.draw_line(
            p[0] + u0 * (q[0] - p[0]), p[1] + u0 * (q[1] - p[1]),
            p[0] + u1 * (q[0] - p[0]), p[1] + u1 * (q[1] - p[1]), colour, 2,
        )  # fmt: skip


__all__ = ["HELP", "draw_joints_page"]
