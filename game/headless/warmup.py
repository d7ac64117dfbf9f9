"""Compiling the engine before play needs it, and saying what compiles.

numba compiles a kernel on its first call with a new signature and keeps
the machine code in a disk cache (``engine.collision.jit`` chooses where).
On a fresh cache the play view's first frames used to compile for minutes
with nothing on screen. Importing the game and drawing the title compile
nothing, so the title shows at once; meanwhile a low-priority child process
(``python -m game.headless.warmup``) runs the code the play view runs (a
``Simulation`` on a real level, its overlaps, enemies walking and looking,
bullets flying, the bot playing a few seconds), which puts the very
signatures the game calls into the cache. The child writes one JSON line per
stage and per kernel it compiles; ``Warmup`` reads them on a thread and
gives the title's loading bar and the terminal a ``Progress``. When the
player starts a level, its kernels load from the cache in milliseconds.
On an empty cache a second, silent process (``--ahead``) compiles the
rigid-body step, the time of impact and the single casts at the same time
(``AHEAD``: what the main one reaches last), so the two cores share the work.

In-process work (the headless demo, ``python -m engine``) wraps itself in
``report_compiles``, which prints a line naming each kernel as it compiles.

The children never outlive the process that started them (``spawn``): it
hands them its process id, and each child ends itself as soon as its parent
is gone (``exit_with_parent``), however the parent ended: closed, crashed,
killed. A game or demo sent SIGTERM ends its children first
(``end_on_sigterm``, installed by ``game.cli``).

    python -m game.headless.warmup [--level NAME] [--no-nice] [--ahead]   # what the game starts in the background
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, NamedTuple

import numpy as np
from numba import config

from engine import World
from engine.collision import Circle, Polygon, Sweep, time_of_impact
from engine.collision.jit import cache_is_empty, kernel_name, watch_compiles  # (it chooses config.CACHE_DIR)
from game.files.safe_read import FileRefused, read_json
from game.messages import first_line
from game.sim import ENEMY_KINDS, Bot, Inputs, Simulation
from game.sim import props as props_system
from game.sim.navigation import flow_field
from game.sim.rules import DEBRIS, DT, ENEMY, PICKUP, PLAYER, PROP, WALL
from game.tiled import load_level
from game.tiled.files import resolve_level

__all__ = [
    "AHEAD",
    "DONE_MARK",
    "PARENT_VAR",
    "STAGES",
    "Progress",
    "Stage",
    "Warmup",
    "cache_is_empty",
    "end_on_sigterm",
    "exit_with_parent",
    "is_done",
    "kernel_name",
    "main",
    "report_compiles",
    "run_stages",
    "spawn",
    "start_ahead",
    "watch_compiles",
]

#: The terminal lines' prefix.
PREFIX = "gjk-shooter"
#: The children's niceness: they must never take the CPU from the window they serve.
#: ``GJK_SHOOTER_WARMUP_NICE`` (0..19) changes it (``benchmarks/startup.py`` sets 0 and runs under ``nice``).
NICENESS = 10


def niceness() -> int:
    """``GJK_SHOOTER_WARMUP_NICE`` if it is a whole number 0..19, else ``NICENESS``."""
    value = os.environ.get("GJK_SHOOTER_WARMUP_NICE", "")
    return int(value) if value.isdigit() and 0 <= int(value) <= 19 else NICENESS


class Stage(NamedTuple):
    """One part of the warm-up: what it is called on screen, about how long it compiles, what it runs."""

    name: str
    seconds: float  # on a fresh cache, on the 2-core machine the figures in docs/first-run.md come from
    run: Callable[[dict], None]


class Progress(NamedTuple):
    """What the loading bar shows.

    >>> Progress(0.5, "Preparing the engine, 3/5 bullets flying", False, "").percent
    50
    """

    fraction: float  # 0..1
    label: str  # the stage
    done: bool
    error: str  # one line when the warm-up failed ("" otherwise); play then compiles in-process
    detail: str = ""  # what compiles right now

    @property
    def percent(self) -> int:
        return round(100 * max(0.0, min(1.0, self.fraction)))


# --- naming what compiles ----------------------------------------------------


@contextlib.contextmanager
def report_compiles(stream: IO[str] | None = None, prefix: str = PREFIX) -> Iterator[list[str]]:
    """Print one line naming each kernel as it starts compiling, and its time when done.

    Yields the list of names compiled (outermost kernels), so a caller can
    say how many there were. Nothing is printed when everything comes from
    the cache.
    """
    out = stream if stream is not None else sys.stderr
    compiled: list[str] = []

    def start(name: str, depth: int) -> None:
        if depth == 0:
            first = "" if compiled else " (first run: numba compiles the engine once, then caches it)"
            print(f"{prefix}: compiling {name}{first}", file=out, flush=True)
        else:
            print(f"{prefix}:   and {name}, which it calls", file=out, flush=True)

    def end(name: str, depth: int, seconds: float) -> None:
        if depth == 0:
            compiled.append(name)
            print(f"{prefix}: compiled {name} in {seconds:.1f} s", file=out, flush=True)

    with watch_compiles(start, end):
        yield compiled


# --- what the play view runs -------------------------------------------------


def _free_points(sim, k: int, near: tuple[float, float], radius: float):
    """``k`` free navigation cell centres within ``radius`` of ``near`` (any free cells if none)."""
    jj, ii = np.nonzero(sim.nav.free)
    cx, cy = (ii + 0.5) * sim.nav.cell, (jj + 0.5) * sim.nav.cell
    order = np.argsort(np.abs(np.hypot(cx - near[0], cy - near[1]) - radius))
    return [(float(cx[i]), float(cy[i])) for i in order[:k]]


def _stage_level(state: dict) -> None:
    level = load_level(resolve_level(state.get("level")))
    state["sim"] = Simulation(level, seed=1)  # walls into a World, the navigation grid


def _stage_overlaps(state: dict) -> None:
    world = state["sim"].world
    world.pairs()
    world.contacts()  # the enemies' separation and the F1 overlay


def _stage_enemies(state: dict) -> None:
    sim = state["sim"]
    sim.player.health = math.inf  # a warm-up must not end in a game over
    p = sim.player
    for k, (x, y) in enumerate(_free_points(sim, 2 * len(ENEMY_KINDS), (p.x, p.y), 220.0)):
        sim.spawn_enemy(k % len(ENEMY_KINDS), x, y)
    for tick in range(2 * sim.rules.sight_refresh_ticks + 2):
        sim.step(Inputs(1.0 if tick % 2 else -1.0, 0.0, p.x + 100.0, p.y, False))
    # Both ways the enemies' field is built: the level's props make cells dear (``_cheapest``), and a
    # level or a moment with no prop left takes plain breadth-first steps.
    flow_field(sim.nav, p.x, p.y)


def _stage_bullets(state: dict) -> None:
    sim = state["sim"]
    p = sim.player
    for owner in (0, 1):
        for k in range(8):
            a = 2.0 * math.pi * k / 8
            sim.spawn_bullet(
                owner, p.x + 30 * math.cos(a), p.y + 30 * math.sin(a), 600 * math.cos(a), 600 * math.sin(a)
            )
    for tick in range(30):
        sim.step(Inputs(0.0, 0.0, p.x + math.cos(tick), p.y + math.sin(tick), True))
    _casts(sim.world, (p.x, p.y), sim.shapes.player[0])


def _casts(world: World, at: tuple[float, float], shape) -> None:
    """Both ways a single cast reaches the narrow phase: a ray (a point shape) and a shape's own buffer."""
    x, y = at
    for a in (0.0, 1.6, 3.1, 4.7):
        world.raycast((x, y), (math.cos(a), math.sin(a)), 500.0, WALL)
        world.shape_cast(shape, (x, y, a), (300 * math.cos(a), 300 * math.sin(a)), WALL)


