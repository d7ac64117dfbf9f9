"""Object templates (``.tj`` JSON, ``.tx`` XML): an object that names a template takes the template
object's fields, its own fields overriding them, as Tiled does when it loads the map.

Templates are resolved before the map's limits are checked (``reader``), so a template's points
count against the limits where each instance is. Every template file is read through
``game.files.safe_read`` (regular files only, at most ``MAX_TEMPLATE_BYTES``), once per map however
many objects name it; at most ``MAX_TEMPLATES`` different files a map. A template whose object is
a tile (it carries its own tileset) is refused in one line: its tile would need the template's
tileset, which the map does not list. Paths are relative to the map's folder (Tiled's).

For TMX maps the template's attributes and shape element are copied onto the instance's
``<object>`` element where the instance has none; properties merge, the instance's winning.
"""

from __future__ import annotations

import copy
import json
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


class TemplateProblem(ValueError):
    """A template that cannot be used; the message is one line naming the file."""


class _Cache:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loaded: dict[str, Any] = {}

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
    if "gid" in obj or "tileset" in raw:
        raise TemplateProblem(
            f"template {name!r:.120} is a tile object: tile templates are not read yet "
            "(detach it in Tiled: right-click > Detach)"
        )
    return obj


def _parse_tx(name: str, data: bytes) -> etree.Element:
    try:
        root = etree.fromstring(data)
    except (etree.ParseError, LookupError, ValueError):
        raise TemplateProblem(f"template {name!r:.120} is not valid XML") from None
    obj = root.find("object") if root.tag == "template" else None
    if obj is None:
        raise TemplateProblem(f"template {name!r:.120} holds no <object>")
    if "gid" in obj.attrib or root.find("tileset") is not None:
        raise TemplateProblem(
            f"template {name!r:.120} is a tile object: tile templates are not read yet "
            "(detach it in Tiled: right-click > Detach)"
        )
    return obj


def _xml_as_json(obj: etree.Element) -> dict:
    """A ``.tx`` template's object as the JSON fields a ``.tmj`` map's object has."""
    out: dict[str, Any] = {}
    for key, value in obj.attrib.items():
        if key in ("x", "y", "width", "height", "rotation"):
            out[key] = float(value)
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


def apply_json(layers: list, folder: Path) -> list[str]:
    """Resolve the templates of every object in ``layers`` (JSON, changed in place); the problems, one line
    each, naming the object. Copying stops past ``MAX_POINTS`` template points in all (the census would
    refuse the map anyway), so a hostile map naming a big template 20,000 times costs nothing."""
    cache, problems = _Cache(folder), []
    copied = [0]

    def walk(items: list) -> None:
        for layer in items:
            if not isinstance(layer, dict):
                continue
            if isinstance(layer.get("layers"), list):
                walk(layer["layers"])
            for k, obj in enumerate(layer.get("objects") or []):
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


def apply_xml(root: etree.Element, folder: Path) -> list[str]:
    """Resolve the templates of every ``<object template=...>`` under ``root`` (changed in place)."""
    cache, problems = _Cache(folder), []
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
        del obj.attrib["template"]
        for key, value in base.attrib.items():
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
