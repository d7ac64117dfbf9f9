"""Reading files a person hands us: refused before reading when they could hang or flood.

Levels, tilesets, scores and settings all come from outside. Each is read
through here, so one set of rules holds for all of them:

- only a regular file is read: a FIFO would block forever, a device such as
  ``/dev/zero`` never ends, a folder has no content. The file is opened
  without blocking and checked on the open descriptor (no race between a
  check and the open);
- at most ``limit`` bytes are read; a bigger file is refused by its size
  before any of it is parsed;
- JSON nests at most ``max_depth`` levels deep, checked on the text before
  the parser (which recurses) sees it.

A refusal is a ``FileRefused`` (a ``ValueError``) whose message is one line
naming the path and the problem.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from pathlib import Path

import numpy as np

#: JSON nesting the game's own files never come near (a Tiled map nests about 8 deep).
MAX_JSON_DEPTH = 64

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)


class FileRefused(ValueError):
    """A file that is not read: not a regular file, too big, or too deeply nested.

    >>> str(FileRefused("levels/x.tmj", "is a folder, not a file"))
    'levels/x.tmj: is a folder, not a file'
    """

    def __init__(self, path: os.PathLike | str, problem: str) -> None:
        self.path, self.problem = str(path), problem
        super().__init__(f"{path}: {problem}")


def file_kind(mode: int) -> str:
    """What a file of ``st_mode`` ``mode`` is, for a line that refuses it ("a folder", "a device", ...)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: os.PathLike | str, limit: int) -> bytes:
    """The whole content of the regular file ``path``, at most ``limit`` bytes.

    Raises ``FileNotFoundError`` (or another ``OSError``) when it cannot be
    opened, and ``FileRefused`` when it is not a regular file or is bigger
    than ``limit``.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise FileRefused(path, "is a folder, not a file") from None
    except OSError as err:
        if err.errno == errno.ENXIO:  # a socket, or a FIFO with no writer on some systems
            try:
                kind = file_kind(os.stat(path).st_mode)
            except OSError:
                kind = "not a regular file"
            raise FileRefused(path, f"is {kind}, not a file") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(path, f"is {file_kind(info.st_mode)}, not a file")
        if info.st_size > limit:
            raise FileRefused(path, f"is {info.st_size:,} bytes; the limit is {limit:,}")
        # Read one byte past the limit: a file that grows while we read is still caught.
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileRefused(path, f"grew past the limit of {limit:,} bytes while being read")
        return b"".join(chunks)
    finally:
        os.close(fd)


def json_depth(data: bytes) -> int:
    """How deeply ``data``'s arrays and objects nest (brackets inside strings do not count).

    >>> json_depth(b'{"a": [1, [2, "]]]"]]}')
    3
    >>> json_depth(b'7')
    0
    """
    bare = _STRING.sub(b'""', data)
    codes = np.frombuffer(bare, dtype=np.uint8)
    steps = (codes == ord("[")).astype(np.int32) + (codes == ord("{"))
    steps -= (codes == ord("]")).astype(np.int32) + (codes == ord("}"))
    return int(np.cumsum(steps).max(initial=0))


def read_json(path: os.PathLike | str, limit: int, max_depth: int = MAX_JSON_DEPTH):
    """``path`` parsed as UTF-8 JSON, refused when too big or nested deeper than ``max_depth``.

    Parse errors come out as ``FileRefused`` too, with the line and column.
    Non-finite numbers (``NaN``, ``Infinity``, ``1e400``) are refused: JSON
    has none, and a score or a coordinate that is not finite is never meant.
    """
    data = read_bytes(path, limit)
    depth = json_depth(data)
    if depth > max_depth:
        raise FileRefused(path, f"nests {depth} levels deep; the limit is {max_depth}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FileRefused(path, f"is not UTF-8 text (byte {err.start})") from None
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as err:
        raise FileRefused(
            path, f"is not valid JSON: {err.msg} at line {err.lineno} column {err.colno}"
        ) from None
    except _NotFinite as err:
        raise FileRefused(path, f"holds a number that is not finite ({err})") from None


class _NotFinite(ValueError):
    pass


def _refuse_constant(name: str):
    raise _NotFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise _NotFinite(text if len(text) <= 24 else text[:21] + "...")
    return value