def _stage_props(state: dict) -> None:
    """Props knocked, stepped and blown up: the rigid-body step's kernels (``World.step``)."""
    sim = state["sim"]
    p = sim.player
    index = {k.name: i for i, k in enumerate(sim.prop_kinds)}
    # crate_l: a dynamic body of two shapes (a compound prop's mass, contacts and sweeps).
    names = ("crate", "barrel", "crate_l", "explosive_barrel")  # (the barrel that blows last: health[-1])
    for name, (x, y) in zip(names, _free_points(sim, len(names), (p.x, p.y), 160.0)):
        body = props_system.add_prop(
            sim.world, sim.props, sim.prop_kinds, index[name], x, y, 0.0, sim.prop_layers
        )
        sim.world.apply_impulse(body, (300.0, 200.0))
    sim.props.health[-1] = 0.0  # the explosive barrel blows on the first tick: the blast's query and rays
    for tick in range(20):
        sim.step(Inputs(0.0, 0.0, p.x + math.cos(tick), p.y + math.sin(tick), False))
    _time_of_impact()


def _stage_play(state: dict) -> None:
    sim, bot = state["sim"], Bot(1)
    for _ in range(240):
        sim.step(bot.inputs(sim))


def _time_of_impact() -> None:
    """The step's continuous pass runs its time of impact only when a fast body nears a wall, which
    a few ticks may not see: the same kernel, with the same signature, from the public call."""
    time_of_impact(
        Circle(1.0),
        Sweep.still((0.0, 0.0, 0.0)),
        Circle(1.0),
        Sweep((0.0, 0.0), (3.0, 0.0), (-3.0, 0.0), 0.0, 1.0),
    )


