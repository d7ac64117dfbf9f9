"""How long the bot lasts: the game's balance on every shipped level, simulation only.

The bot (``game.sim.Bot``) plays each level (``levels/*.tmj``) once per seed,
with no window, until it dies or the time cap. Per level it prints survival
time, the wave reached and the player's health at 1, 2, 3 and 5 minutes
(0 once dead; a cell is blank when every run ended before it), each as
median, min and max over the seeds, and the longest the bot stood stuck
(wanting to move, staying within ``game.sim.bot.STUCK_PX`` of one spot: the
bot ignores props but must never stand stuck on them).

    nice -n 10 .venv/bin/python benchmarks/balance.py                      # 10 seeds, 10 minutes
    nice -n 10 .venv/bin/python benchmarks/balance.py --seeds 3 --minutes 4 --levels yard bunker
    nice -n 10 .venv/bin/python benchmarks/balance.py --jobs 2             # seeds in parallel

Each run is deterministic (the simulation and the bot are both seeded), so
the same command gives the same table. Every process compiles the engine's
kernels on first use (cached on disk), so ``--jobs`` pays off only for long runs.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from game.sim import DT, Bot, Rules, Simulation
from game.sim.bot import STUCK_PX
from game.tiled import LevelError, level_path, list_levels, load_level

#: Minutes at which the player's health is sampled.
CHECKPOINTS = (1, 2, 3, 5)
MAX_SEEDS, MAX_MINUTES, MAX_JOBS = 100, 60.0, 64


class Run(NamedTuple):
    """One bot run: how long it lasted (seconds), whether it died, the wave reached, health at each checkpoint."""

    level: str
    seed: int
    seconds: float
    died: bool
    wave: int
    #: Health at each of ``CHECKPOINTS`` (None when the run was capped before it).
    health: tuple[float | None, ...]
    #: The longest time (s) the bot wanted to move and the player stayed within ``STUCK_PX`` of one spot
    #: (props in the way, or walls): the bot may ignore props, never stand stuck on them.
    stuck: float = 0.0


def play(level: str, seed: int, minutes: float, rules: Rules | None = None) -> Run:
    """The bot plays ``level`` with ``seed`` until it dies or ``minutes`` of game time pass."""
    sim, bot = Simulation(load_level(level_path(level)), seed, rules=rules), Bot(seed)
    cap = round(minutes * 60.0 / DT)
    marks = {round(m * 60.0 / DT): i for i, m in enumerate(CHECKPOINTS)}
    health: list[float | None] = [None] * len(CHECKPOINTS)
    anchor, since, stuck = (sim.player.x, sim.player.y), 0, 0
    while sim.tick < cap and not sim.game_over:
        inputs = bot.inputs(sim)
        sim.step(inputs)
        if sim.tick in marks:
            health[marks[sim.tick]] = sim.player.health
        p = sim.player
        if not (inputs.move_x or inputs.move_y) or math.hypot(p.x - anchor[0], p.y - anchor[1]) >= STUCK_PX:
            anchor, since = (p.x, p.y), sim.tick
        stuck = max(stuck, sim.tick - since)
    if sim.game_over:  # dead before a checkpoint: health 0 there
        health = [0.0 if h is None else h for h in health]
    return Run(level, seed, sim.tick * DT, sim.game_over, sim.wave, tuple(health), stuck * DT)


def _play(args) -> Run:
    return play(*args)


def spread(values) -> str:
    """``median [min..max]`` of the values that exist, blank if none."""
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    return f"{statistics.median(values):.0f} [{min(values):.0f}..{max(values):.0f}]"


def minutes(values) -> str:
    return f"{statistics.median(values) / 60:.2f} [{min(values) / 60:.2f}..{max(values) / 60:.2f}]"


def table(runs: list[Run], cap_minutes: float) -> str:
    """A Markdown table, one row per level: median [min..max] of each figure."""
    head = [
        "level",
        "died",
        "survival min",
        "wave",
        *[f"health @{m} min" for m in CHECKPOINTS],
        "stuck s (most)",
    ]
    rows = [head, ["---"] * len(head)]
    for level in dict.fromkeys(r.level for r in runs):
        rs = [r for r in runs if r.level == level]
        cells = [level, f"{sum(r.died for r in rs)}/{len(rs)}", minutes([r.seconds for r in rs]),
                 spread(r.wave for r in rs)]  # fmt: skip
        cells += [
            spread(r.health[i] for r in rs) if m <= cap_minutes else "-" for i, m in enumerate(CHECKPOINTS)
        ]
        cells.append(f"{max(r.stuck for r in rs):.1f}")
        rows.append(cells)
    return "\n".join("| " + " | ".join(row) + " |" for row in rows)


def _arguments(argv):
    parser = argparse.ArgumentParser(prog="benchmarks/balance.py", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help=f"runs per level, seeds 1..N (1..{MAX_SEEDS})")
    parser.add_argument(
        "--minutes", type=float, default=10.0, help=f"game-time cap per run (0..{MAX_MINUTES:g})"
    )
    parser.add_argument("--jobs", type=int, default=1, help=f"runs in parallel processes (1..{MAX_JOBS})")
    parser.add_argument(
        "--levels", nargs="+", metavar="NAME", help="level names (default: every shipped level)"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.seeds <= MAX_SEEDS:
        parser.error(f"--seeds {args.seeds}: must be 1..{MAX_SEEDS}")
    if not 0.0 < args.minutes <= MAX_MINUTES:  # also refuses nan
        parser.error(f"--minutes {args.minutes:g}: must be more than 0 and at most {MAX_MINUTES:g}")
    if not 1 <= args.jobs <= MAX_JOBS:
        parser.error(f"--jobs {args.jobs}: must be 1..{MAX_JOBS}")
    if args.levels is None:
        args.levels = [p.stem for p in list_levels()]
    for name in args.levels:
        try:
            level_path(name)
        except LevelError as exc:
            parser.error(f"--levels {name!r}: {exc}")
    return args


def main(argv=None) -> int:
    args = _arguments(argv)
    work = [(level, seed, args.minutes) for level in args.levels for seed in range(1, args.seeds + 1)]
    start = time.perf_counter()
    if args.jobs == 1:
        runs = [play(*w) for w in work]
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            runs = list(pool.map(_play, work))
    took = time.perf_counter() - start
    print(f"balance: bot on {', '.join(args.levels)}; seeds 1..{args.seeds}; cap {args.minutes:g} min of game time; "
          f"median [min..max]; health of {Rules().player_health:g}, 0 once dead")  # fmt: skip
    print(table(runs, args.minutes))
    print(
        f"{len(runs)} runs in {took:.0f} s wall ({args.jobs} job{'s' * (args.jobs > 1)}, pid {os.getpid()})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
