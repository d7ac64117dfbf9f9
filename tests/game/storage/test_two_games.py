"""Games in separate processes writing the same scores file: nothing is lost, a killed writer leaves nothing.

These run real processes (``python -c``), as two game windows or a game and
a scripted run would be.
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from game import storage

#: Each process records its games to levels of its own (``p<i>-<k>``): the top-ten
#: trimming per level then cannot hide a lost write, since a lost write loses a level.
RECORDER = """
import sys
from game import storage
me, games = sys.argv[1], int(sys.argv[2])
sys.stdin.readline()  # start together
for k in range(games):
    storage.record_score(f"p{me}-{k}", k + 1)
"""

#: Writes one score, but stops for good between writing the temporary file and renaming it.
STUCK_WRITER = """
import os, sys, time
from game import storage
def stuck(fd):
    print("mid-write", flush=True)
    time.sleep(600)
os.fsync = stuck
storage.record_score("yard", 999)
"""


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.delenv("GJK_SHOOTER_DATA", raising=False)
    monkeypatch.setenv("GJK_SHOOTER_HOME", str(tmp_path))
    storage.use_store(None)
    return tmp_path


def test_four_games_recording_at_once_keep_every_score(home):
    """Issue 13: two processes recording 300 games each lost 288 of 600 (read-modify-write without a lock)."""
    processes, games = 4, 100
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", RECORDER, str(i), str(games)],
            stdin=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(processes)
    ]
    for run in runs:
        run.stdin.write("go\n")
        run.stdin.flush()
    for run in runs:
        _, err = run.communicate(timeout=240)
        assert run.returncode == 0 and not err, err
    table = json.loads((home / storage.SCORES).read_text())
    expected = {f"p{i}-{k}": k + 1 for i in range(processes) for k in range(games)}
    assert {level: rows[0]["score"] for level, rows in table.items()} == expected
    assert not list(home.glob("*.tmp")) and not list(home.glob("*.corrupt-*"))


def test_a_writer_killed_mid_write_leaves_the_old_table_and_its_temporary_file_is_cleaned_later(home):
    storage.record_score("yard", 10)
    before = (home / storage.SCORES).read_bytes()
    writer = subprocess.Popen([sys.executable, "-c", STUCK_WRITER], stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "mid-write"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
    [left] = home.glob("scores.json.*.tmp")
    assert (home / storage.SCORES).read_bytes() == before  # the killed write changed nothing
    assert json.loads(left.read_text())["yard"][0]["score"] == 999  # it really was mid-write

    storage.record_score("yard", 20)  # the dead writer's lock went with it: this does not wait
    assert left.exists()  # too young to be sure its writer is gone
    old = time.time() - storage.STALE_TMP_SECONDS - 1
    os.utime(left, (old, old))
    assert storage.record_score("yard", 30) is True
    assert not list(home.glob("*.tmp"))
    assert [r.score for r in storage.load_scores()["yard"]] == [30, 20, 10]


#: Holds the scores lock until killed, as a game stuck mid-write would.
LOCK_HOLDER = """
import sys, time
from filelock import FileLock
lock = FileLock(sys.argv[1])
lock.acquire()
print("held", flush=True)
time.sleep(600)
"""


def test_a_lock_held_too_long_by_another_game_keeps_the_score_in_memory_with_one_warning(home, monkeypatch):
    storage.record_score("yard", 10)
    before = (home / storage.SCORES).read_bytes()
    monkeypatch.setattr(storage, "LOCK_TIMEOUT", 0.3)
    holder = subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, str(home / "scores.json.lock")], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.warns(storage.StorageWarning, match="another game held its lock for 0.3 s") as caught:
            assert storage.record_score("yard", 20) is True
            assert storage.record_score("yard", 5) is False
        assert len(caught) == 1
        assert [r.score for r in storage.load_scores()["yard"]] == [20, 10, 5]
        assert (home / storage.SCORES).read_bytes() == before
    finally:
        holder.kill()
        holder.wait(timeout=30)
