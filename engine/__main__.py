"""``python -m engine``: a short demonstration of the collision engine.

Prints a few pair queries and a batch of random rotated pairs with the time
it took, then drops a stack of boxes on a ground under gravity (rigid
bodies, ``World.step``) and prints where they are over time, the contacts
as they begin, and when the stack comes to rest and falls asleep, so a
fresh install shows the engine working end to end without a screen. On a fresh numba cache each kernel is named on stderr as it
compiles (about a minute in all, once). ``--help`` prints the usage and
exits 0; any other argument is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import math
import subprocess
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
from engine.collision.jit import cache_is_empty, watch_compiles
from engine.world import World


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
        description="Show the engine working: a few pair queries, a timed batch of random pairs, then a stack of "
        "boxes falling on a ground until it sleeps, then a pendulum and a chain of hinges.",
    )
    return parser.parse_args(argv)


#: The second process of a first run (an empty cache): the rigid-body step's solver and contacts
#: compiled (``World.precompile``) while this one runs the queries, the batch and the broad phase,
#: on a world of the stack's argument types. It ends when that is done, or when this process is
#: gone however it ended: its stdin is a pipe from here, which closes then.
AHEAD = """
import os, sys, threading
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(3)), daemon=True).start()
from engine.__main__ import stack_world
stack_world()[0].precompile(("solver", "contacts"))
"""


def start_ahead() -> subprocess.Popen | None:
    """The second process (``AHEAD``) on an empty cache; None when the cache holds kernels (it
    would only load them) or no process can start."""
    if not cache_is_empty():
        return None
    try:
        return subprocess.Popen(
            [sys.executable, "-c", AHEAD],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    except OSError:
        return None


def main(argv: list[str] | None = None) -> None:
    parse_args(argv)  # before any work: --help and a wrong argument never run the demo
    ahead = start_ahead()
    try:
        with watch_compiles(_compiling, _compiled):
            demo()
            stack_demo(ahead)
            pendulum_demo()
    finally:
        if ahead is not None:
            ahead.kill()
            ahead.wait()


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


#: The falling stack: how many boxes, their half size (m), the step (s) and the longest run (s).
STACK_BOXES = 5
STACK_HALF = 0.5
STACK_DT = 1.0 / 60.0
STACK_SECONDS = 10.0
#: Speed (m/s, and rad/s times the half size) under which a box counts as at rest: the world's sleep threshold.
REST_SPEED = 0.05
#: Seconds at which the boxes' places are printed (and the last step).
STACK_SNAPSHOTS = (0.0, 0.5, 1.0, 2.0)


def stack_world() -> tuple[World, int, list[int]]:
    """The falling stack's world, its ground and its boxes, bottom first (``stack_demo``)."""
    world = World(gravity=(0.0, -10.0))
    ground = world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static")
    boxes = []
    for k in range(STACK_BOXES):
        place = (0.1 * k, STACK_HALF + 0.2 + 1.2 * k, 0.0)  # each 0.2 m above the one below
        boxes.append(world.add(Polygon.box(STACK_HALF, STACK_HALF), place, type="dynamic"))
    return world, ground, boxes


