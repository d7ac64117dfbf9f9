"""Loading and checking level files at and past the written limits (game/tiled/limits.py).

Run: ``.venv/bin/python benchmarks/levels.py``. For each case a copy of
``levels/yard.tmj`` gets one extra wall (or many objects, or a huge size);
it prints the time ``read_level`` takes and the time ``check_file`` (the
loader and every checker check) takes, and what came out: a level, or the
first error. Cases past a limit must be refused in milliseconds; the
largest allowed polygons must load and check in under 2 s (issue 13).

Compile time of the numba kernels is paid once, in a warm-up, before timing.
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
from game.tiled.limits import MAX_OBJECTS, MAX_POLYGON_POINTS, MAX_POLYLINE_POINTS

YARD = json.loads((LEVELS_DIR / "yard.tmj").read_text())


def star(n_points: int, r_out: float = 300.0, r_in: float = 120.0) -> list[dict]:
    """A star outline with ``n_points`` vertices (every other one inward): as concave as it gets."""
    return [
        {"x": (r_out if k % 2 == 0 else r_in) * math.cos(2 * math.pi * k / n_points),
         "y": (r_out if k % 2 == 0 else r_in) * math.sin(2 * math.pi * k / n_points)}
        for k in range(n_points)
    ]


def circle(n_points: int, r: float = 300.0) -> list[dict]:
    return [{"x": r * math.cos(2 * math.pi * k / n_points), "y": r * math.sin(2 * math.pi * k / n_points)}
            for k in range(n_points)]


def comb(n_points: int) -> list[dict]:
    """A comb of n/4 teeth 4 px wide, 4 px apart: many convex parts side by side."""
    teeth = n_points // 4 - 1
    pts = [{"x": 0.0, "y": 0.0}]
    for t in range(teeth):
        x = 8.0 * t
        pts += [{"x": x, "y": -200.0}, {"x": x + 4.0, "y": -200.0}, {"x": x + 4.0, "y": -20.0},
                {"x": x + 8.0, "y": -20.0}]
    pts += [{"x": 8.0 * teeth, "y": 0.0}]
    return pts


def zigzag(n_points: int) -> list[dict]:
    return [{"x": 1200.0 * k / n_points, "y": 40.0 * (k % 2)} for k in range(n_points)]


def with_wall(kind: str, points: list[dict]) -> dict:
    data = copy.deepcopy(YARD)
    walls = next(layer for layer in data["layers"] if layer["name"] == "walls")
    obj = {"id": 9000, "name": "big", "type": "", "x": 1280.0, "y": 800.0, "width": 0, "height": 0,
           "rotation": 0, "visible": True, kind: points}
    walls["objects"].append(obj)
    return data


def with_objects(count: int) -> dict:
    data = copy.deepcopy(YARD)
    walls = next(layer for layer in data["layers"] if layer["name"] == "walls")
    for k in range(count):
        walls["objects"].append({"id": 10000 + k, "name": "", "type": "", "x": 100.0 + (k % 300) * 7,
                                 "y": 100.0 + (k // 300) * 7 % 1300, "width": 3, "height": 3, "rotation": 0,
                                 "visible": True})
    return data


def huge() -> dict:
    data = copy.deepcopy(YARD)
    data["width"] = data["height"] = 1_000_000
    return data


CASES = [
    ("yard as shipped", lambda: copy.deepcopy(YARD)),
    (f"star of {MAX_POLYGON_POINTS:,} points (the limit)", lambda: with_wall("polygon", star(MAX_POLYGON_POINTS))),
    ("star of 2,000 points", lambda: with_wall("polygon", star(2000))),
    (f"comb of {MAX_POLYGON_POINTS:,} points", lambda: with_wall("polygon", comb(MAX_POLYGON_POINTS))),
    (f"convex polygon of {MAX_POLYGON_POINTS:,} points", lambda: with_wall("polygon", circle(MAX_POLYGON_POINTS))),
    (f"polyline of {MAX_POLYLINE_POINTS:,} points", lambda: with_wall("polyline", zigzag(MAX_POLYLINE_POINTS))),
    (f"{MAX_OBJECTS - 100:,} small walls", lambda: with_objects(MAX_OBJECTS - 100)),
    ("refused: convex polygon of 100,000 points", lambda: with_wall("polygon", circle(100_000))),
    ("refused: polyline of 100,000 points", lambda: with_wall("polyline", zigzag(100_000))),
    ("refused: 200,000 objects", lambda: with_objects(200_000)),
    ("refused: 1,000,000 x 1,000,000 tiles", huge),
]


def timed(fn, *args):
    start = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - start, out


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        warm = Path(folder) / "warm.tmj"
        warm.write_text(json.dumps(with_wall("polygon", star(40))))
        check_file(warm)  # compiles (or loads the cache of) every numba kernel once
        print(f"{'case':48} {'read_level':>11} {'check_file':>11}  result")
        for name, make in CASES:
            path = Path(folder) / "case.tmj"
            path.write_text(json.dumps(make()))
            t_read, (level, findings) = timed(read_level, path)
            t_check, checked = timed(check_file, path)
            errors = [f for f in checked.findings if f.severity == "error"]
            if errors:
                result = f"error: {errors[0].problem[:70]}"
            else:
                result = f"level, {sum(len(w.parts) for w in level.walls):,} wall parts, {len(findings)} findings"
            print(f"{name:48} {t_read:10.3f}s {t_check:10.3f}s  {result}")


if __name__ == "__main__":
    main()
