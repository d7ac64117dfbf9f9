"""Tile layers: cells decoded under written limits, tiles placed as Tiled places them, collision as walls.

Decoding (``decode_cells``). A finite map's tile layer is ``width × height``
global tile ids (gids), row by row from the top-left, stored as a JSON
array, CSV text (TMX), ``<tile gid>`` elements (TMX), or base64 of
little-endian uint32s, uncompressed, zlib or gzip. Every size is checked
BEFORE the work it protects (``limits.py``): the cells of each layer and of
all layers together, the base64 text's length against what the cells need,
and inflation through a bounded ``zlib.decompressobj(...).decompress(data,
max_length)`` that stops one byte past the ``width × height × 4`` bytes
expected, so a zlib bomb costs a few kilobytes. An infinite map's chunks
and an unknown compression (Tiled's optional ``zstd``) are one finding each.

Why not pytiled_parser for the cells: it inflates without a bound and
builds Python lists of every cell; it still parses the layer tree (names,
offsets, visibility), fed the document with the tile data taken out.

Placing a tile (Tiled 1.8, orthogonal maps, checked pixel for pixel with
``tmxrasterizer`` in ``tests/game/tiled/test_tiles_against_tiled.py``):

- a gid's top bits are flips: ``FLIP_H`` 0x80000000, ``FLIP_V``
  0x40000000, ``FLIP_D`` 0x20000000 (the diagonal: swap x and y);
  ``ROTATE_HEX`` 0x10000000 means nothing on an orthogonal map and is
  stripped with a warning. The rest is the gid; its tileset is the one
  with the largest ``firstgid`` ≤ gid;
- the diagonal flip is applied first, then the horizontal, then the
  vertical, each about the tile's own box; a diagonal flip swaps the box's
  width and height;
- the box is anchored at its cell's BOTTOM-left (a tile taller or wider
  than the grid grows up and to the right), then moved by the tileset's
  ``tileoffset`` and the layer and group offsets. Parallax is a scrolling
  effect in the editor, not an offset, and is not applied.

A tile's collision objects flip with it (``flip_shape``) and become walls
through the object layers' own code (``walls.build_wall``): one ``Wall``
of kind ``"tile"`` per collision object per cell, each built once per
(tile, flips) and moved to its cells. Points are ignored; polylines are
capsules as in the object layers. Cells of full-box tiles are merged into
bigger rectangles (``merge.py``), and so are runs of a box spanning its
cell across (along a row) or down (along a column).
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import math
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pytiled_parser.tiled_object as tobj
from pytiled_parser.common_types import OrderedPair, Size

from engine.collision import Polygon, Transform, aabb
from game.level import OUTSIDE_MAP, PlacedTile, TileLayer, TileRef, Wall

from .conventions import solid_role
from .fit import fit_scale, fitted_shape
from .frame import MapFrame
from .limits import (
    MAX_COMPRESSED_RATIO,
    MAX_CSV_CHARS_PER_CELL,
    MAX_IMAGES_AREA,
    MAX_LAYER_CELLS,
    MAX_PLACED_TILES,
    MAX_TILE_CELLS,
    MAX_TILE_SHAPES_PLACED,
    MAX_TILE_WALLS,
)
from .merge import greedy_rectangles, row_runs
from .texture import TextureBudget, TextureLimit, outline_shape
from .tilesets import TileDef, Tileset, TileShape, image_problem, image_size
from .walls import WallBudget, WallProblem, build_wall, part_cost

__all__ = [
    "FLIP_D",
    "FLIP_H",
    "FLIP_V",
    "GID_MASK",
    "ROTATE_HEX",
    "CellData",
    "CellProblem",
    "TilePlacer",
    "chunk_bounds",
    "collect_json_cells",
    "collect_tmx_cells",
    "decode_cells",
    "flip_point",
    "flip_shape",
]

FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000
ROTATE_HEX = 0x10000000
GID_MASK = 0x0FFFFFFF
_FLIPS = FLIP_H | FLIP_V | FLIP_D
COMPRESSIONS = ("", "zlib", "gzip")


class CellProblem(ValueError):
    """Tile data that cannot be decoded; the message is one line saying why."""


class CellData(NamedTuple):
    """A tile layer's cells as the file holds them, not decoded yet.

    ``data`` is a JSON list, a text (base64 or CSV), a list of TMX
    ``<tile>`` gids, or None; ``chunks`` is (x, y, count) of an infinite
    map's first chunk and how many, or None; ``pieces`` are its chunks, each
    ``(x, y, CellData)`` (cell x, y of the chunk's top-left; the CellData
    holds the chunk's own size and data, decoded like a layer's).
    """

    name: str
    width: Any
    height: Any
    encoding: Any
    compression: Any
    data: Any
    chunks: tuple[int, int, int] | None = None
    pieces: tuple = ()

    @property
    def cells(self) -> int:
        """width × height, or 0 when either is not a whole number (decoding says so)."""
        if _whole(self.width) and _whole(self.height):
            return max(self.width, 0) * max(self.height, 0)
        return 0


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- finding and stripping the cells ---------------------------------------------------------------

_LAYER_TAGS = ("layer", "objectgroup", "imagelayer", "group")


def collect_json_cells(layers: list) -> tuple[list, dict[tuple[int, ...], CellData]]:
    """The layers with every tile layer's data taken out (a copy), and the data by layer path.

    A layer's path is its index in the tree (group layers nest), the order
    pytiled_parser parses them in, so the two can be matched up again.
    """
    cells: dict[tuple[int, ...], CellData] = {}

    def strip(items: list, path: tuple[int, ...]) -> list:
        kept = []
        for k, item in enumerate(items):
            if isinstance(item, dict) and item.get("type") == "tilelayer":
                chunks = item.get("chunks")
                first, pieces = None, ()
                name = item.get("name") if isinstance(item.get("name"), str) else ""
                if isinstance(chunks, list) and chunks:
                    head = chunks[0] if isinstance(chunks[0], dict) else {}
                    first = (_int_or(head.get("x")), _int_or(head.get("y")), len(chunks))
                    pieces = tuple(
                        (
                            c.get("x"),
                            c.get("y"),
                            CellData(
                                name,
                                c.get("width"),
                                c.get("height"),
                                item.get("encoding"),
                                item.get("compression", ""),
                                c.get("data"),
                            ),
                        )
                        if isinstance(c, dict)
                        else (None, None, None)
                        for c in chunks
                    )
                cells[(*path, k)] = CellData(
                    name,
                    item.get("width"),
                    item.get("height"),
                    item.get("encoding"),
                    item.get("compression", ""),
                    item.get("data"),
                    first,
                    pieces,
                )
                item = {
                    key: v
                    for key, v in item.items()
                    if key not in ("data", "chunks", "encoding", "compression")
                }
            elif (
                isinstance(item, dict)
                and item.get("type") == "group"
                and isinstance(item.get("layers"), list)
            ):
                item = {**item, "layers": strip(item["layers"], (*path, k))}
            kept.append(item)
        return kept

    return strip(layers, ()), cells


def _int_or(value: Any, default: int = 0) -> int:
    return value if _whole(value) else default


def collect_tmx_cells(root) -> dict[tuple[int, ...], CellData]:
    """Each ``<layer>``'s ``<data>`` by layer path, removed from the tree (pytiled_parser never sees it)."""
    cells: dict[tuple[int, ...], CellData] = {}

    def walk(node, path: tuple[int, ...]) -> None:
        for k, element in enumerate(e for e in node if e.tag in _LAYER_TAGS):
            if element.tag == "group":
                walk(element, (*path, k))
            elif element.tag == "layer":
                found = element.findall("data")
                data = found[0] if found else None
                for extra in found:
                    element.remove(extra)
                cells[(*path, k)] = _tmx_cells(element, data)

    walk(root, ())
    return cells


