"""The simulation: plain data and small systems over the engine, no window.

>>> from game.tiled import load_level, level_path
>>> sim = Simulation(load_level(level_path("yard")), seed=1)
>>> events = sim.step(Inputs(1.0, 0.0, sim.player.x + 100, sim.player.y, True))
>>> [e.kind for e in events if e.kind == "player_fired"]
['player_fired']
"""

from .bot import Bot
from .rules import DT, ENEMIES, ENEMY_KINDS, PICKUP_KINDS, EnemyKind, Rules
from .simulation import AimPoint, Event, Inputs, Player, Shapes, Simulation, State, Table, actor_shapes

__all__ = [
    "DT",
    "ENEMIES",
    "ENEMY_KINDS",
    "PICKUP_KINDS",
    "PLAYER_SHAPE",
    "AimPoint",
    "Bot",
    "EnemyKind",
    "Event",
    "Inputs",
    "Player",
    "Rules",
    "Shapes",
    "Simulation",
    "State",
    "Table",
    "actor_shapes",
]


def __getattr__(name: str):
    # The shipped player's hitbox, read from assets/actors.tsj when first asked for (see rules.py).
    if name == "PLAYER_SHAPE":
        from .rules import PLAYER_SHAPE  # deferred: rules reads the file when it is first asked for

        return PLAYER_SHAPE
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
