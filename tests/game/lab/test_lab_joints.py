"""The lab's joints page (issue 39, section 4): its geometry without a window (limit arcs, springs,
ropes, anchors), the mouse drag in the engine, the fixed step, the view's keys, a headless picture
and the command line's one-line refusals."""

from __future__ import annotations

import itertools
import math
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from engine.collision import Transform
from game.lab.joint_draw import COLOR_LIMIT, COLOR_MOUSE, COLOR_SPRING
from game.lab.joint_geometry import (
    ARC_RADIUS,
    SPRING_WIDTH,
    JointSpec,
    arc,
    joint_picture,
    rope,
    to_screen,
    to_world,
    world_point,
    zigzag,
)
from game.lab.joint_page import DT, HINGE_LIMITS, HINGE_PIVOT, MAX_STEPS_PER_FRAME, ROPE_LENGTH, JointLab

ROOT = Path(__file__).resolve().parents[3]


def close(p, q, tol=1e-9) -> bool:
    return math.dist(p, q) <= tol


# --- geometry, no window ---------------------------------------------------------


def test_a_limit_arc_ends_at_the_limit_angles_about_the_anchor_turning_with_body_a():
    pose_a, pose_b = Transform(1.0, 2.0, 0.3), Transform(3.0, 2.5, 0.9)
    spec = JointSpec(
        "revolute", 7, 1, 2, (0.5, -0.25), (-1.0, 0.0), lower=-0.5, upper=0.8, reference=0.2, pointer=0.1
    )
    picture = joint_picture(spec, pose_a, pose_b)
    (points,) = picture.arcs
    centre = world_point(pose_a, spec.anchor_a)
    for end, limit in ((points[0], -0.5), (points[-1], 0.8)):
        direction = 0.3 + 0.2 + limit + 0.1  # a's angle + the reference + the limit + the needle in b
        assert close(
            end, (centre[0] + ARC_RADIUS * math.cos(direction), centre[1] + ARC_RADIUS * math.sin(direction))
        )
    assert all(abs(math.dist(p, centre) - ARC_RADIUS) < 1e-9 for p in points)
    # both anchors are dots (body a is a body, not the world); the needle follows b's angle
    assert picture.anchors == (centre, world_point(pose_b, spec.anchor_b)) and picture.pinned == ()
    (needle,) = picture.lines
    assert math.atan2(needle[1][1] - needle[0][1], needle[1][0] - needle[0][0]) == pytest.approx(0.9 + 0.1)


def test_a_hinge_without_limits_has_no_arc_and_an_arc_may_run_either_way():
    spec = JointSpec("revolute", 0, None, 1, (0.0, 0.0), (0.0, 0.0))
    assert joint_picture(spec, None, Transform(0.0, 0.0, 0.0)).arcs == ()
    back = arc((0.0, 0.0), 2.0, 1.0, -1.0)
    assert close(back[0], (2 * math.cos(1.0), 2 * math.sin(1.0))) and close(
        back[-1], (2 * math.cos(1.0), -2 * math.sin(1.0))
    )


@pytest.mark.parametrize(
    ("p", "q"), [((0.0, 0.0), (0.0, -3.0)), ((1.0, 2.0), (4.0, 6.0)), ((0.0, 0.0), (1e-12, 0.0))]
)
def test_a_zigzag_ends_on_its_two_points_and_stays_within_its_width_of_the_line(p, q):
    points = zigzag(p, q)
    assert points[0] == p and points[-1] == q
    length = math.dist(p, q)
    if length > 1e-9:
        for x, y in points:  # distance from the line through p and q
            across = abs((q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])) / length
            assert across <= SPRING_WIDTH + 1e-9


