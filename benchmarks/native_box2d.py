"""Native Box2D v3.1.1's own benchmark app (issue 42's anchor), built from the source vendored in
``benchmarks/native/`` (Box2D v3.1.1 and the enkiTS its CMake fetches; nothing is downloaded).

Builds Box2D's ``benchmark`` app with CMake in Release (out of the repository, in
``~/.cache/gjk-shooter/box2d-native`` unless ``--build-dir``), with the vendored enkiTS in place of
its FetchContent from GitHub, then runs it on Box2D's scenes at its sizes and step counts
(``benchmark/main.c``: large_pyramid 500 steps, many_pyramids 200, smash 300, joint_grid 500), with
1 to ``--threads`` threads. Box2D's figure is the total wall time of a run's steps after its first
(steps 1..N-1), the least of ``--repeats`` runs; it is printed with that total over the N-1 steps.

``--ours`` times our engine on the same scenes the same way, after the native runs, with 1 to
``--threads`` threads too (``World(threads=...)``; joint_grid on one only): one untimed first step
(which compiles or loads our kernels), then N-1 steps timed together, the least of ``--repeats``
runs; and prints ours / native at each thread count. Our scenes are
``engine.crosscheck.scenes``'s (``benchmarks/dynamics.py --box2d`` runs the same): many_pyramids'
shelves are thin boxes where Box2D's are segments; smash's block is created asleep with sleeping
on, as Box2D's app builds it (the other scenes run with sleeping off, as Box2D's app runs them).

Run under the machine's benchmark lock, e.g.
``flock /tmp/bench.lock python benchmarks/native_box2d.py --ours``. Needs cmake and a C and C++
compiler (ninja if found, else make).
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NATIVE = ROOT / "benchmarks" / "native"
BOX2D_SOURCE = NATIVE / "vendor" / "box2d"
ENKITS_SOURCE = NATIVE / "vendor" / "enkiTS"

#: Box2D's benchmarks in its app's order (their index is its ``-b=``) and their step counts.
BOX2D_BENCHMARKS = {
    "joint_grid": (0, 500),
    "large_pyramid": (1, 500),
    "many_pyramids": (2, 200),
    "rain": (3, 1000),
    "smash": (4, 300),
    "spinner": (5, 1400),
    "tumbler": (6, 750),
}
DEFAULT_SCENES = ("large_pyramid", "many_pyramids", "smash")
#: The scenes ``--ours`` can build.
OURS = ("large_pyramid", "many_pyramids", "smash", "joint_grid")
MAX_THREADS = 32  # Box2D's app's THREAD_LIMIT
MAX_REPEATS = 100


def default_build_dir() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "gjk-shooter" / "box2d-native"


class OneLineParser(argparse.ArgumentParser):
    """Wrong arguments: one line on stderr, exit 2 (no usage block)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message}\n")


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = OneLineParser(prog="native_box2d.py", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--scenes",
        default=",".join(DEFAULT_SCENES),
        help=f"comma-separated, of {', '.join(BOX2D_BENCHMARKS)} (default {','.join(DEFAULT_SCENES)})",
    )
    parser.add_argument(
        "--threads", type=int, default=2, help=f"run with 1..this many threads (1..{MAX_THREADS}; default 2)"
    )
    parser.add_argument(
        "--repeats", type=int, default=4, help=f"runs of each, the least kept (1..{MAX_REPEATS}; Box2D's 4)"
    )
    parser.add_argument("--build-dir", type=Path, default=None, help=f"default {default_build_dir()}")
    parser.add_argument("--build-only", action="store_true", help="build the app, run nothing")
    parser.add_argument(
        "--avx2",
        action="store_true",
        help="build with Box2D's BOX2D_AVX2=ON (its default is OFF: SSE2 on x86-64); the next build without "
        "this flag goes back to OFF",
    )
    parser.add_argument(
        "--ours", action="store_true", help=f"time our engine on the same scenes too ({', '.join(OURS)})"
    )
    args = parser.parse_args(argv)
    scenes = [s.strip() for s in args.scenes.split(",") if s.strip()]
    unknown = [s for s in scenes if s not in BOX2D_BENCHMARKS]
    if not scenes or unknown:
        parser.error(
            f"--scenes {args.scenes!r}: no scene {unknown[0] if unknown else ''!r}; "
            f"known: {', '.join(BOX2D_BENCHMARKS)}"
        )
    if args.ours and (missing := [s for s in scenes if s not in OURS]):
        parser.error(f"--ours: our engine has no {missing[0]!r} here; it builds {', '.join(OURS)}")
    args.scenes = list(dict.fromkeys(scenes))
    if not 1 <= args.threads <= MAX_THREADS:
        parser.error(f"--threads {args.threads}: must be 1..{MAX_THREADS}")
    if not 1 <= args.repeats <= MAX_REPEATS:
        parser.error(f"--repeats {args.repeats}: must be 1..{MAX_REPEATS}")
    if args.build_dir is not None and args.build_dir.resolve().is_relative_to(ROOT):
        parser.error(f"--build-dir {args.build_dir}: must be outside the repository ({ROOT})")
    args.build_dir = (args.build_dir or default_build_dir()).resolve()
    return args


