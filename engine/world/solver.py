"""The contact solver: Box2D v3's soft step, in one compiled call per step.

Outline of ``solve_step`` (Box2D v3 ``b2SolverStage_*``, ``src/solver.c`` and
``src/contact_solver.c``; Catto, "Solver2D", box2d.org 2024):

1. prepare, once per step: the joints (``joint_solver.prepare_joints``), and
   each contact point's anchors relative to both
   centres of mass (world orientation, fixed for the step), kept as their
   crosses with the normal and the tangent, its effective masses along the
   normal and the tangent, its separation, and the approach speed before
   the step (restitution);
2. for each of ``substeps`` sub-steps of h = dt / substeps:
   a. integrate velocities: gravity and forces, then damping
      v ← v / (1 + h·c) (Box2D's, exact for any h);
   b. warm start: apply the impulses the points and the joints carry (last
      step's, matched by feature id, then each sub-step's);
   c. solve, biased: each point pushes apart with a soft constraint
      (spring ``contact_hertz``, damping ratio ``damping_ratio``, twice as stiff
      against static and kinematic bodies and between two bodies of masses more
      than ``MAX_MASS_RATIO`` apart), at most ``contact_speed`` fast;
      a speculative point (not touching yet) lets the bodies close exactly its
      gap in one sub-step and no more; a contact's two points are solved at
      once (``_both_points``, Box2D v2's block solver with Box2D v3's soft
      constraint at each point); Coulomb friction bounded by μ·λn; the joints
      pull their anchors together with the joint softness;
   d. integrate positions, speeds capped (``max_linear_speed``, and
      ``max_rotation`` per step: Box2D's quarter turn; the velocities the step
      leaves are capped the same way);
   e. relax: the same solve without the bias, so the push-out does not
      remain as velocity (no bounce from correcting overlap), and rolling
      resistance;

   b, c and e go colour by colour (see Order below): the overflow joints
   first, then each colour's joints, then its contacts (Box2D v3.1's
   ``b2SolverStage_*`` blocks);
3. restitution, once: points that approached faster than
   ``restitution_threshold`` and took impulse leave at e times that speed, a
   contact's two points at once, out of the step's whole impulse;
4. the bodies' transforms from their centres' motion.

Each point's current separation inside the step is its separation at the
start plus the relative motion of its two anchors (Box2D v3: the manifold is
computed once per step, the anchors move with the bodies).

Layout (Box2D v3's): the contacts are prepared once per step into bundles
of ``LANES`` contacts of one colour (``b2ContactConstraintSIMD``: ``C_*`` and
``P_*`` rows of one number per contact: normal, masses, softness, and per
point the anchors, effective masses and impulses), in solver order; the
bodies that take part get a compact row of solver state each (``S_*``:
velocity, motion and turn since the step began; the movers first), and a
static or kinematic body's row is read, never written.

The lanes are float32, as Box2D v3's: a bundle is half the bytes, and a
vector holds twice the lanes (measured on a 40-row pyramid: the bundles
0.8 -> 0.4 MB, solve_step 412-417 -> 356-369 µs). A pass adds up the
impulses each lane applies, and the scatter applies those sums to the
bodies' float64 velocities with their float64 inverse masses: the push on
one body is exactly the opposite of the push on the other, so momentum is
kept to float64's rounding (Box2D's to float32's; writing back the lanes'
float32 velocities measured no faster). The rest of the step, and every
body's state, stays float64.

Where we differ from Box2D v3 in the arithmetic: a point keeps its anchors
only as r × n and r × t (t = (ny, −nx), so r × t = −r · n), Box2D the
anchors themselves. Every speed along n or t, every impulse's turn and the
current separation (the step's, plus how far the anchors moved along n as
their bodies turned by (c, s) since the step began: s·(r × n) − (c − 1)·(r × t))
is then a few products of those, a quarter fewer operations than rebuilding
them from the anchors (measured: solve_step on a 40-row pyramid 1.23 -> 0.93
ms). The results agree with the anchors' form to rounding. Box2D keeps the
separation less the anchors' offset, and adds back the turned anchors: in a
float32 lane both are as large as the anchors, and a point 1e7 from its body's
centre (the top of a static ``Circle(1e7)``) holds to a unit there (a box
dropped on one fell asleep 0.015 above it). Kept as the separation itself and
the turn as c − 1, every term is as small as what it adds.

Order: Box2D v3's graph colouring. A contact or a joint takes the first
colour none of the bodies it pushes has yet; the joints, and the contacts
between two dynamic bodies, come first, in their colours (a colour's joints
before its contacts), and the contacts with a static or kinematic body after
them, in colours of their own (their last word, as before colouring; Box2D
mixes them into its colours 1 and up). A joint with a static body takes
colour 0 and up as any other joint (Box2D v3.1.1's ``b2AssignJointColor``).
The joints are coloured before the contacts: Box2D colours a joint when it
is made and a contact when it starts to touch. A joint that finds no colour
is an overflow joint, solved one after another before every colour (Box2D's
``b2SolveOverflowJoints``); a contact that finds none goes to its colours'
sequential tail (see ``_color_order``). The colouring is kept
from step to step (``plan``) and read back while the contacts, their bodies'
rows and what can be pushed are those it was made for (measured: the
colouring on a resting 40-row pyramid 12.8 -> 4.4 µs a step, the comparison
included).

As in Box2D v3, the contacts of a bundle are solved side by side: the
loops over a bundle's lanes compile to vector instructions, each the same
step of eight contacts' solves (measured: solve_step on a 40-row pyramid
0.90 -> 0.51 ms; solved one after another, as before, the processor waited
on each point's chain of dependent products). A colour's bundles are
gathered all before any is solved, and scattered after (0.51 -> 0.46 ms:
gathered just before, a vector load of a lane row waited for the eight
scalar stores that had just filled it), ``CHUNK`` bundles at a time into a
room of their own, reused: the bundles keep only what the contacts carry
through the step (see ``_solve_contacts``). The results are those of
solving the contacts one after another in solver order, to the last bit:
no two constraints of a colour push the same body. The gather and the scatter
move eight lanes at once (``lanes``: a vector load of each body's row, a
transpose, a vector fused multiply-add and store of each body's new
velocity), where one number at a time the scatter was a third of the solve
(measured: solve_step on a settled 40-row pyramid 259 -> 197 µs, to the bit
the same).

Friction is solved in both stages, as in Box2D v3.1 (main solves it in the
relax stage only: measured here, a box landing flat on the ground then slid
4 cm on its own spin, against 0.2 mm).

The solve is compiled with LLVM's ``contract`` (``jit.fused_kernel``): a
product and the sum it feeds may round once, as a fused multiply-add. Its
chains of dependent products are the passes' time, and the fused form is
shorter (measured: the 40-row benchmark 0.544-0.554 -> 0.515-0.524 ms a
step). Results move by rounding against the unfused, and stay the same from
run to run and process to process on one machine.

The prepared bundles live in a workspace the world keeps (``workspace``):
allocated per step, glibc gave their 0.9 MB back to the kernel and took it
again every step once pymunk and pybox2d had run in the process, 211 page
faults a 40-row step (measured: the solve 310 -> 650 µs).

Threads (``World(threads=...)``, opt-in; Box2D v3's workers): ``solve_step_threaded`` is this
same code compiled with numba's ``parallel`` for its ``prange`` loops only: a colour's groups split
among workers in the passes (``_solve_contacts``, each worker with a gathered room of its own), the
prepare by bundle, the integration and the transforms by body. Compiled without (``solve_step``,
one thread), each ``prange`` is a ``range`` and one worker takes every group in order, as before.
No iteration writes what another reads (the spare row aside, written by many and never read), so
the results are the same with any number of threads, to the last bit.

Frames and signs: world frame throughout; a contact's normal points from
body a to body b; an impulse λ ≥ 0 pushes b along the normal and a against it.
"""

from __future__ import annotations

import functools
import math
import types
from typing import NamedTuple

import numpy as np
from numba import prange

from ..collision.jit import (
    fused_kernel,
    inline,
    lowest_clear_bit,
    threaded_kernel,
    unmanaged,
    view_at_float32,
    viewed_record,
)
from .joint_solver import ASLEEP, W_WIDTH, joint_reactions, prepare_joints, solve_joints, warm_start_joints
from .lanes import (
    FIRST,
    LANES,
    ROW,
    SECOND,
    SUMS,
    gather,
    scatter_sums,
)


class Softness(NamedTuple):
    """A soft constraint's coefficients for sub-step h (Box2D v3 ``b2MakeSoft``)."""

    bias_rate: float
    mass_scale: float
    impulse_scale: float


def make_soft(hertz: float, zeta: float, h: float) -> Softness:
    """``b2MakeSoft``: spring of ``hertz`` with damping ratio ``zeta`` at sub-step ``h``.

    >>> s = make_soft(30.0, 10.0, 1 / 240)
    >>> round(s.bias_rate, 3), round(s.mass_scale + s.impulse_scale, 12)
    (9.069, 1.0)
    """
    if hertz == 0.0:
        return Softness(0.0, 1.0, 0.0)
    omega = 2.0 * math.pi * hertz
    a1 = 2.0 * zeta + h * omega
    a2 = h * omega * a1
    a3 = 1.0 / (1.0 + a2)
    return Softness(omega / a1, a2 * a3, a3)


class StepSettings(NamedTuple):
    """What one step needs besides the bodies and the contacts; lengths in world units."""

    dt: float
    substeps: int
    gravity_x: float
    gravity_y: float
    #: Softness between two dynamic bodies, and against a static or kinematic one.
    soft: Softness
    soft_stiff: Softness
    #: Fastest push-out of an overlap, world units per second.
    contact_speed: float
    restitution_threshold: float
    max_linear_speed: float
    #: Largest turn per step, radians (below π, so a step's turn is unambiguous).
    max_rotation: float
    #: Threads the contact passes may split a colour among (``solve_step_threaded``); 1: one.
    threads: int


