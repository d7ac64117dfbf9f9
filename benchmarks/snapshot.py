"""Snapshot benchmark (issue 43, 1): ``World.snapshot``, ``World.restore``, ``World.from_snapshot`` and
``World.state_hash`` of Box2D v3's large pyramid (100 rows, 5,050 boxes, sleeping off) in contact,
beside ``copy.deepcopy`` and pickle (dumps and loads) of the same world. The goal: a snapshot and a
restore each within 5 ms.

The pyramid is stepped ``--steps`` times first, so its ~10,000 contacts carry warm-start impulses
and cached manifolds (what a snapshot holds besides the bodies). Each call is timed alone
(``time.perf_counter``), ``--repeats`` times; the figure is the median, with the fastest beside it.
Every copy is checked to step as the world does (one step, the same state hash).

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


def _bounded(low: int, high: int):
    def parse(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is outside {low}..{high}")
        return value

    return parse


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
    parser.add_argument("--repeats", type=_bounded(1, MAX_REPEATS), default=30, help="timed calls of each")
    parser.add_argument("--steps", type=_bounded(0, MAX_STEPS), default=30, help="steps before the snapshot")
    args = parser.parse_args(argv)

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
    return 0


if __name__ == "__main__":
    sys.exit(main())