def _props_world() -> World:
    """A world like the one ``Simulation`` builds for the props: static walls, the game's actors,
    dynamic props knocked towards each other and the walls. No level is read, and the actors and
    props are plain boxes and circles (the kernels' signatures do not depend on the shapes, nor
    on the numbers): the level reader's kernels, which the actors' and props' files use too,
    compile in the main process and the title meanwhile."""
    world = World(units_per_meter=props_system.PropRules().units_per_meter)
    for x, y, hw, hh in ((0.0, -40.0, 200.0, 8.0), (-200.0, 60.0, 8.0, 100.0), (200.0, 60.0, 8.0, 100.0)):
        world.add(Polygon.box(hw, hh), (x, y, 0.0), type="static", layer=WALL, user_data=0)
    world.add(
        Circle(12.0), (0.0, 120.0, 0.0), type="kinematic", layer=PLAYER, mask=ENEMY | PICKUP | PROP
    )  # the actors
    for k in range(3):
        world.add(
            Circle(10.0), (-120.0 + 40.0 * k, 150.0, 0.0), type="kinematic", layer=ENEMY, mask=PLAYER | ENEMY
        )
    for k in range(8):  # as ``props.add_prop`` adds a prop
        shape = Polygon.box(10.0, 8.0) if k % 2 else Circle(9.0)
        body = world.add(shape, (-150.0 + 40.0 * k, 10.0 + 5.0 * k, 0.3 * k), type="dynamic", density=1.0,
                         friction=0.6, restitution=0.2, linear_damping=0.5, angular_damping=0.5, layer=PROP,
                         mask=WALL | PLAYER | ENEMY | PROP | DEBRIS)  # fmt: skip
        world.apply_impulse(body, (300.0 * world.mass(body).mass, -200.0 * world.mass(body).mass))
    return world


