"""Three answers per pair (ours, pymunk's, exact geometry) and who is right.

Tolerances, all scaled like the engine's own touching tolerance (docs/guide/collision.md):

    touch = 1e-12 × size + 8 eps × largest coordinate

where ``size`` is both extents plus the distance between the origins, and
``largest`` the largest world position coordinate of the pair.

* Verdict: a pair whose exact gap is within ``BAND_FACTOR`` × touch of 0 may
  be called either way (the engine calls gaps up to ``touch`` a hit, and the
  exact gap has its own rounding). Outside that band a verdict against the
  exact gap is wrong.
* Distance (ours only; pymunk's ``shapes_collide`` has none): within
  ``VALUE_REL`` × size + ``VALUE_POS`` × largest of the exact distance, and 0
  for overlapping shapes.
* Depth: within the same tolerance of the exact (SAT) depth, for pairs
  clearly overlapping.
* Normal: moving B along it must clear A after the exact depth, within the
  same tolerance: ``support_depth(normal)`` ≤ depth + tol. That accepts any
  of several equally deep normals and rejects a zero one. Round shapes whose
  cores are apart have one right normal, the closest-points direction, and
  the support depth hardly changes near it (it is a smooth minimum), so their
  normal must also be within tol / (core distance) radians of it: the angle a
  position error of tol makes across the gap between the cores.

A pair is a *disagreement* when either engine fails a check; it is labelled
by who was right: ``ours`` (pymunk failed), ``pymunk`` (we failed) or
``exact`` (both failed; only exact geometry had it). A fault of ours is any
pair where we fail a check.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from engine.collision import ShapeTable, contacts_batch, distances_batch

from .exact import Exact, exact_answers, support_depth
from .specs import Pair, largest_coordinate, pair_size
from .twins import PymunkAnswer, per_pair, pymunk_contact

TOUCH_REL = 1e-12
TOUCH_POS = 8.0 * 2.220446049250313e-16
BAND_FACTOR = 4.0
VALUE_REL = 1e-10
VALUE_POS = 64.0 * 2.220446049250313e-16
UNIT_TOL = 1e-9

CHECKS = ("verdict", "distance", "depth", "normal")
RIGHT = ("ours", "pymunk", "exact")


class OurAnswer(NamedTuple):
    """The engine's batch answers for one pair."""

    hit: bool
    normal: tuple[float, float]
    depth: float
    distance: float


class Verdict(NamedTuple):
    """One pair judged: the first failed check of each engine ('' when none),
    our worst error relative to the pair's size, whether the engines split
    inside the touching band (both right), and (manifold mode) whether both
    chose right but different normals, so their points were not compared."""

    ours: str
    pymunk: str
    error: float
    band_split: bool
    tie: bool = False

    @property
    def disagrees(self) -> bool:
        return bool(self.ours or self.pymunk)

    @property
    def right(self) -> str:
        """Who was right: 'ours', 'pymunk' or 'exact' (only for disagreements)."""
        if not self.ours:
            return "ours"
        return "exact" if self.pymunk else "pymunk"


class Judged(NamedTuple):
    """A pair with all three answers and the verdict."""

    pair: Pair
    ours: OurAnswer
    pymunk: PymunkAnswer
    exact: Exact
    verdict: Verdict


def batch_of(pairs: list[Pair]) -> tuple[ShapeTable, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The arguments of the engine's batch calls for many pairs: (table, ids_a, xf_a, ids_b, xf_b)."""
    table = ShapeTable()
    ids_a = np.array([table.add(p.a) for p in pairs], dtype=np.int64)
    ids_b = np.array([table.add(p.b) for p in pairs], dtype=np.int64)
    xf_a = np.array([p.xf_a for p in pairs], dtype=np.float64).reshape(-1, 3)
    xf_b = np.array([p.xf_b for p in pairs], dtype=np.float64).reshape(-1, 3)
    return table, ids_a, xf_a, ids_b, xf_b


def our_answers(pairs: list[Pair]) -> list[OurAnswer]:
    """The engine's batch path (``contacts_batch`` and ``distances_batch``) over all pairs."""
    batch = batch_of(pairs)
    c = contacts_batch(*batch)
    d = distances_batch(*batch)
    return [
        OurAnswer(bool(c.hit[k]), (float(c.normal[k, 0]), float(c.normal[k, 1])), float(c.depth[k]),
                  float(d.distance[k]))
        for k in range(len(pairs))
    ]  # fmt: skip


def pymunk_answers(pairs: list[Pair]) -> list[PymunkAnswer]:
    """pymunk's answer per pair (``pymunk_contact``)."""
    return per_pair(pairs, pymunk_contact)


def tolerances(pair: Pair) -> tuple[float, float]:
    """(band, value tolerance) of a pair, see the module docstring."""
    size, largest = pair_size(pair), largest_coordinate(pair)
    band = BAND_FACTOR * (TOUCH_REL * size + TOUCH_POS * largest)
    return band, VALUE_REL * size + VALUE_POS * largest


def _angle(n1, n2) -> float:
    return abs(math.atan2(n1[0] * n2[1] - n1[1] * n2[0], n1[0] * n2[0] + n1[1] * n2[1]))


def _contact_fault(hit, depth, normal, exact: Exact, band, tol, cores, radii) -> tuple[str, float]:
    """The first failed contact check ('' if none) and the error it measured."""
    gap = exact.gap
    if (gap > band and hit) or (gap < -band and not hit):
        return "verdict", math.inf
    if not (gap < -band and hit):
        return "", 0.0
    depth_error = abs(depth - (-gap))
    if depth_error > tol:
        return "depth", depth_error
    lift = support_depth(cores[0], cores[1], radii, normal)
    unit = abs(math.hypot(*normal) - 1.0)
    if math.isnan(lift) or unit > UNIT_TOL or lift - (-gap) > tol:
        return "normal", math.inf if math.isnan(lift) else lift + gap
    turned = 0.0
    if exact.core > 0.0 and exact.normal != (0.0, 0.0):
        turned = _angle(normal, exact.normal) * exact.core  # how far the turn moves a point across the gap
        if turned > tol:
            return "normal", turned
    return "", max(depth_error, lift + gap, turned)


def judge(pair: Pair, ours: OurAnswer, pm: PymunkAnswer, exact: Exact, cores) -> Verdict:
    band, tol = tolerances(pair)
    radii = pair.a.radius + pair.b.radius
    gap = exact.gap
    ours_check, error = _contact_fault(ours.hit, ours.depth, ours.normal, exact, band, tol, cores, radii)
    if not ours_check and abs(gap) > band:
        distance_error = abs(ours.distance - max(gap, 0.0))
        if distance_error > tol:
            ours_check, error = "distance", distance_error
        error = max(error, distance_error)
    pm_check, _ = _contact_fault(pm.hit, pm.depth, pm.normal, exact, band, tol, cores, radii)
    split = ours.hit != pm.hit and abs(gap) <= band
    return Verdict(ours_check, pm_check, error / pair_size(pair), split)


def judge_all(pairs: list[Pair]) -> list[Judged]:
    """Run the three answers over many pairs and judge each."""
    if not pairs:
        return []
    ours = our_answers(pairs)
    theirs = pymunk_answers(pairs)
    exact, cores = exact_answers(pairs)
    return [
        Judged(p, o, t, e, judge(p, o, t, e, c))
        for p, o, t, e, c in zip(pairs, ours, theirs, exact, cores, strict=True)
    ]
