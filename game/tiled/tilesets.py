"""Tiled tilesets as plain data: tiles, their images and their collision shapes.

A tileset is a ``.tsj`` (JSON) or ``.tsx`` (XML) file, or the same fields
embedded in a map's ``tilesets`` list. ``read_tileset`` reads a file;
``tileset_from_json`` and ``tileset_from_xml`` read one already parsed (an
embedded tileset, whose images are relative to the map). All three check
the written limits of ``limits.py`` before the work each protects, and
never raise for bad data: they return ``(None, findings)`` when the
tileset cannot be used at all, and otherwise the tileset with warnings.

Frames (Tiled's, unchanged here): a collision shape is given in its
TILE's frame, pixels, origin at the tile image's top-left, x right, y
DOWN, ``rotation`` in clockwise degrees about the object's (x, y).
Placing a tile in the world (flips, offsets, y up) is the tile layers'
job (``tiles.py``); building engine shapes is ``walls.py``'s.

Why not pytiled_parser: its tileset parsers open the tileset's images and
templates themselves, and apply no limit to the number of tiles or points;
reading the few fields a tileset has here keeps every file access going
through ``game.files.safe_read`` and every limit checked first. The XML form is
turned into the JSON form's fields, so both go through one validator.

Geometry is not judged here: a zero-size rectangle or a self-intersecting
polygon is kept as written, and the map loader reports it at the first
cell the tile is painted on (``file:layer:tile-x,y (tileset id)``), as the
object layers report their shapes.
"""

from __future__ import annotations

import json
import math
import os
import warnings
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from game.files.safe_read import FileRefused, json_depth, read_bytes
from game.level import Finding

from .files import display_name
from .findings import Findings
from .json_numbers import parse_int
from .limits import (
    MAX_COORDINATE,
    MAX_IMAGE_AREA,
    MAX_IMAGE_BYTES,
    MAX_IMAGE_PATH_CHARS,
    MAX_IMAGE_PIXELS,
    MAX_JSON_DEPTH,
    MAX_TILE_POLYGON_POINTS,
    MAX_TILE_SHAPES,
    MAX_TILE_SIZE,
    MAX_TILESET_BYTES,
    MAX_TILESET_POINTS,
    MAX_TILESET_TILES,
)
from .old_json import modernise_tileset

__all__ = [
    "SHAPE_KINDS",
    "TileDef",
    "TileShape",
    "Tileset",
    "image_problem",
    "image_size",
    "read_tileset",
    "tileset_from_json",
    "tileset_from_xml",
]

ShapeKind = Literal["rectangle", "ellipse", "polygon", "polyline", "point"]
#: The collision object kinds a tile keeps (text and tile objects are left out with a warning).
SHAPE_KINDS: tuple[str, ...] = ("rectangle", "ellipse", "polygon", "polyline", "point")
#: Local tile ids stay below this: a gid keeps its top four bits for Tiled's flip flags.
_MAX_LOCAL_ID = 0x0FFFFFFF


@dataclass(frozen=True)
class TileShape:
    """One collision object of a tile, in the TILE's Tiled frame (px, origin the tile's top-left, y DOWN).

    ``x, y`` are Tiled's object fields: the top-left corner of a rectangle or
    an ellipse's box, the origin of a polygon's or polyline's ``points``.
    ``rotation`` is clockwise degrees about (x, y).

    >>> TileShape("rectangle", 0.0, 16.0, 32.0, 16.0, 0.0, (), "", 1, {}).kind
    'rectangle'
    """

    kind: ShapeKind
    x: float
    y: float
    width: float
    height: float
    rotation: float
    points: tuple[tuple[float, float], ...]
    name: str
    object_id: int
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TileDef:
    """One tile: where its pixels are, its size, its collision shapes and its Tiled class and properties.

    ``source`` is (x, y, w, h) of the tile in ``image`` (or in the tileset's
    atlas when ``image`` is None), pixels, y down.
    """

    local_id: int
    image: Path | None
    source: tuple[int, int, int, int]
    width: int
    height: int
    shapes: tuple[TileShape, ...] = ()
    properties: dict[str, Any] = field(default_factory=dict)
    type: str = ""


