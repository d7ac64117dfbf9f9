"""The one-pair queries: ``intersects``, ``distance``, ``contact``.

Each runs ``collide_pair`` once. The transforms are ``(x, y, angle)`` or
``Transform``: three real numbers, |x|, |y| ≤ ``MAX_COORDINATE``, a finite
angle; anything else is one ``ValueError`` or ``TypeError`` naming ``xf_a``
or ``xf_b`` (``limits.check_transform``). Built-in shapes take one compiled
call; custom ``SupportShape`` objects the plain-Python run of the same
kernel. The answer comes back as a small named record. For many pairs a
frame use ``engine.collision.batch``.

Why the calls look the way they do. The kernel itself takes 0.1–0.3 µs; a
plain call of a numba function with both shapes' arrays, six floats, a mode
and the EPA polytope took three times that, and boxing an 11-field result
more again. So each query has its own small kernel (``_verdict_kernel``,
``_contact_kernel``, ``_distance_kernel``) that

* takes the shapes as the integer addresses of their packed data
  (``shapes.packed_at``; numba unboxes an array into a fresh record on every
  call, an integer in a fraction of that) and the six transform numbers,
  nothing else;
* checks the transform numbers against the limits first thing
  (``limits.transforms_in_limits``) and answers -1 when one is out, so the
  caller can raise the error that names it;
* returns only what its query returns, already grouped as the record's
  fields, so Python does one ``_make``;
* is called, after its first call, through its compiled wrapper rather than
  numba's dispatcher (``jit.entry_point``: the dispatcher's typing and
  look-up cost as much as the unboxing itself).

The Python side guards the rest before the call, with a few type tests: both
transforms are tuples (or ``Transform``/list) of exactly three ``float``
numbers, and both shapes carry a ``_packed_address`` (the built-in shapes
and their subclasses; a custom shape must not define one). Anything else
(ints, numpy scalars, bools, a custom shape, a bad value) takes the general
path: ``check_transform`` on both transforms, which converts what is legal
and refuses what is not with its one-line message, then the same kernels.
The three query kernels call one non-inlined ``_collide_pair_once``, so GJK
and EPA compile once for all three.
"""

from __future__ import annotations

import math
from enum import IntEnum
from typing import NamedTuple

import numpy as np

from .epa import MAX_EPA_VERTICES, ROW, new_polytope
from .gjk import STATUS_EPA_MAX_ITERATIONS, STATUS_GJK_MAX_ITERATIONS, STATUS_OK
from .jit import bind_on_first_call, inline, kernel, view_at
from .limits import check_transform, transforms_in_limits
from .narrowphase import MODE_CONTACT, MODE_DISTANCE, MODE_VERDICT, collide_pair
from .pure import python_version
from .shapes import (
    H_BOUND,
    H_RADIUS,
    Capsule,
    Circle,
    Ellipse,
    Polygon,
    SupportShape,
    packed_at,
    support_object,
)
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


_make_contact = Contact._make
_make_distance = DistanceResult._make

BuiltInShape = Capsule | Circle | Ellipse | Polygon

#: What a query kernel answers when a transform is outside the limits.
OUT_OF_LIMITS = -1


# --- what each query keeps of a PairResult (shared by the kernels and the plain-Python path) ---


@inline
def _verdict_of(r):
    """1 on a hit, 0 apart."""
    return 1 if r.hit else 0


@inline
def _contact_of(r):
    """(code, normal, depth, point_a, point_b): code 0 apart, 1 + status on a hit."""
    return (r.status + 1 if r.hit else 0), (r.nx, r.ny), r.depth, (r.pax, r.pay), (r.pbx, r.pby)


@inline
def _distance_of(r):
    """(status, distance, point_a, point_b, iterations)."""
    return r.status, r.distance, (r.pax, r.pay), (r.pbx, r.pby), r.iterations


# --- the kernels ----------------------------------------------------------------------


# The modes as numbers numba does not see as constants: a constant argument would
# compile ``_collide_pair_once`` once per mode (numba specialises a call on literal values).
_VERDICT, _CONTACT, _DISTANCE = (np.int64(m) for m in (MODE_VERDICT, MODE_CONTACT, MODE_DISTANCE))


