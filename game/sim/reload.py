"""F5's carry-over: the run goes on on a level read again, with the player where they stand.

The play view calls it when F5 reloads the level file, and a replay calls it
at a recording's ``reload`` line, so both reach the same state.
"""

from __future__ import annotations

from game.level import Level

from .simulation import Simulation

__all__ = ["reload"]


def reload(sim: Simulation, level: Level, seed: int) -> Simulation:
    """A simulation on the new level with the player carried over where they stand.

    Health, ammo, score, kills and wave carry over; enemies and bullets start
    afresh from the new level's spawns (the old ones may stand inside new walls).
    """
    new = Simulation(level, seed)
    p, q = sim.player, new.player
    q.x, q.y, q.angle, q.hull, q.health, q.ammo = p.x, p.y, p.angle, p.hull, p.health, p.ammo
    new.world.set_transform(q.body, (q.x, q.y, q.hull))
    new.world.set_transform(q.turret, (q.x, q.y, q.angle))
    new.score, new.kills, new.wave = sim.score, sim.kills, sim.wave
    return new
