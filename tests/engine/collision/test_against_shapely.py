"""shapely as the exact oracle for distances and closest points.

Every shape is a core (polygon, segment, point) plus a radius, so the exact
distance is max(distance between the world cores − ra − rb, 0), which shapely
(GEOS) computes in double precision with no iteration. Closest points are
checked without needing them to be unique: each must lie on its own shape's
outline and they must be ``distance`` apart (overlapping: one shared point
inside both shapes).

Tolerance: ``DISTANCE_TOL_REL`` × scale, with scale = both extents + the
distance between the shapes' origins.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.collision import (
    Capsule,
    Circle,
    Polygon,
    ShapeTable,
    contact,
    distance,
    distances_batch,
    intersects,
)

from .oracles import (
    KINDS,
    convex_hull,
    exact_distance,
    exact_pair,
    extent,
    outline_offset,
    random_shape,
    shapely_core,
    shapely_cores,
    support_depth,
)

DISTANCE_TOL_REL = 1e-9
SEED = 20_240_612
BULK_PAIRS = 4_000
CATEGORY_PAIRS = 400


def pair_scale(a, xf_a, b, xf_b) -> float:
    return extent(a) + extent(b) + math.hypot(xf_b[0] - xf_a[0], xf_b[1] - xf_a[1])


# --- checking pairs against shapely -------------------------------------------------


@dataclass
class Comparison:
    """Our answers for some pairs next to shapely's, with what is wrong, by kind."""

    label: str
    pairs: int
    separated: int
    largest_error: float  # |ours − exact| / scale
    wrong_distances: int  # pairs
    wrong_points: int  # pairs
    distance_problems: list[str]  # up to 3 examples per kind of problem
    point_problems: list[str]

    def __str__(self) -> str:
        return (
            f"{self.label}: {self.pairs} pairs, {self.separated} separated, largest distance error "
            f"{self.largest_error:.1e} × scale; wrong distances in {self.wrong_distances} pairs, "
            f"wrong closest points in {self.wrong_points}"
        )


def compare_with_shapely(pairs, dist, point_a, point_b, label: str, *, report: bool = True) -> Comparison:
    """Compare our distances and closest points for ``pairs`` [(a, xf_a, b, xf_b)]
    with shapely's. Lists up to 3 offending pairs per kind of problem."""
    a_shapes, xf_a, b_shapes, xf_b = zip(*pairs, strict=True)
    cores_a, cores_b = shapely_cores(a_shapes, xf_a), shapely_cores(b_shapes, xf_b)
    ra = np.array([s.radius for s in a_shapes])
    rb = np.array([s.radius for s in b_shapes])
    exact = np.maximum(shapely.distance(cores_a, cores_b) - ra - rb, 0.0)
    scale = np.array([pair_scale(*p) for p in pairs])
    tol = DISTANCE_TOL_REL * scale
    dist, point_a, point_b = np.asarray(dist), np.asarray(point_a), np.asarray(point_b)

    off_a = outline_offset(point_a, cores_a, ra)
    off_b = outline_offset(point_b, cores_b, rb)
    apart = np.hypot(*(point_b - point_a).T)
    separated = dist > 0.0

    def describe(what, bad):
        out = []
        for k in np.flatnonzero(bad)[:3]:
            a, xa, b, xb = pairs[k]
            out.append(
                f"{what}: A={a!r} at {xa}, B={b!r} at {xb}: ours {dist[k]!r} "
                f"pa={tuple(map(float, point_a[k]))} pb={tuple(map(float, point_b[k]))}, exact {exact[k]!r} "
                f"(outline offsets {off_a[k]:.3g}, {off_b[k]:.3g}; tol {tol[k]:.3g}) [{int(bad.sum())} such pairs]"
            )
        return out

    distance_checks = {
        "distance differs from shapely": np.abs(dist - exact) > tol,
        "negative distance": dist < 0.0,
    }
    point_checks = {
        "point_a not on A's outline": separated & (np.abs(off_a) > tol),
        "point_b not on B's outline": separated & (np.abs(off_b) > tol),
        "closest points not `distance` apart": separated & (np.abs(apart - dist) > tol),
        "shared point outside A": ~separated & (off_a > tol),
        "shared point outside B": ~separated & (off_b > tol),
        "two different shared points": ~separated & (apart > tol),
    }
    result = Comparison(
        label,
        len(pairs),
        int((exact > 0).sum()),
        float((np.abs(dist - exact) / scale).max()),
        int(np.logical_or.reduce(list(distance_checks.values())).sum()),
        int(np.logical_or.reduce(list(point_checks.values())).sum()),
        [line for what, bad in distance_checks.items() for line in describe(what, bad)],
        [line for what, bad in point_checks.items() for line in describe(what, bad)],
    )
    if report:
        print(f"\n{result}")
    return result


