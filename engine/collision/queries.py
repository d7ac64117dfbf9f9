"""The one-pair queries: ``intersects``, ``distance``, ``contact``.

Each is a thin wrapper over ``collide_pair``: it checks the transforms
(``(x, y, angle)`` or ``Transform``: three real numbers, |x|, |y| ≤
``MAX_COORDINATE``, a finite angle; anything else is one ``ValueError`` or
``TypeError`` naming ``xf_a`` or ``xf_b``), picks
the compiled path for built-in shapes (one numba call) or the plain-Python run
of the same kernel for custom ``SupportShape`` objects, and wraps the answer
in a small named record. For many pairs a frame use ``engine.collision.batch``.
"""

from __future__ import annotations

import math
from enum import IntEnum
from typing import NamedTuple

from .epa import new_polytope
from .gjk import STATUS_EPA_MAX_ITERATIONS, STATUS_GJK_MAX_ITERATIONS, STATUS_OK
from .jit import kernel, unmanaged
from .limits import MAX_COORDINATE, check_transform
from .narrowphase import MODE_CONTACT, MODE_DISTANCE, MODE_VERDICT, collide_pair
from .pure import python_version
from .shapes import H_BOUND, H_RADIUS, SupportShape, support_object
from .transform import Transform

Vec2 = tuple[float, float]


class Status(IntEnum):
    """How a query ended. Anything but OK still carries the best answer found."""

    OK = STATUS_OK
    GJK_MAX_ITERATIONS = STATUS_GJK_MAX_ITERATIONS
    EPA_MAX_ITERATIONS = STATUS_EPA_MAX_ITERATIONS


_STATUS = tuple(Status)


class DistanceResult(NamedTuple):
    """Distance between two shapes and their closest points (world frame).

    ``distance`` is 0.0 when the shapes touch or overlap; then ``point_a``
    and ``point_b`` are one point the shapes share.

    >>> from engine.collision import Circle
    >>> distance(Circle(1.0), (0, 0, 0), Circle(1.0), (5, 0, 0))
    DistanceResult(distance=3.0, point_a=(1.0, 0.0), point_b=(4.0, 0.0), status=<Status.OK: 0>, iterations=1)
    """

    distance: float
    point_a: Vec2
    point_b: Vec2
    status: Status = Status.OK
    iterations: int = 0


class Contact(NamedTuple):
    """How two overlapping shapes overlap (world frame).

    ``normal`` is a unit vector from A towards B; moving B by ``depth`` along
    it separates the shapes (``depth`` is 0 when they just touch).
    ``point_a`` is A's deepest point inside B, ``point_b`` B's deepest point
    inside A, so ``point_a - point_b == depth * normal``.

    >>> from engine.collision import Polygon
    >>> c = contact(Polygon.box(1, 1), (0, 0, 0), Polygon.box(1, 1), (1.5, 0, 0))
    >>> c.normal, c.depth
    ((1.0, 0.0), 0.5)
    """

    normal: Vec2
    depth: float
    point_a: Vec2
    point_b: Vec2
    status: Status = Status.OK


@kernel
def _collide_packed(data_a, data_b, xa, ya, angle_a, xb, yb, angle_b, mode, poly):
    # Views without reference counts: see ``jit.unmanaged``; the caller holds the arrays.
    data_a, data_b, poly = unmanaged(data_a), unmanaged(data_b), unmanaged(poly)
    return collide_pair(
        data_a, 0, data_a[H_RADIUS], data_a[H_BOUND],
        data_b, 0, data_b[H_RADIUS], data_b[H_BOUND],
        xa, ya, angle_a, xb, yb, angle_b, mode, poly,
    )  # fmt: skip


#: The fast path's bound on the sum of the four squared coordinates: MAX_COORDINATE².
_FAST_SQUARES = MAX_COORDINATE * MAX_COORDINATE

_POLYTOPE = new_polytope()  # one query at a time: the engine is not re-entrant


def _object_bound(shape) -> float:
    bound = max(
        math.hypot(*support_object(shape, 0, dx, dy)[:2]) for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))
    )
    if not bound > 0.0:
        # A single point: no MIN_SIZE to speak of, but GJK still answers it exactly.
        return 0.0
    return bound


def _collide(a, xf_a, b, xf_b, mode):
    # The common case in a few float operations: the sum of squares bounds every
    # coordinate (conservatively), a NaN or infinite angle makes it NaN, and
    # ``type(s) is float`` holds only when all six were plain numbers, now
    # floats (another number type would compile, and cache, another kernel).
    # Anything else, including legal coordinates whose squares add up past
    # the bound, goes through ``check_transform``, which decides exactly and
    # names the argument and the problem.
    try:
        xa, ya, angle_a = xf_a
        xb, yb, angle_b = xf_b
        xa += 0.0
        ya += 0.0
        angle_a += 0.0
        xb += 0.0
        yb += 0.0
        angle_b += 0.0
        s = xa * xa + ya * ya + xb * xb + yb * yb + (angle_a - angle_a) + (angle_b - angle_b)
        ok = type(s) is float and s <= _FAST_SQUARES and type(xf_a) is not bytes and type(xf_b) is not bytes
    except (TypeError, ValueError, OverflowError):
        ok = False
    if not ok:
        xa, ya, angle_a = check_transform("xf_a", xf_a)
        xb, yb, angle_b = check_transform("xf_b", xf_b)
    pa, pb = getattr(a, "packed", None), getattr(b, "packed", None)
    poly = _POLYTOPE
    if pa is not None and pb is not None:
        return _collide_packed(pa, pb, xa, ya, angle_a, xb, yb, angle_b, mode, poly)
    for name, shape in (("a", a), ("b", b)):
        if not isinstance(shape, SupportShape):
            raise TypeError(f"{name} is a {type(shape).__name__}, not a shape: it has no support(dx, dy)")
    # Custom shapes: the whole outline is the core, so radius 0 and full supports.
    run = python_version(collide_pair, support_packed=support_object)
    return run(
        a, 0, 0.0, _object_bound(a), b, 0, 0.0, _object_bound(b),
        xa, ya, angle_a, xb, yb, angle_b, mode, poly,
    )  # fmt: skip


def intersects(a: SupportShape, xf_a: Transform, b: SupportShape, xf_b: Transform) -> bool:
    """True when the shapes overlap or touch.

    >>> from engine.collision import Polygon
    >>> intersects(Polygon.box(1, 1), (0, 0, 0), Polygon.box(1, 1), (2, 0, 0))  # touching
    True
    """
    return bool(_collide(a, xf_a, b, xf_b, MODE_VERDICT).hit)


def distance(a: SupportShape, xf_a: Transform, b: SupportShape, xf_b: Transform) -> DistanceResult:
    """Distance between the shapes and their closest points, world frame."""
    r = _collide(a, xf_a, b, xf_b, MODE_DISTANCE)
    # The kernel returns Python floats already (np.float64, a float, from the
    # plain-Python run), so no conversions here: they cost a third of a call.
    return DistanceResult(
        r.distance,
        (r.pax, r.pay),
        (r.pbx, r.pby),
        _STATUS[r.status],
        int(r.iterations),
    )


def contact(a: SupportShape, xf_a: Transform, b: SupportShape, xf_b: Transform) -> Contact | None:
    """Normal and depth of the overlap, or None when the shapes are apart."""
    r = _collide(a, xf_a, b, xf_b, MODE_CONTACT)
    if not r.hit:
        return None
    return Contact(
        (r.nx, r.ny),
        r.depth,
        (r.pax, r.pay),
        (r.pbx, r.pby),
        _STATUS[r.status],
    )
