"""The loader's findings collector: one file's findings, in the order they were found.

The map reader and the tileset reader both report through it (one way to
say a problem): ``error``/``warning``/``info`` with the problem, and
optionally the object it is about, where to mark it (world pixels), a code
and the tile. A tileset read for a map writes into the map's list.
"""

from __future__ import annotations

import math
from typing import Any

from game.level import Finding, TileRef


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class Findings:
    """The findings of one file (``file`` names it in each), appended to ``findings`` (a new list
    when not given, or a list shared with the file that reads this one)."""

    def __init__(self, file: str, findings: list[Finding] | None = None) -> None:
        self.file = file
        self.findings: list[Finding] = [] if findings is None else findings

    def error(
        self, problem: str, obj: Any = None, where=None, code: str = "", *, tile: TileRef | None = None
    ) -> None:
        self._add("error", problem, obj, where, code, tile)

    def warning(
        self, problem: str, obj: Any = None, where=None, code: str = "", *, tile: TileRef | None = None
    ) -> None:
        self._add("warning", problem, obj, where, code, tile)

    def info(
        self, problem: str, obj: Any = None, where=None, code: str = "", *, tile: TileRef | None = None
    ) -> None:
        """A note: what the loader did that the designer may want to know (nothing to fix)."""
        self._add("info", problem, obj, where, code, tile)

    def _add(self, severity, problem, obj, where, code="", tile=None) -> None:
        oid = None if obj is None else _int_or_none(getattr(obj, "object_id", getattr(obj, "id", None)))
        name = "" if obj is None else str(getattr(obj, "name", "") or "")
        if where is not None and not all(math.isfinite(v) for v in where):
            where = None
        self.findings.append(Finding(severity, self.file, oid, name, problem, where, code, tile))

    @property
    def errors(self) -> int:
        """How many errors the list holds (a shared list's earlier ones too)."""
        return sum(f.severity == "error" for f in self.findings)

    @property
    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


__all__ = ["Findings"]
