"""A soak: the bot plays every level for a long time in one process, headless (issue 43).

What must hold, and what this prints for each level and for the whole run:

- **memory is flat**: the process's resident size (RSS) at the end is within ``MAX_RSS_GROWTH``
  (5 %) of what it was after a warm-up pass over every level (``--warm-minutes`` a level, a whole
  run by default: the first time a game reaches a late wave or a rare case, numba loads that
  case's kernels from its cache and the heap reaches the high-water mark of the biggest waves,
  once; measured on bunker, RSS after four 5-minute runs: 228, 236, 241, 244 MB, while the
  memory Python traces stays at 0.28 MB),
  and within each level's soak, from the end of its first run to its end;
- **the tick does not drift**: the p99 of ``Simulation.step``'s CPU time (``time.thread_time``:
  on a shared machine the wall clock's p99 is other processes' time slices) over the last third
  of a level's ticks is within ``MAX_DRIFT`` (1.5×) of its p99 over the first third (the bot's
  own time is not counted);
- **every recording replays to its hash**: each run is recorded (``game.headless.replay.Recorder``,
  the ``--record`` format), written, and replayed on a fresh simulation to the same state hash.

A run is one game: a fresh ``Simulation`` and ``Bot`` with the next seed, until game over or
``--run-minutes`` of game time, so each recording stays small and is dropped once it has replayed.

    .venv/bin/python benchmarks/soak.py                      # 30 minutes of game time a level
    .venv/bin/python benchmarks/soak.py --minutes 1          # the short version CI runs
    .venv/bin/python benchmarks/soak.py --levels yard,caves --minutes 5

Exit status 1 when any of the three fails (each failure is one line), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from game.headless.replay import Recorder, replay
from game.sim import DT, Bot, Simulation
from game.tiled import level_path, list_levels, load_level

#: The end's RSS may exceed the warmed-up RSS by this fraction at most.
MAX_RSS_GROWTH = 0.05
#: The last third's tick p99 may be this many times the first third's at most.
MAX_DRIFT = 1.5
#: Limits on the arguments (minutes of game time a level, and a run).
MAX_MINUTES, MIN_MINUTES = 600.0, 0.05


def rss_mb() -> float:
    """The process's resident set size now (MB): /proc/self/statm, else the peak (getrusage)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * resource.getpagesize() / 2**20
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def play_run(level, seed: int, ticks: int, path: Path) -> tuple[list[float], bool, int]:
    """One recorded game of at most ``ticks``: the step times (s), whether its recording replays to
    its hash, and the ticks it played."""
    sim, bot, recorder = Simulation(level, seed), Bot(seed), Recorder(path)
    recorder.start_run(level, seed, sim)
    times = []
    for _ in range(ticks):
        if sim.game_over:
            break
        inputs = bot.inputs(sim)
        recorder.tick(sim, inputs)
        start = time.thread_time()  # CPU time: a shared machine's preemptions are not the tick's
        sim.step(inputs)
        times.append(time.thread_time() - start)
    recorder.finish()
    replayed = replay(path)
    path.unlink()
    return times, replayed.matches, len(times)


