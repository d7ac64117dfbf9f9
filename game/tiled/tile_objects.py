"""Tile objects (objects with a ``gid``) as the shape objects their tile's collision makes, placed as
Tiled draws the tile object.

Tiled anchors a tile object at the point of its box its tileset's
``objectalignment`` names (``unspecified``: its BOTTOM-left corner on an
orthogonal map), fits the tile image into the object's ``width × height``
(``fit.fit_scale``: stretched, or ``preserve-aspect-fit`` and centred),
mirrors it with the gid's horizontal and vertical flip bits about its
centre, adds the tileset's tile offset scaled alike, and turns it
``rotation`` degrees clockwise about the anchor
(/work/shared/notes/tiled-conventions-in-the-wild.md, "Tile objects";
Tiled's ``MapRenderer::drawTileObject``). Each collision shape of the tile
goes through the same steps, in its tile's pixels (y down, from the
image's top-left): its own rotation about its own (x, y), the flips, the
fit, then the object's rotation. A rectangle or polygon becomes a polygon
object with the exact corners (a non-uniform scale of a turned shape is a
shear, which a rectangle cannot say); an ellipse becomes a 32-sided
polygon through its outline (a note says so). A tile marked solid that
has no shapes is a box of the object's size.

The objects made here carry the tile object's id, name and properties,
so findings about them name the tile object.
"""

from __future__ import annotations

from typing import Any

import pytiled_parser.tiled_object as tobj
from pytiled_parser.common_types import OrderedPair, Size

from .fit import ELLIPSE_SIDES, outline, tile_object_box
from .tilesets import TileDef, Tileset, TileShape

__all__ = ["ELLIPSE_SIDES", "shapes_of"]


def shapes_of(
    obj: Any, tile: TileDef, flips: tuple[bool, bool, bool], tileset: Tileset | None = None
) -> tuple[list[Any], list[str]]:
    """The tile object ``obj``'s collision as pytiled shape objects in the map's pixels, and notes.

    ``flips`` are the gid's (H, V, D); Tiled ignores D on tile objects, so it is too. ``tileset`` gives
    the alignment, fill mode and tile offset (none: bottom-left, stretched, no offset).
    """
    width = float(obj.size.width) or float(tile.width)
    height = float(obj.size.height) or float(tile.height)
    # The image's top-left from the anchor: the alignment, the fit's shift and the scaled tile offset.
    left, top, sx, sy = tile_object_box(tile.width, tile.height, width, height, tileset)
    shapes = [s for s in tile.shapes if s.kind != "point"]
    if not shapes:  # a tile marked solid without shapes: its whole box
        shapes = [TileShape("rectangle", 0.0, 0.0, float(tile.width), float(tile.height), 0.0, (), "", 0, {})]
    made, notes = [], []
    for shape in shapes:
        points = outline(shape)
        kind = tobj.Polyline if shape.kind == "polyline" else tobj.Polygon
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
            placed.append(OrderedPair(left + u * sx, top + v * sy))  # from the anchor
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
