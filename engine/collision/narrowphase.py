"""One pair, start to finish: GJK on the cores, radii, EPA when the cores overlap.

``collide_pair`` is the single kernel behind every public query, the batch
ones and the one-pair ones alike. It takes both shapes in their own local
frames and their world transforms, runs the pair in A's frame, and returns
world-space results.

Tolerance. Two shapes count as touching, and so as intersecting with
distance 0 and depth 0, when their gap is at most

    tol = LINEAR_TOLERANCE_REL × (size of the pair) + POSITION_EPS × (largest coordinate)

where the size of the pair is both shapes' extents plus the distance between
their origins. The first term is the precision of the geometry, the second
is the precision to which a world position is even stored, so two unit boxes
touching a million units from the origin still touch.

Precision. The pair runs in A's frame (``relative_transform``, as Box2D v3's
``b2ShapeDistance`` does): the one subtraction of world positions happens
there, so rounding in GJK and EPA is a few eps of the pair's size wherever
the pair is. Inside the limits of ``limits`` (coordinates up to 1e9, sizes
1e-12 to 1e9) no product the kernel forms overflows or turns subnormal, and
the answers are exact within the tolerance above; the one-pair and the
batch queries run this same function.
"""

from __future__ import annotations

import math
import types
from typing import NamedTuple

from .epa import epa
from .gjk import STATUS_GJK_MAX_ITERATIONS, STATUS_OK, gjk, gjk_inlined, simplex_normal, witness_points
from .jit import inline
from .transform import length, relative_transform, rotate

#: Gap, relative to the size of the pair, under which two shapes touch.
LINEAR_TOLERANCE_REL = 1e-12
#: Relative precision of a stored world coordinate (8 machine epsilons) added to the tolerance.
POSITION_EPS = 8.0 * 2.220446049250313e-16

MODE_VERDICT = 0  # yes/no only: stop as soon as the answer is known
MODE_DISTANCE = 1  # distance and closest points
MODE_CONTACT = 2  # normal, depth and deepest points when overlapping


class PairResult(NamedTuple):
    """What ``collide_pair`` returns: one pair's answer, every point and vector in the WORLD frame.

    Read it by name (``r.hit``, ``r.nx``); numba compiles the names to the
    same fields a plain tuple has, so naming costs nothing in the kernels.

    ``status``       how the query ended (``gjk.STATUS_*``): 0 OK, 1 GJK capped, 2 EPA capped;
                     a capped query still carries its best answer.
    ``hit``          the shapes overlap or touch (a gap within the pair's tolerance is a hit).
    ``distance``     ``MODE_DISTANCE`` only: the gap between the outlines, ≥ 0, 0 on a hit.
    ``nx, ny``       the unit normal from A towards B. A contact (``MODE_CONTACT``, hit):
                     moving B by ``depth``·n separates the shapes. A distance apart: the
                     direction from A's closest point to B's. (0, 0) when not computed.
    ``depth``        how far B must move along n to separate, ≥ 0: 0 when just touching
                     and whenever the shapes are apart (``MODE_DISTANCE`` fills it only
                     when the radii alone overlap, the cores being apart).
    ``pax, pay``     ``MODE_CONTACT``: A's deepest point inside B; ``MODE_DISTANCE``: A's
                     closest point to B (on a hit, the one point the shapes share).
    ``pbx, pby``     the same for B; for a contact ``pa − pb = depth·n``.
    ``iterations``   GJK iterations used.

    ``MODE_VERDICT`` fills only ``status``, ``hit`` and ``iterations``; a query
    the bounding circles settle (apart) returns all zeros and ``hit`` False.

    >>> PairResult(0, True, 0.0, 1.0, 0.0, 0.5, 1.0, 0.0, 0.5, 0.0, 2).depth
    0.5
    """

    status: int
    hit: bool
    distance: float
    nx: float
    ny: float
    depth: float
    pax: float
    pay: float
    pbx: float
    pby: float
    iterations: int


@inline
def pair_tolerance(bound_a, ra, bound_b, rb, tx, ty, xa, ya, xb, yb):
    size = bound_a + ra + bound_b + rb + length(tx, ty)
    largest = max(abs(xa), abs(ya), abs(xb), abs(yb))
    return LINEAR_TOLERANCE_REL * size + POSITION_EPS * largest


