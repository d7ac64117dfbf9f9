"""Narrow-phase benchmark: the engine's GJK/EPA against pymunk, pybox2d (and arcade).

Run ``python benchmarks/narrow_phase.py`` (``--pairs N``, ``--repeat R``,
``--quick`` for a smoke run of a few seconds).

What is measured
----------------
For every shape pairing there is one fixed, seeded set of N random rotated
pairs (default 10,000), each pair with its own random shapes. The pairs are
all *near contact*: B sits along a random direction from A at (1 + g) times
the distance at which the two would just touch along that direction, with
g uniform in [-GAP, +GAP]. So about half overlap, and the other half are
close enough that a bounding-circle test alone rejects few of them, as
with the pairs a broad phase hands over. The touching distance is found by
bisection with the engine's ``intersects_batch``; pymunk then checks the
verdicts independently (the agreement gate below).

Each method runs over the whole set and is reported in µs per pair:

  batch hit      ``intersects_batch`` on all N pairs in one call
  batch contact  ``contacts_batch`` (verdict, normal, depth, points)
  1x hit         ``intersects(a, xf_a, b, xf_b)``, one call per pair, Python loop
  1x contact     ``contact(...)``, one call per pair
  pymunk         ``shape_a.shapes_collide(shape_b)``, one call per pair, on
                 shapes whose bodies were positioned (angle, position,
                 cache_bb) beforehand: how pymunk users call it
  pymunk+pose    the same, with setting both bodies' angle and position and
                 both ``cache_bb`` calls inside the timed loop
  box2d          pybox2d 2.3.10's ``b2TestOverlap(shape_a, 0, shape_b, 0,
                 xf_a, xf_b)``, one call per pair: what a Python user picks
                 besides pymunk for a yes/no (the ``bench`` extra installs it)
  arcade         ``arcade.geometry.are_polygons_intersecting`` on world-space
                 point lists (plain polygon pairs only)

The pymunk twins come from ``engine.crosscheck.to_pymunk``, the project's one
conversion (kinematic bodies, angle then position then ``cache_bb``).

How the pybox2d comparison is made fair. ``b2TestOverlap`` is a verdict, so
it is set against ``intersects`` (``1x hit``), the same kind of one call from
Python. Its shapes (``b2PolygonShape``, ``b2CircleShape`` with ``pos``, and
``b2EdgeShape`` for a capsule's core) and its ``b2Transform``s are built once
per pair outside the timed loop, exactly as the pymunk twins are placed
beforehand; the loop does nothing but the call, as pymunk's does. Box2D gives
every polygon and edge a skin (``b2_polygonRadius``, 0.01): each twin's
``radius`` is set to our shape's instead, so both libraries answer for the
same geometry. Box2D computes in float32 and runs GJK with no bounding-circle
test first, while the engine works in float64 and tries the bounding circles
first: that is part of what is compared. The verdicts are checked against the
engine's outside a float32 band (``BOX2D_BAND_REL``), as information.

Ellipses have no pymunk, pybox2d or arcade twin: their pairings show engine numbers only.

Timing is interleaved: each of R rounds runs every method of every pairing
once (the method order rotates from round to round), and the table shows the
median over the rounds. Background load therefore hits all methods alike;
on a shared machine trust the ratios more than the absolute numbers. Each
round is timed in this process's CPU time (``time.process_time``), so time
the scheduler gives other processes is not counted (wall time swung 2-4x
from run to run on a machine shared by eight; CPU time stayed within ~8%);
what contention does to caches still is.

Reading the output
------------------
1. The timing table, µs/pair, and per pairing the overlap fraction.
2. Ratios engine/pymunk (lower is better for the engine), each against its
   target: batch verdicts ≤ 0.05, batch normal + depth ≤ 0.1, one-pair calls
   ≤ 0.5 (``contact`` is the like-for-like call: ``shapes_collide`` also
   returns normal and depth); "ok" when met, "MISSED" when not. Then
   ``intersects`` against ``b2TestOverlap`` (target ≤ 1: no slower), and
   pybox2d's own ratio to pymunk. Engine/arcade ratios for plain polygons.
3. Agreement gate: engine verdicts vs pymunk's on every benchmark pair. A
   disagreement only counts against the engine when the engine's gap (distance
   or depth) is above a tiny touching band; pymunk, for one, does not count
   two circles that exactly touch. Also informative: the largest difference
   in depth and normal between the engine and pymunk on pairs both call hits,
   and how many engine queries stopped on an iteration cap. pybox2d's
   verdicts likewise, outside its float32 band (information, not the gate).
4. Start-up, measured in fresh subprocesses: a cold compile (empty numba
   cache: import + first ``contact`` + first ``contacts_batch``) and a warm
   start (the same with the cache the cold run left; target ≤ 1 s), in wall
   time and in the subprocess's CPU time (the fairer figure on a loaded
   machine). If the engine's sources change in between, the pair is measured again.

The default run takes about 70 s on 2 cores with a warm numba cache, half of
it the cold-compile subprocess; right after an edit of ``engine/collision``
the set-up compiles the kernels first, adding the cold-compile time again.
The exit status is 1 when the agreement gate fails.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import arcade
import numba
import numpy as np
import pymunk
from arcade.geometry import are_polygons_intersecting

try:
    import Box2D
    from Box2D import b2TestOverlap
except ImportError:  # pip install -e '.[bench]'
    Box2D = b2TestOverlap = None

REPO = Path(__file__).resolve().parent.parent
# Measure this checkout's engine (the one ``engine_revision`` names), not whichever one is installed.
sys.path.insert(0, str(REPO))

from engine.collision import (  # noqa: E402  (after the sys.path line)
    Capsule,
    Circle,
    Ellipse,
    Polygon,
    ShapeTable,
    contact,
    contacts_batch,
    distances_batch,
    intersects,
    intersects_batch,
)
from engine.crosscheck import to_pymunk  # noqa: E402

SEED = 20_240_607
#: Pairs sit at (1 + g) × the touching distance, g uniform in [-GAP, GAP].
GAP = 0.25
#: Positions of shape A: uniform in [-WORLD, WORLD]², a game-sized world.
WORLD = 500.0
#: Bisection steps for the touching distance (2^-50 of the pair size).
BISECTION_STEPS = 50
#: A verdict disagreement is excused when the engine's gap is within this
#: fraction of the pair's size (both extents) of zero.
TOUCH_BAND_REL = 1e-9
#: Start-up runs again (up to this many times) if the engine's sources change meanwhile.
STARTUP_ATTEMPTS = 3

#: pybox2d computes in float32: a verdict differing from ours within this fraction of
#: (the pair's size + its largest coordinate) of touching is float32's rounding, not a fault.
BOX2D_BAND_REL = 1e-5

TARGETS = {"batch hit": 0.05, "batch contact": 0.1, "1x hit": 0.5, "1x contact": 0.5}
#: ``intersects`` against pybox2d's ``b2TestOverlap``: no slower.
BOX2D_TARGET = 1.0


# --- random shapes ---------------------------------------------------------------


def random_polygon(rng: np.random.Generator, size: float, radius: float = 0.0) -> Polygon:
    """A convex 4-8-gon around the origin: points at jittered, evenly spread angles
    on an ellipse (points on an ellipse are always in convex position)."""
    n = int(rng.integers(4, 9))
    step = 2.0 * math.pi / n
    angles = rng.uniform(0.0, step) + step * (np.arange(n) + rng.uniform(-0.3, 0.3, n))
    rx, ry = size, size * rng.uniform(0.6, 1.0)
    return Polygon(list(zip(rx * np.cos(angles), ry * np.sin(angles), strict=True)), radius=radius)


def random_rounded_polygon(rng: np.random.Generator, size: float) -> Polygon:
    return random_polygon(rng, 0.8 * size, radius=size * rng.uniform(0.1, 0.25))


def random_circle(rng: np.random.Generator, size: float) -> Circle:
    radius = size * rng.uniform(0.5, 1.0)
    offset = rng.uniform(-0.3, 0.3, 2) * radius  # as a circle of a compound body
    return Circle(radius, center=(float(offset[0]), float(offset[1])))


def random_capsule(rng: np.random.Generator, size: float) -> Capsule:
    half = size * rng.uniform(0.5, 1.0)
    return Capsule((-half, 0.0), (half, 0.0), size * rng.uniform(0.2, 0.5))


def random_ellipse(rng: np.random.Generator, size: float) -> Ellipse:
    return Ellipse(size, size * rng.uniform(0.4, 0.9))


def extent(shape) -> float:
    """Largest distance from the shape's local origin to its outline."""
    if isinstance(shape, Polygon):
        return max(math.hypot(x, y) for x, y in shape.points) + shape.radius
    if isinstance(shape, Circle):
        return math.hypot(*shape.center) + shape.radius
    if isinstance(shape, Capsule):
        return max(math.hypot(*shape.p1), math.hypot(*shape.p2)) + shape.radius
    return max(shape.rx, shape.ry)


