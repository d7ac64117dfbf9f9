"""A game in play as bytes and back (issue 43): what a save file and a rewind hold.

``save_game(sim)`` returns the simulation's whole state: its counters, the player, the enemy,
bullet, pickup and prop tables, the spawn queue, the random generator, the enemies' flow field,
and its world (``World.snapshot``). ``load_game(data, level)`` makes a ``Simulation`` of
``level`` from them that plays on, tick for tick, to the same ``state_hash`` as the one saved.

The bytes are hostile input (a save file is anyone's): they go through the engine's snapshot
container (``engine.world.snapshot``: a magic header, a version, a CRC-32 per array, every size
checked before it is read) with this module's own arrays (``FIELDS``), then every table's
length, every body id against the world and the flow field against the level's grid are
checked. Anything else is one ``ValueError``, and no simulation is made. A save names its
level: loading it on another level is refused.
"""

from __future__ import annotations

import numpy as np

from engine import World
from engine.world import snapshot as snapshots

from . import props as props_system
from .rules import wave_plan
from .simulation import Simulation, _bullets, _enemies, _pickups

MAGIC = b"GAMESAV\x00"
#: 2: the turret (its body and joint in ``game.ints``, the hull's angle in ``game.reals``).
VERSION = 2
#: Most bytes a save file may hold (``game.files.safe_read.read_bytes``'s limit for it): a level
#: at the world's limits (65,536 bodies) saves in about 25 MB.
MAX_SAVE_BYTES = 64 * 2**20

_TYPES = {np.dtype(np.int64): "<i8", np.dtype(float): "<f8", np.dtype(bool): "?"}
_TABLES = {
    "enemies": _enemies().columns,
    "bullets": _bullets().columns,
    "pickups": _pickups().columns,
    "props": {name: np.zeros(0, dtype) for name, dtype in props_system.COLUMNS.items()},
}
#: ``game.ints``: tick, wave, score, kills, deaths, game over, ammo, get-ready ticks left, seed,
#: the player's body, the generator's spare 32 bits (whether held, and they), the turret's body
#: and its joint.
_INTS = 14
#: ``game.reals``: the player's x, y, angle, health, max health, hit, cooldown, kx, ky; the spawn
#: timer and the breather; the hull's angle.
_REALS = 12
FIELDS = (
    ("game.ints", "<i8", ()),
    ("game.reals", "<f8", ()),
    ("game.level", "u1", ()),
    ("game.rng", "<i8", ()),
    ("game.spawn_queue", "<i8", ()),
    ("game.field", "<i8", (-1,)),
    ("game.world", "u1", ()),
    *(
        (f"{table}.{name}", _TYPES[column.dtype], ())
        for table, columns in _TABLES.items()
        for name, column in columns.items()
    ),
)


def save_game(sim: Simulation) -> bytes:
    """``sim``'s whole state as bytes (see the module)."""
    rng = sim.rng.bit_generator.state
    if rng["bit_generator"] != "PCG64":
        raise ValueError(f"save_game: the simulation's generator is {rng['bit_generator']}, not PCG64")
    words = [(rng["state"][part] >> (32 * k)) & 0xFFFFFFFF for part in ("state", "inc") for k in range(4)]
    p = sim.player
    arrays = {
        "game.ints": np.array(
            [
                sim.tick,
                sim.wave,
                sim.score,
                sim.kills,
                sim.deaths,
                sim.game_over,
                p.ammo,
                sim._ready,
                sim.seed,
                p.body,
                rng["has_uint32"],
                rng["uinteger"],
                p.turret,
                p.turret_joint,
            ],
            np.int64,
        ),
        "game.reals": np.array(
            [
                p.x,
                p.y,
                p.angle,
                p.health,
                p.max_health,
                p.hit,
                p.cooldown,
                p.kx,
                p.ky,
                sim._spawn_timer,
                sim._breather,
                p.hull,
            ],
            np.float64,
        ),
        "game.level": np.frombuffer(sim.level.name.encode(), np.uint8),
        "game.rng": np.array(words, np.int64),
        "game.spawn_queue": np.array(sim._spawn_queue, np.int64),
        "game.field": sim._field.astype(np.int64),
        "game.world": np.frombuffer(sim.world.snapshot(), np.uint8),
    }
    tables = {"enemies": sim.enemies, "bullets": sim.bullets, "pickups": sim.pickups, "props": sim.props}
    for table, columns in _TABLES.items():
        for name in columns:
            arrays[f"{table}.{name}"] = tables[table].columns[name]
    return snapshots.encode(arrays, FIELDS, MAGIC, VERSION)


def load_game(data, level, **settings) -> Simulation:
    """A ``Simulation`` of ``level`` (and ``settings``: ``rules``, ``hitboxes``, as the saved one had)
    in the state ``data`` (from ``save_game``) holds; one ``ValueError`` for anything else."""
    arrays = _checked(data, level)
    sim = Simulation(level, int(arrays["game.ints"][8]), **settings)
    _put(sim, arrays, _world_of(arrays, sim))
    return sim


