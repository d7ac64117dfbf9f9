"""The numbers of the game, in one frozen record, and the collision layers.

Units: pixels, seconds, radians. Every speed is per second; the simulation
multiplies by ``DT`` itself. The actors' hitboxes are not numbers here: they
are drawn in ``assets/actors.tsj`` and read by ``game.tiled.actors``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.tiled.actors import actor_shape

#: One fixed simulation step (arcade's ``on_fixed_update`` rate).
DT = 1.0 / 60.0

# Collision layers (bits). Bullets have mask 0, so they never appear in
# ``pairs()``; they find what they hit by casting.
WALL, PLAYER, ENEMY, PLAYER_BULLET, ENEMY_BULLET, PICKUP = 1, 2, 4, 8, 16, 32
# Props (``game.sim.props``): solid to actors, bullets and sight; debris only to walls and props.
PROP, DEBRIS = 64, 128

CHASER, SHOOTER, BRUTE = 0, 1, 2
ENEMY_KINDS = ("chaser", "shooter", "brute")
HEALTH, AMMO = 0, 1
PICKUP_KINDS = ("health", "ammo")


@dataclass(frozen=True)
class EnemyKind:
    """How one kind of enemy behaves; its hitbox is the actor ``name``'s in ``assets/actors.tsj``."""

    name: str
    speed: float
    health: float
    points: int
    #: Damage a second while touching the player.
    touch_damage: float
    #: Largest turn a second (the brute turns its hull slowly).
    turn_rate: float

    @property
    def shape(self):
        """The shipped hitbox of this kind (``game.tiled.actors``); a simulation uses its own ``hitboxes``."""
        return actor_shape(self.name)


#: The enemy kinds in ``CHASER, SHOOTER, BRUTE`` order: name, speed px/s, health, points,
#: touch damage per second, turn rate rad/s. ``Rules.enemies`` holds them.
ENEMIES = (
    EnemyKind("chaser", 150.0, 40.0, 100, 30.0, 12.0),
    EnemyKind("shooter", 110.0, 60.0, 150, 10.0, 8.0),
    EnemyKind("brute", 60.0, 400.0, 400, 45.0, 1.5),
)


@dataclass(frozen=True)
class Rules:
    """Tunable rules; the defaults are the game as shipped.

    >>> Rules().player_speed
    220.0
    """

    #: How fast the player walks, px/s (a diagonal is no faster).
    player_speed: float = 220.0
    #: The player's health at the start, and the most it can heal to.
    player_health: float = 100.0
    #: Bullets the player starts with ...
    player_ammo: int = 120
    #: ... and the most it can carry.
    max_ammo: int = 240
    #: Seconds between two of the player's shots while the trigger is held.
    fire_interval: float = 0.11
    #: The player's bullets: speed px/s, seconds they fly, damage to an enemy.
    bullet_speed: float = 900.0
    bullet_life: float = 1.6
    bullet_damage: float = 34.0
    #: Shooters' bullets: speed px/s and damage to the player.
    enemy_bullet_speed: float = 420.0
    enemy_bullet_damage: float = 8.0
    #: Seconds between a shooter's shots (see ``shooter_jitter``).
    shooter_interval: float = 1.4
    #: Shooters fire only at a player nearer than this, px.
    shooter_range: float = 520.0
    #: The distance shooters like to keep from the player, px ...
    shooter_keep: float = 260.0
    #: ... nearer than ``shooter_keep`` times this they back away ...
    shooter_too_close: float = 0.8
    #: ... up to ``shooter_keep`` times this they circle the player (farther, they close in) ...
    shooter_orbit_band: float = 1.2
    #: ... at this share of their speed.
    shooter_orbit_speed: float = 0.6
    #: Where the player's bullets start, px ahead of its centre: far enough forward that the
    #: bullet still lies inside the player's hitbox (so never in a wall); keep it inside when
    #: the hitbox in ``assets/actors.tsj`` changes.
    muzzle: float = 12.0
    #: The turret (``game.sim.turret``): a body on a revolute motor at the hull's centre. Its motor
    #: turns it toward the aim at ``turret_gain`` rad/s a radian off, at most ``turret_speed`` rad/s,
    #: with a torque that gives it ``turret_acceleration`` rad/s²: about 0.2 s to turn half a turn.
    turret_speed: float = 14.0
    turret_gain: float = 30.0
    turret_acceleration: float = 400.0
    #: Spin (rad/s) a knock of 1 px/s across the barrel's tip gives the turret, and the most a knock gives.
    turret_knock: float = 0.04
    max_turret_knock: float = 20.0
    #: How fast the hull turns toward the way it drives, rad/s (it may drive backwards: never more
    #: than a quarter turn from where it faces).
    hull_turn_speed: float = 9.0
    #: What a pickup gives: health, bullets.
    health_amount: float = 35.0
    ammo_amount: int = 60
    #: Seconds until a level's pickup (a marker) comes back; drops never do.
    pickup_respawn: float = 20.0
    #: Chance that a killed enemy drops a pickup (health or ammo, even odds).
    drop_chance: float = 0.2
    #: How long a hit enemy flashes, seconds.
    enemy_hit_flash: float = 0.15
    #: How long the hurt player flashes, seconds (touch damage re-flashes only after it).
    player_hit_flash: float = 0.2
    #: Radius of a pickup's sensor circle, px.
    pickup_radius: float = 10.0
    #: How deep an enemy may press into the player, px: deeper, it is moved back out to this
    #: (enough to keep touching, so its touch still hurts; never stacked on the player's sprite).
    press_overlap: float = 1.0
    #: Largest push a tick that separates two overlapping enemies, px on each axis.
    max_separation_push: float = 4.0
    #: Clearance the flow field keeps from walls, px (about the largest enemy's half-width).
    nav_clearance: float = 14.0
    #: The enemy kinds' speeds, health, points, touch damage and turn rates (``ENEMIES``).
    enemies: tuple[EnemyKind, ...] = ENEMIES
    # --- waves (see ``wave_plan``) ---
    #: Enemies in wave 1; each later wave brings ``wave_growth`` more.
    first_wave: int = 10
    #: (enemies each wave adds)
    wave_growth: int = 3
    #: The first wave with shooters in it (waves before are chasers only).
    shooters_from: int = 2
    #: The first wave with brutes in it.
    brutes_from: int = 3
    #: Share of a wave that is shooters (at least one from ``shooters_from`` on).
    shooter_share: float = 0.35
    #: Share of a wave that is brutes (at least one from ``brutes_from`` on).
    brute_share: float = 0.12
    #: Enemy speeds are the kind's speed times ``1 + speed_growth * (wave - 1)``, at most ``max_speed_scale``.
    speed_growth: float = 0.06
    #: (the cap of that scale)
    max_speed_scale: float = 1.5
    #: Wave 1's enemies walk at this share of their speed (the first wave teaches).
    first_wave_speed_scale: float = 0.75
    #: Shooters' aim error in their first wave (standard deviation, radians) ...
    aim_spread: float = 0.16
    #: ... shrinking by this much each later wave ...
    aim_tightening: float = 0.02
    #: ... down to this.
    min_aim_spread: float = 0.03
    #: Shooters wait ``shooter_interval`` times a random 1 ± this between shots.
    shooter_jitter: float = 0.2
    #: Seconds a new enemy waits before its first shot.
    first_shot_delay: float = 1.0
    #: Seconds of "get ready" at the start of a run: the player can move, aim and fire, nothing spawns.
    get_ready: float = 3.0
    #: Seconds between two spawns in wave 1, which teaches: its chasers come one at a time.
    first_wave_spawn_interval: float = 1.6
    #: Seconds between two spawns in wave 2; each later wave takes ``spawn_quickening`` off, down to ``min_spawn_interval``.
    spawn_interval: float = 0.4
    #: (seconds taken off the spawn interval each wave)
    spawn_quickening: float = 0.03
    #: (the shortest spawn interval)
    min_spawn_interval: float = 0.2
    #: Seconds of quiet between the last enemy of a wave dying and the next wave.
    wave_breather: float = 4.0
    #: Spawn markers nearer the player than this are skipped while a farther one exists.
    spawn_clearance: float = 300.0
    #: Most enemies alive at once; the spawn queue waits while there are this many.
    max_enemies: int = 200
    #: Cell of the enemies' flow field, px.
    nav_cell: float = 32.0
    #: The flow field is recomputed toward the player once in this many ticks (with the props where they are then).
    nav_refresh_ticks: int = 12
    #: Extra steps of the flow field for entering a cell a prop stands in: enemies go round a wall
    #: of crates when that is shorter, and push through when it is not (0: props are ignored).
    nav_prop_steps: int = 6
    #: Blocked shooters ask for line of sight once in this many ticks.
    sight_refresh_ticks: int = 8
    #: Enemies farther than this follow the flow field without looking for a straight path.
    sight_range: float = 900.0


