"""Start-up time, cold (an empty numba cache) and warm: the title, play, the demo, ``python -m engine``.

Every figure is a fresh process's wall-clock time from its launch, measured
by this script, except ``process cpu``: the user+sys CPU seconds of the whole
run (the process and the warm-up children it ended), the figure to compare
on a shared machine, where the wall time moves with the load. Cold runs each get a new empty ``NUMBA_CACHE_DIR`` (numba
then compiles every kernel the run calls); warm runs reuse one cache that
untimed runs of the warm-up, ``python -m engine`` and the demo filled.

- ``title``: ``game.app`` imported, the window open, the title view's first
  frame drawn (headless) and finished. The background warm-up is started
  first, as ``python -m game`` does, so its cost on the title is counted.
- ``ready``: in the same process, until that warm-up says the engine is
  compiled (after this, Enter starts play without compiling).
- ``play``: in the same process, Enter pressed on the title at once, the
  first frame of the play view drawn: the wait on the loading view included.
- ``demo``: ``python -m game --demo --level yard --frames 600``.
- ``engine``: ``python -m engine``.

    nice .venv/bin/python benchmarks/startup.py              # warm and cold, every target
    nice .venv/bin/python benchmarks/startup.py --warm-only  # seconds, not minutes
    nice .venv/bin/python benchmarks/startup.py --only title,engine

A cold run compiles for minutes on a 2-core machine: run it under ``nice``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = ("title", "demo", "engine")

#: The title, then (same process) the warm-up's end and the play view's first frame.
TITLE_SCRIPT = """
import os, sys, time
os.environ["ARCADE_HEADLESS"] = "1"
from game.app import App, make_window
from game.headless.warmup import Warmup
window = make_window(visible=False)
app = App(window, seed=1)
app.audio.volume = 0.0
app.warmup = Warmup.start(echo=sys.stderr)
app.show_title()
window.current_view.on_draw()
window.ctx.finish()
titled = time.time()
print("TITLE", titled, flush=True)
import arcade
window.current_view.on_key_press(arcade.key.ENTER, 0)
while type(window.current_view).__name__ == "LoadingView":  # 10 frames a second: headless GL is
    window.current_view.on_update(1 / 10)                    # software, and its frames would take
    window.current_view.on_draw()                            # the CPU from the compile
    time.sleep(1 / 10)
done_ago = time.monotonic() - app.warmup.ended_at  # inf: a finished warm-up's mark, nothing to wait for
print("READY", titled if done_ago == float("inf") else time.time() - done_ago, flush=True)
play = window.current_view
play.on_fixed_update(1 / 60)
play.on_update(1 / 60)
play.on_draw()
window.ctx.finish()
print("PLAY", time.time(), flush=True)
app.warmup.stop()
"""


def run(cmd: list[str], cache: str, data: str) -> tuple[float, float, dict[str, float], str]:
    """Run ``cmd`` from the repository root; wall seconds, CPU seconds (user+sys of the process and
    of the children it waited for: the warm-up's two), the marks it printed (seconds after launch).

    The warm-up children run at this script's own priority (run it under ``nice``): on a machine
    others share, their usual extra niceness would measure the others' load, not the warm-up.
    """
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": cache,
        "GJK_SHOOTER_DATA": data,
        "ARCADE_HEADLESS": "1",
        "GJK_SHOOTER_WARMUP_NICE": "0",
    }
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.time()
    result = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.time() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if result.returncode != 0:
        raise SystemExit(f"startup: {' '.join(cmd)} failed:\n{result.stderr[-3000:]}")
    marks = {}
    for line in result.stdout.splitlines():
        word, _, value = line.partition(" ")
        if word in ("TITLE", "READY", "PLAY"):
            marks[word.lower()] = float(value) - began
    return wall, cpu, marks, result.stderr


def commands(target: str) -> list[str]:
    return {
        "title": [sys.executable, "-c", TITLE_SCRIPT],
        "demo": [sys.executable, "-m", "game", "--demo", "--level", "yard", "--frames", "600", "--seed", "1"],
        "engine": [sys.executable, "-m", "engine"],
    }[target]


def measure(target: str, cache: str, data: str) -> dict[str, float]:
    wall, cpu, marks, stderr = run(commands(target), cache, data)
    out = dict(marks) if target == "title" else {target: wall}
    out[f"{target} process cpu"] = cpu
    out[f"{target} compile lines"] = float(sum("compil" in line for line in stderr.splitlines()))
    return out


def report(kind: str, figures: dict[str, float]) -> None:
    for name, value in figures.items():
        if name.endswith("compile lines"):
            print(f"  {kind:<4} {name:<22} {int(value)}")
        else:
            print(f"  {kind:<4} {name:<22} {value:7.2f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", default=",".join(TARGETS), help=f"comma-separated among {','.join(TARGETS)}"
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--warm-only", action="store_true")
    group.add_argument("--cold-only", action="store_true")
    args = parser.parse_args(argv)
    targets = [t for t in args.only.split(",") if t]
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        parser.error(f"--only: unknown target {unknown[0]!r} (choose among {', '.join(TARGETS)})")
    print(f"startup: {os.cpu_count()} CPUs, python {sys.version.split()[0]}; seconds from process launch")
    with tempfile.TemporaryDirectory(prefix="gjk-startup-") as tmp:
        data = os.path.join(tmp, "data")
        if not args.cold_only:
            warm_cache = os.path.join(tmp, "warm-cache")
            fill = [[sys.executable, "-m", "game.headless.warmup", "--no-nice"], commands("engine")]
            for cmd in fill + [commands(t) for t in targets if t == "demo"]:
                run(cmd, warm_cache, data)  # fills the cache, untimed
            for target in targets:
                report("warm", measure(target, warm_cache, data))
        if not args.warm_only:
            for target in targets:
                cache = os.path.join(tmp, f"cold-{target}")  # empty: every kernel compiles
                report("cold", measure(target, cache, data))


if __name__ == "__main__":
    main()
