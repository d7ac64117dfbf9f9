"""Record what the simulation received each tick; replay it headless to the same state.

A recording is JSON lines (UTF-8, one object a line), written by
``Recorder``; ``python -m game ... --record FILE`` makes one from play, a
``--play-script`` session or the ``--demo``, and ``python -m game --replay
FILE`` plays it back on the simulation alone (no window) and prints one
summary line with the ``state_hash``.

Format (version 1)::

    {"format": "gjk-shooter-replay", "version": 1, "level": "yard", "level_sha256": "…", "seed": 1}
    {"tick": 1, "move": [0.0, 1.0], "aim_at": [412.5, 903.0], "fire": false}
    {"tick": 2, …}
    {"reload": {"level": "yard", "level_sha256": "…", "seed": 1}}
    {"restart": {"level": "yard", "level_sha256": "…", "seed": 2}}
    {"end": {"ticks": 612, "runs": 2, "state_hash": "…"}}

- The header names the first run's level (a name from ``levels/``, else the
  file's path), the sha256 of that file's bytes and the seed.
- A tick line is one ``game.sim.Inputs``: the move vector, the world point
  aimed at (``aim_at``, world pixels, never a direction) and the trigger;
  ``tick`` is the simulation's tick number it produced (1, 2, … per run).
- ``reload`` is F5: the level file was read again and the run continues on
  it with the player carried over (``game.sim.reload``, as the play view's F5).
- ``restart`` is a new run (play again after game over, the demo's next
  life): a fresh ``Simulation(level, seed)``.
- ``end`` closes the file: total ticks, runs, and the last simulation's
  ``state_hash()``. A replay compares its own hash with this one.

Limits (each checked as the line is read, before the work it costs):
``MAX_REPLAY_BYTES`` (128 MiB), ``MAX_TICKS`` (5 hours of ticks),
``MAX_LINE_CHARS`` (4,096) a line, ``MAX_LINE_DEPTH`` (8) levels of JSON
nesting a line (the format nests 2; counted before the parser, which
recurses, sees the line), ``MAX_LEVEL_LOADS`` (1,000) restart and reload
lines together (each reads a level file: 0.44 s for the largest allowed
one, so 300,000 restarts once meant 36 hours), and finite numbers in
``move`` and ``aim_at``. A ``Recorder`` that reaches a limit stops
recording there and closes the file with the state it had then, so what it
writes always replays to its own hash.

Floats are written with ``repr`` (JSON's own), so they read back bit for
bit and the replay is exact. The whole file is written once, at the end of
the session, by ``game.files.safe_write.write_atomic`` (a temporary file in the
same folder, fsynced and renamed over the target): a reader never sees half
a file, of two writers the last to finish wins whole, and a target that is
not a regular file (a FIFO, a device, a folder) is refused, never replaced.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from pathlib import Path
from typing import NamedTuple

from game import tiled
from game.files.safe_read import json_depth, read_bytes
from game.files.safe_write import write_atomic
from game.messages import first_line
from game.sim import Inputs, Simulation
from game.sim.reload import reload
from game.tiled.files import resolve_level
from game.tiled.limits import MAX_FILE_BYTES

__all__ = [
    "FORMAT",
    "MAX_LEVEL_LOADS",
    "MAX_LINE_CHARS",
    "MAX_LINE_DEPTH",
    "MAX_REPLAY_BYTES",
    "MAX_TICKS",
    "VERSION",
    "Recorder",
    "ReplayError",
    "ReplaySummary",
    "level_reference",
    "read_replay",
    "replay",
]

FORMAT = "gjk-shooter-replay"
VERSION = 1
#: A recording bigger than this is refused before it is parsed (about 5 hours of play).
MAX_REPLAY_BYTES = 128 * 1024 * 1024
#: Ticks a replay may hold (5 hours at 60 ticks a second).
MAX_TICKS = 5 * 60 * 60 * 60
#: One line of a recording is never longer than this (a tick line is under 150 characters).
MAX_LINE_CHARS = 4096
#: JSON nesting of one line: the format's own lines nest 2 deep.
MAX_LINE_DEPTH = 8
#: Restart and reload lines a replay may hold together: each reads a level file
#: (up to 0.44 s for the largest level within the limits), so this bounds their time to minutes.
MAX_LEVEL_LOADS = 1000


class ReplayError(ValueError):
    """A recording that cannot be replayed; ``str()`` is one line naming the file, line and problem."""

    def __init__(self, path, line: int | None, problem: str) -> None:
        where = f"{path}:{line}" if line else f"{path}"
        super().__init__(f"{where}: {problem}")


def level_reference(path: Path | str) -> str:
    """How a recording names a level file: its name when it is one of ``levels/``, else its full path.

    >>> level_reference(tiled.level_path("yard"))
    'yard'
    """
    path = Path(path).resolve()
    try:
        if tiled.level_path(path.stem).resolve() == path:
            return path.stem
    except (OSError, ValueError):
        pass
    return str(path)


def _sha256(path: Path) -> str:
    try:
        return hashlib.sha256(read_bytes(path, MAX_FILE_BYTES)).hexdigest()
    except (OSError, ValueError):
        return ""


def _run_line(level, seed: int) -> dict:
    return {
        "level": level_reference(level.path),
        "level_sha256": _sha256(Path(level.path)),
        "seed": int(seed),
    }


def _number(value) -> float:
    return float(value)


class Recorder:
    """Collects the inputs of every tick of a session and writes them when the session ends.

    The play view calls ``start_run`` when a run begins, ``reload`` after F5
    swaps the level, and ``tick`` with each ``Inputs`` just before the
    simulation steps on them; ``finish`` writes the file.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.lines: list[dict] = []
        self.sim: Simulation | None = None
        self.ticks = 0
        self.runs = 0
        self.loads = 0
        #: The state hash where a limit stopped the recording (None while it records).
        self.stopped_at: str | None = None

    def _stop(self) -> None:
        """A limit is reached: keep what is recorded, closed with the state it led to."""
        if self.stopped_at is None and self.sim is not None:
            self.stopped_at = self.sim.state_hash()

    def start_run(self, level, seed: int, sim: Simulation) -> None:
        if self.stopped_at is not None:
            return
        run = _run_line(level, seed)
        if not self.lines:
            self.lines.append({"format": FORMAT, "version": VERSION, **run})
        elif self.loads >= MAX_LEVEL_LOADS:
            self._stop()
            return
        else:
            self.lines.append({"restart": run})
            self.loads += 1
        self.sim, self.runs = sim, self.runs + 1

    def reload(self, level, seed: int, sim: Simulation) -> None:
        if self.stopped_at is not None:
            return
        if self.sim is not None:
            if self.loads >= MAX_LEVEL_LOADS:
                self._stop()
                return
            self.lines.append({"reload": _run_line(level, seed)})
            self.loads += 1
        self.sim = sim

    def tick(self, sim: Simulation, inputs: Inputs) -> None:
        if self.stopped_at is not None or sim is not self.sim:
            return  # a simulation this recorder was not told about cannot be replayed; stop, never lie
        if self.ticks >= MAX_TICKS:
            self._stop()
            return
        self.ticks += 1
        self.lines.append(
            {
                "tick": int(sim.tick) + 1,
                "move": [_number(inputs.move_x), _number(inputs.move_y)],
                "aim_at": [_number(inputs.aim_at_x), _number(inputs.aim_at_y)],
                "fire": bool(inputs.fire),
            }
        )

    def finish(self) -> Path | None:
        """Write the recording (atomically); None when no run was played, so there is nothing to replay."""
        if not self.lines or self.sim is None:
            return None
        state = self.stopped_at if self.stopped_at is not None else self.sim.state_hash()
        end = {"end": {"ticks": self.ticks, "runs": self.runs, "state_hash": state}}
        text = "".join(json.dumps(line, allow_nan=True) + "\n" for line in [*self.lines, end])
        write_atomic(self.path, text.encode("utf-8"))  # never over a FIFO or a device (game.files.safe_write)
        return self.path


