"""The depot's tile layers as we draw them against Tiled's own render of them (tmxrasterizer), pixel by pixel.

Tiled renders a copy of ``levels/depot.tmj`` with its object layers left
out, unsmoothed, at scale 1; we draw the loaded level's tile layers
(``game.render.tiles``) in the headless window, one screen at a time,
the camera placed so a world pixel is a screen pixel. Both go over black.
Every pixel must agree (within 2 of 255 a channel: both blend the trees'
soft edges, and may round them differently). So the images, regions,
flips, placement and layer order we draw are pinned against Tiled itself,
not only against the rule in ``test_tiles.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import arcade
import numpy as np
import pytest
from PIL import Image

from game.render import tiles
from game.tiled import level_path, load_level

DEPOT = level_path("depot")
#: Largest difference a channel may show (0-255): soft edges blended over black, rounded by two renderers.
TOLERANCE = 2


@pytest.fixture
def tmxrasterizer() -> str:
    exe = shutil.which("tmxrasterizer")
    if exe is None:
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            pytest.fail("Debian's tiled (tmxrasterizer) is not installed: CI must install it")
        pytest.skip("Debian's tiled (tmxrasterizer) is not installed")
    return exe


def tiled_render(exe: str, map_path: Path, out_dir: Path) -> np.ndarray:
    """Tiled's render of the map's tile layers alone, over black, as RGB rows top to bottom."""
    tiled_map = json.loads(map_path.read_text())
    tiled_map["layers"] = [layer for layer in tiled_map["layers"] if layer["type"] == "tilelayer"]
    for entry in tiled_map["tilesets"]:
        if "source" in entry:
            entry["source"] = str((map_path.parent / entry["source"]).resolve())
    copy = out_dir / "tiles-only.tmj"
    copy.write_text(json.dumps(tiled_map))
    runtime = out_dir / "xdg"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    out = out_dir / "tiled.png"
    done = subprocess.run(
        [exe, "--no-smoothing", str(copy), str(out)], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and out.exists(), done.stderr
    image = Image.open(out).convert("RGBA")
    black = Image.new("RGBA", image.size, (0, 0, 0, 255))
    return np.asarray(Image.alpha_composite(black, image).convert("RGB")).astype(int)


def our_render(window, drawn: tiles.TileLayers, left: int, bottom: int) -> np.ndarray:
    """Our drawing of the world rectangle from (left, bottom), window-sized, as RGB rows top to bottom."""
    camera = arcade.Camera2D()
    camera.position = (left + window.width / 2, bottom + window.height / 2)
    window.clear(color=(0, 0, 0))
    with camera.activate():
        drawn.draw()
    return np.asarray(arcade.get_image().convert("RGB")).astype(int)


def compare(window, drawn, tiled: np.ndarray, level) -> tuple[int, int, int]:
    """(screens compared, pixels compared, pixels that differ) over the whole map, a window at a time."""
    height = int(level.height)
    compared = differ = screens = 0
    for left in range(0, int(level.width), window.width):
        for bottom in range(0, height, window.height):
            ours = our_render(window, drawn, left, bottom)
            w = min(window.width, int(level.width) - left)
            h = min(window.height, height - bottom)
            # World row y (up) is Tiled's row height - 1 - y and our screen's row window.height - 1 - (y - bottom).
            theirs = tiled[height - bottom - h : height - bottom, left : left + w]
            mine = ours[window.height - h :, :w]
            bad = np.abs(theirs - mine).max(axis=2) > TOLERANCE
            compared += bad.size
            differ += int(bad.sum())
            screens += 1
    return screens, compared, differ


def test_we_draw_the_depots_tile_layers_as_tiled_does(window, tmxrasterizer, tmp_path):
    level = load_level(DEPOT)
    tiled = tiled_render(tmxrasterizer, DEPOT, tmp_path)
    assert tiled.shape[:2] == (int(level.height), int(level.width))
    screens, compared, differ = compare(window, tiles.build_tile_layers(level), tiled, level)
    assert compared == level.width * level.height and screens == 6
    assert differ == 0, f"{differ} of {compared} pixels differ from Tiled's render"


def test_the_comparison_would_catch_a_tile_drawn_with_its_flips_in_the_wrong_order(
    window, tmxrasterizer, tmp_path, monkeypatch
):
    """Horizontal before diagonal (the wrong order) on every turned tile: Tiled's render then disagrees."""
    level = load_level(DEPOT)
    tiled = tiled_render(tmxrasterizer, DEPOT, tmp_path)
    original = tiles.TileTextures.texture

    def wrong_order(self, tile):
        if not (tile.flip_d and (tile.flip_h != tile.flip_v)):
            return original(self, tile)
        texture = self.region(tile.image, tile.source)
        texture = texture.flip_left_right() if tile.flip_h else texture.flip_top_bottom()
        return texture.transpose()

    monkeypatch.setattr(tiles.TileTextures, "texture", wrong_order)
    _, _, differ = compare(window, tiles.build_tile_layers(level), tiled, level)
    assert differ > 1000
