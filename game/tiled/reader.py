"""Reading a Tiled map into a ``Level``, collecting every problem as a ``Finding``.

``read_level`` never raises for bad data: it returns ``(None, findings)``
when any finding is an error. Order of work, each step only if the ones
before found no error:

1. the file, through ``game.files.safe_read.read_bytes``: a regular file (a FIFO,
   a device or a folder is refused unopened) of at most ``MAX_FILE_BYTES``;
2. the text: JSON nested at most ``MAX_JSON_DEPTH`` deep (checked before
   the parser recurses), or TMX (XML);
3. the limits of ``limits.py``, right after parsing and before anything is
   built: map size in tiles and pixels, objects, points per polygon and
   polyline and in all, coordinates; duplicate object ids; object
   object templates (resolved first, ``templates.py``, their files read through ``game.files.safe_read``);
4. the shape of the JSON (what pytiled_parser would trip over);
5. pytiled_parser's layer and object parsers, fed the parsed document: it
   never opens a file itself (templates refused; tile data taken out
   first, and decoded by ``tiles.py`` under its own limits: cells per layer
   and in all, base64 length, bounded inflation);
6. the map (orthogonal, finite), its tilesets (``tilesets.py``: external
   ``.tsj``/``.tsx`` files through ``game.files.safe_read``, embedded ones), then
   each layer: objects as walls and markers, tile layers placed
   (``tiles.py``: flips, offsets, anchoring, collision as walls, merged).

pytiled_parser's exceptions become one line each; so do the engine's when
it rejects a shape.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import sys
import xml.etree.ElementTree as etree
from pathlib import Path
from typing import Any, NamedTuple

import pytiled_parser.layer as tlayer
import pytiled_parser.tiled_object as tobj
from pytiled_parser.parsers.json.layer import parse as parse_json_layer
from pytiled_parser.parsers.json.properties import parse as parse_json_properties
from pytiled_parser.parsers.tmx.layer import parse as parse_tmx_layer
from pytiled_parser.parsers.tmx.properties import parse as parse_tmx_properties

from engine.collision import Transform, aabb
from game.files.safe_read import FileRefused, json_depth, read_bytes
from game.level import OUTSIDE_MAP, Finding, JointSpot, Level, LevelError, Marker, PropSpot, Wall

from . import conventions as cv
from .bodies import body_spot
from .files import display_name
from .findings import Findings
from .frame import MapFrame, tiled_to_world
from .joints import (
    JOINT_KINDS,
    MAX_CHAIN_LINKS,
    MAX_JOINTS_IN_MAP,
    JointProblem,
    long_chains,
    read_joint,
    resolve_joints,
)
from .json_numbers import parse_int
from .limits import (
    MAX_COORDINATE,
    MAX_FILE_BYTES,
    MAX_JSON_DEPTH,
    MAX_LAYERS,
    MAX_MAP_AREA,
    MAX_MAP_PIXELS,
    MAX_MAP_TILES,
    MAX_OBJECTS,
    MAX_POINTS,
    MAX_POLYGON_POINTS,
    MAX_POLYLINE_POINTS,
    MAX_TILESETS,
)
from .old_json import modernise_map
from .props import MAX_PROPS, prop_spot
from .start import START_RADIUS, free_spot, playable_level
from .templates import apply_json, apply_xml
from .texture import TextureLimit, outline_shape, texture_option, texture_setting
from .tile_objects import shapes_of
from .tiles import (
    ROTATE_HEX,
    TilePlacer,
    cell_count_problem,
    chunk_bounds,
    collect_json_cells,
    collect_tmx_cells,
)
from .tilesets import Tileset, read_tileset, tileset_from_json, tileset_from_xml
from .walls import WallProblem, build_wall, object_kind, part_cost

#: Fields pytiled_parser reads from every JSON object without a default.
_OBJECT_FIELDS = ("id", "x", "y", "width", "height", "rotation", "name", "visible")


def read_level(
    path: Path | str, *, merge_tiles: bool = True, texture_hitboxes: str | None = None
) -> tuple[Level | None, list[Finding]]:
    """Load a map, collecting every error and warning; the level is None if there is any error.

    ``merge_tiles=False`` keeps one wall per tile collision object (no
    greedy rectangles): the tests compare the two. ``texture_hitboxes``
    (``simple`` or ``detailed``, ``texture.py``) outlines solid tiles without
    collision shapes from their image's alpha; None leaves it to the map's
    ``texture_hitboxes`` property.
    """
    path = Path(path)
    report = Findings(display_name(path))
    try:
        level = _read(path, report, merge_tiles, texture_hitboxes)
    except Exception as bug:  # a loader bug must still not take the game or the checker down
        report.error(f"loader failed: {type(bug).__name__}: {_one_line(bug)}")
        level = None
    findings = report.findings
    return (None if any(f.severity == "error" for f in findings) else level), findings


def load_level(path: Path | str) -> Level:
    """Load a map to play or raise ``LevelError`` (one line: the first error, and how many more).

    A player start the game cannot use (inside a wall, sealed in) or a spawn inside a wall is moved to
    the free spot nearest it (``start.playable_level``); the level's ``changed`` holds the line that
    says so for each, printed to stderr the first time this process plays the map (``say_changes``).
    The checker reads the map as it is (``read_level``) and calls those markers errors."""
    level, findings = read_level(path)
    errors = [f for f in findings if f.severity == "error"]
    if errors or level is None:
        raise LevelError(
            errors or [Finding("error", display_name(Path(path)), None, "", "could not be read")]
        )
    level, moved = playable_level(level)
    return dataclasses.replace(level, changed=moved) if moved else level


#: The lines ``say_changes`` printed in this process: F5, a restart or a second run of the same map
#: say nothing twice.
_SAID: set[str] = set()


def say_changes(level: Level) -> list[str]:
    """Print each of ``level.changed`` to stderr once per process, as the game's other one-line messages
    (``gjk-shooter: file:id (name): problem``); returns the lines printed."""
    lines = [f"gjk-shooter: {finding}" for finding in level.changed]
    new = [line for line in lines if line not in _SAID]
    for line in new:
        _SAID.add(line)
        print(line, file=sys.stderr)
    return new


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text[:200] or type(error).__name__


def _read(path: Path, report: Findings, merge_tiles: bool = True, texture: str | None = None) -> Level | None:
    data = _read_file(path, report)
    if data is None:
        return None
    document = _read_tmx(data, path, report) if data.lstrip()[:1] == b"<" else _read_tmj(data, path, report)
    if document is None or report.has_errors:
        return None
    return _build(path, document, report, merge_tiles, texture)


class _Document(NamedTuple):
    """What the loader uses of a map, parsed without pytiled_parser opening any file."""

    orientation: str
    infinite: bool
    size: tuple[Any, Any]
    tile_size: tuple[Any, Any]
    properties: dict
    layers: list
    #: Tile layers' cells by layer path (see ``tiles.collect_json_cells``), not decoded yet.
    cells: dict = {}  # noqa: RUF012 (a NamedTuple's default, never mutated)
    #: The map's tileset entries: JSON dicts or ``<tileset>`` elements.
    tilesets: tuple = ()
    render_order: str = "right-down"
    #: An infinite map's chunks' union in cells (x0, y0, x1, y1), or None.
    bounds: tuple | None = None


def _read_file(path: Path, report: Findings) -> bytes | None:
    """The file's bytes through ``game.files.safe_read``: a regular file of at most ``MAX_FILE_BYTES``."""
    if not os.path.lexists(path):
        report.error("file not found")
        return None
    try:
        data = read_bytes(path, MAX_FILE_BYTES)
    except FileRefused as refused:
        report.error(refused.problem.replace(", not a file", ", not a map file"))
        return None
    except OSError as problem:
        report.error(f"cannot read: {problem.strerror or problem}")
        return None
    if not data.strip():
        report.error("not a Tiled map: the file is empty")
        return None
    return data


