"""The ``props`` object layer: where a level puts its crates and barrels, read under the loader's rules.

A prop is placed by one object in a layer named ``props``:

- a **point**: the prop's centre, at angle 0;
- a **rectangle** (or ellipse): its centre, turned by its rotation (the
  size is the kind's, from ``assets/props.tsj``; a box of another size is
  said in a warning, never scaled silently);
- a **tile object** from a tileset whose tile has the prop's class (e.g.
  ``assets/props.tsj`` added to the map): the prop goes where Tiled draws
  the tile's image's centre, anchored at the point its tileset's
  ``objectalignment`` names (bottom-left when unspecified; ``fit.tile_object_box``,
  as the tile objects' collision is placed).

Its class (or its tile's class) names the kind: a tile class of
``assets/props.tsj``. Its custom properties override the kind's numbers
(``PROPERTIES``: density, friction, restitution, damping, health,
explosive, blast, debris); an unknown name or a value out of range is an
error naming the object, the property and the value.

Limits: ``MAX_PROPS`` props a map (checked on the layer's count before
any is read).

Frames: Tiled's y-down pixels in, the world's y-up pixels and engine
radians (CCW) out, by ``frame.tiled_to_world``.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytiled_parser.tiled_object as tobj

from game.level import OUTSIDE_MAP, PropSpot

from .fit import tile_object_box
from .frame import MapFrame, tiled_to_world
from .tilesets import Tileset, read_tileset
from .walls import object_kind

__all__ = [
    "DEBRIS",
    "GID_MASK",
    "MAX_PROPS",
    "PROPERTIES",
    "PROPS_FILE",
    "drawn_box",
    "object_tile",
    "outside_warning",
    "prop_classes",
    "prop_spot",
    "property_problem",
    "props_trouble",
    "tile_of",
]

PROPS_FILE = Path(__file__).resolve().parents[2] / "assets" / "props.tsj"
#: Most props one map may place (each is a dynamic body the step solves; 300 moving cost ~2 ms).
MAX_PROPS = 2_000
#: The debris kind a breakable prop scatters unless it names another one.
DEBRIS = "debris"
#: Tiled keeps a gid's top four bits for its flip flags.
GID_MASK = 0x0FFFFFFF
#: A placing box may differ from the kind's image by this much (px) without a warning.
_SIZE_SLACK = 0.5

#: name -> (type, low, high, default): every number a prop kind (or a placed prop) may set.
PROPERTIES: dict[str, tuple[type, float, float, Any]] = {
    "density": (float, 1e-6, 100.0, 0.01),
    "friction": (float, 0.0, 10.0, 0.5),
    "restitution": (float, 0.0, 1.0, 0.0),
    "linear_damping": (float, 0.0, 100.0, 3.0),
    "angular_damping": (float, 0.0, 100.0, 3.0),
    #: px/s²: the deceleration the floor's friction gives it sliding (a crate pushed at v and let go
    #: stops in v² / (2 × this)); 0: the floor does not grip it, only its damping slows it.
    "floor_friction": (float, 0.0, 100_000.0, 0.0),
    #: px/s: how fast it must strike an actor to hurt it (a wrecking ball's is low: its weight hurts);
    #: 0: the game's (``game.sim.props.PropRules.hurt_speed``).
    "hurt_speed": (float, 0.0, 100_000.0, 0.0),
    #: Damage it takes before it breaks (or explodes); 0: it never breaks.
    "health": (float, 0.0, 100_000.0, 0.0),
    "explosive": (bool, 0, 1, False),
    #: px: how far its blast reaches; impulse and damage fall linearly to 0 there.
    "blast_radius": (float, 0.0, 1000.0, 0.0),
    #: Damage at the blast's centre, to actors and props (which may explode in turn).
    "blast_damage": (float, 0.0, 10_000.0, 0.0),
    #: Impulse (mass × px/s) on a prop at the centre; actors take it as knockback per unit mass.
    "blast_impulse": (float, 0.0, 1e7, 0.0),
    #: How many pieces of debris it breaks into.
    "debris": (int, 0, 16, 0),
    "debris_kind": (str, 0, 0, DEBRIS),
}


def property_problem(name: str, value: Any) -> str | None:
    """Why ``value`` cannot be prop property ``name``, or None.

    >>> property_problem("restitution", 2.0)
    'property restitution must be a number from 0 to 1, got 2.0'
    >>> property_problem("weight", 1.0) is None
    False
    """
    if name not in PROPERTIES:
        return f"unknown property {name!r} (props take: {', '.join(PROPERTIES)})"
    kind, low, high, _ = PROPERTIES[name]
    if kind is bool:
        return None if isinstance(value, bool) else f"property {name} must be true or false, got {value!r}"
    if kind is str:
        if isinstance(value, str) and value:
            return None
        return f"property {name} must be a prop kind's name, got {value!r}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"property {name} must be a number from {low:g} to {high:g}, got {value!r}"
    if not (math.isfinite(value) and low <= value <= high):
        return f"property {name} must be a number from {low:g} to {high:g}, got {value!r}"
    if kind is int and value != int(value):
        return f"property {name} must be a whole number from {low:g} to {high:g}, got {value!r}"
    return None


@lru_cache(maxsize=1)
def prop_classes() -> dict[str, tuple[int, int]]:
    """The prop kinds a level may place and their image sizes (px): the tile classes of the shipped
    ``assets/props.tsj`` (``game.tiled.prop_kinds`` reads their shapes and numbers; a broken file gives no
    kinds here and its own findings there)."""
    tileset, _ = read_tileset(PROPS_FILE)
    if tileset is None:
        return {}
    return {t.type: (t.width, t.height) for _, t in sorted(tileset.tiles.items()) if t.type}


@lru_cache(maxsize=1)
def props_trouble() -> str:
    """Why ``PROPS_FILE`` gives no prop kinds, in one line: its first error (missing, unreadable, not a
    tileset...), so a level's unknown prop class says the cause, not only the symptom."""
    tileset, findings = read_tileset(PROPS_FILE)
    errors = [str(f) for f in findings if f.severity == "error"]
    if errors:
        return errors[0]
    return (
        f"{PROPS_FILE.name} has no tile with a class" if tileset is not None else f"{PROPS_FILE.name} is bad"
    )


