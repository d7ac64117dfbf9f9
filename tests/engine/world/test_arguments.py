"""What the world hands out cannot be corrupted, and what it is handed is checked:
one clear error naming the argument and the range it accepts, and nothing changed."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine import World
from engine.collision import Circle, Polygon
from engine.collision.limits import MAX_COORDINATE
from engine.world.arguments import MAX_IMPULSES
from engine.world.world import MIN_CELL_SIZE
from tests.fuzz.conftest import one_line


class Untouchable:
    """A sequence of ``n`` rows that fails the test if any row is read: a length past a limit
    is refused before the work (converting it) begins."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, k):
        raise AssertionError("a row was read before the length was checked")

    def __array__(self, *args, **kwargs):
        raise AssertionError("converted before the length was checked")


def two_touching_circles() -> tuple[World, int, int]:
    world = World()
    a = world.add(Circle(1.0), (0.0, 0.0, 0.0), type="kinematic")
    b = world.add(Circle(1.0), (1.5, 0.0, 0.0), type="kinematic")
    return world, a, b


def test_the_pairs_array_handed_out_cannot_change_what_the_world_keeps():
    world, a, b = two_touching_circles()
    handed = world.pairs()
    with pytest.raises(ValueError, match="read-only"):
        handed[0, 0] = 12345
    assert world.pairs().tolist() == [[a, b]]
    assert world.contacts().pairs.tolist() == [[a, b]]


def test_the_pairs_array_handed_out_cannot_be_made_writable_again():
    """Issue 24: ``p.setflags(write=True); p[0, 0] = 12345`` made the next ``pairs()`` say 12345."""
    world, a, b = two_touching_circles()
    handed = world.pairs()
    for array in (handed, handed.base, getattr(handed.base, "base", None)):
        if isinstance(array, np.ndarray):
            with pytest.raises(ValueError, match="WRITEABLE"):
                array.setflags(write=True)
    with pytest.raises(ValueError, match="read-only"):
        np.lib.stride_tricks.as_strided(handed, writeable=True)[0, 0] = 12345
    assert world.pairs().tolist() == [[a, b]]
    assert world.contacts().pairs.tolist() == [[a, b]]


def test_editing_a_copy_of_the_pairs_or_the_contacts_changes_nothing_in_the_world():
    world, a, b = two_touching_circles()
    mine = world.pairs().copy()
    mine[0, 0] = 12345
    contacts = world.contacts()
    for array in contacts:
        if array.flags.writeable:
            array[...] = -7
    assert world.pairs().tolist() == [[a, b]]
    again = world.contacts()
    assert again.pairs.tolist() == [[a, b]]
    assert again.depth[0] == pytest.approx(0.5)
    assert again.normal[0].tolist() == pytest.approx([1.0, 0.0])


def test_bodies_handed_out_are_a_copy():
    world, a, b = two_touching_circles()
    ids = world.bodies
    ids[:] = 99
    assert world.bodies.tolist() == [a, b]


