"""A level as plain data: what the loader produces and the game, the checker and the lab read.

Frames: world coordinates are pixels, y up, origin at the map's bottom-left
corner (Tiled's y-down pixels flipped once, in the loader). Angles are engine
angles: radians, counter-clockwise. Every wall is already split into convex
engine shapes, each with its own world transform.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.collision import Transform

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding:
    """One problem in a level file, located as ``file:object-id (name): problem``.

    >>> str(Finding("error", "levels/yard.tmj", 12, "crate", "polygon self-intersects"))
    'levels/yard.tmj:12 (crate): polygon self-intersects'
    >>> str(Finding("error", "levels/none.tmj", None, "", "file not found"))
    'levels/none.tmj: file not found'
    """

    severity: Severity
    file: str
    object_id: int | None
    name: str
    problem: str
    #: Where to mark it on a hitbox sheet (world coordinates), when known.
    where: tuple[float, float] | None = None

    def __str__(self) -> str:
        if self.object_id is None:
            return f"{self.file}: {self.problem}"
        return f"{self.file}:{self.object_id} ({self.name}): {self.problem}"


class LevelError(Exception):
    """A level that cannot be played; ``str()`` is one line naming file, object and problem."""

    def __init__(self, findings: list[Finding] | Finding) -> None:
        self.findings = [findings] if isinstance(findings, Finding) else list(findings)
        first = self.findings[0]
        more = len(self.findings) - 1
        super().__init__(str(first) + (f" (and {more} more)" if more else ""))


@dataclass(frozen=True)
class Wall:
    """A solid object from the map, as the convex parts the engine collides.

    ``kind`` is the Tiled object kind it came from: ``rectangle``,
    ``ellipse``, ``polygon`` or ``polyline``. ``parts`` pairs each convex
    engine shape (local frame) with its world transform.
    """

    object_id: int
    name: str
    kind: str
    parts: tuple[tuple[Any, Transform], ...]
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Marker:
    """A point of interest: the player start, an enemy spawn or a pickup.

    ``kind`` says what: for spawns the enemy kind (``chaser``, ``shooter``,
    ``brute``), for pickups the pickup kind (``health``, ``ammo``), and
    ``player`` for the start.
    """

    object_id: int
    name: str
    kind: str
    x: float
    y: float
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Level:
    """Everything the game needs from one map file."""

    name: str
    path: Path
    width: float
    height: float
    walls: tuple[Wall, ...]
    player_start: Marker
    spawns: tuple[Marker, ...]
    pickups: tuple[Marker, ...]
    properties: dict[str, Any] = field(default_factory=dict)
