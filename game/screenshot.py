"""Writing pictures the tools make (``--screenshot``, ``--snapshots``, hitbox sheets).

The file's suffix names its format: ``.png``, ``.jpg``/``.jpeg`` (JPEG has no
alpha, so RGBA is flattened to RGB) or ``.bmp``; any other suffix is refused
by ``check_suffix`` before the work that makes the picture starts. The file
is written atomically (a temporary file in the same folder, then a rename)
with the mode a new file usually gets (0644 less the umask), not the 0600 of
a temporary file. An error names the path the person gave, never the
temporary file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

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
    game.screenshot.ImageRefused: end.gif: unknown picture suffix '.gif' (use .png, .jpg, .jpeg or .bmp)
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        known = ", ".join(FORMATS)
        known = known[: known.rfind(", ")] + " or" + known[known.rfind(", ") + 1:]
        raise ImageRefused(f"{path}: unknown picture suffix {suffix or 'none'!r} (use {known})")
    return FORMATS[suffix]


def _usual_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o644 & ~mask


def save_image(image, path: str | os.PathLike) -> Path:
    """Write the PIL ``image`` to ``path`` in the format its suffix names; returns the path.

    Raises ``ImageRefused`` for an unknown suffix and ``OSError`` (its
    ``filename`` set to ``path``) when the file cannot be written.
    """
    path = Path(path)
    fmt = check_suffix(path)
    if fmt in ("JPEG", "BMP") and image.mode not in ("RGB", "L"):
        image = image.convert("RGB")
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as out:
            image.save(out, format=fmt)
        os.chmod(tmp, _usual_mode())
        os.replace(tmp, path)
    except OSError as err:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise OSError(err.errno, err.strerror or str(err), str(path)) from None
    return path