def _read_tmj(data: bytes, path: Path, report: Findings) -> _Document | None:
    depth = json_depth(data)
    if depth > MAX_JSON_DEPTH:
        report.error(f"nests {depth} levels deep; the limit is {MAX_JSON_DEPTH}")
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        report.error("not a Tiled map: the file is not UTF-8 text")
        return None
    try:
        # NaN and Infinity are kept: the per-object findings name them. A whole number of more than 15
        # digits is read as a float (inf past 1e308), so no check ever meets a 400-digit int.
        raw = json.loads(text, parse_int=parse_int)
    except json.JSONDecodeError as problem:
        report.error(f"not valid JSON: {problem.msg} at line {problem.lineno} column {problem.colno}")
        return None
    except RecursionError:  # only reachable with a depth limit above the parser's own
        report.error(f"nests too deep; the limit is {MAX_JSON_DEPTH}")
        return None
    if (
        not isinstance(raw, dict)
        or not isinstance(raw.get("layers"), list)
        or raw.get("type", "map") != "map"
    ):
        report.error('not a Tiled map: a JSON map is an object with "type": "map" and a "layers" list')
        return None
    if not _check_orientation(raw.get("orientation"), report):
        return None
    raw = modernise_map(raw)  # Tiled before 1.2: property dicts and tile dicts as 1.2 lists
    _check_map_size(*(raw.get(k) for k in ("width", "height", "tilewidth", "tileheight")), report)
    if report.has_errors:
        return None
    layers = _count_layers(
        raw["layers"], lambda layer: layer.get("layers") if isinstance(layer, dict) else None
    )
    if layers > MAX_LAYERS:
        report.error(f"map has {layers:,} layers; the limit is {MAX_LAYERS:,}")
        return None
    raw_objects = list(_json_objects(raw["layers"]))
    if len(raw_objects) > MAX_OBJECTS:  # said before any per-object work
        report.error(f"map has {len(raw_objects):,} objects; the limit is {MAX_OBJECTS:,}")
        return None
    external = [
        (t.get("firstgid"), path.parent / t["source"])
        for t in (raw["tilesets"] if isinstance(raw.get("tilesets"), list) else [])  # else said below
        if isinstance(t, dict) and isinstance(t.get("source"), str)
    ]
    for problem in apply_json(
        raw["layers"], path.parent, external
    ):  # templates next: their points count where used
        report.error(problem)
    if report.has_errors:
        return None
    raw_objects = list(_json_objects(raw["layers"]))
    _check_census([_json_census(obj, layer) for layer, obj in raw_objects if isinstance(obj, dict)], report)
    if report.has_errors:
        return None
    stripped, cells = collect_json_cells(raw["layers"])
    stripped = _layer_defaults(stripped)
    bounds = _chunk_bounds(cells, raw.get("tilewidth"), raw.get("tileheight"), report)
    problem = None if report.has_errors else cell_count_problem(cells, bounds)
    if problem or report.has_errors:  # said before any cell is decoded
        if problem:
            report.error(problem)
        return None
    _check_raw_map(raw, path, report)
    if report.has_errors:
        return None
    try:
        layers = [parse_json_layer(layer, "utf-8", None) for layer in stripped]
        properties = parse_json_properties(raw["properties"]) if raw.get("properties") is not None else {}
    except Exception as problem:
        _parser_problem(problem, report)
        return None
    return _Document(
        raw["orientation"],
        bool(raw.get("infinite", False)),
        (int(raw["width"]), int(raw["height"])),  # whole (checked above): Tiled's 10.0 is 10
        (int(raw["tilewidth"]), int(raw["tileheight"])),
        properties,
        layers,
        cells,
        tuple(raw["tilesets"]),
        str(raw.get("renderorder", "right-down")),
        bounds,
    )


def _read_tmx(data: bytes, path: Path, report: Findings) -> _Document | None:
    try:
        root = etree.fromstring(data)
    except etree.ParseError as problem:
        report.error(f"not a Tiled map pytiled_parser understands: ParseError: {_one_line(problem)}")
        return None
    except (LookupError, ValueError) as problem:  # an XML declaration naming an encoding Python has not
        report.error(f"not a Tiled map: the XML cannot be read ({_one_line(problem)})")
        return None
    if root.tag != "map":
        report.error(f"not a Tiled map: the XML's root is <{_one_line(root.tag)}>, not <map>")
        return None
    attrs = root.attrib
    if not _check_orientation(attrs.get("orientation"), report):
        return None
    size = [_xml_number(attrs.get(k)) for k in ("width", "height", "tilewidth", "tileheight")]
    for key, value in zip(("width", "height", "tilewidth", "tileheight"), size, strict=True):
        if not _is_number(value):
            report.error(
                f"not a Tiled map: the map's {key!r} is not a whole number ({_one_line(repr(value))})"
            )
    _check_map_size(*size, report)
    if report.has_errors:
        return None
    layers = _count_layers(list(root), lambda e: list(e) if e.tag == "group" else None)
    if layers > MAX_LAYERS:
        report.error(f"map has {layers:,} layers; the limit is {MAX_LAYERS:,}")
        return None
    objects = sum(1 for _ in root.iter("object"))
    if objects > MAX_OBJECTS:  # said before any template is read
        report.error(f"map has {objects:,} objects; the limit is {MAX_OBJECTS:,}")
        return None
    external = [
        (_xml_number(t.attrib.get("firstgid")), path.parent / t.attrib["source"])
        for t in root.findall("tileset")
        if "source" in t.attrib
    ]
    for problem in apply_xml(root, path.parent, external):
        report.error(problem)
    if report.has_errors:
        return None
    _check_census(list(_xml_objects(root)), report)
    for tileset in root.iter("tileset"):
        source = tileset.attrib.get("source")
        if source is not None and not (path.parent / source).is_file():
            report.error(f"cannot open {Path(source).name!r}: file not found")
    if report.has_errors:
        return None
    cells = collect_tmx_cells(root)  # decoded later by tiles.py, under its limits
    bounds = _chunk_bounds(cells, size[2], size[3], report)
    problem = None if report.has_errors else cell_count_problem(cells, bounds)
    if problem or report.has_errors:
        if problem:
            report.error(problem)
        return None
    for layer in root.iter("layer"):  # pytiled_parser never decodes tile data
        for data_element in layer.findall("data"):
            layer.remove(data_element)
    try:
        layers = [
            parse_tmx_layer(e, "utf-8", None)
            for e in root
            if e.tag in ("layer", "objectgroup", "imagelayer", "group")
        ]
        found = root.find("./properties")
        properties = parse_tmx_properties(found) if found is not None else {}
        infinite = bool(int(attrs.get("infinite", "0")))
        orientation = attrs["orientation"]
    except Exception as problem:
        _parser_problem(problem, report)
        return None
    return _Document(
        orientation,
        infinite,
        (size[0], size[1]),
        (size[2], size[3]),
        properties,
        layers,
        cells,
        tuple(root.findall("tileset")),
        attrs.get("renderorder", "right-down"),
        bounds,
    )


