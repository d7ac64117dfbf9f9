"""Full-box tiles merged into greedy rectangles: the same solid area in fewer bodies, and nothing snags at a seam."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from engine import World
from engine.collision import Circle, Polygon
from game.sim import PLAYER_SHAPE
from game.tiled import read_level
from game.tiled.merge import greedy_rectangles

from .maps import TILE, write
from .test_tiles import world_points
from .tilemaps import D, H, V, blocks, grid, tile_layer, tile_map

W, R = 44, 10


def load(tmp_path, cells, merge, name="map.tmj"):
    data = tile_map(
        [tile_layer(1, "walls", grid(W, R, cells), W, R)],
        [{"firstgid": 1, **blocks(tmp_path)}],
        W,
        R,
        start=(16, 16),
    )
    level, findings = read_level(write(tmp_path, data, name), merge_tiles=merge)
    assert [str(f) for f in findings if f.severity == "error"] == []
    return level


def solid(level):
    return unary_union(
        [ShapelyPolygon(world_points(shape, xf)) for wall in level.walls for shape, xf in wall.parts]
    )


def parts(level):
    return sum(len(wall.parts) for wall in level.walls)


# A border, a 5 × 3 block, a ragged blob, a row of steel boxes (tile 6: a property, so never merged with plain
# boxes), flipped boxes (a full box flipped is the same box), a row of top-half boxes (merged along the row), a
# column of them flipped diagonally (left halves: merged down the column), and half boxes flipped upside down
# (bottom halves) beside top halves in one row (never merged with each other).
CELLS = {
    **{(c, 0): 1 for c in range(W)},
    **{(c, R - 1): 1 for c in range(W)},
    **{(0, r): 1 for r in range(R)},
    **{(W - 1, r): 1 for r in range(R)},
    **{(c, r): 1 for c in range(3, 8) for r in range(2, 5)},
    **{
        (c, r): 1 | (H if c % 2 else 0) | (D if r % 2 else 0) | (V if c % 3 == 0 else 0)
        for c in range(10, 16)
        for r in range(2, 8)
        if (c * 7 + r * 3) % 5
    },
    **{(c, 6): 7 for c in range(20, 30)},
    **{(c, 7): 1 for c in range(20, 30)},
    **{(c, 3): 2 for c in range(32, 40)},
    **{(34, r): 2 | D for r in range(5, 9)},
    **{(c, 1): 2 | (V if c % 2 else 0) for c in range(32, 36)},
}
FULL = sum(1 for gid in CELLS.values() if gid & 0x0FFFFFFF in (1, 7))
HALF = sum(1 for gid in CELLS.values() if gid & 0x0FFFFFFF == 2)


def test_merging_keeps_the_solid_area_exactly_and_makes_far_fewer_bodies(tmp_path):
    merged, unmerged = load(tmp_path, CELLS, True, "a.tmj"), load(tmp_path, CELLS, False, "b.tmj")
    a, b = solid(merged), solid(unmerged)
    assert a.area == pytest.approx(FULL * TILE * TILE + HALF * TILE * TILE / 2, abs=1e-6)
    assert b.area == pytest.approx(a.area, abs=1e-6)
    assert a.symmetric_difference(b).area < 1e-6
    assert parts(unmerged) == FULL + HALF
    assert parts(merged) < (FULL + HALF) / 4
    # The steel row and the plain row under it stay apart.
    steel = [w for w in merged.walls if w.properties.get("material") == "steel"]
    assert len(steel) == 1 and str(steel[0].tile) == "walls:tile-20,6 (blocks 6)"
    halves = sorted((str(w.tile), box_of(w)) for w in merged.walls if w.tile.local_id == 1)
    top = R * TILE  # world y of the map's top edge
    assert halves == [
        ("walls:tile-32,1 (blocks 1)", (32 * TILE, 33 * TILE, top - 2 * TILE + 16, top - TILE)),
        ("walls:tile-32,3 (blocks 1)", (32 * TILE, 40 * TILE, top - 4 * TILE + 16, top - 3 * TILE)),
        ("walls:tile-33,1 (blocks 1)", (33 * TILE, 34 * TILE, top - 2 * TILE, top - 2 * TILE + 16)),
        ("walls:tile-34,1 (blocks 1)", (34 * TILE, 35 * TILE, top - 2 * TILE + 16, top - TILE)),
        ("walls:tile-34,5 (blocks 1)", (34 * TILE, 34 * TILE + 16, top - 9 * TILE, top - 5 * TILE)),
        ("walls:tile-35,1 (blocks 1)", (35 * TILE, 36 * TILE, top - 2 * TILE, top - 2 * TILE + 16)),
    ]


def box_of(wall):
    """A one-part box wall's world extent (x0, x1, y0, y1)."""
    [(box, xf)] = wall.parts
    points = world_points(box, xf)
    return (
        round(min(p[0] for p in points), 6),
        round(max(p[0] for p in points), 6),
        round(min(p[1] for p in points), 6),
        round(max(p[1] for p in points), 6),
    )


