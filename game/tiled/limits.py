"""The written limits on a level file, checked before the work each one protects.

A map file comes from outside, so anything in it can be huge. Each limit
below is checked right after the file is parsed, before anything is built
from it (pytiled_parser's objects, walls, grids, floor sprites); breaking
one is one error finding naming the file (or the object) and the limit.
levels/README.md ("Limits") says the same to designers.

Why these numbers (the shipped levels are at most 100 × 75 tiles, 3200 px,
about 60 objects and 40 points per outline):

- ``MAX_FILE_BYTES``: 32 MiB, hundreds of times a real map, read whole
  through ``game.files.safe_read`` (regular files only, JSON at most
  ``MAX_JSON_DEPTH`` deep).
- ``MAX_MAP_TILES`` (a side): 4,096 tiles; the cells a tile layer holds
  are bounded by ``MAX_LAYER_CELLS`` (an area), so a long, thin map of
  small tiles fits.
- ``MAX_MAP_AREA``: 8192 × 8192 px². The grids built per level are
  sized by the area: the checker's reach grid (12 px cells) is at most
  466,489 cells, the enemies' navigation grid (32 px) 65,536 cells, the
  floor 16,384 sprites of 64 px; each builds in well under a second.
  ``MAX_MAP_PIXELS`` (a side): 32,768 px, so a long side-scroller
  (32,768 × 2,048) fits where the old 8192 px side limit refused it.
- ``MAX_OBJECTS``: 20,000 objects in all layers (hidden ones too); the
  checker compares walls pairwise through a box test and the game keeps
  one body per wall part.
- ``MAX_LAYERS``: 1,000 layers, groups and the layers in them counted;
  each is walked and may give a finding (a real map has a handful).
- ``MAX_POLYGON_POINTS``: 5,000 vertices a polygon, the engine's own
  ``engine.collision.concave.MAX_OUTLINE_POINTS`` (one constant: the
  engine splits the outline); the largest allowed concave outline is
  checked and split in well under 2 s (``benchmarks/levels.py``).
- ``MAX_POLYLINE_POINTS``: 5,000 points a polyline (one capsule per segment).
- ``MAX_POINTS``: 100,000 polygon and polyline points in the whole map.
- ``MAX_COORDINATE``: 1,000,000 px: no object position, size or point may
  be farther from the origin, so products of coordinates stay exact
  enough for the geometry and nothing overflows.

Tilesets (``tilesets.py``; a tileset is read whole before any tile is used):

- ``MAX_TILESET_BYTES``: 8 MiB a tileset file (``.tsj``/``.tsx``); a real
  one with collision on every tile of a 1,024-tile atlas is under 1 MiB.
- ``MAX_TILESETS``: 64 tilesets a map (external and embedded).
- ``MAX_TILESET_TILES``: 65,536 tiles a tileset (its ``tilecount`` and the
  tiles it lists): a 4,096 px atlas of 16 px tiles.
- ``MAX_TILE_SIZE``: 2,048 px a side of a tile (and ``MAX_IMAGE_PIXELS``
  16,384 px a side of a tileset or tile image as the file declares it).
- ``MAX_TILE_SHAPES``: 64 collision objects a tile; each is a wall on
  every cell the tile is painted on.
- ``MAX_TILE_POLYGON_POINTS``: 1,000 points a collision polygon or
  polyline (a traced outline is a few dozen); ``MAX_TILESET_POINTS``:
  100,000 in a whole tileset.
- ``MAX_IMAGE_AREA``: 16,777,216 pixels (4,096 × 4,096) an image once
  decoded, read from the image file's own header (never the size the
  tileset declares) before anything decodes it: 64 MiB of RGBA, the
  largest texture many GPUs take. A 0.5 MB PNG can claim 12,000 × 12,000
  px and decode to 2 GB; ``MAX_IMAGES_AREA``, 33,554,432 pixels (two such
  images), in all the images one map draws.
- ``MAX_DETAILED_TILE_PIXELS``, ``MAX_DETAILED_PIXELS``, ``MAX_DETAILED_EDGES``: what
  ``--texture-hitboxes detailed`` may trace (``texture.py``). arcade's detailed algorithm calls back
  into Python for every pixel (pymunk's ``march_soft``) and collects a segment per alpha edge, so it
  costs about 2 µs a pixel of plain art (a 512 px disc: 0.50 s) and 4 to 8 µs a pixel where every
  pixel is an edge (noise of 181 px: 0.27 s; stripes of 256 px: 0.30 s), more as the edges grow
  (measured alone under the bench lock; on the shared machine a 2,048 px disc took 20 s and a
  1,024 px square of noise 388 s). ``benchmarks/texture_hitboxes.py`` at the limits, under the
  lock: ``read_level`` of four 512 px discs (the map's pixels) 4.2 s, of 98,000 edges of noise
  2.7 s, each with arcade's first import (about 1.8 s, once a process); a tile past its limit is
  refused in 0.06 s, arcade never imported.
  So a tile's region may hold 262,144 pixels (512 × 512), the distinct regions a map outlines
  1,048,576 pixels and 131,072 alpha edges (pixels whose right or lower neighbour differs in
  opacity, counted with numpy), each checked before arcade runs on the region. ``simple`` is
  numpy work on the pixels and needs no limit beyond the images'.
- ``MAX_IMAGE_PATH_CHARS``: 1,024 characters an image path; an image must
  be a regular file of at most ``MAX_IMAGE_BYTES`` (64 MiB): the renderer
  opens it, and a FIFO or a device named as an image would hang it.

Tile layers (``tiles.py``; each checked before the data is decoded):

- ``MAX_LAYER_CELLS``: 262,144 cells (width × height) a tile layer, the
  most a 512 × 512 map holds; ``MAX_TILE_CELLS``: 1,048,576 cells in all
  tile layers (8 MiB of decoded ids at most).
- Base64 data: its length is checked against what ``width × height``
  cells need before decoding; compressed (zlib, gzip) data may be at most
  ``MAX_COMPRESSED_RATIO`` (1.01) of the raw size plus 1 KiB, and is
  inflated by a bounded ``decompressobj`` that stops one byte past the
  ``width × height × 4`` bytes expected, so a zlib bomb costs nothing.
- CSV text (TMX): at most ``MAX_CSV_CHARS_PER_CELL`` (12) characters a
  cell before it is split.
- ``MAX_PLACED_TILES``: 100,000 painted cells in visible layers (each is
  drawn as a sprite).
- ``MAX_WALL_PARTS``: 8,000 convex parts in all the walls of a map (object
  walls split, tile collision multiplied out over every painted cell,
  merged boxes counted once), and ``MAX_WALL_POINTS``: 80,000 vertices in
  those parts (a circle, an ellipse or a capsule counts as 1). What the
  game, the checker and the engine pay for is parts and their points, not
  walls: one tile whose collision is a 1,000-point star is about 500
  parts, so 16,384 cells of it were 8 million parts (20 s and 4.4 GB to
  read). A tile's parts are built once; cells × parts and cells × points
  are counted before any cell's walls are made. Measured at the limit
  (``benchmarks/levels.py``; figures in docs/limits.md): under 250 MB,
  a step median near 1 ms; a check of 7,900 walls took 6 s on the shared
  machine, past the 5 s aimed at.
- ``MAX_TILE_WALLS``: 20,000 walls from tile collision after merging,
  counted before any engine shape is built (the same budget as
  ``MAX_OBJECTS``); before merging, ``MAX_TILE_SHAPES_PLACED`` (400,000)
  collision objects placed in all, counted from the decoded ids alone.

Props and joints (issue 40; each number lives beside the code that reads
them, named here so this list stays whole):

- ``props.MAX_PROPS``: 2,000 props a map (Solar2D's dynamic bodies counted
  with the ``props`` layer's), counted on each layer before any is read:
  each is a dynamic body the step solves (300 moving cost about 2 ms).
- ``joints.MAX_JOINTS_IN_MAP``: 2,000 joint objects a map (a joint class in
  ``props`` or ``joints``, hidden ones too), counted in the census with the
  objects, before pytiled_parser parses one: a map of 10,000 bad joints is
  one line, not a line a joint (it was 2,001 lines), and one of 100,000 is
  the objects' line (read in about 1.4 s, the JSON parse most of it).
- ``joints.MAX_CHAIN_LINKS``: 64 joints a chain, a chain being the props
  joined to one another by joints, directly or through other props (a
  joint to the world joins nothing: a row of doors is many chains of one).
  Counted on the joints read, before any is made, in time linear in them
  (``joints.long_chains``); one line at the chain's first joint.
- ``prop_kinds.MAX_PROP_PARTS``: 16 convex parts a prop kind (one body of
  several shapes, each solved every tick): its tile's collision objects are
  counted before any is built, its parts again once concave polygons are
  split. ``prop_kinds.MAX_PROP_SIZE``: 256 px a side of a prop's parts' box;
  ``prop_kinds.MAX_PROP_KINDS``: 64 kinds in the props tileset.
"""

