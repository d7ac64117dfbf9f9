"""The step's continuous pass (``Dynamics._continuous``): fast bodies against static ones (and bullets
against moving ones too) by the time of impact with rotation, Box2D v3's centroid circle as its fallback."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Polygon
from engine.collision.shapes import H_BOUND, H_RADIUS
from engine.collision.toi import LINEAR_SLOP
from engine.crosscheck.human import add_human
from engine.crosscheck.scenes import DT
from engine.world import step as continuous_step

HALF_LENGTH, HALF_THICKNESS, WALL = 1.0, 0.02, 0.05


def farthest_reach(world, bar) -> float:
    """The largest x of the bar's corners (world)."""
    x, _, angle = world.transform(bar)
    c, s = math.cos(angle), math.sin(angle)
    return max(
        x + c * px - s * py for px in (-HALF_LENGTH, HALF_LENGTH) for py in (-HALF_THICKNESS, HALF_THICKNESS)
    )


def test_no_spinning_bar_on_a_grid_of_speeds_angles_and_spins_pokes_through_a_thin_wall():
    # A bar 2 long thrown spinning at a wall 0.1 thick. Its centre never reaches the wall, so the centroid
    # circle alone (the continuous pass before the time of impact) let the tip through: 13 of these 441
    # throws ended a step with a corner past the wall's far face (x = 0.05), up to 0.095.
    through = []
    for speed, angle, spin in itertools.product(
        np.linspace(20.0, 200.0, 7), np.linspace(-1.5, 1.5, 7), np.linspace(-40.0, 40.0, 9)
    ):
        world = World()
        world.add(Polygon.box(WALL, 20.0), (0.0, 0.0, 0.0), type="static")
        bar = world.add(Polygon.box(HALF_LENGTH, HALF_THICKNESS), (-2.0, 0.0, float(angle)), type="dynamic")
        world.set_velocity(bar, (float(speed), 0.0), float(spin))
        worst = -math.inf
        for _ in range(30):
            world.step(DT)
            worst = max(worst, farthest_reach(world, bar))
        if not worst < WALL:
            through.append((float(speed), float(angle), float(spin), worst))
    assert through == []


def ball_at_a_plank(bullet, shape, asleep=False):
    """A free plank 0.04 thick and 2 long at the origin (asleep if asked) and a small ``shape`` 0.5 to its
    left, thrown at its middle at 60 per second (1 a step): (world, body, plank)."""
    world = World()
    plank = world.add(Polygon.box(HALF_PLANK, 1.0), (0.0, 0.0, 0.0), type="dynamic")
    if asleep:
        for _ in range(60):  # still for 0.5 s: it falls asleep
            world.step(DT)
    body = world.add(shape, (-0.5, 0.0, 0.0), type="dynamic", bullet=bullet)
    world.set_velocity(body, (SPEED, 0.0))
    return world, body, plank


HALF_PLANK, SPEED, SMALL = 0.02, 60.0, 0.05


def test_a_fast_small_body_tunnels_through_a_thin_dynamic_plank_unless_it_is_a_bullet():
    # In one step the ball goes from 0.43 before the plank's face to 0.43 past the far one. The speculative
    # contacts between dynamic bodies reach 4 slops and a plain fast body is swept against static bodies
    # only: it passes through, the plank untouched.
    world, ball, plank = ball_at_a_plank(False, Circle(SMALL))
    world.step(DT)
    assert world.transform(ball)[0] == pytest.approx(-0.5 + SPEED * DT)
    for _ in range(10):
        world.step(DT)
    assert world.velocity(plank) == (0.0, 0.0, 0.0)
    assert world.transform(ball)[0] > HALF_PLANK + SMALL


