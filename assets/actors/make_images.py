"""Write the actor images of ``assets/actors.tsj`` (run from the repository root; needs arcade's resources).

Each image is the game's sprite for that actor at the size the game draws it
(``game/views/bridge.py`` sizes times ``game/render/sprites.py`` margins), so
one image pixel is one world pixel and a hitbox drawn over it in Tiled's
collision editor is the hitbox the game moves. Every image faces +x (engine
angle 0), and its centre is the actor's centre. Sizes are even, so the
centre falls on a whole pixel and the shipped hitboxes have whole-pixel
coordinates in the tile.

Sources (CC0, Kenney, see ``assets/CREDITS.md``): the tanks in
``assets/sprites/`` (already turned to face +x) and arcade's lasers; the red
laser is drawn upright in arcade's resources, so it is turned a quarter turn
clockwise to face +x like the blue one.
"""

from __future__ import annotations

from pathlib import Path

import arcade
from PIL import Image

HERE = Path(__file__).resolve().parent
SPRITES = HERE.parent / "sprites"

#: actor -> (source image, turn it clockwise by 90°?, size in px (even, the drawn size rounded))
ACTORS = {
    "player": (SPRITES / "player.png", False, (38, 34)),
    "chaser": (SPRITES / "chaser.png", False, (28, 22)),
    "shooter": (SPRITES / "shooter.png", False, (32, 30)),
    "brute": (SPRITES / "brute.png", False, (70, 60)),
    "player_bullet": (":resources:images/space_shooter/laserBlue01.png", False, (24, 4)),
    "enemy_bullet": (":resources:images/space_shooter/laserRed01.png", True, (24, 4)),
}

#: The player's tank in two parts (issue 40: the turret turns on its own), at ``sprites/player.png``'s
#: scale: the hull (``tankBody_blue``) centred on a canvas the size of ``player.png``, and the
#: turret (``tankBlue_barrel2_outline``) with its inner end on the centre of a square canvas, so each turns
#: about its centre. Both are turned a quarter counter-clockwise to face +x, as ``player.png`` was.
TANK = ":resources:images/topdown_tanks/"
HULL_CANVAS = (46, 42)
TURRET_CANVAS = (52, 52)


def tank_parts() -> None:
    hull = (
        Image.open(arcade.resources.resolve(TANK + "tankBody_blue.png"))
        .convert("RGBA")
        .rotate(90, expand=True)
    )
    canvas = Image.new("RGBA", HULL_CANVAS, (0, 0, 0, 0))
    canvas.alpha_composite(hull, ((HULL_CANVAS[0] - hull.width) // 2, (HULL_CANVAS[1] - hull.height) // 2))
    canvas.save(SPRITES / "player_hull.png")
    barrel = Image.open(arcade.resources.resolve(TANK + "tankBlue_barrel2_outline.png")).convert("RGBA")
    barrel = barrel.rotate(90, expand=True)  # its muzzle (the wide end, drawn at the bottom) to +x
    canvas = Image.new("RGBA", TURRET_CANVAS, (0, 0, 0, 0))
    canvas.alpha_composite(barrel, (TURRET_CANVAS[0] // 2, (TURRET_CANVAS[1] - barrel.height) // 2))
    canvas.save(SPRITES / "player_turret.png")


def main() -> None:
    tank_parts()
    for name, (source, turn, size) in ACTORS.items():
        path = arcade.resources.resolve(source) if str(source).startswith(":") else source
        image = Image.open(path).convert("RGBA")
        if turn:
            image = image.rotate(-90, expand=True)  # PIL turns counter-clockwise: -90 is a clockwise quarter
        image.resize(size, Image.LANCZOS).save(HERE / f"{name}.png")


if __name__ == "__main__":
    main()
