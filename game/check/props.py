"""The checker's props checks: a prop that starts in a wall or in another prop, and props that seal a marker.

World pixels, y up; each prop's shape is its kind's (``game.tiled.prop_kinds``) at its
spot's pose, as the game places it: every convex part of a compound prop (an L-shaped
crate, a barrel rack), never their hull.

- error: a prop overlapping a wall (the engine would push it out, but which
  way is the solver's guess, not the designer's);
- warning: two props overlapping (they fly apart on the first tick), unless a joint
  that does not collide them holds them (a chain's links); three or
  more overlapping one another are one line for the lot (``_clusters``: 2,000
  crates placed on one spot were 1,999,000 lines);
- error: such a cluster where a prop overlaps more than the engine's
  ``MAX_BODY_CONTACTS`` others (a pile-up: the engine pushes them apart
  through each one's nearest few, over many ticks, and where they end is
  its guess, not the designer's);
- warning: a spawn, a pickup or an area (a room behind a crate) the player's
  hitbox reaches from the start without the props but not with them
  standing as placed (a door, a prop hinged to the world, swings open: it seals nothing) (``reach``, the same grid and real hull as the gap
  checks): the player could push them, but a stack or a heavy crate in a
  doorway may not give.
"""

from __future__ import annotations

import numpy as np

from engine import World
from engine.collision import Transform, aabb, contact
from engine.world.pileup import MAX_BODY_CONTACTS
from game.check.joints import joint_findings
from game.level import Finding, Level, Wall
from game.tiled.prop_kinds import parts_box, prop_kinds, spot_kind

from .parts import Part, finding, wall_name, wall_parts
from .reach import MIN_POCKET_CELLS, TooManyPlacements, grid_for, pockets

__all__ = ["prop_findings"]

_WALL, _PROP = 1, 2
#: px: a prop this far into a wall only touches it (the engine's own slop is about this).
_TOUCH = 0.05


def prop_findings(level: Level, file: str) -> list[Finding]:
    """Every props finding of ``level`` (none when it has no props)."""
    if not level.props:
        return []
    kinds = prop_kinds()
    return _props_findings(level, file, kinds) + joint_findings(level, file, kinds)


def _props_findings(level: Level, file: str, kinds) -> list[Finding]:
    world = World()
    # Only the wall parts whose boxes meet a prop's: a map of 7,900 walls and a few props adds a
    # handful, not every wall one by one.
    spots = np.array([parts_box(spot_kind(s, kinds).parts, (s.x, s.y, s.angle)) for s in level.props])
    parts = wall_parts(level)
    boxes = np.array([p.box for p in parts]).reshape(-1, 4)
    near = (
        (boxes[:, None, 0] <= spots[None, :, 2])
        & (spots[None, :, 0] <= boxes[:, None, 2])
        & (boxes[:, None, 1] <= spots[None, :, 3])
        & (spots[None, :, 1] <= boxes[:, None, 3])
    ).any(axis=1)
    part_of = {}
    for k in np.flatnonzero(near).tolist():
        body = world.add(
            parts[k].shape, tuple(parts[k].xf), type="static", layer=_WALL, user_data=parts[k].index
        )
        part_of[body] = parts[k]
    found = []
    bodies = {}
    for spot in level.props:
        first, *more = spot_kind(spot, kinds).parts
        xf = (float(spot.x), float(spot.y), float(spot.angle))
        # Resting on a wall is not inside it (a block a platformer map set on its ground touches it).
        walls = [
            b
            for shape in (first, *more)
            for b in world.query_shape(shape, xf, _WALL).tolist()
            if _depth(part_of[b], shape, xf) > _TOUCH
        ]
        if walls:
            wall = level.walls[world.user_data(int(walls[0]))]
            found.append(finding("error", file, spot, f"{spot.kind} starts inside {wall_name(wall)}", xf[:2]))
        body = world.add(first, xf, type="kinematic", layer=_PROP, mask=_PROP)
        for part in more:  # a compound prop: one body, so its own parts are no pair
            world.add_shape(body, part, layer=_PROP, mask=_PROP)
        bodies[body] = spot
    # Two props a joint holds without collision (a chain's links, a ball on its last) are no pair.
    joined = {frozenset((j.a, j.b)) for j in level.joints if not j.options.get("collide", False)}
    pairs = [
        (a, b)
        for a, b in world.pairs().tolist()
        if a in bodies and b in bodies and frozenset((bodies[a].object_id, bodies[b].object_id)) not in joined
    ]
    for cluster, most in _clusters(pairs):
        spots = sorted((bodies[b] for b in cluster), key=lambda s: s.object_id)
        if len(spots) == 2:
            first, second = spots
            found.append(
                finding(
                    "warning",
                    file,
                    second,
                    f"{second.kind} overlaps {first.kind} {first.object_id}: "
                    "they fly apart on the first tick",
                    (second.x, second.y),
                )
            )
            continue
        x, y = sum(s.x for s in spots) / len(spots), sum(s.y for s in spots) / len(spots)
        what = f"{len(spots):,} props overlap at ({x:.0f}, {y:.0f})"
        if most > MAX_BODY_CONTACTS:
            found.append(
                finding(
                    "error",
                    file,
                    spots[0],
                    f"{what}, some on more than {MAX_BODY_CONTACTS} others: a pile-up the engine pushes "
                    "apart over many ticks, not where they were placed",
                    (x, y),
                )
            )
        else:
            found.append(
                finding("warning", file, spots[0], f"{what}: they fly apart on the first tick", (x, y))
            )
    return found + _sealed(level, file, kinds)


