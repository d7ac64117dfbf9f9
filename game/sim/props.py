"""Props in play: dynamic engine bodies that actors push, bullets knock, and that break and explode.

State is a ``Table`` (built by the simulation from ``COLUMNS``): one row per
prop or piece of debris, mirroring a dynamic body of the world. The kinds
(``game.tiled.prop_kinds.PropKind``, with a level's per-object overrides) sit in a list
the rows index. Everything here is a free function over the world and that
table; randomness comes from the simulation's generator, so replays hold.

How each behaviour goes through the engine:

- pushing: actors are kinematic and slide against walls AND props (so no
  actor ever stands inside a crate, and bullets and sight stay blocked);
  a prop in the way of a slide gets an impulse at the touching point that
  brings its speed along the push up to the actor's (scaled down for props
  heavier than ``PropRules.push_mass``), so it moves off and the actor
  follows at the prop's pace;
- bullets: an impulse along the bullet at the hit point, and damage;
- breaking: a prop whose health runs out is removed; a breakable one
  scatters ``debris`` pieces (new dynamic bodies thrown outward), an
  explosive one blasts (``blast.blast_reach``), which may light others
  (their fuse burns ``chain_delay`` seconds, so a chain ripples);
- the world's ``step`` moves them all; the floor's friction is a motor joint from each prop
  to the ground (``PropKind.floor_friction``, Box2D's "top down friction": a sliding prop
  stops in a finite distance), and damping slows its spin (and debris, which has no joint);
  its contact events with a strong impulse become ``prop_impact`` events
  (the views play a knock whose loudness follows the impulse, and dust).

Units: px, s, mass = density × px² (``game.tiled.prop_kinds``); impulses mass × px/s.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from game.tiled.prop_kinds import PropKind, parts_box, with_overrides

from .blast import blast_reach

__all__ = [
    "COLUMNS",
    "Hurts",
    "KindNumbers",
    "Layers",
    "PropRules",
    "add_prop",
    "burn_fuses",
    "hit_props",
    "impact_hurts",
    "kind_numbers",
    "kinds_of_level",
    "opacity",
    "push_props",
    "rows_in",
    "rows_of",
    "step_props",
]

#: The props table's columns: body id, kind (index into the kinds list), pose (world px, y up, radians
#: CCW), health left, fuse (seconds until it blows; inf when not lit), age (s, for debris), whether it is
#: debris, where it started (x0, y0: how far props moved is what a session reports), its mass (as the
#: world has it: density × area, px²), how long it has lain still (s: asleep, or slower than
#: ``PropRules.settle_speed``) and how far into its fade-out it is (s; debris only, 0 until it fades).
COLUMNS = {"body": np.int64, "kind": np.int64, "x": float, "y": float, "angle": float, "health": float,
           "fuse": float, "age": float, "debris": bool, "x0": float, "y0": float, "mass": float,
           "still": float, "fade": float}  # fmt: skip


class Layers(NamedTuple):
    """The collision layers props live on: props meet walls, actors and one another; debris meets
    walls, props and debris (actors walk over it); ``walls`` hide from blasts and stop debris."""

    prop: int
    prop_mask: int
    debris: int
    debris_mask: int
    walls: int


@dataclass(frozen=True)
class PropRules:
    """The numbers of props in play (the kinds' own numbers are in ``assets/props.tsj``)."""

    #: Pixels a metre, for the engine's tolerances and speed caps (``World(units_per_meter=...)``).
    units_per_meter: float = 32.0
    #: Impulse of a player's bullet on what it hits (mass × px/s), and of an enemy's.
    bullet_impulse: float = 160.0
    enemy_bullet_impulse: float = 80.0
    #: Props up to this mass are pushed at the actor's own speed; heavier ones at mass/this slower.
    push_mass: float = 20.0
    #: The slowest share of its speed an actor pushes the heaviest prop at.
    min_push_share: float = 0.25
    #: Debris pieces in play at most: the oldest go first.
    max_debris: int = 120
    #: A piece of debris starts to fade once it has settled: asleep, or slower than ``settle_speed``
    #: px/s (and turning slower than ``settle_spin`` rad/s) for ``debris_settle`` seconds ...
    settle_speed: float = 4.0
    settle_spin: float = 0.2
    debris_settle: float = 0.5
    #: ... or at this age (s) at the latest, settled or not (a piece kept rolling by pushes and blasts) ...
    debris_life: float = 8.0
    #: ... and the seconds it takes to fade out; then it is removed.
    debris_fade: float = 1.5
    #: How fast debris flies out of a broken prop, px/s (each piece 0.5 to 1 times this).
    debris_speed: float = 220.0
    #: Seconds between a prop lit by a blast and its own blast (a chain ripples, not one flash).
    chain_delay: float = 0.12
    #: No prop flies faster than this, px/s (a blast at point blank): 25 px a tick, under a wall's 32.
    max_speed: float = 1500.0
    #: Contact impulses (mass × px/s) below this make no sound; the loudest at ``loud_impact``.
    quiet_impact: float = 60.0
    loud_impact: float = 1500.0
    #: At most this many impact events a tick (the strongest).
    max_impacts: int = 4
    #: A touching pair that closes faster than this, px/s, knocks (the world's ``hit_speed``): a
    #: crate resting against a wall and rammed, which begins no contact, still sounds.
    knock_speed: float = 64.0
    #: A prop that hits an actor hurts it only when the contact's impulse over the prop's mass passes
    #: this, px/s (faster than anyone walks or pushes: resting contact and pushes never hurt) ...
    hurt_speed: float = 320.0
    #: ... and then by this much health per unit of impulse above ``mass × hurt_speed`` ...
    hurt_per_impulse: float = 0.007
    #: ... at most this much a hit.
    max_hurt: float = 60.0
    #: The actors' weights for knockback: an impulse J moves an actor at J / weight px/s.
    player_weight: float = 10.0
    #: By enemy kind (chaser, shooter, brute).
    enemy_weights: tuple[float, float, float] = (6.0, 8.0, 60.0)
    #: Knockback damping (1/s): a knock of v px/s carries an actor about v / this px.
    knockback_damping: float = 9.0
    #: The fastest knockback, px/s.
    max_knockback: float = 900.0


def kinds_of_level(level, kinds: dict[str, PropKind]) -> tuple[list[PropKind], list[int]]:
    """The kinds a level's props use (each override set its own entry) and each spot's index.

    Every base kind is listed (debris and a blast's victims need them), then
    one entry per distinct set of overrides, and one per body the map drew
    itself (``PropSpot.body``: a Solar2D dynamic object). The loader has
    checked the overrides already; one that still fails (a ``Level`` built
    by hand) is a ``ValueError`` naming the object.
    """
    table = list(kinds.values())
    index = {(k.name, ()): i for i, k in enumerate(table)}
    spots = []
    for spot in getattr(level, "props", ()):
        if spot.body is not None:
            spots.append(len(table))
            table.append(spot.body)
            continue
        key = (spot.kind, tuple(sorted(spot.properties.items())))
        if key not in index:
            kind, problems = with_overrides(kinds[spot.kind], dict(spot.properties))
            if problems:
                raise ValueError(f"prop {spot.object_id} ({spot.name}): {problems[0]}")
            index[key] = len(table)
            table.append(kind)
        spots.append(index[key])
    return table, spots


def add_prop(
    world,
    table,
    kinds: list[PropKind],
    k: int,
    x: float,
    y: float,
    angle: float,
    layers: Layers,
    debris: bool = False,
    velocity=(0.0, 0.0),
    spin: float = 0.0,
) -> int:
    """A dynamic body for a prop (or piece of debris) of kind index ``k`` at (x, y, angle), and its
    row; returns the body id. A compound kind is one body of a shape per part (``PropKind.parts``),
    each with the kind's material and the row's layer and mask, as an actor of several parts."""
    layer, mask = (layers.debris, layers.debris_mask) if debris else (layers.prop, layers.prop_mask)
    kind = kinds[k]
    body = world.add(kind.shape, (x, y, angle), type="dynamic", density=kind.density, friction=kind.friction,
                     restitution=kind.restitution, linear_damping=kind.linear_damping,
                     angular_damping=kind.angular_damping, sensor=kind.sensor, layer=layer,
                     mask=mask)  # fmt: skip
    for part in kind.more_parts:  # a compound prop: its other parts, baked in the prop frame
        world.add_shape(body, part, (0.0, 0.0, 0.0), density=kind.density, friction=kind.friction,
                        restitution=kind.restitution, sensor=kind.sensor, layer=layer, mask=mask)  # fmt: skip
    if kind.floor_friction > 0.0:  # the floor's grip: a force up to mass × floor_friction against sliding
        world.motor_joint(None, body, max_force=world.mass(body).mass * kind.floor_friction)
    if velocity != (0.0, 0.0) or spin:
        world.set_velocity(body, velocity, spin)
    table.append(
        body=body,
        kind=k,
        x=x,
        y=y,
        angle=angle,
        health=kind.health,
        fuse=math.inf,
        age=0.0,
        debris=debris,
        x0=x,
        y0=y,
        mass=world.mass(body).mass,
        still=0.0,
        fade=0.0,
    )
    return body


class KindNumbers(NamedTuple):
    """Per kind index (the kinds list's order): whether it breaks, and its reach (px: half its
    image's diagonal, what the flow field keeps clear of it)."""

    breakable: np.ndarray
    reach: np.ndarray
    #: px/s, the kind's own ``hurt_speed`` (0: the rules').
    hurt_speed: np.ndarray


def kind_numbers(kinds: list[PropKind]) -> KindNumbers:
    """``KindNumbers`` of the list, made once per list and length (a list grows, never changes a kind)."""
    cached = _KIND_NUMBERS.get(id(kinds))
    if cached is None or cached[0] is not kinds or cached[1] != len(kinds):
        numbers = KindNumbers(
            np.array([k.breakable for k in kinds], bool),
            np.array([0.5 * math.hypot(k.width, k.height) for k in kinds], float),
            np.array([k.hurt_speed for k in kinds], float),
        )
        if len(_KIND_NUMBERS) >= 8:  # a few levels' lists at most: the rest may go
            _KIND_NUMBERS.clear()
        cached = _KIND_NUMBERS[id(kinds)] = (kinds, len(kinds), numbers)
    return cached[2]


#: ``kind_numbers``' cache by list id (holding the list: its id is not reused while it is here).
_KIND_NUMBERS: dict[int, tuple[list, int, KindNumbers]] = {}


def rows_in(ids: np.ndarray, bodies, order: np.ndarray | None = None) -> np.ndarray:
    """Row of each of ``bodies`` in the id column ``ids`` (any order), -1 where it is absent;
    ``order`` is ``np.argsort(ids)`` when the caller has it."""
    bodies = np.asarray(bodies, np.int64)
    if not len(ids) or not len(bodies):
        return np.full(len(bodies), -1, np.int64)
    if order is None:
        order = np.argsort(ids)
    pos = np.minimum(np.searchsorted(ids, bodies, sorter=order), len(ids) - 1)  # never below 0
    return np.where(ids[order[pos]] == bodies, order[pos], -1)


def rows_of(table, bodies) -> np.ndarray:
    """Row of each body id in the table (the props', or any with a ``body`` column), -1 for ids
    not in it. The id column's sort order is kept on the table until the column is replaced (rows
    come and go by ``append`` and ``keep``, which make new columns): most ticks sort nothing."""
    ids = table.body
    kept = table.__dict__.get("_order")
    if kept is None or kept[0] is not ids:
        kept = table.__dict__["_order"] = (ids, np.argsort(ids))
    return rows_in(ids, bodies, kept[1])


def push_props(world, table, rules: PropRules, bodies, points, normals, velocity) -> None:
    """Actors' slides stopped by props: each prop hit gets the impulse that brings its speed along
    the push up to the actor's share (``push_mass``).

    ``bodies``, ``points`` (k, 2), ``normals`` (k, 2, out of the prop towards the actor) and
    ``velocity`` (k, 2: what the actor wanted to move at, px/s) are one row per hit. All rows read
    the props' velocities from before this call.
    """
    rows = rows_of(table, bodies)
    hit = np.flatnonzero(rows >= 0)
    if not len(hit):
        return
    rows = rows[hit]
    into = -np.asarray(normals, float).reshape(-1, 2)[hit]  # into the prop
    want = np.einsum("ij,ij->i", np.asarray(velocity, float).reshape(-1, 2)[hit], into)
    mass = table.mass[rows]
    share = np.clip(rules.push_mass / mass, rules.min_push_share, 1.0)
    moving = world.velocities(table.body[rows])[:, :2]
    short = np.where(want > 0.0, want * share - np.einsum("ij,ij->i", moving, into), 0.0)
    go = np.flatnonzero(short > 0.0)
    if len(go):
        impulses = (mass * short)[go, None] * into[go]
        world.apply_impulses(
            table.body[rows[go]], impulses, np.asarray(points, float).reshape(-1, 2)[hit[go]]
        )


def hit_props(world, table, kinds: list[PropKind], rows, points, directions, impulse, damage) -> None:
    """Bullets hit props ``rows`` (k,; a prop may repeat) at ``points`` (k, 2) flying along unit
    ``directions`` (k, 2): each knocks its prop by ``impulse`` along itself and hurts it by ``damage``
    (each one number, or one per row)."""
    rows = np.asarray(rows, np.int64)
    impulse = np.asarray(impulse, float).reshape(-1, 1)
    world.apply_impulses(table.body[rows], impulse * np.asarray(directions, float), points)
    breakable = kind_numbers(kinds).breakable[table.kind[rows]]
    damage = np.asarray(damage, float)
    np.subtract.at(table.health, rows[breakable], damage[breakable] if damage.ndim else damage)


def burn_fuses(table, dt: float) -> None:
    """Lit fuses burn down; a prop whose fuse reaches 0 has no health left (it goes this tick)."""
    lit = np.isfinite(table.fuse)
    if lit.any():
        table.fuse[lit] -= dt
        table.health[lit & (table.fuse <= 0.0)] = 0.0


Emit = Callable[..., None]


def step_props(
    world,
    table,
    kinds: list[PropKind],
    rules: PropRules,
    dt: float,
    rng,
    emit: Emit,
    layers: Layers,
    hurt_actors: Callable[[float, float, PropKind], None],
    joints: dict | None = None,
) -> None:
    """One tick of props: the world's step, impacts, poses, and what breaks or blows.

    ``emit(kind, x, y, nx, ny, value)`` makes an event; ``hurt_actors(x, y, kind)`` lets the
    simulation hurt and knock its actors by a blast; a joint of ``joints`` (id -> its level spot and anchors)
    that broke is a ``joint_broke`` event at its anchor, and leaves ``joints``. Returns ``impact_hurts`` of the step: what
    the props that hit something fast do to it (the simulation hurts and knocks its actors among them).
    """
    if not len(table):
        world.step(dt)  # (the player's turret turns on its joint, props or none)
        return _no_hurts()
    flying = world.velocities(table.body)[:, :2]  # before the step: how each prop came at what it hit
    contacts = world.step(dt)
    for joint in contacts.joints_broken.tolist() if joints else ():  # (``joints``: id -> (spot, anchors))
        made = joints.pop(joint, None)
        if made is not None:
            emit("joint_broke", *made[0].points[0], 0.0, 0.0, 0.0)
    began = contacts.began
    # Which rows the new contacts' bodies are, once for the sounds and the hurts alike.
    rows = (rows_of(table, began[:, 0]), rows_of(table, began[:, 1])) if len(began) else None
    _impacts(world, table, rules, contacts, emit, rows)
    hurts = impact_hurts(table, rules, contacts, flying, rows, kinds)
    _sync(world, table)
    table.columns["age"] = table.age + dt
    _settle(world, table, rules, dt)
    # Blasts may break more props, which may blast in turn: until nothing more goes this tick.
    for _ in range(len(table) + 1):
        breakable = kind_numbers(kinds).breakable[table.kind]
        gone = np.flatnonzero((table.health <= 0.0) & breakable)
        if len(gone) and joints:
            gone = _come_loose(world, table, kinds, gone, joints, emit)
        if not len(gone):
            break
        thrown = []
        for row in gone.tolist():
            kind = kinds[int(table.kind[row])]
            x, y, angle = float(table.x[row]), float(table.y[row]), float(table.angle[row])
            velocity = world.velocity(int(table.body[row]))
            world.remove(int(table.body[row]))
            if kind.explosive:
                emit("explosion", x, y, value=kind.blast_radius)
                _blast(
                    world, table, kinds, rules, x, y, kind, layers.prop | layers.debris, layers.walls, gone
                )
                hurt_actors(x, y, kind)
            else:
                emit("prop_broke", x, y, value=kind.health)
            if kind.debris:
                thrown.append((kind, x, y, angle, velocity))
        keep = np.ones(len(table), bool)
        keep[gone] = False
        table.keep(keep)
        for kind, x, y, angle, velocity in thrown:
            _scatter(world, table, kinds, rules, kind, x, y, angle, velocity, rng, layers)
    _cap_debris(world, table, kinds, rules)
    _clear_faded(world, table, rules)
    return hurts


def _come_loose(world, table, kinds, rows, joints: dict, emit: Emit) -> np.ndarray:
    """Of the props ``rows`` whose health ran out, those a level's joint holds (a door on its hinge, a
    crate on its rope) come loose instead of breaking: each such joint goes, a ``joint_broke`` event
    at its anchor, and the prop's health is whole again (shot on, the loose prop breaks). Returns
    the rows that break."""
    breaking = []
    for row in rows.tolist():
        held = [j for j in world.joints(int(table.body[row])).tolist() if j in joints]
        for joint in held:
            world.remove_joint(joint)
            emit("joint_broke", *joints.pop(joint)[0].points[0], 0.0, 0.0, 0.0)
        if held:
            table.health[row] = kinds[int(table.kind[row])].health
        else:
            breaking.append(row)
    return np.asarray(breaking, np.int64)


def _settle(world, table, rules: PropRules, dt: float) -> None:
    """Debris's clocks after a step: ``still`` counts while a piece is asleep or slower than
    ``settle_speed`` (and ``settle_spin``), back to 0 when it moves; ``fade`` counts once the piece
    has lain still ``debris_settle`` seconds or is ``debris_life`` old, and goes on counting (a
    piece knocked while it fades fades on)."""
    debris = np.flatnonzero(table.debris)
    if not len(debris):
        return
    bodies = table.body[debris]
    v = world.velocities(bodies)
    still = ~world.awake(bodies) | (
        (np.hypot(v[:, 0], v[:, 1]) < rules.settle_speed) & (np.abs(v[:, 2]) < rules.settle_spin)
    )
    table.still[debris] = np.where(still, table.still[debris] + dt, 0.0)
    fading = (
        (table.fade[debris] > 0.0)
        | (table.still[debris] >= rules.debris_settle)
        | (table.age[debris] >= rules.debris_life)
    )
    table.fade[debris] = np.where(fading, table.fade[debris] + dt, 0.0)


def opacity(table, rules: PropRules) -> np.ndarray:
    """How opaque each row is drawn, 0..1: props 1; debris 1 until it starts to fade (settled, or
    ``debris_life`` old: ``_settle``), then down linearly to 0 over ``debris_fade`` seconds."""
    fade = np.clip(1.0 - table.fade / max(rules.debris_fade, 1e-9), 0.0, 1.0)
    return np.where(table.debris, fade, 1.0)


def _clear_faded(world, table, rules: PropRules) -> None:
    """Debris faded out (``debris_fade`` seconds into its fade) leaves the world and the table."""
    gone = table.debris & (table.fade >= rules.debris_fade)
    if gone.any():
        world.remove_bodies(table.body[gone])
        table.keep(~gone)


class Hurts(NamedTuple):
    """Bodies hit hard by props in a step: ids (k,), damage (k,), the unit direction (k, 2) the prop
    flew in (along its velocity before the step; the contact's normal away from the prop when it
    barely moved) and the contact's impulse (k,; mass × px/s)."""

    bodies: np.ndarray
    damage: np.ndarray
    direction: np.ndarray
    impulse: np.ndarray


def _no_hurts() -> Hurts:
    return Hurts(np.zeros(0, np.int64), np.zeros(0), np.zeros((0, 2)), np.zeros(0))


def impact_hurts(table, rules: PropRules, contacts, flying=None, rows=None, kinds=None) -> Hurts:
    """The contacts that began this step between a prop (not debris) and a body that is no prop,
    whose impulse J passes ``mass × hurt_speed``: ``hurt_per_impulse × (J − mass × hurt_speed)``
    damage, at most ``max_hurt``, to the other body (walls among them: the caller keeps its actors).
    ``hurt_speed`` is the prop's kind's where ``kinds`` is given and the kind sets one, else the rules'.

    ``flying`` (rows of the table, (n, 2) px/s) is each prop's velocity before the step: the hurt's
    direction is along it (the contact's normal away from the prop where it is under 1 px/s, or
    when ``flying`` is None). ``rows``: ``rows_of`` the table for both columns of ``contacts.began``,
    when the caller has them."""
    began = contacts.began
    if not len(began) or not len(table):
        return _no_hurts()
    first, second = rows if rows is not None else (rows_of(table, began[:, 0]), rows_of(table, began[:, 1]))
    row = np.where(first >= 0, first, second)
    one = ((first >= 0) != (second >= 0)) & ~table.debris[row]
    speed = rules.hurt_speed
    if kinds is not None:
        own = kind_numbers(kinds).hurt_speed[table.kind[row]]
        speed = np.where(own > 0.0, own, rules.hurt_speed)
    damage = rules.hurt_per_impulse * (contacts.impulse - table.mass[row] * speed)
    keep = np.flatnonzero(one & (damage > 0.0))
    other = np.where(first >= 0, began[:, 1], began[:, 0])
    # The normal points from the first body to the second: away from the prop when it is first.
    away = (contacts.normal * np.where(first >= 0, 1.0, -1.0)[:, None])[keep]
    if flying is not None and len(keep):
        v = np.asarray(flying, float)[row[keep]]
        speed = np.hypot(v[:, 0], v[:, 1])
        away = np.where((speed >= 1.0)[:, None], v / np.maximum(speed, 1e-300)[:, None], away)
    return Hurts(other[keep], np.minimum(damage[keep], rules.max_hurt), away, contacts.impulse[keep])


def _impacts(world, table, rules: PropRules, contacts, emit: Emit, rows) -> None:
    """The strongest new contacts and knocks that involve a prop, as ``prop_impact`` events (value:
    0..1 loudness); ``rows`` as ``impact_hurts``' (None when none began). A knock is a hit (the
    world's ``hit_speed``) of a pair that did not begin this step, a resting crate rammed: its
    impulse is reckoned as its speed times the lighter moving body's mass."""
    found = []  # (impulse, point, normal)
    if len(contacts.began):
        props = (rows[0] >= 0) | (rows[1] >= 0)
        for k in np.flatnonzero(props & (contacts.impulse >= rules.quiet_impact)).tolist():
            found.append((float(contacts.impulse[k]), contacts.point[k], contacts.normal[k]))
    if len(contacts.hits):
        began = set(map(tuple, contacts.began.tolist()))
        hit_rows = (rows_of(table, contacts.hits[:, 0]), rows_of(table, contacts.hits[:, 1]))
        for k in np.flatnonzero((hit_rows[0] >= 0) | (hit_rows[1] >= 0)).tolist():
            pair = tuple(contacts.hits[k].tolist())
            if pair in began:
                continue
            masses = [world.mass(b).mass for b in pair if world.body_type(b) == "dynamic"]
            impulse = float(contacts.hit_speed[k]) * min(masses, default=0.0)
            if impulse >= rules.quiet_impact:
                found.append((impulse, contacts.hit_point[k], contacts.hit_normal[k]))
    if not found:
        return
    found.sort(key=lambda f: -f[0])
    span = rules.loud_impact - rules.quiet_impact
    for impulse, point, normal in found[: rules.max_impacts]:
        loud = min(1.0, (impulse - rules.quiet_impact) / span)
        emit("prop_impact", point[0], point[1], normal[0], normal[1], max(0.05, loud))


def _sync(world, table) -> None:
    """Poses from the world for every prop, in one read (a sleeping prop's pose is where it sleeps)."""
    if len(table.body):
        poses = world.transforms(table.body)
        table.x[:], table.y[:], table.angle[:] = poses[:, 0], poses[:, 1], poses[:, 2]


def _knock(world, body: int, impulse, point, most: float) -> None:
    """``world.apply_impulse``, then the body's speed cut to ``most`` px/s (no prop outruns the
    walls' speculative contacts, ``PropRules.max_speed``)."""
    world.apply_impulse(body, impulse, point)
    vx, vy, w = world.velocity(body)
    speed = math.hypot(vx, vy)
    if speed > most:
        world.set_velocity(body, (vx * most / speed, vy * most / speed), w)


def _blast(world, table, kinds, rules: PropRules, x, y, kind: PropKind, mask: int, walls: int, gone) -> None:
    """Throw and hurt the props a blast reaches (actors are the simulation's); light explosive ones."""
    reach = blast_reach(world, x, y, kind.blast_radius, mask, walls)
    rows = rows_of(table, reach.bodies)
    for k in np.flatnonzero(rows >= 0).tolist():
        row = int(rows[k])
        if row in gone:
            continue
        share = float(reach.share[k])
        body = int(table.body[row])
        push = kind.blast_impulse * share
        _knock(
            world, body, (push * reach.direction[k, 0], push * reach.direction[k, 1]), None, rules.max_speed
        )
        victim = kinds[int(table.kind[row])]
        if not victim.breakable:
            continue
        table.health[row] -= kind.blast_damage * share
        if victim.explosive and table.health[row] <= 0.0 and not np.isfinite(table.fuse[row]):
            table.health[row] = 1e-9  # not gone yet: its fuse burns first
            table.fuse[row] = rules.chain_delay


def _scatter(world, table, kinds, rules: PropRules, kind: PropKind, x, y, angle, velocity, rng, layers):
    """``kind.debris`` pieces thrown out of (x, y) in a fan, each started where no wall is."""
    index = next(i for i, k in enumerate(kinds) if k.name == kind.debris_kind)
    piece = kinds[index]
    vx0, vy0, _ = velocity
    c, s = math.cos(angle), math.sin(angle)
    for j in range(kind.debris):
        a = 2.0 * math.pi * (j + rng.random()) / kind.debris
        if kind.more_parts:
            # A compound's pieces come out of its parts in turn, each about its part's box centre
            # (the prop's origin, its image's centre, may be in the notch of an L: no wood there).
            lo_x, lo_y, hi_x, hi_y = parts_box((kind.parts[j % len(kind.parts)],))
            cx, cy = 0.5 * (lo_x + hi_x), 0.5 * (lo_y + hi_y)
            ox, oy = x + c * cx - s * cy, y + s * cx + c * cy
            reach = 0.3 * min(hi_x - lo_x, hi_y - lo_y)
        else:  # (one part: as ever, so the replays' debris falls where it did)
            ox, oy, reach = x, y, 0.3 * min(kind.width, kind.height)
        r = reach * rng.random()
        px, py = ox + r * math.cos(a), oy + r * math.sin(a)
        turn = angle + rng.uniform(-math.pi, math.pi)
        if _in_walls(world, piece, (px, py, turn), layers.walls):
            px, py = ox, oy
            if _in_walls(world, piece, (px, py, turn), layers.walls):
                continue  # the prop sat in a corner too tight for this piece: none
        speed = rules.debris_speed * (0.5 + 0.5 * rng.random())
        add_prop(
            world,
            table,
            kinds,
            index,
            px,
            py,
            turn,
            layers,
            True,
            (vx0 + speed * math.cos(a), vy0 + speed * math.sin(a)),
            rng.uniform(-12.0, 12.0),
        )


def _in_walls(world, kind: PropKind, xf, walls: int) -> bool:
    """Whether any part of ``kind`` at ``xf`` overlaps a body of layers ``walls``."""
    return any(len(world.query_shape(part, xf, walls)) for part in kind.parts)


def _cap_debris(world, table, kinds, rules: PropRules) -> None:
    """Only the ``max_debris`` youngest pieces of debris stay."""
    debris = np.flatnonzero(table.debris)
    extra = len(debris) - rules.max_debris
    if extra <= 0:
        return
    oldest = debris[np.argsort(-table.age[debris], kind="stable")[:extra]]
    world.remove_bodies(table.body[oldest])
    keep = np.ones(len(table), bool)
    keep[oldest] = False
    table.keep(keep)