def test_a_merged_wall_is_named_by_its_top_left_tile_and_is_not_a_grey_object(tmp_path):
    level = load(tmp_path, {(c, r): 1 for c in range(4, 9) for r in range(3, 6)}, True)
    [wall] = level.walls
    assert wall.kind == "tile" and str(wall.tile) == "walls:tile-4,3 (blocks 0)"
    [(box, xf)] = wall.parts
    assert box.points == ((-80.0, -48.0), (80.0, -48.0), (80.0, 48.0), (-80.0, 48.0))
    assert tuple(xf) == (4 * TILE + 80.0, R * TILE - (3 * TILE + 48.0), 0.0)


@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_greedy_rectangles_cover_every_solid_cell_once_and_only_cells_of_one_key(rows, cols, data):
    keys = np.array(
        data.draw(
            st.lists(st.lists(st.integers(0, 2), min_size=cols, max_size=cols), min_size=rows, max_size=rows)
        )
    )
    cover = np.zeros_like(keys)
    for row, col, nrows, ncols in greedy_rectangles(keys):
        block = keys[row : row + nrows, col : col + ncols]
        assert block.size and (block == block[0, 0]).all() and block[0, 0] != 0
        cover[row : row + nrows, col : col + ncols] += 1
    assert (cover == (keys != 0)).all()


# --- sliding along a row of 40 tiles ---------------------------------------------------------------------------

ROW = 6  # Tiled row of the wall; its top face is at world y = (R - ROW) * TILE
TOP = (R - ROW) * TILE
START_X, ASK = 2 * TILE + 20.0, 1000.0
BODIES = {"box": Polygon.box(12.0, 12.0), "circle": Circle(12.0), "player": PLAYER_SHAPE}
ROWS = {
    "merged": ({(c, ROW): 1 for c in range(1, 41)}, True),
    "unmerged": ({(c, ROW): 1 for c in range(1, 41)}, False),
    # Alternating plain and steel boxes never merge: 39 seams between equal-height boxes.
    "alternating": ({(c, ROW): 1 if c % 2 else 7 for c in range(1, 41)}, True),
    # Flipped copies of the same box: merged, since a full box is the same after any flip.
    "flipped": ({(c, ROW): 1 | (H if c % 2 else D | V) for c in range(1, 41)}, True),
    # Top-half boxes span their cells across: merged along the row into one low wall.
    "half boxes": ({(c, ROW): 2 | (H if c % 3 else 0) for c in range(1, 41)}, True),
}


def slide(level, body_shape, steps):
    world = World()
    for wall in level.walls:
        for shape, xf in wall.parts:
            world.add(shape, tuple(xf), type="static", layer=1)
    low = min(p for p in _extent_below(body_shape))
    body = world.add(body_shape, (START_X, TOP - low + 0.5, 0.0), type="kinematic", layer=2, mask=1)
    for dx, dy in steps:
        world.move_and_slide(body, (dx, dy), mask=1)
    x, y, _ = world.transform(body)
    return x - START_X, y - (TOP - low)


def _extent_below(shape):
    """How far below its centre the shape reaches (a negative number), from its support."""
    yield shape.support(0.0, -1.0)[1]


@pytest.mark.parametrize("row", sorted(ROWS))
@pytest.mark.parametrize("body", sorted(BODIES))
def test_a_body_stepping_along_a_row_of_40_tiles_slides_as_far_as_asked(tmp_path, row, body):
    cells, merge = ROWS[row]
    level = load(tmp_path, cells, merge)
    assert len(level.walls) == (1 if merge and row != "alternating" else 40)
    # 100 steps of 10 px along the row, pushing 3 px into it each step, as a player holding right and down does
    # (the game moves at most a few px a fixed step).
    travel, height = slide(level, BODIES[body], [(ASK / 100, -3.0)] * 100)
    assert travel == pytest.approx(ASK, abs=0.5), f"{body} on a {row} row stopped after {travel:.2f} px"
    assert 0.0 < height < 0.5  # resting on the row's top, never in it


# One long move along seamed rows once climbed the next box's top corner (the body rested a hair
# inside its skin; engine/world/slide.py now detects at half a skin and rests at a whole one).
@pytest.mark.parametrize("row", sorted(ROWS))
@pytest.mark.parametrize("body", sorted(BODIES))
def test_one_long_move_along_a_row_of_40_tiles_slides_as_far_as_asked_and_stays_on_it(tmp_path, row, body):
    cells, merge = ROWS[row]
    travel, height = slide(load(tmp_path, cells, merge), BODIES[body], [(ASK, -30.0)])
    assert travel == pytest.approx(ASK, abs=0.5), f"{body} on a {row} row stopped after {travel:.2f} px"
    assert 0.0 < height < 0.5, f"{body} on a {row} row ended {height:.2f} px above it"
