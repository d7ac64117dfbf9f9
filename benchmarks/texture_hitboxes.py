"""What ``--texture-hitboxes detailed`` costs on big tile images, at and past its written limits.

Run: ``flock /tmp/bench.lock .venv/bin/python benchmarks/texture_hitboxes.py``. Each case is a map whose
``Collision`` layer paints tiles of an image collection (one image a tile, no collision shapes, so each
is outlined from its alpha); it prints the time ``read_level(..., texture_hitboxes="detailed")`` takes,
in a forked child of its own (arcade's outlines are cached per process), and the result: a level, or
the first error. arcade's detailed algorithm calls back into Python for every pixel of a tile's image
(pymunk's ``march_soft``) and collects a segment per alpha edge, so the cases are plain discs (few
edges) and noise (an edge at every other pixel). At the limits (``game/tiled/limits.py``:
``MAX_DETAILED_TILE_PIXELS``, ``MAX_DETAILED_PIXELS``, ``MAX_DETAILED_EDGES``) a map must load in a
few seconds; past them it must be refused before arcade traces anything (milliseconds).
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

from game.tiled import read_level
from levels import map_data, run_child  # benchmarks/levels.py: this folder is the script's first import path


def disc(n: int) -> np.ndarray:
    y, x = np.mgrid[:n, :n]
    return ((((x - n / 2) ** 2 + (y - n / 2) ** 2) < (0.45 * n) ** 2) * 255).astype(np.uint8)


def noise(n: int, seed: int = 1) -> np.ndarray:
    return ((np.random.default_rng(seed).random((n, n)) < 0.5) * 255).astype(np.uint8)


def edges(alpha: np.ndarray) -> int:
    opaque = np.pad(alpha > 0, 1)
    return int((opaque[1:, :] != opaque[:-1, :]).sum() + (opaque[:, 1:] != opaque[:, :-1]).sum())


def write_map(folder: Path, alphas: list[np.ndarray]) -> Path:
    """A 200 × 40 map of 32 px cells painting one tile of each image on its bottom row, 17 cells apart."""
    tiles = []
    for k, alpha in enumerate(alphas):
        rgba = np.zeros((*alpha.shape, 4), np.uint8)
        rgba[..., 0], rgba[..., 3] = 200, alpha
        Image.fromarray(rgba).save(folder / f"t{k}.png")
        h, w = alpha.shape
        tiles.append({"id": k, "image": f"t{k}.png", "imagewidth": w, "imageheight": h})
    cols, rows = 200, 40
    cells = [0] * (cols * rows)
    for k in range(len(alphas)):
        cells[(rows - 1) * cols + 17 * k] = k + 1
    sheet = {
        "firstgid": 1,
        "columns": 0,
        "margin": 0,
        "name": "big",
        "spacing": 0,
        "tilecount": len(tiles),
        "tileheight": 32,
        "tilewidth": 32,
        "tiles": tiles,
    }
    layer = {"id": 1, "name": "Collision", "type": "tilelayer", "width": cols, "height": rows, "data": cells}
    layer.update(x=0, y=0, opacity=1, visible=True)
    data = map_data(cols, rows, [layer], [sheet])
    path = folder / "map.tmj"
    path.write_text(json.dumps(data))
    return path


#: name -> the tile images' alphas.
CASES = [
    ("one 256 px disc", lambda: [disc(256)]),
    ("one 512 px disc (the tile limit)", lambda: [disc(512)]),
    ("four 512 px discs (the map's pixel limit)", lambda: [disc(512)] * 4),
    ("256 px noise (65,000 edges)", lambda: [noise(256)]),
    ("256 px noise + 180 px noise (near the edge limit)", lambda: [noise(256), noise(180, 2)]),
    ("one 1,024 px disc (past the tile limit)", lambda: [disc(1024)]),
    ("five 512 px discs (past the map's pixels)", lambda: [disc(512)] * 5),
    ("two 256 px noise (past the map's edges)", lambda: [noise(256), noise(256, 2)]),
]


def case(path: Path) -> dict:
    """read_level with detailed texture hitboxes (run in a child of its own: arcade caches outlines)."""
    started = time.perf_counter()
    level, findings = read_level(path, texture_hitboxes="detailed")
    took = time.perf_counter() - started
    errors = [f.problem for f in findings if f.severity == "error"]
    return {"took": took, "result": f"{len(level.walls)} walls" if level else f"refused: {errors[0][:90]}"}


def main() -> None:
    print(f"{'case':52} {'pixels':>10} {'edges':>8} {'read_level':>11}  result")
    for name, make in CASES:
        alphas = make()
        with tempfile.TemporaryDirectory() as folder:
            path = write_map(Path(folder), alphas)
            out, _ = run_child(case, path)
            took, result = out.get("took", float("nan")), out["result"]
        pixels, edge_count = sum(a.size for a in alphas), sum(edges(a) for a in alphas)
        print(f"{name:52} {pixels:10,} {edge_count:8,} {took:10.3f}s  {result}", flush=True)


if __name__ == "__main__":
    main()
