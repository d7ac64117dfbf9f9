"""Enemies' navigation: the flow field over the free cells, and props as dear cells to go round."""

from __future__ import annotations

import dataclasses
import heapq
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.level import PropSpot
from game.sim import Inputs, Simulation, navigation
from game.sim.rules import CHASER, Rules
from game.tiled import level_path, load_level


def cheapest_by_heap(free, cost, gi, gj):
    """The reference: Dijkstra with a heap, one step a move plus the entered cell's cost."""
    nj, ni = free.shape
    field = np.full(free.shape, navigation.UNREACHED, np.int64)
    field[gj, gi] = 0
    heap = [(0, gj, gi)]
    while heap:
        d0, j, i = heapq.heappop(heap)
        if d0 > field[j, i]:
            continue
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                a, b = i + di, j + dj
                if (di == dj == 0) or not (0 <= a < ni and 0 <= b < nj) or not free[b, a]:
                    continue
                if di and dj and not (free[j, a] and free[b, i]):
                    continue
                if d0 + 1 + cost[b, a] < field[b, a]:
                    field[b, a] = d0 + 1 + cost[b, a]
                    heapq.heappush(heap, (int(field[b, a]), b, a))
    return field


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 12))
def test_a_field_with_prop_costs_counts_the_cheapest_way_as_a_heap_dijkstra_does(seed, most):
    rng = np.random.default_rng(seed)
    free = rng.random((9, 13)) > 0.25
    free[4, 6] = True
    cost = (rng.random((9, 13)) < 0.3) * rng.integers(0, most + 1, (9, 13))
    grid = navigation.NavGrid(free, 10.0)
    field = navigation.flow_field(grid, 65.0, 45.0, cost.astype(np.int32))
    assert (field == cheapest_by_heap(free, cost, 6, 4)).all()


def test_with_no_prop_costs_the_field_is_the_breadth_first_one():
    level = load_level(level_path("ruins"))
    grid = navigation.build_grid(level, 14.0, 32.0)
    s = level.player_start
    plain = navigation.flow_field(grid, s.x, s.y)
    assert (navigation.flow_field(grid, s.x, s.y, np.zeros_like(grid.free, np.int32)) == plain).all()
    assert (navigation.flow_field(grid, s.x, s.y, None) == plain).all()


@settings(max_examples=100, deadline=None)
@given(st.floats(0, 320), st.floats(0, 320), st.floats(0, 60), st.floats(0, 20))
def test_a_prop_makes_dear_exactly_the_cells_whose_centre_it_reaches(x, y, radius, clearance):
    grid = navigation.NavGrid(np.ones((10, 10), bool), 32.0)
    cost = navigation.prop_costs(grid, [x], [y], [radius], clearance, 5)
    jj, ii = np.mgrid[0:10, 0:10]
    near = np.hypot((ii + 0.5) * 32 - x, (jj + 0.5) * 32 - y) <= radius + clearance
    assert (cost == np.where(near, 5, 0)).all()


@pytest.fixture(scope="module")
def yard():
    return load_level(level_path("yard"))


def chaser_behind_a_crate_wall(level, steps: int) -> Simulation:
    """The player stands still at yard's start; a chaser 320 px right of it, behind a wall of seven
    heavy crates (336 px long) with open ground round both ends."""
    s = level.player_start
    crates = tuple(
        PropSpot(k, f"c{k}", "heavy_crate", s.x + 160.0, s.y - 144.0 + 48.0 * k, 0.0) for k in range(7)
    )
    rules = dataclasses.replace(Rules(), nav_prop_steps=steps)
    sim = Simulation(dataclasses.replace(level, props=crates), 1, rules=rules)
    sim._spawn_queue.clear()
    sim.world.remove_bodies(sim.enemies.body)
    sim.enemies.keep(np.zeros(len(sim.enemies), bool))
    sim.player.health = math.inf
    sim.spawn_enemy(CHASER, s.x + 320.0, s.y)
    return sim


