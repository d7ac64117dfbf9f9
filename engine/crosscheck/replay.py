"""Re-run stored cases: we must agree with exact geometry, and the label must still hold.

The label's claim about pymunk is a fact about pymunk (it failed for
``ours`` and ``exact`` cases, passed for ``pymunk`` cases); our own side must
pass now whatever the label says, since a case labelled ``pymunk`` or
``exact`` records a fault of ours that has since been fixed.
"""

from __future__ import annotations

from typing import NamedTuple

from .cases import Case
from .judge import Verdict
from .modes import MODES


class Replayed(NamedTuple):
    """A stored case judged again."""

    case: Case
    verdict: Verdict

    @property
    def ours_right(self) -> bool:
        return not self.verdict.ours

    @property
    def label_holds(self) -> bool:
        pymunk_failed = self.case.right in ("ours", "exact")
        return bool(self.verdict.pymunk) == pymunk_failed

    def describe(self) -> str:
        c, v = self.case, self.verdict
        label = f"{c.pair.pairing} ({c.style or 'unknown style'}), right: {c.right}"
        if not self.ours_right:
            return f"{label}: FAULT OF OURS, our {v.ours} disagrees with exact geometry"
        if not self.label_holds:
            now = f"pymunk now fails its {v.pymunk}" if v.pymunk else "pymunk now agrees with exact geometry"
            return f"{label}: label no longer holds, {now}"
        pm = f"pymunk's {v.pymunk} is wrong" if v.pymunk else "pymunk is right"
        return f"{label}: holds (we agree with exact geometry, {pm})"


def replay(cases: list[Case]) -> list[Replayed]:
    """Judge every case again, in one batch per mode, in the order given."""
    verdicts: dict[int, Verdict] = {}
    for mode, (_, judge) in MODES.items():
        mine = [i for i, c in enumerate(cases) if c.mode == mode]
        for i, judged in zip(mine, judge([cases[i].pair for i in mine]), strict=True):
            verdicts[i] = judged.verdict
    return [Replayed(c, verdicts[i]) for i, c in enumerate(cases)]
