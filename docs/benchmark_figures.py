"""Today's benchmark ratios (ours / theirs, time; lower is faster), as ``benchmarks.md``'s tables
give them: the plot on that page is drawn from these. Each value is (fastest run, slowest run);
update both together when a round of benchmarks is written down (CHANGELOG.md keeps the old)."""

#: The eighteenth round (2026-11-30, a quiet machine, one run), ``benchmarks/dynamics.py`` (rigid
#: bodies, pymunk, pybox2d and pyb2d3 in the same run; the pile's range adds that hour's two runs of
#: ``--scenes pile``); the thirteenth
#: round's ``benchmarks/narrow_phase.py``'s batch verdicts and ``benchmarks/world.py``'s scenes; Box2D's
#: joint scenes at its sizes (``dynamics.py --joints --box2d``, two runs on a loaded machine, issue 39;
#: rain since its continuous pass used a grid: ``joints.py --scene rain --steps 1000``, one run, issue 42).
RATIOS = {
    "rigid bodies / pymunk": [
        ("room, 20 crates", (7.61, 7.61)),
        ("room, 200 crates", (2.34, 2.34)),
        ("pyramid, 20 rows", (0.49, 0.49)),
        ("pyramid, 40 rows", (0.41, 0.41)),
        ("pile of 2,000", (0.91, 1.02)),
        ("pyramid, 100 rows", (0.29, 0.29)),
        ("compounds, 3,000", (0.76, 0.76)),
    ],
    "rigid bodies / pybox2d": [
        ("room, 20 crates", (3.46, 3.46)),
        ("room, 200 crates", (1.03, 1.03)),
        ("pyramid, 20 rows", (0.31, 0.31)),
        ("pyramid, 40 rows", (0.26, 0.26)),
        ("pile of 2,000", (0.57, 0.60)),
        ("pyramid, 100 rows", (0.24, 0.24)),
        ("compounds, 3,000", (0.46, 0.46)),
    ],
    "rigid bodies / pyb2d3": [
        ("room, 20 crates", (4.85, 4.85)),
        ("room, 200 crates", (1.79, 1.79)),
        ("pyramid, 20 rows", (0.83, 0.83)),
        ("pyramid, 40 rows", (0.77, 0.77)),
        ("pile of 2,000", (1.36, 1.49)),
        ("pyramid, 100 rows", (0.82, 0.82)),
        ("compounds, 3,000", (1.41, 1.41)),
    ],
    "Box2D's joint scenes / pyb2d3": [
        ("joint_grid, 100 × 100", (1.69, 1.72)),
        ("tumbler", (1.19, 1.23)),
        ("rain", (1.50, 1.50)),
    ],
    "batch verdicts / pymunk": [
        ("polygon–polygon", (0.053, 0.053)),
        ("polygon–circle", (0.039, 0.039)),
        ("circle–circle", (0.035, 0.035)),
        ("polygon–capsule", (0.047, 0.047)),
        ("capsule–capsule", (0.045, 0.045)),
        ("rounded–polygon", (0.046, 0.046)),
    ],
    "world queries / pymunk": [
        ("2,000 boxes", (0.38, 0.38)),
        ("5,000 boxes", (0.33, 0.34)),
        ("20,000 boxes", (0.20, 0.22)),
        ("dense 20,000", (0.24, 0.25)),
        ("shooter scene", (0.44, 0.44)),
    ],
}
#: The goals the issues set (ours / theirs at most).
GOALS = {
    "rigid bodies / pymunk": 0.5,
    "rigid bodies / pybox2d": 0.3,
    "Box2D's joint scenes / pyb2d3": 1.0,
    "batch verdicts / pymunk": 0.05,
    "world queries / pymunk": 0.3,
}
