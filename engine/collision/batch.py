"""Many pairs at once: the hot path for the world and the game.

Shapes go into a ``ShapeTable`` once (one flat buffer, one offset per shape);
a batch names each pair by two table indices and two transforms, rows of
``(x, y, angle)`` arrays. One compiled call then runs ``collide_pair`` on every
pair with no Python in between, which is where the speed comes from: the
per-call dispatch that dominates a one-pair query is paid once per batch.

Arguments are checked before the kernel runs, in a few numpy reductions:
``table`` a ``ShapeTable``; ``shape_a``/``shape_b`` one-dimensional arrays of
an *integer* dtype (a float index is refused, never truncated) naming
shapes in the table; ``xf_a``/``xf_b`` numeric (k, 3) arrays whose rows are
inside the limits (``limits.check_transform_rows``). Each problem is one
error naming the argument (and the first bad row).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .epa import MAX_EPA_VERTICES, ROW
from .jit import kernel, unmanaged
from .limits import check_transform_rows
from .narrowphase import MODE_CONTACT, MODE_DISTANCE, MODE_VERDICT, collide_pair_inlined
from .shapes import H_BOUND, H_RADIUS


class ShapeTable:
    """Built-in shapes packed into one buffer; a shape is known by its index.

    >>> from engine.collision import Circle, Polygon
    >>> table = ShapeTable([Circle(1.0)])
    >>> table.add(Polygon.box(1.0, 2.0))
    1
    >>> len(table)
    2
    """

    def __init__(self, shapes=()) -> None:
        self._shapes: list = []
        # Packed shapes one after another in a buffer with room to grow (doubling), so adding a
        # shape costs its own size, not the table's: every new shape repacked the whole table,
        # and a world queried with 20,000 distinct shapes took 206 s (10 ms a call at the end).
        self._buffer = np.zeros(0)
        self._starts = np.zeros(0, dtype=np.int64)
        self._used = 0
        self._dirty = True  # ``data`` and ``offsets`` are views made again on first use
        for shape in shapes:
            self.add(shape)

    def add(self, shape) -> int:
        """Add a built-in shape; return its index."""
        if not hasattr(shape, "packed"):
            raise TypeError(
                f"{type(shape).__name__} cannot go in a ShapeTable: only the built-in shapes "
                "(Circle, Polygon, Capsule, Ellipse) run in the compiled batch path"
            )
        packed, index = shape.packed, len(self._shapes)
        end = self._used + len(packed)
        if end > len(self._buffer):
            self._buffer = _grown(self._buffer, self._used, end)
        if index >= len(self._starts):
            self._starts = _grown(self._starts, index, index + 1)
        # Written past the end of every view handed out so far: those still read what they held.
        self._buffer[self._used : end] = packed
        self._starts[index] = self._used
        self._used = end
        self._shapes.append(shape)
        self._dirty = True
        return index

    def __getstate__(self) -> dict:
        """Copied and pickled without its views of the buffer, made again, read-only, on first use:
        a copied array is writable, and a kernel handed the writable one compiled a second
        signature (an unpickled world's first steps took 13 s in a fresh process)."""
        state = self.__dict__.copy()
        state.pop("_data", None)
        state.pop("_offsets", None)
        state["_dirty"] = True
        return state

    def __copy__(self) -> ShapeTable:
        """A table of its own, its buffer copied and its shapes (immutable) shared: sharing the
        buffer, as the default copy did, let the next shape either table took overwrite the one
        the other had just taken (a copy's ``Circle(5)`` read back as the original's new box)."""
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__getstate__())
        twin._buffer, twin._starts = self._buffer.copy(), self._starts.copy()
        twin._shapes = list(self._shapes)
        return twin

    def __len__(self) -> int:
        return len(self._shapes)

    def __getitem__(self, index: int):
        return self._shapes[index]

    def _pack(self) -> None:
        if self._dirty:
            self._data = self._buffer[: self._used]
            self._data.flags.writeable = False  # like each shape's own buffer
            self._offsets = self._starts[: len(self._shapes)]
            self._dirty = False

    @property
    def data(self) -> np.ndarray:
        """The packed buffer (see ``engine.collision.shapes``)."""
        self._pack()
        return self._data

    @property
    def offsets(self) -> np.ndarray:
        """Offset of each shape in ``data``."""
        self._pack()
        return self._offsets


def _grown(array: np.ndarray, used: int, needed: int) -> np.ndarray:
    """A copy of ``array[:used]`` with room for at least ``needed`` items (twice as many, or 64)."""
    grown = np.zeros(max(needed, 2 * len(array), 64), dtype=array.dtype)
    grown[:used] = array[:used]
    return grown


class ContactBatch(NamedTuple):
    """Per-pair contact results; rows where ``hit`` is False hold zeros.

    ``normal`` (k, 2) points from A towards B, ``depth`` (k,) ≥ 0,
    ``point_a``/``point_b`` (k, 2) are the deepest points, world frame.
    """

    hit: np.ndarray
    normal: np.ndarray
    depth: np.ndarray
    point_a: np.ndarray
    point_b: np.ndarray
    status: np.ndarray


class DistanceBatch(NamedTuple):
    """Per-pair distances (0 when touching or overlapping) and closest points."""

    distance: np.ndarray
    point_a: np.ndarray
    point_b: np.ndarray
    status: np.ndarray


