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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .limits import MAX_DETAILED_EDGES, MAX_DETAILED_PIXELS, MAX_DETAILED_TILE_PIXELS
from .tilesets import TileShape

__all__ = [
    "ALGORITHMS",
    "PROPERTY",
    "TextureBudget",
    "TextureLimit",
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


class TextureLimit(Exception):
    """A ``detailed`` outline past ``limits.MAX_DETAILED_*``; ``str()`` is the finding's problem."""


@dataclass
class TextureBudget:
    """What one map's ``detailed`` outlines have traced so far: each distinct image region counted once,
    whatever ``_CACHE`` holds (so a map is judged alike however often the process has seen it)."""

    pixels: int = 0
    edges: int = 0
    seen: set = field(default_factory=set)


def outline_shape(
    image: Path, source: tuple[int, int, int, int], algorithm: str, budget: TextureBudget | None = None
) -> TileShape | None:
    """The tile's hitbox from the alpha of ``source`` (x, y, w, h) in ``image``, as a collision polygon in
    the tile's pixels; None when the image cannot be read (its problem is said elsewhere).

    A ``detailed`` outline is charged to ``budget`` (the map's) and raises ``TextureLimit`` before
    arcade runs when the region, or the map's regions in all, pass ``limits.MAX_DETAILED_*``."""
    key = (str(image), tuple(source), algorithm)
    if algorithm == "detailed" and budget is not None and key not in budget.seen:
        _charge(image, source, budget)
        budget.seen.add(key)
    if key not in _CACHE:
        _CACHE[key] = _outline(image, source, algorithm)
    points = _CACHE[key]
    if points is None:
        return None
    return TileShape("polygon", 0.0, 0.0, 0.0, 0.0, 0.0, points, "texture", 0, {})


def _charge(image: Path, source: tuple[int, int, int, int], budget: TextureBudget) -> None:
    """Count a region's pixels (from its size: before any decoding) and alpha edges (numpy, before
    arcade's per-pixel trace) against the limits; raise ``TextureLimit`` past one."""
    _, _, w, h = source
    if w * h > MAX_DETAILED_TILE_PIXELS:
        raise TextureLimit(
            f"a detailed texture hitbox would trace {w * h:,} pixels ({w:,} × {h:,}); the limit is "
            f"{MAX_DETAILED_TILE_PIXELS:,} a tile (512 × 512; --texture-hitboxes simple has none)"
        )
    if budget.pixels + w * h > MAX_DETAILED_PIXELS:
        raise TextureLimit(
            f"detailed texture hitboxes would trace {budget.pixels + w * h:,} pixels in all the map's "
            f"tiles with this one; the limit is {MAX_DETAILED_PIXELS:,} (--texture-hitboxes simple has none)"
        )
    budget.pixels += w * h
    region = _region(image, source)
    if region is None:
        return  # said by the image's own finding
    opaque = np.pad(np.asarray(region)[:, :, 3] > 0, 1)
    edges = int((opaque[1:, :] != opaque[:-1, :]).sum() + (opaque[:, 1:] != opaque[:, :-1]).sum())
    if budget.edges + edges > MAX_DETAILED_EDGES:
        raise TextureLimit(
            f"detailed texture hitboxes would trace {budget.edges + edges:,} alpha edges in all the map's "
            f"tiles with this one ({edges:,} in its {w:,} × {h:,} pixels); the limit is "
            f"{MAX_DETAILED_EDGES:,} (--texture-hitboxes simple has none)"
        )
    budget.edges += edges


def _region(image: Path, source: tuple[int, int, int, int]) -> Any:
    """``source`` (x, y, w, h) of ``image`` as an RGBA PIL image, or None when it cannot be decoded."""
    # Deferred: PIL is only needed when a map asks for texture hitboxes.
    import PIL.Image

    x, y, w, h = source
    try:
        with PIL.Image.open(image) as whole:
            return whole.convert("RGBA").crop((x, y, x + w, y + h))
    except Exception:  # any decoder failure: the image's own finding says why
        return None


def _outline(image: Path, source: tuple[int, int, int, int], algorithm: str) -> Any:
    # Deferred: arcade's hitbox module is only needed when a map asks for texture hitboxes.
    from arcade.hitbox import algo_detailed, algo_simple

    _, _, w, h = source
    region = _region(image, source)
    if region is None:
        return None
    algo = algo_detailed if algorithm == "detailed" else algo_simple
    points = algo.calculate(region)
    # arcade's points are about the image's centre, y up; the tile's are from its top-left, y down.
    # pymunk's marching squares run on the image padded by a pixel, so a detailed outline can reach
    # half a pixel past the image: kept on the image (a hitbox from pixels has none outside them).
    placed = [(min(max(float(px) + w / 2, 0.0), w), min(max(h / 2 - float(py), 0.0), h)) for px, py in points]
    return tuple(p for k, p in enumerate(placed) if p != placed[k - 1])
