"""Write the prop images of ``assets/props.tsj`` (run from the repository root; needs arcade's resources).

One image pixel is one world pixel, as for the actors, so a collision shape
drawn over an image in Tiled's collision editor is the shape the game moves.
Crates are Kenney's (CC0, arcade's ``:resources:images/tiles/``) resized;
arcade ships no top-down barrel, so the barrels are drawn here (rings and a
rim, seen from above), and the debris is a splinter cut from the crate.
The compound props are composed of those: the L-shaped crate is three
crates strapped in an L (its hitbox two boxes), the barrel rack two barrels
standing against a pallet of planks (a box and two circles), the T
barricade a concrete beam on a post (two boxes), the sandbag U three walls
of sandbags (three boxes), the door a plank with its hinge plates at its
left end (one box; ``game.tiled.joints`` hangs it on a hinge), and a leaf of a double door
the same, 72 px long (two fill a 160 px doorway with room to swing). The wrecking
ball is a steel ball and the chain link an oval steel link, both drawn here
(a level joins links end to end with hinges, and the ball to the last).
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


def t_barricade() -> Image.Image:
    """A concrete beam 64 × 16 across the top of a post 16 × 40 (a T, 64 × 56), with seams."""
    image = Image.new("RGBA", (64, 56), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge, face, seam = (88, 90, 96, 255), (150, 152, 158, 255), (118, 120, 126, 255)
    for box in ((0, 0, 63, 15), (24, 16, 39, 55)):
        draw.rectangle(box, fill=edge)
        draw.rectangle((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), fill=face)
    for x in (21, 42):  # the beam's casting seams
        draw.line((x, 2, x, 13), fill=seam, width=1)
    for y in (29, 42):  # and the post's
        draw.line((26, y, 37, y), fill=seam, width=1)
    return image


def sandbag_u() -> Image.Image:
    """Three walls of sandbags in a U opening upward (64 × 48, walls 14 thick): bags in rows."""
    scale = 4
    image = Image.new("RGBA", (64 * scale, 48 * scale), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    bag, tie = (196, 172, 118, 255), (128, 106, 64, 255)

    def bags(x0, y0, x1, y1, along_x: bool) -> None:
        length = (x1 - x0) if along_x else (y1 - y0)
        count = max(1, round(length / 16))
        step = length / count
        for k in range(count):
            a = (
                (x0 + k * step, y0, x0 + (k + 1) * step, y1)
                if along_x
                else (x0, y0 + k * step, x1, y0 + (k + 1) * step)
            )
            box = [round(v * scale) for v in a]
            draw.rounded_rectangle(box, radius=3 * scale, fill=bag, outline=tie, width=scale)

    bags(0, 34, 64, 48, True)  # the bottom wall
    bags(0, 0, 14, 34, False)  # the left arm
    bags(50, 0, 64, 34, False)  # the right arm
    return image.resize((64, 48), Image.LANCZOS)


def door(length: int = 80) -> Image.Image:
    """A wooden door seen from above: a plank ``length`` × 12 with a darker frame and two hinge plates
    (80: a door; 72: a leaf of a double door)."""
    image = Image.new("RGBA", (length, 12), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, length - 1, 11), fill=(96, 60, 30, 255))
    draw.rectangle((2, 2, length - 3, 9), fill=(168, 116, 64, 255))
    for x in range(20, length - 8, 20):  # the boards' joins
        draw.line((x, 2, x, 9), fill=(128, 84, 44, 255), width=1)
    draw.rectangle((0, 1, 5, 10), fill=(70, 72, 78, 255))  # the hinge end, its plates
    return image


def chain_link() -> Image.Image:
    """A steel link seen from above: an oval ring 20 × 8, its hole dark (joined at its ends)."""
    scale = 4
    image = Image.new("RGBA", (20 * scale, 8 * scale), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, 20 * scale - 1, 8 * scale - 1), radius=4 * scale, fill=(120, 124, 132, 255))
    draw.rounded_rectangle(
        (4 * scale, 3 * scale, 16 * scale - 1, 5 * scale - 1), radius=scale, fill=(40, 42, 46, 255)
    )
    draw.line((2 * scale, scale, 18 * scale, scale), fill=(190, 194, 200, 255), width=scale)  # a glint
    return image.resize((20, 8), Image.LANCZOS)


def wrecking_ball() -> Image.Image:
    """A steel ball 40 px across seen from above: dark, with a lit side and the ring it hangs by."""
    scale = 4
    big = 40 * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, big - 1, big - 1), fill=(38, 40, 46, 255))
    draw.ellipse((big * 0.08, big * 0.08, big * 0.92, big * 0.92), fill=(70, 74, 84, 255))
    draw.ellipse((big * 0.2, big * 0.14, big * 0.5, big * 0.42), fill=(130, 136, 148, 255))  # the light
    draw.ellipse((big * 0.4, big * 0.4, big * 0.6, big * 0.6), outline=(28, 30, 34, 255), width=3 * scale)
    return image.resize((40, 40), Image.LANCZOS)


def main() -> None:
    crate(":resources:images/tiles/boxCrate.png", (32, 32)).save(HERE / "crate.png")
    crate(":resources:images/tiles/boxCrate_double.png", (48, 48)).save(HERE / "heavy_crate.png")
    barrel(28, (70, 110, 150, 255), (40, 60, 80, 255), None).save(HERE / "barrel.png")
    barrel(28, (200, 40, 30, 255), (110, 20, 15, 255), (250, 210, 40, 255)).save(
        HERE / "explosive_barrel.png"
    )
    l_crate().save(HERE / "crate_l.png")
    barrel_rack(barrel(28, (70, 110, 150, 255), (40, 60, 80, 255), None)).save(HERE / "barrel_rack.png")
    t_barricade().save(HERE / "barricade_t.png")
    sandbag_u().save(HERE / "sandbags_u.png")
    door().save(HERE / "door.png")
    door(72).save(HERE / "door_leaf.png")
    chain_link().save(HERE / "chain_link.png")
    wrecking_ball().save(HERE / "wrecking_ball.png")
    whole = crate(":resources:images/tiles/boxCrate.png", (32, 32))
    whole.crop((4, 12, 16, 18)).save(HERE / "debris.png")


if __name__ == "__main__":
    main()
