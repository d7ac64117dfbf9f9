"""Saved scores and settings: atomic, never lost, and a bad file or a read-only folder never stops the game.

Read-only folders are simulated, not made with chmod: the tests run as root,
and root writes through any mode bits. ``read_only`` makes every call that
would change the folder (creating a file, renaming, removing, making a
folder) fail with ``PermissionError`` as the kernel would; a data folder
under a regular file is a real failure even for root.
"""

import errno
import json
import os
import socket
import stat
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

from game.files import storage

ROW = {"kills": 0, "wave": 0, "date": ""}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.delenv("GJK_SHOOTER_DATA", raising=False)
    monkeypatch.setenv("GJK_SHOOTER_HOME", str(tmp_path))
    storage.use_store(None)
    yield tmp_path
    storage.use_store(None)
    forget_pending()


def forget_pending() -> None:
    """Drop what a test left unwritten (its folder is gone): the exit must not try it."""
    for name in ("_pending_scores", "_pending_settings", "_lock_busy"):
        getattr(storage, name, {}).clear()


def scores_file(table) -> str:
    return json.dumps({level: [{"score": s, **ROW} for s in scores] for level, scores in table.items()})


def storage_warnings(caught) -> list[str]:
    lines = [str(w.message) for w in caught if issubclass(w.category, storage.StorageWarning)]
    for line in lines:
        assert "\n" not in line and "Traceback" not in line, line
    return lines


def aside_files(home, name=storage.SCORES) -> list[Path]:
    return sorted(home.glob(f"{name}.corrupt-*"))


@pytest.fixture
def read_only(monkeypatch):
    """``read_only(folder)``: from now on nothing in ``folder`` can be created, renamed or removed."""

    def inside(path, folder):
        try:
            return Path(os.fsdecode(path)).resolve().is_relative_to(folder.resolve())
        except (TypeError, ValueError):
            return False

    def make(folder: Path) -> None:
        real_open, real_rename, real_replace = os.open, os.rename, os.replace
        real_unlink, real_mkdir = os.unlink, os.mkdir
        writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC

        def refuse(path):
            raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))

        def guarded_open(path, flags, *args, **kwargs):
            if flags & writing and inside(path, folder):
                refuse(path)
            return real_open(path, flags, *args, **kwargs)

        def guard(real):
            def call(src, *args, **kwargs):
                if inside(src, folder) or (args and inside(args[0], folder)):
                    refuse(src)
                return real(src, *args, **kwargs)

            return call

        monkeypatch.setattr(os, "open", guarded_open)
        monkeypatch.setattr(os, "rename", guard(real_rename))
        monkeypatch.setattr(os, "replace", guard(real_replace))
        monkeypatch.setattr(os, "unlink", guard(real_unlink))
        monkeypatch.setattr(os, "mkdir", guard(real_mkdir))

    return make


# --- the usual path --------------------------------------------------------


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


def test_a_score_of_zero_is_never_a_new_best():
    """Issue 12: "New best!" was announced for a first game that scored nothing."""
    assert storage.record_score("yard", 0) is False
    assert storage.best_score("yard") == 0
    assert storage.record_score("yard", 1) is True


def test_settings_round_trip():
    storage.save_settings(storage.Settings(volume=0.25, fullscreen=True))
    assert storage.load_settings() == storage.Settings(volume=0.25, fullscreen=True)


# --- bad files are moved aside with one line --------------------------------


def test_a_corrupt_file_is_moved_aside_with_one_line_and_a_fresh_table_starts(home):
    (home / storage.SCORES).write_text("{not json")
    with pytest.warns(
        storage.StorageWarning, match=r"scores\.json: is not valid JSON.* moved aside"
    ) as caught:
        assert storage.load_scores() == {}
    assert len(storage_warnings(caught)) == 1
    [aside] = aside_files(home)
    assert aside.read_text() == "{not json"
    assert storage.record_score("yard", 3) is True


