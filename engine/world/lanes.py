"""The solver's gather and scatter: body rows to contact lanes and back, eight lanes at a time.

The soft step (``solver``) solves the contacts of a bundle side by side, one
contact a lane, each number of a contact in a row of ``LANES`` lanes. Before
a bundle is solved, its bodies' velocities (and, for the relaxing pass, their
motion and turn since the step began) are gathered from the bodies' rows into
its lanes; after, what each lane's impulses add up to is scattered back onto
its bodies (Box2D v3 ``b2GatherBodies`` and ``b2ScatterBodies``,
``src/contact_solver.c``).

Written one lane and one number at a time, that is a scalar load, a
conversion and a scalar store for every number of every lane, and three
scalar read-modify-writes for every body of every lane: on a 40-row pyramid
the scatter alone was a third of ``solve_step`` (100 of 259 µs), and the
stores were what the processor waited on. Here each body's row is one
vector load, the eight rows of a bundle's lanes are turned into the lanes'
rows by shuffles (an 8 × 8 transpose, as Box2D's ``b2GatherBodies`` does
with SSE and AVX), and each lane's sums are applied to its bodies' rows with
one vector fused multiply-add and one vector store a body. numba has no
vector type and LLVM's vectorizer cannot prove the body rows and the lanes
apart, so these are written in LLVM IR (``numba.extending.intrinsic``).

The arithmetic is the scalar form's, rounding included: a body's new
velocity is ``v − m·p`` (``v + m·p`` for the second body) with one rounding
on a processor with a fused multiply-add, as the scalar form compiled with
``contract`` gives it (``llvm.fmuladd``: where there is none, a product and
a sum, as the scalar form there). Under ``NUMBA_DISABLE_JIT`` the plain
Python forms below run instead (no fused multiply-add, so their results move
by rounding, as the rest of the solve's do).

Layouts (the solver's): a body row is ``ROW`` float64 (velocity x, y, ω,
then the motion x, y and turn cos − 1, sin since the step began, then one not
read); a bundle's lane rows are float32, ``LANES`` to a row; a lane's ends
are four uint32 body rows (read a, read b, written a, written b); the
inverse masses are rows of (inverse mass, inverse inertia), float64. The
types are checked when a caller compiles; the shapes are the caller's to
keep (``solver.solve_step`` makes every one of them): nothing checks them
at run time, as nothing checks a numba kernel's indices.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import config, types
from numba.extending import intrinsic

from ..collision.jit import inline

#: Contacts (lanes) a bundle gathers and scatters at once.
LANES = 8
#: float64 numbers in a body row.
ROW = 8
#: Where a bundle's gathered rows put the first body's row (its ``ROW`` columns, as many as gathered,
#: one lane row each), the second body's, and what the lanes' impulses add up to: the push on the
#: second body (on the first its opposite), x and y, and its moments about each body's centre.
FIRST, SECOND, SUMS = 0, 7, 14

_I32, _F32, _F64 = ir.IntType(32), ir.FloatType(), ir.DoubleType()


def _shuffle(builder, a, b, mask):
    return builder.shuffle_vector(a, b, ir.Constant(ir.VectorType(_I32, len(mask)), mask))


def _transpose(builder, rows):
    """Eight <8 x float> rows to their eight columns (the rows' k-th numbers in row order): the
    unpack, shuffle and 128-bit permute of Intel's 8 × 8 AVX transpose."""
    lo, hi = [0, 8, 1, 9, 4, 12, 5, 13], [2, 10, 3, 11, 6, 14, 7, 15]
    t = []
    for k in range(4):
        t += [
            _shuffle(builder, rows[2 * k], rows[2 * k + 1], lo),
            _shuffle(builder, rows[2 * k], rows[2 * k + 1], hi),
        ]
    s01, s23 = [0, 1, 8, 9, 4, 5, 12, 13], [2, 3, 10, 11, 6, 7, 14, 15]
    # Columns k and k + 4 of rows 0-3 (then of rows 4-7), in the two halves.
    q = [
        _shuffle(builder, t[0], t[2], s01), _shuffle(builder, t[0], t[2], s23),
        _shuffle(builder, t[1], t[3], s01), _shuffle(builder, t[1], t[3], s23),
        _shuffle(builder, t[4], t[6], s01), _shuffle(builder, t[4], t[6], s23),
        _shuffle(builder, t[5], t[7], s01), _shuffle(builder, t[5], t[7], s23),
    ]  # fmt: skip
    low, high = [0, 1, 2, 3, 8, 9, 10, 11], [4, 5, 6, 7, 12, 13, 14, 15]
    return [_shuffle(builder, q[k], q[k + 4], low) for k in range(4)] + [
        _shuffle(builder, q[k], q[k + 4], high) for k in range(4)
    ]


def _data(context, builder, array_type, value, element):
    """The data pointer of an array argument, as a pointer to ``element``."""
    data = context.make_array(array_type)(context, builder, value).data
    return builder.bitcast(data, element.as_pointer())


def _end(builder, ends, lane, column):
    """Lane ``lane``'s body row at ``column`` of its ends (uint32), as an int64."""
    at = builder.gep(ends, [ir.Constant(ir.IntType(64), 4 * lane + column)])
    return builder.zext(builder.load(at), ir.IntType(64))


def _check(name, **given):
    wanted = {
        "state": (types.float64, 2),
        "ends": (types.uint32, 2),
        "lanes": (types.float32, 2),
        "inverse": (types.float64, 2),
    }
    for arg, ty in given.items():
        dtype, ndim = wanted[arg]
        if not (isinstance(ty, types.Array) and ty.dtype == dtype and ty.ndim == ndim and ty.layout == "C"):
            raise TypeError(f"{name}: {arg} must be a C-contiguous {ndim}-D {dtype} array, got {ty}")


def _gatherer(columns):
    """An intrinsic ``gather(state, ends, lanes)``: the first ``columns`` numbers of each lane's two
    read body rows (``ends[t, 0]``, ``ends[t, 1]``) into its lane rows from ``FIRST`` and ``SECOND``,
    as float32."""
    width = 4 if columns <= 4 else ROW

    @intrinsic
    def gather(typingctx, state, ends, lanes):
        _check("gather", state=state, ends=ends, lanes=lanes)

        def codegen(context, builder, signature, args):
            state_ty, ends_ty, lanes_ty = signature.args
            rows_at = _data(context, builder, state_ty, args[0], _F64)
            ends_at = _data(context, builder, ends_ty, args[1], _I32)
            lanes_at = _data(context, builder, lanes_ty, args[2], _F32)
            for side, first in ((0, FIRST), (1, SECOND)):
                rows = []
                for t in range(LANES):
                    at = builder.gep(
                        rows_at,
                        [builder.mul(_end(builder, ends_at, t, side), ir.Constant(ir.IntType(64), ROW))],
                    )
                    row = builder.load(builder.bitcast(at, ir.VectorType(_F64, width).as_pointer()), align=8)
                    row = builder.fptrunc(row, ir.VectorType(_F32, width))
                    if width < LANES:
                        row = _shuffle(
                            builder,
                            row,
                            ir.Constant(ir.VectorType(_F32, width), None),
                            list(range(width)) + [width] * (LANES - width),
                        )
                    rows.append(row)
                for k, column in enumerate(_transpose(builder, rows)[:columns]):
                    at = builder.gep(lanes_at, [ir.Constant(ir.IntType(64), (first + k) * LANES)])
                    builder.store(
                        column, builder.bitcast(at, ir.VectorType(_F32, LANES).as_pointer()), align=4
                    )
            return context.get_dummy_value()

        return types.none(state, ends, lanes), codegen

    return gather


#: The bodies' velocities (x, y, ω), and with their motion and turn since the step began
#: (dx, dy, cos − 1, sin).
_gather_velocities = _gatherer(3)
_gather_velocities_and_motion = _gatherer(7)


@inline
def gather(state, ends, lanes, motion):
    """Copy the velocities (x, y, ω) of a bundle's two bodies a lane, the body rows ``ends[t, 0]`` and
    ``ends[t, 1]`` of ``state``, into its lane rows from ``FIRST`` and ``SECOND`` as float32, and with
    ``motion`` their motion and turn since the step began too (dx, dy, cos − 1, sin: the next four)."""
    if motion:
        _gather_velocities_and_motion(state, ends, lanes)
    else:
        _gather_velocities(state, ends, lanes)


@intrinsic
def scatter_sums(typingctx, lanes, ends, state, inverse):
    """Apply each lane's sums (rows ``SUMS`` on: px, py, moment about a, moment about b) to its two
    written body rows (``ends[t, 2]``, ``ends[t, 3]``): v_a −= m_a·(px, py), ω_a −= i_a·ta; v_b += m_b·(px, py),
    ω_b += i_b·tb, with each body's own float64 inverse mass and inertia, one lane after another (a
    static body's written row, the spare, is shared by lanes)."""
    _check("scatter_sums", lanes=lanes, ends=ends, state=state, inverse=inverse)

    def codegen(context, builder, signature, args):
        lanes_ty, ends_ty, state_ty, inverse_ty = signature.args
        lanes_at = _data(context, builder, lanes_ty, args[0], _F32)
        ends_at = _data(context, builder, ends_ty, args[1], _I32)
        rows_at = _data(context, builder, state_ty, args[2], _F64)
        inverse_at = _data(context, builder, inverse_ty, args[3], _F64)
        v8, d4, d2 = ir.VectorType(_F32, LANES), ir.VectorType(_F64, 4), ir.VectorType(_F64, 2)
        # ``fmuladd``: one rounding where the processor has a fused multiply-add, else a product
        # and a sum, as ``contract`` compiles the scalar form (``llvm.fma`` would call libm's
        # ``fma`` for each number on a processor without one).
        fma = builder.module.globals.get("llvm.fmuladd.v4f64") or ir.Function(
            builder.module, ir.FunctionType(d4, [d4, d4, d4]), "llvm.fmuladd.v4f64"
        )
        sums = []
        for k in range(4):
            at = builder.gep(lanes_at, [ir.Constant(ir.IntType(64), (SUMS + k) * LANES)])
            sums.append(builder.load(builder.bitcast(at, v8.as_pointer()), align=4))
        blank = ir.Constant(v8, None)
        per_lane = _transpose(builder, sums + [blank] * 4)  # lane t: px, py, ta, tb, then nothing
        for t in range(LANES):
            p = builder.fpext(_shuffle(builder, per_lane[t], blank, [0, 1, 2, 3]), d4)
            for side, sign, moment in ((2, -1.0, 2), (3, 1.0, 3)):
                r = _end(builder, ends_at, t, side)
                row_at = builder.bitcast(
                    builder.gep(rows_at, [builder.mul(r, ir.Constant(ir.IntType(64), ROW))]), d4.as_pointer()
                )
                mass_at = builder.bitcast(
                    builder.gep(inverse_at, [builder.mul(r, ir.Constant(ir.IntType(64), 2))]), d2.as_pointer()
                )
                masses = builder.load(mass_at, align=8)  # inverse mass, inverse inertia
                m = _shuffle(builder, masses, ir.Constant(d2, None), [0, 0, 1, 1])
                if sign < 0.0:
                    m = builder.fneg(m)
                push = _shuffle(builder, p, ir.Constant(d4, None), [0, 1, moment, moment])
                row = builder.load(row_at, align=8)
                new = builder.call(fma, [m, push, row])
                # Only x, y and ω change: the fourth number (the motion's x) is written back as it was.
                builder.store(_shuffle(builder, new, row, [0, 1, 2, 7]), row_at, align=8)
        return context.get_dummy_value()

    return types.none(lanes, ends, state, inverse), codegen


if config.DISABLE_JIT:  # plain Python: the same, one number at a time

    def _gather_python(columns):
        def gather(state, ends, lanes):
            for t in range(LANES):
                for side, first in ((0, FIRST), (1, SECOND)):
                    row = int(ends[t, side])
                    for k in range(columns):
                        lanes[first + k, t] = np.float32(state[row, k])

        return gather

    _gather_velocities = _gather_python(3)
    _gather_velocities_and_motion = _gather_python(7)

    def scatter_sums(lanes, ends, state, inverse):
        for t in range(LANES):
            px, py = np.float64(lanes[SUMS, t]), np.float64(lanes[SUMS + 1, t])
            ta, tb = np.float64(lanes[SUMS + 2, t]), np.float64(lanes[SUMS + 3, t])
            a, b = int(ends[t, 2]), int(ends[t, 3])
            state[a, 0] -= inverse[a, 0] * px
            state[a, 1] -= inverse[a, 0] * py
            state[a, 2] -= inverse[a, 1] * ta
            state[b, 0] += inverse[b, 0] * px
            state[b, 1] += inverse[b, 0] * py
            state[b, 2] += inverse[b, 1] * tb


__all__ = ["FIRST", "LANES", "ROW", "SECOND", "SUMS", "gather", "scatter_sums"]
