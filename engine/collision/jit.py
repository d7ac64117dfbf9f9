"""How the engine compiles its kernels.

``error_model="numpy"`` makes a division by zero give inf or nan, as numpy
does, instead of raising: the kernels guard every division whose divisor can
be zero, and without the raise path LLVM keeps the inner loops branch-free.
Small helpers that run inside the GJK loop are inlined into their callers at
numba's level: measured on this machine, that halves the time per pair.
Inlining has a price at compile time: numba builds the helper's IR again at
every call site, and a large helper inlined into many kernels compiled again
in each (GJK, at seven sites, was a quarter of a cold start's compile). So a
large function called from several places (``gjk``, ``epa``, ``round_cast``,
``aabb_of``, the manifold's clipping steps) is a ``kernel`` of its own: it
compiles once and the callers call it. ``benchmarks/compile_times.py`` shows
what each kernel costs to compile.

``cache=True`` keeps start-up (import and first query) under a second after
the first run. numba checks a cached kernel against its own file only, not
against the files of the functions it calls, so an edited ``epa.py`` would
leave a stale ``collide_pair`` behind. The cache therefore lives in a folder
named after a hash of every source file of ``engine/collision`` and
``engine/world``, where every kernel lives: any edit there starts a fresh
cache (an edited demo or cross-check does not). ``NUMBA_CACHE_DIR`` still chooses where that folder goes.

Nothing compiles on import: a kernel compiles on its first call with a new
signature (a cache hit is no compile). ``watch_compiles`` names each one as
it compiles, so a first run can say what it is doing (``python -m engine``,
the game's warm-up in ``game.headless.warmup``).

Several processes may fill one cache at once (the game's two warm-up
processes, parallel test runs). numba saves an entry by reading a kernel's
index, picking the first free data file number and writing both back: two
processes saving two signatures of one kernel at the same moment could
both pick number 1, and the index would then name the other signature's
machine code. ``_save_locked`` holds an advisory lock on the kernel's index
while it saves, so those read-modify-writes take turns.
"""

import contextlib
import hashlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
from llvmlite import ir
from numba import carray, config, njit, types
from numba.core import ir as numba_ir
from numba.core import ir_utils
from numba.core.cpu_options import ParallelOptions
from numba.extending import intrinsic, overload


def _cache_dir(engine: Path = Path(__file__).parents[1]) -> str:
    """The cache folder of the engine at ``engine``: named after its kernels' sources and its place.

    The kernels live in engine/collision and engine/world: the demo or the cross-check edited must
    not throw the compiled kernels away. numba keeps each kernel under a folder named after its
    source file's absolute path, so a second checkout of the same sources (a new clone, a worktree,
    another install) finds none of them: the place is in the name too, or that checkout would read
    the first one's warm-up mark (``game.headless.warmup.is_done``), skip the warm-up and compile
    in play, the window frozen for seconds at each first call."""
    sources = sorted(p for room in ("collision", "world") for p in (engine / room).rglob("*.py"))
    place = os.path.abspath(engine).encode("utf-8", "surrogateescape")  # (numba's own: abspath, links kept)
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources) + place).hexdigest()[:16]
    root = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "gjk-shooter", "numba"
    )
    return os.path.join(root, f"engine-{digest}")


config.CACHE_DIR = _cache_dir()


def cache_is_empty() -> bool:
    """No kernel of this engine version is cached yet (a first run, or the engine was edited)."""
    folder = Path(config.CACHE_DIR)
    return not folder.is_dir() or not any(folder.rglob("*.nbi"))


