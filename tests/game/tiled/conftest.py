"""What the level tests share: Tiled's own tools, found once, or a plain reason why not.

Tests that compare with Tiled (``tmxrasterizer`` renders a map,
``tiled --export-map`` saves it again) ask for the ``tiled_tools`` fixture.
Without Debian's ``tiled`` package they SKIP with one line, so the README's
test command passes on a bare machine; where ``CI`` is set they FAIL
instead, because CI installs the package (``.ci/run``) and a missing oracle
there must not pass quietly.
"""

from __future__ import annotations

import os
import shutil
from typing import NamedTuple

import pytest

MISSING = "Debian's tiled (tmxrasterizer) is not installed"


class TiledTools(NamedTuple):
    tmxrasterizer: str
    tiled: str


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def find_tiled_tools() -> TiledTools | None:
    rasterizer, tiled = shutil.which("tmxrasterizer"), shutil.which("tiled")
    return TiledTools(rasterizer, tiled) if rasterizer and tiled else None


@pytest.fixture
def tiled_tools() -> TiledTools:
    tools = find_tiled_tools()
    if tools is None:
        if in_ci():
            pytest.fail(f"{MISSING}: CI must install it (apt-get install --no-install-recommends tiled)")
        pytest.skip(MISSING)
    return tools


#: A ``tmxrasterizer`` of Tiled 1.9 or newer (which draws ``fillmode`` and ``tilerendersize``; Debian
#: bookworm's Tiled 1.8 ignores them), by its path. Built here from Tiled 1.11.2 with Debian's qbs and
#: Qt 5.15 (``apt-get install qbs qtbase5-dev zlib1g-dev libzstd-dev``, then ``qbs build`` of a project
#: of only ``src/libtiled``, ``src/tmxrasterizer`` and ``src/plugins/json``; the full ``tiled.qbs`` also
#: wants Qt Quick and Qt Svg): levels/README.md, "Tiled's own render of fillmode".
NEWER_RASTERIZER = "TILED_NEWER_RASTERIZER"


@pytest.fixture
def newer_rasterizer() -> str:
    """The path in ``TILED_NEWER_RASTERIZER``; the test SKIPS without it, in CI too (CI installs Debian's
    Tiled 1.8 only, so there the fill modes stay checked against Tiled's renderer code, test_tile_fit)."""
    path = os.environ.get(NEWER_RASTERIZER, "")
    if not path or not os.access(path, os.X_OK):
        pytest.skip(
            f"no tmxrasterizer of Tiled 1.9+ ({NEWER_RASTERIZER} unset or not a program; Debian's 1.8 "
            "ignores fillmode)"
        )
    return path
