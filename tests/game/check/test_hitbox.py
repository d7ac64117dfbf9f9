"""The checker measures the player's real hitbox: its minimum width for gaps, its turns for reach."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.collision import Capsule, Circle, Ellipse, Polygon
from game.check.doors import DOOR_CELL, narrowest_door
from game.check.hitbox import actor_names, actor_parts, minimum_width, player_parts
from game.check.parts import wall_parts
from game.check.reach import placements, reached_from
from game.check.report import check_file
from game.tiled import read_level
from tests.game.check.calipers import calipers_width, polygon_width
from tests.game.check.defects import PLAYER_WIDTH, start_and
from tests.game.tiled.maps import layer, point, rect, tiled_map, with_walls, write

points = st.lists(st.tuples(st.floats(-50, 50), st.floats(-50, 50)), min_size=3, max_size=12)


def extent(parts, angle: float) -> float:
    """How wide the parts are along the direction ``angle``, from the engine's own support functions."""
    d = (math.cos(angle), math.sin(angle))

    def reach(dx, dy):
        return max(s.support(dx, dy)[0] * dx + s.support(dx, dy)[1] * dy for s in parts)

    return reach(*d) + reach(-d[0], -d[1])


def polygon_or_none(pts, radius=0.0):
    try:
        return Polygon(pts, radius=radius)
    except ValueError:  # collinear or too small: not a shape
        return None


@given(points, st.floats(0.0, 5.0))
def test_a_polygons_minimum_width_is_the_calipers_width_of_its_hull_plus_its_rounding(pts, radius):
    shape = polygon_or_none(pts, radius)
    if shape is None:
        return
    expected = polygon_width(shape.points, radius)
    assert minimum_width([shape]) == pytest.approx(expected, rel=1e-9, abs=1e-9)


@given(points, points)
def test_the_width_of_several_parts_is_the_width_of_their_union_and_no_direction_is_narrower(pa, pb):
    a, b = polygon_or_none(pa), polygon_or_none(pb)
    if a is None or b is None:
        return
    width = minimum_width([a, b])
    assert width == pytest.approx(calipers_width([*a.points, *b.points]), rel=1e-9, abs=1e-9)
    for k in range(64):
        assert extent([a, b], math.pi * k / 64) >= width - 1e-9 * (1 + width)


def test_curved_parts_measure_as_their_outlines_do():
    assert minimum_width([Circle(4.0)]) == 8.0
    assert minimum_width([Capsule((-10, 0), (10, 0), 3.0)]) == 6.0
    assert minimum_width([Ellipse(20.0, 7.0)]) == pytest.approx(14.0, rel=1e-5)
    # A disc and a box of different roundness: the narrowest way is across the box, up the y axis.
    assert minimum_width([Polygon.box(30.0, 5.0), Circle(5.0, center=(0.0, 0.0))]) == pytest.approx(
        10.0, rel=1e-5
    )


def test_the_checker_measures_the_player_the_simulation_moves():
    from game import sim

    assert player_parts() == (sim.PLAYER_SHAPE,)
    assert {"player", "chaser", "shooter", "brute"} <= set(actor_names())
    with pytest.raises(KeyError, match="no actor 'dragon'"):
        actor_parts("dragon")


def gap_map(gap: float) -> dict:
    """Two 40 × 80 walls side by side with ``gap`` px between them."""
    return with_walls(rect(7, 200, 20, 40, 80, name="left"), rect(8, 240 + gap, 20, 40, 80, name="right"))


def test_a_gap_just_narrower_than_the_players_minimum_width_is_flagged_and_one_just_wider_is_not(tmp_path):
    narrow = check_file(write(tmp_path, gap_map(PLAYER_WIDTH - 0.3), "narrow.tmj"))
    wide = check_file(write(tmp_path, gap_map(PLAYER_WIDTH + 0.3), "wide.tmj"))
    assert [f.object_id for f in narrow.warnings if f.problem.startswith("gap of")] == [7]
    assert not [f for f in wide.warnings if f.problem.startswith("gap of")]
    assert PLAYER_WIDTH > 24.0 + 1.0  # the old 24 px disc let the narrow one pass


def test_a_brute_spawn_is_checked_with_the_brutes_hitbox_not_the_players(tmp_path):
    # A spawn 28 px left of a wall: clear for a chaser (radius 11), not for the brute's 60 px long hull.
    for kind, inside in (("chaser", False), ("brute", True)):
        data = start_and(
            layer(1, "walls", [rect(7, 228, 40, 60, 60, name="crate")]),
            layer(3, "spawns", [point(8, kind, 200, 70, name="s")]),
        )
        errors = [f.problem for f in check_file(write(tmp_path, data, f"{kind}.tmj")).errors]
        assert bool(errors) == inside, (kind, errors)
        if inside:
            assert errors == [
                "brute spawn is inside wall 7 (crate): a brute's hitbox placed there overlaps it"
            ]


def plank_level(tmp_path, gap: float):
    """A wall across the map at Tiled y 100..120 with a ``gap`` px opening at x 150; start below it."""
    walls = [rect(1, 0, 100, 150, 20, name="west"), rect(2, 150 + gap, 100, 320 - 150 - gap, 20, name="east")]
    data = tiled_map([layer(1, "walls", walls), layer(2, "player", [point(99, "", 160, 200, name="start")])])
    level, _ = read_level(write(tmp_path, data))
    return level