from __future__ import annotations

from engine.collision.concave import MAX_OUTLINE_POINTS
from game.files.safe_read import MAX_JSON_DEPTH

MAX_FILE_BYTES = 32 * 2**20
MAX_MAP_TILES = 4_096
MAX_MAP_PIXELS = 32_768
MAX_MAP_AREA = 8192 * 8192
MAX_OBJECTS = 20_000
MAX_LAYERS = 1_000
MAX_POLYGON_POINTS = MAX_OUTLINE_POINTS
MAX_POLYLINE_POINTS = 5_000
MAX_POINTS = 100_000
MAX_COORDINATE = 1_000_000.0

MAX_TILESET_BYTES = 8 * 2**20
MAX_TILESETS = 64
MAX_TILESET_TILES = 65_536
MAX_TILE_SIZE = 2_048
MAX_IMAGE_PIXELS = 16_384
MAX_TILE_SHAPES = 64
MAX_TILE_POLYGON_POINTS = 1_000
MAX_TILESET_POINTS = 100_000
MAX_IMAGE_AREA = 4_096 * 4_096
MAX_IMAGES_AREA = 2 * MAX_IMAGE_AREA
MAX_IMAGE_PATH_CHARS = 1_024
MAX_IMAGE_BYTES = 64 * 2**20