def compare_one(a, xf_a, b, xf_b, label: str = "pair") -> Comparison:
    r = distance(a, xf_a, b, xf_b)
    return compare_with_shapely(
        [(a, xf_a, b, xf_b)], [r.distance], [r.point_a], [r.point_b], label, report=False
    )


def batch_distances(pairs):
    table = ShapeTable()
    ids_a = [table.add(p[0]) for p in pairs]
    ids_b = [table.add(p[2]) for p in pairs]
    xf_a = np.array([p[1] for p in pairs], dtype=np.float64)
    xf_b = np.array([p[3] for p in pairs], dtype=np.float64)
    return distances_batch(table, np.array(ids_a), xf_a, np.array(ids_b), xf_b)


def compare_batch(pairs, label: str) -> Comparison:
    r = batch_distances(pairs)
    return compare_with_shapely(pairs, r.distance, r.point_a, r.point_b, label)


# --- random pairs -------------------------------------------------------------------


def _place_b(rng, a, xf_a, b):
    """B's transform: origin 0…1.5 × the sum of the extents from A's, any angle."""
    heading = rng.uniform(-math.pi, math.pi)
    reach = (extent(a) + extent(b)) * rng.uniform(0.0, 1.5)
    return (
        xf_a[0] + reach * math.cos(heading),
        xf_a[1] + reach * math.sin(heading),
        float(rng.uniform(-math.pi, math.pi)),
    )


def random_pairs(rng, count, make_a, make_b=None, origin=0.0, box=100.0):
    """A at (origin, -origin) ± ``box``, B around it (``_place_b``)."""
    pairs = []
    for _ in range(count):
        a = make_a(rng)
        b = (make_b or make_a)(rng)
        xf_a = (
            float(origin + rng.uniform(-box, box)),
            float(-origin + rng.uniform(-box, box)),
            float(rng.uniform(-math.pi, math.pi)),
        )
        pairs.append((a, xf_a, b, _place_b(rng, a, xf_a, b)))
    return pairs


def any_kind(size_lo=0.3, size_hi=5.0):
    def make(rng):
        kind = KINDS[int(rng.integers(len(KINDS)))]
        return random_shape(rng, kind, float(np.exp(rng.uniform(math.log(size_lo), math.log(size_hi)))))

    return make


def sliver(rng) -> Polygon | Capsule:
    """A polygon or capsule 1000 times longer than it is thick."""
    length = float(rng.uniform(1.0, 10.0))
    width = length / 1000.0
    if rng.random() < 0.25:
        return Capsule((-length / 2, 0.0), (length / 2, 0.0), width / 2)
    xs = rng.uniform(-0.4, 0.4, 2) * length
    outline = [(-length / 2, 0.0), (xs[0], -width / 2), (length / 2, 0.0), (xs[1], width / 2)]
    if rng.random() < 0.5:
        outline = outline[:3]  # a thin triangle
    return Polygon(outline, radius=float(width * rng.uniform(0.0, 0.5)) if rng.random() < 0.3 else 0.0)


