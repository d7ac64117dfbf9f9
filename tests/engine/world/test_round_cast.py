"""The round-caster shortcut (a circle or ray against a circle or polygon)
agrees with conservative advancement, which it skips, on faces and corners alike."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.collision import Circle, Polygon, distance
from engine.collision.epa import MAX_EPA_VERTICES, ROW
from engine.world.casts import cast_pair, round_cast

coordinate = st.floats(-30, 30, allow_nan=False)
angle = st.floats(-math.pi, math.pi, allow_nan=False)
size = st.floats(0.5, 20, allow_nan=False)


@st.composite
def targets(draw):
    if draw(st.booleans()):
        return Circle(draw(size), (draw(coordinate) / 10, draw(coordinate) / 10))
    count = draw(st.integers(3, 8))
    radii = [draw(size) for _ in range(count)]
    points = [
        (r * math.cos(k * math.tau / count), r * math.sin(k * math.tau / count)) for k, r in enumerate(radii)
    ]
    try:
        return Polygon(points, radius=draw(st.sampled_from([0.0, 0.0, 1.5])))
    except ValueError:  # a concave outline: not a shape
        return Polygon.box(radii[0], radii[1])


def cast(caster, xa, move, target, xb, reach, shortcut):
    """``cast_pair`` with the shortcut on, or forced off (escape only changes starts inside)."""
    data_a, data_b = caster.packed, target.packed
    poly = np.zeros((MAX_EPA_VERTICES, ROW))
    tol = 1e-9 * (data_a[5] + data_a[1] + reach + math.hypot(*move))
    return cast_pair(data_a, 0, *xa, *move, data_b, 0, *xb, reach, tol, not shortcut, poly)


@settings(max_examples=300, deadline=None)
@given(
    radius=st.sampled_from([0.0, 2.0, 6.0]),
    start=st.tuples(coordinate, coordinate, angle),
    move=st.tuples(st.floats(-80, 80), st.floats(-80, 80)),
    target=targets(),
    xb=st.tuples(coordinate, coordinate, angle),
    reach=st.sampled_from([0.0, 0.01]),
)
def test_the_shortcut_finds_the_same_first_contact_as_conservative_advancement(
    radius, start, move, target, xb, reach
):
    caster = Circle(max(radius, 1e-12), (0.3, -0.2))
    gap = distance(caster, start, target, xb).distance
    if gap <= reach + 1e-6:
        return  # a start within reach: the shortcut hands it back by design
    fast = cast(caster, start, move, target, xb, reach, shortcut=True)
    slow = cast(caster, start, move, target, xb, reach, shortcut=False)
    assert fast[0] == slow[0]
    if fast[0]:
        length = math.hypot(*move)
        assert abs(fast[1] - slow[1]) * length <= 1e-5 * (1.0 + length)
        # Conservative advancement takes its normal from the last step short of
        # contact, so against a curve it is only near the true one; the
        # shortcut's is exact: the caster sits at the reach along it.
        assert math.hypot(fast[2] - slow[2], fast[3] - slow[3]) < 1e-3
        at = (start[0] + fast[1] * move[0], start[1] + fast[1] * move[1], start[2])
        assert abs(distance(caster, at, target, xb).distance - reach) < 1e-6 * (1.0 + length)


def test_the_shortcut_decides_a_bullet_against_a_wall_face_and_corner():
    bullet, wall = Circle(2.0).packed, Polygon.box(10, 1).packed
    unturned = (0.0, 0.0, 1.0, 0.0)  # the wall at the origin: x, y, cosine, sine

    def shortcut(x, y, dx, dy):
        return round_cast(bullet, 0, x, y, 0.0, dx, dy, wall, 0, *unturned, 0.0, 1e-9)

    face = shortcut(0.0, 10.0, 0.0, -20.0)
    assert face[0] == 1 and math.isclose(face[1], 7.0 / 20.0) and face[2:4] == (0.0, 1.0)
    assert math.isclose(face[5], 1.0)  # the wall's top face
    # Past the end of the top face: the hit is on the circle of radius 2 about the corner (10, 1).
    corner = shortcut(11.5, 10.0, 0.0, -20.0)
    rise = math.sqrt(2.0**2 - 1.5**2)
    assert corner[0] == 1 and math.isclose(corner[1], (9.0 - rise) / 20.0)
    assert math.isclose(corner[2], 0.75) and math.isclose(corner[3], rise / 2.0)
    assert math.isclose(corner[4], 10.0) and math.isclose(corner[5], 1.0)  # the corner itself
    # Into the corner of the pushed-out box and out through its side, 2.69 from the corner: a miss.
    assert shortcut(4.8, 10.0, 14.0, -14.0)[0] == 0
    assert shortcut(30.0, 10.0, 0.0, -20.0)[0] == 0
