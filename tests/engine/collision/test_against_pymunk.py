"""pymunk as the oracle for verdicts, depths and normals of rotated shapes.

The bulk runs through ``contacts_batch``; a sample also runs through the
one-pair ``contact`` and ``intersects``. Each pair is also checked against the
exact answer from the cores (``oracles.exact_pair``), which settles who is
right when pymunk and we disagree.

The first tests pin the pymunk behaviour the oracle relies on, so that a
pymunk upgrade that changes it fails here, by name, rather than as a flood of
mismatches below.

Run with ``-s`` to see the counts.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
import pymunk
import pytest

from engine.collision import (
    Capsule,
    Circle,
    ContactBatch,
    Polygon,
    ShapeTable,
    contact,
    contacts_batch,
    intersects,
)

from .oracles import (
    KINDS,
    brute_force_depth,
    convex_hull,
    exact_pair,
    extent,
    place,
    pymunk_contact,
    random_shape,
    to_pymunk,
)

SEED = 20_240_611
#: Ordered pairings: every kind against every kind, both orders (pymunk's
#: ContactPoint.distance sign depends on the order, so both are exercised).
PAIRINGS = [(a, b) for a in KINDS for b in KINDS]
PAIRS_PER_PAIRING = 1_500  # 16 pairings: 24,000 pairs
#: Shapes per kind in each of the two pools (A side, B side) the pairs draw from.
POOL_PER_KIND = 600
#: Share of the pairs moved to within a hair of touching (gap ±1e-14…1e-6 × scale).
GRAZING_SHARE = 0.1
#: Pairs whose exact gap is within this × scale of zero may get either verdict.
TOUCHING_BAND_REL = 1e-9
DEPTH_TOL_REL = 1e-7
NORMAL_TOL_RAD = 1e-6
#: Pairs run through the one-pair queries as well.
SINGLE_PAIR_SAMPLE = 1_600


def kinematic() -> pymunk.Body:
    return pymunk.Body(body_type=pymunk.Body.KINEMATIC)


# --- the pymunk behaviour the oracle relies on ---------------------------------


def test_pymunk_reads_the_world_geometry_cached_by_cache_bb_not_the_body_position():
    box = pymunk.Poly(kinematic(), [(-1, -1), (1, -1), (1, 1), (-1, 1)])
    ball = pymunk.Circle(kinematic(), 0.5)
    place(box, (0, 0, 0))
    place(ball, (1.2, 0, 0))
    assert box.shapes_collide(ball).points

    ball.body.position = (10, 0)  # moved, but not re-cached: pymunk still sees it at (1.2, 0)
    assert box.shapes_collide(ball).points
    ball.cache_bb()
    assert not box.shapes_collide(ball).points


def test_pymunk_contact_distance_is_positive_for_a_polygon_first_and_a_circle_second():
    box = place(pymunk.Poly(kinematic(), [(-10, -10), (10, -10), (10, 10), (-10, 10)]), (0, 0, 0))
    ball = place(pymunk.Circle(kinematic(), 5), (12, 0, 0))

    poly_first = box.shapes_collide(ball)
    circle_first = ball.shapes_collide(box)

    assert [p.distance for p in poly_first.points] == [pytest.approx(3.0)]  # a penetration of 3
    assert [p.distance for p in circle_first.points] == [pytest.approx(-3.0)]


def test_pymunk_normal_points_from_a_to_b_and_point_a_minus_point_b_along_it_is_the_depth():
    box = place(pymunk.Poly(kinematic(), [(-10, -10), (10, -10), (10, 10), (-10, 10)]), (0, 0, 0))
    ball = place(pymunk.Circle(kinematic(), 5), (0, 12, 0))
    for a, b, normal in ((box, ball, (0, 1)), (ball, box, (0, -1))):
        cps = a.shapes_collide(b)
        assert tuple(cps.normal) == pytest.approx(normal, abs=1e-15)
        for p in cps.points:
            assert (p.point_a - p.point_b).dot(cps.normal) == pytest.approx(3.0)
        assert pymunk_contact(a, b).depth == pytest.approx(3.0)


def test_pymunk_gives_a_zero_normal_for_a_circle_centred_on_a_polygons_centre():
    # Exactly centred (an axis-aligned box, or any box at the origin): the GJK
    # search direction pymunk starts from is zero. The true depth is 10 + 5.
    box = place(pymunk.Poly(kinematic(), [(-10, -10), (10, -10), (10, 10), (-10, 10)]), (3, 4, 0))
    ball = place(pymunk.Circle(kinematic(), 5), (3, 4, 0))

    cps = box.shapes_collide(ball)

    assert cps.points
    assert tuple(cps.normal) == (0.0, 0.0)
    assert pymunk_contact(box, ball).depth == 0.0  # so the depth from the points is 0 too


def test_pymunk_poly_silently_takes_the_convex_hull():
    concave = [(0, 0), (2, 0), (1, 0.2), (2, 1), (0, 1)]
    poly = pymunk.Poly(kinematic(), concave)
    assert set(poly.get_vertices()) == {(0, 0), (2, 0), (2, 1), (0, 1)}
    with pytest.raises(ValueError, match="not convex"):
        Polygon(concave)  # we refuse instead


def test_pymunk_keeps_the_vertices_of_our_polygons_and_capsules():
    rng = np.random.default_rng(SEED)
    for kind in ("polygon", "rounded", "capsule", "circle"):
        for _ in range(50):
            shape = random_shape(rng, kind, 2.0)
            twin = to_pymunk(shape, (0.0, 0.0, 0.0))
            if isinstance(shape, Polygon):
                assert set(twin.get_vertices()) == set(shape.points)
                assert twin.radius == shape.radius
            elif isinstance(shape, Capsule):
                assert (tuple(twin.a), tuple(twin.b), twin.radius) == (shape.p1, shape.p2, shape.radius)
            else:
                assert (tuple(twin.offset), twin.radius) == (shape.center, shape.radius)


def test_pymunk_kinematic_bodies_rotate_their_shapes_about_the_body_position():
    ball = place(pymunk.Circle(kinematic(), 1, offset=(10, 0)), (5, 0, math.pi / 2))
    assert ball.body.center_of_gravity == (0, 0)
    assert tuple(ball.bb) == pytest.approx((4, 9, 6, 11))


def test_pymunk_poly_radius_inflates_everywhere_and_segment_radius_is_the_capsule_radius():
    box = place(pymunk.Poly(kinematic(), [(-10, -10), (10, -10), (10, 10), (-10, 10)], radius=2), (0, 0, 0))
    other = place(pymunk.Poly(kinematic(), [(-10, -10), (10, -10), (10, 10), (-10, 10)]), (21, 21, 0))
    assert pymunk_contact(box, other).depth == pytest.approx(2 - math.sqrt(2))  # round corner
    bar = place(pymunk.Segment(kinematic(), (-5, 0), (5, 0), 1), (0, 12.5, 0))
    assert pymunk_contact(box, bar).depth == pytest.approx(0.5)


def test_pymunk_returns_no_points_for_separated_shapes_and_for_touching_circles():
    a = place(pymunk.Circle(kinematic(), 1), (0, 0, 0))
    b = place(pymunk.Circle(kinematic(), 1), (2.5, 0, 0))
    assert a.shapes_collide(b).points == []
    place(b, (2, 0, 0))  # touching exactly: circle-circle tests dist < r1 + r2, strictly
    assert a.shapes_collide(b).points == []
    box_a = place(pymunk.Poly.create_box(kinematic(), (2, 2)), (0, 0, 0))
    box_b = place(pymunk.Poly.create_box(kinematic(), (2, 2)), (2, 0, 0))
    assert [p.distance for p in box_a.shapes_collide(box_b).points] == [0.0, 0.0]  # boxes do touch


# --- the random sweep -----------------------------------------------------------


@dataclass
class Sweep:
    """All pairs of the sweep with three answers each: ours, pymunk's, exact."""

    kinds: list[tuple[str, str]]
    shapes: list[tuple[object, object]]
    xf_a: np.ndarray  # (k, 3)
    xf_b: np.ndarray
    scale: np.ndarray  # extent A + extent B
    ours: ContactBatch
    pm_hit: np.ndarray
    pm_normal: np.ndarray
    pm_depth: np.ndarray
    gap: np.ndarray  # exact signed gap: distance, or minus the depth
    exact_normal: np.ndarray
    runner_up: np.ndarray  # depth along the best other candidate normal
    seconds: float

    def __len__(self) -> int:
        return len(self.kinds)

    @property
    def in_band(self) -> np.ndarray:
        return np.abs(self.gap) <= TOUCHING_BAND_REL * self.scale

    @property
    def overlapping(self) -> np.ndarray:
        """Clearly overlapping pairs that both engines call hits."""
        return ~self.in_band & (self.gap < 0) & self.ours.hit & self.pm_hit

    def describe(self, k: int) -> str:
        a, b = self.shapes[k]
        return (
            f"pair {k} ({self.kinds[k][0]} vs {self.kinds[k][1]}): A={a!r} at {tuple(self.xf_a[k])}, "
            f"B={b!r} at {tuple(self.xf_b[k])}; exact gap {self.gap[k]!r}, normal "
            f"{tuple(self.exact_normal[k])}; ours hit={self.ours.hit[k]} depth={self.ours.depth[k]!r} "
            f"normal={tuple(self.ours.normal[k])}; pymunk hit={self.pm_hit[k]} depth={self.pm_depth[k]!r} "
            f"normal={tuple(self.pm_normal[k])}"
        )