class Constraints(NamedTuple):
    """A step's contacts, one row each, up to two points (the second axis).

    Filled by the contact builder (``contact_set.find_contacts``): ``a``, ``b``
    (slots), ``count``, ``normal`` (a → b), ``friction``, ``restitution``,
    ``stiff`` (one body cannot be pushed), ``point`` (the point midway between
    the surfaces, world), ``separation``, ``rolling`` (rolling resistance: the
    larger of the two, times the larger reach) and the warm-start impulses
    ``normal_impulse`` and ``tangent_impulse``. The solver leaves in the
    impulses what the points carried at the end of the step, in
    ``total_impulse`` the normal impulse applied over the whole step, and in
    ``approach`` each point's speed along the normal as the step began
    (positive: closing; Box2D's ``-normalVelocity``, what hit events read); what it
    prepares for itself it keeps in its own rows (``C_*``, ``P_*``).
    """

    a: np.ndarray
    b: np.ndarray
    count: np.ndarray
    normal: np.ndarray
    friction: np.ndarray
    restitution: np.ndarray
    stiff: np.ndarray
    point: np.ndarray
    separation: np.ndarray
    normal_impulse: np.ndarray
    tangent_impulse: np.ndarray
    total_impulse: np.ndarray
    rolling: np.ndarray
    approach: np.ndarray


#: No contacts: each field's type and its shape past the row axis, for ``jit.empty_rows``.
NO_CONSTRAINTS = Constraints(
    a=np.zeros(0, np.int64), b=np.zeros(0, np.int64), count=np.zeros(0, np.int64), normal=np.zeros((0, 2)),
    friction=np.zeros(0), restitution=np.zeros(0), stiff=np.zeros(0, np.bool_), point=np.zeros((0, 2, 2)),
    separation=np.zeros((0, 2)), normal_impulse=np.zeros((0, 2)), tangent_impulse=np.zeros((0, 2)),
    total_impulse=np.zeros((0, 2)), rolling=np.zeros(0), approach=np.zeros((0, 2)),
)  # fmt: skip


# The prepared contacts, in bundles of ``LANES`` (8, ``lanes``: one AVX vector of float32; the last
# bundle of a colour is filled up with empty lanes) (Box2D v3's ``b2ContactConstraintSIMD``):
# a bundle holds contacts of one colour, each field a row of ``LANES`` numbers, one per
# contact (lane). Rows: the normal, the two bodies' inverse masses and inertias, the mixed
# material and the softness of its push-out, the bodies' motion since the step began along
# the normal and their turns (cos − 1, sin) as the last relaxing pass saw them (the biased pass
# reads them: the bodies move only between the two), then each point's rows (``P_*``) from
# ``C_POINT + j * P_WIDTH``. What a pass gathers from the bodies and scatters back (their
# velocities, and in the relaxing pass their motion and turn since the step began) lives in
# rows of its own (``L_*``), in a few bundles' room reused chunk after chunk (see
# ``_solve_contacts``).
C_NX, C_NY, C_MA, C_IA, C_MB, C_IB = 0, 1, 2, 3, 4, 5
C_FRICTION, C_RESTITUTION, C_ROLLING, C_ROLLING_IMPULSE = 6, 7, 8, 9
#: The push-out's softness: its bias rate and mass scale (its impulse scale is 1 less the mass scale),
#: and its fastest push (``contact_speed``, or faster under a load that needs it: see the prepare).
C_BIAS_RATE, C_MASS_SCALE, C_PUSH = 10, 11, 12
C_MOTION, C_QVA, C_QSA, C_QVB, C_QSB = 13, 14, 15, 16, 17
#: The two points' matrix K (the speeds along the normal an impulse at each point makes at both:
#: k11, then k12 and k22 over k11), whether there is a second point (1 or 0) and, for two nearly one, the inverse of
#: their summed K (else 0), for solving both points at once (``_both_points``).
C_K11, C_K12, C_K22, C_SECOND, C_SPLIT = 18, 19, 20, 21, 22
C_POINT = 23
#: A point's rows (``b2ContactConstraintPoint``): its anchors from each centre of mass (world
#: orientation, fixed for the step) crossed with the normal and with the tangent t = (ny, −nx)
#: (r × n, r × t = −r · n: all the solve needs of them), separation at the step's start,
#: effective masses, impulses (warm start, largest in a sub-step, whole step)
#: and approach speed. A contact of one point has a second one of zero masses and impulses,
#: whose solve changes nothing (as in Box2D's lanes), so every lane runs the same instructions.
P_RNA, P_RNB, P_RTA, P_RTB, P_SEPARATION, P_NORMAL_MASS, P_TANGENT_MASS = 0, 1, 2, 3, 4, 5, 6
P_NORMAL_IMPULSE, P_TANGENT_IMPULSE, P_MAX_IMPULSE, P_TOTAL_IMPULSE, P_APPROACH = 7, 8, 9, 10, 11
P_WIDTH = 12
C_WIDTH = C_POINT + 2 * P_WIDTH
#: The rows a pass gathers for a bundle (Box2D v3 gathers ``b2BodyState`` into its lanes the same
#: way): the two bodies' velocities, and their motion and turn (cos − 1, sin) since the step began.
L_VAX, L_VAY, L_WA, L_DXA, L_DYA, L_QVA, L_QSA = range(FIRST, FIRST + 7)
L_VBX, L_VBY, L_WB, L_DXB, L_DYB, L_QVB, L_QSB = range(SECOND, SECOND + 7)
#: And what the pass's impulses add up to, for the scatter to apply in float64: the push on b
#: (on a its opposite) and its moments about each centre (``_pushed``'s px, py, turn_a, turn_b).
L_PX, L_PY, L_TA, L_TB = range(SUMS, SUMS + 4)
L_WIDTH = SUMS + 4
#: Bundles gathered, solved and scattered at a time: their gathered rows (8 KB) stay in the
#: first-level cache, where rows of their own in every bundle made each pass stream 0.27 MB more
#: through the second level on a 40-row pyramid (see ``_solve_contacts``).
CHUNK = 14
#: A lane's numbers are float32 (Box2D v3's); these are its constants, and the largest inverse mass or
#: inertia it holds (see ``solve_step``'s prepare).
_F0, _F1 = np.float32(0.0), np.float32(1.0)
LANE_MAX_INVERSE = 1e30
#: Columns of a body's solver state, one row of 8 (a cache line) per body that takes part
#: (Box2D's ``b2BodyState``): velocity, centre's motion and turn since the step began, in the
#: order ``lanes`` gathers them. The turn is kept as (cos − 1, sin), Box2D's (cos, sin) less the
#: identity: a float32 lane holds cos near 1 to 6e-8 only, and times an anchor 1e7 long that
#: was half a unit of separation; cos − 1 it holds to its own digits.
S_VX, S_VY, S_W, S_DX, S_DY, S_QV, S_QS = 0, 1, 2, 3, 4, 5, 6
S_WIDTH = ROW


#: A cache line, bytes, and the float64s an array needs beyond its data to start one at a line.
CACHE_LINE = 64
ALIGN_PAD = CACHE_LINE // 8


@inline
def _aligned(address):
    """The first cache line's address at or after ``address``."""
    return (address + CACHE_LINE - 1) // CACHE_LINE * CACHE_LINE


@inline
def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


@inline
def _pushed(vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, px, py, turn_a, turn_b):
    """Two bodies' velocities after the impulse (px, py) on b and its opposite on a, given their
    inverse masses and inertias and the impulse's moments about each centre (``turn_a``: r_a × P)."""
    return (
        vax - ma * px, vay - ma * py, wa - ia * turn_a,
        vbx + mb * px, vby + mb * py, wb + ib * turn_b,
    )  # fmt: skip


@inline
def _lane(w, v, t):
    """Lane ``t``'s inverse masses and inertias and normal (bundle ``w``), and its bodies' gathered
    velocities (its gathered rows ``v``): (ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb)."""
    return (
        w[C_MA, t], w[C_IA, t], w[C_MB, t], w[C_IB, t], w[C_NX, t], w[C_NY, t],
        v[L_VAX, t], v[L_VAY, t], v[L_WA, t], v[L_VBX, t], v[L_VBY, t], v[L_WB, t],
    )  # fmt: skip


@inline
def _set_lane(v, t, vax, vay, wa, vbx, vby, wb):
    v[L_VAX, t], v[L_VAY, t], v[L_WA, t] = vax, vay, wa
    v[L_VBX, t], v[L_VBY, t], v[L_WB, t] = vbx, vby, wb


@inline
def _bundle(address, g):
    """Bundle ``g`` of the bundles at ``address``: its rows, each of ``LANES`` lanes.

    A view of constant shape, so LLVM knows every row's offset and that the rows do not overlap:
    it then vectorizes a loop over the lanes without checks at run time (numba's own arrays
    carry their shape at run time; a loop over their rows kept scalar). The loops over lanes run
    to a count read at run time (``LANES`` for every bundle), as a loop of constant count would
    be unrolled and then left scalar (numba turns LLVM's vectorizer of straight code off)."""
    return view_at_float32(address + g * (C_WIDTH * LANES * 4), (C_WIDTH, LANES))


@inline
def _gathered(address, c):
    """The gathered rows (``L_*``) of the ``c``-th bundle of a chunk, in the room at ``address``:
    a view of constant shape, as ``_bundle``."""
    return view_at_float32(address + c * (L_WIDTH * LANES * 4), (L_WIDTH, LANES))


@inline
def _normal_speed(nx, ny, rna, rnb, vax, vay, wa, vbx, vby, wb):
    """The relative speed of b's anchor from a's along the normal at a point whose anchors cross
    the normal in ``rna``, ``rnb``: (v_b + ω_b × r_b − v_a − ω_a × r_a) · n."""
    return (vbx - vax) * nx + (vby - vay) * ny + (wb * rnb - wa * rna)


@inline
def _softness(sep, inv_h, push, bias_rate, soft_mass):
    """A point's bias and mass scale (Box2D v3's ``b2SolveContact``; its impulse scale is 1 less the
    mass scale) from its current separation ``sep``: speculative (apart), close the gap in the
    sub-step and no more (rigid); else the soft push-out, at most ``push`` fast (relaxing:
    bias rate 0 and mass scale 1, rigid)."""
    speculative = sep > 0.0
    bias = sep * inv_h if speculative else max(bias_rate * sep, -push)
    return bias, _F1 if speculative else soft_mass


@inline
def _restitutes(w, t, p, threshold):
    """Whether the point at row ``p`` of lane ``t`` bounces (Box2D v3): it approached faster than
    ``threshold`` and took an impulse in the step."""
    return w[p + P_APPROACH, t] <= -threshold and w[p + P_MAX_IMPULSE, t] != 0.0


