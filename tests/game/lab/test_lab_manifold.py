"""The lab's manifold view: its retrace of the clipping gives the engine's manifold on random pairs, each
step is named and drawn, and the keys and the command line turn it on, step it and set the margin."""

from __future__ import annotations

import math
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from engine.collision import Capsule, Circle, Ellipse, Polygon, Transform, manifold
from engine.collision.manifold import ID_MASK
from game.lab.analysis import analyse, clip_manifold, split_id
from game.lab.cli import build_parser, build_state
from game.lab.draw import (
    COLOR_DROPPED,
    COLOR_FEATURE_A,
    COLOR_FEATURE_B,
    describe_manifold,
    draw_lab,
    world_origin,
)
from game.lab.palette import Choice, palette
from game.lab.state import CLIP_STEPS, MARGIN_STEP, MAX_MARGIN, LabState

ROOT = Path(__file__).resolve().parents[3]

#: Every kind of core the manifold clips: the palette's five, a plain box, a bare segment, a circle off
#: its origin, a triangle, and a 20-gon (past SAT_MAX_VERTICES: its normal comes from GJK/EPA).
SHAPES = [c.shape for c in palette()] + [
    Polygon.box(30.0, 20.0),
    Capsule((-30.0, 0.0), (30.0, 0.0), 0.0),
    Circle(10.0, (5.0, 3.0)),
    Polygon([(0.0, 0.0), (50.0, 0.0), (10.0, 30.0)], 2.0),
    Polygon([(40 * math.cos(2 * math.pi * k / 20), 40 * math.sin(2 * math.pi * k / 20)) for k in range(20)]),
    Ellipse(25.0, 8.0),
]


def random_pair(rng: random.Random):
    a, b = rng.choice(SHAPES), rng.choice(SHAPES)
    xa = (rng.uniform(-500, 500), rng.uniform(-500, 500), rng.uniform(-4, 4))
    turn, reach = rng.uniform(0, 2 * math.pi), rng.uniform(0, 150)
    xb = (xa[0] + reach * math.cos(turn), xa[1] + reach * math.sin(turn), rng.uniform(-4, 4))
    return a, xa, b, xb, rng.choice([0.0, 0.0, 4.0, 25.0])


def face_normal(shape, xf, face: int):
    """Outward unit normal of a polygon's edge ``face`` → ``face + 1``, world frame."""
    pts = shape.points
    (ax, ay), (bx, by) = pts[face], pts[(face + 1) % len(pts)]
    ex, ey = bx - ax, by - ay
    n = math.hypot(ex, ey)
    c, s = math.cos(xf[2]), math.sin(xf[2])
    lx, ly = ey / n, -ex / n
    return c * lx - s * ly, s * lx + c * ly


def test_the_retraced_clipping_gives_the_engines_points_separations_and_ids_on_random_pairs():
    rng = random.Random(20)
    seen = {
        "one point": 0,
        "two points": 0,
        "dropped": 0,
        "speculative": 0,
        "A's face": 0,
        "B's face": 0,
        "GJK": 0,
        "EPA": 0,
        "ellipse": 0,
    }
    for _ in range(1200):
        a, xa, b, xb, margin = random_pair(rng)
        ours = manifold(a, xa, b, xb, margin)
        if ours is None:
            continue
        clip = clip_manifold(a, xa, b, xb, ours.normal, margin)
        kept = clip.kept
        size = 200.0 + max(map(abs, (*xa[:2], *xb[:2])))
        points = ours.points
        if len(points) == 2 and all(
            math.dist(getattr(points[0], f), getattr(points[1], f)) <= 1e-12 * size
            for f in ("point_a", "point_b")
        ):
            # One place twice, to rounding: the engine compares a stretch's ends per axis in A's frame,
            # the retrace by distance in the world's; where they part, the retrace says it once.
            points = points[:1]
        assert len(kept) == len(points), (a, xa, b, xb, margin)
        for theirs, mine in zip(points, kept):
            assert mine.id == theirs.id, (a, xa, b, xb, margin)
            assert math.dist(mine.point_a, theirs.point_a) <= 1e-12 * size
            assert math.dist(mine.point_b, theirs.point_b) <= 1e-12 * size
            assert mine.separation == pytest.approx(theirs.separation, abs=1e-12 * size)
            ia, ib = split_id(mine.id)  # an id names a vertex of each feature
            assert ia in (clip.feature_a.start_index, clip.feature_a.end_index)
            assert ib in (clip.feature_b.start_index, clip.feature_b.end_index)
        for end in clip.dropped:
            assert end.separation > margin
        face = re.match(r"^(A|B)'s face (\d+) by separating axes", clip.normal_rule)
        if face is not None:  # the face named is the engine's normal (B's, reversed)
            owner, index = face.group(1), int(face.group(2))
            n = face_normal(a, xa, index) if owner == "A" else face_normal(b, xb, index)
            sign = 1.0 if owner == "A" else -1.0
            assert ours.normal == pytest.approx((sign * n[0], sign * n[1]), abs=1e-12)
            seen[f"{owner}'s face"] += 1
        seen["GJK"] += clip.normal_rule.startswith("GJK")
        seen["EPA"] += clip.normal_rule.startswith("EPA")
        seen["one point" if len(kept) == 1 else "two points"] += 1
        seen["dropped"] += bool(clip.dropped)
        seen["speculative"] += any(p.separation > 0 for p in ours.points)
        seen["ellipse"] += ID_MASK in split_id(kept[0].id)
    assert min(seen.values()) >= 5, seen  # every path of the manifold was met, not just the easy ones