def test_wrong_types_count_as_corrupt(home):
    (home / storage.SETTINGS).write_text(json.dumps({"volume": "loud"}))
    with pytest.warns(storage.StorageWarning, match="volume"):
        assert storage.load_settings() == storage.Settings()
    (home / storage.SCORES).write_text(json.dumps({"yard": [{"score": 1.5, **ROW}]}))
    with pytest.warns(storage.StorageWarning, match="whole number"):
        assert storage.load_scores() == {}


def test_an_infinite_score_is_moved_aside_with_one_line_instead_of_a_traceback_on_every_start(home):
    """Issue 13: ``1e400`` parses to inf and ``int(inf)`` raised OverflowError, and the file stayed."""
    text = json.dumps({"yard": [{"score": 1, **ROW}]}).replace("1,", "1e400,", 1)
    (home / storage.SCORES).write_text(text)
    with pytest.warns(storage.StorageWarning, match=r"scores\.json: .*not finite \(1e400\)") as caught:
        assert storage.load_scores() == {}
    assert len(storage_warnings(caught)) == 1
    assert [p.read_text() for p in aside_files(home)] == [text]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the next start is quiet: the file is no longer there
        assert storage.load_scores() == {}


@pytest.mark.parametrize("name", [storage.SCORES, storage.SETTINGS])
def test_a_hundred_thousand_deep_array_is_moved_aside_instead_of_a_recursion_error(home, name):
    (home / name).write_text("[" * 100_000 + "]" * 100_000)
    load = storage.load_scores if name == storage.SCORES else storage.load_settings
    with pytest.warns(storage.StorageWarning, match=rf"{name}: nests 100000 levels deep; the limit is 8"):
        load()
    assert len(aside_files(home, name)) == 1 and not (home / name).exists()


def test_a_score_of_true_is_corrupt_not_a_score_of_one(home):
    (home / storage.SCORES).write_text(json.dumps({"yard": [{"score": True, **ROW}]}))
    with pytest.warns(storage.StorageWarning, match=r"score of 'yard' True is not a whole number"):
        assert storage.load_scores() == {}
    assert len(aside_files(home)) == 1


def test_rows_out_of_order_are_sorted_on_load_so_the_best_is_right(home):
    (home / storage.SCORES).write_text(scores_file({"yard": [3, 40, 7, 40, 12]}))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert storage.best_score("yard") == 40
        assert [r.score for r in storage.load_scores()["yard"]] == [40, 40, 12, 7, 3]
    assert storage.record_score("yard", 41) is True


def test_two_corrupt_files_moved_aside_in_the_same_second_keep_both(home, monkeypatch):
    frozen = time.gmtime()
    monkeypatch.setattr(time, "gmtime", lambda *_: frozen)
    for text in ("{first", "{second"):
        (home / storage.SCORES).write_text(text)
        with pytest.warns(storage.StorageWarning):
            storage.load_scores()
    assert sorted(p.read_text() for p in aside_files(home)) == ["{first", "{second"]


def test_a_row_that_is_not_a_table_or_has_no_score_is_corrupt(home):
    for rows in ([7], [{"kills": 2}], [{"score": 5, "date": 3}], {"score": 5}):
        (home / storage.SCORES).write_text(json.dumps({"yard": rows}))
        with pytest.warns(storage.StorageWarning, match="yard"):
            assert storage.load_scores() == {}
    assert len(aside_files(home)) == 4


def test_an_integer_too_long_for_python_to_parse_is_one_line_not_a_value_error(home):
    (home / storage.SCORES).write_text('{"yard": [{"score": ' + "9" * 5000 + "}]}")
    with pytest.warns(storage.StorageWarning, match=r"scores\.json: .*digits") as caught:
        assert storage.load_scores() == {}
    assert len(storage_warnings(caught)) == 1