def _save_locked(save):
    """numba's ``IndexDataCacheFile.save``, under an exclusive ``flock`` on a lock file beside the index."""
    import fcntl

    def locked(self, key, data):
        os.makedirs(self._cache_path, exist_ok=True)
        with open(self._index_path + ".lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                return save(self, key, data)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    return locked


def _lock_cache_saves() -> None:
    from numba.core.caching import IndexDataCacheFile

    try:
        import fcntl  # noqa: F401  (POSIX only: elsewhere saves stay as numba makes them)
    except ImportError:
        return
    if not getattr(IndexDataCacheFile.save, "_gjk_locked", False):
        IndexDataCacheFile.save = _save_locked(IndexDataCacheFile.save)
        IndexDataCacheFile.save._gjk_locked = True


_lock_cache_saves()


class _NoCopy:
    """Stands for the ``copy`` module inside numba's ``inline_closurecall`` while it inlines an IR
    that nothing else holds (see ``_inline_without_copies``)."""

    @staticmethod
    def deepcopy(value, memo=None):
        return value


def _inline_without_copies() -> None:
    """numba inlines an ``inline="always"`` helper (``InlineWorker.inline_function``) by building
    the helper's IR afresh and handing it to ``inline_ir``, which deep-copies it block by block
    twice: once to mutate it, once to return an unmutated copy that both of numba's callers throw
    away. Each block's copy also copies the whole function's scope, so the copies grow with
    the helper's blocks times its variables (numba issue #8989, open; numba-cuda's pull request
    #689 drops them the same way). The IR is fresh and the copies' results are discarded, so
    this runs ``inline_ir`` there with a ``deepcopy`` that hands back what it is given: the
    inlined code is the same, and the copies' time is gone (measured: a first ``World.step``'s
    kernels 47.2 -> 38.0 s of CPU). ``inline_ir``'s other caller, the overloads' inlining,
    hands it a kept IR and keeps its copies. Left as numba has it unless its code is the
    shape this reads (written against numba 0.68; ``tests/engine/collision/test_jit_inlining.py``
    says when a numba release no longer has that shape)."""
    import copy
    import inspect

    from numba.core import inline_closurecall as closures

    worker = closures.InlineWorker
    if getattr(worker.inline_function, "_gjk_fresh", False):
        return
    try:
        fresh = "callee_ir = self.run_untyped_passes(function)" in inspect.getsource(worker.inline_function)
        copies = "copy.deepcopy(the_ir.blocks[block_label])" in inspect.getsource(worker.inline_ir)
    except (OSError, TypeError):  # no source to read: leave numba as it is
        return
    if not (fresh and copies and closures.copy is copy):
        return

    def inline_function(self, caller_ir, block, i, function, arg_typs=None):
        callee_ir = self.run_untyped_passes(function)  # fresh: held by nothing else
        closures.copy = _NoCopy
        try:
            return self.inline_ir(
                caller_ir, block, i, callee_ir, function.__code__.co_freevars, arg_typs=arg_typs
            )
        finally:
            closures.copy = copy

    inline_function._gjk_fresh = True
    worker.inline_function = inline_function


_inline_without_copies()

kernel = njit(cache=True, error_model="numpy")
inline = njit(cache=True, error_model="numpy", inline="always")
#: A kernel whose products and sums may fuse into one rounding (LLVM's ``contract``: FMA
#: instructions): for the contact solver, whose chains of dependent products are its time
#: (measured: solve_step on a resting 40-row pyramid ~5 % faster). Its results differ from the
#: unfused ones by rounding, and are the same from run to run on one machine.
fused_kernel = njit(cache=True, error_model="numpy", fastmath={"contract"})


def _views_escape(lhs, args, alias_map, arg_aliases) -> None:
    """An array viewed at raw memory (``carray``: ``unmanaged``, ``view_at``) or a record of such
    views is memory the caller holds, as an argument is: numba's ``parallel`` passes drop a store
    to an array they take for the kernel's own and unread after it (``solve_step``'s last writes
    of the velocities, read by the caller), and keep a store to an argument's alias. (The parfor
    lowering asks too, with a dict, to learn whether its loop's array arguments may overlap: the
    solver's are arrays of their own, and its views are not arguments.)"""
    if isinstance(arg_aliases, set):
        arg_aliases.add(lhs)


def _fields_escape(instr, args, typemap, func_ir, alias_map, arg_aliases) -> None:
    """An array field of a record (a ``NamedTuple`` of arrays: ``viewed_record``'s, an argument) is
    the caller's too; numba takes a tuple for immutable and follows no alias through it. Typed IR
    only (the ``parallel`` passes'; the untyped dead-code pass already keeps every argument's)."""
    if typemap is None or not isinstance(arg_aliases, set):
        return
    value = instr.value
    if (
        isinstance(value, numba_ir.Expr)
        and value.op in ("getattr", "static_getitem")
        and isinstance(typemap.get(value.value.name), types.BaseTuple)
        and isinstance(typemap.get(instr.target.name), types.Array)
    ):
        arg_aliases.add(instr.target.name)


ir_utils.alias_analysis_extensions[numba_ir.Assign] = _fields_escape
for _name, _module in (
    ("carray", "numba.np.numpy_support"),
    ("viewed_record", __name__),
    ("first_rows", __name__),
):
    ir_utils.alias_func_extensions[(_name, _module)] = _views_escape

#: ``fused_kernel`` with numba's threads for its ``prange`` loops only (``parallel``'s other
#: rewrites, of array expressions, reductions and numpy calls, off: they would fork threads for
#: small arrays and change a sum's order); for a kernel of its own, compiled when threads are asked for
#: (``world.solver.solve_step_threaded``).
threaded_kernel = njit(
    cache=True,
    error_model="numpy",
    fastmath={"contract"},
    # (an options object, not the dict: numba pops the dict's keys as it reads them, and would read
    # an emptied dict, every rewrite on, at the next compile)
    parallel=ParallelOptions(
        {
            "comprehension": False,
            "reduction": False,
            "inplace_binop": False,
            "setitem": False,
            "numpy": False,
            "stencil": False,
            "fusion": False,
            "prange": True,
        }
    ),
)


def kernel_name(dispatcher) -> str:
    """``module.qualname`` of a numba dispatcher's Python function."""
    func = getattr(dispatcher, "py_func", dispatcher)
    return f"{getattr(func, '__module__', '?')}.{getattr(func, '__qualname__', repr(func))}"


@contextlib.contextmanager
def watch_compiles(
    on_start: Callable[[str, int], None], on_end: Callable[[str, int, float], None]
) -> Iterator[None]:
    """Call ``on_start(name, depth)`` and ``on_end(name, depth, seconds)`` around each
    compilation of one of our kernels inside the ``with``.

    Depth 0 is a kernel called from Python; depth 1 one compiled because a
    kernel calls it, and so on. numba's own helpers (``np.zeros``, ``max``...)
    compiled along the way are not reported and do not count as depth.
    """
    from numba.core import event

    stack: list[tuple[str, float]] = []

    def ours(name: str) -> bool:
        return not name.startswith("numba.")

    class _Listener(event.Listener):
        def on_start(self, ev) -> None:
            name = kernel_name(ev.data["dispatcher"])
            depth = sum(ours(n) for n, _ in stack)
            stack.append((name, time.perf_counter()))
            if ours(name):
                on_start(name, depth)

        def on_end(self, ev) -> None:
            name, began = stack.pop()
            if ours(name):
                on_end(name, sum(ours(n) for n, _ in stack), time.perf_counter() - began)

    listener = _Listener()
    event.register("numba:compile", listener)
    try:
        yield
    finally:
        event.unregister("numba:compile", listener)


@intrinsic
def _data_pointer(typingctx, address, array):
    """The integer address of ``array``'s data as a pointer typed like its elements."""
    if array.layout != "C":  # a view assumes C order: refuse anything else at compile time
        raise TypeError(f"unmanaged() needs a C-contiguous array, got layout {array.layout!r}")
    pointer = types.CPointer(array.dtype)
    sig = pointer(types.uintp, array)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(pointer))

    return sig, codegen


