"""Mutated score and settings files end in a result or one clear warning, fast, and the game carries on.

Valid ``scores.json`` and ``settings.json`` files are generated, then broken:
bytes flipped, cut short, junk inserted, wrapped in deep nesting, a number
made huge or not finite, a field given a value of the wrong type; special
files (a FIFO, ``/dev/zero`` through a symlink, a folder, a socket) stand in
for them too. For each case the game's loaders must, within a budget:

- return, never raise;
- either keep the file as it is and return exactly what it says (rows best
  first), or give ONE warning line naming the file and move the file aside
  byte for byte;
- let the next record or save work without a further warning.

A mutation that certainly breaks the rules (nesting past the limit, a
number that is not finite, a score of the wrong type) must give the
warning. Cases that found bugs are kept in ``fixtures/storage/`` as
``<scores|settings>.<what>.<aside|kept>.json`` and replayed by
``test_a_stored_case_still_ends_as_recorded``: the ``score-1e400``,
``array-100000-deep``, ``score-true`` and ``rows-unsorted`` files are issue
13's reports; ``rows-0-before-1`` and ``score-false`` are what these tests
shrank to on the storage before the fix (rows trusted to be in order, a
bool taken for a score).
"""

from __future__ import annotations

import json
import os
import socket
import tempfile
import warnings
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.files import storage

from .conftest import FIXTURES, one_line, within_budget

SECONDS, MEGABYTES = 2.0, 64.0
CASES = FIXTURES / "storage"