def tilted_box_on_ground(tilt_deg: float, sink: float):
    """A 40 px box turned by ``tilt_deg`` whose low corner sinks ``sink`` px into a flat ground (top at y 0):
    its raised corner is 40·sin(tilt) − sink above the ground."""
    ground, box = Polygon.box(200.0, 20.0), Polygon.box(20.0, 20.0)
    t = math.radians(tilt_deg)
    low = 20.0 * (math.cos(t) + math.sin(t))  # the centre's height above the low corner
    return ground, (0.0, -20.0, 0.0), box, (0.0, low - sink, t), 40.0 * math.sin(t) - sink


def test_a_tilted_box_keeps_its_raised_corner_only_once_the_margin_reaches_it():
    ground, xf_g, box, xf_b, raised = tilted_box_on_ground(10.0, 1.0)
    tight = analyse(ground, xf_g, box, xf_b, margin=0.0)
    assert [p.separation for p in tight.clipping.kept] == pytest.approx([-1.0])
    assert [p.separation for p in tight.clipping.dropped] == pytest.approx([raised])
    assert tight.manifold.points[0].separation == pytest.approx(-1.0)
    assert tight.clipping.normal == pytest.approx((0.0, 1.0))
    assert tight.clipping.normal_rule.startswith("A's face 2 by separating axes")  # the ground's top
    wide = analyse(ground, xf_g, box, xf_b, margin=raised + 0.5)
    assert sorted(p.separation for p in wide.manifold.points) == pytest.approx([-1.0, raised])
    assert not wide.clipping.dropped
    # Both ends lie on the box's bottom edge, projected on the ground's top: the stretch is that edge's shadow.
    lo, hi = sorted(wide.clipping.span_b)
    assert wide.clipping.stretch == pytest.approx((lo, hi))
    assert hi - lo == pytest.approx(40.0 * math.cos(math.radians(10.0)))


def test_a_vertex_on_a_curve_and_a_circle_on_a_corner_meet_their_feature_at_one_value():
    ellipse, pentagon = palette()[4].shape, palette()[0].shape
    on_curve = analyse(ellipse, (0, 0, 0), pentagon, (60, 70, math.radians(40)), margin=20.0).clipping
    assert on_curve.feature_a.single and not on_curve.feature_b.single
    # One value, to the precision of EPA's normal on a curve (1e-6 of the pair's size).
    assert abs(on_curve.stretch[1] - on_curve.stretch[0]) < 1e-6 * 200
    # A circle on a box's corner: the box's feature is the edge nearer the normal, met at its corner end.
    corner = analyse(Polygon.box(20, 20), (0, 0, 0), Circle(10.0), (26.0, 27.0, 0.0), margin=0.0).clipping
    assert corner.feature_b.single and (corner.feature_a.start_index, corner.feature_a.end_index) == (2, 3)
    assert abs(corner.stretch[1] - corner.stretch[0]) < 1e-9
    assert len(corner.kept) == 1 and corner.kept[0].point_a == pytest.approx((20.0, 20.0), abs=1e-9)
    assert corner.kept[0].separation == pytest.approx(math.hypot(6.0, 7.0) - 10.0)


