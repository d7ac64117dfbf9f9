"""The range of coordinates and sizes the engine answers exactly, and the checks that keep inputs in it.

Inside the limits every answer is the exact answer for the floats given,
within the touching tolerance of ``narrowphase`` (docs/guide/collision.md, "Touching counts")::

    tol = 1e-12 × (both sizes + the distance between the origins) + 8 eps × the largest coordinate

Outside them a query would overflow, underflow or round to nonsense, so it
is refused with a ``ValueError`` (a wrong type: ``TypeError``) naming the
value and the limit, before any work: when a shape is made (radius,
half-extents, semi-axes, vertex coordinates), when a custom shape's
``support`` answers, and when a transform is passed (x, y within
``MAX_COORDINATE``, angle finite), in the one-pair queries and, vectorised,
in the batch calls.

Why these numbers (float64: eps = 2.2e-16, normal range 2.2e-308 to 1.8e308):

* The kernels work in shape A's frame (Box2D v3's relative transform), so
  their rounding is a few eps of the *pair's* size, never of the distance
  from the world origin. The largest products they form are of four
  lengths (``gjk.solve_triangle`` multiplies an area by a cross product)
  and squares of the offset between the origins. With every coordinate
  and size at most 1e9, a pair is at most ~6e9 across and those products
  stay below 1e40; with every shape at least ``MIN_SIZE`` across they stay
  above 1e-48. Both are far inside the normal range, where each operation
  is off by at most eps/2 of its result: no overflow (a Circle(1e154)
  squared is inf) and no subnormal losing digits (a box 1e-155 across
  squared is 1e-310).
* ``MAX_COORDINATE`` = 1e9: there a stored position is only known to
  ulp(1e9) = 1.2e-7, and the touching tolerance's position term is
  8 eps × 1e9 ≈ 1.8e-6 world units: the finest gap the engine still tells
  from touching at the edge of the world. Farther out that resolution would
  pass 1e-5 and positions themselves stop meaning much.
* ``MAX_SIZE`` = 1e9, the same bound for radii, half-extents and semi-axes,
  so that a shape fits in the world.
* ``MIN_SIZE`` = 1e-12: the relative touching tolerance. A shape smaller
  than 1e-12 of a unit is below the resolution of any pair it takes part
  in. A circle's radius, an ellipse's semi-axes, a box's half-extents and
  the extent of a polygon or capsule must reach it; a polygon's or
  capsule's rounding radius may be anything from 0 to ``MAX_SIZE``.

Angles only need to be finite: ``math.cos``/``math.sin`` reduce any finite
angle exactly.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .jit import inline, kernel

#: Largest |x| or |y| of a position or of a shape's local point.
MAX_COORDINATE = 1e9
#: Smallest radius of a circle, semi-axis of an ellipse, half-extent of a box, extent of a polygon or capsule.
MIN_SIZE = 1e-12
#: Largest radius, semi-axis or half-extent.
MAX_SIZE = 1e9

__all__ = [
    "MAX_COORDINATE",
    "MAX_SIZE",
    "MIN_SIZE",
    "check_coordinate",
    "check_size",
    "check_transform",
    "check_transform_rows",
    "real",
    "shown",
    "transforms_in_limits",
]


def real(what: str, value) -> float:
    """``value`` as a float if it is a real number (not a bool, string or None), else ``TypeError``.

    >>> real("circle radius", 2)
    2.0
    >>> real("circle radius", "1")
    Traceback (most recent call last):
    ...
    TypeError: circle radius must be a number, got '1' (str)
    """
    if type(value) is float:  # the common case, without the abstract-class checks (a level makes 200,000)
        return value
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a number, got {shown(value)} ({type(value).__name__})")
    try:
        return float(value)
    except OverflowError:  # an int past 1.8e308
        raise ValueError(f"{what} is {shown(value)}: too large for a float") from None


def check_coordinate(what: str, value: float) -> float:
    """``value`` if it is finite with |value| ≤ ``MAX_COORDINATE``, else ``ValueError``.

    >>> check_coordinate("polygon vertex 0 x", 1e300)
    Traceback (most recent call last):
    ...
    ValueError: polygon vertex 0 x is 1e+300, outside the engine's range |x| <= MAX_COORDINATE = 1e+09
    """
    if not math.isfinite(value):
        raise ValueError(
            f"{what} is {value}: it must be finite, with |x| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
        )
    if not abs(value) <= MAX_COORDINATE:
        raise ValueError(
            f"{what} is {value}, outside the engine's range |x| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
        )
    return value


def check_size(what: str, value: float, *, allow_zero: bool = False) -> float:
    """``value`` if it is in [``MIN_SIZE``, ``MAX_SIZE``] (or 0 when allowed), else ``ValueError``.

    >>> check_size("circle radius", 1e154)
    Traceback (most recent call last):
    ...
    ValueError: circle radius is 1e+154, outside the engine's range MIN_SIZE = 1e-12 <= size <= MAX_SIZE = 1e+09
    """
    if allow_zero and value == 0.0:
        return value
    low = 0.0 if allow_zero else MIN_SIZE
    if not math.isfinite(value):
        raise ValueError(f"{what} is {value}: it must be finite")
    if not low <= value <= MAX_SIZE:  # NaN fails too
        bounds = (
            f"0 <= radius <= MAX_SIZE = {MAX_SIZE:g}"
            if allow_zero
            else f"MIN_SIZE = {MIN_SIZE:g} <= size <= MAX_SIZE = {MAX_SIZE:g}"
        )
        raise ValueError(f"{what} is {value}, outside the engine's range {bounds}")
    return value


def check_transform(what: str, xf) -> tuple[float, float, float]:
    """A transform ``(x, y, angle)`` (or ``Transform``) as three floats, checked; else one clear error.

    >>> check_transform("xf_a", (1, 2))
    Traceback (most recent call last):
    ...
    ValueError: xf_a must be (x, y, angle) or a Transform, got (1, 2): 2 values, not 3
    >>> check_transform("xf_b", (0.0, 2e9, 0.0))
    Traceback (most recent call last):
    ...
    ValueError: xf_b y is 2000000000.0, outside the engine's range |x| <= MAX_COORDINATE = 1e+09
    """
    if isinstance(xf, (str, bytes)) or not hasattr(xf, "__len__") or not hasattr(xf, "__iter__"):
        raise TypeError(f"{what} must be (x, y, angle) or a Transform, got {shown(xf)} ({type(xf).__name__})")
    if len(xf) != 3:
        raise ValueError(
            f"{what} must be (x, y, angle) or a Transform, got {shown(xf)}: {len(xf)} values, not 3"
        )
    # Named only when refused: formatting three names per call cost more than the checks.
    x, y, angle = (
        v if type(v) is float else real(f"{what} {name}", v)
        for name, v in zip(("x", "y", "angle"), xf, strict=True)
    )
    if not (abs(x) <= MAX_COORDINATE and abs(y) <= MAX_COORDINATE):  # NaN too
        check_coordinate(f"{what} x", x)
        check_coordinate(f"{what} y", y)
    if not math.isfinite(angle):
        raise ValueError(f"{what} angle is {angle}; an angle must be finite")
    return x, y, angle


@kernel
def first_bad_row(xf, max_coordinate):
    """Index of the first row of a (k, 3) array outside the limits, or -1.

    One compiled pass that stops at the first bad row: numpy's
    ``np.abs(xf).max(axis=0)`` on a (k, 3) array took 40 ns a row here, as
    long as a batch's whole verdict kernel on pairs a bounding circle rejects.
    """
    for k in range(xf.shape[0]):
        if not (
            abs(xf[k, 0]) <= max_coordinate and abs(xf[k, 1]) <= max_coordinate and abs(xf[k, 2]) < math.inf
        ):
            return k
    return -1


@inline
def transforms_in_limits(xa, ya, angle_a, xb, yb, angle_b):
    """True when two transforms' numbers are inside the limits: what ``check_transform``
    asks of them (|x|, |y| ≤ ``MAX_COORDINATE``, a finite angle; NaN fails), for a
    kernel that got them as floats. A False sends the caller to ``check_transform``
    for the error that names the argument."""
    return (
        abs(xa) <= MAX_COORDINATE and abs(ya) <= MAX_COORDINATE and abs(angle_a) < math.inf
        and abs(xb) <= MAX_COORDINATE and abs(yb) <= MAX_COORDINATE and abs(angle_b) < math.inf
    )  # fmt: skip


def check_transform_rows(what: str, xf: np.ndarray) -> None:
    """Check a (k, 3) float64 array of (x, y, angle) rows in one compiled pass; name the first bad row.

    NaN fails the comparisons as it should.
    """
    row = first_bad_row(xf, MAX_COORDINATE)
    if row < 0:
        return
    x, y, angle = (float(v) for v in xf[row])
    if not math.isfinite(angle):
        raise ValueError(f"{what} row {row} angle is {angle}; an angle must be finite")
    name, value = ("x", x) if not abs(x) <= MAX_COORDINATE else ("y", y)
    check_coordinate(f"{what} row {row} {name}", value)


#: The longest text of a value quoted in an error.
SHOWN_CHARS = 60


def shown(value) -> str:
    """A short, one-line, printable description of ``value`` for an error message."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        # str() of a huge int is slow and, past 4,300 digits, refused by Python itself.
        return f"an integer of {value.bit_length()} bits"
    try:
        text = " ".join(repr(value).split())
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"a {type(value).__name__}"
    text = "".join(c if c.isprintable() else "?" for c in text[: SHOWN_CHARS + 1])
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"