ROW = st.fixed_dictionaries(
    {
        "score": st.integers(0, 10**9),
        "kills": st.integers(0, 999),
        "wave": st.integers(0, 99),
        "date": st.text(max_size=20),
    }
)
SCORES = st.dictionaries(st.text(min_size=1, max_size=12), st.lists(ROW, max_size=12), max_size=4)
SETTINGS = st.fixed_dictionaries(
    {"volume": st.floats(0.0, 1.0), "fullscreen": st.booleans(), "mute": st.booleans()}
)
NOT_A_NUMBER = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
#: Stands for a number JSON cannot hold until the text is made (generated text never has it).
MARK = "@@number@@"
NOT_FINITE = st.sampled_from(["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "1E999"])


@contextmanager
def store():
    """A fresh data folder for one case (hypothesis runs many cases in one test)."""
    with tempfile.TemporaryDirectory() as folder:
        storage.use_store(folder)
        try:
            yield Path(folder)
        finally:
            storage.use_store(None)


def expected_scores(data: bytes) -> dict:
    """What a kept scores file says, read independently of the game: rows best first, top ten."""
    raw = json.loads(data)
    return {
        level: sorted(
            (
                storage.ScoreEntry(r["score"], r.get("kills", 0), r.get("wave", 0), r.get("date", ""))
                for r in rows
            ),
            key=lambda e: -e.score,
        )[: storage.TOP]
        for level, rows in raw.items()
    }


def expected_settings(data: bytes) -> storage.Settings:
    raw = json.loads(data)
    return storage.Settings(**{k: v for k, v in raw.items() if k in ("volume", "fullscreen", "mute")})


def check_case(folder: Path, name: str, data: bytes | None, *, must_warn: bool | None = None) -> None:
    """Load ``name`` from ``folder`` (holding ``data``, or a special file when None) and check the outcome."""
    path = folder / name
    scores = name == storage.SCORES
    load = storage.load_scores if scores else storage.load_settings
    with within_budget(SECONDS, MEGABYTES), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = load()
    lines = [one_line(str(w.message)) for w in caught]
    assert len(lines) <= 1, lines
    if must_warn is not None:
        assert bool(lines) == must_warn, (lines, data[:200] if data else data)
    asides = list(folder.glob(f"{name}.corrupt-*"))
    if lines:
        assert all(issubclass(w.category, storage.StorageWarning) for w in caught)
        assert lines[0].startswith(f"{path}: ") and "moved aside to" in lines[0], lines[0]
        assert result == ({} if scores else storage.Settings())
        assert not os.path.lexists(path) and len(asides) == 1
        if data is not None:
            assert asides[0].read_bytes() == data
    else:
        assert data is not None, "a special file was read"
        assert path.read_bytes() == data and not asides
        assert result == (expected_scores(data) if scores else expected_settings(data))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the game carries on quietly
        if scores:
            before = storage.best_score("yard")
            assert storage.record_score("yard", before + 1) is True
            assert storage.best_score("yard") == before + 1
        else:
            storage.save_settings(storage.Settings(volume=0.25))
            assert storage.load_settings() == storage.Settings(volume=0.25)


def valid_file(draw, name: str) -> bytes:
    table = draw(SCORES if name == storage.SCORES else SETTINGS)
    return json.dumps(table, indent=draw(st.sampled_from([None, 1]))).encode()


FILE_NAME = st.sampled_from([storage.SCORES, storage.SETTINGS])


# --- mutations ---------------------------------------------------------------


@given(st.data(), FILE_NAME)
def test_a_valid_file_loads_as_written(data, name):
    with store() as folder:
        content = valid_file(data.draw, name)
        (folder / name).write_bytes(content)
        check_case(folder, name, content, must_warn=False)


@given(st.data(), FILE_NAME)
def test_flipped_bytes_end_in_the_file_as_it_says_or_one_warning(data, name):
    with store() as folder:
        content = bytearray(valid_file(data.draw, name))
        for _ in range(data.draw(st.integers(1, 4))):
            at = data.draw(st.integers(0, len(content) - 1))
            content[at] = data.draw(st.integers(0, 255))
        (folder / name).write_bytes(bytes(content))
        check_case(folder, name, bytes(content))


@given(st.data(), FILE_NAME)
def test_a_file_cut_short_or_with_junk_inserted_ends_in_one_warning_or_a_result(data, name):
    with store() as folder:
        content = valid_file(data.draw, name)
        at = data.draw(st.integers(0, len(content)))
        content = (
            content[:at] + data.draw(st.binary(max_size=8)) if data.draw(st.booleans()) else content[:at]
        )
        (folder / name).write_bytes(content)
        check_case(folder, name, content)


@given(st.data(), FILE_NAME, st.integers(storage.MAX_DEPTH + 1, 200_000), st.booleans())
def test_nesting_past_the_limit_is_one_warning(data, name, depth, closed):
    with store() as folder:
        inner = valid_file(data.draw, name)
        content = b"[" * depth + inner + (b"]" * depth if closed else b"")
        (folder / name).write_bytes(content)
        check_case(folder, name, content, must_warn=True)


@given(st.data(), FILE_NAME, NOT_FINITE)
def test_a_number_that_is_not_finite_is_one_warning(data, name, number):
    with store() as folder:
        table = json.loads(valid_file(data.draw, name))
        if name == storage.SCORES:
            field = data.draw(st.sampled_from(["score", "kills", "wave"]))
            table.setdefault("yard", []).append({"score": 1, "kills": 0, "wave": 0, "date": "", field: MARK})
        else:
            table["volume"] = MARK
        content = json.dumps(table).replace(f'"{MARK}"', number).encode()
        (folder / name).write_bytes(content)
        check_case(folder, name, content, must_warn=True)


@given(st.data(), st.sampled_from(["score", "kills", "wave", "date"]))
def test_a_score_field_of_the_wrong_type_is_one_warning(data, field):
    with store() as folder:
        table = json.loads(valid_file(data.draw, storage.SCORES))
        row = {"score": 1, "kills": 0, "wave": 0, "date": ""}
        table.setdefault(data.draw(st.text(min_size=1, max_size=5)), []).append(row)
        if field == "date":
            row[field] = data.draw(st.one_of(st.integers(), st.booleans(), st.none(), st.lists(st.text())))
        else:
            row[field] = data.draw(st.one_of(NOT_A_NUMBER, st.floats(allow_nan=False, allow_infinity=False)))
        content = json.dumps(table).encode()
        (folder / storage.SCORES).write_bytes(content)
        check_case(folder, storage.SCORES, content, must_warn=True)


@given(st.data(), st.sampled_from(["volume", "fullscreen", "mute"]))
def test_a_setting_of_the_wrong_type_or_range_is_one_warning(data, field):
    with store() as folder:
        table = json.loads(valid_file(data.draw, storage.SETTINGS))
        if field == "volume":
            table[field] = data.draw(
                st.one_of(
                    NOT_A_NUMBER,
                    st.floats(1.0, exclude_min=True, allow_infinity=False),
                    st.floats(max_value=-1e-9),
                )
            )
        else:
            table[field] = data.draw(
                st.one_of(st.none(), st.integers(), st.text(max_size=3), st.floats(allow_nan=False))
            )
        content = json.dumps(table).encode()
        (folder / storage.SETTINGS).write_bytes(content)
        check_case(folder, storage.SETTINGS, content, must_warn=True)


@given(st.data(), FILE_NAME, st.integers(4301, 20_000))
def test_an_integer_of_thousands_of_digits_is_one_warning(data, name, digits):
    with store() as folder:
        table = json.loads(valid_file(data.draw, name))
        if name == storage.SCORES:
            table["yard"] = [{"score": MARK}]
        else:
            table["volume"] = MARK
        content = json.dumps(table).replace(f'"{MARK}"', "9" * digits).encode()
        (folder / name).write_bytes(content)
        check_case(folder, name, content, must_warn=True)


# --- special files ------------------------------------------------------------


def fifo(path):
    os.mkfifo(path)


def zero_device(path):
    path.symlink_to("/dev/zero")


def folder_with_a_file(path):
    path.mkdir()
    (path / "x").write_text("x")


def unix_socket(path):
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    return server


@pytest.mark.parametrize("name", [storage.SCORES, storage.SETTINGS])
@pytest.mark.parametrize("make", [fifo, zero_device, folder_with_a_file, unix_socket])
def test_a_special_file_is_moved_aside_unread_with_one_warning(name, make):
    with store() as folder:
        keep = make(folder / name)
        try:
            check_case(folder, name, None, must_warn=True)
        finally:
            if keep is not None:
                keep.close()


# --- stored cases -------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES.glob("*.json")), ids=lambda p: p.name)
def test_a_stored_case_still_ends_as_recorded(case):
    kind, _, outcome, _ = case.name.split(".")
    assert kind in ("scores", "settings") and outcome in ("aside", "kept"), case.name
    content = case.read_bytes()
    with store() as folder:
        (folder / f"{kind}.json").write_bytes(content)
        check_case(folder, f"{kind}.json", content, must_warn=outcome == "aside")
