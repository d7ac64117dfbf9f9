"""GJK step by step, for the hitbox lab: the engine's own loop, watched.

``trace_gjk`` runs the real ``gjk`` function of ``engine.collision.gjk`` as
plain Python (``pure.python_version``, the path custom shapes take), with
its step functions (``support_vertex``, ``solve_segment``,
``solve_triangle``, ``search_direction``) swapped for recorders that call
the originals and note what they returned. Nothing of GJK is written twice
here, so the trace cannot drift from what the game runs: the recorded
steps are the engine's steps.

Frames: GJK runs in shape A's frame (see ``gjk``); every point in a trace
is moved back to the world frame (radians, counter-clockwise, y up). A
point ``w`` of the Minkowski difference M = A − B is a difference of two
world points, so it is rotated by A's angle but not translated.

The recorders keep their notes in a module-level list, so traces run one at
a time (like the one-pair queries, which share one EPA polytope).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .gjk import MAX_GJK_ITERATIONS, gjk, search_direction, solve_segment, solve_triangle, support_vertex
from .narrowphase import pair_tolerance
from .pure import python_version
from .shapes import H_BOUND, H_RADIUS
from .transform import Transform, relative_transform

__all__ = ["GjkStep", "GjkTrace", "TracePoint", "trace_gjk"]

Vec2 = tuple[float, float]


class TracePoint(NamedTuple):
    """A simplex vertex in the world frame: ``w = a − b`` with a on A's core and b on B's.

    >>> TracePoint((1.0, 0.0), (3.0, 0.0), (-2.0, 0.0), 0, 1).w
    (-2.0, 0.0)
    """

    a: Vec2
    b: Vec2
    w: Vec2
    ia: int  # vertex index on A's core, -1 on a curved core
    ib: int


class GjkStep(NamedTuple):
    """One turn of GJK's loop, world frame.

    ``simplex`` is what the loop held at the start of the turn and ``kept``
    what the reduction left (the feature of the simplex nearest the origin),
    with ``closest`` that feature's point nearest the origin. ``direction``
    (unit) is where the next support was sought and ``support`` what it
    returned; both are None on the turn that ends the loop before a new
    support. ``note`` says in words what happened.
    """

    simplex: tuple[TracePoint, ...]
    kept: tuple[TracePoint, ...]
    closest: Vec2
    direction: Vec2 | None
    support: TracePoint | None
    note: str


class GjkTrace(NamedTuple):
    """A whole GJK run on the cores of A and B: the first support, then every turn."""

    first_direction: Vec2
    first: TracePoint
    steps: tuple[GjkStep, ...]
    overlap: bool  # the cores overlap or touch (the origin is in M, within the tolerance)
    iterations: int
    capped: bool  # stopped at MAX_GJK_ITERATIONS


_events: list[tuple] = []


def _support(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy):
    v = python_version(support_vertex)(data_a, off_a, data_b, off_b, c, s, tx, ty, dx, dy)
    _events.append(("support", (dx, dy), v))
    return v


def _segment(v1, v2):
    r = python_version(solve_segment)(v1, v2)
    count, w1, w2, u1, u2 = r
    _events.append(("reduce", (w1, w2)[:count], (u1, u2)[:count]))
    return r


def _triangle(v1, v2, v3):
    r = python_version(solve_triangle)(v1, v2, v3)
    count, w1, w2, w3, u1, u2, u3 = r
    _events.append(("reduce", (w1, w2, w3)[:count], (u1, u2, u3)[:count]))
    return r


def _direction(count, v1, v2):
    d = python_version(search_direction)(count, v1, v2)
    _events.append(("direction", d))
    return d


def _watched_gjk():
    return python_version(
        gjk,
        support_vertex=_support,
        solve_segment=_segment,
        solve_triangle=_triangle,
        search_direction=_direction,
    )


def trace_gjk(shape_a, xf_a, shape_b, xf_b) -> GjkTrace:
    """Run the engine's GJK on two built-in shapes and return every step, world frame.

    Runs as the distance query does (stop when the closest feature is
    within the pair's tolerance of the origin, never early on a verdict), on
    the cores: the radii of rounded shapes are added after GJK, as in
    ``narrowphase.collide_pair``.
    """
    xa, ya, angle_a = (float(v) for v in Transform(*xf_a).validated())
    xb, yb, angle_b = (float(v) for v in Transform(*xf_b).validated())
    ca, sa = math.cos(angle_a), math.sin(angle_a)
    c, s, tx, ty = python_version(relative_transform)(
        xa, ya, ca, sa, xb, yb, math.cos(angle_b), math.sin(angle_b)
    )
    pa, pb = shape_a.packed, shape_b.packed
    tol = pair_tolerance.py_func(
        pa[H_BOUND], pa[H_RADIUS], pb[H_BOUND], pb[H_RADIUS], xb - xa, yb - ya, xa, ya, xb, yb
    )
    _events.clear()
    try:
        _status, iterations, _lower, simplex = _watched_gjk()(pa, 0, pb, 0, c, s, tx, ty, tol, math.inf, tol)
        events = list(_events)
    finally:
        _events.clear()
    world = _WorldFrame(ca, sa, xa, ya)
    return _assemble(events, simplex, iterations, tol, world)


class _WorldFrame(NamedTuple):
    """A's frame to the world: rotate by A's angle, translate points (not differences) by A's position."""

    c: float
    s: float
    x: float
    y: float

    def vector(self, v: Vec2) -> Vec2:
        return float(self.c * v[0] - self.s * v[1]), float(self.s * v[0] + self.c * v[1])

    def point(self, p: Vec2) -> Vec2:
        vx, vy = self.vector(p)
        return vx + self.x, vy + self.y

    def vertex(self, v) -> TracePoint:
        return TracePoint(
            self.point((v.ax, v.ay)),
            self.point((v.bx, v.by)),
            self.vector((v.wx, v.wy)),
            int(v.ia),
            int(v.ib),
        )


def _unit(d: Vec2) -> Vec2:
    n = math.hypot(*d)
    return (d[0] / n, d[1] / n) if n > 0.0 else d


def _assemble(events, simplex, iterations, tol, world: _WorldFrame) -> GjkTrace:
    """Turn the recorders' notes into steps (see ``gjk`` for the loop they come from).

    The notes run: the first support; then per turn an optional reduction, a
    search direction and a support. The loop ends either right after a
    reduction (the origin is in the simplex or at its closest point) or right
    after a support (no progress, a repeated vertex, or the cap).
    """
    _, first_dir, first = events[0]
    held = kept = (first,)  # engine vertices in A's frame
    weights: tuple[float, ...] = (1.0,)
    direction = None
    steps: list[GjkStep] = []
    for event in events[1:]:
        if event[0] == "reduce":
            kept, weights = event[1], event[2]
        elif event[0] == "direction":
            direction = _unit(event[1])
        else:
            steps.append(_step(world, held, kept, weights, direction, event[2], "new support point added"))
            held = kept = (*kept, event[2])
            weights, direction = (), None
    inside = simplex.count == 3
    touching = not inside and _length(_point_of(simplex_vertices(simplex), simplex_weights(simplex))) <= tol
    if len(events) > 1 and events[-1][0] == "support":
        steps[-1] = steps[-1]._replace(note=_support_stop(steps[-1], iterations))
    elif inside:
        steps.append(
            _step(
                world, held, kept, weights, None, None, "the origin is inside the triangle: the cores overlap"
            )
        )
    else:
        steps.append(
            _step(
                world,
                held,
                kept,
                weights,
                None,
                None,
                "the simplex reaches the origin (within the tolerance): the cores touch",
            )
        )
    return GjkTrace(
        world.vector(_unit(first_dir)),
        world.vertex(first),
        tuple(steps),
        inside or touching,
        iterations,
        iterations >= MAX_GJK_ITERATIONS,
    )


def simplex_vertices(simplex) -> tuple:
    """The vertices a ``gjk.Simplex`` holds."""
    return (simplex.v1, simplex.v2, simplex.v3)[: simplex.count]


def simplex_weights(simplex) -> tuple[float, ...]:
    """Their barycentric weights: the closest point of the simplex is their weighted sum."""
    return (simplex.u1, simplex.u2, simplex.u3)[: simplex.count]


def _point_of(vertices, weights) -> Vec2:
    return (
        sum(u * v.wx for v, u in zip(vertices, weights)),
        sum(u * v.wy for v, u in zip(vertices, weights)),
    )


def _length(p: Vec2) -> float:
    return math.hypot(p[0], p[1])


def _step(world, held, kept, weights, direction, w, note) -> GjkStep:
    return GjkStep(
        tuple(world.vertex(v) for v in held),
        tuple(world.vertex(v) for v in kept),
        world.vector(_point_of(kept, weights)),
        None if direction is None else world.vector(direction),
        None if w is None else world.vertex(w),
        note,
    )


def _support_stop(step: GjkStep, iterations: int) -> str:
    """Why the loop ended right after this step's support (the tests in ``gjk``'s order)."""
    if iterations >= MAX_GJK_ITERATIONS:
        return f"stopped at the iteration cap ({MAX_GJK_ITERATIONS})"
    w, d = step.support, step.direction
    ids = {(v.ia, v.ib) for v in step.simplex}
    if w.ia >= 0 and w.ib >= 0 and (w.ia, w.ib) in ids:
        return "the new support repeats a simplex vertex: the closest feature is final, the cores are apart"
    gain = (w.w[0] - step.closest[0]) * d[0] + (w.w[1] - step.closest[1]) * d[1]
    return f"the new support gains only {gain:.3g} towards the origin: converged, the cores are apart"