def test_a_bad_file_another_game_replaces_while_we_wait_for_the_lock_is_not_moved_aside(home, monkeypatch):
    (home / storage.SCORES).write_text("{half")
    enter = storage._Held.__enter__

    def other_game_writes_first(held):
        storage.write_atomic(home / storage.SCORES, scores_file({"yard": [17]}))
        return enter(held)

    monkeypatch.setattr(storage._Held, "__enter__", other_game_writes_first)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert storage.best_score("yard") == 17
    assert not aside_files(home)


def make_fifo(path):
    os.mkfifo(path)


def make_device_link(path):
    path.symlink_to("/dev/zero")


def make_folder(path):
    path.mkdir()
    (path / "inside").write_text("kept")


def make_socket(path):
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    return server


@pytest.mark.parametrize(
    ("make", "kind"),
    # safe_read names a socket as a pipe: opening either without a peer fails with ENXIO.
    [
        (make_fifo, "a pipe"),
        (make_device_link, "a device"),
        (make_folder, "a folder"),
        (make_socket, "a socket"),
    ],
)
def test_a_special_file_as_the_scores_is_moved_aside_without_being_read(home, make, kind):
    """A FIFO blocked the start forever; /dev/zero through a symlink ate gigabytes."""
    path = home / storage.SCORES
    keep = make(path)
    result, done = [], threading.Event()

    def load():
        result.append(storage.load_scores())
        done.set()

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        threading.Thread(target=load, daemon=True).start()
        assert done.wait(10), "load_scores did not return within 10 s"
    assert result == [{}]
    [line] = storage_warnings(caught)
    assert f"scores.json: is {kind}" in line and "not a file; moved aside" in line
    [aside] = aside_files(home)
    assert not os.path.lexists(path)
    if make is make_device_link:
        assert os.readlink(aside) == "/dev/zero" and stat.S_ISCHR(os.stat("/dev/zero").st_mode)
    if make is make_folder:
        assert (aside / "inside").read_text() == "kept"
    assert storage.record_score("yard", 5) is True and storage.best_score("yard") == 5
    if keep is not None:
        keep.close()  # the socket's server end


def test_a_settings_file_of_more_than_a_mebibyte_is_refused_by_its_size(home):
    (home / storage.SETTINGS).write_text('{"volume": 0.5' + " " * storage.LIMIT + "}")
    with pytest.warns(
        storage.StorageWarning, match=r"settings\.json: is 1,048,591 bytes; the limit is 1,048,576"
    ):
        assert storage.load_settings() == storage.Settings()


# --- writing ----------------------------------------------------------------


def test_a_failed_rename_keeps_the_previous_file_whole_and_no_temporary_file(home, monkeypatch):
    storage.record_score("yard", 42)
    before = (home / storage.SCORES).read_bytes()

    def crash(src, dst):
        raise OSError(errno.EIO, "Input/output error")

    with (
        monkeypatch.context() as patch,
        pytest.warns(storage.StorageWarning, match="cannot save .* in memory") as caught,
    ):
        patch.setattr(os, "replace", crash)
        assert storage.record_score("yard", 99) is True
    assert len(storage_warnings(caught)) == 1
    assert (home / storage.SCORES).read_bytes() == before
    assert sorted(p.name for p in home.iterdir() if p.suffix != ".lock") == [storage.SCORES]
    assert storage.best_score("yard") == 99  # the session still knows


def test_a_stale_temporary_file_is_removed_by_the_next_write_and_a_fresh_one_is_left(home):
    stale, fresh = home / "scores.json.k1ll3d.tmp", home / "scores.json.wr1t1n.tmp"
    for tmp in (stale, fresh):
        tmp.write_text('{"ya')
    old = time.time() - storage.STALE_TMP_SECONDS - 5
    os.utime(stale, (old, old))
    storage.record_score("yard", 1)
    assert not stale.exists() and fresh.exists()


def full_table(levels: int, rows: int = storage.TOP) -> dict[str, list[storage.ScoreEntry]]:
    """``levels`` levels of ``rows`` games each: game ``k`` scored 1000 - k on day ``k`` + 1 (the
    lowest placed row is the newest, so the order of dropping is by place, not by date)."""
    return {
        f"level {i:04d}": [
            storage.ScoreEntry(1000 - k, 0, 0, f"2026-01-{k + 1:02d}T00:00:{i % 60:02d}Z")
            for k in range(rows)
        ]
        for i in range(levels)
    }


