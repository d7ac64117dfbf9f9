"""How Tiled fits a tile into a box of another size, and where a tile object's (x, y) is on it.

A tile is drawn at another size than its image in two places: a tile object
of another ``width × height`` than its tile, and a tile layer's cell when
the tileset says ``tilerendersize="grid"`` (Tiled 1.9: drawn at the map's
cell size). The image is scaled by ``box / image`` on each axis
(``fillmode="stretch"``, the default) or by the smaller of the two on
both (``"preserve-aspect-fit"``), and centred in the box (Tiled's
``CellRenderer::render``: the fragment is placed at the box's centre);
the tileset's tile offset is scaled with it. The tile's collision shapes
go through the same scale and shift, in the tile's own pixels (y down,
from the image's top-left), so they stay on the drawn image.

A tile object's (x, y) is the point ``objectalignment`` names on its box
(Tiled 1.4; ``unspecified`` is ``bottomleft`` on orthogonal maps, Tiled's
``MapObject::alignment``), and the object turns about it.
"""

from __future__ import annotations

import dataclasses
import math

from .tilesets import Tileset, TileShape

__all__ = ["ELLIPSE_SIDES", "anchor", "fit_scale", "fitted_shape", "outline", "tile_object_box"]

#: Sides of the polygon an ellipse collision shape becomes when it cannot stay an ellipse.
ELLIPSE_SIDES = 32

#: Where (x, y) is on the box, as fractions of its width and height from its top-left (y down).
_ANCHORS = {
    "topleft": (0.0, 0.0),
    "top": (0.5, 0.0),
    "topright": (1.0, 0.0),
    "left": (0.0, 0.5),
    "center": (0.5, 0.5),
    "right": (1.0, 0.5),
    "bottomleft": (0.0, 1.0),
    "bottom": (0.5, 1.0),
    "bottomright": (1.0, 1.0),
}


def anchor(alignment: str) -> tuple[float, float]:
    """The point ``objectalignment`` names, as fractions of the box from its top-left (y down).

    >>> anchor("unspecified"), anchor("center"), anchor("bottom")
    ((0.0, 1.0), (0.5, 0.5), (0.5, 1.0))
    """
    return _ANCHORS.get(alignment, _ANCHORS["bottomleft"])


def fit_scale(
    width: float, height: float, box_width: float, box_height: float, fill_mode: str
) -> tuple[float, float, float, float]:
    """(sx, sy, dx, dy): a tile of ``width × height`` px drawn in a box, scaled by (sx, sy) and moved by
    (dx, dy) from the box's top-left (px, y down).

    >>> fit_scale(32, 16, 64, 64, "stretch")
    (2.0, 4.0, 0.0, 0.0)
    >>> fit_scale(32, 16, 64, 64, "preserve-aspect-fit")
    (2.0, 2.0, 0.0, 16.0)
    """
    sx, sy = box_width / width, box_height / height
    if fill_mode == "preserve-aspect-fit":
        sx = sy = min(sx, sy)
    return sx, sy, (box_width - width * sx) / 2, (box_height - height * sy) / 2


def tile_object_box(
    tile_width: float, tile_height: float, width: float, height: float, tileset: Tileset | None
) -> tuple[float, float, float, float]:
    """(left, top, sx, sy): where a tile object draws its tile's image, as the image's top-left from the
    object's (x, y) in px (y down, before the object's rotation, which turns about (x, y)), and the
    image's scale. The object's box is ``width × height``; ``tileset`` gives the alignment (the point
    of the box at (x, y)), the fill mode and the tile offset (None: bottom-left, stretched, none).
    Tile objects' collision (``tile_objects``) and props placed by tile objects (``props``) both place
    by it.

    >>> tile_object_box(32, 32, 64, 64, None)
    (0.0, -64.0, 2.0, 2.0)
    """
    fill = tileset.fill_mode if tileset is not None else "stretch"
    sx, sy, dx, dy = fit_scale(tile_width, tile_height, width, height, fill)
    ax, ay = anchor(tileset.object_alignment if tileset is not None else "unspecified")
    ox, oy = tileset.tile_offset if tileset is not None else (0, 0)
    return -ax * width + dx + ox * sx, -ay * height + dy + oy * sy, sx, sy


def outline(shape: TileShape) -> list[tuple[float, float]]:
    """The shape's outline in its tile's pixels (y down), its own rotation applied; an ellipse as an
    ``ELLIPSE_SIDES``-gon through its outline."""
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


def fitted_shape(shape: TileShape, sx: float, sy: float, dx: float, dy: float) -> TileShape:
    """A collision shape scaled by (sx, sy) and moved by (dx, dy) in its tile's pixels.

    An unturned rectangle or ellipse stays one (its box scaled); a turned one under a scale that is not
    the same on both axes is a shear, which only a polygon can say: its outline (an ellipse's
    ``ELLIPSE_SIDES``-gon) becomes a polygon. Polygons and polylines scale point by point.
    """
    if (sx, sy, dx, dy) == (1.0, 1.0, 0.0, 0.0):
        return shape
    turned = shape.rotation % 360.0 != 0.0
    if shape.kind in ("rectangle", "ellipse") and (not turned or sx == sy):
        return dataclasses.replace(
            shape, x=shape.x * sx + dx, y=shape.y * sy + dy, width=shape.width * sx, height=shape.height * sy
        )
    if shape.kind in ("polygon", "polyline", "point") and (not turned or sx == sy):
        return dataclasses.replace(
            shape,
            x=shape.x * sx + dx,
            y=shape.y * sy + dy,
            points=tuple((u * sx, v * sy) for u, v in shape.points),
        )
    points = tuple((u * sx + dx, v * sy + dy) for u, v in outline(shape))
    kind = "polyline" if shape.kind == "polyline" else "polygon"
    return dataclasses.replace(
        shape, kind=kind, x=0.0, y=0.0, width=0.0, height=0.0, rotation=0.0, points=points
    )