def test_a_distance_spring_is_a_zigzag_between_its_anchors_and_a_rope_sags_only_when_slack():
    spring = JointSpec("distance", 0, None, 1, (0.0, 5.0), (0.0, 0.5), spring=True)
    pose = Transform(0.0, 2.0, 0.0)
    picture = joint_picture(spring, None, pose)
    (points,) = picture.zigzags
    assert points[0] == (0.0, 5.0) and close(points[-1], (0.0, 2.5))
    assert picture.pinned == ((0.0, 5.0),) and close(picture.anchors[0], (0.0, 2.5))
    line, taut = rope((0.0, 4.0), (3.0, 0.0), 5.0)
    assert taut and line == ((0.0, 4.0), (3.0, 0.0))
    line, taut = rope((0.0, 4.0), (3.0, 4.0), 5.0)
    assert not taut and line[0] == (0.0, 4.0) and line[-1] == (3.0, 4.0)
    assert min(y for _, y in line) < 4.0 - 1.0  # it hangs down
    assert sum(math.dist(a, b) for a, b in itertools.pairwise(line)) == pytest.approx(5.0, rel=1e-3)


def test_the_page_turns_metres_into_pixels_in_one_place_and_back():
    for point in ((0.0, 0.0), (-12.0, 9.5), (3.25, -0.5)):
        assert to_world(*to_screen(point, 1280, 720), 1280, 720) == pytest.approx(point)


# --- the page's world ----------------------------------------------------------


@pytest.fixture(scope="module")
def settled():
    lab = JointLab()
    lab.advance(120)
    return lab


def test_the_hinge_rests_on_its_lower_limit_and_its_needle_meets_the_arcs_end(settled):
    hinge = next(p for p in settled.pictures() if p.kind == "revolute")
    (points,) = hinge.arcs
    lower, upper = HINGE_LIMITS
    assert close(
        points[0],
        (HINGE_PIVOT[0] + ARC_RADIUS * math.cos(lower), HINGE_PIVOT[1] + ARC_RADIUS * math.sin(lower)),
    )
    assert close(
        points[-1],
        (HINGE_PIVOT[0] + ARC_RADIUS * math.cos(upper), HINGE_PIVOT[1] + ARC_RADIUS * math.sin(upper)),
    )
    assert settled.world.joint_angle(settled.specs["hinge"].joint) == pytest.approx(lower, abs=0.02)
    (needle,) = hinge.lines
    assert math.dist(needle[1], points[0]) < 0.03  # the bar lies along the lower limit's end
    assert hinge.pinned == (HINGE_PIVOT,)


def test_each_spring_on_the_page_ends_on_its_anchors(settled):
    w = settled.world
    by_joint = {p.joint: p for p in settled.pictures()}
    spring = by_joint[settled.specs["spring"].joint]
    (points,) = spring.zigzags
    box = w.transform(settled.bodies["spring box"])
    assert points[0] == settled.specs["spring"].anchor_a
    assert close(points[-1], world_point(box, settled.specs["spring"].anchor_b))
    cart = w.transform(settled.bodies["cart"])
    for name in ("rear wheel", "front wheel"):
        spec = settled.specs[name]
        (points,) = by_joint[spec.joint].zigzags
        wheel = w.transform(settled.bodies[name])
        assert close(points[-1], (wheel.x, wheel.y))  # the wheel's centre
        mount = world_point(cart, (spec.anchor_a[0], spec.anchor_a[1] + spec.mount))
        assert close(points[0], mount)  # fixed on the chassis, up the axis
        assert by_joint[spec.joint].anchors == (points[0], points[-1])
    rope_picture = by_joint[settled.specs["rope"].joint]
    assert rope_picture.taut and w.joint_translation(settled.specs["rope"].joint) <= ROPE_LENGTH + 0.01