# --- reading ------------------------------------------------------------------


class Step(NamedTuple):
    """A parsed reload or restart line of a recording: what to do and the line it came from. A tick
    line is kept as its ``Inputs`` alone: a recording may hold ``MAX_TICKS`` of them, and a
    ``Step`` around each (with its line and tick numbers) cost ~170 MB more at that count."""

    line: int
    kind: str  # "reload" or "restart"
    level: str = ""
    level_sha256: str = ""
    seed: int = 0


class Recording(NamedTuple):
    """A parsed recording: the first run, the steps after it, and the end line (if any)."""

    path: Path
    level: str
    level_sha256: str
    seed: int
    steps: list[Step | Inputs]
    ticks: int | None
    runs: int | None
    state_hash: str | None


def _pair(value, path, line: int, name: str) -> tuple[float, float]:
    if not (isinstance(value, list) and len(value) == 2):
        raise ReplayError(path, line, f"'{name}' must be a list of two numbers")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise ReplayError(path, line, f"'{name}' must be a list of two numbers")
        try:
            number = float(v)
        except OverflowError:  # an integer past a float's range
            number = math.inf
        if not math.isfinite(number):
            shown = (
                json.dumps(v, allow_nan=True)
                if isinstance(v, float)
                else f"{str(v)[:20]}... ({len(str(v))} digits)"
            )
            raise ReplayError(path, line, f"'{name}' holds {shown}; numbers must be finite")
        out.append(number)
    return out[0], out[1]