def prop_spot(
    obj: Any, frame: MapFrame, where, report: Any, tilesets: list[Tileset], size: tuple[float, float]
) -> PropSpot | None:
    """One object of a ``props`` layer as a ``PropSpot``, or None with the reason in ``report``
    (``report.error/warning(problem, obj, where[, code])``, ``findings.Findings``).

    ``size`` is the map's (width, height) in px, for the outside-the-map warning.
    """
    kind_of = object_kind(obj)
    tile = None
    if isinstance(obj, tobj.Tile):
        owner, tile = object_tile(obj, tilesets, report, where)
        if tile is None:
            return None
        if int(obj.gid) & ~GID_MASK:
            report.warning("a flipped tile object: props are not flipped (turn it instead)", obj, where)
    elif kind_of not in ("point", "rectangle", "ellipse"):
        report.error(
            f"a {kind_of} cannot place a prop (use a point, a rectangle or a tile object)", obj, where
        )
        return None
    kind = obj.class_ or (tile.type if tile is not None else "")
    classes = prop_classes()
    if kind not in classes:
        known = ", ".join(classes) or f"none: {props_trouble()}"
        report.error(f"unknown prop class {kind!r} (props: {known})", obj, where)
        return None
    overrides = dict(obj.properties or {})
    bad = [p for p in (property_problem(k, v) for k, v in overrides.items()) if p]
    name = overrides.get("debris_kind")
    if isinstance(name, str) and name and name not in classes:  # it broke into nothing the game knows
        bad.append(f"property debris_kind must be a prop kind ({', '.join(classes)}), got {name!r}")
    for problem in bad:
        report.error(problem, obj, where)
    if bad:
        return None
    w, h = float(obj.size.width), float(obj.size.height)
    kw, kh = classes[kind]
    if kind_of != "point" and (abs(w - kw) > _SIZE_SLACK or abs(h - kh) > _SIZE_SLACK):
        report.warning(
            f"{kind_of} is {w:g} × {h:g} px; a prop keeps its kind's size ({kw} × {kh} px), it is not scaled",
            obj,
            where,
        )
    if tile is not None:  # the drawn image's centre, placed as the tile objects' collision is (``fit``)
        centre, _ = drawn_box(obj, tile, owner)
        xf = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y, obj.rotation, centre)
    elif kind_of == "point":
        xf = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y, obj.rotation)
    else:
        xf = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y, obj.rotation, (w / 2, h / 2))
    x, y = float(xf.x), float(xf.y)
    outside_warning(kind, x, y, size, report, obj)
    return PropSpot(int(obj.id), obj.name or "", kind, x, y, float(xf.angle), overrides)


def object_tile(obj: Any, tilesets: list[Tileset], report: Any, where):
    """(its tileset, its tile) of a tile object, or (None, None) with the error in ``report``."""
    owner, tile = tile_of(int(obj.gid), tilesets)
    if tile is None:
        report.error(f"tile object's gid {int(obj.gid) & GID_MASK} is in no tileset of the map", obj, where)
    return owner, tile


def drawn_box(obj: Any, tile: Any, owner: Tileset | None) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a tile object draws its tile's image: the image's centre from the object's (x, y) (px, y
    down, before its rotation) and its drawn size, by its tileset's alignment and fill mode
    (``fit.tile_object_box``)."""
    w, h = float(obj.size.width) or tile.width, float(obj.size.height) or tile.height
    left, top, sx, sy = tile_object_box(tile.width, tile.height, w, h, owner)
    return (left + tile.width * sx / 2, top + tile.height * sy / 2), (
        tile.width * abs(sx),
        tile.height * abs(sy),
    )


def outside_warning(what: str, x: float, y: float, size: tuple[float, float], report: Any, obj: Any) -> None:
    """The warning (``OUTSIDE_MAP``) for a prop placed outside the map: it is placed all the same."""
    if not (0.0 <= x <= size[0] and 0.0 <= y <= size[1]):
        report.warning(
            f"{what} at ({x:g}, {y:g}) is outside the map ({size[0]:g} × {size[1]:g} px)",
            obj,
            (x, y),
            OUTSIDE_MAP,
        )


def tile_of(gid: int, tilesets: list[Tileset]):
    """(its tileset, the tile) a gid names (flip bits cleared), or (None, None)."""
    gid &= GID_MASK
    owner = None
    for tileset in tilesets:
        if tileset.first_gid <= gid and (owner is None or tileset.first_gid > owner.first_gid):
            owner = tileset
    if owner is None:
        return None, None
    try:
        return owner, owner.tile(gid - owner.first_gid)
    except KeyError:
        return None, None
