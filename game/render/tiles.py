"""Tile layers drawn as tiles: one ``SpriteList`` (one draw) per layer, each image region loaded once.

``Level.tile_layers`` (``game.level.TileLayer``) are already placed in the
world frame by the loader: each ``PlacedTile`` has its centre (offsets and
Tiled's bottom-left anchoring applied), its size before the diagonal flip
and Tiled's three flip bits as stored. Drawing only has to pick the
texture: the tile's region of its image, turned as Tiled turns it (the
diagonal flip first, then horizontal, then vertical; see
``/work/shared/notes/tiled-tiles.md``), through arcade's texture
transforms, so a flip costs no image copy and no extra atlas space.

Textures: ``TileTextures`` loads each image file once, cuts each region
once, and makes each turned variant once, so a map of thousands of tiles
from one atlas holds one texture per (region, flips) in use. The cache
lives as long as the layers built with it (a level reload builds new
ones, so an edited tileset image is read again).

A layer whose tiles are all fully opaque and fully visible is drawn
without blending (as the sand floor is): on a software renderer filling
the screen is most of a frame.

Images come from outside (a designer's tileset), and the loader only checks
that each exists and is not too many bytes. So an image is read here through
``game.files.safe_read`` under the same byte limit, its pixel size is read from
its header and checked against ``MAX_IMAGE_PIXELS`` before it is decoded,
and a region is checked to lie inside it. An image that fails (not an
image, too large, a region outside it) is drawn as a magenta checker of
the tile's size, and one line naming the image and the problem is printed
on stderr (once per image) and kept in ``TileTextures.problems``: the game
keeps running and shows where the art is missing.
"""

from __future__ import annotations

import io
import sys
import warnings
from collections.abc import Iterable
from pathlib import Path

import arcade
import PIL.Image
from arcade.hitbox import BoundingHitBoxAlgorithm

from game.files.safe_read import FileRefused, read_bytes
from game.level import PlacedTile, TileLayer, printable
from game.messages import first_line
from game.tiled.limits import MAX_IMAGE_AREA, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS

__all__ = ["TileLayers", "TileSprites", "TileTextures", "build_tile_layers", "opaque_cells"]

#: Tile sprites never collide through arcade (the engine does): the cheapest hit box is enough.
_HIT_BOX = BoundingHitBoxAlgorithm()
#: What a tile whose image cannot be drawn shows: a checker of these two colours, 8 px squares.
MISSING_COLORS = ((255, 0, 255, 255), (40, 0, 40, 255))


def read_image(path: Path) -> PIL.Image.Image:
    """The image at ``path`` as RGBA, read under the loader's byte limit, its size checked before decoding.

    Raises ``ValueError`` (``FileRefused`` is one) or ``OSError`` with a one-line reason.
    """
    data = read_bytes(path, MAX_IMAGE_BYTES)
    # Our own pixel limit is checked below, before decoding; PIL's (a warning, then an error) would repeat it.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PIL.Image.DecompressionBombWarning)
        try:
            image = PIL.Image.open(io.BytesIO(data))  # reads the header only
        except PIL.Image.DecompressionBombError as err:  # PIL's own limit on the pixel count, from the header
            raise FileRefused(path, f"is too large to decode: {first_line(err)}") from None
        except (PIL.UnidentifiedImageError, OSError, ValueError) as err:
            raise FileRefused(path, f"is not an image that can be read ({type(err).__name__})") from None
        width, height = image.size
        if not (0 < width <= MAX_IMAGE_PIXELS and 0 < height <= MAX_IMAGE_PIXELS):
            raise FileRefused(path, f"is {width} x {height} px; the limit is {MAX_IMAGE_PIXELS:,} px a side")
        if width * height > MAX_IMAGE_AREA:  # a small file can claim a size that decodes to gigabytes
            raise FileRefused(
                path,
                f"is {width:,} x {height:,} px, {width * height:,} pixels decoded; the limit "
                f"is {MAX_IMAGE_AREA:,}",
            )
        try:
            return image.convert("RGBA")
        except (OSError, ValueError, SyntaxError, PIL.Image.DecompressionBombError) as err:
            raise FileRefused(path, f"cannot be decoded ({type(err).__name__})") from None