@dataclass(frozen=True)
class Tileset:
    """A tileset: its grid, its atlas image (None for an image collection) and its special tiles.

    ``tiles`` holds every tile listed in the file (with shapes, properties,
    a class or its own image); ``tile(local_id)`` gives any tile, making the
    plain atlas ones. ``first_gid`` is 0 when the tileset is read alone.

    >>> ts = Tileset("t", None, 1, 16, 16, 2, 4, Path("t.png"), (0, 0), {})
    >>> ts.tile(3).source
    (16, 16, 16, 16)
    """

    name: str
    path: Path | None
    first_gid: int
    tile_width: int
    tile_height: int
    columns: int
    tile_count: int
    image: Path | None
    tile_offset: tuple[int, int]
    tiles: dict[int, TileDef]
    margin: int = 0
    spacing: int = 0
    #: The tileset's custom properties (``collides`` here marks every tile of it: ``conventions``).
    properties: dict[str, Any] = field(default_factory=dict)
    #: Where a tile object's (x, y) is on its tile (Tiled 1.4 ``objectalignment``; ``unspecified`` is
    #: ``bottomleft`` on an orthogonal map).
    object_alignment: str = "unspecified"
    #: The size a tile layer draws the tile at (Tiled 1.9 ``tilerendersize``): ``tile`` (its own) or
    #: ``grid`` (the map's cell).
    render_size: str = "tile"
    #: How a tile drawn at another size fills it (Tiled 1.9 ``fillmode``): ``stretch``, or
    #: ``preserve-aspect-fit`` (the smaller scale on both axes, centred).
    fill_mode: str = "stretch"

    def tile(self, local_id: int) -> TileDef:
        """The tile ``local_id``; ``KeyError`` when the tileset has no such tile."""
        found = self.tiles.get(local_id)
        if found is not None:
            return found
        if self.image is None or not 0 <= local_id < self.tile_count or self.columns <= 0:
            raise KeyError(f"tileset {self.name!r} has no tile {local_id}")
        return TileDef(local_id, None, self.atlas_source(local_id), self.tile_width, self.tile_height)

    def atlas_source(self, local_id: int) -> tuple[int, int, int, int]:
        """Where tile ``local_id`` is in the atlas: (x, y, w, h), px, y down."""
        col, row = local_id % max(self.columns, 1), local_id // max(self.columns, 1)
        return (
            self.margin + col * (self.tile_width + self.spacing),
            self.margin + row * (self.tile_height + self.spacing),
            self.tile_width,
            self.tile_height,
        )


def image_problem(path: Path) -> str | None:
    """Why the image file ``path`` cannot be drawn (missing, not a regular file, too big), or None.

    The file is stat'ed first and opened only when it is a regular file (the
    renderer opens it later, and a FIFO named as an image would block it
    forever); then its header alone is read for its pixel size
    (``image_size``), checked against ``MAX_IMAGE_PIXELS`` a side and
    ``MAX_IMAGE_AREA`` decoded, so a small file that decodes to gigabytes is
    refused before anything decodes it.
    """
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return f"image {_short(str(path))!r} not found"
    if not os.path.isfile(path):
        return f"image {_short(str(path))!r} is not a regular file"
    if info.st_size > MAX_IMAGE_BYTES:
        return f"image {_short(str(path))!r} is {info.st_size:,} bytes; the limit is {MAX_IMAGE_BYTES:,}"
    size = image_size(path)
    if size is None:  # not an image: the renderer draws its tiles as a magenta checker and says so
        return None
    if size == _PAST_PIL:
        return f"image {_short(str(path))!r} is too large to decode (past PIL's own limit, by its header)"
    width, height = size
    if max(width, height) > MAX_IMAGE_PIXELS:
        return f"image {_short(str(path))!r} is {width:,} × {height:,} px; the limit is {MAX_IMAGE_PIXELS:,} px a side"
    if width * height > MAX_IMAGE_AREA:
        return (
            f"image {_short(str(path))!r} is {width:,} × {height:,} px, {width * height:,} pixels decoded; "
            f"the limit is {MAX_IMAGE_AREA:,} (4,096 × 4,096)"
        )
    return None


#: What ``image_size`` gives for an image past PIL's own pixel guard (its size is not said).
_PAST_PIL = (-1, -1)
#: Image sizes already read, by (path, modification time, byte size): a map names one atlas many times.
_SIZES: dict[tuple[str, int, int], tuple[int, int] | None] = {}


