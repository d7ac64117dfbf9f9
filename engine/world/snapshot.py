"""Snapshots: a world's whole state as bytes, and a world made again from them (``World.snapshot``,
``World.restore``, ``World.from_snapshot``, ``World.state_hash``).

A snapshot holds everything the next step reads: every body row (transforms, velocities, forces,
materials, masses, sleep timers and islands), the shapes (by their constructors' numbers), the id
counters, the settings and gravity, the contacts kept for warm starting (their impulses and cached
manifolds), the contacts that ended between steps, the broad phase's fat boxes and candidates
while they stand, the cell sizes its grids were built with, and the continuous pass's per-shape
caches (their values depend on which body first asked). A world restored from it steps as the
original would, bit for bit, on the same machine and build. Caches that are a pure function of
what is saved (boxes, grids, the solver's colouring and scratch memory) are built again.

The format, read as hostile input:

- ``MAGIC`` (8 bytes), ``VERSION``, the number of arrays (at most ``MAX_ARRAYS``) and the length
  of what follows, under a CRC-32 of its own;
- then each array: its name, its type (bool, uint8, int64 or float64, little-endian), its shape
  (at most 3 axes) and its bytes, under a CRC-32 of the whole entry.

Every size is checked against the bytes left before anything is read or allocated; the names and
types must be exactly this version's (``FIELDS``); then ``World`` checks every count against its
limits (``MAX_BODIES``, ``MAX_SHAPES``, ``MAX_IDS``) and every index against what it points into
before it builds a world. Anything else is one ``ValueError`` and the world restored into is
unchanged (a new state is built, then swapped in). No object is unpickled: ``user_data`` is
saved only when it is None, a bool, int, float, str or bytes, or a tuple of those
(``encode_values``); anything else refuses the snapshot with a ``TypeError`` naming the body.

To save more state (another module's arrays, e.g. joints), add its arrays to ``FIELDS`` (one
line each: name, type, axes past the first), take them in ``world_state`` and check and give
them back in ``build_world`` (both below).
"""

from __future__ import annotations

import hashlib
import math
import struct
import zlib
from typing import Any

import numpy as np

from .joint_solver import I_WIDTH, KIND_NAMES, P_WIDTH
from .joints import MAX_JOINTS, JointTable

MAGIC = b"ENGSNAP\x00"
VERSION = 1
#: Most arrays a snapshot may hold, and the most a name may take (bytes).
MAX_ARRAYS = 128
MAX_NAME = 64
#: Most ids a world hands out (``BodyArrays.append``), and the largest id (plus one) a snapshot may
#: name: a restored world's id tables reach the largest id it names, two int64 arrays (256 MB at
#: this limit, before a body is built). A world that has handed out more ids can still be saved
#: while the ids of its bodies and pending events stay below it.
MAX_IDS = 1 << 32
MAX_NAMED_ID = 1 << 24
#: Deepest tuple of ``user_data``, and the longest int (bytes), str or bytes a snapshot holds.
MAX_DEPTH = 16
MAX_VALUE_BYTES = 1 << 20

_HEAD = struct.Struct("<8sIIQI")  # magic, version, arrays, length of the rest, CRC-32 of the first four
_ENTRY = struct.Struct("<IBBB")  # CRC-32 of the entry past this field, name length, type, axes
_DTYPES = {1: np.dtype("?"), 2: np.dtype("u1"), 3: np.dtype("<i8"), 4: np.dtype("<f8")}
_CODES = {dtype: code for code, dtype in _DTYPES.items()}

