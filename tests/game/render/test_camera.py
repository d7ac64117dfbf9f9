"""The world camera follows the player and never shows outside the level."""

from hypothesis import given
from hypothesis import strategies as st

from game.render.camera import clamp_to_level, follow

coords = st.floats(-5e3, 5e3)
sizes = st.floats(50, 5e3)


@given(coords, coords, sizes, sizes, sizes, sizes)
def test_a_clamped_view_stays_inside_a_level_bigger_than_it(x, y, vw, vh, lw, lh):
    cx, cy = clamp_to_level(x, y, (vw, vh), (lw, lh))
    for c, v, size in ((cx, vw, lw), (cy, vh, lh)):
        if size > v:
            assert c - v / 2 >= -1e-9 and c + v / 2 <= size + 1e-9
        else:
            assert c == size / 2


@given(coords, coords, st.floats(0.001, 0.1))
def test_two_half_steps_land_where_one_full_step_does(tx, ty, dt):
    view, level = (100.0, 100.0), (1e5, 1e5)
    start, target = (5e4, 5e4), (5e4 + tx, 5e4 + ty)
    once = follow(start, target, dt, view, level)
    twice = follow(follow(start, target, dt / 2, view, level), target, dt / 2, view, level)
    assert abs(once[0] - twice[0]) < 1e-6 and abs(once[1] - twice[1]) < 1e-6


def test_the_camera_closes_in_on_a_still_target():
    pos = (500.0, 500.0)
    for _ in range(120):
        pos = follow(pos, (900.0, 700.0), 1 / 60, (200, 200), (2000, 2000))
    assert abs(pos[0] - 900.0) < 1.0 and abs(pos[1] - 700.0) < 1.0