def _stage_solver_ahead(state: dict) -> None:
    """The rigid-body step's two largest kernels, its solver and its contacts, compiled without
    stepping (``World.precompile``): a step compiles its broad phase first, which the main process
    compiles for its overlaps meanwhile, and the solver last, so a second process that stepped a
    world compiled the broad phase and the contacts before reaching the solver, and the main
    process, reaching its own first step before that, compiled the solver too."""
    state["world"] = _props_world()
    state["world"].precompile(("solver", "contacts"))


def _stage_tumbling_ahead(state: dict) -> None:
    """The rest of the rigid-body step's kernels (``World.step``: the continuous pass, sleep) on the
    props world, its broad phase first: the walk loads from the main process's overlaps by now, and
    the renewal compiles here before the main process's first steps reach it."""
    world = state["world"]
    world.precompile(("pairs",))
    for _ in range(20):
        world.step(DT)


def _stage_impacts_ahead(state: dict) -> None:
    """The time of impact and the single casts, which the main process reaches last."""
    _time_of_impact()
    _casts(state["world"], (0.0, 120.0), Circle(12.0))


#: A second process runs these while the first runs ``STAGES`` (``python -m game.headless.warmup --ahead``):
#: what the main process needs late, so it is in the cache by then and no kernel compiles in both.
#: Split by the compile seconds ``benchmarks/compile_times.py --split`` measures (docs/first-run.md).
AHEAD: tuple[Stage, ...] = (
    Stage("the solver ahead", 42.0, _stage_solver_ahead),
    Stage("impacts and casts ahead", 4.0, _stage_impacts_ahead),
    Stage("tumbling ahead", 9.0, _stage_tumbling_ahead),
)

#: In the order the play view first needs them; the seconds are a fresh cache's on this machine
#: (CPU seconds, with ``AHEAD`` in the second process: the step's and the casts' kernels then load).
STAGES: tuple[Stage, ...] = (
    Stage("reading the level", 12.0, _stage_level),
    Stage("finding overlaps", 21.0, _stage_overlaps),
    Stage("enemies walking and looking", 24.0, _stage_enemies),
    Stage("bullets flying", 1.0, _stage_bullets),
    Stage("props tumbling", 1.0, _stage_props),
    Stage("a few seconds of play", 1.0, _stage_play),
)


def run_stages(emit: Callable[[dict], None], level: str | None = None, stages=STAGES) -> int:
    """Run ``stages``, emitting a record at each stage and each compile; returns kernels compiled."""
    state: dict = {"level": level}
    compiled = 0

    def start(name: str, depth: int) -> None:
        emit({"compiling": name, "depth": depth})

    def end(name: str, depth: int, seconds: float) -> None:
        nonlocal compiled
        compiled += depth == 0
        emit({"compiled": name, "depth": depth, "seconds": round(seconds, 2)})

    with watch_compiles(start, end):
        for i, stage in enumerate(stages):
            emit({"stage": i, "stages": len(stages), "name": stage.name})
            stage.run(state)
    return compiled