def restore_game(sim: Simulation, data) -> None:
    """Put ``sim`` back in the state ``data`` (from ``save_game`` of a game on its level) holds, in
    place: what a rewind does each tick (no level, grid or field built again). Everything is
    checked first: a bad save is one ``ValueError`` and ``sim`` is unchanged."""
    arrays = _checked(data, sim.level)
    _put(sim, arrays, _world_of(arrays, sim))


def _checked(data, level) -> dict[str, np.ndarray]:
    """The arrays of the save ``data``, its counters, generator and level checked."""
    arrays = snapshots.decode(data, FIELDS, MAGIC, VERSION, what="game save")
    ints, reals = arrays["game.ints"], arrays["game.reals"]
    if ints.shape != (_INTS,) or reals.shape != (_REALS,) or not np.isfinite(reals).all():
        raise ValueError("game save is inconsistent: its counters are not this version's")
    saved_level = arrays["game.level"].tobytes().decode("utf-8", "replace")
    if saved_level != level.name:
        raise ValueError(f"game save is of level {saved_level[:80]!r}, not {level.name!r}")
    seed, has_spare, spare, over = (int(ints[k]) for k in (8, 10, 11, 5))
    if not (0 <= seed < 2**32 and 0 <= has_spare <= 1 and 0 <= spare < 2**32 and 0 <= over <= 1):
        raise ValueError("game save is inconsistent: its seed or generator is out of range")
    words = arrays["game.rng"]
    if words.shape != (8,) or (words < 0).any() or (words > 0xFFFFFFFF).any():
        raise ValueError("game save is inconsistent: its generator's state is not 8 words")
    for table, columns in _TABLES.items():
        if len({len(arrays[f"{table}.{name}"]) for name in columns}) != 1:
            raise ValueError(f"game save's {table} columns differ in length")
    return arrays


def _world_of(arrays: dict[str, np.ndarray], sim: Simulation) -> World:
    """The save's world, checked against what the save's tables name and ``sim``'s level grid."""
    world = World.from_snapshot(arrays["game.world"].tobytes())
    body = int(arrays["game.ints"][9])
    if body not in world:
        raise ValueError(f"game save is inconsistent: the player's body {body} is not in its world")
    turret, joint = (int(v) for v in arrays["game.ints"][12:14])
    if turret not in world or joint not in world.joints(turret).tolist():
        raise ValueError("game save is inconsistent: the player's turret is not on its joint in its world")
    for table in _TABLES:
        if not all(int(b) in world for b in arrays[f"{table}.body"].tolist()):
            raise ValueError(f"game save's {table} name a body its world does not hold")
    field = arrays["game.field"]
    if field.shape != sim._field.shape or not np.array_equal(field.astype(sim._field.dtype), field):
        raise ValueError(
            f"game save's flow field ({field.shape}) does not fit the level's ({sim._field.shape})"
        )
    return world


def _put(sim: Simulation, arrays: dict[str, np.ndarray], world: World) -> None:
    """``sim`` given the checked ``arrays`` and their ``world``: nothing here can fail."""
    tick, wave, score, kills, deaths, over, ammo, ready, seed, body, has_spare, spare, turret, joint = arrays[
        "game.ints"
    ].tolist()
    words = arrays["game.rng"].tolist()
    state, inc = (sum(int(w) << (32 * k) for k, w in enumerate(words[at : at + 4])) for at in (0, 4))
    sim.world = world
    held = set(world.joints().tolist())  # (a joint torn off before the save stays off, and back on rewind)
    sim.joints = {joint: made for joint, made in sim.level_joints.items() if joint in held}
    for table, columns in _TABLES.items():
        getattr(sim, table).columns = {name: arrays[f"{table}.{name}"] for name in columns}
    sim.seed = seed
    sim.tick, sim.wave, sim.score, sim.kills, sim.deaths, sim.game_over = (
        tick,
        wave,
        score,
        kills,
        deaths,
        bool(over),
    )
    sim._ready, sim._spawn_queue = ready, arrays["game.spawn_queue"].tolist()
    p = sim.player
    p.body, p.ammo, p.turret, p.turret_joint = body, ammo, turret, joint
    p.x, p.y, p.angle, p.health, p.max_health, p.hit, p.cooldown, p.kx, p.ky, timer, breather, p.hull = (
        arrays["game.reals"].tolist()
    )
    sim._spawn_timer, sim._breather = timer, breather
    sim._field = arrays["game.field"].astype(sim._field.dtype)
    sim._plan = wave_plan(sim.rules, max(wave, 1))
    sim._contacts, sim._contacts_tick = None, -1
    sim._events = []
    sim.rng.bit_generator.state = {
        "bit_generator": "PCG64", "state": {"state": state, "inc": inc}, "has_uint32": has_spare,
        "uinteger": spare,
    }  # fmt: skip


__all__ = ["FIELDS", "MAGIC", "MAX_SAVE_BYTES", "VERSION", "load_game", "restore_game", "save_game"]
