"""Two features that meet end to end (or, speculatively, do not overlap along the tangent at all) clip to
a stretch of length zero: both of its ends land on the same place. The manifold once reported that
place twice, as two points with two ids (Chipmunk's ``ContactPoints`` does the same); a solver then
pushes twice at one spot. A stretch of none is one point."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from engine.collision import Capsule, Polygon, ShapeTable, manifold, manifolds_batch

from .strategies import shapes, transforms


def test_two_boxes_meeting_corner_to_corner_touch_at_one_point():
    box = Polygon.box(0.5, 0.5)
    m = manifold(box, (0.0, 0.0, 0.0), box, (1.0, 1.0, 0.0))
    assert m is not None and len(m.points) == 1
    (point,) = m.points
    assert point.point_a == pytest.approx((0.5, 0.5)) and point.point_b == pytest.approx((0.5, 0.5))
    assert point.separation == pytest.approx(0.0, abs=1e-12)


def test_a_speculative_corner_beside_a_corner_is_one_point():
    # B's left face is 0.05 right of A's right face, and their spans along y meet only at y = 0.5.
    box = Polygon.box(0.5, 0.5)
    m = manifold(box, (0.0, 0.0, 0.0), box, (1.05, 1.0, 0.0), margin=0.1)
    assert m is not None and m.normal == pytest.approx((1.0, 0.0)) and len(m.points) == 1
    assert m.points[0].separation == pytest.approx(0.05)


def test_the_batch_gives_the_same_one_point():
    table = ShapeTable([Polygon.box(0.5, 0.5)])
    batch = manifolds_batch(
        table, [0, 0], [(0, 0, 0), (0, 0, 0)], [0, 0], [(1, 1, 0), (1.05, 1, 0)], margin=0.1
    )
    assert batch.count.tolist() == [1, 1]
    assert np.all(batch.point_a[:, 1] == 0.0) and np.all(batch.id[:, 1] == 0)


@given(
    st.integers(1, 160), st.integers(1, 160), st.integers(1, 160), st.integers(1, 160), st.integers(0, 16),
    st.sampled_from([(1, 1), (1, -1), (-1, 1), (-1, -1)]),
)  # fmt: skip
def test_boxes_corner_to_corner_or_beside_give_one_point(wa, ha, wb, hb, gap, corner):
    # Sizes in 1/16ths, so every sum and difference is exact: B's corner on A's (gap 0), or ``gap``
    # sixteenths beyond it along x; the facing edges' spans along y meet at one end.
    sx, sy = corner
    wa, ha, wb, hb, gap = wa / 16, ha / 16, wb / 16, hb / 16, gap / 16
    xf_b = (sx * (wa + wb + gap), sy * (ha + hb), 0.0)
    m = manifold(Polygon.box(wa, ha), (0.0, 0.0, 0.0), Polygon.box(wb, hb), xf_b, margin=gap + 1.0)
    assert m is not None
    # Beside: the x faces; corner on corner, the faces tie and either may be the normal.
    assert m.normal in ([(sx, 0.0)] if gap else [(sx, 0.0), (0.0, sy)])
    assert len(m.points) == 1
    assert m.points[0].separation == pytest.approx(gap)


@given(shapes(), shapes(), transforms(), transforms())
# Found by hypothesis: a capsule 2e-139 long gave two ends apart in A's frame that meet in the world's.
@example(
    Capsule((0.0, 0.0), (-1.0, 0.0), 0.5),
    Capsule((0.0, 0.0), (0.0, 2.0920883386140334e-139), 0.5),
    (1.0, 0.0, 0.0),
    (1.0, 0.0, 1.0),
)
def test_two_points_of_a_manifold_never_coincide(a, b, xf_a, xf_b):
    m = manifold(a, xf_a, b, xf_b, margin=1.0)
    if m is not None and len(m.points) == 2:
        first, second = m.points
        assert (first.point_a, first.point_b) != (second.point_a, second.point_b)


@pytest.mark.parametrize("angle", [0.0, -0.0, 2.2e-312, -2.2e-312, -5e-324, 1e-300, math.pi])
def test_a_capsule_end_on_to_a_face_touches_it_with_its_near_end_whatever_the_sign_of_a_hair_of_turn(angle):
    # Turned by -2.2e-312 rad (a denormal: what a sweep's blend of angles 0 and -0.0 gives), the capsule's
    # two ends were ordered by that number's sign and the clip took the first: the far end, 5.75 cm from
    # the plank, where the near one is 5 mm into it; a bullet then went through the plank (issue 44).
    capsule = Capsule((-0.03125, 0.0), (0.03125, 0.0), 0.010416666666666666)
    found = manifold(Polygon.box(0.01, 1.0), (10.0, 0.0, 0.0), capsule, (9.953333333333335, 0.0, angle))
    assert found is not None and len(found.points) == 1
    assert found.normal == pytest.approx((-1.0, 0.0))
    assert found.points[0].separation == pytest.approx(-0.005, abs=1e-12)
    assert found.points[0].point_b[0] == pytest.approx(9.995, abs=1e-12)
    if abs(angle) < 1.0:  # the same end, so the same id, as unturned (turned half round: the other end)
        unturned = manifold(Polygon.box(0.01, 1.0), (10.0, 0.0, 0.0), capsule, (9.953333333333335, 0.0, 0.0))
        assert found.points[0].id == unturned.points[0].id
