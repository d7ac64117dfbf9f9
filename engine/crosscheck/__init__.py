"""Cross-check the engine against pymunk and exact geometry, at scale.

``python -m engine.crosscheck --pairs 1000000 --seed 1`` runs random rotated
pairs in several styles (``styles``) for every pairing pymunk also has,
answers each three ways (our batch path, pymunk's ``shapes_collide`` with its
quirks handled in ``twins``, exact geometry in ``exact``), judges them with
the tolerances in ``judge``, and keeps one shrunk case (``shrink``) per kind
of disagreement under ``tests/regressions/`` (``cases``). ``--replay``
re-runs stored cases (``replay``). ``--mode manifold`` judges contact
manifolds instead (``manifolds``: point count, positions, separations and
normal against pymunk's ``ContactPointSet``, every point on both outlines);
``modes`` names what each mode checks. ``--scheduler`` runs the chunks on a
Dask cluster (``cluster``).

This is a checking tool, not part of the collision engine: pymunk and
shapely are imported only when a check runs, so ``import engine`` stays light.
"""

from .cases import Case, CaseError, read_case
from .exact import Exact
from .judge import Judged, OurAnswer, Verdict, judge_all
from .manifolds import MANIFOLD_CHECKS, JudgedManifold, judge_manifolds
from .modes import MODES
from .replay import Replayed, replay
from .specs import KINDS, Pair, shape_of, spec_of
from .styles import STYLES
from .twins import PymunkAnswer, place, pymunk_answer, pymunk_contact, to_pymunk

__all__ = [
    "KINDS",
    "MANIFOLD_CHECKS",
    "MODES",
    "STYLES",
    "Case",
    "CaseError",
    "Exact",
    "Judged",
    "JudgedManifold",
    "OurAnswer",
    "Pair",
    "PymunkAnswer",
    "Replayed",
    "Verdict",
    "judge_all",
    "judge_manifolds",
    "place",
    "pymunk_answer",
    "pymunk_contact",
    "read_case",
    "replay",
    "shape_of",
    "spec_of",
    "to_pymunk",
]
