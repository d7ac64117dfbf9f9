"""The written limits on a level file, checked before the work each one protects.

A map file comes from outside, so anything in it can be huge. Each limit
below is checked right after the file is parsed, before anything is built
from it (pytiled_parser's objects, walls, grids, floor sprites); breaking
one is one error finding naming the file (or the object) and the limit.
levels/README.md ("Limits") says the same to designers.

Why these numbers (the shipped levels are at most 100 × 75 tiles, 3200 px,
about 60 objects and 40 points per outline):

- ``MAX_FILE_BYTES``: 32 MiB, hundreds of times a real map, read whole
  through ``game.safe_read`` (regular files only, JSON at most
  ``MAX_JSON_DEPTH`` deep).
- ``MAX_MAP_TILES`` (a side): 512. Tile layers are ignored but still
  decoded by Tiled tools; 512 × 512 cells is 1 MiB of tile ids.
- ``MAX_MAP_PIXELS`` (a side): 8192 px. The grids built per level are
  sized by it: the checker's reach grid (12 px cells) is at most
  683 × 683 = 466,489 cells, the enemies' navigation grid (32 px) 65,536
  cells, the floor 128 × 128 = 16,384 sprites of 64 px; each builds in
  well under a second. Double it and each grows four times.
- ``MAX_OBJECTS``: 20,000 objects in all layers (hidden ones too); the
  checker compares walls pairwise through a box test and the game keeps
  one body per wall part.
- ``MAX_LAYERS``: 1,000 layers, groups and the layers in them counted;
  each is walked and may give a finding (a real map has a handful).
- ``MAX_POLYGON_POINTS``: 5,000 vertices a polygon; the largest allowed
  concave outline is checked and split in well under 2 s
  (``benchmarks/levels.py``).
- ``MAX_POLYLINE_POINTS``: 5,000 points a polyline (one capsule per segment).
- ``MAX_POINTS``: 100,000 polygon and polyline points in the whole map.
- ``MAX_COORDINATE``: 1,000,000 px: no object position, size or point may
  be farther from the origin, so products of coordinates stay exact
  enough for the geometry and nothing overflows.
"""

from __future__ import annotations

from game.safe_read import MAX_JSON_DEPTH

MAX_FILE_BYTES = 32 * 2**20
MAX_MAP_TILES = 512
MAX_MAP_PIXELS = 8192
MAX_OBJECTS = 20_000
MAX_LAYERS = 1_000
MAX_POLYGON_POINTS = 5_000
MAX_POLYLINE_POINTS = 5_000
MAX_POINTS = 100_000
MAX_COORDINATE = 1_000_000.0

__all__ = [
    "MAX_COORDINATE",
    "MAX_FILE_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_LAYERS",
    "MAX_MAP_PIXELS",
    "MAX_MAP_TILES",
    "MAX_OBJECTS",
    "MAX_POINTS",
    "MAX_POLYGON_POINTS",
    "MAX_POLYLINE_POINTS",
]
