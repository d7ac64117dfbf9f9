"""The shapes the hitbox lab offers: a fixed palette, plus every wall part of a level.

Sizes are pixels, like the game's walls; every shape is defined around its
own local origin (y up), so dragging moves it by its centre and rotating
turns it about that centre.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, NamedTuple

from engine.collision import Capsule, Circle, Ellipse, Polygon, Transform


class Choice(NamedTuple):
    """One shape the lab can put on screen, with the label it shows and its starting angle.

    ``where`` is a level wall part's place in its level (world pixels, y up),
    for the map of the level's walls; None for the palette's own shapes.
    """

    label: str
    shape: Any
    angle: float = 0.0
    where: Transform | None = None


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


def level_choices(path: Path | str) -> list[Choice]:
    """Every convex wall part of a level, labelled ``level:id (name)`` (and the part, when split).

    Raises ``game.level.LevelError`` (one line) when the level cannot be loaded.
    """
    from game.tiled import level_path, load_level

    path = Path(path)
    if path.suffix != ".tmj" and not path.exists():
        path = level_path(str(path))
    level = load_level(path)
    choices: list[Choice] = []
    for wall in level.walls:
        count = len(wall.parts)
        for k, (shape, xf) in enumerate(wall.parts):
            part = f" part {k + 1}/{count}" if count > 1 else ""
            choices.append(Choice(f"{level.name}:{wall.object_id} ({wall.name}){part}", shape, xf.angle, xf))
    return choices


#: A level part larger than this (pixels, either way) would not fit the world panel as a first pick.
FIRST_PICK_SIZE = 300.0


def first_level_picks(choices: list[Choice]) -> list[int]:
    """Indices of the first two level wall parts small enough to show whole: the lab's
    starting pair when it opens on a level (the outer walls are thousands of pixels long).
    Parts of split polygons come first: how a wall was cut is what a designer comes to see."""
    from game.render.outline import outline

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
