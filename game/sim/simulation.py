"""The game's simulation: one fixed step from inputs to a new state and a list of events.

State is plain data: a ``Player`` record and three struct-of-array
``Table``s (``enemies``, ``bullets``, ``pickups``; their columns are listed
in ``_enemies``, ``_bullets`` and ``_pickups``) whose rows mirror engine bodies.
Each step runs small systems in a fixed order, so the same seed and the same
inputs always give the same state:

1. the player's hull turns toward the way it drives (refused if the turn would
   touch a wall) and moves by ``move_and_slide``; its turret's motor turns it
   toward the aim point (``turret``); it fires along the turret while the
   trigger is held;
2. enemies pick headings (straight at the player when they see it, else down
   the flow field), push apart, and move in one ``move_and_slide_bodies``;
   those that walked into the player are moved back out by the contacts'
   depth (they press against it, never overlap it); shooters fire when
   they see the player;
3. every live bullet is swept by ``cast_bodies`` (no tunnelling): hits
   damage, walls stop them;
4. overlaps from ``pairs()``: enemies touching the player hurt it, the
   player picks up pickups;
5. the dead are removed, drops and waves spawn.

Randomness comes from one ``numpy.random.Generator`` seeded once.

Hitboxes come from ``game.tiled.actors`` (``assets/actors.tsj``), the convex parts
of each actor (``Shapes``); the numbers from ``Rules``. An actor whose hitbox has
several parts is one body of several shapes (``add_actor``): the engine moves,
slides and casts it as the parts drawn, never as their hull, which would
collide where the designer drew nothing.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

import numpy as np

from engine import World
from engine.collision import Circle
from game.tiled.actors import ActorHitbox, actor_hitboxes, actor_parts
from game.tiled.conventions import WAVE_BREATHER
from game.tiled.prop_kinds import prop_kinds

from . import navigation
from . import props as props_system
from .blast import blast_reach
from .machines import add_joints
from .rules import (
    BRUTE,
    CHASER,
    DEBRIS,
    DT,
    ENEMY,
    ENEMY_BULLET,
    HEALTH,
    PICKUP,
    PICKUP_KINDS,
    PLAYER,
    PLAYER_BULLET,
    PROP,
    SHOOTER,
    WALL,
    Rules,
    WavePlan,
    wave_plan,
)
from .steering import separation, steer
from .turret import add_turret, aim_turret, hull_spin, knock_turret, turret_angle, wrapped


def add_chain_wall(world: World, wall, layer: int) -> None:
    """A chain wall (``Wall.chain``) as the world's chain, added once each way when it is solid on
    both sides (a chain collides on one side only: what comes from behind passes its segments)."""
    world.add_chain(wall.chain, wall.loop, layer=layer, user_data=wall.object_id)
    if wall.two_sided:
        world.add_chain(wall.chain[::-1], wall.loop, layer=layer, user_data=wall.object_id)


class AimPoint(NamedTuple):
    """A point in the world to aim at (world pixels, y up): a place, never a direction.

    The views turn the mouse (through the camera) and the gamepad's stick
    (the player's position plus the stick's direction) into one of these.

    >>> AimPoint(640.0, 360.0).x
    640.0
    """

    x: float
    y: float


class Inputs(NamedTuple):
    """One tick of player intent: a move vector (each in −1..1), a world aim *point*, the trigger.

    ``aim_at_x, aim_at_y`` is where the player looks (world pixels), not a
    direction: the player turns to face that point. A point on the player
    itself keeps the current heading.

    >>> Inputs(1.0, 0.0, 500.0, 200.0, True).aim_at
    AimPoint(x=500.0, y=200.0)
    """

    move_x: float = 0.0
    move_y: float = 0.0
    aim_at_x: float = 0.0
    aim_at_y: float = 0.0
    fire: bool = False

    @property
    def aim_at(self) -> AimPoint:
        return AimPoint(self.aim_at_x, self.aim_at_y)


class Event(NamedTuple):
    """Something the views show or play. ``nx, ny`` is a surface normal for hits; ``value`` depends on kind.

    Kinds: ``player_fired``, ``enemy_fired``, ``wall_hit``, ``enemy_hit``,
    ``enemy_killed`` (value: points), ``player_hurt`` (value: damage),
    ``player_died``, ``pickup`` (value: 0 health, 1 ammo), ``wave_started``
    (value: wave number), ``joint_broke`` (at the joint's anchor: a door torn off its hinge).
    """

    kind: str
    x: float
    y: float
    nx: float = 0.0
    ny: float = 0.0
    value: float = 0.0


@dataclass
class Player:
    """The player: engine bodies, pose (world, radians CCW) and what the HUD shows.

    ``body`` is the hull (what collides) and ``angle`` where the turret points (the aim it has
    reached: shots fly that way); ``hull`` is the hull's angle, ``turret`` the turret's body."""

    body: int
    x: float
    y: float
    angle: float
    health: float
    max_health: float
    ammo: int
    #: Seconds of hit flash left.
    hit: float = 0.0
    cooldown: float = 0.0
    #: Knockback velocity (px/s, world) its moves carry, damped each tick (``PropRules``).
    kx: float = 0.0
    ky: float = 0.0
    #: The hull's angle, and the turret's body and its joint to the hull (``game.sim.turret``).
    hull: float = 0.0
    turret: int = -1
    turret_joint: int = -1


def _table(**columns):
    return {name: np.zeros(0, dtype=dtype) for name, dtype in columns.items()}


class _Column:
    """``table.name`` read from ``table.columns`` (always the column there now), a descriptor on the
    class: a column read through ``__getattr__`` alone costs a failed lookup and its exception
    (0.66 us against about 0.2 us; a tick reads some 115 columns)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, table, owner=None):
        if table is None:
            return self
        try:
            return table.__dict__["columns"][self.name]
        except KeyError:  # a table without this column: as if the class had no such attribute
            raise AttributeError(self.name) from None