def box2d_twin(shape):
    """The same shape in pybox2d, same local coordinates, with our radius as its skin."""
    if isinstance(shape, Polygon):
        twin = Box2D.b2PolygonShape(vertices=list(shape.points))
    elif isinstance(shape, Circle):
        twin = Box2D.b2CircleShape(pos=shape.center)
    else:  # a capsule: an edge (its core) with the capsule's radius
        twin = Box2D.b2EdgeShape(vertices=[shape.p1, shape.p2])
    twin.radius = shape.radius  # not Box2D's default skin of b2_polygonRadius (0.01)
    return twin


def box2d_transform(pose):
    xf = Box2D.b2Transform()
    xf.position = pose[0], pose[1]
    xf.angle = pose[2]
    return xf


def world_points(points, xf) -> list[tuple[float, float]]:
    x, y, angle = xf
    c, s = math.cos(angle), math.sin(angle)
    return [(c * px - s * py + x, s * px + c * py + y) for px, py in points]


# --- the pair sets ---------------------------------------------------------------

Maker = Callable[[np.random.Generator, float], object]

PAIRINGS: list[tuple[str, Maker, Maker]] = [
    ("polygon-polygon", random_polygon, random_polygon),
    ("polygon-circle", random_polygon, random_circle),
    ("circle-circle", random_circle, random_circle),
    ("polygon-capsule", random_polygon, random_capsule),
    ("capsule-capsule", random_capsule, random_capsule),
    ("rounded-polygon", random_rounded_polygon, random_polygon),
    ("polygon-ellipse", random_polygon, random_ellipse),
    ("circle-ellipse", random_circle, random_ellipse),
    ("ellipse-ellipse", random_ellipse, random_ellipse),
]