@kernel
def collide_batch_kernel(data, offsets, shape_a, xf_a, shape_b, xf_b, mode, hit, values, status):
    """Run ``collide_pair`` on every pair; fills ``hit``, and for the full
    modes ``values`` (k, 8) = distance, nx, ny, depth, pax, pay, pbx, pby and
    ``status``."""
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly, data = unmanaged(polytope), unmanaged(data)
    for k in range(shape_a.shape[0]):
        oa = offsets[shape_a[k]]
        ob = offsets[shape_b[k]]
        r = collide_pair_inlined(
            data, oa, data[oa + H_RADIUS], data[oa + H_BOUND],
            data, ob, data[ob + H_RADIUS], data[ob + H_BOUND],
            xf_a[k, 0], xf_a[k, 1], xf_a[k, 2], xf_b[k, 0], xf_b[k, 1], xf_b[k, 2],
            mode, poly,
        )  # fmt: skip
        hit[k] = r.hit
        if mode != MODE_VERDICT:
            status[k] = r.status
            if mode == MODE_CONTACT and not r.hit:
                continue
            values[k, 0] = r.distance
            values[k, 1] = r.nx
            values[k, 2] = r.ny
            values[k, 3] = r.depth
            values[k, 4] = r.pax
            values[k, 5] = r.pay
            values[k, 6] = r.pbx
            values[k, 7] = r.pby
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view


def _indices(name: str, ids, count: int) -> np.ndarray:
    """Table indices as a (k,) int64 array; a float, bool or out-of-table index is refused, not cast."""
    try:
        arr = np.asarray(ids)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a (k,) array of integer shape indices") from None
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a (k,) array of shape indices, got an array of shape {arr.shape}")
    if arr.dtype.kind not in "iu":
        if arr.size:  # an empty list is float64 to numpy, and names no shape
            raise TypeError(f"{name} must hold integer shape indices, got dtype {arr.dtype}")
        arr = arr.astype(np.int64)
    if arr.size and (arr.min() < 0 or arr.max() >= count):  # compared in the given dtype, before any cast
        bad = arr[(arr < 0) | (arr >= count)][0].item()  # as given: a uint64 2**63 is not -2**63
        raise IndexError(f"{name} names shape {bad}, but the table holds {count} shapes")
    arr = np.ascontiguousarray(arr, dtype=np.int64)
    return arr


def _transforms(name: str, xf, k: int) -> np.ndarray:
    """Transforms as a checked (k, 3) float64 array (see ``limits.check_transform_rows``)."""
    try:
        arr = np.asarray(xf)
        if arr.dtype.kind not in "iuf":
            raise TypeError
        arr = np.ascontiguousarray(arr, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(
            f"{name} must be a (k, 3) array of numbers (x, y, angle), got {type(xf).__name__}"
        ) from None
    if arr.shape != (k, 3):
        raise ValueError(f"{name} must have shape (k, 3) = ({k}, 3) rows of (x, y, angle), got {arr.shape}")
    check_transform_rows(name, arr)
    return arr


def prepare_batch(table: ShapeTable, shape_a, xf_a, shape_b, xf_b):
    """A batch's arguments checked (see the module) and made contiguous: (data, offsets, shape_a, xf_a, shape_b, xf_b)."""
    if not isinstance(table, ShapeTable):
        raise TypeError(f"table must be a ShapeTable, got {type(table).__name__}")
    shape_a = _indices("shape_a", shape_a, len(table))
    shape_b = _indices("shape_b", shape_b, len(table))
    k = len(shape_a)
    if len(shape_b) != k:
        raise ValueError(f"shape_a and shape_b must be as long as each other, got {k} and {len(shape_b)}")
    xf_a = _transforms("xf_a", xf_a, k)
    xf_b = _transforms("xf_b", xf_b, k)
    return table.data, table.offsets, shape_a, xf_a, shape_b, xf_b


def _run(table, shape_a, xf_a, shape_b, xf_b, mode):
    args = prepare_batch(table, shape_a, xf_a, shape_b, xf_b)
    k = len(args[2])
    hit = np.zeros(k, dtype=np.bool_)
    values = np.zeros((k, 8))
    status = np.zeros(k, dtype=np.int64)
    collide_batch_kernel(*args, mode, hit, values, status)
    return hit, values, status


def intersects_batch(table: ShapeTable, shape_a, xf_a, shape_b, xf_b) -> np.ndarray:
    """Verdict per pair: True when the shapes overlap or touch.

    ``shape_a``/``shape_b`` are (k,) indices into ``table``; ``xf_a``/``xf_b``
    are (k, 3) rows of (x, y, angle), world frame.
    """
    return _run(table, shape_a, xf_a, shape_b, xf_b, MODE_VERDICT)[0]


def contacts_batch(table: ShapeTable, shape_a, xf_a, shape_b, xf_b) -> ContactBatch:
    """Verdict, normal, depth and deepest points per pair (see ``contact``)."""
    hit, v, status = _run(table, shape_a, xf_a, shape_b, xf_b, MODE_CONTACT)
    return ContactBatch(hit, v[:, 1:3], v[:, 3], v[:, 4:6], v[:, 6:8], status)


def distances_batch(table: ShapeTable, shape_a, xf_a, shape_b, xf_b) -> DistanceBatch:
    """Distance and closest points per pair (see ``distance``)."""
    _, v, status = _run(table, shape_a, xf_a, shape_b, xf_b, MODE_DISTANCE)
    return DistanceBatch(v[:, 0], v[:, 4:6], v[:, 6:8], status)
