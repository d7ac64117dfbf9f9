"""Run a numba kernel as plain Python, so that it can call Python objects.

Custom shapes (anything with a ``support`` method) cannot enter nopython
code. Rather than keep a second copy of GJK and EPA for them,
``python_version`` rebuilds a jitted function from its own code with every
jitted function it calls swapped for its Python twin, recursively, and with
chosen global names (the support function) replaced: one algorithm, two ways
to run it. With ``NUMBA_DISABLE_JIT=1`` the functions are plain Python but
are still rebuilt, so the replacement applies there too.

(Passing the support function as an argument to the kernels would be the
textbook way, but numba 0.6x refuses to cache a function that calls a
function-typed argument, and the cache is what keeps start-up under a second.)
"""

from __future__ import annotations

import types
from collections.abc import Callable

from numba.core.dispatcher import Dispatcher

_cache: dict[tuple, Callable] = {}


def _python_function(func: Callable):
    if isinstance(func, Dispatcher):
        return func.py_func
    return func if isinstance(func, types.FunctionType) else None


def python_version(func: Callable, **replace: Callable) -> Callable:
    """``func`` as plain Python, calling plain Python all the way down, with the
    global names in ``replace`` bound to other functions."""
    py = _python_function(func)
    if py is None:
        return func
    key = (py, tuple(sorted((k, id(v)) for k, v in replace.items())))
    twin = _cache.get(key)
    if twin is None:
        namespace = dict(py.__globals__)
        twin = types.FunctionType(py.__code__, namespace, py.__name__, py.__defaults__, py.__closure__)
        _cache[key] = twin
        for name in py.__code__.co_names:
            if name in replace:
                namespace[name] = replace[name]
                continue
            value = namespace.get(name)
            if isinstance(value, Dispatcher) or (
                isinstance(value, types.FunctionType) and value.__module__.startswith("engine.")
            ):
                namespace[name] = python_version(value, **replace)
    return twin
