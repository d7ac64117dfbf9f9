"""``benchmarks/dynamics.py``'s scenes are the same in every engine it times: Box2D v3's compounds
and the pyramid built in ours, pymunk, pybox2d and pyb2d3 (Box2D v3.1) hold the same bodies,
masses and poses, and one compound body lands where Box2D v3 lands it (nothing here is timed)."""

from __future__ import annotations

import argparse
import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest

from engine.crosscheck.scenes import (
    build_box2d,
    build_ours,
    build_pyb2d3,
    build_pymunk,
    compounds,
    many_pyramids,
    pyramid,
    room,
    smash,
)

ROOT = Path(__file__).resolve().parents[2]


def _dynamic_masses(name: str, run) -> list[float]:
    """Each dynamic body's mass, in the scene's order."""
    if name == "ours":
        return [run.world.mass(b).mass for b in run.ids if run.world.body_type(b).value == "dynamic"]
    if name == "pymunk":
        return [b.mass for b in run.space.bodies if b.body_type == b.DYNAMIC]
    if name == "pybox2d":
        return [b.mass for b in run.world.bodies if b.type == 2]  # b2_dynamicBody
    return [b.mass for b in run.bodies if b.mass > 0.0]


def test_box2d_v3s_compounds_scene_is_its_3000_bodies_of_two_triangles():
    scene = compounds()
    assert len(scene.pieces) == 3001  # the ground's one static body, then the 3,000
    ground, first, last = scene.pieces[0], scene.pieces[1], scene.pieces[-1]
    assert ground.motion == "static" and len(ground.polygons) == 81 + 2 * 100 + 1
    assert all(len(p.polygons) == 2 and p.motion == "dynamic" for p in scene.pieces[1:])
    # Box2D's grid: columns 2 m apart from -19, rows 2.25 m apart from 5.575, a quarter metre
    # left or right in turn
    assert first.position == pytest.approx((-18.75, 5.575))
    assert scene.pieces[2].position == pytest.approx((-19.25, 7.825))
    assert last.position == pytest.approx((19.0 - 0.25, 5.575 + 149 * 2.25))


@pytest.mark.parametrize(
    ("builder", "name", "scene"),
    [
        (build_pyb2d3, "pyb2d3", compounds()),
        (build_pymunk, "pymunk", compounds(4, 6)),  # the small grid: pymunk builds 3,000 in 1.5 s
        (build_box2d, "pybox2d", compounds(4, 6)),
        (build_pyb2d3, "pyb2d3", pyramid(20)),
        (build_pymunk, "pymunk", room(20)),
        (build_pyb2d3, "pyb2d3", room(200)),
        (build_pyb2d3, "pyb2d3", smash(20, 10)),
        (build_box2d, "pybox2d", many_pyramids(2, 2)),
    ],
)
def test_a_scene_holds_the_same_bodies_masses_and_poses_in_each_engine_as_in_ours(builder, name, scene):
    ours, theirs = build_ours(scene), builder(scene)
    ours_masses, their_masses = _dynamic_masses("ours", ours), _dynamic_masses(name, theirs)
    statics = sum(p.motion == "static" for p in scene.pieces)
    assert len(ours_masses) == len(their_masses) == len(scene.pieces) - statics
    # two triangles of area 1 a body (a unit box in the pyramid), density 1; pybox2d and pyb2d3 in floats
    assert sum(ours_masses) == pytest.approx(sum(their_masses), rel=1e-6)
    assert np.allclose(ours_masses, their_masses, rtol=1e-6)
    ours_poses, their_poses = ours.poses(), theirs.poses()
    assert np.allclose(ours_poses[:, :2], their_poses[:, :2], atol=1e-5)
    # Angles near ±π wrap apart; Box2D v3 turns an angle into its rotation by an approximate cosine
    # and sine (``b2ComputeCosSin``), 2.7e-5 rad off in the room's crates.
    turn = np.angle(np.exp(1j * (ours_poses[:, 2] - their_poses[:, 2])))
    assert np.abs(turn).max() < 1e-4


def test_a_compound_body_has_box2d_v3s_mass_centre_and_inertia_in_ours():
    scene = compounds(1, 1)
    ours, theirs = build_ours(scene), build_pyb2d3(scene)
    mass, body = ours.world.mass(ours.ids[1]), theirs.bodies[1]
    # the two triangles' centroids (∓1/6, 1): the body's centre of mass 1 m above its origin
    assert mass.center == pytest.approx((0.0, 1.0), abs=1e-9)
    assert tuple(body.local_center_of_mass()) == pytest.approx(mass.center, abs=1e-6)
    assert mass.mass == pytest.approx(body.mass, rel=1e-6) and mass.mass == pytest.approx(2.0)
    assert mass.inertia == pytest.approx(body.rotational_inertia(), rel=1e-5)


def test_pyb2d3_steps_without_sleeping_and_a_dropped_compound_lands_on_its_base_as_in_ours():
    scene = compounds(1, 1)  # one body dropped from 5.575 m onto the ground's top, y = 0.5
    ours, theirs = build_ours(scene), build_pyb2d3(scene)
    assert theirs.world.sleeping_enabled is False
    for _ in range(180):
        ours.step()
        theirs.step()
    for run in (ours, theirs):
        x, y, angle = run.poses()[1]
        assert y == pytest.approx(0.5, abs=0.01) and abs(angle) < 0.01  # on its base, upright
        # near where it fell (Box2D v3 slides 0.15 m on landing across the ground boxes' seams, ours not)
        assert abs(x - 0.25) < 0.2
        assert math.hypot(*run.velocities()[1][:2]) < 0.01  # at rest, awake


