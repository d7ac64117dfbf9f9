"""A bot that plays: it is how the headless demo and the tests drive the game.

Each tick it aims at the nearest enemy it can see and fires, leading it by the bullet's flight
time; it keeps to its target until another it can see is clearly nearer, so its turret (which
comes round at the motor's pace) does not swing between two. It backs away
from enemies that come close and strafes otherwise; when low on health or
ammo it walks to the nearest pickup of that kind down a flow field, and
with nothing to do it walks towards the nearest enemy the same way. Its
fields count props' cells dear as the enemies' do (``Simulation.prop_costs``).
"""

from __future__ import annotations

import math

import numpy as np

from . import navigation
from . import props as props_system
from .rules import AMMO, DT, HEALTH, PROP, WALL
from .simulation import Inputs, Simulation

#: px: moving less than this in a second while it wants to move, the bot steps aside.
STUCK_PX = 12.0
#: Radians: the bot holds fire while its turret swings from further off its target than this.
ON_TARGET = 0.8
#: The bot changes targets only for one it can see at most this share of the current one's distance.
SWITCH_SHARE = 0.7
#: px: how far along its turret the bot looks for an explosive prop before it fires.
BARREL_CARE = 240.0


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
        # The body the bot aims at, and where it was last tick (its velocity, for the lead).
        self._target: tuple[int, float, float] | None = None

    def inputs(self, sim: Simulation) -> Inputs:
        p, e = sim.player, sim.enemies
        target = self._visible_enemy(sim)
        aim = (
            self._lead(sim, target)
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
        fire = target is not None and off < ON_TARGET and not self._barrel_ahead(sim)
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

    def _barrel_ahead(self, sim: Simulation) -> bool:
        """Whether the first thing along the turret is an explosive prop near enough to hurt the
        player when it blows (a player holds fire there; the bot did not, and died of it)."""
        p = sim.player
        hit = sim.world.raycast((p.x, p.y), (math.cos(p.angle), math.sin(p.angle)), BARREL_CARE, WALL | PROP)
        if hit is None:
            return False
        row = int(props_system.rows_of(sim.props, [hit.body])[0])
        kind = sim.prop_kinds[int(sim.props.kind[row])] if row >= 0 else None
        return kind is not None and kind.explosive and hit.distance < kind.blast_radius + 40.0

    def _lead(self, sim: Simulation, k: int) -> tuple[float, float]:
        """Where to aim at enemy ``k``: where it will be when a bullet gets there, at the velocity it
        moved with since last tick (none when it is a new target)."""
        p, e = sim.player, sim.enemies
        x, y, body = float(e.x[k]), float(e.y[k]), int(e.body[k])
        last, self._target = self._target, (body, x, y)
        if last is None or last[0] != body:
            return (x, y)
        flight = math.hypot(x - p.x, y - p.y) / sim.rules.bullet_speed
        return (x + (x - last[1]) / DT * flight, y + (y - last[2]) / DT * flight)

    def _visible_enemy(self, sim: Simulation):
        """The nearest of the four nearest enemies the bot can see within 900 px, unless the one it
        aimed at last tick is still in sight and the nearest is not clearly nearer (``SWITCH_SHARE``)."""
        p, e = sim.player, sim.enemies
        if not len(e):
            return None
        dist = np.hypot(e.x - p.x, e.y - p.y)

        def seen(k) -> bool:
            d = float(dist[k])
            return d < 1e-9 or (
                d <= 900
                and sim.world.raycast((p.x, p.y), ((e.x[k] - p.x) / d, (e.y[k] - p.y) / d), d, WALL) is None
            )

        nearest = next((int(k) for k in np.argsort(dist, kind="stable")[:4] if seen(k)), None)
        held = np.flatnonzero(e.body == self._target[0]) if self._target is not None else ()
        keep = len(held) and int(held[0]) != nearest and seen(held[0])
        if keep and (nearest is None or dist[nearest] > SWITCH_SHARE * dist[held[0]]):
            return int(held[0])
        return nearest

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