@pytest.mark.parametrize("asleep", [False, True])
@pytest.mark.parametrize("shape", [Circle(SMALL), Polygon.box(SMALL, SMALL)], ids=["ball", "box"])
def test_a_bullet_stops_at_a_thin_dynamic_plank_and_they_move_on_together(shape, asleep):
    # A bullet is also swept against the plank: the step puts it back where its core comes within the
    # target (Box2D's max(slop, ra + rb − slop)) of the plank's face, and the next step's contact stops
    # it there: a collision without restitution, a ball and the plank then both moving at m v / (m + M).
    # Asleep, the plank's island wakes (a box is put back a slop short of touching it).
    world, body, plank = ball_at_a_plank(True, shape, asleep)
    m, big_m = world.mass(body).mass, world.mass(plank).mass
    radius = float(shape.packed[1])
    target = max(LINEAR_SLOP, radius - LINEAR_SLOP)
    world.step(DT)
    # Its core's face (the ball's centre, the box's face) the target from the plank's face.
    core_face = world.transform(body)[0] + SMALL - radius
    assert core_face == pytest.approx(-HALF_PLANK - target, abs=0.25 * LINEAR_SLOP)
    for _ in range(10):
        world.step(DT)
        # Never into the plank deeper than the slop allows (its face never out the back).
        gap = (world.transform(plank)[0] - HALF_PLANK) - (world.transform(body)[0] + SMALL)
        assert gap >= -2.0 * LINEAR_SLOP
    # The momentum along x is kept, and the plank took its share.
    v, big_v = world.velocity(body)[0], world.velocity(plank)[0]
    assert m * v + big_m * big_v == pytest.approx(m * SPEED, rel=1e-9)
    common = m * SPEED / (m + big_m)
    # Both at the common speed, touching: a circle's one point through both centres, and a box's two
    # points solved at once (one after the other, they turned the box, which lagged behind the plank).
    assert v == pytest.approx(common, rel=0.02)
    assert big_v == pytest.approx(common, rel=0.02)
    assert gap <= LINEAR_SLOP * (1.0 + 1e-3)  # (to the float32 lanes' rounding)
    assert abs(world.velocity(body)[2]) < 1e-6 * SPEED / SMALL


def test_a_bullet_is_a_dynamic_body_only():
    world = World()
    with pytest.raises(ValueError, match="bullet") as info:
        world.add(Circle(0.1), (0.0, 0.0, 0.0), type="kinematic", bullet=True)
    assert "\n" not in str(info.value)
    assert len(world) == 0


def test_the_first_look_keeps_every_fast_body_and_drops_the_slow_ones():
    # ``nearly_fast`` is a conservative first look: every body the exact test (``_continuous``'s numpy
    # arithmetic) calls fast must be among those it keeps, and a body well under the threshold dropped.
    # Off-origin centres of mass (a triangle) move with the turn, and that part of the motion counts.
    from engine.world.step import SWEEP_WIDTH, _centres, nearly_fast

    rng = np.random.default_rng(7)
    world = World(gravity=(0.0, 0.0))
    world.add(Polygon.box(WALL, 20.0), (0.0, 0.0, 0.0), type="static")
    shapes = [Polygon.box(0.5, 0.1), Polygon([(0.0, 0.0), (3.0, 0.0), (0.0, 1.0)]), Circle(0.3)]
    for k in range(300):
        world.add(
            shapes[k % 3], (float(rng.uniform(-50, 50)), float(rng.uniform(-50, 50)), 0.0), type="dynamic"
        )
    world.step(DT)  # the extents of every shape are known from here on
    dyn, a = world._dynamics, world._frame.arrays
    bodies = world._frame.view().bodies
    n = a.n
    awake = a.dynamic[:n] & a.awake[:n]
    slots = np.flatnonzero(awake)
    extents = dyn._min_extents(bodies, a.shape[slots], a.center[slots])
    # Moves and turns around the threshold (0.3 to 0.7 of each body's smallest extent).
    a.start[slots] = a.xf[slots]
    a.start[slots, 2] = rng.uniform(-3.0, 3.0, len(slots))
    size = extents * rng.uniform(0.3, 0.7, len(slots))
    turn_share = rng.uniform(0.0, 1.0, len(slots))
    off = bodies.offsets[a.shape[slots]]
    reach = bodies.data[off + H_BOUND] + bodies.data[off + H_RADIUS]
    direction = rng.uniform(0.0, 2.0 * math.pi, len(slots))
    shift = size * (1.0 - turn_share)
    a.xf[slots, 0] = a.start[slots, 0] + shift * np.cos(direction)
    a.xf[slots, 1] = a.start[slots, 1] + shift * np.sin(direction)
    a.xf[slots, 2] = a.start[slots, 2] + size * turn_share / reach
    c0, c1 = _centres(a.start[slots], a.center[slots]), _centres(a.xf[slots], a.center[slots])
    moved = np.hypot(*(c1 - c0).T) + np.abs(a.xf[slots, 2] - a.start[slots, 2]) * reach
    fast = set(slots[moved > 0.5 * extents].tolist())
    out, sweeps = np.empty(n, np.int64), np.zeros((n, SWEEP_WIDTH))
    count = nearly_fast(
        n,
        a.root,
        a.reach,
        a.dynamic,
        a.awake,
        a.start,
        a.xf,
        a.center,
        a.shape,
        bodies.data,
        bodies.offsets,
        dyn._extents,
        out,
        sweeps,
    )
    kept = set(out[:count].tolist())
    assert fast and fast <= kept
    assert not kept & set(slots[moved < 0.45 * extents].tolist())
    # Each kept body's sweep is the numpy one's, to the bit (centres, how far, swept box).
    # (As ``_continuous`` computed them in numpy before the kernel wrote them.)
    kept_slots = out[:count]
    c0, c1 = (
        _centres(a.start[kept_slots], a.center[kept_slots]),
        _centres(a.xf[kept_slots], a.center[kept_slots]),
    )
    r = a.reach[kept_slots]
    moved = np.hypot(*(c1 - c0).T) + np.abs(a.xf[kept_slots, 2] - a.start[kept_slots, 2]) * r
    around = r + np.hypot(*a.center[kept_slots].T)
    lo, hi = np.minimum(c0, c1) - around[:, None], np.maximum(c0, c1) + around[:, None]
    assert sweeps[:count].tobytes() == np.column_stack([c0, c1, moved, lo, hi]).tobytes()


