"""Our loaded walls against Tiled's own renderer (tmxrasterizer), pixel by pixel.

For each shipped level and a fixture with every object kind rotated inside
nested, offset group layers, Tiled renders the ``walls`` layer alone. Every
pixel centre at least 2 px inside one of our solid shapes must be painted
(Tiled fills shapes translucently), and every pixel centre clearly outside
all of them (see below) must be empty.

Tiled draws two things our shapes do not say: a polyline is a thin line (its
thickness is our own property), so polylines are checked on their centre
line instead of as areas; a polygon of class ``cave`` or ``chain`` is a chain of segments to
the game, filled to Tiled, so its outline is checked as Tiled's polygon. And Tiled's outline is not the exact edge: a 1 px
pen, a 1 px drop shadow down and right, miter spikes at sharp corners and a
dot on the first point of each polygon and polyline. So "outside" samples
are 3.5 px out rather than 2, and none are taken within 8 px of a polygon
corner or 6 px of a first point. Measured on the shipped levels: without
those allowances, paint reaches 3.1 px out along edges and 6.1 px past the
sharpest rubble corners, and never further.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest
import shapely
from PIL import Image
from shapely.geometry import Point, box
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from engine.collision import Polygon
from game.tiled import MapFrame, list_levels, load_level, tiled_to_world

from .geometry import part_geometry, world_points

#: Every test here compares with Tiled's own tools: skipped without them, failed in CI (conftest.py).
pytestmark = pytest.mark.usefixtures("tiled_tools")

FIXTURE = Path(__file__).parent / "fixtures" / "every_kind.tmj"
#: Inside samples are at least this far inside a solid shape.
MARGIN = 2.0
#: Tiled outlines shapes with a 1 px pen and a drop shadow 1 px down and right: paint reaches 3.1 px out.
OUTLINE = MARGIN + 1.5
#: Tiled's pen has miter joins, which spike up to ~6 px past a sharp polygon corner.
MITER = 8.0
#: Tiled marks the first point of a polygon or polyline with a dot.
FIRST_POINT_DOT = 6.0


def render_walls(map_path: Path, out_dir: Path) -> np.ndarray:
    """The alpha channel of Tiled's rendering of the walls layer, rows top to bottom."""
    exe = shutil.which("tmxrasterizer")
    if exe is None:
        pytest.fail(
            "tmxrasterizer is missing: install Debian's 'tiled' package "
            "(apt-get install --no-install-recommends tiled); CI installs it in .ci/run"
        )
    runtime = out_dir / "xdg"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    out = out_dir / f"{map_path.stem}.png"
    done = subprocess.run(
        [exe, "--show-layer", "walls", str(map_path), str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and out.exists(), done.stderr
    return np.asarray(Image.open(out).convert("RGBA"))[:, :, 3]


class Samples(NamedTuple):
    """Pixel centres (world, y up) and what Tiled painted there."""

    wx: np.ndarray
    wy: np.ndarray
    painted: np.ndarray
    inside: np.ndarray  # at least MARGIN inside a solid wall
    outside: np.ndarray  # clear of every wall by OUTLINE and of Tiled's corner and dot marks

    def misses(self) -> tuple[np.ndarray, np.ndarray]:
        return np.flatnonzero(self.inside & ~self.painted), np.flatnonzero(self.outside & self.painted)


def sample(map_path: Path, level, alpha: np.ndarray, step: int) -> Samples:
    # Tiled grows the image by positive layer offsets (to the right and down); the map stays at (0, 0).
    rows, cols = int(level.height), int(level.width)
    assert alpha.shape[0] >= rows and alpha.shape[1] >= cols

    # Walls made of tiles are not in the walls layer Tiled draws here (test_depot_against_tiled.py pins them).
    solid = unary_union([g for w in level.walls if w.kind not in ("polyline", "tile") for g in drawn(w)])
    everything = unary_union([g for w in level.walls for g in drawn(w)])
    inside = solid.buffer(-MARGIN)
    dots = [Point(x, y).buffer(FIRST_POINT_DOT) for x, y in first_point_dots(map_path, level)]
    corners = [
        Point(p).buffer(MITER)
        for w in level.walls
        for s, xf in w.parts
        if isinstance(s, Polygon)
        for p in world_points(s, xf)
    ]
    outside = (
        box(0, 0, level.width, level.height)
        .difference(everything.buffer(OUTLINE))
        .difference(unary_union(dots + corners))
    )
    shapely.prepare(inside)
    shapely.prepare(outside)

    px, py = np.meshgrid(np.arange(0, cols, step), np.arange(0, rows, step))
    px, py = px.ravel(), py.ravel()
    wx, wy = px + 0.5, level.height - (py + 0.5)  # pixel centres, flipped back to y up
    return Samples(
        wx, wy, alpha[py, px] > 0, shapely.contains_xy(inside, wx, wy), shapely.contains_xy(outside, wx, wy)
    )


def drawn(wall) -> list:
    """What Tiled draws of ``wall``: its parts, but a looped chain (class ``cave`` or ``chain``) as
    the polygon it is in Tiled, filled, whichever side of its outline the game takes for solid."""
    if wall.chain and wall.loop:
        return [ShapelyPolygon(wall.chain)]
    return [part_geometry(s, xf) for s, xf in wall.parts]


def first_point_dots(map_path: Path, level):
    """Where Tiled draws its dot: the first point of each polygon and polyline, in the world."""
    found = []

    def walk(layers, frame):
        for layer in layers:
            inner = frame.nested(layer.get("offsetx", 0), layer.get("offsety", 0))
            walk(layer.get("layers", []), inner)
            for obj in layer.get("objects", []) if layer.get("name") == "walls" else []:
                points = obj.get("polygon") or obj.get("polyline")
                if points:
                    first = (points[0]["x"], points[0]["y"])
                    xf = tiled_to_world(inner, obj["x"], obj["y"], obj["rotation"], first)
                    found.append((xf.x, xf.y))

    walk(json.loads(map_path.read_text())["layers"], MapFrame(level.height))
    return found


def centre_line_points(level, spacing=3.0):
    """Points along every polyline segment, away from the ends (where Tiled's dot or a joint sits)."""
    points = []
    for wall in level.walls:
        if wall.kind != "polyline":
            continue
        for shape, xf in wall.parts:
            c, s = math.cos(xf.angle), math.sin(xf.angle)
            (ax, ay), (bx, by) = [
                (xf.x + c * x - s * y, xf.y + s * x + c * y) for x, y in (shape.p1, shape.p2)
            ]
            length = math.hypot(bx - ax, by - ay)
            for k in range(1, int(length // spacing)):
                t = k * spacing / length
                if 4.0 < t * length < length - 4.0:
                    points.append((ax + t * (bx - ax), ay + t * (by - ay)))
    return points


MAPS = [FIXTURE, *list_levels()]


@pytest.mark.parametrize("map_path", MAPS, ids=[p.stem for p in MAPS])
def test_tiled_paints_inside_our_walls_and_nothing_outside_them(map_path, tmp_path):
    level = load_level(map_path)
    # The depot's walls are mostly tiles (pinned in test_depot_against_tiled.py): its few object walls need step 2.
    fine = map_path == FIXTURE or map_path.stem == "depot"
    found = sample(map_path, level, render_walls(map_path, tmp_path), step=2 if fine else 5)
    assert found.inside.sum() > 2000 and found.outside.sum() > 20000, "too few samples to mean anything"
    unpainted, stray = found.misses()
    first = [(float(found.wx[i]), float(found.wy[i])) for i in [*unpainted[:3], *stray[:3]]]
    assert len(unpainted) == 0 and len(stray) == 0, (
        f"{len(unpainted)} of {found.inside.sum()} inside samples unpainted, "
        f"{len(stray)} of {found.outside.sum()} outside samples painted; first at (world) {first}"
    )


def test_the_pixel_check_would_catch_a_rotation_turned_the_wrong_way(tmp_path):
    level = load_level(FIXTURE)
    mirrored = level.__class__(
        **{
            **level.__dict__,
            "walls": tuple(
                dataclasses.replace(w, parts=tuple((s, xf._replace(angle=-xf.angle)) for s, xf in w.parts))
                for w in level.walls
            ),
        }
    )
    found = sample(FIXTURE, mirrored, render_walls(FIXTURE, tmp_path), step=2)
    unpainted, stray = found.misses()
    assert len(unpainted) > 100 and len(stray) > 100


@pytest.mark.parametrize("map_path", MAPS, ids=[p.stem for p in MAPS])
def test_tiled_draws_each_polyline_along_the_centre_of_our_capsules(map_path, tmp_path):
    level = load_level(map_path)
    alpha = render_walls(map_path, tmp_path)
    points = centre_line_points(level)
    assert len(points) > 20
    missed = [(x, y) for x, y in points if alpha[int(level.height - y), int(x)] == 0]
    assert not missed, f"{len(missed)} of {len(points)} centre-line points unpainted, first {missed[:3]}"


def test_a_polyline_moved_by_its_own_thickness_would_miss_tiled_line(tmp_path):
    level = load_level(FIXTURE)
    alpha = render_walls(FIXTURE, tmp_path)
    shifted = [(x + 5, y + 5) for x, y in centre_line_points(level)]
    missed = [(x, y) for x, y in shifted if alpha[int(level.height - y), int(x)] == 0]
    assert len(missed) > len(shifted) // 2


def tiled_export(map_path: Path, out: Path) -> Path:
    """Have Tiled itself read a map and save it again (the format follows ``out``'s extension)."""
    exe = shutil.which("tiled")
    if exe is None:
        pytest.fail("tiled is missing: install Debian's 'tiled' package; CI installs it in .ci/run")
    runtime = out.parent / "xdg"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    done = subprocess.run(
        [exe, "--export-map", str(map_path), str(out)], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and out.exists(), done.stderr
    return out


@pytest.mark.parametrize("map_path", MAPS, ids=[p.stem for p in MAPS])
@pytest.mark.parametrize("suffix", [".tmx", ".tmj"])
def test_a_map_saved_again_by_tiled_loads_to_the_same_level(map_path, suffix, tmp_path):
    ours = load_level(map_path)
    resaved = load_level(tiled_export(map_path, tmp_path / f"{map_path.stem}{suffix}"))
    assert resaved.walls == ours.walls
    assert (resaved.player_start, resaved.spawns, resaved.pickups) == (
        ours.player_start,
        ours.spawns,
        ours.pickups,
    )
    assert (resaved.width, resaved.height, resaved.properties) == (ours.width, ours.height, ours.properties)