def _angle_between(n1: np.ndarray, n2: np.ndarray) -> np.ndarray:
    cross = n1[:, 0] * n2[:, 1] - n1[:, 1] * n2[:, 0]
    dot = (n1 * n2).sum(axis=1)
    return np.abs(np.arctan2(cross, dot))


def _random_transform(rng: np.random.Generator) -> tuple[float, float, float]:
    x, y = rng.uniform(-100.0, 100.0, 2)
    return float(x), float(y), float(rng.uniform(-math.pi, math.pi))


def _pool(rng: np.random.Generator, kind: str) -> list:
    """Shapes of one kind, 0.3 to 5 across (log-uniform)."""
    sizes = np.exp(rng.uniform(math.log(0.3), math.log(5.0), POOL_PER_KIND))
    return [random_shape(rng, kind, float(size)) for size in sizes]


def _graze(rng, shape_a, xf_a, shape_b, xf_b, scale):
    """Move B along the closest-points direction until the gap is tiny (either sign)."""
    exact = exact_pair(shape_a, xf_a, shape_b, xf_b)
    if exact.gap <= 0.0:
        return xf_b
    target = float(rng.choice([-1.0, 1.0]) * 10.0 ** rng.uniform(-14.0, -6.0) * scale)
    shift = exact.gap - target
    return xf_b[0] - shift * exact.normal[0], xf_b[1] - shift * exact.normal[1], xf_b[2]


