"""Today's benchmark ratios (ours / theirs, time; lower is faster), as ``benchmarks.md``'s tables
give them: the plot on that page is drawn from these. Each value is (fastest run, slowest run);
update both together when a round of benchmarks is written down (CHANGELOG.md keeps the old)."""

#: The fourteenth round (2026-11-29, a loaded machine), ``benchmarks/dynamics.py`` (rigid bodies,
#: pymunk, pybox2d and pyb2d3 in the same runs); the thirteenth round's
#: ``benchmarks/narrow_phase.py``'s batch verdicts and ``benchmarks/world.py``'s scenes.
RATIOS = {
    "rigid bodies / pymunk": [
        ("pyramid, 20 rows", (0.47, 0.51)),
        ("pyramid, 40 rows", (0.40, 0.41)),
        ("pile of 2,000", (1.52, 1.73)),
        ("pyramid, 100 rows", (0.32, 0.34)),
        ("compounds, 3,000", (1.05, 1.05)),
    ],
    "rigid bodies / pybox2d": [
        ("pyramid, 20 rows", (0.30, 0.32)),
        ("pyramid, 40 rows", (0.29, 0.31)),
        ("pile of 2,000", (0.57, 0.72)),
        ("pyramid, 100 rows", (0.27, 0.30)),
        ("compounds, 3,000", (0.58, 0.58)),
    ],
    "rigid bodies / pyb2d3": [
        ("pyramid, 20 rows", (0.81, 0.86)),
        ("pyramid, 40 rows", (0.84, 0.87)),
        ("pile of 2,000", (1.72, 1.99)),
        ("pyramid, 100 rows", (0.70, 0.82)),
        ("compounds, 3,000", (2.04, 2.04)),
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
    "batch verdicts / pymunk": 0.05,
    "world queries / pymunk": 0.3,
}
