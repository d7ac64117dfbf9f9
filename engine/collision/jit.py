"""How the engine compiles its kernels.

``error_model="numpy"`` makes a division by zero give inf or nan, as numpy
does, instead of raising: the kernels guard every division whose divisor can
be zero, and without the raise path LLVM keeps the inner loops branch-free.
Small helpers that run inside the GJK loop are inlined into their callers at
numba's level: measured on this machine, that halves the time per pair.

``cache=True`` keeps start-up (import and first query) under a second after
the first run. numba checks a cached kernel against its own file only, not
against the files of the functions it calls, so an edited ``epa.py`` would
leave a stale ``collide_pair`` behind. The cache therefore lives in a folder
named after a hash of every source file of the engine: any edit starts a
fresh cache. ``NUMBA_CACHE_DIR`` still chooses where that folder goes.
"""

import hashlib
import os
from pathlib import Path

from numba import carray, config, njit, types
from numba.extending import intrinsic


def _cache_dir() -> str:
    sources = sorted(Path(__file__).parents[1].rglob("*.py"))
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:16]
    root = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "gjk-shooter", "numba"
    )
    return os.path.join(root, f"engine-{digest}")


config.CACHE_DIR = _cache_dir()

kernel = njit(cache=True, error_model="numpy")
inline = njit(cache=True, error_model="numpy", inline="always")


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


if config.DISABLE_JIT:  # plain Python has no reference counts to skip

    def unmanaged(array):
        return array