@pytest.fixture(scope="module")
def sweep() -> Sweep:
    start = time.perf_counter()
    rng = np.random.default_rng(SEED)
    pools = {side: {kind: _pool(rng, kind) for kind in KINDS} for side in "ab"}
    table = ShapeTable()
    index = {
        side: {kind: [table.add(s) for s in pool] for kind, pool in pools[side].items()} for side in "ab"
    }
    twins = {
        side: {kind: [to_pymunk(s, (0.0, 0.0, 0.0)) for s in pool] for kind, pool in pools[side].items()}
        for side in "ab"
    }

    kinds, shapes, ids_a, ids_b, twin_pairs, xfs_a, xfs_b, scales = [], [], [], [], [], [], [], []
    for kind_a, kind_b in PAIRINGS:
        for _ in range(PAIRS_PER_PAIRING):
            i, j = rng.integers(POOL_PER_KIND, size=2)
            a, b = pools["a"][kind_a][i], pools["b"][kind_b][j]
            scale = extent(a) + extent(b)
            xf_a = _random_transform(rng)
            # B's origin at 0.1…1.0 × the sum of the extents from A's: about half overlap.
            heading, reach = rng.uniform(-math.pi, math.pi), scale * rng.uniform(0.1, 1.0)
            xf_b = (
                xf_a[0] + reach * math.cos(heading),
                xf_a[1] + reach * math.sin(heading),
                float(rng.uniform(-math.pi, math.pi)),
            )
            if rng.random() < GRAZING_SHARE:
                xf_b = _graze(rng, a, xf_a, b, xf_b, scale)
            kinds.append((kind_a, kind_b))
            shapes.append((a, b))
            ids_a.append(index["a"][kind_a][i])
            ids_b.append(index["b"][kind_b][j])
            twin_pairs.append((twins["a"][kind_a][i], twins["b"][kind_b][j]))
            xfs_a.append(xf_a)
            xfs_b.append(xf_b)
            scales.append(scale)

    xf_a, xf_b = np.array(xfs_a), np.array(xfs_b)
    ours = contacts_batch(table, np.array(ids_a), xf_a, np.array(ids_b), xf_b)

    pm = [
        pymunk_contact(place(ta, xa), place(tb, xb))
        for (ta, tb), xa, xb in zip(twin_pairs, xfs_a, xfs_b, strict=True)
    ]
    exact = [exact_pair(a, xa, b, xb) for (a, b), xa, xb in zip(shapes, xfs_a, xfs_b, strict=True)]

    result = Sweep(
        kinds=kinds,
        shapes=shapes,
        xf_a=xf_a,
        xf_b=xf_b,
        scale=np.array(scales),
        ours=ours,
        pm_hit=np.array([p.hit for p in pm]),
        pm_normal=np.array([p.normal for p in pm]),
        pm_depth=np.array([p.depth for p in pm]),
        gap=np.array([e.gap for e in exact]),
        exact_normal=np.array([e.normal for e in exact]),
        runner_up=np.array([e.runner_up for e in exact]),
        seconds=time.perf_counter() - start,
    )
    print(
        f"\npymunk sweep: {len(result)} pairs in {result.seconds:.1f} s; "
        f"{int((result.gap < 0).sum())} overlapping, {int(result.in_band.sum())} in the touching band"
    )
    return result


