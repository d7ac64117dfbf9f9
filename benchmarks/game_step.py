"""The game's simulation under load: 200 enemies, 1,000 live bullets and 300 props, against pymunk's step.

Scene: the shipped `ruins` level (3200 × 2400, its walls split into convex
parts), 200 enemies of the three kinds on free cells, 1,000 bullets kept
alive (each one that stops is replaced at a random free cell, flying a random
way) and 300 props (crates that do not break, heavy crates and barrels, on
free cells; its own props too), with the bot playing. Before each frame,
untimed, sleeping props are kicked (a random impulse of 250 px/s) until at
least 100 are awake, so at least 100 move every frame. Each frame times
``Simulation.step`` (player, enemy AI and flow fields, batched
move-and-slide, bullet casts, overlaps, waves, the props' rigid-body step,
pushes, hits) and, interleaved, pymunk's ``space.step`` on the same bodies:
enemies and bullets as sensors placed where the simulation put them
(placement timed apart), the props as pymunk dynamic bodies with the same
shapes, masses, friction and restitution, given the same kicks (pymunk's
own trajectories from there; space damping and sleeping on). pymunk does
only the collision part of our actors' step, so the ratio is harsh on us.
The game's warm-up stages (``game.headless.warmup``) run first in this
process, then 30 untimed frames: no kernel loads inside a timed frame.

    .venv/bin/python benchmarks/game_step.py            # 600 frames
    .venv/bin/python benchmarks/game_step.py --quick    # a smoke run
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import math
import time

import numpy as np
import pymunk

from engine.collision import Ellipse
from engine.crosscheck.twins import twin
from game.cli import MAX_FRAMES, MAX_SEED  # the command line's limits are the game's (docs/limits.md)
from game.headless.warmup import run_stages
from game.sim import DT, Bot, Simulation
from game.sim.heap import settle
from game.tiled import level_path, load_level

ENEMY_COUNT, BULLET_COUNT, PROP_COUNT, MOVING = 200, 1000, 300, 100
KICK = 250.0  # px/s a kicked prop starts at


def free_points(sim: Simulation, rng, k: int) -> np.ndarray:
    jj, ii = np.nonzero(sim.nav.free)
    pick = rng.integers(0, len(ii), k)
    return np.column_stack([(ii[pick] + 0.5) * sim.nav.cell, (jj[pick] + 0.5) * sim.nav.cell])


def top_up(sim: Simulation, rng) -> None:
    """Back to 200 enemies and 1,000 bullets after the frame's kills and impacts."""
    for k, (x, y) in enumerate(free_points(sim, rng, max(0, ENEMY_COUNT - len(sim.enemies)))):
        sim.spawn_enemy(k % 3, x, y)
    missing = BULLET_COUNT - len(sim.bullets)
    if missing <= 0:
        return
    for (x, y), a in zip(free_points(sim, rng, missing), rng.uniform(-math.pi, math.pi, missing)):
        sim.spawn_bullet(int(rng.integers(0, 2)), x, y, 600 * math.cos(a), 600 * math.sin(a))


def add_props(sim: Simulation, rng) -> None:
    """Up to ``PROP_COUNT`` props (debris not counted) on free cells where nothing else is; the added
    ones never break (the level's own may: each frame tops the count up again, untimed)."""
    from game.sim import props as props_system
    from game.sim.rules import ENEMY, PLAYER, PROP, WALL

    names = {k.name: i for i, k in enumerate(sim.prop_kinds)}
    if "bench_crate" not in names:
        names["bench_crate"] = len(sim.prop_kinds)
        sim.prop_kinds.append(
            dataclasses.replace(sim.prop_kinds[names["crate"]], name="bench_crate", health=0.0)
        )
    choices = [names["bench_crate"], names["heavy_crate"], names["barrel"]]
    while np.count_nonzero(~sim.props.debris) < PROP_COUNT:
        ((x, y),) = free_points(sim, rng, 1)
        k = choices[int(rng.integers(0, 3))]
        angle = float(rng.uniform(-math.pi, math.pi))
        if len(sim.world.query_shape(sim.prop_kinds[k].shape, (x, y, angle), WALL | PROP | ENEMY | PLAYER)):
            continue
        props_system.add_prop(sim.world, sim.props, sim.prop_kinds, k, x, y, angle, sim.prop_layers)


