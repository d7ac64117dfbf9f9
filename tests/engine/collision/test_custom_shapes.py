"""Any object with a local support function works with the one-pair queries."""

from __future__ import annotations

import math

import pytest

from engine.collision import Circle, Ellipse, Polygon, contact, distance, intersects


class Stadium:
    """A user's shape: the support of a 2·half_length × 2·radius stadium, written by hand."""

    def __init__(self, half_length: float, radius: float) -> None:
        self.half_length, self.radius_ = half_length, radius

    def support(self, dx: float, dy: float) -> tuple[float, float]:
        n = math.hypot(dx, dy)
        cx = self.half_length if dx >= 0 else -self.half_length
        return cx + self.radius_ * dx / n, self.radius_ * dy / n


def test_a_custom_shape_collides_like_the_built_in_shape_it_describes():
    from engine.collision import Capsule

    mine, theirs = Stadium(1.0, 0.5), Capsule((-1, 0), (1, 0), 0.5)
    other = Polygon([(0, 0), (1, 0.2), (0.3, 1)])
    for k in range(30):
        xf_a = (0.1 * k - 1.5, 0.3, 0.2 * k)
        xf_b = (0.5, -0.2, -0.1 * k)
        assert intersects(mine, xf_a, other, xf_b) == intersects(theirs, xf_a, other, xf_b)
        d_mine, d_theirs = distance(mine, xf_a, other, xf_b), distance(theirs, xf_a, other, xf_b)
        assert d_mine.distance == pytest.approx(d_theirs.distance, abs=1e-7)
        c_mine, c_theirs = contact(mine, xf_a, other, xf_b), contact(theirs, xf_a, other, xf_b)
        assert (c_mine is None) == (c_theirs is None)
        if c_mine is not None:
            assert c_mine.depth == pytest.approx(c_theirs.depth, abs=1e-7)


def test_custom_and_built_in_shapes_mix_in_either_order():
    blob = Stadium(0.5, 0.5)
    assert contact(blob, (0, 0, 0), Circle(1.0), (1.5, 0, 0)).depth == pytest.approx(0.5, abs=1e-9)
    # Two curved outlines: EPA stops when the depth is right to the tolerance
    # (1e-12 of the size), which pins the normal only to about its square root.
    hit = contact(Ellipse(1, 1), (1.5, 0, 0), blob, (0, 0, 0))
    assert hit.depth == pytest.approx(0.5, abs=1e-11)
    assert hit.normal == pytest.approx((-1.0, 0.0), abs=1e-5)


def test_an_object_without_support_is_refused_by_name():
    with pytest.raises(TypeError, match="a is a str, not a shape"):
        intersects("wall", (0, 0, 0), Circle(1.0), (0, 0, 0))


@pytest.mark.parametrize("bad", [math.nan, math.inf])
def test_a_non_finite_transform_is_refused(bad):
    with pytest.raises(ValueError, match="xf_a x is"):
        intersects(Circle(1.0), (bad, 0, 0), Circle(1.0), (0, 0, 0))
    with pytest.raises(ValueError, match="xf_b angle is"):
        contact(Circle(1.0), (0, 0, 0), Circle(1.0), (0, 0, bad))