def test_the_sweep_covers_every_pairing_with_about_half_overlapping(sweep):
    assert len(sweep) >= 20_000
    for pairing in PAIRINGS:
        chosen = np.array([k == pairing for k in sweep.kinds])
        share = (sweep.gap[chosen] < 0).mean()
        assert 0.3 < share < 0.7, f"{pairing}: {share:.0%} overlap"
    assert 0.4 < (sweep.gap < 0).mean() < 0.6


def test_verdicts_agree_with_pymunk_outside_the_touching_band(sweep):
    disagree = sweep.ours.hit != sweep.pm_hit
    in_band = disagree & sweep.in_band
    print(
        f"\nverdicts: {int(disagree.sum())} disagreements, {int(in_band.sum())} of them in the touching band"
    )
    outside = np.flatnonzero(disagree & ~sweep.in_band)
    assert len(outside) == 0, "\n".join(sweep.describe(k) for k in outside[:5])


def test_verdicts_agree_with_the_exact_gap_outside_the_touching_band(sweep):
    wrong = np.flatnonzero((sweep.ours.hit != (sweep.gap <= 0)) & ~sweep.in_band)
    assert len(wrong) == 0, "\n".join(sweep.describe(k) for k in wrong[:5])


def test_depths_agree_with_pymunk_on_overlapping_pairs(sweep):
    both = sweep.overlapping
    error = np.abs(sweep.ours.depth - sweep.pm_depth) / sweep.scale
    print(
        f"\ndepths: {int(both.sum())} overlapping pairs, largest difference {error[both].max():.1e} × scale"
    )
    bad = np.flatnonzero(both & (error > DEPTH_TOL_REL))
    assert len(bad) == 0, "\n".join(sweep.describe(k) for k in bad[:5])


