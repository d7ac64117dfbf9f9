"""A cross-check run: pairs in chunks over processes, tallies per style × pairing, cases kept.

Pair ``i`` of a run belongs to cell ``(i // PLACEMENTS) mod (styles × pairings)``, and each
chunk of pairs draws from its own generator seeded by (seed, chunk), so a run
gives the same pairs whatever the number of processes.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .cases import case_class, known_classes, to_json, write_case
from .judge import CHECKS
from .modes import MODES
from .shrink import judge_record, shrink
from .specs import KINDS
from .styles import STYLES

CHUNK = 2_000
#: Placements per pair of shapes: making a polygon costs more than judging a pair.
PLACEMENTS = 4


@dataclass
class Tally:
    """Counts for one style × pairing cell (``ours``/``pymunk``: failures per check of the mode;
    ``ties``: manifold pairs whose right normals differed, so their points were not compared)."""

    pairs: int = 0
    band_splits: int = 0
    ties: int = 0
    ours: dict = field(default_factory=lambda: dict.fromkeys(CHECKS, 0))
    pymunk: dict = field(default_factory=lambda: dict.fromkeys(CHECKS, 0))
    right: dict = field(default_factory=lambda: {"ours": 0, "pymunk": 0, "exact": 0})
    worst: float = 0.0

    def add(self, other: Tally) -> None:
        self.pairs += other.pairs
        self.band_splits += other.band_splits
        self.ties += other.ties
        for mine, theirs in ((self.ours, other.ours), (self.pymunk, other.pymunk), (self.right, other.right)):
            for key, count in theirs.items():
                mine[key] = mine.get(key, 0) + count
        self.worst = max(self.worst, other.worst)

    @property
    def faults(self) -> int:
        return sum(self.ours.values())

    @property
    def disagreements(self) -> int:
        return sum(self.right.values())


@dataclass
class ChunkResult:
    """What one chunk found: tallies per (style, pairing), and one example per case class."""

    pairs: int
    tallies: dict
    examples: dict  # class -> JSON record


def cells(styles, kinds) -> list[tuple[str, str, str]]:
    return [(s, a, b) for s in styles for a in kinds for b in kinds]


def run_chunk(seed: int, chunk: int, count: int, styles, kinds, mode: str = "contact") -> ChunkResult:
    """Generate, answer and judge the pairs of one chunk, in ``mode`` (``modes.MODES``)."""
    checks, judge = MODES[mode]
    rng = np.random.default_rng([seed, chunk])
    grid = cells(styles, kinds)
    start = chunk * CHUNK
    plan = [grid[((start + i) // PLACEMENTS) % len(grid)] for i in range(count)]
    pairs = []
    for i, (style, kind_a, kind_b) in enumerate(plan):
        if i == 0 or (start + i) % PLACEMENTS == 0:
            shapes = STYLES[style].shapes(rng, kind_a, kind_b)
        pairs.append(STYLES[style].place(rng, *shapes))
    tallies: dict = {}
    examples: dict = {}
    for i, ((style, _, _), judged) in enumerate(zip(plan, judge(pairs), strict=True)):
        tally = tallies.get((style, judged.pair.pairing))
        if tally is None:
            tally = tallies[style, judged.pair.pairing] = Tally(
                ours=dict.fromkeys(checks, 0), pymunk=dict.fromkeys(checks, 0)
            )
        v = judged.verdict
        tally.pairs += 1
        tally.band_splits += v.band_split
        tally.ties += v.tie
        if v.ours:
            tally.ours[v.ours] += 1
        else:
            tally.worst = max(tally.worst, v.error)
        if v.pymunk:
            tally.pymunk[v.pymunk] += 1
        if v.disagrees:
            tally.right[v.right] += 1
            record = to_json(judged, style, {"seed": seed, "pair": start + i}, mode)
            examples.setdefault(case_class(record["pairing"], style, record["failed"], mode), record)
    return ChunkResult(count, tallies, examples)


@dataclass
class Run:
    """A whole run's totals."""

    pairs: int = 0
    seconds: float = 0.0
    tallies: dict = field(default_factory=dict)
    examples: dict = field(default_factory=dict)
    written: list = field(default_factory=list)

    def add(self, result: ChunkResult) -> None:
        self.pairs += result.pairs
        for key, tally in result.tallies.items():
            self.tallies.setdefault(key, Tally()).add(tally)
        for key, record in result.examples.items():
            self.examples.setdefault(key, record)

    def total(self) -> Tally:
        total = Tally()
        for tally in self.tallies.values():
            total.add(tally)
        return total