def _past_far_face(world, body, half_width, half_height, radius, far_face) -> bool:
    """Whether every point of a box (half extents, rounded by ``radius``) is past x = ``far_face``."""
    x, _, angle = world.transform(body)
    nearest = x - half_width * abs(math.cos(angle)) - half_height * abs(math.sin(angle)) - radius
    return nearest > far_face


def test_the_issue_s_spinning_needle_a_slop_from_a_thin_wall_stays_on_its_side():
    # Its tip starts a slop from the wall: the time of impact is 0 there, and Box2D's fallback (a circle
    # about the centre of mass) let the far end swing through: it ended at x = 10.057, wholly past the
    # wall's far face (10.01). The fallback now sweeps the needle's core brought in by δ first.
    world = World()
    world.add(Polygon.box(0.01, 5.0), (10.0, 0.0, 0.0), type="static")
    needle = world.add(Polygon.box(0.5, 0.005), (9.6267, 1.1654, 0.782), type="dynamic")
    world.set_velocity(needle, (220.69, -4.56), w=1.3)
    for _ in range(30):
        world.step(DT)
        assert world.transform(needle).x < 9.99
        assert not _past_far_face(world, needle, 0.5, 0.005, 0.0, 10.0)


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(["box", "capsule", "rounded"]),
    half_length=st.floats(0.05, 0.6),
    half_thickness=st.floats(0.002, 0.01),
    angle=st.floats(0.0, math.pi),
    gap=st.one_of(st.floats(0.0, 0.03), st.floats(0.0, 2.0)),
    speed=st.floats(5.0, 400.0),
    heading=st.floats(-0.6, 0.6),
    spin=st.floats(-30.0, 30.0),
)
def test_a_thin_body_thrown_spinning_at_a_thin_wall_from_any_gap_never_passes_it(
    kind, half_length, half_thickness, angle, gap, speed, heading, spin
):
    # Needles a few millimetres thick, started from touching the wall to 2 units off it, at any angle,
    # speed up to the step's cap and spin: before, 4 to 8 of 400 such throws ended wholly past the wall.
    world = World()
    world.add(Polygon.box(0.01, 5000.0), (10.0, 0.0, 0.0), type="static")
    hw, hh = half_length, half_thickness
    if kind == "box":
        shape, hh_across, radius = Polygon.box(hw, hh), hh, 0.0
    elif kind == "capsule":
        shape, hh_across, radius = Capsule((-hw, 0.0), (hw, 0.0), hh), 0.0, hh
    else:
        shape, hh_across, radius = Polygon.box(hw, hh, radius=0.5 * hh), hh, 0.5 * hh
    reach = hw * abs(math.cos(angle)) + hh_across * abs(math.sin(angle)) + radius
    body = world.add(shape, (10.0 - 0.01 - reach - gap, 0.0, angle), type="dynamic")
    world.set_velocity(body, (speed * math.cos(heading), speed * math.sin(heading)), w=spin)
    for _ in range(30):
        world.step(DT)
        assert world.transform(body).x < 10.0
        assert not _past_far_face(world, body, hw, hh_across, radius, 10.01)


