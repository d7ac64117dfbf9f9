"""The levels' machines in play (issue 40): the caves' wrecking ball on its chain, through the real
simulation and engine."""

import math

import numpy as np
import pytest

from game.sim import Inputs, Simulation
from game.sim.rules import CHASER
from game.tiled import level_path, load_level

#: A link's pitch (px) and the ball's reach beyond the last link's end, as ``levels/place_props.py`` lays them.
LINKS, PITCH, BALL = 6, 18.0, 16.0


@pytest.fixture(scope="module")
def caves():
    return load_level(level_path("caves"))


def ball_and_pivot(level):
    ids = {s.object_id: k for k, s in enumerate(level.props)}
    ball = next(s for s in level.props if s.kind == "wrecking_ball")
    pivot = next(
        j.points[0]
        for j in level.joints
        if j.a is None and j.kind == "hinge" and level.props[ids[j.b]].kind == "chain_link"
    )
    return ids, ball, pivot


def test_the_caves_hang_a_wrecking_ball_on_a_chain_of_hinged_links_from_a_pivot(caves):
    ids, ball, pivot = ball_and_pivot(caves)
    hinges = [j for j in caves.joints if j.kind == "hinge" and j.b is not None and j.a is not None]
    chain = [
        j
        for j in hinges
        if {caves.props[ids[j.a]].kind, caves.props[ids[j.b]].kind} <= {"chain_link", "wrecking_ball"}
    ]
    assert len(chain) == LINKS  # link to link five times, and the last link to the ball
    assert sum(caves.props[ids[j.b]].kind == "wrecking_ball" for j in chain) == 1
    assert math.dist(pivot, (ball.x, ball.y)) == pytest.approx(LINKS * PITCH + BALL)


def quiet(level, seed=1):
    sim = Simulation(level, seed)
    sim._spawn_queue.clear()
    for body in sim.enemies.body.tolist():
        sim.world.remove(int(body))
    sim.enemies.keep(np.zeros(len(sim.enemies), bool))
    return sim


def place_player(sim, x, y):
    p = sim.player
    p.x, p.y = x, y
    sim.world.set_transform(p.body, (x, y, p.hull))
    sim.world.set_transform(p.turret, (x, y, p.angle))


def test_driven_into_the_ball_swings_round_its_pivot_on_its_chain_and_hurts_the_enemy_it_strikes(caves):
    ids, ball, pivot = ball_and_pivot(caves)
    sim = quiet(caves)
    body = int(sim.props.body[ids[ball.object_id]])
    place_player(sim, ball.x, ball.y - 60.0)  # below the ball; it drives up into it for half a second
    sim.spawn_enemy(CHASER, pivot[0], pivot[1] + LINKS * PITCH + BALL)  # standing on the ball's round
    sim.enemies.speed[:] = 0.0
    health, fastest, farthest, knocked = float(sim.enemies.health[0]), 0.0, 0.0, 0.0
    for tick in range(120):
        p = sim.player
        sim.step(Inputs(move_y=1.0 if tick < 30 else 0.0, aim_at_x=p.x + 100.0, aim_at_y=p.y))
        x, y, _ = sim.world.transform(body)
        fastest = max(fastest, math.hypot(*sim.world.velocity(body)[:2]))
        farthest = max(farthest, math.dist(pivot, (x, y)))
        knocked = max(knocked, math.hypot(float(sim.enemies.kx[0]), float(sim.enemies.ky[0])))
    assert fastest > 90.0  # swung ...
    assert farthest <= LINKS * PITCH + BALL + 2.0  # ... on its chain, which never stretches
    assert float(sim.enemies.health[0]) < health and knocked > 10.0  # ... into the chaser: hurt, knocked


def test_shots_set_the_ball_swinging(caves):
    ids, ball, _ = ball_and_pivot(caves)
    sim = quiet(caves)
    body = int(sim.props.body[ids[ball.object_id]])
    place_player(sim, ball.x, ball.y - 150.0)
    sim.world.set_transform(sim.player.turret, (ball.x, ball.y - 150.0, math.pi / 2))
    hits = 0
    for _ in range(60):
        hits += sum(
            e.kind == "prop_hit" for e in sim.step(Inputs(aim_at_x=ball.x, aim_at_y=ball.y, fire=True))
        )
    assert hits >= 5 and math.hypot(*sim.world.velocity(body)[:2]) > 10.0


def bunker_doors(sim):
    """Bunker's door leaves: joint id -> (body, hinge point), for the hinges the level made."""
    return {
        joint: (sim.world.joint_bodies(joint)[1], spot.points[0])
        for joint, (spot, _) in sim.joints.items()
        if spot.kind == "hinge"
    }


