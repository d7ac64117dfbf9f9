"""The cross-check on a Dask cluster gives what the local run gives, and a wrong address is one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.crosscheck.cli import main
from engine.crosscheck.cluster import CONNECT_TIMEOUT, cluster_client
from engine.crosscheck.run import run

ROOT = Path(__file__).resolve().parents[3]
STYLES, KINDS = ("ordinary", "identical", "near"), ("poly", "circle", "capsule")
SMALL = ["--pairs", "5000", "--seed", "11", "--styles", ",".join(STYLES), "--kinds", "poly,circle"]


@pytest.fixture(scope="module")
def client():
    with cluster_client("local", 2) as c:
        yield c


def crosscheck(*argv: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine.crosscheck", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def summary(out: str) -> list[str]:
    """The per-cell table and the count line without its timing."""
    lines = out.splitlines()
    last = lines[-1].split(" in ")[0].split("(seed")[0] + lines[-1].split("pairs/s)")[-1]
    return [*lines[:-1], last]


def test_the_local_cluster_has_at_most_two_single_threaded_worker_processes(client):
    workers = client.scheduler_info()["workers"].values()
    assert 1 <= len(workers) <= 2 and all(w["nthreads"] == 1 for w in workers)
    pids = set(client.run(lambda: __import__("os").getpid()).values())
    assert len(pids) == len(workers) and all(pid != __import__("os").getpid() for pid in pids)


def test_a_run_on_a_cluster_counts_and_keeps_exactly_what_the_local_run_does(client):
    here = run(7_000, 23, STYLES, KINDS, jobs=1)
    there = run(7_000, 23, STYLES, KINDS, jobs=1, client=client)
    assert there.pairs == here.pairs == 7_000
    assert there.tallies == here.tallies
    assert there.examples == here.examples
    assert here.total().disagreements > 0  # the identical style makes pymunk disagree: something to keep


def test_a_manifold_run_on_a_cluster_is_the_local_manifold_run(client):
    here = run(3_000, 5, STYLES, KINDS, jobs=1, mode="manifold")
    there = run(3_000, 5, STYLES, KINDS, jobs=1, client=client, mode="manifold")
    assert there.tallies == here.tallies and there.examples == here.examples
    assert "boundary" in here.total().ours  # the manifold mode's checks were counted


def test_the_command_with_scheduler_local_prints_the_same_table_as_without(tmp_path):
    plain = crosscheck(*SMALL, "--no-cases", "--quiet")
    local = crosscheck(*SMALL, "--no-cases", "--quiet", "--scheduler", "local")
    assert plain.returncode == local.returncode == 0, local.stderr
    assert summary(local.stdout) == summary(plain.stdout)
    assert "cluster local, 2 workers" in local.stdout and "2 jobs" in plain.stdout


def test_the_command_uses_a_running_scheduler_given_by_its_address(client):
    address = client.scheduler.address
    plain = crosscheck(*SMALL, "--no-cases", "--quiet")
    remote = crosscheck(*SMALL, "--no-cases", "--quiet", "--scheduler", address)
    assert remote.returncode == 0, remote.stderr
    assert summary(remote.stdout) == summary(plain.stdout)
    assert f"cluster {address}, 2 workers" in remote.stdout


@pytest.mark.parametrize(
    ("address", "needle"),
    [
        (
            "tcp://127.0.0.1:1",
            f"Timed out trying to connect to tcp://127.0.0.1:1 after {CONNECT_TIMEOUT:g} s",
        ),
        ("nonsense::", "invalid address 'nonsense::'"),
    ],
)
def test_a_wrong_scheduler_address_is_one_line_and_exit_status_2(address, needle):
    done = crosscheck("--pairs", "10", "--scheduler", address, timeout=CONNECT_TIMEOUT + 60)
    assert done.returncode == 2
    assert done.stderr.startswith(f"gjk-crosscheck: --scheduler {address}: cannot connect: ")
    assert needle in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_without_the_cluster_extra_scheduler_is_one_line_naming_the_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if dask's distributed were not installed
    assert main(["--pairs", "10", "--no-cases", "--quiet", "--scheduler", "local"]) == 2
    err = capsys.readouterr().err
    assert "the 'cluster' extra: pip install -e '.[cluster]'" in err and err.count("\n") == 1
