"""The judge flags every kind of wrong answer, and only wrong ones."""

from __future__ import annotations

import math

import pytest

from engine.collision import Circle, Polygon
from engine.crosscheck.exact import exact_answers
from engine.crosscheck.judge import OurAnswer, judge, judge_all, tolerances
from engine.crosscheck.specs import Pair
from engine.crosscheck.twins import PymunkAnswer

OVERLAPPING = Pair(Polygon.box(2.0, 1.0), (0.0, 0.0, 0.0), Polygon.box(1.0, 1.0), (2.5, 1.8, 0.0))
APART = Pair(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (3.0, 0.0, 0.0))
RIGHT_CONTACT = OurAnswer(True, (0.0, 1.0), 0.2, 0.0)
RIGHT_PYMUNK = PymunkAnswer(True, (0.0, 1.0), 0.2)


def judged(pair, ours, pm):
    (exact,), (cores,) = exact_answers([pair])
    return judge(pair, ours, pm, exact, cores)


def test_right_answers_pass_every_check():
    assert judged(OVERLAPPING, RIGHT_CONTACT, RIGHT_PYMUNK).disagrees is False
    assert (
        judged(APART, OurAnswer(False, (0, 0), 0.0, 1.0), PymunkAnswer(False, (0, 0), 0.0)).disagrees is False
    )


@pytest.mark.parametrize(
    ("ours", "check"),
    [
        (OurAnswer(False, (0.0, 0.0), 0.0, 0.0), "verdict"),
        (OurAnswer(True, (0.0, 1.0), 0.2 + 1e-8, 0.0), "depth"),
        (OurAnswer(True, (1.0, 0.0), 0.2, 0.0), "normal"),  # x overlaps by 0.5: not the least
        (OurAnswer(True, (0.0, 0.0), 0.2, 0.0), "normal"),
        (OurAnswer(True, (math.sin(1e-6), math.cos(1e-6)), 0.2, 0.0), "normal"),
        (OurAnswer(True, (0.0, 1.0), 0.2, 1e-3), "distance"),
    ],
)
def test_a_wrong_answer_of_ours_is_a_fault_and_pymunk_was_right(ours, check):
    verdict = judged(OVERLAPPING, ours, RIGHT_PYMUNK)
    assert (verdict.ours, verdict.pymunk, verdict.right) == (check, "", "pymunk")


def test_a_wrong_distance_for_separated_shapes_is_a_fault():
    verdict = judged(APART, OurAnswer(False, (0, 0), 0.0, 1.0 + 1e-9), PymunkAnswer(False, (0, 0), 0.0))
    assert verdict.ours == "distance"


def test_pymunks_zero_normal_is_pymunks_fault_and_we_were_right():
    verdict = judged(OVERLAPPING, RIGHT_CONTACT, PymunkAnswer(True, (0.0, 0.0), 0.0))
    assert (verdict.ours, verdict.pymunk, verdict.right) == ("", "depth", "ours")


def test_both_wrong_is_labelled_exact():
    wrong = PymunkAnswer(False, (0.0, 0.0), 0.0)
    verdict = judged(OVERLAPPING, OurAnswer(False, (0, 0), 0, 0), wrong)
    assert verdict.right == "exact"


def test_inside_the_touching_band_either_verdict_is_right_and_the_split_is_counted():
    band, _ = tolerances(APART)
    touching = APART._replace(xf_b=(2.0 + band / 2.0, 0.0, 0.0))
    verdict = judged(touching, OurAnswer(True, (1.0, 0.0), 0.0, 0.0), PymunkAnswer(False, (0, 0), 0.0))
    assert (verdict.ours, verdict.pymunk, verdict.band_split) == ("", "", True)
    outside = APART._replace(xf_b=(2.0 + 2.0 * band, 0.0, 0.0))
    assert (
        judged(outside, OurAnswer(True, (1.0, 0.0), 0.0, 0.0), PymunkAnswer(False, (0, 0), 0.0)).ours
        == "verdict"
    )


def test_the_band_grows_with_the_distance_from_the_origin_like_the_engines_tolerance():
    far = APART._replace(xf_a=(1e6, 0.0, 0.0), xf_b=(1e6 + 3.0, 0.0, 0.0))
    assert tolerances(far)[0] > 300.0 * tolerances(APART)[0]


def test_judge_all_runs_our_batch_path_and_pymunk_on_every_pair():
    results = judge_all([OVERLAPPING, APART])
    assert [r.ours.hit for r in results] == [True, False]
    assert [r.pymunk.hit for r in results] == [True, False]
    assert results[0].ours.depth == pytest.approx(0.2, abs=1e-14)
    assert results[1].ours.distance == pytest.approx(1.0, abs=1e-14)
    assert not any(r.verdict.disagrees for r in results)


def test_a_round_pairs_normal_a_little_off_the_closest_points_direction_is_a_fault():
    # Two circles 1.5 apart, overlapping by 0.5: the support depth is flat near the right
    # normal, so a turn of 1e-7 rad is caught by the angle to the closest-points direction.
    pair = Pair(Circle(1.0), (0.0, 0.0, 0.0), Circle(1.0), (1.5, 0.0, 0.0))
    turned = (math.cos(1e-7), math.sin(1e-7))
    pm = PymunkAnswer(True, (1.0, 0.0), 0.5)
    assert judged(pair, OurAnswer(True, (1.0, 0.0), 0.5, 0.0), pm).ours == ""
    assert judged(pair, OurAnswer(True, turned, 0.5, 0.0), pm).ours == "normal"
