"""A bot that plays: it is how the headless demo and the tests drive the game.

Each tick it aims at the nearest enemy it can see and fires (its turret comes
round at the motor's pace, so the first shots at a new target may miss); it backs away
from enemies that come close and strafes otherwise; when low on health or
ammo it walks to the nearest pickup of that kind down a flow field, and
with nothing to do it walks towards the nearest enemy the same way. Its
fields count props' cells dear as the enemies' do (``Simulation.prop_costs``).
"""

from __future__ import annotations

import math

import numpy as np

from . import navigation
from .rules import AMMO, HEALTH, WALL
from .simulation import Inputs, Simulation

#: px: moving less than this in a second while it wants to move, the bot steps aside.
STUCK_PX = 12.0
#: Radians: the bot holds fire while its turret swings from further off its target than this.
ON_TARGET = 0.8


class Bot:
    """``Bot(seed).inputs(sim)`` gives the next tick's ``Inputs``."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self._field = None
        self._goal: tuple[float, float] | None = None
        self._strafe = 1.0
        # Where the player stood a second ago and, when it wanted to move but did not, a way out.
        self._mark: tuple[int, float, float] | None = None
        self._unstick: tuple[int, float, float] | None = None

    def inputs(self, sim: Simulation) -> Inputs:
        p, e = sim.player, sim.enemies
        target = self._visible_enemy(sim)
        aim = (
            (e.x[target], e.y[target])
            if target is not None
            else (p.x + math.cos(p.angle), p.y + math.sin(p.angle))
        )
        if sim.tick % 90 == 0:
            self._strafe = float(self.rng.choice([-1.0, 1.0]))
        move = self._errand(sim)
        if move is None and target is not None:
            dx, dy = e.x[target] - p.x, e.y[target] - p.y
            d = math.hypot(dx, dy) or 1.0
            back = 1.0 if d < 180 else (-0.6 if d > 420 else 0.0)
            move = (
                -dx / d * back - dy / d * self._strafe * 0.7,
                -dy / d * back + dx / d * self._strafe * 0.7,
            )
        if move is None and len(e):
            k = int(np.argmin(np.hypot(e.x - p.x, e.y - p.y)))
            move = self._towards(sim, e.x[k], e.y[k])
        mx, my = self._unstuck(sim, move or (0.0, 0.0))
        off = abs(math.remainder(math.atan2(aim[1] - p.y, aim[0] - p.x) - p.angle, 2.0 * math.pi))
        fire = target is not None and off < ON_TARGET
        return Inputs(move_x=mx, move_y=my, aim_at_x=float(aim[0]), aim_at_y=float(aim[1]), fire=fire)

    def _unstuck(self, sim: Simulation, move):
        """``move``, unless the player has wanted to move for a second and gone under ``STUCK_PX``
        (a heavy crate against a wall in a corridor): then half a second sideways, either way."""
        p = sim.player
        if self._unstick is not None and sim.tick < self._unstick[0]:
            return self._unstick[1:]
        self._unstick = None
        if not (move[0] or move[1]):
            self._mark = None
            return move
        if self._mark is None or sim.tick - self._mark[0] >= 60:
            if self._mark is not None and math.hypot(p.x - self._mark[1], p.y - self._mark[2]) < STUCK_PX:
                side = float(self.rng.choice([-1.0, 1.0]))
                self._unstick = (sim.tick + 30, -move[1] * side, move[0] * side)
                self._mark = (sim.tick, p.x, p.y)
                return self._unstick[1:]
            self._mark = (sim.tick, p.x, p.y)
        return move

    def _visible_enemy(self, sim: Simulation):
        p, e = sim.player, sim.enemies
        if not len(e):
            return None
        dist = np.hypot(e.x - p.x, e.y - p.y)
        for k in np.argsort(dist, kind="stable")[:4]:
            d = float(dist[k])
            if d > 900:
                break
            if (
                d < 1e-9
                or sim.world.raycast((p.x, p.y), ((e.x[k] - p.x) / d, (e.y[k] - p.y) / d), d, WALL) is None
            ):
                return int(k)
        return None

    def _errand(self, sim: Simulation):
        """Head for a pickup when it needs one."""
        p, pk = sim.player, sim.pickups
        need = HEALTH if p.health < 0.5 * p.max_health else (AMMO if p.ammo < 30 else None)
        if need is None or not len(pk):
            return None
        ready = np.flatnonzero((pk.kind == need) & (pk.respawn <= 0.0))
        if not len(ready):
            return None
        k = ready[int(np.argmin(np.hypot(pk.x[ready] - p.x, pk.y[ready] - p.y)))]
        return self._towards(sim, pk.x[k], pk.y[k])

    def _towards(self, sim: Simulation, x: float, y: float):
        goal = (round(float(x) / 64), round(float(y) / 64))
        if self._field is None or goal != self._goal or sim.tick % 30 == 0:
            # Props make cells dear, as for the enemies: round a row of crates when that is shorter,
            # through (pushing) when it is not; never walking into them as if they were not there.
            self._field = navigation.flow_field(sim.nav, float(x), float(y), sim.prop_costs())
            self._goal = goal
        p = sim.player
        d = navigation.directions(sim.nav, self._field, np.array([p.x]), np.array([p.y]))[0]
        if not d.any():
            dx, dy = x - p.x, y - p.y
            n = math.hypot(dx, dy) or 1.0
            return (dx / n, dy / n)
        return (float(d[0]), float(d[1]))
