"""Checks of what a caller hands the world, before any work is done.

Each check returns the value in the form the world stores (a float, an
int, a ``Transform``) or raises one error naming the argument, what it got
and what it accepts: ``TypeError`` for a value of the wrong kind (a string
for a number, ``None`` for a transform), ``ValueError`` for one of the right
kind out of range (nan, a negative cell size, a 70-bit layer). Messages are
one line and short whatever the value (a string of a million characters, an
integer of 10,000 digits). Positions and transforms go through the engine's
own checks (``engine.collision.limits``: |x|, |y| at most ``MAX_COORDINATE``),
so the world and the one-pair queries refuse the same values in the same words.

>>> bits(2**70, "layer")
Traceback (most recent call last):
...
ValueError: layer must be an integer in 0..0xFFFFFFFF (32 bits); got an integer of 71 bits
>>> pair((0, 2e9), "ray origin", coordinate=True)
Traceback (most recent call last):
...
ValueError: ray origin y is 2000000000.0, outside the engine's range |x| <= MAX_COORDINATE = 1e+09
"""

from __future__ import annotations

import math
import numbers
import operator

import numpy as np

from ..collision import Transform
from ..collision.limits import MAX_COORDINATE, check_coordinate, check_transform, shown
from ..collision.shapes import H_BOUND, H_RADIUS, aabb

#: Layers and masks are 32-bit sets.
MAX_BITS = 0xFFFFFFFF
#: Most rows one ``World.apply_impulses`` takes (a body may repeat, so the body count is no bound):
#: 2**20, a million impulses, some 100 MB of temporaries; a tick of a game applies hundreds.
MAX_IMPULSES = 1 << 20


