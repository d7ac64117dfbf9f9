"""Tilesets and tile layers for the loader tests, as Tiled 1.8 writes them (JSON dicts, TSX text, PNG images)."""

from __future__ import annotations

import base64
import copy
import gzip
import json
import zlib
from pathlib import Path

from PIL import Image

from .maps import TILE, layer, point, tiled_map

H, V, D = 0x80000000, 0x40000000, 0x20000000


def png(folder: Path, name: str, width: int, height: int, colour=(200, 80, 40, 255)) -> Path:
    """Write a plain PNG of ``width × height`` and return its path."""
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGBA", (width, height), colour).save(path)
    return path


def png_claiming(width: int, height: int) -> bytes:
    """A 1 x 1 PNG whose header says ``width`` x ``height`` (CRC fixed), as a hostile tileset image might."""
    import io
    import struct

    buffer = io.BytesIO()
    Image.new("RGBA", (1, 1), (1, 2, 3, 255)).save(buffer, "PNG")
    data = bytearray(buffer.getvalue())
    start = data.index(b"IHDR")
    data[start + 4 : start + 12] = struct.pack(">II", width, height)
    data[start + 17 : start + 21] = struct.pack(">I", zlib.crc32(bytes(data[start : start + 17])))
    return bytes(data)


def shape(
    oid: int,
    kind: str = "rectangle",
    x=0.0,
    y=0.0,
    w=0.0,
    h=0.0,
    rotation=0.0,
    points=(),
    name="",
    properties=None,
) -> dict:
    """One collision object of a tile, as Tiled's collision editor saves it."""
    obj = {
        "id": oid,
        "name": name,
        "type": "",
        "x": x,
        "y": y,
        "width": w,
        "height": h,
        "rotation": rotation,
        "visible": True,
    }
    if kind == "ellipse":
        obj["ellipse"] = True
    elif kind == "point":
        obj["point"] = True
    elif kind in ("polygon", "polyline"):
        obj[kind] = [{"x": px, "y": py} for px, py in points]
    if properties:
        obj["properties"] = properties
    return obj


def tile(tid: int, *shapes: dict, properties=None, cls: str = "", image=None) -> dict:
    entry: dict = {"id": tid}
    if cls:
        entry["type"] = cls
    if properties:
        entry["properties"] = properties
    if image is not None:
        name, w, h = image
        entry.update(image=name, imagewidth=w, imageheight=h)
    if shapes:
        entry["objectgroup"] = {
            "draworder": "index",
            "id": 2,
            "name": "",
            "objects": list(shapes),
            "opacity": 1,
            "type": "objectgroup",
            "visible": True,
            "x": 0,
            "y": 0,
        }
    return entry