@dataclass
class PairSet:
    """One pairing's N pairs, in the form each library wants them."""

    name: str
    n: int
    shapes_a: list
    shapes_b: list
    table: ShapeTable
    ids_a: np.ndarray
    ids_b: np.ndarray
    xf_a: np.ndarray
    xf_b: np.ndarray
    extents: np.ndarray  # per pair, extent(a) + extent(b): the pair's size
    engine_args: list = field(default_factory=list)  # (a, xf_a, b, xf_b) tuples
    pymunk_pairs: list | None = None  # (shape_a, shape_b), already positioned
    pymunk_poses: list | None = None  # (body_a, shape_a, pose_a, body_b, shape_b, pose_b)
    box2d_pairs: list | None = None  # (shape_a, transform_a, shape_b, transform_b)
    arcade_pairs: list | None = None  # (world points a, world points b)

    @property
    def bounding_circle_rejects(self) -> float:
        """Fraction of pairs whose bounding circles (about the local origins) are apart."""
        gap = np.hypot(*(self.xf_b[:, :2] - self.xf_a[:, :2]).T)
        return float((gap > self.extents).mean())


def touching_distances(table, ids_a, ids_b, xf_a, angle_b, direction, reach) -> np.ndarray:
    """Per pair, the distance along ``direction`` at which B just touches A (bisection)."""
    lo, hi = np.zeros(len(ids_a)), reach * 1.01
    ux, uy = np.cos(direction), np.sin(direction)
    for _ in range(BISECTION_STEPS):
        mid = 0.5 * (lo + hi)
        xf_b = np.column_stack([xf_a[:, 0] + mid * ux, xf_a[:, 1] + mid * uy, angle_b])
        hit = intersects_batch(table, ids_a, xf_a, ids_b, xf_b)
        lo = np.where(hit, mid, lo)
        hi = np.where(hit, hi, mid)
    return 0.5 * (lo + hi)