@inline
def unmanaged(array):
    """A view of a C-contiguous array that numba does not reference-count.

    numba increments and decrements (atomically) the reference count of every
    array passed to a function that is not inlined away, and of arrays handed
    to helpers inlined inside a loop where it cannot prove them redundant: in
    the batch kernels that was half the time per pair, in the world's sweep
    an eighth. A view made from the raw pointer carries no reference count.
    The caller must keep ``array`` alive while the view is used: a kernel
    views only its own arguments (its caller holds them) and arrays it holds
    to the end.
    """
    return carray(_data_pointer(array.ctypes.data, array), array.shape)


@intrinsic
def _trailing_zeros(typingctx, x):
    """LLVM's count of trailing zero bits of an int64 (64 for 0)."""
    if not isinstance(x, types.Integer):
        raise TypeError(f"trailing zeros of an integer, got {x}")
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@inline
def lowest_clear_bit(bits):
    """The index of the lowest 0 bit of int64 ``bits`` (64 when every bit is set): one instruction
    where a loop over the bits mispredicts its exit once a call.

    >>> lowest_clear_bit(0b1011), lowest_clear_bit(0), lowest_clear_bit(-1)
    (2, 0, 64)
    """
    return _trailing_zeros(~np.int64(bits))


def _pointer_to(numba_type):
    """An intrinsic that reads an integer address as a pointer to ``numba_type``."""

    @intrinsic
    def pointer(typingctx, address):
        if not isinstance(address, types.Integer):
            raise TypeError(f"an address is an integer, got {address}")
        to = types.CPointer(numba_type)

        def codegen(context, builder, signature, args):
            return builder.inttoptr(args[0], context.get_value_type(to))

        return to(address), codegen

    return pointer


