"""Long play sessions, headless and in-process, watched for memory growth.

Issue 24: each Escape press in a play session seemed to leak about 0.24 MB
(9,000 presses reached 2.5 GB). The presses were innocent: every headless
frame leaked about 0.27 MB, because nothing waited for the GL driver
(llvmpipe) to finish a frame, so each frame's draws stayed queued for good;
the sessions that pressed Escape once a frame showed it per press. A
scripted session and the demo now wait for each frame as a real buffer swap
does (``window.ctx.finish()``).

The session here presses Escape once a frame (pause, resume, pause, ...)
through the real window's event dispatch, and RSS (what the system counts,
GL driver memory included) may grow by less than 20 MB over 2,000 presses.
"""

from __future__ import annotations

import gc
import math
import os

import pytest

from game.headless.script import ScriptEvent
from game.headless.session import Session

PRESSES = 2000
MEGABYTES = 20.0


def rss_megabytes() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.slow  # (2,000 presses through the window: about 20 s)
def test_two_thousand_escape_presses_grow_rss_by_less_than_20_mb(window, tmp_path):
    from game.files import storage

    storage.use_store(tmp_path)  # the session's games are not the player's
    # Frames before measuring: the level, sprites and glyphs made once (120), then 250 presses: the
    # pause view's text and the allocator's first pools (measured: 13 MB over the first 250 presses,
    # 0.1 MB over the 2,500 after them). No wave comes, so only the presses change anything: waves
    # grew RSS by 20 MB more, and the player's death (the game over view, then the title) by 12.
    start, warm = 120, 120 + 2 * 250
    events = [
        ScriptEvent(0, start + k, kind, key="ESCAPE")
        for k in range(warm - start + PRESSES)
        for kind in ("key_down", "key_up")
    ]
    session = Session(events, level="yard", frames=warm + PRESSES + 2, seed=1, window=window)
    try:
        session.run(start)
        sim = window.current_view.sim
        sim._spawn_queue.clear()
        sim._breather = math.inf
        session.run(warm)
        gc.collect()
        before = rss_megabytes()
        session.run()
        gc.collect()
        grown = rss_megabytes() - before
    finally:
        session.close()
        storage.use_store(None)
    assert session.frame == warm + PRESSES + 2 and len(sim.enemies) == 0 and not sim.game_over
    assert grown < MEGABYTES, f"RSS grew {grown:.1f} MB over {PRESSES} Escape presses"
