"""A world copied, deep-copied or pickled is a world of its own that steps as the original would, bit for
bit; what cannot be pickled is named by its body; ``set_transforms`` takes each body once (issue 44,
"Smaller, while you are there")."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from engine import World
from engine.collision import Capsule, Circle, Polygon


def _scene():
    """A ground, a falling stack of boxes and circles (contacts to warm-start, islands to sleep), a
    kinematic paddle, and user data: a dict per body sharing one ``score`` object."""
    score = {"points": 0}
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(20.0, 0.5), (0.0, -0.5, 0.0), type="static", user_data="ground")
    ids = [
        world.add(
            Polygon.box(0.5, 0.5) if i % 2 else Circle(0.4),
            (0.1 * i, 0.5 + 1.1 * i, 0.1 * i),
            type="dynamic",
            user_data={"i": i, "score": score},
        )
        for i in range(8)
    ]
    paddle = world.add(
        Capsule((-1.0, 0.0), (1.0, 0.0), 0.2), (6.0, 1.0, 0.0), type="kinematic", user_data=score
    )
    world.set_velocity(paddle, (-1.0, 0.0))
    for _ in range(20):
        world.step(1 / 60)
    world.pairs()
    world.raycast((0.0, 9.0), (0.0, -1.0), 20.0)
    return world, [*ids, paddle], score


def _poses(world, ids):
    return world.transforms(ids).copy(), world.velocities(ids).copy()


@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle"])
def test_a_copy_steps_apart_from_the_world_and_exactly_as_it_does(how):
    world, ids, _ = _scene()
    twin = {"copy": copy.copy, "deepcopy": copy.deepcopy, "pickle": lambda w: pickle.loads(pickle.dumps(w))}[
        how
    ](world)
    before = _poses(world, ids)
    for _ in range(240):  # the stack lands, settles and sleeps; the paddle sweeps through it
        twin.step(1 / 60)
    after = _poses(world, ids)
    assert all(np.array_equal(b, a) for b, a in zip(before, after, strict=True)), "the copy moved the world"
    for _ in range(240):
        world.step(1 / 60)
    assert all(np.array_equal(t, w) for t, w in zip(_poses(twin, ids), _poses(world, ids), strict=True))
    assert twin.awake(ids).tolist() == world.awake(ids).tolist()
    # A shallow copy shares what the bodies hold, as any shallow copy does; the others copy it.
    assert (twin.user_data(ids[0]) is world.user_data(ids[0])) == (how == "copy")
    assert twin.user_data(ids[0])["score"] is twin.user_data(ids[-1])  # shared within a copy, as before
    # Read-only still: the pairs handed out, in the copy as in the world.
    assert not twin.pairs().flags.writeable
    # A body added to one is not in the other.
    extra = twin.add(Circle(0.5), (-5.0, 5.0, 0.0), type="dynamic")
    assert extra not in world.bodies.tolist() and len(world) == len(twin) - 1


def test_a_pickled_world_keeps_the_references_its_user_data_shares_with_what_is_pickled_beside_it():
    world, ids, score = _scene()
    world2, score2 = pickle.loads(pickle.dumps((world, score)))
    assert world2.user_data(ids[0])["score"] is score2 and world2.user_data(ids[-1]) is score2


def test_pickling_a_world_whose_user_data_cannot_be_pickled_names_the_body():
    world = World()
    for k in range(7):
        world.add(Circle(1.0), (3.0 * k, 0.0, 0.0), type="kinematic", user_data=k)
    world.add(Circle(1.0), (30.0, 0.0, 0.0), type="kinematic", user_data={"on_hit": lambda: None})
    with pytest.raises(pickle.PicklingError) as refused:
        pickle.dumps(world)
    message = str(refused.value)
    assert message.startswith("World: user_data of body 7 cannot be pickled: ") and "<lambda>" in message
    assert "\n" not in message
    # Copies need no pickling: a shallow copy shares the function, a deep one too (functions are atoms).
    assert copy.copy(world).user_data(7)["on_hit"] is world.user_data(7)["on_hit"]
    world.remove(7)
    assert len(pickle.loads(pickle.dumps(world))) == 7


def test_set_transforms_refuses_a_body_given_twice_before_anything_moves():
    world = World()
    ids = [world.add(Circle(1.0), (3.0 * k, 0.0, 0.0), type="kinematic") for k in range(4)]
    before = world.transforms(ids).copy()
    with pytest.raises(ValueError) as refused:
        world.set_transforms(np.array([0, 1, 0]), np.array([1.0, 2.0, 3.0]), np.zeros(3), np.zeros(3))
    assert str(refused.value) == (
        "World.set_transforms got body 0 twice (rows 0 and 2); each body moves once a call"
    )
    assert np.array_equal(world.transforms(ids), before)
    # As remove_bodies and move_and_slide_bodies do.
    with pytest.raises(ValueError, match="twice"):
        world.remove_bodies([2, 2])
    with pytest.raises(ValueError, match="twice"):
        world.move_and_slide_bodies([3, 3], [(1.0, 0.0), (1.0, 0.0)])
    world.set_transforms(np.array([3, 1]), np.array([20.0, 10.0]), np.zeros(2), np.zeros(2))
    assert world.transforms(ids)[:, 0].tolist() == [0.0, 10.0, 6.0, 20.0]
