"""Shrink a disagreement to a small case that still disagrees the same way.

Tries, in rounds until nothing more helps or the budget is spent:
fewer polygon vertices, the pair moved back to the origin, angles 0 or
halved, then every number rounded to as few significant digits as keep the
disagreement (coordinates, radii, angles). "The same way" means the same
first failed check for us and for pymunk.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterator

from .judge import Judged
from .modes import MODES
from .specs import Pair, shape_of, transform_of

#: Most pairs judged while shrinking one case.
BUDGET = 600


def pair_of(record: dict) -> Pair:
    """The pair a JSON-like record (``a``/``b`` with ``shape`` and ``xf``) stands for."""
    return Pair(
        shape_of(record["a"]["shape"]), transform_of(record["a"]["xf"]),
        shape_of(record["b"]["shape"]), transform_of(record["b"]["xf"]),
    )  # fmt: skip


def judge_record(record: dict) -> Judged | None:
    """Judge one record in its mode (``mode``, contact when absent); None when it no longer makes
    valid shapes."""
    try:
        pair = pair_of(record)
    except ValueError:
        return None
    return MODES[record.get("mode", "contact")].judge([pair])[0]


def _round_sig(value: float, digits: int) -> float:
    if value == 0.0 or not math.isfinite(value):
        return value
    return round(value, digits - 1 - math.floor(math.log10(abs(value))))


Mutation = Callable[[dict], "dict | None"]


def _fewer_vertices(record: dict) -> Iterator[Mutation]:
    for side in ("a", "b"):
        for i in reversed(range(len(record[side]["shape"].get("points", ())))):

            def drop(r, side=side, i=i):
                points = r[side]["shape"]["points"]
                if len(points) <= 3 or i >= len(points):
                    return None
                r = copy.deepcopy(r)
                del r[side]["shape"]["points"][i]
                return r

            yield drop


def _to_origin(record: dict) -> Iterator[Mutation]:
    def move(r):
        x, y = r["a"]["xf"][0], r["a"]["xf"][1]
        if not (x or y):
            return None
        r = copy.deepcopy(r)
        for side in ("a", "b"):
            r[side]["xf"][0] -= x
            r[side]["xf"][1] -= y
        return r

    yield move


def _smaller_angles(record: dict) -> Iterator[Mutation]:
    for side in ("a", "b"):
        for halve in (False, True):

            def turn(r, side=side, halve=halve):
                angle = r[side]["xf"][2]
                smaller = angle / 2.0 if halve else 0.0
                if smaller == angle:
                    return None
                r = copy.deepcopy(r)
                r[side]["xf"][2] = smaller
                return r

            yield turn


def _number_slots(record: dict) -> Iterator[tuple[Callable[[dict], list], object]]:
    """(getter of a container, key) for every number of the record."""
    for side in ("a", "b"):
        yield from ((lambda r, s=side: r[s]["xf"], i) for i in range(3))
        shape = record[side]["shape"]
        for key in ("p1", "p2", "center"):
            if key in shape:
                yield from ((lambda r, s=side, k=key: r[s]["shape"][k], i) for i in range(2))
        for j, _ in enumerate(shape.get("points", ())):
            yield from ((lambda r, s=side, j=j: r[s]["shape"]["points"][j], i) for i in range(2))
        if "radius" in shape:
            yield (lambda r, s=side: r[s]["shape"]), "radius"


def _rounder_numbers(record: dict) -> Iterator[Mutation]:
    for get, key in _number_slots(record):
        for digits in range(1, 16):

            def round_to(r, get=get, key=key, digits=digits):
                try:
                    value = float(get(r)[key])
                except (IndexError, KeyError):
                    return None
                rounded = _round_sig(value, digits)
                if rounded == value:
                    return None
                r = copy.deepcopy(r)
                get(r)[key] = rounded
                return r

            yield round_to


def _tied(before: dict, candidate: dict | None) -> dict | None:
    """Keep identical sides identical: a change to one side is made to both."""
    if candidate is None or before["a"] != before["b"]:
        return candidate
    changed = "a" if candidate["a"] != before["a"] else "b"
    candidate["b" if changed == "a" else "a"] = copy.deepcopy(candidate[changed])
    return candidate


STEPS = (_fewer_vertices, _to_origin, _smaller_angles, _rounder_numbers)


def shrink(record: dict, budget: int = BUDGET) -> dict:
    """The smallest record found that fails the same checks as ``record`` (a copy of it at worst)."""
    want = (record["failed"]["ours"], record["failed"]["pymunk"])
    best, spent, improved = copy.deepcopy(record), 0, True
    while improved and spent < budget:
        improved = False
        for step in STEPS:
            for mutate in step(best):
                candidate = _tied(best, mutate(best))
                if candidate is None:
                    continue
                spent += 1
                judged = judge_record(candidate)
                if judged is not None and (judged.verdict.ours, judged.verdict.pymunk) == want:
                    best, improved = candidate, True
                if spent >= budget:
                    return best
    return best
