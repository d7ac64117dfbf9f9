"""Where the level files live and how a level is named (its file name without ``.tmj``)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from game.files.safe_read import read_bytes
from game.files.storage import MAX_LEVEL_NAME
from game.level import Finding, LevelError

from .limits import MAX_FILE_BYTES

#: The repository's ``levels/`` folder.
LEVELS_DIR = Path(__file__).resolve().parents[2] / "levels"


def list_levels(directory: Path | str = LEVELS_DIR) -> list[Path]:
    """The ``.tmj`` maps in ``directory``, sorted by name (none if the folder is missing)."""
    directory = Path(directory)
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.tmj") if p.is_file())


#: Suffixes of Tiled maps a folder is searched for (``.json`` files only when they hold a map).
MAP_SUFFIXES = (".tmx", ".tmj", ".json")
#: Files looked at when searching a folder: a designer's project, not a disk.
MAX_SEARCHED_FILES = 10_000


def find_maps(directory: Path | str) -> list[Path]:
    """The Tiled maps in ``directory`` (not its subfolders), sorted by name: every ``.tmx`` and
    ``.tmj``, and each ``.json`` that holds a map (arcade and Phaser keep tilesets as ``.json`` too:
    those have no ``"layers"``). At most ``MAX_SEARCHED_FILES`` files are looked at."""
    found: list[Path] = []
    for seen, path in enumerate(sorted(Path(directory).iterdir())):
        if seen >= MAX_SEARCHED_FILES:
            break
        suffix = path.suffix.lower()
        if suffix not in MAP_SUFFIXES or not path.is_file():
            continue
        if suffix == ".json" and not _holds_a_map(path):
            continue
        found.append(path)
    return found


def _holds_a_map(path: Path) -> bool:
    """Whether a ``.json`` file looks like a Tiled map (a ``"layers"`` list and ``"tilesets"``), read
    through ``game.files.safe_read`` under the map size limit; anything unreadable is not one."""
    try:
        data = read_bytes(path, MAX_FILE_BYTES)
    except (OSError, ValueError):
        return False
    return b'"layers"' in data and b'"tilesets"' in data


def level_path(name: str, directory: Path | str = LEVELS_DIR) -> Path:
    """``levels/<name>.tmj``; an unknown name raises ``LevelError`` listing the ones there are."""
    path = Path(directory) / f"{name}.tmj"
    if os.path.isfile(path):  # (False for a name the system cannot look up: too long, a NUL byte)
        return path
    raise LevelError(
        Finding("error", str(path), None, "", f"no level named {name!r} (levels: {_known(directory)})")
    )


def _known(directory: Path | str = LEVELS_DIR) -> str:
    """The level names in ``directory``, for a finding line."""
    return ", ".join(p.stem for p in list_levels(directory)) or "none"


def resolve_level(name: str | None) -> Path:
    """The map file a level is named by: a name from ``levels/`` (``level_path``), or a path when it
    ends in a map suffix or names a folder; None means the first level. ``LevelError`` when there is none."""
    if name is None:
        names = list_levels()
        if not names:
            raise LevelError(Finding("error", "levels/", None, "", "no level files found"))
        name = names[0].stem
    path = Path(name)
    if path.suffix.lower() in MAP_SUFFIXES or len(path.parts) > 1:
        return path
    if path.suffix and os.path.isfile(path):  # a file given by name, not a map: say so, not "no level named"
        raise LevelError(
            Finding(
                "error", name, None, "",
                f"not a Tiled map (a level is a name from levels/: {_known()}; or a map file ending in "
                f"{', '.join(MAP_SUFFIXES)})",
            )
        )  # fmt: skip
    return level_path(name)


def score_key(name: str, path: Path | str | None) -> str:
    """The key a level's scores are kept under (``game.files.storage``): a shipped level's name, as
    score files have always had it; for any other map (opened by path), its resolved path, so a
    foreign ``yard.tmx`` keeps a best of its own beside the shipped ``yard``. A path too long for a key
    (``MAX_LEVEL_NAME``) gives the map's name and the sha256 of its path.

    >>> score_key("yard", LEVELS_DIR / "yard.tmj")
    'yard'
    """
    if path is None:
        return name
    where = _resolved(Path(path))
    if where == _resolved(LEVELS_DIR / f"{name}.tmj"):
        return name
    key = str(where)
    if len(key) <= MAX_LEVEL_NAME:
        return key
    return f"{name[:200]} (path sha256 {hashlib.sha256(key.encode('utf-8', 'surrogateescape')).hexdigest()})"


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop, an unreadable folder: the path made absolute
        return path.absolute()


def display_name(path: Path) -> str:
    """The path as findings show it: relative to the working directory when it is inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except (ValueError, OSError):
        return str(path)