#: Where the player's bullets start, px ahead of its centre (``Rules.muzzle``, as shipped).
MUZZLE = Rules().muzzle


def __getattr__(name: str):
    # PLAYER_SHAPE is read from assets/actors.tsj when first asked for, not at import:
    # a broken actors file is then one LevelError line where it is used, never an import error.
    if name == "PLAYER_SHAPE":
        return actor_shape("player")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class WavePlan(NamedTuple):
    """What one wave brings: how many of each kind, how fast they walk, how well shooters aim.

    >>> wave_plan(Rules(), 1).shooters, wave_plan(Rules(), 1).brutes
    (0, 0)
    """

    wave: int
    chasers: int
    shooters: int
    brutes: int
    #: Multiplies every enemy kind's speed.
    speed_scale: float
    #: Shooters' aim error (standard deviation, radians).
    aim_spread: float
    #: Seconds between two spawns.
    spawn_interval: float

    @property
    def count(self) -> int:
        return self.chasers + self.shooters + self.brutes


def _share(count: int, share: float, wave: int, first: int) -> int:
    if count <= 0 or wave < first:
        return 0
    return max(1, round(share * count))


def wave_plan(rules: Rules, wave: int) -> WavePlan:
    """The plan of wave ``wave`` (1 is the first) under ``rules``.

    Wave 1 is chasers only, one every ``first_wave_spawn_interval``; shooters join at ``shooters_from``, brutes at
    ``brutes_from``; every wave is larger, its enemies faster and its
    shooters more accurate than the last (up to the caps), and spawns come
    closer together.
    """
    n = max(1, int(wave))
    count = max(0, rules.first_wave + rules.wave_growth * (n - 1))
    brutes = _share(count, rules.brute_share, n, rules.brutes_from)
    shooters = min(count - brutes, _share(count, rules.shooter_share, n, rules.shooters_from))
    speed = min(rules.max_speed_scale, 1.0 + rules.speed_growth * (n - 1))
    since = max(0, n - rules.shooters_from)
    spread = max(rules.min_aim_spread, rules.aim_spread - rules.aim_tightening * since)
    floor = min(rules.min_spawn_interval, rules.spawn_interval)
    interval = max(floor, rules.spawn_interval - rules.spawn_quickening * (n - 2))
    if n == 1:
        interval, speed = rules.first_wave_spawn_interval, rules.first_wave_speed_scale
    return WavePlan(n, count - brutes - shooters, shooters, brutes, speed, spread, interval)