def polygon_64(rng) -> Polygon:
    """64 vertices on an ellipse at jittered angles: always strictly convex."""
    step = 2.0 * math.pi / 64
    angles = np.arange(64) * step + rng.uniform(-0.3, 0.3, 64) * step
    rx, ry = rng.uniform(0.5, 3.0, 2)
    pts = np.column_stack([rx * np.cos(angles), ry * np.sin(angles)]) + rng.uniform(-0.3, 0.3, 2)
    polygon = Polygon(pts, radius=float(rng.uniform(0.0, 0.3)) if rng.random() < 0.3 else 0.0)
    assert len(polygon.points) == 64
    return polygon


@pytest.fixture(scope="module")
def bulk() -> Comparison:
    rng = np.random.default_rng(SEED)
    return compare_batch(random_pairs(rng, BULK_PAIRS, any_kind()), "bulk")


def test_the_bulk_has_thousands_of_pairs_both_separated_and_overlapping(bulk):
    assert bulk.pairs >= 4_000
    assert 0.3 < bulk.separated / bulk.pairs < 0.8


def test_distances_of_random_pairs_match_shapely_through_the_batch(bulk):
    assert not bulk.distance_problems, "\n".join([str(bulk), *bulk.distance_problems])


def test_closest_points_of_random_pairs_lie_on_the_shapes_through_the_batch(bulk):
    assert not bulk.point_problems, "\n".join([str(bulk), *bulk.point_problems])


def test_the_single_pair_distance_agrees_with_the_batch():
    rng = np.random.default_rng(SEED + 1)
    pairs = random_pairs(rng, 300, any_kind())
    bulk = batch_distances(pairs)
    for k, (a, xa, b, xb) in enumerate(pairs):
        one = distance(a, xa, b, xb)
        tol = 1e-12 * pair_scale(a, xa, b, xb)
        assert one.distance == pytest.approx(bulk.distance[k], abs=tol)
        assert one.point_a == pytest.approx(tuple(bulk.point_a[k]), abs=tol)
        assert one.point_b == pytest.approx(tuple(bulk.point_b[k]), abs=tol)
        assert intersects(a, xa, b, xb) == (one.distance == 0.0)


AWKWARD = {
    # label: (make A, make B, origin, box)
    "tiny shapes, 1e-3 across": (any_kind(1e-3, 1e-3), any_kind(1e-3, 1e-3), 0.0, 0.1),
    "tiny next to large": (any_kind(1e-3, 1e-3), any_kind(1.0, 5.0), 0.0, 0.1),
    "far shapes, 1e6 from the origin": (any_kind(), any_kind(), 1e6, 100.0),
    "1:1000 slivers": (sliver, sliver, 0.0, 100.0),
    "slivers against other shapes": (sliver, any_kind(), 0.0, 100.0),
    "64-vertex polygons": (polygon_64, polygon_64, 0.0, 100.0),
    "64-vertex polygons against other shapes": (polygon_64, any_kind(), 0.0, 100.0),
}


@pytest.fixture(scope="module", params=list(AWKWARD))
def awkward(request) -> Comparison:
    label = request.param
    make_a, make_b, origin, box = AWKWARD[label]
    rng = np.random.default_rng([SEED, *label.encode()])
    half = CATEGORY_PAIRS // 2
    pairs = random_pairs(rng, half, make_a, make_b, origin, box)
    pairs += [(b, xb, a, xa) for a, xa, b, xb in random_pairs(rng, half, make_a, make_b, origin, box)]
    return compare_batch(pairs, label)


def test_distances_of_awkward_random_pairs_match_shapely(awkward):
    assert not awkward.distance_problems, "\n".join([str(awkward), *awkward.distance_problems])


def test_closest_points_of_awkward_random_pairs_lie_on_the_shapes(awkward):
    assert not awkward.point_problems, "\n".join([str(awkward), *awkward.point_problems])