def test_a_stack_stepped_a_second_at_a_time_with_one_sub_step_stays_above_the_floor():
    # Its contacts' spring is 0.125 Hz there (Box2D's cap of an eighth of the sub-step rate): the stack fell
    # through a floor 1 thick. It sinks into itself, but nothing passes the floor.
    world = World(gravity=(0.0, -10.0), substeps=1)
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    boxes = [world.add(Polygon.box(0.5, 0.5), (0.0, 0.5 + k, 0.0), type="dynamic") for k in range(10)]
    for _ in range(100):
        world.step(1.0)
    assert (world.transforms(boxes)[:, 1] > 0.0).all()


@pytest.mark.parametrize("gravity", [1e4, 1e5])
def test_a_box_under_a_huge_gravity_rests_on_a_floor_2_thick(gravity):
    # Under 1e5 the soft push-out's cap (3 units/s) could not hold the load: the box sank through at that
    # rate, to y = -1948. The cap now grows with the load a contact carries: it rests, its spring giving.
    world = World(gravity=(0.0, -gravity))
    world.add(Polygon.box(20.0, 1.0), (0.0, -1.0, 0.0), type="static")
    box = world.add(Polygon.box(0.5, 0.5), (0.0, 0.5, 0.0), type="dynamic")
    for _ in range(300):
        world.step(DT)
    assert -0.5 < world.transform(box).y <= 0.5


def _plank_crossings(density, shape, y0, x0, speed, heading, spin, steps=30):
    """Whether ``shape``, a bullet thrown at a free plank 0.02 thick and 2 long, crosses the plank's middle
    within its length (in the plank's frame), and the step it did (or None)."""
    world = World()
    plank = world.add(Polygon.box(0.01, 1.0), (10.0, 0.0, 0.0), type="dynamic", density=density)
    bullet = world.add(shape, (x0, y0, 0.0), type="dynamic", bullet=True)
    world.set_velocity(bullet, (speed * math.cos(heading), speed * math.sin(heading)), w=spin)

    def local():
        (px, py, pa), (bx, by, _) = world.transforms([plank, bullet])
        dx, dy = bx - px, by - py
        return math.cos(pa) * dx + math.sin(pa) * dy, -math.sin(pa) * dx + math.cos(pa) * dy

    before = local()
    for step in range(steps):
        world.step(DT)
        after = local()
        if before[0] < 0.0 <= after[0] and abs(before[1]) < 0.95 and abs(after[1]) < 0.95:
            return step
        before = after
    return None


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(["circle", "box", "capsule"]),
    size=st.floats(0.002, 0.05),
    y0=st.floats(-0.8, 0.8),
    x0=st.floats(5.0, 9.9),
    speed=st.floats(50.0, 400.0),
    heading=st.floats(-0.3, 0.3),
    spin=st.floats(-20.0, 20.0),
)
# Found by hypothesis: stopped at the face, then spun up by its contact, whose friction undid much of the stop.
@example(kind="capsule", size=0.03125, y0=0.0, x0=7.5, speed=63.0, heading=-0.25, spin=-12.0)
def test_a_small_bullet_never_passes_a_thin_plank_heavy_enough_to_stop_it(
    kind, size, y0, x0, speed, heading, spin
):
    # A plank of density 1e9: 28 of 300 small bullets passed it, stopped at its face by the continuous pass
    # and then carried on in by the step (the soft contact let 3 % of 320 units/s through a sub-step; the
    # spin that stopped a bullet struck at its end was capped away, its speed going on into the plank).
    # The example: its point at the plank's face off its centre, the contact's friction (solved after the
    # push) turned back most of the spin that had stopped that point, and the sub-step carried it 6 cm into
    # the plank; the continuous pass's fallbacks now run against a bullet's moving targets too.
    shape = {
        "circle": Circle(size),
        "box": Polygon.box(size, size),
        "capsule": Capsule((-size, 0.0), (size, 0.0), size / 3),
    }
    assert _plank_crossings(1e9, shape[kind], y0, x0, speed, heading, spin) is None


# --- the candidates: the static bodies' grid finds what each swept box against each static box did ----


def brute_walls(frame, rows, lo, hi, keep):
    """The search the grid replaced: every swept box of ``rows`` against the box of every static body
    ``keep`` keeps, one array comparison."""
    a = frame.arrays
    walls = np.flatnonzero(a.static[: a.n] & keep)
    return continuous_step._swept_pairs(rows, lo, hi, walls, frame.boxes()[walls])


