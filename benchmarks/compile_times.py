"""Where a cold start's compile time goes: each kernel the game's warm-up compiles, timed.

Runs the stages of ``python -m game.headless.warmup`` (every stage the play
view needs, in one child process, without the second ``--ahead`` process)
on an empty ``NUMBA_CACHE_DIR`` and listens to numba's compile events
(``numba:compile``: one per dispatcher and signature, nested when a kernel
calls another that is not inlined). For each kernel it prints the CPU and
wall seconds of its compiles: self (without the kernels it calls, compiled
on the way) and inclusive; the wall seconds numba spent inlining its
``inline="always"`` helpers into it (numba's ``inline_inlinables`` pass, which
builds each helper's IR again at every call site); and how many signatures
compiled. Then each stage's CPU and wall seconds, and the child's whole
user+sys CPU and wall time: on a shared machine the CPU figures are the ones
to compare, the wall ones move with the load.

    flock /tmp/bench.lock .venv/bin/python benchmarks/compile_times.py            # ~1.5 min
    flock /tmp/bench.lock .venv/bin/python benchmarks/compile_times.py --top 15
    flock /tmp/bench.lock .venv/bin/python benchmarks/compile_times.py --stages "props tumbling"

``--stages`` runs only the named stages (comma-separated; the level is
always read first), to see one stage's kernels alone.

``--split`` runs a cold start's two warm-up processes instead, at once on
one empty cache (``STAGES`` and the second process's ``AHEAD``): each one's
outermost compiles with their start and end (wall seconds from launch) and
CPU seconds, each process's CPU and end, and the kernels compiled in both
(a kernel one process compiled loads in the other only if it was saved
before the other looked). The two should end together, and few kernels but
numba's own small helpers compile twice.

    flock /tmp/bench.lock .venv/bin/python benchmarks/compile_times.py --split   # ~2 min
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Runs in the child: the warm-up's stages with a listener that records every compile event.
CHILD = r"""
import json, sys, time
from numba.core import event
from game.headless import warmup
from engine.collision.jit import kernel_name

wanted = [s for s in sys.argv[1].split(",") if s]
stages = [s for i, s in enumerate(warmup.STAGES) if i == 0 or not wanted or s.name in wanted]
records, stack = [], []

class Listener(event.Listener):
    def on_start(self, ev):
        d = ev.data["dispatcher"]
        stack.append((kernel_name(d), time.perf_counter(), time.process_time(), len(stack)))
    def on_end(self, ev):
        name, wall, cpu, depth = stack.pop()
        records.append((name, depth, time.perf_counter() - wall, time.process_time() - cpu))

event.register("numba:compile", Listener())
state = {"level": None}
for stage in stages:
    began, cpu = time.perf_counter(), time.process_time()
    stage.run(state)
    records.append(("stage: " + stage.name, -1, time.perf_counter() - began, time.process_time() - cpu))
# numba's own per-pass wall times: the IR-level inlining of ``inline="always"`` helpers, per kernel.
import gc
from numba.core.registry import CPUDispatcher
inlining = {}
for obj in gc.get_objects():
    if isinstance(obj, CPUDispatcher):
        for cres in obj.overloads.values():
            times = (getattr(cres, "metadata", None) or {}).get("pipeline_times", {}).get("nopython", {})
            spent = sum(t.init + t.run + t.finalize for k, t in times.items() if k.endswith("inline_inlinables"))
            inlining[kernel_name(obj)] = inlining.get(kernel_name(obj), 0.0) + spent
print(json.dumps([records, inlining]))
"""


#: Runs in each child of ``--split``: one warm-up process's stages, recording its compile events.
SPLIT_CHILD = r"""
import json, sys, time
began = float(sys.argv[2])
from numba.core import event
from game.headless import warmup
from engine.collision.jit import kernel_name

records, stack = [], []

class Listener(event.Listener):
    def on_start(self, ev):
        stack.append((kernel_name(ev.data["dispatcher"]), time.time() - began, time.process_time(), len(stack)))
    def on_end(self, ev):
        name, at, cpu, depth = stack.pop()
        records.append((name, depth, at, time.time() - began, time.process_time() - cpu))

event.register("numba:compile", Listener())
state = {"level": None}
for stage in warmup.AHEAD if sys.argv[1] == "ahead" else warmup.STAGES:
    at, cpu = time.time() - began, time.process_time()
    stage.run(state)
    records.append(("stage: " + stage.name, -1, at, time.time() - began, time.process_time() - cpu))
