"""Object templates (``.tj`` JSON, ``.tx`` XML): an object that names a template takes the template
object's fields, its own fields overriding them, as Tiled does when it loads the map.

Templates are resolved before the map's limits are checked (``reader``), so a template's points
count against the limits where each instance is. Every template file is read through
``game.files.safe_read`` (regular files only, at most ``MAX_TEMPLATE_BYTES``), once per map however
many objects name it; at most ``MAX_TEMPLATES`` different files a map. A template whose object is
a tile (a tile template: it names its own tileset, with the tile's gid counted from that tileset's
``firstgid`` in the template) takes the gid the same tile has in the map: the map lists the same
tileset file (Tiled adds it when it saves a map using the template), found by its resolved path, and
the gid is moved from the template's ``firstgid`` to the map's, flip bits kept. A tile template whose
tileset the map does not list is one line naming both. Paths are relative to the map's folder
(Tiled's); a template's tileset is relative to the template's own folder.

For TMX maps the template's attributes and shape element are copied onto the instance's
``<object>`` element where the instance has none; properties merge, the instance's winning.
"""

from __future__ import annotations

import copy
import json
import os
import xml.etree.ElementTree as etree
from pathlib import Path
from typing import Any

from game.files.safe_read import FileRefused, json_depth, read_bytes

from .limits import MAX_JSON_DEPTH, MAX_POINTS

__all__ = ["MAX_TEMPLATES", "MAX_TEMPLATE_BYTES", "TemplateProblem", "apply_json", "apply_xml"]

#: Bytes of a template file: one object (a template of a 5,000-point polygon is about 200 KB).
MAX_TEMPLATE_BYTES = 1 * 2**20
#: Different template files one map may name.
MAX_TEMPLATES = 256

_SHAPES = ("ellipse", "point", "polygon", "polyline", "text", "capsule")
#: Where a parsed tile template keeps the (firstgid, source) of its tileset until it is applied.
_TILESET = "_template_tileset"


class TemplateProblem(ValueError):
    """A template that cannot be used; the message is one line naming the file."""


#: A gid's flip bits (Tiled keeps them in its top four bits) and its tile number.
_FLIPS, _GID = 0xF0000000, 0x0FFFFFFF


class _Cache:
    def __init__(self, folder: Path, tilesets: list[tuple[Any, Path]] = ()) -> None:
        self.folder = folder
        self.loaded: dict[str, Any] = {}
        #: The map's external tilesets: (firstgid, resolved path).
        self.tilesets = [(first, _resolved(where)) for first, where in tilesets]

    def map_gid(self, name: str, gid: Any, tileset: tuple[Any, str] | None) -> int:
        """A tile template's gid as the map numbers the same tile; ``TemplateProblem`` when it cannot be."""
        if tileset is None:
            raise TemplateProblem(f"template {name!r:.120} holds a tile object but names no tileset")
        first, source = tileset
        if not _is_whole(gid) or not _is_whole(first) or not 0 < (gid & _GID) - first + 1 <= _GID:
            raise TemplateProblem(f"template {name!r:.120}: its tile's gid {gid!r:.40} is not in its tileset")
        where = _resolved((self.folder / name).parent / source)
        for map_first, map_where in self.tilesets:
            if map_where == where and _is_whole(map_first):
                return (map_first + (gid & _GID) - first) | (gid & _FLIPS)
        raise TemplateProblem(
            f"template {name!r:.120} uses the tileset {source!r:.120}, which the map does not list "
            "(Tiled adds it when it saves the map: open and save the map in Tiled)"
        )

    def get(self, name: Any, parse) -> Any:
        if not isinstance(name, str) or not name.strip():
            raise TemplateProblem(f"a template path must be text, got {name!r:.60}")
        if name not in self.loaded:
            if len(self.loaded) >= MAX_TEMPLATES:
                raise TemplateProblem(f"the map names more than {MAX_TEMPLATES} template files")
            path = self.folder / name
            try:
                data = read_bytes(path, MAX_TEMPLATE_BYTES)
            except FileRefused as refused:
                raise TemplateProblem(f"template {name!r:.120}: {refused.problem}") from None
            except OSError as problem:
                raise TemplateProblem(
                    f"template {name!r:.120}: cannot read it ({problem.strerror or problem})"
                ) from None
            self.loaded[name] = parse(name, data)
        return self.loaded[name]