def _chunk_bounds(cells: dict, tile_width: Any, tile_height: Any, report: Findings) -> tuple | None:
    """An infinite map's chunks' union in cells, checked against the map size limits as a finite map's
    size is (before any chunk is decoded); None for a finite map."""
    bounds = chunk_bounds(cells)
    if isinstance(bounds, str):
        report.error(bounds)
        return None
    if bounds is not None:
        _check_map_size(bounds[2] - bounds[0], bounds[3] - bounds[1], tile_width, tile_height, report)
    return bounds


#: Layer fields Tiled leaves out of JSON when they hold their default (``offsetx`` alone is valid).
_LAYER_DEFAULTS = {"offsetx": 0, "offsety": 0, "opacity": 1, "visible": True, "x": 0, "y": 0}


def _layer_defaults(layers: list) -> list:
    """The layers (copies) with Tiled's defaults filled in where a field is left out, groups included."""
    filled = []
    for layer in layers:
        if isinstance(layer, dict):
            layer = {
                **_LAYER_DEFAULTS,
                **({"draworder": "topdown"} if layer.get("type") == "objectgroup" else {}),
                **layer,
            }
            if layer.get("type") == "group" and isinstance(layer.get("layers"), list):
                layer["layers"] = _layer_defaults(layer["layers"])
        filled.append(layer)
    return filled


def _xml_number(text: str | None) -> Any:
    try:
        return int(text)
    except (TypeError, ValueError):
        return text


def _parser_problem(problem: Exception, report: Findings) -> None:
    if isinstance(problem, KeyError):
        report.error(
            f"not a Tiled map pytiled_parser understands: missing field {_one_line(problem.args[0])!r}"
        )
    else:
        report.error(
            f"not a Tiled map pytiled_parser understands: {type(problem).__name__}: {_one_line(problem)}"
        )


def _check_map_size(width: Any, height: Any, tile_width: Any, tile_height: Any, report: Findings) -> None:
    """The map's size against ``MAX_MAP_TILES`` and ``MAX_MAP_PIXELS``, before anything is sized by it."""
    for what, tiles, tile in (("width", width, tile_width), ("height", height, tile_height)):
        if not (_is_number(tiles) and _is_number(tile)):
            continue  # said by _check_raw_map, or by the XML parser
        if not (_finite_number(tiles) and _finite_number(tile)) or abs(tiles) >= 1e18 or abs(tile) >= 1e18:
            name = what if abs(tiles) >= 1e18 or not _finite_number(tiles) else f"tile{what}"
            value = tiles if name == what else tile
            report.error(
                f"map {name!r} is {_amount(value)}, not a size; the limit is {MAX_MAP_TILES:,} tiles "
                f"of at most {MAX_MAP_PIXELS:,} px"
            )
        elif not (tiles > 0 and tile > 0):
            report.error(f"map has no size: its {what} is {_amount(tiles)} tiles of {_amount(tile)} px")
        elif not (float(tiles).is_integer() and float(tile).is_integer()):
            # Tiled saves whole tiles of whole pixels (Qt 6's toInt() reads 1.5 as 0: no map); the game
            # and the checker both refuse it here, before anything is sized by it.
            name, value = (what, tiles) if not float(tiles).is_integer() else (f"tile{what}", tile)
            unit = "tiles" if name == what else "px"
            report.error(
                f"map {name!r} is {_amount(value)} {unit}, not a whole number (Tiled saves whole {unit})"
            )
        elif tiles > MAX_MAP_TILES:
            report.error(f"map {what} is {_amount(tiles)} tiles; the limit is {MAX_MAP_TILES:,} tiles a side")
        elif tiles * tile > MAX_MAP_PIXELS:
            report.error(
                f"map {what} is {_amount(tiles * tile)} px ({_amount(tiles)} tiles of {_amount(tile)} px); "
                f"the limit is {MAX_MAP_PIXELS:,} px a side"
            )
    sizes = (width, height, tile_width, tile_height)
    if not report.has_errors and all(_is_number(v) and _finite_number(v) for v in sizes):
        area = width * tile_width * height * tile_height
        if area > MAX_MAP_AREA:
            report.error(
                f"map is {_amount(width * tile_width)} × {_amount(height * tile_height)} px = "
                f"{_amount(area)} px²; the limit is {MAX_MAP_AREA:,} px² (8,192 × 8,192; a side may "
                f"reach {MAX_MAP_PIXELS:,} px when the other is short)"
            )


def _finite_number(value: Any) -> bool:
    """Whether ``value`` is a finite number a float can hold (a 400-digit int is not)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _amount(value: float) -> str:
    """A count or size as a person reads it: ``1,000,000``, ``12.5``, ``nan``, ``1e+400``.

    >>> _amount(10**400), _amount(float("inf")), _amount(2.5)
    ('1e+400', 'inf (a number past 1e308)', '2.5')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        digits = str(abs(value))
        return (
            f"{'-' if value < 0 else ''}{digits[0]}{'.' + digits[1:4].rstrip('0') if digits[1:4].strip('0') else ''}"
            f"e+{len(digits) - 1}"
        )
    if math.isinf(value):
        return f"{value} (a number past 1e308)"
    if math.isfinite(value) and value == int(value) and abs(value) < 1e18:
        return f"{int(value):,}"
    return f"{value:,.6g}"


def _count_layers(layers: list, children) -> int:
    """Layers in the tree, group layers and what they hold included (XML counts every child element)."""
    count, stack = 0, [layers]
    while stack:
        for layer in stack.pop():
            count += 1
            inner = children(layer)
            if isinstance(inner, list):
                stack.append(inner)
    return count


class _Census(NamedTuple):
    """One object as the limits see it, before pytiled_parser builds anything from it."""

    id: Any
    name: str
    layer: str
    kind: str  # "polygon", "polyline" or "" (no point list)
    count: int  # points in its list
    template: Any
    numbers: Any  # a callable giving every coordinate it holds (only called within the point limits)
    cls: str = ""  # its class (Tiled's ``type`` or ``class``), for the joints' count


def _json_objects(layers: list, group: str = ""):
    for layer in layers:
        if not isinstance(layer, dict):
            continue
        name = layer.get("name") if isinstance(layer.get("name"), str) else ""
        if layer.get("type") == "group" and isinstance(layer.get("layers"), list):
            yield from _json_objects(layer["layers"], name)
        elif layer.get("type") == "objectgroup" and isinstance(layer.get("objects"), list):
            for obj in layer["objects"]:
                yield name, obj  # counted whatever it is: a million numbers is a million findings otherwise


