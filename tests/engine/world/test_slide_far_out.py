"""Move-and-slide and casts far from the world's origin behave as near it.

The same scene is built twice, once about (0, 0) and once shifted by
(999,000,000, 999,000,000), with every coordinate a multiple of 1/64 so that
both copies are exact (a float near 1e9 holds multiples of 2**-23). Walls are
slanted and rotated, the movers rotated polygons, capsules and circles; the
moves hit two walls, slide into corners and along creases.

What may differ, and why: each slide and cast is computed in the mover's own
frame (the wall at its position minus the mover's start, which is exact for
these coordinates), so the normals, fractions and hit counts are the same
numbers (a shape cast's fraction was seen an ulp apart); the positions handed back are start + how far the body moved,
rounded once to the world's grid of 2**-23 (half of that at most), and the
near copy's own rounding is far below it. So a point may differ by one ulp
of 999,000,000 (2**-23 ≈ 1.2e-7 px) and a normal by a few ulps of a unit
vector (4 · 2**-52). Computed in world coordinates, the normals met near a
corner (half a skin from it, 5e-4 px) differed by up to 1.3e-4 rad and the
end points by 0.012 px (issue 24, item 7).
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Polygon

SHIFT = 999_000_000.0
#: One ulp of the shifted coordinates: the final rounding of start + moved.
POINT_TOL = 2.0**-23
#: A few ulps of a unit normal.
NORMAL_TOL = 4 * 2.0**-52
#: A few ulps of a fraction (at most 1). A shape cast's fraction came out one ulp apart
#: (0.12374864947071842 near, ...45 far: a polygon cast up into the slanted top wall), 1e-14 px
#: along its move; where its arithmetic is not the mover's frame's was not found.
FRACTION_TOL = 4 * 2.0**-53
MOVERS = [
    Polygon([(-6, -4), (7, -3), (5, 6), (-4, 5)]),
    Capsule((-5, 0), (5, 0), 3.0),
    Circle(4.5),
]


def build(shift: float, mover: int, start, angle: float, second=None) -> tuple[World, list[int]]:
    """A V of two slanted walls closed by a tilted post and a rotated triangle, and the movers."""
    world = World()
    world.add(Polygon.box(200, 6), (shift + 0.0, shift + 60.0, 0.3), type="static")
    world.add(Polygon.box(200, 6), (shift + 0.0, shift - 60.0, -0.45), type="static")
    world.add(Polygon.box(6, 80), (shift + 150.0, shift + 0.0, 0.2), type="static")
    world.add(Polygon([(0, 0), (30, 5), (12, 28)]), (shift - 90.0, shift + 10.0, 1.1), type="static")
    bodies = [
        world.add(MOVERS[mover], (shift + start[0], shift + start[1], angle), type="kinematic", layer=2)
    ]
    if second is not None:
        bodies.append(
            world.add(
                MOVERS[(mover + 1) % 3],
                (shift + second[0], shift + second[1], -angle),
                type="kinematic",
                layer=2,
            )
        )
    return world, bodies


def dyadic(low: float, high: float):
    """Multiples of 1/64 in [low, high]: exact at the origin and at SHIFT."""
    return st.integers(int(low * 64), int(high * 64)).map(lambda k: k / 64)


MOVER = st.integers(0, len(MOVERS) - 1)
START = st.tuples(dyadic(-40, 40), dyadic(-20, 20))
ANGLE = st.integers(0, 63).map(lambda k: k / 8)
MOVE = st.tuples(dyadic(-400, 400), dyadic(-400, 400))


def assert_same_point(near, far):
    assert abs(far[0] - SHIFT - near[0]) <= POINT_TOL, (near, far)
    assert abs(far[1] - SHIFT - near[1]) <= POINT_TOL, (near, far)


def assert_same_hits(near, far):
    assert len(near) == len(far)
    for a, b in zip(near, far):
        assert a.body == b.body and abs(a.fraction - b.fraction) <= FRACTION_TOL
        assert abs(a.normal[0] - b.normal[0]) <= NORMAL_TOL and abs(a.normal[1] - b.normal[1]) <= NORMAL_TOL
        assert_same_point(a.point, b.point)


@settings(max_examples=80, deadline=None)
@given(mover=MOVER, start=START, angle=ANGLE, move=MOVE)
# Found by the probe of issue 24: a rotated box into the V's lower corner (1.3e-4 rad, 0.012 px apart).
@example(mover=0, start=(18.28125, -17.328125), angle=1.0, move=(139.3125, -138.84375))
@example(mover=1, start=(3.1875, 1.484375), angle=6.125, move=(-344.25, 23.375))
@example(mover=1, start=(-1.65625, -16.75), angle=1.75, move=(284.171875, 134.09375))
def test_a_slide_far_out_meets_the_same_walls_with_the_same_normals_and_ends_where_it_does_near(
    mover, start, angle, move
):
    results = []
    for shift in (0.0, SHIFT):
        world, (body,) = build(shift, mover, start, angle)
        results.append(world.move_and_slide(body, move, mask=1))
    near, far = results
    assert_same_point((near.x, near.y), (far.x, far.y))
    assert_same_hits(near.hits, far.hits)


@settings(max_examples=30, deadline=None)
@given(
    mover=MOVER,
    start=st.tuples(dyadic(-40, -10), dyadic(-20, 20)),
    second=st.tuples(dyadic(10, 40), dyadic(-20, 20)),
    angle=ANGLE,
    moves=st.tuples(dyadic(-300, 300), dyadic(-300, 300), dyadic(-300, 300), dyadic(-300, 300)),
)
def test_a_batch_of_slides_and_casts_far_out_gives_what_it_gives_near(mover, start, second, angle, moves):
    ends, casts = [], []
    for shift in (0.0, SHIFT):
        world, bodies = build(shift, mover, start, angle, second)
        pairs = [moves[:2], moves[2:]]
        casts.append(world.cast_bodies(bodies, pairs, mask=1))
        ends.append(world.move_and_slide_bodies(bodies, pairs, mask=1))
    for row in range(2):
        assert_same_point(ends[0][row], ends[1][row])
        assert (
            casts[0].body[row] == casts[1].body[row]
            and abs(casts[0].fraction[row] - casts[1].fraction[row]) <= FRACTION_TOL
        )
        if casts[0].body[row] >= 0:
            assert max(abs(casts[0].normal[row] - casts[1].normal[row])) <= NORMAL_TOL
            assert_same_point(casts[0].point[row], casts[1].point[row])


@settings(max_examples=40, deadline=None)
@given(mover=MOVER, start=START, angle=ANGLE, move=MOVE)
@example(mover=0, start=(0.0, 0.0), angle=0.0, move=(1 / 64, 24557 / 64))  # fractions an ulp apart
def test_a_shape_cast_far_out_hits_what_it_hits_near(mover, start, angle, move):
    hits = []
    for shift in (0.0, SHIFT):
        world, _ = build(shift, 0, (0.0, 0.0), 0.0)
        xf = (shift + start[0], shift + start[1], angle)
        hits.append(world.shape_cast(MOVERS[mover], xf, move, mask=1))
    near, far = hits
    assert (near is None) == (far is None)
    if near is not None:
        assert_same_hits([near], [far])
