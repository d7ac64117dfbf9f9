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
