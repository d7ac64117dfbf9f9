"""``World.precompile``: the step's largest kernels compiled without stepping, in the caller's order
(the game's second warm-up process compiles the solver first). It must change nothing in the world,
and compile each kernel with the very argument types the step passes it: a second signature would
compile the kernel twice on a cold start, the waste it exists to avoid."""

from __future__ import annotations

import pytest

from engine import World
from engine.collision import Circle, Polygon
from engine.world import PRECOMPILE_PARTS, contact_set, pairs, solver

DT = 1.0 / 60.0


def _scene() -> tuple[World, list[int]]:
    """Walls, a kinematic mover, and boxes and discs falling onto a floor and each other."""
    world = World(gravity=(0.0, -10.0))
    world.add(Polygon.box(10.0, 1.0), (0.0, -1.0, 0.0), type="static")
    world.add(Polygon.box(1.0, 10.0), (-11.0, 8.0, 0.0), type="static")
    mover = world.add(Circle(0.5), (5.0, 3.0, 0.0), type="kinematic")
    world.set_velocity(mover, (-1.0, 0.0), 0.5)
    bodies = []
    for k in range(12):
        shape = Polygon.box(0.4, 0.3) if k % 2 else Circle(0.35)
        bodies.append(world.add(shape, (-4.0 + 0.7 * k, 1.0 + 0.9 * (k % 3), 0.2 * k), type="dynamic"))
    return world, bodies


def test_precompiling_changes_nothing_a_world_then_steps_to():
    plain, bodies = _scene()
    warmed, _ = _scene()
    before = warmed.snapshot()
    warmed.precompile()
    assert warmed.snapshot() == before
    for _ in range(90):
        plain.step(DT)
        warmed.step(DT)
    assert warmed.state_hash() == plain.state_hash()
    assert (warmed.transforms(bodies) == plain.transforms(bodies)).all()


@pytest.mark.parametrize("parts", [PRECOMPILE_PARTS, ("solver", "contacts"), ("pairs",), "solver"])
def test_each_part_compiles_the_signature_the_step_calls(parts):
    """In any order, alone or together; a part given as one string is that part."""
    world, _ = _scene()
    world.precompile(parts)
    for _ in range(30):
        world.step(DT)
    for kernel in (solver.solve_step, contact_set.find_contacts, pairs.candidates_with_walls,
                   pairs.renew_candidates):  # fmt: skip
        if hasattr(kernel, "signatures"):  # (under NUMBA_DISABLE_JIT a plain function)
            assert len(kernel.signatures) == 1, (kernel, kernel.signatures)


def test_a_part_it_does_not_know_is_one_line_naming_the_known_ones():
    world, _ = _scene()
    before = world.snapshot()
    with pytest.raises(
        ValueError, match=r"^precompile: no part 'broadphase' \(parts: pairs, contacts, solver\)$"
    ):
        world.precompile(("solver", "broadphase"))
    assert world.snapshot() == before
