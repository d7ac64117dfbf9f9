"""The one place the views read the simulation: state -> actors, HUD values, feedback; intent -> Inputs.

Everything the window shows about the game passes through these free
functions, so a change in ``game.sim``'s state layout is absorbed here.
"""

from __future__ import annotations

from typing import NamedTuple

from game.render.hud import HudState
from game.render.sprites import Actor

from .controls import Intent

PLAYER_SIZE = 28.0
ENEMY_SIZE = 24.0
BULLET_SIZE = 6.0


class Feedback(NamedTuple):
    """What one step's events ask of the screen and speakers."""

    sparks: list[tuple[float, float, float, float]]  # x, y, normal x, normal y
    puffs: list[tuple[float, float, float]]  # x, y, size
    muzzles: list[tuple[float, float]]
    sounds: list[str]  # event kinds, mapped to sounds by game.audio
    kills: int


def to_inputs(intent: Intent):
    from game.sim import Inputs

    return Inputs(intent.move_x, intent.move_y, intent.aim_x, intent.aim_y, intent.fire)


def player_xy(sim) -> tuple[float, float]:
    p = sim.player
    return float(p.x), float(p.y)


def score(sim) -> int:
    return int(sim.score)


def kill_player(sim) -> None:
    """End the run now (snapshots and tests reach the game-over screen this way)."""
    sim.player.health = 0


def player_dead(sim) -> bool:
    return sim.player.health <= 0


def actors(sim) -> list[Actor]:
    p = sim.player
    out = [Actor(0, "player", p.x, p.y, p.angle, PLAYER_SIZE, min(1.0, p.hit * 5))]
    out += [Actor(k, "chaser", e.x, e.y, e.angle, ENEMY_SIZE, min(1.0, e.hit * 6)) for k, e in sim.enemies.items()]
    for k, v in sim.bullets.items():
        xf = sim.world.transform(k)
        import math

        out.append(Actor(k, "bullet", xf.x, xf.y, math.atan2(v[1], v[0]), BULLET_SIZE))
    return out


def hud_state(sim, level_name: str, best: int) -> HudState:
    p = sim.player
    return HudState(p.health, p.max_health, p.ammo, sim.score, sim.wave, level_name, best, len(sim.enemies))


def feedback(events) -> Feedback:
    fb = Feedback([], [], [], [], 0)
    kills = 0
    for ev in events:
        kind = ev.kind
        fb.sounds.append(kind)
        if kind in ("wall_hit", "enemy_hit"):
            fb.sparks.append((ev.x, ev.y, getattr(ev, "nx", 0.0), getattr(ev, "ny", 0.0)))
        elif kind == "enemy_killed":
            fb.puffs.append((ev.x, ev.y, 36.0))
            kills += 1
        elif kind == "player_fired":
            fb.muzzles.append((ev.x, ev.y))
    return fb._replace(kills=kills)


def reload(sim, level, seed: int):
    """A simulation on the new level with the player carried over where they stand."""
    from game.sim import Simulation

    new = Simulation(level, seed)
    p = sim.player
    new.player.health, new.player.ammo = p.health, p.ammo
    new.world.set_transform(new.pbody, (p.x, p.y, 0.0))
    new.player.x, new.player.y = p.x, p.y
    new.score, new.wave = sim.score, sim.wave
    return new