@kernel
def _collide_pair_once(data_a, data_b, xa, ya, angle_a, xb, yb, angle_b, mode, poly):
    """``collide_pair`` on two whole packed shapes. Not inlined: the three query
    kernels call this one compiled function (one compile of GJK and EPA, not three).
    The offsets are int64, not the literal 0: ``collide_pair`` is inlined, so a literal would reach
    the ``gjk`` and ``epa`` kernels and compile each (and EPA's helpers) a second time, specialised
    on it, beside the signature every other caller uses."""
    zero = np.int64(0)
    return collide_pair(
        data_a, zero, data_a[H_RADIUS], data_a[H_BOUND],
        data_b, zero, data_b[H_RADIUS], data_b[H_BOUND],
        xa, ya, angle_a, xb, yb, angle_b, mode, poly,
    )  # fmt: skip


@kernel
def _verdict_kernel(address_a, address_b, xa, ya, angle_a, xb, yb, angle_b):
    """``_verdict_of`` the shapes at two addresses, or ``OUT_OF_LIMITS``."""
    if not transforms_in_limits(xa, ya, angle_a, xb, yb, angle_b):
        return OUT_OF_LIMITS
    # A verdict never runs EPA: an empty view stands in for the polytope.
    none = view_at(address_a, (0, ROW))
    r = _collide_pair_once(
        packed_at(address_a), packed_at(address_b), xa, ya, angle_a, xb, yb, angle_b, _VERDICT, none
    )
    return _verdict_of(r)


@kernel
def _contact_kernel(address_a, address_b, polytope, xa, ya, angle_a, xb, yb, angle_b):
    """``_contact_of`` the shapes at two addresses (``polytope``: the address of EPA's memory), or
    ``OUT_OF_LIMITS`` as its code."""
    if not transforms_in_limits(xa, ya, angle_a, xb, yb, angle_b):
        return OUT_OF_LIMITS, (0.0, 0.0), 0.0, (0.0, 0.0), (0.0, 0.0)
    poly = view_at(polytope, (MAX_EPA_VERTICES, ROW))
    r = _collide_pair_once(
        packed_at(address_a), packed_at(address_b), xa, ya, angle_a, xb, yb, angle_b, _CONTACT, poly
    )
    return _contact_of(r)


@kernel
def _distance_kernel(address_a, address_b, xa, ya, angle_a, xb, yb, angle_b):
    """``_distance_of`` the shapes at two addresses, or ``OUT_OF_LIMITS`` as its status."""
    if not transforms_in_limits(xa, ya, angle_a, xb, yb, angle_b):
        return OUT_OF_LIMITS, 0.0, (0.0, 0.0), (0.0, 0.0), 0
    # A distance never runs EPA either.
    none = view_at(address_a, (0, ROW))
    r = _collide_pair_once(
        packed_at(address_a), packed_at(address_b), xa, ya, angle_a, xb, yb, angle_b, _DISTANCE, none
    )
    return _distance_of(r)


_POLYTOPE = new_polytope()  # one query at a time: the engine is not re-entrant
_POLYTOPE_ADDRESS = _POLYTOPE.ctypes.data

# What the queries call: each kernel through numba's dispatcher the first time, then its compiled
# wrapper directly (``jit.entry_point``). Every call passes two ints and six floats (the contact
# kernel three ints): the queries make sure of it before calling.
_verdict_call = bind_on_first_call(_verdict_kernel, globals(), "_verdict_call")
_contact_call = bind_on_first_call(_contact_kernel, globals(), "_contact_call")
_distance_call = bind_on_first_call(_distance_kernel, globals(), "_distance_call")


# --- the general path: every argument checked by name, custom shapes in plain Python ---------


def _object_bound(shape) -> float:
    bound = max(
        math.hypot(*support_object(shape, 0, dx, dy)[:2]) for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))
    )
    if not bound > 0.0:
        # A single point: no MIN_SIZE to speak of, but GJK still answers it exactly.
        return 0.0
    return bound


def _checked(a, xf_a, b, xf_b, mode):
    """What the mode's kernel answers, after ``check_transform`` on both transforms
    (which raises the one clear error, or converts ints and numpy numbers to floats)."""
    xa, ya, angle_a = check_transform("xf_a", xf_a)
    xb, yb, angle_b = check_transform("xf_b", xf_b)
    if isinstance(a, BuiltInShape) and isinstance(b, BuiltInShape):
        address_a, address_b = a._packed_address, b._packed_address
        if mode == MODE_VERDICT:
            return _verdict_call(address_a, address_b, xa, ya, angle_a, xb, yb, angle_b)
        if mode == MODE_CONTACT:
            return _contact_call(address_a, address_b, _POLYTOPE_ADDRESS, xa, ya, angle_a, xb, yb, angle_b)
        return _distance_call(address_a, address_b, xa, ya, angle_a, xb, yb, angle_b)
    for name, shape in (("a", a), ("b", b)):
        if not isinstance(shape, SupportShape):
            raise TypeError(f"{name} is a {type(shape).__name__}, not a shape: it has no support(dx, dy)")
    # Custom shapes: the whole outline is the core, so radius 0 and full supports.
    run = python_version(collide_pair, support_packed=support_object)
    r = run(
        a, 0, 0.0, _object_bound(a), b, 0, 0.0, _object_bound(b),
        xa, ya, angle_a, xb, yb, angle_b, mode, _POLYTOPE,
    )  # fmt: skip
    keep = _verdict_of if mode == MODE_VERDICT else _contact_of if mode == MODE_CONTACT else _distance_of
    return python_version(keep)(r)


