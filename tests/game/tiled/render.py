"""Tiled's own render of one layer (``tmxrasterizer``), the oracle the map tests compare walls with."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import numpy as np
from PIL import Image


def tiled_alpha(
    map_path: Path, layer: str, folder: Path, *options: str, rasterizer: str = "tmxrasterizer"
) -> np.ndarray:
    """The alpha channel of ``tmxrasterizer --show-layer LAYER`` on ``map_path`` (rows top to bottom);
    ``rasterizer`` another build of it (``newer_rasterizer``).

    Tests using it ask for the ``tiled_tools`` fixture (skipped without Tiled, failed in CI).
    """
    runtime = folder / "xdg"
    runtime.mkdir(mode=0o700, exist_ok=True)
    out = folder / f"{map_path.stem}-{layer}.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    done = subprocess.run(
        [rasterizer, "--show-layer", layer, *options, str(map_path), str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and out.exists(), done.stderr
    return np.asarray(Image.open(out).convert("RGBA"))[:, :, 3]