def _json_census(obj: dict, layer: str) -> _Census:
    kind = (
        "polygon"
        if isinstance(obj.get("polygon"), list)
        else "polyline"
        if isinstance(obj.get("polyline"), list)
        else ""
    )
    points = obj.get(kind) if kind else []

    def numbers():
        yield from (obj.get(k) for k in ("x", "y", "width", "height"))
        for p in points:
            if isinstance(p, dict):
                yield p.get("x")
                yield p.get("y")

    name = obj.get("name") if isinstance(obj.get("name"), str) else ""
    cls = obj.get("type", obj.get("class", ""))
    return _Census(
        obj.get("id"),
        name,
        layer,
        kind,
        len(points),
        obj.get("template"),
        numbers,
        cls if isinstance(cls, str) else "",
    )


def _xml_objects(root):
    def walk(node, layer):
        for child in node:
            if child.tag == "group":
                yield from walk(child, child.attrib.get("name", ""))
            elif child.tag == "objectgroup":
                for obj in child.iter("object"):
                    yield _xml_census(obj, child.attrib.get("name", ""))

    yield from walk(root, "")


def _xml_census(obj, layer: str) -> _Census:
    kind = next((k for k in ("polygon", "polyline") if obj.find(k) is not None), "")
    text = obj.find(kind).attrib.get("points", "") if kind else ""
    words = text.split()

    def numbers():
        for k in ("x", "y", "width", "height"):
            yield _xml_float(obj.attrib.get(k))
        for word in words:
            yield from (_xml_float(v) for v in word.split(",")[:2])

    return _Census(
        _xml_number(obj.attrib.get("id")),
        obj.attrib.get("name", ""),
        layer,
        kind,
        len(words),
        obj.attrib.get("template"),
        numbers,
        obj.attrib.get("type", obj.attrib.get("class", "")),
    )


def _xml_float(text: str | None) -> Any:
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


class _Named:
    """An object as findings name it (id and name) when only its census is known."""

    def __init__(self, item: _Census) -> None:
        self.id = item.id if isinstance(item.id, int) and not isinstance(item.id, bool) else None
        self.name = item.name


def _check_census(items: list[_Census], report: Findings) -> None:
    """Objects against ``MAX_OBJECTS``, joint objects (hidden ones too) against ``MAX_JOINTS_IN_MAP``,
    point lists against their limits, coordinates against ``MAX_COORDINATE``; duplicate ids and
    templates (never read) are errors too."""
    if len(items) > MAX_OBJECTS:
        report.error(f"map has {len(items):,} objects; the limit is {MAX_OBJECTS:,}")
        return
    joints = sum(1 for item in items if item.cls in JOINT_KINDS and item.layer in (cv.PROPS, cv.JOINTS))
    if joints > MAX_JOINTS_IN_MAP:  # said before any joint is read: one line, however many
        report.error(f"map has {joints:,} joints; the limit is {MAX_JOINTS_IN_MAP:,}")
        return
    limits = {"polygon": MAX_POLYGON_POINTS, "polyline": MAX_POLYLINE_POINTS}
    total = 0
    for item in items:
        total += item.count
        if item.kind and item.count > limits[item.kind]:
            report.error(
                f"{item.kind} has {item.count:,} points; the limit is {limits[item.kind]:,}", _Named(item)
            )
    if total > MAX_POINTS:
        report.error(f"map has {total:,} polygon and polyline points; the limit is {MAX_POINTS:,}")
    if report.has_errors:
        return
    first_by_id: dict[Any, _Census] = {}
    for item in items:
        if item.template is not None:  # resolved before the census; one left means it could not be
            report.error(
                f"uses the object template {_one_line(item.template)!r}, which could not be read",
                _Named(item),
            )
        far = next(
            (v for v in item.numbers() if _is_number(v) and math.isfinite(v) and abs(v) > MAX_COORDINATE),
            None,
        )
        if far is not None:
            report.error(
                f"a coordinate is {far:,g} px; the limit is {MAX_COORDINATE:,.0f} px from the map's corner",
                _Named(item),
            )
        key = item.id if isinstance(item.id, int) and not isinstance(item.id, bool) else None
        if key is None:
            continue
        first = first_by_id.setdefault(key, item)
        if first is not item:  # Tiled repairs these itself when it opens the map: read both
            report.warning(
                f"id {key} is also the id of object {first.name!r} in layer {first.layer!r}; "
                "findings about either name both (Tiled gives one a new id when it opens the map)",
                _Named(item),
            )


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_LAYER_TYPES = ("objectgroup", "group", "tilelayer", "imagelayer")
_OBJECT_TYPES = {
    "id": "an integer",
    "x": "a number",
    "y": "a number",
    "width": "a number",
    "height": "a number",
    "rotation": "a number",
    "name": "text",
    "visible": "true or false",
}


def _type_ok(kind: str, value: Any) -> bool:
    if kind == "an integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "a number":
        return _is_number(value)
    if kind == "text":
        return isinstance(value, str)
    return isinstance(value, bool)


class _RawObject:
    """A raw JSON object standing in for a parsed one in findings (id and name, when usable)."""

    def __init__(self, raw: dict) -> None:
        oid = raw.get("id")
        self.id = oid if isinstance(oid, int) and not isinstance(oid, bool) else None
        self.name = raw.get("name") if isinstance(raw.get("name"), str) else ""


def _check_raw_map(raw: dict, path: Path, report: Findings) -> None:
    """What pytiled_parser would trip over with a bare KeyError or TypeError, said per map, layer or object."""
    for key in ("width", "height", "tilewidth", "tileheight"):
        if key not in raw:
            report.error(f"not a Tiled map: the map has no {key!r}")
        elif not _is_number(raw[key]):
            report.error(f"not a Tiled map: the map's {key!r} is not a number ({raw[key]!r})")
    if not isinstance(raw.get("orientation"), str):
        report.error("not a Tiled map: the map has no 'orientation'")
    tilesets = raw.get("tilesets")
    if not isinstance(tilesets, list):
        report.error("not a Tiled map: the map has no 'tilesets' list")
        tilesets = []
    for tileset in tilesets:
        source = tileset.get("source") if isinstance(tileset, dict) else None
        # Tilesets are never read (the game ignores tile layers); a missing one is still a broken map.
        if source is None:
            continue
        where = path.parent / source if isinstance(source, str) else None
        if where is not None and where.exists() and not where.is_file():
            report.error(f"tileset {_one_line(repr(source))} is not a regular file")
        elif where is None or not where.is_file():
            report.error(f"tileset {_one_line(repr(source))} not found (looked next to the map)")
    _check_properties_raw(raw.get("properties", []), report, None, "map")
    _check_raw_layers(raw["layers"], report)


_COLOR = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")


def _property_ok(kind: Any, value: Any) -> bool:
    """Whether a JSON property's value is of its declared Tiled type (what pytiled_parser would trip on)."""
    if kind in (None, "string", "file"):
        return isinstance(value, str)
    if kind in ("int", "object"):
        return _is_number(value) and _finite_number(value) and float(value).is_integer()
    if kind == "float":
        return _is_number(value)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "color":
        return isinstance(value, str) and _COLOR.fullmatch(value) is not None
    if kind == "class":
        return isinstance(value, dict)
    return False


