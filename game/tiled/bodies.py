"""Solar2D's dynamic bodies as props: an object whose text property ``bodyType`` is ``dynamic``.

A map made for Solar2D (Corona) marks what its physics moves with
``bodyType: dynamic`` (Tiled's own Sticker Knight example: two push
blocks). The designer expects it to move, so it becomes a prop here: a
dynamic body the player, enemies and bullets push, solved as the props of a
``props`` layer are (``game.sim.props``), in whatever object layer it is.

Its shape is the object's own, not a prop kind's:

- a **rectangle**: that box; an **ellipse**: that ellipse (a circle when
  its sides are equal); a convex **polygon**: that polygon;
- a **tile object**: the box Tiled draws its tile's image in (its
  tileset's alignment and fill mode, ``fit.tile_object_box``), drawn with
  that image when the tile has an image of its own; the tile's collision
  shapes are not read (Solar2D's loaders make a tile object's body from
  its image's box).

Its numbers are Solar2D's ``physics.addBody`` options where the object has
them (``density``, ``friction``, ``bounce``), Solar2D's defaults otherwise
(1, 0.3, 0.2). Solar2D's density is per square metre at its default scale
of 30 px a metre (``physics.setScale``); a prop's is per square pixel, so
it is divided by 900: Sticker Knight's blocks (96 px, density 2) weigh
about 20, two crates' worth. Its body's ``linearDamping`` and
``angularDamping`` (1/s, as Box2D's and ours) are the prop's damping, within
the props' own limits (0 to 100); without them the damping is a prop's
default, not Solar2D's 0 (it stands for the floor's friction in a top-down
game). ``isSensor`` (true or false) makes it a sensor body (``World.add``'s
``sensor``): nothing collides with it, nothing pushes it. It never breaks.

Limits: the props' ``MAX_PROP_SIZE`` a side (a bigger body is not read,
with a warning) and ``MAX_PROPS`` props a map, counted with the ``props``
layer's.
"""

from __future__ import annotations

import contextlib
import math
from typing import Any

import pytiled_parser.tiled_object as tobj

from engine.collision import Circle, Ellipse, Polygon
from game.level import PropSpot

from .frame import MapFrame, tiled_to_world
from .prop_kinds import MAX_PROP_SIZE, PropKind
from .props import PROPERTIES, drawn_box, object_tile, outside_warning
from .tilesets import Tileset
from .walls import object_kind

__all__ = ["BODY_KIND", "PIXELS_PER_METRE", "SENSOR", "SOLAR2D", "body_spot"]

#: ``PropSpot.kind`` of a Solar2D body (what the checker's findings call it).
BODY_KIND = "dynamic body"
#: Solar2D's default ``physics.setScale``: how many px its metre is.
PIXELS_PER_METRE = 30.0
#: Solar2D's ``physics.addBody`` options and body properties read: name -> (the prop number it sets, low,
#: high, the default: Solar2D's, or None for the prop's own). Damping keeps the props' own limits.
SOLAR2D: dict[str, tuple[str, float, float, float | None]] = {
    "density": ("density", 1e-6 * PIXELS_PER_METRE**2, 100.0 * PIXELS_PER_METRE**2, 1.0),
    "friction": ("friction", 0.0, 10.0, 0.3),
    "bounce": ("restitution", 0.0, 1.0, 0.2),
    "linearDamping": ("linear_damping", *PROPERTIES["linear_damping"][1:3], None),
    "angularDamping": ("angular_damping", *PROPERTIES["angular_damping"][1:3], None),
}
#: Solar2D's ``isSensor``: a body others pass through (``World.add``'s ``sensor``).
SENSOR = "isSensor"