def _dynamics_module():
    spec = importlib.util.spec_from_file_location("dynamics_benchmark", ROOT / "benchmarks" / "dynamics.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_anchor_not_installed_is_left_out_with_one_line(monkeypatch, capsys):
    dynamics = _dynamics_module()
    monkeypatch.setitem(dynamics.OPTIONAL, "pyb2d3", "no_such_module_pyb2d3")
    builders = dynamics.available()
    assert list(builders) == ["ours", "pymunk", "pybox2d"]
    said = capsys.readouterr().out.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("pyb2d3 is not installed")


def test_box2d_v3s_own_benchmark_scenes_are_its_sizes():
    """``many_pyramids`` and ``smash`` as Box2D's ``shared/benchmarks.c`` builds them; the room as
    issue 42 sets it: crates set moving, no gravity, none touching at the start."""
    many = many_pyramids()
    assert len(many.pieces) == 1 + 400 * 55 and len(many.pieces[0].polygons) == 20
    # The first pyramid's first box: Box2D's x = (i + 1)·e + 2(j − i)·e + centreX − 0.5 at i = j = 0.
    assert many.pieces[1].position == pytest.approx((-0.5 * 220.0 + 1.0 + 0.5 - 0.5, 0.5))
    crash = smash()
    assert len(crash.pieces) == 9601 and crash.gravity == (0.0, 0.0)
    assert crash.pieces[0].velocity == (40.0, 0.0, 0.0) and crash.pieces[0].density == 8.0
    assert crash.pieces[1].position == pytest.approx((30.0, -16.0)) and crash.pieces[1].size == (0.2, 0.2)
    for count in (20, 200):
        scene = room(count)
        assert scene.gravity == (0.0, 0.0) and len(scene.pieces) == 4 + count
        assert all(p.motion == "dynamic" and math.hypot(*p.velocity[:2]) <= 5.0 for p in scene.pieces[4:])
        run = build_ours(scene)
        assert len(run.world.pairs()) == 0  # nothing touches at the start


def test_box2d_v3s_joint_scenes_run_in_dynamics_beside_pyb2d3_and_pymunk():
    """Issue 39: ``joint_grid``, ``tumbler`` and ``rain`` are timed in ``dynamics.py``'s turns from
    ``benchmarks/joints.py``'s builders (pymunk has no ragdoll: it sits out the rain), at Box2D's
    sizes with ``--box2d`` and small by default."""
    dynamics = _dynamics_module()
    args = argparse.Namespace(quick=False, box2d=True, joint_size=None, joint_steps=None)
    assert [(scene.name, n) for scene, n in dynamics.joint_plan(args)] == [
        ("joint_grid 100x100", 500),
        ("tumbler", 750),
        ("rain", 1000),
    ]
    args = argparse.Namespace(quick=True, box2d=False, joint_size=4, joint_steps=2)
    plan = dynamics.joint_plan(args)
    assert [(scene.name, n) for scene, n in plan] == [("joint_grid 4x4", 2), ("tumbler", 2), ("rain", 2)]
    builders = {name: None for name in ("ours", "pymunk", "pyb2d3")}
    for scene, n in plan:
        times = dynamics.time_scene(scene, n, builders, warm=1)
        engines = ["ours", "pymunk", "pyb2d3"] if scene.kind != "rain" else ["ours", "pyb2d3"]
        assert sorted(times) == sorted(engines) and all(len(each) == n for each in times.values())


def test_smash_asleep_creates_the_block_asleep_with_sleeping_on_in_each_engine_that_can():
    """Box2D's ``smash`` as its benchmark builds it: the block ``isAwake = false``, sleep enabled."""
    awake = smash(4, 3)
    assert not awake.sleep and all(p.awake for p in awake.pieces)
    scene = smash(4, 3, asleep=True)
    assert scene.name == "smash-asleep-12" and scene.sleep
    assert scene.pieces[0].awake and not any(p.awake for p in scene.pieces[1:])
    built = [True] + [False] * 12  # the thrown box awake, the block asleep
    ours = build_ours(scene)
    assert ours.world.awake(ours.ids).tolist() == built
    space = build_pymunk(scene).space  # (its bodies listed in no fixed order once some sleep)
    assert [b.mass for b in space.bodies if not b.is_sleeping] == [8.0 * 8.0 * 8.0]
    assert sum(b.is_sleeping for b in space.bodies) == 12
    theirs = build_pyb2d3(scene)
    assert theirs.world.sleeping_enabled is True and [b.awake for b in theirs.bodies] == built
    box2d = build_box2d(scene)
    assert sorted((b.mass > 1.0, b.awake) for b in box2d.world.bodies) == [(False, False)] * 12 + [
        (True, True)
    ]


def test_dynamics_scenes_keeps_the_scenes_named_and_refuses_a_word_that_names_none(monkeypatch, capsys):
    dynamics = _dynamics_module()
    monkeypatch.setattr(dynamics, "available", lambda: {"ours": build_ours})
    monkeypatch.setattr("sys.argv", ["dynamics.py", "--quick", "--scenes", "smash"])
    dynamics.main()
    rows = [line.split()[0] for line in capsys.readouterr().out.splitlines()[1:]]
    assert rows == ["smash-200", "smash-asleep-200"]
    monkeypatch.setattr("sys.argv", ["dynamics.py", "--quick", "--scenes", "no_such_scene"])
    with pytest.raises(SystemExit):
        dynamics.main()
    assert "--scenes no_such_scene: no scene's name starts with" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "words"),
    [(["--steps", "-1"], "must be 1..10000"), (["--scenes", "nope"], "no scene"), (["--bogus"], "--bogus")],
)
def test_a_wrong_argument_to_the_benchmark_is_one_line_and_exit_2(args, words):
    """Regression: argparse's usage block came before the error (several lines for one mistake)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "dynamics.py"), *args],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr
