"""The one conversion of our shapes to pymunk: placed right, refused where pymunk cannot be our twin."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pymunk
import pytest

from engine.collision import Capsule, Circle, Ellipse, Polygon, contact
from engine.crosscheck import place, pymunk_answer, pymunk_contact, to_pymunk

REPO = Path(__file__).resolve().parents[3]


def test_a_twin_is_placed_angle_first_so_an_offset_circle_turns_about_the_body_origin():
    ball = to_pymunk(Circle(1.0, center=(10.0, 0.0)), (5.0, 0.0, math.pi / 2))
    assert ball.body.body_type == pymunk.Body.KINEMATIC
    assert tuple(ball.bb) == pytest.approx((4.0, 9.0, 6.0, 11.0))  # cache_bb ran: pymunk sees it there


@pytest.mark.parametrize(
    "shape",
    [
        Polygon([(0.0, 0.0), (2.0, 0.0), (1.5, 1.0)], radius=0.25),
        Circle(0.5, (0.1, 0.2)),
        Capsule((0, 0), (1, 1), 0.2),
    ],
)
def test_a_twin_is_our_shape_and_pymunk_answers_as_we_do(shape):
    twin = to_pymunk(shape, (0.0, 0.0, 0.0))
    if isinstance(shape, Polygon):
        assert set(twin.get_vertices()) == set(shape.points) and twin.radius == shape.radius
    elif isinstance(shape, Circle):
        assert (tuple(twin.offset), twin.radius) == (shape.center, shape.radius)
    else:
        assert (tuple(twin.a), tuple(twin.b), twin.radius) == (shape.p1, shape.p2, shape.radius)
    other, xf_a, xf_b = Polygon.box(1.0, 1.0), (0.3, -0.2, 0.7), (1.1, 0.4, -0.3)
    ours, theirs = contact(shape, xf_a, other, xf_b), pymunk_answer(shape, xf_a, other, xf_b)
    assert ours is not None and theirs.hit and theirs.points >= 1
    assert theirs.depth == pytest.approx(ours.depth, rel=1e-9)
    assert theirs.normal == pytest.approx(ours.normal, abs=1e-9)


def test_placing_a_twin_again_moves_what_pymunk_sees_and_reindexes_it_in_its_space():
    space = pymunk.Space()
    box = to_pymunk(Polygon.box(1.0, 1.0), (0.0, 0.0, 0.0), space)
    assert box.space is space and box.body in space.bodies
    assert space.point_query_nearest((0.0, 0.0), 0.0, pymunk.ShapeFilter()) is not None
    place(box, (50.0, 0.0, 0.3))
    assert space.point_query_nearest((0.0, 0.0), 0.0, pymunk.ShapeFilter()) is None
    assert space.point_query_nearest((50.0, 0.0), 0.0, pymunk.ShapeFilter()).shape is box


def test_pymunk_contact_reads_the_depth_from_the_points_whichever_shape_comes_first():
    box, ball = to_pymunk(Polygon.box(10.0, 10.0), (0.0, 0.0, 0.0)), to_pymunk(Circle(5.0), (12.0, 0.0, 0.0))
    # ContactPoint.distance is +3 one way and -3 the other; the depth is 3 both ways.
    assert pymunk_contact(box, ball).depth == pytest.approx(3.0)
    assert pymunk_contact(ball, box).depth == pytest.approx(3.0)
    assert pymunk_contact(box, place(ball, (30.0, 0.0, 0.0))) == (False, (0.0, 0.0), 0.0, 0)


def test_an_ellipse_or_a_custom_shape_has_no_twin_and_says_so():
    with pytest.raises(TypeError, match=r"^pymunk has no ellipse$"):
        to_pymunk(Ellipse(2.0, 1.0), (0.0, 0.0, 0.0))

    class Dot:
        def support(self, dx, dy):
            return (0.0, 0.0)

    with pytest.raises(TypeError, match="pymunk has no twin for a Dot: only Polygon, Circle and Capsule"):
        to_pymunk(Dot(), (0.0, 0.0, 0.0))


def test_a_polygon_pymunk_would_take_the_hull_of_is_refused_not_compared():
    # Our Polygon never lets a concave outline in; one forced past the check stands for any
    # outline pymunk's silent hull would change.
    bent = Polygon.box(2.0, 1.0)
    object.__setattr__(bent, "points", ((-2.0, -1.0), (0.0, -0.5), (2.0, -1.0), (2.0, 1.0), (-2.0, 1.0)))
    with pytest.raises(ValueError, match="pymunk would not keep this polygon as it is: its hull of 5 points"):
        to_pymunk(bent, (0.0, 0.0, 0.0))


def test_a_transform_outside_the_limits_is_refused_by_name():
    with pytest.raises(ValueError, match=r"transform x is 2000000000\.0, outside the engine.s range"):
        to_pymunk(Circle(1.0), (2e9, 0.0, 0.0))


@pytest.mark.parametrize(
    "path", ["game/lab/pymunk_check.py", "benchmarks/narrow_phase.py", "tests/engine/collision/oracles.py"]
)
def test_the_lab_the_benchmark_and_the_oracles_convert_through_to_pymunk_only(path):
    tree = ast.parse((REPO / path).read_text())
    built = [
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "pymunk"
        and node.func.attr in ("Poly", "Circle", "Segment", "Body")
    ]
    assert built == []
    names = {
        alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names
    }
    assert "to_pymunk" in names or "pymunk_contact" in names
