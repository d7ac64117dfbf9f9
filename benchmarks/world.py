"""World benchmark: a frame of broad phase + narrow phase, against pymunk's step.

Measured in the same run, interleaved frame by frame, so the ratios hold on a
shared, noisy machine:

1. N moving boxes (2,000 / 5,000 / 20,000, about two overlaps each): our bulk
   ``set_transforms`` + ``pairs()`` per frame against pymunk's ``space.step``
   with the same boxes as sensors (collision detection only, no Python
   callbacks). Also the growth exponent from 2,000 to 20,000.
2. A shooter scene: 200 enemies (half circles, half rotated hexagons), 1,000
   circle bullets, 300 static walls: our update + ``pairs()`` +
   ``contacts()`` + one swept cast per bullet, against pymunk's step of the
   same scene (which has no swept casts at all).

Run: ``python benchmarks/world.py`` (``--quick`` for a smoke run). Times are
medians over the frames; ratios are ours / pymunk, lower is better.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pymunk

from engine import World
from engine.collision import Circle, Polygon

DT = 1.0 / 60.0
HALF = 4.0  # half side of the boxes in part 1


def box_field(n: int, seed: int):
    """Boxes spread so that each overlaps about two others."""
    rng = np.random.default_rng(seed)
    side = 3.0 * HALF * math.sqrt(n)
    pos = rng.uniform(0, side, (n, 2))
    vel = rng.uniform(-60, 60, (n, 2))
    angle = rng.uniform(-math.pi, math.pi, n)
    spin = rng.uniform(-2, 2, n)
    return side, pos, vel, angle, spin


def ours_boxes(n, seed):
    side, pos, vel, angle, spin = box_field(n, seed)
    world = World()
    ids = np.array([world.add(Polygon.box(HALF, HALF), (x, y, a)) for (x, y), a in zip(pos, angle)])

    def frame():
        np.add(pos, vel * DT, out=pos)
        np.mod(pos, side, out=pos)
        np.add(angle, spin * DT, out=angle)
        world.set_transforms(ids, pos[:, 0], pos[:, 1], angle)
        return len(world.pairs())

    return frame


def pymunk_boxes(n, seed):
    _side, pos, vel, angle, spin = box_field(n, seed)
    space = pymunk.Space()
    for (x, y), (vx, vy), a, w in zip(pos, vel, angle, spin):
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (2 * HALF, 2 * HALF)))
        body.angle, body.position, body.velocity, body.angular_velocity = a, (x, y), (vx, vy), w
        shape = pymunk.Poly.create_box(body, (2 * HALF, 2 * HALF))
        shape.sensor = True
        space.add(body, shape)

    def frame():
        space.step(DT)
        return 0

    return frame


def shooter_scene(seed: int):
    rng = np.random.default_rng(seed)
    size = 3000.0
    walls = []
    for _ in range(300):
        hw, hh = rng.uniform(20, 200), rng.uniform(4, 8)
        walls.append((hw, hh, *rng.uniform(0, size, 2), rng.uniform(-math.pi, math.pi)))
    hexagon = [(16 * math.cos(k * math.tau / 6), 16 * math.sin(k * math.tau / 6)) for k in range(6)]
    enemies = (rng.uniform(0, size, (200, 2)), rng.uniform(-80, 80, (200, 2)), rng.uniform(-3, 3, 200))
    bullets = (rng.uniform(0, size, (1000, 2)), rng.uniform(-1, 1, (1000, 2)))
    speed = np.linalg.norm(bullets[1], axis=1, keepdims=True)
    bullets = (bullets[0], bullets[1] / speed * 3000.0)
    return size, walls, hexagon, enemies, bullets


WALL, ENEMY, BULLET = 1, 2, 4


def ours_shooter(seed):
    size, walls, hexagon, (e_pos, e_vel, e_ang), (b_pos, b_vel) = shooter_scene(seed)
    world = World()
    for hw, hh, x, y, a in walls:
        world.add(Polygon.box(hw, hh), (x, y, a), static=True, layer=WALL)
    hexagon_shape = Polygon(hexagon)
    e_ids = np.array(
        [
            world.add(Circle(12.0) if k % 2 else hexagon_shape, (x, y, a), layer=ENEMY)
            for k, ((x, y), a) in enumerate(zip(e_pos, e_ang))
        ]
    )
    b_ids = np.array([world.add(Circle(2.0), (x, y, 0.0), layer=BULLET, mask=WALL | ENEMY) for x, y in b_pos])
    moving = np.concatenate([e_ids, b_ids])
    timings: dict[str, list[float]] = {"update": [], "pairs": [], "contacts": [], "casts": []}

    def frame():
        t0 = time.perf_counter()
        np.add(e_pos, e_vel * DT, out=e_pos)
        np.mod(e_pos, size, out=e_pos)
        np.mod(b_pos, size, out=b_pos)
        pos = np.concatenate([e_pos, b_pos])
        angle = np.concatenate([e_ang, np.zeros(len(b_pos))])
        world.set_transforms(moving, pos[:, 0], pos[:, 1], angle)
        t1 = time.perf_counter()
        n = len(world.pairs())
        t2 = time.perf_counter()
        world.contacts()
        t3 = time.perf_counter()
        hits = world.cast_bodies(b_ids, b_vel * DT, mask=WALL | ENEMY)
        np.add(b_pos, b_vel * DT * hits.fraction[:, None], out=b_pos)
        t4 = time.perf_counter()
        for key, dt in zip(timings, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
            timings[key].append(dt)
        return n

    frame.timings = timings
    return frame


def pymunk_shooter(seed):
    _size, walls, hexagon, (e_pos, e_vel, e_ang), (b_pos, b_vel) = shooter_scene(seed)
    space = pymunk.Space()
    for hw, hh, x, y, a in walls:
        body = pymunk.Body(body_type=pymunk.Body.STATIC)
        body.angle, body.position = a, (x, y)
        space.add(body, pymunk.Poly.create_box(body, (2 * hw, 2 * hh)))
    for k, ((x, y), (vx, vy), a) in enumerate(zip(e_pos, e_vel, e_ang)):
        body = pymunk.Body(1.0, 100.0)
        body.angle, body.position, body.velocity = a, (x, y), (vx, vy)
        shape = pymunk.Circle(body, 12.0) if k % 2 else pymunk.Poly(body, hexagon)
        shape.sensor = True
        space.add(body, shape)
    for (x, y), (vx, vy) in zip(b_pos, b_vel):
        body = pymunk.Body(1.0, 1.0)
        body.position, body.velocity = (x, y), (vx, vy)
        shape = pymunk.Circle(body, 2.0)
        shape.sensor = True
        space.add(body, shape)

    def frame():
        space.step(DT)
        return 0

    return frame


def interleaved(ours, theirs, frames: int) -> tuple[float, float, int]:
    """Median seconds per frame for each, frames alternating; and our last pair count."""
    for _ in range(3):  # warm-up: kernels loaded, grids built, caches warm
        count = ours()
        theirs()
    a, b = [], []
    for _ in range(frames):
        t = time.perf_counter()
        count = ours()
        a.append(time.perf_counter() - t)
        t = time.perf_counter()
        theirs()
        b.append(time.perf_counter() - t)
    return float(np.median(a)), float(np.median(b)), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--quick", action="store_true", help="small sizes, few frames")
    args = parser.parse_args()
    sizes = [500, 2000] if args.quick else [2000, 5000, 20000]
    frames = 5 if args.quick else args.frames

    print("1. moving boxes: bulk update + pairs() vs pymunk space.step (sensors)")
    print(f"{'N':>7} {'pairs':>7} {'ours ms':>9} {'pymunk ms':>10} {'ratio':>7}")
    ours_ms = {}
    for n in sizes:
        mine, theirs, count = interleaved(ours_boxes(n, 1), pymunk_boxes(n, 1), frames)
        ours_ms[n] = mine
        print(f"{n:>7} {count:>7} {mine * 1e3:>9.2f} {theirs * 1e3:>10.2f} {mine / theirs:>7.3f}")
    lo, hi = sizes[0], sizes[-1]
    growth = math.log(ours_ms[hi] / ours_ms[lo]) / math.log(hi / lo)
    print(f"growth exponent {lo} -> {hi}: {growth:.2f} (target <= 1.15)")

    print("\n2. shooter scene: 200 enemies, 1,000 bullets, 300 walls")
    ours = ours_shooter(2)
    mine, theirs, count = interleaved(ours, pymunk_shooter(2), frames)
    parts = ", ".join(f"{k} {np.median(v) * 1e3:.2f}" for k, v in ours.timings.items())
    print(f"ours {mine * 1e3:.2f} ms ({parts}), {count} pairs")
    print(f"pymunk step {theirs * 1e3:.2f} ms (no swept casts)")
    print(f"ratio {mine / theirs:.3f} (target <= 0.55)")


if __name__ == "__main__":
    main()
