"""Rigid transforms and the rotations the kernels use.

Frames: every shape is defined in its own *local* frame. A ``Transform`` maps
local to world: ``world = R(angle) @ local + (x, y)``, angle in radians,
counter-clockwise, y up.

The kernels never rotate a shape's vertices. They rotate the *search
direction* into the shape's frame and the single support point back out
(seed 003, "local to world space"), and they run each pair in shape A's
frame so that shapes far from the origin keep their precision (Box2D v3).
"""

from __future__ import annotations

import math
import numbers
from typing import NamedTuple

from .jit import inline, kernel


class Transform(NamedTuple):
    """Position and rotation of a shape: local → world.

    ``angle`` is in radians, counter-clockwise, with y up.

    >>> xf = Transform(2.0, 0.0, math.pi / 2)
    >>> x, y = xf.apply(1.0, 0.0)
    >>> round(x, 12), round(y, 12)
    (2.0, 1.0)
    >>> Transform(0.0, float("nan"), 0.0).validated()
    Traceback (most recent call last):
    ...
    ValueError: transform y is nan; a transform needs finite x, y and angle
    """

    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0

    def validated(self) -> Transform:
        """Return ``self`` if x, y and angle are finite real numbers; else a ``TypeError`` (not a
        number) or ``ValueError`` (not finite) naming the field and the value as given."""
        for name, value in zip(self._fields, self, strict=False):
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
                raise TypeError(
                    f"transform {name} is {shown} ({type(value).__name__}); a transform needs numbers"
                )
            if not math.isfinite(value):
                raise ValueError(f"transform {name} is {value}; a transform needs finite x, y and angle")
        return self

    def apply(self, px: float, py: float) -> tuple[float, float]:
        """Map a local point to world coordinates."""
        c, s = math.cos(self.angle), math.sin(self.angle)
        return c * px - s * py + self.x, s * px + c * py + self.y


IDENTITY = Transform(0.0, 0.0, 0.0)


@inline
def rotate(c, s, x, y):
    """R·(x, y) for the rotation with cosine ``c`` and sine ``s``."""
    return c * x - s * y, s * x + c * y


@inline
def rotate_inv(c, s, x, y):
    """Rᵀ·(x, y): a world direction expressed in the rotated frame."""
    return c * x + s * y, -s * x + c * y


@inline
def length(x, y):
    """|(x, y)|. ``math.hypot`` guards against overflow we cannot meet here and
    costs a library call in the inner loops."""
    return math.sqrt(x * x + y * y)


@kernel
def relative_transform(xa, ya, ca, sa, xb, yb, cb, sb):
    """B's frame expressed in A's frame: returns (c, s, tx, ty) with
    p_A = R(c, s)·p_B + (tx, ty).

    The translation is computed as Rₐᵀ(t_b − t_a): the one subtraction of two
    large world coordinates happens once, here, and everything after it works
    on numbers the size of the shapes.
    """
    c = ca * cb + sa * sb
    s = ca * sb - sa * cb
    tx, ty = rotate_inv(ca, sa, xb - xa, yb - ya)
    return c, s, tx, ty
