"""``gjk-shooter`` / ``python -m game``: play, or run the headless bot demo.

    python -m game                                   # the game, title screen first
    python -m game --demo --level NAME --frames 600 --seed 1 --screenshot out.png
    python -m game --snapshots shots/ --level NAME   # a PNG of every screen, headless
    python -m game --play-script FILE [--level NAME] [--frames N] [--screenshot PNG]  # game.script
    python -m game --demo --record run.replay        # --record: play, --demo, --play-script (game.replay)
    python -m game --replay run.replay               # replays on the simulation, prints state_hash

The demo needs no screen: ``ARCADE_HEADLESS`` is set before arcade is
imported. It prints one summary line and exits 0; a bad level name or file
prints one line on stderr and exits 2, without a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="gjk-shooter", description="A top-down shooter on a GJK/EPA engine."
    )
    parser.add_argument("--demo", action="store_true", help="let a bot play headless and print a summary")
    parser.add_argument("--level", help="level name (see levels/) or a .tmj/.tmx path")
    parser.add_argument(
        "--frames", type=int, default=None,
        help="demo / script length in 1/60 s steps (default: 600; a script: its last event's frame + 60)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--screenshot", help="demo: write the last frame to this PNG")
    parser.add_argument("--snapshots", metavar="DIR", help="headless: write a PNG of every screen to DIR")
    parser.add_argument("--play-script", metavar="FILE", help="headless: drive the game window with FILE's input events")
    parser.add_argument("--record", metavar="FILE", help="write the simulation's inputs of every tick to FILE")
    parser.add_argument("--replay", metavar="FILE", help="headless: replay a recording, print its state_hash")
    args = parser.parse_args(argv)
    modes = [m for m in ("demo", "snapshots", "play_script", "replay") if getattr(args, m)]
    if len(modes) > 1:
        parser.error("choose one of --demo, --snapshots, --play-script, --replay")
    if args.replay and (args.record or args.level or args.frames is not None or args.screenshot):
        parser.error("--replay takes no other option: the recording names its level, seed and ticks")
    if args.record and args.snapshots:
        parser.error("--record applies to play, --demo and --play-script")
    if args.play_script:
        from game.script import MAX_FRAME, TAIL_FRAMES

        if args.frames is not None and not 1 <= args.frames <= MAX_FRAME + TAIL_FRAMES:
            parser.error(f"--frames must be from 1 to {MAX_FRAME + TAIL_FRAMES}")
        return args
    args.frames = 600 if args.frames is None else args.frames
    if args.frames < 1:
        parser.error("--frames must be at least 1")
    if not args.demo and (args.screenshot or args.frames != 600):
        parser.error("--frames and --screenshot only apply with --demo")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.demo or args.snapshots or args.play_script or args.replay:
        os.environ["ARCADE_HEADLESS"] = "1"  # before anything imports arcade
    if args.replay:
        from game.replay import main as replay_main

        return replay_main(args.replay)
    if args.play_script:
        from game.script import main as script_main

        return script_main(args)
    from game.app import run, run_demo, write_snapshots
    from game.level import LevelError

    try:
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