def _tmx_cells(layer, data) -> CellData:
    name = layer.attrib.get("name", "")
    size = [_tmx_int(layer.attrib.get(k)) for k in ("width", "height")]
    if data is None:
        return CellData(name, *size, None, "", None)
    encoding, compression = data.attrib.get("encoding"), data.attrib.get("compression", "")
    chunks = data.findall("chunk")
    if chunks:
        head = chunks[0].attrib
        pieces = tuple(
            (
                _tmx_int(c.attrib.get("x")),
                _tmx_int(c.attrib.get("y")),
                CellData(
                    name,
                    _tmx_int(c.attrib.get("width")),
                    _tmx_int(c.attrib.get("height")),
                    "xml" if encoding is None else encoding,
                    compression,
                    c.findall("tile") if encoding is None else (c.text or ""),
                ),
            )
            for c in chunks
        )
        return CellData(
            name,
            *size,
            encoding,
            compression,
            None,
            (_tmx_int(head.get("x"), 0), _tmx_int(head.get("y"), 0), len(chunks)),
            pieces,
        )
    if encoding is None:  # Tiled's oldest form: one <tile gid="..."/> per cell
        return CellData(name, *size, "xml", compression, data.findall("tile"))
    return CellData(name, *size, encoding, compression, data.text or "")


def _tmx_int(text: Any, default: Any = None) -> Any:
    try:
        return int(text)
    except (TypeError, ValueError):
        return default if default is not None else text


def chunk_bounds(cells: dict[tuple[int, ...], CellData]) -> tuple[int, int, int, int] | str | None:
    """The cells (x0, y0, x1, y1) every chunk of an infinite map's tile layers covers, their union; a
    one-line problem when a chunk's position or size is not whole numbers; None without chunks."""
    box = None
    for data in cells.values():
        for x, y, piece in data.pieces:
            if (
                piece is None
                or not all(_whole(v) for v in (x, y, piece.width, piece.height))
                or piece.width <= 0
                or piece.height <= 0
            ):
                return f"tile layer {data.name!r}: a chunk's 'x', 'y', 'width' and 'height' must be whole numbers"
            edges = (x, y, x + piece.width, y + piece.height)
            box = (
                edges
                if box is None
                else (
                    min(box[0], edges[0]),
                    min(box[1], edges[1]),
                    max(box[2], edges[2]),
                    max(box[3], edges[3]),
                )
            )
    return box


def cell_count_problem(cells: dict[tuple[int, ...], CellData], bounds: tuple | None = None) -> str | None:
    """The tile layers' cells against ``MAX_LAYER_CELLS`` and ``MAX_TILE_CELLS`` (None when within); an
    infinite map's chunked layers count the cells of ``bounds`` (``chunk_bounds``) and of their chunks."""
    total = 0
    for data in cells.values():
        if data.pieces and bounds is not None:
            area = (bounds[2] - bounds[0]) * (bounds[3] - bounds[1])
            own = sum(piece.cells for _, _, piece in data.pieces)
            if max(area, own) > MAX_LAYER_CELLS:
                return (
                    f"tile layer {data.name!r}: its chunks span {bounds[2] - bounds[0]:,} × "
                    f"{bounds[3] - bounds[1]:,} = {area:,} cells; the limit is {MAX_LAYER_CELLS:,}"
                )
            total += max(area, own)
            continue
        if data.cells > MAX_LAYER_CELLS:
            return (
                f"tile layer {data.name!r} is {data.width:,} × {data.height:,} = {data.cells:,} cells; "
                f"the limit is {MAX_LAYER_CELLS:,}"
            )
        total += data.cells
    if total > MAX_TILE_CELLS:
        return f"the tile layers hold {total:,} cells in all; the limit is {MAX_TILE_CELLS:,}"
    return None