def tileset(
    name: str = "blocks",
    tiles=(),
    columns: int = 4,
    count: int = 8,
    image: str | None = "blocks.png",
    size: int = TILE,
    offset=(0, 0),
) -> dict:
    """A tileset's JSON fields (an atlas of ``count`` tiles, or an image collection when ``image`` is None)."""
    data = {
        "columns": columns if image else 0,
        "margin": 0,
        "name": name,
        "spacing": 0,
        "tilecount": count,
        "tiledversion": "1.8.2",
        "tileheight": size,
        "tilewidth": size,
        "type": "tileset",
        "version": "1.8",
        "tiles": [copy.deepcopy(t) for t in tiles],
    }
    if image:
        rows = -(-count // columns)
        data.update(image=image, imagewidth=columns * size, imageheight=rows * size)
    if offset != (0, 0):
        data["tileoffset"] = {"x": offset[0], "y": offset[1]}
    return data


#: The test tileset: 0 a full box, 1 a top-half box, 2 a triangle (u + v < T), 3 a 24 px circle at (4, 4),
#: 4 floor art with no collision, 5 a rotated rectangle and a polygon (two walls), 6 a full box with a
#: property (so it never merges with 0), 7 a concave L polygon.
BLOCK_TILES = (
    tile(0, shape(1, x=0, y=0, w=32, h=32)),
    tile(1, shape(1, x=0, y=0, w=32, h=16)),
    tile(2, shape(1, "polygon", x=0, y=0, points=[(0, 0), (32, 0), (0, 32)])),
    tile(3, shape(1, "ellipse", x=4, y=4, w=24, h=24)),
    tile(
        5,
        shape(1, x=16, y=2, w=12, h=6, rotation=30),
        shape(2, "polygon", x=4, y=20, points=[(0, 0), (8, 0), (4, 8)]),
    ),
    tile(
        6,
        shape(1, x=0, y=0, w=32, h=32),
        properties=[{"name": "material", "type": "string", "value": "steel"}],
    ),
    tile(7, shape(1, "polygon", x=0, y=0, points=[(0, 0), (32, 0), (32, 8), (8, 8), (8, 32), (0, 32)])),
)


def blocks(folder: Path, name: str = "blocks", **fields) -> dict:
    """The test tileset's fields, with its atlas image written to ``folder``."""
    data = tileset(name, BLOCK_TILES, **fields)
    png(folder, data["image"], data["imagewidth"], data["imageheight"])
    return data


def write_json(folder: Path, name: str, data) -> Path:
    path = Path(folder) / name
    path.write_text(json.dumps(data))
    return path


def encode(gids: list[int], compression: str = "") -> str:
    """Cells as Tiled's base64 (little-endian uint32), compressed as asked."""
    raw = b"".join(int(g).to_bytes(4, "little") for g in gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw)
    return base64.b64encode(raw).decode("ascii")


def tile_layer(
    lid: int,
    name: str,
    gids: list[int],
    width: int,
    height: int,
    encoding: str = "csv",
    compression: str = "",
    offset=(0, 0),
    visible=True,
    opacity=1.0,
) -> dict:
    data = {
        "id": lid,
        "name": name,
        "type": "tilelayer",
        "width": width,
        "height": height,
        "x": 0,
        "y": 0,
        "opacity": opacity,
        "visible": visible,
        "offsetx": offset[0],
        "offsety": offset[1],
    }
    if encoding == "base64":
        data.update(encoding="base64", compression=compression, data=encode(gids, compression))
    else:
        data["data"] = list(gids)
    return data


def tile_map(
    layers: list, tilesets: list, width: int = 10, height: int = 8, start=(16, 16), **fields
) -> dict:
    """A map of tile layers (and a player start) using ``tilesets`` (each a dict with its ``firstgid``);
    ``fields`` set map fields (``renderorder``, ``infinite``...)."""
    data = tiled_map([*layers, layer(90, "player", [point(99, "", *start, name="start")])], width, height)
    data["tilesets"] = tilesets
    data.update(fields)
    return data


def grid(width: int, height: int, cells: dict[tuple[int, int], int]) -> list[int]:
    """Row-major gids of a ``width × height`` layer, 0 except ``{(col, row): gid}``."""
    gids = [0] * (width * height)
    for (col, row), gid in cells.items():
        gids[row * width + col] = gid
    return gids


def _xml_properties(props) -> str:
    if not props:
        return ""

    def value(v):
        return str(v).lower() if isinstance(v, bool) else v

    items = "".join(
        f'<property name="{p["name"]}" type="{p["type"]}" value="{value(p["value"])}"/>' for p in props
    )
    return f"<properties>{items}</properties>"


def _xml_object(o: dict) -> str:
    attrs = f'id="{o["id"]}" name="{o["name"]}" x="{o["x"]}" y="{o["y"]}"'
    if o.get("width") or o.get("height"):
        attrs += f' width="{o["width"]}" height="{o["height"]}"'
    if o.get("rotation"):
        attrs += f' rotation="{o["rotation"]}"'
    inner = _xml_properties(o.get("properties"))
    if o.get("ellipse"):
        inner += "<ellipse/>"
    elif o.get("point"):
        inner += "<point/>"
    for kind in ("polygon", "polyline"):
        if kind in o:
            points = " ".join(f"{p['x']},{p['y']}" for p in o[kind])
            inner += f'<{kind} points="{points}"/>'
    return f"<object {attrs}>{inner}</object>"


def tsx_text(data: dict, first_gid: int | None = None) -> str:
    """A tileset's JSON fields as TSX (a file's root, or embedded in a map with ``first_gid``)."""
    gid = f'firstgid="{first_gid}" ' if first_gid is not None else ""
    head = (
        f'<tileset {gid}name="{data["name"]}" tilewidth="{data["tilewidth"]}" tileheight="{data["tileheight"]}" '
        f'tilecount="{data["tilecount"]}" columns="{data["columns"]}">'
    )
    body = ""
    if "tileoffset" in data:
        body += f'<tileoffset x="{data["tileoffset"]["x"]}" y="{data["tileoffset"]["y"]}"/>'
    if "image" in data:
        body += (
            f'<image source="{data["image"]}" width="{data["imagewidth"]}" height="{data["imageheight"]}"/>'
        )
    for entry in data.get("tiles", []):
        kind = f' type="{entry["type"]}"' if entry.get("type") else ""
        inner = _xml_properties(entry.get("properties"))
        if "image" in entry:
            inner += f'<image source="{entry["image"]}" width="{entry["imagewidth"]}" height="{entry["imageheight"]}"/>'
        if "objectgroup" in entry:
            inner += (
                '<objectgroup draworder="index">'
                + "".join(_xml_object(o) for o in entry["objectgroup"]["objects"])
                + "</objectgroup>"
            )
        body += f'<tile id="{entry["id"]}"{kind}>{inner}</tile>'
    return head + body + "</tileset>"


def tmx_text(
    data: dict, encoding: str = "csv", compression: str = "", tilesets: list[str] | None = None
) -> str:
    """A map of tile layers and a player start (as ``tile_map`` makes) as TMX, its cells in ``encoding``
    (``csv``, ``base64`` with ``compression``, or ``xml``: one ``<tile gid>`` a cell). ``tilesets`` are the
    ``<tileset>`` elements' text (embedded or with ``source``)."""
    out = [
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
        f'renderorder="{data.get("renderorder", "right-down")}" width="{data["width"]}" height="{data["height"]}" '
        f'tilewidth="{data["tilewidth"]}" tileheight="{data["tileheight"]}" infinite="0" nextlayerid="99" '
        'nextobjectid="999">'
    ]
    out += tilesets or []

    def layer_xml(layer: dict) -> str:
        common = (
            f'id="{layer["id"]}" name="{layer["name"]}"'
            + (f' opacity="{layer["opacity"]}"' if layer.get("opacity", 1) != 1 else "")
            + ("" if layer.get("visible", True) else ' visible="0"')
            + (
                f' offsetx="{layer.get("offsetx", 0)}" offsety="{layer.get("offsety", 0)}"'
                if layer.get("offsetx") or layer.get("offsety")
                else ""
            )
        )
        if layer["type"] == "group":
            return f"<group {common}>" + "".join(layer_xml(inner) for inner in layer["layers"]) + "</group>"
        if layer["type"] == "objectgroup":
            return (
                f"<objectgroup {common}>"
                + "".join(_xml_object(o) for o in layer["objects"])
                + "</objectgroup>"
            )
        gids = layer["data"]
        if encoding == "csv":
            cells = f'<data encoding="csv">{",".join(map(str, gids))}</data>'
        elif encoding == "xml":
            cells = "<data>" + "".join(f'<tile gid="{g}"/>' if g else "<tile/>" for g in gids) + "</data>"
        else:
            attr = f' compression="{compression}"' if compression else ""
            cells = f'<data encoding="base64"{attr}>\n   {encode(gids, compression)}\n  </data>'
        return f'<layer {common} width="{layer["width"]}" height="{layer["height"]}">{cells}</layer>'

    out += [layer_xml(layer) for layer in data["layers"]]
    out.append("</map>\n")
    return "\n ".join(out)