@inline
def _both_points(u0, u1, a0, a1, nm0, nm1, k11, k12, k22, split, ms0, ms1):
    """A contact's two accumulated normal impulses after its points are solved at once (Box2D v2's
    block solver, ``b2ContactSolver::SolveVelocityConstraints``, with Box2D v3's soft constraint at
    each point), from each point's speed along the normal plus its bias ``u0``, ``u1``
    (``_softness``), its impulse so far ``a0``, ``a1``, its effective mass ``nm0``, ``nm1``
    (1/k11, 1/k22), the contact's matrix K as ``C_K11``... hold it (k11, and k12 and k22 over k11),
    for two points nearly one the inverse of their summed K, 1 / (k11 + 2 k12 + k22), else 0
    (``split``), and each point's mass scale ``ms0``, ``ms1``.

    Each point's soft constraint (Box2D v3's, for one point (1 − impulse scale) a − mass scale ·
    u / k11) asks, of the impulses x ≥ 0 it ends with, r = ms · (u + K (x − a)) + is · diag(K) · x
    ≥ 0 (ms + is = 1; rigid: the speeds after, u + K (x − a)), each point pushing only while its r
    is 0: a linear complementarity problem in x with the matrix A = ms K + is diag(K), whose
    diagonal is K's and whose solution is one of four cases, the first that holds taken: both
    push; the first alone; the second alone; neither. A resting contact then sinks as deep as
    Box2D's, each point's spring as stiff as alone. Two points nearly one (K's condition past
    ``MAX_CONDITION``) share the push equally, x0 = x1, that stops their summed r (its matrix
    taken rigid: a soft spring's mass scale is within 6 % of 1). Both cases are solved in K over
    k11, near 1: K itself, 1e21 for a body 1e-11 across, squared past float32.

    Both points at once, not one after the other: one after the other, the first point's impulse
    turned the body before the second's was known, so a face hitting a wall squarely left it
    turning (a box at 100 units/s into a wall, the needle of ``test_dynamics_stability``), and with
    restitution two bouncing corners gained energy. A contact of one point is the one point's solve
    (its second point has zero speed and impulse, k12 = 0 and k22 = k11).

    Every case is computed and one picked, without branches, so the loop over the lanes stays
    vector instructions."""
    b0 = u0 - k11 * (a0 + k12 * a1)  # the speeds (plus bias) with no impulse at all
    b1 = u1 - k11 * (k12 * a0 + k22 * a1)
    c0, c1 = ms0 * b0, ms1 * b1
    a01, a10 = ms0 * k12, ms1 * k12  # A's off-diagonal, over k11
    inv_det = nm0 / (k22 - a01 * a10)  # (over k11: the matrix's, 1 / k11, and c's)
    x0, x1 = (a01 * c1 - k22 * c0) * inv_det, (a10 * c0 - c1) * inv_det
    both = (x0 >= _F0) & (x1 >= _F0)
    y0, y1 = -ms0 * nm0 * b0, -ms1 * nm1 * b1  # each alone, the other's impulse taken away
    first = (y0 >= _F0) & (k11 * (k12 * y0) + b1 >= _F0)
    second = (y1 >= _F0) & (k11 * (k12 * y1) + b0 >= _F0)
    neither = (b0 >= _F0) & (b1 >= _F0)
    # (Where rounding tips a boundary between cases, none may hold; the cases meet there, and both
    # points' impulses clamped are the answer to rounding.)
    # The first case that holds, picked by weights of 0 and 1 (products, not branches: numba writes
    # a conditional expression as a branch: solve_step on a 40-row pyramid 244 -> 234 µs).
    take_both = np.float32(both)
    take_first = np.float32(first & ~both)
    take_second = np.float32(second & ~(both | first))
    take_none = np.float32(~(both | first | second | neither))  # (rounding: both clamped, see below)
    x0 = take_both * x0 + take_first * y0 + take_none * max(x0, _F0)
    x1 = take_both * x1 + take_second * y1 + take_none * max(x1, _F0)
    shared = max(-(c0 + c1) * split, _F0)
    return (shared, shared) if split != _F0 else (x0, x1)


#: Past this ratio of two dynamic bodies' masses, their contact is as stiff as one with a static body.
MAX_MASS_RATIO = 4.0
#: Past this condition number (Box2D v2's ``k_maxConditionNumber``, on k11² / det K) a contact's two
#: points are nearly one, and solving them apart is all rounding: they share the push equally.
MAX_CONDITION = 1000.0

#: ``solve_joints``'s ``use_bias`` as values numba does not see as constants: a literal True and
#: a literal False would compile the joint solve twice.
_BIASED, _RELAXED = np.bool_(True), np.bool_(False)


@inline
def _split(k11, k12, k22):
    """For a two-point contact whose K = [[k11, k12], [k12, k22]] is past ``MAX_CONDITION`` (its
    points nearly one), the inverse of its summed K, 1 / (k11 + 2 k12 + k22); else 0."""
    big = max(k11, k22)
    if big * big < MAX_CONDITION * (k11 * k22 - k12 * k12):
        return 0.0
    return 1.0 / (k11 + 2.0 * k12 + k22)


@inline
def _prepare_block(w, t, count, ma, ia, mb, ib):
    """Lane ``t``'s rows ``C_K11``...``C_SPLIT`` (bundle ``w``, its points' anchors written): what
    ``_both_points`` solves the contact's points with: k11, k12 / k11, k22 / k11. One point: k22 =
    k11, nothing else of the second (an empty lane's rows are zeros but these, 1, 0, 1)."""
    p0, p1 = C_POINT, C_POINT + P_WIDTH
    rna0, rnb0 = np.float64(w[p0 + P_RNA, t]), np.float64(w[p0 + P_RNB, t])
    k11 = ma + mb + ia * rna0 * rna0 + ib * rnb0 * rnb0
    k12, k22, split = 0.0, k11, 0.0
    if count > 1:
        rna1, rnb1 = np.float64(w[p1 + P_RNA, t]), np.float64(w[p1 + P_RNB, t])
        k22 = ma + mb + ia * rna1 * rna1 + ib * rnb1 * rnb1
        k12 = ma + mb + ia * rna0 * rna1 + ib * rnb0 * rnb1
        split = _split(k11, k12, k22)
    # (float32 holds K up to 3.4e38: capped as the lanes' inverse masses are, for a body 1e-12 across)
    w[C_K11, t], w[C_K12, t], w[C_K22, t] = min(k11, LANE_MAX_INVERSE), k12 / k11, k22 / k11
    w[C_SECOND, t], w[C_SPLIT, t] = 1.0 if count > 1 else 0.0, split


@inline
def _capped(vx, vy, w, max_speed, max_turn, held):
    """A dynamic body's velocity within the step's caps: its speed at most ``max_speed`` and its spin
    at most ``max_turn`` (Box2D v3's, each apart). A body ``held`` by a contact is scaled whole,
    speed and spin by one factor, so the contact's constraints the solve just met still hold: capped
    apart, a small bullet stopped at its end by a plank took the spin that stopped it, lost it to
    the cap, and went on into the plank at the speed the spin had cancelled."""
    speed2 = vx * vx + vy * vy
    scale = 1.0
    if speed2 > max_speed * max_speed:
        scale = max_speed / math.sqrt(speed2)
    if held:
        if abs(w) > max_turn:
            scale = min(scale, max_turn / abs(w))
        return vx * scale, vy * scale, w * scale
    return vx * scale, vy * scale, min(max(w, -max_turn), max_turn)


