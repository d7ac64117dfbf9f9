"""``World(threads=...)``: the contact solver splits each colour among threads (``solver.solve_step_threaded``),
and the step's results are those of one thread, to the last bit (Box2D v3's promise across worker counts)."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from engine import World
from engine.crosscheck.scenes import build_ours, pile, pyramid
from engine.world import step
from engine.world.solver import MAX_THREADS, PARALLEL_GROUPS, read_plan


def _hash_and_split(scene, threads: int, steps: int) -> tuple[int, int]:
    """The world's state hash after ``steps``, and the most groups a colour had (split among the
    threads when at least ``PARALLEL_GROUPS`` each)."""
    run = build_ours(scene, threads=threads)
    most = 0
    for _ in range(steps):
        run.step()
        plan = read_plan(run.world._dynamics._plan)
        if plan is not None and len(plan.group_color) > 1:
            most = max(most, int(np.bincount(plan.group_color[:-1]).max()))
    return run.world.state_hash(), most


@pytest.mark.slow  # (the threaded step's cold compile: about 25 s)
@pytest.mark.parametrize(
    ("scene", "steps"),
    [(lambda: pyramid(50), 300), (lambda: pile(1200), 200)],
    ids=["pyramid", "pile"],
)
def test_two_threads_step_to_the_same_state_as_one(scene, steps, monkeypatch):
    threaded = step.solve_step_threaded()
    calls = []

    def counted():
        calls.append(1)
        return threaded

    monkeypatch.setattr(step, "THREADED_CONTACTS", 0)  # every step on the threads, however few its contacts
    monkeypatch.setattr(step, "solve_step_threaded", counted)
    one, most = _hash_and_split(scene(), 1, steps)
    assert not calls
    two, _ = _hash_and_split(scene(), 2, steps)
    assert len(calls) == steps
    assert most >= 2 * PARALLEL_GROUPS  # some colour was split between the two threads
    assert two == one


@pytest.mark.parametrize(
    ("value", "error"),
    [
        (0, ValueError),
        (-1, ValueError),
        (MAX_THREADS + 1, ValueError),
        (1.5, TypeError),
        (2.0, TypeError),
        ("2", TypeError),
        (True, TypeError),
        (None, TypeError),
    ],
)
def test_a_bad_thread_count_is_one_line(value, error):
    with pytest.raises(error, match=r"World threads must be a whole number in 1\.\.64; got ") as raised:
        World(threads=value)
    assert "\n" not in str(raised.value)


def test_a_good_thread_count_is_kept():
    assert World(threads=np.int64(2))._dynamics.tune.threads == 2
    assert World()._dynamics.tune.threads == 1


def test_a_threaded_step_runs_on_a_team_of_the_worlds_threads_and_gives_numbas_count_back():
    """numba's parallel regions take all its threads by default (one a core); a world of two threads
    on a machine of more keeps the others idle, not waiting at each region's end on cores of their
    own. In a process where numba has 4 threads (this machine has 2 cores), with the solve counted,
    not compiled: the team is 2 during the solve and 4 again after."""
    code = """
import numba
from engine.crosscheck.scenes import build_ours, pyramid
from engine.world import step
seen = []
def counting():
    def solve(*args):
        seen.append(numba.get_num_threads())
        return step.solve_step(*args)
    return solve
step.solve_step_threaded, step.THREADED_CONTACTS = counting, 0
run = build_ours(pyramid(6), threads=2)
for _ in range(3):
    run.step()
print(seen, numba.get_num_threads())
"""
    env = {**os.environ, "NUMBA_NUM_THREADS": "4"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[2,", "2,", "2]", "4"]
