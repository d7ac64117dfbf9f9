"""Whole numbers in Tiled JSON as the readers take them (maps, ``game.tiled.reader``; tileset
files, ``game.tiled.tilesets``): one rule, so a 400-digit number is the same line in both.

Python's ``json`` turns a whole number of any length into an int, and every check that then
compares it with a float raises ``OverflowError`` past 1e308 ("int too large to convert to
float": a tileset's property of 10**400 was "tileset reader failed: OverflowError").
"""

from __future__ import annotations

import math

__all__ = ["Overflow", "parse_int"]


class Overflow(float):
    """A JSON whole number past the largest float: infinite, and shown by its length, so a line about
    it says the value as given ("a whole number of 401 digits"), not ``inf``."""

    def __new__(cls, text: str) -> Overflow:
        number = super().__new__(cls, text)
        number.shown = (
            f"{'-' if text.startswith('-') else ''}<a whole number of {len(text.lstrip('-')):,} digits>"
        )
        return number

    def __repr__(self) -> str:
        return self.shown

    __str__ = __repr__


def parse_int(text: str) -> int | float:
    """A JSON whole number: an int when it has at most 15 digits, else the float nearest it (or an
    infinite ``Overflow`` that says its length)."""
    if len(text.lstrip("-")) <= 15:
        return int(text)
    number = float(text)
    return number if math.isfinite(number) else Overflow(text)