def make_pair_set(name: str, make_a: Maker, make_b: Maker, n: int, seed: int) -> PairSet:
    rng = np.random.default_rng(seed)
    shapes_a = [make_a(rng, rng.uniform(0.5, 2.0)) for _ in range(n)]
    shapes_b = [make_b(rng, rng.uniform(0.5, 2.0)) for _ in range(n)]
    table = ShapeTable(shapes_a + shapes_b)
    ids_a, ids_b = np.arange(n), np.arange(n, 2 * n)
    xf_a = np.column_stack([rng.uniform(-WORLD, WORLD, (n, 2)), rng.uniform(-math.pi, math.pi, n)])
    angle_b = rng.uniform(-math.pi, math.pi, n)
    direction = rng.uniform(-math.pi, math.pi, n)
    extents = np.array([extent(a) + extent(b) for a, b in zip(shapes_a, shapes_b, strict=True)])
    touch = touching_distances(table, ids_a, ids_b, xf_a, angle_b, direction, extents)
    d = touch * (1.0 + rng.uniform(-GAP, GAP, n))
    xf_b = np.column_stack([xf_a[:, 0] + d * np.cos(direction), xf_a[:, 1] + d * np.sin(direction), angle_b])
    ps = PairSet(name, n, shapes_a, shapes_b, table, ids_a, ids_b, xf_a, xf_b, extents)
    add_library_views(ps)
    return ps


def add_library_views(ps: PairSet) -> None:
    """Fill in the per-pair Python objects of the engine, pymunk, pybox2d and arcade."""
    poses_a, poses_b = [tuple(r) for r in ps.xf_a.tolist()], [tuple(r) for r in ps.xf_b.tolist()]
    ps.engine_args = list(zip(ps.shapes_a, poses_a, ps.shapes_b, poses_b, strict=True))
    if not any(isinstance(s, Ellipse) for s in ps.shapes_a + ps.shapes_b):
        ps.pymunk_pairs, ps.pymunk_poses = [], []
        for a, pose_a, b, pose_b in ps.engine_args:
            sa, sb = to_pymunk(a, pose_a), to_pymunk(b, pose_b)
            ps.pymunk_pairs.append((sa, sb))
            ps.pymunk_poses.append((sa.body, sa, pose_a, sb.body, sb, pose_b))
        if Box2D is not None:
            ps.box2d_pairs = [
                (box2d_twin(a), box2d_transform(pose_a), box2d_twin(b), box2d_transform(pose_b))
                for a, pose_a, b, pose_b in ps.engine_args
            ]
    plain = all(isinstance(s, Polygon) and s.radius == 0.0 for s in ps.shapes_a + ps.shapes_b)
    if plain:
        ps.arcade_pairs = [
            (world_points(a.points, pa), world_points(b.points, pb)) for a, pa, b, pb in ps.engine_args
        ]


# --- the timed methods -------------------------------------------------------------
# Each runs the first ``stop`` pairs of a set; ``stop`` < n is a warm-up.


def run_batch_hit(ps: PairSet, stop: int) -> None:
    intersects_batch(ps.table, ps.ids_a[:stop], ps.xf_a[:stop], ps.ids_b[:stop], ps.xf_b[:stop])


def run_batch_contact(ps: PairSet, stop: int) -> None:
    contacts_batch(ps.table, ps.ids_a[:stop], ps.xf_a[:stop], ps.ids_b[:stop], ps.xf_b[:stop])


