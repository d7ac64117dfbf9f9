"""The world: every wall, enemy and bullet, their overlaps, casts and sliding moves.

A facade: it checks every argument (``arguments``), keeps the bodies'
arrays (``bodies.BodyArrays``) and the frame's caches, and hands the work to
the modules that hold the algorithms. Bodies live in dense parallel arrays
(slot = row); a body id is stable and maps to its slot. The game keeps its
own state in arrays and hands the world all moving transforms at once
(``set_transforms``, one kernel that also refreshes those bodies' boxes).
Per frame:

- walls sit in a dense grid built once (``walls``, on ``grid``) that lists
  each wall only where its oriented box reaches;
- ``pairs()`` is one compiled call (``pairs.find_pairs``): when the walls'
  grid holds the moving bodies (a level's walls enclose its play area), one
  walk over its cells meets walls and moving bodies alike (with no walls,
  the same walk over an empty dense grid over the crowd's own box); else the
  moving bodies go into a hashed grid (``hashgrid``). The cell comes from a
  cost estimate over the bodies' sizes (chosen again when their number
  doubles or halves). Candidates are filtered by layer and mask, then the narrow
  phase's verdicts; rows turned and sorted by body id;
- the frame's overlapping pairs are kept until anything changes, so
  ``contacts()`` only adds contact data to the pairs ``pairs()`` found;
- ``cast_bodies`` and ``move_and_slide_bodies`` cast every body in one call
  that walks the walls' cells and a grid of the cast's moving targets
  (``sweep``, ``slide``); ``move_and_slide`` is a batch of one.

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

from ..collision import ShapeTable, Transform, intersects_batch
from ..collision.limits import MAX_COORDINATE, MAX_SIZE
from . import arguments
from .bodies import Bodies, BodyArrays, store_transforms
from .boxes import aabb_of, compute_aabbs, oriented_boxes, slots_in_box
from .casts import CastBatch, CastHit, RayHit, cast_among, point_shape
from .grid import DenseGrid, empty_grid
from .hashgrid import choose_cell
from .pairs import WorldContacts, contacts_of, find_pairs, frame_candidates
from .slide import SlideResult, keep_skin, slide_bodies
from .sweep import cast_ids
from .walls import build_walls

ALL_LAYERS = 0xFFFFFFFF
#: The grids number cells with int64: a cell this small still numbers every
#: box within the coordinate limit (a body at ``MAX_COORDINATE`` reaching
#: ``MAX_SIZE`` beyond it) with room to spare.
MIN_CELL_SIZE = (MAX_COORDINATE + 2.0 * MAX_SIZE) * 2.0**-56
#: A larger cell than this holds the whole world in one: nothing to gain.
MAX_CELL_SIZE = 4.0 * (MAX_COORDINATE + MAX_SIZE)

_NO_BOXES = np.zeros((0, 4))
_F64, _I64 = arguments.F64, arguments.I64


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
        self._a = BodyArrays()
        self._boxes: np.ndarray | None = None
        # This frame's overlapping pairs (ids and slots, read-only); emptied by
        # any change, so pairs() and contacts() share them.
        self._frame: dict[str, Any] = {}
        self._moving: np.ndarray | None = None  # slots of the moving bodies, kept until one is added or removed
        self._move_cell: tuple[float, int] | None = None  # (cell, moving bodies it was chosen for)
        self._walls: DenseGrid | None = None
        self._obb = np.zeros((0, 6))

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
        body = self._a.append(xf, self._shape_index(shape), layer, mask, static, sensor, user_data)
        self._moving = None
        self._changed(static)
        return body

    def remove(self, body: int) -> None:
        """Remove a body; its id is never given out again."""
        # The walls' grid lists slots: it is stale only if a wall leaves or changes slot.
        walls_move = self._a.remove(self._slot(body))
        self._moving = None
        self._changed(walls_move)

    def set_transform(self, body: int, transform) -> None:
        """Place a body; ``transform`` as in ``add``."""
        slot = self._slot(body)
        self._a.xf[slot] = arguments.transform(transform, "World.set_transform transform")
        self._changed(bool(self._a.static[slot]))

    def set_transforms(self, bodies, x, y, angle) -> None:
        """Move many bodies at once (numpy arrays of equal length); all or nothing."""
        bodies = arguments.vector(bodies, _I64, "World.set_transforms bodies")
        x, y = arguments.vector(x, _F64, "World.set_transforms x"), arguments.vector(y, _F64, "World.set_transforms y")
        angle = arguments.vector(angle, _F64, "World.set_transforms angle")
        if not (len(bodies) == len(x) == len(y) == len(angle)):
            raise ValueError(
                f"set_transforms needs arrays of one length; got {len(bodies)}, {len(x)}, {len(y)}, {len(angle)}"
            )
        # Boxes of the moved bodies are refreshed in the same pass when they are kept.
        boxes = self._boxes if self._boxes is not None else _NO_BOXES
        bad, walls_moved = store_transforms(
            self._a.slot_of, bodies, x, y, angle, self._a.xf,
            self._table.data, self._table.offsets, self._a.shape, self._a.static, boxes, self._boxes is not None,
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
        return Transform(*self._a.xf[self._slot(body)].tolist())

    def shape(self, body: int):
        return self._table[int(self._a.shape[self._slot(body)])]

    def user_data(self, body: int) -> Any:
        return self._a.user[self._slot(body)]

    def is_static(self, body: int) -> bool:
        return bool(self._a.static[self._slot(body)])

    def is_sensor(self, body: int) -> bool:
        return bool(self._a.sensor[self._slot(body)])

    def layer(self, body: int) -> int:
        """The body's layer bits (``add``'s ``layer``)."""
        return int(self._a.layer[self._slot(body)])

    def mask(self, body: int) -> int:
        """The layers the body meets (``add``'s ``mask``)."""
        return int(self._a.mask[self._slot(body)])

    def __len__(self) -> int:
        return self._a.n

    def __contains__(self, body: int) -> bool:
        if isinstance(body, (bool, np.bool_)) or not isinstance(body, (int, np.integer)):
            return False
        return 0 <= body < len(self._a.slot_of) and self._a.slot_of[body] >= 0

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
        return self._a.ids[: self._a.n].copy()

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
        found, values = contacts_of(*self._bodies(), self._frame["slots"])
        return WorldContacts(found, values[:, 0:2], values[:, 2], values[:, 3:5], values[:, 5:7])

    # --- queries ----------------------------------------------------------

    def query_aabb(self, lo, hi, mask: int = ALL_LAYERS) -> np.ndarray:
        """Ids of bodies whose boxes overlap the box lo–hi and whose layer is in ``mask``.

        The boxes are the bodies' world boxes grown by their share of the
        touching tolerance (``boxes.aabb_of``).
        """
        lo_x, lo_y = arguments.pair(lo, "World.query_aabb lo")
        hi_x, hi_y = arguments.pair(hi, "World.query_aabb hi")
        mask = arguments.bits(mask, "World.query_aabb mask")
        return self._a.ids[self._box_slots(lo_x, lo_y, hi_x, hi_y, mask)]

    def query_shape(self, shape, transform, mask: int = ALL_LAYERS) -> np.ndarray:
        """Ids of bodies that overlap or touch ``shape`` at ``transform``."""
        xf = arguments.transform(transform, "World.query_shape transform")
        mask = arguments.bits(mask, "World.query_shape mask")
        if not hasattr(shape, "packed"):
            raise TypeError(
                f"World.query_shape shape must be a Circle, Polygon, Capsule or Ellipse; got {arguments.shown(shape)}"
            )
        # Its box grown as the bodies' are, so no touching body is culled.
        lo_x, lo_y, hi_x, hi_y = aabb_of(shape.packed, 0, *xf)
        slots = self._box_slots(lo_x, lo_y, hi_x, hi_y, mask)
        if not len(slots):
            return np.zeros(0, dtype=np.int64)
        index = self._shape_index(shape)
        hit = intersects_batch(
            self._table,
            np.full(len(slots), index),
            np.tile(np.array(xf), (len(slots), 1)),
            self._a.shape[slots],
            self._a.xf[slots],
        )
        return np.sort(self._a.ids[slots[hit]])

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
        hit = self._cast(_POINT.packed, 0, (ox, oy, 0.0), ux * max_distance, uy * max_distance, mask)
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
        return self._cast(self._table.data, int(self._table.offsets[index]), xf, dx, dy, mask)

    def cast_bodies(self, bodies, translations, mask: int = ALL_LAYERS) -> CastBatch:
        """Cast many bodies along their own translations at once (bullets), against
        the solid bodies whose layer is in ``mask``; the bodies do not move.

        Each body's swept box goes through the same grids as ``pairs()``, and
        every candidate is cast in one compiled call (``sweep``). A body that
        starts overlapping a target hits it at fraction 0, as in ``shape_cast``.
        """
        bodies = arguments.vector(bodies, _I64, "World.cast_bodies bodies")
        moves = arguments.rows_fast(translations, len(bodies), "World.cast_bodies translations")
        mask = arguments.bits(mask, "World.cast_bodies mask")
        # A caster skips itself; other casters stay targets.
        bad, body, fraction, point, normal = cast_ids(
            *self._bodies(), *self._wall_grid(), self._a.slot_of, mask, bodies, moves, self._moving_cell()
        )
        if bad <= -2:
            raise KeyError(f"no body with id {int(bodies[-2 - bad])} in this world")
        if bad >= 0:
            raise ValueError(f"translation of body {int(bodies[bad])} is not finite: {tuple(moves[bad])}")
        return CastBatch(body, fraction, point, normal)

    def move_and_slide(self, body: int, displacement, mask: int = ALL_LAYERS) -> SlideResult:
        """Move a body by ``displacement``, stopping at walls and sliding along them
        (``slide``): it stops a skin short of the first solid body in ``mask``,
        slides for the rest of the step, never ends inside or touching a wall
        and never passes a corner. A batch of one ``move_and_slide_bodies``,
        reporting what it slid along.
        """
        slot = self._slot(body)
        move = arguments.pair(displacement, "World.move_and_slide displacement", what="(dx, dy)")
        mask = arguments.bits(mask, "World.move_and_slide mask")
        at, hits, normals, count = self._slide(np.array([slot]), np.array([move]), mask)
        found = tuple(
            CastHit(int(self._a.ids[int(h[0])]), float(h[1]), (float(h[2]), float(h[3])), tuple(map(float, n)))
            for h, n in zip(hits[0, : count[0]], normals[0, : count[0]])
        )
        return SlideResult(float(at[0, 0]), float(at[0, 1]), found)

    def move_and_slide_bodies(self, bodies, displacements, mask: int = ALL_LAYERS) -> np.ndarray:
        """``move_and_slide`` for many bodies at once; returns their final
        positions, (k, 2), and moves them there.

        The moved bodies are kinematic and do not block one another within
        the call: each one stops at, and slides along, the solid bodies in
        ``mask`` that are not being moved in this call (the game passes the
        walls' layer). Each slide is one batched cast of every body still
        moving, so Python works per call, not per body.
        """
        slots = self._slots(arguments.ids(bodies, "World.move_and_slide_bodies bodies"))
        rest = arguments.rows(displacements, len(slots), "World.move_and_slide_bodies displacements")
        mask = arguments.bits(mask, "World.move_and_slide_bodies mask")
        if len(np.unique(slots)) != len(slots):
            raise ValueError("move_and_slide_bodies got the same body twice")
        return self._slide(slots, rest, mask)[0][:, :2].copy()

    # --- internals --------------------------------------------------------

    def _slide(self, slots, rest, mask):
        """Move-and-slide ``slots`` by ``rest`` and write where they end; returns
        (xf rows, hits, normals, count) as ``slide.slide_bodies``."""
        bad, at, box, skin, targets, hits, normals, count = slide_bodies(
            *self._bodies(), *self._wall_grid(), slots, rest, mask, self._moving_cell(), MAX_COORDINATE
        )
        if bad <= -2:
            k = -2 - bad
            raise ValueError(f"displacement of body {int(self._a.ids[slots[k]])} is not finite: {tuple(rest[k].tolist())}")
        if bad >= 0:
            arguments.check_end(int(self._a.ids[slots[bad]]), *self._a.xf[slots[bad], :2], *rest[bad])
        keep_skin(self._table, self._bodies(), self._wall_grid(), targets, slots, at, box, skin)
        self._a.xf[slots] = at
        self._changed(bool(self._a.static[slots].any()))
        return at, hits, normals, count

    def _bodies(self) -> Bodies:
        """The bodies' arrays as one record (``bodies.Bodies``), boxes and oriented boxes current."""
        boxes = self._all_boxes()
        self._wall_grid()
        return Bodies(
            self._table.data, self._table.offsets, self._a.shape, self._a.xf, boxes, self._obb,
            self._a.layer, self._a.mask, self._a.static, self._a.sensor, self._a.ids,
        )  # fmt: skip

    def _shape_index(self, shape) -> int:
        key = shape if not isinstance(shape, _Point) else "point"
        index = self._table_index.get(key)
        if index is None:
            index = self._table.add(shape)
            self._table_index[key] = index
        return index

    def _slot(self, body: int) -> int:
        return self._a.slot(body)

    def _slots(self, bodies: np.ndarray) -> np.ndarray:
        return self._a.slots(bodies)

    def _changed(self, statics: bool) -> None:
        self._boxes = None
        self._frame = {}
        if statics:
            self._walls = None

    def _all_boxes(self) -> np.ndarray:
        if self._boxes is None:
            boxes = np.empty((self._a.n, 4))
            compute_aabbs(self._table.data, self._table.offsets, self._a.shape[: self._a.n], self._a.xf[: self._a.n], boxes)
            self._boxes = boxes
        return self._boxes

    def _moving_cell(self) -> float:
        """The moving bodies' cell side: given, or chosen by ``hashgrid.choose_cell``
        again only when their number doubles or halves (cheap, and stable)."""
        if self._cell is not None:
            return self._cell
        moving = self._moving_slots()
        chosen = self._move_cell
        if chosen is None or not (chosen[1] / 2 <= len(moving) <= 2 * chosen[1]):
            boxes = self._all_boxes()[moving]
            chosen = (max(choose_cell(boxes, boxes), MIN_CELL_SIZE), len(moving))
            self._move_cell = chosen
        return chosen[0]

    def _moving_slots(self) -> np.ndarray:
        """Slots of the moving (not static) bodies."""
        if self._moving is None:
            self._moving = np.flatnonzero(~self._a.static[: self._a.n])
        return self._moving

    def _wall_grid(self) -> DenseGrid:
        """The static bodies' dense grid, built when first needed after a wall
        changed (an empty one when there are none)."""
        if self._walls is None:
            boxes = self._all_boxes()
            static = self._a.static[: self._a.n]
            walls = np.flatnonzero(static)
            self._obb = np.zeros((self._a.n, 6))
            if not len(walls):
                self._walls = empty_grid()
                return self._walls
            oriented_boxes(self._table.data, self._table.offsets, self._a.shape, self._a.xf, walls, self._obb)
            cell = self._cell
            if cell is None:
                moving = np.flatnonzero(~static)
                asking = boxes[moving] if len(moving) else boxes[walls]
                cell = max(choose_cell(asking, boxes[walls], rebuilt=False), MIN_CELL_SIZE)
            self._walls = build_walls(boxes, self._obb, walls, cell)
        return self._walls

    def _find_pairs(self) -> None:
        """This frame's overlapping pairs, as ids and as slots (rows alike: the
        smaller id first, sorted), in one compiled call."""
        found, slots = find_pairs(*self._bodies(), self._moving_slots(), 1.0 / self._moving_cell(), *self._wall_grid())
        # Read-only, so the array handed out cannot change what the world keeps
        # (a flag on the array: a copy per call would cost more than the call).
        found.flags.writeable = False
        slots.flags.writeable = False
        self._frame = {"pairs": found, "slots": slots}

    def _box_slots(self, lo_x, lo_y, hi_x, hi_y, mask) -> np.ndarray:
        return slots_in_box(self._all_boxes(), self._a.layer, mask, lo_x, lo_y, hi_x, hi_y)

    def _cast(self, data_a, off_a, xf, dx, dy, mask) -> CastHit | None:
        return cast_among(self._bodies(), data_a, off_a, xf, dx, dy, mask)


class FrameView(NamedTuple):
    """What a frame's kernels see of a world: its bodies' record, the slots of
    its moving bodies, their hashed grid's 1 / cell, and the walls' grid."""

    bodies: Bodies
    moving: np.ndarray
    inv_cell: float
    walls: DenseGrid


def frame_view(world: World) -> FrameView:
    """``world`` as its kernels see it this frame, caches built: to drive or
    check one stage of the pipeline (``pairs.candidates_over_walls``,
    ``sweep.targets_of``...) apart from the rest, in tests and tools."""
    return FrameView(world._bodies(), world._moving_slots(), 1.0 / world._moving_cell(), world._wall_grid())


def candidate_pairs(world: World) -> np.ndarray:
    """The broad phase's slot pairs of ``world`` (boxes overlap, layers and masks
    agree; not yet judged by shape), as ``pairs()`` finds them: to test the
    broad phase apart from the narrow phase. Rows (a, b) of slots, in no order."""
    view = frame_view(world)
    return frame_candidates(view.bodies, view.moving, view.inv_cell, view.walls)


def slot_of(world: World, body: int) -> int:
    """The row of ``body`` in ``world``'s arrays (what ``candidate_pairs`` lists)."""
    return world._slot(body)