def brute_rows(root, bodies):
    """The scan the one pass replaced: ``BodyArrays.rows_of``'s rows, body by body."""
    each = []
    for p, body in enumerate(bodies.tolist()):
        rows = np.flatnonzero(root == body)
        each += [(p, int(row)) for row in [body, *rows[rows != body].tolist()]]
    return np.array([p for p, _ in each], np.int64), np.array([row for _, row in each], np.int64)


WALL_SHAPES = {
    "box": lambda u, v: Polygon.box(u, v),
    "capsule": lambda u, v: Capsule((-u, 0.0), (u, 0.0), v),
    "circle": lambda u, v: Circle(u),
    "long": lambda u, v: Polygon.box(20.0 * u, 0.05 * v),  # a long thin wall, often turned: a wide box
}


@st.composite
def walls_and_swept_boxes(draw):
    """A world of static bodies of every kind and size (some sensors, some turned, dynamic bodies
    between them in the slots), its cell drawn too, and swept boxes: some drawn anywhere, some
    touching a wall's box at an edge or a corner exactly (touching counts)."""
    world = World(cell_size=draw(st.sampled_from([None, 0.3, 1.0, 4.0])))
    for _ in range(draw(st.integers(1, 40))):
        kind = draw(st.sampled_from(sorted(WALL_SHAPES)))
        u, v = draw(st.floats(0.05, 3.0)), draw(st.floats(0.05, 3.0))
        x, y, angle = draw(st.floats(-30.0, 30.0)), draw(st.floats(-30.0, 30.0)), draw(st.floats(-3.2, 3.2))
        world.add(
            WALL_SHAPES[kind](u, v),
            (x, y, angle),
            type="static",
            sensor=draw(st.booleans()) and kind != "long",
        )
        if draw(st.integers(0, 3)) == 0:
            world.add(Circle(0.5), (x, y + 5.0, 0.0))
    frame = world._frame
    frame.view()
    a, boxes = frame.arrays, frame.boxes()
    walls = np.flatnonzero(a.static[: a.n])
    swept = []
    for _ in range(draw(st.integers(1, 25))):
        if draw(st.booleans()):
            lx, ly = draw(st.floats(-40.0, 40.0)), draw(st.floats(-40.0, 40.0))
            swept.append([lx, ly, lx + draw(st.floats(0.0, 30.0)), ly + draw(st.floats(0.0, 30.0))])
        else:  # beside a wall's box, sharing its edge (x, y or both: a corner)
            w = boxes[draw(st.sampled_from(walls.tolist()))]
            size = draw(st.floats(0.0, 5.0))
            side_x, side_y = draw(st.sampled_from([-1, 0, 1])), draw(st.sampled_from([-1, 0, 1]))
            lx = w[2] if side_x > 0 else (w[0] - size if side_x < 0 else w[0])
            ly = w[3] if side_y > 0 else (w[1] - size if side_y < 0 else w[1])
            swept.append([lx, ly, lx + size, ly + size])
    swept = np.array(swept)
    rows = np.flatnonzero(draw(st.lists(st.booleans(), min_size=len(swept), max_size=len(swept))))
    return world, rows, swept


@settings(max_examples=100, deadline=None)
@given(scene=walls_and_swept_boxes(), keep_sensors=st.booleans())
def test_the_static_bodies_grid_finds_exactly_the_pairs_each_swept_box_against_each_static_box_does(
    scene, keep_sensors
):
    world, rows, swept = scene
    frame = world._frame
    a = frame.arrays
    keep = np.ones(a.n, np.bool_) if keep_sensors else ~a.sensor[: a.n]
    lo, hi = swept[:, :2], swept[:, 2:]
    who, what = continuous_step._swept_walls(frame, rows, lo, hi, keep)
    want_who, want_what = brute_walls(frame, rows, lo, hi, keep)
    assert who.tolist() == want_who.tolist()  # the same pairs in the same order
    assert what.tolist() == want_what.tolist()