def run_single_hit(ps: PairSet, stop: int) -> None:
    for a, xf_a, b, xf_b in ps.engine_args[:stop]:
        intersects(a, xf_a, b, xf_b)


def run_single_contact(ps: PairSet, stop: int) -> None:
    for a, xf_a, b, xf_b in ps.engine_args[:stop]:
        contact(a, xf_a, b, xf_b)


def run_pymunk(ps: PairSet, stop: int) -> None:
    for sa, sb in ps.pymunk_pairs[:stop]:
        sa.shapes_collide(sb)


def run_pymunk_posed(ps: PairSet, stop: int) -> None:
    # ``engine.crosscheck.place``'s steps, written out: a call per twin would be timed as pymunk's.
    for body_a, sa, (xa, ya, aa), body_b, sb, (xb, yb, ab) in ps.pymunk_poses[:stop]:
        body_a.angle = aa
        body_a.position = xa, ya
        sa.cache_bb()
        body_b.angle = ab
        body_b.position = xb, yb
        sb.cache_bb()
        sa.shapes_collide(sb)


def run_box2d(ps: PairSet, stop: int) -> None:
    for sa, ta, sb, tb in ps.box2d_pairs[:stop]:
        b2TestOverlap(sa, 0, sb, 0, ta, tb)


def run_arcade(ps: PairSet, stop: int) -> None:
    for pa, pb in ps.arcade_pairs[:stop]:
        are_polygons_intersecting(pa, pb)


METHODS: dict[str, Callable[[PairSet, int], None]] = {
    "batch hit": run_batch_hit,
    "batch contact": run_batch_contact,
    "1x hit": run_single_hit,
    "1x contact": run_single_contact,
    "pymunk": run_pymunk,
    "pymunk+pose": run_pymunk_posed,
    "box2d": run_box2d,
    "arcade": run_arcade,
}


def methods_for(ps: PairSet) -> list[str]:
    names = ["batch hit", "batch contact", "1x hit", "1x contact"]
    if ps.pymunk_pairs is not None:
        names += ["pymunk", "pymunk+pose"]
    if ps.box2d_pairs is not None:
        names.append("box2d")
    if ps.arcade_pairs is not None:
        names.append("arcade")
    return names


def time_per_pair(method: Callable[[PairSet, int], None], ps: PairSet) -> float:
    start = time.process_time()
    method(ps, ps.n)
    return (time.process_time() - start) / ps.n * 1e6


def measure(pair_sets: list[PairSet], repeat: int) -> dict[tuple[str, str], float]:
    """Median µs/pair per (pairing, method), rounds interleaved round-robin."""
    for ps in pair_sets:  # warm-up: load kernels, fill caches
        for name in methods_for(ps):
            METHODS[name](ps, min(ps.n, 200))
    samples: dict[tuple[str, str], list[float]] = {}
    for round_ in range(repeat):
        for ps in pair_sets:
            names = methods_for(ps)
            k = round_ % len(names)
            for name in names[k:] + names[:k]:
                samples.setdefault((ps.name, name), []).append(time_per_pair(METHODS[name], ps))
    return {key: statistics.median(values) for key, values in samples.items()}


# --- agreement ------------------------------------------------------------------


@dataclass
class Agreement:
    pairing: str
    overlap: float  # fraction of pairs the engine calls hits
    pymunk_overlap: float | None
    disagreements: int | None  # engine vs pymunk verdicts
    outside_band: int | None  # ... of which the engine's gap is not ~0
    engine_internal: int  # single-call vs batch verdicts, batch hit vs batch contact
    capped: int  # contacts_batch status != OK
    depth_err: float | None  # max |depth - pymunk depth| / pair size, pairs both hit
    normal_dot: float | None  # min normal · pymunk normal, same pairs
    box2d_disagreements: int | None = None  # engine vs pybox2d verdicts
    box2d_outside_band: int | None = None  # ... of which outside pybox2d's float32 band