_float64_pointer = _pointer_to(types.float64)
_float32_pointer = _pointer_to(types.float32)


@inline
def view_at(address, shape):
    """A C-order float64 array of ``shape`` over the memory at ``address``, without a reference count.

    For the one-pair queries: an integer crosses numba's call boundary in a
    fraction of the time an array takes (numba unboxes an array into a new
    record, with an allocation, on every call). ``address`` must be the data
    of a float64 array the caller holds for the whole call, at least as large
    as ``shape`` says (see ``shapes.packed_at``); nothing checks it.
    """
    return carray(_float64_pointer(address), shape)


@inline
def view_at_float32(address, shape):
    """``view_at`` for float32: the solver's bundles (``world.solver``) hold float32 lanes in a
    float64 workspace."""
    return carray(_float32_pointer(address), shape)


def entry_point(dispatcher):
    """The compiled wrapper of a kernel's one signature, to call without numba's dispatch; else the kernel.

    A call through a numba dispatcher copies the argument tuple, types every
    argument and looks the types up among the signatures before it reaches
    the compiled wrapper that unboxes them: for eight numbers, about as long
    again as the unboxing itself (measured here: 0.56 µs against 0.30 µs a
    call on a loaded machine). The wrapper (``CompileResult.entry_point``)
    can be called directly once the kernel is compiled, or loaded from the
    cache, for the one signature it will ever see. The caller must pass
    exactly those types (the wrapper converts, it does not refuse: a float
    given for an int is truncated). Anything else (no compiled signature yet,
    several, plain Python under ``NUMBA_DISABLE_JIT``, a numba without
    ``entry_point``) gives the kernel back, which is always right.
    """
    overloads = getattr(dispatcher, "overloads", None)
    if not overloads or len(overloads) != 1:
        return dispatcher
    (compiled,) = overloads.values()
    return getattr(compiled, "entry_point", None) or dispatcher


