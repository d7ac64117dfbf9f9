"""Where the level files live and how a level is named (its file name without ``.tmj``)."""

from __future__ import annotations

from pathlib import Path

from game.level import Finding, LevelError

#: The repository's ``levels/`` folder.
LEVELS_DIR = Path(__file__).resolve().parents[2] / "levels"


def list_levels(directory: Path | str = LEVELS_DIR) -> list[Path]:
    """The ``.tmj`` maps in ``directory``, sorted by name (none if the folder is missing)."""
    directory = Path(directory)
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.tmj") if p.is_file())


def level_path(name: str, directory: Path | str = LEVELS_DIR) -> Path:
    """``levels/<name>.tmj``; an unknown name raises ``LevelError`` listing the ones there are."""
    path = Path(directory) / f"{name}.tmj"
    if path.is_file():
        return path
    known = ", ".join(p.stem for p in list_levels(directory)) or "none"
    raise LevelError(Finding("error", str(path), None, "", f"no level named {name!r} (levels: {known})"))


def display_name(path: Path) -> str:
    """The path as findings show it: relative to the working directory when it is inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except (ValueError, OSError):
        return str(path)
