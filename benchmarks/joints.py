"""Joint benchmark (issue 39): Box2D v3's ``joint_grid`` in our ``World``, pyb2d3 0.11 (Box2D v3.1
itself, C, one thread) and pymunk 6.9, in the same run, the engines taking turns step by step.

``joint_grid`` (``CreateJointGrid``, Box2D's ``shared/benchmarks.c``): ``--size`` × ``--size``
circles of radius 0.4 one metre apart that do not collide with one another, each hinged to its
neighbour above and to its left (19,800 hinges at Box2D's 100), the top row's seven middle bodies
static; sleeping off; 1/60 s, 4 sub-steps (pymunk: 8 iterations, as ``dynamics.py`` matches
them). Box2D runs it 500 steps; here the first ``--steps`` (default 60) after a first untimed step.
Box2D joins the static top row's neighbours too (joints doing nothing); our API refuses a joint
of two static bodies, so ours has 6 hinges fewer.

``tumbler`` (``CreateTumbler``): a hollow box of four walls (half 0.5 × 10 at x ±10, 10 × 0.5 at
y ±10), density 50, one body, on a revolute motor at 25°/s (torque 1e8) about (0, 10); 45 × 45
boxes of half 0.125 inside. Box2D runs it 750 steps; here the first ``--steps``.

``rain`` (``CreateRain`` / ``StepRain``): 5 rows of 501 static tiles (0.5 m), 45 m apart; every
8 steps a column of groups of 5 ragdolls (Box2D's human: 11 bodies, 10 hinges with limits,
friction 0.05 N·m and 5 Hz springs) is spawned on each row, 40 columns across, and once all 40
are there the oldest column is removed and spawned again; sleeping on. Box2D runs it 1,000 steps
(the columns fill by step 320). Box2D keeps each ragdoll in a collision group of its own; here
each of a group's five ragdolls has a layer bit of its own, so two ragdolls of one place in two
groups do not collide (they rarely meet). pymunk is left out of this scene.

The figure is each engine's median step (ms) and the ratio ours / theirs. Run:
``python benchmarks/joints.py`` (``--size 30 --steps 20`` for a smoke run), one scene at a time;
``python benchmarks/dynamics.py --joints`` times all three from these builders in one run, in
its table (``--box2d``: at Box2D's sizes and step counts).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's engine, not an installed one

from engine.collision import Circle, Polygon
from engine.crosscheck.human import add_human, add_human_b2
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


WALLS = ((0.5, 10.0, 10.0, 0.0), (0.5, 10.0, -10.0, 0.0), (10.0, 0.5, 0.0, 10.0), (10.0, 0.5, 0.0, -10.0))
SPIN = np.radians(25.0)


def _boxes(n: int = 45):
    return [(-0.2 * n + 0.4 * j, -0.2 * n + 10.0 + 0.4 * i) for i in range(n) for j in range(n)]


def _offset_box(hx, hy, x, y):
    return Polygon([(x - hx, y - hy), (x + hx, y - hy), (x + hx, y + hy), (x - hx, y + hy)])


def ours_tumbler(_: int):
    world = World(gravity=(0.0, -10.0), sleep=False)
    (hx, hy, x, y), *rest = WALLS
    drum = world.add(_offset_box(hx, hy, x, y), (0.0, 10.0, 0.0), density=50.0)
    for hx, hy, x, y in rest:
        world.add_shape(drum, _offset_box(hx, hy, x, y), density=50.0)
    world.revolute(None, drum, (0.0, 10.0), motor_speed=SPIN, max_motor_torque=1e8)
    for at in _boxes():
        world.add(Polygon.box(0.125, 0.125), (*at, 0.0))
    return lambda: world.step(DT)


def pyb2d3_tumbler(_: int):
    import pyb2d3 as b2

    world = b2.World(gravity=(0.0, -10.0))
    ground = world.create_static_body(position=(0.0, 0.0))
    drum = world.create_dynamic_body(position=(0.0, 10.0))
    for hx, hy, x, y in WALLS:
        drum.create_shape(
            b2.shape_def(density=50.0), b2.make_offset_rounded_box(hx, hy, (x, y), b2.make_rot(0.0), 0.0)
        )
    world.create_revolute_joint(b2.revolute_joint_def(
        body_a=ground, body_b=drum, local_anchor_a=(0.0, 10.0), local_anchor_b=(0.0, 0.0), motor_speed=float(SPIN),
        max_motor_torque=1e8, enable_motor=True))  # fmt: skip
    for at in _boxes():
        body = world.create_dynamic_body(position=at)
        body.create_shape(b2.shape_def(density=1.0), b2.box(0.125, 0.125))
    return lambda: world.step(DT, 4)


def pymunk_tumbler(_: int):
    import pymunk as pm

    space = pm.Space()
    space.gravity = (0.0, -10.0)
    space.iterations = 8
    drum = pm.Body()
    drum.position = (0.0, 10.0)
    walls = []
    for hx, hy, x, y in WALLS:
        wall = pm.Poly(drum, [(x - hx, y - hy), (x + hx, y - hy), (x + hx, y + hy), (x - hx, y + hy)])
        wall.density, wall.friction = 50.0, 0.6
        walls.append(wall)
    space.add(drum, *walls)
    space.add(pm.PivotJoint(space.static_body, drum, (0.0, 10.0)))
    motor = pm.SimpleMotor(space.static_body, drum, -float(SPIN))  # (pymunk's rate: a's spin less b's)
    motor.max_force = 1e8
    space.add(motor)
    for at in _boxes():
        body = pm.Body()
        body.position = at
        box = pm.Poly.create_box(body, (0.25, 0.25))
        box.density, box.friction = 1.0, 0.6
        space.add(body, box)
    return lambda: space.step(DT)


RAIN_ROWS, RAIN_COLUMNS, RAIN_GROUP, RAIN_TILES, RAIN_TILE = 5, 40, 5, 500, 0.5


def _rain_place(row: int, column: int, k: int) -> tuple[float, float]:
    span = RAIN_TILES * RAIN_TILE
    return -0.5 * span + span / RAIN_COLUMNS * (column + 0.5) + 0.5 * k, 40.0 + 45.0 * row


def _rain(spawn, remove, step):
    """Box2D's ``StepRain`` around ``step``: spawn a column every 8 steps, then recycle the oldest."""
    state = {"count": 0, "columns": 0, "next": 0, "groups": {}}

    def one_step():
        if state["count"] & 7 == 0:
            if state["columns"] < RAIN_COLUMNS:
                column = state["columns"]
                state["columns"] += 1
            else:
                column = state["next"]
                state["next"] = (column + 1) % RAIN_COLUMNS
                for row in range(RAIN_ROWS):
                    remove(state["groups"].pop((row, column)))
            for row in range(RAIN_ROWS):
                state["groups"][(row, column)] = [
                    spawn(_rain_place(row, column, k), k) for k in range(RAIN_GROUP)
                ]
        state["count"] += 1
        step()

    return one_step