# --- decoding ------------------------------------------------------------------------------------------


def decode_cells(cells: CellData) -> np.ndarray:
    """The gids (flip bits kept) as a ``(height, width)`` uint32 array; ``CellProblem`` when they cannot be read."""
    width, height = cells.width, cells.height
    if not (_whole(width) and _whole(height) and width > 0 and height > 0):
        raise CellProblem(f"'width' and 'height' must be whole numbers > 0, got {width!r} × {height!r}")
    count = width * height
    if count > MAX_LAYER_CELLS:
        raise CellProblem(f"{width:,} × {height:,} = {count:,} cells; the limit is {MAX_LAYER_CELLS:,}")
    if cells.chunks is not None:
        raise CellProblem("holds chunks of an infinite map")
    encoding, compression, data = cells.encoding, cells.compression, cells.data
    if compression is None:
        compression = ""
    if data is None:
        raise CellProblem("has no tile data")
    if encoding in (None, "csv") and isinstance(data, list):
        if compression:
            raise CellProblem(f"compression {_say(compression)} needs base64 encoding")
        gids = _from_json_list(data, count)
    elif encoding == "csv" and isinstance(data, str):
        gids = _from_csv(data, count)
    elif encoding == "xml" and isinstance(data, list):
        if len(data) != count:
            raise CellProblem(f"has {len(data):,} <tile> cells; a {width} × {height} layer has {count:,}")
        gids = _from_json_list([_tmx_int(t.attrib.get("gid", "0")) for t in data], count)
    elif encoding == "base64" and isinstance(data, str):
        gids = _from_base64(data, compression, count)
    else:
        raise CellProblem(
            f"tile data encoded as {_say(encoding)} ({type(data).__name__}) is not read; "
            "save it as CSV or base64"
        )
    return gids.reshape(height, width)


