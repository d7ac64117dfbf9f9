"""The cross-check's manifold mode: a short run finds no fault of ours, the checks are live (a wrong
manifold is caught), cases round-trip and replay, and the command line takes ``--mode manifold``."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from engine.collision import Capsule, Circle, Polygon
from engine.crosscheck import manifolds
from engine.crosscheck.cases import case_class, read_case, to_json, write_case
from engine.crosscheck.manifolds import MANIFOLD_CHECKS, OurManifold, judge_manifolds, pymunk_manifold
from engine.crosscheck.replay import replay
from engine.crosscheck.run import keep_cases, run
from engine.crosscheck.specs import Pair
from engine.crosscheck.styles import STYLES
from engine.crosscheck.twins import to_pymunk

ROOT = Path(__file__).resolve().parents[3]
SHORT_PAIRS, SHORT_SEED = 6_400, 20_261_125

RESTING = Pair(Polygon.box(5.0, 0.5), (0.0, 0.0, 0.0), Polygon.box(0.5, 0.5), (0.2, 0.99, 0.0))


@pytest.fixture(scope="module")
def short_run():
    return run(SHORT_PAIRS, SHORT_SEED, jobs=1, mode="manifold")


def test_a_short_manifold_run_covers_every_style_and_pairing_and_finds_no_fault_of_ours(short_run):
    total = short_run.total()
    assert total.pairs == SHORT_PAIRS
    assert {style for style, _ in short_run.tallies} == set(STYLES)
    assert len(short_run.tallies) == len(STYLES) * 16
    assert total.faults == 0, {k: t.ours for k, t in short_run.tallies.items() if t.faults}


def test_the_short_manifold_run_meets_pymunks_identical_shapes_quirk_so_pymunk_is_judged(short_run):
    identical = short_run.tallies["identical", "poly-poly"]
    assert identical.pymunk["normal"] > 0 and identical.right["ours"] == identical.pymunk["normal"]


def test_ties_between_right_normals_are_few_so_most_points_are_compared_with_pymunk(short_run):
    ordinary = [t for (style, _), t in short_run.tallies.items() if style == "ordinary"]
    assert sum(t.ties for t in ordinary) <= 0.02 * sum(t.pairs for t in ordinary)


def test_a_resting_box_passes_with_two_points_matching_pymunks():
    (judged,) = judge_manifolds([RESTING])
    assert len(judged.ours.points) == len(judged.pymunk.points) == 2
    assert judged.verdict.ours == judged.verdict.pymunk == "" and not judged.verdict.tie


def wrong(monkeypatch, change) -> str:
    """Judge the resting box with our manifold changed by ``change``; our first failed check."""
    real = manifolds.our_manifolds
    monkeypatch.setattr(manifolds, "our_manifolds", lambda pairs: [change(m) for m in real(pairs)])
    (judged,) = judge_manifolds([RESTING])
    return judged.verdict.ours


def test_a_point_moved_along_both_surfaces_by_1e_8_is_a_points_fault(monkeypatch):
    def slide(m):  # towards the box's middle (x = 0.2): still on the ground's top and the box's bottom
        (a, b, s, i), second = m.points
        dx = math.copysign(1e-8, 0.2 - b[0])
        return m._replace(points=(((a[0] + dx, a[1]), (b[0] + dx, b[1]), s, i), second))

    assert wrong(monkeypatch, slide) == "points"


def test_a_point_lifted_off_the_surface_is_a_boundary_fault(monkeypatch):
    def lift(m):
        (a, b, s, i), second = m.points
        return m._replace(points=(((a[0], a[1] + 1e-8), (b[0], b[1] + 1e-8), s, i), second))

    assert wrong(monkeypatch, lift) == "boundary"


def test_a_dropped_point_is_a_count_fault(monkeypatch):
    assert wrong(monkeypatch, lambda m: m._replace(points=m.points[:1])) == "count"


def test_a_tilted_normal_is_a_normal_fault(monkeypatch):
    turn = 1e-7
    c, s = math.cos(turn), math.sin(turn)
    assert (
        wrong(
            monkeypatch,
            lambda m: m._replace(
                normal=(c * m.normal[0] - s * m.normal[1], s * m.normal[0] + c * m.normal[1])
            ),
        )
        == "normal"
    )


def test_no_points_for_overlapping_shapes_is_a_verdict_fault(monkeypatch):
    assert wrong(monkeypatch, lambda m: OurManifold((0.0, 0.0), ())) == "verdict"


def test_a_manifold_case_round_trips_and_replays_in_its_mode(tmp_path):
    box = Polygon.box(0.5, 0.3)
    pair = Pair(box, (1.0, 2.0, 0.3), box, (1.0, 2.0, 0.3))  # pymunk: identical boxes have depth 0
    (judged,) = judge_manifolds([pair])
    record = to_json(judged, "identical", {"seed": 1, "pair": 2}, "manifold")
    assert record["mode"] == "manifold" and set(record["answers"]) == {"ours", "pymunk", "exact"}
    path = write_case(record, tmp_path)
    assert path.name.startswith(case_class(pair.pairing, "identical", record["failed"], "manifold"))
    case = read_case(path)
    assert case.mode == "manifold" and case.failed == record["failed"]
    (again,) = replay([case])
    assert record["failed"] == {"ours": "", "pymunk": "normal"} and record["right"] == "ours"
    assert again.verdict.ours == "" and again.label_holds


def test_a_manifold_case_naming_a_contact_only_check_is_refused(tmp_path):
    pair = Pair(Circle(0.5), (0.0, 0.0, 0.0), Circle(0.5), (0.2, 0.0, 0.0))
    (judged,) = judge_manifolds([pair])
    record = to_json(judged, "ordinary", {}, "manifold")
    record["failed"] = {"ours": "distance", "pymunk": ""}
    path = write_case(record, tmp_path)
    with pytest.raises(
        ValueError, match=r"'failed' must map ours and pymunk to '' or one of verdict, normal"
    ):
        read_case(path)


def test_the_manifold_run_keeps_a_shrunk_case_per_class(short_run, tmp_path):
    written = keep_cases(short_run, tmp_path)
    assert len(written) == len(short_run.examples) > 0
    assert all(p.name.startswith("manifold.") for p in written)
    assert all(r.ours_right and r.label_holds for r in replay([read_case(p) for p in written]))


def test_the_command_runs_the_manifold_mode_and_prints_its_checks():
    done = subprocess.run(
        [
            *(
                sys.executable,
                "-m",
                "engine.crosscheck",
                "--mode",
                "manifold",
                "--pairs",
                "800",
                "--jobs",
                "1",
            ),
            *("--styles", "ordinary,identical", "--kinds", "poly,rounded", "--no-cases", "--quiet"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    head = done.stdout.splitlines()[0]
    assert all(check in head for check in MANIFOLD_CHECKS) and "ties" in head
    assert "800 pairs (seed 1, 1 jobs, manifolds)" in done.stdout and "0 faults of ours" in done.stdout


def test_an_unknown_mode_is_one_line_and_exit_status_2():
    done = subprocess.run(
        [sys.executable, "-m", "engine.crosscheck", "--mode", "contacts"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (
        done.returncode == 2 and "invalid choice: 'contacts'" in done.stderr and done.stderr.count("\n") == 1
    )


#: From a 1M manifold run (seed 7, far style): a capsule and a rounded triangle 1.8e5 from the origin.
FAR = Pair(
    Capsule((-0.084, -0.036), (0.16, 0.11), 0.2),
    (-71460.93, 163653.3734, -0.237),
    Polygon([(-0.2, -0.01), (-0.2, -0.04), (0.034, 0.048)], 0.02),
    (-71461.17, 163653.296, -0.4),
)


def test_far_from_the_origin_pymunk_clips_in_world_coordinates_and_moves_a_point_by_2e_7():
    """The run blamed us for this pair ("points") when pymunk clipped where the pair stands:
    pymunk's second point sat 1.9e-7 shallower than its first, ours both at the exact gap."""
    world = pymunk_manifold(to_pymunk(FAR.a, FAR.xf_a), to_pymunk(FAR.b, FAR.xf_b))
    (judged,) = judge_manifolds([FAR])
    assert abs(world.points[1][2] - world.points[0][2]) > 1e-7
    assert all(abs(p[2] - judged.exact.gap) < 1e-12 for p in judged.ours.points)