# --- the queries: the fast path written out in each, since a helper call would cost a third of it ---


def intersects(a: SupportShape, xf_a: Transform, b: SupportShape, xf_b: Transform) -> bool:
    """True when the shapes overlap or touch.

    >>> from engine.collision import Polygon
    >>> intersects(Polygon.box(1, 1), (0, 0, 0), Polygon.box(1, 1), (2, 0, 0))  # touching
    True
    """
    try:
        xa, ya, angle_a = xf_a
        xb, yb, angle_b = xf_b
        address_a, address_b = a._packed_address, b._packed_address
    except (TypeError, ValueError, AttributeError):
        return _checked(a, xf_a, b, xf_b, MODE_VERDICT) == 1
    if (
        type(xa) is float and type(ya) is float and type(angle_a) is float
        and type(xb) is float and type(yb) is float and type(angle_b) is float
        and (type(xf_a) is tuple or type(xf_a) in _SEQUENCES) and (type(xf_b) is tuple or type(xf_b) in _SEQUENCES)
    ):  # fmt: skip
        code = _verdict_call(address_a, address_b, xa, ya, angle_a, xb, yb, angle_b)
        if code >= 0:
            return code == 1
    return _checked(a, xf_a, b, xf_b, MODE_VERDICT) == 1


def contact(a: SupportShape, xf_a: Transform, b: SupportShape, xf_b: Transform) -> Contact | None:
    """Normal and depth of the overlap, or None when the shapes are apart."""
    try:
        xa, ya, angle_a = xf_a
        xb, yb, angle_b = xf_b
        address_a, address_b = a._packed_address, b._packed_address
    except (TypeError, ValueError, AttributeError):
        code = OUT_OF_LIMITS
    else:
        if (
            type(xa) is float and type(ya) is float and type(angle_a) is float
            and type(xb) is float and type(yb) is float and type(angle_b) is float
            and (type(xf_a) is tuple or type(xf_a) in _SEQUENCES)
            and (type(xf_b) is tuple or type(xf_b) in _SEQUENCES)
        ):  # fmt: skip
            code, normal, depth, point_a, point_b = _contact_call(
                address_a, address_b, _POLYTOPE_ADDRESS, xa, ya, angle_a, xb, yb, angle_b
            )
        else:
            code = OUT_OF_LIMITS
    if code < 0:
        code, normal, depth, point_a, point_b = _checked(a, xf_a, b, xf_b, MODE_CONTACT)
    if code == 0:
        return None
    return _make_contact((normal, depth, point_a, point_b, _STATUS[code - 1]))


def distance(a: SupportShape, xf_a: Transform, b: SupportShape, xf_b: Transform) -> DistanceResult:
    """Distance between the shapes and their closest points, world frame."""
    try:
        xa, ya, angle_a = xf_a
        xb, yb, angle_b = xf_b
        address_a, address_b = a._packed_address, b._packed_address
    except (TypeError, ValueError, AttributeError):
        status = OUT_OF_LIMITS
    else:
        if (
            type(xa) is float and type(ya) is float and type(angle_a) is float
            and type(xb) is float and type(yb) is float and type(angle_b) is float
            and (type(xf_a) is tuple or type(xf_a) in _SEQUENCES)
            and (type(xf_b) is tuple or type(xf_b) in _SEQUENCES)
        ):  # fmt: skip
            status, gap, point_a, point_b, iterations = _distance_call(
                address_a, address_b, xa, ya, angle_a, xb, yb, angle_b
            )
        else:
            status = OUT_OF_LIMITS
    if status < 0:
        status, gap, point_a, point_b, iterations = _checked(a, xf_a, b, xf_b, MODE_DISTANCE)
    return _make_distance((gap, point_a, point_b, _STATUS[status], iterations))


#: The transform containers the fast path takes as they are (``check_transform`` takes any sized
#: iterable of three; a generator, for one, goes there and is refused).
_SEQUENCES = frozenset({tuple, list, Transform})
