"""Shapes and pairs as plain JSON-ready data, and the engine shapes they stand for.

A *spec* is a dict naming one of the four kinds pymunk also has::

    {"kind": "poly",    "points": [[x, y], ...]}                 # pymunk Poly
    {"kind": "rounded", "points": [[x, y], ...], "radius": r}    # Poly(radius=r)
    {"kind": "circle",  "radius": r, "center": [x, y]}           # Circle(offset=center)
    {"kind": "capsule", "p1": [x, y], "p2": [x, y], "radius": r} # Segment(radius=r)

all in the shape's local frame. A ``Pair`` is two shapes with their world
transforms ``(x, y, angle)`` (radians, counter-clockwise, y up).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from engine.collision import Capsule, Circle, Polygon

KINDS = ("poly", "rounded", "circle", "capsule")


class Pair(NamedTuple):
    """Two shapes and where they are.

    >>> Pair(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (3.0, 0.0, 0.0)).pairing
    'circle-circle'
    """

    a: object
    xf_a: tuple[float, float, float]
    b: object
    xf_b: tuple[float, float, float]

    @property
    def pairing(self) -> str:
        return f"{kind_of(self.a)}-{kind_of(self.b)}"


def kind_of(shape) -> str:
    """The spec kind of an engine shape.

    >>> kind_of(Polygon.box(1.0, 1.0, radius=0.5))
    'rounded'
    """
    if isinstance(shape, Polygon):
        return "rounded" if shape.radius > 0.0 else "poly"
    if isinstance(shape, Circle):
        return "circle"
    if isinstance(shape, Capsule):
        return "capsule"
    raise TypeError(f"pymunk has no twin for {type(shape).__name__}")


def spec_of(shape) -> dict:
    """The spec of an engine shape (inverse of ``shape_of``)."""
    kind = kind_of(shape)
    if kind == "poly":
        return {"kind": kind, "points": [list(p) for p in shape.points]}
    if kind == "rounded":
        return {"kind": kind, "points": [list(p) for p in shape.points], "radius": shape.radius}
    if kind == "circle":
        return {"kind": kind, "radius": shape.radius, "center": list(shape.center)}
    return {"kind": kind, "p1": list(shape.p1), "p2": list(shape.p2), "radius": shape.radius}


def _field(spec: dict, name: str):
    if name not in spec:
        raise ValueError(f"{spec.get('kind', 'shape')} needs '{name}'")
    return spec[name]


def shape_of(spec) -> object:
    """The engine shape a spec names; ``ValueError`` says what is wrong with a bad one.

    >>> shape_of({"kind": "circle", "radius": 2, "center": [1, 0]})
    Circle(radius=2.0, center=(1.0, 0.0))
    >>> shape_of({"kind": "ellipse"})
    Traceback (most recent call last):
    ...
    ValueError: kind must be one of poly, rounded, circle, capsule, not 'ellipse'
    """
    if not isinstance(spec, dict):
        raise ValueError(f"a shape must be a JSON object, not {type(spec).__name__}")
    kind = spec.get("kind")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    try:
        if kind == "poly":
            return Polygon(_field(spec, "points"))
        if kind == "rounded":
            shape = Polygon(_field(spec, "points"), _field(spec, "radius"))
            if shape.radius <= 0.0:
                raise ValueError("a rounded polygon needs radius > 0")
            return shape
        if kind == "circle":
            return Circle(_field(spec, "radius"), tuple(spec.get("center", (0.0, 0.0))))
        return Capsule(tuple(_field(spec, "p1")), tuple(_field(spec, "p2")), _field(spec, "radius"))
    except TypeError as error:  # wrong JSON types inside the spec
        raise ValueError(f"{kind}: {error}") from None


def transform_of(value) -> tuple[float, float, float]:
    """A world transform (x, y, angle) from JSON; ``ValueError`` if it is not three finite numbers."""
    try:
        xf = tuple(float(v) for v in value)
    except (TypeError, ValueError):
        raise ValueError(f"a transform must be [x, y, angle], not {value!r}") from None
    if len(xf) != 3 or not all(math.isfinite(v) for v in xf):
        raise ValueError(f"a transform must be three finite numbers [x, y, angle], not {value!r}")
    return xf  # type: ignore[return-value]


def core_points(shape) -> np.ndarray:
    """The local points whose convex hull is the shape's core, shape (n, 2)."""
    if isinstance(shape, Polygon):
        return np.array(shape.points, dtype=np.float64)
    if isinstance(shape, Circle):
        return np.array([shape.center], dtype=np.float64)
    if isinstance(shape, Capsule):
        return np.array([shape.p1, shape.p2], dtype=np.float64)
    raise TypeError(f"no core points for {type(shape).__name__}")


def world_points(points: np.ndarray, xf) -> np.ndarray:
    """Local points (n, 2) through a transform (x, y, angle), the way the engine rotates."""
    x, y, angle = xf
    c, s = math.cos(angle), math.sin(angle)
    px, py = points[:, 0], points[:, 1]
    return np.column_stack([c * px - s * py + x, s * px + c * py + y])


def bound(shape) -> float:
    """Largest distance from the local origin to the core (the engine's ``bound``)."""
    return float(np.hypot(*core_points(shape).T).max())


def pair_size(pair: Pair) -> float:
    """The engine's size of a pair: both extents plus the distance between the origins."""
    reach = math.hypot(pair.xf_b[0] - pair.xf_a[0], pair.xf_b[1] - pair.xf_a[1])
    return bound(pair.a) + pair.a.radius + bound(pair.b) + pair.b.radius + reach


def largest_coordinate(pair: Pair) -> float:
    """The largest world position coordinate of the pair (the engine's ``largest``)."""
    return max(abs(pair.xf_a[0]), abs(pair.xf_a[1]), abs(pair.xf_b[0]), abs(pair.xf_b[1]))
