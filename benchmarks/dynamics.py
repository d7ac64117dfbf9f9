"""Rigid-body benchmark: our ``World.step`` against pymunk 6.9's ``Space.step``,
pybox2d 2.3.10's ``b2World.Step`` and pyb2d3 0.11's ``World.step`` (Box2D v3.1 itself, C,
one thread) on the same scenes, in the same run.

Scenes (``engine.crosscheck.scenes``; metres, 1/60 s, sleeping off in all four):

1. Box2D's pyramid of unit boxes: 20 rows (210 boxes) and 40 rows (820);
2. a pile of 2,000 boxes and circles dropped into an open box;
3. Box2D v3's large pyramid, 100 rows (5,050 boxes): its benchmark scene,
   first ``--large-steps`` steps (Box2D v3 itself, C with SIMD, takes 3.6 ms
   a step on it on this machine, pymunk 14 ms and pybox2d 22 ms);
4. the tallest pyramid that stands: rows 20, 30, ... each run for 10 s, by
   two tests. *Still*, the issue's own (``test_dynamics_stability``): from
   5 s to 10 s the top box stays within 0.05 box sizes of where it stood at
   5 s (settled), and no box moved more than half a box sideways. *Shape
   kept*, the looser test this benchmark used first: at 10 s the top box is
   within half a box of the height it started at, and no box moved more
   than half a box sideways. They part on tall stacks: soft contacts (ours,
   as Box2D v3's) give a few millimetres under load, so an 85-row pyramid
   stands still with its top 0.54 box sizes lower than built (every box in
   place), while pybox2d's position correction keeps pushing its boxes
   apart (its 40-row pyramid's top still rose 0.15 box sizes from 5 s to
   10 s);
5. Box2D v3's ``compounds`` benchmark (``CreateCompounds`` in its
   ``shared/benchmarks.c``): 3,000 bodies of two triangles each dropped into
   an open box of 281 static boxes. Box2D runs it 500 steps; here the first
   ``--compound-steps``, default 300 (pass 500 for Box2D's count): the four
   engines taking turns, 300 steps take 40 s on this 2-core machine and 500
   take 110 s, the last 200 being pybox2d's slowest (0.3 s a step as the top
   rows land), which would take a whole run well past two minutes. By step
   300 the lower rows have landed and piled and the top ones still fall.
   Its row also gives each engine's sum over the steps, the figure Box2D's
   benchmark reports.

6. issue 42's small scene: 20 crates set moving in a walled room seen from above (no gravity),
   and the same with 200, ``--room-steps`` steps (default 600): where a game lives, the step's
   fixed costs show;
7. with ``--box2d``, instead of all of the above, Box2D's benchmark app's own set at its own
   sizes and step counts: ``large_pyramid`` (500 steps), ``many_pyramids`` (22,000 boxes, 200),
   ``smash`` (9,600 boxes, 300) twice, and ``compounds`` (500), each with the sum of its steps, as
   Box2D's app reports. ``smash`` runs every body awake with sleeping off, as every other scene
   here; ``smash-asleep`` as Box2D builds and runs it: the block created asleep (each box an
   island of its own, woken when touched) and sleeping on in every engine, as in Box2D's
   benchmark (its default, ``enableSleep``), with Box2D v3's settings (0.5 s under 0.05 m/s;
   pymunk's ``sleep_time_threshold`` and ``idle_speed_threshold`` set so; pybox2d Box2D 2.3's
   own). Sleeping on is what makes it fair: pymunk can put a body to sleep only in a space that
   sleeps, and Box2D's woken boxes may fall asleep again. Not matched: pybox2d (Box2D 2.3) wakes
   both bodies of each new contact, so its touching block wakes whole on the first step and it
   steps 9,600 awake boxes from there. ``--scenes smash`` runs the two alone;
8. Box2D's joint scenes (issue 39; built in ``benchmarks/joints.py``, whose docstring says how):
   ``joint_grid`` (``--joint-size`` × ``--joint-size`` circles hinged to their neighbours, default
   30; Box2D's 100 has 19,800 hinges), ``tumbler`` (a compound drum on a revolute motor with 2,025
   boxes inside) and ``rain`` (ragdolls spawned and removed; pymunk has no ragdoll here, so its
   cell is blank), each ``--joint-steps`` steps (default 60). ``--box2d`` runs them at Box2D's
   sizes and step counts (joint_grid 100 × 100, 500 steps; tumbler 750; rain 1,000) unless
   ``--joint-size`` or ``--joint-steps`` says otherwise; ``--joints`` runs these three alone.

Matched: dt, and 8 solver passes a step (ours: 4 sub-steps of one biased
and one relaxing pass; pymunk ``iterations = 8``; pybox2d 8 velocity
iterations, plus its 3 position iterations, which have no counterpart;
pyb2d3 the same 4 sub-steps as ours). pyb2d3 is given no thread pool, so
Box2D v3 runs on the calling thread alone (``workerCount`` 1; its CPU
time a step equals its wall time), like the other three.
Each step of each engine is timed alone (``time.perf_counter``), the
engines taking turns step by step, so all four see the same machine
load; the figure is the median step, the ratio ours / theirs.

Run: ``python benchmarks/dynamics.py`` (``--quick`` for a smoke run; ``--joints --box2d`` for
Box2D's joint scenes alone at its sizes, minutes a run: pymunk's joint_grid takes most of it;
``--scenes smash,compounds`` keeps the scenes whose names start with those words, e.g.
``--box2d --scenes smash`` for Box2D's smash alone, awake and asleep).
pybox2d comes with the ``bench`` and ``test`` extras, pyb2d3 with both
too (``pip install -e '.[bench]'``); one missing is left out with a line
saying so, and its columns are left out.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's engine, not an installed one

from benchmarks.joints import MAX_SIZE as MAX_JOINT_SIZE
from benchmarks.joints import SCENES as JOINT_BUILDERS
from benchmarks.native_box2d import OneLineParser
from engine.crosscheck.scenes import (
    build_box2d,
    build_ours,
    build_pyb2d3,
    build_pymunk,
    compounds,
    many_pyramids,
    pile,
    pyramid,
    room,
    smash,
)

BUILDERS = {"ours": build_ours, "pymunk": build_pymunk, "pybox2d": build_box2d, "pyb2d3": build_pyb2d3}
#: The optional anchors and the module each needs.
OPTIONAL = {"pybox2d": "Box2D", "pyb2d3": "pyb2d3"}
#: The arguments' limits: steps timed per scene, and the tallest pyramid tried (rows; 200 rows is 20,100
#: boxes, minutes a run for each engine).
MAX_STEPS = 10_000
MAX_TALLEST = 200


#: Box2D's joint scenes' step counts in its benchmark app (``benchmark/main.c``), and the grid's side.
BOX2D_JOINT_STEPS = {"joint_grid": 500, "tumbler": 750, "rain": 1000}
BOX2D_JOINT_SIZE = 100


class JointScene:
    """One of Box2D's joint scenes as ``time_scene`` takes it: its builders are
    ``benchmarks/joints.py``'s (ours, pyb2d3, pymunk; ``None`` where an engine has none), each
    returning a step closure. ``size`` is the joint grid's side (the others have Box2D's size)."""

    def __init__(self, kind: str, size: int) -> None:
        self.kind, self.size = kind, size
        self.name = f"{kind} {size}x{size}" if kind == "joint_grid" else kind

    def runs(self, builders: dict) -> dict:
        """The runs (objects with ``step()``) of the engines in ``builders`` that build this scene."""
        ours, pyb2d3, pymunk = JOINT_BUILDERS[self.kind]
        mine = {"ours": ours, "pyb2d3": pyb2d3, "pymunk": pymunk}
        return {name: _Stepper(mine[name](self.size)) for name in builders if mine.get(name) is not None}


class _Stepper:
    """A step closure as a run (``time_scene`` calls ``step()``)."""

    def __init__(self, step) -> None:
        self.step = step


def joint_plan(args) -> list[tuple[JointScene, int]]:
    """Box2D's three joint scenes and their timed steps, sized by the arguments (module, scene 8)."""
    if args.quick:
        size, counts = 10, dict.fromkeys(BOX2D_JOINT_STEPS, 20)
    elif args.box2d:
        size, counts = BOX2D_JOINT_SIZE, dict(BOX2D_JOINT_STEPS)
    else:
        size, counts = 30, dict.fromkeys(BOX2D_JOINT_STEPS, 60)
    if args.joint_size is not None:
        size = args.joint_size
    if args.joint_steps is not None:
        counts = dict.fromkeys(BOX2D_JOINT_STEPS, args.joint_steps)
    return [(JointScene(kind, size), n) for kind, n in counts.items()]