def stack_demo(ahead: subprocess.Popen | None = None) -> None:
    """Boxes of 1 m, 1 kg dropped one above the other (each 0.1 m right of the one below, 0.2 m
    apart) on a static ground, gravity 10 m/s² down, stepped at 60 Hz until every box sleeps.

    The first step compiles the world's kernels on a fresh cache (named on stderr): the time
    printed is that of the steps after it. With ``ahead`` (``start_ahead``) compiling the solver
    and the contacts meanwhile, this process compiles the broad phase, then waits for it."""
    world, ground, boxes = stack_world()
    names = {ground: "ground", **{box: f"box {k + 1}" for k, box in enumerate(boxes)}}
    if ahead is not None:
        world.precompile(("pairs",))
        ahead.wait()
    print(
        f"falling stack: {STACK_BOXES} boxes of 1 m, 1 kg each onto a ground, gravity 10 m/s² down, "
        f"steps of 1/60 s; x, y (m) and angle (°) per box, bottom first"
    )

    def places(t: float) -> None:
        shown = "  ".join(
            f"({xf.x:.2f}, {xf.y:.2f}, {math.degrees(xf.angle):.1f}°)" for xf in map(world.transform, boxes)
        )
        print(f"  t {t:5.2f} s  {shown}")

    steps = round(STACK_SECONDS / STACK_DT)
    snapshots = {round(t / STACK_DT) for t in STACK_SNAPSHOTS}
    began: list[str] = []
    moving_until, asleep_at = 0, None
    start = 0.0
    for n in range(steps + 1):
        if n == 1:
            start = time.perf_counter()  # after the first step, which compiles on a fresh cache
        if n in snapshots:
            places(n * STACK_DT)
        if n == steps:
            break
        events = world.step(STACK_DT)
        for (i, j), impulse in zip(events.began.tolist(), events.impulse.tolist()):
            began.append(
                f"  t {(n + 1) * STACK_DT:5.2f} s  {names[j]} touches {names[i]}, "
                f"normal impulse {impulse:.2f} N·s in that step"
            )
        speeds = [world.velocity(b) for b in boxes]
        if max(math.hypot(vx, vy) + abs(w) * STACK_HALF for vx, vy, w in speeds) >= REST_SPEED:
            moving_until = n + 1
        if not any(world.is_awake(b) for b in boxes):
            asleep_at = n + 1
            break
    elapsed = time.perf_counter() - start
    places((n + 1) * STACK_DT if asleep_at else steps * STACK_DT)
    print("  contacts as they began (pairs, then the normal impulse over the step they began in):")
    print("\n".join(began))
    print(
        f"  at rest (every box slower than {REST_SPEED} m/s) from t {moving_until * STACK_DT:.2f} s; "
        + (
            f"all asleep at t {asleep_at * STACK_DT:.2f} s"
            if asleep_at
            else f"still awake at t {STACK_SECONDS:.0f} s"
        )
    )
    print(
        f"  {n + 1} steps; the {n} after the first took {elapsed * 1e3:.0f} ms ({elapsed / max(n, 1) * 1e3:.2f} ms a step)"
    )


#: The pendulum: its length (m) and first swing (rad); the chain: links, each 0.5 m, and each hinge's
#: friction (a motor at speed 0 holding at most this torque, N·m), which lets it settle.
PENDULUM_LENGTH, PENDULUM_SWING = 1.0, 0.05
CHAIN_LINKS, CHAIN_FRICTION = 5, 0.2


def pendulum_demo() -> None:
    """A bob on a 1 m hinge swung 0.05 rad (its period against 2π√(L/g)), then a chain of hinged
    links released level, swinging down and settling to sleep (hinge friction), its pin holding
    its weight."""
    g = 10.0
    world = World(gravity=(0.0, -g), sleep=False)
    bob = world.add(Circle(0.02), (PENDULUM_LENGTH * math.sin(PENDULUM_SWING), -PENDULUM_LENGTH, 0.0))
    world.revolute(None, bob, (0.0, 0.0))
    xs = []
    for _ in range(600):
        world.step(STACK_DT)
        xs.append(world.transform(bob).x)
    s = np.sign(xs)
    cross = np.flatnonzero(s[1:] * s[:-1] < 0)
    times = [(c + 1 + xs[c] / (xs[c] - xs[c + 1])) * STACK_DT for c in cross]
    period = 2.0 * float(np.mean(np.diff(times)))
    print(
        f"pendulum: a bob on a {PENDULUM_LENGTH:g} m hinge, swung {PENDULUM_SWING} rad: period {period:.4f} s, "
        f"2π√(L/g) = {2 * math.pi * math.sqrt(PENDULUM_LENGTH / g):.4f} s"
    )
    world = World(gravity=(0.0, -g))
    links, pin, prev = [], None, None
    for k in range(CHAIN_LINKS):
        links.append(world.add(Polygon.box(0.25, 0.05), (0.25 + 0.5 * k, 0.0, 0.0)))
        joint = world.revolute(prev, links[-1], (0.5 * k, 0.0), max_motor_torque=CHAIN_FRICTION)
        pin = joint if prev is None else pin
        prev = links[-1]
    n = 0
    while n < 1200:
        n += 1
        world.step(STACK_DT)
        if not any(world.is_awake(b) for b in links):
            break
    weight = sum(world.mass(b).mass for b in links) * g
    fx, fy = world.joint_force(pin)
    print(
        f"  chain of {CHAIN_LINKS} hinged links released level: "
        + (
            f"asleep after {n * STACK_DT:.2f} s"
            if not world.is_awake(links[0])
            else f"awake at {n * STACK_DT:.0f} s"
        )
        + f", its lowest link at y {world.transform(links[-1]).y:.2f} m; the pin holds ({fx:.2f}, {fy:.2f}) N, "
        f"its weight {weight:.2f} N"
    )


if __name__ == "__main__":
    main()