def _check_properties_raw(properties: Any, report: Findings, owner: Any, what: str) -> None:
    """Each property a name/value pair whose value is of its declared type; an unset color (Tiled saves
    ``""``) becomes a plain string. One line per bad property, naming it, its type and its value."""
    if not isinstance(properties, list) or not all(
        isinstance(p, dict) and isinstance(p.get("name"), str) and "value" in p for p in properties
    ):
        report.error(f"{what} properties are not a list of name/value pairs", owner)
        return
    for prop in properties:
        kind, value = prop.get("type"), prop["value"]
        if kind == "color" and value == "":
            prop["type"] = "string"  # an unset colour: nothing to parse
        elif not _property_ok(kind, value):
            report.error(
                f"{what} property {_one_line(prop['name'])[:40]!r} of type {_one_line(repr(kind))[:20]} "
                f"has the value {_one_line(repr(value))[:40]}",
                owner,
            )


def _check_raw_layers(layers: list, report: Findings) -> None:
    for layer in layers:
        if not isinstance(layer, dict):
            report.error(f"not a Tiled map: a layer is {type(layer).__name__}, not an object")
            continue
        name = layer.get("name")
        label = repr(name) if isinstance(name, str) else "without a name"
        if not isinstance(name, str) or not isinstance(layer.get("visible", True), bool):
            report.error(f"layer {label}: needs a text 'name' and a true/false 'visible'")
            continue
        if layer.get("type") not in _LAYER_TYPES:
            report.error(f"layer {label}: unknown layer type {layer.get('type')!r}")
            continue
        if not all(_is_number(layer.get(k, 0)) for k in ("offsetx", "offsety", "opacity")):
            report.error(f"layer {label}: offset and opacity must be numbers")
            continue
        if "properties" in layer:
            _check_properties_raw(layer["properties"], report, None, f"layer {label}")
        if layer["type"] == "group":
            if not isinstance(layer.get("layers"), list):
                report.error(f"layer {label}: a group layer needs a 'layers' list")
            else:
                _check_raw_layers(layer["layers"], report)
        elif layer["type"] == "objectgroup":
            if not isinstance(layer.get("objects"), list):
                report.error(f"layer {label}: an object layer needs an 'objects' list")
            else:
                for raw_object in layer["objects"]:
                    _check_raw_object(raw_object, report)


def _check_raw_object(raw: Any, report: Findings) -> None:
    if not isinstance(raw, dict):
        report.error(f"not a Tiled map: an object is {type(raw).__name__}, not an object")
        return
    who = _RawObject(raw)
    missing = [k for k in _OBJECT_TYPES if k not in raw]
    if missing:
        report.error(f"object is missing {', '.join(map(repr, missing))}", who)
        return
    for key, kind in _OBJECT_TYPES.items():
        if not _type_ok(kind, raw[key]):
            report.error(f"object field {key!r} must be {kind}, got {raw[key]!r}", who)
            return
    if not isinstance(raw.get("type", raw.get("class", "")), str):
        report.error("object class must be text", who)
    for key in ("polygon", "polyline"):
        points = raw.get(key)
        if points is not None and not (
            isinstance(points, list)
            and all(isinstance(p, dict) and _is_number(p.get("x")) and _is_number(p.get("y")) for p in points)
        ):
            report.error(f"{key} points must be a list of {{x, y}} numbers", who)
    if "properties" in raw:
        _check_properties_raw(raw["properties"], report, who, "object")


def _check_orientation(orientation: Any, report: Findings) -> bool:
    """Whether the map is orthogonal; else one error naming its orientation. Said before the map's size,
    tilesets or templates are looked at, so an isometric, staggered or hexagonal map is that one line."""
    if orientation is None or orientation == "orthogonal" or not isinstance(orientation, str):
        return True  # a missing or odd field is said by the map's shape checks
    report.error(f"map orientation is {_one_line(orientation)!r}; only orthogonal maps are supported")
    return False


def _build(
    path: Path, document: _Document, report: Findings, merge_tiles: bool = True, texture: str | None = None
) -> Level | None:
    if document.orientation != "orthogonal":
        report.error(
            f"map orientation is {_one_line(document.orientation)!r}; only orthogonal maps are supported"
        )
    # An infinite map is its chunks' union (Tiled's own render does the same); one without chunks keeps
    # the size it was saved with.
    bounds = document.bounds
    tiles_wide, tiles_high = (
        document.size if bounds is None else (bounds[2] - bounds[0], bounds[3] - bounds[1])
    )
    width = float(tiles_wide * document.tile_size[0])
    height = float(tiles_high * document.tile_size[1])
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        report.error(f"map has no size ({width:g} x {height:g} px)")
    if report.has_errors:
        return None
    _check_properties(document.properties, report, None, "map")
    title = (document.properties or {}).get(cv.TITLE, path.stem)
    if not isinstance(title, str):
        report.error(f"map property {cv.TITLE!r} must be a string, got {title!r}")
    breather = (document.properties or {}).get(cv.WAVE_BREATHER, 0.0)
    number = isinstance(breather, (int, float)) and not isinstance(breather, bool)
    if number and not math.isfinite(breather):
        pass  # (``_check_properties`` said so already)
    elif not number or not 0.0 <= breather <= cv.MAX_WAVE_BREATHER:
        report.error(
            f"map property {cv.WAVE_BREATHER!r} must be seconds from 0 to {cv.MAX_WAVE_BREATHER:g}, got {breather!r}"
        )

    tilesets = _tilesets(path, document, report)
    if report.has_errors:
        return None
    grid = (int(document.tile_size[0]), int(document.tile_size[1]))
    if texture is None:  # the process's option (``python -m game --texture-hitboxes``), then the map's own
        texture = texture_option()
    if texture is None:
        texture, problem = texture_setting(dict(document.properties or {}))
        if problem:
            report.warning(problem)
    placer = TilePlacer(
        tilesets,
        grid,
        (width, height),
        report,
        render_order=document.render_order,
        merge=merge_tiles,
        texture=texture,
    )
    layout = _Layout(width, height, report, placer, document.cells)
    root = MapFrame(height)
    if bounds is not None:
        placer.origin = (bounds[0], bounds[1])
        # Objects are in Tiled's pixels from cell (0, 0): move them with the map's new corner. Tile layers
        # are already cut from that corner (``TilePlacer.origin``), so they get the shift back.
        layout.tile_shift = (bounds[0] * grid[0], bounds[1] * grid[1])
        root = root.nested(-layout.tile_shift[0], -layout.tile_shift[1])
        report.info(
            f"map is infinite: read as its chunks' {tiles_wide} × {tiles_high} tiles from cell "
            f"({bounds[0]}, {bounds[1]})"
        )
    layout.walk(document.layers, root)
    player = layout.player_start()
    joints = layout.resolved_joints()
    if report.has_errors:
        return None
    walls = (*layout.walls, *placer.walls)
    start_given = player is not None
    if player is None:  # a map made for another game: start at the free spot nearest the centre
        spot = free_spot(walls, width, height)
        if spot is None:
            spot = (width / 2, height / 2)
            report.warning(
                f"no player start, and no spot {START_RADIUS * 2:g} px across is free of walls: the "
                "player starts at the map's centre",
                where=spot,
            )
        else:
            report.info(
                f"no player start: the player starts at the free spot nearest the map's centre "
                f"({spot[0]:g}, {height - spot[1]:g} in Tiled's pixels)",
                where=spot,
            )
        player = Marker(0, "", cv.PLAYER, spot[0], spot[1], {})
    return Level(
        name=path.stem,
        path=path,
        width=width,
        height=height,
        walls=walls,
        player_start=player,
        spawns=tuple(layout.markers[cv.SPAWNS]),
        pickups=tuple(layout.markers[cv.PICKUPS]),
        properties={**dict(document.properties or {}), cv.TITLE: title},
        tile_layers=tuple(placer.tile_layers),
        start_given=start_given,
        props=tuple(layout.props),
        joints=joints,
    )


