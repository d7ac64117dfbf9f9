"""``bounds``: a step never carries a body's box past the coordinate range."""

from __future__ import annotations

import numpy as np

from engine import World
from engine.collision import Circle, Polygon
from engine.collision.limits import MAX_COORDINATE


def test_a_body_the_step_would_carry_past_the_range_stays_put_with_no_velocity():
    world = World(sleep=False)
    near = MAX_COORDINATE - 3.0  # its box (radius 1) inside; a step at 600 units/s leaves the range
    body = world.add(Circle(1.0), (near, 0.0, 0.0), type="dynamic")
    world.set_velocity(body, (600.0, 0.0))
    world.step(1 / 60)
    assert world.transform(body).x == near
    assert world.velocity(body) == (0.0, 0.0, 0.0)


def test_far_inside_bodies_move_while_one_at_the_edge_is_held():
    """The first look (``bounds.may_leave``, in ``step.finalize_bodies``) must not let the body at the edge through with the rest."""
    world = World(sleep=False)
    inner = [world.add(Polygon.box(2.0, 2.0), (10.0 * k, 0.0, 0.0), type="dynamic") for k in range(20)]
    edge = world.add(Circle(1.0), (0.0, -(MAX_COORDINATE - 3.0), 0.0), type="dynamic")
    for body in inner:
        world.set_velocity(body, (0.0, 60.0))
    world.set_velocity(edge, (0.0, -600.0))
    world.step(1 / 60)
    assert np.all(world.transforms(inner)[:, 1] > 0.0)
    assert world.transform(edge).y == -(MAX_COORDINATE - 3.0)
    assert world.velocity(edge) == (0.0, 0.0, 0.0)
