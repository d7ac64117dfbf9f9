"""Saved scores and settings: atomic, and a corrupt file never stops the game."""

import json
import os

import pytest

from game import storage


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.delenv("GJK_SHOOTER_DATA", raising=False)
    monkeypatch.setenv("GJK_SHOOTER_HOME", str(tmp_path))
    return tmp_path


def test_saved_data_goes_where_gjk_shooter_home_points(home):
    storage.record_score("yard", 12)
    assert storage.data_dir() == home
    assert (home / storage.SCORES).exists()


def test_scores_come_back_best_first_and_only_the_top_ten_stay():
    for s in [5, 50, 20, 50, 1, 2, 3, 4, 6, 7, 8, 9]:
        storage.record_score("yard", s)
    rows = storage.load_scores()["yard"]
    assert [r.score for r in rows] == [50, 50, 20, 9, 8, 7, 6, 5, 4, 3]
    assert storage.best_score("yard") == 50 and storage.best_score("bunker") == 0


def test_a_new_best_is_reported_and_a_tie_is_not():
    assert storage.record_score("yard", 10) is True
    assert storage.record_score("yard", 10) is False
    assert storage.record_score("yard", 11) is True


def test_settings_round_trip():
    storage.save_settings(storage.Settings(volume=0.25, fullscreen=True))
    assert storage.load_settings() == storage.Settings(volume=0.25, fullscreen=True)


def test_a_corrupt_file_is_moved_aside_with_one_line_and_a_fresh_table_starts(home):
    (home / storage.SCORES).write_text("{not json")
    with pytest.warns(UserWarning, match=r"scores\.json: unreadable .* moved aside") as caught:
        assert storage.load_scores() == {}
    assert "\n" not in str(caught[0].message)
    assert len(list(home.glob("scores.json.corrupt-*"))) == 1
    assert storage.record_score("yard", 3) is True


def test_wrong_types_count_as_corrupt(home):
    (home / storage.SETTINGS).write_text(json.dumps({"volume": "loud"}))
    with pytest.warns(UserWarning, match="volume"):
        assert storage.load_settings() == storage.Settings()
    (home / storage.SCORES).write_text(json.dumps({"yard": [{"score": 1.5, "kills": 0, "wave": 0, "date": ""}]}))
    with pytest.warns(UserWarning, match="whole number"):
        assert storage.load_scores() == {}


def test_a_crash_mid_write_keeps_the_previous_table_and_leaves_no_temporary_file(home, monkeypatch):
    storage.record_score("yard", 42)
    before = (home / storage.SCORES).read_bytes()

    def crash(src, dst):
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="power cut"):
        storage.record_score("yard", 99)
    monkeypatch.undo()
    assert (home / storage.SCORES).read_bytes() == before
    assert sorted(p.name for p in home.iterdir()) == [storage.SCORES]