def ours_rain(_: int):
    world = World(gravity=(0.0, -10.0))
    for row in range(RAIN_ROWS):
        for j in range(RAIN_TILES + 1):
            at = (-0.5 * RAIN_TILES * RAIN_TILE + j * RAIN_TILE, 45.0 * row)
            world.add(Polygon.box(0.5 * RAIN_TILE, 0.5 * RAIN_TILE), (*at, 0.0), type="static")
    everyone = sum(2 << k for k in range(RAIN_GROUP))  # (layer bits 2..32: one a ragdoll of a group)

    def spawn(at, k):
        own = 2 << k
        return list(add_human(world, at, layer=own, mask=1 | (everyone & ~own), friction_torque=0.05, hertz=5.0,
                              damping=0.5).values())  # fmt: skip

    def remove(group):
        world.remove_bodies(np.array([body for human in group for body in human], np.int64))

    return _rain(spawn, remove, lambda: world.step(DT))


def pyb2d3_rain(_: int):
    import pyb2d3 as b2

    world = b2.World(gravity=(0.0, -10.0))
    ground = world.create_static_body(position=(0.0, 0.0))
    for row in range(RAIN_ROWS):
        for j in range(RAIN_TILES + 1):
            at = (-0.5 * RAIN_TILES * RAIN_TILE + j * RAIN_TILE, 45.0 * row)
            tile = b2.make_offset_rounded_box(0.5 * RAIN_TILE, 0.5 * RAIN_TILE, at, b2.make_rot(0.0), 0.0)
            ground.create_shape(b2.shape_def(), tile)

    def spawn(at, k):
        return list(
            add_human_b2(b2, world, at, group=k + 1, friction_torque=0.05, hertz=5.0, damping=0.5).values()
        )

    def remove(group):
        for human in group:
            for body in human:
                body.destroy()

    return _rain(spawn, remove, lambda: world.step(DT, 4))


SCENES = {
    "joint_grid": (ours, pyb2d3, pymunk),
    "tumbler": (ours_tumbler, pyb2d3_tumbler, pymunk_tumbler),
    "rain": (ours_rain, pyb2d3_rain, None),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100, help="bodies per side (default 100: Box2D's)")
    parser.add_argument("--steps", type=int, default=60, help="timed steps (default 60; Box2D: 500, 750)")
    parser.add_argument("--scene", choices=sorted(SCENES), default="joint_grid", help="default joint_grid")
    args = parser.parse_args()
    for flag, value, low, high in (("--size", args.size, 2, MAX_SIZE), ("--steps", args.steps, 1, MAX_STEPS)):
        if not low <= value <= high:
            parser.error(f"{flag} {value}: must be {low}..{high}")
    mine, box2d, chipmunk = SCENES[args.scene]
    builders = {"ours": mine}
    for name, build in (("pyb2d3", box2d), ("pymunk", chipmunk)):
        if build is None:
            continue
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
        (f"joint_grid {args.size}x{args.size}" if args.scene == "joint_grid" else args.scene)
        + f", median of {args.steps} steps, ms: "
        + ", ".join(f"{name} {t:.2f}" for name, t in median.items())
        + "".join(f"; ours/{name} {median['ours'] / median[name]:.2f}" for name in theirs)
    )


if __name__ == "__main__":
    main()