def bind_on_first_call(dispatcher, namespace: dict, name: str):
    """A stand-in for ``namespace[name]`` that calls ``dispatcher`` (compiling it, or loading it
    from the cache, on the first call, as any kernel does) and then puts
    ``entry_point(dispatcher)`` in its place, so later calls skip the dispatch."""

    def first_call(*args):
        result = dispatcher(*args)
        namespace[name] = entry_point(dispatcher)
        return result

    return first_call


# Records (NamedTuples of arrays, one row per item) field by field. Each function below is
# written once, for every record: in a kernel, numba compiles it for the record's type from
# code generated from the type's field names; in Python the same expression runs on each
# field. So no kernel spells a record's fields out again.


def _field_wise(
    name: str, params: str, expression: str, python_expression: str | None = None, other: str | None = None
):
    """``name(record, *params)``: a record of the same kind whose every field is ``expression``
    of the record's field (``{f}`` stands for it) inside kernels, ``python_expression`` (by
    default the same) when called from Python. ``other``, if given, is the expression inside
    kernels for a field that is not an array (a number, a nested record)."""
    signature = ", ".join(("record", *params.split()))
    each = (python_expression or expression).format(f="f")
    scope = {"np": np, "unmanaged": unmanaged, "__name__": __name__}  # named as this module's when compiling
    exec(f"def {name}({signature}):\n    return type(record)(*({each} for f in record))\n", scope)
    python = scope[name]

    def compiled(record):
        fields = ", ".join(
            (expression if other is None or isinstance(kind, types.Array) else other).format(
                f=f"record.{field}"
            )
            for field, kind in zip(record.fields, record.types)
        )
        namespace = dict(scope, kind=record.instance_class)
        exec(f"def {name}({signature}):\n    return kind({fields})\n", namespace)
        return namespace[name]

    # numba wants the typing function to take the Python function's own parameters. Not
    # inline="always": so inlined, the arrays the record helpers made dropped the kernel's writes
    # (numba 0.68; tests/engine/collision/test_jit.py); LLVM inlines the call anyway.
    typing = {"compiled": compiled}
    exec(f"def typing({signature}):\n    return compiled(record)\n", typing)
    overload(python)(typing["typing"])
    return python


#: ``take_rows(record, rows)``: the record's rows at ``rows`` (an index array), in that order.
take_rows = _field_wise("take_rows", "rows", "{f}[rows]")
#: ``first_rows(record, k)``: the record's first ``k`` rows (views, not copies).
first_rows = _field_wise("first_rows", "k", "{f}[:k]")
#: ``empty_rows(template, k)``: a record like ``template`` with ``k`` rows not filled in (each
#: field's shape past the row axis and its dtype as the template's, which may have 0 rows), for a
#: kernel that writes every row's every field (zeroing first streamed the memory through the cache
#: twice).
empty_rows = _field_wise("empty_rows", "k", "np.empty((k,) + {f}.shape[1:], {f}.dtype)")
#: ``viewed_record(record)``: in a kernel, the record with every array field an ``unmanaged`` view
#: and its other fields (numbers, nested records) as they are (the caller keeps ``record`` alive
#: meanwhile); from Python, the record as it is.
viewed_record = _field_wise("viewed_record", "", "unmanaged({f})", "{f}", other="{f}")

if config.DISABLE_JIT:  # plain Python has no reference counts to skip

    def lowest_clear_bit(bits):
        clear = ~int(bits) & 0xFFFF_FFFF_FFFF_FFFF
        return (clear & -clear).bit_length() - 1 if clear else 64

    def unmanaged(array):
        return array

    import ctypes

    def _view(address, shape, c_type):
        count = int(np.prod(shape))
        # (``int``: ctypes takes no numpy integer, and record fields hold addresses as np.int64)
        pointer = ctypes.cast(int(address), ctypes.POINTER(c_type))
        return np.ctypeslib.as_array(pointer, (count,)).reshape(shape)

    def view_at(address, shape):
        return _view(address, shape, ctypes.c_double)

    def view_at_float32(address, shape):
        return _view(address, shape, ctypes.c_float)
