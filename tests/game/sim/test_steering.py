"""``steering.steer`` moves the enemies as the numpy calls it replaced did, to the bit."""

from __future__ import annotations

import numpy as np
import pytest

from game.sim.rules import DT
from game.sim.steering import separation, steer


def steer_by_numpy(to_player, dist, sees, shooter, dirs, speed, kx, ky, push, near, band, orbit_speed, dt):
    """The reference: ``Simulation._move_enemies``' numpy calls before the kernel."""
    straight = to_player / np.maximum(dist, 1e-9)[:, None]
    heading = np.where(sees[:, None], straight, dirs)
    shooter = shooter & sees
    heading[shooter & (dist < near)] *= -1.0
    orbit = shooter & (dist >= near) & (dist <= band)
    heading[orbit] = np.column_stack([-straight[orbit, 1], straight[orbit, 0]]) * orbit_speed
    velocity = heading * speed[:, None] + np.column_stack([kx, ky])
    return heading, velocity, velocity * dt + push


@pytest.mark.parametrize("seed", range(20))
def test_steer_gives_the_numpy_steps_results_bit_for_bit(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(1, 300))
    to_player = rng.normal(0.0, 300.0, (k, 2)) * (rng.random((k, 1)) < 0.95)  # some on the player
    to_player[rng.random(k) < 0.02] = np.nan  # a stray NaN keeps its way through both
    dist = np.hypot(to_player[:, 0], to_player[:, 1])
    dist[rng.random(k) < 0.1] = rng.choice([208.0, 312.0, 1e-10])  # on the band's edges, below the floor
    dirs = rng.normal(size=(k, 2))
    args = (
        to_player, dist, rng.random(k) < 0.6, rng.random(k) < 0.4, dirs, rng.uniform(40, 120, k),
        rng.normal(0, 50, k), rng.normal(0, 50, k), rng.normal(0, 0.5, (k, 2)), 208.0, 312.0, 0.6, DT,
    )  # fmt: skip
    for mine, numpy_s in zip(steer(*args), steer_by_numpy(*args)):
        assert np.array_equal(mine, numpy_s, equal_nan=True)


def separation_by_numpy(body, pairs, depth, normal, limit):
    """The reference: ``Simulation._separation``'s numpy calls before the kernel."""
    push = np.zeros((len(body), 2))
    order = np.argsort(body)
    ids = body[order]
    pos = np.minimum(np.searchsorted(ids, pairs), len(ids) - 1)
    both = (ids[pos] == pairs).all(axis=1)
    a, b = order[pos[both, 0]], order[pos[both, 1]]
    half = 0.5 * depth[both, None] * normal[both]
    for axis in (0, 1):
        np.add.at(push[:, axis], a, -half[:, axis])
        np.add.at(push[:, axis], b, half[:, axis])
    return np.clip(push, -limit, limit)


@pytest.mark.parametrize("seed", range(20))
def test_separation_gives_the_numpy_pushes_bit_for_bit(seed):
    """Enemies in many pairs (the order their pushes add up in shows in the last bits), pairs with
    other bodies, ids in no order, pushes past the limit."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(1, 60))
    body = rng.permutation(4 * k)[:k].astype(np.int64)
    others = np.setdiff1d(np.arange(5 * k), body)
    n = int(rng.integers(0, 6 * k))
    pool = np.concatenate([body, body, body, others[: max(1, k // 3)]])
    pairs = np.sort(rng.choice(pool, (n, 2)), axis=1).astype(np.int64)
    depth = rng.exponential(0.8, n)
    angle = rng.uniform(-np.pi, np.pi, n)
    normal = np.column_stack([np.cos(angle), np.sin(angle)])
    assert np.array_equal(
        separation(body, pairs, depth, normal, 1.5), separation_by_numpy(body, pairs, depth, normal, 1.5)
    )