def test_the_words_follow_the_clipping_step_shown_and_list_every_point_at_the_last():
    ground, xf_g, box, xf_b, raised = tilted_box_on_ground(10.0, 1.0)
    state = LabState(
        [Choice("ground", ground), Choice("box", box)],
        xfs=[Transform(*xf_g), Transform(*xf_b)],
        manifold=True,
    )
    result = analyse(ground, xf_g, box, xf_b, margin=0.0)
    for step in range(1, len(CLIP_STEPS) + 1):
        state.clip_step = step
        lines = [text for text, _ in describe_manifold(state, result)]
        assert lines[0].endswith(f"clipping step {step}/{len(CLIP_STEPS)}: {CLIP_STEPS[step - 1]}")
        assert [line[0] for line in lines[1 : step + 1]] == [str(k) for k in range(1, step + 1)]
    assert "1 kept, 1 dropped" in lines[5]
    kept, dropped = result.clipping.kept[0], result.clipping.dropped[0]
    assert len(lines) == 8  # the title, five steps, then both ends of the stretch in the engine's order
    by_id = {line.split(" id ")[1][:10]: line for line in lines[6:]}
    assert by_id[f"{kept.id:#010x}"].startswith("  point 1 id") and by_id[f"{kept.id:#010x}"].endswith(
        "separation -1"
    )
    assert by_id[f"{dropped.id:#010x}"].startswith("  dropped id") and by_id[f"{dropped.id:#010x}"].endswith(
        f"separation {raised:.4g}"
    )
    apart = analyse(ground, xf_g, box, (xf_b[0], xf_b[1] + 50.0, xf_b[2]), margin=10.0)
    assert apart.manifold is None and apart.clipping is None
    assert describe_manifold(state, apart)[1][0].startswith("no manifold: the shapes are")


