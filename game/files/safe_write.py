"""Writing files a person names: whole or not at all, and never over anything but a regular file.

Recordings (``--record``), pictures (``--screenshot``, ``--snapshots``,
``game.check --png``, the lab's shots) and saved data all go through
``write_atomic``: the bytes go to a temporary file in the same folder, are
flushed and fsynced, get the mode a new file usually gets (0644 less the
umask, not a temporary file's 0600), and are renamed over the target, so a
reader sees the old file or the new one, never half of one.

A rename replaces whatever has the name. So the target is checked first
(``check_target``, also called by the command lines before any work): it
must not exist or be a regular file (through symlinks). A FIFO, a device
(``--record /dev/full`` as root once turned the device node into a regular
file), a socket or a folder is refused with one line naming the path, and
nothing is written.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from game.files.safe_read import file_kind

__all__ = ["TargetRefused", "check_target", "write_atomic"]


class TargetRefused(OSError):
    """A file that is not written over: ``str()`` is one line naming the path and what it is.

    An ``OSError``, so the tools' "cannot write" handling reports it like a
    read-only folder.
    """

    def __init__(self, path: os.PathLike | str, problem: str) -> None:
        self.path, self.problem = str(path), problem
        super().__init__(f"{path}: {problem}")

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"


def check_target(path: os.PathLike | str) -> Path:
    """``path`` when writing it replaces nothing but a regular file; else ``TargetRefused``.

    >>> check_target("/dev/null")
    Traceback (most recent call last):
    ...
    game.files.safe_write.TargetRefused: /dev/null: is a device, not a regular file; it is never replaced
    """
    path = Path(path)
    try:
        info = os.stat(path)  # through symlinks: a link to /dev/full is a device to us
    except FileNotFoundError:
        return path
    except OSError:
        return path  # cannot look (no permission, a file as a folder): the write will say why
    if not stat.S_ISREG(info.st_mode):
        raise TargetRefused(path, f"is {file_kind(info.st_mode)}, not a regular file; it is never replaced")
    return path


def _usual_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o644 & ~mask


def write_atomic(
    path: os.PathLike | str, data: bytes, mode: int | None = None, prefix: str | None = None
) -> Path:
    """Replace the regular file ``path`` (or make it) with ``data`` all at once: old or new, never half.

    ``mode`` defaults to 0644 less the umask; the temporary file is
    ``<prefix><random>.tmp`` beside it (``prefix`` defaults to ``.<name>.``).
    Raises ``TargetRefused`` when ``path`` is not a regular file, and
    ``OSError`` (``filename`` the path given, never the temporary file) when
    it cannot be written.
    """
    path = check_target(path)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=prefix or f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, _usual_mode() if mode is None else mode)
        check_target(path)  # again, just before the rename: it may have been made a FIFO meanwhile
        os.replace(tmp, path)
    except BaseException as err:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(err, OSError) and not isinstance(err, TargetRefused):
            raise OSError(err.errno, err.strerror or str(err), str(path)) from None
        raise
    _fsync_folder(path.parent)
    return path


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself survive a power cut (best effort: not every system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
