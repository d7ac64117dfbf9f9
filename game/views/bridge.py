"""The one place the views read the simulation: state -> actors, HUD values, feedback.

Everything the window shows about the game passes through these free
functions, so a change in ``game.sim``'s state layout is absorbed here.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from game.render.hud import HudState
from game.render.sprites import Actor, prop_look
from game.sim import DT, ENEMY_KINDS, PICKUP_KINDS
from game.sim.props import opacity as props_opacity

#: Drawn sizes (px across) of what the sim holds; the sim's shapes are the truth.
PLAYER_SIZE = 30.0
ENEMY_SIZES = {"chaser": 22.0, "shooter": 26.0, "brute": 56.0}
BULLET_SIZE = 6.0
PICKUP_SIZE = 20.0


class Feedback(NamedTuple):
    """What one step's events ask of the screen and speakers."""

    sparks: list[tuple[float, float, float, float]]  # x, y, normal x, normal y
    puffs: list[tuple[float, float, float]]  # x, y, size
    muzzles: list[tuple[float, float]]
    sounds: list[str]  # event kinds, mapped to sounds by game.sound.audio
    kills: int
    #: Damage the player took this step (0 when unhurt).
    hurt: float = 0.0
    #: The player's shots fired and hits on enemies this step.
    shots: int = 0
    hits: int = 0
    #: Pickups collected this step, by kind name (``game.sim.PICKUP_KINDS``).
    pickups: tuple[str, ...] = ()


def player_xy(sim) -> tuple[float, float]:
    p = sim.player
    return float(p.x), float(p.y)


def score(sim) -> int:
    return int(sim.score)


def kill_player(sim) -> None:
    """End the run now (the game-over snapshot uses it)."""
    sim.player.health = 0.0
    sim.game_over = True


def ready_left(sim) -> float:
    """Seconds of the run's get-ready spell left (nothing spawns meanwhile)."""
    return float(sim.ready_left)


def survived(sim) -> float:
    """Seconds the run has lasted (simulation time)."""
    return sim.tick * DT


def pickup_amounts(sim) -> dict[str, float]:
    """What each pickup kind gives: ``{"health": 35.0, "ammo": 60}``."""
    return {"health": sim.rules.health_amount, "ammo": sim.rules.ammo_amount}


def player_dead(sim) -> bool:
    return bool(sim.game_over)


#: Prop events that raise dust or smoke, and how big (px) for the event's value: a blast as wide as
#: its radius, a broken crate, and dust where a contact's impulse landed (value: loudness 0..1).
PROP_PUFFS = {"explosion": lambda radius: 1.2 * radius, "prop_broke": lambda _: 40.0,
              "prop_impact": lambda loud: 10.0 + 22.0 * loud}  # fmt: skip


#: Prop event kinds a session counts, by the name its summary line gives them.
PROP_EVENTS = {"prop_hit": "hits", "prop_broke": "broken", "explosion": "blasts"}


def prop_report(sim, counts: dict[str, int]) -> dict[str, int]:
    """How many level props stand more than 4 px from where they started, and the prop events counted."""
    t = sim.props
    moved = int(np.count_nonzero(~t.debris & (np.hypot(t.x - t.x0, t.y - t.y0) > 4.0))) if len(t) else 0
    return {"moved": moved, **{name: counts.get(kind, 0) for kind, name in PROP_EVENTS.items()}}


def props_drawn(sim) -> list[Actor]:
    """The props and debris as ``Actor`` records: kind = the prop kind (its image is its texture,
    ``game.render.sprites.prop_texture``; a map's own body by its look, ``prop_look``), size = the longer side
    of its image (drawn 1:1)."""
    t, kinds = sim.props, sim.prop_kinds
    solid = props_opacity(t, sim.prop_rules).tolist()
    out = []
    for k in range(len(t)):
        kind = kinds[int(t.kind[k])]
        out.append(
            Actor(
                int(t.body[k]),
                prop_look(kind),
                t.x[k],
                t.y[k],
                t.angle[k],
                float(max(kind.width, kind.height)),
                opacity=solid[k],
            )
        )
    return out


def actors(sim) -> list[Actor]:
    """Everything on screen, keyed by engine body id (stable while the thing lives)."""
    p = sim.player
    out = props_drawn(sim)  # first: a new level's props are made before, so drawn under, the actors
    out.append(Actor(int(p.body), "player", p.x, p.y, p.hull, PLAYER_SIZE, min(1.0, p.hit * 5)))
    if p.turret >= 0:  # drawn where its body is: on the hull's centre, as its joint holds it
        tx, ty, _ = sim.world.transform(p.turret)
        out.append(Actor(int(p.turret), "turret", tx, ty, p.angle, PLAYER_SIZE, min(1.0, p.hit * 5)))
    e = sim.enemies
    for k in range(len(e)):
        kind = ENEMY_KINDS[int(e.kind[k])]
        out.append(
            Actor(int(e.body[k]), kind, e.x[k], e.y[k], e.angle[k], ENEMY_SIZES[kind], min(1.0, e.hit[k] * 6))
        )
    b = sim.bullets
    for k in range(len(b)):
        kind = "bullet" if b.owner[k] == 0 else "enemy_bullet"
        out.append(Actor(int(b.body[k]), kind, b.x[k], b.y[k], math.atan2(b.vy[k], b.vx[k]), BULLET_SIZE))
    pk = sim.pickups
    for k in range(len(pk)):
        if pk.respawn[k] <= 0.0:
            out.append(
                Actor(int(pk.body[k]), PICKUP_KINDS[int(pk.kind[k])], pk.x[k], pk.y[k], 0.0, PICKUP_SIZE)
            )
    return out


def hud_state(sim, level_name: str, best: int) -> HudState:
    p = sim.player
    return HudState(p.health, p.max_health, p.ammo, sim.score, sim.wave, level_name, best, len(sim.enemies))


def feedback(events) -> Feedback:
    fb = Feedback([], [], [], [], 0)
    kills = shots = hits = 0
    hurt = 0.0
    pickups = []
    for ev in events:
        kind = ev.kind
        fb.sounds.append(kind)
        if kind in ("wall_hit", "enemy_hit", "prop_hit"):
            fb.sparks.append((ev.x, ev.y, ev.nx, ev.ny))
            hits += kind == "enemy_hit"
        elif kind in PROP_PUFFS:
            fb.puffs.append((ev.x, ev.y, PROP_PUFFS[kind](ev.value)))
            if kind == "explosion":  # a blast throws sparks every way, not just smoke
                fb.sparks.extend([(ev.x, ev.y, 0.0, 0.0)] * 4)
        elif kind == "enemy_killed":
            fb.puffs.append((ev.x, ev.y, 36.0))
            kills += 1
        elif kind == "player_fired":
            fb.muzzles.append((ev.x, ev.y))
            shots += 1
        elif kind == "player_hurt":
            hurt += ev.value
        elif kind == "pickup":
            pickups.append(PICKUP_KINDS[int(ev.value)])
    return fb._replace(kills=kills, hurt=hurt, shots=shots, hits=hits, pickups=tuple(pickups))
