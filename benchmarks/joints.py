"""Joint benchmark (issue 39): Box2D v3's ``joint_grid`` in our ``World``, pyb2d3 0.11 (Box2D v3.1
itself, C, one thread) and pymunk 6.9, in the same run, the engines taking turns step by step.

``joint_grid`` (``CreateJointGrid``, Box2D's ``shared/benchmarks.c``): ``--size`` × ``--size``
circles of radius 0.4 one metre apart that do not collide with one another, each hinged to its
neighbour above and to its left (19,800 hinges at Box2D's 100), the top row's seven middle bodies
static; sleeping off; 1/60 s, 4 sub-steps (pymunk: 8 iterations, as ``dynamics.py`` matches
them). Box2D runs it 500 steps; here the first ``--steps`` (default 60) after a first untimed step.
Box2D joins the static top row's neighbours too (joints doing nothing); our API refuses a joint
of two static bodies, so ours has 6 hinges fewer.

The figure is each engine's median step (ms) and the ratio ours / theirs. Run:
``python benchmarks/joints.py`` (``--size 30 --steps 20`` for a smoke run).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's engine, not an installed one

from engine.collision import Circle
from engine.world import World

DT = 1.0 / 60.0
#: Written limits, checked before any work (docs/limits.md): a grid past 200 × 200 is 40,000 bodies
#: and 80,000 hinges, past ``MAX_JOINTS``.
MAX_SIZE, MAX_STEPS = 160, 10_000


def _static(n: int, k: int, i: int) -> bool:
    return n // 2 - 3 <= k <= n // 2 + 3 and i == 0


def ours(n: int):
    world = World(gravity=(0.0, -10.0), sleep=False)
    ids: list[int] = []
    for k in range(n):
        for i in range(n):
            kind = "static" if _static(n, k, i) else "dynamic"
            body = world.add(
                Circle(0.4), (float(k), float(-i), 0.0), type=kind, layer=2, mask=0xFFFFFFFF & ~2
            )
            if i > 0:
                world.revolute(ids[-1], body, (float(k), -i + 0.5))
            if k > 0 and not (_static(n, k, i) and _static(n, k - 1, i)):
                world.revolute(ids[-n], body, (k - 0.5, float(-i)))
            ids.append(body)
    return lambda: world.step(DT)


def pyb2d3(n: int):
    import pyb2d3 as b2

    world = b2.World(gravity=(0.0, -10.0))
    world.enable_sleeping = False
    bodies: list = []
    for k in range(n):
        for i in range(n):
            at = (float(k), float(-i))
            body = (
                world.create_static_body(position=at)
                if _static(n, k, i)
                else world.create_dynamic_body(position=at)
            )
            shape = b2.shape_def(density=1.0)
            shape.filter = b2.make_filter(category_bits=2, mask_bits=0xFFFFFFFF & ~2)
            body.create_shape(shape, b2.circle(radius=0.4))
            if i > 0:
                world.create_revolute_joint(b2.revolute_joint_def(
                    body_a=bodies[-1], body_b=body, local_anchor_a=(0.0, -0.5), local_anchor_b=(0.0, 0.5)))  # fmt: skip
            if k > 0:
                world.create_revolute_joint(b2.revolute_joint_def(
                    body_a=bodies[-n], body_b=body, local_anchor_a=(0.5, 0.0), local_anchor_b=(-0.5, 0.0)))  # fmt: skip
            bodies.append(body)
    return lambda: world.step(DT, 4)


def pymunk(n: int):
    import pymunk as pm

    space = pm.Space()
    space.gravity = (0.0, -10.0)
    space.iterations = 8
    bodies: list = []
    for k in range(n):
        for i in range(n):
            if _static(n, k, i):
                body = pm.Body(body_type=pm.Body.STATIC)
            else:
                body = pm.Body(1.0, pm.moment_for_circle(1.0, 0.0, 0.4))
            body.position = (float(k), float(-i))
            shape = pm.Circle(body, 0.4)
            shape.density = 1.0 if not _static(n, k, i) else 0.0
            shape.filter = pm.ShapeFilter(group=1)  # one group: they never collide
            space.add(body, shape)
            if i > 0:
                space.add(pm.PivotJoint(bodies[-1], body, (float(k), -i + 0.5)))
            if k > 0:
                space.add(pm.PivotJoint(bodies[-n], body, (k - 0.5, float(-i))))
            bodies.append(body)
    return lambda: space.step(DT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100, help="bodies per side (default 100: Box2D's)")
    parser.add_argument("--steps", type=int, default=60, help="timed steps (default 60; Box2D: 500)")
    args = parser.parse_args()
    for flag, value, low, high in (("--size", args.size, 2, MAX_SIZE), ("--steps", args.steps, 1, MAX_STEPS)):
        if not low <= value <= high:
            parser.error(f"{flag} {value}: must be {low}..{high}")
    builders = {"ours": ours}
    for name, build in (("pyb2d3", pyb2d3), ("pymunk", pymunk)):
        if importlib.util.find_spec(name) is None:
            print(f"{name} is not installed: its columns are left out")
        else:
            builders[name] = build
    runs = {name: build(args.size) for name, build in builders.items()}
    for run in runs.values():  # ours compiles (or loads) its kernels on its first step
        run()
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.steps):
        for name, run in runs.items():
            began = time.perf_counter()
            run()
            times[name].append(1e3 * (time.perf_counter() - began))
    median = {name: float(np.median(each)) for name, each in times.items()}
    theirs = [name for name in runs if name != "ours"]
    print(
        f"joint_grid {args.size}x{args.size}, median of {args.steps} steps, ms: "
        + ", ".join(f"{name} {t:.2f}" for name, t in median.items())
        + "".join(f"; ours/{name} {median['ours'] / median[name]:.2f}" for name in theirs)
    )


if __name__ == "__main__":
    main()
