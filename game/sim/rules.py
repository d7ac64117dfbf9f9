"""The numbers of the game, in one frozen record, and the collision layers.

Units: pixels, seconds, radians. Every speed is per second; the simulation
multiplies by ``DT`` itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.collision import Circle, Polygon

#: One fixed simulation step (arcade's ``on_fixed_update`` rate).
DT = 1.0 / 60.0

# Collision layers (bits). Bullets have mask 0, so they never appear in
# ``pairs()``; they find what they hit by casting.
WALL, PLAYER, ENEMY, PLAYER_BULLET, ENEMY_BULLET, PICKUP = 1, 2, 4, 8, 16, 32

CHASER, SHOOTER, BRUTE = 0, 1, 2
ENEMY_KINDS = ("chaser", "shooter", "brute")
HEALTH, AMMO = 0, 1
PICKUP_KINDS = ("health", "ammo")


@dataclass(frozen=True)
class EnemyKind:
    """How one kind of enemy looks to the engine and behaves."""

    name: str
    shape: object
    speed: float
    health: float
    points: int
    #: Damage a second while touching the player.
    touch_damage: float
    #: Largest turn a second (the brute turns its hull slowly).
    turn_rate: float


@dataclass(frozen=True)
class Rules:
    """Tunable rules; the defaults are the game as shipped.

    >>> Rules().player_speed
    220.0
    """

    player_speed: float = 220.0
    player_health: float = 100.0
    player_ammo: int = 120
    max_ammo: int = 240
    fire_interval: float = 0.11
    bullet_speed: float = 900.0
    bullet_radius: float = 3.0
    bullet_life: float = 1.6
    bullet_damage: float = 34.0
    enemy_bullet_speed: float = 420.0
    enemy_bullet_damage: float = 8.0
    shooter_interval: float = 1.4
    shooter_range: float = 520.0
    shooter_keep: float = 260.0
    health_amount: float = 35.0
    ammo_amount: int = 60
    pickup_respawn: float = 20.0
    drop_chance: float = 0.2
    first_wave: int = 4
    wave_growth: int = 3
    spawn_interval: float = 0.5
    #: Spawn markers nearer the player than this are skipped while a farther one exists.
    spawn_clearance: float = 300.0
    max_enemies: int = 200
    nav_cell: float = 32.0
    nav_refresh_ticks: int = 12
    #: Blocked shooters ask for line of sight once in this many ticks.
    sight_refresh_ticks: int = 8
    #: Enemies farther than this follow the flow field without looking for a straight path.
    sight_range: float = 900.0


PLAYER_SHAPE = Polygon([(16, 0), (4, 11), (-11, 9), (-11, -9), (4, -11)], radius=2.0)
#: Where the player's bullets start, px ahead of its centre: far enough forward
#: that the bullet (radius 3) still lies inside the hull, so never in a wall.
MUZZLE = 12.0

ENEMIES = (
    EnemyKind("chaser", Circle(11.0), 150.0, 40.0, 100, 30.0, 12.0),
    EnemyKind(
        "shooter",
        Polygon([(13, 0), (6.5, 11.3), (-6.5, 11.3), (-13, 0), (-6.5, -11.3), (6.5, -11.3)]),
        110.0, 60.0, 150, 10.0, 8.0,
    ),
    EnemyKind("brute", Polygon.box(26.0, 16.0, radius=4.0), 60.0, 400.0, 400, 45.0, 1.5),
)
