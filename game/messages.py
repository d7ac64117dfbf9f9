"""One-line messages: what the game prints or shows of an error is its first line, never nothing.

Errors from libraries (json, PIL, pytiled_parser, numba) may run to several
lines or to none; a player, a designer and a script all get one line.
"""

from __future__ import annotations

__all__ = ["first_line"]


def first_line(err: BaseException | str) -> str:
    """The first line of ``str(err)``; the exception's type name when its message is empty.

    >>> first_line(ValueError("bad value\\n  at line 3")), first_line(KeyError()), first_line("a\\nb")
    ('bad value', 'KeyError', 'a')
    """
    text = str(err)
    lines = text.splitlines()
    if lines and lines[0]:
        return lines[0]
    return type(err).__name__ if isinstance(err, BaseException) else text.strip()
