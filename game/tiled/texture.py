"""Hitboxes from a tile image's alpha, as arcade makes them for sprites without collision shapes.

arcade gives every sprite a hit box from its texture (``arcade.hitbox``):
``simple`` (its default, ``algo_simple``) is the opaque pixels' bounding box
with its fully transparent corners cut off (at most eight points, convex);
``detailed`` (``algo_detailed``, pymunk's marching squares simplified to 4.5
px) follows the outline of the largest opaque area, concave where the image
is. A map made for arcade whose solid tiles have no collision shapes
collides there by that outline; ``--texture-hitboxes`` (``game.check``, ``game``) or
the map property ``texture_hitboxes`` (``simple``, ``detailed``, or a bool:
true is ``simple``) asks for the same here. Then a tile that is solid
(``conventions``) and has no collision shapes is that outline instead of
its full box; a fully transparent tile is its full box (arcade's
fallback). The outline is computed once per image region, by arcade's own
functions, and given in the tile's pixels (y down, from the image's
top-left), as a collision polygon.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .tilesets import TileShape

__all__ = [
    "ALGORITHMS",
    "PROPERTY",
    "outline_shape",
    "texture_option",
    "texture_setting",
    "use_texture_hitboxes",
]

#: The algorithms, by the names ``--texture-hitboxes`` and the map property take.
ALGORITHMS = ("simple", "detailed")
#: The map property that asks for texture hitboxes.
PROPERTY = "texture_hitboxes"

_CACHE: dict[tuple, tuple[tuple[float, float], ...] | None] = {}
#: ``python -m game --texture-hitboxes``: the algorithm for every map this process reads (the game reads
#: maps from the title, F5, restarts and scripts alike, so the option is the run's, set once at start);
#: None leaves it to each map's property.
_OPTION: list[str | None] = [None]


def use_texture_hitboxes(algorithm: str | None) -> None:
    """Outline solid tiles without shapes by ``algorithm`` (``simple``, ``detailed``) in every map read
    from now on, whatever the map's property says; None: each map's property decides."""
    if algorithm is not None and algorithm not in ALGORITHMS:
        raise ValueError(f"texture hitboxes are {' or '.join(ALGORITHMS)}, not {algorithm!r}")
    _OPTION[0] = algorithm


def texture_option() -> str | None:
    """The algorithm ``use_texture_hitboxes`` set for this process, or None."""
    return _OPTION[0]


def texture_setting(properties: dict) -> tuple[str | None, str | None]:
    """(algorithm or None, problem or None) from a map's properties: ``texture_hitboxes`` as
    ``simple``/``detailed`` (any case), or a bool (true: ``simple``)."""
    value = properties.get(PROPERTY)
    if value is None or value is False:
        return None, None
    if value is True:
        return "simple", None
    if isinstance(value, str) and value.strip().lower() in (*ALGORITHMS, "true", "false"):
        word = value.strip().lower()
        return ("simple" if word == "true" else None if word == "false" else word), None
    return None, (
        f"map property {PROPERTY!r} is {str(value)[:40]!r}; use 'simple', 'detailed' or a bool "
        "(texture hitboxes left off)"
    )


def outline_shape(image: Path, source: tuple[int, int, int, int], algorithm: str) -> TileShape | None:
    """The tile's hitbox from the alpha of ``source`` (x, y, w, h) in ``image``, as a collision polygon in
    the tile's pixels; None when the image cannot be read (its problem is said elsewhere)."""
    key = (str(image), tuple(source), algorithm)
    if key not in _CACHE:
        _CACHE[key] = _outline(image, source, algorithm)
    points = _CACHE[key]
    if points is None:
        return None
    return TileShape("polygon", 0.0, 0.0, 0.0, 0.0, 0.0, points, "texture", 0, {})


def _outline(image: Path, source: tuple[int, int, int, int], algorithm: str) -> Any:
    # Deferred: PIL and arcade's hitbox module are only needed when a map asks for texture hitboxes.
    import PIL.Image
    from arcade.hitbox import algo_detailed, algo_simple

    x, y, w, h = source
    try:
        with PIL.Image.open(image) as whole:
            region = whole.convert("RGBA").crop((x, y, x + w, y + h))
    except Exception:  # any decoder failure: the image's own finding says why
        return None
    algo = algo_detailed if algorithm == "detailed" else algo_simple
    points = algo.calculate(region)
    # arcade's points are about the image's centre, y up; the tile's are from its top-left, y down.
    # pymunk's marching squares run on the image padded by a pixel, so a detailed outline can reach
    # half a pixel past the image: kept on the image (a hitbox from pixels has none outside them).
    placed = [(min(max(float(px) + w / 2, 0.0), w), min(max(h / 2 - float(py), 0.0), h)) for px, py in points]
    return tuple(p for k, p in enumerate(placed) if p != placed[k - 1])
