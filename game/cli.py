"""``gjk-shooter`` / ``python -m game``: play, or run the headless bot demo.

    python -m game                                   # the game, title screen first
    python -m game --demo --level NAME --frames 600 --seed 1 --screenshot out.png
    python -m game --snapshots shots/ --level NAME   # a PNG of every screen, headless
    python -m game --play-script FILE [--level NAME] [--frames N] [--screenshot PNG]  # game.headless.session
    python -m game --demo --record run.replay        # --record: play, --demo, --play-script (game.headless.replay)
    python -m game --replay run.replay               # replays on the simulation, prints state_hash
    python -m game --level map.tmx --texture-hitboxes simple   # tiles without shapes: their image's outline

The demo needs no screen: ``ARCADE_HEADLESS`` is set before arcade is
imported. It prints one summary line and exits 0; a bad level name or file
prints one line on stderr and exits 2, without a traceback.

Limits, checked before anything runs (one line on stderr, exit 2):
``--seed`` 0 .. 2**32 - 1; ``--frames`` 1 .. ``MAX_FRAMES`` (36 000, ten
minutes at 60 frames a second); ``--screenshot`` ends in .png, .jpg, .jpeg
or .bmp (``game.files.images``); ``--screenshot`` and ``--record`` name a
regular file or a new one, never a FIFO, a device or a folder
(``game.files.safe_write``); ``--snapshots`` names a folder; one mode at a time. Headless runs (demo,
snapshots, script, replay) keep their scores in a throwaway folder unless
``--keep-score`` is given. Without a display, plain play is one line and
exit 2.
"""

from __future__ import annotations

import argparse
import os
import sys

from game.files.images import ImageRefused, check_suffix
from game.files.safe_write import TargetRefused, check_target
from game.files.storage import use_throwaway_store
from game.headless import replay, script
from game.headless.warmup import end_on_sigterm
from game.level import LevelError
from game.tiled.texture import ALGORITHMS, use_texture_hitboxes

#: The longest demo: ten minutes of 1/60 s frames.
MAX_FRAMES = 36_000
MAX_SEED = 2**32 - 1
NO_DISPLAY = "no display: run with --demo or --play-script for headless, or set DISPLAY"