@inline
def collide_pair(
    data_a, off_a, ra, bound_a, data_b, off_b, rb, bound_b,
    xa, ya, angle_a, xb, yb, angle_b, mode, poly,
):  # fmt: skip
    """Collide two shapes given by their cores, radii and world transforms.

    Outline:
    1. express B in A's frame (one subtraction of world positions, here);
    2. a contact or a yes/no query ends at once if the bounding circles are
       apart; otherwise GJK on the cores; a yes/no query stops as soon as the distance is known
       to be above or below ra + rb (+ tol);
    3. separated cores: the radii are taken off the core distance, and the
       normal comes from GJK's closest feature;
    4. overlapping (or touching) cores: EPA gives the core depth and normal,
       and the radii are added to the depth;
    5. results are moved back to world coordinates.

    Returns a ``PairResult``, world frame (see there for each field's
    meaning and sign). ``hit`` counts touching as a hit. For
    ``MODE_DISTANCE``, pa and pb are the closest points (one shared point when
    the shapes touch or overlap). For ``MODE_CONTACT`` with a hit, n is the
    unit normal from A towards B, moving B by depth·n separates the shapes,
    and pa, pb are the deepest points of A in B and of B in A.
    """
    # The distance between the origins does not depend on the frame.
    tol = pair_tolerance(bound_a, ra, bound_b, rb, xb - xa, yb - ya, xa, ya, xb, yb)
    reach = ra + rb + tol
    if mode != MODE_DISTANCE:
        # Bounding circles apart: no GJK (nor trigonometry) for a yes/no or a contact.
        bounds = bound_a + bound_b + reach
        if (xb - xa) ** 2 + (yb - ya) ** 2 > bounds * bounds:
            return PairResult(STATUS_OK, False, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)

    ca, sa = math.cos(angle_a), math.sin(angle_a)
    cb, sb = math.cos(angle_b), math.sin(angle_b)
    c, s, tx, ty = relative_transform(xa, ya, ca, sa, xb, yb, cb, sb)
    if mode == MODE_VERDICT:
        hit_stop, sep_stop = reach, reach
    elif mode == MODE_CONTACT:  # apart is apart: no need for the exact distance
        hit_stop, sep_stop = tol, reach
    else:
        hit_stop, sep_stop = tol, math.inf
    status, iterations, lower, simplex = gjk(
        data_a, off_a, data_b, off_b, c, s, tx, ty, hit_stop, sep_stop, tol
    )
    pax, pay, pbx, pby = witness_points(simplex)
    core = 0.0 if simplex.count == 3 else length(pbx - pax, pby - pay)
    hit = core <= reach or (status == STATUS_GJK_MAX_ITERATIONS and lower <= reach)
    distance, nx, ny, depth = 0.0, 0.0, 0.0, 0.0

    if mode == MODE_VERDICT:
        return PairResult(status, hit, distance, nx, ny, depth, 0.0, 0.0, 0.0, 0.0, iterations)

    if core > tol:
        nx, ny = simplex_normal(simplex)
        if hit and mode == MODE_DISTANCE:
            # One shared point: on the line between the cores, at the middle of
            # the stretch that is within ra of A's core and within rb of B's.
            t = 0.5 * (max(-ra, core - rb) + min(ra, core + rb))
            pax = pbx = pax + t * nx
            pay = pby = pay + t * ny
        else:
            pax, pay = pax + ra * nx, pay + ra * ny
            pbx, pby = pbx - rb * nx, pby - rb * ny
        if hit:
            depth = max(ra + rb - core, 0.0)
        else:
            distance = core - ra - rb
    elif mode == MODE_CONTACT:
        status2, nx, ny, depth, pax, pay, pbx, pby = epa(
            data_a, off_a, data_b, off_b, c, s, tx, ty, simplex, tol, poly
        )
        if status2 != 0:
            status = status2
        depth += ra + rb
        pax, pay = pax + ra * nx, pay + ra * ny
        pbx, pby = pbx - rb * nx, pby - rb * ny

    nx, ny = rotate(ca, sa, nx, ny)
    pax, pay = rotate(ca, sa, pax, pay)
    pbx, pby = rotate(ca, sa, pbx, pby)
    return PairResult(
        status, hit, distance, nx, ny, depth,
        pax + xa, pay + ya, pbx + xa, pby + ya, iterations,
    )  # fmt: skip


def _with_names(func, **names):
    """``func``'s Python function with some of its global names bound to other objects."""
    py = getattr(func, "py_func", func)
    scope = {**py.__globals__, **names}
    return types.FunctionType(py.__code__, scope, py.__name__, py.__defaults__, py.__closure__)


#: ``collide_pair`` with GJK inlined at numba's level, for the batch loops (``collide_batch_kernel``,
#: ``world.pairs.collide_slots``): there a call to the shared ``gjk`` kernel cost ~20% of the time per
#: pair (benchmarks/narrow_phase.py). Every other caller calls the one compiled ``gjk``.
collide_pair_inlined = inline(_with_names(collide_pair, gjk=gjk_inlined))
