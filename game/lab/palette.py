"""The shapes the hitbox lab offers: a fixed palette, every actor's hitbox and prop kind's parts, and every
wall part of a level.

Sizes are pixels, like the game's walls; every shape is defined around its
own local origin (y up), so dragging moves it by its centre and rotating
turns it about that centre. Actor hitboxes come from the actors' own data
(``game.check.hitbox.actor_parts``: ``assets/actors.tsj`` through
``game.tiled.actors``), in the actor frame (+x the way the actor faces); a prop
kind's parts come from ``assets/props.tsj`` (``game.tiled.prop_kinds``), in the
prop frame; a wall part made by a tile is labelled by its painted cell.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, NamedTuple

from engine.collision import Capsule, Circle, Ellipse, Polygon, Transform
from game.check.hitbox import actor_names, actor_parts
from game.render.outline import outline
from game.tiled import level_path, load_level
from game.tiled.prop_kinds import prop_kinds


class Choice(NamedTuple):
    """One shape the lab can put on screen, with the label it shows and its starting angle.

    ``where`` is a level wall part's place in its level (world pixels, y up),
    for the map of the level's walls; None for the palette's own shapes.
    """

    label: str
    shape: Any
    angle: float = 0.0
    where: Transform | None = None
    #: The painted cell of a wall part made by a tile (None otherwise).
    tile: Any = None
    #: Which part (1-based) of a wall or hitbox of several convex parts; 0 when it is whole.
    part: int = 0
    #: ``actor`` for an actor's hitbox, ``prop`` for a prop kind's, ``wall`` for a level's wall or tile
    #: part, ``palette`` otherwise.
    source: str = "palette"


def palette() -> list[Choice]:
    """The built-in shapes: one of each kind the engine collides.

    >>> [c.label for c in palette()]
    ['polygon', 'rounded polygon', 'circle', 'capsule', 'ellipse']
    """
    pentagon = [(70 * math.cos(t), 50 * math.sin(t)) for t in (0.3, 1.5, 2.6, 3.7, 5.0)]
    return [
        Choice("polygon", Polygon(pentagon)),
        Choice("rounded polygon", Polygon.box(40.0, 25.0, radius=12.0)),
        Choice("circle", Circle(45.0)),
        Choice("capsule", Capsule((-45.0, 0.0), (45.0, 0.0), 20.0)),
        Choice("ellipse", Ellipse(60.0, 30.0)),
    ]


#: The prefix of an actor hitbox's label: ``actor player``.
ACTOR = "actor "


def actor_choices() -> list[Choice]:
    """Every actor's hitbox, one choice per convex part, labelled ``actor <name>`` (and the part).

    >>> [c.label for c in actor_choices()][:2]
    ['actor player', 'actor chaser']
    """
    choices = []
    for name in actor_names():
        parts = actor_parts(name)
        for k, shape in enumerate(parts):
            part = f" part {k + 1}/{len(parts)}" if len(parts) > 1 else ""
            choices.append(
                Choice(f"{ACTOR}{name}{part}", shape, 0.0, None, None, k + 1 if part else 0, "actor")
            )
    return choices


#: The prefix of a prop kind's label: ``prop crate_l part 2/2``.
PROP = "prop "


def prop_choices() -> list[Choice]:
    """Every prop kind's parts (``assets/props.tsj``), one choice per convex part, labelled
    ``prop <name>`` (and the part, for a compound prop). ``LevelError`` when the file is bad.

    >>> [c.label for c in prop_choices() if "crate_l" in c.label]
    ['prop crate_l part 1/2', 'prop crate_l part 2/2']
    """
    choices = []
    for name, kind in prop_kinds().items():
        parts = kind.parts
        for k, shape in enumerate(parts):
            part = f" part {k + 1}/{len(parts)}" if len(parts) > 1 else ""
            choices.append(
                Choice(f"{PROP}{name}{part}", shape, 0.0, None, None, k + 1 if part else 0, "prop")
            )
    return choices


def level_choices(path: Path | str) -> list[Choice]:
    """Every convex wall part of a level, labelled ``level:id (name)``, or ``level:layer:tile-x,y
    (tileset id)`` for a part a tile made (and the part, when split).

    Raises ``game.level.LevelError`` (one line) when the level cannot be loaded.
    """
    path = Path(path)
    if path.suffix != ".tmj" and not path.exists():
        path = level_path(str(path))
    level = load_level(path)
    choices: list[Choice] = []
    for wall in level.walls:
        count = len(wall.parts)
        for k, (shape, xf) in enumerate(wall.parts):
            part = f" part {k + 1}/{count}" if count > 1 else ""
            named = str(wall.tile) if wall.tile is not None else f"{wall.object_id} ({wall.name})"
            choices.append(
                Choice(
                    f"{level.name}:{named}{part}",
                    shape,
                    xf.angle,
                    xf,
                    wall.tile,
                    k + 1 if count > 1 else 0,
                    "wall",
                )
            )
    return choices


#: A level part larger than this (pixels, either way) would not fit the world panel as a first pick.
FIRST_PICK_SIZE = 300.0


def first_level_picks(choices: list[Choice]) -> list[int]:
    """Indices of the first two level wall parts small enough to show whole: the lab's
    starting pair when it opens on a level (the outer walls are thousands of pixels long).
    Parts of split polygons come first: how a wall was cut is what a designer comes to see."""
    picks = []
    level_parts = [k for k, choice in enumerate(choices) if choice.where is not None]
    for k in sorted(level_parts, key=lambda k: " part " not in choices[k].label):
        choice = choices[k]
        pts = outline(choice.shape, (0.0, 0.0, choice.angle), 16)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        if max(xs) - min(xs) <= FIRST_PICK_SIZE and max(ys) - min(ys) <= FIRST_PICK_SIZE:
            picks.append(k)
            if len(picks) == 2:
                break
    return picks
