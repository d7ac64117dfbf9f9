"""The level checker: the loader's findings plus checks that need the whole level, and hitbox sheets.

Layout: ``checks`` (markers in walls, outside the map, narrow gaps,
overlaps, thin walls), ``reach`` (flood fill from the player start),
``report`` (per file, text and JSON), ``sheet`` (the PNG), ``cli``.
"""

from .checks import PLAYER_RADIUS, check_level
from .report import Checked, check_file, json_report, text_report

__all__ = ["PLAYER_RADIUS", "Checked", "check_file", "check_level", "json_report", "text_report"]
