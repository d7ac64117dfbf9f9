"""Loading and checking level files at and past the written limits (game/tiled/limits.py).

Run: ``.venv/bin/python benchmarks/levels.py``. For each case a copy of
``levels/yard.tmj`` gets one extra wall (or many objects, or a huge size);
it prints the time ``read_level`` takes and the time ``check_file`` (the
loader and every checker check) takes, the peak RSS (each case runs in a
forked child of its own), and what came out: a level, or the first error. Cases past a limit must be refused in milliseconds; the
largest allowed polygons must load and check in under 2 s (issue 13).

Then tile collision at the wall-part limits (issue 24 item 3): a 40 × 40
map painted with one tile whose collision is a star (or a many-point
circle), as many cells as ``MAX_WALL_PARTS``/``MAX_WALL_POINTS`` allow and
past them. Each case runs in a child process of its own, so its peak RSS
is its own: read, check, building the game's ``Simulation``, and the
median and slowest of 100 ``Simulation.step`` calls (the player standing).
At the limits a map must load and check in under 5 s and 1 GB, and a
step must stay under 4 ms.

Compile time of the numba kernels is paid once, in a warm-up, before timing.
``--only TEXT`` runs the cases whose name holds TEXT (``--only 'small walls'``: the
largest walls map inside the limits).
"""

from __future__ import annotations

import copy
import json
import math
import tempfile
import time
from pathlib import Path

from game.check import check_file
from game.tiled import LEVELS_DIR, read_level
from game.tiled.limits import MAX_POLYGON_POINTS, MAX_POLYLINE_POINTS, MAX_WALL_PARTS, MAX_WALL_POINTS

YARD = json.loads((LEVELS_DIR / "yard.tmj").read_text())


def star(n_points: int, r_out: float = 300.0, r_in: float = 120.0) -> list[dict]:
    """A star outline with ``n_points`` vertices (every other one inward): as concave as it gets."""
    return [
        {
            "x": (r_out if k % 2 == 0 else r_in) * math.cos(2 * math.pi * k / n_points),
            "y": (r_out if k % 2 == 0 else r_in) * math.sin(2 * math.pi * k / n_points),
        }
        for k in range(n_points)
    ]


def circle(n_points: int, r: float = 300.0) -> list[dict]:
    return [
        {"x": r * math.cos(2 * math.pi * k / n_points), "y": r * math.sin(2 * math.pi * k / n_points)}
        for k in range(n_points)
    ]


def comb(n_points: int) -> list[dict]:
    """A comb of n/4 teeth 4 px wide, 4 px apart: many convex parts side by side."""
    teeth = n_points // 4 - 1
    pts = [{"x": 0.0, "y": 0.0}]
    for t in range(teeth):
        x = 8.0 * t
        pts += [
            {"x": x, "y": -200.0},
            {"x": x + 4.0, "y": -200.0},
            {"x": x + 4.0, "y": -20.0},
            {"x": x + 8.0, "y": -20.0},
        ]
    pts += [{"x": 8.0 * teeth, "y": 0.0}]
    return pts


def zigzag(n_points: int) -> list[dict]:
    return [{"x": 1200.0 * k / n_points, "y": 40.0 * (k % 2)} for k in range(n_points)]


def tiled_object(oid: int, x: float = 0, y: float = 0, **fields) -> dict:
    """One Tiled object as Tiled 1.8 writes it (every field pytiled_parser needs), ``fields`` added."""
    base = {"id": oid, "name": "", "type": "", "x": x, "y": y, "width": 0, "height": 0, "rotation": 0}
    return {**base, "visible": True, **fields}


def with_wall(kind: str, points: list[dict]) -> dict:
    data = copy.deepcopy(YARD)
    walls = next(layer for layer in data["layers"] if layer["name"] == "walls")
    walls["objects"].append(tiled_object(9000, 1280.0, 800.0, name="big", **{kind: points}))
    return data