def kick(sim: Simulation, rng, twins) -> int:
    """Kick sleeping props (ours and pymunk's twin alike) until ``MOVING`` are awake; return how many are."""
    bodies = sim.props.body.tolist()
    awake = [b for b in bodies if sim.world.is_awake(b)]
    asleep = [b for b in bodies if not sim.world.is_awake(b)]
    short = MOVING - len(awake)
    kicked = rng.permutation(asleep)[:short].tolist() if short > 0 else []
    for b in kicked:
        a = float(rng.uniform(-math.pi, math.pi))
        m = sim.world.mass(b).mass
        impulse = (m * KICK * math.cos(a), m * KICK * math.sin(a))
        sim.world.apply_impulse(b, impulse)
        if b in twins:
            twins[b].apply_impulse_at_local_point(impulse)
    return len(awake) + len(kicked)


def scene(seed: int) -> tuple[Simulation, Bot, np.random.Generator]:
    sim = Simulation(load_level(level_path("ruins")), seed)
    sim._spawn_queue.clear()  # the scene's enemies stand in for the waves
    rng = np.random.default_rng(seed)
    sim.player.health = math.inf  # the run must not end in a game over
    top_up(sim, rng)
    add_props(sim, rng)
    return sim, Bot(seed), rng


def pymunk_twin(sim: Simulation):
    """pymunk's space with the same walls (static), enemies and bullets (sensors on dynamic bodies)."""
    space = pymunk.Space()
    for wall in sim.level.walls:
        for shape, xf in wall.parts:
            if isinstance(shape, Ellipse):  # pymunk has no ellipse: a 32-gon in its place
                t = np.linspace(0, 2 * math.pi, 33)[:-1]
                poly = pymunk.Poly(None, list(zip(shape.rx * np.cos(t), shape.ry * np.sin(t))))
            else:
                poly = twin(shape)
            body = pymunk.Body(body_type=pymunk.Body.STATIC)
            body.angle, body.position = xf[2], (xf[0], xf[1])
            poly.body = body
            space.add(body, poly)
    movers = {}
    props = {}
    space.sleep_time_threshold = 0.5  # ours sleeps still props too
    space.damping = math.exp(-3.0)  # about the props' own damping (3/s), kept per second

    def sync_props():
        """The props (not debris) come and go with the simulation: a new one gets its twin, where it is."""
        t = sim.props
        live = {int(b) for b, d in zip(t.body, t.debris) if not d}
        for gone in set(props) - live:
            body = props.pop(gone)
            space.remove(body, *body.shapes)
        for k in range(len(t)):
            body_id = int(t.body[k])
            if t.debris[k] or body_id in props:
                continue
            kind = sim.prop_kinds[int(t.kind[k])]
            mass = sim.world.mass(body_id)
            body = pymunk.Body(mass.mass, mass.inertia)
            body.center_of_gravity = mass.center  # off the origin for a compound (an L-shaped crate)
            body.position, body.angle = (float(t.x[k]), float(t.y[k])), float(t.angle[k])
            polys = [twin(part) for part in kind.parts]  # a compound prop: a shape a part
            for poly in polys:
                poly.body, poly.friction, poly.elasticity = body, kind.friction, kind.restitution
            space.add(body, *polys)
            props[body_id] = body

    sync_props()

    def add(body_id, parts):
        body = pymunk.Body(1.0, 100.0)
        shapes = [twin(part) for part in parts]  # an actor of several parts: a shape each
        for pm in shapes:
            pm.body, pm.sensor = body, True
        space.add(body, *shapes)
        movers[body_id] = body

    def sync():
        """Bodies come and go with the simulation; then every one is put where it is."""
        e, b = sim.enemies, sim.bullets
        live = {int(i) for i in e.body} | {int(i) for i in b.body}
        for gone in set(movers) - live:
            body = movers.pop(gone)
            space.remove(body, *body.shapes)
        for k in range(len(e)):
            if int(e.body[k]) not in movers:
                add(int(e.body[k]), sim.shapes.enemies[int(e.kind[k])])
        for k in range(len(b)):
            if int(b.body[k]) not in movers:
                add(int(b.body[k]), sim.shapes.bullets[int(b.owner[k])])
        t = time.perf_counter()
        for k in range(len(e)):
            body = movers[int(e.body[k])]
            body.angle, body.position = e.angle[k], (e.x[k], e.y[k])
        for k in range(len(b)):
            movers[int(b.body[k])].position = (b.x[k], b.y[k])
        return time.perf_counter() - t

    sync.props = sync_props
    return space, sync, props


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--quick", action="store_true", help="60 frames, to see that it runs")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.frames <= MAX_FRAMES:
        parser.error(f"--frames {args.frames}: must be 1..{MAX_FRAMES}")
    if not 0 <= args.seed <= MAX_SEED:
        parser.error(f"--seed {args.seed}: must be 0..{MAX_SEED}")
    frames = 60 if args.quick else args.frames
    # The game's warm-up stages first, in this process: every kernel they cover is loaded from the
    # disk cache before timing (a kernel first needed after the 30 untimed frames, such as the
    # continuous pass's time of impact, took 15-30 ms to load inside a timed tick: a session's
    # one-off, not a tick's cost).
    run_stages(lambda record: None, "ruins")
    sim, bot, rng = scene(args.seed)
    space, sync, twins = pymunk_twin(sim)
    settle()  # as the play view does once its level is loaded (``game.sim.heap``)
    pauses, in_tick, started = [], [False], [0.0]  # the collector's pauses inside timed ticks, ms

    def collector(phase, info):
        if phase == "start":
            started[0] = time.perf_counter()
        elif in_tick[0]:
            pauses.append((time.perf_counter() - started[0]) * 1e3)

    gc.callbacks.append(collector)
    ours, theirs, place, moving, counted, rigid, cpu = [], [], [], [], [], [], []
    world_step, stepped = sim.world.step, []

    def timed_step(dt):  # the rigid-body step's share of the tick
        t = time.perf_counter()
        events = world_step(dt)
        stepped.append(time.perf_counter() - t)
        return events

    sim.world.step = timed_step
    for frame in range(frames + 30):
        add_props(sim, rng)
        sync.props()
        counted.append(int(np.count_nonzero(~sim.props.debris)))
        awake = kick(sim, rng, twins)
        inputs = bot.inputs(sim)
        t, c = time.perf_counter(), time.thread_time()
        stepped.clear()
        in_tick[0] = frame >= 30
        sim.step(inputs)
        dt_ours, dt_cpu = time.perf_counter() - t, time.thread_time() - c
        in_tick[0] = False
        top_up(sim, rng)
        dt_place = sync()
        t = time.perf_counter()
        space.step(DT)
        dt_theirs = time.perf_counter() - t
        if frame >= 30:  # warm-up: kernels loaded, caches warm
            ours.append(dt_ours), theirs.append(dt_theirs), place.append(dt_place), moving.append(awake)
            cpu.append(dt_cpu)
            rigid.append(sum(stepped))
    ms = lambda xs, q: float(np.percentile(xs, q)) * 1e3  # noqa: E731
    print(
        f"game step, ruins, {len(sim.enemies)} enemies, {len(sim.bullets)} bullets, {min(counted)} to "
        f"{max(counted)} props (not counting debris; awake each frame: min {min(moving)}, "
        f"median {int(np.median(moving))}), {frames} frames"
    )
    print("| | p50 ms | p99 ms |")
    print("|---|---|---|")
    print(f"| Simulation.step (whole game tick) | {ms(ours, 50):.2f} | {ms(ours, 99):.2f} |")
    print(f"| of it World.step (the props' rigid-body step) | {ms(rigid, 50):.2f} | {ms(rigid, 99):.2f} |")
    rest = np.array(ours) - np.array(rigid)
    print(
        f"| of it the rest (the game's systems and their world queries) | {ms(rest, 50):.2f} | {ms(rest, 99):.2f} |"
    )
    print(f"| the tick's own CPU time (thread time: what neighbours on a busy machine do not add) | {ms(cpu, 50):.2f} | {ms(cpu, 99):.2f} |")  # fmt: skip
    print(f"| pymunk space.step (collision only) | {ms(theirs, 50):.2f} | {ms(theirs, 99):.2f} |")
    print(f"| pymunk placing the bodies (Python) | {ms(place, 50):.2f} | {ms(place, 99):.2f} |")
    print(
        f"garbage collections inside timed ticks: {len(pauses)}"
        + (f", longest {max(pauses):.2f} ms" if pauses else "")
    )
    print(f"ratio ours / pymunk step: p50 {ms(ours, 50) / ms(theirs, 50):.2f}, p99 {ms(ours, 99) / ms(theirs, 99):.2f}; "
          f"with pymunk's placing: p50 {ms(ours, 50) / (ms(theirs, 50) + ms(place, 50)):.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
