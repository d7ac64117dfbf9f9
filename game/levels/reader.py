"""Reading a Tiled map into a ``Level``, collecting every problem as a ``Finding``.

``read_level`` never raises for bad data: it returns ``(None, findings)``
when any finding is an error. Order of work: the file (exists, text, JSON,
a map, tilesets resolve), then pytiled_parser, then the map (orthogonal,
finite), then each layer and object. pytiled_parser's exceptions become
one line each; so do the engine's when it rejects a shape.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytiled_parser
import pytiled_parser.layer as tlayer
import pytiled_parser.tiled_object as tobj

from game.level import Finding, Level, LevelError, Marker, Wall

from . import conventions as cv
from .frame import MapFrame, tiled_to_world
from .walls import WallProblem, build_wall, object_kind

#: Fields pytiled_parser reads from every JSON object without a default.
_OBJECT_FIELDS = ("id", "x", "y", "width", "height", "rotation", "name", "visible")


class _Report:
    """The findings of one file, in the order they were found."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.findings: list[Finding] = []

    def error(self, problem: str, obj: Any = None, where=None) -> None:
        self._add("error", problem, obj, where)

    def warning(self, problem: str, obj: Any = None, where=None) -> None:
        self._add("warning", problem, obj, where)

    def _add(self, severity, problem, obj, where) -> None:
        oid = None if obj is None else _int_or_none(getattr(obj, "object_id", getattr(obj, "id", None)))
        name = "" if obj is None else str(getattr(obj, "name", "") or "")
        if where is not None and not all(math.isfinite(v) for v in where):
            where = None
        self.findings.append(Finding(severity, self.file, oid, name, problem, where))

    @property
    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def display_name(path: Path) -> str:
    """The path as findings show it: relative to the working directory when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def read_level(path: Path | str) -> tuple[Level | None, list[Finding]]:
    """Load a map, collecting every error and warning; the level is None if there is any error."""
    path = Path(path)
    report = _Report(display_name(path))
    try:
        level = _read(path, report)
    except Exception as bug:  # a loader bug must still not take the game or the checker down
        report.error(f"loader failed: {type(bug).__name__}: {_one_line(bug)}")
        level = None
    return (None if report.has_errors else level), report.findings


def load_level(path: Path | str) -> Level:
    """Load a map or raise ``LevelError`` (one line: the first error, and how many more)."""
    level, findings = read_level(path)
    errors = [f for f in findings if f.severity == "error"]
    if errors or level is None:
        raise LevelError(errors or [Finding("error", display_name(Path(path)), None, "", "could not be read")])
    return level


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text[:200] or type(error).__name__


def _read(path: Path, report: _Report) -> Level | None:
    raw = _read_raw(path, report)
    if report.has_errors:
        return None
    if raw is not None:
        _check_raw_map(raw, path, report)
        if report.has_errors:
            return None
    tiled_map = _parse(path, report)
    if tiled_map is None:
        return None
    return _build(path, tiled_map, report)


def _read_raw(path: Path, report: _Report) -> dict | None:
    """The JSON document, or None for TMX (pytiled_parser checks XML itself)."""
    if not path.exists():
        report.error("file not found")
        return None
    try:
        text = path.read_bytes().decode("utf-8")
    except IsADirectoryError:
        report.error("is a folder, not a map file")
        return None
    except OSError as problem:
        report.error(f"cannot read: {problem.strerror or problem}")
        return None
    except UnicodeDecodeError:
        report.error("not a Tiled map: the file is not UTF-8 text")
        return None
    if not text.strip():
        report.error("not a Tiled map: the file is empty")
        return None
    if text.lstrip().startswith("<"):
        return None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as problem:
        report.error(f"not valid JSON: {problem.msg} at line {problem.lineno} column {problem.colno}")
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("layers"), list) or raw.get("type", "map") != "map":
        report.error("not a Tiled map: a JSON map is an object with \"type\": \"map\" and a \"layers\" list")
        return None
    return raw


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_LAYER_TYPES = ("objectgroup", "group", "tilelayer", "imagelayer")
_OBJECT_TYPES = {"id": "an integer", "x": "a number", "y": "a number", "width": "a number", "height": "a number",
                 "rotation": "a number", "name": "text", "visible": "true or false"}


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


def _check_raw_map(raw: dict, path: Path, report: _Report) -> None:
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
        if source is not None and not (isinstance(source, str) and (path.parent / source).is_file()):
            report.error(f"tileset {source!r} not found (looked next to the map)")
    _check_properties_raw(raw.get("properties", []), report, None, "map")
    _check_raw_layers(raw["layers"], report)


def _check_properties_raw(properties: Any, report: _Report, owner: Any, what: str) -> None:
    if not isinstance(properties, list) or not all(
        isinstance(p, dict) and isinstance(p.get("name"), str) and "value" in p for p in properties
    ):
        report.error(f"{what} properties are not a list of name/value pairs", owner)


def _check_raw_layers(layers: list, report: _Report) -> None:
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


def _check_raw_object(raw: Any, report: _Report) -> None:
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


def _parse(path: Path, report: _Report):
    try:
        return pytiled_parser.parse_map(path)
    except FileNotFoundError as problem:
        report.error(f"cannot open {Path(problem.filename or '?').name!r}: file not found")
    except KeyError as problem:
        report.error(f"not a Tiled map pytiled_parser understands: missing field {problem.args[0]!r}")
    except Exception as problem:
        report.error(f"not a Tiled map pytiled_parser understands: {type(problem).__name__}: {_one_line(problem)}")
    return None


def _build(path: Path, tiled_map: Any, report: _Report) -> Level | None:
    if tiled_map.orientation != "orthogonal":
        report.error(f"map orientation is {tiled_map.orientation!r}; only orthogonal maps are supported")
    if tiled_map.infinite:
        report.error("map is infinite; set a fixed map size (Map > Map Properties > Infinite off)")
    width = float(tiled_map.map_size.width * tiled_map.tile_size.width)
    height = float(tiled_map.map_size.height * tiled_map.tile_size.height)
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        report.error(f"map has no size ({width:g} x {height:g} px)")
    if report.has_errors:
        return None
    _check_properties(tiled_map.properties, report, None, "map")
    title = (tiled_map.properties or {}).get(cv.TITLE, path.stem)
    if not isinstance(title, str):
        report.error(f"map property {cv.TITLE!r} must be a string, got {title!r}")

    layout = _Layout(width, height, report)
    layout.walk(tiled_map.layers, MapFrame(height))
    player = layout.player_start()
    if report.has_errors or player is None:
        return None
    return Level(
        name=path.stem,
        path=path,
        width=width,
        height=height,
        walls=tuple(layout.walls),
        player_start=player,
        spawns=tuple(layout.markers[cv.SPAWNS]),
        pickups=tuple(layout.markers[cv.PICKUPS]),
        properties={**dict(tiled_map.properties or {}), cv.TITLE: title},
    )


def _check_properties(properties: dict | None, report: _Report, obj: Any, what: str) -> None:
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
    for k, p in enumerate(getattr(obj, "points", None) or []):
        fields += [(f"point {k} x", p.x), (f"point {k} y", p.y)]
    for name, value in fields:
        if not isinstance(value, (int, float)) or not math.isfinite(value):
            return f"{name} is not a finite number ({value})"
    return None


class _Layout:
    """Walks the layer tree, sorting objects into walls and markers."""

    def __init__(self, width: float, height: float, report: _Report) -> None:
        self.width, self.height, self.report = width, height, report
        self.walls: list[Wall] = []
        self.markers: dict[str, list[Marker]] = {name: [] for name in cv.MARKER_CLASSES}

    def walk(self, layers: list, frame: MapFrame) -> None:
        for layer in layers:
            offset = (layer.offset.x, layer.offset.y)
            if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in offset):
                self.report.error(f"layer {layer.name!r}: offset is not a finite number {offset}")
                continue
            if not layer.visible:
                self.report.warning(f"hidden layer {layer.name!r} ignored")
                continue
            child = frame.nested(*offset)
            if isinstance(layer, tlayer.LayerGroup):
                self.walk(layer.layers or [], child)
            elif isinstance(layer, tlayer.ObjectLayer):
                self.object_layer(layer, child)
            else:
                kind = "tile" if isinstance(layer, tlayer.TileLayer) else "image"
                self.report.warning(f"{kind} layer {layer.name!r} ignored (the game reads object layers only)")

    def object_layer(self, layer: Any, frame: MapFrame) -> None:
        if layer.name not in cv.OBJECT_LAYERS:
            self.report.error(
                f"layer {layer.name!r} is not one of {', '.join(cv.OBJECT_LAYERS)} "
                "(rename it, or hide it to keep notes)"
            )
            return
        for obj in layer.tiled_objects or []:
            where = self.pivot(obj, frame)
            if not obj.visible:
                self.report.warning(f"hidden object ignored (in layer {layer.name!r})", obj, where)
                continue
            problem = _non_finite(obj)
            if problem:
                self.report.error(problem, obj, where)
                continue
            _check_properties(obj.properties, self.report, obj, "object")
            if layer.name == cv.WALLS:
                self.wall(obj, frame, where)
            else:
                self.marker(obj, layer.name, frame, where)

    def pivot(self, obj: Any, frame: MapFrame) -> tuple[float, float] | None:
        try:
            xf = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y)
        except (TypeError, ValueError):
            return None
        return xf.x, xf.y

    def wall(self, obj: Any, frame: MapFrame, where) -> None:
        if (obj.class_ or "") not in cv.WALL_CLASSES:
            self.report.error(f"unknown class {obj.class_!r} on a wall (leave it empty)", obj, where)
            return
        try:
            built = build_wall(obj, frame)
        except WallProblem as problem:
            self.report.error(str(problem), obj, problem.where or where)
            return
        except ValueError as problem:  # the engine rejecting a shape
            self.report.error(f"the engine rejects this shape: {_one_line(problem)}", obj, where)
            return
        for note in built.notes:
            self.report.warning(note, obj, where)
        self.walls.append(built.wall)

    def marker(self, obj: Any, layer: str, frame: MapFrame, where) -> None:
        if not isinstance(obj, tobj.Point):
            self.report.error(f"layer {layer!r} holds points only; this is a {object_kind(obj)}", obj, where)
            return
        kind = obj.class_ or ""
        allowed = cv.MARKER_CLASSES[layer]
        if kind not in allowed:
            choices = ", ".join(repr(k) for k in allowed if k) + (" or nothing" if "" in allowed else "")
            self.report.error(f"unknown class {kind!r} in layer {layer!r} (use {choices})", obj, where)
            return
        x, y = where
        if not (0.0 <= x <= self.width and 0.0 <= y <= self.height):
            self.report.warning(f"point ({x:g}, {y:g}) is outside the map", obj, where)
        marker = Marker(int(obj.id), obj.name or "", kind or layer, x, y, dict(obj.properties or {}))
        self.markers[layer].append(marker)

    def player_start(self) -> Marker | None:
        starts = self.markers[cv.PLAYER]
        if not starts:
            self.report.error(f"no player start: put one point in an object layer named {cv.PLAYER!r}")
            return None
        for extra in starts[1:]:
            self.report.error(
                f"a second player start (the first is object {starts[0].object_id})",
                extra,
                (extra.x, extra.y),
            )
        return starts[0]
