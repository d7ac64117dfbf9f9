"""Stored disagreements: small JSON files, one pair each, kept under ``tests/regressions/``.

A case file::

    {
      "pairing": "poly-circle", "style": "nested",
      "right": "ours",                        # who was right: ours, pymunk or exact
      "failed": {"ours": "", "pymunk": "normal"},   # the first check each failed ('' = none)
      "a": {"shape": {...spec...}, "xf": [x, y, angle]},
      "b": {"shape": {...spec...}, "xf": [x, y, angle]},
      "found": {"seed": 7, "pair": 123456},   # where the run met it, before shrinking
      "answers": {...}                        # the three answers when it was written, for reading
    }

A case of the manifold mode (``--mode manifold``) also says ``"mode": "manifold"``,
and its ``failed`` checks are the manifold's (``manifolds.MANIFOLD_CHECKS``); its
class names start with ``manifold.``.

``right`` is ``ours`` when pymunk failed and we did not (a pymunk quirk,
kept as documentation), ``pymunk`` when we failed and pymunk did not, and
``exact`` when both failed.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import NamedTuple

from .judge import RIGHT, Judged
from .modes import MODES
from .specs import Pair, shape_of, spec_of, transform_of


class CaseError(ValueError):
    """A case file that cannot be read; the message is one line naming the file."""


class Case(NamedTuple):
    """A stored case: the pair, what was found, and who was right then."""

    pair: Pair
    style: str
    right: str
    failed: dict
    found: dict
    mode: str = "contact"


def case_class(pairing: str, style: str, failed: dict, mode: str = "contact") -> str:
    """The kind of disagreement a case stands for; a run keeps one case per class.

    >>> case_class("poly-poly", "identical", {"ours": "", "pymunk": "depth"})
    'poly-poly.identical.ours-ok.pymunk-depth'
    >>> case_class("poly-poly", "near", {"ours": "count", "pymunk": ""}, "manifold")
    'manifold.poly-poly.near.ours-count.pymunk-ok'
    """
    ours, theirs = failed.get("ours") or "ok", failed.get("pymunk") or "ok"
    prefix = "" if mode == "contact" else f"{mode}."
    return f"{prefix}{pairing}.{style}.ours-{ours}.pymunk-{theirs}"


def to_json(judged: Judged, style: str, found: dict, mode: str = "contact") -> dict:
    """The JSON record of a judged pair (of either mode: the answers are written as they are)."""
    p, v = judged.pair, judged.verdict
    head = {} if mode == "contact" else {"mode": mode}
    return {
        **head,
        "pairing": p.pairing,
        "style": style,
        "right": v.right,
        "failed": {"ours": v.ours, "pymunk": v.pymunk},
        "a": {"shape": spec_of(p.a), "xf": list(p.xf_a)},
        "b": {"shape": spec_of(p.b), "xf": list(p.xf_b)},
        "found": found,
        "answers": {
            "ours": judged.ours._asdict(),
            "pymunk": judged.pymunk._asdict(),
            "exact": judged.exact._asdict(),
        },
    }


def _side(record: dict, name: str):
    side = record.get(name)
    if not isinstance(side, dict):
        raise ValueError(f"'{name}' must be an object with 'shape' and 'xf'")
    try:
        return shape_of(side.get("shape")), transform_of(side.get("xf"))
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


def from_json(record) -> Case:
    """A case from its JSON record; ``ValueError`` names the field that is wrong."""
    if not isinstance(record, dict):
        raise ValueError("a case must be a JSON object")
    (a, xf_a), (b, xf_b) = _side(record, "a"), _side(record, "b")
    right = record.get("right")
    if right not in RIGHT:
        raise ValueError(f"'right' must be one of {', '.join(RIGHT)}, not {right!r}")
    mode = record.get("mode", "contact")
    if mode not in MODES:
        raise ValueError(f"'mode' must be one of {', '.join(MODES)}, not {mode!r}")
    checks = MODES[mode].checks
    failed = record.get("failed")
    if not (isinstance(failed, dict) and all(failed.get(k, "") in ("", *checks) for k in ("ours", "pymunk"))):
        raise ValueError(f"'failed' must map ours and pymunk to '' or one of {', '.join(checks)}")
    found = record.get("found") if isinstance(record.get("found"), dict) else {}
    return Case(Pair(a, xf_a, b, xf_b), str(record.get("style", "")), right, failed, found, mode)


def read_case(path: Path) -> Case:
    """Read a case file; ``CaseError`` with one line naming the file on any problem."""
    try:
        record = json.loads(Path(path).read_text())
    except OSError as error:
        raise CaseError(f"{path}: cannot read: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise CaseError(f"{path}: not JSON: {error}") from None
    try:
        return from_json(record)
    except ValueError as error:
        raise CaseError(f"{path}: {error}") from None


def case_files(paths) -> list[Path]:
    """Each path as is, each folder as the ``*.json`` files in it, sorted."""
    files: list[Path] = []
    for path in map(Path, paths):
        files += sorted(path.glob("*.json")) if path.is_dir() else [path]
    return files


def write_case(record: dict, folder: Path) -> Path:
    """Write a case atomically as ``<class>.<hash>.json`` in ``folder``; return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(record, indent=1) + "\n"
    digest = hashlib.sha1(json.dumps([record["a"], record["b"]]).encode()).hexdigest()[:8]
    name = case_class(record["pairing"], record["style"], record["failed"], record.get("mode", "contact"))
    path = folder / f"{name}.{digest}.json"
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


def known_classes(folder: Path) -> set[str]:
    """The classes of the cases already stored in ``folder`` (from their file names)."""
    return {p.name.rsplit(".", 2)[0] for p in folder.glob("*.json")} if folder.is_dir() else set()
