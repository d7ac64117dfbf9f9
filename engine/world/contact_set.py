"""A step's contacts: found from the broad phase's candidates, warm-started
from the last step's, and reported when they begin and end.

Outline of a step's contacts (Box2D v3 ``b2UpdateContact`` and
``b2PrepareContactsTask``, one compiled call for the lot):

1. each candidate pair (boxes grown by the speculative reach, see
   ``speculative_reach``) with at least one awake dynamic body and no
   sensor gets a manifold (``collision.manifold``) with a margin of
   ``speculative`` plus how far the pair can close this step, so a fast
   body meets a wall as a speculative point before it can pass it;
2. the rows are keyed by the pair's body ids (smaller first) and ordered
   for the solver: contacts between two dynamic bodies, then those with a
   static or kinematic body, each by key;
3. a point whose feature id the same pair had last step starts from last
   step's impulses (warm starting, Box2D's exact-id match; an unmatched
   point starts from zero);
4. after the solve, the contacts are kept by key for the next step, with
   those of sleeping islands carried on untouched (as Box2D keeps them with
   the island: no "ended" when it falls asleep, no "began" and a warm start
   when it wakes), and the pairs that began or ended touching are reported.

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
from ..collision.jit import inline, kernel, take_rows, unmanaged, viewed_record, zeros_rows
from ..collision.manifold import manifold_pair
from ..collision.shapes import H_BOUND, H_RADIUS
from ..collision.transform import relative_transform
from .bodies import viewed
from .solver import NO_CONSTRAINTS, Constraints

#: A kept manifold is recycled while its pair has turned less than this
#: (cos 0.9998: 1.1°) since it was computed. Box2D v3 allows 11.5° and 10
#: slops; with those, a 1,000-body pile here never slept in 40 s (bursts to
#: 0.46 m/s from stale points), with 1.1° and 0.2 slops it sleeps.
RECYCLE_COS = 0.9998


class Cached(NamedTuple):
    """Each contact's manifold as it was computed, in the first body's frame, to
    recycle while the pair barely moves: the relative pose then (``pose``:
    cos, sin, tx, ty of B in A's frame), the normal (A's frame), and per point
    the midpoint fixed to A (A's frame) and to B (B's frame) and the separation."""

    pose: np.ndarray
    normal: np.ndarray
    point_a: np.ndarray
    point_b: np.ndarray
    separation: np.ndarray


class KeptContacts(NamedTuple):
    """Last step's contacts by key (ascending): their points' ids and impulses,
    whether they touched, how many points, and their cached manifolds."""

    keys: np.ndarray
    ids: np.ndarray
    normal_impulse: np.ndarray
    tangent_impulse: np.ndarray
    touching: np.ndarray
    count: np.ndarray
    cached: Cached


def empty_cached(k: int) -> Cached:
    return Cached(
        np.zeros((k, 4)), np.zeros((k, 2)), np.zeros((k, 2, 2)), np.zeros((k, 2, 2)), np.zeros((k, 2))
    )


def no_contacts() -> KeptContacts:
    return KeptContacts(
        np.zeros(0, np.int64), np.zeros((0, 2), np.int64), np.zeros((0, 2)), np.zeros((0, 2)),
        np.zeros(0, np.bool_), np.zeros(0, np.int64), empty_cached(0),
    )  # fmt: skip


class ContactEvents(NamedTuple):
    """Contacts that began or ended touching in a step.

    ``began``: (k, 2) body ids (smaller first), with ``normal`` (k, 2) from
    the first body to the second, ``point`` (k, 2) where they touch (world;
    the deepest point) and ``impulse`` (k,) the normal impulse the contact
    took over the step (mass × speed: what a sound or damage scales with).
    ``ended``: (j, 2) body ids of the pairs that stopped touching.
    """

    began: np.ndarray
    normal: np.ndarray
    point: np.ndarray
    impulse: np.ndarray
    ended: np.ndarray


@inline
def _recycled(kept, p, xa, ya, ca, sa, xb, yb, cb, sb, recycle_distance):
    """Whether kept contact ``p`` can stand for this step's manifold: the pair
    moved less than ``recycle_distance`` and turned less than ``RECYCLE_COS`` says
    relative to each other since it was computed (Box2D v3's contact recycling)."""
    c, s, tx, ty = relative_transform(xa, ya, ca, sa, xb, yb, cb, sb)
    pose = kept.cached.pose[p]
    moved = (tx - pose[2]) ** 2 + (ty - pose[3]) ** 2
    turned = c * pose[0] + s * pose[1]  # cos of the turn since
    return moved < recycle_distance * recycle_distance and turned > RECYCLE_COS, c, s, tx, ty


@kernel
def find_contacts(bodies, motion, candidates, speculative, dt, kept, recycle_distance):
    """Manifolds of the candidate slot pairs that take part in the step
    (outline, steps 1 to 3); returns (constraints, keys, point ids, cached
    manifolds), rows ordered as in step 2, a and b turned so a holds the
    smaller id, impulses warm-started from ``kept``."""
    k_max = candidates.shape[0]
    cons = zeros_rows(NO_CONSTRAINTS, k_max)
    cache = Cached(
        np.zeros((k_max, 4)),
        np.zeros((k_max, 2)),
        np.zeros((k_max, 2, 2)),
        np.zeros((k_max, 2, 2)),
        np.zeros((k_max, 2)),
    )
    keys = np.zeros(k_max, np.int64)
    ids = np.zeros((k_max, 2), np.int64)
    polytope = np.zeros((MAX_EPA_VERTICES, ROW))
    poly, bodies, motion, candidates = (
        unmanaged(polytope),
        viewed(bodies),
        viewed_record(motion),
        unmanaged(candidates),
    )
    data, offsets, shape, xf = bodies.data, bodies.offsets, bodies.shape, bodies.xf
    n_kept = kept.keys.shape[0]
    rows = 0
    for k in range(k_max):
        a, b = candidates[k, 0], candidates[k, 1]
        if bodies.sensor[a] or bodies.sensor[b]:
            continue
        live_a = motion.dynamic[a] and motion.awake[a]
        live_b = motion.dynamic[b] and motion.awake[b]
        if not (live_a or live_b):
            continue
        # A sleeping body is woken (``step``) before it takes part again.
        if (motion.dynamic[a] and not motion.awake[a]) or (motion.dynamic[b] and not motion.awake[b]):
            continue
        if bodies.ids[a] > bodies.ids[b]:
            a, b = b, a
        key = (bodies.ids[a] << 32) | bodies.ids[b]
        oa, ob = offsets[shape[a]], offsets[shape[b]]
        closing = dt * (_reach_speed(data, oa, motion.vel, a) + _reach_speed(data, ob, motion.vel, b))
        xa, ya, xb, yb = xf[a, 0], xf[a, 1], xf[b, 0], xf[b, 1]
        ca, sa, cb, sb = math.cos(xf[a, 2]), math.sin(xf[a, 2]), math.cos(xf[b, 2]), math.sin(xf[b, 2])
        p = np.searchsorted(kept.keys, key)
        found = p < n_kept and kept.keys[p] == key
        reuse = False
        if found and kept.count[p] > 0 and closing < recycle_distance:
            reuse, c, s, tx, ty = _recycled(kept, p, xa, ya, ca, sa, xb, yb, cb, sb, recycle_distance)
        if reuse:
            # The kept manifold, its points carried along with B since it was computed.
            count = kept.count[p]
            lnx, lny = kept.cached.normal[p, 0], kept.cached.normal[p, 1]
            nx, ny = ca * lnx - sa * lny, sa * lnx + ca * lny
            for j in range(count):
                pax, pay = kept.cached.point_a[p, j, 0], kept.cached.point_a[p, j, 1]
                qx, qy = kept.cached.point_b[p, j, 0], kept.cached.point_b[p, j, 1]
                qx, qy = c * qx - s * qy + tx, s * qx + c * qy + ty
                cons.separation[rows, j] = kept.cached.separation[p, j] + (qx - pax) * lnx + (qy - pay) * lny
                mx, my = 0.5 * (pax + qx), 0.5 * (pay + qy)
                cons.point[rows, j, 0], cons.point[rows, j, 1] = (
                    xa + ca * mx - sa * my,
                    ya + sa * mx + ca * my,
                )
                ids[rows, j] = kept.ids[p, j]
            cache.pose[rows, 0], cache.pose[rows, 1] = kept.cached.pose[p, 0], kept.cached.pose[p, 1]
            cache.pose[rows, 2], cache.pose[rows, 3] = kept.cached.pose[p, 2], kept.cached.pose[p, 3]
            cache.normal[rows, 0], cache.normal[rows, 1] = lnx, lny
            for j in range(count):
                for d in range(2):
                    cache.point_a[rows, j, d] = kept.cached.point_a[p, j, d]
                    cache.point_b[rows, j, d] = kept.cached.point_b[p, j, d]
                cache.separation[rows, j] = kept.cached.separation[p, j]
        else:
            m = manifold_pair(
                data, oa, data, ob, xa, ya, xf[a, 2], xb, yb, xf[b, 2], speculative + closing, poly
            )
            if m.count == 0:
                continue
            count, nx, ny = m.count, m.nx, m.ny
            cons.point[rows, 0, 0], cons.point[rows, 0, 1] = 0.5 * (m.a1x + m.b1x), 0.5 * (m.a1y + m.b1y)
            cons.point[rows, 1, 0], cons.point[rows, 1, 1] = 0.5 * (m.a2x + m.b2x), 0.5 * (m.a2y + m.b2y)
            cons.separation[rows, 0], cons.separation[rows, 1] = m.s1, m.s2
            ids[rows, 0], ids[rows, 1] = m.id1, m.id2
            # Cache it in A's frame (the midpoints fixed to A and to B) to recycle next steps.
            c, s, tx, ty = relative_transform(xa, ya, ca, sa, xb, yb, cb, sb)
            cache.pose[rows, 0], cache.pose[rows, 1], cache.pose[rows, 2], cache.pose[rows, 3] = c, s, tx, ty
            cache.normal[rows, 0], cache.normal[rows, 1] = ca * nx + sa * ny, -sa * nx + ca * ny
            for j in range(count):
                dx, dy = cons.point[rows, j, 0] - xa, cons.point[rows, j, 1] - ya
                cache.point_a[rows, j, 0], cache.point_a[rows, j, 1] = ca * dx + sa * dy, -sa * dx + ca * dy
                dx, dy = cons.point[rows, j, 0] - xb, cons.point[rows, j, 1] - yb
                cache.point_b[rows, j, 0], cache.point_b[rows, j, 1] = cb * dx + sb * dy, -sb * dx + cb * dy
                cache.separation[rows, j] = cons.separation[rows, j]
        cons.a[rows], cons.b[rows], cons.count[rows] = a, b, count
        cons.normal[rows, 0], cons.normal[rows, 1] = nx, ny
        # Box2D's mixing: friction by geometric mean, restitution by the larger.
        cons.friction[rows] = np.sqrt(motion.friction[a] * motion.friction[b])
        cons.restitution[rows] = max(motion.restitution[a], motion.restitution[b])
        cons.rolling[rows] = max(motion.rolling[a], motion.rolling[b]) * max(
            data[oa + H_BOUND] + data[oa + H_RADIUS], data[ob + H_BOUND] + data[ob + H_RADIUS]
        )
        cons.stiff[rows] = motion.inv_mass[a] == 0.0 or motion.inv_mass[b] == 0.0
        keys[rows] = key
        if found:  # 3. warm start: the same features, last step's impulses
            for j in range(count):
                for q in range(2):
                    if kept.ids[p, q] == ids[rows, j] and q < kept.count[p]:
                        cons.normal_impulse[rows, j] = kept.normal_impulse[p, q]
                        cons.tangent_impulse[rows, j] = kept.tangent_impulse[p, q]
        rows += 1
    polytope[0, 0] = 0.0  # keeps the polytope alive past its last use through the view
    # Two dynamic bodies first, then the stiff contacts: static ones get the last word.
    order = np.argsort(keys[:rows], kind="mergesort")
    stiff_last = np.empty(rows, np.int64)
    put = 0
    for pass_stiff in (False, True):
        for r in range(rows):
            if cons.stiff[order[r]] == pass_stiff:
                stiff_last[put] = order[r]
                put += 1
    return take_rows(cons, stiff_last), keys[stiff_last], ids[stiff_last], take_rows(cache, stiff_last)


@inline
def _reach_speed(data, off, vel, i):
    """How fast any point of body ``i`` can move: |v| + |w|·(its reach)."""
    speed = np.sqrt(vel[i, 0] * vel[i, 0] + vel[i, 1] * vel[i, 1])
    return speed + abs(vel[i, 2]) * (data[off + H_BOUND] + data[off + H_RADIUS])


@kernel
def touching_rows(cons, slop):
    """Whether each contact touches: it pushed this step, or a point is within
    ``slop`` of touching (a speculative point farther out that took no
    impulse does not touch)."""
    out = np.zeros(cons.a.shape[0], np.bool_)
    for r in range(cons.a.shape[0]):
        for j in range(cons.count[r]):
            if cons.separation[r, j] <= slop or cons.total_impulse[r, j] > 0.0:
                out[r] = True
    return out


def keep(
    cons: Constraints,
    keys: np.ndarray,
    ids: np.ndarray,
    touching: np.ndarray,
    cached: Cached,
    carried: KeptContacts,
) -> KeptContacts:
    """This step's contacts by key, with ``carried`` (last step's contacts of sleeping islands,
    which this step did not touch), for the next step's warm start and recycling (outline, step 4)."""
    merged = KeptContacts(keys, ids, cons.normal_impulse, cons.tangent_impulse, touching, cons.count, cached)
    if len(carried.keys):
        merged = KeptContacts(
            *(np.concatenate([new, old]) for new, old in zip(merged[:6], carried[:6], strict=True)),
            Cached(*(np.concatenate([new, old]) for new, old in zip(cached, carried.cached, strict=True))),
        )
    order = np.argsort(merged.keys, kind="stable")
    return KeptContacts(*(field[order] for field in merged[:6]), Cached(*(f[order] for f in merged.cached)))


def asleep_rows(
    kept: KeptContacts, slot_of: np.ndarray, dynamic: np.ndarray, awake: np.ndarray
) -> np.ndarray:
    """Which kept contacts have a body that is asleep now (a removed body is not): Box2D keeps a
    sleeping island's contacts, so they neither end when it falls asleep nor begin when it wakes."""
    asleep = np.zeros(len(kept.keys), np.bool_)
    for ids in (kept.keys >> 32, kept.keys & 0xFFFFFFFF):
        known = ids < len(slot_of)
        slots = np.where(known, slot_of[np.minimum(ids, len(slot_of) - 1)], -1)
        live = slots >= 0
        asleep[live] |= dynamic[slots[live]] & ~awake[slots[live]]
    return asleep


def events(
    cons: Constraints, keys: np.ndarray, touching: np.ndarray, kept: KeptContacts, carried: np.ndarray
) -> ContactEvents:
    """The pairs that began touching this step, and those that stopped (outline, step 4); the kept
    contacts ``carried`` on for a sleeping island neither end nor begin."""
    p = np.searchsorted(kept.keys, keys)
    matched = p < len(kept.keys)
    matched[matched] = kept.keys[p[matched]] == keys[matched]
    was = np.zeros(len(keys), np.bool_)
    was[matched] = kept.touching[p[matched]]
    began = np.flatnonzero(touching & ~was)
    # Kept pairs that touched and are not touching now (gone from the contacts, or apart).
    still = np.zeros(len(kept.keys), np.bool_)
    still[p[matched]] = touching[matched]
    ended = kept.keys[kept.touching & ~still & ~carried]
    deepest = np.argmin(
        np.where(np.arange(2) < cons.count[began, None], cons.separation[began], np.inf), axis=1
    )
    return ContactEvents(
        np.stack([keys[began] >> 32, keys[began] & 0xFFFFFFFF], axis=1),
        cons.normal[began],
        cons.point[began, deepest] if len(began) else np.zeros((0, 2)),
        cons.total_impulse[began].sum(axis=1),
        np.stack([ended >> 32, ended & 0xFFFFFFFF], axis=1),
    )


__all__ = [
    "ContactEvents",
    "KeptContacts",
    "asleep_rows",
    "events",
    "find_contacts",
    "keep",
    "no_contacts",
    "touching_rows",
]