@inline
def _solve_group(
    bundles,
    gathered,
    widths,
    ends,
    first,
    last,
    state,
    inverse,
    warm,
    use_bias,
    inv_h,
    rolling_any,
):
    """One pass over the prepared contacts of bundles ``first`` to ``last`` (a group: see
    ``_color_order``), bundle by bundle: with ``warm``, the warm start
    (apply the impulses each point carries: last step's, matched by feature id, then each
    sub-step's); else the solve: normal (soft when ``use_bias``), then friction, and, relaxing,
    rolling resistance and the step's total impulse.

    The contacts of a colour push no body in common, so they are solved side by side
    (Box2D v3's SIMD solve, ``b2SolveContactTwoPointsTask``): the velocities of the bodies of
    a group of bundles (``groups``: a colour's, or one bundle of a tail) are gathered into their
    lanes, each step of the solve runs over every lane of a bundle (a loop over rows at fixed
    offsets, which LLVM turns into vector instructions: the points' chains of dependent products
    then run several contacts at a time, where one contact after another left the processor
    waiting on each product), and the sums of the impulses each lane applied are scattered back
    (``lanes.scatter_sums``: in float64, with the bodies' own masses). A contact's own arithmetic and order
    are those of solving it alone. The warm start needs no velocities: it only adds up its
    impulses.

    A colour's bundles are gathered, solved and scattered ``CHUNK`` at a time (``groups`` holds
    no more), their gathered rows in the room at ``gathered`` (one chunk's, reused). Those rows
    stay in the first-level cache, and a pass streams through the bundles' own rows only. On a
    40-row pyramid the bundles were 1 MB with rows of their own for what was gathered, on an
    Intel Xeon whose second level holds 2 MB a core (with the contacts and the bodies); they are
    now 0.4 MB (0.8 in float64), and the relaxing pass keeps the bodies' motion along the normal
    and their turns in them for the next biased pass (5 rows, where gathering the motion again took 8 scalar
    loads and stores a lane). Measured, solve_step alone: 460-472 -> 386-388 µs, with the
    workspace written once, not zeroed first (the passes: warm start 15 -> 12, biased 27 -> 25,
    relaxing 33 -> 30 µs a sub-step). A chunk is gathered whole before any of it is solved: a
    vector load of a lane row just filled by eight scalar stores waits for them.

    The loop over the lanes hands its helpers numbers, never the bundle: numba counts the
    references of an array handed to an inlined helper with branches, and those calls are
    opaque to LLVM, which then leaves the loop scalar.
    """
    relaxing = not warm and not use_bias
    for g in range(first, last):
        # The motion since the step began changes only with the positions, between the biased
        # pass and the relaxing one: the relaxing pass gathers it, and keeps what the next
        # sub-step's biased pass reads of it in the bundle (the first sub-step's: none, as prepared).
        if not warm:
            gather(state, ends[g], _gathered(gathered, g - first), relaxing)
    for g in range(first, last):
        w, v, width = _bundle(bundles, g), _gathered(gathered, g - first), widths[g]
        for t in range(width):
            if warm:  # the impulses' sums only: the scatter applies them
                nx, ny = w[C_NX, t], w[C_NY, t]
                sx, sy, sa, sb = _F0, _F0, _F0, _F0
                for p in range(C_POINT, C_POINT + 2 * P_WIDTH, P_WIDTH):
                    pn, pt = w[p + P_NORMAL_IMPULSE, t], w[p + P_TANGENT_IMPULSE, t]
                    sx, sy = sx + (pn * nx + pt * ny), sy + (pn * ny - pt * nx)
                    sa += pn * w[p + P_RNA, t] + pt * w[p + P_RTA, t]
                    sb += pn * w[p + P_RNB, t] + pt * w[p + P_RTB, t]
                v[L_PX, t], v[L_PY, t], v[L_TA, t], v[L_TB, t] = sx, sy, sa, sb
                continue
            ma, ia, mb, ib, nx, ny, vax, vay, wa, vbx, vby, wb = _lane(w, v, t)
            sx, sy, sa, sb = _F0, _F0, _F0, _F0
            # The bodies' motion since the step began, along the normal, for the points' current separation.
            if use_bias:  # as the last relaxing pass left them
                ddn, qav, qas, qbv, qbs = w[C_MOTION, t], w[C_QVA, t], w[C_QSA, t], w[C_QVB, t], w[C_QSB, t]  # fmt: skip
            else:
                ddn = (v[L_DXB, t] - v[L_DXA, t]) * nx + (v[L_DYB, t] - v[L_DYA, t]) * ny
                qav, qas, qbv, qbs = v[L_QVA, t], v[L_QSA, t], v[L_QVB, t], v[L_QSB, t]
                w[C_MOTION, t], w[C_QVA, t], w[C_QSA, t], w[C_QVB, t], w[C_QSB, t] = ddn, qav, qas, qbv, qbs  # fmt: skip
            bias_rate, soft_mass, push = _F0, _F1, _F0
            if use_bias:
                bias_rate, soft_mass, push = w[C_BIAS_RATE, t], w[C_MASS_SCALE, t], w[C_PUSH, t]
            # Both points at once (``_both_points``), each with its own softness: a speculative point
            # (apart) closes its gap in the sub-step and no more, a touching one pushes out softly
            # (biased) or not at all (relaxing).
            p0, p1 = C_POINT, C_POINT + P_WIDTH
            rna0, rnb0, rta0, rtb0 = w[p0 + P_RNA, t], w[p0 + P_RNB, t], w[p0 + P_RTA, t], w[p0 + P_RTB, t]  # fmt: skip
            rna1, rnb1, rta1, rtb1 = w[p1 + P_RNA, t], w[p1 + P_RNB, t], w[p1 + P_RTA, t], w[p1 + P_RTB, t]  # fmt: skip
            # The separations now: the step's, plus how far the anchors moved along the normal as
            # their bodies turned since the step began, (q − 1)·r · n with r · n = −r × t (each
            # anchor's turn is its two crosses; see ``S_QV`` for why q − 1).
            sep0 = ddn + (qbs * rnb0 - qbv * rtb0) - (qas * rna0 - qav * rta0) + w[p0 + P_SEPARATION, t]
            sep1 = ddn + (qbs * rnb1 - qbv * rtb1) - (qas * rna1 - qav * rta1) + w[p1 + P_SEPARATION, t]
            bias0, ms0 = _softness(sep0, inv_h, push, bias_rate, soft_mass)
            bias1, ms1 = _softness(sep1, inv_h, push, bias_rate, soft_mass)
            vn0 = _normal_speed(nx, ny, rna0, rnb0, vax, vay, wa, vbx, vby, wb)
            vn1 = _normal_speed(nx, ny, rna1, rnb1, vax, vay, wa, vbx, vby, wb)
            # A point that closes faster than the push-out may open is struck, not pressed: stopped
            # rigidly, as a speculative point is. Soft, a share of the approach (the impulse scale:
            # 3 %) went on through the sub-step: a bullet put back at a plank's face at 320 units/s
            # went 3 cm into it in the first sub-step, through its mid-plane.
            ms0 = _F1 if vn0 < -push else ms0
            ms1 = _F1 if vn1 < -push else ms1
            u0 = vn0 + bias0
            u1 = (vn1 + bias1) * w[C_SECOND, t]
            a0, a1 = w[p0 + P_NORMAL_IMPULSE, t], w[p1 + P_NORMAL_IMPULSE, t]
            x0, x1 = _both_points(
                u0, u1, a0, a1, w[p0 + P_NORMAL_MASS, t], w[p1 + P_NORMAL_MASS, t],
                w[C_K11, t], w[C_K12, t], w[C_K22, t], w[C_SPLIT, t], ms0, ms1,
            )  # fmt: skip
            d0, d1 = x0 - a0, x1 - a1
            w[p0 + P_NORMAL_IMPULSE, t], w[p1 + P_NORMAL_IMPULSE, t] = x0, x1
            w[p0 + P_MAX_IMPULSE, t] = max(w[p0 + P_MAX_IMPULSE, t], d0)
            w[p1 + P_MAX_IMPULSE, t] = max(w[p1 + P_MAX_IMPULSE, t], d1)
            if not use_bias:
                w[p0 + P_TOTAL_IMPULSE, t] += x0
                w[p1 + P_TOTAL_IMPULSE, t] += x1
            d, turn_a, turn_b = d0 + d1, d0 * rna0 + d1 * rna1, d0 * rnb0 + d1 * rnb1
            vax, vay, wa, vbx, vby, wb = _pushed(
                vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, d * nx, d * ny, turn_a, turn_b
            )
            sx, sy, sa, sb = sx + d * nx, sy + d * ny, sa + turn_a, sb + turn_b
            # Friction in both stages (Box2D v3.1: solving it in the relax stage only, as
            # Box2D's main does, let a box landing flat slide 4 cm on its own spin), along
            # t = (ny, −nx), bounded by μ·λn.
            friction = w[C_FRICTION, t]
            for p in range(C_POINT, C_POINT + 2 * P_WIDTH, P_WIDTH):
                rta, rtb = w[p + P_RTA, t], w[p + P_RTB, t]
                vt = (vbx - vax) * ny - (vby - vay) * nx + (wb * rtb - wa * rta)
                old = w[p + P_TANGENT_IMPULSE, t]
                limit = friction * w[p + P_NORMAL_IMPULSE, t]
                new = min(max(old - w[p + P_TANGENT_MASS, t] * vt, -limit), limit)
                impulse = new - old
                w[p + P_TANGENT_IMPULSE, t] = new
                vax, vay, wa, vbx, vby, wb = _pushed(
                vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, impulse * ny, -impulse * nx, impulse * rta,
                impulse * rtb,
            )  # fmt: skip
                sx, sy = sx + impulse * ny, sy - impulse * nx
                sa, sb = sa + impulse * rta, sb + impulse * rtb
            _set_lane(v, t, vax, vay, wa, vbx, vby, wb)  # (for the rolling resistance below)
            v[L_PX, t], v[L_PY, t], v[L_TA, t], v[L_TB, t] = sx, sy, sa, sb
        if relaxing and rolling_any:
            # Box2D v3: resist the relative spin, up to rr × the push (last in each contact's solve;
            # a loop of its own, so a step without rolling resistance runs none of it).
            for t in range(width):
                rolling, ia, ib = w[C_ROLLING, t], w[C_IA, t], w[C_IB, t]
                if rolling > 0.0 and ia + ib > 0.0:
                    limit = rolling * (
                        w[C_POINT + P_NORMAL_IMPULSE, t] + w[C_POINT + P_WIDTH + P_NORMAL_IMPULSE, t]
                    )
                    wa, wb = v[L_WA, t], v[L_WB, t]
                    old = w[C_ROLLING_IMPULSE, t]
                    new = min(max(old - (wb - wa) / (ia + ib), -limit), limit)
                    impulse = new - old
                    w[C_ROLLING_IMPULSE, t] = new
                    v[L_TA, t] += impulse  # (the lane's velocities are not read again: only its sums)
                    v[L_TB, t] += impulse
    for g in range(first, last):
        # In float64 with the bodies' own inverse masses and inertias (``inverse``, by body row):
        # the push on one body is exactly the opposite of the push on the other, so momentum is
        # kept to float64 rounding, where writing back the lanes' float32 velocities kept it to
        # float32's. A static or kinematic body's written row, and an empty lane's, is the spare
        # row, never read (its inverse mass and inertia zero), so the contacts of one colour
        # share no written row but that one.
        scatter_sums(_gathered(gathered, g - first), ends[g], state, inverse)


#: A gathered room's bytes (``CHUNK`` bundles' ``L_*`` rows): one a worker, each on cache lines of its own.
ROOM = CHUNK * L_WIDTH * LANES * 4
#: Most threads a world may ask for (``World(threads=...)``): the rooms are the workspace's, one each.
MAX_THREADS = 64
#: The fewest groups of a colour each thread takes before a pass splits the colour among threads: a
#: split colour forks and joins the threads (numba's parfor on the OpenMP layer, a few µs); a colour of
#: fewer groups is solved by one, as with one thread.
PARALLEL_GROUPS = 2