def test_a_new_level_at_the_size_limit_is_written_and_the_lowest_placed_rows_of_other_levels_make_room(
    home, monkeypatch
):
    """Issue 24: at the 1 MiB cap every new level's score was kept in memory only and lost at exit."""
    table = full_table(40)
    text = storage._scores_text(table)
    (home / storage.SCORES).write_text(text)
    monkeypatch.setattr(storage, "LIMIT", len(text.encode()) + 10)  # room for no further level
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for level in range(5):
            assert storage.record_score(f"new {level}", 5) is True
    on_disk = json.loads((home / storage.SCORES).read_text())
    assert len((home / storage.SCORES).read_bytes()) <= storage.LIMIT
    assert all(on_disk[f"new {level}"][0]["score"] == 5 for level in range(5))
    # Every old level keeps its best; only tenth places went, and only as many as were needed.
    old = {level: rows for level, rows in on_disk.items() if level.startswith("level")}
    assert len(old) == 40 and all(rows[0]["score"] == 1000 for rows in old.values())
    lengths = sorted(len(rows) for rows in old.values())
    assert lengths[0] == storage.TOP - 1 and lengths[-1] == storage.TOP
    dropped = sum(storage.TOP - n for n in lengths)
    assert 5 <= dropped <= 10, dropped  # about one row a new level, never a whole level
    assert all(
        len(rows) == storage.TOP or rows[-1]["score"] == 1000 - storage.TOP + 2 for rows in old.values()
    )


def test_at_the_size_limit_the_oldest_of_the_lowest_placed_rows_go_first(home, monkeypatch):
    table = full_table(3)
    table["level 0001"][-1] = table["level 0001"][-1]._replace(date="2020-01-01T00:00:00Z")
    text = storage._scores_text(table)
    (home / storage.SCORES).write_text(text)
    monkeypatch.setattr(storage, "LIMIT", len(text.encode()) + 10)
    storage.record_score("new", 5)
    on_disk = json.loads((home / storage.SCORES).read_text())
    # A new level takes about two rows' room: the 2020 tenth goes first, then the older of the
    # other two tenths (level 0000's, a second older than level 0002's).
    assert [len(on_disk[f"level {i:04d}"]) for i in range(3)] == [9, 9, 10]
    assert all(row["date"] != "2020-01-01T00:00:00Z" for row in on_disk["level 0001"])


def test_a_level_name_too_long_for_the_file_is_refused_like_a_float_score(home):
    """A top ten of a level whose name alone filled the file could never be written."""
    with pytest.raises(ValueError, match=r"level name of 1,001 characters; the limit is 1,000"):
        storage.record_score("x" * 1001, 5)
    assert storage.record_score("x" * 1000, 5) is True


# --- a read-only folder -----------------------------------------------------


def test_a_read_only_folder_keeps_scores_pending_with_one_warning(home, read_only):
    (home / storage.SCORES).write_text(scores_file({"yard": [30]}))
    before = (home / storage.SCORES).read_bytes()
    read_only(home)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert storage.record_score("yard", 20) is False
        assert storage.record_score("yard", 35) is True
        assert storage.record_score("bunker", 4) is True
        storage.save_settings(storage.Settings(volume=0.1))
        assert [r.score for r in storage.load_scores()["yard"]] == [35, 30, 20]
        assert storage.best_score("bunker") == 4 and storage.load_settings().volume == 0.1
    [line] = storage_warnings(caught)
    assert line.startswith(f"{home}: cannot save scores.json there (Permission denied)")
    assert line.endswith("kept in memory and saved at the next record or at exit")
    assert (home / storage.SCORES).read_bytes() == before
    assert not (home / storage.SETTINGS).exists()


