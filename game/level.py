"""A level as plain data: what the loader produces and the game, the checker and the lab read.

Frames: world coordinates are pixels, y up, origin at the map's bottom-left
corner (Tiled's y-down pixels flipped once, in the loader). Angles are engine
angles: radians, counter-clockwise. Every wall is already split into convex
engine shapes, each with its own world transform.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.collision import Transform

#: "info" is a note: what the loader or the checker did that a designer may want to know, nothing to fix.
Severity = Literal["error", "warning", "info"]
#: ``Finding.code`` of anything the loader finds outside the map rectangle; the loader is its one owner
#: and grades it once, for the game and ``game.check`` alike (issue 22: they never disagree on a map). A
#: marker outside (player start, spawn, pickup) is an error: the game refuses the map. A wall, prop or
#: joint wholly outside, or a tile's hitbox reaching past the edge, is a warning: the game plays it as
#: it is drawn (issue 40 §5: Tiled and arcade keep such maps), within ``MAX_COORDINATE``.
OUTSIDE_MAP = "outside-map"

#: Characters a finding line never prints as they are: C0 and C1 controls (newlines, terminal
#: escapes), Unicode line and paragraph separators, bidirectional overrides (they reorder what a
#: terminal shows) and lone surrogates (they cannot be encoded, so printing them raises).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
#: The longest file, name and problem a finding line shows (characters); longer ones are cut with "...".
MAX_FILE_CHARS, MAX_NAME_CHARS, MAX_PROBLEM_CHARS = 200, 80, 500


def printable(text: object, limit: int = MAX_PROBLEM_CHARS) -> str:
    """``text`` safe to print on one line: unsafe characters as Python escapes, cut at ``limit``.

    >>> printable("crate\\n\\x1b[2Jforged\\ud800")
    'crate\\\\n\\\\x1b[2Jforged\\\\ud800'
    >>> printable("x" * 20, limit=8)
    'xxxxx...'
    """
    text = str(text)
    if len(text) > 4 * limit:
        text = text[: 4 * limit]  # escaping can only lengthen, so no need to escape more than this
    text = _UNSAFE.sub(lambda m: repr(m.group())[1:-1], text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True)
class TileRef:
    """One cell of a tile layer and the tile in it, for walls made of tiles and for findings.

    ``col, row`` are Tiled's cell (row 0 at the top); ``tileset`` and
    ``local_id`` name the tile (an empty tileset name when unknown).

    >>> str(TileRef("walls", 3, 7, "depot", 12))
    'walls:tile-3,7 (depot 12)'
    >>> str(TileRef("floor", 0, 0, "", -1))
    'floor:tile-0,0'
    """

    layer: str
    col: int
    row: int
    tileset: str
    local_id: int

    def __str__(self) -> str:
        where = f"{printable(self.layer, MAX_NAME_CHARS)}:tile-{self.col},{self.row}"
        if not self.tileset and self.local_id < 0:
            return where
        return f"{where} ({printable(self.tileset, MAX_NAME_CHARS)} {self.local_id})"


@dataclass(frozen=True)
class Finding:
    """One problem in a level file, located as ``file:object-id (name): problem``.

    A problem with a tile says where the tile is instead:
    ``file:layer:tile-x,y (tileset tile-id): problem``.

    >>> str(Finding("error", "depot.tmj", None, "", "no tileset has gid 99", tile=TileRef("walls", 4, 2, "", -1)))
    'depot.tmj:walls:tile-4,2: no tileset has gid 99'

    >>> str(Finding("error", "levels/yard.tmj", 12, "crate", "polygon self-intersects"))
    'levels/yard.tmj:12 (crate): polygon self-intersects'
    >>> str(Finding("error", "levels/none.tmj", None, "", "file not found"))
    'levels/none.tmj: file not found'

    The line stays one line whatever the map holds (see ``printable``):

    >>> str(Finding("error", "a.tmj", 3, "x\\nb.tmj:4 (y): forged", "bad"))
    'a.tmj:3 (x\\\\nb.tmj:4 (y): forged): bad'
    """

    severity: Severity
    file: str
    object_id: int | None
    name: str
    problem: str
    #: Where to mark it on a hitbox sheet (world coordinates), when known.
    where: tuple[float, float] | None = None
    #: A stable name of the kind of problem for tools that act on it (``OUTSIDE_MAP``); "" for most.
    code: str = ""
    #: The tile layer cell it is about, for problems with tiles (then the line names the cell).
    tile: TileRef | None = None

    def __str__(self) -> str:
        file, problem = printable(self.file, MAX_FILE_CHARS), printable(self.problem, MAX_PROBLEM_CHARS)
        if self.tile is not None:
            return f"{file}:{self.tile}: {problem}"
        if self.object_id is None:
            return f"{file}: {problem}"
        return f"{file}:{self.object_id} ({printable(self.name, MAX_NAME_CHARS)}): {problem}"


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
    ``ellipse``, ``polygon`` or ``polyline``, or ``tile`` for a tile's
    collision object placed by a tile layer (then ``tile`` says which cell;
    ``object_id`` and ``name`` are the collision object's in its tileset;
    the tile's look is the tile, so such walls are not drawn as polygons).
    ``parts`` pairs each convex engine shape (local frame) with its world
    transform.
    """

    object_id: int
    name: str
    kind: str
    parts: tuple[tuple[Any, Transform], ...]
    properties: dict[str, Any] = field(default_factory=dict)
    #: The cell a tile wall comes from (its first, top-left cell when merged); None for object walls.
    tile: TileRef | None = None
    #: A chain wall's points (world px), each segment p → q solid on its right (``World.add_chain``);
    #: empty for other walls. ``parts`` holds its segments too (zero-radius capsules), for the
    #: tools that read parts.
    chain: tuple[tuple[float, float], ...] = ()
    #: Whether the chain closes from its last point back to its first.
    loop: bool = False
    #: Whether the chain is solid on both sides (an open ``chain`` polyline: one chain each way).
    two_sided: bool = False


