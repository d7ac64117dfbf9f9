"""The tutorials the project grew from (../shared/seeds), as fixed tests."""

import itertools

from engine.collision import Capsule, Polygon, contact, distance, intersects
from engine.collision.gjk import support_vertex

IDENTITY = (0.0, 0.0, 0.0)


def minkowski_support(a: Polygon, b: Polygon, dx: float, dy: float) -> tuple[float, float]:
    """Seed 002's support(a, b, d): A's farthest point along d minus B's along −d."""
    v = support_vertex(a.packed, 0, b.packed, 0, 1.0, 0.0, 0.0, 0.0, dx, dy)
    return v.wx, v.wy


def test_seed_002_worked_example_finds_the_collision_with_the_same_support_points():
    a = Polygon([(0, 1), (1, -1), (-1, -1)])
    b = Polygon([(0, -1), (1, 1), (-1, 1)])
    # The seed's three steps: first direction (0, 1), then its inverse, then the
    # perpendicular (-5, 0) of the segment towards the origin.
    assert minkowski_support(a, b, 0.0, 1.0) == (0.0, 2.0)
    assert minkowski_support(a, b, -5.0, 0.0) == (-2.0, -2.0)
    # Step 2 prints (0, -3), a misprint: A - B reaches only 2 below the origin
    # (A's lowest y is -1, B's highest is 1), and (0, -3) is not a difference of
    # any two vertices. Along (0, -1) the vertices (0, -2) and (+-2, -2) tie; the
    # engine takes one of them, and the seed's GJK goes on the same way.
    differences = {(ax - bx, ay - by) for (ax, ay) in a.points for (bx, by) in b.points}
    assert (0.0, -3.0) not in differences
    sx, sy = minkowski_support(a, b, 0.0, -1.0)
    assert (sx, sy) in differences and sy == -2.0
    assert intersects(a, IDENTITY, b, IDENTITY)
    assert distance(a, IDENTITY, b, IDENTITY).distance == 0.0
    assert contact(a, IDENTITY, b, IDENTITY) is not None


def test_seed_002_minkowski_difference_support_matches_brute_force_in_every_direction():
    a_pts = [(0, 1), (1, -1), (-1, -1)]
    b_pts = [(0, -1), (1, 1), (-1, 1)]
    difference = [(ax - bx, ay - by) for (ax, ay), (bx, by) in itertools.product(a_pts, b_pts)]
    a, b = Polygon(a_pts), Polygon(b_pts)
    for dx, dy in [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (0.3, -2)]:
        best = max(px * dx + py * dy for px, py in difference)
        sx, sy = minkowski_support(a, b, float(dx), float(dy))
        assert sx * dx + sy * dy == best


def test_seed_000_minkowski_sum_of_the_two_point_sets():
    a = [(1, 1), (2, 1)]
    b = [(-2, 2), (-1, 2)]
    total = {(ax + bx, ay + by) for (ax, ay), (bx, by) in itertools.product(a, b)}
    # The seed lists (2, 1) + (-2, 2) = (0, 4), a misprint for (0, 3): the sum of
    # two horizontal segments is the horizontal segment from (-1, 3) to (1, 3).
    assert total == {(-1, 3), (0, 3), (1, 3)}
    # The same sum through the engine: the support of A - (-B) is the support of A + B.
    seg_a = Capsule((1, 1), (2, 1), 0.0)
    neg_b = Capsule((2, -2), (1, -2), 0.0)
    for dx, dy in [(1, 0), (-1, 0), (1, 1), (-1, 1), (0.5, -1), (-2, -0.1)]:
        v = support_vertex(seg_a.packed, 0, neg_b.packed, 0, 1.0, 0.0, 0.0, 0.0, float(dx), float(dy))
        assert (v.wx, v.wy) in total
        assert v.wx * dx + v.wy * dy == max(px * dx + py * dy for px, py in total)


def test_seed_003_local_to_world_support_rotates_the_direction_in_and_the_point_out():
    # A box rotated 90° and moved to (10, 0): its farthest point along world +x is
    # the local point farthest along local −y, rotated out and translated.
    import math

    from engine.collision import Transform, aabb

    box = Polygon.box(2.0, 1.0)
    lo_x, lo_y, hi_x, hi_y = aabb(box, Transform(10.0, 0.0, math.pi / 2))
    assert (lo_x, hi_x) == (9.0, 11.0)
    assert (round(lo_y, 12), round(hi_y, 12)) == (-2.0, 2.0)