def test_scores_and_settings_kept_while_the_folder_was_read_only_are_written_once_it_is_writable(
    home, read_only, monkeypatch
):
    """Issue 24: a folder that became writable again never got the session's scores."""
    (home / storage.SCORES).write_text(scores_file({"yard": [30]}))
    read_only(home)
    with pytest.warns(storage.StorageWarning):
        storage.record_score("yard", 20)
        storage.record_score("bunker", 4)
        storage.save_settings(storage.Settings(volume=0.1))
    monkeypatch.undo()  # writable again (and GJK_SHOOTER_HOME gone: point at the folder by hand)
    storage.use_store(home)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        storage.record_score("yard", 10)
        assert json.loads((home / storage.SETTINGS).read_text())["volume"] == 0.1  # the record took them too
    on_disk = json.loads((home / storage.SCORES).read_text())
    assert [r["score"] for r in on_disk["yard"]] == [30, 20, 10] and on_disk["bunker"][0]["score"] == 4
    storage.use_store(None)


def test_a_corrupt_file_in_a_read_only_folder_does_not_stop_the_start(home, read_only):
    (home / storage.SCORES).write_text('{"yard": [{"score": 1e400}]}')
    (home / storage.SETTINGS).write_text('{"volume": NaN}')
    read_only(home)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert storage.load_settings() == storage.Settings()
        assert storage.load_scores() == {} and storage.best_score("yard") == 0
        assert storage.record_score("yard", 8) is True and storage.best_score("yard") == 8
        assert storage.load_settings() == storage.Settings()
    lines = storage_warnings(caught)
    assert len(lines) == 2, lines  # one for each bad file; each says the data stays in memory
    assert "settings.json: holds a number that is not finite (NaN); it cannot be moved aside" in lines[0]
    assert "scores.json: holds a number that is not finite (1e400); it cannot be moved aside" in lines[1]
    assert all(line.endswith("keeps its data in memory") for line in lines)
    assert storage.best_score("yard") == 8
    assert (home / storage.SCORES).read_text() == '{"yard": [{"score": 1e400}]}'  # never written over


def test_a_data_folder_under_a_regular_file_plays_on_in_memory(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    storage.use_store(tmp_path / "file" / "data")
    with pytest.warns(
        storage.StorageWarning, match=r"file/data: cannot save scores\.json there \(Not a directory\)"
    ):
        assert storage.record_score("yard", 5) is True
    assert storage.record_score("yard", 6) is True and storage.best_score("yard") == 6


def test_the_title_screen_opens_over_corrupt_files_in_a_read_only_folder(home, read_only, window):
    from game.app import App
    from game.views.title import TitleView

    (home / storage.SCORES).write_text("[" * 100_000)
    (home / storage.SETTINGS).write_text('{"volume": 1e400}')
    read_only(home)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = App(window, seed=1)
        app.audio.volume = 0.0
        app.show_title()
        window.current_view.on_draw()
    assert isinstance(window.current_view, TitleView)
    assert all(best.text == "best 0" for _, best in window.current_view.rows)
    assert len(storage_warnings(caught)) == 2


# --- where, and throwaway stores --------------------------------------------


def test_use_store_points_every_later_load_and_record_at_a_folder(home, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    storage.use_store(elsewhere)
    storage.record_score("yard", 9)
    assert (elsewhere / storage.SCORES).exists() and not (home / storage.SCORES).exists()
    storage.use_store(None)
    assert storage.data_dir() == home and storage.best_score("yard") == 0


def test_a_throwaway_store_keeps_scores_away_from_the_players_and_is_gone_at_exit(home):
    storage.record_score("yard", 3)
    before = (home / storage.SCORES).read_bytes()
    script = (
        "from game.files import storage\n"
        "folder = storage.use_throwaway_store()\n"
        "assert storage.record_score('yard', 500) is True and storage.best_score('yard') == 500\n"
        "print(folder, (folder / storage.SCORES).exists())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    folder, written = done.stdout.split()
    assert written == "True" and not Path(folder).exists()
    assert (home / storage.SCORES).read_bytes() == before
