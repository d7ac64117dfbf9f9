"""Snapshot benchmark (issue 43, 1): ``World.snapshot``, ``World.restore``, ``World.from_snapshot`` and
``World.state_hash`` of Box2D v3's large pyramid (100 rows, 5,050 boxes, sleeping off) in contact,
beside ``copy.deepcopy`` and pickle (dumps and loads) of the same world. The goal: a snapshot and a
restore each within 5 ms.

The pyramid is stepped ``--steps`` times first, so its ~10,000 contacts carry warm-start impulses
and cached manifolds (what a snapshot holds besides the bodies). Each call is timed alone
(``time.perf_counter``), ``--repeats`` times; the figure is the median, with the fastest beside it.
Every copy is checked to step as the world does (one step, the same state hash).

Then the game's tick with the rewind ring on and off (``game/views/saving.py``: a
``save_game`` before each tick, 300 kept): the bot plays ``yard`` for ``--game-ticks`` ticks (the
first 300 not counted), with the ring and without, twice each in turn; the median and p99 tick.

Run: ``python benchmarks/snapshot.py`` (one benchmark at a time on a shared machine).
"""

from __future__ import annotations

import argparse
import copy
import pickle
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's engine, not an installed one

from engine import World
from engine.collision import Polygon
from engine.crosscheck.scenes import pyramid

#: The arguments' limits (docs/limits.md).
MAX_REPEATS = 1_000
MAX_STEPS = 1_000
MAX_GAME_TICKS = 36_000


def timed(call, repeats: int) -> tuple[float, float]:
    """(median, fastest) of ``repeats`` calls of ``call``, milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(1e3 * (time.perf_counter() - start))
    return statistics.median(times), min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30, help="timed calls of each")
    parser.add_argument("--steps", type=int, default=30, help="steps before the snapshot")
    parser.add_argument("--game-ticks", type=int, default=1800, help="game ticks (0: no game part)")
    args = parser.parse_args(argv)
    for flag, value, low, high in (
        ("--repeats", args.repeats, 1, MAX_REPEATS),
        ("--steps", args.steps, 0, MAX_STEPS),
        ("--game-ticks", args.game_ticks, 0, MAX_GAME_TICKS),
    ):
        if not low <= value <= high:
            parser.error(f"{flag} {value}: must be {low}..{high}")

    world = World(gravity=(0.0, -10.0), sleep=False)
    for piece in pyramid(100).pieces:
        world.add(
            Polygon.box(*piece.size), (*piece.position, 0.0), type=piece.motion, friction=piece.friction
        )
    for _ in range(args.steps):
        world.step(1 / 60)
    saved = world.snapshot()
    pickled = pickle.dumps(world, pickle.HIGHEST_PROTOCOL)
    target = World.from_snapshot(saved)
    # Each copy steps as the world does (checked once, before any timing).
    expected = World.from_snapshot(saved)
    expected.step(1 / 60)
    for twin in (World.from_snapshot(saved), copy.deepcopy(world), pickle.loads(pickled)):
        twin.step(1 / 60)
        assert twin.state_hash() == expected.state_hash(), "a copy stepped apart from the world"

    rows = [
        ("World.snapshot", lambda: world.snapshot()),
        ("World.restore", lambda: target.restore(saved)),
        ("World.from_snapshot", lambda: World.from_snapshot(saved)),
        ("World.state_hash", lambda: world.state_hash()),
        ("copy.deepcopy", lambda: copy.deepcopy(world)),
        ("pickle.dumps", lambda: pickle.dumps(world, pickle.HIGHEST_PROTOCOL)),
        ("pickle.loads", lambda: pickle.loads(pickled)),
    ]
    contacts = len(world._dynamics.kept.keys)
    print(
        f"pyramid of 100 rows: {len(world):,} bodies, {contacts:,} kept contacts after {args.steps} steps; "
        f"snapshot {len(saved) / 2**20:.2f} MB, pickle {len(pickled) / 2**20:.2f} MB"
    )
    print(f"{'call':<22}{'median ms':>11}{'fastest ms':>12}")
    for name, call in rows:
        median, fastest = timed(call, args.repeats)
        print(f"{name:<22}{median:>11.2f}{fastest:>12.2f}")
    if args.game_ticks > 300:
        game_ticks(args.game_ticks)
    return 0


def game_ticks(ticks: int) -> None:
    """The bot's game on ``yard``, its tick timed with the rewind ring on and off."""
    from collections import deque

    from game.sim import Bot, Simulation
    from game.sim.saves import save_game
    from game.tiled import level_path, load_level
    from game.views.saving import REWIND_TICKS

    level = load_level(level_path("yard"))
    print(f"the game on yard, {ticks - 300:,} ticks timed (bot, seed 3)")
    print(f"{'tick':<22}{'median ms':>11}{'p99 ms':>12}")
    for ring_on in (False, True, False, True):
        sim, bot = Simulation(level, 3), Bot(3)
        ring: deque[bytes] = deque(maxlen=REWIND_TICKS)
        times = []
        for _ in range(ticks):
            inputs = bot.inputs(sim)
            start = time.perf_counter()
            if ring_on:
                ring.append(save_game(sim))
            sim.step(inputs)
            times.append(1e3 * (time.perf_counter() - start))
        times = sorted(times[300:])
        name = f"ring on ({sum(map(len, ring)) / 2**20:.1f} MB)" if ring_on else "ring off"
        print(f"{name:<22}{statistics.median(times):>11.3f}{times[int(0.99 * len(times))]:>12.3f}")


if __name__ == "__main__":
    sys.exit(main())