def soak_level(name: str, minutes: float, run_minutes: float, seed: int, folder: Path) -> dict:
    level = load_level(level_path(name))
    total, run_ticks = round(minutes * 60 / DT), max(1, round(run_minutes * 60 / DT))
    times: list[float] = []
    runs = mismatches = 0
    first_rss = None
    while len(times) < total:
        played, matches, n = play_run(
            level, seed + runs, min(run_ticks, total - len(times)), folder / f"{name}.jsonl"
        )
        times += played
        runs += 1
        mismatches += not matches
        gc.collect()
        first_rss = first_rss if first_rss is not None else rss_mb()
        if n == 0:
            break
    third = max(1, len(times) // 3)
    first, last = np.asarray(times[:third]) * 1e3, np.asarray(times[-third:]) * 1e3
    return {
        "level": name,
        "ticks": len(times),
        "runs": runs,
        "mismatches": mismatches,
        "p50_ms": float(np.percentile(np.asarray(times) * 1e3, 50)),
        "p99_first_ms": float(np.percentile(first, 99)),
        "p99_last_ms": float(np.percentile(last, 99)),
        "rss_first_mb": first_rss,
        "rss_end_mb": rss_mb(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="game minutes a level (default 30)")
    parser.add_argument(
        "--run-minutes", type=float, default=5.0, help="game minutes a run at most (default 5)"
    )
    parser.add_argument("--levels", default="", help="comma-separated level names (default: every level)")
    parser.add_argument("--seed", type=int, default=1, help="the first run's seed (default 1)")
    parser.add_argument(
        "--warm-minutes",
        type=float,
        default=5.0,
        help="game minutes a level of warm-up first (default 5: a run)",
    )
    parser.add_argument(
        "--max-drift",
        type=float,
        default=MAX_DRIFT,
        help=f"the p99 drift that fails (default {MAX_DRIFT:g}; the tests pass a huge one: they judge no time)",
    )
    args = parser.parse_args(argv)
    limits = (
        ("--minutes", args.minutes),
        ("--run-minutes", args.run_minutes),
        ("--warm-minutes", args.warm_minutes),
    )
    for flag, value in limits:
        if not MIN_MINUTES <= value <= MAX_MINUTES:
            parser.error(f"{flag} must be within {MIN_MINUTES:g}..{MAX_MINUTES:g}, got {value:g}")
    known = [p.stem for p in list_levels()]
    names = [n for n in args.levels.split(",") if n] or known
    unknown = [n for n in names if n not in known]
    if unknown:
        parser.error(f"unknown level {unknown[0]!r}: choose from {', '.join(known)}")
    if not 0 <= args.seed < 2**31:
        parser.error(f"--seed must be within 0..2**31-1, got {args.seed}")
    if not args.max_drift >= 1.0:
        parser.error(f"--max-drift must be at least 1, got {args.max_drift:g}")

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        # Warm-up: a short run on every level compiles every kernel and fills every cache once.
        for name in names:
            soak_level(name, args.warm_minutes, args.run_minutes, args.seed + 10_000, folder)
        gc.collect()
        base = rss_mb()
        print(
            f"soak: {', '.join(names)}; {args.minutes:g} game minutes a level; RSS after warm-up {base:.1f} MB"
        )
        failures, started = [], time.perf_counter()
        for name in names:
            row = soak_level(name, args.minutes, args.run_minutes, args.seed, folder)
            drift = row["p99_last_ms"] / max(row["p99_first_ms"], 1e-9)
            print(
                f"  {name:10s} {row['ticks']:7,d} ticks in {row['runs']:3d} runs  tick p50 {row['p50_ms']:.3f} ms  "
                f"p99 first third {row['p99_first_ms']:.3f} ms, last third {row['p99_last_ms']:.3f} ms "
                f"({drift:.2f}x)  replays {row['runs'] - row['mismatches']}/{row['runs']} to their hash  "
                f"RSS {row['rss_first_mb']:.1f} -> {row['rss_end_mb']:.1f} MB",
                flush=True,
            )
            within = row["rss_end_mb"] / row["rss_first_mb"] - 1.0
            if within > MAX_RSS_GROWTH:
                failures.append(f"{name}: RSS grew {within:.1%} within its soak (limit {MAX_RSS_GROWTH:.0%})")
            if row["mismatches"]:
                failures.append(
                    f"{name}: {row['mismatches']} of {row['runs']} recordings replay to another hash"
                )
            if drift > args.max_drift:
                failures.append(f"{name}: the tick's p99 drifted {drift:.2f}x (limit {args.max_drift:g}x)")
        gc.collect()
        end = rss_mb()
        growth = end / base - 1.0
        print(f"soak: {time.perf_counter() - started:.0f} s; RSS {base:.1f} -> {end:.1f} MB ({growth:+.1%})")
        if growth > MAX_RSS_GROWTH:
            failures.append(f"RSS grew {growth:.1%} (limit {MAX_RSS_GROWTH:.0%}): {base:.1f} -> {end:.1f} MB")
    for line in failures:
        print(f"soak: FAILED: {line}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
