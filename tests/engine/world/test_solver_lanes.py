"""The solver's bundles (``solver.solve_step``): contacts of one colour solved side by side, a colour's
contacts past the last colour one at a time."""

from __future__ import annotations

import numpy as np
import pytest

from engine import World
from engine.collision import Circle, Polygon
from engine.crosscheck.scenes import DT


def momentum(world, bodies) -> np.ndarray:
    """Total linear momentum (px, py)."""
    return sum(world.mass(body).mass * np.array(world.velocity(body)[:2]) for body in bodies)


def test_a_plank_hit_by_ninety_bodies_at_once_keeps_the_momentum_of_the_whole():
    # 90 bodies hit one plank in the same steps: its contacts need more colours than there are
    # (64), so those past the last are solved one after another in bundles of their own. Each
    # impulse pushes both bodies of its contact, equal and opposite, so the momentum of the whole
    # is kept to rounding; contacts sharing the plank solved side by side would each start from
    # the plank's velocity before the others and write it back, last one wins, and lose most of
    # the plank's share. (Angular momentum is kept only nearly: a step's anchors stay where the
    # step began.)
    world = World(gravity=(0.0, 0.0))
    plank = world.add(Polygon.box(10.0, 0.5), (0.0, 0.0, 0.0), type="dynamic", density=5.0)
    bodies = [plank]
    rng = np.random.default_rng(3)
    for k, x in enumerate(np.linspace(-9.5, 9.5, 45)):
        for side in (1.0, -1.0):
            shape = Polygon.box(0.15, 0.15) if k % 2 else Circle(0.15)
            body = world.add(shape, (float(x), side * 0.64, float(rng.uniform(-0.1, 0.1))), type="dynamic")
            world.set_velocity(
                body, (float(rng.uniform(-1.0, 1.0)), -side * float(rng.uniform(1.0, 3.0))), 0.0
            )
            bodies.append(body)
    before = momentum(world, bodies)
    for _ in range(10):
        world.step(DT)
    after = momentum(world, bodies)
    assert after == pytest.approx(before, rel=1e-9, abs=1e-9)
    # The plank took the hits: it moves and turns.
    assert abs(world.velocity(plank)[1]) > 1e-3