def test_the_static_bodies_grid_follows_the_walls_added_and_removed():
    world = World()
    tiles = [world.add(Polygon.box(0.25, 0.25), (0.5 * k, 0.0, 0.0), type="static") for k in range(200)]
    frame = world._frame
    frame.view()
    keep = np.ones(200, np.bool_)
    lo, hi = np.array([[10.0, 0.25], [-5.0, -5.0]]), np.array([[10.5, 1.0], [-4.0, -4.0]])
    rows = np.array([0, 1])
    assert continuous_step._swept_walls(frame, rows, lo, hi, keep)[1].tolist() == [20, 21]  # (21: touching)
    world.remove(tiles[20])  # (the last tile takes its slot: far off)
    world.add(Polygon.box(0.5, 0.5), (-4.5, -4.5, 0.7), type="static")
    frame.view()
    who, what = continuous_step._swept_walls(frame, rows, lo, hi, keep)
    assert (who.tolist(), what.tolist()) == ([0, 1], [21, 199])
    assert (who.tolist(), what.tolist()) == tuple(x.tolist() for x in brute_walls(frame, rows, lo, hi, keep))


@settings(max_examples=40, deadline=None)
@given(shapes=st.lists(st.integers(1, 3), min_size=1, max_size=30), data=st.data())
def test_each_fast_body_s_shape_rows_are_rows_of_s_in_its_order(shapes, data):
    world = World()
    bodies = []
    for k, count in enumerate(shapes):
        body = world.add(Circle(0.1), (float(k), 0.0, 0.0))
        for e in range(count - 1):
            world.add_shape(body, Circle(0.05), (0.1 * (e + 1), 0.0, 0.0))
        bodies.append(body)
    for body in data.draw(st.lists(st.sampled_from(bodies), unique=True, max_size=len(bodies) - 1)):
        world.remove(body)  # (other bodies' rows take the slots: a body's rows are no longer side by side)
    a = world._a
    roots = np.flatnonzero(a.root[: a.n] == np.arange(a.n))
    asked = np.array(data.draw(st.lists(st.sampled_from(roots.tolist()), max_size=40)), np.int64)
    pick, rows = continuous_step._shape_rows(a.root[: a.n], asked)
    want_pick, want_rows = brute_rows(a.root[: a.n], asked)
    assert pick.tolist() == want_pick.tolist() and rows.tolist() == want_rows.tolist()
    assert np.concatenate([a.rows_of(int(b)) for b in asked] + [rows[:0]]).tolist() == rows.tolist()


def rain_of_ragdolls(steps: int) -> tuple[bytes, int]:
    """A small ``rain`` (Box2D's benchmark): ragdolls (a foot of two shapes each) and small bullets
    falling fast onto 300 tiles, some turned; one group removed and spawned again half way. The
    state after ``steps``, and how many (fast body, static body) pairs the continuous pass met."""
    world = World(gravity=(0.0, -10.0))
    for j in range(300):
        world.add(Polygon.box(0.25, 0.25), (-75.0 + 0.5 * j, 0.0, 0.3 if j % 7 == 0 else 0.0), type="static")
    world.add(Capsule((-2.0, 0.0), (2.0, 0.0), 0.1), (0.0, 1.5, 0.5), type="static")
    met = [0]
    search = continuous_step._swept_walls

    def counted(*args):
        found = search(*args)
        met[0] += len(found[0])
        return found

    def drop(x0):
        humans = [add_human(world, (x0 + 3.0 * k, 12.0 + 2.0 * k), layer=2 << k, mask=1) for k in range(4)]
        for k in range(3):
            ball = world.add(Circle(0.03), (x0 + 1.5 + 3.0 * k, 6.0, 0.0), bullet=True)
            world.set_velocity(ball, (5.0, -120.0), 0.0)
        return humans

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(continuous_step, "_swept_walls", counted)
        first = drop(-30.0)
        drop(10.0)
        for step in range(steps):
            world.step(DT)
            if step == steps // 2:
                world.remove_bodies(np.array([body for human in first for body in human.values()], np.int64))
                drop(-20.0)
    a = world._a
    return a.xf[: a.n].tobytes() + a.vel[: a.n].tobytes(), met[0]


def test_a_rain_of_ragdolls_and_bullets_on_tiles_steps_the_same_as_with_the_brute_force_search(monkeypatch):
    state, met = rain_of_ragdolls(150)
    assert met > 100  # (the pass ran against the tiles)
    monkeypatch.setattr(continuous_step, "_swept_walls", brute_walls)
    monkeypatch.setattr(continuous_step, "_shape_rows", brute_rows)
    assert rain_of_ragdolls(150)[0] == state