def body_spot(
    obj: Any, frame: MapFrame, where, report: Any, tilesets: list[Tileset], size: tuple[float, float]
) -> PropSpot | None:
    """A Solar2D ``dynamic`` object as a ``PropSpot`` whose ``body`` is its own ``PropKind``, or None with
    the reason in ``report`` (``findings.Findings``). ``size`` is the map's (width, height) in px."""
    numbers = _numbers(dict(obj.properties or {}), obj, where, report)
    if numbers is None:
        return None
    kind_of = object_kind(obj)
    w, h = float(obj.size.width), float(obj.size.height)
    image = None
    if isinstance(obj, tobj.Tile):
        owner, tile = object_tile(obj, tilesets, report, where)
        if tile is None:
            return None
        centre, (w, h) = drawn_box(obj, tile, owner)
        # Its own image, whole (an atlas tile or a sub-rectangle would need a cut; it is drawn as a box).
        if (
            tile.image is not None
            and tile.source[2:] == (tile.width, tile.height)
            and tile.source[:2] == (0, 0)
        ):
            image = tile.image
        shape: Any = Polygon.box(w / 2, h / 2)
    elif kind_of in ("rectangle", "ellipse"):
        centre = (w / 2, h / 2)
        if not (w > 0.0 and h > 0.0):
            report.error(f"dynamic {kind_of} has zero size ({w:g} × {h:g})", obj, where)
            return None
        if kind_of == "rectangle":
            shape = Polygon.box(w / 2, h / 2)
        else:
            shape = Circle(w / 2) if abs(w - h) < 1e-9 else Ellipse(w / 2, h / 2)
    elif kind_of == "polygon":
        points = [(float(p.x), float(p.y)) for p in obj.points]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        centre = (cx, cy)
        try:
            shape = Polygon([(x - cx, cy - y) for x, y in points])  # y up about the box's centre
        except ValueError as problem:
            report.warning(
                f"dynamic polygon not read: a moving body is one convex shape ({problem})", obj, where
            )
            return None
    else:
        report.warning(
            f"dynamic {kind_of} not read (a moving body is a rectangle, an ellipse, a convex polygon or a "
            "tile object)",
            obj,
            where,
        )
        return None
    if max(w, h) > MAX_PROP_SIZE:
        report.warning(
            f"dynamic {kind_of} is {w:g} × {h:g} px; a moving body is at most {MAX_PROP_SIZE:g} px a side: "
            "not read",
            obj,
            where,
        )
        return None
    xf = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y, obj.rotation, centre)
    x, y = float(xf.x), float(xf.y)
    outside_warning(BODY_KIND, x, y, size, report, obj)
    kind = PropKind(BODY_KIND, -1, image, shape, max(1, round(w)), max(1, round(h)), health=0.0, **numbers)
    return PropSpot(int(obj.id), obj.name or "", BODY_KIND, x, y, float(xf.angle), {}, kind)


def _numbers(properties: dict, obj: Any, where, report: Any) -> dict[str, Any] | None:
    """The prop fields the object's Solar2D options set (Solar2D's defaults for the rest, the prop's
    for damping), or None with one error per bad one (the property, the range and the value)."""
    numbers: dict[str, Any] = {}
    sensor = _sensor(properties.get(SENSOR, False))
    bad = sensor is None
    if sensor is None:
        value = properties.get(SENSOR)
        report.error(f"Solar2D property {SENSOR} must be true or false, got {value!r}", obj, where)
    elif sensor:
        numbers["sensor"] = True
    for name, (field, low, high, default) in SOLAR2D.items():
        if default is None and name not in properties:
            continue
        value = properties.get(name, default)
        if isinstance(value, str):  # a property added as text in Tiled
            with contextlib.suppress(ValueError):
                value = float(value)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            ok = False
        else:
            ok = low <= value <= high
        if not ok:
            report.error(
                f"Solar2D property {name} must be a number from {low:g} to {high:g}, got {value!r}",
                obj,
                where,
            )
            bad = True
            continue
        numbers[field] = float(value) / PIXELS_PER_METRE**2 if name == "density" else float(value)
    return None if bad else numbers


def _sensor(value: Any) -> bool | None:
    """``isSensor`` as a flag: a Tiled bool, or the text ``true``/``false`` (a property added as text);
    None for anything else."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None