def test_the_manifold_judge_places_pymunk_in_the_pair_frame_so_the_far_pair_agrees():
    (judged,) = judge_manifolds([FAR])
    assert judged.verdict.ours == "" and judged.verdict.pymunk == "" and not judged.verdict.tie
    assert all(abs(p[2] - judged.exact.gap) < 1e-9 for p in judged.pymunk.points)


#: From the ordinary style: a capsule whose core slants across the normal at its clipped point.
SLANT = Pair(
    Polygon(
        [
            (-0.1541524313796023, -0.0986682504290834),
            (0.01730444947689523, -0.282936667940231),
            (0.058502868420998874, -0.2663626850810214),
        ]
    ),
    (24.70159750022472, -70.60029266755151, -1.6318612772014525),
    Capsule(
        (-0.6204451967618747, -0.1448062029153639),
        (-0.9078786856915051, 0.17779346900954723),
        0.9412641773926301,
    ),
    (24.494936228264944, -69.9918180508039, -0.15279144794609456),
)


def test_a_point_we_carry_onto_a_slanted_surface_is_not_a_count_fault_though_pymunk_drops_it():
    """Our second point sits on the capsule's surface and overlaps by 0.138; pymunk's, pushed out by
    the radius only, stops 0.42 short of the surface and is dropped as apart. The judge counts ours
    the way pymunk builds them (it failed 'count' before it did)."""
    (judged,) = judge_manifolds([SLANT])
    assert len(judged.ours.points) == 2 and len(judged.pymunk.points) == 1
    assert all(p[2] < -0.1 for p in judged.ours.points)
    assert judged.verdict.ours == "" and judged.verdict.pymunk == ""
