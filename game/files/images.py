"""Writing pictures the tools make (``--screenshot``, ``--snapshots``, hitbox sheets).

The file's suffix names its format: ``.png``, ``.jpg``/``.jpeg`` (JPEG has no
alpha, so RGBA is flattened to RGB) or ``.bmp``; any other suffix is refused
by ``check_suffix`` before the work that makes the picture starts. The file
is written by ``game.files.safe_write.write_atomic``: atomically, with the mode a
new file usually gets, and never over anything but a regular file. An error
names the path the person gave, never the temporary file.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from game.files.safe_write import check_target, write_atomic

__all__ = ["FORMATS", "ImageRefused", "check_suffix", "save_image"]

#: Suffix (lower case) -> PIL format name.
FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".bmp": "BMP"}


class ImageRefused(ValueError):
    """A picture that is not written: the message is one line naming the path."""


def check_suffix(path: str | os.PathLike) -> str:
    """The PIL format ``path``'s suffix names, or ``ImageRefused``.

    >>> check_suffix("shots/end.JPG")
    'JPEG'
    >>> check_suffix("end.gif")
    Traceback (most recent call last):
    ...
    game.files.images.ImageRefused: end.gif: unknown picture suffix '.gif' (use .png, .jpg, .jpeg or .bmp)
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        known = ", ".join(FORMATS)
        known = known[: known.rfind(", ")] + " or" + known[known.rfind(", ") + 1 :]
        raise ImageRefused(f"{path}: unknown picture suffix {suffix or 'none'!r} (use {known})")
    return FORMATS[suffix]


def save_image(image, path: str | os.PathLike) -> Path:
    """Write the PIL ``image`` to ``path`` in the format its suffix names; returns the path.

    Raises ``ImageRefused`` for an unknown suffix, ``game.files.safe_write.TargetRefused``
    when ``path`` is not a regular file (a FIFO, a device, a folder), and
    ``OSError`` (its ``filename`` set to ``path``) when the file cannot be written.
    """
    path = Path(path)
    fmt = check_suffix(path)
    check_target(path)  # before the encoding's work
    if fmt in ("JPEG", "BMP") and image.mode not in ("RGB", "L"):
        image = image.convert("RGB")
    encoded = io.BytesIO()
    image.save(encoded, format=fmt)
    return write_atomic(path, encoded.getvalue())