def pymunk_depth(points: pymunk.ContactPointSet) -> float:
    """Penetration depth from a pymunk contact set, as (point_a - point_b) · normal.

    Not ``-point.distance``: when chipmunk swaps the shapes internally (polygon
    before circle or segment), pymunk 6.9 returns that distance with the wrong sign.
    """
    n = points.normal
    return max((p.point_a - p.point_b).dot(n) for p in points.points)


def check_agreement(ps: PairSet) -> Agreement:
    hit = intersects_batch(ps.table, ps.ids_a, ps.xf_a, ps.ids_b, ps.xf_b)
    cb = contacts_batch(ps.table, ps.ids_a, ps.xf_a, ps.ids_b, ps.xf_b)
    single = np.array([intersects(*args) for args in ps.engine_args])
    internal = int((single != hit).sum() + (cb.hit != hit).sum())
    result = Agreement(
        ps.name, float(hit.mean()), None, None, None, internal, int((cb.status != 0).sum()), None, None
    )
    if ps.pymunk_pairs is None:
        return result
    sets = [sa.shapes_collide(sb) for sa, sb in ps.pymunk_pairs]
    pm_hit = np.array([bool(s.points) for s in sets])
    differ = np.flatnonzero(pm_hit != hit)
    size = ps.extents
    dist = distances_batch(ps.table, ps.ids_a, ps.xf_a, ps.ids_b, ps.xf_b).distance
    gap = np.where(dist > 0.0, dist, -cb.depth)
    if ps.box2d_pairs is not None:
        b2_hit = np.array([b2TestOverlap(sa, 0, sb, 0, ta, tb) for sa, ta, sb, tb in ps.box2d_pairs])
        b2_differ = np.flatnonzero(b2_hit != hit)
        largest = np.abs(np.concatenate([ps.xf_a[:, :2], ps.xf_b[:, :2]], axis=1)).max(axis=1)
        band = BOX2D_BAND_REL * (size + largest)
        result.box2d_disagreements = len(b2_differ)
        result.box2d_outside_band = int((np.abs(gap[b2_differ]) > band[b2_differ]).sum())
    result.pymunk_overlap = float(pm_hit.mean())
    result.disagreements = len(differ)
    result.outside_band = int((np.abs(gap[differ]) > TOUCH_BAND_REL * size[differ]).sum())
    both = np.flatnonzero(pm_hit & hit)
    if len(both):
        pm_depth = np.array([pymunk_depth(sets[i]) for i in both])
        pm_normal = np.array([tuple(sets[i].normal) for i in both])
        result.depth_err = float((np.abs(cb.depth[both] - pm_depth) / size[both]).max())
        result.normal_dot = float((cb.normal[both] * pm_normal).sum(axis=1).min())
    return result


# --- start-up -------------------------------------------------------------------

STARTUP_SCRIPT = """
import json, time
t0 = time.perf_counter()
import engine.collision as ec
t1 = time.perf_counter()
a, b = ec.Polygon.box(1.0, 0.5), ec.Circle(0.7)
ec.contact(a, (0.0, 0.0, 0.3), b, (1.2, 0.1, 0.0))
t2 = time.perf_counter()
table = ec.ShapeTable([a, b])
ec.contacts_batch(table, [0], [[0.0, 0.0, 0.3]], [1], [[1.2, 0.1, 0.0]])
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "first contact": t2 - t1, "first contacts_batch": t3 - t2,
                  "cpu": time.process_time()}))
"""


def run_startup(cache_dir: str | None) -> dict[str, float]:
    """Import + first queries in a fresh interpreter; ``cache_dir`` None keeps the default cache."""
    env = dict(os.environ)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", STARTUP_SCRIPT], env=env, cwd=REPO, capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - start
    times = json.loads(out.stdout.strip().splitlines()[-1])
    cpu = times.pop("cpu")
    times["total"] = sum(times.values())
    times["process wall"] = wall
    times["process cpu"] = cpu
    return times


def engine_source_digest() -> str:
    """Hash of the engine's kernel sources: an edit between the cold and the warm run
    (someone working in this checkout) would make the warm run compile again."""
    sources = sorted((REPO / "engine" / "collision").glob("*.py"))
    return hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()


