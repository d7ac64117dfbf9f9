"""``membership``: the world's set questions when bodies go answer as numpy's ``isin`` does."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from engine.world.membership import in_sorted, member_of, used_of

IDS = st.lists(st.integers(-3, 2**40), max_size=60).map(lambda v: np.array(v, np.int64))


@given(IDS, IDS)
def test_member_of_is_isin(values, among):
    assert member_of(values, among).tolist() == np.isin(values, among).tolist()


@given(IDS, IDS)
def test_in_sorted_is_isin_of_a_sorted_array(values, among):
    ordered = np.unique(among)
    assert in_sorted(values, ordered).tolist() == np.isin(values, ordered).tolist()


@given(IDS, IDS)
def test_used_of_is_isin_of_the_sorted_candidates(candidates, values):
    candidates = np.unique(candidates)
    assert used_of(candidates, values).tolist() == np.isin(candidates, values).tolist()


def test_removing_many_bullets_from_a_world_of_joints_leaves_the_other_joints():
    # The joints of the bodies removed go, the others stay (``JointTable.of_bodies``).
    from engine import World
    from engine.collision import Circle, Polygon

    world = World()
    anchor = world.add(Polygon.box(1.0, 1.0), (0.0, 0.0, 0.0), type="static")
    links = [world.add(Circle(0.2), (float(k), -1.0, 0.0), type="dynamic") for k in range(20)]
    joints = [world.revolute(anchor, link, (float(k), 0.0)) for k, link in enumerate(links)]
    world.remove_bodies(links[::3])
    kept = [j for k, j in enumerate(joints) if k % 3]
    assert sorted(world.joints().tolist()) == sorted(kept)
