"""``gjk-lab`` / ``python -m game.lab [level]``: the hitbox lab.

Interactive by default; ``--screenshot out.png`` renders one configuration
headless (no screen needed) and exits. Shapes are picked by palette name
(``polygon``, ``rounded``, ``circle``, ``capsule``, ``ellipse``) or, with a
level, by wall object id (``12`` or ``12.2`` for the second part of a split
polygon). Bad input is one line on stderr and exit status 2, never a
traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from engine.collision import Transform

WIDTH, HEIGHT = 1280, 720


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gjk-lab", description="Drag two shapes and watch GJK, EPA and pymunk.")
    p.add_argument("level", nargs="?", help="a level name or .tmj file whose wall parts join the palette")
    p.add_argument("--a", default="polygon", help="shape A: palette name or wall id (default polygon)")
    p.add_argument("--b", default="rounded", help="shape B: palette name or wall id (default rounded)")
    p.add_argument("--at-a", default="-70,0,0", metavar="X,Y,DEG", help="A's place and angle (degrees, CCW; write --at-a=-70,0,0 for a negative x)")
    p.add_argument("--at-b", default="70,10,23", metavar="X,Y,DEG", help="B's place and angle (degrees, CCW)")
    p.add_argument("--step", type=int, default=None, help="show GJK up to this turn (0 = first support)")
    p.add_argument("--screenshot", metavar="PNG", help="render headless to this file and exit")
    return p


class InputError(ValueError):
    """A bad option: the message is the one line the user sees."""


def parse_place(text: str, what: str) -> Transform:
    """``"x,y,deg"`` (degrees counter-clockwise) as a Transform in radians.

    >>> parse_place("10,-5,90", "--at-a")
    Transform(x=10.0, y=-5.0, angle=1.5707963267948966)
    """
    import math

    try:
        x, y, deg = (float(v) for v in text.split(","))
        return Transform(x, y, math.radians(deg)).validated()
    except ValueError:
        raise InputError(f"{what} must be three finite numbers x,y,degrees, got {text!r}") from None


ALIASES = {"rounded": "rounded polygon"}


def find_choice(choices, name: str) -> int:
    """Index of a palette name or a wall id (``12``, ``12.2``) among ``choices``."""
    name = ALIASES.get(name, name)
    for k, choice in enumerate(choices):
        if choice.label == name:
            return k
    wall, _, part = name.partition(".")
    for k, choice in enumerate(choices):
        level_id = choice.label.partition(":")[2].partition(" ")[0]
        if wall and level_id == wall and (not part or choice.label.endswith(f" part {part}/" +
                                                                           choice.label.rsplit("/", 1)[-1])):
            return k
    known = ", ".join(c.label for c in choices[:5])
    raise InputError(f"no shape {name!r} (palette: {known}; or a wall id of the level)")


def build_state(args):
    from game.level import LevelError

    from .palette import level_choices, palette
    from .state import LabState

    choices = palette()
    if args.level:
        try:
            choices += level_choices(args.level)
        except LevelError as problem:
            raise InputError(str(problem)) from None
    state = LabState(choices)
    state.pick = [find_choice(choices, args.a), find_choice(choices, args.b)]
    state.xfs = [parse_place(args.at_a, "--at-a"), parse_place(args.at_b, "--at-b")]
    state.step = args.step
    return state


def screenshot(state, path: Path) -> None:
    """Render the state headless into ``path`` (PNG), atomically."""
    import arcade

    from .analysis import analyse
    from .draw import draw_lab

    window = arcade.get_window() if _has_window() else arcade.Window(WIDTH, HEIGHT, "gjk-lab", visible=False)
    window.clear()
    analysis = analyse(state.shape(0), state.xfs[0], state.shape(1), state.xfs[1])
    draw_lab(state, analysis, window.width, window.height)
    image = arcade.get_image(0, 0, window.width, window.height)
    write_png(image, path)


def write_png(image, path: Path) -> None:
    """Save a PIL image atomically: a temporary file in the same folder, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    image.save(tmp, format="PNG")
    os.replace(tmp, path)


def _has_window() -> bool:
    import arcade

    try:
        arcade.get_window()
    except RuntimeError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.screenshot:
        os.environ.setdefault("ARCADE_HEADLESS", "1")  # before anything imports arcade
    try:
        state = build_state(args)
        if args.screenshot:
            screenshot(state, Path(args.screenshot))
            print(f"wrote {args.screenshot}")
            return 0
        import arcade

        from .view import LabView

        window = arcade.Window(WIDTH, HEIGHT, "gjk-lab: the hitbox lab")
        window.show_view(LabView(state))
        arcade.run()
        return 0
    except InputError as problem:
        print(f"gjk-lab: {problem}", file=sys.stderr)
        return 2
    except OSError as problem:
        print(f"gjk-lab: cannot write {args.screenshot}: {problem.strerror or problem}", file=sys.stderr)
        return 2
