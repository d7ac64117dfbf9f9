"""``python -m engine.crosscheck`` / ``gjk-crosscheck``: the engine against pymunk and exact geometry.

Exit status: 0 when no pair is a fault of ours, 1 when one is (or a replayed
case fails), 2 for bad options or an unreadable case file (one line, no
traceback).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

from .specs import KINDS
from .styles import STYLES

#: Where cases are kept, when the package runs from its source tree.
REGRESSIONS = Path(__file__).resolve().parents[2] / "tests" / "regressions"


class UsageError(Exception):
    """A bad option, reported as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line instead of usage + message
        raise UsageError(f"{self.prog}: {message} (see --help)")


def _names(text: str, allowed, what: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in allowed]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown {what} {', '.join(unknown) or '(none given)'}; choose from {', '.join(allowed)}"
        )
    return names


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


#: The largest ``--seed``: the game's own seed range (docs/limits.md, "Command lines").
MAX_SEED = 2**32 - 1


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{value} must be from 0 to {MAX_SEED}")
    return value


def _seconds(text: str) -> float:
    from .run import MAX_PROGRESS_EVERY

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and 0.0 < value <= MAX_PROGRESS_EVERY):
        raise argparse.ArgumentTypeError(f"{value} must be above 0 and at most {MAX_PROGRESS_EVERY:g} s")
    return value


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="gjk-crosscheck",
        description="Cross-check the engine against pymunk and exact geometry on random rotated pairs. "
        "Exit status 1 on any fault of ours, 2 for bad options or case files.",
    )
    p.add_argument(
        "--mode",
        choices=("contact", "manifold"),
        default="contact",
        help="what to judge: the contact (verdict, distance, depth, normal; default) or the contact "
        "manifold (points, separations, ids' features, against pymunk's ContactPointSet)",
    )
    p.add_argument("--pairs", type=_positive, default=100_000, help="pairs to run (default 100,000)")
    p.add_argument("--seed", type=_seed, default=1, help=f"random seed, 0..{MAX_SEED} (default 1)")
    p.add_argument(
        "--kinds",
        type=lambda t: _names(t, KINDS, "kind"),
        default=KINDS,
        help=f"comma-separated shape kinds (default {','.join(KINDS)}); every ordered pairing runs",
    )
    p.add_argument(
        "--styles",
        type=lambda t: _names(t, tuple(STYLES), "style"),
        default=tuple(STYLES),
        help=f"comma-separated styles (default {','.join(STYLES)})",
    )
    p.add_argument(
        "--jobs", type=_positive, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the pairs on the Dask cluster at ADDRESS (tcp://host:8786), or 'local' to start one "
        "here with --jobs worker processes (needs the 'cluster' extra)",
    )
    p.add_argument(
        "--out",
        type=Path,
        default=REGRESSIONS if REGRESSIONS.parent.is_dir() else None,
        help="folder for new cases (default tests/regressions of the source tree)",
    )
    p.add_argument("--no-cases", action="store_true", help="write no case files")
    p.add_argument("--replay", nargs="+", metavar="FILE", help="re-run stored cases (files or folders)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--progress-every",
        type=_seconds,
        default=5.0,
        metavar="SECONDS",
        help="when stderr is not a terminal, one progress line at most this often (default 5 s)",
    )
    return p  # fmt: skip


def manifold_table(result) -> str:
    """The manifold mode's per style × pairing table: failures per check as ours/pymunk's."""
    from .manifolds import MANIFOLD_CHECKS

    head = f"{'style':<10} {'pairing':<17} {'pairs':>9} {'band':>5} {'ties':>5} "
    head += " ".join(f"{c:>9}" for c in MANIFOLD_CHECKS)
    head += f" {'right: ours/pymunk/exact':>25} {'worst err':>10}"
    lines = [head, "-" * len(head)]
    rows = sorted(result.tallies.items(), key=lambda kv: (list(STYLES).index(kv[0][0]), kv[0][1]))
    for (style, pairing), t in [*rows, (("all", ""), result.total())]:
        r = t.right
        checks = " ".join(
            f"{t.ours.get(c, 0):>4}/{t.pymunk.get(c, 0):<4}"
            if c not in ("count", "points")
            else f"{t.ours.get(c, 0):>9}"
            for c in MANIFOLD_CHECKS
        )
        lines.append(
            f"{style:<10} {pairing:<17} {t.pairs:>9,} {t.band_splits:>5} {t.ties:>5} {checks} "
            f"{r['ours']:>11}/{r['pymunk']}/{r['exact']:<7} {t.worst:>10.1e}"
        )
    return "\n".join(lines)


def summary_table(result) -> str:
    """The per style × pairing table, faults of ours first in each column pair."""
    head = (
        f"{'style':<10} {'pairing':<17} {'pairs':>9} {'band':>5} {'verdict':>9} {'dist':>5} "
        f"{'depth':>9} {'normal':>9} {'right: ours/pymunk/exact':>25} {'worst err':>10}"
    )
    lines = [head, "-" * len(head)]
    rows = sorted(result.tallies.items(), key=lambda kv: (list(STYLES).index(kv[0][0]), kv[0][1]))
    total = result.total()
    for (style, pairing), t in [*rows, (("all", ""), total)]:
        r = t.right
        lines.append(
            f"{style:<10} {pairing:<17} {t.pairs:>9,} {t.band_splits:>5} "
            f"{t.ours['verdict']:>4}/{t.pymunk['verdict']:<4} {t.ours['distance']:>5} "
            f"{t.ours['depth']:>4}/{t.pymunk['depth']:<4} {t.ours['normal']:>4}/{t.pymunk['normal']:<4} "
            f"{r['ours']:>11}/{r['pymunk']}/{r['exact']:<7} {t.worst:>10.1e}"
        )
    return "\n".join(lines)


def _replay(paths) -> int:
    from .cases import CaseError, case_files, read_case
    from .replay import replay

    files = case_files(paths)
    if not files:
        print(f"gjk-crosscheck: no case files in {' '.join(map(str, paths))}", file=sys.stderr)
        return 2
    try:
        cases = [read_case(f) for f in files]
    except CaseError as error:
        print(f"gjk-crosscheck: {error}", file=sys.stderr)
        return 2
    replayed = replay(cases)
    for path, r in zip(files, replayed, strict=True):
        print(f"{path.name}: {r.describe()}")
    bad = sum(not (r.ours_right and r.label_holds) for r in replayed)
    print(f"{len(replayed)} cases replayed, {bad} failing")
    return 1 if bad else 0


def _case_folder(args) -> Path | None:
    """The folder new cases go to, made now so that a long run does not fail at its end."""
    if args.no_cases or args.out is None:
        return None
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"gjk-crosscheck: --out {args.out}: {error.strerror or error}") from None
    if not os.access(args.out, os.W_OK):
        raise UsageError(f"gjk-crosscheck: --out {args.out}: not writable")
    return args.out


