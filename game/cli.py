"""``gjk-shooter`` / ``python -m game``: play, or run the headless bot demo.

    python -m game                                   # the game, title screen first
    python -m game --demo --level NAME --frames 600 --seed 1 --screenshot out.png
    python -m game --snapshots shots/ --level NAME   # a PNG of every screen, headless

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
    parser.add_argument("--frames", type=int, default=600, help="demo length in 1/60 s steps (default 600)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--screenshot", help="demo: write the last frame to this PNG")
    parser.add_argument("--snapshots", metavar="DIR", help="headless: write a PNG of every screen to DIR")
    args = parser.parse_args(argv)
    if args.frames < 1:
        parser.error("--frames must be at least 1")
    if not args.demo and (args.screenshot or args.frames != 600):
        parser.error("--frames and --screenshot only apply with --demo")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.demo or args.snapshots:
        os.environ["ARCADE_HEADLESS"] = "1"  # before anything imports arcade
    from game.app import run, run_demo, write_snapshots
    from game.level import LevelError

    try:
        if args.snapshots:
            for path in write_snapshots(args.snapshots, args.level, args.seed):
                print(path)
            return 0
        if args.demo:
            summary = run_demo(args.level, frames=args.frames, seed=args.seed, screenshot=args.screenshot)
            print(summary)
            return 0
        return run(level=args.level, seed=args.seed)
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
