"""A player start the game cannot use (inside a wall, or sealed in by tile collision) is played all the same:
one line names the file, the object and the problem, and the player starts at the free spot nearest it
(``game.tiled.start.playable_start``). The checker still calls it an error (it reads the map as it is)."""

from __future__ import annotations

from pathlib import Path

from engine.collision import intersects
from game.check import check_file
from game.sim import Simulation
from game.tiled import load_level, read_level
from game.tiled.actors import actor_hitboxes
from tests.game.test_cli import run_game

from . import maps
from .tilemaps import blocks, grid, tile_layer, tile_map


def clear_of_walls(level, x: float, y: float) -> bool:
    parts = actor_hitboxes()["player"].parts
    return not any(
        intersects(p, (x, y, 0.0), shape, tuple(xf))
        for p in parts
        for w in level.walls
        for shape, xf in w.parts
    )


def crate_on_start(tmp_path) -> Path:
    """A 320 × 256 room; its player start (Tiled 100, 120) in the middle of a 64 × 48 crate."""
    crate = maps.rect(7, 80, 100, 64, 48, name="crate")
    return maps.write(tmp_path, maps.with_walls(crate, start=(100, 120)), "crated.tmj")


def test_a_start_inside_a_wall_is_moved_to_the_free_spot_nearest_it_and_said_once(tmp_path):
    path = crate_on_start(tmp_path)
    as_drawn, _ = read_level(path)
    level = load_level(path)
    start = level.player_start
    assert (as_drawn.player_start.x, as_drawn.player_start.y) == (100, 136)  # the map's own, unmoved
    assert not clear_of_walls(level, 100, 136)
    assert clear_of_walls(level, start.x, start.y)
    assert abs(start.x - 100) + abs(start.y - 136) < 80  # beside the crate, not the map's centre
    (said,) = level.changed
    assert str(said) == (
        f"{said.file}:99 (start): player start is inside wall 7 (crate); the player starts at the free spot "
        f"nearest it ({start.x:g}, {256 - start.y:g} in Tiled's pixels)"
    )
    assert said.file.endswith("crated.tmj")
    # The game plays it: the simulation's player stands there and moves.
    sim = Simulation(level, 1)
    assert (sim.player.x, sim.player.y) == (start.x, start.y)
    # The checker reads the map as it is drawn: an error.
    assert any("player start is inside wall 7" in f.problem for f in check_file(path).errors)


def test_a_start_sealed_in_by_tile_collision_is_moved_out_of_its_cage(tmp_path):
    """A ring of full-box tiles round a 64 px hole at the start: the player fits in it, turns, but
    cannot get out."""
    ring = {(c, r): 1 for c in range(3, 7) for r in range(2, 6)}
    for hole in ((4, 3), (5, 3), (4, 4), (5, 4)):
        del ring[hole]
    layer = tile_layer(1, "Collision", grid(10, 8, ring), 10, 8)
    data = tile_map([layer], [{"firstgid": 1, **blocks(tmp_path)}], 10, 8, start=(160, 128))
    path = maps.write(tmp_path, data, "caged.tmj")
    level = load_level(path)
    start = level.player_start
    (said,) = level.changed
    assert "player start is sealed in (the player's hitbox cannot move from it); the player starts at" in str(
        said
    )
    assert clear_of_walls(level, start.x, start.y)
    assert not (96 <= start.x <= 224 and 64 <= start.y <= 192)  # out of the ring
    # An open start is left alone, and says nothing.
    data = tile_map([layer], [{"firstgid": 1, **blocks(tmp_path)}], 10, 8, start=(40, 40))
    open_level = load_level(maps.write(tmp_path, data, "open.tmj"))
    assert open_level.changed == () and (open_level.player_start.x, open_level.player_start.y) == (40, 216)


def test_the_game_plays_a_map_whose_start_is_in_a_wall_saying_it_in_one_line(tmp_path):
    path = crate_on_start(tmp_path)
    played = run_game("--level", str(path), "--demo", "--frames", "2", timeout=900)
    assert played.returncode == 0, played.stderr
    said = [line for line in played.stderr.splitlines() if "player start" in line]
    assert (
        len(said) == 1
        and said[0].startswith("gjk-shooter: ")
        and ":99 (start): player start is inside wall 7 (crate); the player starts at the free spot nearest it ("
        in said[0]
    )


def test_a_spawn_inside_a_wall_is_moved_to_the_free_spot_nearest_it_for_that_enemy(tmp_path):
    data = maps.with_walls(maps.rect(7, 80, 100, 64, 48, name="crate"), start=(260, 200))
    data["layers"].append(maps.layer(5, "spawns", [maps.point(60, "brute", 100, 120, name="b1")]))
    path = maps.write(tmp_path, data, "spawn.tmj")
    level = load_level(path)
    (spawn,) = level.spawns
    (said,) = level.changed
    assert str(said).endswith(
        f":60 (b1): brute spawn is inside wall 7 (crate); it spawns at the free spot nearest it "
        f"({spawn.x:g}, {256 - spawn.y:g} in Tiled's pixels)"
    )
    brute = actor_hitboxes()["brute"].parts
    walls = [(shape, tuple(xf)) for w in level.walls for shape, xf in w.parts]
    assert not any(intersects(p, (spawn.x, spawn.y, 0.0), s, xf) for p in brute for s, xf in walls)
    assert level.player_start.y == 256 - 200  # the start, clear, stays