BAD_CALLS = [
    # (what is called, error type, words the one line must hold)
    (lambda w, b: World(cell_size=0), ValueError, ["cell_size", "at least", "0.0"]),
    (lambda w, b: World(cell_size=-1), ValueError, ["cell_size", "-1"]),
    (lambda w, b: World(cell_size=math.nan), ValueError, ["cell_size", "finite", "nan"]),
    (lambda w, b: World(cell_size=math.inf), ValueError, ["cell_size", "finite"]),
    (lambda w, b: World(cell_size="abc"), TypeError, ["cell_size", "number", "'abc'"]),
    (lambda w, b: World(cell_size=MIN_CELL_SIZE / 2), ValueError, ["cell_size", "at least"]),
    (lambda w, b: w.remove("a"), TypeError, ["body", "integer", "'a'"]),
    (lambda w, b: w.remove(None), TypeError, ["body", "integer", "None"]),
    (lambda w, b: w.remove(7), KeyError, ["no body with id 7"]),
    (lambda w, b: w.remove(-1), KeyError, ["no body with id -1"]),
    (lambda w, b: w.remove(2**70), KeyError, ["no body with id"]),
    (
        lambda w, b: w.add(Circle(1), (0, 0, 0), type="kinematic", layer=2**70),
        ValueError,
        ["layer", "0xFFFFFFFF", "71 bits"],
    ),
    (
        lambda w, b: w.add(Circle(1), (0, 0, 0), type="kinematic", layer=-1),
        ValueError,
        ["layer", "0xFFFFFFFF", "-1"],
    ),
    (
        lambda w, b: w.add(Circle(1), (0, 0, 0), type="kinematic", layer=1.5),
        TypeError,
        ["layer", "integer", "1.5"],
    ),
    (
        lambda w, b: w.add(Circle(1), (0, 0, 0), type="kinematic", mask="all"),
        TypeError,
        ["mask", "integer", "'all'"],
    ),
    (
        lambda w, b: w.add(Circle(1), (0, 0, 0), type=True),
        TypeError,
        ["type", "'static', 'kinematic' or 'dynamic'"],
    ),
    (lambda w, b: w.add(Circle(1), (0, 0, 0), type="wall"), ValueError, ["type", "'wall'"]),
    (lambda w, b: w.add(Circle(1), (0, 0, 0), static=True), TypeError, ["static= is gone", "type='static'"]),
    (lambda w, b: w.add(Circle(1), (0, 0, 0), dynamic=False), TypeError, ["dynamic= is gone", "type="]),
    (
        lambda w, b: w.add(Circle(1), None, type="kinematic"),
        TypeError,
        ["transform", "(x, y, angle)", "None"],
    ),
    (
        lambda w, b: w.add(Circle(1), "abc", type="kinematic"),
        TypeError,
        ["transform", "(x, y, angle)", "'abc'"],
    ),
    (
        lambda w, b: w.add(Circle(1), (1, 2), type="kinematic"),
        ValueError,
        ["transform", "(x, y, angle)", "(1, 2)"],
    ),
    (
        lambda w, b: w.add(Circle(1), (1, 2, 3, 4), type="kinematic"),
        ValueError,
        ["transform", "(x, y, angle)"],
    ),
    (
        lambda w, b: w.add(Circle(1), (1, "y", 0), type="kinematic"),
        TypeError,
        ["transform y", "number", "'y'"],
    ),
    (
        lambda w, b: w.add(Circle(1), (math.nan, 0, 0), type="kinematic"),
        ValueError,
        ["transform x", "finite", "nan"],
    ),
    (
        lambda w, b: w.add(Circle(1), (0, 2 * MAX_COORDINATE, 0), type="kinematic"),
        ValueError,
        ["transform y", "MAX_COORDINATE = 1e+09"],
    ),
    (lambda w, b: w.add("circle", (0, 0, 0), type="kinematic"), TypeError, ["shape", "Circle, Polygon"]),
    (lambda w, b: w.set_transform(b, None), TypeError, ["set_transform transform", "(x, y, angle)"]),
    (lambda w, b: w.set_transform(b, "xyz"), TypeError, ["set_transform transform", "(x, y, angle)"]),
    (lambda w, b: w.set_transform(b, (1, 2)), ValueError, ["set_transform transform", "(1, 2)"]),
    (lambda w, b: w.set_transform(b, (0, 0, math.inf)), ValueError, ["transform angle", "finite"]),
    (lambda w, b: w.set_transform("b", (0, 0, 0)), TypeError, ["body", "integer"]),
    (lambda w, b: w.raycast((0, 0), (0, 1), math.inf), ValueError, ["max_distance", "finite", "inf"]),
    (lambda w, b: w.raycast((0, 0), (0, 1), math.nan), ValueError, ["max_distance", "finite", "nan"]),
    (lambda w, b: w.raycast((0, 0), (0, 1), -1), ValueError, ["max_distance", "at least 0"]),
    (lambda w, b: w.raycast((0, 0), (0, 1), "far"), TypeError, ["max_distance", "number"]),
    (lambda w, b: w.raycast((0, 0), (0, 0), 5), ValueError, ["direction", "(0, 0)"]),
    (lambda w, b: w.raycast(None, (0, 1), 5), TypeError, ["origin", "two numbers"]),
    (lambda w, b: w.raycast((0, 0), (0, 1), 5, mask=2**40), ValueError, ["mask", "0xFFFFFFFF"]),
    (lambda w, b: w.shape_cast(Circle(1), (0, 0, 0), (math.inf, 0)), ValueError, ["translation x", "finite"]),
    (lambda w, b: w.shape_cast(Circle(1), (0, 0), (1, 0)), ValueError, ["transform", "(x, y, angle)"]),
    (lambda w, b: w.shape_cast(object(), (0, 0, 0), (1, 0)), TypeError, ["shape", "Circle, Polygon"]),
    (lambda w, b: w.move_and_slide(b, (0, math.nan)), ValueError, ["displacement y", "finite", "nan"]),
    (lambda w, b: w.move_and_slide(b, (0, -1e200)), ValueError, ["displacement", "MAX_COORDINATE = 1e+09"]),
    (lambda w, b: w.move_and_slide(b, "up"), TypeError, ["displacement", "two numbers"]),
    (lambda w, b: w.move_and_slide_bodies([b], [(0, -1e200)]), ValueError, ["MAX_COORDINATE = 1e+09"]),
    (
        lambda w, b: w.move_and_slide_bodies([b], [(0, 1, 2)]),
        ValueError,
        ["displacements", "rows of (dx, dy)"],
    ),
    (lambda w, b: w.move_and_slide_bodies(["b"], [(0, 1)]), TypeError, ["bodies", "body ids"]),
    (lambda w, b: w.move_and_slide_bodies([1.5], [(0, 1)]), TypeError, ["bodies", "body ids"]),
    (lambda w, b: w.cast_bodies([b], [("x", 0)]), TypeError, ["translations", "numbers"]),
    (lambda w, b: w.cast_bodies([b], [(0, 1)], mask=None), TypeError, ["mask", "integer"]),
    (lambda w, b: w.set_transforms([b], ["x"], [0], [0]), TypeError, ["set_transforms x", "numbers"]),
    (lambda w, b: w.set_transforms([b], [0], [2e9], [0]), ValueError, ["MAX_COORDINATE = 1e+09"]),
    (lambda w, b: w.apply_impulses([b], [(math.nan, 0)]), ValueError, ["apply_impulses impulses", "finite"]),
    (lambda w, b: w.apply_impulses([b], [(0, 1, 2)]), ValueError, ["apply_impulses impulses", "rows"]),
    (lambda w, b: w.apply_impulses([b], [(0, 1)], [(0, 2e9)]), ValueError, ["points", "MAX_COORDINATE"]),
    (lambda w, b: w.apply_impulses([b, 10**6], [(0, 1), (0, 1)]), KeyError, ["no body with id 1000000"]),
    (
        lambda w, b: w.apply_impulses(Untouchable(MAX_IMPULSES + 1), [(0, 1)]),
        ValueError,
        ["World.apply_impulses bodies", f"has {MAX_IMPULSES + 1} rows", f"at most {MAX_IMPULSES}"],
    ),
    (
        lambda w, b: w.apply_impulses([b], Untouchable(10**12)),
        ValueError,
        ["World.apply_impulses impulses", "has 1000000000000 rows"],
    ),
    (
        lambda w, b: w.apply_impulses([b], [(0, 1)], Untouchable(MAX_IMPULSES + 1)),
        ValueError,
        ["World.apply_impulses points", f"has {MAX_IMPULSES + 1} rows"],
    ),
    (lambda w, b: w.remove_bodies([b, b]), ValueError, ["remove_bodies", "same body twice"]),
    (lambda w, b: w.remove_bodies([b, 10**6]), KeyError, ["no body with id 1000000"]),
    (lambda w, b: w.remove_bodies(["b"]), TypeError, ["remove_bodies bodies", "body ids"]),
    (lambda w, b: w.raycast((0, 2e9), (0, 1), 5), ValueError, ["origin y", "MAX_COORDINATE = 1e+09"]),
    (lambda w, b: w.query_shape(Circle(1), (-2e9, 0, 0)), ValueError, ["transform x", "MAX_COORDINATE"]),
    (lambda w, b: w.query_aabb((0, 0), None), TypeError, ["hi", "two numbers"]),
    (lambda w, b: w.query_point(0, math.nan), ValueError, ["point y", "finite"]),
]