@pytest.mark.parametrize("steps", [Rules().nav_prop_steps, 0])
def test_a_chaser_walks_round_a_wall_of_crates_to_the_player_and_leaves_the_crates_standing(yard, steps):
    sim = chaser_behind_a_crate_wall(yard, steps)
    p, e = sim.player, sim.enemies
    reached = None
    for tick in range(360):
        sim.step(Inputs(0.0, 0.0, p.x + 100.0, p.y))
        if reached is None and math.hypot(e.x[0] - p.x, e.y[0] - p.y) < 40.0:
            reached = tick
    moved = np.hypot(sim.props.x - sim.props.x0, sim.props.y - sim.props.y0)
    assert reached is not None, "the chaser never reached the player"
    if steps:
        assert moved.max() < 2.0, f"the chaser went through the crates: one moved {moved.max():.1f} px"
    else:  # props ignored (as before): it pushes into the wall and shoves a crate out of it
        assert moved.max() > 20.0


@pytest.mark.parametrize("steps", [Rules().nav_prop_steps, 0])
def test_the_bot_walks_round_a_wall_of_crates_as_the_enemies_do_and_leaves_them_standing(yard, steps):
    from game.sim import Bot

    sim = chaser_behind_a_crate_wall(yard, steps)  # the chaser stands where the bot is to go
    sim.world.remove_bodies(sim.enemies.body)
    sim.enemies.keep(np.zeros(len(sim.enemies), bool))
    s, p, bot = yard.player_start, sim.player, Bot(1)
    goal = (s.x + 320.0, s.y)
    reached = None
    for tick in range(360):
        mx, my = bot._towards(sim, *goal)
        sim.step(Inputs(mx, my, p.x + 100.0, p.y))
        if math.hypot(p.x - goal[0], p.y - goal[1]) < 40.0:
            reached = tick
            break
    moved = np.hypot(sim.props.x - sim.props.x0, sim.props.y - sim.props.y0)
    if steps:
        assert reached is not None, "the bot never got round the crates"
        assert moved.max() < 2.0, f"the bot went through the crates: one moved {moved.max():.1f} px"
    else:  # props ignored (the bot before): straight into the row, shoving crates
        assert moved.max() > 20.0


@pytest.mark.parametrize(
    "x, y", [(65.0, 45.0), (0.0, 0.0), (-5.0, 1e9), (129.99, 89.99), (130.0, 90.0), (-1e-300, 31.999999999)]
)
def test_the_goal_cell_in_plain_floats_is_the_grid_index(x, y):
    grid = navigation.NavGrid(np.ones((9, 13), bool), 10.0)
    assert navigation._goal_cell(grid, x, y) == tuple(int(v) for v in grid.index(x, y))


def test_a_field_needing_more_pushes_than_the_first_queue_holds_is_searched_again():
    """``_dial`` says when its queue is full; ``_cheapest`` then searches again with the whole
    room (the rare grid whose cells are queued more than twice each)."""
    free = np.ones((6, 7), bool)
    cost = np.zeros((6, 7), np.int32)
    cost[::2, 1::2] = 9
    width, size = 9, 8 * 9
    open_ = np.zeros(size, bool)
    enter = np.zeros(size, np.int32)
    for j in range(6):
        open_[(j + 1) * width + 1 : (j + 1) * width + 8] = True
        enter[(j + 1) * width + 1 : (j + 1) * width + 8] = 1 + cost[j]
    dist = np.empty(size, np.int32)
    assert not navigation._dial(open_, enter, width + 1, width, 11, dist, 3)
    assert navigation._dial(open_, enter, width + 1, width, 11, dist, 8 * 42 + 1)
    field = dist.reshape(8, 9)[1:7, 1:8]
    assert (field == cheapest_by_heap(free, cost, 0, 0)).all()
    assert (navigation.flow_field(navigation.NavGrid(free, 10.0), 5.0, 5.0, cost) == field).all()
