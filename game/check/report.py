"""Checking files and saying what was found: text lines grouped by severity, or JSON.

``check_file`` never raises: the loader turns a broken file into findings,
and a failure of the checks themselves becomes one more error finding, so
the command line never shows a traceback.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from game.level import Finding, Level, LevelError, Marker
from game.tiled import read_level
from game.tiled.actors import read_actors_for_play
from game.tiled.prop_kinds import read_props
from game.tiled.reader import display_name

from .checks import check_level
from .doors import door_findings
from .props import prop_findings


class Checked(NamedTuple):
    """One file's result: the level (None if it could not be loaded) and every finding."""

    path: Path
    level: Level | None
    findings: list[Finding]

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "warning"]

    @property
    def notes(self) -> list[Finding]:
        """What the loader did that a designer may want to know (a polygon split, a start chosen)."""
        return [f for f in self.findings if f.severity == "info"]


def check_file(
    path: Path | str, start: tuple[float, float] | None = None, texture: str | None = None
) -> Checked:
    """Load ``path`` with the game's loader and run the checker's checks on it.

    ``start`` (Tiled's pixels: x right, y DOWN from the map's top-left, as Tiled's status bar shows
    them) is where the player starts for the checks that start from it (``--from``), in place of the
    map's player start or the one the loader chose. ``texture`` (``simple``, ``detailed``:
    ``--texture-hitboxes``) outlines solid tiles without shapes from their image, as arcade does;
    None leaves it to the map's ``texture_hitboxes`` property.
    """
    path = Path(path)
    level, findings = read_level(path, texture_hitboxes=texture)
    if level is None:
        return Checked(path, None, findings)
    if start is not None:
        level = replace(
            level,
            player_start=Marker(0, "", "player", float(start[0]), level.height - float(start[1])),
            start_given=True,
        )
    file = display_name(path)
    try:
        ours = check_level(level, file, findings)
        try:
            ours += prop_findings(level, file)
        except LevelError as problem:  # the props tileset (assets/props.tsj) cannot be read
            ours.append(
                Finding("error", file, None, "", f"cannot check its props with the props tileset: {problem}")
            )
    except LevelError as problem:  # the actors' hitbox file (assets/actors.tsj) cannot be read
        ours = [Finding("error", file, None, "", f"cannot check with the actors' hitboxes: {problem}")]
    except Exception as bug:  # a checker bug must still be one line, not a traceback
        ours = [Finding("error", file, None, "", f"checker failed: {type(bug).__name__}: {bug}")]
    return Checked(path, level, findings + ours)


#: How an actor hitbox file is named on the command line: a Tiled tileset saved as JSON.
ACTORS_SUFFIX = ".tsj"


def check_actors(path: Path | str) -> Checked:
    """An actor hitbox file (``assets/actors.tsj`` or a copy being edited) as the game reads it, and
    every hitbox wider at its narrowest than the narrowest door of a shipped level (``doors``).

    Never raises: each problem is a finding naming the file, the tile id and the actor."""
    path = Path(path)
    hitboxes, findings = read_actors_for_play(path)  # what the game refuses, the checker refuses
    if hitboxes is not None:
        try:
            findings = [*findings, *door_findings(hitboxes, display_name(path))]
        except Exception as bug:  # a checker bug must still be one line, not a traceback
            findings.append(
                Finding("error", display_name(path), None, "", f"checker failed: {type(bug).__name__}: {bug}")
            )
    return Checked(path, None, list(findings))


def is_props_file(path: Path) -> bool:
    """Whether ``path`` names a props tileset (``assets/props.tsj``, or a copy named ``props*.tsj``): a
    ``.tsj`` of any other name is an actor hitbox file."""
    return path.suffix == ACTORS_SUFFIX and path.name.lower().startswith("props")


def check_props(path: Path | str) -> Checked:
    """A props tileset (``assets/props.tsj`` or a copy being edited) as the game reads it
    (``game.tiled.prop_kinds.read_props``): what the game refuses, the checker refuses, in the same lines.

    Never raises: each problem is a finding naming the file, the tile id and the kind."""
    path = Path(path)
    _, findings = read_props(path)
    return Checked(path, None, list(findings))