def _tilesets(path: Path, document: _Document, report: Findings) -> list[Tileset]:
    """The map's tilesets, external (read through ``read_tileset``) and embedded, each with its firstgid."""
    entries = document.tilesets
    if len(entries) > MAX_TILESETS:
        report.error(f"map has {len(entries):,} tilesets; the limit is {MAX_TILESETS}")
        return []
    found: list[Tileset] = []
    seen: dict[int, str] = {}
    for entry in entries:
        xml = isinstance(entry, etree.Element)
        if not xml and not isinstance(entry, dict):
            report.error(f"a tileset entry is {type(entry).__name__}, not an object with 'firstgid'")
            continue
        fields = entry.attrib if xml else entry
        first = _xml_number(fields.get("firstgid")) if xml else fields.get("firstgid")
        if not (isinstance(first, int) and not isinstance(first, bool) and 1 <= first <= 0x0FFFFFFF):
            report.error(
                f"a tileset's 'firstgid' must be a whole number from 1, got {_one_line(repr(first))}"
            )
            continue
        source = fields.get("source")
        if source is not None:
            if not isinstance(source, str):
                report.error(f"a tileset's 'source' must be a path, got {_one_line(repr(source))}")
                continue
            tileset, findings = read_tileset(path.parent / source)
            report.findings.extend(findings)
            if tileset is not None:
                tileset = dataclasses.replace(tileset, first_gid=first)
        elif xml:
            tileset = tileset_from_xml(
                entry, path.parent, first_gid=first, file=report.file, findings=report.findings
            )
        else:
            tileset = tileset_from_json(
                entry, path.parent, first_gid=first, file=report.file, findings=report.findings
            )
        if tileset is None:
            if not report.has_errors:
                report.error(f"tileset with firstgid {first} cannot be read")
            continue
        if first in seen:
            report.error(f"tilesets {seen[first]!r} and {tileset.name!r} both start at gid {first}")
            continue
        seen[first] = tileset.name
        found.append(tileset)
    return found


def _opacity(value: Any) -> float:
    """A layer's opacity as a number from 0 to 1 (Tiled writes 0 to 1; anything else is clamped)."""
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        return 1.0
    return min(max(float(value), 0.0), 1.0)


def layer_role(chain: tuple) -> tuple[bool | None, str]:
    """A layer's own say on solidity, from its and its groups' (properties, class, name), innermost first:
    a solid property or class (``conventions.solid_role``), else a name like ``Collision``."""
    role, why = cv.solid_role(*((props, cls) for props, cls, _ in chain))
    if role is None:
        for _, _, name in chain:  # the layer's own name first, then its groups'
            if cv.solid_name(name):
                return True, f"its name {name!r} says collision"
            if cv.not_solid_name(name):
                return False, f"its name {name!r} says it is walked through"
    return role, why


def _check_properties(properties: dict | None, report: Findings, obj: Any, what: str) -> None:
    for key, value in (properties or {}).items():
        if isinstance(value, float) and not math.isfinite(value):
            report.error(f"{what} property {key!r} is not a finite number ({value})", obj)


def _non_finite(obj: Any) -> str | None:
    """The first Tiled number of an object that is NaN or infinite (JSON allows both), named."""
    fields = [
        ("x", obj.coordinates.x),
        ("y", obj.coordinates.y),
        ("width", obj.size.width),
        ("height", obj.size.height),
        ("rotation", obj.rotation),
    ]
    for name, value in fields:
        if not _finite(value):
            return f"{name} is not a finite number ({value})"
    for k, p in enumerate(getattr(obj, "points", None) or []):
        for axis, value in (("x", p.x), ("y", p.y)):
            if not _finite(value):
                return f"point {k} {axis} is not a finite number ({value})"
    return None


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value)


def _meets_rect(points: tuple[tuple[float, float], ...], width: float, height: float) -> bool:
    """Whether a point, or the segment between two points, meets the map's rectangle (0..width,
    0..height): a joint drawn across the map with both ends outside it is not outside it.

    >>> _meets_rect(((-10.0, 5.0), (50.0, 5.0)), 20.0, 20.0), _meets_rect(((30.0, 5.0),), 20.0, 20.0)
    (True, False)
    >>> _meets_rect(((-10.0, 15.0), (15.0, 40.0)), 20.0, 20.0)  # past the corner (0, 20), never in
    False
    """
    (x0, y0), (x1, y1) = points[0], points[-1]
    low, high = 0.0, 1.0  # Liang-Barsky: the part of the segment p0 + t (p1 - p0) within each slab
    for start, step, top in ((x0, x1 - x0, width), (y0, y1 - y0, height)):
        if step == 0.0:
            if not 0.0 <= start <= top:
                return False
            continue
        t0, t1 = sorted(((0.0 - start) / step, (top - start) / step))
        low, high = max(low, t0), min(high, t1)
    return low <= high


