"""``first_overlaps``: the batched markers-in-walls test the checker and the start-mover share gives,
for every marker, the first wall part (wall by wall) that the hitbox overlaps, as testing every part
one by one does."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.collision import Capsule, Circle, Polygon, Transform, intersects
from game.geometry.extent import reach_radius
from game.geometry.grid import UNREACHED, label_cells, steps_from
from game.geometry.overlap import first_overlaps
from game.geometry.parts import wall_parts
from game.level import Level, Marker, Wall

coordinate = st.floats(0.0, 200.0, allow_nan=False)
size = st.floats(1.0, 40.0, allow_nan=False)
HITBOXES = [
    (Circle(8.0),),
    (Polygon.box(12.0, 5.0),),
    (Capsule((-6.0, 0.0), (6.0, 0.0), 4.0), Circle(3.0, center=(0.0, 7.0))),
]


def level_of(walls) -> Level:
    made = tuple(
        Wall(k, "", "rectangle", ((Polygon.box(w, h), Transform(x, y, angle)),))
        for k, (x, y, w, h, angle) in enumerate(walls)
    )
    start = Marker(0, "", "player", 0.0, 0.0)
    return Level("t", Path("t.tmj"), 200.0, 200.0, made, start, (), ())


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(coordinate, coordinate, size, size, st.floats(0.0, 3.2)), min_size=0, max_size=12),
    st.lists(
        st.tuples(coordinate, coordinate, st.sampled_from(range(len(HITBOXES)))), min_size=1, max_size=8
    ),
)
def test_the_first_part_each_hitbox_overlaps_is_the_one_a_part_by_part_search_finds(walls, markers):
    parts = wall_parts(level_of(walls))
    bodies = [HITBOXES[k] for _, _, k in markers]
    found = first_overlaps(parts, bodies, [(x, y) for x, y, _ in markers])
    for m, (x, y, _) in enumerate(markers):
        expected = next(
            (
                i
                for i, p in enumerate(parts)
                if any(intersects(s, (x, y, 0.0), p.shape, tuple(p.xf)) for s in bodies[m])
            ),
            -1,
        )
        assert found[m] == expected


def test_a_hitbox_reaches_its_farthest_corner_at_any_turn():
    assert reach_radius([Polygon.box(3.0, 4.0)]) == 5.0
    assert reach_radius([Circle(2.0, center=(3.0, 4.0))]) == 7.0


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.booleans(), min_size=6, max_size=6), min_size=5, max_size=5),
    st.integers(0, 5),
    st.integers(0, 4),
)
def test_the_breadth_first_count_reaches_the_starts_4_connected_group(rows, i, j):
    free = np.array(rows, dtype=bool)
    if not free[j, i]:
        return
    labels, _ = label_cells(free)
    assert np.array_equal(steps_from(free, i, j) != UNREACHED, labels == labels[j, i])
