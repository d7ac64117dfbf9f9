"""Issue 22 §5: public maps that none of us wrote (``real_maps/``, licences beside them), loaded and checked
as a designer would look at them, against Tiled's own render (``tmxrasterizer``).

For each map: the number of walls, the findings, and sampled points: where Tiled draws a tile whose
collision is its whole cell (or an object of a collision layer), the loader has a wall; where Tiled
draws nothing near, the loader has none. The maps' cells are read here with the standard library
(``ElementTree`` and ``csv``), never through the loader, so a placement slip of the loader fails.
"""

from __future__ import annotations

import math
import subprocess
import sys
import xml.etree.ElementTree as etree
from pathlib import Path

import numpy as np
import pytest
import shapely
from PIL import Image
from shapely.ops import unary_union

from engine.collision import Transform, aabb
from game.check import check_file
from game.tiled import read_level
from game.tiled.files import display_name
from tests.game.test_cli import run_game

from .geometry import wall_geometry
from .render import tiled_alpha

REAL = Path(__file__).parent / "real_maps"
BEVY = REAL / "bevy_ecs_tiled" / "maps"
FOREST = REAL / "tiled" / "forest" / "forest.tmx"
INFINITE = BEVY / "orthogonal" / "infinite.tmx"
LAYERS = BEVY / "orthogonal" / "multiple_layers_with_colliders.tmx"
FINITE = BEVY / "orthogonal" / "finite.tmx"
KNIGHT_1_0 = REAL / "tiled" / "sticker-knight" / "map" / "sandbox-tiled-1.0.tmx"
ROOT = Path(__file__).resolve().parents[3]