class _Layout:
    """Walks the layer tree, sorting objects into walls and markers."""

    def __init__(
        self,
        width: float,
        height: float,
        report: Findings,
        tiles: TilePlacer | None = None,
        cells: dict | None = None,
    ) -> None:
        self.width, self.height, self.report = width, height, report
        self.tiles, self.cells = tiles, cells or {}
        self.size = f"{width:g} × {height:g} px"
        self.walls: list[Wall] = []
        self.over_budget = False
        #: Tiled pixels an infinite map's tile layers are moved back by (see ``_build``).
        self.tile_shift = (0.0, 0.0)
        self.markers: dict[str, list[Marker]] = {name: [] for name in cv.MARKER_CLASSES}
        self.props: list[PropSpot] = []
        #: Joint objects read (``game.tiled.joints``) with the object and its pivot, for their findings.
        self.joints: list[tuple[JointSpot, Any, Any]] = []

    def joint(self, obj: Any, frame: MapFrame, where) -> None:
        """A joint object (its class a joint kind, in ``props`` or ``joints``); refused in one line.
        How many a map holds was counted before any was read (``_check_census``)."""
        try:
            spot = read_joint(obj, frame)
        except JointProblem as problem:
            self.report.error(str(problem), obj, where)
            return
        self.joints.append((spot, obj, where))
        if not _meets_rect(spot.points, self.width, self.height):  # a warning: it is built all the same
            at = " to ".join(f"({x:g}, {y:g})" for x, y in spot.points)
            self.report.warning(
                f"{spot.kind} joint at {at} is outside the map ({self.size})", obj, where, OUTSIDE_MAP
            )

    def resolved_joints(self) -> tuple[JointSpot, ...]:
        """The joints whose objects are props of the map; an error line for each other one. A chain
        of more than ``MAX_CHAIN_LINKS`` joints is one error line instead, at its first joint."""
        objects = {spot.object_id: (obj, where) for spot, obj, where in self.joints}
        spots = [spot for spot, _, _ in self.joints]
        long = long_chains(spots)
        for first, links, props in long:
            self.report.error(
                f"joins a chain of {links:,} joints on {props:,} props (joined to one another); the "
                f"limit is {MAX_CHAIN_LINKS:,} joints a chain (a rope holds a weight at any length)",
                *objects[first.object_id],
            )
        if long:
            return ()

        def report(problem: str, spot: JointSpot) -> None:
            self.report.error(problem, *objects[spot.object_id])

        return tuple(resolve_joints(spots, self.props, self.walls, report))

    def walk(
        self,
        layers: list,
        frame: MapFrame,
        path: tuple[int, ...] = (),
        opacity: float = 1.0,
        chain: tuple = (),
        hidden: bool = False,
    ) -> None:
        """Each layer in draw order; ``chain`` is the (properties, class, name) of the groups around
        them, innermost first; ``hidden`` when a group around them is hidden."""
        for index, layer in enumerate(layers):
            offset = (layer.offset.x, layer.offset.y)
            if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in offset):
                self.report.error(f"layer {layer.name!r}: offset is not a finite number {offset}")
                continue
            inner = ((dict(layer.properties or {}), layer.class_ or "", layer.name), *chain)
            role, why = layer_role(inner)
            is_hidden = hidden or not layer.visible
            if is_hidden and not role and not isinstance(layer, tlayer.LayerGroup):
                # Objects marked solid by their own property (Sticker Knight's hidden 'bounds' layer of
                # bodyType static walls) collide all the same: hiding a layer hides it from view.
                marked = self.marked_solid(layer) if isinstance(layer, tlayer.ObjectLayer) else []
                if not marked:
                    self.report.info(f"hidden layer {layer.name!r} ignored")
                    continue
                self.report.info(
                    f"hidden layer {layer.name!r}: {len(marked):,} object{'s' * (len(marked) != 1)} "
                    f"still collide{'s' * (len(marked) == 1)} (their own {marked[0]}); the rest is ignored"
                )
            if not layer.visible and role:
                self.report.info(f"hidden layer {layer.name!r} still collides ({why}); it is not drawn")
            child = frame.nested(*offset)
            if max(abs(child.offset_x), abs(child.offset_y)) > MAX_COORDINATE:
                self.report.error(
                    f"layer {layer.name!r}: offset ({_amount(child.offset_x)}, "
                    f"{_amount(child.offset_y)}) with its groups'; the limit is "
                    f"{MAX_COORDINATE:,.0f} px"
                )
                continue
            alpha = opacity * _opacity(layer.opacity)
            parallax = getattr(layer, "parallax_factor", None)
            if parallax is not None and (parallax.x, parallax.y) != (1, 1):
                self.report.warning(
                    f"layer {layer.name!r}: parallax is not applied (the game draws every layer at "
                    "the map's own scroll)"
                )
            if isinstance(layer, tlayer.LayerGroup):
                self.walk(layer.layers or [], child, (*path, index), alpha, inner, is_hidden)
            elif isinstance(layer, tlayer.ObjectLayer):
                self.object_layer(layer, child, inner, is_hidden)
            elif (
                isinstance(layer, tlayer.TileLayer)
                and (*path, index) in self.cells
                and self.tiles is not None
            ):
                self.tiles.layer(
                    layer.name,
                    self.cells[(*path, index)],
                    child.nested(*self.tile_shift),
                    alpha,
                    levels=tuple((props, cls) for props, cls, _ in inner),
                    named=role if why.startswith("its name") else None,
                    draw=not is_hidden,
                )
            else:
                kind = "tile" if isinstance(layer, tlayer.TileLayer) else "image"
                self.report.warning(
                    f"{kind} layer {layer.name!r} ignored (the game reads object and tile layers)"
                )

    @staticmethod
    def marked_solid(layer: Any) -> list[str]:
        """Why each visible object of ``layer`` that its own property marks solid is solid (its
        ``conventions.solid_property``): what a hidden layer still collides with."""
        said = [cv.solid_property(dict(o.properties or {})) for o in layer.tiled_objects or [] if o.visible]
        return [why for flag, why in said if flag]

    def object_layer(self, layer: Any, frame: MapFrame, chain: tuple = (), hidden: bool = False) -> None:
        """The game's own layers by name (``walls``, ``spawns``, ``pickups``, ``player``); any other object
        layer by the conventions of ``conventions.solid_role`` (its objects solid or not, points of a
        marker class as markers). In a ``hidden`` layer that is no collision layer, only the objects
        their own property marks solid are read (``marked_solid``)."""
        levels = tuple((props, cls) for props, cls, _ in chain)
        layer_solid, _ = layer_role(chain)
        solid_only = hidden and not layer_solid  # a hidden layer that is no collision layer
        ignored: dict[str, int] = {}
        if layer.name == cv.PROPS and len(self.props) + len(layer.tiled_objects or []) > MAX_PROPS:
            self.report.error(
                f"layer {layer.name!r}: {len(self.props) + len(layer.tiled_objects):,} props in the "
                f"map; the limit is {MAX_PROPS:,}"
            )
            return
        for obj in layer.tiled_objects or []:
            where = self.pivot(obj, frame)
            if not obj.visible:
                self.report.info(f"hidden object ignored (in layer {layer.name!r})", obj, where)
                continue
            problem = _non_finite(obj)
            if problem:
                self.report.error(problem, obj, where)
                continue
            _check_properties(obj.properties, self.report, obj, "object")
            flag, why = cv.solid_property(dict(obj.properties or {}))
            if solid_only and not flag:
                continue  # a hidden layer's unmarked object: said in the layer's note
            if flag is False and why.startswith(f"property {cv.BODY_TYPE!r}"):
                self.body(obj, frame, where)  # a moving body in Solar2D: a prop here
                continue
            if (obj.class_ or "") in JOINT_KINDS and layer.name in (cv.PROPS, cv.JOINTS):
                self.joint(obj, frame, where)
                continue
            if layer.name == cv.PROPS:
                spot = prop_spot(
                    obj,
                    frame,
                    where,
                    self.report,
                    self.tiles.tilesets if self.tiles else [],
                    (self.width, self.height),
                )
                if spot is not None:
                    self.props.append(spot)
                continue
            if layer.name in cv.MARKER_CLASSES:
                self.marker(obj, layer.name, frame, where)
                continue
            if isinstance(obj, tobj.Point):
                marker_layer = cv.marker_layer_of(obj.class_ or "")
                if marker_layer is not None and not hidden:
                    self.marker(obj, marker_layer, frame, where)
                else:
                    ignored["point"] = ignored.get("point", 0) + 1
                continue
            if isinstance(obj, tobj.Tile):
                if not self.tile_object(obj, frame, where, levels, layer_solid):
                    ignored["tile object"] = ignored.get("tile object", 0) + 1
                continue
            own, _ = cv.solid_role((dict(obj.properties or {}), obj.class_ or ""), *levels)
            solid = own if own is not None else (layer.name == cv.WALLS or layer_solid is True)
            if isinstance(obj, tobj.Text) or not solid:
                kind = object_kind(obj)
                ignored[kind] = ignored.get(kind, 0) + 1
                continue
            self.wall(obj, frame, where, layer.name)
        if ignored:
            what = ", ".join(f"{n} {kind}{'s' * (n != 1)}" for kind, n in sorted(ignored.items()))
            self.report.info(
                f"layer {layer.name!r}: {what} not solid (nothing marks them as collision: see "
                'levels/README.md, "What is solid"); not read'
            )

    def body(self, obj: Any, frame: MapFrame, where) -> None:
        """A Solar2D ``dynamic`` object as a prop of its own shape (``bodies.body_spot``)."""
        if len(self.props) >= MAX_PROPS:
            self.report.error(
                f"more than {MAX_PROPS:,} props in the map (with its dynamic bodies)", obj, where
            )
            return
        tilesets = self.tiles.tilesets if self.tiles else []
        spot = body_spot(obj, frame, where, self.report, tilesets, (self.width, self.height))
        if spot is not None:
            self.props.append(spot)

    def tile_object(self, obj: Any, frame: MapFrame, where, levels: tuple, layer_solid: bool | None) -> bool:
        """A tile object (an object with a gid) as walls from its tile's collision shapes, placed as Tiled
        draws it (``tile_objects.shapes_of``); True when it made walls. Solid by the same conventions as
        a painted tile (its own property or class first, then its tile's, its tileset's, its layer's; with
        nothing said, a tile with shapes is solid); a solid tile without shapes is a box of its size."""
        if self.tiles is None:
            return False
        kind = self.tiles.tile_kind(int(obj.gid) & ~ROTATE_HEX & 0xFFFFFFFF)
        if isinstance(kind, str):
            self.report.error(f"tile object: {kind}", obj, where)
            return False
        tile, tileset = kind.tile, kind.tileset
        own, _ = cv.solid_role(
            (dict(obj.properties or {}), obj.class_ or ""),
            (tile.properties, tile.type),
            (tileset.properties, ""),
            *levels,
        )
        has_shapes = any(s.kind != "point" for s in tile.shapes)
        solid = own if own is not None else (layer_solid if layer_solid is not None else has_shapes)
        if not solid:
            return False
        if not has_shapes and self.tiles.texture and kind.image is not None:  # arcade's texture hitbox
            try:
                outline = outline_shape(
                    kind.image, tile.source, self.tiles.texture, self.tiles.texture_budget
                )
            except TextureLimit as limit:
                self.report.error(f"tile object: {limit}", obj, where)
                return False
            if outline is not None:
                tile = dataclasses.replace(tile, shapes=(outline,))
        if kind.problem is not None:
            self.report.error(f"tile object: {kind.problem}", obj, where)
            return False
        try:
            objects, notes = shapes_of(obj, tile, kind.flips, tileset)
            for part in objects:
                self.wall(part, frame, where, "")
        except WallProblem as problem:
            self.report.error(f"tile object: {problem}", obj, where)
            return False
        for note in notes:
            self.report.info(note, obj, where)
        return True

    def pivot(self, obj: Any, frame: MapFrame) -> tuple[float, float] | None:
        try:
            xf = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y)
        except (TypeError, ValueError):
            return None
        return xf.x, xf.y

    def wall(self, obj: Any, frame: MapFrame, where, layer: str = cv.WALLS) -> None:
        cls = obj.class_ or ""
        if layer == cv.WALLS and cls not in cv.WALL_CLASSES and not cv.solid_class(cls):
            self.report.warning(f"unknown class {cls!r} on a wall; it is a wall all the same", obj, where)
        try:
            built = build_wall(obj, frame)
        except WallProblem as problem:
            self.report.error(str(problem), obj, problem.where or where)
            return
        except ValueError as problem:  # the engine rejecting a shape
            self.report.error(f"the engine rejects this shape: {_one_line(problem)}", obj, where)
            return
        if self.tiles is not None:
            over = self.tiles.budget.charge(*part_cost(built.wall.parts))
            if over:
                if not self.over_budget:  # one line: every later wall is past it too
                    self.report.error(f"{over} (at this wall)", obj, where)
                self.over_budget = True
                return
        for note in built.notes:  # "concave polygon split into N convex parts": information, nothing to fix
            self.report.info(note, obj, where)
        boxes = [aabb(shape, Transform(*xf)) for shape, xf in built.wall.parts]
        if all(b[2] < 0 or b[0] > self.width or b[3] < 0 or b[1] > self.height for b in boxes):
            # A warning, and the wall is played (issue 40): Tiled and arcade keep such walls, and the
            # coordinate limit (``MAX_COORDINATE``) already bounds how far out one may lie.
            self.report.warning(f"wall is outside the map ({self.size})", obj, where, OUTSIDE_MAP)
        self.walls.append(built.wall)

    def marker(self, obj: Any, layer: str, frame: MapFrame, where) -> None:
        if not isinstance(obj, tobj.Point):
            self.report.error(f"layer {layer!r} holds points only; this is a {object_kind(obj)}", obj, where)
            return
        kind = obj.class_ or ""
        allowed = cv.MARKER_CLASSES[layer]
        if kind not in allowed:
            choices = ", ".join(repr(k) for k in allowed if k) + (" or nothing" if "" in allowed else "")
            # A warning, not an error (issue 22): the map plays without this marker, as Tiled keeps it.
            self.report.warning(
                f"unknown class {kind!r} in layer {layer!r} (use {choices}); this marker is not read",
                obj,
                where,
            )
            return
        x, y = where
        if not (0.0 <= x <= self.width and 0.0 <= y <= self.height):
            word = (
                "player start"
                if layer == cv.PLAYER
                else f"{kind} {'spawn' if layer == cv.SPAWNS else 'pickup'}"
            )
            # An error (the game refuses the map): the navigation grid, the spawns' free-spot search and
            # the reach check all live inside the map, so an actor or a pickup out there is lost.
            self.report.error(
                f"{word} at ({x:g}, {y:g}) is outside the map ({self.size})", obj, where, OUTSIDE_MAP
            )
        marker = Marker(int(obj.id), obj.name or "", kind or layer, x, y, dict(obj.properties or {}))
        self.markers[layer].append(marker)

    def player_start(self) -> Marker | None:
        """The map's one player start; None (and no finding) when it has none: the loader finds one."""
        starts = self.markers[cv.PLAYER]
        if not starts:
            return None
        for extra in starts[1:]:
            self.report.error(
                f"a second player start (the first is object {starts[0].object_id})",
                extra,
                (extra.x, extra.y),
            )
        return starts[0]
