"""The hitbox lab: two shapes to drag and turn, GJK step by step on A − B, EPA, pymunk beside it,
and the contact manifold with its clipping step by step.

Layout: ``palette`` (the shapes on offer), ``state`` (what is on screen, as
plain data), ``analysis`` (the engine's and pymunk's answers, and the
manifold's clipping retraced), ``draw`` (arcade drawing), ``view`` (input),
``cli`` (``python -m game.lab``). The joints page (``--joints``, or J): ``joint_page``
(its world and the mouse drag, no window), ``joint_geometry`` (joints as plain
geometry), ``joint_draw`` and ``joint_view`` (arcade).
"""

from .analysis import Analysis, Clipping, analyse, clip_manifold, minkowski_outline
from .joint_geometry import JointPicture, JointSpec, joint_picture
from .joint_page import JointLab
from .palette import Choice, level_choices, palette
from .state import LabState

__all__ = [
    "Analysis",
    "Choice",
    "Clipping",
    "JointLab",
    "JointPicture",
    "JointSpec",
    "LabState",
    "analyse",
    "clip_manifold",
    "joint_picture",
    "level_choices",
    "minkowski_outline",
    "palette",
]