# --- hypothesis ---------------------------------------------------------------------

finite = {"allow_nan": False, "allow_infinity": False}


@st.composite
def shapes(draw):
    kind = draw(st.sampled_from(KINDS))
    size = 2.0 ** draw(st.floats(-2.0, 2.5, **finite))
    radius = size * draw(st.floats(0.02, 0.25, **finite))
    if kind in ("polygon", "rounded"):
        n = draw(st.integers(3, 8))
        step = 2.0 * math.pi / n
        jitter = draw(st.lists(st.floats(-0.4, 0.4, **finite), min_size=n, max_size=n))
        radii = draw(st.lists(st.floats(0.5, 1.0, **finite), min_size=n, max_size=n))
        aspect = draw(st.floats(0.1, 1.0, **finite))
        core = size - 2.0 * radius if kind == "rounded" else size
        pts = [
            (0.5 * core * r * math.cos((i + j) * step), 0.5 * core * aspect * r * math.sin((i + j) * step))
            for i, (j, r) in enumerate(zip(jitter, radii, strict=True))
        ]
        return Polygon(convex_hull(pts), radius=radius if kind == "rounded" else 0.0)
    center = (size * draw(st.floats(-0.3, 0.3, **finite)), size * draw(st.floats(-0.3, 0.3, **finite)))
    if kind == "circle":
        return Circle(size * draw(st.floats(0.1, 0.5, **finite)), center=center)
    half = size * draw(st.floats(0.1, 0.5, **finite))
    tilt = draw(st.floats(0.0, math.pi, **finite))
    d = (half * math.cos(tilt), half * math.sin(tilt))
    return Capsule((center[0] - d[0], center[1] - d[1]), (center[0] + d[0], center[1] + d[1]), radius)


@st.composite
def placed_pairs(draw):
    a, b = draw(shapes()), draw(shapes())
    coordinate = st.floats(-1e3, 1e3, **finite)
    angle = st.floats(-math.pi, math.pi, **finite)
    xf_a = (draw(coordinate), draw(coordinate), draw(angle))
    heading = draw(angle)
    reach = (extent(a) + extent(b)) * draw(st.floats(0.0, 1.5, **finite))
    xf_b = (xf_a[0] + reach * math.cos(heading), xf_a[1] + reach * math.sin(heading), draw(angle))
    return a, xf_a, b, xf_b


hypothesis_settings = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@hypothesis_settings
@given(placed_pairs())
def test_distance_matches_shapely_for_any_placed_pair(pair):
    a, xf_a, b, xf_b = pair
    ours = distance(a, xf_a, b, xf_b).distance
    exact = exact_distance(a, xf_a, b, xf_b)
    assert ours == pytest.approx(exact, abs=DISTANCE_TOL_REL * pair_scale(*pair))
    assert ours >= 0.0


@hypothesis_settings
@given(placed_pairs())
def test_closest_points_lie_on_the_shapes_and_are_the_distance_apart(pair):
    problems = compare_one(*pair).point_problems
    assert not problems, problems[0]


# --- hand-picked cases -------------------------------------------------------------

UNIT_BOX = Polygon.box(0.5, 0.5)
ANGLES = [0.0, 0.3, math.pi / 4, 1.0, math.pi / 2, 2.5, -2.0]
ORIGINS = [(0.0, 0.0), (1e6, -1e6), (-1e6, 3e6)]


def beside(xf, offset):
    """The transform ``offset`` (local x, y) away from ``xf``, same angle."""
    c, s = math.cos(xf[2]), math.sin(xf[2])
    return (xf[0] + c * offset[0] - s * offset[1], xf[1] + s * offset[0] + c * offset[1], xf[2])


