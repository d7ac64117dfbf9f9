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


def main() -> None:
    for name, (source, turn, size) in ACTORS.items():
        path = arcade.resources.resolve(source) if str(source).startswith(":") else source
        image = Image.open(path).convert("RGBA")
        if turn:
            image = image.rotate(-90, expand=True)  # PIL turns counter-clockwise: -90 is a clockwise quarter
        image.resize(size, Image.LANCZOS).save(HERE / f"{name}.png")


if __name__ == "__main__":
    main()