def image_size(path: Path) -> tuple[int, int] | None:
    """(width, height) in pixels from the image file's header, or None when it is not an image.

    A PNG's size is read from its first 24 bytes (signature and IHDR); other
    formats through PIL's ``Image.open``, which reads the header only and
    decodes nothing. Call it on regular files only (``image_problem`` checks).
    """
    try:
        info = os.stat(path)
        key = (str(path), info.st_mtime_ns, info.st_size)
        if key in _SIZES:
            return _SIZES[key]
        with open(path, "rb") as handle:
            head = handle.read(24)
    except (OSError, ValueError):
        return None
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
        size = (int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big"))
    else:
        import PIL.Image  # deferred: most tilesets are PNGs, sized above without PIL

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PIL.Image.DecompressionBombWarning)
                with PIL.Image.open(path) as image:  # the header only
                    size = tuple(image.size)
        except PIL.Image.DecompressionBombError:  # PIL's own guard, also read from the header alone
            size = _PAST_PIL
        except Exception:  # any decoder failure means "not an image we can read"
            size = None
    if len(_SIZES) > 4096:
        _SIZES.clear()
    _SIZES[key] = size
    return size


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_tileset(path: Path | str) -> tuple[Tileset | None, list[Finding]]:
    """Read a ``.tsj`` (JSON) or ``.tsx`` (XML) tileset through ``game.files.safe_read``.

    The format is told by the content (XML starts with ``<``), as Tiled's
    tools do. ``first_gid`` is 0; a map sets it. Never raises for a bad file.
    """
    path = Path(path)
    sink = Findings(display_name(path))
    try:
        tileset = _read_file(path, sink)
    except Exception as bug:  # a reader bug must still not take the game or the checker down
        sink.error(f"tileset reader failed: {type(bug).__name__}: {_short(' '.join(str(bug).split()))}")
        tileset = None
    return (None if sink.errors else tileset), sink.findings


def _read_file(path: Path, sink: Findings) -> Tileset | None:
    if not os.path.lexists(path):
        sink.error("tileset file not found")
        return None
    try:
        data = read_bytes(path, MAX_TILESET_BYTES)
    except FileRefused as refused:
        sink.error(refused.problem.replace(", not a file", ", not a tileset file"))
        return None
    except OSError as problem:
        sink.error(f"cannot read: {problem.strerror or problem}")
        return None
    if data.lstrip()[:1] == b"<":
        try:
            root = etree.fromstring(data)
        except (etree.ParseError, LookupError, ValueError) as problem:
            sink.error(
                f"not a Tiled tileset: the XML does not parse ({_short(' '.join(str(problem).split()))})"
            )
            return None
        return tileset_from_xml(root, path.parent, path=path, sink=sink)
    raw = _parse_json(data, sink)
    if raw is None:
        return None
    return tileset_from_json(raw, path.parent, path=path, sink=sink)


def _parse_json(data: bytes, sink: Findings) -> Any:
    depth = json_depth(data)
    if depth > MAX_JSON_DEPTH:
        sink.error(f"nests {depth} levels deep; the limit is {MAX_JSON_DEPTH}")
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        sink.error("not a Tiled tileset: the file is not UTF-8 text")
        return None
    try:
        # NaN and Infinity are kept, as the map reader keeps them: every number is checked where it
        # is read, so the line names the tile and the property ("holds a number that is not finite
        # (NaN)" named only the file). A whole number past every float says its length (``parse_int``).
        return json.loads(text, parse_int=parse_int)
    except json.JSONDecodeError as problem:
        sink.error(f"not valid JSON: {problem.msg} at line {problem.lineno} column {problem.colno}")
    except RecursionError:
        sink.error(f"nests too deep; the limit is {MAX_JSON_DEPTH}")
    return None