#: Every array of this version, in order: (name, type, axes past the first). Rows are checked by
#: ``World`` against the counts in ``world.ints``. Names starting ``out.`` are left out of
#: ``state_hash`` (``HASH_SKIPS``): what the next step reads is all the rest.
FIELDS: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("world.ints", "<i8", ()),
    ("world.reals", "<f8", ()),
    ("shapes.kind", "<i8", ()),
    ("shapes.start", "<i8", ()),
    ("shapes.values", "<f8", ()),
    *(
        (f"rows.{name}", dtype, axes)
        for name, dtype, axes in (
            ("xf", "<f8", (3,)),
            ("shape", "<i8", ()),
            ("layer", "<i8", ()),
            ("mask", "<i8", ()),
            ("static", "?", ()),
            ("sensor", "?", ()),
            ("bullet", "?", ()),
            ("ids", "<i8", ()),
            ("dynamic", "?", ()),
            ("vel", "<f8", (3,)),
            ("force", "<f8", (3,)),
            ("inv_mass", "<f8", ()),
            ("inv_inertia", "<f8", ()),
            ("mass", "<f8", ()),
            ("inertia", "<f8", ()),
            ("center", "<f8", (2,)),
            ("friction", "<f8", ()),
            ("restitution", "<f8", ()),
            ("rolling", "<f8", ()),
            ("damping", "<f8", (2,)),
            ("gravity_scale", "<f8", ()),
            ("awake", "?", ()),
            ("sleep_time", "<f8", ()),
            ("island", "<i8", ()),
            ("start", "<f8", (3,)),
            ("density", "<f8", ()),
            ("fixed", "?", ()),
            ("root", "<i8", ()),
            ("local", "<f8", (3,)),
            ("reach", "<f8", ()),
            ("one_sided", "?", ()),
            ("ghost", "<f8", (4,)),
            ("owner", "<i8", ()),
        )
    ),
    ("ids.owner", "<i8", (2,)),
    ("contacts.keys", "<i8", ()),
    ("contacts.ids", "<i8", (2,)),
    ("contacts.normal_impulse", "<f8", (2,)),
    ("contacts.tangent_impulse", "<f8", (2,)),
    ("contacts.touching", "?", ()),
    ("contacts.count", "<i8", ()),
    ("contacts.cached", "<f8", (-1,)),
    ("contacts.ended", "<i8", (2,)),
    ("sensors.sensing", "<i8", (2,)),
    ("broad.fat", "<f8", (4,)),
    ("broad.candidates", "<i8", (2,)),
    ("cache.extents", "<f8", ()),
    ("cache.insets", "<f8", ()),
    # The joints (``joints.JointTable``, in their rows' order) and the ids removed with their
    # bodies that the next step reports; ``joints.next`` is the next joint id.
    ("joints.next", "<i8", ()),
    ("joints.ids", "<i8", ()),
    ("joints.kind", "<i8", ()),
    ("joints.body_a", "<i8", ()),
    ("joints.body_b", "<i8", ()),
    ("joints.collide", "?", ()),
    ("joints.param", "<f8", (P_WIDTH,)),
    ("joints.impulse", "<f8", (I_WIDTH,)),
    ("joints.reaction", "<f8", (3,)),
    ("joints.removed", "<i8", ()),
    ("out.pushed_keys", "<i8", ()),
    ("out.pushed_touching", "?", ()),
    ("out.pushed_total", "<f8", (2,)),
    ("out.user", "u1", ()),
    ("out.warned", "u1", ()),
)
#: The prefixes ``state_hash`` leaves out: what is read out, never stepped on (user data, the
#: pushed pairs ``pair_impulses`` reports, the warnings said). The ``cache.`` arrays stay in: the
#: continuous pass's per-shape values depend on which body first asked, and change its results.
HASH_SKIPS = ("out.",)


def encode(
    arrays: dict[str, np.ndarray], fields=FIELDS, magic: bytes = MAGIC, version: int = VERSION
) -> bytes:
    """The snapshot bytes of ``arrays`` (every name of ``fields``, in its order, of its type); another
    format on this container (a game's save) passes its own ``fields``, ``magic`` and ``version``."""
    parts = [b""]
    for name, dtype, _ in fields:
        array = np.ascontiguousarray(arrays[name], dtype=dtype)
        raw = name.encode()
        body = b"".join(
            [
                struct.pack("<BBB", len(raw), _CODES[array.dtype], array.ndim),
                raw,
                struct.pack(f"<{array.ndim}Q", *array.shape),
                array.tobytes(),
            ]
        )
        parts.append(struct.pack("<I", zlib.crc32(body)) + body)
    rest = sum(len(p) for p in parts)
    head = struct.pack("<8sIIQ", magic, version, len(fields), rest)
    parts[0] = head + struct.pack("<I", zlib.crc32(head))
    return b"".join(parts)


