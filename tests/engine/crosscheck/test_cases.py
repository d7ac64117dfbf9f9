"""Case files: round trip, shrinking, and one clear line for a bad file."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.crosscheck.cases import CaseError, case_class, known_classes, read_case, to_json, write_case
from engine.crosscheck.judge import judge_all
from engine.crosscheck.shrink import judge_record, shrink
from engine.crosscheck.styles import make_pair


@pytest.fixture(scope="module")
def pymunk_depth_record():
    """A disagreement from the run: identical octagons at one place, where pymunk's depth is 0."""
    rng = np.random.default_rng(11)
    for _ in range(200):
        pair = make_pair(rng, "identical", "poly", "poly")
        if len(pair.a.points) >= 6:
            judged = judge_all([pair])[0]
            if judged.verdict.disagrees:
                return to_json(judged, "identical", {"seed": 11, "pair": 0})
    raise AssertionError("no identical polygons with 6+ vertices where pymunk's depth is wrong")


def test_a_record_round_trips_through_its_file(tmp_path, pymunk_depth_record):
    path = write_case(pymunk_depth_record, tmp_path)
    case = read_case(path)
    assert case.right == "ours" and case.failed == {"ours": "", "pymunk": "depth"}
    assert case.pair.a.points == tuple(tuple(p) for p in pymunk_depth_record["a"]["shape"]["points"])
    assert case.pair.xf_b == tuple(pymunk_depth_record["b"]["xf"])
    assert known_classes(tmp_path) == {case_class("poly-poly", "identical", case.failed)}
    assert list(tmp_path.glob("*.tmp")) == []  # written atomically: no temporary file left


def test_shrinking_keeps_the_disagreement_with_fewer_vertices_and_rounder_numbers(pymunk_depth_record):
    small = shrink(pymunk_depth_record)
    judged = judge_record(small)
    assert (judged.verdict.ours, judged.verdict.pymunk) == ("", "depth")
    assert len(small["a"]["shape"]["points"]) < len(pymunk_depth_record["a"]["shape"]["points"])
    digits = [len(repr(v)) for p in small["a"]["shape"]["points"] for v in p]
    assert max(digits) <= 6, small["a"]["shape"]["points"]  # like -1.25, not -1.2483920193
    assert small["a"] == small["b"]  # identical stays identical


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "a case must be a JSON object"),
        ('{"a": {"shape": {"kind": "ellipse"}, "xf": [0, 0, 0]}}', "a: kind must be one of"),
        (
            '{"a": {"shape": {"kind": "poly", "points": [[0,0],[2,0],[1,0.2],[2,1],[0,1]]}, "xf": [0,0,0]}}',
            "a: polygon is not convex",
        ),
        ('{"a": {"shape": {"kind": "circle", "radius": 1}, "xf": [0, 0]}}', "a: a transform must be"),
        (
            '{"a": {"shape": {"kind": "circle", "radius": 1}, "xf": [0, 0, 0]},'
            ' "b": {"shape": {"kind": "circle", "radius": 1}, "xf": [0, 0, 0]}, "right": "nobody"}',
            "'right' must be one of ours, pymunk, exact",
        ),
    ],
)
def test_a_bad_case_file_is_one_line_naming_the_file_and_the_problem(tmp_path, text, problem):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CaseError) as error:
        read_case(path)
    message = str(error.value)
    assert message.startswith(f"{path}: ") and problem in message and "\n" not in message


def test_a_missing_case_file_is_one_line_too(tmp_path):
    with pytest.raises(CaseError, match=r"missing\.json: cannot read"):
        read_case(tmp_path / "missing.json")


def test_the_stored_record_says_what_each_side_answered(pymunk_depth_record):
    answers = json.loads(json.dumps(pymunk_depth_record))["answers"]
    assert answers["pymunk"]["depth"] == 0.0 and answers["ours"]["depth"] > 0.0
    assert answers["exact"]["gap"] == pytest.approx(-answers["ours"]["depth"], rel=1e-9)