def _parse_tj(name: str, data: bytes) -> dict:
    if data.lstrip()[:1] == b"<":
        root = _parse_tx(name, data)
        return _xml_as_json(root)
    if json_depth(data) > MAX_JSON_DEPTH:
        raise TemplateProblem(f"template {name!r:.120} nests deeper than {MAX_JSON_DEPTH}")
    try:
        raw = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as problem:
        raise TemplateProblem(
            f"template {name!r:.120} is not valid JSON ({type(problem).__name__})"
        ) from None
    obj = raw.get("object") if isinstance(raw, dict) else None
    if not isinstance(obj, dict):
        raise TemplateProblem(f"template {name!r:.120} holds no 'object'")
    tileset = raw.get("tileset")
    if "gid" in obj:
        found = None
        if isinstance(tileset, dict) and isinstance(tileset.get("source"), str):
            found = (tileset.get("firstgid"), tileset["source"])
        return {**obj, _TILESET: found}
    return obj


def _parse_tx(name: str, data: bytes) -> etree.Element:
    try:
        root = etree.fromstring(data)
    except (etree.ParseError, LookupError, ValueError):
        raise TemplateProblem(f"template {name!r:.120} is not valid XML") from None
    obj = root.find("object") if root.tag == "template" else None
    if obj is None:
        raise TemplateProblem(f"template {name!r:.120} holds no <object>")
    tileset = root.find("tileset")
    if "gid" in obj.attrib and tileset is not None and "source" in tileset.attrib:
        obj.set(_TILESET, f"{tileset.attrib.get('firstgid', '')}\n{tileset.attrib['source']}")
    return obj


def _tileset_of(obj: etree.Element) -> tuple[Any, str] | None:
    """The (firstgid, source) a ``.tx`` tile template names (kept on its object by ``_parse_tx``)."""
    text = obj.attrib.get(_TILESET)
    if text is None:
        return None
    first, _, source = text.partition("\n")
    try:
        return int(first), source
    except ValueError:
        return first, source


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _resolved(path: Path) -> str:
    return os.path.normcase(os.path.realpath(path))


def _xml_as_json(obj: etree.Element) -> dict:
    """A ``.tx`` template's object as the JSON fields a ``.tmj`` map's object has."""
    out: dict[str, Any] = {}
    if "gid" in obj.attrib:
        out[_TILESET] = _tileset_of(obj)
    for key, value in obj.attrib.items():
        if key in ("x", "y", "width", "height", "rotation"):
            out[key] = float(value)
        elif key == "gid":
            out[key] = int(value) if value.isdigit() else value
        elif key in ("name", "type", "class"):
            out["type" if key == "class" else key] = value
        elif key == "visible":
            out[key] = value != "0"
    for child in obj:
        if child.tag in ("ellipse", "point"):
            out[child.tag] = True
        elif child.tag in ("polygon", "polyline"):
            out[child.tag] = [
                {"x": float(p.split(",")[0]), "y": float(p.split(",")[1])}
                for p in child.attrib.get("points", "").split()
            ]
        elif child.tag == "properties":
            out["properties"] = [
                {"name": p.attrib.get("name"), "type": p.attrib.get("type", "string"), "value": _xml_value(p)}
                for p in child.findall("property")
            ]
    return out


def _xml_value(prop: etree.Element) -> Any:
    kind, text = prop.attrib.get("type", "string"), prop.attrib.get("value", prop.text or "")
    try:
        if kind == "int":
            return int(text)
        if kind == "float":
            return float(text)
    except ValueError:
        return text
    if kind == "bool":
        return text == "true"
    return text


def _merged_properties(template: list, own: list) -> list:
    names = {p.get("name") for p in own if isinstance(p, dict)}
    return [p for p in template if isinstance(p, dict) and p.get("name") not in names] + list(own)


def _points(obj: dict) -> int:
    return sum(len(obj[k]) for k in ("polygon", "polyline") if isinstance(obj.get(k), list))


