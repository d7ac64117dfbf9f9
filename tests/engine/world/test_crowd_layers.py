"""A wall-less crowd's pairs honour layers and masks whether its bodies share one layer or not.

The crowd walk tests layers once when every moving body has the same layer
and mask, and pair by pair otherwise; both are held to brute force.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine import World

from .test_pairs import brute_force_pairs, random_shape


def crowd_of(kinds, count: int = 300, spread: float = 60.0, seed: int = 11):
    """A wall-less world of ``count`` random bodies, body k on layer and mask ``kinds[k % len(kinds)]``."""
    rng = np.random.default_rng(seed)
    world, bodies = World(), []
    for k in range(count):
        layer, mask = kinds[k % len(kinds)]
        shape = random_shape(rng, 2.0)
        xf = (float(rng.uniform(0, spread)), float(rng.uniform(0, spread)), float(rng.uniform(-3, 3)))
        bodies.append(
            (world.add(shape, xf, type="kinematic", layer=layer, mask=mask), shape, layer, mask, False)
        )
    return world, bodies


@pytest.mark.parametrize(
    "kinds",
    [
        [(1, 0xFFFFFFFF)],
        [(2, 1)],  # one layer that its own mask refuses: no pair at all
        [(1, 1), (2, 0xFFFFFFFF)],  # layer 1 meets only layer 1; layer 2 meets both
        [(1, 2), (2, 1), (4, 4)],
    ],
    ids=["one-layer", "one-layer-refusing-itself", "two-layers", "three-layers"],
)
def test_a_crowd_with_no_walls_pairs_only_bodies_whose_layers_and_masks_accept_each_other(kinds):
    world, bodies = crowd_of(kinds)
    found = world.pairs().tolist()
    assert found == brute_force_pairs(world, bodies)
    if kinds == [(2, 1)]:
        assert found == []
    else:
        assert len(found) > 30  # busy enough to test something
