"""Islands that sleep when still and wake when something touches them.

Box2D v3's rules (``src/solver.c`` ``b2FinalizeBodiesTask``, ``src/island.c``):

- a body's sleep speed is the fastest any of its points moves,
  |v| + |ω|·(its reach from its origin); below ``threshold`` its still time
  grows by the step, above it restarts at 0; a body touching a kinematic
  body that moves (or a static body placed since the last step) is never still;
- an island is the dynamic bodies linked by touching contacts and by joints (static and
  kinematic bodies, and the world, do not link islands); it falls asleep when every body in
  it has been still for ``time_to_sleep``: their velocities become 0, they
  leave the step, and each remembers its island (the id of one of its bodies);
- a sleeping island wakes whole when an awake dynamic body or a moving
  kinematic body touches one of its bodies, or when one of its bodies is
  pushed, moved, or given a velocity through the world's API; this holds in a
  world whose islands never fall asleep (``sleep=False``) too, as Box2D links
  (and so wakes) a touching contact whatever its world's ``enableSleep``;
- a body created asleep (``World.add(..., awake=False)``, Box2D's
  ``b2BodyDef.isAwake = false``) sleeps in an island of its own; bodies created
  asleep side by side wake one by one, each woken body waking those it touches
  the step after (Box2D's sleeping contacts are not updated, so its wave
  spreads the same way); ``put_island_to_sleep`` is ``b2Body_SetAwake(false)``;
- and, as Box2D's ``b2DestroyBody`` wakes what the body touched, when a body
  it has a contact with is removed, or is a static or kinematic body that
  moves (placed, or a kinematic body's velocity): what it rested on may be gone.
  A kinematic body moves whether or not anything else is awake.

Where we differ from Box2D v3: islands are found again each step with a
union-find over the step's touching contacts (Box2D keeps them persistent
and splits them lazily). A sleeping island's contacts are kept, as Box2D
keeps them (``contact_set``).
"""

from __future__ import annotations

import numpy as np

from ..collision.jit import inline, kernel
from .membership import member_of


@inline
def _root(parent, i):
    while parent[i] != i:
        parent[i] = parent[parent[i]]  # path halving
        i = parent[i]
    return i


@kernel
def fall_asleep(cons, touching, bodies, motion, movers, moving_fixed, dt, threshold, time_to_sleep, joined):
    """Update each mover's still time and put to sleep the islands still for
    ``time_to_sleep`` (see the module); returns how many bodies fell asleep. ``joined`` (j, 2):
    the slots of the bodies each joint joins (−1: the world)."""
    n = bodies.xf.shape[0]
    dynamic, vel = motion.dynamic, motion.vel
    for m in range(movers.shape[0]):
        i = movers[m]  # (a body's root row)
        if not dynamic[i]:
            continue
        speed = np.sqrt(vel[i, 0] ** 2 + vel[i, 1] ** 2) + abs(vel[i, 2]) * motion.reach[i]
        if speed > threshold:
            motion.sleep_time[i] = 0.0
        else:
            motion.sleep_time[i] += dt
    parent = np.arange(n)
    for k in range(cons.a.shape[0]):
        if not touching[k]:
            continue
        a, b = cons.a[k], cons.b[k]
        if dynamic[a] and dynamic[b]:
            ra, rb = _root(parent, a), _root(parent, b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
        elif dynamic[a] and moving_fixed[b]:
            motion.sleep_time[a] = 0.0
        elif dynamic[b] and moving_fixed[a]:
            motion.sleep_time[b] = 0.0
    for j in range(joined.shape[0]):
        a, b = joined[j, 0], joined[j, 1]
        if a < 0 or b < 0:
            continue
        if dynamic[a] and dynamic[b]:
            ra, rb = _root(parent, a), _root(parent, b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
        elif dynamic[a] and moving_fixed[b]:  # tied to a moving kinematic body (a lift's cage): never still
            motion.sleep_time[a] = 0.0
        elif dynamic[b] and moving_fixed[a]:
            motion.sleep_time[b] = 0.0
    # The least still time of each island, kept at its root.
    least = np.full(n, np.inf)
    for m in range(movers.shape[0]):
        i = movers[m]
        if dynamic[i]:
            r = _root(parent, i)
            least[r] = min(least[r], motion.sleep_time[i])
    asleep = 0
    for m in range(movers.shape[0]):
        i = movers[m]
        if dynamic[i] and least[_root(parent, i)] >= time_to_sleep:
            motion.awake[i] = False
            motion.island[i] = bodies.ids[_root(parent, i)]
            motion.vel[i, 0] = motion.vel[i, 1] = motion.vel[i, 2] = 0.0
            asleep += 1
    return asleep


def wake_islands(motion, n: int, slots: np.ndarray) -> None:
    """Wake every body sleeping in the islands of the bodies at ``slots``."""
    islands = motion.island[slots]
    islands = islands[islands >= 0]
    if len(islands):
        wake = member_of(motion.island[:n], islands)
        motion.awake[:n][wake] = True
        motion.sleep_time[:n][wake] = 0.0
        motion.island[:n][wake] = -1


def put_island_to_sleep(motion, ids, n: int, slot: int, links: np.ndarray) -> np.ndarray:
    """Put to sleep now the island of the awake dynamic body at ``slot`` (Box2D's
    ``b2TrySleepIsland``, whatever its still time): the awake dynamic bodies linked to it,
    directly or through others, by ``links`` (k, 2) root slots (the touching contacts and
    the joints; pairs with anything else are ignored). Their velocities become 0 and their
    island is the id (``ids``) of the one at the lowest slot, as ``fall_asleep`` names it;
    returns their slots, ascending."""
    live = motion.dynamic[:n] & motion.awake[:n]
    links = links[live[links[:, 0]] & live[links[:, 1]]] if len(links) else links
    inside = np.zeros(n, np.bool_)
    inside[slot] = True
    while len(links):  # one ring of neighbours a pass (rare: an API call, not a step)
        a_in, b_in = inside[links[:, 0]], inside[links[:, 1]]
        new = np.concatenate([links[a_in & ~b_in, 1], links[b_in & ~a_in, 0]])
        if not len(new):
            break
        inside[new] = True
        links = links[~(a_in & b_in)]
    members = np.flatnonzero(inside)
    motion.awake[members] = False
    motion.island[members] = ids[members[0]]
    motion.vel[members] = 0.0
    return members


__all__ = ["fall_asleep", "put_island_to_sleep", "wake_islands"]