@inline
def _solve_contacts(
    bundles,
    gathered,
    widths,
    ends,
    groups,
    runs,
    q_first,
    q_last,
    state,
    inverse,
    warm,
    use_bias,
    inv_h,
    rolling_any,
    threads,
):
    """One pass over the prepared contacts of groups ``q_first`` to ``q_last`` (a stage: see
    ``_stages``), group by group (``_solve_group``), the groups of one colour (to ``runs[q]``)
    split among up to ``threads`` workers, each with a room of its own for its gathered rows
    (Box2D v3's task system over a colour's blocks). A colour's contacts push no body in common
    (they write only the spare row in common, never read), so each group's results are the same
    whichever worker solves it, and when: the step's results are the same with any number of
    threads, to the last bit. One worker solves the groups in order, as they always were.

    The loop over the workers is the one ``prange``: ``solve_step`` compiled without ``parallel``
    (one thread, the default) runs it as a ``range`` of one, and ``solve_step_threaded`` compiles
    the same code with it."""
    q = q_first
    while q < q_last:
        end = min(runs[q], q_last)
        n = end - q
        workers = max(min(threads, n // PARALLEL_GROUPS), 1)
        for k in prange(workers):
            for c in range(q + k * n // workers, q + (k + 1) * n // workers):
                _solve_group(
                    bundles, gathered + k * ROOM, widths, ends, groups[c], groups[c + 1], state, inverse,
                    warm, use_bias, inv_h, rolling_any,
                )  # fmt: skip
        q = end


#: Colours of the constraint graph: a contact or a joint takes the first colour none of its pushable
#: bodies has yet (Box2D v3's ``b2AddContactToGraph``, ``b2AssignJointColor``); past the last, a
#: contact goes to one sequential tail and a joint to the overflow joints.
COLORS = 64


@inline
def _color_order(a_rows, b_rows, pushable_a, pushable_b, stiff, count, rows, joint_a, joint_b):
    """Solver order of the contacts and the joints: by colour, the joints and the contacts between
    two dynamic bodies first and the contacts with a static or kinematic body in colours of their
    own after them (the last word, as before colouring); in a colour, in the given order, its
    joints before its contacts (Box2D v3.1's blocks of a colour). No two constraints of one colour
    push the same body, so they can be solved side by side (Box2D v3's graph colouring).

    The joints are coloured first, in the table's order, then the contacts: Box2D colours a joint
    as it is made (or its island wakes) and a contact as it starts to touch, so a jointed body's
    joints mostly hold their colours before its contacts come. A joint takes colour 0 and up
    whether or not one of its bodies is static (Box2D v3.1.1's ``b2AssignJointColor``: only its
    contacts with a static body keep out of colour 0); ``joint_a``, ``joint_b`` are the rows of
    the bodies each joint pushes (−1: not pushed: static, kinematic, asleep, the world; −2 on
    both: the joint is asleep and takes no part). A joint that finds no colour is an overflow
    joint, solved before every colour, one after another (Box2D's ``b2SolveOverflowJoints``).

    Returns the contact in each lane of the bundles, in solver order (−1: an empty lane); the
    groups of bundles solved together (group q: bundles ``groups[q]`` to ``groups[q + 1]``); the
    joints solved just before each group (group q's: ``joint_order[joint_groups[q]:joint_groups[q
    + 1]]``); the joints in solver order, the overflow ones first; and each group's colour (the
    stiff contacts' from ``COLORS`` on, the overflow joints' ``COLORS − 1``; the last entry −1),
    which only ``read_plan`` reads. A colour fills bundles of its own; a contact of a sequential tail has a
    bundle to itself. A contact of no points (``count`` 0: kept in its row while its pair
    stands, see ``contact_set.find_contacts``) takes no lane, as if it were not there. A colour
    with joints and no contacts has a group of no bundles, and so do the overflow joints."""
    k_count, j_count = a_rows.shape[0], joint_a.shape[0]
    used = np.zeros(rows, np.int64)
    color = np.full(k_count, -1, np.int64)
    joint_color = np.full(j_count, -1, np.int64)
    # (the overflow joints: colour COLORS − 1)
    joint_size = np.zeros(COLORS, np.int64)
    for j in range(j_count):
        pa, pb = joint_a[j], joint_b[j]
        if pa == -2:
            continue
        taken = np.int64(0)
        if pa >= 0:
            taken |= used[pa]
        if pb >= 0:
            taken |= used[pb]
        c = min(lowest_clear_bit(taken), COLORS - 1)
        if c < COLORS - 1:
            bit = np.int64(1) << c
            if pa >= 0:
                used[pa] |= bit
            if pb >= 0:
                used[pb] |= bit
        joint_color[j] = c
        joint_size[c] += 1
    for pass_stiff in (False, True):
        if pass_stiff:
            used[:] = 0
        for k in range(k_count):
            if stiff[k] != pass_stiff or count[k] == 0:
                continue
            taken = np.int64(0)
            if pushable_a[k]:
                taken |= used[a_rows[k]]
            if pushable_b[k]:
                taken |= used[b_rows[k]]
            c = min(lowest_clear_bit(taken), COLORS - 1)
            if c < COLORS - 1:
                bit = np.int64(1) << c
                if pushable_a[k]:
                    used[a_rows[k]] |= bit
                if pushable_b[k]:
                    used[b_rows[k]] |= bit
            color[k] = c + (COLORS if pass_stiff else 0)
    size = np.zeros(2 * COLORS, np.int64)
    for k in range(k_count):
        if color[k] >= 0:
            size[color[k]] += 1
    # Each colour's first lane, and the step between its contacts' lanes.
    fill = np.empty(2 * COLORS, np.int64)
    step = np.empty(2 * COLORS, np.int64)
    lanes = 0
    for c in range(2 * COLORS):
        tail = c % COLORS == COLORS - 1
        fill[c], step[c] = lanes, LANES if tail else 1
        lanes += LANES * (size[c] if tail else (size[c] + LANES - 1) // LANES)
    order = np.full(lanes, -1, np.int64)
    for k in range(k_count):
        if color[k] >= 0:
            order[fill[color[k]]] = k
            fill[color[k]] += step[color[k]]
    # The joints in solver order: the overflow ones, then colour by colour.
    joint_fill = np.empty(COLORS, np.int64)
    joint_fill[COLORS - 1] = 0
    placed = joint_size[COLORS - 1]
    for c in range(COLORS - 1):
        joint_fill[c] = placed
        placed += joint_size[c]
    joint_order = np.empty(placed, np.int64)
    for j in range(j_count):
        if joint_color[j] >= 0:
            joint_order[joint_fill[joint_color[j]]] = j
            joint_fill[joint_color[j]] += 1
    # The groups of bundles solved together: a colour's, ``CHUNK`` at a time, and each bundle of a
    # tail alone; a colour's joints go with its first group (a group of no bundles if it has no
    # contacts), and the overflow joints with a group of no bundles before them all.
    groups = np.empty(3 * COLORS + k_count + 1, np.int64)
    joint_groups = np.empty(3 * COLORS + k_count + 1, np.int64)
    group_color = np.full(3 * COLORS + k_count + 1, -1, np.int64)
    groups[0], joint_groups[0], n_groups = 0, 0, 1
    if joint_size[COLORS - 1] > 0:
        groups[1], joint_groups[1], group_color[0], n_groups = 0, joint_size[COLORS - 1], COLORS - 1, 2
    for c in range(2 * COLORS):
        left = size[c] if c % COLORS == COLORS - 1 else (size[c] + LANES - 1) // LANES
        step = 1 if c % COLORS == COLORS - 1 else CHUNK
        joined = joint_size[c] if c < COLORS - 1 else 0
        while left > 0 or joined > 0:
            groups[n_groups] = groups[n_groups - 1] + min(step, left)
            joint_groups[n_groups] = joint_groups[n_groups - 1] + joined
            group_color[n_groups - 1] = c
            left -= min(step, left)
            joined = 0
            n_groups += 1
    return (
        order,
        groups[:n_groups].copy(),
        joint_groups[:n_groups].copy(),
        joint_order,
        group_color[:n_groups].copy(),
    )


#: The head of a kept colouring (``solve_step``'s ``plan``): how many contacts it was made for (−1:
#: none), its lanes and its groups, how many joints it was made for and how many it solves; then per
#: contact its two body rows and its flags (pushable a, pushable b, stiff, has points: what the
#: colouring reads), per joint the rows of the bodies it pushes (``_color_order``'s ``joint_a``,
#: ``joint_b``), then the lanes' contacts, the groups, the groups' joints, the groups' colours and
#: the joints' order (see ``_color_order``; ``read_plan`` reads it back).
PLAN_HEAD = 5


@inline
def _flags(pushable_a, pushable_b, stiff, count):
    return (
        np.int64(pushable_a)
        | (np.int64(pushable_b) << 1)
        | (np.int64(stiff) << 2)
        | (np.int64(count > 0) << 3)
    )


@inline
def _planned(plan, a_rows, b_rows, pushable_a, pushable_b, stiff, count, joint_a, joint_b):
    """Whether ``plan`` holds the colouring of these very contacts and joints (``_color_order``'s
    inputs)."""
    k_count, j_count = a_rows.shape[0], joint_a.shape[0]
    if plan.shape[0] < PLAN_HEAD or plan[0] != k_count or plan[3] != j_count:
        return False
    for k in range(k_count):
        at = PLAN_HEAD + 3 * k
        if (
            plan[at] != a_rows[k]
            or plan[at + 1] != b_rows[k]
            or plan[at + 2] != _flags(pushable_a[k], pushable_b[k], stiff[k], count[k])
        ):
            return False
    for j in range(j_count):
        at = PLAN_HEAD + 3 * k_count + 2 * j
        if plan[at] != joint_a[j] or plan[at + 1] != joint_b[j]:
            return False
    return True


@inline
def _keep_plan(
    plan, a_rows, b_rows, pushable_a, pushable_b, stiff, count, joint_a, joint_b, order, groups,
    joint_groups, joint_order, group_color,
):  # fmt: skip
    """Write the colouring into ``plan`` when it is large enough (else mark it empty); returns the
    size it needs."""
    k_count, j_count = a_rows.shape[0], joint_a.shape[0]
    base = PLAN_HEAD + 3 * k_count + 2 * j_count
    need = base + order.shape[0] + 3 * groups.shape[0] + joint_order.shape[0]
    if plan.shape[0] < need:
        if plan.shape[0] > 0:
            plan[0] = -1
        return need
    plan[0], plan[1], plan[2] = k_count, order.shape[0], groups.shape[0]
    plan[3], plan[4] = j_count, joint_order.shape[0]
    for k in range(k_count):
        at = PLAN_HEAD + 3 * k
        plan[at], plan[at + 1] = a_rows[k], b_rows[k]
        plan[at + 2] = _flags(pushable_a[k], pushable_b[k], stiff[k], count[k])
    for j in range(j_count):
        at = PLAN_HEAD + 3 * k_count + 2 * j
        plan[at], plan[at + 1] = joint_a[j], joint_b[j]
    # (element by element: a slice assigned from an array makes numba compile its shape-mismatch message,
    # 3.7 s of CPU in solve_step's first compile)
    for u in range(order.shape[0]):
        plan[base + u] = order[u]
    at = base + order.shape[0]
    for q in range(groups.shape[0]):
        plan[at + q] = groups[q]
        plan[at + groups.shape[0] + q] = joint_groups[q]
        plan[at + 2 * groups.shape[0] + q] = group_color[q]
    at += 3 * groups.shape[0]
    for u in range(joint_order.shape[0]):
        plan[at + u] = joint_order[u]
    return need


@inline
def _read_plan(plan, k_count, j_count):
    """The colouring a plan holds (``_planned``): lanes, groups, groups' joints, joints' order, the
    plan's size and the groups' colours."""
    base = PLAN_HEAD + 3 * k_count + 2 * j_count
    n_order, n_groups, n_joints = plan[1], plan[2], plan[4]
    at = base + n_order
    order, groups = plan[base:at], plan[at : at + n_groups]
    joint_groups = plan[at + n_groups : at + 2 * n_groups]
    at += 3 * n_groups
    group_color = plan[at - n_groups : at]
    return order, groups, joint_groups, plan[at : at + n_joints], at + n_joints, group_color


class PlanView(NamedTuple):
    """A kept colouring as arrays (``read_plan``): per contact its body rows and flags (``_flags``),
    per joint the rows of the bodies it pushes, and ``_color_order``'s results."""

    a_rows: np.ndarray
    b_rows: np.ndarray
    flags: np.ndarray
    joint_a: np.ndarray
    joint_b: np.ndarray
    order: np.ndarray
    groups: np.ndarray
    joint_groups: np.ndarray
    group_color: np.ndarray
    joint_order: np.ndarray


def read_plan(plan: np.ndarray) -> PlanView | None:
    """The colouring ``plan`` holds (``solve_step``'s, as the world keeps it), or None when it holds
    none. For tests and for looking: the step reads it in place."""
    if len(plan) < PLAN_HEAD or plan[0] < 0:
        return None
    k_count, n_order, n_groups, j_count, n_joints = (int(x) for x in plan[:PLAN_HEAD])
    contacts = plan[PLAN_HEAD : PLAN_HEAD + 3 * k_count].reshape(k_count, 3)
    at = PLAN_HEAD + 3 * k_count
    joint_rows = plan[at : at + 2 * j_count].reshape(j_count, 2)
    at += 2 * j_count
    order = plan[at : at + n_order]
    at += n_order
    groups, joint_groups, group_color = (plan[at + i * n_groups : at + (i + 1) * n_groups] for i in range(3))
    at += 3 * n_groups
    return PlanView(
        contacts[:, 0], contacts[:, 1], contacts[:, 2], joint_rows[:, 0], joint_rows[:, 1], order, groups,
        joint_groups, group_color, plan[at : at + n_joints],
    )  # fmt: skip


@inline
def _runs(group_color):
    """For each group q, the end of the groups of its colour from q on (groups ``q`` to ``runs[q]``
    push no body in common; a sequential tail's groups, and the overflow joints', each alone)."""
    n_groups = group_color.shape[0] - 1
    runs = np.empty(max(n_groups, 1), np.int64)
    for q in range(n_groups - 1, -1, -1):
        c = group_color[q]
        same = q + 1 < n_groups and group_color[q + 1] == c and c % COLORS != COLORS - 1
        runs[q] = runs[q + 1] if same else q + 1
    return runs


@inline
def _stages(groups, joint_groups):
    """The passes' stages: (first joint, last joint, first group, last group) of ``joint_order``
    and the groups, a stage's joints solved before its groups. A stage starts at each group with
    joints and takes the groups after it that have none (a step without joints: one stage of
    every group, the contacts' pass as it was before joints were coloured)."""
    n_groups = groups.shape[0] - 1
    stages = np.empty((max(n_groups, 1), 4), np.int64)
    n = 0
    for q in range(n_groups):
        if n == 0 or joint_groups[q + 1] > joint_groups[q]:
            stages[n, 0], stages[n, 1], stages[n, 2] = joint_groups[q], joint_groups[q + 1], q
            n += 1
        stages[n - 1, 3] = q + 1
    if n == 0:
        stages[0, 0], stages[0, 1], stages[0, 2], stages[0, 3] = 0, 0, 0, 0
        n = 1
    return stages[:n]


@fused_kernel
def solve_step(cons, motion, xf, movers, settings, workspace, plan, joints):
    """Advance the bodies at slots ``movers`` (awake dynamic bodies, and
    kinematic bodies with a velocity) by one step, pushing on one another
    through ``cons`` (see the module's outline). Writes ``xf`` and
    ``motion.vel`` of the dynamic movers, and the constraints' impulses.

    ``motion.vel`` of a kinematic body is the velocity it moves at; a
    kinematic body that was placed since the last step also pushes with the
    velocity that placement implies, which the caller adds in ``push``
    (``motion.start`` to ``xf`` over dt) without moving it again.

    ``workspace`` (float64, the caller's, kept across steps) holds the
    prepared bundles when it is large enough, and ``plan`` (int64, kept
    too) the colouring: while the contacts, their bodies' rows and
    what can be pushed stay as they were (a resting stack's do, step after
    step), the colouring is read back, not made again. Returns how many
    float64 and int64 they needed, so the caller can grow them for the
    next step.

    ``joints`` (``joint_solver.JointRows``) are coloured with the contacts and solved colour by
    colour, a colour's joints before its contacts, the overflow joints before every colour (see the
    module's Order); their bodies must be movers or not pushed (static, kinematic, asleep: held
    still by the joint, as the world is). Their impulses carry over. The plan is the colouring
    of the joints too: a joint that comes, goes, sleeps or wakes makes it again.
    """
    n = xf.shape[0]
    h = settings.dt / settings.substeps
    cons, motion, xf, movers = viewed_record(cons), viewed_record(motion), unmanaged(xf), unmanaged(movers)
    inv_mass, inv_inertia, dynamic = motion.inv_mass, motion.inv_inertia, motion.dynamic
    k_count, n_movers = cons.a.shape[0], movers.shape[0]
    # Body rows: the movers first, then the other bodies the contacts meet.
    row_of = np.full(n, -1, np.int64)
    j_count = joints.kind.shape[0]
    slots = np.empty(n_movers + 2 * k_count + 2 * j_count, np.int64)
    rows = 0
    for m in range(n_movers):
        row_of[movers[m]] = rows
        slots[rows] = movers[m]
        rows += 1
    ends_owner = np.empty((k_count, 2), np.int64)
    ends = unmanaged(ends_owner)
    # Which movers have a contact with a point (their speed caps keep its constraints: see 2d).
    held = np.zeros(n_movers, np.bool_)
    for k in range(k_count):
        for side in range(2):
            i = cons.a[k] if side == 0 else cons.b[k]
            if row_of[i] < 0:
                row_of[i] = rows
                slots[rows] = i
                rows += 1
            ends[k, side] = row_of[i]
            if row_of[i] < n_movers and cons.count[k] > 0:
                held[row_of[i]] = True
    # The joints' bodies after the contacts' (a joint-free step's rows are as before joints were).
    joint_ends = np.empty((j_count, 4), np.int64)
    for j in range(j_count):
        for side in range(2):
            i = joints.a[j] if side == 0 else joints.b[j]
            if i >= 0 and row_of[i] < 0:
                row_of[i] = rows
                slots[rows] = i
                rows += 1
    for j in range(j_count):
        for side in range(2):
            i = joints.a[j] if side == 0 else joints.b[j]
            # Read from the body's row (the world: the row of zeros), written to it when pushed this
            # step, else to the spare row.
            joint_ends[j, side] = row_of[i] if i >= 0 else rows + 1
            pushed = i >= 0 and row_of[i] < n_movers and dynamic[i]
            joint_ends[j, 2 + side] = row_of[i] if pushed else rows
    # The rows of the bodies each joint pushes, for the colouring (−1: none; −2: the joint sleeps).
    joint_a, joint_b = np.empty(j_count, np.int64), np.empty(j_count, np.int64)
    for j in range(j_count):
        asleep = joints.kind[j] == ASLEEP
        joint_a[j] = -2 if asleep else (joint_ends[j, 2] if joint_ends[j, 2] != rows else -1)
        joint_b[j] = -2 if asleep else (joint_ends[j, 3] if joint_ends[j, 3] != rows else -1)
    # And two rows more: a spare row, written, never read, and a row of zeros, read, never written
    # (an empty lane's bodies).
    state_owner = np.zeros((rows + 2, S_WIDTH))
    center_owner = np.empty((rows, 2))
    # Each body row's inverse mass and inertia, in float64 (the spare row's and the zeros row's: zero).
    inverse_owner = np.zeros((rows + 2, 2))
    state, center, inverse = unmanaged(state_owner), unmanaged(center_owner), unmanaged(inverse_owner)
    inv_dt = 1.0 / settings.dt
    for r in range(rows):
        i = slots[r]
        inverse[r, 0], inverse[r, 1] = inv_mass[i], inv_inertia[i]
        center[r, 0], center[r, 1] = xf[i, 0], xf[i, 1]
        lx, ly = motion.center[i, 0], motion.center[i, 1]
        if lx != 0.0 or ly != 0.0:  # a centre of mass at the origin (a box's, a disc's) needs no turn
            c, s = math.cos(xf[i, 2]), math.sin(xf[i, 2])
            center[r, 0] += c * lx - s * ly
            center[r, 1] += s * lx + c * ly
        if r < n_movers:
            state[r, S_VX], state[r, S_VY], state[r, S_W] = (
                motion.vel[i, 0],
                motion.vel[i, 1],
                motion.vel[i, 2],
            )
        if not dynamic[i] and inv_mass[i] == 0.0:
            # A kinematic body placed since the last step pushes at the speed of that move.
            state[r, S_VX] += (xf[i, 0] - motion.start[i, 0]) * inv_dt
            state[r, S_VY] += (xf[i, 1] - motion.start[i, 1]) * inv_dt
            state[r, S_W] += (xf[i, 2] - motion.start[i, 2]) * inv_dt

    # 1. Prepare the joints, then the contacts in solver order.
    joint_work = np.empty((j_count, W_WIDTH))
    if j_count:
        prepare_joints(joints, joint_ends, xf, motion.center, center_owner, inverse_owner, h, joint_work)
    pushable = np.empty((k_count, 2), np.bool_)
    for k in range(k_count):
        for side in range(2):
            i = cons.a[k] if side == 0 else cons.b[k]
            pushable[k, side] = inv_mass[i] != 0.0 or inv_inertia[i] != 0.0
    a_rows, b_rows, pushable_a, pushable_b = ends[:, 0], ends[:, 1], pushable[:, 0], pushable[:, 1]
    if _planned(plan, a_rows, b_rows, pushable_a, pushable_b, cons.stiff, cons.count, joint_a, joint_b):
        order, groups, joint_groups, joint_order, plan_need, group_color = _read_plan(plan, k_count, j_count)
    else:
        order, groups, joint_groups, joint_order, group_color = _color_order(
            a_rows, b_rows, pushable_a, pushable_b, cons.stiff, cons.count, rows, joint_a, joint_b
        )
        plan_need = _keep_plan(
            plan, a_rows, b_rows, pushable_a, pushable_b, cons.stiff, cons.count, joint_a, joint_b, order,
            groups, joint_groups, joint_order, group_color,
        )  # fmt: skip
    stages = _stages(groups, joint_groups)
    runs = _runs(group_color)
    threads = np.int64(settings.threads)
    n_bundles = order.shape[0] // LANES
    # The bundles live in the caller's ``workspace`` while it is large enough (a 40-row pyramid's are
    # 0.9 MB: allocated each step, glibc's malloc may map them fresh from the kernel each time, and
    # their 211 page faults a step took longer than the solve: 310 -> 650 µs once pymunk and
    # pybox2d had stepped in the same process), else in an array of their own, and the size they
    # need is returned so the caller can grow it. They start on a cache line (numba aligns its
    # arrays to 32 bytes only): a lane row (32 bytes) then lies within one line, one vector load.
    # (float32 lanes, two to a float64 of the workspace; and a chunk's gathered rows)
    need = (n_bundles * C_WIDTH + threads * CHUNK * L_WIDTH) * LANES // 2 + ALIGN_PAD
    bundles_owner = workspace if workspace.shape[0] >= need else np.empty(need)
    bundles_at = _aligned(bundles_owner.ctypes.data)
    # Rows each lane reads, then the rows it writes (the spare one for a body that cannot be pushed);
    # unsigned, so indexing with them takes no wraparound for negative indices (five instructions an
    # index in the gather and scatter), and 32 bits hold every row (``MAX_BODIES``).
    lane_ends_owner = np.empty((n_bundles, LANES, 4), np.uint32)
    bundles, lane_ends = view_at_float32(bundles_at, (n_bundles, C_WIDTH, LANES)), unmanaged(lane_ends_owner)
    gathered_at = bundles_at + n_bundles * C_WIDTH * LANES * 4
    widths = np.full(n_bundles, LANES, np.int64)
    rolling_any, restitution_any = False, False
    for u in range(order.shape[0]):  # (a loop of its own: the prepare's threads reduce nothing)
        k = order[u]
        if k >= 0:
            rolling_any |= cons.rolling[k] > 0.0
            restitution_any |= cons.restitution[k] > 0.0
    # (a parallel loop's body takes no record: numba cannot rebuild one in its threads' function)
    cons_a, cons_b, cons_count, cons_normal = cons.a, cons.b, cons.count, cons.normal
    cons_friction, cons_restitution, cons_rolling, cons_stiff = (
        cons.friction,
        cons.restitution,
        cons.rolling,
        cons.stiff,
    )
    cons_point, cons_separation = cons.point, cons.separation
    cons_normal_impulse, cons_tangent_impulse = cons.normal_impulse, cons.tangent_impulse
    cons_total_impulse, cons_approach = cons.total_impulse, cons.approach
    (plain_rate, plain_mass, plain_impulse), (stiff_rate, stiff_mass, stiff_impulse) = (
        settings.soft,
        settings.soft_stiff,
    )
    contact_speed = settings.contact_speed
    # Bundle by bundle, each lane's contact; a bundle is written by its own iteration only, so
    # ``solve_step_threaded``'s threads split them.
    for g in prange(n_bundles):
        for t in range(LANES):
            k = order[g * LANES + t]
            w = bundles[g]
            if k < 0:
                lane_ends[g, t, 0], lane_ends[g, t, 1], lane_ends[g, t, 2], lane_ends[g, t, 3] = (
                    rows + 1,
                    rows + 1,
                    rows,
                    rows,
                )
                for row in range(C_WIDTH):  # no masses, no impulses: its solve changes nothing
                    w[row, t] = 0.0
                w[C_K11, t], w[C_K22, t] = 1.0, 1.0  # (k22 over k11)
                continue
            a, b = cons_a[k], cons_b[k]
            ra, rb = ends[k, 0], ends[k, 1]
            lane_ends[g, t, 0], lane_ends[g, t, 1] = ra, rb
            lane_ends[g, t, 2] = ra if pushable[k, 0] else rows
            lane_ends[g, t, 3] = rb if pushable[k, 1] else rows
            nx, ny = cons_normal[k, 0], cons_normal[k, 1]
            ma, ia, mb, ib = inv_mass[a], inv_inertia[a], inv_mass[b], inv_inertia[b]
            w[C_NX, t], w[C_NY, t] = nx, ny
            # (float32 holds an inverse mass or inertia up to 3.4e38, and a body 1e-12 across has an inverse
            # inertia near 1e48: capped, it only lets the lane's own velocities, which order its points'
            # solves, under-turn such a body; its effective masses and what the scatter applies are exact.)
            w[C_MA, t], w[C_IA, t] = min(ma, LANE_MAX_INVERSE), min(ia, LANE_MAX_INVERSE)
            w[C_MB, t], w[C_IB, t] = min(mb, LANE_MAX_INVERSE), min(ib, LANE_MAX_INVERSE)
            # No motion nor turn yet (the first biased pass reads these).
            w[C_MOTION, t], w[C_QVA, t], w[C_QSA, t], w[C_QVB, t], w[C_QSB, t] = 0.0, 0.0, 0.0, 0.0, 0.0
            w[C_ROLLING_IMPULSE, t] = 0.0
            w[C_FRICTION, t], w[C_RESTITUTION, t], w[C_ROLLING, t] = (
                cons_friction[k], cons_restitution[k], cons_rolling[k],
            )  # fmt: skip
            # Twice as stiff against a static or kinematic body (Box2D v3's), and against a body much
            # heavier than the other: the soft push-out rests at a depth of the load over the pair's
            # effective mass (the lighter body's) times the spring's rate squared, so a box on one 100
            # times lighter sank 4.4 % of its height into it in Box2D v3 (a third at 1,000 times).
            heavy = ma * MAX_MASS_RATIO < mb or mb * MAX_MASS_RATIO < ma
            stiffer = cons_stiff[k] or heavy
            bias_rate = stiff_rate if stiffer else plain_rate
            mass_scale = stiff_mass if stiffer else plain_mass
            impulse_scale = stiff_impulse if stiffer else plain_impulse
            for j in range(cons_count[k]):
                p = C_POINT + j * P_WIDTH
                px, py = cons_point[k, j, 0], cons_point[k, j, 1]
                ax, ay = px - center[ra, 0], py - center[ra, 1]
                bx, by = px - center[rb, 0], py - center[rb, 1]
                rna, rnb = _cross(ax, ay, nx, ny), _cross(bx, by, nx, ny)
                rta, rtb = _cross(ax, ay, ny, -nx), _cross(bx, by, ny, -nx)
                w[p + P_RNA, t], w[p + P_RNB, t], w[p + P_RTA, t], w[p + P_RTB, t] = rna, rnb, rta, rtb
                w[p + P_SEPARATION, t] = cons_separation[k, j]
                kn = ma + mb + ia * rna * rna + ib * rnb * rnb
                w[p + P_NORMAL_MASS, t] = 1.0 / kn if kn > 0.0 else 0.0
                kt = ma + mb + ia * rta * rta + ib * rtb * rtb
                w[p + P_TANGENT_MASS, t] = 1.0 / kt if kt > 0.0 else 0.0
                w[p + P_APPROACH, t] = _normal_speed(
                    nx, ny, rna, rnb, state[ra, S_VX], state[ra, S_VY], state[ra, S_W],
                    state[rb, S_VX], state[rb, S_VY], state[rb, S_W],
                )  # fmt: skip
                w[p + P_NORMAL_IMPULSE, t] = cons_normal_impulse[k, j]
                w[p + P_TANGENT_IMPULSE, t] = cons_tangent_impulse[k, j]
                w[p + P_MAX_IMPULSE, t], w[p + P_TOTAL_IMPULSE, t] = 0.0, 0.0
            for p in range(C_POINT + cons_count[k] * P_WIDTH, C_WIDTH):  # a second point of no masses
                w[p, t] = 0.0
            _prepare_block(w, t, cons_count[k], ma, ia, mb, ib)
            # The push-out's cap (Box2D v3's ``contactSpeed``) where the load needs no more; at rest the soft
            # push-out holds a load λ a sub-step (the warm start) with a bias of impulse scale · λ · k_jj /
            # mass scale, and under a load whose bias passes the cap the body sank through the floor at the
            # cap's rate, whatever its thickness (a box under a gravity of 1e5 at 60 steps a second).
            hold = max(cons_normal_impulse[k, 0] * w[C_K11, t], cons_normal_impulse[k, 1] * w[C_K22, t])
            w[C_BIAS_RATE, t], w[C_MASS_SCALE, t] = bias_rate, mass_scale
            w[C_PUSH, t] = max(contact_speed, 2.0 * impulse_scale * hold / mass_scale)
    # What a sub-step adds to each dynamic mover's velocity, and its damping (Box2D's, exact for any h).
    gain = np.zeros((n_movers, 5))
    for r in range(n_movers):
        i = slots[r]
        if dynamic[i]:
            g = motion.gravity_scale[i]
            gain[r, 0] = 1.0 / (1.0 + h * motion.damping[i, 0])
            gain[r, 1] = 1.0 / (1.0 + h * motion.damping[i, 1])
            gain[r, 2] = h * (inv_mass[i] * motion.force[i, 0] + g * settings.gravity_x)
            gain[r, 3] = h * (inv_mass[i] * motion.force[i, 1] + g * settings.gravity_y)
            gain[r, 4] = h * inv_inertia[i] * motion.force[i, 2]

    # The turn is capped per step, so the step's whole turn is below π and its angle unambiguous.
    max_turn = settings.max_rotation / settings.dt
    inv_h = np.float32(1.0 / h)
    motion_vel, motion_center, max_linear_speed = motion.vel, motion.center, settings.max_linear_speed
    for _ in range(settings.substeps):
        # 2a. Velocities (2a and 2d: a body's own row; threads split them).
        for r in prange(n_movers):
            if dynamic[slots[r]]:
                state[r, S_VX] = gain[r, 0] * state[r, S_VX] + gain[r, 2]
                state[r, S_VY] = gain[r, 0] * state[r, S_VY] + gain[r, 3]
                state[r, S_W] = gain[r, 1] * state[r, S_W] + gain[r, 4]
        # 2b. Warm start, stage by stage: a colour's joints, then its contacts (see ``_stages``).
        for s in range(stages.shape[0]):
            if stages[s, 1] > stages[s, 0]:
                warm_start_joints(
                    joints, joint_ends, state_owner, joint_work, joint_order, stages[s, 0], stages[s, 1]
                )
            _solve_contacts(
                bundles_at, gathered_at, widths, lane_ends, groups, runs, stages[s, 2], stages[s, 3], state,
                inverse, True, False, inv_h, rolling_any, threads,
            )  # fmt: skip
        # 2c. Solve with the soft push-out.
        for s in range(stages.shape[0]):
            if stages[s, 1] > stages[s, 0]:
                solve_joints(
                    joints,
                    joint_ends,
                    state_owner,
                    joint_work,
                    joint_order,
                    stages[s, 0],
                    stages[s, 1],
                    h,
                    _BIASED,
                )
            _solve_contacts(
                bundles_at, gathered_at, widths, lane_ends, groups, runs, stages[s, 2], stages[s, 3], state,
                inverse, False, True, inv_h, rolling_any, threads,
            )  # fmt: skip
        # 2d. Positions.
        for r in prange(n_movers):
            i = slots[r]
            if dynamic[i]:
                state[r, S_VX], state[r, S_VY], state[r, S_W] = _capped(
                    state[r, S_VX],
                    state[r, S_VY],
                    state[r, S_W],
                    max_linear_speed,
                    max_turn,
                    held[r],
                )
                wx, wy, ww = state[r, S_VX], state[r, S_VY], state[r, S_W]
            else:  # a kinematic body moves by its own velocity, not the push of a placement
                wx, wy, ww = motion_vel[i, 0], motion_vel[i, 1], motion_vel[i, 2]
            state[r, S_DX] += h * wx
            state[r, S_DY] += h * wy
            # Box2D's (c, s) ← normalize(c − hω·s, s + hω·c), kept as (c − 1, s) (see ``S_QV``).
            qc, qs = 1.0 + state[r, S_QV], state[r, S_QS]
            qc, qs = qc - h * ww * qs, qs + h * ww * qc
            norm = 1.0 / math.sqrt(qc * qc + qs * qs)
            state[r, S_QV], state[r, S_QS] = qc * norm - 1.0, qs * norm
        # 2e. Relax.
        for s in range(stages.shape[0]):
            if stages[s, 1] > stages[s, 0]:
                solve_joints(
                    joints,
                    joint_ends,
                    state_owner,
                    joint_work,
                    joint_order,
                    stages[s, 0],
                    stages[s, 1],
                    h,
                    _RELAXED,
                )
            _solve_contacts(
                bundles_at, gathered_at, widths, lane_ends, groups, runs, stages[s, 2], stages[s, 3], state,
                inverse, False, False, inv_h, rolling_any, threads,
            )  # fmt: skip

    if j_count:
        joint_reactions(joints, joint_ends, state_owner, joint_work, h)

    # 3. Restitution, one contact after another (a step where nothing restitutes reads no bundle).
    threshold = settings.restitution_threshold
    for u in range(order.shape[0] if restitution_any else 0):
        k, g, t = order[u], u // LANES, u % LANES
        w = bundles[g]
        e = w[C_RESTITUTION, t]
        if k < 0 or e == 0.0:
            continue
        ra, rb = lane_ends[g, t, 0], lane_ends[g, t, 1]
        # The bodies' own float64 masses, as the passes' scatter applies the impulses.
        nx, ny = w[C_NX, t], w[C_NY, t]
        ma, ia, mb, ib = inverse[ra, 0], inverse[ra, 1], inverse[rb, 0], inverse[rb, 1]
        vax, vay, wa = state[ra, S_VX], state[ra, S_VY], state[ra, S_W]
        vbx, vby, wb = state[rb, S_VX], state[rb, S_VY], state[rb, S_W]
        p0, p1 = C_POINT, C_POINT + P_WIDTH
        bounce0 = _restitutes(w, t, p0, threshold)
        bounce1 = cons.count[k] == 2 and _restitutes(w, t, p1, threshold)
        if not (bounce0 or bounce1):
            continue
        rna0, rnb0, rna1, rnb1 = w[p0 + P_RNA, t], w[p0 + P_RNB, t], w[p1 + P_RNA, t], w[p1 + P_RNB, t]
        k11 = ma + mb + ia * rna0 * rna0 + ib * rnb0 * rnb0
        k22 = ma + mb + ia * rna1 * rna1 + ib * rnb1 * rnb1
        k12 = ma + mb + ia * rna0 * rna1 + ib * rnb0 * rnb1
        # Each point to leave at e times its approach: what it lacks of that (u < 0) or has past it.
        u0 = _normal_speed(nx, ny, rna0, rnb0, vax, vay, wa, vbx, vby, wb) + e * w[p0 + P_APPROACH, t]
        u1 = _normal_speed(nx, ny, rna1, rnb1, vax, vay, wa, vbx, vby, wb) + e * w[p1 + P_APPROACH, t]
        # The impulses so far are the step's whole (Box2D v3 takes its last sub-step's): a point that
        # pushed early in the step and had let go by its end can give some of that back when the other
        # point's bounce carries it past its own; e = 1 then keeps the energy (a box's corner glancing
        # off another box gained 9 %).
        a0, a1 = np.float64(w[p0 + P_TOTAL_IMPULSE, t]), np.float64(w[p1 + P_TOTAL_IMPULSE, t])
        if bounce0 and bounce1:  # both points at once (``_both_points``), as the passes solve them
            x0, x1 = _both_points(
                u0, u1, a0, a1, 1.0 / k11, 1.0 / k22, k11, k12 / k11, k22 / k11,
                _split(k11, k12, k22), 1.0, 1.0,
            )  # fmt: skip
        elif bounce0:
            x0, x1 = max(a0 - u0 / k11, 0.0), a1
        else:
            x0, x1 = a0, max(a1 - u1 / k22, 0.0)
        d0, d1 = x0 - a0, x1 - a1
        w[p0 + P_TOTAL_IMPULSE, t], w[p1 + P_TOTAL_IMPULSE, t] = x0, x1
        w[p0 + P_NORMAL_IMPULSE, t] = max(w[p0 + P_NORMAL_IMPULSE, t] + d0, 0.0)
        w[p1 + P_NORMAL_IMPULSE, t] = max(w[p1 + P_NORMAL_IMPULSE, t] + d1, 0.0)
        d = d0 + d1
        vax, vay, wa, vbx, vby, wb = _pushed(
            vax, vay, wa, vbx, vby, wb, ma, ia, mb, ib, d * nx, d * ny, d0 * rna0 + d1 * rna1,
            d0 * rnb0 + d1 * rnb1,
        )  # fmt: skip
        ra, rb = lane_ends[g, t, 2], lane_ends[g, t, 3]
        state[ra, S_VX], state[ra, S_VY], state[ra, S_W] = vax, vay, wa
        state[rb, S_VX], state[rb, S_VY], state[rb, S_W] = vbx, vby, wb
    # What the points carry out of the step, in the contacts' own rows (a contact's own: threads split them).
    for u in prange(order.shape[0]):
        k, g, t = order[u], u // LANES, u % LANES
        if k < 0:
            continue
        for j in range(cons_count[k]):
            p = C_POINT + j * P_WIDTH
            cons_normal_impulse[k, j] = bundles[g, p + P_NORMAL_IMPULSE, t]
            cons_tangent_impulse[k, j] = bundles[g, p + P_TANGENT_IMPULSE, t]
            cons_total_impulse[k, j] = bundles[g, p + P_TOTAL_IMPULSE, t]
            cons_approach[k, j] = -bundles[g, p + P_APPROACH, t]

    # 4. Transforms from the centres' motion; the angle adds the turn (at most a
    # quarter turn per sub-step, so the sum of sub-steps' turns is kept exactly). A body's own rows:
    # threads split them.
    for r in prange(n_movers):
        i = slots[r]
        if dynamic[i]:
            # Within the caps, as the sub-steps cap what they move by: the relaxing pass and restitution
            # push after the last cap (a kinematic bar spinning at 1e9 rad/s left a circle at 1e9 units/s).
            motion_vel[i, 0], motion_vel[i, 1], motion_vel[i, 2] = _capped(
                state[r, S_VX], state[r, S_VY], state[r, S_W], max_linear_speed, max_turn, held[r]
            )
        angle = xf[i, 2] + math.atan2(state[r, S_QS], 1.0 + state[r, S_QV])
        xf[i, 0], xf[i, 1], xf[i, 2] = center[r, 0] + state[r, S_DX], center[r, 1] + state[r, S_DY], angle
        lx, ly = motion_center[i, 0], motion_center[i, 1]
        if lx != 0.0 or ly != 0.0:
            c, s = math.cos(angle), math.sin(angle)
            xf[i, 0] -= c * lx - s * ly
            xf[i, 1] -= s * lx + c * ly
    # The size the bundles needed; reading the owners here keeps them alive past their last use
    # through the views.
    alive = (
        state_owner.shape[0] + center_owner.shape[0] + bundles_owner.shape[0] + lane_ends_owner.shape[0]
        + ends_owner.shape[0] + inverse_owner.shape[0]
    )  # fmt: skip
    return (need if alive >= 0 else -1), plan_need


@functools.cache
def solve_step_threaded():
    """``solve_step`` compiled with numba's ``parallel`` for its ``prange``s (the contact passes'
    workers, ``_solve_contacts``) and nothing else (no array expression, reduction or numpy call
    made parallel: the step's results stay those of one thread). The same code as ``solve_step``,
    a kernel of its own name (numba's cache keys a kernel by its name, not its options), made and
    compiled only when a world asks for more than one thread: one thread compiles nothing more.
    Under ``NUMBA_DISABLE_JIT``, ``solve_step`` itself (its ``prange`` is a ``range``)."""
    py_func = getattr(solve_step, "py_func", None)
    if py_func is None:
        return solve_step
    copy = types.FunctionType(
        py_func.__code__, py_func.__globals__, "solve_step_threaded", py_func.__defaults__
    )
    copy.__qualname__, copy.__doc__ = "solve_step_threaded", py_func.__doc__
    return threaded_kernel(copy)


__all__ = [
    "NO_CONSTRAINTS",
    "Constraints",
    "PlanView",
    "Softness",
    "StepSettings",
    "make_soft",
    "read_plan",
    "solve_step",
    "solve_step_threaded",
]