@dataclass
class Table:
    """Rows of equal-length numpy columns; row k of every column is one thing."""

    columns: dict[str, np.ndarray] = field(default_factory=dict)

    def __getattr__(self, name):
        columns = self.__dict__.get("columns")
        if columns is None or name not in columns:
            raise AttributeError(name)
        # The first read of a column name: later reads of it, on any table, go through ``_Column``.
        setattr(Table, name, _Column(name))
        return columns[name]

    def __len__(self) -> int:
        return len(next(iter(self.columns.values())))

    def append(self, **row) -> None:
        for name, col in self.columns.items():
            self.columns[name] = np.append(col, np.asarray([row[name]], dtype=col.dtype))

    def keep(self, mask: np.ndarray) -> None:
        if mask.all():  # nothing goes (most ticks for enemies and pickups): no column copied
            return
        for name, col in self.columns.items():
            self.columns[name] = col[mask]


def _enemies() -> Table:
    return Table(_table(body=np.int64, kind=np.int64, x=float, y=float, angle=float, health=float,
                        hit=float, cooldown=float, sees=bool, speed=float, spread=float,
                        kx=float, ky=float))  # fmt: skip


def _bullets() -> Table:
    return Table(_table(body=np.int64, owner=np.int64, x=float, y=float, vx=float, vy=float, life=float))


def _pickups() -> Table:
    return Table(_table(body=np.int64, kind=np.int64, x=float, y=float, respawn=float, marker=bool))


class State(NamedTuple):
    """The whole game state as plain data: counters, the player record and the three tables.

    The tables are the simulation's own (views read them, never write them).
    """

    tick: int
    wave: int
    score: int
    kills: int
    deaths: int
    game_over: bool
    player: Player
    enemies: Table
    bullets: Table
    pickups: Table
    #: Props and debris in play (``game.sim.props.COLUMNS``).
    props: Table | None = None


class Shapes(NamedTuple):
    """The convex parts each actor moves as (one or more), in the actor frame (``game.tiled.actors``)."""

    player: tuple[Any, ...]
    #: By enemy kind (``CHASER, SHOOTER, BRUTE``).
    enemies: tuple[tuple[Any, ...], ...]
    #: By bullet owner (0 the player's, 1 an enemy's).
    bullets: tuple[tuple[Any, ...], tuple[Any, ...]]


def actor_shapes(hitboxes: Mapping[str, ActorHitbox], rules: Rules) -> Shapes:
    """The parts of every actor the simulation moves (``game.tiled.actors.actor_parts``)."""
    return Shapes(
        actor_parts("player", hitboxes),
        tuple(actor_parts(k.name, hitboxes) for k in rules.enemies),
        (actor_parts("player_bullet", hitboxes), actor_parts("enemy_bullet", hitboxes)),
    )


def is_round(parts) -> bool:
    """A disc about the actor's centre: turning it changes nothing, so its turns need no wall check."""
    return len(parts) == 1 and isinstance(parts[0], Circle) and tuple(parts[0].center) == (0.0, 0.0)


def add_actor(world: World, parts, transform, **settings) -> int:
    """One body of the actor's ``parts`` at ``transform``: the first part is the body (``add``),
    the others are its shapes (``add_shape``) at its origin, since each part is baked in the actor
    frame; every part has the body's ``layer`` and ``mask``. Returns the body's id."""
    body = world.add(parts[0], transform, **settings)
    layers = {k: settings[k] for k in ("layer", "mask") if k in settings}
    for part in parts[1:]:
        world.add_shape(body, part, (0.0, 0.0, 0.0), **layers)
    return body


