"""``python -m engine``: a short demonstration of the collision engine.

Prints a few pair queries and a batch of random rotated pairs with the time
it took, so a fresh install shows the engine working end to end without a
screen. On a fresh numba cache each kernel is named on stderr as it
compiles (about a minute in all, once). ``--help`` prints the usage and
exits 0; any other argument is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

from engine.collision import (
    Capsule,
    Circle,
    Ellipse,
    Polygon,
    ShapeTable,
    contact,
    contacts_batch,
    distance,
    intersects,
)
from engine.collision.jit import watch_compiles


def _compiling(name: str, depth: int) -> None:
    if depth == 0:
        print(f"engine: compiling {name} (first run only: numba caches it)", file=sys.stderr, flush=True)


def _compiled(name: str, depth: int, seconds: float) -> None:
    if depth == 0:
        print(f"engine: compiled {name} in {seconds:.1f} s", file=sys.stderr, flush=True)


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = _OneLineParser(
        prog="python -m engine",
        description="Show the collision engine working: a few pair queries, then a timed batch of random pairs.",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    parse_args(argv)  # before any work: --help and a wrong argument never run the demo
    with watch_compiles(_compiling, _compiled):
        demo()


def demo() -> None:
    hexagon = Polygon([(math.cos(a), math.sin(a)) for a in np.linspace(0, 2 * math.pi, 7)[:-1]])
    box = Polygon.box(1.0, 0.5, radius=0.1)
    print("engine demo: convex shapes, GJK + EPA, world frame, y up, radians CCW")
    print("  hexagon vs rounded box, overlapping:")
    print("   ", contact(hexagon, (0.0, 0.0, 0.3), box, (1.5, 0.4, -0.7)))
    print("  circle vs capsule, apart:")
    print("   ", distance(Circle(0.5), (0.0, 0.0, 0.0), Capsule((-1, 0), (1, 0), 0.25), (0, 2, 1.0)))
    print("  ellipse vs box, touching:", intersects(Ellipse(2, 1), (0, 0, 0), box, (3.1, 0, 0)))

    rng = np.random.default_rng(7)
    table = ShapeTable([hexagon, box, Circle(0.6), Capsule((-0.5, 0), (0.5, 0), 0.3), Ellipse(1, 0.5)])
    k = 100_000
    ids_a, ids_b = rng.integers(0, len(table), k), rng.integers(0, len(table), k)
    xf_a = np.column_stack([rng.uniform(-3, 3, (k, 2)), rng.uniform(-math.pi, math.pi, k)])
    xf_b = np.column_stack([rng.uniform(-3, 3, (k, 2)), rng.uniform(-math.pi, math.pi, k)])
    contacts_batch(table, ids_a[:10], xf_a[:10], ids_b[:10], xf_b[:10])  # load the kernel
    start = time.perf_counter()
    result = contacts_batch(table, ids_a, xf_a, ids_b, xf_b)
    elapsed = time.perf_counter() - start
    print(
        f"  batch: {k} random rotated pairs, {int(result.hit.sum())} overlapping, "
        f"normal + depth in {elapsed * 1e3:.1f} ms ({elapsed / k * 1e6:.3f} µs/pair)"
    )


if __name__ == "__main__":
    main()
