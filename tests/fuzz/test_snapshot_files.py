"""Hostile snapshots (issue 43, 1): truncated, bit-flipped, resized, oversized, other-version, and
well-formed ones holding states no world could: each is one clear ``ValueError`` and the world it
was restored into is unchanged; none allocates past its own size or crashes a kernel."""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import World
from engine.collision import Capsule, Circle, Polygon
from engine.world import snapshot as snapshots

from .conftest import one_line, within_budget


def _scene() -> World:
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(10.0, 0.5), (0.0, -0.5, 0.0), type="static", user_data="ground")
    world.add_chain([(10.0, 4.0), (6.0, 0.5), (-6.0, 0.5), (-10.0, 4.0)])
    for k in range(6):
        body = world.add(
            Polygon.box(0.4, 0.4) if k % 2 else Circle(0.4),
            (0.3 * k - 1.0, 1.0 + k, 0.0),
            user_data=(k, "crate"),
        )
        if k == 3:
            world.add_shape(body, Capsule((0.0, 0.0), (0.6, 0.0), 0.1), (0.3, 0.0, 0.0))
    for _ in range(12):
        world.step(1 / 60)
    return world


SCENE = _scene()
SAVED = SCENE.snapshot()


def _refused(data, match: str = "snapshot") -> None:
    """``data`` restored into a world is one ValueError, one line, and the world is as it was."""
    world = World.from_snapshot(SAVED)
    with (
        within_budget(seconds=2.0, megabytes=8 + 4 * len(SAVED) / 2**20),
        pytest.raises(ValueError, match=match) as err,
    ):
        world.restore(data)
    one_line(str(err.value))
    assert world.snapshot() == SAVED


def test_every_truncation_is_refused():
    for end in [*range(0, 64), *range(64, len(SAVED), 37), len(SAVED) - 1]:
        _refused(SAVED[:end])


@settings(max_examples=300, deadline=None)
@given(at=st.integers(0, len(SAVED) - 1), bit=st.integers(0, 7))
def test_every_flipped_bit_is_refused(at, bit):
    data = bytearray(SAVED)
    data[at] ^= 1 << bit
    _refused(bytes(data))


def test_bytes_past_the_end_another_version_and_another_magic_are_refused():
    _refused(SAVED + b"\x00", "truncated or extended")
    head = bytearray(SAVED[:24])
    struct.pack_into("<I", head, 8, snapshots.VERSION + 1)
    _refused(bytes(head) + struct.pack("<I", zlib.crc32(head)) + SAVED[28:], "version")
    _refused(b"NOTSNAP\x00" + SAVED[8:], "not a snapshot")


def _resealed(state: dict) -> bytes:
    return snapshots.encode(state)


def test_an_array_claiming_more_than_the_snapshot_holds_is_refused_before_any_allocation():
    data = bytearray(SAVED)
    at = 28  # the first array's entry: CRC, name length, type, axes, name, then its rows
    size = data[at + 4]
    struct.pack_into("<Q", data, at + 7 + size, 2**62)
    body = bytes(data[at + 4 :])
    end = at + 7 + size + 8 + 8 * 10  # (the first array: world.ints, ten of them)
    struct.pack_into("<I", data, at, zlib.crc32(body[: end - at - 4]))
    _refused(bytes(data), "more than the snapshot holds")


@pytest.mark.parametrize(
    ("name", "change", "match"),
    [
        ("world.ints", lambda a: a.__setitem__(0, 10**6), "rows"),
        ("world.ints", lambda a: a.__setitem__(1, 2**40), "ids"),
        ("world.ints", lambda a: a.__setitem__(6, 0), "settings"),
        ("world.reals", lambda a: a.__setitem__(1, 1e300), "gravity"),
        ("world.reals", lambda a: a.__setitem__(5, 1e-9), "cell"),
        ("rows.shape", lambda a: a.__setitem__(1, 999), "rows.shape"),
        ("rows.root", lambda a: a.__setitem__(1, -5), "rows.root"),
        ("rows.ids", lambda a: a.__setitem__(1, a[0]), "one id"),
        ("rows.xf", lambda a: a.__setitem__((2, 0), np.nan), "not finite"),
        ("rows.xf", lambda a: a.__setitem__((2, 0), 1e12), "MAX_COORDINATE"),
        ("rows.layer", lambda a: a.__setitem__(0, 2**40), "rows.layer"),
        ("contacts.keys", lambda a: a.__setitem__(0, (999 << 32) | 1), "contacts.keys"),
        ("broad.candidates", lambda a: a.__setitem__((0, 0), 10**6), "broad.candidates"),
        ("shapes.values", lambda a: a.__setitem__(-1, np.inf), "not finite"),
        ("shapes.kind", lambda a: a.__setitem__(1, 7), "shape 1"),
        ("out.user", lambda a: a.__setitem__(slice(None), 255), "user data"),
    ],
)
def test_well_formed_snapshots_of_states_no_world_holds_are_refused(name, change, match):
    state = snapshots.decode(SAVED)
    assert len(state["contacts.keys"]) and len(state["broad.candidates"])
    change(state[name])
    _refused(_resealed(state), match)


def test_rows_of_another_length_are_refused():
    state = snapshots.decode(SAVED)
    state["rows.vel"] = state["rows.vel"][:-1]
    _refused(_resealed(state), "rows")


_NAMES = [name for name, _, _ in snapshots.FIELDS]


_INTS = [-1, 0, 1, 2, 3, 2**31, 2**32, 2**62, -(2**62), (5 << 32) | 1]
_REALS = [0.0, -0.0, 0.5, -1.0, 1e-300, -1e300, 1e300, 5e8, np.nan, np.inf]


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(_NAMES), where=st.integers(0, 2**16), pick=st.integers(0, 2**8))
def test_any_one_value_changed_is_refused_or_gives_a_world_that_steps(name, where, pick):
    """Resealed with good checksums: whatever passes the checks must step (a kernel reading past an
    array would crash the process, not raise)."""
    state = snapshots.decode(SAVED)
    flat = state[name].reshape(-1)
    if not flat.size:
        return
    kind = flat.dtype.kind
    values = {"f": _REALS, "i": _INTS, "b": [False, True], "u": list(range(256))}[kind]
    flat[where % flat.size] = values[pick % len(values)]
    try:
        world = World.from_snapshot(snapshots.encode(state))
    except ValueError as err:
        one_line(str(err))
        return
    for _ in range(3):
        world.step(1 / 60)
    world.pairs()
    world.snapshot()