def test_a_drag_pulls_the_body_to_the_cursor_and_a_release_removes_the_mouse_joint():
    lab = JointLab()
    box = lab.bodies["spring box"]
    x, y = lab.world.transform(box)[:2]
    assert lab.press(x, y) == box and lab.held == box
    mouse = lab.mouse
    assert lab.world.joint_kind(mouse) == "mouse" and mouse in lab.world.joints().tolist()
    target = (x + 2.5, y + 1.0)
    lab.drag(*target)
    far = math.dist(world_point(lab.world.transform(box), lab.grab), target)
    near = []
    for _ in range(90):  # 1.5 s
        lab.advance()
        near.append(math.dist(world_point(lab.world.transform(box), lab.grab), target))
    reached = next((k + 1 for k, d in enumerate(near) if d < 0.1), None)
    assert reached is not None and reached <= 60, f"within 0.1 m of the cursor after {reached} steps"
    assert near[-1] < 0.1  # and it stays there
    assert far > 2.0
    (drawn,) = [p for p in lab.pictures() if p.kind == "mouse"]
    assert drawn.lines[0][1] == target
    lab.release()
    assert lab.mouse is None and lab.held is None
    assert mouse not in lab.world.joints().tolist()
    assert sorted(lab.world.joints().tolist()) == sorted(s.joint for s in lab.specs.values())
    assert not any(p.kind == "mouse" for p in lab.pictures())
    # pressing on nothing grabs nothing and makes no joint; the ground is not dragged
    assert lab.press(0.0, 8.0) is None and lab.press(0.0, -0.1) is None
    assert len(lab.world.joints()) == len(lab.specs)


def test_a_frame_steps_the_world_at_the_fixed_rate_and_a_stall_is_not_caught_up():
    lab = JointLab()
    assert lab.update(0.05) == 3  # 0.05 s: three steps of 1/60 s, a little carried over
    assert lab.update(DT / 2) == 0 and lab.update(DT / 2) == 1
    assert lab.update(10.0) == MAX_STEPS_PER_FRAME
    lab.paused = True
    assert lab.update(1.0) == 0
    assert lab.steps == 3 + 1 + MAX_STEPS_PER_FRAME


# --- the view and the command line ------------------------------------------------


def test_j_opens_the_joints_page_where_the_mouse_drags_and_j_comes_back(window):
    import arcade

    from game.lab.palette import palette
    from game.lab.state import LabState
    from game.lab.view import LabView

    hitbox = LabView(LabState(palette()))
    window.show_view(hitbox)
    hitbox.on_key_press(arcade.key.J, 0)
    page = window.current_view
    assert page is hitbox.joints_page() and page.back is hitbox
    lab = page.lab
    ball = lab.bodies["rope ball"]
    sx, sy = to_screen(lab.world.transform(ball)[:2], window.width, window.height)
    page.on_mouse_press(sx, sy, 1, 0)
    assert lab.held == ball
    page.on_mouse_drag(sx + 40, sy + 10, 40, 10, 1, 0)
    assert lab.target == pytest.approx(to_world(sx + 40, sy + 10, window.width, window.height))
    page.on_update(0.05)
    page.on_draw()
    page.on_mouse_release(sx + 40, sy + 10, 1, 0)
    assert lab.mouse is None
    page.on_key_press(arcade.key.J, 0)
    assert window.current_view is hitbox


def run_lab(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.lab", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_the_joints_page_renders_headless_with_its_arc_springs_and_drag(tmp_path):
    shot = tmp_path / "joints.png"
    done = run_lab("--joints", "--drag=-7.2,6.5,-8,10", "--time", "1.5", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    with Image.open(shot) as image:
        assert image.size == (1280, 720)
        pixels = list(image.convert("RGB").getdata())
    for colour, least in ((COLOR_LIMIT, 100), (COLOR_SPRING, 100), (COLOR_MOUSE, 30)):
        assert sum(p == colour for p in pixels) >= least, colour


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--joints", "--step", "3"], ["--step", "hitbox page"]),
        (["--joints", "ruins"], ["a level", "hitbox page"]),
        (["--drag", "1,2,3,4"], ["--drag", "add --joints"]),
        (["--time", "2"], ["--time", "add --joints"]),
        (["--joints", "--time", "61"], ["--time", "0 .. 60"]),
        (["--joints", "--drag", "1,2"], ["--drag", "four numbers"]),
        (["--joints", "--drag", "0,8,1,1"], ["--drag: no body at (0, 8)", "hinge bar"]),
    ],
)
def test_a_wrong_joints_argument_is_one_line_and_exit_2(tmp_path, args, words):
    done = run_lab(*args, "--screenshot", str(tmp_path / "j.png"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    assert not (tmp_path / "j.png").exists()


def test_the_screenshot_options_of_the_joints_page_need_a_screenshot():
    from game.lab.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--joints", "--time", "3"])
    assert done.value.code == 2
