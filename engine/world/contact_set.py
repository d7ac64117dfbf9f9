"""A step's contacts: found from the broad phase's candidates, warm-started
from the last step's, and reported when they begin and end.

Outline of a step's contacts (Box2D v3 ``b2UpdateContact`` and
``b2PrepareContactsTask``), in three compiled calls around the solve:

1. ``reach_boxes``: every body's box grown by how far it can reach this step
   (the speculative distance plus its speed times dt), for the broad phase;
2. ``find_contacts``: each candidate pair with at least one awake dynamic
   body and no sensor (of those between two dynamic bodies, each body's
   ``pileup.MAX_BODY_CONTACTS`` nearest; see ``pileup.nearest_contacts``)
   is keyed by its body ids (smaller first) and put in
   key order (the solver colours those between two dynamic bodies first and
   those with a static or kinematic body after them, each in this order);
   then each gets a manifold
   (``collision.manifold``) with a margin of the speculative distance
   (Box2D v3's fixed 4 slops) between two dynamic bodies, and with a static
   or kinematic body the speculative distance plus how far the pair can
   close this step, so a fast body meets a wall as a speculative point
   before it can pass it (see ``find_contacts``), or last step's manifold
   recycled while the pair barely moved; a point whose feature id the same
   pair had last step starts from last step's impulses (warm starting,
   Box2D's exact-id match; an unmatched point starts from zero);
3. after the solve, ``finish_contacts``: the contacts are kept by key for the
   next step, with those of sleeping islands carried on untouched (as Box2D
   keeps them with the island: no "ended" when it falls asleep, no "began"
   and a warm start when it wakes), and the pairs that began or ended
   touching are reported.

Last step's contacts (ascending keys) are met by merging, not searching:
``find_contacts`` and ``finish_contacts`` each walk them alongside the step's
rows (ascending keys too) in one pass, and while no contact is carried on,
the step's rows are kept as they are; while the pairs are last step's too,
``find_contacts`` writes each row over its own (see there).

Touching: a contact touches when it pushed during the step, or one of its
points is within ``slop`` of touching (separation ≤ slop); a speculative
point farther out that took no impulse does not.

Frames and signs as in ``solver``: world frame, normals from the pair's
first body (smaller id) to its second.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..collision.epa import MAX_EPA_VERTICES, ROW
from ..collision.jit import empty_rows, first_rows, inline, kernel, unmanaged, viewed_record
from ..collision.manifold import manifold_pair
from ..collision.shapes import H_BOUND, H_RADIUS
from ..collision.transform import relative_transform
from .chains import chain_manifold
from .pairs import _in_key_order
from .pileup import MAX_BODY_CONTACTS, nearest_contacts
from .solver import NO_CONSTRAINTS

#: A kept manifold is recycled while its pair has turned less than this
#: (cos 0.9998: 1.1°) since it was computed. Box2D v3 allows 11.5° and 10
#: slops; with those, a 1,000-body pile here never slept in 40 s (bursts to
#: 0.46 m/s from stale points), with 1.1° and 0.2 slops it sleeps.
RECYCLE_COS = 0.9998


#: Columns of a cached manifold's row (``KeptContacts.cached``): the manifold as it was computed,
#: in the first body's frame, to recycle while the pair barely moves: the relative pose then
#: (cos, sin, tx, ty of B in A's frame), the normal (A's frame), and per point j the midpoint
#: fixed to A (A's frame, at ``K_POINT_A + 2 j``), fixed to B (B's frame, ``K_POINT_B + 2 j``)
#: and the separation (``K_SEPARATION + j``). One row of 16 numbers (two cache lines) per
#: contact, not five arrays: a row is copied from step to step in one piece, and a kernel
#: returns one array where it returned five (numba boxes each array it returns: ~1 µs each).
K_POSE, K_NORMAL, K_POINT_A, K_POINT_B, K_SEPARATION = 0, 4, 6, 10, 14
K_WIDTH = 16


class KeptContacts(NamedTuple):
    """Last step's contacts by key (ascending): their points' ids and impulses,
    whether they touched, how many points, and their cached manifolds."""

    keys: np.ndarray
    ids: np.ndarray
    normal_impulse: np.ndarray
    tangent_impulse: np.ndarray
    touching: np.ndarray
    count: np.ndarray
    #: (k, ``K_WIDTH``) cached manifolds (see ``K_POSE``).
    cached: np.ndarray


def no_contacts() -> KeptContacts:
    return KeptContacts(
        np.zeros(0, np.int64), np.zeros((0, 2), np.int64), np.zeros((0, 2)), np.zeros((0, 2)),
        np.zeros(0, np.bool_), np.zeros(0, np.int64), np.zeros((0, K_WIDTH)),
    )  # fmt: skip


class ContactEvents(NamedTuple):
    """What touched in a step (Box2D v3.1's contact, hit and sensor events), as arrays.

    Body pairs and shape pairs come row for row: ``began[k]`` holds the bodies of the shapes
    ``began_shapes[k]``, the first shape on the first body (in a world of one shape a body they
    are the same array). Each pair's smaller body id comes first; two shapes of one body pair
    with another body twice, one row each.

    - ``began`` (k, 2) body ids of pairs that began touching, ``began_shapes`` (k, 2) their
      shapes, ``normal`` (k, 2) from the first body to the second, ``point`` (k, 2) where they
      touch (world; the deepest point) and ``impulse`` (k,) the normal impulse the contact took
      over the step (mass × speed: what a sound or damage scales with).
    - ``ended`` (j, 2) body ids of pairs that stopped touching, ``ended_shapes`` (j, 2) their
      shapes: also when a shape or body of theirs is removed or made a sensor (reported by the
      next step), never when a body falls asleep (Box2D keeps a sleeping island's contacts).
    - ``hits`` (h, 2) body ids and ``hit_shapes`` (h, 2) of touching pairs that closed faster
      than ``World.hit_speed`` as the step began and took an impulse (Box2D's hit events:
      a resting crate struck again hits), with ``hit_point`` (h, 2) the point that closed
      fastest, ``hit_normal`` (h, 2) first → second and ``hit_speed`` (h,) that speed.
    - ``sensor_began`` and ``sensor_ended`` (s, 2): (sensor shape, visitor shape) rows, the
      overlaps that began or ended by the end of the step (a sensor sees no sensor, and no
      shape of its own body).
    - ``joints_broken`` (ids): the joints whose force or torque passed their break threshold in
      the step, removed; ``joints_removed`` (ids): the joints removed with their bodies since the
      last step (Box2D main's joint events).
    """

    began: np.ndarray
    normal: np.ndarray
    point: np.ndarray
    impulse: np.ndarray
    ended: np.ndarray
    began_shapes: np.ndarray
    ended_shapes: np.ndarray
    hits: np.ndarray
    hit_shapes: np.ndarray
    hit_point: np.ndarray
    hit_normal: np.ndarray
    hit_speed: np.ndarray
    sensor_began: np.ndarray
    sensor_ended: np.ndarray
    joints_broken: np.ndarray = np.zeros(0, np.int64)
    joints_removed: np.ndarray = np.zeros(0, np.int64)


class FoundEvents(NamedTuple):
    """What ``finish_contacts`` finds, by shape ids (``ContactEvents``' fields of the same names;
    the step makes the record, so a compiled call boxes each array once)."""

    began: np.ndarray
    normal: np.ndarray
    point: np.ndarray
    impulse: np.ndarray
    ended: np.ndarray
    hits: np.ndarray
    hit_point: np.ndarray
    hit_normal: np.ndarray
    hit_speed: np.ndarray


@inline
def _recycled(kept, p, xa, ya, ca, sa, xb, yb, cb, sb, recycle_distance):
    """Whether kept contact ``p`` can stand for this step's manifold: the pair
    moved less than ``recycle_distance`` and turned less than ``RECYCLE_COS`` says
    relative to each other since it was computed (Box2D v3's contact recycling)."""
    c, s, tx, ty = relative_transform(xa, ya, ca, sa, xb, yb, cb, sb)
    pose = kept.cached[p]
    moved = (tx - pose[K_POSE + 2]) ** 2 + (ty - pose[K_POSE + 3]) ** 2
    turned = c * pose[K_POSE] + s * pose[K_POSE + 1]  # cos of the turn since
    return moved < recycle_distance * recycle_distance and turned > RECYCLE_COS, c, s, tx, ty


@kernel
def reach_boxes(bodies, motion, n, moving, speculative, dt, fat, max_speed, max_spin, margin):
    """The broad phase's boxes for a step (outline, step 1): each body's box grown
    by how far it can reach in ``dt`` (``speculative`` plus its speed times dt,
    plus the way a placed body was moved from where the last step left it;
    a static body's box as it is), and a moving body's by ``margin`` more (its fat
    box: 90 µs of numpy over smash's 9,600 rows). Returns (boxes (n, 4), the slots of ``moving``
    that can push (neither sensors nor meeting nothing), which static and
    kinematic bodies move this step (placed since the last step, or a kinematic
    body with a velocity), the movers: the slots
    of the awake dynamic bodies and of the kinematic bodies with a velocity,
    ascending, as the solver moves them, whether every moving body's box (before
    ``margin``) lies within its row of ``fat`` (the boxes the broad phase last ran on: no
    new candidate can be found while they hold; fewer than n rows: no), and
    how many dynamic bodies are awake and how many asleep). One pass for what
    the step asked of several numpy calls (each a few µs on a small world, and
    several times that at the start of a step, its code and data cold).

    First, each awake dynamic body's velocity is brought within the step's caps
    (``max_speed``, world units/s, and ``max_spin``, rad/s), as Box2D v3 caps it when it
    integrates velocities: a velocity set or pushed past them (up to ``World``'s
    ``MAX_SPEED``) would otherwise reach the contacts' margins and the solver's float32
    lanes, where 1e9 units/s left a head-on hit ±64 units/s of rounding sideways."""
    xf = bodies.xf
    vel, start, root, reach = motion.vel, motion.start, motion.root, motion.reach
    boxes = np.empty((n, 4))
    moving_fixed = np.zeros(n, np.bool_)
    movers = np.empty(n, np.int64)
    n_movers, n_awake, n_asleep = 0, 0, 0
    fits = fat.shape[0] >= n
    max_speed2 = max_speed * max_speed
    for i in range(n):
        # A body's first shape's row (its root) holds the body: its motion, its moves; each of its
        # rows grows by how far the body reaches (the root's rows come first: body before shapes).
        r = root[i]
        placed = xf[r, 0] != start[r, 0] or xf[r, 1] != start[r, 1] or xf[r, 2] != start[r, 2]
        grow = 0.0
        if not bodies.static[i]:
            if motion.dynamic[i] and motion.awake[i] and r == i:
                speed2 = vel[i, 0] * vel[i, 0] + vel[i, 1] * vel[i, 1]
                if speed2 > max_speed2:
                    scale = max_speed / np.sqrt(speed2)
                    vel[i, 0], vel[i, 1] = vel[i, 0] * scale, vel[i, 1] * scale
                vel[i, 2] = min(max(vel[i, 2], -max_spin), max_spin)
            grow = speculative + dt * _reach_speeds(vel, reach, r)[0]
            if r != i:
                pass  # (a body's other shapes: the body is its root's row)
            elif motion.dynamic[i]:
                if motion.awake[i]:
                    movers[n_movers] = i
                    n_movers += 1
                    n_awake += 1
                else:
                    n_asleep += 1
            else:
                with_velocity = vel[i, 0] != 0.0 or vel[i, 1] != 0.0 or vel[i, 2] != 0.0
                moving_fixed[i] = placed or with_velocity
                if with_velocity:
                    movers[n_movers] = i
                    n_movers += 1
        elif r == i:
            moving_fixed[i] = placed  # a wall moved since the last step: what it touched wakes
        if placed:  # a placed body swept the way from where it was (and turned: its reach about it)
            grow += np.hypot(xf[r, 0] - start[r, 0], xf[r, 1] - start[r, 1])
            if r != i:
                grow += abs(xf[r, 2] - start[r, 2]) * reach[r]
        lo_x, lo_y = bodies.boxes[i, 0] - grow, bodies.boxes[i, 1] - grow
        hi_x, hi_y = bodies.boxes[i, 2] + grow, bodies.boxes[i, 3] + grow
        if not bodies.static[i]:
            fits = (
                fits and fat[i, 0] <= lo_x and fat[i, 1] <= lo_y and hi_x <= fat[i, 2] and hi_y <= fat[i, 3]
            )
            lo_x, lo_y, hi_x, hi_y = lo_x - margin, lo_y - margin, hi_x + margin, hi_y + margin
        boxes[i, 0], boxes[i, 1], boxes[i, 2], boxes[i, 3] = lo_x, lo_y, hi_x, hi_y
    pushers = np.empty(moving.shape[0], np.int64)
    k = 0
    for s in moving:
        if not bodies.sensor[s] and bodies.mask[s] != 0:
            pushers[k] = s
            k += 1
    return boxes, pushers[:k], moving_fixed, movers[:n_movers], fits, n_awake, n_asleep


@kernel
def find_contacts(bodies, motion, candidates, speculative, flat, dt, kept, recycle_distance, last):
    """Manifolds of the candidate slot pairs that take part in the step
    (outline, step 2); returns (constraints, keys, point ids, cached
    manifolds), rows ascending by key, a and b turned so a holds the
    smaller id, impulses warm-started from ``kept``. A body with more than
    ``MAX_BODY_CONTACTS`` pairs with other dynamic bodies (a pile-up) keeps
    its nearest (``pileup.nearest_contacts``).

    The pairs are keyed and put in key order first, so each row is written
    once where it belongs, and ``kept`` (ascending keys) is met by one merge;
    each body's cos and sin are computed once. When they needed sorting,
    ``candidates`` (the step's own, in no order the broad phase promises)
    is left reordered, the pairs taken first in key order: while it stands,
    the next steps' pairs come in order and need no sort (6 of a resting
    40-row pyramid's 96 µs).

    In place: when the pairs are last step's, in the same order, and ``kept`` holds last step's
    own rows (``last``, the constraints it returned; no contact was carried on), each row is
    written over its own last step's row, not into new arrays, and a pair whose manifold now has
    no point keeps its row with ``count`` 0 (the solver gives it no lane, and it touches nothing:
    what the step computes is that of dropping it). A recycled row's cached manifold, key and ids
    then stay where they are, and the step's contacts take the memory they were read from:
    streaming 0.7 MB of new rows through the cache every step took 40 µs of a 40-row pyramid's
    step once pymunk and pybox2d had run beside it.

    The margin: between two dynamic bodies Box2D v3's fixed ``speculative``
    (a pair whose boxes, ``bodies.boxes`` as they are, are farther apart
    than that is dropped before its manifold); with a static or kinematic
    body, ``speculative`` plus how far the pair can close in ``dt``. Box2D
    uses the fixed distance there too and relies on its continuous pass
    (``step``) alone; measured here, that let a needle thrown at 142 per
    second pass through a wall: the first step's pass stops its tip at the
    wall, the hit spins it up to the rotation cap, and with one point at the
    tip the next step swings its body through the wall, where a speculative
    point at its far end stops it (``test_dynamics_stability``); and a crate
    thrown fast at a kinematic actor passed through it (``test_props``)."""
    bodies, motion, candidates = viewed_record(bodies), viewed_record(motion), unmanaged(candidates)
    data, offsets, shape, xf = bodies.data, bodies.offsets, bodies.shape, bodies.xf
    # 1. The pairs that take part, keyed.
    k_max = candidates.shape[0]
    pair = np.empty((k_max, 2), np.int64)
    pair_keys = np.empty(k_max, np.int64)
    pair_stiff = np.empty(k_max, np.bool_)
    source = np.empty(k_max, np.int64)
    # Each body's pairs with another dynamic body, for the cap on them (``pileup``).
    degree = np.zeros(xf.shape[0], np.int64)
    most = np.int64(0)
    m = np.int64(0)  # (not a literal 0: numba would compile ``nearest_contacts`` for that too)
    root = motion.root
    for k in range(k_max):
        a, b = candidates[k, 0], candidates[k, 1]
        if bodies.sensor[a] or bodies.sensor[b]:
            continue
        # The pair's bodies: their roots' rows (a body's shapes never meet each other).
        ra, rb = root[a], root[b]
        if ra == rb:
            continue
        live_a = motion.dynamic[ra] and motion.awake[ra]
        live_b = motion.dynamic[rb] and motion.awake[rb]
        if not (live_a or live_b):
            continue
        # A sleeping body is woken (``step``) before it takes part again.
        if (motion.dynamic[ra] and not motion.awake[ra]) or (motion.dynamic[rb] and not motion.awake[rb]):
            continue
        stiff = motion.inv_mass[ra] == 0.0 or motion.inv_mass[rb] == 0.0
        if not stiff and _apart(bodies.boxes, a, b, speculative):
            continue
        if bodies.ids[a] > bodies.ids[b]:
            a, b = b, a
        pair[m, 0], pair[m, 1] = a, b
        pair_keys[m] = (bodies.ids[a] << 32) | bodies.ids[b]
        pair_stiff[m] = stiff
        source[m] = k
        m += 1
        if not stiff:
            degree[a] += 1
            degree[b] += 1
            most = max(most, degree[a], degree[b])
    if most > MAX_BODY_CONTACTS:  # a pile-up: each body's nearest (``pileup.nearest_contacts``)
        m = nearest_contacts(pair, pair_keys, pair_stiff, source, m, degree, xf)
    # 2. By key. (The solver colours the contacts between two dynamic bodies first and the stiff ones
    # after them, each in this order; ``kept`` is met in one merge, and ``finish_contacts`` can keep
    # these rows as they are.) Sorted once: the candidates are then left in that order, and while the
    # broad phase's candidates stand, the next steps find their pairs in order already.
    n_kept = kept.keys.shape[0]
    in_place = False
    if _ascending(pair_keys, m):
        order = np.arange(m)
        in_place = (
            m == n_kept
            and m == last.a.shape[0]
            and m > 0
            and kept.normal_impulse.ctypes.data == last.normal_impulse.ctypes.data
            and _same_keys(pair_keys, kept.keys, m)
        )
    else:
        order = _in_key_order(pair_keys[:m])
        _put_in_order(candidates, source, order)

    if in_place:
        cons, cache, keys, ids = last, kept.cached, kept.keys, kept.ids
    else:
        # Every field of every row is written below (no zeros first: 0.7 MB on a 40-row pyramid).
        cons = empty_rows(NO_CONSTRAINTS, m)
        cache = np.empty((m, K_WIDTH))
        keys = np.empty(m, np.int64)
        ids = np.empty((m, 2), np.int64)
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly = unmanaged(polytope)
    # cos and sin of each body's angle, and how fast any point of it can move, computed when
    # first needed (once a body, not once a row: the square roots were a sixth of the time).
    trig = np.empty((xf.shape[0], 2))
    speed = np.empty(xf.shape[0])
    spin = np.empty(xf.shape[0])
    known = np.zeros(xf.shape[0], np.bool_)
    limit = recycle_distance / dt  # the fastest a recycled pair may move relative to each other
    rows = 0
    p = 0
    for r in range(m):
        e = order[r]
        a, b, key = pair[e, 0], pair[e, 1], pair_keys[e]
        while p < n_kept and kept.keys[p] < key:
            p += 1
        found = p < n_kept and kept.keys[p] == key
        for i in (a, b):
            if not known[i]:
                trig[i, 0], trig[i, 1] = math.cos(xf[i, 2]), math.sin(xf[i, 2])
                speed[i], spin[i] = _reach_speeds(motion.vel, motion.reach, root[i])
                known[i] = True
        oa, ob = offsets[shape[a]], offsets[shape[b]]
        closing = dt * (speed[a] + speed[b])
        xa, ya, xb, yb = xf[a, 0], xf[a, 1], xf[b, 0], xf[b, 1]
        ca, sa, cb, sb = trig[a, 0], trig[a, 1], trig[b, 0], trig[b, 1]
        # Last step's row of this pair, read before this row is written (in place it is the same row).
        kept_count, id0, id1 = 0, np.int64(0), np.int64(0)
        n0, n1, t0, t1 = 0.0, 0.0, 0.0, 0.0
        if found:
            kept_count, id0, id1 = kept.count[p], kept.ids[p, 0], kept.ids[p, 1]
            n0, n1 = kept.normal_impulse[p, 0], kept.normal_impulse[p, 1]
            t0, t1 = kept.tangent_impulse[p, 0], kept.tangent_impulse[p, 1]
        # Recycled while the pair moves relative to each other less than the recycling distance in
        # the step (the manifold is the pair's relative pose's): a stack carried along, or settling
        # as one, keeps its manifolds, where the two bodies' own speeds added up had a 40-row
        # pyramid compute 2,380 afresh for its first 70 steps (450 against 80 µs a step). The two
        # speeds added bound the relative one from above: checked first, as it is known already.
        reuse = False
        if kept_count > 0 and (
            closing < recycle_distance
            or _still_together(motion.vel, root[a], root[b], spin[a] + spin[b], limit)
        ):
            reuse, c, s, tx, ty = _recycled(kept, p, xa, ya, ca, sa, xb, yb, cb, sb, recycle_distance)
        if reuse:
            # The kept manifold, its points carried along with B since it was computed.
            count = kept_count
            row = kept.cached[p]
            lnx, lny = row[K_NORMAL], row[K_NORMAL + 1]
            nx, ny = ca * lnx - sa * lny, sa * lnx + ca * lny
            for j in range(count):
                pax, pay = row[K_POINT_A + 2 * j], row[K_POINT_A + 2 * j + 1]
                qx, qy = row[K_POINT_B + 2 * j], row[K_POINT_B + 2 * j + 1]
                qx, qy = c * qx - s * qy + tx, s * qx + c * qy + ty
                cons.separation[rows, j] = row[K_SEPARATION + j] + (qx - pax) * lnx + (qy - pay) * lny
                mx, my = 0.5 * (pax + qx), 0.5 * (pay + qy)
                cons.point[rows, j, 0], cons.point[rows, j, 1] = (
                    xa + ca * mx - sa * my,
                    ya + sa * mx + ca * my,
                )
                # Warm start (3. below) without searching: the same points, so point j takes kept
                # point j's impulses, or the second's where both carry one id, as the search would.
                second = j == 1 or (count > 1 and id1 == id0)
                cons.normal_impulse[rows, j] = n1 if second else n0
                cons.tangent_impulse[rows, j] = t1 if second else t0
            if not in_place:  # (in place: the same row's ids and cached manifold, where they are)
                ids[rows, 0], ids[rows, 1] = id0, id1
                for d in range(K_WIDTH):  # the whole row: a one-point manifold's second point is zeros
                    cache[rows, d] = row[d]
            for j in range(count, 2):
                cons.point[rows, j, 0], cons.point[rows, j, 1], cons.separation[rows, j] = 0.0, 0.0, 0.0
                ids[rows, j], cons.normal_impulse[rows, j], cons.tangent_impulse[rows, j] = 0, 0.0, 0.0
        else:
            margin = speculative + closing if pair_stiff[e] else speculative
            # A round vertex's second point only on a body that cannot turn (see ``manifold``).
            flat_a = flat if motion.inv_inertia[root[a]] == 0.0 else 0.0
            flat_b = flat if motion.inv_inertia[root[b]] == 0.0 else 0.0
            mf = manifold_pair(
                data, oa, data, ob, xa, ya, ca, sa, xb, yb, cb, sb, margin, flat_a, flat_b, poly
            )
            if motion.one_sided[a] or motion.one_sided[b]:
                # A chain segment: one-sided, and its ghost vertices' rule (``chains``, after Box2D
                # v3's ``b2CollideChainSegmentAndPolygon``); the other's centre is its box's.
                seg_a = motion.one_sided[a]
                g, o = (a, b) if seg_a else (b, a)
                mf = chain_manifold(
                    mf, data, offsets[shape[g]], xf[g, 0], xf[g, 1], trig[g, 0], trig[g, 1], motion.ghost[g],
                    offsets[shape[o]], xf[o, 0], xf[o, 1], trig[o, 0], trig[o, 1],
                    0.5 * (bodies.boxes[o, 0] + bodies.boxes[o, 2]), 0.5 * (bodies.boxes[o, 1] + bodies.boxes[o, 3]),
                    seg_a, margin,
                )  # fmt: skip
            if mf.count == 0 and not in_place:
                continue
            # (In place, a pair of no point keeps its row, of count 0: see above.)
            count, nx, ny = mf.count, mf.nx, mf.ny
            cons.point[rows, 0, 0], cons.point[rows, 0, 1] = 0.5 * (mf.a1x + mf.b1x), 0.5 * (mf.a1y + mf.b1y)
            cons.point[rows, 1, 0], cons.point[rows, 1, 1] = 0.5 * (mf.a2x + mf.b2x), 0.5 * (mf.a2y + mf.b2y)
            cons.separation[rows, 0], cons.separation[rows, 1] = mf.s1, mf.s2
            ids[rows, 0], ids[rows, 1] = mf.id1, mf.id2
            # Cache it in A's frame (the midpoints fixed to A and to B) to recycle next steps.
            c, s, tx, ty = relative_transform(xa, ya, ca, sa, xb, yb, cb, sb)
            cache[rows, K_POSE], cache[rows, K_POSE + 1], cache[rows, K_POSE + 2], cache[rows, K_POSE + 3] = (
                c, s, tx, ty,
            )  # fmt: skip
            cache[rows, K_NORMAL], cache[rows, K_NORMAL + 1] = ca * nx + sa * ny, -sa * nx + ca * ny
            for j in range(count):
                dx, dy = cons.point[rows, j, 0] - xa, cons.point[rows, j, 1] - ya
                cache[rows, K_POINT_A + 2 * j], cache[rows, K_POINT_A + 2 * j + 1] = (
                    ca * dx + sa * dy, -sa * dx + ca * dy,
                )  # fmt: skip
                dx, dy = cons.point[rows, j, 0] - xb, cons.point[rows, j, 1] - yb
                cache[rows, K_POINT_B + 2 * j], cache[rows, K_POINT_B + 2 * j + 1] = (
                    cb * dx + sb * dy, -sb * dx + cb * dy,
                )  # fmt: skip
                cache[rows, K_SEPARATION + j] = cons.separation[rows, j]
            for j in range(count, 2):  # a one-point manifold's second point: zeros
                for d in (K_POINT_A + 2 * j, K_POINT_A + 2 * j + 1, K_POINT_B + 2 * j, K_POINT_B + 2 * j + 1):
                    cache[rows, d] = 0.0
                cache[rows, K_SEPARATION + j] = 0.0
            for j in range(2):  # no impulse but the warm start's (3. below)
                cons.normal_impulse[rows, j], cons.tangent_impulse[rows, j] = 0.0, 0.0
            # 3. Warm start: the same features, last step's impulses.
            for j in range(count):
                for q in range(kept_count):
                    if (id1 if q == 1 else id0) == ids[rows, j]:
                        cons.normal_impulse[rows, j] = n1 if q == 1 else n0
                        cons.tangent_impulse[rows, j] = t1 if q == 1 else t0
        cons.a[rows], cons.b[rows], cons.count[rows] = (
            root[a],
            root[b],
            count,
        )  # (the bodies the solver pushes)
        cons.normal[rows, 0], cons.normal[rows, 1] = nx, ny
        # Box2D's mixing: friction by geometric mean, restitution by the larger.
        cons.friction[rows] = np.sqrt(motion.friction[a] * motion.friction[b])
        cons.restitution[rows] = max(motion.restitution[a], motion.restitution[b])
        cons.rolling[rows] = max(motion.rolling[a], motion.rolling[b]) * max(
            data[oa + H_BOUND] + data[oa + H_RADIUS], data[ob + H_BOUND] + data[ob + H_RADIUS]
        )
        cons.stiff[rows] = pair_stiff[e]
        cons.total_impulse[rows, 0], cons.total_impulse[rows, 1] = 0.0, 0.0  # (the solver's to write)
        cons.approach[rows, 0], cons.approach[rows, 1] = 0.0, 0.0
        if not in_place:
            keys[rows] = key
        rows += 1
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view
    return first_rows(cons, rows), keys[:rows], ids[:rows], cache[:rows]


@inline
def _ascending(keys, m):
    """Whether the first ``m`` keys rise (a key is never met twice)."""
    for e in range(1, m):  # noqa: SIM110 (a loop: numba compiles no generator expression for ``all``)
        if keys[e - 1] >= keys[e]:
            return False
    return True


@inline
def _same_keys(pair_keys, keys, m):
    """Whether the first ``m`` pair keys are ``keys``, in order."""
    for e in range(m):  # noqa: SIM110 (a loop: numba compiles no generator expression for ``all``)
        if pair_keys[e] != keys[e]:
            return False
    return True


@inline
def _put_in_order(candidates, source, order):
    """Reorder the rows of ``candidates``: first those of the pairs taken (``source``: each pair's
    row), in ``order``, then the others as they were."""
    held = candidates.copy()
    taken = np.zeros(held.shape[0], np.bool_)
    for r in range(order.shape[0]):
        k = source[order[r]]
        candidates[r, 0], candidates[r, 1] = held[k, 0], held[k, 1]
        taken[k] = True
    r = order.shape[0]
    for k in range(held.shape[0]):
        if not taken[k]:
            candidates[r, 0], candidates[r, 1] = held[k, 0], held[k, 1]
            r += 1


@inline
def _apart(boxes, a, b, gap):
    """Whether the boxes of slots ``a`` and ``b`` are more than ``gap`` apart along x or y."""
    return (
        boxes[b, 0] - boxes[a, 2] > gap
        or boxes[a, 0] - boxes[b, 2] > gap
        or boxes[b, 1] - boxes[a, 3] > gap
        or boxes[a, 1] - boxes[b, 3] > gap
    )


@inline
def _reach_speeds(vel, reach, r):
    """How fast any point of the body at root row ``r`` can move, and how much of that its turn
    makes: (|v| + |w|·reach, |w|·reach), its reach taken about the body's origin."""
    spin = abs(vel[r, 2]) * reach[r]
    return np.sqrt(vel[r, 0] * vel[r, 0] + vel[r, 1] * vel[r, 1]) + spin, spin


@inline
def _still_together(vel, a, b, spin, limit):
    """Whether bodies ``a`` and ``b`` move relative to each other slower than ``limit`` at any of their
    points: |v_b − v_a| + ``spin`` (each one's |w|·reach, added) below it, without a square root."""
    room = limit - spin
    dvx, dvy = vel[b, 0] - vel[a, 0], vel[b, 1] - vel[a, 1]
    return room > 0.0 and dvx * dvx + dvy * dvy < room * room


@inline
def _fastest_point(cons, r, hit_speed):
    """The point of contact row ``r`` that closed fastest, faster than ``hit_speed``, and took
    impulse (Box2D's hit event), or -1."""
    best, fastest = -1, hit_speed
    for j in range(cons.count[r]):
        if cons.approach[r, j] > fastest and cons.total_impulse[r, j] > 0.0:
            best, fastest = j, cons.approach[r, j]
    return best


@kernel
def finish_contacts(cons, keys, ids, cached, kept, slot_of, root, dynamic, awake, slop, hit_speed):
    """After the solve (outline, step 3): which contacts touch, the step's events,
    and the contacts kept for the next step. Returns (touching (rows,),
    ``FoundEvents`` (shape ids), ``KeptContacts``).

    A hit is Box2D v3.1's: a contact with a point that closed faster than
    ``hit_speed`` as the step began and took impulse in it (a speculative point
    that never touched is no hit); the fastest such point is the hit's.

    A contact touches when it pushed this step or a point is within ``slop``
    of touching. The rows and ``kept`` (both ascending by key) are met in one
    merge: a pair that touches now and did not begins, one that touched and
    does not now (or is gone) ends, and a kept contact not met again whose
    body sleeps now is carried on untouched (Box2D keeps a sleeping island's
    contacts: no "ended" when it falls asleep, no "began" when it wakes).
    ``began`` and ``ended`` are in key order.

    When no contact is carried on (no body sleeps next to one that moves),
    the step's own arrays are kept as they are, not copied: a 40-row
    pyramid's are 2,380 rows of 22 numbers, copied every step."""
    rows, n_kept = keys.shape[0], kept.keys.shape[0]
    touching = np.zeros(rows, np.bool_)
    for r in range(rows):
        for j in range(cons.count[r]):
            if cons.separation[r, j] <= slop or cons.total_impulse[r, j] > 0.0:
                touching[r] = True
    was = np.zeros(rows, np.bool_)
    ended = np.empty((n_kept, 2), np.int64)
    carried = np.zeros(n_kept, np.bool_)
    n_ended, n_carried = 0, 0
    r = 0
    for p in range(n_kept):
        key = kept.keys[p]
        first, second = key >> 32, key & 0xFFFFFFFF
        while r < rows and keys[r] < key:
            r += 1
        if r < rows and keys[r] == key:
            was[r] = kept.touching[p]
            gone = was[r] and not touching[r]
        elif _sleeps(first, slot_of, root, dynamic, awake) or _sleeps(second, slot_of, root, dynamic, awake):
            # Not met this step, and a body of it sleeps: carried on.
            carried[p] = True
            n_carried += 1
            gone = False
        else:
            gone = kept.touching[p]
        if gone:
            ended[n_ended, 0], ended[n_ended, 1] = first, second
            n_ended += 1
    # The contacts that began and the hits, counted in one pass and written in another.
    n_began, n_hits = 0, 0
    fastest = np.empty(rows, np.int64)
    for r in range(rows):
        if touching[r] and not was[r]:
            n_began += 1
        fastest[r] = _fastest_point(cons, r, hit_speed)
        if fastest[r] >= 0:
            n_hits += 1
    began = np.empty((n_began, 2), np.int64)
    normal = np.empty((n_began, 2))
    point = np.empty((n_began, 2))
    impulse = np.empty(n_began)
    hits = np.empty((n_hits, 2), np.int64)
    hit_point = np.empty((n_hits, 2))
    hit_normal = np.empty((n_hits, 2))
    speed = np.empty(n_hits)
    k, h = 0, 0
    for r in range(rows):
        if touching[r] and not was[r]:
            began[k, 0], began[k, 1] = keys[r] >> 32, keys[r] & 0xFFFFFFFF
            normal[k, 0], normal[k, 1] = cons.normal[r, 0], cons.normal[r, 1]
            deepest = 1 if cons.count[r] > 1 and cons.separation[r, 1] < cons.separation[r, 0] else 0
            point[k, 0], point[k, 1] = cons.point[r, deepest, 0], cons.point[r, deepest, 1]
            impulse[k] = cons.total_impulse[r, 0] + cons.total_impulse[r, 1]
            k += 1
        j = fastest[r]
        if j >= 0:
            hits[h, 0], hits[h, 1] = keys[r] >> 32, keys[r] & 0xFFFFFFFF
            hit_point[h, 0], hit_point[h, 1] = cons.point[r, j, 0], cons.point[r, j, 1]
            hit_normal[h, 0], hit_normal[h, 1] = cons.normal[r, 0], cons.normal[r, 1]
            speed[h] = cons.approach[r, j]
            h += 1
    events = FoundEvents(began, normal, point, impulse, ended[:n_ended], hits, hit_point, hit_normal, speed)
    if n_carried == 0:
        return (
            touching,
            events,
            KeptContacts(keys, ids, cons.normal_impulse, cons.tangent_impulse, touching, cons.count, cached),
        )
    q_count = rows + n_carried
    out = KeptContacts(
        np.empty(q_count, np.int64), np.empty((q_count, 2), np.int64), np.empty((q_count, 2)),
        np.empty((q_count, 2)), np.empty(q_count, np.bool_), np.empty(q_count, np.int64),
        np.empty((q_count, K_WIDTH)),
    )  # fmt: skip
    r, p = 0, 0
    for q in range(q_count):  # the rows and the carried contacts, by key (no key is in both)
        while p < n_kept and not carried[p]:
            p += 1
        if p >= n_kept or (r < rows and keys[r] < kept.keys[p]):
            _keep_row(out, q, keys[r], ids, cons.normal_impulse, cons.tangent_impulse, touching, cons.count,
                      cached, r)  # fmt: skip
            r += 1
        else:
            _keep_row(out, q, kept.keys[p], kept.ids, kept.normal_impulse, kept.tangent_impulse,
                      kept.touching, kept.count, kept.cached, p)  # fmt: skip
            p += 1
    return touching, events, out


@inline
def _sleeps(shape, slot_of, root, dynamic, awake):
    """Whether the body of shape id ``shape`` is in the world and asleep (a removed one is not)."""
    if shape >= slot_of.shape[0]:
        return False
    s = slot_of[shape]
    if s < 0:
        return False
    r = root[s]
    return dynamic[r] and not awake[r]


@inline
def _keep_row(out, q, key, ids, normal_impulse, tangent_impulse, touching, count, cached, r):
    """Row ``r`` of a contact's fields into row ``q`` of ``out``."""
    out.keys[q], out.touching[q], out.count[q] = key, touching[r], count[r]
    for j in range(2):
        out.ids[q, j] = ids[r, j]
        out.normal_impulse[q, j], out.tangent_impulse[q, j] = normal_impulse[r, j], tangent_impulse[r, j]
    for d in range(K_WIDTH):
        out.cached[q, d] = cached[r, d]


__all__ = [
    "K_WIDTH",
    "ContactEvents",
    "KeptContacts",
    "find_contacts",
    "finish_contacts",
    "no_contacts",
    "reach_boxes",
]
