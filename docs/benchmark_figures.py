"""Today's benchmark ratios (ours / theirs, time; lower is faster), as ``benchmarks.md``'s tables
give them: the plot on that page is drawn from these. Each value is (fastest run, slowest run);
update both together when a round of benchmarks is written down (CHANGELOG.md keeps the old)."""

#: The thirteenth round (2026-11-29), ``benchmarks/dynamics.py`` (rigid bodies); and
#: ``benchmarks/narrow_phase.py``'s batch verdicts; ``benchmarks/world.py``'s scenes.
RATIOS = {
    "rigid bodies / pymunk": [
        ("pyramid, 20 rows", (0.41, 0.43)),
        ("pyramid, 40 rows", (0.32, 0.37)),
        ("pile of 2,000", (1.89, 2.05)),
        ("pyramid, 100 rows", (0.30, 0.34)),
    ],
    "rigid bodies / pybox2d": [
        ("pyramid, 20 rows", (0.25, 0.26)),
        ("pyramid, 40 rows", (0.19, 0.22)),
        ("pile of 2,000", (0.86, 0.88)),
        ("pyramid, 100 rows", (0.24, 0.25)),
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