def _clusters(pairs: list[tuple[int, int]]) -> list[tuple[list[int], int]]:
    """The bodies of ``pairs`` (overlapping props) in clusters, each prop with every prop it overlaps,
    directly or through others: (bodies, the most pairs one of them is in) per cluster, in order of
    its first pair. The world's pairs of a pile-up are bounded (``engine.world.pileup``): a prop
    in one is in more than ``MAX_BODY_CONTACTS`` of them, and the pile still joins up."""
    parent: dict[int, int] = {}

    def root(b: int) -> int:
        while parent.setdefault(b, b) != b:
            parent[b] = parent[parent[b]]  # halve the path
            b = parent[b]
        return b

    degree: dict[int, int] = {}
    for a, b in pairs:
        degree[a], degree[b] = degree.get(a, 0) + 1, degree.get(b, 0) + 1
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    clusters: dict[int, list[int]] = {}  # (a dict keeps its order: each cluster at its first pair)
    for body in degree:  # (each body once, in order of its first pair)
        clusters.setdefault(root(body), []).append(body)
    return [(members, max(degree[b] for b in members)) for members in clusters.values()]


def _depth(part: Part, shape, xf) -> float:
    """How deep ``shape`` at ``xf`` is in the wall part (0 when they only touch or are apart)."""
    found = contact(part.shape, tuple(part.xf), shape, xf)
    return 0.0 if found is None else float(found.depth)


def _sealed(level: Level, file: str, kinds) -> list[Finding]:
    """Markers the start reaches without the props but not with them standing where placed."""
    parts = wall_parts(level)
    extra = []
    # A door (a prop on a hinge to the world) swings open for whoever pushes it: it seals nothing.
    doors = {
        j.b if j.a is None else j.a
        for j in level.joints
        if j.kind == "hinge" and (j.a is None) != (j.b is None)
    }
    for spot in level.props:
        if spot_kind(spot, kinds).sensor or spot.object_id in doors:
            continue  # a sensor body (Solar2D's isSensor) stands in nobody's way
        shapes, xf = spot_kind(spot, kinds).parts, Transform(spot.x, spot.y, spot.angle)
        wall = Wall(spot.object_id, spot.name, "prop", tuple((shape, xf) for shape in shapes))
        index = len(level.walls) + len(extra)  # (one index a prop: its parts are one obstacle)
        extra += [Part(wall, shape, xf, aabb(shape, xf), index) for shape in shapes]
    try:
        bare, propped = grid_for(level, parts), grid_for(level, parts + extra)
    except TooManyPlacements:
        return []  # the walls' own reach check says so
    found = []
    for marker in (*level.spawns, *level.pickups):
        i, j = bare.index(marker.x, marker.y)
        window = (slice(max(j - 1, 0), j + 2), slice(max(i - 1, 0), i + 2))
        if bare.reached[window].any() and not propped.reached[window].any():
            found.append(
                finding(
                    "warning",
                    file,
                    marker,
                    f"{marker.kind} at ({marker.x:g}, {marker.y:g}) is sealed "
                    "from the player start by props (the player may push them; a heavy one may not "
                    "give)",
                    (marker.x, marker.y),
                )
            )
    # Areas: free cells the start reached before the props and no longer does.
    lost = propped._replace(
        free=bare.reached & propped.free & ~propped.reached, reached=propped.reached & False
    )
    for pocket in pockets(lost):
        if pocket.cells < MIN_POCKET_CELLS:
            break
        area = pocket.cells * lost.cell * lost.cell
        found.append(
            Finding(
                "warning",
                file,
                None,
                "",
                f"props seal an area of about {area:,.0f} px² around "
                f"({pocket.x:.0f}, {pocket.y:.0f}) from the player start (a doorway blocked?)",
                (pocket.x, pocket.y),
            )
        )
    return found
