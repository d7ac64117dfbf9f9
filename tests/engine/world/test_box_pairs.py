"""Pairs of nearby boxes through the walls' grid (``engine.world.box_pairs``), against a check of every pair."""

import math

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.world import box_pairs as box_pairs_module
from engine.world.box_pairs import PROBE_SLACK, cells_near, pairs_among, pairs_between

coord = st.floats(-100.0, 100.0, allow_nan=False, width=32)
size = st.floats(0.0, 40.0, allow_nan=False, width=32)


@st.composite
def some_boxes(draw, most=30):
    rows = []
    for _ in range(draw(st.integers(0, most))):
        x, y = draw(coord), draw(coord)
        rows.append((x, y, x + draw(size), y + draw(size)))
    return np.array(rows, np.float64).reshape(-1, 4)


@st.composite
def labelled_boxes(draw):
    boxes = draw(some_boxes())
    groups = draw(st.lists(st.integers(0, 3), min_size=len(boxes), max_size=len(boxes)))
    return boxes, np.array(groups, np.int64)


def near(a, b, margin):
    return b[0] <= a[2] + margin and a[0] <= b[2] + margin and b[1] <= a[3] + margin and a[1] <= b[3] + margin


#: How far from the margin a pair may be and still go either way: the pairs grow one box by the
#: margin (``box - margin``), the check above adds it to the other (``box + margin``), and the two
#: roundings can differ, e.g. a box ending at -1.17549435e-38 and one starting at 0.5, margin 0.5:
#: 0.5 - 0.5 = 0 > -1.2e-38 (apart, exactly right) but 0.5 <= -1.2e-38 + 0.5 = 0.5 (rounded: near).
ROUNDING = 1e-9


def pairs_within(margin, rows):
    """(must, may): the pairs near within the margin less, and more, than ``ROUNDING``."""
    must = {key for key, a, b in rows if near(a, b, margin - ROUNDING)}
    may = {key for key, a, b in rows if near(a, b, margin + ROUNDING)}
    return must, may


@settings(max_examples=200, deadline=None)
@given(labelled_boxes(), st.sampled_from([0.0, 0.5, 7.0]))
def test_the_pairs_among_are_every_pair_of_different_groups_within_the_margin_once_smaller_first(
    case, margin
):
    boxes, group = case
    pairs, complete = pairs_among(boxes, group, margin, 10_000, 10_000_000)
    assert complete
    found = [tuple(row) for row in pairs.tolist()]
    assert all(i < j for i, j in found)
    assert len(found) == len(set(found))
    must, may = pairs_within(
        margin,
        [
            ((i, j), boxes[i], boxes[j])
            for i in range(len(boxes))
            for j in range(i + 1, len(boxes))
            if group[i] != group[j]
        ],
    )
    assert must <= set(found) <= may


@settings(max_examples=200, deadline=None)
@example(  # the two roundings of the margin disagree (``ROUNDING``)
    np.array([[-1.17549435e-38, 0.0, -1.17549435e-38, 0.0], [0.0, 0.0, 0.0, 0.0]]),
    np.array([[0.5, 0.0, 0.5, 0.0]] + [[0.0, 0.0, 0.0, 0.0]] * 4),
    0.5,
)
@given(some_boxes(), some_boxes(), st.sampled_from([0.0, 0.5, 7.0]))
def test_the_pairs_between_are_every_member_and_query_within_the_margin_once(members, queries, margin):
    pairs, complete = pairs_between(members, queries, margin, 10_000, 10_000_000)
    assert complete
    found = [tuple(row) for row in pairs.tolist()]
    assert len(found) == len(set(found))
    must, may = pairs_within(
        margin,
        [((m, q), queries[q], members[m]) for m in range(len(members)) for q in range(len(queries))],
    )
    assert must <= set(found) <= may
    assert [q for _, q in found] == sorted(q for _, q in found)  # in query order


def test_boxes_that_only_touch_are_a_pair():
    members = np.array([[0.1, 0.1, 0.3, 0.7]])
    queries = np.array([[0.3, 0.7, 0.9, 0.9], [0.30000000000000004, 0.0, 1.0, 1.0]])
    assert pairs_between(members, queries, 0.0, 10, 100)[0].tolist() == [[0, 0]]