def assert_touching(a, xf_a, b, xf_b):
    scale = pair_scale(a, xf_a, b, xf_b)
    assert abs(exact_pair(a, xf_a, b, xf_b).gap) <= DISTANCE_TOL_REL * scale  # the setup really touches
    assert intersects(a, xf_a, b, xf_b)
    r = distance(a, xf_a, b, xf_b)
    assert r.distance == 0.0
    c = contact(a, xf_a, b, xf_b)
    assert c is not None
    assert c.depth <= DISTANCE_TOL_REL * scale
    # Moving B by the (zero) depth along the normal separates: the normal is a face normal.
    assert support_depth(a, xf_a, b, xf_b, c.normal) <= DISTANCE_TOL_REL * scale
    problems = compare_one(a, xf_a, b, xf_b, "touching").point_problems
    assert not problems, problems[0]
    return c


@pytest.mark.parametrize("origin", ORIGINS)
@pytest.mark.parametrize("angle", ANGLES)
def test_unit_boxes_side_by_side_touch_with_distance_zero(origin, angle):
    xf_a = (origin[0], origin[1], angle)
    xf_b = beside(xf_a, (1.0, 0.0))
    c = assert_touching(UNIT_BOX, xf_a, UNIT_BOX, xf_b)
    assert c.normal == pytest.approx((math.cos(angle), math.sin(angle)), abs=1e-9)


@pytest.mark.parametrize("origin", ORIGINS)
@pytest.mark.parametrize("angle", ANGLES)
def test_unit_boxes_just_apart_or_just_overlapping_match_shapely(origin, angle):
    xf_a = (origin[0], origin[1], angle)
    for gap in (1e-6, 1e-3, 0.5, -1e-6, -1e-3, -0.5):
        xf_b = beside(xf_a, (1.0 + gap, 0.3))
        assert distance(UNIT_BOX, xf_a, UNIT_BOX, xf_b).distance == pytest.approx(max(gap, 0.0), abs=1e-9)
        comparison = compare_one(UNIT_BOX, xf_a, UNIT_BOX, xf_b, f"gap {gap}")
        assert not comparison.distance_problems + comparison.point_problems


@pytest.mark.parametrize("origin", ORIGINS)
@pytest.mark.parametrize("angle", ANGLES)
def test_a_vertex_touching_an_edge_gives_distance_zero(origin, angle):
    # A triangle whose tip (its local origin) touches the right edge of a unit box.
    tip = Polygon([(0.0, 0.0), (2.0, -1.0), (2.0, 1.0)])
    xf_box = (origin[0], origin[1], angle)
    xf_tip = beside(xf_box, (0.5, 0.2))
    assert_touching(UNIT_BOX, xf_box, tip, xf_tip)
    assert_touching(tip, xf_tip, UNIT_BOX, xf_box)


ROUND_TOUCHING = {
    "circle on a box edge": (UNIT_BOX, Circle(1.0, center=(0.25, 0.0)), (1.25, 0.2)),
    "capsule end on a box edge": (UNIT_BOX, Capsule((0.3, 0.0), (2.0, 0.5), 0.2), (0.4, -0.1)),
    "rounded box on a rounded box": (Polygon.box(1.0, 0.5, 0.25), Polygon.box(0.5, 0.5, 0.25), (2.0, 0.3)),
    "circle on a rounded corner": (
        Polygon.box(1.0, 1.0, 0.5),
        Circle(0.5),
        (1.0 + math.sqrt(0.5), 1.0 + math.sqrt(0.5)),
    ),
    "capsule side on a circle": (Circle(1.0), Capsule((-1.0, 0.0), (1.0, 0.0), 0.5), (0.0, 1.5)),
}


@pytest.mark.parametrize("origin", ORIGINS)
@pytest.mark.parametrize("angle", [0.0, 0.3, -2.0])
@pytest.mark.parametrize("case", list(ROUND_TOUCHING))
def test_round_shapes_touching_at_exactly_their_radius_give_distance_zero(case, angle, origin):
    a, b, offset = ROUND_TOUCHING[case]
    xf_a = (origin[0], origin[1], angle)
    xf_b = beside(xf_a, offset)
    assert_touching(a, xf_a, b, xf_b)
    assert_touching(b, xf_b, a, xf_a)


