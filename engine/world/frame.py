"""A world's frame: the caches every per-frame kernel reads, built when first
asked for and dropped by the change that makes them stale.

A game moves its bodies, then asks for pairs, contacts and casts, many times
a second. Each of those reads the same derived data, so it is built once per
change and shared:

- the bodies' world boxes (``boxes.compute_aabbs``): dropped by any change,
  except that ``set_transforms`` refreshes the moved bodies' boxes in place
  (``kept_boxes``);
- the walls' dense grid and their oriented boxes (``walls.build_walls``): built
  once, dropped only when a static body is added, removed, moved or changes
  slot. Walls do not move, so their grid may cost more to build and less to
  walk than the moving bodies' (``walls``);
- the static bodies' boxes in a grid by box alone (``walls_by_box``, for the
  continuous pass), built and dropped with the walls' grid;
- the moving bodies' slots: dropped when a body is added or removed;
- the moving bodies' cell side (``hashgrid.choose_cell``, a cost estimate over
  their sizes): chosen again only when their number doubles or halves, which
  is cheap and keeps the grid stable from frame to frame;
- this frame's overlapping pairs, as ids and as slots (read-only): dropped by
  any change, so ``pairs()`` and ``contacts()`` share one search.

``pairs()`` is one compiled call (``pairs.find_pairs``): when the walls' grid
holds the moving bodies (a level's walls enclose its play area), one walk
over its cells meets walls and moving bodies alike; with no walls, the same
walk over a dense grid on the crowd's own box; else the moving bodies go into
a hashed grid (``hashgrid``). Candidates are filtered by layer and mask, then
judged by the narrow phase, and the rows turned and sorted by body id.

Frames: world space; boxes and oriented boxes as in ``boxes``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..collision import ShapeTable
from .bodies import Bodies, BodyArrays
from .box_pairs import BoxGrid, box_grid
from .boxes import compute_aabbs, oriented_boxes
from .grid import MIN_CELL_SIZE, DenseGrid, empty_grid
from .hashgrid import choose_cell
from .pairs import find_pairs, frame_candidates
from .walls import build_walls


class FrameView(NamedTuple):
    """What a frame's kernels see of a world: its bodies' record, the slots of
    its moving bodies, their grid's 1 / cell, and the walls' grid."""

    bodies: Bodies
    moving: np.ndarray
    inv_cell: float
    walls: DenseGrid


class Frame:
    """The derived data of one world's bodies (see the module), each part built
    when first asked for after the change that dropped it."""

    def __init__(self, table: ShapeTable, arrays: BodyArrays, cell: float | None) -> None:
        self.table, self.arrays, self.given_cell = table, arrays, cell
        self._boxes: np.ndarray | None = None
        self._obb = np.zeros((0, 6))
        self._walls: DenseGrid | None = None
        #: The cell the walls' grid was asked for when built (chosen from what asked then): kept so a
        #: snapshot's world builds the very same grid (``snapshot``).
        self._walls_cell: float | None = None
        self._by_box: tuple[np.ndarray, BoxGrid] | None = None
        self._moving: np.ndarray | None = None
        self._chosen: tuple[float, int] | None = None  # (cell, moving bodies it was chosen for)
        self._pairs: tuple[np.ndarray, np.ndarray] | None = None
        self._view: FrameView | None = None
        #: Counts the changes of who is in the world and of the walls (a body added or removed, a
        #: wall moved): what the broad phase finds depends on those and on the boxes only, so a
        #: step may keep its candidates while this holds (``step.Dynamics``'s fat boxes).
        self.epoch = 0

    def __getstate__(self) -> dict:
        """Copied and pickled without this frame's pairs and view, found again on first use: the
        pairs, read-only for good here, would come back writable."""
        state = self.__dict__.copy()
        state["_pairs"] = state["_view"] = None
        return state

    # --- what drops what ---------------------------------------------------

    def changed(self, walls: bool, members: bool = False) -> None:
        """Bodies moved (``walls``: a static one among them or a wall changed
        slot); ``members``: a body was added or removed."""
        self._boxes = None
        self._pairs = None
        self._view = None
        if walls or members:
            self.epoch += 1
        if walls:
            self._walls = self._walls_cell = self._by_box = None
        if members:
            self._moving = None

    def moved_in_place(self, walls: bool) -> None:
        """Bodies moved and their boxes were refreshed in ``kept_boxes``."""
        self._pairs = None
        if walls:
            self.changed(True)

    def moved_slots(self, slots: np.ndarray, walls: bool) -> None:
        """The bodies at ``slots`` moved (their transforms written, a slide's): their boxes are
        refreshed in place when the boxes are kept (the same ``aabb_of`` as a rebuild), unless
        a wall moved. A game slides its actors several times a tick between casts: rebuilding
        every body's box after each slide was a share of every cast that followed."""
        if walls or self._boxes is None:
            self.changed(walls)
            return
        a = self.arrays
        moved = np.empty((len(slots), 4))
        compute_aabbs(self.table.data, self.table.offsets, a.shape[slots], a.xf[slots], moved)
        self._boxes[slots] = moved
        self._pairs = None

    # --- the caches --------------------------------------------------------

    @property
    def kept_boxes(self) -> np.ndarray | None:
        """The boxes if they are built (to refresh in place), else None."""
        return self._boxes

    @property
    def chosen_cell(self) -> float | None:
        """The moving bodies' cell: the one given, or the one chosen (None before)."""
        if self.given_cell is not None:
            return self.given_cell
        return self._chosen[0] if self._chosen else None

    def boxes(self) -> np.ndarray:
        """(n, 4) world boxes of every body, grown by its share of the touching tolerance."""
        if self._boxes is None:
            a = self.arrays
            boxes = np.empty((a.n, 4))
            compute_aabbs(self.table.data, self.table.offsets, a.shape[: a.n], a.xf[: a.n], boxes)
            self._boxes = boxes
        return self._boxes

    def moving(self) -> np.ndarray:
        """Slots of the moving (not static) bodies."""
        if self._moving is None:
            self._moving = np.flatnonzero(~self.arrays.static[: self.arrays.n])
        return self._moving

    def cell(self) -> float:
        """The moving bodies' cell side: given, or chosen by ``hashgrid.choose_cell``
        again only when their number doubles or halves."""
        if self.given_cell is not None:
            return self.given_cell
        moving = self.moving()
        chosen = self._chosen
        if chosen is None or not (chosen[1] / 2 <= len(moving) <= 2 * chosen[1]):
            boxes = self.boxes()[moving]
            chosen = (max(choose_cell(boxes, boxes), MIN_CELL_SIZE), len(moving))
            self._chosen = chosen
        return chosen[0]

    def walls(self) -> DenseGrid:
        """The static bodies' dense grid (an empty one when there are none);
        builds their oriented boxes on the way."""
        if self._walls is None:
            a, boxes = self.arrays, self.boxes()
            walls = np.flatnonzero(a.static[: a.n])
            self._obb = np.zeros((a.n, 6))
            if not len(walls):
                self._walls = empty_grid()
                return self._walls
            oriented_boxes(self.table.data, self.table.offsets, a.shape, a.xf, walls, self._obb)
            cell = self.given_cell if self.given_cell is not None else self._walls_cell
            if cell is None:
                # Sized for what asks the walls: the moving bodies, or the walls themselves. A moving
                # body's walk over the walls' cells (the broad phase's ``candidates_over_walls``) meets
                # the moving bodies laid there too, so they count among what a cell holds: sized for
                # the walls alone, a pile of 2,000 small bodies in a box of three walls got cells of
                # 4.4 m, each holding some 15 of them (its walk 423 µs, against 295 µs at the 1.3 m
                # chosen so).
                moving = self.moving()
                asking = boxes[moving] if len(moving) else boxes[walls]
                held = np.concatenate([boxes[walls], boxes[moving]])
                cell = max(choose_cell(asking, held, rebuilt=False), MIN_CELL_SIZE)
            self._walls_cell = cell
            self._walls = build_walls(boxes, self._obb, walls, cell)
        return self._walls

    def walls_by_box(self) -> tuple[np.ndarray, BoxGrid]:
        """The static bodies' slots and their boxes in a grid (``box_pairs.box_grid``, the walls'
        grid's cells), each listed in every cell its box covers: for a question that must meet
        every static body whose box meets a box (the continuous pass), which the walls' grid, each
        listed only where its oriented box reaches, does not promise. Built with the walls' grid,
        dropped with it."""
        if self._by_box is None:
            walls = self.walls()
            slots = walls.members
            self._by_box = (slots, box_grid(self.boxes()[slots], walls.cell))
        return self._by_box

    def bodies(self) -> Bodies:
        """The bodies' arrays as one record, boxes and oriented boxes current."""
        boxes = self.boxes()
        self.walls()
        a, t = self.arrays, self.table
        return Bodies(
            t.data, t.offsets, a.shape, a.xf, boxes, self._obb, a.layer, a.mask, a.static, a.sensor, a.ids
        )  # fmt: skip

    def view(self) -> FrameView:
        """Everything a frame's kernels read, built; kept while its parts are (a step refreshes the
        boxes in place) and the shape table holds no new shape. Its eight calls took 14 µs at the
        start of a step, their code and data cold after the last one."""
        view = self._view
        if view is None or view.bodies.data is not self.table.data:
            view = self._view = FrameView(self.bodies(), self.moving(), 1.0 / self.cell(), self.walls())
        return view

    def pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """This frame's overlapping pairs as (ids, slots), rows alike: the smaller
        id first, sorted. Read-only for good, so an array handed out cannot change
        what the frame keeps: the data lives in immutable ``bytes`` (a flag on an
        array that owns its data could be set back with ``setflags(write=True)``;
        one copy per search, not per call)."""
        if self._pairs is None:
            self._pairs = tuple(_frozen(array) for array in find_pairs(*self.view()))
        return self._pairs

    def candidates(self) -> np.ndarray:
        """The broad phase's slot pairs (boxes overlap, layers and masks agree),
        as ``pairs()`` finds them before the narrow phase; rows in no order."""
        return frame_candidates(*self.view())


def _frozen(array: np.ndarray) -> np.ndarray:
    """``array``'s values in an array over immutable ``bytes``: no view of it can be made writable."""
    return np.frombuffer(array.tobytes(), array.dtype).reshape(array.shape)


__all__ = ["Frame", "FrameView"]