def measure_startup(quick: bool) -> list[tuple[str, dict[str, float]]]:
    if quick:  # no cold compile: the default cache is warm from this very process
        return [("warm start (default cache)", run_startup(None))]
    for attempt in range(1, STARTUP_ATTEMPTS + 1):
        before = engine_source_digest()
        with tempfile.TemporaryDirectory(prefix="numba-cold-") as cache_dir:
            cold = run_startup(cache_dir)
            warm = run_startup(cache_dir)
        if engine_source_digest() == before:
            break
        print(f"  (engine/collision changed during start-up attempt {attempt}: measuring again)")
    return [("cold compile (empty cache)", cold), ("warm start (same cache)", warm)]


# --- output ---------------------------------------------------------------------


def fmt(value: float | None, spec: str = ".3f") -> str:
    return "-" if value is None else format(value, spec)


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    line = "  ".join(
        h.rjust(w) if i else h.ljust(w) for i, (h, w) in enumerate(zip(headers, widths, strict=True))
    )
    print(line)
    print("-" * len(line))
    for r in rows:
        print(
            "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
        )


def print_timings(pair_sets: list[PairSet], agreement: dict[str, Agreement], med: dict) -> None:
    names = list(METHODS)
    rows = [
        [
            ps.name,
            f"{agreement[ps.name].overlap:.1%}",
            f"{ps.bounding_circle_rejects:.1%}",
            *(fmt(med.get((ps.name, m))) for m in names),
        ]
        for ps in pair_sets
    ]
    print_table(["pairing", "overlap", "bc-apart", *names], rows)


def ratio_cell(engine: float | None, other: float | None, target: float | None) -> str:
    if engine is None or other is None:
        return "-"
    r = engine / other
    if target is None:
        return f"{r:.3f}"
    return f"{r:.3f} {'ok' if r <= target else 'MISSED'}"


def print_ratios(pair_sets: list[PairSet], med: dict) -> tuple[int, int]:
    """Engine/pymunk and engine/arcade ratios; returns (targets met, targets checked)."""
    met = checked = 0
    rows = []
    for ps in pair_sets:
        row = [ps.name]
        pm = med.get((ps.name, "pymunk"))
        for name, target in TARGETS.items():
            row.append(ratio_cell(med.get((ps.name, name)), pm, target))
            if pm is not None:
                checked += 1
                met += med[ps.name, name] / pm <= target
        b2 = med.get((ps.name, "box2d"))
        row.append(ratio_cell(med.get((ps.name, "1x hit")), b2, BOX2D_TARGET))
        if b2 is not None:
            checked += 1
            met += med[ps.name, "1x hit"] / b2 <= BOX2D_TARGET
        row.append(ratio_cell(b2, pm, None))
        arc = med.get((ps.name, "arcade"))
        row.append(ratio_cell(med.get((ps.name, "1x hit")), arc, None))
        row.append(ratio_cell(med.get((ps.name, "batch hit")), arc, None))
        rows.append(row)
    headers = [f"{n}/pymunk (≤{t})" for n, t in TARGETS.items()] + [
        f"1x hit/box2d (≤{BOX2D_TARGET:g})",
        "box2d/pymunk",
        "1x hit/arcade",
        "batch hit/arcade",
    ]
    print_table(["pairing", *headers], rows)
    return met, checked


def print_agreement(agreements: list[Agreement]) -> bool:
    rows = [
        [
            a.pairing,
            f"{a.overlap:.1%}",
            fmt(a.pymunk_overlap, ".1%"),
            fmt(a.disagreements, "d"),
            fmt(a.outside_band, "d"),
            str(a.engine_internal),
            str(a.capped),
            fmt(a.depth_err, ".1e"),
            fmt(a.normal_dot, ".6f"),
            fmt(a.box2d_disagreements, "d"),
            fmt(a.box2d_outside_band, "d"),
        ]
        for a in agreements
    ]
    headers = [
        "pairing", "engine hits", "pymunk hits", "disagree", "outside band",
        "engine 1x≠batch", "capped", "max |Δdepth|/size", "min n·n_pymunk", "box2d disagree", "outside f32 band",
    ]  # fmt: skip
    print_table(headers, rows)
    return all(not a.outside_band and not a.engine_internal for a in agreements)


