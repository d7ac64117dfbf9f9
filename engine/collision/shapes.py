"""Convex shapes as plain data, validated on construction, with support functions.

Every shape is a *core* plus a *radius* (Box2D, Chipmunk): a circle is a point
core, a capsule a segment core, a polygon a polygon core (radius 0, or > 0 for a
rounded polygon), and an ellipse a curved core of its own. GJK and EPA run on
the cores; the radii are added afterwards, which is exact and keeps round
shapes from needing many support steps.

All coordinates here are *local*: a shape is placed in the world by a
``Transform`` passed at query time.

Every number is checked when the shape is made, against the engine's
written limits (``limits``): a real number (not a bool, string or None),
finite, coordinates within ``MAX_COORDINATE`` = 1e9, radii, semi-axes and
half-extents within ``MAX_SIZE`` = 1e9, and every shape at least
``MIN_SIZE`` = 1e-12 across. A wrong type is a ``TypeError``, a value out of
range a ``ValueError``; both name the argument, the value and the limit.

The kernels see a shape as one flat float64 array (``shape.packed``)::

    [kind, radius, count, rx, ry, bound, x0, y0, x1, y1, ...]

``kind`` is ``KIND_POINTS`` (the core is the convex hull of ``count`` points)
or ``KIND_ELLIPSE`` (the core is the ellipse with semi-axes rx, ry).
``bound`` is the largest distance from the local origin to the core, used to
scale tolerances. Many shapes are concatenated into one buffer by
``ShapeTable``; a shape is then known by its offset into the buffer.

Each built-in shape also keeps ``_packed_address``, where its ``packed`` data lives:
the one-pair queries hand that integer to their kernels (``packed_at``)
instead of the array, because numba unboxes an array argument into a fresh
record on every call and an integer in a fraction of that time. The shapes
are frozen and ``packed`` is read-only, so the address holds for the shape's
life; a copy or an unpickled shape is built afresh by its constructor
(``__reduce__``), so it gets its own buffer and its own address.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np

from .jit import inline, view_at
from .limits import MAX_COORDINATE, MIN_SIZE, check_coordinate, check_size, check_transform, real, shown
from .transform import Transform

KIND_POINTS = 0
KIND_ELLIPSE = 1

H_KIND, H_RADIUS, H_COUNT, H_RX, H_RY, H_BOUND = 0, 1, 2, 3, 4, 5
HEADER = 6

#: Points of a polygon closer than this fraction of its size are welded into one.
WELD_TOLERANCE_REL = 1e-6
#: A turn whose sine is below this counts as straight: the vertex is dropped.
COLLINEAR_SINE = 1e-9
_STRAIGHT = f"within COLLINEAR_SINE = {COLLINEAR_SINE:g} of a straight line"


@runtime_checkable
class SupportShape(Protocol):
    """Anything convex with a local support function works with the queries.

    ``support(dx, dy)`` returns the point of the shape, in its local frame,
    farthest along the local direction (dx, dy) (not necessarily unit length).
    This is parry's ``SupportMap`` or dyn4j's ``Convex``. Custom shapes run the
    same GJK and EPA code as the built-in ones, as plain Python. Its answers
    are held to the limits of built-in shapes (``limits``): a point that is
    not finite or lies beyond ``MAX_COORDINATE`` is refused with a
    ``ValueError`` naming the shape's support.
    """

    def support(self, dx: float, dy: float) -> tuple[float, float]: ...


@inline
def support_packed(data, off, dx, dy):
    """Support point of a packed shape's *core*, local frame.

    Returns (x, y, feature id). The id is the vertex index for point cores and
    -1 for curved cores; GJK and EPA use it to notice a repeated vertex.
    """
    if data[off + H_KIND] == KIND_ELLIPSE:
        ex = data[off + H_RX] ** 2 * dx
        ey = data[off + H_RY] ** 2 * dy
        k = math.sqrt(ex * dx + ey * dy)
        if k == 0.0:
            return data[off + H_RX], 0.0, -1
        return ex / k, ey / k, -1
    count = int(data[off + H_COUNT])
    base = off + HEADER
    best = 0
    best_dot = data[base] * dx + data[base + 1] * dy
    for i in range(1, count):
        dot = data[base + 2 * i] * dx + data[base + 2 * i + 1] * dy
        if dot > best_dot:
            best, best_dot = i, dot
    return data[base + 2 * best], data[base + 2 * best + 1], best


#: ``support_packed`` as plain Python (the function itself when ``NUMBA_DISABLE_JIT=1``).
_support_packed_python = getattr(support_packed, "py_func", support_packed)


@inline
def packed_at(address):
    """The packed shape whose data starts at ``address`` (a shape's ``_packed_address``), as a view.

    The header says how long the shape is: ``HEADER`` numbers, then ``count`` points.
    """
    head = view_at(address, HEADER)
    return view_at(address, HEADER + 2 * int(head[H_COUNT]))


def _set_packed(shape, packed: np.ndarray) -> None:
    """Give a (frozen) shape its packed data and the address the one-pair kernels read it at."""
    object.__setattr__(shape, "packed", packed)
    object.__setattr__(shape, "_packed_address", packed.ctypes.data)


def support_object(shape, off, dx, dy):
    """Support of any ``SupportShape``, in the form the kernels call.

    A custom shape has no separate core: its whole outline is the core and its
    radius is 0. ``off`` is unused; it keeps the signature of ``support_packed``.
    Its answer is checked like a built-in shape's vertices (``limits``): a NaN
    or a point out of range would otherwise flow through GJK as a silent
    wrong answer.
    """
    try:
        x, y = shape.support(dx, dy)
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        raise TypeError(
            f"{type(shape).__name__}.support({dx}, {dy}) must return an (x, y) pair of numbers"
        ) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(
            f"{type(shape).__name__}.support({dx}, {dy}) returned ({x}, {y}): not a finite point"
        )
    if not (abs(x) <= MAX_COORDINATE and abs(y) <= MAX_COORDINATE):
        raise ValueError(
            f"{type(shape).__name__}.support({dx}, {dy}) returned ({x}, {y}), outside the engine's range "
            f"|x| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
        )
    return x, y, -1


def _check_radius(what: str, radius, *, allow_zero: bool) -> float:
    return check_size(f"{what} radius", real(f"{what} radius", radius), allow_zero=allow_zero)


def _point(what: str, p) -> tuple[float, float]:
    try:
        x, y = p
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be an (x, y) pair of numbers, got {shown(p)}") from None
    x, y = real(f"{what} x", x), real(f"{what} y", y)
    return check_coordinate(f"{what} x", x), check_coordinate(f"{what} y", y)


def _check_extent(what: str, extent: float) -> None:
    if not extent >= MIN_SIZE:
        raise ValueError(f"{what} is only {extent} across, below the engine's MIN_SIZE = {MIN_SIZE:g}")


def _pack(kind: int, radius: float, points, rx: float = 0.0, ry: float = 0.0) -> np.ndarray:
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    bound = max(rx, ry) if kind == KIND_ELLIPSE else float(np.sqrt((pts**2).sum(axis=1)).max())
    head = [float(kind), radius, float(len(pts)), rx, ry, bound]
    packed = np.concatenate([np.array(head), pts.ravel()])
    packed.flags.writeable = False
    return packed


def support_rounded(packed, dx: float, dy: float) -> tuple[float, float]:
    """Support of a whole packed shape (an array, or its numbers as a list), core plus radius, local frame.

    Called from Python (``shape.support``, ``aabb``), it runs ``support_packed``
    as plain Python: calling the compiled one from Python would compile it, and
    the title screen reading the levels must compile nothing (``game.headless.warmup``).
    The kernels inline the compiled ``support_packed`` and never come here.
    """
    x, y, _ = _support_packed_python(packed, 0, float(dx), float(dy))
    radius = packed[H_RADIUS]
    n = math.hypot(dx, dy)
    if radius == 0.0 or n == 0.0:
        return float(x), float(y)
    return float(x + radius * dx / n), float(y + radius * dy / n)


@dataclass(frozen=True, slots=True)
class Circle:
    """A disc of ``radius`` around ``center`` (local frame).

    >>> Circle(2.0, center=(1.0, 0.0)).support(0.0, 1.0)
    (1.0, 2.0)
    """

    radius: float
    center: tuple[float, float] = (0.0, 0.0)
    packed: np.ndarray = field(init=False, repr=False, compare=False)
    _packed_address: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "radius", _check_radius("circle", self.radius, allow_zero=False))
        object.__setattr__(self, "center", _point("circle center", self.center))
        _set_packed(self, _pack(KIND_POINTS, self.radius, [self.center]))

    def __reduce__(self):
        return Circle, (self.radius, self.center)

    def support(self, dx: float, dy: float) -> tuple[float, float]:
        return support_rounded(self.packed, dx, dy)


@dataclass(frozen=True, slots=True)
class Capsule:
    """All points within ``radius`` of the segment p1–p2 (local frame).

    A capsule with radius 0 is a thin segment; with p1 == p2 it is a circle.

    >>> Capsule((-1.0, 0.0), (1.0, 0.0), 0.5).support(1.0, 0.0)
    (1.5, 0.0)
    """

    p1: tuple[float, float]
    p2: tuple[float, float]
    radius: float
    packed: np.ndarray = field(init=False, repr=False, compare=False)
    _packed_address: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        p1, p2 = _point("capsule p1", self.p1), _point("capsule p2", self.p2)
        radius = _check_radius("capsule", self.radius, allow_zero=True)
        if radius == 0.0 and p1 == p2:
            raise ValueError("capsule with radius 0 needs p1 != p2: it would be a single point")
        _check_extent("capsule", math.hypot(p2[0] - p1[0], p2[1] - p1[1]) + 2.0 * radius)
        object.__setattr__(self, "p1", p1)
        object.__setattr__(self, "p2", p2)
        object.__setattr__(self, "radius", radius)
        _set_packed(self, _pack(KIND_POINTS, radius, [p1, p2]))

    def __reduce__(self):
        return Capsule, (self.p1, self.p2, self.radius)

    def support(self, dx: float, dy: float) -> tuple[float, float]:
        return support_rounded(self.packed, dx, dy)


@dataclass(frozen=True, slots=True)
class Ellipse:
    """The ellipse x²/rx² + y²/ry² ≤ 1 (local frame), with an exact support function.

    The support along d is (rx²·dx, ry²·dy) / sqrt(rx²·dx² + ry²·dy²), the
    point where the outward normal is parallel to d (dyn4j's ``Ellipse``).

    >>> Ellipse(2.0, 1.0).support(1.0, 0.0)
    (2.0, 0.0)
    """

    rx: float
    ry: float
    packed: np.ndarray = field(init=False, repr=False, compare=False)
    _packed_address: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rx = check_size("ellipse rx", real("ellipse rx", self.rx))
        ry = check_size("ellipse ry", real("ellipse ry", self.ry))
        object.__setattr__(self, "rx", rx)
        object.__setattr__(self, "ry", ry)
        _set_packed(self, _pack(KIND_ELLIPSE, 0.0, [(0.0, 0.0)], rx, ry))

    def __reduce__(self):
        return Ellipse, (self.rx, self.ry)

    @property
    def radius(self) -> float:
        return 0.0

    def support(self, dx: float, dy: float) -> tuple[float, float]:
        return support_rounded(self.packed, dx, dy)


@dataclass(frozen=True, slots=True)
class Polygon:
    """A convex polygon (local frame), optionally rounded by ``radius``.

    Points may wind either way; they are stored counter-clockwise, with
    near-duplicates welded and straight-through vertices dropped. Anything
    else that is not a convex polygon raises ``ValueError`` saying what is
    wrong: no silent hull is ever taken.

    >>> Polygon([(0, 0), (2, 0), (2, 1), (0, 1)]).support(1.0, 1.0)
    (2.0, 1.0)
    >>> Polygon([(0, 0), (2, 0), (1, 0.2), (2, 1), (0, 1)])
    Traceback (most recent call last):
    ...
    ValueError: polygon is not convex: it turns the wrong way at vertex 2 (1.0, 0.2)
    """

    points: tuple[tuple[float, float], ...]
    radius: float = 0.0
    packed: np.ndarray = field(init=False, repr=False, compare=False)
    _packed_address: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        radius = _check_radius("polygon", self.radius, allow_zero=True)
        points = validate_convex_polygon(self.points)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "radius", radius)
        _set_packed(self, _pack(KIND_POINTS, radius, points))

    def __reduce__(self):
        return Polygon, (self.points, self.radius)

    @classmethod
    def box(cls, half_width: float, half_height: float, radius: float = 0.0) -> Polygon:
        """An axis-aligned box centred on the local origin.

        >>> Polygon.box(2.0, 1.0).points
        ((-2.0, -1.0), (2.0, -1.0), (2.0, 1.0), (-2.0, 1.0))
        """
        hw = check_size("box half_width", real("box half_width", half_width))
        hh = check_size("box half_height", real("box half_height", half_height))
        if not 2.0 * min(hw, hh) > WELD_TOLERANCE_REL * math.hypot(2.0 * hw, 2.0 * hh):
            # ``validate_convex_polygon``'s weld, in a box's words: its short sides would be one point.
            raise ValueError(
                f"box half_width {hw!r} and half_height {hh!r}: its shorter side must be longer than "
                f"WELD_TOLERANCE_REL = {WELD_TOLERANCE_REL:g} of its diagonal (a box at most about "
                "1,000,000 times as long as it is wide), or its corners weld into one"
            )
        points = ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
        if cls is not Polygon or not 1e-3 * max(hw, hh) <= min(hw, hh):
            return cls(points, radius)  # the general checks, and their words for what is wrong
        # Counter-clockwise, convex, no two corners within the weld, its area far from zero: what
        # ``validate_convex_polygon`` would return unchanged (a level's thousands of rectangles
        # spent half their reading time proving it).
        box = object.__new__(cls)
        object.__setattr__(box, "points", points)
        object.__setattr__(box, "radius", _check_radius("polygon", radius, allow_zero=True))
        _set_packed(box, _pack(KIND_POINTS, box.radius, points))
        return box

    def support(self, dx: float, dy: float) -> tuple[float, float]:
        return support_rounded(self.packed, dx, dy)


#: The shapes whose packed numbers are their whole description (``aabb`` reads them directly).
_BUILT_IN = (Circle, Capsule, Ellipse, Polygon)


def validate_convex_polygon(points) -> tuple[tuple[float, float], ...]:
    """Clean and check a convex outline; return its vertices counter-clockwise.

    Outline of the checks, each raising ``ValueError`` with the input index:
    1. every point is a finite (x, y) pair;
    2. consecutive points closer than ``WELD_TOLERANCE_REL`` × size are welded;
    3. at least 3 distinct points remain and they enclose some area;
    4. after orienting counter-clockwise, no vertex turns clockwise (concave),
       and the outline turns exactly once around (not a star);
    5. vertices where the outline runs straight on are dropped.
    """
    if isinstance(points, (str, bytes)) or not hasattr(points, "__iter__"):
        raise TypeError(
            f"polygon points must be a sequence of (x, y) pairs of numbers, got {type(points).__name__}"
        )
    pts = [_point(f"polygon vertex {i}", p) for i, p in enumerate(points)]
    if len(pts) < 3:
        raise ValueError(f"polygon needs at least 3 distinct points, got {len(pts)}")

    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    size = math.hypot(max(xs) - min(xs), max(ys) - min(ys))
    _check_extent("polygon", size)
    weld = WELD_TOLERANCE_REL * size
    kept: list[int] = []
    for i, p in enumerate(pts):
        if not kept or math.dist(p, pts[kept[-1]]) > weld:
            kept.append(i)
    while len(kept) > 1 and math.dist(pts[kept[-1]], pts[kept[0]]) <= weld:
        kept.pop()
    if len(kept) < 3:
        given = len(set(pts))
        if given >= 3:  # distinct points merged by the weld: say so, or "got 2" reads as a miscount
            raise ValueError(
                f"polygon's {given} distinct points snap to {len(kept)} (points closer than "
                f"WELD_TOLERANCE_REL = {WELD_TOLERANCE_REL:g} of its size, {weld:.3g} here, are one point), "
                "so it has no area"
            )
        raise ValueError(f"polygon needs at least 3 distinct points, got {len(kept)}")

    area2 = sum(
        pts[i][0] * pts[j][1] - pts[j][0] * pts[i][1] for i, j in zip(kept, kept[1:] + kept[:1], strict=False)
    )
    if abs(area2) <= COLLINEAR_SINE * size * size:
        if _spread(pts, kept) > COLLINEAR_SINE * size * size:  # a bowtie: two lobes whose areas cancel
            raise ValueError("polygon is self-intersecting: its edges cross, so its area cancels out")
        raise ValueError(f"polygon points are all collinear: it has no area ({_STRAIGHT})")
    if area2 < 0.0:
        kept.reverse()

    n = len(kept)
    straight: set[int] = set()
    total_turn = 0.0
    for k in range(n):
        i_prev, i, i_next = kept[k - 1], kept[k], kept[(k + 1) % n]
        ax, ay = pts[i][0] - pts[i_prev][0], pts[i][1] - pts[i_prev][1]
        bx, by = pts[i_next][0] - pts[i][0], pts[i_next][1] - pts[i][1]
        cross, dot = ax * by - ay * bx, ax * bx + ay * by
        scale = math.hypot(ax, ay) * math.hypot(bx, by)
        if cross < -COLLINEAR_SINE * scale:
            raise ValueError(
                f"polygon is not convex: it turns the wrong way at vertex {i} ({pts[i][0]}, {pts[i][1]})"
            )
        if cross <= COLLINEAR_SINE * scale:
            if dot < 0.0:
                raise ValueError(f"polygon folds back on itself at vertex {i} ({pts[i][0]}, {pts[i][1]})")
            straight.add(i)
        total_turn += math.atan2(cross, dot)
    if total_turn > 3.0 * math.pi:
        turns = round(total_turn / (2.0 * math.pi))
        raise ValueError(f"polygon is self-intersecting: its outline winds around {turns} times")
    result = tuple(pts[i] for i in kept if i not in straight)
    if len(result) < 3:
        raise ValueError(f"polygon points are all collinear: it has no area ({_STRAIGHT})")
    return result


def _spread(pts: list, kept: list[int]) -> float:
    """Twice the largest triangle area between the first kept point, the one farthest from it, and any
    other: zero when every point lies on one line."""
    first = pts[kept[0]]
    far = max((pts[i] for i in kept), key=lambda p: math.dist(p, first))
    return max(
        abs((far[0] - first[0]) * (pts[i][1] - first[1]) - (far[1] - first[1]) * (pts[i][0] - first[0]))
        for i in kept
    )


def shape_radius(shape) -> float:
    """The radius added around a shape's core (0 for custom shapes)."""
    return shape.radius if hasattr(shape, "packed") else 0.0


def aabb(shape: SupportShape, xf: Transform) -> tuple[float, float, float, float]:
    """World-space bounding box (min_x, min_y, max_x, max_y) of ``shape`` at ``xf``.

    Exact for every convex shape: each side is the world support along an axis,
    found by rotating the axis into the local frame (seed 003). ``xf`` is
    ``(x, y, angle)`` or a ``Transform``, checked like a query's.

    >>> aabb(Polygon.box(2.0, 1.0), (10.0, 0.0, 0.0))
    (8.0, -1.0, 12.0, 1.0)
    """
    x, y, angle = check_transform("xf", xf)
    if type(shape) in _BUILT_IN:
        # Its packed numbers as Python floats: the same supports, without a numpy scalar per
        # vertex read or the checks a custom shape's answers need (a level check takes thousands).
        shape = _Packed(shape.packed.tolist())
    elif not isinstance(shape, SupportShape):
        raise TypeError(f"shape is a {type(shape).__name__}, not a shape: it has no support(dx, dy)")
    c, s = math.cos(angle), math.sin(angle)
    # The world axes +x and +y seen from the shape's frame.
    lo_x = _world_support(shape, c, s, x, y, -c, s)[0]
    hi_x = _world_support(shape, c, s, x, y, c, -s)[0]
    lo_y = _world_support(shape, c, s, x, y, -s, -c)[1]
    hi_y = _world_support(shape, c, s, x, y, s, c)[1]
    return lo_x, lo_y, hi_x, hi_y


class _Packed:
    """A built-in shape's packed numbers as a list: ``support`` as the shape's own, already checked."""

    __slots__ = ("data",)

    def __init__(self, data: list) -> None:
        self.data = data


def _world_support(shape, c, s, x, y, ldx, ldy):
    if type(shape) is _Packed:
        px, py = support_rounded(shape.data, ldx, ldy)
    else:
        px, py, _ = support_object(shape, 0, ldx, ldy)
    return c * px - s * py + x, s * px + c * py + y