class OneLineParser(argparse.ArgumentParser):
    """argparse whose errors are one line (``prog: error: …``) and exit status 2, no usage block."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def whole_number(low: int, high: int | None = None):
    """An argparse type: a whole number from ``low`` to ``high`` (None: no upper bound).

    >>> whole_number(0, 9)("7")
    7
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be a whole number {span}, not {value}")
        return value

    return parse


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = OneLineParser(prog="gjk-shooter", description="A top-down shooter on a GJK/EPA engine.")
    parser.add_argument("--demo", action="store_true", help="let a bot play headless and print a summary")
    parser.add_argument("--level", help="level name (see levels/) or a .tmj/.tmx path")
    parser.add_argument(
        "--frames", type=whole_number(1), default=None,
        help="demo / script length in 1/60 s steps (default: 600; a script: its last event's frame + 60)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=whole_number(0, MAX_SEED), default=None, help="random seed, 0..2**32-1 (default 1)"
    )
    parser.add_argument("--screenshot", help="demo: write the last frame to this .png, .jpg or .bmp")
    parser.add_argument("--snapshots", metavar="DIR", help="headless: write a PNG of every screen to DIR")
    parser.add_argument(
        "--play-script", metavar="FILE", help="headless: drive the game window with FILE's input events"
    )
    parser.add_argument(
        "--record", metavar="FILE", help="write the simulation's inputs of every tick to FILE"
    )
    parser.add_argument("--replay", metavar="FILE", help="headless: replay a recording, print its state_hash")
    parser.add_argument(
        "--texture-hitboxes", choices=ALGORITHMS,
        help="outline solid tiles that have no collision shapes from their image's alpha, as arcade does "
        "(simple: arcade's default, detailed: its pymunk outline), in every map this run reads; "
        "default: each map's texture_hitboxes property, else a full-tile box (levels/README.md)",
    )  # fmt: skip
    parser.add_argument(
        "--keep-score", action="store_true",
        help="headless runs: record scores in the player's own score file (default: a throwaway folder)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    # None until here, so that a seed given with --replay is refused, not silently ignored.
    seed_given, args.seed = args.seed is not None, 1 if args.seed is None else args.seed
    if args.screenshot:
        try:
            check_suffix(args.screenshot)
        except ImageRefused as err:
            parser.error(f"--screenshot {err}")
    for option in ("screenshot", "record"):
        if getattr(args, option):
            try:
                check_target(getattr(args, option))  # before the run: the file is written at its end
            except TargetRefused as err:
                parser.error(f"--{option} {err}")
    if args.snapshots and os.path.exists(args.snapshots) and not os.path.isdir(args.snapshots):
        parser.error(f"--snapshots {args.snapshots}: is not a folder")
    if args.keep_score and not (args.demo or args.snapshots or args.play_script or args.replay):
        parser.error(
            "--keep-score applies to --demo, --snapshots, --play-script and --replay (play always keeps)"
        )
    modes = [m for m in ("demo", "snapshots", "play_script", "replay") if getattr(args, m)]
    if len(modes) > 1:
        parser.error("choose one of --demo, --snapshots, --play-script, --replay")
    if args.texture_hitboxes and (args.record or args.replay):
        # A recording names its level file by its bytes (level_sha256): the map property is in them,
        # this option is not, so a replay could not rebuild the same walls.
        parser.error(
            "--texture-hitboxes cannot be recorded or replayed: set the map property texture_hitboxes "
            "instead (a replay reads the map file as saved)"
        )
    if args.replay and (
        args.record or args.level or args.frames is not None or args.screenshot or seed_given
    ):
        parser.error("--replay takes no other option: the recording names its level, seed and ticks")
    if args.record and args.snapshots:
        parser.error("--record applies to play, --demo and --play-script")
    if args.play_script:
        if args.frames is not None and not 1 <= args.frames <= script.MAX_FRAME + script.TAIL_FRAMES:
            parser.error(f"--frames must be from 1 to {script.MAX_FRAME + script.TAIL_FRAMES}")
        return args
    args.frames = 600 if args.frames is None else args.frames
    if not 1 <= args.frames <= MAX_FRAMES:
        parser.error(f"--frames must be from 1 to {MAX_FRAMES} (ten minutes), not {args.frames}")
    if not args.demo and (args.screenshot or args.frames != 600):
        parser.error("--frames and --screenshot only apply with --demo")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    end_on_sigterm()  # SIGTERM closes the game as its window does: the warm-up children end with it
    use_texture_hitboxes(args.texture_hitboxes)  # every map this run reads: title, F5, scripts, demo
    headless = bool(args.demo or args.snapshots or args.play_script or args.replay)
    if headless:
        os.environ["ARCADE_HEADLESS"] = "1"  # before anything imports arcade
        if not args.keep_score:
            use_throwaway_store()  # a bot's or a script's games are not the player's
    elif not has_display():
        print(f"gjk-shooter: {NO_DISPLAY}", file=sys.stderr)
        return 2
    if args.replay:
        return replay.main(args.replay)
    if args.play_script:
        from game.headless import (
            session,  # deferred: it imports arcade, which reads ARCADE_HEADLESS (set above)
        )

        return session.main(args)
    try:
        # deferred: these import arcade, which reads ARCADE_HEADLESS (set above) when it is imported
        from game.app import run
        from game.headless.demo import run_demo
        from game.headless.snapshots import write_snapshots

        if args.snapshots:
            for path in write_snapshots(args.snapshots, args.level, args.seed):
                print(path)
            return 0
        if args.demo:
            summary = run_demo(
                args.level, frames=args.frames, seed=args.seed, screenshot=args.screenshot, record=args.record
            )
            print(summary)
            return 0
        return run(level=args.level, seed=args.seed, record=args.record)
    except LevelError as err:
        print(f"gjk-shooter: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"gjk-shooter: {err}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as err:
        if not (err.name or "").startswith("game."):
            raise
        print(f"gjk-shooter: this build has no {err.name} (the game needs it to play)", file=sys.stderr)
        return 1
    except Exception as err:
        # pyglet's NoSuchDisplayException (no common base to catch it by): a display named but unreachable.
        if not any(kind.__name__ == "NoSuchDisplayException" for kind in type(err).__mro__):
            raise
        print(f"gjk-shooter: {NO_DISPLAY} ({err})", file=sys.stderr)
        return 2


def has_display() -> bool:
    """False only where a window surely cannot open: X11/Wayland systems with neither variable set."""
    if os.environ.get("ARCADE_HEADLESS") or sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
