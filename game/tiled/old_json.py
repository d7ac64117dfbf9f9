"""Tiled's JSON before 1.2, turned into the 1.2+ shape the loader reads.

Until Tiled 1.2 a JSON map or tileset stored custom properties as a dict,
``"properties": {"hp": 3}``, with their types beside it,
``"propertytypes": {"hp": "int"}`` (Tiled 0.16 to 1.1; before 0.16 every
value was text and there were no types); a tileset listed its special
tiles as a dict keyed by the tile id as text, ``"tiles": {"3": {...}}``,
and their properties apart, ``"tileproperties": {"3": {...}}`` with
``"tilepropertytypes"`` (Tiled's docs, JSON map format, "Changelog" 1.2).
``modernise_map`` and ``modernise_tileset`` rewrite those (on copies) into
``"properties": [{"name", "type", "value"}]`` and a ``"tiles"`` list, so
one validator judges every file. Anything not of those old shapes is left
as it is for the validators to name: a property dict whose value is a list
or a dict, a tile key that is not a whole number.
"""

from __future__ import annotations

from typing import Any

__all__ = ["modernise_map", "modernise_tileset"]

_TYPES = ("string", "int", "float", "bool", "color", "file", "object")


def _typed(name: str, value: Any, types: Any) -> dict:
    kind = types.get(name) if isinstance(types, dict) else None
    if kind not in _TYPES:  # Tiled before 0.16 wrote no types: the JSON value's own kind says it
        kind = (
            "bool"
            if isinstance(value, bool)
            else "int"
            if isinstance(value, int)
            else "float"
            if isinstance(value, float)
            else "string"
        )
    if kind == "float" and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    return {"name": name, "type": kind, "value": value}


def _properties(holder: dict, key: str = "properties", types_key: str = "propertytypes") -> dict:
    """``holder`` with an old properties dict (and its types) as the 1.2 list; unchanged otherwise."""
    props = holder.get(key)
    if not isinstance(props, dict):
        return holder
    out = {k: v for k, v in holder.items() if k != types_key}
    out[key] = [_typed(name, value, holder.get(types_key)) for name, value in props.items()]
    return out


def _objects(objects: Any) -> Any:
    if not isinstance(objects, list):
        return objects
    return [_properties(o) if isinstance(o, dict) else o for o in objects]


def _layers(layers: Any) -> Any:
    if not isinstance(layers, list):
        return layers
    out = []
    for layer in layers:
        if isinstance(layer, dict):
            layer = _properties(layer)
            if "layers" in layer:
                layer = {**layer, "layers": _layers(layer["layers"])}
            if "objects" in layer:
                layer = {**layer, "objects": _objects(layer["objects"])}
        out.append(layer)
    return out


def modernise_map(raw: dict) -> dict:
    """A JSON map (a copy where anything changed) with every pre-1.2 property dict and embedded
    tileset in the 1.2 shape."""
    out = _properties(raw)
    out = {**out, "layers": _layers(out.get("layers"))}
    tilesets = out.get("tilesets")
    if isinstance(tilesets, list):
        out["tilesets"] = [
            modernise_tileset(t) if isinstance(t, dict) and "source" not in t else t for t in tilesets
        ]
    return out


def modernise_tileset(raw: dict) -> dict:
    """A JSON tileset (a copy where anything changed) in the 1.2 shape: its properties a list, its tiles
    a list of entries with ``id``, each tile's ``tileproperties`` in its entry."""
    out = _properties(raw)
    tiles = out.get("tiles")
    old_props = out.get("tileproperties")
    if not isinstance(tiles, dict) and not isinstance(old_props, dict):
        return out
    entries: dict[Any, dict] = {}
    if isinstance(tiles, dict):
        for key, entry in tiles.items():
            entries[key] = dict(entry) if isinstance(entry, dict) else entry
    elif isinstance(tiles, list):
        for entry in tiles:
            if isinstance(entry, dict) and "id" in entry:
                entries[str(entry["id"])] = dict(entry)
    if isinstance(old_props, dict):
        types = out.get("tilepropertytypes") if isinstance(out.get("tilepropertytypes"), dict) else {}
        for key, props in old_props.items():
            entry = entries.setdefault(key, {})
            if isinstance(entry, dict) and isinstance(props, dict):
                entry["properties"] = props
                entry["propertytypes"] = types.get(key)
    listed = []
    for key, entry in entries.items():
        if not isinstance(entry, dict):
            listed.append(entry)
            continue
        tile_id = int(key) if isinstance(key, str) and key.strip().isdigit() else entry.get("id", key)
        entry = _properties({**entry, "id": tile_id})
        group = entry.get("objectgroup")
        if isinstance(group, dict) and "objects" in group:
            entry["objectgroup"] = {**group, "objects": _objects(group["objects"])}
        listed.append(entry)
    out = {k: v for k, v in out.items() if k not in ("tileproperties", "tilepropertytypes")}
    out["tiles"] = listed
    return out