def test_a_long_hitbox_gets_through_a_narrow_opening_only_by_turning(tmp_path):
    level = plank_level(tmp_path, 30.0)
    plank = (Polygon.box(30.0, 5.0),)  # 60 long at angle 0, 10 across: through 30 px only upright
    above = (160 // 12, (256 - 40) // 12)  # a cell north of the wall
    start = (160 // 12, (256 - 200) // 12)
    for turns, passes in ((16, True), (1, False)):
        free = placements(level.width, level.height, wall_parts(level), plank, 12.0, turns=turns)
        reached = reached_from(free, *start).any(axis=0)
        assert reached[above[1], above[0]] == passes, turns


def test_the_narrowest_door_is_the_opening_a_disc_must_pass_to_reach_a_marker(tmp_path):
    for gap in (40.0, 90.0):
        walls = [
            rect(1, 0, 100, 150, 20, name="west"),
            rect(2, 150 + gap, 100, 320 - 150 - gap, 20, name="east"),
        ]
        data = tiled_map(
            [
                layer(1, "walls", walls),
                layer(2, "player", [point(99, "", 160, 200, name="start")]),
                layer(3, "pickups", [point(8, "ammo", 160, 30, name="far")]),
            ]
        )
        level, _ = read_level(write(tmp_path, data))
        door = narrowest_door(level)
        assert gap - DOOR_CELL - 0.5 <= door.width <= gap + 0.5, (gap, door)
        assert door.marker.object_id == 8


def test_walled_in_markers_are_no_door_and_a_level_without_reachable_markers_has_none(tmp_path):
    walls = [rect(1, 0, 100, 320, 20, name="across")]
    data = tiled_map(
        [
            layer(1, "walls", walls),
            layer(2, "player", [point(99, "", 160, 200, name="start")]),
            layer(3, "pickups", [point(8, "ammo", 160, 30, name="sealed")]),
        ]
    )
    level, _ = read_level(write(tmp_path, data))
    assert narrowest_door(level) is None


def test_every_shipped_level_has_a_door_wider_than_every_walking_actor():
    from game.check.doors import shipped_doors

    doors = shipped_doors()
    assert {"yard", "bunker", "ruins"} <= set(doors)
    widest = max(minimum_width(actor_parts(n)) for n in ("player", "chaser", "shooter", "brute"))
    # levels/README.md promises a 60 px disc reaches every marker of a shipped level.
    assert all(door.width >= 60.0 - DOOR_CELL for door in doors.values())
    assert all(door.width > widest for door in doors.values())
    assert np.isfinite([d.width for d in doors.values()]).all()


def reference_placements_flood(free: np.ndarray, k: int, j: int, i: int) -> np.ndarray:
    """Breadth-first over (turn, row, column): 4 cells around at one turn, the turns either side (cyclic)."""
    from collections import deque

    nk, nj, ni = free.shape
    seen = np.zeros_like(free)
    if not free[k, j, i]:
        return seen
    seen[k, j, i] = True
    queue = deque([(k, j, i)])
    while queue:
        k, j, i = queue.popleft()
        for c, b, a in (
            (k, j, i + 1),
            (k, j, i - 1),
            (k, j + 1, i),
            (k, j - 1, i),
            ((k + 1) % nk, j, i),
            ((k - 1) % nk, j, i),
        ):
            if 0 <= a < ni and 0 <= b < nj and free[c, b, a] and not seen[c, b, a]:
                seen[c, b, a] = True
                queue.append((c, b, a))
    return seen


@given(
    st.integers(1, 5).flatmap(
        lambda nk: st.tuples(
            st.lists(st.booleans(), min_size=nk * 6 * 7, max_size=nk * 6 * 7).map(
                lambda v: np.array(v).reshape(nk, 6, 7)
            ),
            st.integers(0, nk - 1),
            st.integers(0, 5),
            st.integers(0, 6),
        )
    )
)
def test_the_compiled_placement_labelling_reaches_what_a_breadth_first_search_over_turns_reaches(case):
    from game.check.reach import label_placements

    free, k, j, i = case
    labels, count = label_placements(free)
    expected = reference_placements_flood(free, k, j, i)
    if free[k, j, i]:
        assert np.array_equal(labels == labels[k, j, i], expected)
    assert (labels > 0).sum() == free.sum() and (count == 0) == (not free.any())


def test_too_many_placements_to_test_is_one_error_line_not_unbounded_work(tmp_path, monkeypatch):
    from game.geometry import grid  # the placement grid the checker reads (shared with the loader)

    path = write(tmp_path, gap_map(40.0))
    assert not check_file(path).errors
    monkeypatch.setattr(grid, "MAX_PLACEMENT_TESTS", 50)
    assert [f.problem for f in check_file(path).errors] == [
        "too many walls close together to check what the player can reach: more than 50 placements to test, "
        "the checker's limit"
    ]


def test_the_checkers_hitboxes_are_the_ones_game_actors_reads_from_the_actors_file():
    from game.tiled.actors import actor_hitboxes

    shipped = actor_hitboxes()
    assert actor_names() == tuple(shipped)
    for name, box in shipped.items():
        assert actor_parts(name) == tuple(box.parts)


def test_whatever_game_actors_gives_is_what_the_checker_measures(monkeypatch):
    import types

    from game.check import hitbox

    fake = {
        "player": types.SimpleNamespace(parts=[Circle(5.0)]),
        "blob": types.SimpleNamespace(parts=[Polygon.box(10.0, 3.0)]),
    }
    monkeypatch.setattr(
        hitbox, "actor_hitboxes", lambda: fake
    )  # game.tiled.actors' reader, as hitbox calls it
    hitbox._shipped.cache_clear()
    try:
        assert actor_names() == ("player", "blob")
        assert player_parts() == (Circle(5.0),) and hitbox.player_width() == 10.0
        assert minimum_width(actor_parts("blob")) == 6.0
    finally:
        hitbox._shipped.cache_clear()