MAX_LAYER_CELLS = 512 * 512
MAX_TILE_CELLS = 4 * MAX_LAYER_CELLS
MAX_COMPRESSED_RATIO = 1.01
MAX_CSV_CHARS_PER_CELL = 12
MAX_PLACED_TILES = 100_000
MAX_TILE_WALLS = 20_000
MAX_TILE_SHAPES_PLACED = 400_000
MAX_WALL_PARTS = 8_000
MAX_WALL_POINTS = 80_000

MAX_DETAILED_TILE_PIXELS = 512 * 512
MAX_DETAILED_PIXELS = 1_048_576
MAX_DETAILED_EDGES = 131_072

__all__ = [
    "MAX_COMPRESSED_RATIO",
    "MAX_COORDINATE",
    "MAX_CSV_CHARS_PER_CELL",
    "MAX_DETAILED_EDGES",
    "MAX_DETAILED_PIXELS",
    "MAX_DETAILED_TILE_PIXELS",
    "MAX_FILE_BYTES",
    "MAX_IMAGES_AREA",
    "MAX_IMAGE_AREA",
    "MAX_IMAGE_BYTES",
    "MAX_IMAGE_PATH_CHARS",
    "MAX_IMAGE_PIXELS",
    "MAX_JSON_DEPTH",
    "MAX_LAYERS",
    "MAX_LAYER_CELLS",
    "MAX_MAP_AREA",
    "MAX_MAP_PIXELS",
    "MAX_MAP_TILES",
    "MAX_OBJECTS",
    "MAX_PLACED_TILES",
    "MAX_POINTS",
    "MAX_POLYGON_POINTS",
    "MAX_POLYLINE_POINTS",
    "MAX_TILESETS",
    "MAX_TILESET_BYTES",
    "MAX_TILESET_POINTS",
    "MAX_TILESET_TILES",
    "MAX_TILE_CELLS",
    "MAX_TILE_POLYGON_POINTS",
    "MAX_TILE_SHAPES",
    "MAX_TILE_SHAPES_PLACED",
    "MAX_TILE_SIZE",
    "MAX_TILE_WALLS",
    "MAX_WALL_PARTS",
    "MAX_WALL_POINTS",
]
