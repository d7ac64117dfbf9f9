"""Issue 22 §3: a gap is reported only where the player's real hull (``assets/actors.tsj``) cannot pass,
tried with the engine's queries in the gap and beside it, not from the hull's minimum width alone."""

from __future__ import annotations

from game.check import check_file
from tests.game.tiled.maps import rect, with_walls, write


def gaps(tmp_path, *walls, name="map.tmj"):
    checked = check_file(write(tmp_path, with_walls(*walls, start=(300, 240)), name))
    return [f.problem for f in checked.warnings if f.problem.startswith("gap of")]


def test_a_dead_end_slot_narrower_than_the_player_is_no_gap_to_report(tmp_path):
    """Two 40 × 80 walls 10 px apart, the slot between them closed at its far end by a third wall that
    touches both: the player can reach one end only, so there is nothing it could pass to."""
    arms = (rect(1, 100, 60, 40, 80, name="left"), rect(2, 150, 60, 40, 80, name="right"))
    assert gaps(tmp_path, *arms, name="open.tmj") != []  # open at both ends: a gap it cannot pass
    closed = gaps(tmp_path, *arms, rect(3, 100, 40, 90, 20, name="end"), name="closed.tmj")
    assert closed == []


def test_a_gap_inside_a_closed_room_the_player_cannot_enter_is_not_reported(tmp_path):
    """Two posts 10 px apart inside a sealed 60 px box: the hull fits on neither side."""
    room = [
        rect(1, 100, 60, 80, 10, name="top"),
        rect(2, 100, 130, 80, 10, name="bottom"),
        rect(3, 100, 70, 10, 60, name="west"),
        rect(4, 170, 70, 10, 60, name="east"),
        rect(5, 110, 80, 25, 40, name="post a"),
        rect(6, 145, 80, 25, 40, name="post b"),
    ]
    assert not any("post" in g for g in gaps(tmp_path, *room))
