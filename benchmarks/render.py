"""Headless frames per second of the play view on ``ruins`` (or ``--level``) with 200 enemies.

Scene: the shipped ``ruins`` level (``--level depot`` draws its four tile layers instead of the sand floor), the bot playing (moving, aiming and
firing, so bullets, sparks and puffs are on screen), the player unkillable,
and 200 enemies of the three kinds kept on free cells within ``--radius`` px
of the player (``Simulation.spawn_enemy``), topped up after every kill. Each
frame runs the play view as the window does: ``on_fixed_update`` (the
simulation step), ``on_update`` (camera, effects, HUD values) and
``on_draw``, then waits for the GL context to finish, so the draw time is
the drawing's and not a queue's. Printed: frames per second of the whole
frame and of the drawing alone (update + draw), with the median and 99th
percentile milliseconds of each part, and the CPU time the drawing took
(steadier than wall time when other processes share the machine).

    .venv/bin/python benchmarks/render.py               # 600 frames
    .venv/bin/python benchmarks/render.py --quick       # a smoke run (60 frames)

The first ``--warmup`` frames are not timed: they load textures and, on a
fresh numba cache, compile the kernels.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

os.environ.setdefault("ARCADE_HEADLESS", "1")  # before arcade is imported

ENEMY_COUNT = 200


def free_points_near(sim, rng, k: int, x: float, y: float, radius: float) -> np.ndarray:
    """``k`` centres of free navigation cells within ``radius`` px of (x, y)."""
    jj, ii = np.nonzero(sim.nav.free)
    cx, cy = (ii + 0.5) * sim.nav.cell, (jj + 0.5) * sim.nav.cell
    near = np.hypot(cx - x, cy - y) <= radius
    if not near.any():
        near[:] = True
    pick = rng.choice(np.flatnonzero(near), k)
    return np.column_stack([cx[pick], cy[pick]])


def top_up(sim, rng, radius: float) -> None:
    """Back to 200 enemies near the player after the frame's kills, and the player to full health
    (the run must not end in a game over)."""
    sim.player.health = sim.player.max_health
    missing = ENEMY_COUNT - len(sim.enemies)
    px, py = float(sim.player.x), float(sim.player.y)
    for k, (x, y) in enumerate(free_points_near(sim, rng, max(0, missing), px, py, radius)):
        sim.spawn_enemy(k % 3, x, y)


def play_view(seed: int, radius: float, msaa: bool = False, level: str = "ruins"):
    """The real play view on ``level`` in a hidden window, with the bot and 200 enemies."""
    import arcade

    from game.app import App
    from game.sim import Bot
    from game.tiled import level_path, load_level
    from game.views.play import PlayView
    from game.views.screen import HEIGHT, TITLE, WIDTH

    # As game.app.make_window(visible=False) makes it, multisampled only when asked.
    window = arcade.Window(WIDTH, HEIGHT, TITLE, visible=False, vsync=False, antialiasing=msaa)
    app = App(window, seed=seed)
    app.audio.volume = 0.0
    view = PlayView(app, load_level(level_path(level)), seed=seed, bot=Bot(seed))
    window.show_view(view)
    sim = view.sim
    sim._spawn_queue.clear()  # the scene's enemies stand in for the waves
    rng = np.random.default_rng(seed)
    top_up(sim, rng, radius)
    return window, view, rng


def run(frames, warmup, seed, radius, msaa=False, debug=False, level="ruins") -> dict[str, np.ndarray]:
    window, view, rng = play_view(seed, radius, msaa, level)
    view.show_debug = debug
    dt = 1.0 / 60.0
    parts: dict[str, list[float]] = {"step": [], "update": [], "draw": [], "drawing cpu": []}
    for frame in range(warmup + frames):
        t0 = time.perf_counter()
        view.on_fixed_update(dt)
        top_up(view.sim, rng, radius)
        t1 = time.perf_counter()
        c1 = time.process_time()  # every thread of the process: llvmpipe rasterises on its own threads
        view.on_update(dt)
        t2 = time.perf_counter()
        view.on_draw()
        window.ctx.finish()
        t3, c3 = time.perf_counter(), time.process_time()
        if frame >= warmup:
            parts["step"].append(t1 - t0)
            parts["update"].append(t2 - t1)
            parts["draw"].append(t3 - t2)
            parts["drawing cpu"].append(c3 - c1)
    window.close()
    return {k: np.asarray(v) * 1e3 for k, v in parts.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--warmup", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--radius", type=float, default=700.0, help="enemies stand this close to the player")
    parser.add_argument("--quick", action="store_true", help="60 frames after 20 warm-up frames")
    parser.add_argument("--msaa", action="store_true", help="a 4x multisampled window (hidden windows were)")
    parser.add_argument("--debug", action="store_true", help="with the F1 debug overlay on")
    parser.add_argument(
        "--level", default="ruins", help="a shipped level (depot: drawn from its tile layers)"
    )
    args = parser.parse_args(argv)
    frames, warmup = (60, 20) if args.quick else (args.frames, args.warmup)
    ms = run(frames, warmup, args.seed, args.radius, args.msaa, args.debug, args.level)
    drawing = ms["update"] + ms["draw"]
    whole = drawing + ms["step"]
    cpu = ms.pop("drawing cpu")
    extras = "".join([", 4x MSAA" if args.msaa else "", ", F1 overlay on" if args.debug else ""])
    print(
        f"render: {args.level}, {ENEMY_COUNT} enemies within {args.radius:.0f} px, bot playing, {frames} frames{extras}"
    )
    for name, values in (*ms.items(), ("update+draw", drawing), ("whole frame", whole)):
        p50, p99 = np.percentile(values, [50, 99])
        print(f"  {name:<12} p50 {p50:7.2f} ms   p99 {p99:7.2f} ms   mean {values.mean():7.2f} ms")
    print(f"  fps: whole frame {1e3 / whole.mean():.1f}, drawing alone {1e3 / drawing.mean():.1f}")
    print(f"  CPU time of the drawing (update + draw, all threads): {cpu.mean():.2f} ms a frame")


if __name__ == "__main__":
    main()