@pytest.mark.parametrize(("call", "error", "words"), BAD_CALLS)
def test_a_bad_argument_gets_one_clear_error_naming_it_and_changes_nothing(call, error, words):
    world = World()
    wall = world.add(Polygon.box(10, 1), (0, 0, 0), type="static")
    ball = world.add(Circle(1), (0, 5, 0.25), type="kinematic")
    before = world.pairs().tolist(), [tuple(world.transform(b)) for b in world.bodies], len(world)
    with pytest.raises(error) as raised:
        call(world, ball)
    message = one_line(str(raised.value.args[0]))  # a KeyError's str() adds quotes
    for word in words:
        assert word in message, (word, message)
    assert len(message) < 200, message
    assert before == (world.pairs().tolist(), [tuple(world.transform(b)) for b in world.bodies], len(world))
    assert wall in world and ball in world


def test_an_integer_of_ten_thousand_digits_is_described_not_printed():
    world = World()
    with pytest.raises(ValueError) as raised:
        world.add(Circle(1), (0, 0, 0), type="kinematic", layer=10**10000)
    assert "bits" in one_line(str(raised.value)) and len(str(raised.value)) < 200


def test_good_arguments_of_every_accepted_kind_are_taken():
    world = World(cell_size=np.float32(4.0))
    a = world.add(
        Circle(1), np.array([0.0, 0.0, 0.0]), type="kinematic", layer=np.uint32(3), mask=np.int64(0xFFFFFFFF)
    )
    b = world.add(Circle(1), [1, 0, 0], type=np.str_("static"))
    world.set_transform(np.int64(a), (0.5, 0, 0))
    assert world.pairs().tolist() == [[a, b]]
    assert world.cell_size == 4.0
    assert "a" not in world and a in world and 2**70 not in world