def missing_texture(width: int, height: int) -> arcade.Texture:
    """A magenta checker the tile's size: art that could not be read, shown where it should be."""
    image = PIL.Image.new("RGBA", (max(1, width), max(1, height)), MISSING_COLORS[0])
    for y in range(0, height, 8):
        for x in range((y // 8) % 2 * 8, width, 16):
            image.paste(MISSING_COLORS[1], (x, y, min(x + 8, width), min(y + 8, height)))
    return arcade.Texture(image, hit_box_algorithm=_HIT_BOX)


class TileTextures:
    """Textures for placed tiles: one per image file, one per region, one per (region, flips)."""

    def __init__(self) -> None:
        self._images: dict[Path, arcade.Texture] = {}
        self._regions: dict[tuple[Path, tuple[int, int, int, int]], arcade.Texture] = {}
        self._turned: dict[tuple[Path, tuple[int, int, int, int], bool, bool, bool], arcade.Texture] = {}
        self._opaque: dict[tuple[Path, tuple[int, int, int, int]], bool] = {}
        self._failed: dict[Path, str] = {}
        #: How many image files were read from disk (each at most once).
        self.files_read = 0
        #: One line per image that could not be drawn: ``path: problem``.
        self.problems: list[str] = []

    def _problem(self, path: Path, problem: str) -> None:
        line = problem if problem.startswith(f"{path}: ") else f"{path}: {problem}"
        first = not any(p.startswith(f"{path}: ") for p in self.problems)
        self.problems.append(line)
        if first:  # one line per image on stderr, however many of its tiles fail
            print(
                f"gjk-shooter: {printable(line)} (its tiles are drawn as a magenta checker)", file=sys.stderr
            )

    def image(self, path: Path) -> arcade.Texture | None:
        """The whole image at ``path`` (read once), or None when it cannot be drawn."""
        texture = self._images.get(path)
        if texture is None and path not in self._failed:
            self.files_read += 1
            try:
                texture = arcade.Texture(read_image(path), hit_box_algorithm=_HIT_BOX)
            except (OSError, ValueError) as err:
                self._failed[path] = str(err)
                self._problem(path, first_line(err))
                return None
            texture.file_path = Path(path)
            self._images[path] = texture
        return texture

    def region(self, path: Path, source: tuple[int, int, int, int]) -> arcade.Texture:
        """The unturned texture of ``source`` (x, y, w, h; image pixels, y down) in the image at ``path``.

        A magenta checker of the region's size when the image cannot be read or the region leaves it.
        """
        key = (path, tuple(source))
        texture = self._regions.get(key)
        if texture is None:
            whole = self.image(path)
            x, y, w, h = (int(v) for v in source)
            if whole is None:
                texture = missing_texture(w, h)
            elif w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > whole.width or y + h > whole.height:
                self._problem(
                    path,
                    f"has no tile at x {x}, y {y}, {w} x {h} px: the image is "
                    f"{whole.width} x {whole.height} px",
                )
                texture = missing_texture(w, h)
            else:
                texture = whole.crop(x, y, w, h)
            self._regions[key] = texture
        return texture

    def texture(self, tile: PlacedTile) -> arcade.Texture:
        """The tile's region turned as Tiled draws it: diagonal flip first, then horizontal, then vertical."""
        key = (tile.image, tuple(tile.source), tile.flip_d, tile.flip_h, tile.flip_v)
        texture = self._turned.get(key)
        if texture is None:
            texture = self.region(tile.image, tile.source)
            if tile.flip_d:
                # Tiled's diagonal flip swaps x and y in the image (y down): the transpose about the
                # top-left to bottom-right diagonal, which is arcade's transpose.
                texture = texture.transpose()
            if tile.flip_h:
                texture = texture.flip_left_right()
            if tile.flip_v:
                texture = texture.flip_top_bottom()
            self._turned[key] = texture
        return texture

    def is_opaque(self, tile: PlacedTile) -> bool:
        """Whether every pixel of the tile's region is fully opaque (flips do not change that)."""
        key = (tile.image, tuple(tile.source))
        opaque = self._opaque.get(key)
        if opaque is None:
            low, _ = self.region(tile.image, tile.source).image.convert("RGBA").getchannel("A").getextrema()
            opaque = self._opaque[key] = low == 255
        return opaque

    @property
    def regions(self) -> int:
        """How many image regions were cut (each at most once)."""
        return len(self._regions)

    @property
    def variants(self) -> int:
        """How many distinct (region, flips) textures are in use."""
        return len(self._turned)


class TileSprites(arcade.SpriteList):
    """One tile layer: drawn with nearest texels (tiles are unscaled, and linear filtering would
    bleed a neighbouring atlas tile into the edges) and, when nothing in it is see-through, without
    blending."""

    def __init__(self, name: str, capacity: int) -> None:
        super().__init__(capacity=max(capacity, 1))
        self.name = name

    def draw(self, **kwargs) -> None:
        kwargs.setdefault("pixelated", True)
        super().draw(**kwargs)


def _alpha(opacity: float) -> int:
    return max(0, min(255, round(255 * float(opacity))))


def layer_sprites(layer: TileLayer, textures: TileTextures) -> TileSprites:
    """The sprites of one tile layer, in the layer's order."""
    sprites = TileSprites(layer.name, len(layer.tiles))
    opaque = True
    for tile in layer.tiles:
        texture = textures.texture(tile)
        sprite = arcade.Sprite(texture, center_x=tile.center_x, center_y=tile.center_y)
        # The drawn size is the tile's, turned by the diagonal flip (a 64 x 128 tile shows 128 x 64).
        sprite.width, sprite.height = (tile.height, tile.width) if tile.flip_d else (tile.width, tile.height)
        # Tiled has no per-tile opacity: the loader gives each tile its layer's (groups included).
        alpha = _alpha(tile.opacity)
        if alpha < 255:
            sprite.alpha = alpha
        opaque = opaque and alpha == 255 and textures.is_opaque(tile)
        sprites.append(sprite)
    sprites.blend = not opaque
    return sprites


class TileLayers:
    """Every visible tile layer of a level, bottom first: one ``SpriteList`` (one draw) each."""

    def __init__(self, layers: Iterable[TileLayer], textures: TileTextures | None = None) -> None:
        self.textures = textures if textures is not None else TileTextures()
        self.layers: list[TileSprites] = [layer_sprites(layer, self.textures) for layer in layers]

    def __len__(self) -> int:
        return len(self.layers)

    def draw(self) -> None:
        for layer in self.layers:
            layer.draw()


def build_tile_layers(level, textures: TileTextures | None = None) -> TileLayers:
    """Sprite lists for ``level.tile_layers`` (none for a level without tile layers)."""
    return TileLayers(getattr(level, "tile_layers", ()), textures)


def opaque_cells(level, cell: float, textures: TileTextures) -> set[tuple[int, int]]:
    """Cells of a ``cell``-px grid (world, from the origin) that some layer's opaque tile fully covers.

    The floor under such a cell can never show, so it is not drawn (a fill saved on every frame).
    """
    covered: set[tuple[int, int]] = set()
    eps = 1e-6
    for layer in getattr(level, "tile_layers", ()):
        for tile in layer.tiles:
            if _alpha(tile.opacity) < 255 or not textures.is_opaque(tile):
                continue
            w, h = (tile.height, tile.width) if tile.flip_d else (tile.width, tile.height)
            x0, x1 = tile.center_x - w / 2, tile.center_x + w / 2
            y0, y1 = tile.center_y - h / 2, tile.center_y + h / 2
            i0, i1 = int(-(-(x0 - eps) // cell)), int((x1 + eps) // cell)  # first and past-last whole cell
            j0, j1 = int(-(-(y0 - eps) // cell)), int((y1 + eps) // cell)
            covered.update((i, j) for i in range(i0, i1) for j in range(j0, j1))
    return covered
