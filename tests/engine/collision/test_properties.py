"""Properties every pair query must have, on random shapes of every kind.

Depth and distance are checked against the support-function definition (see
``strategies``), which is exact for every convex shape, curved ones included.
"""

from __future__ import annotations

import math

from hypothesis import assume, given
from hypothesis import strategies as st

from engine.collision import contact, distance, intersects

from .strategies import min_overlap, overlap_along, shapes, size_of, transforms

pairs = st.tuples(shapes(), transforms(), shapes(), transforms())


def tolerance(a, xf_a, b, xf_b) -> float:
    return 1e-9 * (size_of(a) + size_of(b) + math.dist(xf_a[:2], xf_b[:2]))


def moved(xf, dx, dy):
    return (xf[0] + dx, xf[1] + dy, xf[2])


@given(pairs)
def test_distance_is_zero_exactly_when_the_shapes_intersect(pair):
    a, xf_a, b, xf_b = pair
    d = distance(a, xf_a, b, xf_b).distance
    assert d >= 0.0
    assert (d == 0.0) == intersects(a, xf_a, b, xf_b)
    assert (contact(a, xf_a, b, xf_b) is not None) == intersects(a, xf_a, b, xf_b)


@given(pairs)
def test_swapping_a_and_b_keeps_verdict_and_distance_and_negates_the_normal(pair):
    a, xf_a, b, xf_b = pair
    tol = tolerance(a, xf_a, b, xf_b)
    assert intersects(a, xf_a, b, xf_b) == intersects(b, xf_b, a, xf_a)
    d_ab, d_ba = distance(a, xf_a, b, xf_b), distance(b, xf_b, a, xf_a)
    assert math.isclose(d_ab.distance, d_ba.distance, abs_tol=tol)
    c_ab, c_ba = contact(a, xf_a, b, xf_b), contact(b, xf_b, a, xf_a)
    if c_ab is None:
        assert c_ba is None
        return
    assert math.isclose(c_ab.depth, c_ba.depth, abs_tol=tol)
    # Where two axes tie the normals may differ; each must then be a true depth axis.
    nx, ny = c_ba.normal
    assert math.isclose(overlap_along(a, xf_a, b, xf_b, -nx, -ny), c_ab.depth, abs_tol=tol)


@given(pairs, transforms(reach=100.0))
def test_a_common_rigid_motion_changes_nothing(pair, motion):
    a, xf_a, b, xf_b = pair
    mx, my, mt = motion
    c, s = math.cos(mt), math.sin(mt)

    def move(xf):
        x, y, angle = xf
        return (c * x - s * y + mx, s * x + c * y + my, angle + mt)

    tol = tolerance(a, move(xf_a), b, move(xf_b))
    assert intersects(a, xf_a, b, xf_b) == intersects(a, move(xf_a), b, move(xf_b))
    before, after = distance(a, xf_a, b, xf_b), distance(a, move(xf_a), b, move(xf_b))
    assert math.isclose(before.distance, after.distance, abs_tol=tol)
    c1, c2 = contact(a, xf_a, b, xf_b), contact(a, move(xf_a), b, move(xf_b))
    assert (c1 is None) == (c2 is None)
    if c1 is not None:
        assert math.isclose(c1.depth, c2.depth, abs_tol=tol)


@given(pairs)
def test_depth_is_the_smallest_overlap_over_all_directions(pair):
    a, xf_a, b, xf_b = pair
    hit = contact(a, xf_a, b, xf_b)
    assume(hit is not None)
    tol = tolerance(a, xf_a, b, xf_b)
    assert hit.depth >= 0.0
    assert math.hypot(*hit.normal) == __import__("pytest").approx(1.0)
    # Along the normal the shapes overlap by exactly the depth...
    assert math.isclose(overlap_along(a, xf_a, b, xf_b, *hit.normal), hit.depth, abs_tol=tol)
    # ...and along no other direction by less.
    assert min_overlap(a, xf_a, b, xf_b) >= hit.depth - tol
    # The deepest points are depth apart along the normal.
    (pax, pay), (pbx, pby) = hit.point_a, hit.point_b
    assert math.isclose(pax - pbx, hit.depth * hit.normal[0], abs_tol=tol)
    assert math.isclose(pay - pby, hit.depth * hit.normal[1], abs_tol=tol)


@given(pairs)
def test_moving_b_by_the_depth_along_the_normal_separates_them_and_by_less_does_not(pair):
    a, xf_a, b, xf_b = pair
    hit = contact(a, xf_a, b, xf_b)
    assume(hit is not None)
    scale = size_of(a) + size_of(b) + math.dist(xf_a[:2], xf_b[:2])
    nx, ny = hit.normal
    hair = 1e-7 * scale
    assert not intersects(a, xf_a, b, moved(xf_b, (hit.depth + hair) * nx, (hit.depth + hair) * ny))
    if hit.depth > 1e-6 * scale:
        short = 0.9 * hit.depth
        assert intersects(a, xf_a, b, moved(xf_b, short * nx, short * ny))


@given(pairs)
def test_closest_points_lie_on_the_shapes_and_certify_the_distance(pair):
    a, xf_a, b, xf_b = pair
    result = distance(a, xf_a, b, xf_b)
    assume(result.distance > 0.0)
    tol = tolerance(a, xf_a, b, xf_b)
    (pax, pay), (pbx, pby) = result.point_a, result.point_b
    gap = math.hypot(pbx - pax, pby - pay)
    assert math.isclose(gap, result.distance, rel_tol=1e-9, abs_tol=tol)
    nx, ny = (pbx - pax) / gap, (pby - pay) / gap
    # point_a is A's extreme point along n and point_b is B's along −n: the
    # direction n separates the shapes by exactly the distance, and no
    # direction can separate them by more than the distance between two of their points.
    assert math.isclose(-overlap_along(a, xf_a, b, xf_b, nx, ny), result.distance, abs_tol=tol)
    from .strategies import world_support

    sax, say = world_support(a, xf_a, nx, ny)
    sbx, sby = world_support(b, xf_b, -nx, -ny)
    assert math.isclose(sax * nx + say * ny, pax * nx + pay * ny, abs_tol=tol)
    assert math.isclose(sbx * nx + sby * ny, pbx * nx + pby * ny, abs_tol=tol)
