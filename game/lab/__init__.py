"""The hitbox lab: two shapes to drag and turn, GJK step by step on A − B, EPA, pymunk beside it,
and the contact manifold with its clipping step by step.

Layout: ``palette`` (the shapes on offer), ``state`` (what is on screen, as
plain data), ``analysis`` (the engine's and pymunk's answers, and the
manifold's clipping retraced), ``draw`` (arcade drawing), ``view`` (input),
``cli`` (``python -m game.lab``).
"""

from .analysis import Analysis, Clipping, analyse, clip_manifold, minkowski_outline
from .palette import Choice, level_choices, palette
from .state import LabState

__all__ = [
    "Analysis",
    "Choice",
    "Clipping",
    "LabState",
    "analyse",
    "clip_manifold",
    "level_choices",
    "minkowski_outline",
    "palette",
]