def test_depths_agree_with_the_exact_minkowski_depth(sweep):
    hit = ~sweep.in_band & (sweep.gap < 0)
    error = np.abs(sweep.ours.depth + sweep.gap) / sweep.scale
    bad = np.flatnonzero(hit & (error > DEPTH_TOL_REL))
    assert len(bad) == 0, "\n".join(sweep.describe(k) for k in bad[:5])


def _ambiguous(sweep: Sweep) -> np.ndarray:
    """Pairs whose normal is not well defined: pymunk gives none, or another
    candidate normal is as deep as the best one, within the depth tolerance."""
    tied = sweep.runner_up + sweep.gap <= 2.0 * DEPTH_TOL_REL * sweep.scale
    no_normal = ~sweep.pm_normal.any(axis=1)
    return tied | no_normal


def test_normals_agree_with_pymunk_except_where_the_normal_is_ambiguous(sweep):
    both = sweep.overlapping
    skipped = both & _ambiguous(sweep)
    compared = both & ~skipped
    angle = _angle_between(sweep.ours.normal, sweep.pm_normal)
    print(
        f"\nnormals: {int(compared.sum())} compared, {int(skipped.sum())} skipped as ambiguous "
        f"({int((skipped & (angle <= NORMAL_TOL_RAD)).sum())} of them agree anyway), "
        f"largest angle {angle[compared].max():.1e} rad"
    )
    assert skipped.sum() < 0.01 * both.sum()
    bad = np.flatnonzero(compared & (angle > NORMAL_TOL_RAD))
    assert len(bad) == 0, "\n".join(sweep.describe(k) for k in bad[:5])


def test_normals_agree_with_the_exact_minkowski_normal(sweep):
    hit = ~sweep.in_band & (sweep.gap < 0) & ~_ambiguous(sweep)
    angle = _angle_between(sweep.ours.normal, sweep.exact_normal)
    bad = np.flatnonzero(hit & (angle > NORMAL_TOL_RAD))
    assert len(bad) == 0, "\n".join(sweep.describe(k) for k in bad[:5])


def test_contact_points_are_depth_apart_along_the_normal(sweep):
    hit = sweep.ours.hit
    apart = sweep.ours.point_a - sweep.ours.point_b - sweep.ours.depth[:, None] * sweep.ours.normal
    error = np.hypot(apart[:, 0], apart[:, 1]) / sweep.scale
    unit = np.abs(np.hypot(sweep.ours.normal[:, 0], sweep.ours.normal[:, 1]) - 1.0)
    bad = np.flatnonzero(hit & ((error > 1e-9) | (unit > 1e-12)))
    assert len(bad) == 0, "\n".join(sweep.describe(k) for k in bad[:5])


