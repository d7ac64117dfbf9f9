"""``gjk-check`` / ``python -m game.check [paths…]``: check levels before a player does.

Paths may be Tiled maps (``.tmx``, ``.tmj``, ``.json``), folders holding them, or level names as ``game``
and ``game.lab`` take them (``yard`` is ``levels/yard.tmj``; default: every
level in ``levels/``), or an actor hitbox file (``assets/actors.tsj``, or a
copy being edited): its hitboxes as the game reads them, and any wider at
its narrowest than the narrowest door of a shipped level, or the props tileset
(``assets/props.tsj``, or a copy named ``props*.tsj``) as the game reads it. An unknown bare name is one line and exit status 2. Prints one line per finding, ``file:object-id (name):
problem``, errors first, then a summary; exit status 0 only when there is
no error (1 otherwise, 2 for bad options, a folder named with no level in
it, or a sheet that could not be written). ``--json`` prints the same for
machines; ``--png DIR`` also writes a hitbox sheet per level; ``--texture-hitboxes simple|detailed``
outlines solid tiles without collision shapes from their image, as arcade does.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

from game.cli import OneLineParser
from game.level import Finding
from game.tiled import LEVELS_DIR, LevelError, level_path, list_levels
from game.tiled.files import find_maps
from game.tiled.texture import ALGORITHMS

from .report import ACTORS_SUFFIX, PER_KIND, check_path, json_report, text_report


def _parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="gjk-check", description="Check Tiled levels: every hitbox as meant.")
    p.add_argument(
        "paths",
        nargs="*",
        help="level names, .tmj files or folders (default: every level in levels/), "
        "or an actor hitbox file (assets/actors.tsj) or the props tileset (assets/props.tsj)",
    )
    p.add_argument("--json", action="store_true", help="print the findings as JSON")
    p.add_argument("--png", metavar="DIR", help="write a hitbox sheet per level into DIR")
    p.add_argument(
        "--from",
        dest="start",
        metavar="X,Y",
        type=_point,
        help="check reachability from this point (Tiled's pixels, y down, as its status bar shows "
        "them) instead of the map's player start; maps without one need it for those checks",
    )
    p.add_argument(
        "--texture-hitboxes",
        choices=ALGORITHMS,
        help="outline solid tiles that have no collision shapes from their image's alpha, as arcade "
        "does (simple: arcade's default, detailed: its pymunk outline); also the map property "
        "texture_hitboxes. Default: the map's property, else a full-tile box",
    )
    p.add_argument(
        "--all",
        action="store_true",
        help="list every finding (default: at most 5 of each kind, then how many more)",
    )
    return p


#: Suffixes of files this tool checks: a folder with one of them is refused as a folder, not searched.
NAMED_FILES = (".tmj", ".tmx", ".json", ".tsj", ".tsx")


def _point(text: str) -> tuple[float, float]:
    """``X,Y`` as two finite numbers; argparse turns the ValueError into one line naming the option."""
    parts = text.split(",")
    try:
        x, y = (float(v) for v in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected X,Y (two numbers, Tiled's pixels), got {text!r}"
        ) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise argparse.ArgumentTypeError(f"expected X,Y as finite numbers, got {text!r}")
    return x, y


def level_files(paths: list[str]) -> list[Path]:
    """Each path as is, each folder as the maps in it, each bare name as ``levels/<name>.tmj``;
    no paths: every level in ``levels/``. An unknown bare name raises ``LevelError``."""
    if not paths:
        return list_levels(LEVELS_DIR)
    files: list[Path] = []
    for text in paths:
        path = Path(text)
        # A folder named like a map or an actor file is checked as what it claims to be (and refused
        # as a folder), not searched; a folder named plainly is searched for maps (.tmx, .tmj, .json)
        # and must hold one.
        if path.is_dir() and path.suffix.lower() not in NAMED_FILES:
            found = find_maps(path)
            if not found:
                raise LevelError(
                    Finding(
                        "error", str(path), None, "", "a folder with no Tiled map (.tmx, .tmj or .json) in it"
                    )
                )
            files += found
        elif not path.exists() and not path.suffix and len(path.parts) == 1:
            files.append(level_path(text))  # a name, as `python -m game --level yard` takes it
        else:
            files.append(path)
    return files


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.png:
        os.environ.setdefault("ARCADE_HEADLESS", "1")  # before anything imports arcade

    try:
        files = level_files(args.paths)
    except LevelError as err:
        print(f"gjk-check: {err}", file=sys.stderr)
        return 2
    if args.png and os.path.exists(args.png) and not os.path.isdir(args.png):
        # Before the checks, not after them: sheets go into a folder, and this is none.
        print(
            f"gjk-check: --png {args.png}: exists and is not a folder (sheets go into a folder)",
            file=sys.stderr,
        )
        return 2
    results = [check_path(path, args.start, args.texture_hitboxes) for path in files]
    notes, written = [], True
    if args.png:
        from .sheet import (
            write_sheets,  # deferred: it imports arcade, which reads ARCADE_HEADLESS (set above)
        )

        notes, written = write_sheets([r for r in results if r.path.suffix != ACTORS_SUFFIX], Path(args.png))
    print(
        json_report(results) if args.json else text_report(results, per_kind=None if args.all else PER_KIND)
    )
    for note in notes:
        print(note, file=sys.stderr)
    if not written:
        return 2  # a sheet asked for and not written is a failure, whatever the levels hold
    return 1 if any(r.errors for r in results) else 0
