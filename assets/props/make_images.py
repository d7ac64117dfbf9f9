"""Write the prop images of ``assets/props.tsj`` (run from the repository root; needs arcade's resources).

One image pixel is one world pixel, as for the actors, so a collision shape
drawn over an image in Tiled's collision editor is the shape the game moves.
Crates are Kenney's (CC0, arcade's ``:resources:images/tiles/``) resized;
arcade ships no top-down barrel, so the barrels are drawn here (rings and a
rim, seen from above), and the debris is a splinter cut from the crate.
The compound props are composed of those: the L-shaped crate is three
crates strapped in an L (its hitbox two boxes), the barrel rack two barrels
standing against a pallet of planks (a box and two circles).
"""

from __future__ import annotations

from pathlib import Path

import arcade
from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent


def crate(source: str, size: tuple[int, int]) -> Image.Image:
    return Image.open(arcade.resources.resolve(source)).convert("RGBA").resize(size, Image.LANCZOS)


def barrel(size: int, body: tuple, rim: tuple, mark: tuple | None) -> Image.Image:
    """A barrel seen from above: a disc, its rim, two rings and (explosive) a hazard mark."""
    scale = 4  # drawn large, then shrunk: smooth edges
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, big - 1, big - 1), fill=rim)
    inset = big * 0.08
    draw.ellipse((inset, inset, big - 1 - inset, big - 1 - inset), fill=body)
    for ring in (0.22, 0.36):
        r = big * ring
        draw.ellipse((r, r, big - 1 - r, big - 1 - r), outline=rim, width=scale * 2)
    if mark is not None:
        c, r = big / 2, big * 0.16
        draw.polygon([(c, c - r), (c + r, c + r * 0.8), (c - r, c + r * 0.8)], fill=mark)
    return image.resize((size, size), Image.LANCZOS)


def l_crate() -> Image.Image:
    """Three 32 px crates in an L (the top-right quarter of 64 × 64 empty), strapped by two bands."""
    one = crate(":resources:images/tiles/boxCrate.png", (32, 32))
    image = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    for x, y in ((0, 0), (0, 32), (32, 32)):
        image.paste(one, (x, y))
    draw = ImageDraw.Draw(image)
    band = (60, 60, 66, 255)
    draw.rectangle((13, 1, 18, 62), fill=band)  # down the arm
    draw.rectangle((1, 45, 62, 50), fill=band)  # along the foot
    return image


def barrel_rack(barrel_image: Image.Image) -> Image.Image:
    """Two barrels side by side, standing against a pallet of planks below them (64 × 44)."""
    image = Image.new("RGBA", (64, 44), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((1, 28, 62, 42), fill=(95, 62, 32, 255))  # the pallet's frame
    for k in range(4):  # its planks, lighter, with dark gaps
        y = 29 + 3.5 * k
        draw.rectangle((2, round(y), 61, round(y + 2)), fill=(160, 112, 62, 255))
    for x in (2, 34):
        image.alpha_composite(barrel_image, (x, 1))
    return image


def main() -> None:
    crate(":resources:images/tiles/boxCrate.png", (32, 32)).save(HERE / "crate.png")
    crate(":resources:images/tiles/boxCrate_double.png", (48, 48)).save(HERE / "heavy_crate.png")
    barrel(28, (70, 110, 150, 255), (40, 60, 80, 255), None).save(HERE / "barrel.png")
    barrel(28, (200, 40, 30, 255), (110, 20, 15, 255), (250, 210, 40, 255)).save(
        HERE / "explosive_barrel.png"
    )
    l_crate().save(HERE / "crate_l.png")
    barrel_rack(barrel(28, (70, 110, 150, 255), (40, 60, 80, 255), None)).save(HERE / "barrel_rack.png")
    whole = crate(":resources:images/tiles/boxCrate.png", (32, 32))
    whole.crop((4, 12, 16, 18)).save(HERE / "debris.png")


if __name__ == "__main__":
    main()
