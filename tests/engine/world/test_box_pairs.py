"""Pairs of nearby boxes between groups (``engine.world.box_pairs``), against a check of every pair."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.world.box_pairs import box_pairs


@st.composite
def labelled_boxes(draw):
    n = draw(st.integers(0, 30))
    coord = st.floats(-100.0, 100.0, allow_nan=False, width=32)
    size = st.floats(0.0, 40.0, allow_nan=False, width=32)
    rows = []
    for _ in range(n):
        x, y = draw(coord), draw(coord)
        rows.append((x, y, x + draw(size), y + draw(size)))
    groups = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    return np.array(rows, np.float64).reshape(-1, 4), np.array(groups, np.int64)


def every_pair(boxes, group, margin):
    return {
        (i, j)
        for i in range(len(boxes))
        for j in range(i + 1, len(boxes))
        if group[i] != group[j]
        and boxes[j, 0] <= boxes[i, 2] + margin
        and boxes[i, 0] <= boxes[j, 2] + margin
        and boxes[j, 1] <= boxes[i, 3] + margin
        and boxes[i, 1] <= boxes[j, 3] + margin
    }


@settings(max_examples=200, deadline=None)
@given(labelled_boxes(), st.sampled_from([0.0, 0.5, 7.0]))
def test_the_pairs_are_every_pair_of_different_groups_within_the_margin_once_smaller_first(case, margin):
    boxes, group = case
    pairs, complete = box_pairs(boxes, group, margin, 10_000, 10_000_000)
    assert complete
    found = [tuple(row) for row in pairs.tolist()]
    assert all(i < j for i, j in found)
    assert len(found) == len(set(found))
    assert set(found) == every_pair(boxes, group, margin)


def overlapping_stack(n):
    """``n`` boxes on top of one another, alternating between two groups."""
    return np.tile([0.0, 0.0, 1.0, 1.0], (n, 1)), np.arange(n) % 2


def test_more_pairs_than_the_limit_stops_with_at_most_the_limit_found():
    boxes, group = overlapping_stack(20)  # 10 × 10 = 100 pairs between the two groups
    assert box_pairs(boxes, group, 0.0, 100, 10_000)[1]
    pairs, complete = box_pairs(boxes, group, 0.0, 99, 10_000)
    assert not complete and len(pairs) <= 99


def test_more_comparisons_than_the_limit_stops_even_when_few_pairs_exist():
    boxes = np.tile([0.0, 0.0, 1.0, 1.0], (50, 1))
    group = np.zeros(50, np.int64)
    group[-1] = 1  # 49 pairs, but 50 · 49 / 2 = 1,225 comparisons in the sweep
    assert box_pairs(boxes, group, 0.0, 1_000, 1_225)[1]
    assert not box_pairs(boxes, group, 0.0, 1_000, 1_224)[1]


def test_fewer_than_two_boxes_have_no_pairs():
    for n in (0, 1):
        pairs, complete = box_pairs(np.zeros((n, 4)), np.zeros(n, np.int64), 5.0, 10, 10)
        assert complete and pairs.shape == (0, 2)