def with_objects(count: int) -> dict:
    data = copy.deepcopy(YARD)
    walls = next(layer for layer in data["layers"] if layer["name"] == "walls")
    for k in range(count):
        walls["objects"].append(
            {
                "id": 10000 + k,
                "name": "",
                "type": "",
                "x": 100.0 + (k % 300) * 7,
                "y": 100.0 + (k // 300) * 7 % 1300,
                "width": 3,
                "height": 3,
                "rotation": 0,
                "visible": True,
            }
        )
    return data


def huge() -> dict:
    data = copy.deepcopy(YARD)
    data["width"] = data["height"] = 1_000_000
    return data


CASES = [
    ("yard as shipped", lambda: copy.deepcopy(YARD)),
    (
        f"star of {MAX_POLYGON_POINTS:,} points (the limit)",
        lambda: with_wall("polygon", star(MAX_POLYGON_POINTS)),
    ),
    ("star of 2,000 points", lambda: with_wall("polygon", star(2000))),
    (f"comb of {MAX_POLYGON_POINTS:,} points", lambda: with_wall("polygon", comb(MAX_POLYGON_POINTS))),
    (
        f"convex polygon of {MAX_POLYGON_POINTS:,} points",
        lambda: with_wall("polygon", circle(MAX_POLYGON_POINTS)),
    ),
    (
        f"polyline of {MAX_POLYLINE_POINTS:,} points",
        lambda: with_wall("polyline", zigzag(MAX_POLYLINE_POINTS)),
    ),
    (f"{MAX_WALL_PARTS - 100:,} small walls", lambda: with_objects(MAX_WALL_PARTS - 100)),
    ("refused: convex polygon of 100,000 points", lambda: with_wall("polygon", circle(100_000))),
    ("refused: polyline of 100,000 points", lambda: with_wall("polyline", zigzag(100_000))),
    ("refused: 200,000 objects", lambda: with_objects(200_000)),
    ("refused: 1,000,000 x 1,000,000 tiles", huge),
]


def map_data(cols: int, rows: int, layers: list[dict], tilesets: list[dict]) -> dict:
    """A Tiled 1.8 orthogonal map of ``cols × rows`` 32 px cells."""
    return {
        "type": "map",
        "version": "1.8",
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "infinite": False,
        "width": cols,
        "height": rows,
        "tilewidth": 32,
        "tileheight": 32,
        "layers": layers,
        "tilesets": tilesets,
        "properties": [],
    }


def tile_map(folder: Path, outline: list[dict], painted: int, cols: int = 40, rows: int = 40) -> Path:
    """A ``cols × rows`` map of 32 px tiles whose first ``painted`` cells (the top-left 2 × 2 kept free for the
    player) hold one tile whose collision is the polygon ``outline`` (tile pixels, y down)."""
    from PIL import Image

    Image.new("RGBA", (32, 32), (200, 80, 40, 255)).save(folder / "tile.png")
    shape = tiled_object(1, polygon=[{"x": 16 + p["x"], "y": 16 + p["y"]} for p in outline])
    tileset = {
        "firstgid": 1,
        "columns": 1,
        "margin": 0,
        "name": "t",
        "spacing": 0,
        "tilecount": 1,
        "tilewidth": 32,
        "tileheight": 32,
        "type": "tileset",
        "image": "tile.png",
        "imagewidth": 32,
        "imageheight": 32,
        "tiles": [{"id": 0, "objectgroup": {"draworder": "index", "objects": [shape]}}],
    }
    cells, k = [0] * (cols * rows), 0
    for i in range(cols * rows):
        if k < painted and (i % cols >= 2 or i // cols >= 2):
            cells[i], k = 1, k + 1
    placed = {"x": 0, "y": 0, "opacity": 1, "visible": True}
    ground = {"id": 1, "name": "ground", "type": "tilelayer", "width": cols, "height": rows, "data": cells}
    player = {"id": 2, "name": "player", "type": "objectgroup", "draworder": "topdown"}
    player["objects"] = [tiled_object(9, 32, 32, point=True)]
    data = map_data(cols, rows, [{**ground, **placed}, {**player, **placed}], [tileset])
    path = folder / "tiles.tmj"
    path.write_text(json.dumps(data))
    return path


STAR_1000, STAR_40, CIRCLE_1000 = star(1000, 15.5, 6.4), star(40, 15.5, 6.4), circle(1000, 15)
TILE_CASES = [
    # (name, outline, cells); parts a tile: 501 for the 1,000-point star, 21 for the 40-point one, 1 for the circle
    (
        f"1,000-point star tile x {MAX_WALL_PARTS // 501} cells (parts limit)",
        STAR_1000,
        MAX_WALL_PARTS // 501,
    ),
    (f"40-point star tile x {MAX_WALL_PARTS // 21} cells (parts limit)", STAR_40, MAX_WALL_PARTS // 21),
    (
        f"1,000-point circle tile x {MAX_WALL_POINTS // 1000} cells (points limit)",
        CIRCLE_1000,
        MAX_WALL_POINTS // 1000,
    ),
    ("refused: 1,000-point star tile x 16,380 cells (128 x 128)", STAR_1000, 16_380),
    ("refused: 1,000-point star tile x 3,996 cells (depot-sized)", STAR_1000, 3_996),
]


def tile_case(outline: list[dict], painted: int) -> dict:
    """Read, check, build the simulation and step it; in the calling (child) process."""
    import numpy as np

    from game.sim import Bot, Simulation

    folder = Path(tempfile.mkdtemp())
    cols = rows = 40 if painted < 1500 else 128 if painted > 5000 else 0
    if not cols:
        cols, rows = 80, 50
    path = tile_map(folder, outline, painted, cols, rows)
    out: dict = {}
    out["read"], (level, _) = timed(read_level, path)
    cpu = time.process_time()
    out["check"], checked = timed(check_file, path)
    out["check_cpu"] = time.process_time() - cpu  # the figure a loaded, shared machine moves least
    errors = [f for f in checked.findings if f.severity == "error"]
    if errors or level is None:
        out["result"] = f"error: {errors[0].problem[:60]}"
        return out
    out["result"] = f"{sum(len(w.parts) for w in level.walls):,} parts"
    out["sim"], sim = timed(Simulation, level, 1)
    inputs = Bot(1).inputs(sim)
    steps = []
    for frame in range(130):
        dt, _ = timed(sim.step, inputs)
        if frame >= 30:
            steps.append(dt)
    out["step50"], out["stepmax"] = float(np.median(steps)) * 1e3, max(steps) * 1e3
    return out


def file_case(path: Path) -> dict:
    """Read and check one level file; in the calling (child) process."""
    out: dict = {}
    out["read"], (level, findings) = timed(read_level, path)
    cpu = time.process_time()
    out["check"], checked = timed(check_file, path)
    out["check_cpu"] = time.process_time() - cpu  # the figure a loaded, shared machine moves least
    errors = [f for f in checked.findings if f.severity == "error"]
    if errors:
        out["result"] = f"error: {errors[0].problem[:70]}"
    else:
        out["result"] = (
            f"level, {sum(len(w.parts) for w in level.walls):,} wall parts, {len(findings)} findings"
        )
    return out


def run_child(case, *args) -> tuple[dict, float]:
    """``case(*args)`` in a forked child; its result and its own peak RSS (MB)."""
    import os
    import pickle

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run, send the result, leave without running the parent's cleanup
        os.close(read_end)
        try:
            result = case(*args)
        except Exception as problem:  # a bug in the case must not hang the parent
            result = {"result": f"failed: {type(problem).__name__}: {problem}"}
        os.write(write_end, pickle.dumps(result))
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    _, _, usage = os.wait4(pid, 0)
    return pickle.loads(data), usage.ru_maxrss / 1024


def timed(fn, *args):
    start = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - start, out


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only",
        default="",
        help="run only the cases whose name holds this text (e.g. 'small walls'); default: every case",
    )
    only = parser.parse_args().only
    cases = [case for case in CASES if only in case[0]]
    tile_cases = [case for case in TILE_CASES if only in case[0]]
    with tempfile.TemporaryDirectory() as folder:
        warm = Path(folder) / "warm.tmj"
        warm.write_text(json.dumps(with_wall("polygon", star(40))))
        check_file(warm)  # compiles (or loads the cache of) every numba kernel once
        print(f"{'case':48} {'read_level':>11} {'check_file':>11} {'(CPU)':>7} {'RSS':>7}  result")
        for name, make in cases:
            path = Path(folder) / "case.tmj"
            path.write_text(json.dumps(make()))
            out, rss = run_child(file_case, path)
            if "check" not in out:
                print(f"{name:48} {'-':>11} {'-':>11} {'-':>7} {rss:5.0f}MB  {out['result']}")
                continue
            print(
                f"{name:48} {out['read']:10.3f}s {out['check']:10.3f}s {out['check_cpu']:6.2f}s {rss:5.0f}MB  "
                f"{out['result']}"
            )
    if not tile_cases:
        return
    print()
    print(
        f"{'tile collision case':62} {'read':>6} {'check':>6} {'(CPU)':>6} {'sim':>6} {'step p50':>9} {'max':>7} "
        f"{'RSS':>7}  result"
    )
    for name, outline, painted in tile_cases:
        out, rss = run_child(tile_case, outline, painted)
        keys = ("read", "check", "check_cpu", "sim")
        timing = "".join(f" {out[k]:5.2f}s" if k in out else "      -" for k in keys)
        steps = f" {out['step50']:6.2f}ms {out['stepmax']:5.1f}ms" if "step50" in out else " " * 18
        print(f"{name:62}{timing}{steps} {rss:5.0f}MB  {out['result']}")


if __name__ == "__main__":
    main()
