"""Tile objects (objects with a ``gid``) as the shape objects their tile's collision makes, placed as
Tiled draws the tile object.

Tiled (orthogonal maps, ``objectalignment`` unspecified) anchors a tile
object at its BOTTOM-left corner (x, y), scales the tile image to the
object's ``width × height``, mirrors it with the gid's horizontal and
vertical flip bits about its centre, and turns it ``rotation`` degrees
clockwise about the anchor (/work/shared/notes/tiled-conventions-in-the-wild.md,
"Tile objects"; Tiled's ``MapRenderer::drawTileObject``). Each collision
shape of the tile goes through the same steps, in its tile's pixels (y
down, from the image's top-left): its own rotation about its own (x, y),
the flips, the scale, then the object's rotation. A rectangle or polygon
becomes a polygon object with the exact corners (a non-uniform scale of
a turned shape is a shear, which a rectangle cannot say); an ellipse
becomes a 32-sided polygon through its outline (a note says so). A tile
marked solid that has no shapes is a box of the object's size.

The objects made here carry the tile object's id, name and properties,
so findings about them name the tile object.
"""

from __future__ import annotations

import math
from typing import Any

import pytiled_parser.tiled_object as tobj
from pytiled_parser.common_types import OrderedPair, Size

from .tilesets import TileDef, TileShape

__all__ = ["ELLIPSE_SIDES", "shapes_of"]

#: Sides of the polygon an ellipse collision shape of a tile object becomes.
ELLIPSE_SIDES = 32


def _outline(shape: TileShape) -> list[tuple[float, float]]:
    """The shape's outline in its tile's pixels (y down), its own rotation applied."""
    if shape.kind == "rectangle":
        local = [(0.0, 0.0), (shape.width, 0.0), (shape.width, shape.height), (0.0, shape.height)]
    elif shape.kind == "ellipse":
        a, b = shape.width / 2, shape.height / 2
        local = [
            (
                a + a * math.cos(2 * math.pi * k / ELLIPSE_SIDES),
                b + b * math.sin(2 * math.pi * k / ELLIPSE_SIDES),
            )
            for k in range(ELLIPSE_SIDES)
        ]
    else:
        local = list(shape.points)
    c, s = math.cos(math.radians(shape.rotation)), math.sin(math.radians(shape.rotation))
    return [(shape.x + c * u - s * v, shape.y + s * u + c * v) for u, v in local]


def shapes_of(obj: Any, tile: TileDef, flips: tuple[bool, bool, bool]) -> tuple[list[Any], list[str]]:
    """The tile object ``obj``'s collision as pytiled shape objects in the map's pixels, and notes.

    ``flips`` are the gid's (H, V, D); Tiled ignores D on tile objects, so it is too.
    """
    width = float(obj.size.width) or float(tile.width)
    height = float(obj.size.height) or float(tile.height)
    sx, sy = width / tile.width, height / tile.height
    shapes = [s for s in tile.shapes if s.kind != "point"]
    if not shapes:  # a tile marked solid without shapes: its whole box
        shapes = [TileShape("rectangle", 0.0, 0.0, float(tile.width), float(tile.height), 0.0, (), "", 0, {})]
    made, notes = [], []
    for shape in shapes:
        if shape.kind == "polyline":
            points = _outline(shape)
            kind = tobj.Polyline
        else:
            points = _outline(shape)
            kind = tobj.Polygon
        if shape.kind == "ellipse":
            notes.append(
                f"collision ellipse {shape.object_id} of its tile drawn as a {ELLIPSE_SIDES}-sided polygon"
            )
        placed = []
        for u, v in points:
            if flips[0]:
                u = tile.width - u
            if flips[1]:
                v = tile.height - v
            placed.append(OrderedPair(u * sx, v * sy - height))  # from the anchor: its bottom-left
        made.append(
            kind(
                id=obj.id,
                coordinates=OrderedPair(obj.coordinates.x, obj.coordinates.y),
                size=Size(0, 0),
                rotation=obj.rotation,
                name=obj.name or "",
                properties={**tile.properties, **shape.properties, **dict(obj.properties or {})},
                points=placed,
            )
        )
    return made, notes