def apply_json(layers: list, folder: Path, tilesets: list[tuple[Any, Path]] = ()) -> list[str]:
    """Resolve the templates of every object in ``layers`` (JSON, changed in place); the problems, one line
    each, naming the object. ``tilesets`` are the map's external tilesets, (firstgid, path), for tile
    templates. Copying stops past ``MAX_POINTS`` template points in all (the census would refuse the
    map anyway), so a hostile map naming a big template 20,000 times costs nothing."""
    cache, problems = _Cache(folder, tilesets), []
    copied = [0]

    def walk(items: list) -> None:
        for layer in items:
            if not isinstance(layer, dict):
                continue
            if isinstance(layer.get("layers"), list):
                walk(layer["layers"])
            objects = layer.get("objects")  # not a list: said by the reader's shape check, one line
            for k, obj in enumerate(objects if isinstance(objects, list) else []):
                if isinstance(obj, dict) and "template" in obj:
                    try:
                        template = cache.get(obj["template"], _parse_tj)
                    except TemplateProblem as problem:
                        problems.append(f"object {str(obj.get('id'))[:20]}: {problem}")
                        continue
                    copied[0] += _points(template)
                    if copied[0] > MAX_POINTS:
                        problems.append(
                            f"the map's templates hold more than {MAX_POINTS:,} polygon and polyline "
                            "points where they are used; the limit is for the whole map"
                        )
                        return
                    base = copy.deepcopy(template)
                    own = {key: v for key, v in obj.items() if key != "template"}
                    tileset = base.pop(_TILESET, None)
                    if "gid" in base and "gid" not in own:  # the instance's own gid is the map's already
                        try:
                            base["gid"] = cache.map_gid(obj["template"], base["gid"], tileset)
                        except TemplateProblem as problem:
                            problems.append(f"object {str(obj.get('id'))[:20]}: {problem}")
                            continue
                    if any(
                        shape in own for shape in _SHAPES
                    ):  # the instance's own shape replaces the template's
                        for shape in _SHAPES:
                            base.pop(shape, None)
                    merged = {
                        "name": "",
                        "type": "",
                        "x": 0,
                        "y": 0,
                        "width": 0,
                        "height": 0,
                        "rotation": 0,
                        "visible": True,
                        **base,
                        **own,
                    }
                    merged["properties"] = _merged_properties(
                        base.get("properties", []), own.get("properties", [])
                    )
                    layer["objects"][k] = merged

    walk(layers)
    return problems


def apply_xml(root: etree.Element, folder: Path, tilesets: list[tuple[Any, Path]] = ()) -> list[str]:
    """Resolve the templates of every ``<object template=...>`` under ``root`` (changed in place);
    ``tilesets`` as for ``apply_json``."""
    cache, problems = _Cache(folder, tilesets), []
    copied = 0
    for obj in root.iter("object"):
        name = obj.attrib.get("template")
        if name is None:
            continue
        try:
            base = cache.get(name, _parse_tx)
        except TemplateProblem as problem:
            problems.append(f"object {str(obj.attrib.get('id'))[:20]}: {problem}")
            continue
        copied += sum(
            len(c.attrib.get("points", "").split()) for c in base if c.tag in ("polygon", "polyline")
        )
        if copied > MAX_POINTS:
            problems.append(
                f"the map's templates hold more than {MAX_POINTS:,} polygon and polyline points where "
                "they are used; the limit is for the whole map"
            )
            return problems
        attrs = {k: v for k, v in base.attrib.items() if k != _TILESET}
        if "gid" in attrs and "gid" not in obj.attrib:  # the instance's own gid is the map's already
            try:
                gid = int(attrs["gid"]) if attrs["gid"].isdigit() else attrs["gid"]
                attrs["gid"] = str(cache.map_gid(name, gid, _tileset_of(base)))
            except TemplateProblem as problem:
                problems.append(f"object {str(obj.attrib.get('id'))[:20]}: {problem}")
                continue
        del obj.attrib["template"]
        for key, value in attrs.items():
            obj.attrib.setdefault(key, value)
        if not any(child.tag in _SHAPES for child in obj):
            for child in base:
                if child.tag in _SHAPES:
                    obj.append(copy.deepcopy(child))
        own = obj.find("properties")
        theirs = base.find("properties")
        if theirs is not None:
            if own is None:
                obj.append(copy.deepcopy(theirs))
            else:
                names = {p.attrib.get("name") for p in own.findall("property")}
                for prop in theirs.findall("property"):
                    if prop.attrib.get("name") not in names:
                        own.append(copy.deepcopy(prop))
    return problems
