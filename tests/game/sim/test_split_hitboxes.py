"""Actors whose hitbox has several convex parts play: each is one body of several shapes, moved,
slid, turned and cast as the parts drawn (``game.sim.simulation.add_actor``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.sim import Bot, Simulation
from game.sim.rules import BRUTE, CHASER, SHOOTER, WALL
from game.tiled import level_path, load_level
from game.tiled.actors import ACTORS_FILE, read_actors


def split_actors(folder: Path) -> dict:
    """The shipped actors with a concave player (an arrowhead: 2 parts) and a brute of two
    rectangles (its hull and a tusk in front: 2 parts)."""
    raw = json.loads(ACTORS_FILE.read_text())
    for tile in raw["tiles"]:
        objects = tile["objectgroup"]["objects"]
        if tile["type"] == "player":
            objects[0]["polygon"] = [{"x": x, "y": y} for x, y in [(16, 0), (-11, -11), (-4, 0), (-11, 11)]]
            objects[0]["properties"] = []
        if tile["type"] == "brute":  # the hull is x 9..61, y 14..46 of the 70 x 60 tile
            tusk = {**objects[0], "id": 2, "name": "tusk", "x": 61, "y": 26, "width": 6, "height": 8}
            tusk.pop("properties", None)
            objects.append(tusk)
    shutil.copytree(ACTORS_FILE.parent / "actors", folder / "actors")
    path = folder / "actors.tsj"
    path.write_text(json.dumps(raw))
    hitboxes, findings = read_actors(path)
    assert hitboxes is not None, findings
    return hitboxes


def overlapping_walls(sim: Simulation, body: int) -> list[int]:
    """Which shapes of ``body`` overlap a wall now (each part where the world holds it)."""
    return [
        part
        for part in sim.world.shapes(body).tolist()
        if len(sim.world.query_shape(sim.world.shape(part), sim.world.shape_transform(part), WALL))
    ]


def test_a_level_plays_with_a_concave_player_and_a_brute_of_two_parts_and_no_part_enters_a_wall(tmp_path):
    hitboxes = split_actors(tmp_path)
    assert len(hitboxes["player"].parts) == 2 and len(hitboxes["brute"].parts) == 2
    sim, bot = Simulation(load_level(level_path("bunker")), seed=3, hitboxes=hitboxes), Bot(3)
    assert len(sim.world.shapes(sim.player.body)) == 2
    for x, y in [(300, 300), (900, 640), (1500, 900)]:
        for kind in (CHASER, SHOOTER, BRUTE):
            sim.spawn_enemy(kind, x + 40 * kind, y)
    brutes = sim.enemies.body[sim.enemies.kind == BRUTE].tolist()
    assert brutes and all(len(sim.world.shapes(b)) == 2 for b in brutes)
    start = (sim.player.x, sim.player.y)
    kinds = []
    for tick in range(400):
        kinds += [e.kind for e in sim.step(bot.inputs(sim))]
        assert not overlapping_walls(sim, sim.player.body), tick
        if tick % 10 == 0:
            for body in sim.enemies.body.tolist():
                assert not overlapping_walls(sim, body), (tick, body)
    assert (sim.player.x, sim.player.y) != pytest.approx(start, abs=50.0)  # the bot went somewhere
    assert "player_fired" in kinds and "enemy_killed" in kinds
