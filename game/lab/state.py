"""The lab's state as plain data, and the edits the keys and the mouse make to it.

Nothing here needs a window: the view turns events into these calls, and
the tests call them directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.collision import Transform

from .palette import Choice

#: Radians turned per Q/E press or wheel click.
ROTATE_STEP = math.radians(7.5)
#: World units (px) the margin changes per -/= press, and its written limit (``--margin`` too).
MARGIN_STEP = 5.0
MAX_MARGIN = 1000.0
#: The manifold's clipping, step by step (``clip_step`` 1 .. len; None shows them all).
CLIP_STEPS = (
    "the normal",
    "the support features",
    "on the tangent",
    "the clipped stretch",
    "kept within the margin",
)


@dataclass
class LabState:
    """Two shapes picked from ``choices``, their world transforms, and the GJK step shown.

    ``step`` is how far the GJK trace is played: 0 shows the first support
    only, k shows the k-th turn; None shows the whole run. ``manifold`` turns
    the manifold view on (``margin``, world units, 0 .. ``MAX_MARGIN``, is how
    far apart speculative points may be), and ``clip_step`` is how far its
    clipping is shown: 1 .. ``len(CLIP_STEPS)``, None for every step.
    """

    choices: list[Choice]
    pick: list[int] = field(default_factory=lambda: [0, 1])
    xfs: list[Transform] = field(
        default_factory=lambda: [Transform(-70.0, 0.0, 0.0), Transform(70.0, 10.0, 0.4)]
    )
    selected: int = 0  # 0 is A, 1 is B
    step: int | None = None
    manifold: bool = False
    margin: float = 0.0
    clip_step: int | None = None

    def shape(self, which: int):
        return self.choices[self.pick[which]].shape

    def label(self, which: int) -> str:
        return self.choices[self.pick[which]].label

    def moved(self) -> None:
        """Any change of shape or place restarts the step-through at the whole run."""
        self.step = None

    def move_to(self, which: int, x: float, y: float) -> None:
        self.xfs[which] = replace_xy(self.xfs[which], x, y)
        self.selected = which
        self.moved()

    def rotate(self, turns: float) -> None:
        xf = self.xfs[self.selected]
        self.xfs[self.selected] = Transform(xf.x, xf.y, xf.angle + turns * ROTATE_STEP)
        self.moved()

    def cycle_shape(self, by: int) -> None:
        """Next (or previous) shape of the palette for the selected side, keeping its place."""
        k = (self.pick[self.selected] + by) % len(self.choices)
        self.pick[self.selected] = k
        xf = self.xfs[self.selected]
        self.xfs[self.selected] = Transform(xf.x, xf.y, self.choices[k].angle)
        self.moved()

    def cycle_source(self, source: str, by: int = 1) -> bool:
        """Next (or previous) choice from ``source`` (``actor``: a hitbox, ``prop``: a prop kind's part,
        ``wall``: a level's wall or tile part) for the selected side, keeping its place; False when there is none."""
        ks = [k for k, c in enumerate(self.choices) if c.source == source]
        if not ks:
            return False
        here = self.pick[self.selected]
        later = [k for k in ks if (k - here) * by > 0]
        k = min(later, key=lambda k: (k - here) * by) if later else (ks[0] if by > 0 else ks[-1])
        self.pick[self.selected] = k
        xf = self.xfs[self.selected]
        self.xfs[self.selected] = Transform(xf.x, xf.y, self.choices[k].angle)
        self.moved()
        return True

    def toggle_manifold(self) -> None:
        self.manifold = not self.manifold

    def change_margin(self, by: float) -> None:
        """Widen (or narrow) the margin by ``by`` steps, within 0 .. ``MAX_MARGIN``; shows the manifold."""
        self.margin = min(max(self.margin + by * MARGIN_STEP, 0.0), MAX_MARGIN)
        self.manifold = True

    def advance_clip(self, by: int = 1) -> None:
        """Next (or previous) clipping step; after the last, all of them at once (None); shows the manifold."""
        count = len(CLIP_STEPS)
        current = count + 1 if self.clip_step is None else self.clip_step
        k = (current - 1 + by) % (count + 1) + 1
        self.clip_step = None if k == count + 1 else k
        self.manifold = True

    def advance(self, by: int, count: int) -> None:
        """Step through a trace of ``count`` turns (0 = first support); wraps around, and None = whole run."""
        current = count if self.step is None else min(self.step, count)
        self.step = (current + by) % (count + 1)


def replace_xy(xf: Transform, x: float, y: float) -> Transform:
    """The same angle at a new place.

    >>> replace_xy(Transform(1.0, 2.0, 0.5), 3.0, 4.0)
    Transform(x=3.0, y=4.0, angle=0.5)
    """
    return xf._replace(x=float(x), y=float(y))