# --- JSON fields -----------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def tileset_from_json(
    raw: Any,
    base: Path,
    *,
    path: Path | None = None,
    first_gid: int = 0,
    file: str | None = None,
    sink: Findings | None = None,
    findings: list[Finding] | None = None,
) -> Tileset | None:
    """A tileset from its JSON fields (a ``.tsj`` file's, or one embedded in a map's ``tilesets``).

    ``base`` is the folder its image paths are relative to (the map's for an
    embedded one). Findings go to ``findings`` (or ``sink``), naming ``file``
    (the tileset's path by default). None when the tileset cannot be used.
    """
    if sink is None:
        sink = Findings(file or (display_name(path) if path is not None else "tileset"), findings)
    errors_before = sink.errors
    if not isinstance(raw, dict):
        sink.error(f"not a Tiled tileset: a tileset is a JSON object, not {type(raw).__name__}")
        return None
    if raw.get("type", "tileset") != "tileset":
        sink.error(f"not a Tiled tileset: its type is {_short(repr(raw.get('type')))}")
        return None
    name = raw.get("name", "")
    if not isinstance(name, str):
        sink.error("the tileset's 'name' must be text")
        return None
    label = f"tileset {name!r}"
    raw = _derive_old_fields(modernise_tileset(raw), label, sink)
    if raw is None:
        return None
    numbers = {}
    for key, low, high, default in (
        ("tilewidth", 1, MAX_TILE_SIZE, None),
        ("tileheight", 1, MAX_TILE_SIZE, None),
        ("tilecount", 0, MAX_TILESET_TILES, None),
        ("columns", 0, MAX_TILESET_TILES, 0),
        ("margin", 0, MAX_IMAGE_PIXELS, 0),
        ("spacing", 0, MAX_IMAGE_PIXELS, 0),
    ):
        value = raw.get(key, default)
        if not _is_int(value):
            sink.error(f"{label}: {key!r} must be a whole number, got {_short(repr(value))}")
        elif not low <= value <= high:
            sink.error(f"{label}: {key!r} is {value:,}; it must be {low:,} to {high:,}")
        numbers[key] = value
    tiles_raw = raw.get("tiles", [])
    if not isinstance(tiles_raw, list):
        sink.error(f"{label}: 'tiles' must be a list")
    elif len(tiles_raw) > MAX_TILESET_TILES:
        sink.error(f"{label} lists {len(tiles_raw):,} tiles; the limit is {MAX_TILESET_TILES:,}")
    if sink.errors > errors_before:
        return None
    offset = raw.get("tileoffset", {"x": 0, "y": 0})
    if not (
        isinstance(offset, dict)
        and all(_is_number(offset.get(k, 0)) and abs(offset.get(k, 0)) <= MAX_TILE_SIZE for k in ("x", "y"))
    ):
        sink.error(f"{label}: 'tileoffset' must be {{x, y}} numbers within {MAX_TILE_SIZE} px")
        return None
    image = None
    if "image" in raw:
        image = _image_path(raw.get("image"), base, label, sink)
        for key in ("imagewidth", "imageheight"):
            value = raw.get(key, 0)
            if not (_is_int(value) and 0 <= value <= MAX_IMAGE_PIXELS):
                sink.error(f"{label}: {key!r} must be a whole number of pixels up to {MAX_IMAGE_PIXELS:,}")
        if image is not None and numbers["columns"] <= 0 and numbers["tilecount"] > 0:
            sink.error(f"{label}: an atlas needs 'columns' > 0")
    if sink.errors > errors_before:
        return None
    if image is not None and (problem := image_problem(image)):
        sink.warning(f"{label}: {problem}")
    if not _census(tiles_raw, label, sink):
        return None
    properties = _properties(raw.get("properties", []), label, sink)
    if properties is None:
        return None
    choices = {}
    for key, allowed in _CHOICES.items():
        value = raw.get(key, allowed[0])
        if value not in allowed:
            sink.warning(
                f"{label}: {key} {_short(repr(value), 40)} is not one of {', '.join(allowed)}; "
                f"read as {allowed[0]!r}"
            )
            value = allowed[0]
        choices[key] = value
    tileset = Tileset(
        name=name,
        path=path,
        first_gid=first_gid,
        tile_width=numbers["tilewidth"],
        tile_height=numbers["tileheight"],
        columns=numbers["columns"],
        tile_count=numbers["tilecount"],
        image=image,
        tile_offset=(_whole(offset.get("x", 0)), _whole(offset.get("y", 0))),
        tiles={},
        margin=numbers["margin"],
        spacing=numbers["spacing"],
        properties=properties,
        object_alignment=choices["objectalignment"],
        render_size=choices["tilerendersize"],
        fill_mode=choices["fillmode"],
    )
    tiles: dict[int, TileDef] = {}
    for entry in tiles_raw:
        tile = _tile(entry, tileset, base, label, sink)
        if tile is None:
            continue
        if tile.local_id in tiles:
            sink.error(f"{label}: tile {tile.local_id} is listed twice")
            continue
        tiles[tile.local_id] = tile
    if sink.errors > errors_before:
        return None
    if image is None and numbers["tilecount"] > 0 and not tiles:
        sink.error(f"{label}: neither an atlas 'image' nor tiles with their own images")
        return None
    tileset.tiles.update(tiles)
    return tileset