def decode(
    data, fields=FIELDS, magic: bytes = MAGIC, version: int = VERSION, what: str = "snapshot"
) -> dict[str, np.ndarray]:
    """The arrays of the snapshot ``data`` (bytes-like), each a writable copy; ``ValueError`` for
    anything that is not a whole, intact snapshot of this version (``encode``'s other formats: their
    ``fields``, ``magic``, ``version``, and ``what`` the errors call it)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"{what} must be bytes, got {type(data).__name__}")
    view = memoryview(data).cast("B")
    if len(view) < _HEAD.size:
        raise ValueError(f"{what} is {len(view)} bytes: too short for its {_HEAD.size}-byte header")
    found, found_version, count, rest, crc = _HEAD.unpack_from(view)
    if found != magic:
        raise ValueError(f"{what} does not start with {magic!r}: not a {what}")
    if zlib.crc32(view[: _HEAD.size - 4]) != crc:
        raise ValueError(f"{what} header is corrupted (its checksum does not match)")
    if found_version != version:
        raise ValueError(f"{what} is version {found_version}; this build reads version {version} only")
    if count != len(fields) or count > MAX_ARRAYS:
        raise ValueError(f"{what} holds {count} arrays; version {version} has {len(fields)}")
    if rest != len(view) - _HEAD.size:
        raise ValueError(
            f"{what} is {len(view):,} bytes; its header says {_HEAD.size + rest:,} (truncated or extended)"
        )
    at, out = _HEAD.size, {}
    for name, dtype, axes in fields:
        if len(view) - at < 7:
            raise ValueError(f"{what} ends inside array {name!r}")
        crc, size, code, ndim = _ENTRY.unpack_from(view, at)
        start = at + 4
        at += _ENTRY.size
        if size > MAX_NAME or ndim != 1 + len(axes) or code not in _DTYPES:
            raise ValueError(f"{what} array {name!r} has a bad header (name, type or axes)")
        if len(view) - at < size + 8 * ndim:
            raise ValueError(f"{what} ends inside array {name!r}")
        if bytes(view[at : at + size]) != name.encode():
            raise ValueError(f"{what} holds another array where {name!r} belongs")
        at += size
        shape = struct.unpack_from(f"<{ndim}Q", view, at)
        at += 8 * ndim
        if _DTYPES[code] != np.dtype(dtype) or any(a >= 0 and s != a for s, a in zip(shape[1:], axes)):
            raise ValueError(
                f"{what} array {name!r} has type {_DTYPES[code]} shape {shape}, not this version's"
            )
        # Sizes checked against the bytes left before the product is formed into an allocation.
        nbytes = _DTYPES[code].itemsize
        for s in shape:
            nbytes *= s
            if nbytes > len(view) - at:
                raise ValueError(f"{what} array {name!r} claims {shape}: more than the snapshot holds")
        if zlib.crc32(view[start : at + nbytes]) != crc:
            raise ValueError(f"{what} array {name!r} is corrupted (its checksum does not match)")
        array = np.frombuffer(view[at : at + nbytes], _DTYPES[code]).reshape(shape).copy()
        if code == 1 and array.view(np.uint8).max(initial=0) > 1:
            raise ValueError(f"{what} array {name!r} holds a truth value that is neither 0 nor 1")
        out[name] = array
        at += nbytes
    if at != len(view):
        raise ValueError(f"{what} holds bytes past its last array")
    return out


def hash_of(data: bytes) -> int:
    """A 64-bit hash (blake2b) of the snapshot ``data``'s arrays but those ``HASH_SKIPS`` names."""
    digest = hashlib.blake2b(digest_size=8)
    view = memoryview(data)
    at = _HEAD.size
    while at < len(view):
        _, size, _, ndim = _ENTRY.unpack_from(view, at)
        name = bytes(view[at + 7 : at + 7 + size]).decode()
        shape = struct.unpack_from(f"<{ndim}Q", view, at + 7 + size)
        end = at + 7 + size + 8 * ndim + _itemsize(view[at + 5]) * math.prod(shape)
        if not name.startswith(HASH_SKIPS):
            digest.update(view[at + 4 : end])
        at = end
    return int.from_bytes(digest.digest(), "little")


def _itemsize(code: int) -> int:
    return _DTYPES[code].itemsize


# --- user data ---------------------------------------------------------------

_NONE, _FALSE, _TRUE, _INT, _FLOAT, _STR, _BYTES, _TUPLE = range(8)


def encode_values(values: list, ids: np.ndarray) -> np.ndarray:
    """``values`` (one a row) as bytes in a uint8 array: empty when every one is None. Each is
    None, a bool, int, float, str or bytes, or a tuple of those (at most ``MAX_DEPTH`` deep);
    anything else is a ``TypeError`` naming the row's id (``ids``)."""
    if all(value is None for value in values):
        return np.zeros(0, np.uint8)
    out = bytearray()
    for k, value in enumerate(values):
        try:
            _put(out, value, 0)
        except (TypeError, ValueError) as err:
            raise type(err)(f"World.snapshot: user_data of body or shape {int(ids[k])}: {err}") from None
    return np.frombuffer(bytes(out), np.uint8)