def _is_number(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def real(value, name: str, low: float = -math.inf, high: float = math.inf, *, above: bool = False) -> float:
    """``value`` as a finite float in ``low``..``high`` (``above``: strictly above ``low``)."""
    if not _is_number(value):
        raise TypeError(f"{name} must be a number; got {shown(value)}")
    v = float(value)
    if not math.isfinite(v):
        raise ValueError(f"{name} must be finite; got {v}")
    if v < low or (above and v == low) or v > high:
        lo_text = f"above {low:g}" if above else f"at least {low:g}"
        where = lo_text if high == math.inf else f"{lo_text} and at most {high:g}"
        raise ValueError(f"{name} must be {where}; got {v!r}")
    return v


def bits(value, name: str) -> int:
    """A layer or a mask: an integer in 0..``MAX_BITS``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError(f"{name} must be an integer in 0..0x{MAX_BITS:X} (32 bits); got {shown(value)}")
    v = operator.index(value)
    if not 0 <= v <= MAX_BITS:
        raise ValueError(f"{name} must be an integer in 0..0x{MAX_BITS:X} (32 bits); got {shown(v)}")
    return v


def body_id(value, name: str = "body") -> int:
    """A body id: an integer (whether the world holds it is the world's check)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError(f"{name} must be a body id (an integer); got {shown(value)}")
    return operator.index(value)


def body_type(value, name: str):
    """A body's type: a ``world.BodyType`` or its name, ``"static"``, ``"kinematic"`` or ``"dynamic"``."""
    from .world import BodyType  # (the world's own enum; imported here, where it is first needed)

    if isinstance(value, BodyType):
        return value
    if isinstance(value, str) and value in ("static", "kinematic", "dynamic"):
        return BodyType(value)
    problem = TypeError if not isinstance(value, str) else ValueError
    raise problem(f"{name} must be 'static', 'kinematic' or 'dynamic' (or a BodyType); got {shown(value)}")


def count(value, name: str, low: int, high: int) -> int:
    """A whole number in ``low``..``high`` (not a bool, not a float)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError(f"{name} must be a whole number in {low}..{high}; got {shown(value)}")
    v = operator.index(value)
    if not low <= v <= high:
        raise ValueError(f"{name} must be a whole number in {low}..{high}; got {shown(v)}")
    return v


def flag(value, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {shown(value)}")
    return bool(value)


def pair(value, name: str, *, coordinate: bool = False, what: str = "(x, y)") -> tuple[float, float]:
    """Two finite numbers; a ``coordinate`` (a point) also within ``MAX_COORDINATE``."""
    try:
        if isinstance(value, (str, bytes)):
            raise TypeError
        x, y = value
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be {what}, two numbers; got {shown(value)}") from None
    x, y = real(x, f"{name} x"), real(y, f"{name} y")
    if coordinate:
        check_coordinate(f"{name} x", x)
        check_coordinate(f"{name} y", y)
    return x, y


def direction(value, name: str) -> tuple[float, float]:
    """``value`` as a unit vector: two finite numbers, not both zero."""
    dx, dy = pair(value, name, what="(dx, dy)")
    # Scaled first: (1e200, 1e200) has a length, its squares do not.
    scale = max(abs(dx), abs(dy))
    if scale == 0.0:
        raise ValueError(f"{name} must be a non-zero direction; got {shown(value)}")
    ux, uy = dx / scale, dy / scale
    length = math.hypot(ux, uy)
    return ux / length, uy / length


def shape(value, name: str, *, body: bool = False):
    """``value`` if it is one of the engine's shapes (it has a packed form); a
    ``body``'s shape also has a size (not a query's point)."""
    if not hasattr(value, "packed") or (body and getattr(value, "query_only", False)):
        raise TypeError(f"{name} must be a Circle, Polygon, Capsule or Ellipse; got {shown(value)}")
    return value


def within_range(shape, xf: Transform, name: str) -> None:
    """Refuse a body whose box leaves |x|, |y| <= ``MAX_COORDINATE``: no move could keep it in range
    (pushed out of a wall, its centre would have to leave it), so it is refused where it is made."""
    packed = shape.packed
    reach = float(packed[H_BOUND] + packed[H_RADIUS])  # the box lies within the reach of the centre
    if abs(xf.x) + reach <= MAX_COORDINATE and abs(xf.y) + reach <= MAX_COORDINATE:
        return  # nearly every body, without its box (a game places its player every frame)
    try:
        lo_x, lo_y, hi_x, hi_y = aabb(shape, xf)
    except ValueError as error:  # its support already leaves the range (a polygon of radius 1e9)
        raise ValueError(f"{name}: the body's box leaves the range ({error})") from None
    for axis, value in (("x", lo_x), ("y", lo_y), ("x", hi_x), ("y", hi_y)):
        if not abs(value) <= MAX_COORDINATE:
            raise ValueError(
                f"{name}: the body's box reaches {axis} = {value!r} ({shown(shape)} at ({xf.x!r}, {xf.y!r})); "
                f"a body lies within |x|, |y| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
            )


def transform(value, name: str) -> Transform:
    """``value`` as a ``Transform``: (x, y, angle), x and y within ``MAX_COORDINATE``, angle finite."""
    return Transform(*check_transform(name, value))


#: The dtypes the per-frame arrays must have to pass untouched.
F64, I64 = np.dtype(np.float64), np.dtype(np.int64)


def vector(values, dtype: np.dtype, name: str) -> np.ndarray:
    """``values`` as a C-contiguous 1-D array of ``dtype``; an array that already
    is one passes untouched (the per-frame path: each numpy call is costly
    when the caches are cold). Ids must be integers: 1.5 is refused, not cut."""
    if (
        type(values) is np.ndarray
        and values.dtype is dtype
        and values.ndim == 1
        and values.flags.c_contiguous
    ):
        return values
    if dtype is I64:
        return ids(values, name)
    try:
        array = np.asarray(values)
        if array.dtype.kind not in "biuf" or array.ndim > 1:
            raise TypeError
        return np.ascontiguousarray(array, dtype=dtype).reshape(-1)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"{name} must be a sequence of numbers; got {shown(values)}") from None


def transforms(bodies, x, y, angle, name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Ids and (x, y, angle) as four vectors of one length (``vector``)."""
    bodies = vector(bodies, I64, f"{name} bodies")
    x, y, angle = (
        vector(x, F64, f"{name} x"),
        vector(y, F64, f"{name} y"),
        vector(angle, F64, f"{name} angle"),
    )
    if not (len(bodies) == len(x) == len(y) == len(angle)):
        raise ValueError(
            f"{name} needs arrays of one length; got {len(bodies)}, {len(x)}, {len(y)}, {len(angle)}"
        )
    return bodies, x, y, angle


def at_most(values, most: int, name: str) -> None:
    """Refuse, before anything is converted, a sequence longer than ``most`` (one line naming it)."""
    try:
        k = len(values)
    except TypeError:
        return  # no length: the conversion that follows says what it is
    if k > most:
        raise ValueError(f"{name} has {k} rows; at most {most} are taken")


def ids(values, name: str) -> np.ndarray:
    """Body ids as a C-contiguous int64 vector; anything but integers is refused."""
    try:
        array = np.asarray(values)
    except (TypeError, ValueError, OverflowError):
        array = np.asarray(None)
    if array.ndim > 1 or not (array.dtype.kind in "iu" or (array.size == 0 and array.dtype.kind == "f")):
        raise TypeError(f"{name} must be a sequence of body ids (integers); got {shown(values)}")
    if array.dtype.kind == "u" and array.size and array.max() > np.iinfo(np.int64).max:
        raise KeyError(f"no body with id {int(array.max())} in this world")
    return np.ascontiguousarray(array, dtype=np.int64).reshape(-1)


def rows_fast(values, k: int, name: str) -> np.ndarray:
    """``values`` as a C-contiguous (k, 2) float64 array (untouched if it is one)."""
    if (
        type(values) is np.ndarray
        and values.dtype is F64
        and values.shape == (k, 2)
        and values.flags.c_contiguous
    ):
        return values
    return rows(values, k, name)


def rows(values, k: int, name: str) -> np.ndarray:
    """``values`` as a new (k, 2) float64 array; a wrong shape or kind is refused."""
    try:
        array = np.asarray(values)
        if array.dtype.kind not in "biuf":
            raise TypeError
        array = np.array(array, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"{name} must be (k, 2) numbers; got {shown(values)}") from None
    if array.size != 2 * k or (array.ndim != 2 and array.size):
        raise ValueError(f"{name} must be {k} rows of (dx, dy), one per body; got shape {array.shape}")
    return array.reshape(k, 2)


def finite_rows(values: np.ndarray, bodies: np.ndarray, name: str, *, coordinate: bool = False) -> None:
    """Refuse (one line naming the body) a row of (k, 2) ``values`` that is not finite, or, for a
    ``coordinate``, that lies beyond ``MAX_COORDINATE``."""
    limit = MAX_COORDINATE if coordinate else np.finfo(np.float64).max  # inf <= inf: not the limit
    if not values.size or np.abs(values).max() <= limit:  # one reduction (a NaN's max is NaN: not <=)
        return
    bad = np.flatnonzero(~(np.abs(values) <= limit).all(axis=1))
    if len(bad):
        k = int(bad[0])
        row = (float(values[k, 0]), float(values[k, 1]))
        if all(map(math.isfinite, row)):
            raise ValueError(
                f"{name} row {k} (body {int(bodies[k])}) is {row}, "
                f"outside the engine's range |x| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
            )
        raise ValueError(f"{name} row {k} (body {int(bodies[k])}) is not finite: {row}")


def check_end(body: int, x: float, y: float, dx: float, dy: float) -> None:
    """Refuse a move whose end, were nothing in the way, lies beyond the coordinate limit."""
    ex, ey = x + dx, y + dy
    if not (abs(ex) <= MAX_COORDINATE and abs(ey) <= MAX_COORDINATE):
        raise ValueError(
            f"displacement ({dx:g}, {dy:g}) of body {body} would end at ({ex:g}, {ey:g}), "
            f"outside the engine's range |x| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
        )


__all__ = [
    "F64",
    "I64",
    "MAX_BITS",
    "MAX_IMPULSES",
    "at_most",
    "bits",
    "body_id",
    "check_end",
    "direction",
    "finite_rows",
    "flag",
    "ids",
    "pair",
    "real",
    "rows",
    "rows_fast",
    "shape",
    "shown",
    "transform",
    "transforms",
    "vector",
    "within_range",
]