def overlapping_stack(n):
    """``n`` boxes on top of one another, alternating between two groups."""
    return np.tile([0.0, 0.0, 1.0, 1.0], (n, 1)), np.arange(n) % 2


def test_more_pairs_than_the_limit_stops_with_at_most_the_limit_found():
    boxes, group = overlapping_stack(20)  # 10 × 10 = 100 pairs between the two groups
    assert pairs_among(boxes, group, 0.0, 100, 10_000)[1]
    pairs, complete = pairs_among(boxes, group, 0.0, 99, 10_000)
    assert not complete and len(pairs) <= 99
    assert not pairs_between(boxes[:10], boxes[10:], 0.0, 99, 10_000)[1]


def test_more_boxes_looked_at_than_the_limit_stops_even_when_few_pairs_exist():
    boxes = np.tile([0.0, 0.0, 1.0, 1.0], (50, 1))
    group = np.zeros(50, np.int64)
    group[-1] = 1  # 49 pairs, but each of the 50 walks looks at all 50 boxes, whatever the cells
    assert pairs_among(boxes, group, 0.0, 1_000, 50 * 50 * 4)[1]
    assert not pairs_among(boxes, group, 0.0, 1_000, 49)[1]
    assert not pairs_among(boxes, group, 0.0, 1_000, 50 * 49)[1]


def test_a_grid_with_more_entries_than_the_limit_is_not_built(monkeypatch):
    built = []
    real = box_pairs_module.build_walls
    monkeypatch.setattr(
        box_pairs_module, "build_walls", lambda *a, **k: built.append(real(*a, **k)) or built[-1]
    )
    # One long thin box over many cells of small ones: listed in every cell it covers.
    boxes = np.array([[0.0, 0.0, 1000.0, 1.0]] + [[k * 10.0, 0.0, k * 10.0 + 1.0, 1.0] for k in range(100)])
    pairs, complete = pairs_between(boxes, [[5000.0, 5000.0, 5001.0, 5001.0]], 0.0, 10, 50)
    assert not complete and built == [None] and len(pairs) == 0


def test_fewer_than_two_boxes_or_no_queries_have_no_pairs():
    for n in (0, 1):
        pairs, complete = pairs_among(np.zeros((n, 4)), np.zeros(n, np.int64), 5.0, 10, 10)
        assert complete and pairs.shape == (0, 2)
    assert pairs_between(np.zeros((3, 4)), np.zeros((0, 4)), 1.0, 10, 10)[0].shape == (0, 2)
    assert pairs_between(np.zeros((0, 4)), np.zeros((3, 4)), 1.0, 10, 10)[0].shape == (0, 2)


@settings(max_examples=150, deadline=None)
@given(
    some_boxes(6),
    st.floats(0.0, 30.0),
    st.floats(3.0, 60.0),
    st.integers(1, 12),
    st.integers(1, 12),
)
def test_cells_near_lists_every_cell_whose_probe_box_meets_a_box_once(boxes, reach, cell, ni, nj):
    ij, owner, complete = cells_near(boxes, reach, cell, ni, nj, 100_000, 10_000_000)
    assert complete
    found = [(int(i), int(j), int(k)) for (i, j), k in zip(ij.tolist(), owner.tolist(), strict=True)]
    assert len(found) == len(set(found))
    grow = reach + PROBE_SLACK * (reach + cell * max(ni, nj))
    expected = set()
    for k, box in enumerate(boxes):
        for j in range(nj):
            for i in range(ni):
                cx, cy = (i + 0.5) * cell, (j + 0.5) * cell
                if near(box, (cx - grow, cy - grow, cx + grow, cy + grow), 0.0):
                    expected.add((i, j, k))
    assert set(found) == expected


def test_a_probe_touching_a_box_within_the_tolerance_is_listed():
    # A disc of radius 10 at cell (0, 0)'s centre (5, 5) reaches x = 15; a box starting a hair past it
    # touches it within the narrow phase's tolerance, so its cell must be a candidate.
    box = [15.0 + 1e-11, 0.0, 20.0, 10.0]
    ij, owner, _ = cells_near([box], 10.0, 10.0, 1, 1, 10, 100)
    assert ij.tolist() == [[0, 0]] and owner.tolist() == [0]
    assert not math.isclose(PROBE_SLACK, 0.0)
