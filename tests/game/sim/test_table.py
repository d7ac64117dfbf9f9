"""``Table`` columns read as attributes: always the column the table holds now, on every table."""

from __future__ import annotations

import numpy as np
import pytest

from game.sim.simulation import Table


def test_a_column_read_follows_the_column_replaced_in_the_table():
    t = Table({"speed": np.zeros(2)})
    assert t.speed.tolist() == [0.0, 0.0]
    t.columns["speed"] = np.ones(3)  # what keep and append do
    assert t.speed.tolist() == [1.0, 1.0, 1.0]


def test_a_column_another_table_has_is_no_attribute_of_a_table_without_it():
    with_it, without = Table({"fuse": np.zeros(1)}), Table({"life": np.zeros(1)})
    assert with_it.fuse.tolist() == [0.0]  # read once: the name is known to the class now
    assert not hasattr(without, "fuse")
    with pytest.raises(AttributeError, match="fuse"):
        without.fuse  # noqa: B018


def test_two_tables_read_their_own_columns():
    a, b = Table({"hp": np.array([1.0])}), Table({"hp": np.array([2.0])})
    assert (a.hp[0], b.hp[0]) == (1.0, 2.0)
