"""The level checker: the loader's findings plus checks that need the whole level, and hitbox sheets.

Layout: ``hitbox`` (the actors' hitboxes, from their data, and a hitbox's
minimum width), ``parts`` (wall parts and how findings name things, what
every check builds on), ``reach`` (flood fill over placements of a hitbox
from the player start), ``tiles`` (what tile collision gets wrong),
``checks`` (markers in walls, narrow gaps, overlaps, thin walls; calls
``reach`` and ``tiles``), ``doors`` (a level's narrowest door),
``report`` (per file, text and JSON),
``sheet`` (the PNG), ``cli``. Imports go one way: hitbox, parts <- reach
<- tiles <- checks <- report <- sheet, cli. The geometry the loader's
start-mover shares (wall parts, a hitbox's reach, markers in walls, the
placement grid) lives below both in ``game.geometry``.
"""

from .checks import check_level
from .hitbox import actor_names, actor_parts, minimum_width, player_width
from .report import Checked, check_actors, check_file, check_path, check_props, json_report, text_report

__all__ = [
    "Checked",
    "actor_names",
    "actor_parts",
    "check_actors",
    "check_file",
    "check_level",
    "check_path",
    "check_props",
    "json_report",
    "minimum_width",
    "player_width",
    "text_report",
]
