"""The command: a short run finds no fault of ours, and every stored case still holds."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.crosscheck.cases import case_files, read_case
from engine.crosscheck.cli import main, summary_table
from engine.crosscheck.judge import judge_all
from engine.crosscheck.replay import replay
from engine.crosscheck.run import ProgressBar, cells, keep_cases, run, run_chunk
from engine.crosscheck.specs import KINDS
from engine.crosscheck.styles import STYLES

REGRESSIONS = Path(__file__).resolve().parents[2] / "regressions"
CI_PAIRS, CI_SEED = 20_000, 20_240_611


@pytest.fixture(scope="module")
def short_run():
    return run(CI_PAIRS, CI_SEED, jobs=1)


def test_a_short_run_covers_every_style_and_pairing_and_finds_no_fault_of_ours(short_run):
    total = short_run.total()
    assert total.pairs == CI_PAIRS
    assert set(short_run.tallies) == {(s, f"{a}-{b}") for s, a, b in cells(STYLES, KINDS)}
    assert min(t.pairs for t in short_run.tallies.values()) >= CI_PAIRS // len(cells(STYLES, KINDS)) - 4
    assert total.faults == 0, summary_table(short_run)


def test_the_short_run_meets_pymunks_known_quirk_so_the_checks_are_live(short_run):
    # Identical polygons at one place: pymunk answers depth 0 (its search starts at the origin).
    assert short_run.tallies[("identical", "poly-poly")].pymunk["depth"] > 0
    assert short_run.total().right["ours"] > 0


def test_the_short_run_exercises_the_touching_band_and_deep_overlaps(short_run):
    assert short_run.tallies[("near", "poly-poly")].pairs > 0
    assert short_run.total().band_splits > 0  # near-touching pairs reach inside the band
    assert max(t.worst for t in short_run.tallies.values()) > 0.0


def test_every_case_of_the_short_run_has_a_stored_case_of_its_class(short_run, tmp_path):
    written = keep_cases(short_run, tmp_path)
    assert len(written) == len(short_run.examples)
    stored = {p.name.rsplit(".", 2)[0] for p in REGRESSIONS.glob("*.json")}
    assert set(short_run.examples) <= stored, "run python -m engine.crosscheck to keep the new cases"


STORED = case_files([REGRESSIONS]) if REGRESSIONS.is_dir() else []


def test_there_are_stored_cases():
    assert len(STORED) >= 1


@pytest.mark.parametrize("path", STORED, ids=[p.name for p in STORED])
def test_a_stored_case_still_agrees_with_exact_geometry_and_its_label_holds(path):
    (replayed,) = replay([read_case(path)])
    assert replayed.ours_right, replayed.describe()
    assert replayed.label_holds, replayed.describe()


def test_a_chunk_gives_the_same_pairs_whatever_runs_it():
    first = run_chunk(5, 3, 64, tuple(STYLES), KINDS)
    again = run_chunk(5, 3, 64, tuple(STYLES), KINDS)
    assert first.tallies == again.tallies and first.examples == again.examples


def test_two_processes_count_the_same_as_one():
    one, two = (
        run(4_200, 9, ("ordinary", "identical"), ("poly", "circle"), jobs=1),
        run(4_200, 9, ("ordinary", "identical"), ("poly", "circle"), jobs=2),
    )
    assert one.tallies == two.tallies


def test_the_progress_bar_shows_pairs_per_second_and_disagreements():
    stream = io.StringIO()
    run(600, 3, ("identical",), ("poly",), jobs=1, progress=ProgressBar(600, stream))
    line = stream.getvalue().rsplit("\r", 1)[-1]
    assert "600/600 pairs" in line and "pairs/s" in line and "faults of ours 0" in line


def test_the_command_exits_zero_and_prints_the_summary(capsys, tmp_path):
    argv = ["--pairs", "300", "--seed", "4", "--jobs", "1", "--quiet", "--out", str(tmp_path)]
    code = main([*argv, "--styles", "ordinary,identical", "--kinds", "poly"])
    out = capsys.readouterr().out
    assert code == 0
    assert "300 pairs (seed 4, 1 jobs)" in out and "0 faults of ours" in out
    assert "identical  poly-poly" in out and "ordinary   poly-poly" in out


def test_replay_reports_each_case_and_exits_zero_when_all_hold(capsys):
    assert main(["--replay", str(REGRESSIONS)]) == 0
    out = capsys.readouterr().out
    assert f"{len(STORED)} cases replayed, 0 failing" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--pairs", "0"], "--pairs: 0 must be at least 1"),
        (["--pairs", "many"], "--pairs: 'many' is not a whole number"),
        (["--kinds", "poly,ellipse"], "unknown kind ellipse"),
        (["--styles", "weird"], "unknown style weird"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        # Issue 24 (round two's CLI probes): a negative seed was a numpy traceback from the workers.
        (["--seed", "-1"], "--seed: -1 must be from 0 to 4294967295"),
        (["--seed", str(2**32)], "--seed: 4294967296 must be from 0 to 4294967295"),
        (["--seed", "1.5"], "--seed: '1.5' is not a whole number"),
    ],
)
def test_a_bad_option_is_one_line_on_stderr_and_exit_status_2(capsys, argv, needle):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_an_unwritable_case_folder_is_one_line_before_the_run_starts(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["--pairs", "10", "--jobs", "1", "--quiet", "--out", str(blocker / "cases")]) == 2
    captured = capsys.readouterr()
    assert "--out" in captured.err and captured.err.count("\n") == 1 and captured.out == ""


def test_a_perturbed_engine_is_caught_by_a_short_run(monkeypatch):
    # Our normals turned by 1e-7 rad: every clearly overlapping pair must be a normal fault.
    from engine.crosscheck import judge as judge_module

    real = judge_module.our_answers
    c, s = np.cos(1e-7), np.sin(1e-7)

    def turned(pairs):
        return [
            a._replace(normal=(c * a.normal[0] - s * a.normal[1], s * a.normal[0] + c * a.normal[1]))
            for a in real(pairs)
        ]

    monkeypatch.setattr(judge_module, "our_answers", turned)
    result = run(1_024, 8, ("ordinary", "nested"), KINDS, jobs=1)
    nested = sum(t.ours["normal"] for (style, _), t in result.tallies.items() if style == "nested")
    assert nested >= 0.9 * 512
    assert result.total().faults == sum(t.ours["normal"] for t in result.tallies.values())


def test_a_bad_case_file_in_replay_is_one_line_and_exit_status_2(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"a": 1}')
    assert main(["--replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and err.count("\n") == 1


def test_a_fault_of_ours_makes_the_replay_fail(tmp_path, capsys, monkeypatch):
    # Pretend the engine answered a depth off by 1e-6: the replay must say so and exit 1.
    from engine.crosscheck import judge as judge_module

    real = judge_module.our_answers

    def off(pairs):
        return [a._replace(depth=a.depth + 1e-6) for a in real(pairs)]

    monkeypatch.setattr(judge_module, "our_answers", off)
    assert main(["--replay", str(REGRESSIONS)]) == 1
    assert "FAULT OF OURS" in capsys.readouterr().out


def test_importing_the_engine_does_not_import_pymunk_or_shapely():
    import subprocess
    import sys

    code = (
        "import sys, engine, engine.crosscheck; print([m for m in ('pymunk', 'shapely') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_judged_pairs_of_a_style_are_mostly_a_mix_of_hits_and_misses():
    rng = np.random.default_rng(2)
    for style in ("ordinary", "slivers", "far", "tiny", "many", "near"):
        pairs = [STYLES[style].place(rng, *STYLES[style].shapes(rng, "poly", "capsule")) for _ in range(200)]
        share = np.mean([j.exact.gap <= 0 for j in judge_all(pairs)])
        assert 0.15 < share < 0.85, (style, share)


def test_a_negative_seed_on_the_command_line_is_one_line_and_exit_status_2():
    """Through a real process, as a person types it: no traceback from the pool's workers."""
    done = subprocess.run(
        [sys.executable, "-m", "engine.crosscheck", "--pairs", "10", "--seed", "-1", "--no-cases"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr == "gjk-crosscheck: argument --seed: -1 must be from 0 to 4294967295 (see --help)\n"