def available() -> dict:
    """The builders of the engines installed; one line for each anchor left out."""
    builders = {}
    for name, build in BUILDERS.items():
        if name in OPTIONAL and importlib.util.find_spec(OPTIONAL[name]) is None:
            print(f"{name} is not installed ({OPTIONAL[name]}): its columns are left out", flush=True)
            continue
        builders[name] = build
    return builders


def time_scene(scene, steps: int, builders: dict, warm: int = 2) -> dict[str, list[float]]:
    """Ms of each step of each engine over ``steps`` steps, taking turns (an engine that does
    not build the scene is left out of the answer)."""
    if isinstance(scene, JointScene):
        runs = scene.runs(builders)
    else:
        runs = {name: build(scene) for name, build in builders.items()}
    for _ in range(warm):  # ours compiles (or loads) its kernels on its first step
        for run in runs.values():
            run.step()
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(steps):
        for name, run in runs.items():
            began = time.perf_counter()
            run.step()
            times[name].append(1e3 * (time.perf_counter() - began))
    return times


def stands(scene, build, seconds: float = 10.0) -> tuple[bool, bool]:
    """Whether the pyramid stands (still, shape kept): see the module's scene 4."""
    run = build(scene)
    start = run.poses()
    for _ in range(round(seconds * 30)):
        run.step()
    settled = run.poses()
    for _ in range(round(seconds * 60) - round(seconds * 30)):
        run.step()
    end = run.poses()
    in_place = bool(np.abs(end[1:, 0] - start[1:, 0]).max() < 0.5)
    still = in_place and abs(end[-1, 1] - settled[-1, 1]) < 0.05
    shape_kept = in_place and abs(end[-1, 1] - start[-1, 1]) < 0.5
    return still, shape_kept