def test_a_body_whose_box_leaves_the_range_is_refused_where_it_is_added():
    """Issue 24: ``Circle(1e9)`` at (0, 800) was added, and sliding it off a wall failed on
    ``xf_a row 0 y is 1000100005.0``, an internal value."""
    world = World()
    world.add(Polygon.box(100.0, 10.0), (0.0, -100.0, 0.0), type="static")
    with pytest.raises(ValueError) as caught:
        world.add(Circle(1e9), (0.0, 800.0, 0.0), type="kinematic")
    assert one_line(str(caught.value)).startswith("World.add: the body's box reaches y = 1000000800.0")
    assert "MAX_COORDINATE = 1e+09" in str(caught.value) and len(world.bodies) == 1
    big = world.add(
        Circle(5e8), (0.0, 800.0, 0.0), type="kinematic"
    )  # inside the range: it slides off the wall
    assert abs(world.move_and_slide(big, (1.0, 0.0)).y) <= 1e9


def placed_world():
    """A wall, a ball and a rotated box, and a copy of every transform to see that nothing moved."""
    world = World()
    world.add(Polygon.box(100.0, 10.0), (0.0, -100.0, 0.0), type="static")
    ball = world.add(Circle(5.0), (0.0, 0.0, 0.0), type="kinematic")
    box = world.add(Polygon.box(20.0, 2.0), (50.0, 0.0, 0.5), type="kinematic")
    world.pairs()  # the boxes are kept: set_transforms refreshes them in place
    return world, ball, box


def transforms_of(world: World) -> list:
    return [tuple(world.transform(b)) for b in world.bodies]


@pytest.mark.parametrize(
    "transform, words",
    [
        ((MAX_COORDINATE, 0.0, 0.0), ["box", "x = 1000000005.0", "Circle"]),
        ((0.0, -MAX_COORDINATE + 4.0, 0.0), ["box", "y = -1000000001.0"]),
        ((0.0, 2e9, 0.0), ["transform y", "2000000000.0"]),
        ((math.nan, 0.0, 0.0), ["transform x", "nan"]),
        ((0.0, math.inf, 0.0), ["transform y", "inf"]),
        ((0.0, 0.0, -math.inf), ["transform angle", "inf"]),
        ((0.0, 0.0), ["transform", "(0.0, 0.0)"]),
        (("a", 0.0, 0.0), ["transform x", "'a'"]),
    ],
)
def test_set_transform_refuses_a_place_whose_box_leaves_the_range_naming_the_argument(transform, words):
    """Issue 24: ``add`` refused a body whose box leaves the range; ``set_transform`` put it there."""
    world, ball, _ = placed_world()
    before = transforms_of(world)
    with pytest.raises((ValueError, TypeError)) as caught:
        world.set_transform(ball, transform)
    message = one_line(str(caught.value))
    assert message.startswith("World.set_transform transform") or "set_transform transform" in message
    for word in words:
        assert word in message, message
    assert transforms_of(world) == before


@pytest.mark.parametrize(
    "x, y, angle, words",
    [
        # The box, 20 half-wide turned by 0.5, reaches past 1e9 though its centre does not.
        ([0.0, MAX_COORDINATE - 10.0], [0.0, 0.0], [0.0, 0.5], ["body 2", "box", "Polygon", "999999990.0"]),
        ([0.0, 0.0], [-MAX_COORDINATE, 0.0], [0.0, 0.0], ["body 1", "box", "Circle", "-1000000000.0"]),
        ([0.0, 0.0], [0.0, 3e9], [0.0, 0.0], ["body 2", "3000000000.0", "MAX_COORDINATE"]),
        ([math.nan, 0.0], [0.0, 0.0], [0.0, 0.0], ["body 1", "not finite", "nan"]),
        ([0.0, 0.0], [0.0, 0.0], [0.0, math.inf], ["body 2", "not finite", "inf"]),
    ],
)
def test_set_transforms_refuses_a_box_beyond_the_range_and_moves_no_body(x, y, angle, words):
    world, ball, box = placed_world()
    before = transforms_of(world)
    with pytest.raises(ValueError) as caught:
        world.set_transforms(np.array([ball, box]), np.array(x), np.array(y), np.array(angle))
    message = one_line(str(caught.value))
    assert message.startswith("World.set_transforms: transform of body"), message
    for word in words:
        assert word in message, message
    assert transforms_of(world) == before
    world.set_transforms(np.array([ball, box]), np.zeros(2), np.zeros(2), np.zeros(2))  # still usable
    assert transforms_of(world)[1:] == [(0.0, 0.0, 0.0), (0.0, 0.0, 0.0)]


def test_set_transforms_with_arrays_of_the_wrong_shape_is_one_line_naming_them():
    world, ball, box = placed_world()
    with pytest.raises(ValueError) as caught:
        world.set_transforms([ball, box], [0.0], [0.0, 0.0], [0.0, 0.0])
    assert one_line(str(caught.value)) == "World.set_transforms needs arrays of one length; got 2, 1, 2, 2"
    with pytest.raises(TypeError) as caught:
        world.set_transforms([ball], [[0.0, 1.0]], [0.0], [0.0])
    assert "World.set_transforms x" in one_line(str(caught.value))


def test_a_body_placed_just_inside_the_range_stays_placeable_there():
    world, ball, _box = placed_world()
    world.set_transform(ball, (MAX_COORDINATE - 5.0, 0.0, 0.0))  # its box touches the limit exactly
    world.set_transforms(np.array([ball]), np.array([-(MAX_COORDINATE - 5.0)]), np.zeros(1), np.zeros(1))
    assert world.transform(ball).x == -(MAX_COORDINATE - 5.0)
