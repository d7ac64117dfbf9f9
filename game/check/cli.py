"""``gjk-check`` / ``python -m game.check [paths…]``: check levels before a player does.

Paths may be ``.tmj`` files or folders of them (default: every level in
``levels/``). Prints one line per finding, ``file:object-id (name):
problem``, errors first, then a summary; exit status 0 only when there is
no error (1 otherwise, 2 for bad options). ``--json`` prints the same for
machines; ``--png DIR`` also writes a hitbox sheet per level.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.levels import LEVELS_DIR, list_levels


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gjk-check", description="Check Tiled levels: every hitbox as meant.")
    p.add_argument("paths", nargs="*", help=".tmj files or folders (default: levels/)")
    p.add_argument("--json", action="store_true", help="print the findings as JSON")
    p.add_argument("--png", metavar="DIR", help="write a hitbox sheet per level into DIR")
    return p


def level_files(paths: list[str]) -> list[Path]:
    """Each path as is, each folder as the maps in it; no paths: every level in ``levels/``."""
    if not paths:
        return list_levels(LEVELS_DIR)
    files: list[Path] = []
    for text in paths:
        path = Path(text)
        # A folder named like a map is checked as the map it claims to be (and refused), not skipped.
        files += list_levels(path) if path.is_dir() and path.suffix != ".tmj" else [path]
    return files


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.png:
        os.environ.setdefault("ARCADE_HEADLESS", "1")  # before anything imports arcade
    from .report import check_file, json_report, text_report

    results = [check_file(path) for path in level_files(args.paths)]
    notes = []
    if args.png:
        from .sheet import write_sheets

        notes = write_sheets(results, Path(args.png))
    print(json_report(results) if args.json else text_report(results))
    for note in notes:
        print(note, file=sys.stderr)
    return 1 if any(r.errors for r in results) else 0
