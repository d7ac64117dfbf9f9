"""The bodies: every body's data as parallel arrays, one row (slot) per body, as one record.

A world holds its bodies in dense arrays (slot = row, 0..n−1; a removed
body's slot is filled by the last one) so a kernel walks them without a
Python object per body, and a body id, stable for the body's life, maps to
its slot through ``slot_of``. The arrays travel to the kernels together as
one ``Bodies`` record, so a kernel reads ``bodies.xf[s]`` instead of taking
eleven arrays one by one.

Frames: transforms are world (x, y, angle), radians counter-clockwise, y up;
boxes as in ``boxes``.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from ..collision.jit import inline, kernel, unmanaged
from ..collision.limits import MAX_COORDINATE
from ..collision.shapes import H_BOUND, H_RADIUS
from . import arguments
from .boxes import aabb_of, touching_share

_NO_BOXES = np.zeros((0, 4))


class Bodies(NamedTuple):
    """The world's bodies, one row (slot) each; arrays may be longer than the
    number of bodies n = ``len(boxes)`` (spare capacity)."""

    #: Packed shapes (``ShapeTable.data``, read-only) and where each starts.
    data: np.ndarray
    offsets: np.ndarray
    #: Shape index of each slot (into ``offsets``).
    shape: np.ndarray
    #: (x, y, angle) of each slot, world frame.
    xf: np.ndarray
    #: (n, 4) world boxes, grown by each body's share of the touching tolerance.
    boxes: np.ndarray
    #: (n, 6) oriented boxes of the static bodies (``boxes.oriented_boxes``); other rows unused.
    obb: np.ndarray
    #: Layer and mask bits, 32-bit sets.
    layer: np.ndarray
    mask: np.ndarray
    static: np.ndarray
    sensor: np.ndarray
    #: Body id of each slot.
    ids: np.ndarray


@kernel
def store_transforms(
    slot_of, bodies, x, y, angle, xf, data, offsets, shape, static, boxes, update_boxes, limit
):
    """Write the transforms of ``bodies`` (ids) into ``xf``, and their boxes when
    ``update_boxes``; all or nothing. Returns (bad, walls_moved, repeat): ``bad``
    is -1, or the first bad row: ``-2 - row`` for an unknown id, ``row`` for a
    transform that is not finite or places the body, or any part of its box
    (``box_within``), farther than ``limit`` along x or y; ``walls_moved``
    whether a static body was among them; ``repeat`` -1, or the first row whose
    body an earlier row already named (then nothing is written, as for ``bad``).
    (Flat arguments: called from Python every frame, where unboxing a
    record costs more than the call.)"""
    data = unmanaged(data)
    n = bodies.shape[0]
    walls_moved = False
    # One mark a slot, only when a body could repeat (a single body is the common call).
    seen = np.zeros(xf.shape[0] if n > 1 else 0, np.bool_)
    for k in range(n):
        b = bodies[k]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return -2 - k, False, -1
        if not (abs(x[k]) <= limit and abs(y[k]) <= limit and math.isfinite(angle[k])):
            return k, False, -1
        if not box_within(data, offsets[shape[slot_of[b]]], x[k], y[k], angle[k], limit):
            return k, False, -1
        if n > 1:
            if seen[slot_of[b]]:
                return -1, False, k
            seen[slot_of[b]] = True
        walls_moved = walls_moved or static[slot_of[b]]
    for k in range(n):
        s = slot_of[bodies[k]]
        xf[s, 0], xf[s, 1], xf[s, 2] = x[k], y[k], angle[k]
        if update_boxes:
            boxes[s, 0], boxes[s, 1], boxes[s, 2], boxes[s, 3] = aabb_of(
                data, offsets[shape[s]], x[k], y[k], angle[k]
            )
    return -1, walls_moved, -1


@inline
def box_within(data, off, x, y, angle, limit):
    """Whether the packed shape at ``off`` placed at (x, y, angle) has its box
    within ``limit`` along x and y, as ``World.add`` asks (``arguments.within_range``):
    the box ``aabb_of`` gives, less the touching tolerance it is grown by. The
    body's reach (bound + radius) settles nearly every body without a box."""
    reach = data[off + H_BOUND] + data[off + H_RADIUS]
    if abs(x) + reach <= limit and abs(y) + reach <= limit:
        return True
    share = touching_share(data, off, x, y)
    lo_x, lo_y, hi_x, hi_y = aabb_of(data, off, x, y, angle)
    return (
        -limit <= lo_x + share and hi_x - share <= limit and -limit <= lo_y + share and hi_y - share <= limit
    )