def test_bunker_s_middle_doorways_have_double_doors_that_the_player_pushes_open_and_springs_close():
    level = load_level(level_path("bunker"))
    sim = quiet(level)
    doors = bunker_doors(sim)
    assert len(doors) == 4 and {sim.prop_kinds[int(k)].name for k in sim.props.kind} >= {"door_leaf"}
    place_player(sim, 930.0, 640.0)  # in the corridor below the north doorway's left leaf
    widest = {joint: 0.0 for joint in doors}
    for tick in range(240):  # (a leaf's soft spring shuts it in about two seconds)
        sim.step(
            Inputs(move_y=1.0 if tick < 60 else 0.0, aim_at_x=sim.player.x + 100.0, aim_at_y=sim.player.y)
        )
        for joint in doors:
            widest[joint] = max(widest[joint], abs(sim.world.joint_angle(joint)))
    assert sim.player.y > 800.0  # through the doorway, into the room
    assert max(widest.values()) > math.radians(45.0)  # a leaf swung open ...
    assert all(abs(sim.world.joint_angle(joint)) < math.radians(10.0) for joint in doors)  # ... and shut


def test_a_blast_tears_a_door_leaf_off_its_hinge_and_it_is_a_loose_prop():
    from game.sim import props as props_system

    level = load_level(level_path("bunker"))
    sim = quiet(level)
    joint, (leaf, hinge) = next(iter(bunker_doors(sim).items()))
    x, y = sim.world.world_center(leaf)
    k = next(i for i, kind in enumerate(sim.prop_kinds) if kind.name == "explosive_barrel")
    props_system.add_prop(sim.world, sim.props, sim.prop_kinds, k, x, y - 25.0, 0.0, sim.prop_layers)
    sim.props.health[-1] = 0.0  # it blows on the next tick, beside the leaf
    events = [e for _ in range(10) for e in sim.step(Inputs())]
    broke = [e for e in events if e.kind == "joint_broke"]
    assert "explosion" in [e.kind for e in events]
    assert len(broke) == 1 and (broke[0].x, broke[0].y) == pytest.approx(hinge)
    assert joint not in sim.joints and joint not in sim.world.joints().tolist()
    assert sim.world.joints(leaf).tolist() == []  # (a door hangs: no floor friction holds it)
    assert leaf in sim.props.body.tolist()  # still in play: a loose leaf


def test_a_tank_pushing_a_door_leaf_every_way_never_tears_it_off():
    """The hinge's break force (2e5) lies above what a tank's push puts on it (at most ~1.4e5,
    pinning a leaf against its limit) and below a blast beside it."""
    level = load_level(level_path("bunker"))
    for x, y, mx, my in ((930, 640, 0, 1), (930, 640, 0.3, 1), (930, 700, 1, 0.2), (1000, 640, -0.3, 1)):
        sim = quiet(level)
        doors = bunker_doors(sim)
        place_player(sim, x, y)
        for _ in range(120):
            events = sim.step(
                Inputs(move_x=mx, move_y=my, aim_at_x=sim.player.x + 100, aim_at_y=sim.player.y)
            )
            assert "joint_broke" not in [e.kind for e in events]
        assert set(doors) <= set(sim.joints)


def test_shots_tear_a_door_leaf_off_its_hinge_and_more_shots_splinter_the_loose_leaf():
    """A door leaf's health (160: five of the player's bullets) runs out first into its hinge: the
    hinge goes (one ``joint_broke`` at it) and the leaf plays on loose and whole; shot on, it breaks."""
    level = load_level(level_path("bunker"))
    sim = quiet(level)
    joint, (leaf, hinge) = next(iter(bunker_doors(sim).items()))
    x, y = sim.world.world_center(leaf)
    place_player(sim, x, y - 160.0)  # in the corridor, facing the leaf
    kinds, shots = [], 0
    for _ in range(400):
        if leaf in sim.props.body.tolist():
            x, y = sim.world.world_center(leaf)
        inputs = Inputs(aim_at_x=x, aim_at_y=y, fire=True)
        events = sim.step(inputs)
        kinds += [(e.kind, e.x, e.y) for e in events if e.kind in ("joint_broke", "prop_broke")]
        shots += sum(e.kind == "prop_hit" for e in events)
        if kinds and kinds[-1][0] == "prop_broke":
            break
    assert [k for k, *_ in kinds] == ["joint_broke", "prop_broke"]
    assert kinds[0][1:] == pytest.approx(hinge)  # at the hinge ...
    assert joint not in sim.joints and joint not in sim.world.joints().tolist()
    assert leaf not in sim.props.body.tolist()  # ... then splintered
    assert sim.props.debris.any()
    assert 10 <= shots <= 20  # (five hits loosen it, five more break it; a few glance off as it swings)