def _chunks(pairs: int) -> list[tuple[int, int]]:
    return [(c, min(CHUNK, pairs - c * CHUNK)) for c in range((pairs + CHUNK - 1) // CHUNK)]


def run(pairs: int, seed: int, styles=tuple(STYLES), kinds=KINDS, jobs: int | None = None,
        progress: Callable[[Run], None] | None = None, client=None, mode: str = "contact") -> Run:  # fmt: skip
    """Run ``pairs`` pairs over ``jobs`` processes (1: in this process), or on a Dask ``client``'s workers,
    judging each in ``mode`` (``modes.MODES``: the contact or the manifold).

    Results are collected in chunk order in every case, so the tallies and the example
    kept for each case class are the same however the chunks were spread.
    """
    jobs = jobs or os.cpu_count() or 1
    total, start = Run(), time.perf_counter()
    work = _chunks(pairs)

    def collect(result: ChunkResult) -> None:
        total.add(result)
        total.seconds = time.perf_counter() - start
        if progress:
            progress(total)

    if client is not None:
        futures = client.map(
            run_chunk,
            *zip(*[(seed, chunk, count, styles, kinds, mode) for chunk, count in work], strict=True),
            pure=False,
        )
        for i, future in enumerate(futures):
            collect(future.result())
            futures[i] = None  # let the cluster forget a chunk once it is counted
    elif jobs == 1:
        for chunk, count in work:
            collect(run_chunk(seed, chunk, count, styles, kinds, mode))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(run_chunk, seed, chunk, count, styles, kinds, mode) for chunk, count in work
            ]
            for future in futures:
                collect(future.result())
    total.seconds = time.perf_counter() - start
    return total


def keep_cases(result: Run, folder: Path | None) -> list[Path]:
    """Shrink and write one case per class not yet stored in ``folder``."""
    if folder is None:
        return []
    stored = known_classes(folder)
    written = []
    for key in sorted(result.examples):
        if key not in stored:
            record = result.examples[key]
            small = shrink(record)
            mode = record.get("mode", "contact")
            # The answers written are the small one's.
            fresh = to_json(judge_record(small), record["style"], record["found"], mode)
            written.append(write_case(fresh, folder))
    result.written = written
    return written


#: Seconds between progress lines when stderr is a pipe or a file (``--progress-every``).
PROGRESS_EVERY = 5.0
#: The longest ``--progress-every``: an hour.
MAX_PROGRESS_EVERY = 3600.0


class ProgressBar:
    """Progress on stderr: pairs done, pairs/s, disagreements and faults so far.

    On a terminal it is one line redrawn in place (a carriage return each chunk). Into
    a pipe or a log file, where carriage returns pile up into one unreadable line (a
    500k-pair run wrote about 250 of them), it prints a whole line at most every
    ``every`` seconds, and always the last one.
    """

    def __init__(self, pairs: int, stream=None, every: float = PROGRESS_EVERY, clock=time.monotonic) -> None:
        self.pairs = pairs
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.terminal = bool(isatty and isatty())
        self.every, self.clock = every, clock
        self.last = clock()

    def __call__(self, run: Run) -> None:
        total = run.total()
        rate = run.pairs / run.seconds if run.seconds else 0.0
        counts = (
            f"{run.pairs:,}/{self.pairs:,} pairs  {rate:,.0f} pairs/s  "
            f"disagreements {total.disagreements:,}  faults of ours {total.faults:,}"
        )
        finished = run.pairs >= self.pairs
        if self.terminal:
            bar = "#" * int(30 * run.pairs / self.pairs)
            self.stream.write(f"\r[{bar:<30}] {counts}" + ("\n" if finished else ""))
        else:
            now = self.clock()
            if not finished and now - self.last < self.every:
                return
            self.last = now
            self.stream.write(f"{100 * run.pairs / self.pairs:5.1f}%  {counts}  {run.seconds:,.0f} s\n")
        self.stream.flush()
