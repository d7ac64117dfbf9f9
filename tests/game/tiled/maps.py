"""Small Tiled 1.8 JSON maps for the loader tests, built as dicts and written to a temporary folder."""

from __future__ import annotations

import copy
import json
from pathlib import Path

TILE = 32


def obj(oid: int, name: str = "", cls: str = "", x: float = 0, y: float = 0, **fields) -> dict:
    """One Tiled object as Tiled 1.8 writes it (every field pytiled_parser needs)."""
    base = {
        "id": oid,
        "name": name,
        "type": cls,
        "x": x,
        "y": y,
        "width": 0,
        "height": 0,
        "rotation": 0,
        "visible": True,
    }
    return {**base, **fields}


def rect(oid, x, y, w, h, rotation=0, name="", **fields):
    return obj(oid, name, x=x, y=y, width=w, height=h, rotation=rotation, **fields)


def ellipse(oid, x, y, w, h, rotation=0, name=""):
    return obj(oid, name, x=x, y=y, width=w, height=h, rotation=rotation, ellipse=True)


def polygon(oid, x, y, points, rotation=0, name=""):
    return obj(oid, name, x=x, y=y, rotation=rotation, polygon=[{"x": px, "y": py} for px, py in points])


def polyline(oid, x, y, points, rotation=0, name="", thickness=None):
    extra = {}
    if thickness is not None:
        extra["properties"] = [{"name": "thickness", "type": "float", "value": thickness}]
    return obj(
        oid, name, x=x, y=y, rotation=rotation, polyline=[{"x": px, "y": py} for px, py in points], **extra
    )


def point(oid, cls, x, y, name=""):
    return obj(oid, name or cls, cls, x=x, y=y, point=True)


def layer(lid: int, name: str, objects: list, offset=(0, 0), visible=True) -> dict:
    return {
        "draworder": "topdown",
        "id": lid,
        "name": name,
        "objects": objects,
        "opacity": 1,
        "type": "objectgroup",
        "visible": visible,
        "x": 0,
        "y": 0,
        "offsetx": offset[0],
        "offsety": offset[1],
    }


def group(lid: int, name: str, layers: list, offset=(0, 0)) -> dict:
    return {
        "id": lid,
        "name": name,
        "layers": layers,
        "opacity": 1,
        "type": "group",
        "visible": True,
        "x": 0,
        "y": 0,
        "offsetx": offset[0],
        "offsety": offset[1],
    }


def tiled_map(layers: list, width: int = 10, height: int = 8, **properties) -> dict:
    """A finite orthogonal map of ``width × height`` 32 px tiles."""
    props = [
        {"name": k, "type": "string" if isinstance(v, str) else "float", "value": v}
        for k, v in properties.items()
    ]
    return {
        "compressionlevel": -1,
        "height": height,
        "infinite": False,
        "layers": layers,
        "nextlayerid": 50,
        "nextobjectid": 500,
        "orientation": "orthogonal",
        "properties": props,
        "renderorder": "right-down",
        "tiledversion": "1.8.2",
        "tileheight": TILE,
        "tilesets": [],
        "tilewidth": TILE,
        "type": "map",
        "version": "1.8",
        "width": width,
    }


def with_walls(*walls, start=(100, 120), **properties) -> dict:
    """A 320 × 256 map holding ``walls`` and a player start."""
    return tiled_map(
        [layer(1, "walls", list(walls)), layer(2, "player", [point(99, "", *start, name="start")])],
        **properties,
    )


def write(folder: Path, data: dict | str, name: str = "map.tmj") -> Path:
    """Write a map (dict as JSON, str as is) and return its path."""
    path = Path(folder) / name
    path.write_text(data if isinstance(data, str) else json.dumps(copy.deepcopy(data)))
    return path
