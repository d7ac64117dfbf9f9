"""The depot's tile walls against Tiled's own placement of its tiles (tmxrasterizer), pixel by pixel.

``tmxrasterizer`` draws tile images, not collision shapes. So the test
paints a MASK tileset: the same tileset (same ids, size and columns) whose
image holds each tile's collision shapes, painted opaque in the tile's own
frame (PIL, unflipped and un-offset: that drawing knows nothing of where
or how a tile is placed). A copy of ``depot.tmj`` that names the mask
tileset and keeps only its tile layers is rendered by Tiled, which applies
the flips, offsets and anchoring itself. Then every sampled pixel well
inside one of our loaded tile walls must be painted, and every one clearly
outside all of them must be empty. The placement of tile hitboxes is so
pinned against Tiled, and a test below shows that a loader ignoring the
flip bits would fail it.

The mask is drawn 4x larger and reduced (a pixel is painted when at least
half of it is inside a shape), so a shape's edge is within half a pixel;
samples are taken ``MARGIN`` px inside and outside.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
import shapely
from PIL import Image, ImageDraw
from shapely.geometry import box
from shapely.ops import unary_union

from game.tiled import level_path, load_level

from .geometry import part_geometry

pytestmark = pytest.mark.usefixtures("tiled_tools")

DEPOT = level_path("depot")
#: Samples are this far inside or outside our tile walls (the mask's edges are within half a pixel).
MARGIN = 1.5
#: The mask is painted this many times larger, then reduced.
SUPERSAMPLE = 4
FLIPS = 0xE0000000


def shape_outline(obj: dict) -> list[tuple[float, float]]:
    """A Tiled collision object's outline in its tile's frame (px, y down), its rotation about (x, y) applied."""
    x, y, w, h = (float(obj.get(k, 0)) for k in ("x", "y", "width", "height"))
    if "polygon" in obj:
        local = [(float(p["x"]), float(p["y"])) for p in obj["polygon"]]
    elif obj.get("ellipse"):
        local = [
            (w / 2 + w / 2 * math.cos(t), h / 2 + h / 2 * math.sin(t))
            for t in (2 * math.pi * k / 256 for k in range(256))
        ]
    else:
        local = [(0, 0), (w, 0), (w, h), (0, h)]
    turn = math.radians(
        float(obj.get("rotation", 0))
    )  # clockwise on screen = counter-clockwise maths in y down
    c, s = math.cos(turn), math.sin(turn)
    return [(x + c * px - s * py, y + s * px + c * py) for px, py in local]


def mask_tileset(tileset_path: Path, out_dir: Path) -> Path:
    """A copy of the tileset whose image is each tile's collision shapes, opaque, in the tile's own frame."""
    tileset = json.loads(tileset_path.read_text())
    tw, th, columns = tileset["tilewidth"], tileset["tileheight"], tileset["columns"]
    big = Image.new("L", (tileset["imagewidth"] * SUPERSAMPLE, tileset["imageheight"] * SUPERSAMPLE), 0)
    pen = ImageDraw.Draw(big)
    for tile in tileset.get("tiles", []):
        ox, oy = (tile["id"] % columns) * tw, (tile["id"] // columns) * th
        for obj in tile.get("objectgroup", {}).get("objects", []):
            points = [((ox + u) * SUPERSAMPLE, (oy + v) * SUPERSAMPLE) for u, v in shape_outline(obj)]
            pen.polygon(points, fill=255)
    alpha = big.resize((tileset["imagewidth"], tileset["imageheight"]), Image.Resampling.BOX)
    alpha = alpha.point(lambda a: 255 if a >= 128 else 0)
    image = Image.new("RGBA", alpha.size, (255, 0, 255, 0))
    image.putalpha(alpha)
    image.save(out_dir / "mask.png")
    tileset["image"] = "mask.png"
    (out_dir / "mask.tsj").write_text(json.dumps(tileset))
    return out_dir / "mask.tsj"


def mask_map(map_path: Path, out_dir: Path) -> Path:
    """A copy of the map naming the mask tileset, with its object layers left out."""
    tiled_map = json.loads(map_path.read_text())
    (entry,) = tiled_map["tilesets"]
    entry["source"] = mask_tileset((map_path.parent / entry["source"]), out_dir).name

    def keep(layers):
        kept = []
        for layer in layers:
            if layer["type"] == "group":
                layer["layers"] = keep(layer["layers"])
            elif layer["type"] != "tilelayer":
                continue
            kept.append(layer)
        return kept

    tiled_map["layers"] = keep(tiled_map["layers"])
    out = out_dir / f"{map_path.stem}-mask.tmj"
    out.write_text(json.dumps(tiled_map))
    return out


def rasterize(map_path: Path, out_dir: Path) -> np.ndarray:
    """The alpha channel of Tiled's rendering of ``map_path``, rows top to bottom."""
    runtime = out_dir / "xdg"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    out = out_dir / f"{map_path.stem}.png"
    done = subprocess.run(
        [shutil.which("tmxrasterizer"), "--no-smoothing", str(map_path), str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and out.exists(), done.stderr
    return np.asarray(Image.open(out).convert("RGBA"))[:, :, 3]


def misses(level, alpha: np.ndarray, step: int = 2):
    """(inside samples, unpainted ones, outside samples, painted ones), as world points."""
    solid = unary_union([part_geometry(s, xf) for w in level.walls if w.kind == "tile" for s, xf in w.parts])
    inside = solid.buffer(-MARGIN)
    outside = box(0, 0, level.width, level.height).difference(solid.buffer(MARGIN))
    shapely.prepare(inside)
    shapely.prepare(outside)
    rows, cols = int(level.height), int(level.width)
    assert alpha.shape[:2] == (rows, cols)
    px, py = np.meshgrid(np.arange(0, cols, step), np.arange(0, rows, step))
    px, py = px.ravel(), py.ravel()
    wx, wy = px + 0.5, level.height - (py + 0.5)  # pixel centres, back to y up
    painted = alpha[py, px] > 0
    is_in, is_out = shapely.contains_xy(inside, wx, wy), shapely.contains_xy(outside, wx, wy)
    where = np.column_stack([wx, wy])
    return int(is_in.sum()), where[is_in & ~painted], int(is_out.sum()), where[is_out & painted]


def test_tiled_paints_the_depots_tile_shapes_inside_our_tile_walls_and_nowhere_else(tmp_path):
    level = load_level(DEPOT)
    alpha = rasterize(mask_map(DEPOT, tmp_path), tmp_path)
    n_in, unpainted, n_out, stray = misses(level, alpha)
    assert n_in > 20000 and n_out > 100000, "too few samples to mean anything"
    assert len(unpainted) == 0 and len(stray) == 0, (
        f"{len(unpainted)} of {n_in} inside samples unpainted, {len(stray)} of {n_out} outside samples painted; "
        f"first at (world) {unpainted[:3].tolist()} {stray[:3].tolist()}"
    )


def test_the_depot_turns_tiles_whose_shapes_are_not_rectangles():
    """What makes the comparison above worth having: flipped tiles, and shapes that are not boxes."""
    tiled_map = json.loads(DEPOT.read_text())
    tileset = json.loads((DEPOT.parent / tiled_map["tilesets"][0]["source"]).read_text())
    kinds = {
        t["id"]: {
            "ellipse" if o.get("ellipse") else "polygon" if "polygon" in o else "rectangle"
            for o in t.get("objectgroup", {}).get("objects", [])
        }
        for t in tileset["tiles"]
    }
    placed = [
        gid for layer in tiled_map["layers"] if layer["type"] == "tilelayer" for gid in layer["data"] if gid
    ]
    turned = {(gid & ~FLIPS) - 1 for gid in placed if gid & FLIPS and kinds.get((gid & ~FLIPS) - 1)}
    turned_kinds = set().union(*(kinds[i] for i in turned))
    assert {"ellipse", "polygon"} <= turned_kinds
    assert {gid & FLIPS for gid in placed} >= {0x80000000, 0x40000000, 0x20000000}


def test_the_comparison_would_catch_a_loader_that_ignored_the_flip_bits(tmp_path):
    """Our walls loaded from the depot with its flips stripped disagree with Tiled's render of the real one."""
    flipped = tmp_path / "unflipped"
    flipped.mkdir()
    tiled_map = json.loads(DEPOT.read_text())
    for layer in tiled_map["layers"]:
        if layer["type"] == "tilelayer":
            layer["data"] = [gid & ~FLIPS for gid in layer["data"]]
    tiled_map["tilesets"][0]["source"] = str((DEPOT.parent / tiled_map["tilesets"][0]["source"]).resolve())
    unflipped = flipped / "depot.tmj"
    unflipped.write_text(json.dumps(tiled_map))
    wrong = load_level(unflipped)
    alpha = rasterize(mask_map(DEPOT, tmp_path), tmp_path)
    _, unpainted, _, stray = misses(wrong, alpha)
    assert len(unpainted) > 50 and len(stray) > 50
