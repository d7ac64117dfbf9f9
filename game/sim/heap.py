"""The heap a session starts with, kept out of the cyclic garbage collector's full collections.

Once a level is loaded, the process holds some 320,000 objects the collector
tracks (the loaded kernels, arcade, the level, the world); a full (generation 2)
collection walked them all in 390-620 ms (measured in ``benchmarks/game_step.py``'s
process), a frozen tick whenever the collector chose to run one during play. A tick
itself leaves few tracked objects (its state is numpy arrays, which the collector
does not track; a few events and tuples), so the collections play triggers come
from the views and are short once the heap they would walk is frozen.

``settle()`` collects the young generations (cheap: the long-lived garbage is
left, as a full collection would take as long as the pause this avoids) and, the
first time only, moves every object alive into the collector's permanent generation
(``gc.freeze``): full collections from then on walk only what was made since. Frozen
objects are still freed when their last reference goes; a cycle among them is never
collected, so only the first run's own cycles (its view and simulation, once) can
stay: later runs are not frozen, and their garbage is collected as before.
"""

from __future__ import annotations

import gc

__all__ = ["settle"]


def settle() -> None:
    """Freeze the heap as it stands the first time a level is loaded (call before its first tick;
    later calls only collect the young generations)."""
    gc.collect(1)
    if not gc.get_freeze_count():
        gc.freeze()