def _depth(raw: str) -> int:
    """How deeply ``raw``'s JSON nests; counted without the parser (which recurses) when it is shallow."""
    if raw.count("[") + raw.count("{") <= MAX_LINE_DEPTH:
        return 0  # cannot nest deeper than the brackets it has
    return json_depth(raw.encode("utf-8", "surrogatepass"))


def _run(value, path, line: int, what: str) -> tuple[str, str, int]:
    if not isinstance(value, dict):
        raise ReplayError(path, line, f"'{what}' must be an object with level, level_sha256 and seed")
    level, sha, seed = value.get("level"), value.get("level_sha256", ""), value.get("seed")
    if not isinstance(level, str) or not level or len(level) > 1024:
        raise ReplayError(path, line, f"'{what}' needs a level name or path (a string)")
    if not isinstance(sha, str):
        raise ReplayError(path, line, "'level_sha256' must be a string")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ReplayError(path, line, f"'{what}' needs a seed (a whole number from 0 to 2**63-1)")
    return level, sha, seed


def _lines(text: str):
    """``text.splitlines()`` one line at a time (lines end at \n, \r\n or \r), without a list of them all."""
    start, size = 0, len(text)
    while start < size:
        end = text.find("\n", start)
        if end < 0:
            end = size
        line = text[start:end]
        if "\r" in line:  # \r\n, or lines ended by \r alone (an old Mac's)
            parts = line.split("\r")
            yield from parts[:-1] if parts[-1] == "" else parts
        else:
            yield line
        start = end + 1


