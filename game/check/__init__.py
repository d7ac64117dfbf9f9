"""The level checker: the loader's findings plus checks that need the whole level, and hitbox sheets.

Layout: ``parts`` (wall parts and how findings name things, what every
check builds on), ``reach`` (flood fill from the player start),
``checks`` (markers in walls, narrow gaps, overlaps, thin walls; calls
``reach``), ``report`` (per file, text and JSON; the loader's findings
graded), ``sheet`` (the PNG), ``cli``. Imports go one way: parts <- reach
<- checks <- report <- sheet, cli.
"""

from .checks import check_level
from .hitbox import actor_names, actor_parts, minimum_width, player_width
from .report import Checked, check_file, json_report, text_report

__all__ = ["Checked", "actor_names", "actor_parts", "check_file", "check_level", "json_report", "minimum_width",
           "player_width", "text_report"]
