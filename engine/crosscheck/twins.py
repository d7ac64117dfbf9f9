"""Our shapes in pymunk, and pymunk's answer read right: the one conversion every check uses.

``to_pymunk(shape, transform, space=None)`` is the only place an engine shape
becomes a pymunk shape (the crosscheck, the collision tests' oracles, the hitbox
lab and the benchmarks all call it). pymunk's quirks, each measured with pymunk
6.9 (``../shared/notes/collision-anchors.md``, pymunk §2), are handled here, in
checking code, and never in the engine:

* Each twin rides its own kinematic body: ``Poly(radius=r)`` for polygons,
  ``Circle(offset=center)``, ``Segment(radius=r)`` for capsules (Segment's
  radius is the capsule's radius, whatever its docstring says about
  thickness). A kinematic body's centre of gravity is its origin, so pymunk
  rotates the shape about the same point we do.
* ``Poly`` silently takes the convex hull of what it is given (and would turn
  collinear points into 2 vertices). Our polygons are already their own
  strict hull, so pymunk should keep every vertex; ``to_pymunk`` checks that
  it did and refuses (``ValueError``) a polygon it would change, rather than
  compare us with another shape.
* Placing: angle first, then position (Chipmunk turns a body about its
  centre of gravity), then ``cache_bb``: every pymunk query reads the world
  geometry cached there, not the body. A twin in a space is re-indexed too.
* Reading ``shapes_collide`` (``pymunk_contact``): the depth is the largest
  (point_a − point_b)·normal over the points, never ``ContactPoint.distance``,
  whose sign flips when Chipmunk swaps the pair (a polygon first and a circle
  second). pymunk 6.9 gives no points for separated shapes (7.x raises
  ``AssertionError``, caught here as "apart"), none for two circles that
  exactly touch, and a zero normal (so depth 0) for a circle centred on a
  polygon's centre; those show as pymunk being wrong where they matter.

pymunk has no ellipse and no custom support shapes: ``to_pymunk`` refuses
them with a ``TypeError`` saying so.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.collision import Capsule, Circle, Ellipse, Polygon
from engine.collision.limits import check_transform

__all__ = ["PymunkAnswer", "per_pair", "place", "pymunk_answer", "pymunk_contact", "to_pymunk", "twin"]


class PymunkAnswer(NamedTuple):
    """pymunk's ``shapes_collide`` for a pair: ``hit`` when it finds points; ``normal`` from
    A to B ((0, 0) when pymunk gives none); ``depth`` the deepest point's, ≥ 0 or so;
    ``points`` how many contact points it gave.

    >>> PymunkAnswer(True, (1.0, 0.0), 0.5).points
    0
    """

    hit: bool
    normal: tuple[float, float]
    depth: float
    points: int = 0


def to_pymunk(shape, transform, space=None):
    """``shape``'s pymunk twin on a kinematic body of its own, placed at ``transform`` = (x, y, angle).

    With ``space`` the body and the twin are added to it. ``TypeError`` for a
    shape pymunk has no twin for (``Ellipse``, custom shapes), ``ValueError``
    for a polygon pymunk's hull would change, and for a transform outside the
    engine's limits (``check_transform``: the twin must stand where ours does).

    >>> from engine.collision import Polygon
    >>> twin = to_pymunk(Polygon.box(1.0, 2.0), (3.0, 0.0, 0.0))
    >>> tuple(twin.bb)
    (2.0, -2.0, 4.0, 2.0)
    """
    xf = check_transform("transform", transform)
    pm = place(twin(shape), xf)
    if space is not None:
        space.add(pm.body, pm)
    return pm


def twin(shape):
    """``shape``'s pymunk twin on a kinematic body of its own, not yet placed (``to_pymunk`` places it).

    For code that moves twins itself with ``place``, or hangs them on bodies of
    its own; the refusals are ``to_pymunk``'s.
    """
    import pymunk

    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    if isinstance(shape, Polygon):
        pm = pymunk.Poly(body, shape.points, radius=shape.radius)
        kept = {(float(v.x), float(v.y)) for v in pm.get_vertices()}
        if kept != set(shape.points):
            raise ValueError(
                f"pymunk would not keep this polygon as it is: its hull of {len(shape.points)} points has "
                f"{len(kept)} vertices {sorted(kept)}, not {list(shape.points)}"
            )
    elif isinstance(shape, Circle):
        pm = pymunk.Circle(body, shape.radius, offset=shape.center)
    elif isinstance(shape, Capsule):
        pm = pymunk.Segment(body, shape.p1, shape.p2, shape.radius)
    elif isinstance(shape, Ellipse):
        raise TypeError("pymunk has no ellipse")
    else:
        raise TypeError(
            f"pymunk has no twin for a {type(shape).__name__}: only Polygon, Circle and Capsule have one"
        )
    return pm


def place(pm, transform):
    """Move a twin ``pm`` to ``transform`` = (x, y, angle): angle, then position, then ``cache_bb``
    (and a re-index when it is in a space). Returns the twin."""
    x, y, angle = transform
    pm.body.angle = angle
    pm.body.position = (x, y)
    pm.cache_bb()
    if pm.space is not None:
        pm.space.reindex_shapes_for_body(pm.body)
    return pm


def pymunk_contact(twin_a, twin_b) -> PymunkAnswer:
    """``shapes_collide`` of two placed twins, read without ``ContactPoint.distance``."""
    try:
        cps = twin_a.shapes_collide(twin_b)
    except AssertionError:  # pymunk 7.x on separated shapes ("This is likely a bug in Pymunk")
        return PymunkAnswer(False, (0.0, 0.0), 0.0)
    if not cps.points:
        return PymunkAnswer(False, (0.0, 0.0), 0.0)
    nx, ny = cps.normal
    depth = max((p.point_a.x - p.point_b.x) * nx + (p.point_a.y - p.point_b.y) * ny for p in cps.points)
    return PymunkAnswer(True, (float(nx), float(ny)), float(depth), len(cps.points))


def per_pair(pairs, read) -> list:
    """``read(twin_a, twin_b)`` for every pair (``a``, ``xf_a``, ``b``, ``xf_b``), its twins placed;
    a shape placed several times keeps its twin (one per side), as a run's chunks place each a few times."""
    twins: dict = {}

    def placed(side: str, shape, xf):
        key = (side, id(shape))
        if key not in twins:
            twins[key] = (shape, twin(shape))  # the shape too, so its id stays taken
        return place(twins[key][1], xf)

    return [read(placed("a", p.a, p.xf_a), placed("b", p.b, p.xf_b)) for p in pairs]


def pymunk_answer(shape_a, xf_a, shape_b, xf_b) -> PymunkAnswer:
    """pymunk's answer for one pair, with fresh twins."""
    return pymunk_contact(to_pymunk(shape_a, xf_a), to_pymunk(shape_b, xf_b))
