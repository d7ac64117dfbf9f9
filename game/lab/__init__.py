"""The hitbox lab: two shapes to drag and turn, GJK step by step on A − B, EPA, and pymunk beside it.

Layout: ``palette`` (the shapes on offer), ``state`` (what is on screen, as
plain data), ``analysis`` (the engine's and pymunk's answers), ``draw``
(arcade drawing), ``view`` (input), ``cli`` (``python -m game.lab``).
"""

from .analysis import Analysis, analyse, minkowski_outline
from .palette import Choice, level_choices, palette
from .state import LabState

__all__ = ["Analysis", "Choice", "LabState", "analyse", "level_choices", "minkowski_outline", "palette"]