print(json.dumps([records, time.process_time()]))
"""


def split() -> None:
    """``--split``: both warm-up processes at once on one empty cache, as a cold start runs them."""
    with tempfile.TemporaryDirectory(prefix="gjk-compile-") as tmp:
        env = {**os.environ, "NUMBA_CACHE_DIR": tmp, "GJK_SHOOTER_DATA": os.path.join(tmp, "data")}
        began = time.time()
        children = {
            which: subprocess.Popen(
                [sys.executable, "-c", SPLIT_CHILD, which, str(began)],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for which in ("ahead", "main")  # the game starts the second process first
        }
        results = {}
        for which, child in children.items():
            out, err = child.communicate()
            if child.returncode != 0:
                raise SystemExit(f"compile_times: the {which} warm-up failed:\n{err[-3000:]}")
            results[which] = json.loads(out.splitlines()[-1])
    print(f"compile_times --split: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}; "
          "wall seconds from launch, CPU seconds, empty cache")  # fmt: skip
    names = {}
    for which, (records, cpu) in results.items():
        print(f"{which}: {cpu:.1f} s CPU, ends at {max(r[3] for r in records):.1f} s")
        for name, depth, start, end, spent in sorted(records, key=lambda r: r[2]):
            if depth <= 0:
                print(f"  {name:<58} {start:6.1f} -{end:6.1f} {spent:8.2f}")
        names[which] = {r[0] for r in records if r[1] >= 0}
    print("compiled in both:", ", ".join(sorted(names["main"] & names["ahead"])) or "none")


def profile(stages: str) -> tuple[list, dict, float, float]:
    """The child's compile records, its seconds inlining per kernel, its wall seconds and its
    user+sys CPU seconds."""
    with tempfile.TemporaryDirectory(prefix="gjk-compile-") as tmp:
        env = {**os.environ, "NUMBA_CACHE_DIR": tmp, "GJK_SHOOTER_DATA": os.path.join(tmp, "data")}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-c", CHILD, stages], cwd=ROOT, env=env, capture_output=True, text=True
        )
        wall = time.perf_counter() - began
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"compile_times: the warm-up failed:\n{result.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    records, inlining = json.loads(result.stdout.splitlines()[-1])
    return records, inlining, wall, cpu


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=30, help="kernels to list, by self CPU (default 30)")
    parser.add_argument("--stages", default="", help="comma-separated stage names (default: all)")
    parser.add_argument("--split", action="store_true", help="both warm-up processes at once, as cold")
    args = parser.parse_args(argv)
    if args.top < 1:
        parser.error(f"--top {args.top}: must be at least 1")
    from game.headless.warmup import STAGES  # (no kernel compiles on import)

    known = [stage.name for stage in STAGES]
    unknown = [name for name in args.stages.split(",") if name and name not in known]
    if unknown:  # the child would skip it and time the level alone, as if that were the stage
        parser.error(f"--stages: no stage {unknown[0]!r} (stages: {', '.join(known)})")
    if args.split:
        split()
        return
    records, inlining, wall, cpu = profile(args.stages)

    # Self time: a compile's own time less that of the compiles nested directly in it. The records
    # arrive in the order compiles end, so a compile's children precede it, one depth deeper.
    totals: dict[str, list[float]] = {}
    pending: dict[int, list[float]] = {}  # depth -> [wall, cpu] of finished children not yet claimed
    stages = []
    for name, depth, w, c in records:
        if depth < 0:
            stages.append((name, w, c))
            continue
        child_w, child_c = pending.pop(depth + 1, [0.0, 0.0])
        row = totals.setdefault(name, [0.0, 0.0, 0.0, 0.0, 0, 0])  # incl wall, cpu, self wall, cpu, n, top
        row[0] += w
        row[1] += c
        row[2] += w - child_w
        row[3] += c - child_c
        row[4] += 1
        row[5] += depth == 0
        up = pending.setdefault(depth, [0.0, 0.0])
        up[0] += w
        up[1] += c

    print(f"compile_times: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}; seconds, empty cache")
    print(f"{'kernel':<58} {'self cpu':>8} {'self wall':>9} {'inlining':>8} {'incl cpu':>8} {'compiles':>8}")
    ranked = sorted(totals.items(), key=lambda item: -item[1][3])
    for name, (_, incl_c, self_w, self_c, n, _top) in ranked[: args.top]:
        print(f"{name:<58} {self_c:8.2f} {self_w:9.2f} {inlining.get(name, 0.0):8.2f} {incl_c:8.2f} {n:8d}")
    rest = ranked[args.top :]
    if rest:
        print(
            f"{f'... {len(rest)} more':<58} {sum(r[1][3] for r in rest):8.2f} {sum(r[1][2] for r in rest):9.2f}"
        )
    print(f"{'all compiles (self)':<58} {sum(r[3] for r in totals.values()):8.2f} "
          f"{sum(r[2] for r in totals.values()):9.2f} {sum(inlining.values()):8.2f}")  # fmt: skip
    for name, w, c in stages:
        print(f"  {name:<56} {c:8.2f} {w:9.2f}")
    print(f"process: {cpu:.1f} s CPU (user+sys), {wall:.1f} s wall")


if __name__ == "__main__":
    main()