@kernel
def slots_of(slot_of, bodies):
    """Slots of the bodies with ids ``bodies``; returns (slots, -1) or, for an
    id that is not in the world, (anything, its row)."""
    slots = np.empty(bodies.shape[0], dtype=np.int64)
    for k in range(bodies.shape[0]):
        b = bodies[k]
        if b < 0 or b >= slot_of.shape[0] or slot_of[b] < 0:
            return slots, k
        slots[k] = slot_of[b]
    return slots, -1


class Motion(NamedTuple):
    """How the bodies move, one row (slot) each, as the step's kernels read it.

    Frames and units: velocities are world (vx, vy, w), w in radians per
    second counter-clockwise, of the centre of mass; ``center`` is the centre
    of mass in the body's LOCAL frame; forces (fx, fy, torque) are world,
    applied at the centre of mass, and last one step. Static and kinematic
    bodies have ``inv_mass`` and ``inv_inertia`` 0 (Box2D: they are never
    pushed); a kinematic body moves by its velocity, and ``start`` is where
    each body was after the last step (a kinematic body placed elsewhere since
    moved that far, which the step turns into a velocity that pushes).
    """

    dynamic: np.ndarray
    vel: np.ndarray
    force: np.ndarray
    inv_mass: np.ndarray
    inv_inertia: np.ndarray
    center: np.ndarray
    friction: np.ndarray
    restitution: np.ndarray
    #: Rolling resistance (Box2D v3), dimensionless: resists the relative spin at a contact.
    rolling: np.ndarray
    #: (n, 2) linear and angular damping, 1/s.
    damping: np.ndarray
    gravity_scale: np.ndarray
    awake: np.ndarray
    sleep_time: np.ndarray
    #: The island a sleeping body sleeps in (its root slot's body id), else -1.
    island: np.ndarray
    start: np.ndarray
    #: The slot of each row's body (its root row: a body's first shape's; a root's own slot), and how
    #: far the body reaches from its origin (at its root row: the farthest of its shapes' points).
    root: np.ndarray
    reach: np.ndarray
    #: Chain segments (``chains``): whether a row is one (one-sided, with ghost vertices), and its
    #: ghosts (ghost1 x, y, ghost2 x, y) in the row's shape frame; other rows False and zeros.
    one_sided: np.ndarray
    ghost: np.ndarray