def read_replay(path: Path | str) -> Recording:
    """Parse and check a recording; ``ReplayError``/``FileRefused`` (one line) when it is not one."""
    path = Path(path)
    data = read_bytes(path, MAX_REPLAY_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ReplayError(path, None, f"is not UTF-8 text (byte {err.start})") from None
    # The bytes, and a list of every line (``splitlines``), each held as much again as the text:
    # a recording at the limits (128 MiB, MAX_TICKS lines) peaked at 960 MB while it was read.
    del data
    header = None
    steps: list[Step | Inputs] = []
    end = None
    ticks = loads = 0
    expected_tick = 1
    for number, raw in enumerate(_lines(text), start=1):
        if not raw.strip():
            continue
        if end is not None:
            raise ReplayError(path, number, "a line after the 'end' line")
        if len(raw) > MAX_LINE_CHARS:
            raise ReplayError(path, number, f"line longer than {MAX_LINE_CHARS} characters")
        depth = _depth(raw)
        if depth > MAX_LINE_DEPTH:
            raise ReplayError(path, number, f"JSON nested {depth} levels deep; the limit is {MAX_LINE_DEPTH}")
        try:
            obj = json.loads(raw)
        except ValueError as err:
            raise ReplayError(path, number, f"not JSON ({err.msg} at column {err.colno})") from None
        if not isinstance(obj, dict):
            raise ReplayError(path, number, "each line must be a JSON object")
        if header is None:
            if obj.get("format") != FORMAT:
                raise ReplayError(
                    path, number, f'not a recording (the first line needs "format": "{FORMAT}")'
                )
            if obj.get("version") != VERSION:
                raise ReplayError(
                    path, number, f"format version {obj.get('version')!r}; this game reads {VERSION}"
                )
            header = _run(obj, path, number, "header")
            continue
        if "tick" in obj:
            if set(obj) - {"tick", "move", "aim_at", "fire"}:
                raise ReplayError(
                    path, number, f"unknown field(s) {sorted(set(obj) - {'tick', 'move', 'aim_at', 'fire'})}"
                )
            tick, fire = obj["tick"], obj.get("fire")
            if isinstance(tick, bool) or not isinstance(tick, int) or tick != expected_tick:
                raise ReplayError(path, number, f"tick {tick!r} where tick {expected_tick} comes next")
            if not isinstance(fire, bool):
                raise ReplayError(path, number, "'fire' must be true or false")
            move = _pair(obj.get("move"), path, number, "move")
            aim = _pair(obj.get("aim_at"), path, number, "aim_at")
            ticks += 1
            if ticks > MAX_TICKS:
                raise ReplayError(path, number, f"more than {MAX_TICKS} ticks")
            steps.append(Inputs(move[0], move[1], aim[0], aim[1], fire))
            expected_tick += 1
        elif set(obj) == {"reload"} or set(obj) == {"restart"}:
            kind = next(iter(obj))
            loads += 1
            if loads > MAX_LEVEL_LOADS:
                raise ReplayError(
                    path,
                    number,
                    f"more than {MAX_LEVEL_LOADS:,} restart and reload lines (each loads a level)",
                )
            level, sha, seed = _run(obj[kind], path, number, kind)
            steps.append(Step(number, kind, level=level, level_sha256=sha, seed=seed))
            expected_tick = 1
        elif set(obj) == {"end"}:
            e = obj["end"]
            if not isinstance(e, dict) or not isinstance(e.get("state_hash"), str):
                raise ReplayError(path, number, "'end' needs a state_hash (a string)")
            end = e
        else:
            raise ReplayError(
                path, number, f"unknown line (keys {sorted(obj)}); expected tick, reload, restart or end"
            )
    if header is None:
        raise ReplayError(path, None, "is empty: no header line")
    ints = {k: end.get(k) for k in ("ticks", "runs")} if end else {}
    return Recording(
        path,
        *header,
        steps,
        ints.get("ticks") if isinstance(ints.get("ticks"), int) else None,
        ints.get("runs") if isinstance(ints.get("runs"), int) else None,
        end["state_hash"] if end else None,
    )


# --- replaying ------------------------------------------------------------------


class ReplaySummary(NamedTuple):
    """What a replay did; ``str()`` is the one line ``--replay`` prints."""

    level: str
    ticks: int
    runs: int
    kills: int
    deaths: int
    score: int
    player: tuple[float, float, float]  # world x, y and degrees counter-clockwise from +x
    state_hash: str
    recorded_hash: str | None

    @property
    def matches(self) -> bool:
        """True when the recording's end line holds this same hash."""
        return self.recorded_hash == self.state_hash

    def __str__(self) -> str:
        x, y, deg = self.player
        return (
            f"replay level={self.level} ticks={self.ticks} runs={self.runs} kills={self.kills} "
            f"deaths={self.deaths} score={self.score} player={x:.1f},{y:.1f},{deg:.1f} "
            f"state_hash={self.state_hash}"
        )


def _load_level(path: Path, reference: str, sha: str, line: int | None):
    try:
        file = resolve_level(reference)
    except (tiled.LevelError, OSError, ValueError) as err:
        raise ReplayError(path, line, f"level {reference}: {first_line(err)}") from None
    if sha and _sha256(file) != sha:
        raise ReplayError(path, line, f"the level file {file} changed since this was recorded (re-record it)")
    try:
        return tiled.load_level(file)
    except (tiled.LevelError, OSError, ValueError) as err:
        raise ReplayError(path, line, f"level {reference}: {first_line(err)}") from None


def player_pose(sim: Simulation) -> tuple[float, float, float]:
    """The player's world x, y and heading in degrees counter-clockwise from +x (−180..180]."""
    p = sim.player
    deg = math.degrees(math.atan2(math.sin(p.angle), math.cos(p.angle)))
    return float(p.x), float(p.y), deg


def replay(path: Path | str) -> ReplaySummary:
    """Play a recording back on the simulation alone and return what it came to.

    A level file named again with the same sha256 is read once (levels are
    frozen data): a restart costs a new ``Simulation``, not a new parse.
    """
    rec = read_replay(path)
    loaded: dict[tuple[str, str], object] = {}

    def _load(path, reference, sha, line):
        if not sha:
            return _load_level(path, reference, sha, line)
        if (reference, sha) not in loaded:
            loaded[reference, sha] = _load_level(path, reference, sha, line)
        return loaded[reference, sha]

    level = _load(rec.path, rec.level, rec.level_sha256, 1)
    sim = Simulation(level, rec.seed)
    runs, ticks, kills, deaths, score = 1, 0, 0, 0, 0
    for step in rec.steps:
        if type(step) is Inputs:
            sim.step(step)
            ticks += 1
        elif step.kind == "reload":
            sim = reload(sim, _load(rec.path, step.level, step.level_sha256, step.line), step.seed)
        else:
            kills, deaths, score = kills + sim.kills, deaths + sim.deaths, score + sim.score
            sim = Simulation(_load(rec.path, step.level, step.level_sha256, step.line), step.seed)
            runs += 1
    name = Path(rec.level).stem
    return ReplaySummary(
        name, ticks, runs, kills + sim.kills, deaths + sim.deaths, score + sim.score,
        player_pose(sim), sim.state_hash(), rec.state_hash,
    )  # fmt: skip


def main(path: str) -> int:
    """``python -m game --replay FILE`` (called by ``game.cli``): the summary line; exit 0 when the
    replayed ``state_hash`` is the recorded one, 1 (and one line on stderr) when it is not, 2 for a bad file."""
    try:
        summary = replay(path)
    except (OSError, ValueError) as err:  # ReplayError and FileRefused are ValueErrors
        print(f"gjk-shooter: {first_line(err)}", file=sys.stderr)
        return 2
    print(summary)
    if summary.recorded_hash is not None and not summary.matches:
        print(
            f"gjk-shooter: {path}: state_hash differs from the recorded {summary.recorded_hash} "
            "(the rules, the engine or the level changed; re-record, see tests/replays/README.md)",
            file=sys.stderr,
        )
        return 1
    return 0
