"""Running the cross-check's chunks on a Dask cluster (the optional ``cluster`` extra).

``--scheduler ADDRESS`` connects to a running scheduler (``tcp://host:8786``); its
workers must be able to import this package (``pip install -e '.[cluster]'`` on each
machine). ``--scheduler local`` starts a ``LocalCluster`` of worker *processes* on
this machine, one single-threaded worker per job, no more than the cores there are
(numba's kernels hold the GIL in Python-called code, so threads would not add speed).

A chunk's pairs depend only on (seed, chunk) (``run``), and the chunks' results are
collected in chunk order whatever worker ran them, so a cluster run gives the same
tallies and the same example cases as a local run with the same seed.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["CONNECT_TIMEOUT", "ClusterError", "cluster_client"]

#: Seconds to wait for a scheduler to answer before giving up with one line.
CONNECT_TIMEOUT = 10.0


class ClusterError(Exception):
    """The cluster cannot be used: one line for the user."""


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:199] + "…"


@contextmanager
def cluster_client(address: str, jobs: int) -> Iterator:
    """A ``distributed.Client`` on the scheduler at ``address``, or on a new local cluster for ``"local"``.

    Raises ``ClusterError`` when dask's distributed is not installed or the scheduler
    does not answer within ``CONNECT_TIMEOUT``.
    """
    try:
        # Deferred: an optional extra, and a heavy import that plain runs never need.
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(
            "--scheduler needs dask's distributed, the 'cluster' extra: pip install -e '.[cluster]'"
        ) from None
    if address == "local":
        workers = max(1, min(jobs, os.cpu_count() or 1))
        with (
            LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,  # no web server: other users of this machine may hold :8787
                silence_logs=logging.ERROR,
            ) as local,
            Client(local) as client,
        ):
            yield client
        return
    # A refused or unknown address is retried by distributed until the timeout, logging each try.
    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise ClusterError(f"--scheduler {address}: cannot connect: {_one_line(error)}") from None
    finally:
        quiet.setLevel(level)
    with client:
        yield client