def main(argv: list[str] | None = None) -> int:
    """The child: run the stages, one JSON record a line on stdout; exit 0 when the cache is full."""
    parser = argparse.ArgumentParser(
        prog="python -m game.headless.warmup", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--level", help="level name or map path to warm up on (default: the first level)")
    parser.add_argument("--no-nice", action="store_true", help="run at normal priority")
    parser.add_argument(
        "--ahead", action="store_true", help="the second process's part: the rigid-body step, impacts, casts"
    )
    args = parser.parse_args(argv)
    exit_with_parent()
    if not args.no_nice and hasattr(os, "nice") and niceness():
        with contextlib.suppress(OSError):
            os.nice(niceness())

    def emit(record: dict) -> None:
        print(json.dumps(record), flush=True)

    began = time.perf_counter()
    try:
        compiled = run_stages(emit, args.level, AHEAD if args.ahead else STAGES)
    except Exception as err:  # the parent shows this line and compiles in-process instead
        emit({"error": f"{type(err).__name__}: {first_line(err)}"})
        return 1
    record = {"ready": True, "kernels": compiled, "seconds": round(time.perf_counter() - began, 2)}
    if not args.ahead:
        with contextlib.suppress(OSError):  # no mark: the next start warms up again, that is all
            _mark_done(record)
    emit(record)
    return 0


# --- the parent's side -------------------------------------------------------


class Warmup:
    """A warm-up child and what it last said.

    ``Warmup.start()`` spawns ``python -m game.headless.warmup``; ``progress()`` is
    what to draw; ``ready`` is True once it finished (or failed: then play
    compiles in-process, slower but correct). ``echo`` receives the terminal
    lines. ``command`` replaces the child (tests script one).
    """

    def __init__(self, process: subprocess.Popen | None, stages=STAGES, echo: IO[str] | None = None) -> None:
        self.process = process
        self.weights = [s.seconds for s in stages]
        self.echo = echo
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._stage, self._stage_started, self._stage_name = -1, self.started, ""
        self._compiling = ""
        self._compiled = 0
        self._done = False
        self._error = ""
        self._ended_at: float | None = None
        self._thread: threading.Thread | None = None
        self.helper: subprocess.Popen | None = None  # the second process (``--ahead``), if any

    @classmethod
    def start(
        cls,
        level: str | None = None,
        echo: IO[str] | None = None,
        command: list[str] | None = None,
        stages=STAGES,
    ) -> Warmup:
        if command is None and is_done():  # this engine version is compiled already
            warmup = cls(None, stages, echo)
            warmup._finish("")
            warmup._ended_at = -math.inf  # long done: no bar to show
            return warmup
        cmd = command or [sys.executable, "-m", "game.headless.warmup"] + (
            ["--level", level] if level else []
        )
        helper = start_ahead(level) if command is None else None  # before the main child writes the cache
        try:
            process = spawn(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        except OSError as err:
            warmup = cls(None, stages, echo)
            warmup.helper = helper
            warmup._finish(f"could not start the warm-up ({err}); compiling when play starts")
            return warmup
        warmup = cls(process, stages, echo)
        warmup.helper = helper
        warmup._say("preparing the engine in the background (numba compiles it once, then caches it)")
        warmup._thread = threading.Thread(target=warmup._read, name="warmup-reader", daemon=True)
        warmup._thread.start()
        return warmup

    # --- reading the child ---

    def _say(self, line: str) -> None:
        if self.echo is not None:
            with contextlib.suppress(OSError, ValueError):
                print(f"{PREFIX}: {line}", file=self.echo, flush=True)

    def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            try:
                record = json.loads(line)
            except ValueError:
                continue  # not ours (a library printing): the protocol is JSON lines only
            if isinstance(record, dict):
                self.feed(record)
        code = self.process.wait()
        if not self._done:
            self._finish(f"the warm-up stopped (exit {code}); compiling when play starts")

    def feed(self, record: dict) -> None:
        """Take one record from the child (see ``run_stages`` and ``main``)."""
        now = time.monotonic()
        with self._lock:
            if "stage" in record:
                self._stage, self._stage_started = int(record["stage"]), now
                self._stage_name = str(record.get("name", ""))
            elif "compiling" in record and int(record.get("depth", 0)) == 0:
                self._compiling = str(record["compiling"])
            elif "compiled" in record and int(record.get("depth", 0)) == 0:
                self._compiled += 1
                self._compiling = ""
        if "compiling" in record and int(record.get("depth", 0)) == 0:
            self._say(f"compiling {record['compiling']} ({self._stage_name})")
        if "error" in record:
            self._finish(f"warm-up failed: {record['error']}; compiling when play starts")
        elif record.get("ready"):
            self._finish("")
            seconds = float(record.get("seconds", 0.0))
            if self._compiled:
                self._say(f"engine ready: {self._compiled} kernels compiled in {seconds:.0f} s")

    def _finish(self, error: str) -> None:
        with self._lock:
            if self._done:
                return
            self._done, self._error, self._ended_at = True, error, time.monotonic()
        _end(self.helper)  # whatever it still compiles, the main child has compiled too
        if error:
            self._say(error)

    # --- what to show ---

    @property
    def ready(self) -> bool:
        return self._done

    @property
    def ended_at(self) -> float:
        """``time.monotonic()`` when it finished (inf while it runs)."""
        return math.inf if self._ended_at is None else self._ended_at

    def progress(self, now: float | None = None) -> Progress:
        """The bar's fraction (finished stages, plus the current one by its expected time) and label."""
        now = time.monotonic() if now is None else now
        with self._lock:
            if self._done:
                return Progress(1.0, "engine ready" if not self._error else self._error, True, self._error)
            total = sum(self.weights) or 1.0
            i = self._stage
            if i < 0:
                return Progress(0.0, "starting the engine warm-up", False, "")
            spent = min(now - self._stage_started, 0.9 * self.weights[i]) if i < len(self.weights) else 0.0
            fraction = (sum(self.weights[: max(0, i)]) + spent) / total
            label = f"Preparing the engine, {i + 1}/{len(self.weights)}: {self._stage_name}"
            detail = f"compiling {self._compiling}" if self._compiling else ""
            return Progress(min(fraction, 0.99), label, False, "", detail)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until ready (or ``timeout`` seconds); returns ``ready``."""
        end = None if timeout is None else time.monotonic() + timeout
        while not self._done and (end is None or time.monotonic() < end):
            time.sleep(0.02)
        return self._done

    def stop(self) -> None:
        """End the children if they still run (the game is closing)."""
        _end(self.process)
        _end(self.helper)


#: Written into the cache folder when the main warm-up finished: that engine version is all compiled.
DONE_MARK = "warmup-complete.json"


def done_mark() -> Path:
    """Where the finished warm-up leaves its mark (in the folder of this engine version's cache)."""
    return Path(config.CACHE_DIR) / DONE_MARK


def _game_digest() -> str:
    """A hash of the game code whose calls choose the kernels' signatures (the cache folder's name
    already covers the engine's own sources)."""
    game = Path(__file__).resolve().parents[1]
    sources = [*sorted((game / "sim").glob("*.py")), Path(__file__).resolve()]
    return hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:16]


def _mark_done(record: dict) -> None:
    """Leave the mark atomically (a temporary file, then a rename): a reader sees all of it or none."""
    mark = done_mark()
    mark.parent.mkdir(parents=True, exist_ok=True)
    tmp = mark.with_name(f".{mark.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps({**record, "game": _game_digest()}))
    os.replace(tmp, mark)


def is_done() -> bool:
    """The warm-up finished for this engine and this game code: play compiles nothing."""
    mark = done_mark()
    if not mark.is_file():
        return False
    try:
        record = read_json(mark, 4096, 2)
    except (FileRefused, OSError):
        return False
    return isinstance(record, dict) and record.get("game") == _game_digest()


def start_ahead(level: str | None = None) -> subprocess.Popen | None:
    """Start the second warm-up process (``--ahead``, low priority, silent) when the cache is
    empty; None if it is not (it would only load what is there) or cannot start.

    On two cores it compiles the rigid-body step, the time of impact and the
    single casts while the caller (the main warm-up, or the demo in-process)
    compiles the level, the overlaps and the slides, so a first run waits for
    about the longer of the two instead of their sum.
    """
    if not cache_is_empty():
        return None
    cmd = [sys.executable, "-m", "game.headless.warmup", "--ahead"] + (["--level", level] if level else [])
    try:
        return spawn(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        return None


# --- children that end with their parent ---------------------------------------

#: A warm-up child's parent's process id, in the child's environment (``spawn``).
PARENT_VAR = "GJK_SHOOTER_WARMUP_PARENT"
#: How often a child looks whether its parent is still there, seconds.
PARENT_POLL = 0.25
#: A child's exit status when it ended because its parent was gone.
ORPHANED = 3


def spawn(cmd: list[str], **popen) -> subprocess.Popen:
    """Start a warm-up child (``subprocess.Popen`` with ``popen``; no stdin) that knows its parent:
    this process's id goes into its environment as ``PARENT_VAR``."""
    env = {**os.environ, PARENT_VAR: str(os.getpid())}
    child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, env=env, **popen)
    _children[:] = [c for c in _children if c.poll() is None] + [child]
    return child


#: Every child ``spawn`` started, so that SIGTERM can end them without the main thread's help.
_children: list[subprocess.Popen] = []


def exit_with_parent(poll: float = PARENT_POLL) -> None:
    """In a child: end this process (status ``ORPHANED``) when the process that started it is gone,
    at once if it is gone already.

    The parent is ``PARENT_VAR`` (set by ``spawn``), else whoever is the
    parent now (a warm-up started by hand from a shell). A parent that dies,
    however it dies, hands its children to another process, so a daemon
    thread compares ``os.getppid()`` with it every ``poll`` seconds: the
    same on every POSIX system, where Linux's parent-death signal follows
    the thread that started the child, not the process. "Gone" cannot be
    missed between the parent's end and this call: the id differs by then.
    """
    named = os.environ.get(PARENT_VAR, "")
    parent = int(named) if named.isdigit() else os.getppid()

    def orphaned() -> bool:
        return os.getppid() != parent

    if orphaned():
        os._exit(ORPHANED)

    def watch() -> None:
        while not orphaned():
            time.sleep(poll)
        # os._exit, not sys.exit: from a thread, only this ends the process (the main thread may be
        # deep in a compile). numba writes each cache file aside and renames it, so none is left half.
        os._exit(ORPHANED)

    threading.Thread(target=watch, name="warmup-parent-watch", daemon=True).start()


#: Seconds the main thread has, after SIGTERM, to unwind before the process ends without it.
TERM_GRACE = 10.0


def end_on_sigterm() -> None:
    """From now on SIGTERM ends this process as closing it does, within ``TERM_GRACE`` seconds, and
    its warm-up children with it. Python's default would end it on the spot and leave them compiling.

    The handler ends the children ``spawn`` started at once, then raises ``SystemExit`` (status 143)
    in the main thread so that its ``finally`` blocks run (``Warmup.stop``, the demo's helper, the
    window's close). That exception can be lost: Python runs a signal handler wherever the main thread
    is, and where that is a ``__del__``, a weakref callback or a ctypes callback (numba's compile
    calls llvmlite's object-cache callback for every module), Python prints "Exception ignored"
    and carries on. Seen: a demo compiling on an empty cache ran on for minutes after SIGTERM. So a
    watchdog thread ends the process (``os._exit``, same status) if it is still there after the grace.
    """
    signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame) -> None:
    status = 128 + signum
    _end_children(signal.SIGTERM)
    threading.Thread(target=_exit_after_grace, args=(status,), name="sigterm-watchdog", daemon=True).start()
    raise SystemExit(status)


def _end_children(how: int) -> None:
    """Send ``how`` to every ``spawn``-ed child not yet reaped (its id cannot have been reused)."""
    for child in _children:
        if child.returncode is None:
            with contextlib.suppress(OSError):
                os.kill(child.pid, how)


def _exit_after_grace(status: int) -> None:
    time.sleep(TERM_GRACE)
    print(
        f"gjk-shooter: still running {TERM_GRACE:.0f} s after SIGTERM (the exit was lost inside a "
        "callback); ending now",
        file=sys.stderr,
        flush=True,
    )
    _end_children(signal.SIGKILL)
    os._exit(status)


def _end(process: subprocess.Popen | None) -> None:
    if process is not None and process.poll() is None:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=2)


if __name__ == "__main__":
    raise SystemExit(main())
