"""Issue 22 §4: a map made for another game has no spawn markers; enemies then spawn on free cells away
from the player (they spawned on the map's centre, on top of a player who starts there)."""

from __future__ import annotations

import math

from engine.collision import Transform, intersects
from game.sim import Simulation
from game.tiled import read_level
from tests.game.tiled import maps


def test_enemies_of_a_map_without_spawns_appear_on_free_cells_away_from_the_player(tmp_path):
    walls = [maps.rect(k, 64 + 96 * (k % 6), 64 + 96 * (k // 6), 40, 40) for k in range(1, 19)]
    data = maps.tiled_map([maps.layer(1, "Walls", walls)], width=24, height=16)
    level, findings = read_level(maps.write(tmp_path, data))
    assert level is not None and not level.spawns, findings
    sim = Simulation(level, 3)
    points = [sim._spawn_point(0) for _ in range(40)]
    assert len(set(points)) > 5  # spread out, not one point
    for x, y in points:
        assert math.hypot(x - sim.player.x, y - sim.player.y) >= sim.rules.spawn_clearance
        for enemy in sim.shapes.enemies[0]:  # every part of its hitbox
            for wall in level.walls:
                for shape, xf in wall.parts:
                    assert not intersects(enemy, Transform(x, y, 0.0), shape, Transform(*xf))