@pytest.mark.parametrize("angle", ANGLES)
def test_a_vertex_touching_a_vertex_gives_distance_zero(angle):
    xf_a = (3.0, -2.0, angle)
    diamond = Polygon([(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)])
    assert_touching(diamond, xf_a, diamond, beside(xf_a, (2.0, 0.0)))


NESTED = [
    (Polygon.box(5.0, 3.0), Circle(0.5), (1.0, 0.5)),
    (Polygon.box(5.0, 3.0, radius=1.0), Polygon.box(0.2, 0.1), (-2.0, 1.0)),
    (Circle(4.0, center=(1.0, 1.0)), Capsule((-1.0, 0.0), (1.0, 0.5), 0.5), (1.0, 1.0)),
    (Capsule((-5.0, 0.0), (5.0, 0.0), 2.0), Polygon([(0, 0), (1, 0), (0, 1)], radius=0.1), (3.0, 0.0)),
    (polygon_64(np.random.default_rng(0)), Circle(0.1), (0.2, -0.1)),
]


def nested_pairs(outer, inner, offset, angle):
    """Both orders of ``inner`` placed inside ``outer``, checked with shapely."""
    xf_outer = (10.0, -20.0, angle)
    xf_inner = beside(xf_outer, offset)
    assert shapely.contains(
        shapely.buffer(shapely_core(outer, xf_outer), outer.radius, quad_segs=64),
        shapely.buffer(shapely_core(inner, xf_inner), inner.radius, quad_segs=64) if inner.radius else
        shapely_core(inner, xf_inner),
    )  # fmt: skip
    return [(outer, xf_outer, inner, xf_inner), (inner, xf_inner, outer, xf_outer)]


@pytest.mark.parametrize(("outer", "inner", "offset"), NESTED)
@pytest.mark.parametrize("angle", [0.0, 0.7, -2.2])
def test_a_shape_inside_another_is_at_distance_zero_with_the_exact_depth(outer, inner, offset, angle):
    for a, xa, b, xb in nested_pairs(outer, inner, offset, angle):
        assert intersects(a, xa, b, xb)
        assert distance(a, xa, b, xb).distance == 0.0
        c = contact(a, xa, b, xb)
        assert c is not None
        assert c.depth == pytest.approx(-exact_pair(a, xa, b, xb).gap, abs=1e-9 * pair_scale(a, xa, b, xb))


@pytest.mark.parametrize(("outer", "inner", "offset"), NESTED)
@pytest.mark.parametrize("angle", [0.0, 0.7, -2.2])
def test_a_shape_inside_another_shares_a_point_with_it(outer, inner, offset, angle):
    for a, xa, b, xb in nested_pairs(outer, inner, offset, angle):
        problems = compare_one(a, xa, b, xb, "inside").point_problems
        assert not problems, problems[0]


def test_overlapping_circles_of_different_sizes_share_a_point():
    # Minimal case of the shared-point rule: the small circle holds only |x| <= 0.1.
    r = distance(Circle(0.1), (0.0, 0.0, 0.0), Circle(1.0), (0.5, 0.0, 0.0))
    assert r.distance == 0.0
    assert r.point_a == r.point_b
    assert math.hypot(*r.point_a) <= 0.1
    assert math.hypot(r.point_a[0] - 0.5, r.point_a[1]) <= 1.0


def test_a_thin_box_overlapping_a_large_circle_shares_a_point_with_it():
    r = distance(Polygon.box(1.0, 0.01), (0.0, 0.0, 0.0), Circle(1.0), (0.0, 0.5, 0.0))
    assert r.distance == 0.0
    assert r.point_a == r.point_b
    assert abs(r.point_a[0]) <= 1.0 and abs(r.point_a[1]) <= 0.01
    assert math.hypot(r.point_a[0], r.point_a[1] - 0.5) <= 1.0