def check_path(
    path: Path | str, start: tuple[float, float] | None = None, texture: str | None = None
) -> Checked:
    """A level (``.tmj``), a props tileset (``props*.tsj``) or an actor hitbox file (any other ``.tsj``),
    by its name; ``start`` and ``texture`` as ``check_file``'s."""
    path = Path(path)
    if is_props_file(path):
        return check_props(path)
    return check_actors(path) if path.suffix == ACTORS_SUFFIX else check_file(path, start, texture)


#: Lines of one kind of finding the text report lists before it says how many more there are (``--all``
#: lists every one), so the first screen shows every kind found.
PER_KIND = 5


def finding_kind(finding: Finding) -> str:
    """What kind of problem a finding is: its text without names, numbers and parentheses.

    >>> finding_kind(Finding("warning", "a.tmj", 3, "x", "gap of 2.5 px to wall 7 (crate) is narrower"))
    'gap of # px to wall # is narrower'
    """
    text = re.sub(r"\([^()]*\)|'[^']*'|\"[^\"]*\"", "", finding.problem)
    text = re.sub(r"-?\d[\d,.]*", "#", text)
    return " ".join(text.split())


def _grouped(group: list[Finding], per_kind: int | None) -> list[str]:
    """Findings of one severity, kind by kind in the order each kind first appears, at most ``per_kind``
    lines a kind, then one line with how many more of it there are."""
    kinds: dict[str, list[Finding]] = {}
    for f in group:
        kinds.setdefault(finding_kind(f), []).append(f)
    lines = []
    for same in kinds.values():
        shown = same if per_kind is None else same[:per_kind]
        lines += [f"  {f}" for f in shown]
        if len(same) > len(shown):
            lines.append(
                f"  ... and {len(same) - len(shown):,} more like the line above "
                f"({len(same):,} in all; --all lists them)"
            )
    return lines


def text_report(results: list[Checked], *, per_kind: int | None = PER_KIND) -> str:
    """Errors first, then warnings, then notes, one line each (``file:id (name): problem``), grouped by
    kind (at most ``per_kind`` lines a kind; None lists all), then a summary."""
    lines = []
    for title, group in (
        ("errors", [f for r in results for f in r.errors]),
        ("warnings", [f for r in results for f in r.warnings]),
        ("notes", [f for r in results for f in r.notes]),
    ):
        if group:
            lines.append(f"{title} ({len(group)}):")
            lines += _grouped(group, per_kind)
    lines.append(summary(results))
    return "\n".join(lines)


def summary(results: list[Checked]) -> str:
    """``checked 3 levels: 0 errors, 28 warnings`` (and ``, 4 notes`` when there are any)."""
    n_err = sum(len(r.errors) for r in results)
    n_warn = sum(len(r.warnings) for r in results)
    n_note = sum(len(r.notes) for r in results)
    n_props = sum(1 for r in results if is_props_file(r.path))
    n_actors = sum(1 for r in results if r.path.suffix == ACTORS_SUFFIX) - n_props
    n_levels = len(results) - n_actors - n_props
    what = f"{n_levels} level{'s' * (n_levels != 1)}" if n_levels or not (n_actors or n_props) else ""
    for count, word in ((n_actors, "actor file"), (n_props, "props file")):
        if count:
            what += (" and " if what else "") + f"{count} {word}{'s' * (count != 1)}"
    notes = f", {n_note} note{'s' * (n_note != 1)}" if n_note else ""
    return f"checked {what}: {n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)}{notes}"


def json_report(results: list[Checked]) -> str:
    """The same findings for machines: per file counts and every finding with its sheet position."""
    return json.dumps(
        {
            "levels": [
                {
                    "file": display_name(r.path),
                    "loaded": r.level is not None,
                    "errors": len(r.errors),
                    "warnings": len(r.warnings),
                    "notes": len(r.notes),
                }
                for r in results
            ],
            "findings": [
                {
                    "severity": f.severity,
                    "file": f.file,
                    "object_id": f.object_id,
                    "name": f.name,
                    "problem": f.problem,
                    "code": f.code,
                    "line": str(f),
                    "where": list(f.where) if f.where else None,
                    "tile": None
                    if f.tile is None
                    else {
                        "layer": f.tile.layer,
                        "col": f.tile.col,
                        "row": f.tile.row,
                        "tileset": f.tile.tileset,
                        "local_id": f.tile.local_id,
                    },
                }
                for r in results
                for f in (*r.errors, *r.warnings, *r.notes)
            ],
            "errors": sum(len(r.errors) for r in results),
            "warnings": sum(len(r.warnings) for r in results),
        },
        indent=2,
    )