class Simulation:
    """A level in play. ``step(inputs)`` advances ``DT`` seconds and returns the events.

    ``hitboxes`` are the actors' hitboxes by name (what ``game.tiled.actors.read_actors``
    reads from a file); the shipped ``assets/actors.tsj``'s (``actor_hitboxes()``) by default.
    """

    def __init__(
        self,
        level,
        seed: int,
        *,
        rules: Rules | None = None,
        hitboxes: Mapping[str, ActorHitbox] | None = None,
    ) -> None:
        self.level, self.seed, self.rules = level, int(seed), rules or Rules()
        breather = (level.properties or {}).get(WAVE_BREATHER)
        if breather is not None:  # the level's own pace between waves (a map property the loader checked)
            self.rules = replace(self.rules, wave_breather=float(breather))
        self.shapes = actor_shapes(actor_hitboxes() if hitboxes is None else hitboxes, self.rules)
        # Which enemy kinds and bullets have a hitbox that turns (anything but a centred disc):
        # their turns are checked against the walls, and bullets face the way they fly.
        self._turning = np.array([not is_round(s) for s in self.shapes.enemies], dtype=bool)
        self._bullet_turning = np.array([not is_round(s) for s in self.shapes.bullets], dtype=bool)
        self.rng = np.random.default_rng(self.seed)
        self.prop_rules = props_system.PropRules()
        # Pixels a metre: the solver's tolerances and speed caps are Box2D's, in metres.
        self.world = World(units_per_meter=self.prop_rules.units_per_meter)
        self.world.hit_speed = self.prop_rules.knock_speed
        # The pickups are sensors whose overlaps ``_touch`` reads from the pairs the press found: the
        # world's sensor events would search the pairs again each tick (0.03 ms, a tenth of a tick).
        self.world.sensor_events = False
        self.tick = self.score = self.kills = self.deaths = self.wave = 0
        self.game_over = False
        for wall in level.walls:
            if wall.chain:
                add_chain_wall(self.world, wall, WALL)
                continue
            for shape, xf in wall.parts:
                self.world.add(shape, tuple(xf), type="static", layer=WALL, user_data=wall.object_id)
        start = level.player_start
        r = self.rules
        body = add_actor(
            self.world,
            self.shapes.player,
            (start.x, start.y, 0.0),
            type="kinematic",
            layer=PLAYER,
            mask=ENEMY | PICKUP | PROP,
        )
        self.player = Player(body, start.x, start.y, 0.0, r.player_health, r.player_health, r.player_ammo)
        self.enemies, self.bullets, self.pickups = _enemies(), _bullets(), _pickups()
        self._spawn_queue: list[int] = []
        self._spawn_timer = 0.0
        self._breather = 0.0
        #: Ticks of "get ready" left (``Rules.get_ready``): nothing spawns while it lasts.
        self._ready = max(0, round(float(r.get_ready) / DT))
        self._plan = wave_plan(r, 1)
        self.nav = navigation.build_grid(level, r.nav_clearance, r.nav_cell)
        for marker in level.pickups:
            self._add_pickup(PICKUP_KINDS.index(marker.kind), marker.x, marker.y, marker=True)
        self.props = Table(_table(**props_system.COLUMNS))
        self.prop_layers = props_system.Layers(PROP, WALL | PLAYER | ENEMY | PROP | DEBRIS, DEBRIS, WALL | PROP | DEBRIS,
                                               WALL)  # fmt: skip
        self.prop_kinds, spots = props_system.kinds_of_level(level, prop_kinds())
        bodies = {}
        for spot, k in zip(level.props, spots):
            bodies[spot.object_id] = props_system.add_prop(
                self.world, self.props, self.prop_kinds, k, spot.x, spot.y, spot.angle, self.prop_layers
            )
        #: The level's joints (doors' hinges, ropes, ...): joint id -> its ``JointSpot`` and anchors
        #: (``machines.Anchored``); a joint that breaks leaves it.
        self.joints = add_joints(self.world, level.joints, bodies)
        #: All of them as made (ids follow the level's order): a restored game keeps those its world holds.
        self.level_joints = dict(self.joints)
        self.player.turret, self.player.turret_joint = add_turret(self.world, body, start.x, start.y, 0.0, r)
        self._field = navigation.flow_field(self.nav, start.x, start.y, self.prop_costs())
        #: The contacts ``_press_against_player`` found, and the tick it found them in.
        self._contacts, self._contacts_tick = None, -1
        self._events: list[Event] = []
        self._next_wave()

    @property
    def state(self) -> State:
        """Everything that changes from tick to tick, in one record."""
        return State(self.tick, self.wave, self.score, self.kills, self.deaths, self.game_over,
                      self.player, self.enemies, self.bullets, self.pickups, self.props)  # fmt: skip

    # --- the step -------------------------------------------------------------

    def step(self, inputs: Inputs) -> list[Event]:
        """Advance one tick; after game over nothing moves and no events come."""
        if self.game_over:
            return []
        self._events = []
        self.tick += 1
        self._move_player(inputs)
        if inputs.fire:
            self._fire_player()
        self._move_enemies()
        self._fire_enemies()
        self._move_bullets()
        self._step_props()
        self.player.angle = turret_angle(self.world, self.player.turret)
        self._touch()
        self._bury_dead()
        self._spawn()
        return self._events

    def _emit(self, kind: str, x: float, y: float, nx: float = 0.0, ny: float = 0.0, value: float = 0.0):
        self._events.append(Event(kind, float(x), float(y), float(nx), float(ny), float(value)))

    # --- player ---------------------------------------------------------------

    def _move_player(self, inputs: Inputs) -> None:
        p, r = self.player, self.rules
        p.hit = max(0.0, p.hit - DT)
        p.cooldown = max(0.0, p.cooldown - DT)
        mx, my = float(inputs.move_x), float(inputs.move_y)
        if not (math.isfinite(mx) and math.isfinite(my)):
            mx = my = 0.0
        length = math.hypot(mx, my)
        if length > 1.0:
            mx, my = mx / length, my / length
        before = p.hull
        if length > 1e-9:
            # A tank drives backwards too: the hull turns toward the nearer of the heading and its
            # reverse, never more than a quarter turn, at ``hull_turn_speed``.
            off = wrapped(math.atan2(my, mx) - p.hull)
            off = off - math.pi if off > math.pi / 2 else (off + math.pi if off < -math.pi / 2 else off)
            most = r.hull_turn_speed * DT
            hull = wrapped(p.hull + max(-most, min(most, off)))
            if hull != p.hull and not self._blocked(self.shapes.player, (p.x, p.y, hull)):
                p.hull = hull
                # The batch call of one: it refreshes the player's box in place where ``set_transform``
                # dropped every body's, to be built again by the slide just after.
                self.world.set_transforms(
                    np.array([p.body]), np.array([p.x]), np.array([p.y]), np.array([p.hull])
                )
        dx, dy = float(inputs.aim_at_x) - p.x, float(inputs.aim_at_y) - p.y
        # A point on the player has no direction: atan2(0, 0) would snap the aim to +x.
        aim = math.atan2(dy, dx) if math.hypot(dx, dy) > 1e-9 else math.nan
        aim_turret(self.world, p.turret, p.turret_joint, aim, hull_spin(before, p.hull), r)
        vx, vy = mx * r.player_speed + p.kx, my * r.player_speed + p.ky
        if vx or vy:
            moved = self.world.move_and_slide(p.body, (vx * DT, vy * DT), WALL | PROP)
            p.x, p.y = moved.x, moved.y
            if moved.hits:
                h = moved.hits
                props_system.push_props(
                    self.world,
                    self.props,
                    self.prop_rules,
                    [c.body for c in h],
                    [c.point for c in h],
                    [c.normal for c in h],
                    [(vx, vy)] * len(h),
                )
        p.kx, p.ky = self._damped(p.kx, p.ky)
        if self.tick % r.nav_refresh_ticks == 0:
            self._field = navigation.flow_field(self.nav, p.x, p.y, self.prop_costs())

    def prop_costs(self) -> np.ndarray:
        """The flow field's extra steps where props (not debris) stand now (``Rules.nav_prop_steps``):
        the enemies' fields and the bot's count them alike (``navigation.flow_field``)."""
        t = self.props
        solid = ~t.debris
        radius = props_system.kind_numbers(self.prop_kinds).reach[t.kind[solid]]
        return navigation.prop_costs(
            self.nav, t.x[solid], t.y[solid], radius, self.rules.nav_clearance, self.rules.nav_prop_steps
        )

    def _by_kind(self, number: str) -> np.ndarray:
        """``number`` of each enemy kind of the rules, as an array made once per rules object."""
        cached = self.__dict__.setdefault("_kind_numbers", {})
        if cached.get("rules") is not self.rules:
            cached.clear()
            cached["rules"] = self.rules
        if number not in cached:
            cached[number] = np.array([getattr(k, number) for k in self.rules.enemies])
        return cached[number]

    def _blocked(self, parts, transform) -> bool:
        """Would any of ``parts`` (an actor's, in its frame) at ``transform`` overlap a wall?"""
        return any(len(self.world.query_shape(part, transform, mask=WALL)) for part in parts)

    def _fire_player(self) -> None:
        p, r = self.player, self.rules
        if p.cooldown > 0.0 or p.ammo <= 0:
            return
        p.cooldown = r.fire_interval
        p.ammo -= 1
        c, s = math.cos(p.angle), math.sin(p.angle)
        mx, my = p.x + r.muzzle * c, p.y + r.muzzle * s
        self._add_bullet(0, mx, my, c * r.bullet_speed, s * r.bullet_speed)
        self._emit("player_fired", mx, my, c, s)

    # --- enemies --------------------------------------------------------------

    def _move_enemies(self) -> None:
        e, p, r = self.enemies, self.player, self.rules
        if not len(e):
            return
        e.columns["hit"] = np.maximum(0.0, e.hit - DT)
        e.columns["cooldown"] = e.cooldown - DT
        to_player = np.column_stack([p.x - e.x, p.y - e.y])
        dist = np.hypot(to_player[:, 0], to_player[:, 1])
        self._refresh_sight(to_player, dist)
        keep = r.shooter_keep
        heading, velocity, move = steer(
            to_player, dist, e.sees, e.kind == SHOOTER, navigation.directions(self.nav, self._field, e.x, e.y),
            e.speed, e.kx, e.ky, self._separation(), float(keep * r.shooter_too_close),
            float(keep * r.shooter_orbit_band), float(r.shooter_orbit_speed), DT,
        )  # fmt: skip
        before = np.column_stack([e.x, e.y])
        moved = self.world.move_and_slide_bodies(e.body, move, WALL | PROP)
        e.columns["x"], e.columns["y"] = moved[:, 0].copy(), moved[:, 1].copy()
        self._push_by_enemies(before + move - moved, velocity)
        e.columns["kx"], e.columns["ky"] = self._damped(e.kx, e.ky)
        # Shooters face the player (they aim); the others face the way they walk.
        face = np.where((e.kind == SHOOTER)[:, None], to_player, heading)
        still = np.hypot(face[:, 0], face[:, 1]) < 1e-9
        self._turn_enemies(np.where(still, e.angle, np.arctan2(face[:, 1], face[:, 0])))
        self._press_against_player()  # after the turn: a brute's long hull turns into the player too

    def _press_against_player(self) -> None:
        """Enemies that walked into the player go back out along the contact normal to
        ``press_overlap`` deep (sliding along walls): they press against the player, never stack on it."""
        e, pb = self.enemies, self.player.body
        c = self._contacts = self.world.contacts()
        self._contacts_tick = self.tick
        # The player's contacts deeper than the press allows (a few of the world's), then the
        # enemies among them.
        deeper = c.depth > self.rules.press_overlap
        rows = np.flatnonzero(((c.pairs[:, 0] == pb) | (c.pairs[:, 1] == pb)) & deeper)
        if not len(rows):
            return
        first = c.pairs[rows, 0] == pb
        other = np.where(first, c.pairs[rows, 1], c.pairs[rows, 0])
        enemy = np.isin(other, e.body)
        if not enemy.any():
            return
        deep, first, other = rows[enemy], first[enemy], other[enemy]
        # The normal points from pair member A to B: away from the player when the player is A.
        away = c.normal[deep] * np.where(first, 1.0, -1.0)[:, None]
        push = away * (c.depth[deep] - self.rules.press_overlap)[:, None]
        rows = props_system.rows_of(e, other)  # every one an enemy (np.isin above)
        moved = self.world.move_and_slide_bodies(e.body[rows], push, WALL)
        e.x[rows], e.y[rows] = moved[:, 0], moved[:, 1]

    def _refresh_sight(self, to_player: np.ndarray, dist: np.ndarray) -> None:
        """Which enemies have a clear straight path to the player: each hull within
        ``sight_range`` is cast at the player against the walls, all in one call.

        A clear hull sweep also clears the ray between the centres (the ray lies
        inside the swept hull), so a shooter that ``sees`` also has line of sight.
        """
        e, r = self.enemies, self.rules
        sees = np.zeros(len(e), dtype=bool)
        near = np.flatnonzero(dist < r.sight_range)
        if len(near):
            sees[near] = self.world.cast_bodies(e.body[near], to_player[near], WALL | PROP).body < 0
        e.columns["sees"] = sees

    def _separation(self) -> np.ndarray:
        """Half the overlap of every pair of touching enemies, pushed apart along its normal
        (``steering.separation``).

        The contacts are the ones found after the enemies last moved (the last tick's
        ``_press_against_player``; one query a tick serves both): an enemy spawned since waits a tick.
        """
        e = self.enemies
        c = self._contacts if self._contacts is not None else self.world.contacts()
        if not len(c.pairs):
            return np.zeros((len(e), 2))
        # Contiguous: the contacts' columns are views of one array or arrays of their own by the
        # way they were found, and the kernel must see one type (one signature, compiled once).
        depth, normal = np.ascontiguousarray(c.depth), np.ascontiguousarray(c.normal)
        return separation(e.body, c.pairs, depth, normal, float(self.rules.max_separation_push))

    def _turn_enemies(self, wanted: np.ndarray) -> None:
        """Turn toward ``wanted`` at each kind's rate; a turn that would put a hull in a wall is undone.

        The check is one batched cast of no length: a body that starts inside
        a wall hits it at fraction 0 (round bodies cannot turn into walls).
        """
        e = self.enemies
        rate = self._by_kind("turn_rate")[e.kind] * DT
        delta = (wanted - e.angle + math.pi) % (2 * math.pi) - math.pi
        before = e.angle.copy()
        e.columns["angle"] = e.angle + np.clip(delta, -rate, rate)
        self.world.set_transforms(e.body, e.x, e.y, e.angle)
        # Only hulls that turned can have turned into a wall (an unturned one stands where its slide
        # left it; undoing no turn would change nothing anyway).
        hulls = np.flatnonzero(self._turning[e.kind] & (e.angle != before))
        if len(hulls):
            stuck = self.world.cast_bodies(e.body[hulls], np.zeros((len(hulls), 2)), WALL).body >= 0
            if stuck.any():
                e.angle[hulls[stuck]] = before[hulls[stuck]]
                self.world.set_transforms(
                    e.body[hulls[stuck]], e.x[hulls[stuck]], e.y[hulls[stuck]], e.angle[hulls[stuck]]
                )

    def _fire_enemies(self) -> None:
        """Ready shooters in range fire when a raycast against the walls reaches the player.

        Only shooters with a clear path (``sees``) are asked every tick; the
        others in their slice of ticks, so blocked shooters cost few rays.
        """
        e, p, r = self.enemies, self.player, self.rules
        if not len(e):
            return
        dist = np.hypot(p.x - e.x, p.y - e.y)
        due = (np.arange(len(e)) + self.tick) % r.sight_refresh_ticks == 0
        ready = (e.kind == SHOOTER) & (e.cooldown <= 0.0) & (dist < r.shooter_range) & (e.sees | due)
        for k in np.flatnonzero(ready):
            d = float(dist[k])
            if d < 1e-9:
                continue
            ray = ((p.x - e.x[k]) / d, (p.y - e.y[k]) / d)
            if self.world.raycast((e.x[k], e.y[k]), ray, d, WALL | PROP) is not None:
                continue
            e.cooldown[k] = r.shooter_interval * (1.0 + r.shooter_jitter * (2.0 * self.rng.random() - 1.0))
            aim = math.atan2(ray[1], ray[0]) + self.rng.normal(0.0, e.spread[k])
            vx, vy = math.cos(aim) * r.enemy_bullet_speed, math.sin(aim) * r.enemy_bullet_speed
            self._add_bullet(1, e.x[k], e.y[k], vx, vy)
            self._emit("enemy_fired", e.x[k], e.y[k], math.cos(aim), math.sin(aim))

    # --- bullets --------------------------------------------------------------

    def _add_bullet(self, owner: int, x: float, y: float, vx: float, vy: float) -> None:
        layer = PLAYER_BULLET if owner == 0 else ENEMY_BULLET
        angle = math.atan2(vy, vx) if self._bullet_turning[owner] else 0.0
        body = add_actor(
            self.world, self.shapes.bullets[owner], (x, y, angle), type="kinematic", layer=layer, mask=0
        )
        self.bullets.append(body=body, owner=owner, x=x, y=y, vx=vx, vy=vy, life=self.rules.bullet_life)

    def _move_bullets(self) -> None:
        b = self.bullets
        if not len(b):
            return
        alive = np.ones(len(b), dtype=bool)
        hits_by_owner = []
        for owner, targets in ((0, WALL | ENEMY | PROP), (1, WALL | PLAYER | PROP)):
            rows = np.flatnonzero(b.owner == owner)
            if not len(rows):
                continue
            moves = np.column_stack([b.vx[rows], b.vy[rows]]) * DT
            hits = self.world.cast_bodies(b.body[rows], moves, targets)
            frac = hits.fraction
            b.x[rows] += moves[:, 0] * frac
            b.y[rows] += moves[:, 1] * frac
            hit = np.flatnonzero(hits.body >= 0)
            if len(hit):
                alive[rows[hit]] = False
                hits_by_owner.append((owner, hits.body[hit], hits.point[hit], hits.normal[hit], moves[hit]))
        if hits_by_owner:
            self._bullet_hits(hits_by_owner)
        b.life[:] -= DT
        alive &= b.life > 0.0
        # Round bullets (the shipped ones) never turn: no arctan2 of every bullet's velocity to throw away.
        turning = self._bullet_turning
        angle = np.where(turning[b.owner], np.arctan2(b.vy, b.vx), 0.0) if turning.any() else np.zeros(len(b))
        self.world.set_transforms(b.body, b.x, b.y, angle)
        self.world.remove_bodies(b.body[~alive])
        b.keep(alive)

    def _bullet_hits(self, hits_by_owner) -> None:
        """Bullets that hit, as (owner, ``bodies``, ``points`` (k, 2), normals, ``moves`` (k, 2, px this
        tick)) for each owner (0 then 1), all at once: props are knocked and hurt, enemies hurt and
        knocked, the player hurt and knocked; the rest are walls (a spark).

        Both owners' hits on props are one ``apply_impulses`` (a body's impulses add up in row
        order, as two calls one after the other did); the events come owner by owner, each with
        its own hurts first, as they did."""
        r, pr = self.rules, self.prop_rules
        owner = np.concatenate([np.full(len(h[1]), h[0]) for h in hits_by_owner])
        bodies, points, normals, moves = (np.concatenate([h[k] for h in hits_by_owner]) for k in (1, 2, 3, 4))
        length = np.hypot(moves[:, 0], moves[:, 1])
        along = np.where(length[:, None] > 0.0, moves / np.maximum(length, 1e-300)[:, None], 0.0)
        impulses, damages = (
            (pr.bullet_impulse, pr.enemy_bullet_impulse),
            (r.bullet_damage, r.enemy_bullet_damage),
        )
        props = props_system.rows_of(self.props, bodies)
        on_prop = props >= 0
        if on_prop.any():
            mine = owner[on_prop] == 0
            props_system.hit_props(
                self.world, self.props, self.prop_kinds, props[on_prop], points[on_prop], along[on_prop],
                np.where(mine, impulses[0], impulses[1]), np.where(mine, damages[0], damages[1]),
            )  # fmt: skip
        enemies = np.where(owner == 0, props_system.rows_of(self.enemies, bodies), -1)
        on_enemy = (enemies >= 0) & ~on_prop
        if on_enemy.any():
            e, k = self.enemies, enemies[on_enemy]
            np.subtract.at(e.health, k, damages[0])
            e.hit[k] = r.enemy_hit_flash
            weight = np.asarray(pr.enemy_weights)[e.kind[k]]
            np.add.at(e.kx, k, along[on_enemy, 0] * impulses[0] / weight)
            np.add.at(e.ky, k, along[on_enemy, 1] * impulses[0] / weight)
            # Only the enemies hit can be over the cap (every other knockback was capped when set).
            e.kx[k], e.ky[k] = _capped_many(e.kx[k], e.ky[k], pr.max_knockback)
        on_player = (bodies == self.player.body) & (owner == 1)
        kinds = np.where(on_prop, 0, np.where(on_enemy, 1, np.where(on_player, 2, 3))).tolist()
        names = ("prop_hit", "enemy_hit", None, "wall_hit")
        xy, nxy, first = points.tolist(), normals.tolist(), 0
        for o, *rows in hits_by_owner:
            last = first + len(rows[0])
            for k in np.flatnonzero(on_player[first:last]).tolist():
                self._hurt(damages[o])
                self._knock_player(float(along[first + k, 0]), float(along[first + k, 1]), impulses[o])
            values = (float(impulses[o]), float(damages[o]), 0.0, 0.0)
            self._events.extend(
                Event(names[kind], x, y, nx, ny, values[kind])
                for kind, (x, y), (nx, ny) in zip(kinds[first:last], xy[first:last], nxy[first:last])
                if kind != 2
            )
            first = last

    # --- overlaps -------------------------------------------------------------

    def _touch(self) -> None:
        # The enemies and the player have not moved since this tick's press found its contacts
        # (pressing moves them out to ``press_overlap`` deep: still touching), nor has any pickup.
        fresh = self._contacts is not None and self._contacts_tick == self.tick
        pairs = self._contacts.pairs if fresh else self.world.pairs()
        if not len(pairs):
            return
        pb = self.player.body
        other = np.where(pairs[:, 0] == pb, pairs[:, 1], np.where(pairs[:, 1] == pb, pairs[:, 0], -1))
        other = other[other >= 0]
        touching = np.isin(self.enemies.body, other)
        if touching.any():
            damage = self._by_kind("touch_damage")[self.enemies.kind[touching]].sum() * DT
            self._hurt(float(damage), flash=False)
        for k in np.flatnonzero(np.isin(self.pickups.body, other) & (self.pickups.respawn <= 0.0)):
            self._collect(k)
        self.pickups.columns["respawn"] = np.maximum(0.0, self.pickups.respawn - DT)

    def _hurt(self, damage: float, flash: bool = True) -> None:
        p = self.player
        if damage <= 0.0 or self.game_over:
            return
        p.health = max(0.0, p.health - damage)
        if flash or p.hit <= 0.0:
            p.hit = self.rules.player_hit_flash
            self._emit("player_hurt", p.x, p.y, value=damage)
        if p.health <= 0.0:
            self.game_over = True
            self.deaths += 1
            self._emit("player_died", p.x, p.y)

    def _collect(self, k: int) -> None:
        p, r, pk = self.player, self.rules, self.pickups
        kind = int(pk.kind[k])
        if kind == HEALTH:
            if p.health >= p.max_health:
                return
            p.health = min(p.max_health, p.health + r.health_amount)
        else:
            p.ammo = min(r.max_ammo, p.ammo + r.ammo_amount)
        self._emit("pickup", pk.x[k], pk.y[k], value=kind)
        if pk.marker[k]:
            pk.respawn[k] = r.pickup_respawn
        else:
            pk.respawn[k] = math.inf  # a drop is gone for good; buried below

    def _add_pickup(self, kind: int, x: float, y: float, marker: bool) -> None:
        body = self.world.add(
            Circle(self.rules.pickup_radius),
            (x, y, 0.0),
            type="kinematic",
            sensor=True,
            layer=PICKUP,
            mask=PLAYER,
        )
        self.pickups.append(body=body, kind=kind, x=x, y=y, respawn=0.0, marker=marker)

    # --- deaths, drops and waves --------------------------------------------

    def _bury_dead(self) -> None:
        e = self.enemies
        dead = e.health <= 0.0
        for k in np.flatnonzero(dead):
            kind = self.rules.enemies[int(e.kind[k])]
            self.score += kind.points
            self.kills += 1
            self._emit("enemy_killed", e.x[k], e.y[k], value=kind.points)
            self.world.remove(int(e.body[k]))
            if self.rng.random() < self.rules.drop_chance:
                self._add_pickup(int(self.rng.integers(0, 2)), e.x[k], e.y[k], marker=False)
        e.keep(~dead)
        gone = np.isinf(self.pickups.respawn)
        if gone.any():
            self.world.remove_bodies(self.pickups.body[gone])
            self.pickups.keep(~gone)

    def _next_wave(self) -> None:
        """Queue the next wave as ``wave_plan`` says; its enemies come in a random order."""
        self.wave += 1
        plan = self._plan = wave_plan(self.rules, self.wave)
        kinds = [BRUTE] * plan.brutes + [SHOOTER] * plan.shooters + [CHASER] * plan.chasers
        self._spawn_queue = [int(k) for k in self.rng.permutation(np.array(kinds, dtype=np.int64))]
        self._spawn_timer = 0.0
        self._breather = self.rules.wave_breather
        self._emit("wave_started", self.player.x, self.player.y, value=self.wave)

    @property
    def plan(self) -> WavePlan:
        """The current wave's plan (what it brings, how fast, how well shooters aim)."""
        return self._plan

    @property
    def ready_left(self) -> float:
        """Seconds of the run's "get ready" left (0 once the first wave comes); the views count it down."""
        return self._ready * DT

    def _spawn(self) -> None:
        if self._ready > 0:
            self._ready -= 1
            return
        if not self._spawn_queue:
            if not len(self.enemies):
                # A breather once a wave is cleared: the next one comes after ``wave_breather``.
                self._breather -= DT
                if self._breather <= 0.0:
                    self._next_wave()
            return
        self._spawn_timer -= DT
        if self._spawn_timer > 0.0 or len(self.enemies) >= self.rules.max_enemies:
            return
        self._spawn_timer = self._plan.spawn_interval
        kind = self._spawn_queue.pop()
        self.spawn_enemy(kind, *self._spawn_point(kind))

    def _spawn_point(self, kind: int) -> tuple[float, float]:
        """A spawn marker of the kind (any marker if none), not too close to the player when
        another one is farther: an enemy appearing on top of the player is no fight."""
        markers = [m for m in self.level.spawns if m.kind == self.rules.enemies[kind].name] or list(
            self.level.spawns
        )
        if not markers:
            return self._free_spawn_point()
        p = self.player
        far = [m for m in markers if math.hypot(m.x - p.x, m.y - p.y) >= self.rules.spawn_clearance]
        markers = far or markers
        m = markers[int(self.rng.integers(0, len(markers)))]
        return m.x, m.y

    def _free_spawn_point(self) -> tuple[float, float]:
        """A map without spawn markers (one made for another game): a random free cell of the enemies'
        navigation grid at least ``spawn_clearance`` from the player, else the free cell farthest from
        the player, else the map's centre."""
        jj, ii = np.nonzero(self.nav.free)
        if not len(ii):
            return self.level.width / 2, self.level.height / 2
        xs, ys = (ii + 0.5) * self.nav.cell, (jj + 0.5) * self.nav.cell
        away = np.hypot(xs - self.player.x, ys - self.player.y)
        far = np.flatnonzero(away >= self.rules.spawn_clearance)
        k = int(far[self.rng.integers(0, len(far))]) if len(far) else int(np.argmax(away))
        return float(xs[k]), float(ys[k])

    def spawn_enemy(self, kind: int, x: float, y: float) -> int:
        """Put an enemy of ``kind`` at (x, y) now, as fast and as accurate as the current wave's; returns its body id."""
        spec, plan = self.rules.enemies[kind], self._plan
        body = add_actor(
            self.world,
            self.shapes.enemies[kind],
            (x, y, 0.0),
            type="kinematic",
            layer=ENEMY,
            mask=PLAYER | ENEMY | PROP,
        )
        self.enemies.append(body=body, kind=kind, x=x, y=y, angle=0.0, health=spec.health, hit=0.0,
                            cooldown=self.rules.first_shot_delay, sees=False,
                            speed=spec.speed * plan.speed_scale, spread=plan.aim_spread, kx=0.0, ky=0.0)  # fmt: skip
        return body

    def spawn_bullet(self, owner: int, x: float, y: float, vx: float, vy: float) -> None:
        """Put a live bullet in play (owner 0: the player's, 1: an enemy's)."""
        self._add_bullet(owner, x, y, vx, vy)

    # --- props, knockback and blasts (game.sim.props, game.sim.blast) ---------

    def _step_props(self) -> None:
        props_system.burn_fuses(self.props, DT)
        hurts = props_system.step_props(
            self.world,
            self.props,
            self.prop_kinds,
            self.prop_rules,
            DT,
            self.rng,
            self._emit,
            self.prop_layers,
            self._blast_actors,
            self.joints,
        )
        self._hurt_by_props(hurts)

    def _hurt_by_props(self, hurts) -> None:
        """Props that hit actors fast (``props.impact_hurts``) hurt them, as a hit does, and knock
        them along the prop's flight by the contact's impulse (the knockback of hits and blasts:
        their move-and-slide carries it and damps it)."""
        if not len(hurts.bodies):
            return
        on_player = np.flatnonzero(hurts.bodies == self.player.body)
        for k in on_player.tolist():
            self._hurt(float(hurts.damage[k]))
            self._knock_player(*hurts.direction[k].tolist(), float(hurts.impulse[k]))
        rows = props_system.rows_in(self.enemies.body, hurts.bodies)
        for k in np.flatnonzero(rows >= 0).tolist():
            row = int(rows[k])
            self.enemies.health[row] -= hurts.damage[k]
            self.enemies.hit[row] = self.rules.enemy_hit_flash
            self._knock_enemy(row, *hurts.direction[k].tolist(), float(hurts.impulse[k]))

    def _push_by_enemies(self, short: np.ndarray, velocity: np.ndarray) -> None:
        """Enemies whose slide fell short (``short``, px) push the prop in their way, if one is."""
        blocked = np.flatnonzero(np.hypot(short[:, 0], short[:, 1]) > 1e-3)
        if not len(blocked) or not len(self.props):
            return
        hits = self.world.cast_bodies(self.enemies.body[blocked], short[blocked], PROP)
        took = np.flatnonzero(hits.body >= 0)
        if len(took):
            props_system.push_props(
                self.world,
                self.props,
                self.prop_rules,
                hits.body[took],
                hits.point[took],
                hits.normal[took],
                velocity[blocked[took]],
            )

    def _damped(self, kx, ky):
        """Knockback after one tick of damping (``PropRules.knockback_damping``); tiny ones stop."""
        fade = math.exp(-self.prop_rules.knockback_damping * DT)
        if isinstance(kx, float) and isinstance(ky, float):  # the player's: no numpy calls on single numbers
            kx, ky = float(kx * fade), float(ky * fade)
            return (0.0, 0.0) if np.hypot(kx, ky) < 1.0 else (kx, ky)
        kx, ky = np.asarray(kx, float) * fade, np.asarray(ky, float) * fade
        still = np.hypot(kx, ky) < 1.0
        kx, ky = np.where(still, 0.0, kx), np.where(still, 0.0, ky)
        return (float(kx), float(ky)) if kx.ndim == 0 else (kx, ky)

    def _knock_player(self, ux: float, uy: float, impulse: float) -> None:
        p, pr = self.player, self.prop_rules
        p.kx, p.ky = _capped(
            p.kx + ux * impulse / pr.player_weight, p.ky + uy * impulse / pr.player_weight, pr.max_knockback
        )
        knock_turret(self.world, p.turret, ux, uy, impulse / pr.player_weight, self.rules)

    def _knock_enemy(self, k: int, ux: float, uy: float, impulse: float) -> None:
        e, pr = self.enemies, self.prop_rules
        weight = pr.enemy_weights[int(e.kind[k])]
        e.kx[k], e.ky[k] = _capped(
            e.kx[k] + ux * impulse / weight, e.ky[k] + uy * impulse / weight, pr.max_knockback
        )

    def _blast_actors(self, x: float, y: float, kind) -> None:
        """A blast at (x, y) hurts and knocks the player and the enemies that no wall hides."""
        reach = blast_reach(self.world, x, y, kind.blast_radius, PLAYER | ENEMY, WALL)
        for body, (ux, uy), share in zip(
            reach.bodies.tolist(), reach.direction.tolist(), reach.share.tolist()
        ):
            if body == self.player.body:
                self._hurt(kind.blast_damage * share)
                self._knock_player(ux, uy, kind.blast_impulse * share)
                continue
            rows = np.flatnonzero(self.enemies.body == body)
            if len(rows):
                k = int(rows[0])
                self.enemies.health[k] -= kind.blast_damage * share
                self.enemies.hit[k] = self.rules.enemy_hit_flash
                self._knock_enemy(k, ux, uy, kind.blast_impulse * share)

    # --- identity -------------------------------------------------------------

    def state_hash(self) -> str:
        """sha256 of everything that makes up the state (same seed + inputs -> same hash)."""
        h = hashlib.sha256()
        p = self.player
        scalars = (self.tick, self.score, self.kills, self.deaths, self.wave, self.game_over,
                   p.x, p.y, p.angle, p.hull, p.health, p.max_health, p.ammo, p.cooldown, p.hit, p.kx, p.ky,
                   tuple(self._spawn_queue), self._spawn_timer, self._breather, self._ready)  # fmt: skip
        h.update(repr(scalars).encode())
        for table in (self.enemies, self.bullets, self.pickups, self.props):
            for name in sorted(table.columns):
                h.update(name.encode())
                h.update(np.ascontiguousarray(table.columns[name]).tobytes())
        h.update(self.rng.bit_generator.state["state"]["state"].to_bytes(16, "little"))
        return h.hexdigest()


def _capped_many(vx: np.ndarray, vy: np.ndarray, most: float) -> tuple[np.ndarray, np.ndarray]:
    """Each (vx, vy) row no longer than ``most``."""
    scale = np.minimum(1.0, most / np.maximum(np.hypot(vx, vy), 1e-300))
    return vx * scale, vy * scale


def _capped(vx: float, vy: float, most: float) -> tuple[float, float]:
    """(vx, vy) no longer than ``most``."""
    speed = math.hypot(vx, vy)
    if speed <= most:
        return float(vx), float(vy)
    return float(vx * most / speed), float(vy * most / speed)