class BodyArrays:
    """The arrays a world keeps its bodies in, and their bookkeeping: a body is
    appended at slot n, removed by moving the last body into its slot, and
    the arrays double when full. Ids are handed out in order and never reused
    (at most 2**32: pairs sort on two ids packed in one int64)."""

    def __init__(self, capacity: int = 16) -> None:
        self.dynamic = np.zeros(capacity, dtype=np.bool_)
        self.vel = np.zeros((capacity, 3))
        self.force = np.zeros((capacity, 3))
        self.inv_mass = np.zeros(capacity)
        self.inv_inertia = np.zeros(capacity)
        self.mass = np.zeros(capacity)
        self.inertia = np.zeros(capacity)
        self.center = np.zeros((capacity, 2))
        self.friction = np.zeros(capacity)
        self.restitution = np.zeros(capacity)
        self.rolling = np.zeros(capacity)
        self.damping = np.zeros((capacity, 2))
        self.gravity_scale = np.zeros(capacity)
        self.awake = np.zeros(capacity, dtype=np.bool_)
        self.sleep_time = np.zeros(capacity)
        self.island = np.zeros(capacity, dtype=np.int64)
        self.start = np.zeros((capacity, 3))
        self.n = 0
        self.xf = np.zeros((capacity, 3))
        self.shape = np.zeros(capacity, dtype=np.int64)
        self.layer = np.zeros(capacity, dtype=np.int64)
        self.mask = np.zeros(capacity, dtype=np.int64)
        self.static = np.zeros(capacity, dtype=np.bool_)
        self.sensor = np.zeros(capacity, dtype=np.bool_)
        #: Box2D's bullet: a fast dynamic body also swept against moving bodies (``step``'s continuous pass).
        self.bullet = np.zeros(capacity, dtype=np.bool_)
        #: What ``World.add`` was given for each body's mass (its density; kept for ``set_density`` and
        #: ``set_type``) and whether it turns (``fixed_rotation``).
        self.density = np.ones(capacity)
        self.fixed = np.zeros(capacity, dtype=np.bool_)
        #: Rows are shapes; a body is its first shape's row (its root) and the rows that name it as
        #: theirs: ``root`` (each row's root slot, kept as rows move), ``local`` (the shape's
        #: (x, y, angle) in its body's frame: a root's is (0, 0, 0), its ``xf`` the body's) and
        #: ``reach`` (at a root: how far its body's shapes reach from its origin).
        self.root = np.zeros(capacity, dtype=np.int64)
        self.local = np.zeros((capacity, 3))
        self.reach = np.zeros(capacity)
        #: A chain segment's row: one-sided, and its ghost vertices (``Motion.one_sided``).
        self.one_sided = np.zeros(capacity, dtype=np.bool_)
        self.ghost = np.zeros((capacity, 4))
        self.ids = np.zeros(capacity, dtype=np.int64)
        self.slot_of = np.full(capacity, -1, dtype=np.int64)
        #: The body of each shape id ever given (its body's id; kept when the shape goes, so an event
        #: after a removal still names the body), -1 for an id not given yet.
        self.owner = np.full(capacity, -1, dtype=np.int64)
        #: Whether a body holds more than one shape (or none: its first taken away): the step then
        #: moves each body's other shapes after it.
        self.compound = False
        self.user: list[Any] = []
        self.next_id = 0
        self._motion: Motion | None = None

    _ROWS = (
        "xf", "shape", "layer", "mask", "static", "sensor", "bullet", "ids",
        "dynamic", "vel", "force", "inv_mass", "inv_inertia", "mass", "inertia", "center", "friction",
        "restitution", "rolling", "damping", "gravity_scale", "awake", "sleep_time", "island", "start",
        "density", "fixed", "root", "local", "reach", "one_sided", "ghost",
    )  # fmt: skip

    def append(self, xf, shape: int, layer: int, mask: int, static: bool, sensor: bool, user: Any) -> int:
        """Add a body at slot n; returns its id."""
        if self.next_id >= 1 << 32:
            raise OverflowError("a world hands out at most 2**32 body ids")
        if self.n == len(self.xf):
            for name in self._ROWS:
                arr = getattr(self, name)
                setattr(self, name, np.concatenate([arr, np.zeros_like(arr)]))
            self._motion = None
        slot, body = self.n, self.next_id
        self.next_id += 1
        if body >= len(self.slot_of):
            # Doubled, or past the id when a snapshot's world keeps only the ids it names.
            more = max(len(self.slot_of), body + 1 - len(self.slot_of))
            self.slot_of = np.concatenate([self.slot_of, np.full(more, -1, dtype=np.int64)])
            self.owner = np.concatenate([self.owner, np.full(more, -1, dtype=np.int64)])
        self.owner[body] = body
        self.xf[slot] = xf
        self.shape[slot], self.layer[slot], self.mask[slot] = shape, layer, mask
        self.static[slot], self.sensor[slot] = static, sensor
        self.ids[slot] = body
        self.slot_of[body] = slot
        # Not dynamic until ``set_motion`` says otherwise: a kinematic or static body at rest.
        self.dynamic[slot] = self.bullet[slot] = self.fixed[slot] = False
        self.density[slot] = 1.0
        self.root[slot], self.local[slot], self.reach[slot] = slot, 0.0, 0.0
        self.one_sided[slot], self.ghost[slot] = False, 0.0
        for name in ("vel", "force", "inv_mass", "inv_inertia", "mass", "inertia", "center", "sleep_time"):
            getattr(self, name)[slot] = 0.0
        self.friction[slot], self.restitution[slot], self.gravity_scale[slot] = 0.6, 0.0, 1.0
        self.rolling[slot] = 0.0
        self.damping[slot] = 0.0
        self.awake[slot], self.island[slot] = True, -1
        self.start[slot] = xf
        self.user.append(user)
        self.n += 1
        return body

    def append_shape(
        self, root: int, local, shape: int, layer: int, mask: int, sensor: bool, user: Any
    ) -> int:
        """Add a shape to the body at slot ``root`` (its root row), at ``local`` (x, y, angle) in the
        body's frame: a row of its own, placed as the body is; returns its id (shape ids and body
        ids are one count: a body's id is its first shape's)."""
        c, s_ = math.cos(self.xf[root, 2]), math.sin(self.xf[root, 2])
        x = self.xf[root, 0] + c * local[0] - s_ * local[1]
        y = self.xf[root, 1] + s_ * local[0] + c * local[1]
        shape_id = self.append((x, y, self.xf[root, 2] + local[2]), shape, layer, mask, bool(self.static[root]),
                               sensor, user)  # fmt: skip
        row = self.slot_of[shape_id]
        self.root[row], self.local[row] = root, local
        self.owner[shape_id] = self.ids[root]
        self.dynamic[row], self.awake[row], self.start[row] = (
            self.dynamic[root],
            self.awake[root],
            self.xf[row],
        )
        self.compound = True
        return shape_id

    def rows_of(self, root: int) -> np.ndarray:
        """The rows of the body at slot ``root``: its own first, then its other shapes' in slot order."""
        rows = np.flatnonzero(self.root[: self.n] == root)
        return np.concatenate([[root], rows[rows != root]]).astype(np.int64)

    def motion(self) -> Motion:
        """The motion arrays as one record (full capacity; rows past n unused), kept until they grow."""
        if self._motion is None:
            self._motion = Motion(
                self.dynamic, self.vel, self.force, self.inv_mass, self.inv_inertia, self.center, self.friction,
                self.restitution, self.rolling, self.damping, self.gravity_scale, self.awake, self.sleep_time,
                self.island, self.start, self.root, self.reach, self.one_sided, self.ghost,
            )  # fmt: skip
        return self._motion

    def remove(self, slot: int) -> bool:
        """Remove the body at ``slot`` (the last body takes its slot); returns
        whether a static body left or changed slot."""
        last = self.n - 1
        body = int(self.ids[slot])
        moved_static = bool(self.static[slot]) or bool(self.static[last])
        for name in self._ROWS:
            arr = getattr(self, name)
            arr[slot] = arr[last]
        self.user[slot] = self.user[last]
        self.user.pop()
        self.slot_of[self.ids[slot]] = slot
        self.slot_of[body] = -1
        self.n -= 1
        roots = self.root[: self.n]
        roots[roots == last] = slot  # the rows of the body that moved into the slot
        return moved_static

    def remove_many(self, bodies: np.ndarray) -> bool:
        """Remove the ids ``bodies`` (held, distinct: the caller checked); returns whether a static
        body left or changed slot.

        The bodies past the new end that stay fill the removed slots below it, in slot order
        (one move per array, not one per body); which slot a body lands in is not ``remove``'s."""
        slots = self.slot_of[bodies]
        n = self.n - len(slots)
        gone = np.zeros(self.n, dtype=bool)
        gone[slots] = True
        holes = np.flatnonzero(gone[:n])
        movers = n + np.flatnonzero(~gone[n : self.n])
        moved_static = bool(self.static[slots].any()) or bool(self.static[movers].any())
        self.slot_of[bodies] = -1
        if len(holes):
            self.slot_of[self.ids[movers]] = holes
            for name in self._ROWS:
                arr = getattr(self, name)
                arr[holes] = arr[movers]
            moved_to = np.arange(self.n)
            moved_to[movers] = holes
            self.root[:n] = moved_to[self.root[:n]]  # the rows of the bodies that moved
            user = self.user
            for hole, mover in zip(holes.tolist(), movers.tolist()):
                user[hole] = user[mover]
        del self.user[n:]
        self.n = n
        return moved_static

    def place(self, table, bodies: np.ndarray, x, y, angle, boxes: np.ndarray | None, name: str) -> bool:
        """Write the transforms of the ids ``bodies`` (arrays of one length,
        checked by the caller), and their boxes when ``boxes`` is kept; all or
        nothing, else one error naming the call (``name``), the first bad body
        and its values, or the first body given twice. Returns whether a static
        body moved."""
        bad, walls_moved, repeat = store_transforms(
            self.slot_of, bodies, x, y, angle, self.xf, table.data, table.offsets, self.shape, self.static,
            boxes if boxes is not None else _NO_BOXES, boxes is not None, MAX_COORDINATE,
        )  # fmt: skip
        if bad <= -2:
            raise KeyError(f"no body with id {int(bodies[-2 - bad])} in this world")
        if repeat >= 0:
            body = int(bodies[repeat])
            first = int(np.flatnonzero(bodies[:repeat] == body)[0])
            raise ValueError(
                f"{name} got body {body} twice (rows {first} and {repeat}); each body moves once a call"
            )
        if bad >= 0:
            body = int(bodies[bad])
            row = (float(x[bad]), float(y[bad]), float(angle[bad]))
            if not all(map(math.isfinite, row)):
                raise ValueError(f"{name}: transform of body {body} is not finite: {row}")
            if abs(row[0]) <= MAX_COORDINATE and abs(row[1]) <= MAX_COORDINATE:
                shape = table[int(self.shape[self.slot(body)])]
                raise ValueError(
                    f"{name}: transform of body {body} is {row}, where its box ({arguments.shown(shape)}) "
                    f"leaves the engine's range |x|, |y| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
                )
            raise ValueError(
                f"{name}: transform of body {body} is {row}, "
                f"outside the engine's range |x| <= MAX_COORDINATE = {MAX_COORDINATE:g}"
            )
        return bool(walls_moved)

    def slot(self, body) -> int:
        """The slot of body id ``body``; ``KeyError`` if the world has no such body."""
        if type(body) is not int:
            body = arguments.body_id(body)
        if not (0 <= body < len(self.slot_of)) or self.slot_of[body] < 0:
            raise KeyError(f"no body with id {body} in this world")
        return int(self.slot_of[body])

    def slots(self, bodies: np.ndarray) -> np.ndarray:
        """The slots of the ids ``bodies`` (one compiled call)."""
        found, bad = slots_of(self.slot_of, np.ascontiguousarray(bodies, dtype=np.int64))
        if bad >= 0:
            raise KeyError(f"no body with id {int(bodies[bad])} in this world")
        return found


def reach(data: np.ndarray, offset: int) -> float:
    """How far a packed shape reaches from its origin: its bound plus its radius."""
    return float(data[offset + H_BOUND] + data[offset + H_RADIUS])


__all__ = ["Bodies", "BodyArrays", "Motion", "box_within", "reach", "slots_of", "store_transforms"]
