"""``game.sim.heap.settle``: the heap alive at a level's start leaves the collector's generations."""

from __future__ import annotations

import gc

import pytest

from game.sim.heap import settle


class Node:
    """A tracked object in a cycle, as the level's and the world's objects are."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def frozen_after():
    # A process that has played a level (an earlier view test here) is frozen already, and settle
    # freezes only the first time: each test starts from a process that has not.
    gc.unfreeze()
    yield
    gc.unfreeze()  # the other tests' collector as they expect it


def test_settle_moves_the_live_heap_out_of_the_collected_generations(frozen_after):
    node = Node()
    before = gc.get_freeze_count()
    settle()
    assert gc.get_freeze_count() > before
    assert not any(o is node for o in gc.get_objects())  # a full collection no longer walks it
    assert node.me is node  # and it is alive


def test_an_object_made_after_settle_is_collected_as_before(frozen_after):
    settle()
    node = Node()
    assert any(o is node for o in gc.get_objects())


def test_a_later_run_is_not_frozen_so_its_garbage_is_collected(frozen_after):
    settle()  # the first level
    later = Node()  # the next run's objects
    frozen = gc.get_freeze_count()
    settle()
    assert gc.get_freeze_count() == frozen
    assert any(o is later for o in gc.get_objects())
