"""The world: every wall, enemy and bullet, their overlaps, casts and sliding moves.

Bodies live in dense parallel arrays (slot = row); a body id is stable and
maps to its slot. The game keeps its own state in arrays and hands the
world all moving transforms at once (``set_transforms``, one kernel that
also refreshes those bodies' boxes). Per frame:

- walls sit in a dense grid built once (``wallgrid``) that lists each wall
  only where its oriented box reaches;
- ``pairs()`` is one compiled call (``slotkernels.find_pairs``): when the
  walls' grid holds the moving bodies (a level's walls enclose its play
  area), one walk over its cells meets walls and moving bodies alike; else
  the moving bodies go into a hashed grid (``broadphase``) whose cell comes
  from a cost estimate over their sizes (chosen again when their number
  doubles or halves). Candidates are filtered by layer and mask, then the
  narrow phase's verdicts; rows turned and sorted by body id;
- the frame's overlapping pairs are kept until anything changes, so
  ``contacts()`` only adds contact data to the pairs ``pairs()`` found;
- ``cast_bodies`` and ``move_and_slide_bodies`` cast every body in one call
  that walks the walls' cells and a grid of the cast's moving targets
  (``sweep``).

No Python object is made per pair or per body in these paths, and the
per-frame calls make few numpy calls of their own: after the rest of a
game's frame has run, each costs microseconds with the caches cold.

Limits, checked before any work, each refused with one error naming the
argument and the range: positions (``add``, ``set_transform(s)``, a cast's
start, a query point) within ``MAX_COORDINATE`` of the origin along x and y
(``engine.collision.limits``, the one-pair queries' own check); a move
(``move_and_slide``, ``move_and_slide_bodies``) whose end, were nothing in
the way, lies beyond that; layers and masks in 0..0xFFFFFFFF; ``cell_size``
in ``MIN_CELL_SIZE``..``MAX_CELL_SIZE``. A cast (``raycast``, ``shape_cast``,
``cast_bodies``) of any finite length is exact: it is cut where it leaves
the box of everything it could hit. Every box is grown by its body's share
of the touching tolerance, so ``pairs()`` finds exactly the pairs
``intersects`` calls touching, at any scale.

Layers: A and B can touch when ``A.layer & B.mask`` and ``B.layer & A.mask``
are both non-zero. Static bodies never pair with static bodies. Sensors pair
like anything else (that is how a pickup notices the player) but are not
solid: casts and ``move_and_slide`` go through them.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from ..collision import ShapeTable, Transform, contacts_batch, distances_batch, intersects_batch
from ..collision.epa import MAX_EPA_VERTICES, ROW
from ..collision.limits import MAX_COORDINATE, MAX_SIZE
from . import arguments, broadphase
from .casts import ARRIVAL_REL, cast_pair, clip_fraction, point_shape
from .slide import advance, slide_along
from .slotkernels import contacts_of, find_pairs, frame_candidates, slots_of, store_transforms
from .sweep import cast_ids, sweep_grids
from .wallgrid import WallGrid, build_wall_grid, oriented_boxes, query_walls

ALL_LAYERS = 0xFFFFFFFF
#: The grids number cells with int64: a cell this small still numbers every
#: box within the coordinate limit (a body at ``MAX_COORDINATE`` reaching
#: ``MAX_SIZE`` beyond it) with room to spare.
MIN_CELL_SIZE = (MAX_COORDINATE + 2.0 * MAX_SIZE) * 2.0**-56
#: A larger cell than this holds the whole world in one: nothing to gain.
MAX_CELL_SIZE = 4.0 * (MAX_COORDINATE + MAX_SIZE)
#: ``move_and_slide`` keeps this fraction of the body's size between it and any wall.
SKIN_REL = 1e-4
#: Cast-and-slide steps per ``move_and_slide`` call.
MAX_SLIDES = 4


_EMPTY = np.zeros(0, dtype=np.int64)
_NO_BOXES = np.zeros((0, 4))
# A stand-in for the walls' grid when there are no walls, so kernels keep one signature.
_NO_WALLS = WallGrid(0, 0, 1, 1, 1.0, np.zeros(2, dtype=np.int64), _EMPTY, _EMPTY)
_F64, _I64 = np.dtype(np.float64), np.dtype(np.int64)


def _vector(values, dtype: np.dtype, name: str) -> np.ndarray:
    """``values`` as a C-contiguous 1-D array of ``dtype``; an array that already
    is one passes untouched (the per-frame path: each numpy call is costly
    when the caches are cold). Ids must be integers: 1.5 is refused, not cut."""
    if type(values) is np.ndarray and values.dtype is dtype and values.ndim == 1 and values.flags.c_contiguous:
        return values
    if dtype is _I64:
        return _ids(values, name)
    try:
        array = np.asarray(values)
        if array.dtype.kind not in "biuf" or array.ndim > 1:
            raise TypeError
        return np.ascontiguousarray(array, dtype=dtype).reshape(-1)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"{name} must be a sequence of numbers; got {arguments.shown(values)}") from None


def _ids(values, name: str) -> np.ndarray:
    """Body ids as a C-contiguous int64 vector; anything but integers is refused."""
    try:
        array = np.asarray(values)
    except (TypeError, ValueError, OverflowError):
        array = np.asarray(None)
    if array.ndim > 1 or not (array.dtype.kind in "iu" or (array.size == 0 and array.dtype.kind == "f")):
        raise TypeError(f"{name} must be a sequence of body ids (integers); got {arguments.shown(values)}")
    if array.dtype.kind == "u" and array.size and array.max() > np.iinfo(np.int64).max:
        raise KeyError(f"no body with id {int(array.max())} in this world")
    return np.ascontiguousarray(array, dtype=np.int64).reshape(-1)


def _rows2(values, k: int, name: str) -> np.ndarray:
    """``values`` as a C-contiguous (k, 2) float64 array (untouched if it is one)."""
    if type(values) is np.ndarray and values.dtype is _F64 and values.shape == (k, 2) and values.flags.c_contiguous:
        return values
    return _rows(values, k, name)


def _rows(values, k: int, name: str) -> np.ndarray:
    """``values`` as a new (k, 2) float64 array; a wrong shape or kind is refused."""
    try:
        array = np.asarray(values)
        if array.dtype.kind not in "biuf":
            raise TypeError
        array = np.array(array, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"{name} must be (k, 2) numbers; got {arguments.shown(values)}") from None
    if array.size != 2 * k or (array.ndim != 2 and array.size):
        raise ValueError(f"{name} must be {k} rows of (dx, dy), one per body; got shape {array.shape}")
    return array.reshape(k, 2)


def _check_end(body: int, x: float, y: float, dx: float, dy: float) -> None:
    """Refuse a move whose end, were nothing in the way, lies beyond the coordinate limit."""
    ex, ey = x + dx, y + dy
    if not (abs(ex) <= MAX_COORDINATE and abs(ey) <= MAX_COORDINATE):
        raise ValueError(
            f"displacement ({dx:g}, {dy:g}) of body {body} would end at ({ex:g}, {ey:g}), "
            f"outside the engine's range |x| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
        )


class RayHit(NamedTuple):
    """Nearest body a ray meets. ``normal`` is the body's surface normal, facing the ray."""

    body: int
    point: tuple[float, float]
    normal: tuple[float, float]
    distance: float