def test_keys_turn_the_view_on_step_the_clipping_and_move_the_margin_within_its_limit(window):
    import arcade

    from game.lab.view import LabView

    ground, xf_g, box, xf_b, raised = tilted_box_on_ground(10.0, 1.0)
    state = LabState([Choice("ground", ground), Choice("box", box)], xfs=[Transform(*xf_g), Transform(*xf_b)])
    view = LabView(state)
    window.show_view(view)
    assert view.analysis.margin is None  # off: the manifold is not even asked
    view.on_key_press(arcade.key.M, 0)
    assert state.manifold and view.analysis.margin == 0.0 and len(view.analysis.manifold.points) == 1
    view.on_draw()  # the view draws its manifold: the close-up's features are on screen
    image = arcade.get_image(0, 0, window.width, window.height)
    assert (
        colour_pixels(image, (window.width // 2, 0, window.width, window.height - 150), COLOR_FEATURE_A) > 100
    )
    presses = []
    for _ in range(len(CLIP_STEPS) + 1):
        view.on_key_press(arcade.key.C, 0)
        presses.append(state.clip_step)
    assert presses == [*range(1, len(CLIP_STEPS) + 1), None]
    view.on_key_press(arcade.key.C, arcade.key.MOD_SHIFT)
    assert state.clip_step == len(CLIP_STEPS)
    clicks = math.ceil(raised / MARGIN_STEP)
    for _ in range(clicks):
        view.on_key_press(arcade.key.EQUAL, 0)
    assert state.margin == clicks * MARGIN_STEP and len(view.analysis.manifold.points) == 2
    for _ in range(clicks + 3):
        view.on_key_press(arcade.key.MINUS, 0)
    assert state.margin == 0.0 and len(view.analysis.manifold.points) == 1
    state.margin = MAX_MARGIN
    view.on_key_press(arcade.key.EQUAL, 0)
    assert state.margin == MAX_MARGIN
    view.on_key_press(arcade.key.M, 0)
    assert not state.manifold and view.analysis.margin is None


def colour_pixels(image, box, colour, within: int = 8) -> int:
    rgb = image.convert("RGB").crop(box)
    return sum(1 for p in rgb.getdata() if max(abs(a - b) for a, b in zip(p, colour)) <= within)


def test_the_drawing_shows_the_features_in_the_close_up_and_a_dropped_point_where_it_is(window):
    import arcade

    ground, xf_g, box, xf_b, _ = tilted_box_on_ground(25.0, 2.0)
    state = LabState(
        [Choice("ground", ground), Choice("box", box)],
        xfs=[Transform(*xf_g), Transform(*xf_b)],
        manifold=True,
    )
    images = {}
    for on in (True, False):
        state.manifold = on
        window.clear()
        result = analyse(ground, xf_g, box, xf_b, margin=0.0 if on else None)
        draw_lab(state, result, window.width, window.height)
        images[on] = arcade.get_image(0, 0, window.width, window.height)
    right = (window.width // 2, 0, window.width, window.height - 150)
    assert colour_pixels(images[True], right, COLOR_FEATURE_A) > 100
    assert colour_pixels(images[True], right, COLOR_FEATURE_B) > 100
    assert colour_pixels(images[False], right, COLOR_FEATURE_A) == 0
    # The raised corner is dropped at margin 0: a red cross on it in the world panel.
    dropped = analyse(ground, xf_g, box, xf_b, margin=0.0).clipping.dropped[0]
    ox, oy = world_origin(window.width, window.height)
    x, y = round(ox + dropped.point_b[0]), round(window.height - 1 - (oy + dropped.point_b[1]))
    near = (x - 7, y - 7, x + 8, y + 8)
    assert colour_pixels(images[True], near, COLOR_DROPPED) >= 8
    assert colour_pixels(images[False], near, COLOR_DROPPED) == 0


def run_lab(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.lab", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_the_command_line_shows_the_manifold_in_its_screenshot(tmp_path):
    args = ["--a", "polygon", "--b", "rounded", "--at-a=-40,0,0", "--at-b", "45,52,25", "--margin", "5"]
    shots = {}
    for name, extra in (("manifold", ["--manifold"]), ("plain", []), ("step2", ["--clip-step", "2"])):
        shots[name] = tmp_path / f"{name}.png"
        done = run_lab(
            *args[:-2], *extra, *(args[-2:] if name == "manifold" else []), "--screenshot", str(shots[name])
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"wrote {shots[name]}"
    state = build_state(build_parser().parse_args([*args, "--manifold"]))
    assert state.manifold and state.margin == 5.0 and state.clip_step is None
    assert build_state(build_parser().parse_args(["--clip-step", "2"])).manifold  # a step implies the view
    with (
        Image.open(shots["manifold"]) as on,
        Image.open(shots["plain"]) as off,
        Image.open(shots["step2"]) as two,
    ):
        right = (on.size[0] // 2, 0, on.size[0], on.size[1] - 150)
        assert colour_pixels(on, right, COLOR_FEATURE_B) > 100
        assert colour_pixels(two, right, COLOR_FEATURE_B) > 100
        assert colour_pixels(off, right, COLOR_FEATURE_B) == 0
        # Step 2 draws no stretch and no points: fewer dropped-point crosses than the whole run.
        assert colour_pixels(two, right, COLOR_DROPPED) < colour_pixels(on, right, COLOR_DROPPED)


@pytest.mark.parametrize(
    "args, option",
    [
        (["--margin", "-1"], "--margin"),
        (["--margin", "nan"], "--margin"),
        (["--margin", "inf"], "--margin"),
        (["--margin", str(MAX_MARGIN + 1)], "--margin"),
        (["--margin", "wide"], "--margin"),
        (["--clip-step", "0"], "--clip-step"),
        (["--clip-step", str(len(CLIP_STEPS) + 1)], "--clip-step"),
        (["--clip-step", "2.5"], "--clip-step"),
        (["--manifold", "yes"], "yes"),
    ],
)
def test_a_bad_margin_or_clip_step_is_one_line_and_exit_2_and_writes_nothing(tmp_path, args, option):
    shot = tmp_path / "lab.png"
    done = run_lab(*args, "--screenshot", str(shot))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and option in lines[0] and "Traceback" not in done.stderr
    assert not shot.exists()