def tmx_cells(path: Path, layer: str) -> dict[tuple[int, int], int]:
    """A CSV tile layer's painted cells, (column, row) in Tiled's cells (chunks placed), to gid (flip
    bits cleared)."""
    root = etree.parse(path).getroot()
    found = next(e for e in root.iter("layer") if e.attrib["name"] == layer)
    data = found.find("data")
    assert data.attrib.get("encoding") == "csv"
    blocks = data.findall("chunk") or [data]
    cells = {}
    for block in blocks:
        x0, y0 = int(block.attrib.get("x", 0)), int(block.attrib.get("y", 0))
        width = int(block.attrib.get("width", found.attrib["width"]))
        values = [int(v) for v in block.text.replace("\n", "").split(",") if v.strip()]
        for k, gid in enumerate(values):
            if gid:
                cells[(x0 + k % width, y0 + k // width)] = gid & 0x0FFFFFFF
    return cells


def sample_cells(level, alpha, cells, full, origin, tile):
    """Each cell's centre against Tiled's render and the loader's walls: a cell painted with a tile of
    ``full`` (collision = the whole cell) must be drawn and inside a wall; a cell with nothing painted
    within one cell must be drawn empty and outside every wall. ``origin`` is the render's pixel of
    Tiled's (0, 0) and of the world's top-left; cells under an object wall are left to the object layer's
    own comparison. Returns the counts checked."""
    solid = unary_union([wall_geometry(w) for w in level.walls])
    objects = unary_union([wall_geometry(w) for w in level.walls if w.tile is None])
    ox, oy = origin
    checked = {"solid": 0, "free": 0}
    for col in range(-(ox // tile), (alpha.shape[1] - ox) // tile):
        for row in range(-(oy // tile), (alpha.shape[0] - oy) // tile):
            px, py = ox + (col + 0.5) * tile, oy + (row + 0.5) * tile
            if not (0 <= px < alpha.shape[1] and 0 <= py < alpha.shape[0]):
                continue
            centre = shapely.Point(px - ox, level.height - (py - oy))  # a finite map: world x is Tiled's x
            drawn = alpha[int(py), int(px)] > 0
            if cells.get((col, row)) in full:
                assert drawn and solid.contains(centre), (col, row)
                checked["solid"] += 1
            elif not objects.intersects(centre) and not any(
                (col + dc, row + dr) in cells for dc in (-1, 0, 1) for dr in (-1, 0, 1)
            ):
                assert not drawn and not solid.intersects(centre), (col, row)
                checked["free"] += 1
    return checked


def test_forest_tiled_19_sub_rectangles_are_three_merged_platforms_where_they_are_drawn(
    tmp_path, tiled_tools
):
    """Tiled's forest example: a ``platforms`` layer (solid by its name) painted with a 16 px sub-rectangle
    of a 1,024 px image (Tiled 1.9); three runs of 4, 12 and 6 cells are three walls."""
    level, findings = read_level(FOREST)
    assert level is not None
    cells = tmx_cells(FOREST, "platforms")
    assert len(cells) == 22 and len(level.walls) == 3
    assert sorted(round(wall_geometry(w).area) for w in level.walls) == [4 * 256, 6 * 256, 12 * 256]
    # Debian's Tiled (1.8.2) predates sub-rectangles: its render draws the whole 1,024 px image from each
    # cell's bottom-left, which this asserts, so the oracle is the sub-image (x 1, y 1, 16 × 16 px, from
    # forest.tsx) cut here with PIL and laid on every painted cell, as Tiled 1.9 draws it.
    whole = tiled_alpha(FOREST, "platforms", tmp_path)
    assert whole.shape == (16 * 16, 40 * 16) and whole[0:16, 64:80].max() > 0  # the image's top row
    sub = np.asarray(Image.open(FOREST.parent / "squirrel.png").convert("RGBA"))[1:17, 1:17, 3]
    alpha = np.zeros_like(whole)
    for col, row in cells:
        alpha[row * 16 : row * 16 + 16, col * 16 : col * 16 + 16] = sub
    checked = sample_cells(level, alpha, cells, {1}, (0, 0), 16)
    assert checked["solid"] == 22 and checked["free"] > 150, checked
    # The findings a designer sees: parallax not drawn on three layers, nothing else to fix.
    assert [f.problem for f in findings if f.severity == "error"] == []
    warnings = [f.problem for f in findings if f.severity == "warning"]
    assert len(warnings) == 3 and all("parallax is not applied" in w for w in warnings)


def tmx_offset_margins(path: Path) -> tuple[int, int]:
    """Tiled's render margins for layer offsets (``Map::computeLayerOffsetMargins``): left and top."""
    root = etree.parse(path).getroot()
    left = top = 0
    for layer in root:
        if layer.tag in ("layer", "objectgroup", "imagelayer", "group"):
            left = max(left, math.ceil(-float(layer.attrib.get("offsetx", 0))))
            top = max(top, math.ceil(-float(layer.attrib.get("offsety", 0))))
    return left, top


def test_an_infinite_tiled_111_map_is_its_chunks_with_every_collision_where_tiled_draws_it(
    tmp_path, tiled_tools
):
    """bevy_ecs_tiled's infinite map: four chunked tile layers from -16 to +16 cells, every tile with
    collision shapes (four full boxes, a polygon, an ellipse, a rotated rectangle), a ``Collisions``
    object layer (a rectangle, a concave polygon, a point) and an image layer."""
    level, findings = read_level(INFINITE)
    assert level is not None and (level.width, level.height) == (1024.0, 1024.0)
    layers = [tmx_cells(INFINITE, f"Tile Layer {k}") for k in (1, 2, 3, 4)]
    painted = sum(len(c) for c in layers)
    assert painted == 237
    tile_walls = [w for w in level.walls if w.tile is not None]
    object_walls = [w for w in level.walls if w.tile is None]
    assert len(object_walls) == 2  # the rectangle and the polygon; the point is not solid
    # Every cell of a tile that is not a full box is one wall of its own (a polygon, an ellipse, a
    # rotated rectangle: 131 cells); the full boxes merge into runs: 21 walls for 106 cells.
    boxes = {1, 2, 4, 6}  # the tiles whose one collision rectangle is the whole 32 px cell
    shaped = sum(1 for cells in layers for gid in cells.values() if gid not in boxes)
    merged = [w for w in tile_walls if w.tile.local_id + 1 in boxes]
    assert len(tile_walls) - len(merged) == shaped == 131
    assert len(merged) == 21 and len(level.walls) == 154
    # Tiled's render: the chunks' union from cell (-16, -16), widened by the image layer's offset.
    left, top = tmx_offset_margins(INFINITE)
    origin = (left + 512, top + 512)  # the render's pixel of Tiled's (0, 0)
    solid = unary_union([wall_geometry(w) for w in level.walls])
    union = {}
    for cells in layers:
        union.update(cells)
    total = 0
    for k, cells in enumerate(layers, 1):
        alpha = tiled_alpha(INFINITE, f"Tile Layer {k}", tmp_path)
        assert alpha.shape == (1024 + top, 1024 + 225)  # the image layer's offset widens the render
        checked = {"solid": 0, "free": 0}
        for (col, row), gid in cells.items():
            px, py = origin[0] + (col + 0.5) * 32, origin[1] + (row + 0.5) * 32
            world = shapely.Point((col + 16.5) * 32, level.height - (row + 16.5) * 32)
            assert alpha[int(py), int(px)] > 0, (k, col, row)
            if gid in boxes:
                assert solid.contains(world), (k, col, row)
                checked["solid"] += 1
        for col in range(-16, 16):
            for row in range(-16, 16):
                if any((col + dc, row + dr) in union for dc in (-1, 0, 1) for dr in (-1, 0, 1)):
                    continue
                world = shapely.Point((col + 16.5) * 32, level.height - (row + 16.5) * 32)
                px, py = origin[0] + (col + 0.5) * 32, origin[1] + (row + 0.5) * 32
                assert alpha[int(py), int(px)] == 0
                if not unary_union([wall_geometry(w) for w in object_walls]).intersects(world):
                    assert not solid.intersects(world), (col, row)
                    checked["free"] += 1
        assert checked["free"] > 300, (k, checked)
        total += checked["solid"]
    assert total == 106  # every full-box cell of the four layers
    # The Collisions layer: every pixel Tiled fills (3 px in from its outline) is in an object wall, and
    # every pixel 3 px clear of anything Tiled draws is outside them.
    alpha = tiled_alpha(INFINITE, "Collisions", tmp_path)
    objects = unary_union([wall_geometry(w) for w in object_walls])
    inside = outside = 0
    for py in range(3, alpha.shape[0] - 3, 6):
        for px in range(3, alpha.shape[1] - 3, 6):
            x, y = px - origin[0] + 512, level.height - (py - origin[1] + 512)
            if not (0 < x < 1024 and 0 < y < 1024):
                continue
            around = alpha[py - 3 : py + 4, px - 3 : px + 4]
            if around.min() > 0 and around.max() < 255:  # inside the translucent fill, not the point pin
                assert objects.contains(shapely.Point(x, y)), (px, py)
                inside += 1
            elif around.max() == 0:
                assert not objects.intersects(shapely.Point(x, y)), (px, py)
                outside += 1
    assert inside > 500 and outside > 20_000, (inside, outside)
    assert [f.problem for f in findings if f.severity == "error"] == []


def test_the_infinite_maps_gaps_are_where_the_players_real_hull_cannot_pass():
    """70 gaps (86 by the minimum width alone): among them two of 34.5 and 35 px, wider than the
    player's narrowest way (25.8 px), beside turned collision boxes, that its hull still cannot pass."""
    checked = check_file(INFINITE)
    gaps = [f.problem for f in checked.warnings if f.problem.startswith("gap of")]
    assert len(gaps) == 70
    wide = sorted(w for w in (float(g.split()[2]) for g in gaps) if w > 25.8)
    assert wide == [34.5, 35.0]  # wider than its narrowest way, yet turned boxes and ellipses block it


def test_a_finite_tiled_111_map_of_three_tile_layers_and_a_colliders_layer(tmp_path, tiled_tools):
    level, findings = read_level(LAYERS)
    assert level is not None
    layers = {name: tmx_cells(LAYERS, name) for name in ("First layer", "Second layer", "Third layer")}
    union = {}
    for cells in layers.values():
        union.update(cells)
    assert len(union) == 57  # 59 painted, two cells on two layers
    assert len([w for w in level.walls if w.tile is None]) == 2  # the Colliders layer: an ellipse, a box
    # First layer: a ring of 40 boxes, 4 walls; Second: a lone box, two runs, a lone box, 4; Third (a tile
    # with a property, kept apart): two columns of 3, 2; the Colliders layer 2.
    assert len(level.walls) == 12
    alpha = np.zeros((640, 640), np.uint8)
    for name in layers:
        alpha = np.maximum(alpha, tiled_alpha(LAYERS, name, tmp_path))
    checked = sample_cells(level, alpha, union, {2, 4, 6}, (0, 0), 32)
    assert checked["solid"] == 57 and checked["free"] > 200, checked
    assert [f.problem for f in findings if f.severity == "error"] == []
    # The checker: the Colliders box stands 24.2 px inside the ring, room for the player above and below
    # it but not through; the Colliders ellipse sits on a run of tiles (could be one wall).
    checked = check_file(LAYERS)
    assert checked.errors == []
    assert [f.problem for f in checked.warnings] == [
        "gap of 24.2 px to tile First layer:tile-2,10 (orthogonal_1 3): the player cannot pass it at any "
        "angle (its hitbox is 25.8 px across its narrowest way) and fits on both sides",
        "overlaps tile Second layer:tile-9,12 (orthogonal_1 5) by 54.8 px: the two could be merged into one",
    ]


KNIGHT = REAL / "tiled" / "sticker-knight" / "map" / "sandbox.tmx"


def body_types(path: Path) -> dict[str, tuple[str, tuple[float, float, float, float]]]:
    """Each object with a Solar2D ``bodyType`` (its own or its template's), by id: the type and the
    object's box in Tiled's pixels (x0, y0, x1, y1, y down; a tile object's (x, y) is its bottom-left,
    objs.tsx saying no other alignment). Read with ElementTree, never through the loader."""
    root = etree.parse(path).getroot()
    found = {}
    for obj in root.iter("object"):
        element, attrs = obj, dict(obj.attrib)
        if "template" in attrs:
            element = etree.parse(path.parent / attrs["template"]).getroot().find("object")
            attrs = {**element.attrib, **attrs}
        props = {p.attrib["name"]: p.attrib.get("value") for p in element.iter("property")}
        props.update({p.attrib["name"]: p.attrib.get("value") for p in obj.iter("property")})
        if "bodyType" in props:
            x, y, w, h = (float(attrs[k]) for k in ("x", "y", "width", "height"))
            top = y - h if "gid" in attrs else y
            found[attrs["id"]] = (props["bodyType"], (x, top, x + w, top + h))
    return found


@pytest.mark.parametrize("path", [KNIGHT, KNIGHT_1_0], ids=["tiled-1.8", "tiled-1.0"])
def test_sticker_knights_solar2d_body_types_make_its_static_bodies_walls_and_its_dynamic_ones_props(
    path, tmp_path, tiled_tools
):
    """Tiled's Sticker Knight example (Solar2D): ``bodyType`` ``static`` objects (its ground platforms, and
    its hidden ``bounds`` layer's two side walls) are walls, each the box Tiled draws its object in;
    its two ``dynamic`` push blocks are props that move, each a body of the box Tiled draws its tile in, with
    the template's Solar2D density and friction. Saved by Tiled 1.8 (templates) and 1.0 alike."""
    level, findings = read_level(path)
    assert level is not None and [f for f in findings if f.severity == "error"] == []
    bodies = body_types(path)
    static = {oid: box for oid, (kind, box) in bodies.items() if kind == "static"}
    dynamic = {oid: box for oid, (kind, box) in bodies.items() if kind == "dynamic"}
    assert (len(static), len(dynamic)) == (18, 2)
    height = level.height
    walls = {str(w.object_id): wall_geometry(w) for w in level.walls}
    assert walls.keys() == static.keys()
    for oid, (x0, y0, x1, y1) in static.items():
        box = shapely.box(x0, height - y1, x1, height - y0)
        assert walls[oid].symmetric_difference(box).area < 1e-6 * box.area, oid
    solid = unary_union(list(walls.values()))
    for x0, y0, x1, y1 in dynamic.values():
        assert not solid.contains(shapely.Point((x0 + x1) / 2, height - (y0 + y1) / 2))
    # The dynamic blocks: props, each its object's box (96 px) placed where Tiled draws it.
    props = {str(p.object_id): p for p in level.props}
    assert props.keys() == dynamic.keys()
    for oid, (x0, y0, x1, y1) in dynamic.items():
        spot = props[oid]
        assert (spot.kind, spot.name, spot.angle) == ("dynamic body", "block", 0.0)
        lo_x, lo_y, hi_x, hi_y = aabb(spot.body.shape, Transform(spot.x, spot.y, spot.angle))
        assert (lo_x, lo_y, hi_x, hi_y) == pytest.approx((x0, height - y1, x1, height - y0)), oid
        assert (spot.body.density, spot.body.friction) == pytest.approx((2.0 / 900, 0.45))
        assert spot.body.image.name == "pushBlock3.png"
    notes = [f.problem for f in findings if f.severity == "info"]
    assert "bodyType 'dynamic' not read" not in " ".join(notes)
    assert "hidden layer 'bounds': 2 objects still collide (their own property 'bodyType' 'static')" in (
        " ".join(notes)
    )
    # Tiled's own render of the ground layer: each ground wall's centre is where Tiled draws its platform.
    alpha = tiled_alpha(path, "ground", tmp_path)
    (layer,) = [g for g in etree.parse(path).getroot().iter("objectgroup") if g.attrib["name"] == "ground"]
    ground = [o.attrib["id"] for o in layer.iter("object") if o.attrib["id"] in static]
    assert len(ground) == 16
    for oid in ground:
        x0, y0, x1, y1 = static[oid]
        assert alpha[int((y0 + y1) / 2), int((x0 + x1) / 2)] > 0, oid
    # And of the game layer: Tiled draws each block's image over its prop's centre (the prop's image,
    # its tile's, is opaque there). The Tiled 1.0 file's render for both: Debian's tmxrasterizer (1.8)
    # draws no tile object placed by a template (the 1.8 file's blocks), the 1.0 file has them inline.
    alpha = tiled_alpha(KNIGHT_1_0, "game", tmp_path)
    for spot in level.props:
        assert alpha[int(height - spot.y), int(spot.x)] > 0, spot.object_id


@pytest.mark.parametrize(
    ("path", "orientation"),
    [
        (BEVY / "isometric" / "finite_diamond.tmx", "isometric"),
        (BEVY / "isometric" / "isometric_staggered_map.tmx", "staggered"),
        (BEVY / "hexagonal" / "finite_pointy_top_odd.tmx", "hexagonal"),
        (REAL / "tiled" / "hexagonal" / "hexagonal-mini.tmx", "hexagonal"),
    ],
    ids=["isometric", "staggered", "hexagonal", "hexagonal-tiled-1.0"],
)
def test_a_map_not_orthogonal_is_refused_in_one_line_naming_its_orientation(path, orientation, tmp_path):
    expected = f"map orientation is '{orientation}'; only orthogonal maps are supported"
    shown = display_name(path)
    level, findings = read_level(path)
    assert level is None and [f.problem for f in findings] == [expected]
    checked = subprocess.run(
        [sys.executable, "-m", "game.check", str(path)], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert checked.returncode == 1
    assert [line for line in checked.stdout.splitlines() if expected in line] == [f"  {shown}: {expected}"]
    assert "checked 1 level: 1 error, 0 warnings" in checked.stdout
    script = tmp_path / "session.jsonl"
    script.write_text('{"frame": 1, "event": "key_down", "key": "W"}\n')
    for mode in (["--demo", "--frames", "2"], ["--play-script", str(script), "--frames", "2"]):
        played = run_game(*mode, "--level", str(path), timeout=300)
        assert played.returncode == 2, played.stderr
        assert played.stderr.strip().splitlines() == [f"gjk-shooter: {shown}: {expected}"]


def test_a_bevy_map_with_three_walls_wholly_outside_it_loads_with_three_warnings_and_plays():
    """Issue 40 §5: Tiled and arcade keep tile objects drawn past the map's edge, and so does the game
    (it refused this map before, ``wall is outside the map (320 × 320 px)``, exit 2)."""
    level, findings = read_level(FINITE)
    assert level is not None and [f for f in findings if f.severity == "error"] == []
    assert [(f.severity, f.object_id, f.problem) for f in findings if f.code == "outside-map"] == [
        ("warning", oid, "wall is outside the map (320 × 320 px)") for oid in (34, 36, 37)
    ]
    assert {34, 36, 37} <= {w.object_id for w in level.walls if w.tile is None}
    checked = check_file(FINITE)
    assert checked.errors == [] and len(checked.warnings) == 32
    played = run_game("--level", str(FINITE), "--demo", "--frames", "30", timeout=900)
    assert played.returncode == 0 and played.stderr == "", played.stderr
    assert "demo level=finite frames=30" in played.stdout


def test_the_checker_on_the_real_maps_folder_checks_every_map():
    checked = [check_file(p) for p in sorted(REAL.rglob("*.tmx"))]
    assert len(checked) == 10
    refused = [c for c in checked if c.errors]
    assert len(refused) == 4  # the four orientations; Sticker Knight's tile templates load (test_templates)


PHASER = REAL / "phaser-ce-examples" / "maps" / "multi-tileset.json"


def test_a_real_pre_12_json_map_is_drawn_as_tiled_draws_it_and_checks_clean(tmp_path, tiled_tools):
    """Phaser CE's ``multi-tileset.json`` (2016, JSON before Tiled 1.2: ``version`` 1, no ``tiledversion``,
    properties as dicts, tilesets without ``tilecount`` or ``columns``, three Kenney atlases): loads with
    no error or warning; every painted cell is drawn from the tile its gid names (the atlas columns
    derived from the image), and the picture of the loader's tiles is Tiled's own render."""
    import json

    raw = json.loads(PHASER.read_text())
    assert "tiledversion" not in raw and raw["version"] == 1 and isinstance(raw["properties"], dict)
    assert all("tilecount" not in t and "columns" not in t for t in raw["tilesets"])
    level, findings = read_level(PHASER)
    assert level is not None and [f.severity for f in findings] == ["info"]  # no player start: a note
    (layer,) = level.tile_layers
    painted = {(k % 20, k // 20): gid for k, gid in enumerate(raw["layers"][0]["data"]) if gid}
    assert len(layer.tiles) == len(painted) == 167
    firsts = sorted(t["firstgid"] for t in raw["tilesets"])
    for tile in layer.tiles:
        gid = painted[(tile.col, tile.row)]
        first = max(f for f in firsts if f <= gid)
        assert tile.local_id == gid - first
        assert (tile.source[0], tile.source[1]) == (
            (tile.local_id % (tile_image_width(tile) // 64)) * 64,
            (tile.local_id // (tile_image_width(tile) // 64)) * 64,
        )
    # The loader's tiles laid out with PIL against tmxrasterizer's picture of the map.
    ours = Image.new("RGBA", (round(level.width), round(level.height)))
    for tile in layer.tiles:
        x, y, w, h = tile.source
        with Image.open(tile.image) as atlas:
            piece = atlas.convert("RGBA").crop((x, y, x + w, y + h))
        ours.alpha_composite(
            piece, (round(tile.center_x - w / 2), round(level.height - tile.center_y - h / 2))
        )
    theirs = tiled_alpha(PHASER, "Tile Layer 1", tmp_path)
    mine = np.asarray(ours)[:, :, 3]
    assert theirs.shape == mine.shape == (1280, 1280)
    assert not ((theirs > 0) != (mine > 0)).any()  # pixel for pixel
    assert (theirs > 0).mean() > 0.3  # the comparison saw the map, not an empty picture
    done = subprocess.run(
        [sys.executable, "-m", "game.check", str(PHASER)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "checked 1 level: 0 errors, 0 warnings, 1 note" in done.stdout


def tile_image_width(tile) -> int:
    with Image.open(tile.image) as image:
        return image.size[0]


def test_sticker_knights_push_blocks_are_dynamic_bodies_in_the_game_and_it_plays(tmp_path):
    """In the simulation each block is a dynamic body of its Solar2D density (2 per square metre of 30 px:
    96² × 2 / 900 ≈ 20.5) that a push moves; ``python -m game --level`` plays the map."""
    from game.sim import Inputs, Simulation

    level, _ = read_level(KNIGHT)
    sim = Simulation(level, 3)
    t = sim.props
    assert len(t) == 2
    for k in range(2):
        assert sim.world.mass(int(t.body[k])).mass == pytest.approx(96 * 96 * 2 / 900)
    sim.world.set_velocity(int(t.body[0]), (200.0, 0.0), 0.0)
    for _ in range(10):
        sim.step(Inputs())
    assert sim.props.x[0] > sim.props.x0[0] + 5.0  # it moved: a wall would not
    played = run_game("--level", str(KNIGHT), "--demo", "--frames", "60", timeout=900)
    assert played.returncode == 0, played.stderr
    assert "demo level=sandbox frames=60" in played.stdout