class CastHit(NamedTuple):
    """First body a moving shape meets, at ``fraction`` of its translation (0 if it starts inside)."""

    body: int
    fraction: float
    point: tuple[float, float]
    normal: tuple[float, float]


class WorldContacts(NamedTuple):
    """Overlapping pairs with their contacts; ``normal`` points from ``pairs[:, 0]`` to ``pairs[:, 1]``."""

    pairs: np.ndarray
    normal: np.ndarray
    depth: np.ndarray
    point_a: np.ndarray
    point_b: np.ndarray


class CastBatch(NamedTuple):
    """First hits of many bodies cast at once; ``body`` is -1 and ``fraction`` 1 where nothing is hit."""

    body: np.ndarray
    fraction: np.ndarray
    point: np.ndarray
    normal: np.ndarray


class SlideResult(NamedTuple):
    """Where ``move_and_slide`` left the body, and what it slid along."""

    x: float
    y: float
    hits: tuple[CastHit, ...]


class _Point:
    """The core of a ray or a point query: a shape of no size."""

    packed = point_shape()
    radius = 0.0

    def support(self, dx: float, dy: float) -> tuple[float, float]:
        return (0.0, 0.0)


_POINT = _Point()


class World:
    """Bodies with shapes and transforms, and the queries a game asks of them.

    >>> from engine.collision import Circle, Polygon
    >>> world = World()
    >>> wall = world.add(Polygon.box(10, 1), (0, 0, 0), static=True)
    >>> ball = world.add(Circle(1), (0, 1.5, 0))
    >>> world.pairs().tolist()
    [[0, 1]]
    """

    def __init__(self, cell_size: float | None = None) -> None:
        if cell_size is not None:
            cell_size = arguments.real(cell_size, "World cell_size", MIN_CELL_SIZE, MAX_CELL_SIZE)
        self._table = ShapeTable()
        self._table_index: dict[Any, int] = {}
        # The table always holds a shape (the ray's point), so its buffer is
        # always the packed, read-only one: an empty table's buffer is writable,
        # and a kernel handed it would compile a second time for that type.
        self._shape_index(_POINT)
        self._cell = cell_size
        self._n = 0
        self._xf = np.zeros((16, 3))
        self._shape = np.zeros(16, dtype=np.int64)
        self._layer = np.zeros(16, dtype=np.int64)
        self._mask = np.zeros(16, dtype=np.int64)
        self._static = np.zeros(16, dtype=np.bool_)
        self._sensor = np.zeros(16, dtype=np.bool_)
        self._id = np.zeros(16, dtype=np.int64)
        self._slot_of = np.full(16, -1, dtype=np.int64)
        self._user: list[Any] = []
        self._next_id = 0
        self._boxes: np.ndarray | None = None
        # This frame's overlapping pairs (ids and slots, read-only); emptied by
        # any change, so pairs() and contacts() share them.
        self._frame: dict[str, Any] = {}
        self._moving: np.ndarray | None = None  # slots of the moving bodies, kept until one is added or removed
        self._move_cell: tuple[float, int] | None = None  # (cell, moving bodies it was chosen for)
        self._walls: WallGrid | None = None
        self._obb = np.zeros((0, 6))

    # --- bodies -----------------------------------------------------------

    def add(
        self,
        shape,
        transform,
        *,
        static: bool = False,
        sensor: bool = False,
        layer: int = 1,
        mask: int = ALL_LAYERS,
        user_data: Any = None,
    ) -> int:
        """Add a body; return its id (ids are never reused).

        ``transform`` is (x, y, angle) with |x|, |y| at most ``MAX_COORDINATE``;
        ``layer`` and ``mask`` are 32-bit sets (0..0xFFFFFFFF). Anything else
        is refused with one error naming the argument, and nothing is added.
        """
        xf = arguments.transform(transform, "World.add transform")
        if not hasattr(shape, "packed") or isinstance(shape, _Point):
            raise TypeError(
                f"World.add shape must be a Circle, Polygon, Capsule or Ellipse; got {arguments.shown(shape)}"
            )
        layer, mask = arguments.bits(layer, "World.add layer"), arguments.bits(mask, "World.add mask")
        static, sensor = arguments.flag(static, "World.add static"), arguments.flag(sensor, "World.add sensor")
        if self._next_id >= 1 << 32:  # pairs are sorted by two ids packed in one int64
            raise OverflowError("a world hands out at most 2**32 body ids")
        if self._n == len(self._xf):
            self._grow()
        slot, body = self._n, self._next_id
        self._next_id += 1
        if body >= len(self._slot_of):
            self._slot_of = np.concatenate([self._slot_of, np.full(len(self._slot_of), -1, dtype=np.int64)])
        self._xf[slot] = xf
        self._shape[slot] = self._shape_index(shape)
        self._layer[slot], self._mask[slot] = layer, mask
        self._static[slot], self._sensor[slot] = static, sensor
        self._id[slot] = body
        self._slot_of[body] = slot
        self._user.append(user_data)
        self._n += 1
        self._moving = None
        self._changed(static)
        return body

    def remove(self, body: int) -> None:
        """Remove a body; its id is never given out again."""
        slot = self._slot(body)
        last = self._n - 1
        # The walls' grid lists slots: it is stale only if a wall leaves or changes slot.
        walls_move = bool(self._static[slot]) or bool(self._static[last])
        for arr in (self._xf, self._shape, self._layer, self._mask, self._static, self._sensor, self._id):
            arr[slot] = arr[last]
        self._user[slot] = self._user[last]
        self._user.pop()
        self._slot_of[self._id[slot]] = slot
        self._slot_of[body] = -1
        self._n -= 1
        self._moving = None
        self._changed(walls_move)

    def set_transform(self, body: int, transform) -> None:
        """Place a body; ``transform`` as in ``add``."""
        slot = self._slot(body)
        self._xf[slot] = arguments.transform(transform, "World.set_transform transform")
        self._changed(bool(self._static[slot]))

    def set_transforms(self, bodies, x, y, angle) -> None:
        """Move many bodies at once (numpy arrays of equal length); all or nothing."""
        bodies = _vector(bodies, _I64, "World.set_transforms bodies")
        x, y = _vector(x, _F64, "World.set_transforms x"), _vector(y, _F64, "World.set_transforms y")
        angle = _vector(angle, _F64, "World.set_transforms angle")
        if not (len(bodies) == len(x) == len(y) == len(angle)):
            raise ValueError(
                f"set_transforms needs arrays of one length; got {len(bodies)}, {len(x)}, {len(y)}, {len(angle)}"
            )
        # Boxes of the moved bodies are refreshed in the same pass when they are kept.
        boxes = self._boxes if self._boxes is not None else _NO_BOXES
        bad, walls_moved = store_transforms(
            self._slot_of, bodies, x, y, angle, self._xf,
            self._table.data, self._table.offsets, self._shape, self._static, boxes, self._boxes is not None,
            MAX_COORDINATE,
        )  # fmt: skip
        if bad <= -2:
            raise KeyError(f"no body with id {int(bodies[-2 - bad])} in this world")
        if bad >= 0:
            row = (float(x[bad]), float(y[bad]), float(angle[bad]))
            if all(map(math.isfinite, row)):
                raise ValueError(
                    f"transform of body {int(bodies[bad])} is {row}, "
                    f"outside the engine's range |x| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
                )
            raise ValueError(f"transform of body {int(bodies[bad])} is not finite: {row}")
        self._frame = {}
        if walls_moved:
            self._changed(True)

    def transform(self, body: int) -> Transform:
        return Transform(*self._xf[self._slot(body)].tolist())

    def shape(self, body: int):
        return self._table[int(self._shape[self._slot(body)])]

    def user_data(self, body: int) -> Any:
        return self._user[self._slot(body)]

    def is_static(self, body: int) -> bool:
        return bool(self._static[self._slot(body)])

    def is_sensor(self, body: int) -> bool:
        return bool(self._sensor[self._slot(body)])

    def layer(self, body: int) -> int:
        """The body's layer bits (``add``'s ``layer``)."""
        return int(self._layer[self._slot(body)])

    def mask(self, body: int) -> int:
        """The layers the body meets (``add``'s ``mask``)."""
        return int(self._mask[self._slot(body)])

    def __len__(self) -> int:
        return self._n

    def __contains__(self, body: int) -> bool:
        if isinstance(body, (bool, np.bool_)) or not isinstance(body, (int, np.integer)):
            return False
        return 0 <= body < len(self._slot_of) and self._slot_of[body] >= 0

    @property
    def cell_size(self) -> float | None:
        """Side of the moving bodies' grid cells: the one given, or the one the
        world chose when it first needed a grid (None before)."""
        if self._cell is not None:
            return self._cell
        return self._move_cell[0] if self._move_cell else None

    @property
    def bodies(self) -> np.ndarray:
        """Ids of all bodies."""
        return self._id[: self._n].copy()

    # --- pairs ------------------------------------------------------------

    def pairs(self) -> np.ndarray:
        """Ids of overlapping (or touching) bodies, (k, 2), each row ascending, rows sorted.

        The array is read-only: the world keeps it until anything changes
        (``contacts()`` reuses it), so a caller that wants to edit it copies it.
        """
        if "pairs" not in self._frame:
            self._find_pairs()
        return self._frame["pairs"]

    def contacts(self) -> WorldContacts:
        """The same pairs as ``pairs()``, with normal (first → second), depth and deepest points."""
        if "pairs" not in self._frame:
            self._find_pairs()
        found, values = contacts_of(
            self._table.data, self._table.offsets, self._shape, self._xf, self._id, self._frame["slots"]
        )
        return WorldContacts(found, values[:, 0:2], values[:, 2], values[:, 3:5], values[:, 5:7])

    # --- queries ----------------------------------------------------------

    def query_aabb(self, lo, hi, mask: int = ALL_LAYERS) -> np.ndarray:
        """Ids of bodies whose boxes overlap the box lo–hi and whose layer is in ``mask``.

        The boxes are the bodies' world boxes grown by their share of the
        touching tolerance (``broadphase.aabb_of``).
        """
        lo_x, lo_y = arguments.pair(lo, "World.query_aabb lo")
        hi_x, hi_y = arguments.pair(hi, "World.query_aabb hi")
        mask = arguments.bits(mask, "World.query_aabb mask")
        return self._id[self._box_slots(lo_x, lo_y, hi_x, hi_y, mask)]

    def query_shape(self, shape, transform, mask: int = ALL_LAYERS) -> np.ndarray:
        """Ids of bodies that overlap or touch ``shape`` at ``transform``."""
        xf = arguments.transform(transform, "World.query_shape transform")
        mask = arguments.bits(mask, "World.query_shape mask")
        if not hasattr(shape, "packed"):
            raise TypeError(
                f"World.query_shape shape must be a Circle, Polygon, Capsule or Ellipse; got {arguments.shown(shape)}"
            )
        # Its box grown as the bodies' are, so no touching body is culled.
        lo_x, lo_y, hi_x, hi_y = broadphase.aabb_of(shape.packed, 0, *xf)
        slots = self._box_slots(lo_x, lo_y, hi_x, hi_y, mask)
        if not len(slots):
            return np.zeros(0, dtype=np.int64)
        index = self._shape_index(shape)
        hit = intersects_batch(
            self._table,
            np.full(len(slots), index),
            np.tile(np.array(xf), (len(slots), 1)),
            self._shape[slots],
            self._xf[slots],
        )
        return np.sort(self._id[slots[hit]])

    def query_point(self, x: float, y: float, mask: int = ALL_LAYERS) -> np.ndarray:
        """Ids of bodies that contain the point (x, y) (boundary included)."""
        x, y = arguments.pair((x, y), "World.query_point point", coordinate=True)
        return self.query_shape(_POINT, (x, y, 0.0), mask)

    def raycast(self, origin, direction, max_distance: float, mask: int = ALL_LAYERS) -> RayHit | None:
        """Nearest solid body along the ray, or None.

        A ray that starts inside a body hits it at distance 0, with the
        normal pointing out of it along the way the ray would leave. Any
        finite ``max_distance`` is exact: the ray is cut where it leaves the
        bodies it could meet, nothing lying beyond.
        """
        ox, oy = arguments.pair(origin, "World.raycast origin", coordinate=True)
        dx, dy = arguments.pair(direction, "World.raycast direction", what="(dx, dy)")
        max_distance = arguments.real(max_distance, "World.raycast max_distance", 0.0)
        mask = arguments.bits(mask, "World.raycast mask")
        # Scaled first: (1e200, 1e200) has a length, its squares do not.
        scale = max(abs(dx), abs(dy))
        if scale == 0.0:
            raise ValueError(f"World.raycast direction must be a non-zero direction; got {arguments.shown(direction)}")
        ux, uy = dx / scale, dy / scale
        length = math.hypot(ux, uy)
        ux, uy = ux / length, uy / length
        hit = self._cast(
            _POINT.packed, 0, (ox, oy, 0.0), ux * max_distance, uy * max_distance, 0.0, mask, exclude=-1
        )
        if hit is None:
            return None
        distance = hit.fraction * max_distance
        return RayHit(hit.body, (ox + distance * ux, oy + distance * uy), hit.normal, distance)

    def shape_cast(self, shape, transform, translation, mask: int = ALL_LAYERS) -> CastHit | None:
        """First solid body ``shape`` meets when moved by ``translation``, or None.

        A shape that starts overlapping or touching a body hits it at
        fraction 0. Any finite ``translation`` is exact, as for ``raycast``.
        """
        xf = arguments.transform(transform, "World.shape_cast transform")
        dx, dy = arguments.pair(translation, "World.shape_cast translation", what="(dx, dy)")
        mask = arguments.bits(mask, "World.shape_cast mask")
        if not hasattr(shape, "packed"):
            raise TypeError(
                f"World.shape_cast shape must be a Circle, Polygon, Capsule or Ellipse; got {arguments.shown(shape)}"
            )
        index = self._shape_index(shape)
        return self._cast(
            self._table.data, int(self._table.offsets[index]), xf, dx, dy, 0.0, mask, exclude=-1
        )

    def cast_bodies(self, bodies, translations, mask: int = ALL_LAYERS) -> CastBatch:
        """Cast many bodies along their own translations at once (bullets), against
        the solid bodies whose layer is in ``mask``; the bodies do not move.

        Each body's swept box goes through the same grids as ``pairs()``, and
        every candidate is cast in one compiled call. A body that starts
        overlapping a target hits it at fraction 0, as in ``shape_cast``.
        """
        bodies = _vector(bodies, _I64, "World.cast_bodies bodies")
        moves = _rows2(translations, len(bodies), "World.cast_bodies translations")
        mask = arguments.bits(mask, "World.cast_bodies mask")
        walls = self._wall_grid()
        # A caster skips itself; other casters stay targets.
        bad, body, fraction, point, normal = cast_ids(
            self._table.data, self._table.offsets, self._shape, self._xf, self._all_boxes(), self._obb,
            self._static[: self._n], self._sensor, self._layer, self._id, self._slot_of, int(mask), bodies, moves,
            walls.x0, walls.y0, walls.nx, walls.ny, walls.cell, walls.start, walls.body,
            self._moving_cell(), broadphase.MAX_SPAN,
        )  # fmt: skip
        if bad <= -2:
            raise KeyError(f"no body with id {int(bodies[-2 - bad])} in this world")
        if bad >= 0:
            raise ValueError(f"translation of body {int(bodies[bad])} is not finite: {tuple(moves[bad])}")
        return CastBatch(body, fraction, point, normal)

    def _sweep(self, slots, rows, xf, boxes, moves, target, mask, excluded, escape):
        """Cast bodies ``slots``, placed at ``xf[rows]`` (their boxes there:
        ``boxes[rows]``), by ``moves``, each stopping ``target`` short of the
        solid bodies in ``mask``, except itself and the slots flagged in
        ``excluded`` (empty: no one).

        Returns (bad row or -1, body id hit or -1, fraction, point, normal) per caster.
        """
        walls = self._wall_grid()
        return sweep_grids(
            self._table.data, self._table.offsets, self._shape, self._xf, self._all_boxes(), self._obb,
            self._static[: self._n], self._sensor, self._layer, self._id, int(mask), excluded,
            slots, rows, xf, boxes, moves, target, escape,
            walls.x0, walls.y0, walls.nx, walls.ny, walls.cell, walls.start, walls.body,
            self._moving_cell(), broadphase.MAX_SPAN,
        )  # fmt: skip

    def _swept_candidates(self, start, moves, margin, mask, excluded, slots):
        """(caster row, target slot) pairs: the caster's box ``start`` swept by
        ``moves`` and grown by ``margin`` overlaps the box of a solid body in
        ``mask``; never the caster itself (``slots``) nor a slot flagged in ``excluded``.
        """
        boxes = self._all_boxes()
        swept = np.column_stack(
            [
                np.minimum(start[:, 0], start[:, 0] + moves[:, 0]) - margin,
                np.minimum(start[:, 1], start[:, 1] + moves[:, 1]) - margin,
                np.maximum(start[:, 2], start[:, 2] + moves[:, 0]) + margin,
                np.maximum(start[:, 3], start[:, 3] + moves[:, 1]) + margin,
            ]
        )
        static = self._static[: self._n]
        solid = ~self._sensor[: self._n] & ((self._layer[: self._n] & int(mask)) != 0) & ~excluded
        found = [np.zeros((0, 2), dtype=np.int64)]
        if (static & solid).any():
            found.append(query_walls(self._wall_grid(), swept, boxes, self._obb))
        if (~static & solid).any():
            cell = self._moving_cell()
            grid = broadphase.build_grid(boxes, self._moving_slots(), cell, broadphase.MAX_SPAN)
            combined = np.concatenate([boxes, swept])
            queries = np.arange(self._n, self._n + len(swept))
            pairs = broadphase.cross_pairs(combined, queries, grid, cell, broadphase.MAX_SPAN)
            found.append(np.column_stack([pairs[:, 0] - self._n, pairs[:, 1]]))
        cand = np.concatenate(found)
        casters, targets = cand[:, 0], cand[:, 1]
        keep = solid[targets] & (targets != slots[casters])
        return casters[keep], targets[keep]

    def move_and_slide(self, body: int, displacement, mask: int = ALL_LAYERS) -> SlideResult:
        """Move a body by ``displacement``, stopping at walls and sliding along them.

        Outline: cast the body along what is left of the move, stopping a
        skin's width short of the first solid body; keep the part of the rest
        that runs along the wall; if that would go back into a wall met
        earlier in the step, keep only the part along the crease of the two
        (nothing, in a corner); at most ``MAX_SLIDES`` times. The body never
        ends inside or touching a wall, and never passes a corner: a last
        step pushes it back to the skin's width from anything it crept
        nearer to through rounding.
        """
        slot = self._slot(body)
        x, y, angle = self._xf[slot]
        rx, ry = arguments.pair(displacement, "World.move_and_slide displacement", what="(dx, dy)")
        mask = arguments.bits(mask, "World.move_and_slide mask")
        _check_end(body, x, y, rx, ry)
        offset = int(self._table.offsets[self._shape[slot]])
        size = float(self._table.data[offset + 5] + self._table.data[offset + 1])
        skin = SKIN_REL * size
        hits: list[CastHit] = []
        normals: list[tuple[float, float]] = []
        for _ in range(MAX_SLIDES):
            if math.hypot(rx, ry) <= skin * 1e-3:
                break
            hit = self._cast(
                self._table.data, offset, (x, y, angle), rx, ry, skin, mask, exclude=slot, escape=True
            )
            if hit is None:
                x, y = x + rx, y + ry
                break
            hits.append(hit)
            x, y = x + hit.fraction * rx, y + hit.fraction * ry
            rx, ry = (1.0 - hit.fraction) * rx, (1.0 - hit.fraction) * ry
            rx, ry = slide_along(rx, ry, hit.normal, normals)
            normals.append(hit.normal)
        x, y = self._keep_skin(slot, offset, x, y, angle, skin, mask)
        self._xf[slot] = (x, y, angle)
        self._changed(bool(self._static[slot]))
        return SlideResult(float(x), float(y), tuple(hits))

    def move_and_slide_bodies(self, bodies, displacements, mask: int = ALL_LAYERS) -> np.ndarray:
        """``move_and_slide`` for many bodies at once; returns their final
        positions, (k, 2), and moves them there.

        The moved bodies are kinematic and do not block one another within
        the call: each one stops at, and slides along, the solid bodies in
        ``mask`` that are not being moved in this call (the game passes the
        walls' layer). Same guarantees as ``move_and_slide``: it stops a skin
        short of the first wall, slides for the rest of the step (at most
        ``MAX_SLIDES`` casts), never ends inside or touching a wall and never
        passes a corner. Each slide is one batched cast of every body still
        moving, so Python works per iteration, not per body.
        """
        slots = self._slots(_ids(bodies, "World.move_and_slide_bodies bodies"))
        rest = _rows(displacements, len(slots), "World.move_and_slide_bodies displacements")
        mask = arguments.bits(mask, "World.move_and_slide_bodies mask")
        if not np.isfinite(rest).all():
            k = int(np.flatnonzero(~np.isfinite(rest).all(axis=1))[0])
            raise ValueError(
                f"displacement of body {int(self._id[slots[k]])} is not finite: {tuple(rest[k].tolist())}"
            )
        ends = self._xf[slots, :2] + rest
        far = np.abs(ends).max(axis=1, initial=0.0) > MAX_COORDINATE
        if far.any():
            k = int(np.flatnonzero(far)[0])
            _check_end(int(self._id[slots[k]]), *self._xf[slots[k], :2], *rest[k])
        if len(np.unique(slots)) != len(slots):
            raise ValueError("move_and_slide_bodies got the same body twice")
        moved = np.zeros(self._n, dtype=np.bool_)
        moved[slots] = True
        data, offsets = self._table.data, self._table.offsets
        off = offsets[self._shape[slots]]
        skin = SKIN_REL * (data[off + 5] + data[off + 1])
        xf = self._xf[slots].copy()
        boxes = self._all_boxes()[slots]
        earlier, count = np.zeros((len(slots), MAX_SLIDES, 2)), np.zeros(len(slots), dtype=np.int64)
        active = np.flatnonzero(np.hypot(rest[:, 0], rest[:, 1]) > skin * 1e-3)
        for _ in range(MAX_SLIDES):
            if not len(active):
                break
            _, target, fraction, _, normal = self._sweep(
                slots[active], active, xf, boxes, rest[active], skin[active], mask, moved, escape=True
            )
            active = advance(active, fraction, normal, target, xf, boxes, rest, earlier, count, skin)
        self._keep_skin_many(slots, xf, boxes, skin, mask, moved)
        self._xf[slots] = xf
        self._changed(bool(self._static[slots].any()))
        return xf[:, :2].copy()

    def _keep_skin_many(self, slots, xf, boxes, skin, mask, moved) -> None:
        """``_keep_skin`` for many bodies at once; moves ``xf`` and ``boxes`` in place."""
        for _ in range(MAX_SLIDES):
            rows, targets = self._swept_candidates(boxes, np.zeros((len(slots), 2)), skin, mask, moved, slots)
            if not len(rows):
                return
            near = distances_batch(
                self._table, self._shape[slots[rows]], xf[rows], self._shape[targets], self._xf[targets]
            )
            order = np.lexsort((near.distance, rows))
            first = order[np.r_[True, rows[order][1:] != rows[order][:-1]]]  # nearest target per body
            close = first[near.distance[first] < 0.5 * skin[rows[first]]]
            if not len(close):
                return
            who, what = rows[close], targets[close]
            c = contacts_batch(
                self._table, self._shape[slots[who]], xf[who], self._shape[what], self._xf[what]
            )
            gap = near.point_a[close] - near.point_b[close]
            length = np.hypot(gap[:, 0], gap[:, 1])
            out = np.where(c.hit[:, None], -c.normal, gap / np.where(length > 0.0, length, 1.0)[:, None])
            push = np.where(c.hit, c.depth + skin[who], skin[who] - near.distance[close])
            xf[who, :2] += push[:, None] * out
            boxes[who] += np.tile(push[:, None] * out, 2)

    def _keep_skin(self, slot, offset, x, y, angle, skin, mask) -> tuple[float, float]:
        """Push the body back out to half a skin from any solid body it has crept
        nearer to, so rounding never lets it end touching a wall."""
        data = self._table.data
        reach = float(data[offset + 5] + data[offset + 1]) + skin
        for _ in range(MAX_SLIDES):
            slots = self._box_slots(x - reach, y - reach, x + reach, y + reach, mask)
            slots = slots[~self._sensor[slots] & (slots != slot)]
            if not len(slots):
                break
            near = distances_batch(
                self._table, np.full(len(slots), self._shape[slot]), np.tile([x, y, angle], (len(slots), 1)),
                self._shape[slots], self._xf[slots],
            )  # fmt: skip
            k = int(np.argmin(near.distance))
            if near.distance[k] >= 0.5 * skin:
                break
            c = contacts_batch(
                self._table, self._shape[slot : slot + 1], np.array([[x, y, angle]]),
                self._shape[slots[k : k + 1]], self._xf[slots[k : k + 1]],
            )  # fmt: skip
            if c.hit[0]:
                nx, ny = -c.normal[0]
                push = c.depth[0] + skin
            else:
                gx, gy = near.point_a[k] - near.point_b[k]
                g = math.hypot(gx, gy)
                nx, ny = gx / g, gy / g
                push = skin - near.distance[k]
            x, y = x + push * nx, y + push * ny
        return x, y

    # --- internals --------------------------------------------------------

    def _grow(self) -> None:
        for name in ("_xf", "_shape", "_layer", "_mask", "_static", "_sensor", "_id"):
            arr = getattr(self, name)
            setattr(self, name, np.concatenate([arr, np.zeros_like(arr)]))

    def _shape_index(self, shape) -> int:
        key = shape if not isinstance(shape, _Point) else "point"
        index = self._table_index.get(key)
        if index is None:
            index = self._table.add(shape)
            self._table_index[key] = index
        return index

    def _slot(self, body: int) -> int:
        if type(body) is not int:
            body = arguments.body_id(body)
        if not (0 <= body < len(self._slot_of)) or self._slot_of[body] < 0:
            raise KeyError(f"no body with id {body} in this world")
        return int(self._slot_of[body])

    def _slots(self, bodies: np.ndarray) -> np.ndarray:
        slots, bad = slots_of(self._slot_of, np.ascontiguousarray(bodies, dtype=np.int64))
        if bad >= 0:
            raise KeyError(f"no body with id {int(bodies[bad])} in this world")
        return slots

    def _changed(self, statics: bool) -> None:
        self._boxes = None
        self._frame = {}
        if statics:
            self._walls = None

    def _all_boxes(self) -> np.ndarray:
        if self._boxes is None:
            boxes = np.empty((self._n, 4))
            broadphase.compute_aabbs(
                self._table.data, self._table.offsets, self._shape[: self._n], self._xf[: self._n], boxes
            )
            self._boxes = boxes
        return self._boxes

    def _moving_cell(self) -> float:
        """The moving bodies' cell side: given, or chosen by ``broadphase.choose_cell``
        again only when their number doubles or halves (cheap, and stable)."""
        if self._cell is not None:
            return self._cell
        moving = self._moving_slots()
        chosen = self._move_cell
        if chosen is None or not (chosen[1] / 2 <= len(moving) <= 2 * chosen[1]):
            boxes = self._all_boxes()[moving]
            chosen = (max(broadphase.choose_cell(boxes, boxes), MIN_CELL_SIZE), len(moving))
            self._move_cell = chosen
        return chosen[0]

    def _moving_slots(self) -> np.ndarray:
        """Slots of the moving (not static) bodies."""
        if self._moving is None:
            self._moving = np.flatnonzero(~self._static[: self._n])
        return self._moving

    def _wall_grid(self) -> WallGrid:
        """The static bodies' dense grid, built when first needed after a wall
        changed (``_NO_WALLS`` when there are none)."""
        if self._walls is None:
            boxes = self._all_boxes()
            static = self._static[: self._n]
            walls = np.flatnonzero(static)
            if not len(walls):
                self._walls = _NO_WALLS
                return self._walls
            self._obb = np.zeros((self._n, 6))
            oriented_boxes(self._table.data, self._table.offsets, self._shape, self._xf, walls, self._obb)
            cell = self._cell
            if cell is None:
                moving = np.flatnonzero(~static)
                asking = boxes[moving] if len(moving) else boxes[walls]
                cell = max(broadphase.choose_cell(asking, boxes[walls], rebuilt=False), MIN_CELL_SIZE)
            self._walls = build_wall_grid(boxes, self._obb, walls, cell)
        return self._walls

    def _candidate_slots(self) -> np.ndarray:
        """Broad-phase pairs of slots, filtered by layer and mask (not yet by
        shape), as ``pairs()`` finds them; for tests."""
        walls = self._wall_grid()
        return frame_candidates(
            self._all_boxes(), self._layer, self._mask, self._moving_slots(), 1.0 / self._moving_cell(),
            broadphase.MAX_SPAN,
            walls.x0, walls.y0, walls.nx, walls.ny, walls.cell, walls.start, walls.body, walls.members,
            self._obb,
        )  # fmt: skip

    def _find_pairs(self) -> None:
        """This frame's overlapping pairs, as ids and as slots (rows alike: the
        smaller id first, sorted), in one compiled call."""
        walls = self._wall_grid()
        found, slots = find_pairs(
            self._table.data, self._table.offsets, self._shape, self._xf, self._id,
            self._all_boxes(), self._layer, self._mask, self._moving_slots(), 1.0 / self._moving_cell(),
            broadphase.MAX_SPAN,
            walls.x0, walls.y0, walls.nx, walls.ny, walls.cell, walls.start, walls.body, walls.members,
            self._obb,
        )  # fmt: skip
        # Read-only, so the array handed out cannot change what the world keeps
        # (a flag on the array: a copy per call would cost more than the call).
        found.flags.writeable = False
        slots.flags.writeable = False
        self._frame = {"pairs": found, "slots": slots}

    def _box_slots(self, lo_x, lo_y, hi_x, hi_y, mask) -> np.ndarray:
        boxes = self._all_boxes()
        inside = (boxes[:, 0] <= hi_x) & (lo_x <= boxes[:, 2]) & (boxes[:, 1] <= hi_y) & (lo_y <= boxes[:, 3])
        inside &= (self._layer[: self._n] & int(mask)) != 0
        return np.flatnonzero(inside)

    def _cast(self, data_a, off_a, xf, dx, dy, target, mask, exclude, escape=False) -> CastHit | None:
        """Nearest hit of a packed shape swept from ``xf`` by (dx, dy) among solid
        bodies; the move is first cut where it leaves the candidates' box for
        good (``casts.clip_fraction``), so a cast of any finite length is exact."""
        x, y, angle = xf
        reach = float(data_a[off_a + 5] + data_a[off_a + 1]) + target
        lo_x, hi_x = min(x, x + dx) - reach, max(x, x + dx) + reach
        lo_y, hi_y = min(y, y + dy) - reach, max(y, y + dy) + reach
        slots = self._box_slots(lo_x, lo_y, hi_x, hi_y, mask)
        slots = slots[~self._sensor[slots] & (slots != exclude)]
        if not len(slots):
            return None
        boxes = self._all_boxes()[slots]
        cut = clip_fraction(
            x - reach, y - reach, x + reach, y + reach, dx, dy,
            boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max(), 0.0,
        )  # fmt: skip
        if cut == 0.0:
            return None
        dx, dy = cut * dx, cut * dy
        best: CastHit | None = None
        poly = np.zeros((MAX_EPA_VERTICES, ROW))
        data, offsets = self._table.data, self._table.offsets
        tol = ARRIVAL_REL * (reach + math.hypot(dx, dy))
        for s in slots:
            bx, by, bangle = self._xf[s]
            hit, t, nx, ny, px, py = cast_pair(
                data_a, off_a, x, y, angle, dx, dy,
                data, offsets[self._shape[s]], bx, by, bangle, target, tol, escape, poly,
            )  # fmt: skip
            if hit and (best is None or t * cut < best.fraction):
                best = CastHit(int(self._id[s]), float(t * cut), (float(px), float(py)), (float(nx), float(ny)))
        return best
