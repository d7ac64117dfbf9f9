"""The solver's bundles live in scratch memory the world keeps from step to step (``solve_step``'s
``workspace``): a step maps no fresh memory for them, and a workspace too small changes nothing."""

from __future__ import annotations

import ctypes.util
import hashlib
import subprocess
import sys

import numpy as np
import pytest

from engine.crosscheck.scenes import build_ours, pile, pyramid

# glibc's malloc gives memory back to the kernel when the free space at the top of its heap passes
# M_TRIM_THRESHOLD, and takes it again on the next allocation, page fault by page fault. Its
# thresholds move by themselves as a process allocates: with pymunk and pybox2d stepped in the same
# process (the benchmark), the heap's top grew by ~1.8 MB and was trimmed back on every step, and the
# solver's 0.9 MB of bundles cost 211 page faults a step (310 -> 650 µs). The script fixes the
# thresholds as that: large allocations on the heap (mmap above 4 MB), trimmed past 128 kB.
_FAULTS_SCRIPT = """
import ctypes, resource
from engine.crosscheck.scenes import build_ours, pyramid
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
libc = ctypes.CDLL(None)
assert libc.mallopt(M_MMAP_THRESHOLD, 4096 * 1024) == 1 and libc.mallopt(M_TRIM_THRESHOLD, 128 * 1024) == 1
run = build_ours(pyramid(20))
for _ in range(20):
    run.step()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(20):
    run.step()
print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 20)
"""


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or ctypes.util.find_library("c") is None, reason="glibc's mallopt"
)
def test_a_step_maps_no_fresh_memory_for_the_solver_when_malloc_would_map_it():
    # A 20-row pyramid's bundles (~70 of 3.3 kB, 0.22 MB) allocated per step faulted in 46.5 pages a
    # step (measured before the workspace); kept, 0.5.
    out = subprocess.run([sys.executable, "-c", _FAULTS_SCRIPT], capture_output=True, text=True, check=True)
    assert float(out.stdout) < 5.0


def _state_hash(scene, steps: int, starve: bool, forget_plan: bool = False, remove_at: int = -1) -> str:
    run = build_ours(scene)
    for k in range(steps):
        if starve:  # the kernel allocates the bundles itself each step
            run.world._dynamics._workspace = np.zeros(0)
        if forget_plan:  # the kernel colours the contacts afresh each step
            run.world._dynamics._plan = np.zeros(0, np.int64)
        if k == remove_at:  # a box leaves mid-stack: the bodies' slots and rows move
            body = run.ids[len(run.ids) // 2]
            run.world.remove(body)
            run.ids.remove(body)  # (the list the run's poses read)
        run.step()
    return hashlib.sha256(
        np.ascontiguousarray(run.poses()).tobytes() + run.velocities().tobytes()
    ).hexdigest()


@pytest.mark.parametrize("scene", [pyramid(12), pile(200)], ids=lambda s: s.name)
def test_a_workspace_too_small_gives_the_same_steps_to_the_bit(scene):
    assert _state_hash(scene, 120, starve=True) == _state_hash(scene, 120, starve=False)


@pytest.mark.parametrize("scene", [pyramid(12), pile(200)], ids=lambda s: s.name)
@pytest.mark.parametrize("remove_at", [-1, 60])
def test_a_colouring_kept_from_step_to_step_gives_the_same_steps_to_the_bit(scene, remove_at):
    # The pile's contacts change as it settles and its islands fall asleep; the removed box moves
    # other bodies' slots, and so the rows the solver gives them.
    kept = _state_hash(scene, 120, starve=False, remove_at=remove_at)
    assert kept == _state_hash(scene, 120, starve=False, forget_plan=True, remove_at=remove_at)


def test_a_resting_stack_keeps_its_colouring_from_step_to_step():
    run = build_ours(pyramid(12))
    for _ in range(200):
        run.step()
    plan = run.world._dynamics._plan
    before = plan.copy()
    for _ in range(5):
        run.step()
    assert run.world._dynamics._plan is plan and np.array_equal(plan, before)
    assert plan[0] == len(run.world._dynamics.kept.keys)  # made for the step's contacts, every one


def test_the_workspace_grows_to_what_the_bundles_need_and_is_then_kept():
    run = build_ours(pyramid(12))
    run.step()
    kept = run.world._dynamics._workspace
    assert len(kept) > 0
    for _ in range(30):  # a settling pyramid's contacts change little: the room to grow holds them
        run.step()
    assert run.world._dynamics._workspace is kept


def test_after_its_first_step_a_world_calls_the_step_kernels_through_their_entry_points():
    # numba's dispatch typed every field of every record again on each call (2-5 µs a call, a
    # few percent of a 40-row step); after the first call the step holds each kernel's compiled
    # entry point (without the JIT, the function itself: ``entry_point`` gives it back).
    import engine.world.contact_set as contact_set
    import engine.world.solver as solver
    import engine.world.step as step
    from engine.collision.jit import entry_point

    run = build_ours(pyramid(3))
    run.step()
    for module, name in [
        (contact_set, "reach_boxes"), (contact_set, "find_contacts"), (solver, "solve_step"),
        (contact_set, "finish_contacts"),
    ]:  # fmt: skip
        assert getattr(step, name) is entry_point(getattr(module, name)), name