def fail(message: str) -> None:
    print(f"native_box2d.py: {message}", file=sys.stderr)
    raise SystemExit(1)


def tools() -> tuple[str, list[str]]:
    """cmake and the generator's arguments; one line and exit 1 if a tool is missing."""
    cmake = shutil.which("cmake")
    if cmake is None:
        fail("cmake is not installed (needed to build native Box2D; e.g. apt-get install cmake)")
    cc = os.environ.get("CC") or next((c for c in ("cc", "gcc", "clang") if shutil.which(c)), None)
    cxx = os.environ.get("CXX") or next((c for c in ("c++", "g++", "clang++") if shutil.which(c)), None)
    if cc is None or shutil.which(cc) is None or cxx is None or shutil.which(cxx) is None:
        fail("no C and C++ compiler found (cc/gcc/clang and c++/g++/clang++; Box2D is C, enkiTS C++)")
    if shutil.which("ninja"):
        generator = ["-G", "Ninja"]
    elif shutil.which("make"):
        generator = ["-G", "Unix Makefiles"]
    else:
        fail("neither ninja nor make is installed (cmake needs one to build)")
    return cmake, [*generator, f"-DCMAKE_C_COMPILER={cc}", f"-DCMAKE_CXX_COMPILER={cxx}"]


def build(build_dir: Path, avx2: bool = False) -> Path:
    """Configure and build Box2D's benchmark app (Release, offline); its path."""
    cmake, generator = tools()
    if not (BOX2D_SOURCE / "CMakeLists.txt").is_file() or not (ENKITS_SOURCE / "CMakeLists.txt").is_file():
        fail(f"the vendored source is missing under {NATIVE}")
    build_dir.mkdir(parents=True, exist_ok=True)
    cache = build_dir / "CMakeCache.txt"
    if cache.is_file() and f"CMAKE_HOME_DIRECTORY:INTERNAL={BOX2D_SOURCE}\n" not in cache.read_text():
        # configured from another checkout (or an older layout): cmake refuses another source folder
        print(f"{build_dir} was configured from other Box2D source: configuring it afresh", flush=True)
        cache.unlink()
        shutil.rmtree(build_dir / "CMakeFiles", ignore_errors=True)
    configure = [cmake, "-S", str(BOX2D_SOURCE), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release"]
    if not cache.is_file():
        configure += generator
    configure += [
        "-DBOX2D_BENCHMARKS=ON",
        "-DBOX2D_SAMPLES=OFF",
        "-DBOX2D_UNIT_TESTS=OFF",
        "-DBOX2D_VALIDATE=OFF",
        "-DBOX2D_DOCS=OFF",
        "-DBOX2D_PROFILE=OFF",
        f"-DBOX2D_AVX2={'ON' if avx2 else 'OFF'}",
        "-DFETCHCONTENT_FULLY_DISCONNECTED=ON",
        f"-DFETCHCONTENT_SOURCE_DIR_ENKITS={ENKITS_SOURCE}",
    ]
    jobs = str(os.cpu_count() or 1)
    for step in (configure, [cmake, "--build", str(build_dir), "--target", "benchmark", "-j", jobs]):
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            log = build_dir / "native_box2d_build.log"
            log.write_text(done.stdout + done.stderr)
            fail(f"{' '.join(step[:2])} failed (exit {done.returncode}); its output is in {log}")
    app = build_dir / "bin" / "benchmark"
    if not app.is_file():
        fail(f"the build made no {app}")
    return app


def run_native(app: Path, scene: str, threads: int, repeats: int) -> dict[int, float]:
    """Box2D's total ms (steps 1..N-1, least of the runs) for each thread count 1..threads."""
    index, _ = BOX2D_BENCHMARKS[scene]
    with tempfile.TemporaryDirectory() as folder:  # the app writes <scene>.csv where it runs
        done = subprocess.run(
            [str(app), f"-t={threads}", f"-b={index}", f"-r={repeats}"],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            fail(
                f"Box2D's benchmark app failed on {scene} (exit {done.returncode}): {done.stderr.strip()[-200:]}"
            )
        with open(Path(folder) / f"{scene}.csv", newline="") as f:
            return {int(row["threads"]): float(row["ms"]) for row in csv.DictReader(f)}


def run_ours(scene: str, steps: int, repeats: int, threads: int = 1) -> float:
    """Our total ms over steps 1..N-1 after one untimed step, the least of the runs (as Box2D's app),
    with ``threads`` (``World(threads=...)``)."""
    sys.path.insert(0, str(ROOT))  # this checkout's engine, not an installed one
    from benchmarks.dynamics import JointScene
    from engine.crosscheck.scenes import build_ours, many_pyramids, pyramid, smash

    # smash as Box2D's app builds it: the block created asleep, sleeping on (its one scene with sleep).
    scenes = {
        "large_pyramid": lambda: pyramid(100),
        "many_pyramids": many_pyramids,
        "smash": lambda: smash(asleep=True),
    }
    best = float("inf")
    for _ in range(repeats):
        if scene == "joint_grid":
            (run,) = JointScene("joint_grid", 100).runs({"ours": None}).values()
        else:
            run = build_ours(scenes[scene](), threads=threads)
        run.step()
        began = time.perf_counter()
        for _ in range(steps - 1):
            run.step()
        best = min(best, 1e3 * (time.perf_counter() - began))
        del run
    return best


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    app = build(args.build_dir, args.avx2)
    print(f"Box2D v3.1.1 benchmark app ({'AVX2' if args.avx2 else 'its default SIMD'}): {app}", flush=True)
    if args.build_only:
        return
    counts = range(1, args.threads + 1)
    header = f"{'scene':<15}{'steps':>6}" + "".join(f"{f'native {t}t ms':>15}" for t in counts)
    ours_counts = {scene: counts if scene != "joint_grid" else range(1, 2) for scene in args.scenes}
    if args.ours:
        header += "".join(f"{f'ours {t}t ms':>13}" for t in counts) + "".join(
            f"{f'ours/{t}t':>10}" for t in counts
        )
    native = {}
    for scene in args.scenes:  # every native run first, then ours: the two never share the machine
        native[scene] = run_native(app, scene, args.threads, args.repeats)
    ours = (
        {
            scene: {
                t: run_ours(scene, BOX2D_BENCHMARKS[scene][1], args.repeats, t) for t in ours_counts[scene]
            }
            for scene in args.scenes
        }
        if args.ours
        else {}
    )
    print(f"total ms of steps 1..N-1, least of {args.repeats} runs (ms a step below it)")
    print(header)
    for scene in args.scenes:
        n = BOX2D_BENCHMARKS[scene][1]
        totals = [native[scene][t] for t in counts]
        line = f"{scene:<15}{n:>6}" + "".join(f"{ms:15.1f}" for ms in totals)
        each = f"{'  a step':<21}" + "".join(f"{ms / (n - 1):15.3f}" for ms in totals)
        if args.ours:
            mine = ours[scene]
            line += "".join(f"{mine[t]:13.1f}" if t in mine else f"{'-':>13}" for t in counts)
            line += "".join(
                f"{mine[t] / native[scene][t]:10.2f}" if t in mine else f"{'-':>10}" for t in counts
            )
            each += "".join(f"{mine[t] / (n - 1):13.3f}" if t in mine else f"{'-':>13}" for t in counts)
        print(line)
        print(each, flush=True)


if __name__ == "__main__":
    main()