@dataclass(frozen=True)
class PlacedTile:
    """One tile as drawn, in the WORLD frame (px, y up, origin at the map's bottom-left).

    ``center_x, center_y`` is the centre of the drawn image after the
    tileset's tile offset, the layer offsets and bottom-left anchoring;
    ``width, height`` its size before the diagonal flip swaps them. Flips
    are Tiled's bits as stored: apply the diagonal flip first (swap x and
    y), then the horizontal, then the vertical.
    """

    layer: str
    col: int
    row: int
    tileset: str
    local_id: int
    image: Path
    source: tuple[int, int, int, int]
    center_x: float
    center_y: float
    width: float
    height: float
    flip_h: bool
    flip_v: bool
    flip_d: bool
    opacity: float


@dataclass(frozen=True)
class TileLayer:
    """A visible tile layer's tiles, in Tiled's render order (rows top to bottom, left to right).

    ``opacity`` is the layer's times its groups'; ``offset`` is the summed
    layer and group offsets in world px (y up), already in each tile's centre.
    """

    name: str
    tiles: tuple[PlacedTile, ...]
    opacity: float
    offset: tuple[float, float]


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
class PropSpot:
    """Where a level puts one prop (``game.tiled.props``): its kind (a class of ``assets/props.tsj``),
    its centre (world px, y up) and engine angle (radians CCW), and the prop numbers this object
    overrides (``game.tiled.prop_kinds.PROPERTIES``), already checked.
    """

    object_id: int
    name: str
    kind: str
    x: float
    y: float
    angle: float
    properties: dict[str, Any] = field(default_factory=dict)
    #: Its own ``game.tiled.prop_kinds.PropKind`` (shape, image, numbers) when it is no kind of
    #: ``assets/props.tsj`` but a body the map drew itself (a Solar2D ``dynamic`` object,
    #: ``game.tiled.bodies``); None for a kind's prop.
    body: Any = None


@dataclass(frozen=True)
class JointSpot:
    """A joint the level makes between two props, or a prop and the world (``game.tiled.joints``).

    ``kind`` is its Tiled class: ``hinge``, ``weld`` or ``motor`` (a point: ``points`` holds the
    anchor) or ``rope``, ``spring`` or ``slider`` (a line of two points: the anchors on ``a`` and
    ``b``, or a slider's track from its start). ``a`` and ``b`` are the object ids of the props it
    joins, None for the world. ``options`` are its custom properties, checked and in engine units
    (radians, px, px/s, radians/s). Points are world px, y up.
    """

    object_id: int
    name: str
    kind: str
    a: int | None
    b: int | None
    points: tuple[tuple[float, float], ...]
    options: dict[str, Any] = field(default_factory=dict)


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
    #: Visible tile layers in draw order (bottom first).
    tile_layers: tuple[TileLayer, ...] = ()
    #: Whether the map holds its player start; False when the loader chose it (the free spot nearest the
    #: map's centre): the checks that start from it (reachability) then run only when asked (``--from``).
    start_given: bool = True
    #: The props the level starts with (its ``props`` layer), in the file's order.
    props: tuple[PropSpot, ...] = ()
    #: The joints between its props (``props`` or ``joints`` layer objects of a joint class), in the
    #: file's order, each naming props the level holds.
    joints: tuple[JointSpot, ...] = ()
    #: What the game changed from the map to play it (a player start inside a wall, moved to a free spot:
    #: ``game.tiled.start.playable_start``), one warning each, said where a game starts (``load_level``).
    changed: tuple[Finding, ...] = ()