def _say(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _from_json_list(data: list, count: int) -> np.ndarray:
    if len(data) != count:
        raise CellProblem(f"has {len(data):,} cells; its width × height is {count:,}")
    if not all(type(v) is int for v in data):
        bad = next(v for v in data if type(v) is not int)
        raise CellProblem(f"a cell is {_say(bad)}, not a tile id")
    values = (
        np.array(data, dtype=object) if any(abs(v) > 2**62 for v in data) else np.array(data, dtype=np.int64)
    )
    if values.size and (values.min() < 0 or values.max() > 0xFFFFFFFF):
        bad = next(v for v in data if not 0 <= v <= 0xFFFFFFFF)
        raise CellProblem(f"a cell is {_say(bad)}; tile ids are 0 to 4,294,967,295")
    return values.astype(np.uint32)


def _from_csv(text: str, count: int) -> np.ndarray:
    if len(text) > count * MAX_CSV_CHARS_PER_CELL + 1024:
        raise CellProblem(
            f"CSV data is {len(text):,} characters; {count:,} cells need at most "
            f"{count * MAX_CSV_CHARS_PER_CELL + 1024:,}"
        )
    parts = text.split(",")
    if len(parts) != count:
        raise CellProblem(f"has {len(parts):,} cells; its width × height is {count:,}")
    try:
        values = [int(p) for p in parts]
    except ValueError:
        bad = next(p for p in parts if not p.strip().isdigit())
        raise CellProblem(f"a cell is {_say(bad.strip())}, not a tile id") from None
    return _from_json_list(values, count)


def _from_base64(text: str, compression: Any, count: int) -> np.ndarray:
    raw_size = count * 4
    if compression not in COMPRESSIONS:
        raise CellProblem(
            f"unknown compression {_say(compression)}: the game reads base64 uncompressed, zlib "
            "or gzip (Map > Map Properties > Tile Layer Format)"
        )
    most = raw_size if not compression else int(raw_size * MAX_COMPRESSED_RATIO) + 1024
    chars = 4 * -(-most // 3)
    if len(text) > chars + 4096:  # whitespace around TMX data is allowed, within reason
        raise CellProblem(f"base64 data is {len(text):,} characters; {count:,} cells need at most {chars:,}")
    packed = "".join(text.split())
    if len(packed) > chars:
        raise CellProblem(
            f"base64 data is {len(packed):,} characters; {count:,} cells need at most {chars:,}"
        )
    try:
        data = base64.b64decode(packed, validate=True)
    except (binascii.Error, ValueError):
        raise CellProblem("base64 data is not valid base64") from None
    if compression:
        data = _inflate(data, compression, raw_size)
    if len(data) != raw_size:
        raise CellProblem(f"data is {len(data):,} bytes; {count:,} cells are {raw_size:,}")
    return np.frombuffer(data, dtype="<u4").astype(np.uint32)


def _inflate(data: bytes, compression: str, size: int) -> bytes:
    """``data`` inflated to at most ``size`` bytes: stops one byte past it, so a bomb never runs."""
    wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
    inflater = zlib.decompressobj(wbits)
    try:
        out = inflater.decompress(data, size + 1)
    except zlib.error as problem:
        raise CellProblem(f"{compression} data is corrupt ({problem})") from None
    if len(out) > size:
        raise CellProblem(f"{compression} data inflates past the {size:,} bytes its cells need")
    if not inflater.eof:
        raise CellProblem(f"{compression} data ends early ({len(out):,} of {size:,} bytes)")
    return out


# --- flips ---------------------------------------------------------------------------------------------


def flip_point(
    u: float, v: float, width: float, height: float, h: bool, v_: bool, d: bool
) -> tuple[float, float]:
    """Where the point (u, v) of a ``width × height`` tile (y down, from its top-left) lands when placed.

    The diagonal flip first (swap x and y; the box becomes ``height × width``),
    then the horizontal, then the vertical, each within the placed box.

    >>> flip_point(1, 2, 32, 32, False, False, True)
    (2, 1)
    >>> flip_point(1, 2, 32, 16, True, True, False)
    (31, 14)
    """
    if d:
        u, v = v, u
        width, height = height, width
    if h:
        u = width - u
    if v_:
        v = height - v
    return u, v


def _flip_matrix(h: bool, v: bool, d: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    m = ((0, 1), (1, 0)) if d else ((1, 0), (0, 1))
    if h:
        m = ((-m[0][0], -m[0][1]), m[1])
    if v:
        m = (m[0], (-m[1][0], -m[1][1]))
    return m


def flip_shape(shape: TileShape, width: float, height: float, h: bool, v: bool, d: bool) -> TileShape:
    """A tile's collision object after the tile's flips, as an unflipped Tiled object in the placed box.

    A flip mirrors or turns the shape. With the flip's linear part ``M``
    and the object's rotation ``R(θ)`` (y down, clockwise): when ``M`` is a
    turn (an even number of mirrors), the pivot moves to ``F(P)`` and the
    rotation grows by the turn; when it is a mirror, ``M R(θ) = R(θ')·(1, −1)``,
    so a box or an ellipse keeps its size with rotation ``θ'`` and the
    pivot at ``F(P) + M R(θ)(0, h)`` (its old bottom-left corner), and a
    polygon's points mirror in y about the pivot (``(x, −y)``), rotated by ``θ'``.
    ``θ'`` is computed from the exact quarter turn of ``M``, so a flipped
    rectangle at 0° comes out at exactly 0°, 90°, 180° or 270°.
    """
    m = _flip_matrix(h, v, d)
    det = m[0][0] * m[1][1] - m[0][1] * m[1][0]
    # The quarter turn β of M (when a turn) or of M·diag(1, −1) (when a mirror), in degrees (y down, clockwise).
    turn = m if det > 0 else ((m[0][0], -m[0][1]), (m[1][0], -m[1][1]))
    beta = {(1, 0): 0.0, (0, 1): 90.0, (-1, 0): 180.0, (0, -1): 270.0}[(turn[0][0], turn[1][0])]
    rotation = (beta + shape.rotation) if det > 0 else (beta - shape.rotation)
    rotation = math.fmod(rotation, 360.0)
    px, py = flip_point(shape.x, shape.y, width, height, h, v, d)
    points = shape.points
    if det < 0:
        points = tuple((x, -y) for x, y in points)
        if shape.kind in ("rectangle", "ellipse"):
            theta = math.radians(shape.rotation)
            # M R(θ) (0, h): the old bottom-left corner's offset from the old pivot, flipped.
            ox, oy = -math.sin(theta) * shape.height, math.cos(theta) * shape.height
            px += m[0][0] * ox + m[0][1] * oy
            py += m[1][0] * ox + m[1][1] * oy
    return TileShape(
        shape.kind,
        px,
        py,
        shape.width,
        shape.height,
        rotation,
        points,
        shape.name,
        shape.object_id,
        shape.properties,
    )


_OBJECT_TYPES = {
    "rectangle": tobj.Rectangle,
    "ellipse": tobj.Ellipse,
    "polygon": tobj.Polygon,
    "polyline": tobj.Polyline,
}


def as_object(shape: TileShape) -> Any:
    """A tile's collision object as the pytiled_parser object the object layers' wall code takes."""
    fields = dict(
        id=shape.object_id,
        coordinates=OrderedPair(shape.x, shape.y),
        size=Size(shape.width, shape.height),
        rotation=shape.rotation,
        name=shape.name,
        properties=dict(shape.properties),
    )
    if shape.kind in ("polygon", "polyline"):
        fields["points"] = [OrderedPair(x, y) for x, y in shape.points]
    return _OBJECT_TYPES[shape.kind](**fields)


# --- placing -------------------------------------------------------------------------------------------


@dataclass
class _Kind:
    """One (tile, flips) as painted: built once, then moved to each of its cells."""

    tileset: Tileset
    tile: TileDef
    flips: tuple[bool, bool, bool]
    box: tuple[float, float]  # placed width, height (after the diagonal flip)
    walls: list[tuple[TileShape, tuple, dict]] = field(default_factory=list)  # shape, parts at the box, props
    bounds: tuple[float, float, float, float] | None = (
        None  # of all parts, relative to the box's top-left, y up
    )
    merge_key: str | None = (
        None  # set for a tile whose collision is one grid-aligned box (see ``_merge_key``)
    )
    merge_how: str = ""  # "full" (the whole cell), "row" (a band across it), "column" (a band down it)
    band: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # that box in the cell, px, y down
    problem: str | None = None  # why its collision cannot be built (said once, at its first cell)
    image: Path | None = None
    offset: tuple[float, float] = (0.0, 0.0)  # the tileset's tile offset, scaled with the tile (``fit``)
    drawn: tuple[float, float] | None = None  # the image's drawn size when it is not the tile's own


class TilePlacer:
    """Places the tile layers of one map; ``layer(...)`` for each visible tile layer, in draw order."""

    def __init__(
        self,
        tilesets: list[Tileset],
        grid: tuple[int, int],
        size: tuple[float, float],
        report: Any,
        *,
        render_order: str = "right-down",
        merge: bool = True,
        texture: str | None = None,
    ) -> None:
        self.tilesets = sorted(tilesets, key=lambda t: t.first_gid)
        self.first_gids = np.array([t.first_gid for t in self.tilesets], dtype=np.int64)
        self.grid = grid
        self.width, self.height = size
        self.report = report
        self.render_order = (
            render_order
            if render_order in ("right-down", "right-up", "left-down", "left-up")
            else "right-down"
        )
        self.merge = merge
        #: ``simple`` or ``detailed``: solid tiles without shapes are their image's outline (``texture``).
        self.texture = texture
        #: What this map's detailed outlines have traced (``limits.MAX_DETAILED_*``), tile objects' too.
        self.texture_budget = TextureBudget()
        #: An infinite map's top-left cell (its chunks' union starts there); (0, 0) for a finite map.
        self.origin = (0, 0)
        #: Parts and points of every wall of the map, object walls included (``reader`` charges those).
        self.budget = WallBudget()
        self.kinds: dict[int, _Kind | None] = {}
        #: A tile as a layer makes it when that differs from its shapes: (gid, "box" or "none").
        self.variants: dict[tuple[int, str], _Kind] = {}
        self.bad_images: set[Path] = set()
        #: Decoded pixels of each image the map draws, read from its header (``MAX_IMAGES_AREA`` in all).
        self.image_area: dict[Path, int] = {}
        self.placed = 0
        self.shapes_placed = 0
        self.walls_built = 0
        self.tile_layers: list[TileLayer] = []
        self.walls: list[Wall] = []

    # -- one layer --

    def layer(
        self,
        name: str,
        cells: CellData,
        frame: MapFrame,
        opacity: float,
        *,
        levels: tuple = (),
        named: bool | None = None,
        draw: bool = True,
    ) -> bool:
        """Decode and place one tile layer; False when it gave an error (nothing of it is kept).

        ``levels`` are the (properties, class) of the layer and its groups, innermost first; ``named``
        what the layer's name says (True: collision, False: walked through, None: nothing); ``draw`` False for a hidden collision layer (its walls
        are made, its tiles are not drawn). What each tile is decides ``_solid_mode``.
        """
        try:
            gids = self._assemble(cells) if cells.pieces else decode_cells(cells)
        except CellProblem as problem:
            self.report.error(f"tile layer {name!r}: {problem}")
            return False
        rows, cols = gids.shape
        if (cols, rows) != self.map_cells():
            self.report.error(
                f"tile layer {name!r} is {cols} × {rows} tiles; the map is "
                f"{self.map_cells()[0]} × {self.map_cells()[1]}"
            )
            return False
        if gids.any() and not self._check_counts(name, gids):
            return False
        hex_bits = int(np.count_nonzero(gids & ROTATE_HEX))
        if hex_bits:
            row, col = (int(v[0]) for v in np.nonzero(gids & ROTATE_HEX))
            self.report.warning(
                f"Tiled's hexagonal 120° rotation bit is set on {hex_bits:,} cells; ignored on an "
                "orthogonal map",
                tile=TileRef(name, col, row, "", -1),
            )
        if not self._resolve(name, gids):
            return False
        kinds = {}
        for gid in np.unique(gids[gids != 0]).tolist():
            try:
                kinds[gid] = self._as_painted(gid, levels, named)
            except TextureLimit as limit:  # said at the tile's first cell, before arcade traces it
                kind = self.kinds[gid]
                cells = np.flatnonzero(gids.ravel() == gid)
                self._say(
                    name,
                    int(cells[0]),
                    cols,
                    kind.tileset.name,
                    kind.tile.local_id,
                    len(cells),
                    str(limit),
                    True,
                )
                return False
        return self._place(name, gids, frame, opacity, kinds, draw)

    def _as_painted(self, gid: int, levels: tuple, named: bool | None) -> _Kind:
        """The tile of ``gid`` as this layer makes it: its collision shapes, a full-tile box (a tile marked
        solid without shapes), or nothing (a tile or layer marked not solid); each variant built once."""
        kind = self.kinds[gid]
        tile, tileset = kind.tile, kind.tileset
        role, _ = solid_role((tile.properties, tile.type), (tileset.properties, ""), *levels)
        if role is None:
            role = named
        has_shapes = bool(kind.walls) or kind.problem is not None
        mode = "none" if role is False else "shapes" if has_shapes else "box" if role else "none"
        if mode == "shapes" or (mode == "none" and not kind.walls):
            return kind
        key = (gid, mode)
        variant = self.variants.get(key)
        if variant is None:
            variant = _Kind(tileset, tile, kind.flips, kind.box, image=kind.image)
            if mode == "box":
                box = TileShape(
                    "rectangle", 0.0, 0.0, float(tile.width), float(tile.height), 0.0, (), "", 0, {}
                )
                if self.texture and kind.image is not None:  # arcade's hitbox from the image's alpha
                    outline = outline_shape(kind.image, tile.source, self.texture, self.texture_budget)
                    if outline is not None:
                        sx, sy = tile.width / tile.source[2], tile.height / tile.source[3]
                        box = fitted_shape(outline, sx, sy, 0.0, 0.0)  # a tile drawn at the grid's size
                variant.tile = dataclasses.replace(tile, shapes=(box,))
                self._build_walls(variant)
                variant.tile = tile
            self.variants[key] = variant
        return variant

    def _assemble(self, cells: CellData) -> np.ndarray:
        """An infinite map's chunked layer as one ``(rows, cols)`` grid of the map's cells (the chunks'
        union, ``origin`` at its top-left); each chunk decoded under the same limits as a layer."""
        cols, rows = self.map_cells()
        gids = np.zeros((rows, cols), dtype=np.uint32)
        for x, y, piece in cells.pieces:
            part = decode_cells(piece)
            row, col = y - self.origin[1], x - self.origin[0]
            gids[row : row + part.shape[0], col : col + part.shape[1]] = part
        return gids

    def map_cells(self) -> tuple[int, int]:
        return (round(self.width / self.grid[0]), round(self.height / self.grid[1]))

    def _check_counts(self, name: str, gids: np.ndarray) -> bool:
        painted = int(np.count_nonzero(gids))
        if self.placed + painted > MAX_PLACED_TILES:
            self.report.error(
                f"tile layer {name!r}: the visible tile layers paint {self.placed + painted:,} cells; "
                f"the limit is {MAX_PLACED_TILES:,}"
            )
            return False
        return True

    def _resolve(self, name: str, gids: np.ndarray) -> bool:
        """Every distinct gid of the layer looked up (and built) once; each problem said once, at its first cell
        (row by row), with how many more cells share it (a tile's flips included)."""
        flat = gids.ravel()
        unique, first, counts = np.unique(flat, return_index=True, return_counts=True)
        problems: dict[tuple[str, int, str], list[int]] = {}
        images: dict[Path, list] = {}

        def problem(tileset: str, local_id: int, text: str, at: int, count: int) -> None:
            seen = problems.setdefault((tileset, local_id, text), [at, 0])
            seen[0], seen[1] = min(seen[0], at), seen[1] + count

        shapes = 0
        for gid, at, count in zip(unique.tolist(), first.tolist(), counts.tolist(), strict=True):
            if gid == 0:
                continue
            if gid & GID_MASK == 0:
                problem("", -1, f"a cell holds only flip bits ({gid:#x}), no tile", at, count)
                continue
            kind = self._kind(gid)
            if isinstance(kind, str):
                problem("", -1, kind, at, count)
                continue
            ref = (kind.tileset.name, kind.tile.local_id)
            if (
                kind.image in self.bad_images
            ):  # one line an image, at the first cell of any tile drawn from it
                seen = images.setdefault(kind.image, [at, 0, ref])
                if at < seen[0]:
                    seen[0], seen[2] = at, ref
                seen[1] += count
            if kind.problem is not None:
                problem(*ref, kind.problem, at, count)
            shapes += count * len(kind.walls)
        for image, (at, count, ref) in images.items():
            problem(*ref, f"tileset image: {image_problem(image)}", at, count)
        for gid, at, count in zip(unique.tolist(), first.tolist(), counts.tolist(), strict=True):
            kind = self.kinds.get(gid) if gid & GID_MASK else None
            if (
                isinstance(kind, _Kind)
                and kind.image not in self.bad_images
                and kind.image not in self.image_area
            ):
                size = image_size(kind.image) or (0, 0)
                self.image_area[kind.image] = size[0] * size[1]
                total = sum(self.image_area.values())
                if total > MAX_IMAGES_AREA:  # said before the renderer decodes any of them
                    problem(
                        kind.tileset.name,
                        kind.tile.local_id,
                        f"the map's tile images decode to {total:,} pixels in all with {kind.image.name!r} "
                        f"({size[0]:,} × {size[1]:,}); the limit is {MAX_IMAGES_AREA:,}",
                        at,
                        count,
                    )
                    break
        width = gids.shape[1]
        for (tileset, local_id, text), (at, count) in sorted(problems.items(), key=lambda item: item[1][0]):
            self._say(name, at, width, tileset, local_id, count, text, error=True)
        if problems:
            return False
        self.shapes_placed += shapes
        if self.shapes_placed > MAX_TILE_SHAPES_PLACED:
            self.report.error(
                f"tile layer {name!r}: the tile layers place {self.shapes_placed:,} collision objects; "
                f"the limit is {MAX_TILE_SHAPES_PLACED:,}"
            )
            return False
        return True

    def _say(
        self,
        layer: str,
        at: int,
        width: int,
        tileset: str,
        local_id: int,
        count: int,
        problem: str,
        error: bool = False,
    ) -> None:
        more = f" (and {count - 1:,} more cells)" if count > 1 else ""
        ref = TileRef(layer, at % width, at // width, tileset, local_id)
        if error:
            self.report.error(problem + more, tile=ref)
        else:
            self.report.warning(problem + more, tile=ref)

    def tile_kind(self, gid: int) -> _Kind | str:
        """The tile (with flips) a gid names, for a tile object; a string says why there is none."""
        return self._kind(gid)

    def _kind(self, gid: int) -> _Kind | str:
        """The tile a gid names, with its flips, built once; a string says why there is none."""
        if gid in self.kinds:
            return self.kinds[gid]
        self.kinds[gid] = kind = self._build_kind(gid)
        return kind

    def _build_kind(self, gid: int) -> _Kind | str:
        bare = gid & GID_MASK
        index = int(np.searchsorted(self.first_gids, bare, side="right")) - 1
        if index < 0:
            return f"tile id {bare} belongs to no tileset" + (
                f" (the first starts at {self.tilesets[0].first_gid})"
                if self.tilesets
                else " (the map has none)"
            )
        tileset = self.tilesets[index]
        local = bare - tileset.first_gid
        try:
            tile = tileset.tile(local)
        except KeyError:
            return f"tile id {bare} is tile {local} of tileset {tileset.name!r}, which has no such tile"
        flips = (bool(gid & FLIP_H), bool(gid & FLIP_V), bool(gid & FLIP_D))
        offset, drawn = (float(tileset.tile_offset[0]), float(tileset.tile_offset[1])), None
        if tileset.render_size == "grid" and (tile.width, tile.height) != tuple(self.grid):
            # Tiled 1.9 tilerendersize="grid": drawn at the cell's size, collision with it (``fit``).
            sx, sy, dx, dy = fit_scale(tile.width, tile.height, *self.grid, tileset.fill_mode)
            drawn, offset = (tile.width * sx, tile.height * sy), (offset[0] * sx, offset[1] * sy)
            shapes = tuple(fitted_shape(shape, sx, sy, dx, dy) for shape in tile.shapes)
            tile = dataclasses.replace(tile, width=self.grid[0], height=self.grid[1], shapes=shapes)
        box = (tile.height, tile.width) if flips[2] else (tile.width, tile.height)
        kind = _Kind(tileset, tile, flips, (float(box[0]), float(box[1])), offset=offset, drawn=drawn)
        kind.image = tile.image if tile.image is not None else tileset.image
        if kind.image is None:
            return f"tile {local} of tileset {tileset.name!r} has no image"
        if image_problem(kind.image) is not None:
            self.bad_images.add(kind.image)
        self._build_walls(kind)
        return kind

    def _build_walls(self, kind: _Kind) -> None:
        tile = kind.tile
        # A box drawn with the polygon tool is a rectangle: it merges with its neighbours like one.
        solid = [_as_rectangle(s) for s in tile.shapes if s.kind != "point"]
        for shape in solid:
            # Judged unflipped first, so a problem is said in the tile's own pixels (the collision editor's).
            try:
                build_wall(as_object(shape), MapFrame(0.0))
                flipped = flip_shape(shape, tile.width, tile.height, *kind.flips)
                built = build_wall(as_object(flipped), MapFrame(0.0))
            except WallProblem as problem:
                text = str(problem).replace(" near (", " near tile pixel (")
                kind.problem = f"collision object {shape.object_id}{_named(shape)}: {text}"
                return
            except ValueError as problem:
                kind.problem = (
                    f"collision object {shape.object_id}{_named(shape)}: the engine rejects this shape: "
                    f"{' '.join(str(problem).split())[:200]}"
                )
                return
            props = {**tile.properties, **shape.properties}
            kind.walls.append((shape, built.wall.parts, props))
        boxes = [aabb(part, Transform(*xf)) for _, parts, _ in kind.walls for part, xf in parts]
        if boxes:
            kind.bounds = (
                min(b[0] for b in boxes),
                min(b[1] for b in boxes),
                max(b[2] for b in boxes),
                max(b[3] for b in boxes),
            )
        if len(solid) == 1 and solid[0].kind == "rectangle" and flipped.rotation % 90.0 == 0.0:
            self._merge_key(kind)

    def _merge_key(self, kind: _Kind) -> None:
        """Mark a tile whose collision is one box aligned with the grid, spanning its cell across, down or both.

        Such cells merge with their neighbours of the same key (the same band
        of the cell, tile offset and wall properties) into one box: a full
        box in both directions (greedy rectangles), a band across a cell
        along its row, a band down a cell along its column. The solid area
        is the same; the seams between the boxes are gone.
        """
        tw, th = (float(v) for v in self.grid)
        if kind.box != (tw, th) or kind.bounds is None:
            return
        x0, y0, x1, y1 = kind.bounds  # relative to the box's top-left, y up
        band = tuple(round(v, 9) + 0.0 for v in (x0, -y1, x1, -y0))
        across, down = band[0] == 0.0 and band[2] == tw, band[1] == 0.0 and band[3] == th
        how = "full" if across and down else "row" if across else "column" if down else ""
        if how:
            kind.merge_how, kind.band = how, band
            kind.merge_key = json.dumps(
                [how, band, list(kind.offset), kind.walls[0][2]], sort_keys=True, default=str
            )

    def _place(
        self,
        name: str,
        gids: np.ndarray,
        frame: MapFrame,
        opacity: float,
        kinds: dict[int, _Kind],
        draw: bool = True,
    ) -> bool:
        rows, cols = gids.shape
        tw, th = self.grid
        painted = np.unique(gids[gids != 0]).tolist()
        merge_ids: dict[str, int] = {}
        key_of = {
            gid: (
                merge_ids.setdefault(kinds[gid].merge_key, len(merge_ids) + 1)
                if self.merge and kinds[gid].merge_key is not None
                else 0
            )
            for gid in painted
        }
        keys = {how: np.zeros((rows, cols), dtype=np.int32) for how in ("full", "row", "column")}
        for gid, key in key_of.items():
            if key:
                keys[kinds[gid].merge_how][gids == gid] = key
        rectangles = [
            *greedy_rectangles(keys["full"]),
            *row_runs(keys["row"]),
            *((r, c, n, m) for c, r, m, n in row_runs(keys["column"].T)),
        ]
        single = sum(
            int(np.count_nonzero(gids == gid)) * len(kinds[gid].walls)
            for gid, key in key_of.items()
            if not key
        )
        # What the cells' walls will cost, counted before any is made: a tile's parts times its cells.
        costs = [
            (
                int(np.count_nonzero(gids == gid)),
                part_cost([p for _, parts, _ in kinds[gid].walls for p in parts]),
            )
            for gid, key in key_of.items()
            if not key and kinds[gid].walls
        ]
        over = self.budget.charge(
            sum(n * c[0] for n, c in costs) + len(rectangles),
            sum(n * c[1] for n, c in costs) + 4 * len(rectangles),
        )
        if over:
            worst = max(costs, key=lambda item: item[0] * item[1][0], default=None)
            why = (
                f" ({worst[0]:,} cells of a tile of {worst[1][0]:,} parts)"
                if worst and worst[1][0] > 1
                else ""
            )
            self.report.error(f"tile layer {name!r}: {over}{why}")
            return False
        if self.walls_built + single + len(rectangles) > MAX_TILE_WALLS:
            self.report.error(
                f"tile layer {name!r}: the tile layers make {self.walls_built + single + len(rectangles):,}"
                f" walls after merging; the limit is {MAX_TILE_WALLS:,}"
            )
            return False
        self.walls_built += single + len(rectangles)
        order_rows = range(rows) if self.render_order.endswith("down") else range(rows - 1, -1, -1)
        order_cols = (
            list(range(cols)) if self.render_order.startswith("right") else list(range(cols - 1, -1, -1))
        )
        tiles: list[PlacedTile] = []
        outside: dict[int, list] = {}
        for row in order_rows:
            line = gids[row]
            for col in order_cols:
                gid = int(line[col])
                if gid == 0:
                    continue
                kind = kinds[gid]
                tile = kind.tile
                bw, bh = kind.box
                # The box's top-left in map pixels (y down): bottom-left anchored, then the offsets.
                left = col * tw + kind.offset[0] + frame.offset_x
                top = (row + 1) * th - bh + kind.offset[1] + frame.offset_y
                tiles.append(
                    PlacedTile(
                        layer=name,
                        col=col,
                        row=row,
                        tileset=kind.tileset.name,
                        local_id=tile.local_id,
                        image=kind.image,
                        source=tile.source,
                        center_x=left + bw / 2,
                        center_y=self.height - (top + bh / 2),
                        width=kind.drawn[0] if kind.drawn else float(tile.width),
                        height=kind.drawn[1] if kind.drawn else float(tile.height),
                        flip_h=kind.flips[0],
                        flip_v=kind.flips[1],
                        flip_d=kind.flips[2],
                        opacity=opacity,
                    )
                )
                if not kind.walls:
                    continue
                dx, dy = left, self.height - top
                if kind.bounds is not None:
                    x0, y0, x1, y1 = kind.bounds
                    past = max(-(x0 + dx), x1 + dx - self.width, -(y0 + dy), y1 + dy - self.height)
                    if past > 1e-6:
                        outside.setdefault(gid, [row * cols + col, 0, past])[1] += 1
                if key_of[gid]:
                    continue
                ref = TileRef(name, col, row, kind.tileset.name, tile.local_id)
                for shape, parts, props in kind.walls:
                    moved = tuple((part, Transform(xf[0] + dx, xf[1] + dy, xf[2])) for part, xf in parts)
                    self.walls.append(Wall(shape.object_id, shape.name, "tile", moved, props, ref))
        for gid, (at, count, past) in outside.items():
            kind = kinds[gid]
            flips = "+".join(n for n, f in zip("HVD", kind.flips, strict=True) if f)
            self._say_outside(name, at, cols, kind, count, past, flips)
        self.walls.extend(self._merged(name, gids, rectangles, frame, kinds))
        if draw:  # a hidden collision layer makes walls only
            self.placed += len(tiles)
            self.tile_layers.append(TileLayer(name, tuple(tiles), opacity, (frame.offset_x, -frame.offset_y)))
        return True

    def _say_outside(
        self, name: str, at: int, cols: int, kind: _Kind, count: int, past: float, flips: str
    ) -> None:
        after = f" after its flip ({flips})" if flips else ""
        more = f" (and {count - 1:,} more cells)" if count > 1 else ""
        ref = TileRef(name, at % cols, at // cols, kind.tileset.name, kind.tile.local_id)
        self.report.warning(
            f"its hitbox leaves the map ({self.width:g} × {self.height:g} px){after} by {past:.3g} px{more}",
            None,
            None,
            OUTSIDE_MAP,
            tile=ref,
        )

    def _merged(
        self, name: str, gids: np.ndarray, rectangles: list, frame: MapFrame, kinds: dict[int, _Kind]
    ) -> list[Wall]:
        """Merged cells as one box wall each (their common band of the cell), named by the top-left cell."""
        tw, th = self.grid
        walls = []
        for row, col, nrows, ncols in rectangles:
            kind = kinds[int(gids[row, col])]
            shape, _, props = kind.walls[0]
            u0, v0, u1, v1 = kind.band
            w, h = (ncols - 1) * tw + (u1 - u0), (nrows - 1) * th + (v1 - v0)
            left = col * tw + u0 + kind.offset[0] + frame.offset_x
            top = row * th + v0 + kind.offset[1] + frame.offset_y
            xf = Transform(left + w / 2, self.height - (top + h / 2), 0.0)
            ref = TileRef(name, col, row, kind.tileset.name, kind.tile.local_id)
            walls.append(
                Wall(shape.object_id, shape.name, "tile", ((Polygon.box(w / 2, h / 2), xf),), props, ref)
            )
        return walls


def _as_rectangle(shape: TileShape) -> TileShape:
    """A polygon whose four points are an axis-aligned box (unrotated) as the rectangle it is; any other
    shape as it is.

    >>> _as_rectangle(TileShape("polygon", 0, 0, 0, 0, 0, ((0, 0), (32, 0), (32, 32), (0, 32)), "", 1)).kind
    'rectangle'
    >>> _as_rectangle(TileShape("polygon", 0, 0, 0, 0, 0, ((0, 0), (32, 32), (32, 0), (0, 32)), "", 1)).kind
    'polygon'
    """
    if shape.kind != "polygon" or len(shape.points) != 4 or shape.rotation % 360.0 != 0.0:
        return shape
    xs, ys = sorted({p[0] for p in shape.points}), sorted({p[1] for p in shape.points})
    if len(xs) != 2 or len(ys) != 2 or set(shape.points) != {(x, y) for x in xs for y in ys}:
        return shape
    ring = list(shape.points)
    if any(a[0] != b[0] and a[1] != b[1] for a, b in zip(ring, ring[1:] + ring[:1], strict=True)):
        return shape  # the corners in a crossing order (a bowtie): the polygon's checks say so
    return TileShape(
        "rectangle",
        shape.x + xs[0],
        shape.y + ys[0],
        xs[1] - xs[0],
        ys[1] - ys[0],
        0.0,
        (),
        shape.name,
        shape.object_id,
        shape.properties,
    )


def _named(shape: TileShape) -> str:
    return f" ({shape.name})" if shape.name else ""
