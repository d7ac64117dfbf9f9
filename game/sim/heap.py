"""The heap a run starts with, kept out of the cyclic garbage collector's full collections.

Once a level is loaded, the process holds some 320,000 objects the collector
tracks (the loaded kernels, arcade, the level, the world); a full (generation 2)
collection walked them all in 390-620 ms (measured in ``benchmarks/game_step.py``'s
scene), a frozen tick whenever the collector chose to run one during play. A tick
itself leaves few tracked objects (its state is numpy arrays, which the collector
does not track; a few events and tuples), so the collections play triggers come
from the views and are short once the heap they would walk is frozen.

``settle()`` collects the young generations (cheap: the long-lived garbage is
left, as a full collection would take as long as the pause this avoids) and
moves every object alive into the collector's permanent generation
(``gc.freeze``): full collections from then on walk only what was made since.
Objects frozen are still freed when their last reference goes; only a cycle
among them is never collected, a few kilobytes a level at most.
"""

from __future__ import annotations

import gc

__all__ = ["settle"]


def settle() -> None:
    """Freeze the heap as it stands (call once a level is loaded, before its first tick)."""
    gc.collect(1)
    gc.freeze()