#: A tileset's fields of fixed choices (Tiled 1.4, 1.9), the default first.
_CHOICES = {
    "objectalignment": (
        "unspecified",
        "topleft",
        "top",
        "topright",
        "left",
        "center",
        "right",
        "bottomleft",
        "bottom",
        "bottomright",
    ),
    "tilerendersize": ("tile", "grid"),
    "fillmode": ("stretch", "preserve-aspect-fit"),
}


def _derive_old_fields(raw: dict, label: str, sink: Findings) -> dict | None:
    """``tilecount`` and ``columns`` as Tiled derives them for files older than 0.13 / 0.15, which lack
    them: from the atlas image's size, margin and spacing. A tileset that lacks them and whose image
    size is not given either is in an old format that cannot be read: one line says so."""
    missing = [key for key in ("tilecount", "columns") if key not in raw]
    if not missing:
        return raw
    if "image" not in raw:  # an image collection: the tiles it lists are its tiles
        tiles = raw.get("tiles")
        ids = [t.get("id") for t in tiles if isinstance(t, dict)] if isinstance(tiles, list) else []
        count = max((i for i in ids if _is_int(i)), default=-1) + 1
        return {"tilecount": count, "columns": 0, **raw}
    sizes = [raw.get(k) for k in ("imagewidth", "imageheight", "tilewidth", "tileheight")]
    margin, spacing = raw.get("margin", 0), raw.get("spacing", 0)
    if not all(_is_int(v) and v > 0 for v in sizes) or not (_is_int(margin) and _is_int(spacing)):
        sink.error(
            f"{label}: old format (before Tiled 0.15): no {' or '.join(map(repr, missing))}, and no image "
            "size to derive them from; open and save it in a newer Tiled"
        )
        return None
    width, height, tw, th = sizes
    columns = max((width - 2 * margin + spacing) // (tw + spacing), 0)
    rows = max((height - 2 * margin + spacing) // (th + spacing), 0)
    return {"tilecount": columns * rows, "columns": columns, **raw}


def _whole(value: float) -> int:
    return round(value)


def _census(tiles_raw: list, label: str, sink: Findings) -> bool:
    """The collision objects and points of every tile against their limits, before any is read."""
    total = 0
    for entry in tiles_raw:
        if not isinstance(entry, dict):
            continue
        group = entry.get("objectgroup")
        objects = group.get("objects") if isinstance(group, dict) else None
        if not isinstance(objects, list):
            continue
        who = f"{label}: tile {_short(repr(entry.get('id')), 24)}"
        if len(objects) > MAX_TILE_SHAPES:
            sink.error(f"{who} has {len(objects):,} collision objects; the limit is {MAX_TILE_SHAPES}")
            return False
        for obj in objects:
            for key in ("polygon", "polyline"):
                points = obj.get(key) if isinstance(obj, dict) else None
                if isinstance(points, list):
                    if len(points) > MAX_TILE_POLYGON_POINTS:
                        sink.error(
                            f"{who}: a collision {key} has {len(points):,} points; "
                            f"the limit is {MAX_TILE_POLYGON_POINTS:,}"
                        )
                        return False
                    total += len(points)
    if total > MAX_TILESET_POINTS:
        sink.error(f"{label} has {total:,} collision points; the limit is {MAX_TILESET_POINTS:,}")
        return False
    return True


def _image_path(value: Any, base: Path, label: str, sink: Findings) -> Path | None:
    if not isinstance(value, str) or not value.strip():
        sink.error(f"{label}: an image path must be text, got {_short(repr(value))}")
        return None
    if len(value) > MAX_IMAGE_PATH_CHARS:
        sink.error(
            f"{label}: an image path is {len(value):,} characters; the limit is {MAX_IMAGE_PATH_CHARS:,}"
        )
        return None
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        sink.error(f"{label}: an image path holds control characters ({_short(repr(value))})")
        return None
    return base / value


def _tile(entry: Any, tileset: Tileset, base: Path, label: str, sink: Findings) -> TileDef | None:
    if not isinstance(entry, dict) or not _is_int(entry.get("id")):
        sink.error(f"{label}: every listed tile needs a whole-number 'id'")
        return None
    local_id = entry["id"]
    who = f"{label}: tile {local_id}"
    if not 0 <= local_id <= _MAX_LOCAL_ID:
        sink.error(f"{who}: the id must be 0 to {_MAX_LOCAL_ID:,}")
        return None
    kind = entry.get("type", entry.get("class", ""))
    if not isinstance(kind, str):
        sink.error(f"{who}: its class must be text")
        return None
    if kind:  # a prop's or an actor's tile is known by its class: "tile 0 (crate)"
        who += f" ({_short(kind, 40)})"
    properties = _properties(entry.get("properties", []), who, sink)
    if "image" in entry:
        image = _image_path(entry.get("image"), base, who, sink)
        size = [entry.get(k) for k in ("imagewidth", "imageheight")]
        if size == [None, None] and image is not None:
            # Old files (and some exporters) leave the size out: Tiled reads it from the image's header.
            # A missing image keeps the tileset's tile size: it is said once below, and is an error only
            # where a layer paints the tile.
            header = image_size(image) if os.path.isfile(image) else None
            size = list(header or (tileset.tile_width, tileset.tile_height))
        if not all(_is_int(v) and 0 < v <= MAX_IMAGE_PIXELS for v in size):
            sink.error(
                f"{who}: 'imagewidth' and 'imageheight' must be whole numbers of pixels "
                f"(1 to {MAX_IMAGE_PIXELS:,}), got {_short(repr(size))}"
            )
            return None
        if image is None:
            return None
        if (problem := image_problem(image)) is not None:
            sink.warning(f"{who}: {problem}")
        width, height = size
        source = (0, 0, width, height)
        sub = [entry.get(k) for k in ("x", "y", "width", "height")]
        if any(v is not None for v in sub):  # Tiled 1.9+: the tile is a sub-rectangle of its image
            x, y = (v if v is not None else 0 for v in sub[:2])
            w, h = sub[2] if sub[2] is not None else width - x, sub[3] if sub[3] is not None else height - y
            if not (
                all(_is_int(v) for v in (x, y, w, h))
                and x >= 0
                and y >= 0
                and w > 0
                and h > 0
                and x + w <= width
                and y + h <= height
            ):
                sink.error(
                    f"{who}: its sub-rectangle x {x!r}, y {y!r}, {w!r} x {h!r} must be whole pixels inside "
                    f"its {width} x {height} image"
                )
                return None
            source, width, height = (x, y, w, h), w, h
    elif tileset.image is not None:
        if local_id >= tileset.tile_count:
            sink.warning(f"{who} is beyond the tileset's {tileset.tile_count} tiles; ignored")
            return None
        image, width, height = None, tileset.tile_width, tileset.tile_height
        source = tileset.atlas_source(local_id)
    else:
        sink.error(f"{who}: a tile of an image collection needs its own 'image'")
        return None
    shapes = _shapes(entry.get("objectgroup"), who, sink)
    if properties is None or shapes is None:
        return None
    return TileDef(local_id, image, source, width, height, shapes, properties, kind)


def _shapes(group: Any, who: str, sink: Findings) -> tuple[TileShape, ...] | None:
    if group is None:
        return ()
    if not isinstance(group, dict) or not isinstance(group.get("objects", []), list):
        sink.error(f"{who}: its collision 'objectgroup' must hold an 'objects' list")
        return None
    shapes = []
    for obj in group.get("objects", []):
        shape = _shape(obj, who, sink)
        if shape is not None:
            shapes.append(shape)
    return tuple(shapes)


def _shape(obj: Any, who: str, sink: Findings) -> TileShape | None:
    if not isinstance(obj, dict):
        sink.error(f"{who}: a collision object is {type(obj).__name__}, not an object")
        return None
    oid = obj.get("id", 0)
    name = obj.get("name", "")
    if not _is_int(oid) or not isinstance(name, str):
        sink.error(f"{who}: a collision object needs a whole-number 'id' and a text 'name'")
        return None
    me = f"{who}, collision object {oid}" + (f" ({_short(name, 40)})" if name else "")
    if "template" in obj:
        sink.error(f"{me}: uses an object template; templates are not read: detach it in Tiled")
        return None
    if obj.get("visible", True) is False:
        sink.warning(f"{me}: hidden, ignored")
        return None
    if "gid" in obj or "text" in obj:
        sink.warning(f"{me}: a {'tile object' if 'gid' in obj else 'text'} is not a collision shape; ignored")
        return None
    numbers = []
    for key in ("x", "y", "width", "height", "rotation"):
        value = obj.get(key, 0)
        if not _is_number(value) or abs(value) > MAX_COORDINATE:
            sink.error(
                f"{me}: {key!r} must be a finite number within {MAX_COORDINATE:,.0f}, "
                f"got {_short(repr(value))}"
            )
            return None
        numbers.append(float(value))
    x, y, width, height, rotation = numbers
    points: tuple[tuple[float, float], ...] = ()
    if obj.get("ellipse") is True:
        kind = "ellipse"
    elif obj.get("point") is True:
        kind = "point"
    elif "polygon" in obj or "polyline" in obj:
        kind = "polygon" if "polygon" in obj else "polyline"
        raw = obj[kind]
        if not (
            isinstance(raw, list)
            and all(
                isinstance(p, dict)
                and _is_number(p.get("x"))
                and _is_number(p.get("y"))
                and abs(p["x"]) <= MAX_COORDINATE
                and abs(p["y"]) <= MAX_COORDINATE
                for p in raw
            )
        ):
            sink.error(
                f"{me}: {kind} points must be a list of {{x, y}} finite numbers within {MAX_COORDINATE:,.0f}"
            )
            return None
        points = tuple((float(p["x"]), float(p["y"])) for p in raw)
    else:
        kind = "rectangle"
    properties = _properties(obj.get("properties", []), me, sink)
    if properties is None:
        return None
    return TileShape(kind, x, y, width, height, rotation, points, name, oid, properties)


_PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "class")


def _properties(raw: Any, who: str, sink: Findings) -> dict[str, Any] | None:
    """Tiled's ``[{name, type, value}]`` as a dict; ints, floats and bools typed, the rest as given."""
    if not isinstance(raw, list):
        sink.error(f"{who}: properties must be a list of name/type/value")
        return None
    found: dict[str, Any] = {}
    for prop in raw:
        if not isinstance(prop, dict) or not isinstance(prop.get("name"), str) or "value" not in prop:
            sink.error(f"{who}: properties must be a list of name/type/value")
            return None
        kind, value = prop.get("type", "string"), prop["value"]
        ok = (
            {
                "int": _is_int(value),
                "float": _is_number(value),
                "bool": isinstance(value, bool),
                "object": _is_int(value),
                "class": isinstance(value, dict),
            }.get(kind, isinstance(value, str))
            if kind in _PROPERTY_TYPES
            else False
        )
        if not ok:
            sink.error(
                f"{who}: property {_short(prop['name'], 40)!r} of type {_short(repr(kind), 20)} "
                f"has the value {_short(repr(value), 40)}"
            )
            return None
        found[prop["name"]] = float(value) if kind == "float" else value
    return found


# --- XML (.tsx, or a <tileset> in a .tmx map) as the JSON fields --------------------------------


def tileset_from_xml(
    element: etree.Element,
    base: Path,
    *,
    path: Path | None = None,
    first_gid: int = 0,
    file: str | None = None,
    sink: Findings | None = None,
    findings: list[Finding] | None = None,
) -> Tileset | None:
    """A tileset from a ``<tileset>`` element (a ``.tsx`` file's root, or one embedded in a ``.tmx``).

    The element is turned into the JSON form's fields, so one validator
    (``tileset_from_json``) judges both.
    """
    if sink is None:
        sink = Findings(file or (display_name(path) if path is not None else "tileset"), findings)
    if element.tag != "tileset":
        sink.error(f"not a Tiled tileset: the XML's root is <{_short(element.tag, 40)}>, not <tileset>")
        return None
    raw = _xml_fields(element, sink)
    if raw is None:
        return None
    return tileset_from_json(raw, base, path=path, first_gid=first_gid, sink=sink)


_XML_INTS = ("tilewidth", "tileheight", "tilecount", "columns", "margin", "spacing", "id", "width", "height")


def _xml_value(key: str, text: str, numbers: tuple[str, ...]) -> Any:
    """An attribute as JSON would hold it: a number where the field is one (bad text stays text)."""
    if key not in numbers:
        return text
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return text
    return value if math.isfinite(value) else text


def _xml_fields(element: etree.Element, sink: Findings) -> dict | None:
    errors_before = sink.errors
    attrs = element.attrib
    raw: dict[str, Any] = {
        k: _xml_value(k, v, _XML_INTS)
        for k, v in attrs.items()
        if k
        in (
            "name",
            "tilewidth",
            "tileheight",
            "tilecount",
            "columns",
            "margin",
            "spacing",
            "objectalignment",
            "tilerendersize",
            "fillmode",
        )
    }
    tiles = element.findall("tile")
    if len(tiles) > MAX_TILESET_TILES:
        sink.error(
            f"tileset {attrs.get('name', '')!r} lists {len(tiles):,} tiles; the limit is {MAX_TILESET_TILES:,}"
        )
        return None
    props = element.find("properties")
    if props is not None:
        raw["properties"] = _xml_properties(props)
    offset = element.find("tileoffset")
    if offset is not None:
        raw["tileoffset"] = {k: _xml_value(k, offset.attrib.get(k, "0"), ("x", "y")) for k in ("x", "y")}
    image = element.find("image")
    if image is not None:
        raw["image"] = image.attrib.get("source", "")
        raw["imagewidth"] = _xml_value("width", image.attrib.get("width", "0"), _XML_INTS)
        raw["imageheight"] = _xml_value("height", image.attrib.get("height", "0"), _XML_INTS)
    raw["tiles"] = []
    for tile in tiles:
        entry: dict[str, Any] = {"id": _xml_value("id", tile.attrib.get("id", ""), _XML_INTS)}
        for key in ("x", "y", "width", "height"):  # a sub-rectangle of the tile's image (Tiled 1.9+)
            if key in tile.attrib:
                entry[key] = _xml_value("id", tile.attrib[key], _XML_INTS)
        kind = tile.attrib.get("type", tile.attrib.get("class"))
        if kind is not None:
            entry["type"] = kind
        props = tile.find("properties")
        if props is not None:
            entry["properties"] = _xml_properties(props)
        tile_image = tile.find("image")
        if tile_image is not None:
            entry["image"] = tile_image.attrib.get("source", "")
            entry["imagewidth"] = _xml_value("width", tile_image.attrib.get("width", ""), _XML_INTS)
            entry["imageheight"] = _xml_value("height", tile_image.attrib.get("height", ""), _XML_INTS)
        group = tile.find("objectgroup")
        if group is not None:
            objects = group.findall("object")
            if len(objects) > MAX_TILE_SHAPES:
                sink.error(
                    f"tileset {attrs.get('name', '')!r}: tile {entry['id']!r} has {len(objects):,} "
                    f"collision objects; the limit is {MAX_TILE_SHAPES}"
                )
                return None
            entry["objectgroup"] = {
                "objects": [o for o in (_xml_object(o, sink) for o in objects) if o is not None]
            }
            if sink.errors > errors_before:
                return None
        raw["tiles"].append(entry)
    return raw


_OBJECT_NUMBERS = ("x", "y", "width", "height", "rotation", "id")


def _xml_object(element: etree.Element, sink: Findings) -> dict | None:
    attrs = element.attrib
    obj: dict[str, Any] = {
        k: _xml_value(k, v, _OBJECT_NUMBERS)
        for k, v in attrs.items()
        if k in ("id", "name", "x", "y", "width", "height", "rotation", "template", "gid")
    }
    if "visible" in attrs:
        obj["visible"] = attrs["visible"] != "0"
    for child in element:
        if child.tag in ("ellipse", "point"):
            obj[child.tag] = True
        elif child.tag in ("polygon", "polyline"):
            text = child.attrib.get("points", "")
            if len(text) > MAX_TILE_POLYGON_POINTS * 64:
                sink.error(
                    f"a collision {child.tag} has {len(text):,} characters of points; "
                    f"the limit is {MAX_TILE_POLYGON_POINTS:,} points"
                )
                return None
            obj[child.tag] = [_xml_point(p) for p in text.split()]
        elif child.tag == "text":
            obj["text"] = child.text or ""
        elif child.tag == "properties":
            obj["properties"] = _xml_properties(child)
    return obj


def _xml_point(text: str) -> dict:
    x, _, y = text.partition(",")
    return {"x": _xml_value("x", x, ("x",)), "y": _xml_value("y", y, ("y",))}


def _xml_properties(element: etree.Element) -> list[dict]:
    found = []
    for prop in element.findall("property"):
        kind = prop.attrib.get("type", "string")
        text = prop.attrib.get("value", prop.text or "")
        value: Any = text
        if kind in ("int", "object"):
            value = _xml_value("v", text, ("v",))
        elif kind == "float":
            value = _xml_value("v", text, ("v",))
            value = float(value) if _is_number(value) else value
        elif kind == "bool":
            value = {"true": True, "false": False}.get(text, text)
        elif kind == "class":
            value = {}  # members as XML children; the game reads none
        found.append({"name": prop.attrib.get("name"), "type": kind, "value": value})
    return found