def test_single_pair_queries_agree_with_the_batch_and_with_pymunk(sweep):
    rng = np.random.default_rng(SEED + 1)
    sample = rng.choice(len(sweep), size=SINGLE_PAIR_SAMPLE, replace=False)
    checked = 0
    for k in sample:
        a, b = sweep.shapes[k]
        xa, xb = tuple(sweep.xf_a[k]), tuple(sweep.xf_b[k])
        verdict = intersects(a, xa, b, xb)
        c = contact(a, xa, b, xb)
        assert verdict == (c is not None) == bool(sweep.ours.hit[k]), sweep.describe(k)
        if not sweep.in_band[k]:
            assert verdict == bool(sweep.pm_hit[k]), sweep.describe(k)
        if c is None:
            continue
        scale = sweep.scale[k]
        assert c.depth == pytest.approx(sweep.ours.depth[k], abs=1e-12 * scale), sweep.describe(k)
        assert c.normal == pytest.approx(tuple(sweep.ours.normal[k]), abs=1e-12), sweep.describe(k)
        assert c.point_a == pytest.approx(tuple(sweep.ours.point_a[k]), abs=1e-12 * scale)
        assert c.point_b == pytest.approx(tuple(sweep.ours.point_b[k]), abs=1e-12 * scale)
        if sweep.overlapping[k]:
            assert c.depth == pytest.approx(sweep.pm_depth[k], abs=DEPTH_TOL_REL * scale), sweep.describe(k)
            checked += 1
    in_band = int(sweep.in_band[sample].sum())
    print(
        f"\nsingle-pair queries: {SINGLE_PAIR_SAMPLE} pairs ({in_band} in the touching band), "
        f"{checked} overlapping depths compared with pymunk"
    )


def test_the_exact_oracle_agrees_with_a_brute_force_search_over_directions(sweep):
    # The exact depth is the smallest support overlap over all directions; a
    # search over 100,000 directions can only overshoot it, by about
    # (angular step) × (size).
    rng = np.random.default_rng(SEED + 2)
    for k in rng.choice(len(sweep), size=40, replace=False):
        a, b = sweep.shapes[k]
        depth, angle = brute_force_depth(a, tuple(sweep.xf_a[k]), b, tuple(sweep.xf_b[k]), 100_000)
        assert -sweep.gap[k] - 1e-9 * sweep.scale[k] <= depth <= -sweep.gap[k] + 1e-4 * sweep.scale[k]
        if sweep.gap[k] < 0 and sweep.runner_up[k] + sweep.gap[k] > 1e-3 * sweep.scale[k]:
            assert (
                _angle_between(np.array([[math.cos(angle), math.sin(angle)]]), sweep.exact_normal[k : k + 1])[
                    0
                ]
                < 1e-2
            ), sweep.describe(k)


# --- hand-picked pairs ------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "xf_a", "b", "xf_b", "depth", "normal"),
    [
        # Rounded boxes corner to corner: the round corners meet along the diagonal.
        (Polygon.box(10, 10, radius=2), (0, 0, 0), Polygon.box(10, 10), (21, 21, 0), 2 - math.sqrt(2),
         (math.sqrt(0.5), math.sqrt(0.5))),
        # A capsule lying across a box that is turned a quarter turn.
        (Polygon.box(10, 5), (0, 0, math.pi / 2), Capsule((-5, 0), (5, 0), 1), (0, 10.5, 0), 0.5, (0, 1)),
        # An offset circle on a body turned a quarter turn: its centre is at (0, 10).
        (Circle(1, center=(10, 0)), (0, 0, math.pi / 2), Circle(1), (0, 11.5, 0), 0.5, (0, 1)),
        # Circle core inside a rounded triangle.
        (Polygon(convex_hull([(0, 0), (6, 0), (0, 6)]), radius=0.5), (0, 0, 0), Circle(1), (1, 3, 0), 2.5,
         (-1, 0)),
    ],
)  # fmt: skip
def test_hand_picked_pairs_match_pymunk_and_the_expected_depth(a, xf_a, b, xf_b, depth, normal):
    ours = contact(a, xf_a, b, xf_b)
    theirs = pymunk_contact(to_pymunk(a, xf_a), to_pymunk(b, xf_b))
    assert ours is not None and theirs.hit
    assert ours.depth == pytest.approx(depth, abs=1e-12)
    assert theirs.depth == pytest.approx(depth, abs=1e-12)
    assert ours.normal == pytest.approx(normal, abs=1e-12)
    assert theirs.normal == pytest.approx(normal, abs=1e-12)