def print_startup(results: list[tuple[str, dict[str, float]]]) -> None:
    for label, t in results:
        parts = ", ".join(
            f"{k} {v:.3f} s" for k, v in t.items() if k not in ("total", "process wall", "process cpu")
        )
        print(f"  {label}: {t['total']:.2f} s  ({parts}; process wall {t['process wall']:.2f} s, "
              f"cpu {t['process cpu']:.2f} s)")  # fmt: skip
    warm = results[-1][1]["total"]
    print(f"  warm start target ≤ 1 s: {'ok' if warm <= 1.0 else 'MISSED'} ({warm:.2f} s)")


def engine_revision() -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "engine"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip()
        return head.stdout.strip() + (" (engine/ has uncommitted changes)" if dirty else "")
    except OSError:
        return "unknown"


# --- main -----------------------------------------------------------------------


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=10_000, help="pairs per pairing (default 10000)")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved timing rounds (default 5)")
    parser.add_argument(
        "--quick", action="store_true", help="smoke run: 500 pairs, 2 rounds, no cold compile"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.pairs, args.repeat = min(args.pairs, 500), min(args.repeat, 2)
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    started = time.perf_counter()
    print(
        f"narrow-phase benchmark: {args.pairs} pairs per pairing, {args.repeat} interleaved rounds, "
        f"seed {SEED}, near-contact gap ±{GAP:.0%}"
    )
    box2d = (
        f"pybox2d {Box2D.__version__}" if Box2D is not None else "pybox2d MISSING (pip install -e '.[bench]')"
    )
    print(
        f"engine {engine_revision()}; python {sys.version.split()[0]}, numba {numba.__version__}, "
        f"numpy {np.__version__}, pymunk {pymunk.version}, {box2d}, arcade {arcade.version.VERSION}"
    )
    pair_sets = [make_pair_set(name, a, b, args.pairs, SEED + i) for i, (name, a, b) in enumerate(PAIRINGS)]
    agreements = [check_agreement(ps) for ps in pair_sets]
    by_name = {a.pairing: a for a in agreements}
    print(f"set-up and agreement checks: {time.perf_counter() - started:.1f} s")

    gc.collect()
    gc.freeze()  # the benchmark's own million objects stay out of the timed collections
    med = measure(pair_sets, args.repeat)

    print(
        "\nµs per pair (median of rounds); overlap = fraction of pairs the engine calls hits, "
        "bc-apart = fraction a bounding-circle test alone would reject"
    )
    print_timings(pair_sets, by_name, med)
    print(
        "\nratios engine / pymunk shapes_collide (target), engine / pybox2d b2TestOverlap, and engine / arcade"
    )
    met, checked = print_ratios(pair_sets, med)
    print(f"targets met: {met} of {checked}")
    print(f"\nagreement gate (touching band {TOUCH_BAND_REL:g} × pair size)")
    passed = print_agreement(agreements)
    total = sum(a.disagreements or 0 for a in agreements)
    outside = sum(a.outside_band or 0 for a in agreements)
    print(f"engine vs pymunk disagreements: {total} ({outside} outside the touching band) -> "
          f"{'PASS' if passed else 'FAIL'}")  # fmt: skip
    b2_total = sum(a.box2d_disagreements or 0 for a in agreements)
    b2_outside = sum(a.box2d_outside_band or 0 for a in agreements)
    if Box2D is not None:
        print(
            f"engine vs pybox2d disagreements: {b2_total} ({b2_outside} outside its float32 band; information)"
        )
    print("\nstart-up (fresh subprocesses)")
    print_startup(measure_startup(args.quick))
    print(f"\ntotal run time {time.perf_counter() - started:.1f} s")
    del pair_sets, agreements, by_name  # free pymunk's shapes while its logging still works
    gc.unfreeze()
    gc.collect()
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
