"""The props' kinds, read from ``assets/props.tsj``: the ONE source of every prop's shape and numbers.

``assets/props.tsj`` is a Tiled 1.8 tileset in the form of
``assets/actors.tsj``: one tile per prop kind, its Tiled class (``type``)
the kind's name (``crate``, ``explosive_barrel``...), its image the sprite
at the size the game draws it (one image pixel = one world pixel), its
collision shapes drawn in Tiled's Tile Collision Editor (rectangles,
circles, polygons, rounded by a ``radius`` property, as for actors: several
objects, or a concave polygon split by ``engine.collision.concave``, make a
prop of several convex parts, ``PropKind.parts``: one body of several
shapes in the game), and its numbers as the tile's custom properties
(``game.tiled.props.PROPERTIES``; a missing one takes its default, one out of range is an
error naming it). A level places props by class in its ``props`` layer
(``game.tiled.props``) and may override any of these numbers per object.

Units: px, seconds, engine mass units (density × area in px²). Impulses are
mass × px/s: a 30 px crate of density 0.01 weighs 9, so an impulse of 900
starts it at 100 px/s. There is no gravity in a top-down game: the floor's friction is
``floor_friction`` (px/s², the deceleration a sliding prop gets, as a motor joint to the
ground: ``game.sim.props.add_prop``), and damping (1/s) slows spin and what little sliding is
left (a kind with no floor friction, as debris, slows by damping alone).

Frames: the prop frame has its origin at the image's centre, +x right, y
up, px (as the actor frame); a prop placed at angle 0 looks as its image.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.collision import Transform, aabb
from game.level import Finding, LevelError
from game.tiled.actors import tile_hitbox
from game.tiled.files import display_name
from game.tiled.props import DEBRIS, PROPERTIES, PROPS_FILE, property_problem
from game.tiled.tilesets import read_tileset

__all__ = [
    "MAX_PROP_KINDS",
    "MAX_PROP_PARTS",
    "MAX_PROP_SIZE",
    "PROPERTIES",
    "PROPS_FILE",
    "PropKind",
    "parts_box",
    "prop_kinds",
    "property_problem",
    "read_props",
    "spot_kind",
    "with_overrides",
]

#: Most prop kinds a props tileset may hold (each is one tile).
MAX_PROP_KINDS = 64
#: Largest prop: its shape must fit in a box this many px a side (a door is ~60 px; a prop
#: bigger than a room is a wall).
MAX_PROP_SIZE = 256.0
#: Most convex parts a prop kind may have (each is a shape of its body, simulated every tick: a
#: prop is a crate or a rack, not a map drawn in a collision editor). Its collision objects are
#: counted before any is built (a tile may hold ``MAX_TILE_SHAPES``), its parts once concave
#: polygons are split.
MAX_PROP_PARTS = 16


@dataclass(frozen=True)
class PropKind:
    """One kind of prop: its shape in the prop frame, its image and its numbers (see ``PROPERTIES``).

    ``shape`` is its first convex part and ``more_parts`` the others (a compound prop: an L of two
    boxes, a rack of barrels); ``parts`` is every one, what the body, the checker and the sheets use.

    >>> from engine.collision import Circle
    >>> PropKind("barrel", 2, None, Circle(13.0), 28, 28).density
    0.01
    >>> len(PropKind("rack", 6, None, Circle(13.0), 28, 28, more_parts=(Circle(4.0),)).parts)
    2
    """

    name: str
    tile_id: int
    image: Path | None
    shape: Any
    width: int
    height: int
    density: float = 0.01
    friction: float = 0.5
    restitution: float = 0.0
    linear_damping: float = 3.0
    angular_damping: float = 3.0
    #: px/s²: how fast the floor stops it sliding (a motor joint to the ground); 0: none.
    floor_friction: float = 0.0
    #: px/s: how fast it must strike an actor to hurt it; 0: ``PropRules.hurt_speed``.
    hurt_speed: float = 0.0
    health: float = 0.0
    explosive: bool = False
    blast_radius: float = 0.0
    blast_damage: float = 0.0
    blast_impulse: float = 0.0
    debris: int = 0
    debris_kind: str = DEBRIS
    #: A sensor body (``World.add``'s ``sensor``): nothing collides with it (Solar2D's ``isSensor``).
    sensor: bool = False
    #: Its convex parts after the first (``shape``), in the prop frame; none for a prop of one shape.
    more_parts: tuple[Any, ...] = ()

    @property
    def parts(self) -> tuple[Any, ...]:
        """Every convex part, ``shape`` first."""
        return (self.shape, *self.more_parts)

    @property
    def breakable(self) -> bool:
        return self.health > 0.0


def with_overrides(kind: PropKind, properties: dict[str, Any]) -> tuple[PropKind, list[str]]:
    """``kind`` with the known numbers of ``properties`` put in, and one problem per bad one.

    Unknown names are problems too: a typo never silently keeps the default.
    """
    problems, values = [], {}
    for name, value in properties.items():
        problem = property_problem(name, value)
        if problem:
            problems.append(problem)
            continue
        cast = PROPERTIES[name][0]
        values[name] = cast(value)
    return (replace(kind, **values) if values else kind), problems


def read_props(path: Path | str = PROPS_FILE) -> tuple[dict[str, PropKind] | None, list[Finding]]:
    """Every prop kind of a Tiled tileset, by name, and the findings; None when any finding is an error.

    Never raises for a bad file: each problem is one ``Finding`` line
    (``file: tile N (kind): problem``).
    """
    path = Path(path)
    file = display_name(path)
    tileset, findings = read_tileset(path)
    if tileset is None or any(f.severity == "error" for f in findings):
        return None, findings
    if len(tileset.tiles) > MAX_PROP_KINDS:
        findings.append(
            Finding(
                "error", file, None, "", f"{len(tileset.tiles)} prop kinds; the limit is {MAX_PROP_KINDS}"
            )
        )
        return None, findings
    kinds: dict[str, PropKind] = {}
    for local_id in sorted(tileset.tiles):
        tile = tileset.tiles[local_id]
        name = tile.type

        def problem(text: str, name=name, local_id=local_id) -> None:
            findings.append(Finding("error", file, None, name, f"tile {local_id} ({name}): {text}"))

        if not name:
            problem("no class: set the tile's Class to the prop's name (e.g. crate)")
            continue
        if name in kinds:
            problem(f"a second tile of class {name!r} (the first is tile {kinds[name].tile_id})")
            continue
        drawn = sum(1 for shape in tile.shapes if shape.kind != "point")
        if drawn > MAX_PROP_PARTS:  # said before any shape is built: one line
            problem(f"{drawn} collision objects; the limit is {MAX_PROP_PARTS} parts a prop")
            continue
        hitbox = tile_hitbox(tile, file, findings)
        if hitbox is None:
            continue
        if len(hitbox.parts) > MAX_PROP_PARTS:
            problem(f"{len(hitbox.parts)} convex parts; the limit is {MAX_PROP_PARTS}")
            continue
        size = _extent(hitbox.parts)
        if size > MAX_PROP_SIZE:
            problem(f"its shape is {size:.0f} px across; the limit is {MAX_PROP_SIZE:.0f} px")
            continue
        first, *more = hitbox.parts
        kind = PropKind(name, local_id, tile.image, first, tile.width, tile.height, more_parts=tuple(more))
        kind, problems = with_overrides(kind, dict(tile.properties))
        for text in problems:
            problem(text)
        if not problems:
            kinds[name] = kind
    for kind in kinds.values():
        said = f"tile {kind.tile_id} ({kind.name}): "
        if kind.debris and kind.debris_kind not in kinds:
            said += f"debris_kind {kind.debris_kind!r} is not a prop kind here"
        elif kind.debris and kinds[kind.debris_kind].debris:
            said += f"its debris {kind.debris_kind!r} breaks into debris again"
        else:
            continue
        findings.append(Finding("error", file, None, kind.name, said))
    if any(f.severity == "error" for f in findings):
        return None, findings
    return kinds, findings


def parts_box(parts, xf=(0.0, 0.0, 0.0)) -> tuple[float, float, float, float]:
    """The union of the boxes of ``parts`` placed at ``xf`` (lo_x, lo_y, hi_x, hi_y): a compound
    prop's one box, where one box is what is asked (the checker's broad phase, the size limit)."""
    boxes = [aabb(part, Transform(*xf)) for part in parts]
    return (
        float(min(b[0] for b in boxes)),
        float(min(b[1] for b in boxes)),
        float(max(b[2] for b in boxes)),
        float(max(b[3] for b in boxes)),
    )


def _extent(parts) -> float:
    """The widest side of the parts' box (px)."""
    lo_x, lo_y, hi_x, hi_y = parts_box(parts)
    return max(hi_x - lo_x, hi_y - lo_y)


@lru_cache(maxsize=1)
def prop_kinds() -> dict[str, PropKind]:
    """The shipped ``assets/props.tsj``, read once per process; ``LevelError`` (one line) when it is bad."""
    kinds, findings = read_props(PROPS_FILE)
    if kinds is None:
        raise LevelError([f for f in findings if f.severity == "error"])
    return kinds


def spot_kind(spot: Any, kinds: dict[str, PropKind]) -> PropKind:
    """The kind a level's ``PropSpot`` places: its own body's (a Solar2D dynamic object,
    ``game.tiled.bodies``) or its class's in ``kinds``."""
    return spot.body if spot.body is not None else kinds[spot.kind]