def main() -> None:
    parser = OneLineParser(prog="dynamics.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: few steps, small scenes")
    parser.add_argument("--steps", type=int, default=300, help="timed steps per scene (default 300)")
    parser.add_argument("--large-steps", type=int, default=100, help="timed steps of the 100-row pyramid")
    parser.add_argument("--tallest", type=int, default=120, help="tallest pyramid tried for standing (rows)")
    parser.add_argument(
        "--compound-steps",
        type=int,
        default=300,
        help="timed steps of Box2D's compounds (default 300; Box2D: 500)",
    )
    parser.add_argument(
        "--room-steps", type=int, default=600, help="timed steps of the small rooms (default 600)"
    )
    parser.add_argument(
        "--box2d",
        action="store_true",
        help="Box2D's benchmark set at its own sizes and step counts instead: large_pyramid 500, "
        "many_pyramids 200, smash 300, compounds 500, joint_grid 100x100 500, tumbler 750, rain 1000 "
        "(minutes a run)",
    )
    parser.add_argument(
        "--joints",
        action="store_true",
        help="only Box2D's joint scenes: joint_grid, tumbler, rain (with --box2d at its sizes)",
    )
    parser.add_argument(
        "--joint-size",
        type=int,
        default=None,
        help=f"joint_grid's bodies a side (2..{MAX_JOINT_SIZE}; default 30, --box2d 100)",
    )
    parser.add_argument(
        "--joint-steps",
        type=int,
        default=None,
        help="timed steps of each joint scene (default 60; --box2d: 500, 750, 1000)",
    )
    parser.add_argument(
        "--scenes",
        default=None,
        help="only the scenes whose names start with one of these comma-separated words "
        "(e.g. smash, pyramid, many-pyramids, compounds, room, pile, joint_grid, tumbler, rain)",
    )
    args = parser.parse_args()
    # Written limits, checked before any work: no timed step gave a median of nothing (nan), and a
    # tallest below the first pyramid tried (20 rows) left the standing table nothing to show.
    for flag, value, low, high in (
        ("--steps", args.steps, 1, MAX_STEPS),
        ("--large-steps", args.large_steps, 1, MAX_STEPS),
        ("--tallest", args.tallest, 20, MAX_TALLEST),
        ("--compound-steps", args.compound_steps, 1, MAX_STEPS),
        ("--room-steps", args.room_steps, 1, MAX_STEPS),
        ("--joint-size", args.joint_size, 2, MAX_JOINT_SIZE),
        ("--joint-steps", args.joint_steps, 1, MAX_STEPS),
    ):
        if value is not None and not low <= value <= high:
            parser.error(f"{flag} {value}: must be {low}..{high}")
    steps = 20 if args.quick else args.steps
    builders = available()
    rooms = 20 if args.quick else args.room_steps
    plan = [(room(20), rooms), (room(200), rooms), (pyramid(20), steps), (pyramid(40), steps)]
    plan.append((pile(2000 if not args.quick else 300), steps))
    if args.quick:  # Box2D's own debug sizes for a smoke run
        plan += [(compounds(10, 40), min(steps, args.compound_steps)), (smash(20, 10), steps)]
        plan += [(smash(20, 10, asleep=True), steps)]
        plan += [(many_pyramids(5, 5), steps)] if args.box2d else []
    elif args.box2d:  # Box2D's benchmark app's scenes and step counts (benchmark/main.c)
        plan = [(pyramid(100), 500), (many_pyramids(), 200), (smash(), 300), (smash(asleep=True), 300)]
        plan += [(compounds(), 500)]
    else:
        plan += [(pyramid(100), args.large_steps), (compounds(), args.compound_steps)]
    if args.joints:
        plan = []
        builders.pop("pybox2d", None)  # (no joint scene is built in pybox2d: its column would be empty)
    plan += joint_plan(args)
    if args.scenes is not None:
        words = tuple(word.strip() for word in args.scenes.split(",") if word.strip())
        plan = [(scene, n) for scene, n in plan if scene.name.startswith(words)]
        if not plan:
            parser.error(f"--scenes {args.scenes}: no scene's name starts with any of those words")
    theirs = [name for name in builders if name != "ours"]
    print(
        f"{'scene':<18}"
        + "".join(f"{name + ' ms':>12}" for name in builders)
        + "".join(f"{'ours/' + name:>15}" for name in theirs)
    )
    for scene, n in plan:
        times = time_scene(scene, n, builders)
        t = {name: float(np.median(each)) for name, each in times.items()}
        print(
            f"{scene.name:<18}"
            + "".join(f"{t[name]:12.3f}" if name in t else f"{'-':>12}" for name in builders)
            + "".join(f"{t['ours'] / t[name]:15.2f}" if name in t else f"{'-':>15}" for name in theirs),
            flush=True,
        )
        if (
            args.box2d or scene.name.startswith("compounds") or isinstance(scene, JointScene)
        ):  # Box2D's benchmark reports the sum
            print(
                f"  sum of its {n} steps, ms:"
                + "".join(f" {name} {sum(each):.0f}" for name, each in times.items()),
                flush=True,
            )
    if (args.box2d and not args.quick) or args.joints or args.scenes is not None:
        return
    rows = [20] if args.quick else list(range(20, args.tallest + 1, 10))
    print("tallest standing pyramid after 10 s (rows tried: " + ", ".join(map(str, rows)) + "):")
    print("           still   shape kept")
    for name, build in builders.items():
        best = [0, 0]  # each test's tallest before its first failure
        going = [True, True]
        for r in rows:
            for test, ok in enumerate(stands(pyramid(r), build, 2.0 if args.quick else 10.0)):
                going[test] = going[test] and ok
                best[test] = r if going[test] else best[test]
            if not any(going):
                break
        shown = [f"{b}" + ("+" if b == rows[-1] else "") for b in best]
        print(f"  {name:<8} {shown[0]:>5}   {shown[1]:>5}", flush=True)


if __name__ == "__main__":
    main()
