"""The compiled geometry (self-intersection sweep, ear clipper) against plain reference versions.

Issue 13: the quadratic Python versions took minutes on a 5,000-point
outline. The fast ones must give the same verdicts: a sweep that missed a
crossing would let a broken wall into the game.
"""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from engine.collision.concave import (
    OutlineError,
    _drop_straight,
    _segments_touch,
    check_simple,
    signed_area,
    split_polygon,
    triangulate,
)

coords = st.integers(-20, 20).map(float)
outlines = st.lists(st.tuples(coords, coords), min_size=3, max_size=12)


def touches_somewhere(points) -> bool:
    """Every pair of edges that are not neighbours, tested one by one (the old, quadratic check)."""
    n = len(points)
    edges = [(points[i], points[(i + 1) % n]) for i in range(n)]
    for i, j in itertools.combinations(range(n), 2):
        if j == i + 1 or (i == 0 and j == n - 1):
            continue
        if _segments_touch(*edges[i], *edges[j]):
            return True
    return False


@given(outlines)
def test_the_sweep_finds_a_crossing_exactly_when_testing_every_pair_does(points):
    if len(points) < 4:
        return
    try:
        check_simple(points)
        found = False
    except OutlineError:
        found = True
    assert found == touches_somewhere(points)


@given(st.lists(st.tuples(coords, coords), min_size=3, max_size=30, unique=True))
def test_ear_clipping_tiles_any_simple_outline_with_counter_clockwise_triangles(points):
    try:
        split = split_polygon(points)
    except OutlineError:
        return
    outline = split.outline
    triangles = triangulate(outline)
    assert len(triangles) == len(outline) - 2
    assert all(signed_area([outline[k] for k in t]) >= 0.0 for t in triangles)
    total = sum(signed_area([outline[k] for k in t]) for t in triangles)
    assert abs(total - signed_area(outline)) <= 1e-9 * max(1.0, abs(signed_area(outline)))


def test_many_points_on_one_straight_run_are_dropped_in_one_pass():
    square = [(float(x), 0.0) for x in range(5000)] + [(5000.0, 5000.0), (0.0, 5000.0)]
    assert _drop_straight(square) == [(0.0, 0.0), (4999.0, 0.0), (5000.0, 5000.0), (0.0, 5000.0)]