def _put(out: bytearray, value: Any, depth: int) -> None:
    kind = type(value)
    if value is None:
        out.append(_NONE)
    elif kind is bool:
        out.append(_TRUE if value else _FALSE)
    elif kind is int:
        raw = value.to_bytes((value.bit_length() + 8) // 8, "little", signed=True)
        if len(raw) > 255:
            raise ValueError(f"an int of {len(raw)} bytes; at most 255")
        out += bytes([_INT, len(raw)]) + raw
    elif kind is float:
        out.append(_FLOAT)
        out += struct.pack("<d", value)
    elif kind is str or kind is bytes:
        raw = value.encode("utf-8", "surrogatepass") if kind is str else value
        if len(raw) > MAX_VALUE_BYTES:
            raise ValueError(f"a {kind.__name__} of {len(raw):,} bytes; at most {MAX_VALUE_BYTES:,}")
        out.append(_STR if kind is str else _BYTES)
        out += struct.pack("<I", len(raw)) + raw
    elif kind is tuple:
        if depth >= MAX_DEPTH:
            raise ValueError(f"tuples nested past {MAX_DEPTH} deep")
        out.append(_TUPLE)
        out += struct.pack("<I", len(value))
        for item in value:
            _put(out, item, depth + 1)
    else:
        raise TypeError(
            f"a {kind.__name__}; a snapshot holds only None, bool, int, float, str, bytes and tuples of "
            "those (keep other data in a table of your own, by body id)"
        )


def decode_values(raw: np.ndarray, n: int) -> list:
    """The ``n`` values ``encode_values`` wrote into ``raw``; ``ValueError`` if they are not there."""
    if not len(raw):
        return [None] * n
    data = raw.tobytes()
    values, at = [], 0
    try:
        for _ in range(n):
            value, at = _take(data, at, 0)
            values.append(value)
    except (IndexError, struct.error, UnicodeDecodeError, RecursionError):
        raise ValueError("snapshot user data is malformed") from None
    if at != len(data):
        raise ValueError("snapshot user data holds more values than the world has rows")
    return values


def _take(data: bytes, at: int, depth: int) -> tuple[Any, int]:
    tag = data[at]
    at += 1
    if tag == _NONE:
        return None, at
    if tag in (_FALSE, _TRUE):
        return tag == _TRUE, at
    if tag == _INT:
        size = data[at]
        raw = data[at + 1 : at + 1 + size]
        if len(raw) != size:
            raise IndexError
        return int.from_bytes(raw, "little", signed=True), at + 1 + size
    if tag == _FLOAT:
        return struct.unpack_from("<d", data, at)[0], at + 8
    if tag in (_STR, _BYTES):
        (size,) = struct.unpack_from("<I", data, at)
        raw = data[at + 4 : at + 4 + size]
        if len(raw) != size:
            raise IndexError
        return (raw.decode("utf-8", "surrogatepass") if tag == _STR else raw), at + 4 + size
    if tag == _TUPLE and depth < MAX_DEPTH:
        (count,) = struct.unpack_from("<I", data, at)
        at += 4
        if count > len(data) - at:  # each item takes a byte at least: checked before the list grows
            raise IndexError
        items = []
        for _ in range(count):
            item, at = _take(data, at, depth + 1)
            items.append(item)
        return tuple(items), at
    raise IndexError


__all__ = [
    "FIELDS",
    "HASH_SKIPS",
    "MAGIC",
    "MAX_ARRAYS",
    "MAX_IDS",
    "MAX_NAMED_ID",
    "VERSION",
    "decode",
    "decode_values",
    "encode",
    "encode_values",
    "hash_of",
]


# --- a world's state -----------------------------------------------------------

_SHAPE_POINT, _SHAPE_CIRCLE, _SHAPE_CAPSULE, _SHAPE_ELLIPSE, _SHAPE_POLYGON = range(5)
#: ``world.ints``: rows, next id, bodies, compound, sensor events, sleep, substeps, fat boxes
#: standing, moving bodies the chosen cell was chosen for (−1: none chosen), and whether the kept
#: contacts are last step's own rows (then the next step writes over them in place, and keeps a
#: pair that lost its points as a row of count 0, where a fresh step drops it).
_INTS = 10
#: The joint table's columns a snapshot holds, one row a joint.
_JOINT_ROWS = JointTable.COLUMNS
#: ``world.reals``: gravity (2), hit speed, lightest and heaviest inverse masses, the given cell,
#: the chosen cell, the walls' grid's cell (NaN: none), then ``Tuning``'s nine lengths and speeds.
_REALS = 17


def world_state(world) -> dict[str, np.ndarray]:
    """Every array of ``world`` a snapshot holds (``FIELDS``), shapes renumbered canonically: the
    point first, then in order of first use by row, so two worlds alike give the same bytes."""
    from ..collision import Capsule, Circle, Ellipse, Polygon

    a, frame, dyn = world._a, world._frame, world._dynamics
    n = a.n
    table = world._table
    used = a.shape[:n]

    first = np.unique(used, return_index=True)
    order = first[0][np.argsort(first[1], kind="stable")]
    order = np.concatenate([[0], order[order != 0]]).astype(np.int64)  # (the point: always index 0)
    remap = np.full(len(table), -1, np.int64)
    remap[order] = np.arange(len(order))
    kinds, starts, values = np.empty(len(order), np.int64), [0], []
    for k, index in enumerate(order.tolist()):
        shape = table[index]
        if isinstance(shape, Circle):
            kinds[k], numbers = _SHAPE_CIRCLE, (shape.radius, *shape.center)
        elif isinstance(shape, Capsule):
            kinds[k], numbers = _SHAPE_CAPSULE, (*shape.p1, *shape.p2, shape.radius)
        elif isinstance(shape, Ellipse):
            kinds[k], numbers = _SHAPE_ELLIPSE, (shape.rx, shape.ry)
        elif isinstance(shape, Polygon):
            kinds[k], numbers = _SHAPE_POLYGON, (shape.radius, *(c for p in shape.points for c in p))
        else:
            kinds[k], numbers = _SHAPE_POINT, ()
        values.extend(numbers)
        starts.append(len(values))
    extents, insets = np.full(len(order), np.nan), np.full(len(order), np.nan)
    known = order[order < len(dyn._extents)]
    extents[remap[known]] = dyn._extents[known]
    for index, (_, delta) in dyn._insets.items():
        if index < len(remap) and remap[index] >= 0:
            insets[remap[index]] = delta
    ids = a.ids[:n]
    # Owners of the ids the state names that are gone (events to come, readouts): the rest name
    # their own rows, or no longer matter.
    named = np.concatenate([dyn._ended.ravel(), world._sensing.ravel(), dyn.pushed[0] >> 32,
                            dyn.pushed[0] & 0xFFFFFFFF]).astype(np.int64)  # fmt: skip
    largest = max(int(a.ids[:n].max(initial=-1)), int(named.max(initial=-1)))
    if largest >= MAX_NAMED_ID:
        raise ValueError(
            f"World.snapshot: id {largest:,} is past what a snapshot names (MAX_NAMED_ID = {MAX_NAMED_ID:,})"
        )
    named = np.unique(named[a.slot_of[named] < 0])
    joints = dyn.joints
    # The candidates stand while neither the frame nor the joints' filter changed since they were made.
    fat_ok = dyn._fat_epoch == frame.epoch and dyn._joint_epoch == joints.epoch
    last, kept = dyn._last, dyn.kept
    in_place = len(kept.keys) > 0 and kept.normal_impulse.ctypes.data == last.normal_impulse.ctypes.data
    chosen = frame._chosen
    users = encode_values(a.user, ids)
    warned = encode_values([tuple(sorted(world._warned))], np.zeros(1, np.int64))
    tune = dyn.tune
    state = {
        "world.ints": np.array(
            [
                n,
                a.next_id,
                world._body_count,
                a.compound,
                world._sensor_events,
                dyn.sleep,
                tune.substeps,
                fat_ok,
                -1 if chosen is None else chosen[1],
                in_place,
            ],
            np.int64,
        ),
        "world.reals": np.array(
            [
                *dyn.gravity,
                dyn.hit_speed,
                *world._inverse_masses,
                np.nan if frame.given_cell is None else frame.given_cell,
                np.nan if chosen is None else chosen[0],
                np.nan if frame._walls_cell is None else frame._walls_cell,
                *tune[1:-1],  # (not ``threads``, the last: how a world runs, not what it holds)
            ],
            np.float64,
        ),
        "shapes.kind": kinds,
        "shapes.start": np.array(starts, np.int64),
        "shapes.values": np.array(values, np.float64),
        **{f"rows.{name}": getattr(a, name)[:n] for name in a._ROWS},
        "rows.shape": remap[used],
        "rows.owner": a.owner[ids],
        "ids.owner": np.column_stack([named, a.owner[named]]),
        **{f"contacts.{name}": field for name, field in zip(dyn.kept._fields, dyn.kept)},
        "contacts.ended": dyn._ended,
        "sensors.sensing": world._sensing,
        "broad.fat": dyn._fat if fat_ok else np.zeros((0, 4)),
        "broad.candidates": dyn._candidates if fat_ok else np.zeros((0, 2), np.int64),
        "cache.extents": extents,
        "cache.insets": insets,
        "joints.next": np.array([joints.next_id], np.int64),
        **{f"joints.{name}": getattr(joints, name)[: joints.n] for name in _JOINT_ROWS},
        "joints.removed": dyn._joints_removed.astype(np.int64),
        "out.pushed_keys": dyn.pushed[0],
        "out.pushed_touching": dyn.pushed[1],
        "out.pushed_total": dyn.pushed[2],
        "out.user": users,
        "out.warned": warned,
    }
    return state


def _bad(what: str) -> ValueError:
    return ValueError(f"snapshot is inconsistent: {what}")


def _within(array: np.ndarray, lo: int, hi: int, what: str) -> None:
    """Every value of ``array`` in lo..hi−1 (an index into what the world builds: the kernels
    do not check their indices)."""
    if len(array) and (array.min() < lo or array.max() >= hi):
        raise _bad(f"{what} holds a value outside {lo}..{hi - 1}")


def build_world(cls, state: dict[str, np.ndarray]):
    """A new ``cls`` (a ``World``) from the arrays of a snapshot (``decode``), every count checked
    against the world's limits and every index against what it points into first;
    ``ValueError`` for anything a world could not have held."""
    from ..collision import Capsule, Circle, Ellipse, Polygon, ShapeTable
    from ..collision.jit import empty_rows
    from ..collision.limits import MAX_COORDINATE
    from .bodies import BodyArrays
    from .casts import POINT
    from .contact_set import K_WIDTH, KeptContacts
    from .frame import Frame
    from .grid import MAX_CELL_SIZE, MIN_CELL_SIZE
    from .solver import NO_CONSTRAINTS
    from .step import Dynamics, Tuning, inset_core
    from .world import MAX_BODIES, MAX_GRAVITY, MAX_SHAPES, MAX_SUBSTEPS

    ints, reals = state["world.ints"], state["world.reals"]
    if ints.shape != (_INTS,) or reals.shape != (_REALS,):
        raise _bad("its settings are not this version's")
    n, next_id, body_count, compound, sensor_events, sleep, substeps, fat_ok, chosen_count, in_place = (
        ints.tolist()
    )
    if not (0 <= n <= MAX_SHAPES and n <= next_id <= MAX_IDS and 0 <= body_count <= min(n, MAX_BODIES)):
        raise _bad(f"{n} rows, {next_id} ids, {body_count} bodies (limits: MAX_SHAPES = {MAX_SHAPES}, "
                   f"MAX_IDS = {MAX_IDS}, MAX_BODIES = {MAX_BODIES})")  # fmt: skip
    if not (
        1 <= substeps <= MAX_SUBSTEPS
        and all(0 <= f <= 1 for f in (compound, sensor_events, sleep, fat_ok, in_place))
    ):
        raise _bad("its settings are out of range")
    gx, gy, hit_speed, low, high, given, chosen_cell, walls_cell, *tune = reals.tolist()
    if not (abs(gx) <= MAX_GRAVITY and abs(gy) <= MAX_GRAVITY and hit_speed >= 0.0):
        raise _bad("its gravity or hit speed is out of range")
    if not all(math.isfinite(t) and t >= 0.0 for t in tune) or not (low >= 0.0 and high >= 0.0):
        raise _bad("its step constants are out of range")
    for cell in (given, chosen_cell, walls_cell):
        if not (math.isnan(cell) or MIN_CELL_SIZE <= cell <= MAX_CELL_SIZE):
            raise _bad(f"a cell size of {cell!r} (in {MIN_CELL_SIZE:g}..{MAX_CELL_SIZE:g})")
    for name, _, _ in FIELDS:
        if name.startswith("rows.") and len(state[name]) != n:
            raise _bad(f"{name} has {len(state[name])} rows, not {n}")
        checked = state[name].dtype == np.float64 and not name.startswith(
            ("cache.", "world.", "joints.param")
        )
        if checked and not np.isfinite(state[name]).all():
            raise _bad(f"{name} holds a value that is not finite")
    if np.isnan(state["joints.param"]).any():  # (a break threshold of infinity is a joint's default)
        raise _bad("joints.param holds a value that is not a number")

    # Shapes: each made by its constructor, which checks its numbers.
    kinds, starts, values = state["shapes.kind"], state["shapes.start"], state["shapes.values"]
    m = len(kinds)
    if not (1 <= m <= n + 1 and len(starts) == m + 1 and starts[0] == 0 and starts[-1] == len(values)):
        raise _bad(f"{m} shapes for {n} rows")
    if (np.diff(starts) < 0).any():
        raise _bad("shapes.start goes backwards")
    shapes = []
    for k, kind in enumerate(kinds.tolist()):
        v = values[starts[k] : starts[k + 1]].tolist()
        try:
            if (kind == _SHAPE_POINT) != (k == 0):
                raise ValueError("the point shape comes first, and once")
            if kind == _SHAPE_POINT and not v:
                shapes.append(POINT)
            elif kind == _SHAPE_CIRCLE and len(v) == 3:
                shapes.append(Circle(v[0], (v[1], v[2])))
            elif kind == _SHAPE_CAPSULE and len(v) == 5:
                shapes.append(Capsule((v[0], v[1]), (v[2], v[3]), v[4]))
            elif kind == _SHAPE_ELLIPSE and len(v) == 2:
                shapes.append(Ellipse(v[0], v[1]))
            elif kind == _SHAPE_POLYGON and len(v) >= 7 and len(v) % 2:
                shapes.append(Polygon(tuple(zip(v[1::2], v[2::2])), v[0]))
            else:
                raise ValueError(f"kind {kind} with {len(v)} numbers")
        except (TypeError, ValueError) as err:
            raise _bad(f"shape {k}: {err}") from None

    # Rows: every index into the rows, the ids or the shapes in range, ids one a row.
    rows = {name: state[f"rows.{name}"] for name in (*BodyArrays._ROWS, "owner")}
    ids = rows["ids"]
    _within(rows["shape"], 0, m, "rows.shape")
    _within(ids, 0, next_id, "rows.ids")
    _within(rows["root"], 0, n, "rows.root")
    _within(rows["owner"], 0, next_id, "rows.owner")
    _within(rows["island"], -1, next_id, "rows.island")
    for name in ("layer", "mask"):
        _within(rows[name], 0, 1 << 32, f"rows.{name}")
    if len(np.unique(ids)) != n:
        raise _bad("two rows hold one id")
    root = rows["root"]
    if (root[root] != root).any() or (rows["owner"] != ids[root]).any():
        raise _bad("a row's body is not a body's first row")
    if len(np.unique(root)) != body_count:
        raise _bad(f"{len(np.unique(root))} bodies, not {body_count}")
    xf = rows["xf"]
    if n and (np.abs(xf[:, :2]).max() > MAX_COORDINATE):
        raise _bad(f"a transform lies past MAX_COORDINATE = {MAX_COORDINATE:g}")
    owners = state["ids.owner"]
    _within(owners.ravel(), 0, next_id, "ids.owner")
    users = decode_values(state["out.user"], n)
    warned = decode_values(state["out.warned"], 1)[0]
    if type(warned) is not tuple or not all(type(w) is str for w in warned) or len(warned) > 16:
        raise _bad("out.warned is not a few words")

    # Contacts, events to come, the broad phase's candidates: each id held, each slot a row.
    # The id tables reach the largest id named (ids further on were given and are gone).
    named = {
        "rows.ids": ids,
        "ids.owner": owners.ravel(),
        "contacts.keys": np.concatenate([state["contacts.keys"] >> 32, state["contacts.keys"] & 0xFFFFFFFF]),
        "contacts.ended": state["contacts.ended"].ravel(),
        "sensors.sensing": state["sensors.sensing"].ravel(),
        "out.pushed_keys": np.concatenate(
            [state["out.pushed_keys"] >> 32, state["out.pushed_keys"] & 0xFFFFFFFF]
        ),
    }
    for name, x in named.items():
        _within(x, 0, min(next_id, MAX_NAMED_ID), f"{name} (ids below MAX_NAMED_ID)")
    reach = 1 + max((int(x.max()) for x in named.values() if len(x)), default=0)
    slot_of = np.full(max(16, reach), -1, np.int64)
    slot_of[ids] = np.arange(n)
    kept = KeptContacts(*(state[f"contacts.{name}"] for name in KeptContacts._fields))
    k = len(kept.keys)
    if any(len(field) != k for field in kept) or kept.cached.shape[1:] != (K_WIDTH,):
        raise _bad("the contacts' arrays differ in length")
    first, second = kept.keys >> 32, kept.keys & 0xFFFFFFFF
    _within(first, 0, next_id, "contacts.keys")
    _within(second, 0, next_id, "contacts.keys")
    if k and ((slot_of[first] < 0).any() or (slot_of[second] < 0).any() or (np.diff(kept.keys) <= 0).any()):
        raise _bad("contacts.keys are not held shapes in ascending order")
    _within(kept.count, 0, 3, "contacts.count")
    for name in ("contacts.ended", "sensors.sensing", "out.pushed_keys"):
        _within(state[name].ravel() & 0xFFFFFFFF, 0, next_id, name)
        _within(state[name].ravel() >> 32, 0, next_id if name == "out.pushed_keys" else 1, name)
    pushed = (state["out.pushed_keys"], state["out.pushed_touching"], state["out.pushed_total"])
    if not len(pushed[0]) == len(pushed[1]) == len(pushed[2]):
        raise _bad("the pushed pairs' arrays differ in length")
    fat, candidates = state["broad.fat"], state["broad.candidates"]
    if fat_ok and len(fat) != n:
        raise _bad(f"broad.fat has {len(fat)} rows, not {n}")
    _within(candidates.ravel(), 0, n, "broad.candidates")
    extents, insets = state["cache.extents"], state["cache.insets"]
    caches_ok = not (
        np.isinf(extents).any() or np.isinf(insets).any() or (extents < 0).any() or (insets < 0).any()
    )
    if len(extents) != m or len(insets) != m or not caches_ok:
        raise _bad("its per-shape caches do not fit its shapes")

    # Joints: each on bodies the snapshot holds (or the world), ids ascending below the next id.
    joint_next = state["joints.next"]
    j = len(state["joints.ids"])
    if joint_next.shape != (1,) or not (0 <= j <= MAX_JOINTS and 0 <= int(joint_next[0]) <= MAX_IDS):
        raise _bad(f"{j} joints (the limit: MAX_JOINTS = {MAX_JOINTS})")
    if any(len(state[f"joints.{name}"]) != j for name in _JOINT_ROWS):
        raise _bad("the joints' arrays differ in length")
    joint_ids = state["joints.ids"]
    _within(joint_ids, 0, int(joint_next[0]), "joints.ids")
    if (np.diff(joint_ids) <= 0).any():
        raise _bad("joints.ids are not ascending")
    _within(state["joints.kind"], 0, len(KIND_NAMES), "joints.kind")
    for side in ("joints.body_a", "joints.body_b"):
        held = state[side]
        _within(held, -1, next_id, side)
        on = held[held >= 0]
        if len(on) and ((slot_of[on] < 0).any() or (rows["root"][slot_of[on]] != slot_of[on]).any()):
            raise _bad(f"{side} names a body the snapshot does not hold")
    _within(state["joints.removed"], 0, int(joint_next[0]), "joints.removed")

    # Built, then handed over whole.
    world = cls.__new__(cls)
    world._table, world._table_index = ShapeTable(), {}
    for shape in shapes:
        world._table_index.setdefault(shape, world._table.add(shape))
    capacity = 16
    while capacity < n:
        capacity *= 2
    a = BodyArrays(capacity)
    for name in BodyArrays._ROWS:
        getattr(a, name)[:n] = rows[name]
    a.n, a.next_id, a.compound, a.user = n, next_id, bool(compound), users
    a.slot_of = slot_of
    a.owner = np.full(len(slot_of), -1, np.int64)
    a.owner[:] = np.arange(len(slot_of))
    a.owner[ids] = rows["owner"]
    a.owner[owners[:, 0]] = owners[:, 1]
    world._a = a
    frame = Frame(world._table, a, None if math.isnan(given) else given)
    if chosen_count >= 0 and not math.isnan(chosen_cell):
        frame._chosen = (chosen_cell, chosen_count)
    if not math.isnan(walls_cell):
        frame._walls_cell = walls_cell
    world._frame = frame
    dyn = Dynamics(frame, (gx, gy), bool(sleep), Tuning(substeps, *tune))
    dyn.kept, dyn._ended, dyn.hit_speed, dyn.pushed = kept, state["contacts.ended"], hit_speed, pushed
    if in_place and k:  # last step's rows, sharing what the kept contacts hold, as a step leaves them
        dyn._last = empty_rows(NO_CONSTRAINTS, k)._replace(
            normal_impulse=kept.normal_impulse, tangent_impulse=kept.tangent_impulse, count=kept.count
        )
    joints = dyn.joints
    if j:
        capacity = 8
        while capacity < j:
            capacity *= 2
        for name in _JOINT_ROWS:
            column = state[f"joints.{name}"]
            table = np.zeros((capacity, *column.shape[1:]), column.dtype)
            table[:j] = column
            setattr(joints, name, table)
    joints.n, joints.next_id = j, int(joint_next[0])
    dyn._joints_removed = state["joints.removed"]
    if fat_ok:
        dyn._fat, dyn._candidates, dyn._fat_epoch = fat, candidates, frame.epoch
        dyn._joint_epoch = joints.epoch
    dyn._extents = extents
    dyn._insets = {
        index: ((inset_core(shapes[index], delta) if delta > 0.0 else None), delta)
        for index, delta in enumerate(insets.tolist())
        if not math.isnan(delta)
    }
    world._dynamics = dyn
    world._inverse_masses = (low, high)
    world._warned = set(warned)
    world._body_count = body_count
    world._sensing = state["sensors.sensing"]
    world._sensor_events = bool(sensor_events)
    return world
