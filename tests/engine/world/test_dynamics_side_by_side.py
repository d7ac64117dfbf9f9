"""Our rigid bodies beside pymunk 6.9 and pybox2d 2.3.10 on the same scenes
(``engine.crosscheck.scenes``: same dt, same solver passes, friction mixed to
the same μ): rest positions where the scene has one answer, energy over
time, time to settle. Where the engines differ by design, the test pins
the difference (Box2D 2.3's polygon skin, pymunk's slop) rather than hiding it."""

from __future__ import annotations

import Box2D  # noqa: F401  (the `test` extra installs pybox2d: these checks never skip)
import numpy as np
import pytest

from engine.crosscheck.scenes import (
    DT,
    Piece,
    Scene,
    build_box2d,
    build_ours,
    build_pymunk,
    kinetic_energy,
    pile,
    pyramid,
)

ENGINES = {"ours": build_ours, "pymunk": build_pymunk, "pybox2d": build_box2d}
#: Box2D 2.3 keeps polygons 2 skins (b2_polygonRadius, 0.01 m) minus its slop apart: +0.015 m a contact.
BOX2D_SKIN_GAP = 0.015


def settle(scene: Scene, seconds: float) -> dict[str, np.ndarray]:
    runs = {name: build(scene) for name, build in ENGINES.items()}
    for _ in range(round(seconds / DT)):
        for run in runs.values():
            run.step()
    return {name: run.poses() for name, run in runs.items()}


def test_a_box_dropped_on_the_ground_rests_where_each_engine_says_it_should():
    scene = Scene("hello", [Piece("box", (50.0, 10.0), (0.0, -10.0), motion="static", friction=0.3),
                            Piece("box", (1.0, 1.0), (0.0, 4.0), friction=0.3)])  # fmt: skip
    poses = settle(scene, 1.5)
    # Box2D v3 rests at 0.99991 (a soft contact under the box's weight); we match it.
    assert poses["ours"][1, 1] == pytest.approx(1.0, abs=2e-4)
    assert poses["pymunk"][1, 1] == pytest.approx(1.0, abs=0.005)  # pymunk leaves overlap under its slop
    assert poses["pybox2d"][1, 1] == pytest.approx(1.0 + BOX2D_SKIN_GAP, abs=0.002)
    for name in ENGINES:
        assert abs(poses[name][1, 0]) < 0.01 and abs(poses[name][1, 2]) < 0.01, name


def test_a_10_row_pyramid_rests_where_it_was_built_in_all_three():
    """The pyramid's one answer is where it was built: boxes just touching.
    Ours and pymunk stay within a centimetre of the grid; pybox2d lets its
    bottom row spread outwards by ~5 cm and lifts each row by its skin."""
    scene = pyramid(10)
    ideal = np.array([p.position for p in scene.pieces[1:]])
    poses = settle(scene, 4.0)
    rows = np.round(ideal[:, 1] - 0.5).astype(int)  # row 0 at the bottom
    ours = poses["ours"][1:]
    assert np.abs(ours[:, :2] - ideal).max() < 0.01
    assert np.abs(ours[:, 2]).max() < 1e-3
    pm = poses["pymunk"][1:]
    assert np.abs(pm[:, :2] - ideal).max() < 0.01
    b2 = poses["pybox2d"][1:]
    lifted = ideal[:, 1] + BOX2D_SKIN_GAP * (rows + 1)  # each contact below lifts a box by the skin gap
    assert np.abs(b2[:, 0] - ideal[:, 0]).max() < 0.08 and np.abs(b2[:, 1] - lifted).max() < 0.05


def test_boxes_sliding_on_a_floor_lose_energy_like_pymunk_and_pybox2d_and_stop_as_they_do():
    mu = 0.5
    pieces = [Piece("box", (30.0, 0.5), (0.0, -0.5), motion="static", friction=mu)]
    for k in range(6):  # each box its own speed, far enough apart never to meet
        pieces.append(
            Piece("box", (0.5, 0.5), (-25.0 + 9.0 * k, 0.5), friction=mu, velocity=(1.0 + k, 0.0, 0.0))
        )
    scene = Scene("sliders", pieces)
    runs = {name: build(scene) for name, build in ENGINES.items()}
    energy = {name: [] for name in runs}
    for step in range(1, 121):
        for name, run in runs.items():
            run.step()
            if step % 15 == 0:
                energy[name].append(kinetic_energy(scene, run.velocities()))
    start = kinetic_energy(scene, np.array([p.velocity for p in pieces]))
    for t, (ours, pm, b2) in enumerate(zip(energy["ours"], energy["pymunk"], energy["pybox2d"]), start=1):
        assert ours == pytest.approx(pm, abs=0.03 * start), f"sample {t}"
        assert ours == pytest.approx(b2, abs=0.03 * start), f"sample {t}"
    assert energy["ours"][-1] < 1e-6 and energy["pymunk"][-1] < 1e-6  # 2 s: all have stopped


def test_a_300_body_pile_settles_in_each_engine_within_a_few_seconds():
    scene = pile(300)
    runs = {name: build(scene) for name, build in ENGINES.items()}
    settled = {}
    for step in range(1, 12 * 60 + 1):
        for name, run in runs.items():
            if name in settled:
                continue
            run.step()
            if step % 30 == 0 and kinetic_energy(scene, run.velocities()) < 0.05:
                settled[name] = step * DT
        if len(settled) == len(runs):
            break
    assert set(settled) == set(runs), f"not settled in 12 s: {set(runs) - set(settled)}"
    assert settled["ours"] <= 2.0 * max(settled["pymunk"], settled["pybox2d"])
