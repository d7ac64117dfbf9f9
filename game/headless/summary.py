"""The one line a headless run ends with: what ``--demo`` and ``--play-script`` print.

Both runs report the same totals, so they share one record; a scripted
session adds the view it ended on and the player's pose.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

__all__ = ["RunSummary"]


class RunSummary(NamedTuple):
    """What a headless run came to; ``str()`` is the one line it prints.

    ``player`` is the last run's player: world x, y and heading in degrees
    counter-clockwise from +x; None (printed ``-``) when no level was played.
    ``view`` and ``player`` are printed for scripted sessions only.
    ``state_hash`` is ``Simulation.state_hash()`` of the last run at the end
    (same level, seed and frames: same hash).

    >>> print(RunSummary("demo", "yard", 600, 3, 0, 300, 1.25, 2.5, state_hash="ab12"))
    demo level=yard frames=600 kills=3 deaths=0 score=300 sim_ms_p50=1.250 sim_ms_p99=2.500 state_hash=ab12
    >>> print(RunSummary("script", "-", 61, 0, 0, 0, 0.0, 0.0, view="title"))
    script level=- frames=61 kills=0 deaths=0 score=0 sim_ms_p50=0.000 sim_ms_p99=0.000 view=title player=- state_hash=-
    """

    mode: Literal["demo", "script"]
    level: str
    frames: int
    kills: int
    deaths: int
    score: int
    sim_ms_p50: float
    sim_ms_p99: float
    view: str | None = None
    player: tuple[float, float, float] | None = None
    state_hash: str | None = None
    screenshot: str | None = None
    #: Scripted sessions: what the props did (``props_moved``, ``prop_hits``, ``props_broken``,
    #: ``explosions``: ``game.views.bridge.prop_report``), printed ``props=moved:N,hits:N,...``.
    props: dict[str, int] | None = None

    def __str__(self) -> str:
        where = (
            ""
            if self.mode != "script"
            else (
                f"view={self.view} player="
                + ("-" if self.player is None else "{:.1f},{:.1f},{:.1f}".format(*self.player))
                + " "
            )
        )
        shot = f" screenshot={self.screenshot}" if self.screenshot else ""
        return (
            f"{self.mode} level={self.level} frames={self.frames} kills={self.kills} deaths={self.deaths} "
            f"score={self.score} sim_ms_p50={self.sim_ms_p50:.3f} sim_ms_p99={self.sim_ms_p99:.3f} "
            f"{where}{_props(self.props)}state_hash={self.state_hash or '-'}{shot}"
        )


def _props(report: dict[str, int] | None) -> str:
    """``props=moved:1,hits:2,broken:0,blasts:1 `` or nothing."""
    if report is None:
        return ""
    return "props=" + ",".join(f"{name}:{count}" for name, count in report.items()) + " "
