"""The world's joints: a table of plain arrays, one row per joint, in the order they were made.

A joint joins two bodies, or a body and the world (body id −1 here, ``None`` in the API). The
table holds each joint's id (ids are never reused), kind, its bodies' ids, its parameters,
the impulses it carries from step to step and its last force and torque (``joint_solver``'s
columns): plain numpy arrays on a small object, so a copy, a pickle or a snapshot of the world
takes them as they are. Rows stay in creation order (a removal shifts the rows after it), so the
solver colours them, and meets them, in the same order in every run and process.
"""

from __future__ import annotations

import numpy as np

from .joint_solver import I_WIDTH, P_WIDTH, JointRows
from .membership import member_of

#: Most joints a world holds: each is a few hundred bytes, and the step solves each colour's
#: joints one after another (Box2D's ``joint_grid`` has 19,800).
MAX_JOINTS = 65_536


class JointTable:
    """The joints' arrays (capacity grows by a quarter; rows past ``n`` unused)."""

    #: The per-joint columns, one row a joint (a snapshot holds these too: ``snapshot``).
    COLUMNS = ("ids", "kind", "body_a", "body_b", "collide", "param", "impulse", "reaction")

    def __init__(self) -> None:
        self.n = 0
        self.next_id = 0
        self.ids = np.zeros(0, np.int64)
        self.kind = np.zeros(0, np.int64)
        #: Body ids (−1: the world).
        self.body_a = np.zeros(0, np.int64)
        self.body_b = np.zeros(0, np.int64)
        self.collide = np.zeros(0, np.bool_)
        self.param = np.zeros((0, P_WIDTH))
        self.impulse = np.zeros((0, I_WIDTH))
        self.reaction = np.zeros((0, 3))
        #: Bumped whenever the joints that keep bodies from colliding change (the broad phase's
        #: candidates are filtered by them).
        self.epoch = 0

    def __len__(self) -> int:
        return self.n

    def _grow(self) -> None:
        size = max(8, self.n + self.n // 4 + 1)
        for name in self.COLUMNS:
            old = getattr(self, name)
            new = np.zeros((size, *old.shape[1:]), old.dtype)
            new[: self.n] = old[: self.n]
            setattr(self, name, new)

    def add(self, kind: int, body_a: int, body_b: int, collide: bool, param: np.ndarray) -> int:
        if self.n == len(self.ids):
            self._grow()
        k = self.n
        joint = self.next_id
        self.ids[k], self.kind[k], self.body_a[k], self.body_b[k] = joint, kind, body_a, body_b
        self.collide[k], self.param[k] = collide, param
        self.impulse[k], self.reaction[k] = 0.0, 0.0
        self.n += 1
        self.next_id += 1
        if not collide:
            self.epoch += 1
        return joint

    def row(self, joint: int) -> int:
        """The row of joint id ``joint``, or −1."""
        k = int(np.searchsorted(self.ids[: self.n], joint))
        return k if k < self.n and self.ids[k] == joint else -1

    def remove_rows(self, rows: np.ndarray) -> np.ndarray:
        """Remove the joints at ``rows``; returns their ids."""
        keep = np.ones(self.n, np.bool_)
        keep[rows] = False
        gone = self.ids[: self.n][~keep].copy()
        if not len(gone):
            return gone
        if not self.collide[: self.n][~keep].all():
            self.epoch += 1
        m = int(keep.sum())
        for name in self.COLUMNS:
            arr = getattr(self, name)
            arr[:m] = arr[: self.n][keep]
        self.n = m
        return gone

    def of_bodies(self, ids: np.ndarray) -> np.ndarray:
        """The rows of the joints on any of the bodies ``ids``."""
        n = self.n
        return np.flatnonzero(member_of(self.body_a[:n], ids) | member_of(self.body_b[:n], ids))

    def rows(self, slot_of: np.ndarray) -> JointRows:
        """The joints as the solver takes them, their bodies as slots (−1: the world). The
        parameters and impulses are views: the solver writes the impulses back in place."""
        n = self.n
        a, b = self.body_a[:n], self.body_b[:n]
        slot_a = np.where(a >= 0, slot_of[np.maximum(a, 0)], -1)
        slot_b = np.where(b >= 0, slot_of[np.maximum(b, 0)], -1)
        return JointRows(self.kind[:n], slot_a, slot_b, self.param[:n], self.impulse[:n], self.reaction[:n])

    def no_collide_keys(self, slot_of: np.ndarray) -> np.ndarray:
        """Sorted keys (smaller slot << 32 | larger) of the body pairs whose joints keep them from colliding."""
        n = self.n
        pick = ~self.collide[:n] & (self.body_a[:n] >= 0) & (self.body_b[:n] >= 0)
        sa, sb = slot_of[self.body_a[:n][pick]], slot_of[self.body_b[:n][pick]]
        raw = (np.minimum(sa, sb) << 32) | np.maximum(sa, sb)
        # The sort is most of the cost (1.6 ms of joint_grid's 20,000 joints) and its input rarely
        # changes: the last answer stands while the unsorted keys are the same, bit for bit.
        last = getattr(self, "_no_collide", None)
        if last is not None and np.array_equal(last[0], raw):
            return last[1]
        keys = np.unique(raw)
        self._no_collide = (raw, keys)
        return keys


__all__ = ["MAX_JOINTS", "JointTable"]
