"""The checker's own checks: what a loadable level can still get wrong.

The loader (``game.tiled.read_level``) reports everything about the file
itself; these checks run on the ``Level`` it returns, in world pixels (y up),
with the engine's queries and the player's shape:

- errors: the player start or a spawn inside a wall (the hitbox of the
  actor the game puts there, at angle 0 as it places them, overlaps it),
  a pickup inside a wall (its point is);
- warnings: a gap between two walls that the player's real hull (its
  hitbox from ``assets/actors.tsj``) cannot pass at any angle, where it
  fits on both sides of the gap (``narrow_gaps``), an area (or a marker) the player's hitbox cannot
  reach from the start turning as it needs (``reach``), two walls that
  overlap and could be one (never two tiles: painted tiles overlap by
  design), a very thin wall; and what tile collision gets wrong (``tiles``).

Hitboxes come from ``hitbox.actor_parts`` (the actors' own data).

Every finding names the object it is about (a wall made by a tile by its
painted cell, ``layer:tile-x,y (tileset id)``) and where to mark it on a
hitbox sheet. What lies outside the map is the loader's to say (one owner:
its findings carry ``code == OUTSIDE_MAP``: a marker outside is an error the game
refuses the map with too, a wall, prop or joint outside a warning; the checks
below take such walls and props as they are, the reach grid covering the map).

Bounded work: pairs of nearby boxes (wall parts, markers, placements) come
from the world's own walls' grid (``engine.world.box_pairs``: the wall parts
in a grid, each other box walking it as a body walks the world's walls) and
are compared in the engine's batch kernels; more than ``MAX_PAIRS`` pairs or
``MAX_SWEEP_STEPS`` boxes looked at is one error instead of the check. The gap check looks at up to
``MAX_GAP_BOX_PAIRS`` pairs by their boxes alone and measures only those that could be two walls'
closest (``_closest_candidates``): those count against ``MAX_PAIRS``. Each kind of warning lists at most
``MAX_LISTED`` findings, then one line with how many more.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from engine.collision import (
    Capsule,
    Circle,
    DistanceBatch,
    Ellipse,
    ShapeTable,
    Transform,
    contacts_batch,
    distances_batch,
    intersects_batch,
)
from engine.world.box_pairs import pairs_among
from game.geometry import overlap
from game.geometry.overlap import TooMany, checked, first_overlaps, part_table
from game.level import Finding, Level, Wall

from .hitbox import actor_parts, narrowest_way, player_parts, player_width, reach_radius
from .parts import Part, finding, marker_word, wall_name, wall_parts
from .reach import unreachable
from .tiles import sealed_markers, shapes_leaving_tiles

#: Pickups are points: one is inside a wall when this tiny disc around it overlaps the wall.
POINT_SHAPE = Circle(0.5)
#: Walls thinner than this (px, across their narrowest way) are hard to see and to aim at.
THIN_WALL = 6.0
#: Overlaps shallower than this (px) are walls that merely touch.
OVERLAP_SLACK = 1.0
#: Walls closer than this (px) are one obstacle with a seam, not a gap: nothing passes, nothing to fix.
SEAM = 0.5
#: The most pairs of nearby boxes (wall parts, markers) the checker compares shape by shape, and the
#: most boxes the grid walks look at to find them: beyond either, the check is refused with one
#: error (a real level has a few hundred pairs; these keep a hostile file to a few seconds).
MAX_PAIRS = 1_000_000
MAX_SWEEP_STEPS = 50_000_000
#: Findings of one kind listed per level; past this, one more line says how many were left out.
MAX_LISTED = 200


def check_level(level: Level, file: str, known: list[Finding] | tuple = ()) -> list[Finding]:
    """Run every check on a loaded level; ``file`` is how findings name it. ``known`` are the
    findings so far (the loader's, as the checker grades them): an error on the player start
    there (outside the map, say) means there is no start to reach anything from."""
    parts = wall_parts(level)
    findings = []
    stuck = markers_in_walls(level, parts, file)
    findings += stuck
    findings += narrow_gaps(parts, file)
    findings += overlapping_walls(parts, file)
    findings += thin_walls(level, file)
    # The checks that start from the player start need one the map gives (or ``--from``).
    if level.start_given and not any(
        f.severity == "error" and f.object_id == level.player_start.object_id for f in (*known, *findings)
    ):
        lost = unreachable(level, parts, file, skip={f.object_id for f in stuck})
        findings += lost
        findings += sealed_markers(level, parts, file, {f.object_id for f in lost if f.object_id is not None})
    findings += shapes_leaving_tiles(level, parts, file)
    return findings


def near_parts(parts: list[Part], boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(part, box) index arrays of the wall parts and ``boxes`` (rows min_x, min_y, max_x, max_y) that
    touch or overlap (``game.geometry.overlap.near_parts``) under the checker's limits; raises
    ``TooMany`` past them."""
    return overlap.near_parts(parts, boxes, MAX_PAIRS, MAX_SWEEP_STEPS)


def _too_many(file: str, what: str, pairs: int | None = None) -> Finding:
    return Finding(
        "error",
        file,
        None,
        "",
        f"too many walls and markers close together to check {what}: more than {pairs or MAX_PAIRS:,} "
        f"nearby pairs (or {MAX_SWEEP_STEPS:,} box comparisons), the checker's limit",
    )


def _body(level: Level, marker) -> tuple[tuple, str]:
    """What the game puts at a marker, at angle 0 as it places them, and its words: the player's
    hitbox at the start, the enemy's at its spawn, a tiny disc for a pickup (its point)."""
    if marker in level.pickups:
        return (POINT_SHAPE,), ""
    if marker is level.player_start:
        return player_parts(), "the player's hitbox"
    try:
        return actor_parts(marker.kind), f"a {marker.kind}'s hitbox"
    except KeyError:
        return player_parts(), "the player's hitbox"


def markers_in_walls(level: Level, parts: list[Part], file: str) -> list[Finding]:
    """The start or a spawn where the actor the game puts there would overlap a wall (its hitbox at
    angle 0, as the game places it), or a pickup inside one (``game.geometry.overlap``, the test the
    loader's start-mover makes too)."""
    markers = ((level.player_start,) if level.start_given else ()) + (*level.spawns, *level.pickups)
    if not parts or not markers:
        return []
    bodies = [_body(level, m) for m in markers]
    try:
        first = first_overlaps(
            parts, [body for body, _ in bodies], [(m.x, m.y) for m in markers], MAX_PAIRS, MAX_SWEEP_STEPS
        )
    except TooMany:
        return [_too_many(file, "whether markers are inside walls")]
    found = []
    for m, marker in enumerate(markers):
        if first[m] < 0:
            continue
        wall = parts[first[m]].wall
        word = marker_word(level, marker)
        body = bodies[m][1]
        problem = f"{word} is inside {wall_name(wall)}"
        if body:
            problem += f": {body} placed there overlaps it"
        found.append(finding("error", file, marker, problem, (marker.x, marker.y)))
    return found


def _near_pairs(parts: list[Part], margin: float) -> np.ndarray:
    """(k, 2) indices of parts of different walls whose boxes come within ``margin`` of each other,
    smaller first; raises ``TooMany`` past the checker's limits."""
    boxes = np.array([p.box for p in parts], np.float64).reshape(-1, 4)
    return checked(pairs_among(boxes, _part_walls(parts), margin, MAX_PAIRS, MAX_SWEEP_STEPS))


def _wall_pairs(ids: np.ndarray, pairs: np.ndarray, value: np.ndarray, keep: np.ndarray):
    """For each pair of walls (``ids`` of the parts' walls), the kept part pair with the smallest
    ``value``, as arrays in the order of the walls' indexes (lower, then higher): its row of ``pairs``
    and the two walls' indexes (lower, higher). Arrays, not a tuple per pair: a level of thousands
    of small walls has hundreds of thousands of them."""
    rows = np.flatnonzero(keep)
    a, b = ids[pairs[rows, 0]], ids[pairs[rows, 1]]
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    order = np.lexsort((value[rows], hi, lo))
    first = np.ones(len(order), bool)
    first[1:] = (lo[order][1:] != lo[order][:-1]) | (hi[order][1:] != hi[order][:-1])
    chosen = order[first]
    return rows[chosen], lo[chosen], hi[chosen]


def _part_walls(parts: list[Part]) -> np.ndarray:
    """The wall index of each part."""
    return np.array([p.index for p in parts], np.int64)


def _per_wall_pair(parts: list[Part], pairs: np.ndarray, value: np.ndarray, keep: np.ndarray):
    """For each pair of walls, the kept part pair with the smallest ``value``: (value, p, q, index) each."""
    rows, _, _ = _wall_pairs(_part_walls(parts), pairs, value, keep)
    return [(float(value[k]), parts[pairs[k, 0]], parts[pairs[k, 1]], int(k)) for k in rows.tolist()]


def _left_out(file: str, total: int, what: str) -> list[Finding]:
    if total <= MAX_LISTED:
        return []
    return [
        Finding(
            "warning",
            file,
            None,
            "",
            f"{total - MAX_LISTED:,} more {what} not listed (the first {MAX_LISTED} are)",
        )
    ]


def _wall_pair_key(p: Part, q: Part) -> tuple[int, int]:
    return tuple(sorted((p.index, q.index)))


#: Angles the player's hull is tried at, in a gap and beside it, besides the one that puts its
#: narrowest way across the gap.
GAP_TURNS = 16
#: Placements tested against the walls in one batch (the pair limits hold per batch).
GAP_BATCH = 4096


def _hull_free(parts: list[Part], body: tuple, at: np.ndarray) -> np.ndarray | None:
    """For each placement (x, y, angle) of the hull ``body``, whether it overlaps no wall part (the
    engine's batched ``intersects``); None past the checker's pair limits."""
    free = np.ones(len(at), bool)
    if not parts or not len(at):
        return free
    radius = reach_radius(body)
    table, part_xf = part_table(parts)
    shapes = [table.add(shape) for shape in body]
    for start in range(0, len(at), GAP_BATCH):
        chunk = at[start : start + GAP_BATCH]
        boxes = np.column_stack(
            [chunk[:, 0] - radius, chunk[:, 1] - radius, chunk[:, 0] + radius, chunk[:, 1] + radius]
        )
        try:
            part_k, at_k = near_parts(parts, boxes)
        except TooMany:
            return None
        if not len(part_k):
            continue
        for shape in shapes:
            hit = intersects_batch(
                table, np.full(len(at_k), shape, np.int64), chunk[at_k], part_k, part_xf[part_k]
            )
            free[start + at_k[hit]] = False
    return free


def _both_free(parts: list[Part], body: tuple, rows: list, gaps: int) -> np.ndarray | None:
    """For each gap k: whether some placement of group 2k and some of group 2k + 1 are free; ``rows``
    are (group, x, y, angle). None past the checker's pair limits."""
    table = np.array(rows, np.float64).reshape(-1, 4)
    free = _hull_free(parts, body, table[:, 1:])
    if free is None:
        return None
    groups = np.zeros(2 * gaps, bool)
    groups[table[free, 0].astype(np.int64)] = True
    return groups[0::2] & groups[1::2]


def _facing(p: Part, q: Part, mid: tuple[float, float], normal: tuple[float, float]) -> tuple[float, float]:
    """Where two parts face each other along the gap between them: the interval of positions along the
    gap (the unit vector across it turned a quarter, from ``mid``) that both parts' boxes cover."""
    tx, ty = -normal[1], normal[0]

    def extent(box) -> tuple[float, float]:
        along = [(x - mid[0]) * tx + (y - mid[1]) * ty for x in (box[0], box[2]) for y in (box[1], box[3])]
        return min(along), max(along)

    (a0, a1), (b0, b1) = extent(p.box), extent(q.box)
    return min(max(a0, b0), 0.0), max(min(a1, b1), 0.0)


def _passes(parts: list[Part], gaps: list, mids: np.ndarray, normals: np.ndarray, body: tuple):
    """For each gap (its closest points' midpoint and the unit normal across it): whether the hull fits
    in it at some angle (its narrowest way across the gap, either way round, or one of ``GAP_TURNS``)
    both at that midpoint and halfway along where the two walls face each other (``_facing``): a hull
    that passes must fit at the narrowest place and all along. None past the pair limits."""
    narrow, centre = narrowest_way(body)
    rows = []
    for k, ((mx, my), (nx, ny)) in enumerate(zip(mids.tolist(), normals.tolist(), strict=True)):
        lo, hi = _facing(gaps[k][1], gaps[k][2], (mx, my), (nx, ny))
        across = math.atan2(ny, nx)
        for which, along in ((0, 0.0), (1, (lo + hi) / 2)):
            px, py = mx - ny * along, my + nx * along
            for flip in (0.0, math.pi):
                angle = across - narrow + flip
                # Moved back by the middle of its narrow extent, so that extent is centred in the gap.
                cx, cy = centre * math.cos(angle + narrow), centre * math.sin(angle + narrow)
                rows.append((2 * k + which, px - cx, py - cy, angle))
            for turn in range(GAP_TURNS):
                rows.append((2 * k + which, px, py, 2.0 * math.pi * turn / GAP_TURNS))
    return _both_free(parts, body, rows, len(mids))


#: Angles the hull is tried at beside each end of a gap, just past it (by its reach and a pixel). Only
#: there: a place further on may lie behind a wall that closes the gap's end.
BESIDE_TURNS = 16


def _beside(parts: list[Part], gaps: list, mids: np.ndarray, normals: np.ndarray, body: tuple):
    """For each gap: whether the hull fits beside it at BOTH ends (just past where its two walls face
    each other, on the gap's line or moved across it by half a reach or a reach, at one of
    ``BESIDE_TURNS`` angles): the gap joins two places the player can be. None past the checker's pair
    limits."""
    reach = reach_radius(body)
    rows = []
    for k, ((mx, my), (nx, ny)) in enumerate(zip(mids.tolist(), normals.tolist(), strict=True)):
        lo, hi = _facing(gaps[k][1], gaps[k][2], (mx, my), (nx, ny))
        for side, end, sign in ((0, lo, -1.0), (1, hi, 1.0)):
            far = end + sign * (reach + 1.0)
            # Also moved across, either way: one wall of a gap often runs on past the other's end.
            for shift in (0.0, -reach / 2, reach / 2, -reach, reach):
                x, y = mx - ny * far + nx * shift, my + nx * far + ny * shift
                for turn in range(BESIDE_TURNS):
                    rows.append((2 * k + side, x, y, 2.0 * math.pi * turn / BESIDE_TURNS))
    return _both_free(parts, body, rows, len(mids))


#: The most pairs of nearby wall parts the gap check looks at by their boxes' distance (a few numbers
#: each): only those that could be a pair of walls' closest are measured shape by shape, and those
#: count against ``MAX_PAIRS``. Fifteen 1,000-point star tiles in a row (501 parts each, the loader's
#: parts limit) make 2.75 million, of which 27 are measured.
MAX_GAP_BOX_PAIRS = 4_000_000


def _closest_candidates(parts: list[Part], table: ShapeTable, xf: np.ndarray, limit: float):
    """The part pairs of different walls within ``limit`` (their boxes) that could hold their two
    walls' smallest positive distance, with those distances (``distances_batch``): (pairs, batch),
    pairs in the order ``pairs_among`` gives. Measuring every pair is what the gap check did before;
    two neighbouring walls of 501 spike parts each make 250,000 pairs. Here each pair of walls
    measures its pairs of nearest boxes first; the smallest positive distance
    among them bounds the rest, and only pairs whose boxes are that near are measured (a box's
    distance is never more than its shapes'), so the smallest distance of each pair of walls, and
    the first pair holding it, are the same as measuring all. Raises ``TooMany`` past
    ``MAX_GAP_BOX_PAIRS`` box pairs or ``MAX_PAIRS`` measured."""
    boxes = np.array([p.box for p in parts], np.float64).reshape(-1, 4)
    walls = _part_walls(parts)
    near, complete = pairs_among(boxes, walls, limit, MAX_GAP_BOX_PAIRS, MAX_SWEEP_STEPS)
    if not complete:
        raise TooMany(MAX_GAP_BOX_PAIRS)
    if not len(near) or len(parts) == int(walls.max()) + 1:
        # No pairs, or walls of one part each: a pair of walls is one pair of parts, all measured.
        if len(near) > MAX_PAIRS:
            raise TooMany()
        return near, distances_batch(table, near[:, 0], xf[near[:, 0]], near[:, 1], xf[near[:, 1]])
    # Column by column: millions of pairs, so no (pairs, 4) copies of their boxes.
    a, b = near[:, 0], near[:, 1]
    gx = np.maximum(np.maximum(boxes[a, 0] - boxes[b, 2], boxes[b, 0] - boxes[a, 2]), 0.0)
    gy = np.maximum(np.maximum(boxes[a, 1] - boxes[b, 3], boxes[b, 1] - boxes[a, 3]), 0.0)
    box_gap = np.hypot(gx, gy)
    del gx, gy
    group, count = _wall_pair_groups(walls[near[:, 0]], walls[near[:, 1]], int(walls.max()) + 1)
    nearest = np.full(count, np.inf)
    np.minimum.at(nearest, group, box_gap)
    first = np.flatnonzero(box_gap <= nearest[group])
    if len(first) > MAX_PAIRS:
        raise TooMany()
    d = distances_batch(table, near[first, 0], xf[near[first, 0]], near[first, 1], xf[near[first, 1]])
    bound = np.full(count, np.inf)
    positive = d.distance > 0.0
    np.minimum.at(bound, group[first[positive]], d.distance[positive])
    # A hair of slack: the narrow phase's distance may round below the boxes' by its tolerance.
    measured = np.flatnonzero(box_gap <= bound[group] * (1.0 + 1e-9) + 1e-9)
    if len(measured) > MAX_PAIRS:
        raise TooMany()
    # The first pairs are measured already (often every one that needs it).
    done = np.zeros(len(near), bool)
    done[first] = True
    rest = measured[~done[measured]]
    if not len(rest):
        return near[first], d
    more = distances_batch(table, near[rest, 0], xf[near[rest, 0]], near[rest, 1], xf[near[rest, 1]])
    both = np.concatenate([first, rest])
    order = np.argsort(both, kind="stable")  # back in ``pairs_among``'s order, as before
    return near[both[order]], DistanceBatch(*(np.concatenate([x, y])[order] for x, y in zip(d, more)))


@njit(cache=True)
def _wall_pair_groups(wall_a, wall_b, walls):
    """A group number for each part pair by its two walls, and how many groups: one linear pass, no
    sort (sorting 2.75 million pairs took 1 s). The pairs come in order of their first part, so a
    wall's pairs with the lower wall first are one run; a wall pair whose pairs fall in two runs gets
    two groups, which ``_closest_candidates`` allows (each group's bound still holds for its pairs)."""
    seen = np.full(walls, -1, np.int64)
    touched = np.empty(len(wall_a), np.int64)
    group = np.empty(len(wall_a), np.int64)
    n_touched, count, run = 0, 0, -1
    for k in range(len(wall_a)):
        lo, hi = min(wall_a[k], wall_b[k]), max(wall_a[k], wall_b[k])
        if lo != run:
            for t in range(n_touched):
                seen[touched[t]] = -1
            n_touched, run = 0, lo
        if seen[hi] < 0:
            seen[hi] = count
            count += 1
            touched[n_touched] = hi
            n_touched += 1
        group[k] = seen[hi]
    return group, count


def narrow_gaps(parts: list[Part], file: str) -> list[Finding]:
    """Two walls with a gap between them that the player's real hull cannot pass, where it could be on
    both sides of the gap (warning). Candidates are pairs of walls closer than the hull's reach
    across (a wider gap is never narrow), not touching, more than a seam apart, with no third wall
    in the middle of the gap; then the hull (``hitbox.player_parts``, from ``assets/actors.tsj``) is
    placed in the gap at its narrowest way across and at ``GAP_TURNS`` angles (the engine's
    ``intersects``), and beside it on each side: a gap is said only when the hull fits on both sides
    and at no placement in it."""
    body = player_parts()
    width, limit = player_width(), 2.0 * reach_radius(player_parts())
    table, xf = part_table(parts)
    try:
        near, d = _closest_candidates(parts, table, xf, limit)
        touching_pairs = _near_pairs(parts, 0.0)
    except TooMany as many:
        return [_too_many(file, "the gaps between walls", *many.args)]
    if not len(near):
        return []
    walls = _part_walls(parts)
    rows, lo, hi = _wall_pairs(walls, near, d.distance, (d.distance > 0.0) & (d.distance < limit))
    # A pair that also overlaps or touches somewhere is one obstacle, not a gap; a seam (walls a
    # hair apart) is one obstacle too. Pairs of walls as one number each: lower × walls + higher.
    keep = d.distance[rows] >= SEAM
    if len(touching_pairs):
        hit = intersects_batch(
            table,
            touching_pairs[:, 0],
            xf[touching_pairs[:, 0]],
            touching_pairs[:, 1],
            xf[touching_pairs[:, 1]],
        )
        a, b = walls[touching_pairs[hit, 0]], walls[touching_pairs[hit, 1]]
        span = int(walls.max()) + 1
        keep &= ~np.isin(lo * span + hi, np.minimum(a, b) * span + np.maximum(a, b))
    rows, lo, hi = rows[keep], lo[keep], hi[keep]
    # Where a third wall fills the gap between two (its midpoint lies inside it: a tile between two
    # walls), the player's hull cannot be there at all.
    mids = (d.point_a[rows] + d.point_b[rows]) / 2
    if len(rows):
        filled = _filled(parts, mids, np.column_stack([lo, hi]))
        if filled is None:
            return [_too_many(file, "the gaps between walls")]
        rows, lo, mids = rows[~filled], lo[~filled], mids[~filled]
    # Arrays up to here: a level of thousands of small walls has hundreds of thousands of candidate
    # pairs; the few left are tried with the player's hull.
    # A gap's GAP_TURNS placements at its midpoint lie nearer than the hull's reach to both its walls'
    # closest points (the gap is under two reaches), so their boxes meet at least those two parts: past
    # this many gaps the hull's placements surely meet more than ``MAX_PAIRS`` pairs in all, and the
    # check is refused here, before millions of placements are listed in Python (the batches' own
    # limit, per ``GAP_BATCH``, holds as well).
    if 2 * GAP_TURNS * len(rows) > MAX_PAIRS:
        return [_too_many(file, "the gaps between walls")]
    gaps = [(float(d.distance[k]), parts[near[k, 0]], parts[near[k, 1]], k) for k in rows.tolist()]
    found = []
    if gaps:
        across = d.point_b[rows] - d.point_a[rows]
        normals = across / np.hypot(across[:, 0], across[:, 1])[:, None]
        fits = _passes(parts, gaps, mids, normals, body)
        if fits is None:
            return [_too_many(file, "the gaps between walls")]
        keep = np.flatnonzero(~fits)
        gaps, mids, normals = [gaps[k] for k in keep], mids[keep], normals[keep]
        both = _beside(parts, gaps, mids, normals, body) if gaps else np.zeros(0, bool)
        if both is None:
            return [_too_many(file, "the gaps between walls")]
        gaps = [g for g, ok in zip(gaps, both.tolist(), strict=True) if ok]
    for gap, p, q, k in sorted(gaps, key=lambda g: _wall_pair_key(g[1], g[2]))[:MAX_LISTED]:
        key = _wall_pair_key(p, q)
        first, other = (p, q) if p.index == key[0] else (q, p)
        mid = ((d.point_a[k, 0] + d.point_b[k, 0]) / 2, (d.point_a[k, 1] + d.point_b[k, 1]) / 2)
        problem = (
            f"gap of {gap:.1f} px to {wall_name(other.wall)}: the player cannot pass it at any angle "
            f"(its hitbox is {width:.1f} px across its narrowest way) and fits on both sides"
        )
        found.append(finding("warning", file, first.wall, problem, (float(mid[0]), float(mid[1]))))
    return found + _left_out(file, len(gaps), "gaps the player cannot pass")


def _filled(parts: list[Part], points: np.ndarray, own: np.ndarray) -> np.ndarray | None:
    """For each point, whether it lies inside a wall other than its own two (``own[k]``, two wall
    indexes); None past the checker's pair limits."""
    r = POINT_SHAPE.radius
    try:
        part_k, point_k = near_parts(parts, np.column_stack([points - r, points + r]))
    except TooMany:
        return None
    inside = np.zeros(len(points), bool)
    if not len(part_k):
        return inside
    walls = _part_walls(parts)[part_k]
    mine = (walls == own[point_k, 0]) | (walls == own[point_k, 1])
    part_k, point_k = part_k[~mine], point_k[~mine]
    if not len(part_k):
        return inside
    table, part_xf = part_table(parts)
    dot = table.add(POINT_SHAPE)
    at = np.column_stack([points[point_k], np.zeros(len(point_k))])
    hit = intersects_batch(table, np.full(len(point_k), dot, np.int64), at, part_k, part_xf[part_k])
    inside[point_k[hit]] = True
    return inside


def overlapping_walls(parts: list[Part], file: str) -> list[Finding]:
    """Two walls that overlap by more than ``OVERLAP_SLACK``: they could be merged (warning)."""
    try:
        pairs = _near_pairs(parts, 0.0)
    except TooMany:
        return [_too_many(file, "which walls overlap")]
    if not len(pairs):
        return []
    table, xf = part_table(parts)
    c = contacts_batch(table, pairs[:, 0], xf[pairs[:, 0]], pairs[:, 1], xf[pairs[:, 1]])
    # Two tiles' collisions overlapping is how tiles are painted, not two walls to merge.
    tiles = np.array([p.wall.tile is not None for p in parts], bool)
    both_tiles = tiles[pairs[:, 0]] & tiles[pairs[:, 1]]
    deepest = _per_wall_pair(parts, pairs, -c.depth, c.hit & (c.depth > OVERLAP_SLACK) & ~both_tiles)
    found = []
    for neg_depth, p, q, k in sorted(deepest, key=lambda g: _wall_pair_key(g[1], g[2]))[:MAX_LISTED]:
        key = _wall_pair_key(p, q)
        first, other = (p, q) if p.index == key[0] else (q, p)
        where = c.point_a[k]
        problem = f"overlaps {wall_name(other.wall)} by {-neg_depth:.1f} px: the two could be merged into one"
        found.append(finding("warning", file, first.wall, problem, (float(where[0]), float(where[1]))))
    return found + _left_out(file, len(deepest), "overlapping walls")


def _edge_widths(points) -> tuple[np.ndarray, np.ndarray]:
    """For each edge of a convex polygon: how far the polygon reaches from its line, and its unit
    outward normal... of a counter-clockwise outline (vectorised in blocks: a 5,000-gon stays fast)."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    edges = np.roll(pts, -1, axis=0) - pts
    length = np.hypot(edges[:, 0], edges[:, 1])
    length[length == 0.0] = np.inf  # a repeated point makes no edge to measure across
    widths = np.empty(len(pts))
    block = max(1, 2**20 // max(len(pts), 1))
    for k in range(0, len(pts), block):
        e, o = edges[k : k + block], pts[k : k + block]
        across = np.abs(
            (pts[None, :, 0] - o[:, None, 0]) * e[:, None, 1]
            - (pts[None, :, 1] - o[:, None, 1]) * e[:, None, 0]
        )
        widths[k : k + block] = across.max(axis=1) / length[k : k + block]
    normals = np.column_stack([edges[:, 1], -edges[:, 0]]) / length[:, None]
    return widths, normals


def shape_width(shape) -> float:
    """How thick a convex shape is across its narrowest way.

    >>> from engine.collision import Polygon
    >>> shape_width(Polygon.box(10.0, 2.0, radius=1.0))
    6.0
    >>> shape_width(Capsule((0, 0), (50, 0), 3.0))
    6.0
    """
    if isinstance(shape, Circle):
        return 2.0 * shape.radius
    if isinstance(shape, Capsule):
        return 2.0 * shape.radius
    if isinstance(shape, Ellipse):
        return 2.0 * min(shape.rx, shape.ry)
    if len(shape.points) <= _FEW_POINTS:
        return _few_points_width(shape.points) + 2.0 * shape.radius
    widths, _ = _edge_widths(shape.points)
    return float(widths.min()) + 2.0 * shape.radius


#: Polygons of at most this many points are measured in plain floats (``_few_points_width``).
_FEW_POINTS = 8


def _few_points_width(points) -> float:
    """``_edge_widths(points)[0].min()`` for a small polygon (a wall box), in plain floats: the
    arrays cost ~30 µs a polygon, 0.25 s of the 1.6 s CPU ``check_file`` spends on a map of
    7,900 box walls (``benchmarks/levels.py``), this a few µs; the same operations in the same
    order, so the same widths."""
    n, narrowest = len(points), math.inf
    for k in range(n):
        ox, oy = points[k]
        nx, ny = points[k + 1 if k + 1 < n else 0]
        ex, ey = nx - ox, ny - oy
        length = float(np.hypot(ex, ey))  # numpy's, as ``_edge_widths``: math.hypot may differ by an ulp
        if length == 0.0:
            continue  # a repeated point makes no edge to measure across
        across = max(abs((px - ox) * ey - (py - oy) * ex) for px, py in points)
        narrowest = min(narrowest, across / length)
    return narrowest


def narrowest_direction(shape) -> tuple[float, float]:
    """The unit direction (local frame) across which a convex shape is thinnest."""
    if isinstance(shape, Capsule):
        ex, ey = shape.p2[0] - shape.p1[0], shape.p2[1] - shape.p1[1]
        n = math.hypot(ex, ey) or 1.0
        return -ey / n, ex / n
    if isinstance(shape, Ellipse):
        return (1.0, 0.0) if shape.rx <= shape.ry else (0.0, 1.0)
    if isinstance(shape, Circle):
        return 1.0, 0.0
    widths, normals = _edge_widths(shape.points)
    k = int(np.argmin(widths))
    return float(normals[k, 0]), float(normals[k, 1])


def chord(points, px: float, py: float, nx: float, ny: float) -> float:
    """Length of the line p + t·n inside a convex polygon (counter-clockwise points), by clipping t.

    >>> chord([(0, 0), (4, 0), (4, 2), (0, 2)], 1.0, 1.0, 0.0, 1.0)
    2.0
    """
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    return float(_Edges(pts, np.array([0])).chords(px, py, nx, ny)[0])


class _Edges:
    """The edges of many convex polygons, their points stacked in ``pts``, polygon k from
    ``starts[k]`` to the next start: ``chords`` clips one line against all of them in one array pass."""

    def __init__(self, pts: np.ndarray, starts: np.ndarray) -> None:
        ends = np.append(starts[1:], len(pts))
        nxt = np.arange(1, len(pts) + 1)
        nxt[ends - 1] = starts  # each polygon's last point closes back to its first
        self.x0, self.y0 = pts[:, 0].copy(), pts[:, 1].copy()
        self.ox, self.oy = pts[nxt, 1] - self.y0, self.x0 - pts[nxt, 0]  # outward normals (CCW edges)
        self.starts, self.ends = starts.astype(np.int64), ends.astype(np.int64)

    def chords(self, px: float, py: float, nx: float, ny: float) -> np.ndarray:
        lines = np.array([[px, py, nx, ny]], np.float64)
        return _chord_lengths(self.x0, self.y0, self.ox, self.oy, self.starts, self.ends, lines)[0]


@njit(cache=True)
def _chord_lengths(x0, y0, ox, oy, starts, ends, lines):
    """(lines, polygons) lengths of each line p + t·n inside each convex polygon, by clipping t
    against every edge: a point is inside where t·(n·o) <= (e0 − p)·o for each outward normal o."""
    out = np.zeros((lines.shape[0], starts.shape[0]))
    for m in range(lines.shape[0]):
        px, py, nx, ny = lines[m, 0], lines[m, 1], lines[m, 2], lines[m, 3]
        for k in range(starts.shape[0]):
            lo, hi = -np.inf, np.inf
            for e in range(starts[k], ends[k]):
                dist = (x0[e] - px) * ox[e] + (y0[e] - py) * oy[e]
                rate = nx * ox[e] + ny * oy[e]
                if rate > 0.0:
                    hi = min(hi, dist / rate)
                elif rate < 0.0:
                    lo = max(lo, dist / rate)
                elif dist < 0.0:
                    hi, lo = 0.0, 0.0
                    break
                if hi <= lo:
                    break
            out[m, k] = max(hi - lo, 0.0)
    return out


def split_wall_thickness(wall: Wall) -> float:
    """The thinnest place of a split polygon: through each part's centre, across its narrowest way,
    the length of that line inside the whole wall (its parts do not overlap, so their chords add up).
    A sliver the splitting made inside a thick wall is crossed by its neighbours, so it does not count.

    Every line is clipped against every part in one compiled pass, so a wall
    of thousands of parts is measured in a fraction of a second."""
    world = [np.array([Transform(*xf).apply(x, y) for x, y in shape.points]) for shape, xf in wall.parts]
    edges = _Edges(np.concatenate(world), np.cumsum([0] + [len(w) for w in world[:-1]]))
    lines = np.empty((len(world), 4))
    for k, ((shape, xf), part) in enumerate(zip(wall.parts, world)):
        lx, ly = narrowest_direction(shape)
        c, s = math.cos(xf[2]), math.sin(xf[2])
        cx, cy = part.mean(axis=0)
        lines[k] = cx, cy, c * lx - s * ly, s * lx + c * ly
    lengths = _chord_lengths(edges.x0, edges.y0, edges.ox, edges.oy, edges.starts, edges.ends, lines)
    return float(lengths.sum(axis=1).min())


def thin_walls(level: Level, file: str) -> list[Finding]:
    """Walls thinner than ``THIN_WALL`` across their narrowest way (warning)."""
    found = []
    for wall in level.walls:
        if wall.chain:
            continue  # a chain is a line on purpose (class chain or cave), drawn thick in the game
        split = wall.kind == "polygon" and len(wall.parts) > 1
        width = split_wall_thickness(wall) if split else min(shape_width(shape) for shape, _ in wall.parts)
        if width < THIN_WALL:
            _, xf = wall.parts[0]
            problem = (
                f"very thin wall ({width:.1f} px across; at least {THIN_WALL:g} px is easy to see and hit)"
            )
            found.append(finding("warning", file, wall, problem, (xf[0], xf[1])))
    return found