def _run(args) -> int:
    from .run import ProgressBar, keep_cases, run

    folder = _case_folder(args)
    progress = None if args.quiet else ProgressBar(args.pairs, every=args.progress_every)
    if args.scheduler is None:
        result = run(args.pairs, args.seed, args.styles, args.kinds, args.jobs, progress, mode=args.mode)
        where = f"{args.jobs} jobs"
    else:
        from .cluster import ClusterError, cluster_client

        try:
            with cluster_client(args.scheduler, args.jobs) as client:
                workers = len(client.scheduler_info()["workers"])
                result = run(
                    args.pairs, args.seed, args.styles, args.kinds, args.jobs, progress, client, args.mode
                )
        except ClusterError as error:
            raise UsageError(f"gjk-crosscheck: {error}") from None
        where = f"cluster {args.scheduler}, {workers} workers"
    try:
        written = keep_cases(result, folder)
    except OSError as error:
        print(f"gjk-crosscheck: cannot write cases to {folder}: {error.strerror or error}", file=sys.stderr)
        written = []
    total = result.total()
    manifolds = args.mode == "manifold"
    print(manifold_table(result) if manifolds else summary_table(result))
    splits = "point-count splits" if manifolds else "verdict splits"
    ties = f"; {total.ties} ties (both normals right, points not compared)" if manifolds else ""
    print(
        f"{result.pairs:,} pairs (seed {args.seed}, {where}{', manifolds' if manifolds else ''}) in "
        f"{result.seconds:.1f} s ({result.pairs / max(result.seconds, 1e-9):,.0f} pairs/s): "
        f"{total.faults} faults of ours; "
        f"{total.disagreements} disagreements, right: ours {total.right['ours']}, "
        f"pymunk {total.right['pymunk']}, exact {total.right['exact']}; "
        f"{total.band_splits} {splits} inside the touching band (both right){ties}"
    )
    for path in written:
        print(f"new case: {path}")
    return 1 if total.faults else 0


def main(argv: list[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        return _replay(args.replay) if args.replay else _run(args)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ngjk-crosscheck: interrupted", file=sys.stderr)
        return 130
