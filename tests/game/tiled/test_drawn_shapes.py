"""Issue 22 §2: shapes as designers draw them with other tools in mind: a closed polyline is a filled
outline, a full-tile box drawn with the polygon tool merges like a rectangle."""

from __future__ import annotations

from shapely.geometry import Polygon as ShapelyPolygon
from shapely.ops import unary_union

from game.tiled import read_level

from . import maps
from .geometry import wall_geometry
from .tilemaps import blocks, grid, shape, tile, tile_layer, tile_map

W, R, T = 10, 8, 32


def test_a_closed_polyline_is_a_filled_polygon_with_a_note(tmp_path):
    ring = [(0, 0), (80, 0), (80, 60), (0, 60), (0, 0)]
    level, findings = read_level(
        maps.write(tmp_path, maps.with_walls(maps.polyline(3, 100, 60, ring, name="pen")), "m.tmj")
    )
    solid = unary_union([wall_geometry(w) for w in level.walls])
    assert abs(solid.area - 80 * 60) < 1e-6  # filled, not a ring of capsules
    assert solid.contains(ShapelyPolygon([(140, 256 - 90), (141, 256 - 90), (141, 256 - 91)]))  # its middle
    assert [(f.severity, f.problem) for f in findings] == [
        (
            "info",
            "closed polyline read as a filled polygon (1 convex part); give it a 'thickness' property to keep "
            "it a thin wall",
        )
    ]


def test_a_closed_polyline_with_a_thickness_stays_a_thin_wall(tmp_path):
    ring = [(0, 0), (80, 0), (80, 60), (0, 60), (0, 0)]
    level, _ = read_level(
        maps.write(tmp_path, maps.with_walls(maps.polyline(3, 100, 60, ring, thickness=4)), "m.tmj")
    )
    assert [w.kind for w in level.walls] == ["polyline"] and len(level.walls[0].parts) == 4


def test_a_full_tile_box_drawn_as_a_polygon_merges_with_its_neighbours(tmp_path):
    data = blocks(tmp_path)
    data["tiles"] = [
        *data["tiles"],
        tile(4, shape(1, "polygon", x=0, y=0, points=[(0, 0), (32, 0), (32, 32), (0, 32)])),
    ]
    cells = grid(W, R, {(c, r): 5 for c in range(2, 6) for r in range(1, 4)})
    level, findings = read_level(
        maps.write(
            tmp_path, tile_map([tile_layer(1, "ground", cells, W, R)], [{"firstgid": 1, **data}], W, R)
        )
    )
    assert level is not None, findings
    assert len(level.walls) == 1  # one 4 x 3 box, not twelve
    assert abs(wall_geometry(level.walls[0]).area - 12 * T * T) < 1e-6
