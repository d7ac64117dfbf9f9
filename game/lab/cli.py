"""``gjk-lab`` / ``python -m game.lab [level]``: the hitbox lab.

Interactive by default; ``--screenshot out.png`` renders one configuration
headless (no screen needed) and exits. Shapes are picked by palette name
(``polygon``, ``rounded``, ``circle``, ``capsule``, ``ellipse``), by actor
name for its hitbox (``player``, ``chaser``, ``shooter``, ``brute``,
``player_bullet``, ``enemy_bullet``: the actors' own data, ``brute.2`` for a
second part), or, with a level, by wall object id (``12`` or ``12.2`` for
the second part of a split polygon) or by a tile's painted cell
(``tile-3,7`` or ``blocks:tile-3,7`` with its layer). With a level and no ``--a``/``--b``, A and B start as its first two
wall parts that fit the world panel, and a small map of its walls shows where
they are. ``--step`` is 0 .. ``MAX_STEP``; a step past the end of the run
shows its last turn. ``--manifold`` shows the contact manifold and how its
clipping builds it (``--clip-step`` 1 .. 5 one step of it, implying
``--manifold``; ``--margin`` 0 .. ``MAX_MARGIN`` px keeps speculative
points that far apart, and also implies it). The screenshot's suffix names its format (.png, .jpg,
.bmp: ``game.files.images``). Bad input is one line on stderr and exit status
2, never a traceback.

``--joints`` opens the joints page instead (J switches pages in the window): a hinge with
limits, a rope, a spring and a cart on two wheel joints, simulated by the engine at 60 Hz;
drag a body with the mouse. With ``--screenshot``, ``--time S`` (0 .. ``MAX_TIME``, default
``SHOT_TIME``) is how long it runs before the picture and ``--drag X,Y,TX,TY`` (metres) grabs
the body at (X, Y), the cursor moving to (TX, TY) over the first second and held there. The
hitbox page's options do not go with ``--joints``, nor these two without ``--joints --screenshot``.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from pathlib import Path

from engine.collision import Transform
from game.cli import OneLineParser, has_display, whole_number
from game.files.images import ImageRefused, check_suffix, save_image
from game.level import LevelError
from game.views.screen import HEIGHT, WIDTH

from .analysis import analyse
from .palette import ACTOR, PROP, actor_choices, first_level_picks, level_choices, palette, prop_choices
from .state import CLIP_STEPS, MAX_MARGIN, LabState

#: Far beyond any GJK run the engine makes (its iteration cap is a few dozen).
MAX_STEP = 1000
#: The joints page's simulated seconds before a screenshot: at most (a minute: 3,600 steps) and by default.
MAX_TIME = 60.0
SHOT_TIME = 1.5
#: The hitbox page's options, which the joints page refuses (its own are ``JOINT_OPTIONS``).
HITBOX_OPTIONS = ("level", "a", "b", "at_a", "at_b", "step", "manifold", "margin", "clip_step")
JOINT_OPTIONS = ("time", "drag")


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        prog="gjk-lab",
        description="Drag two shapes and watch GJK, EPA and pymunk; or, with --joints, drag jointed bodies in the engine.",
    )
    p.add_argument("level", nargs="?", help="a level name or .tmj file whose wall parts join the palette")
    p.add_argument(
        "--a",
        help="shape A: palette name, actor or prop name, wall id or tile-x,y (default polygon, or the "
        "level's first part)",
    )
    p.add_argument(
        "--b",
        help="shape B: palette name, actor or prop name, wall id or tile-x,y (default rounded, or the "
        "level's second part)",
    )
    p.add_argument(
        "--at-a",
        default=None,
        metavar="X,Y,DEG",
        help="A's place and angle (degrees, CCW; default -70,0,0; write --at-a=-70,0,0 for a negative x)",
    )
    p.add_argument(
        "--at-b", default=None, metavar="X,Y,DEG", help="B's place and angle (degrees, CCW; default 70,10,23)"
    )
    p.add_argument(
        "--step",
        type=whole_number(0, MAX_STEP),
        default=None,
        help=f"show GJK up to this turn (0 = first support; at most {MAX_STEP})",
    )
    p.add_argument(
        "--manifold",
        action="store_true",
        help="show the contact manifold: points, ids, separations, and its clipping step by step",
    )
    p.add_argument(
        "--margin",
        type=bounded_real(0.0, MAX_MARGIN),
        default=None,
        metavar="PX",
        help=f"the manifold keeps points up to this far apart (0 .. {MAX_MARGIN:g}; default 0)",
    )
    p.add_argument(
        "--clip-step",
        type=whole_number(1, len(CLIP_STEPS)),
        default=None,
        metavar="K",
        help=f"show the manifold's clipping up to this step (1 .. {len(CLIP_STEPS)}: "
        + ", ".join(CLIP_STEPS)
        + "; default all)",
    )
    p.add_argument(
        "--joints",
        action="store_true",
        help="the joints page: drag a body and watch a hinge, a rope, a spring and a wheeled cart (J "
        "switches pages)",
    )
    p.add_argument(
        "--time",
        type=bounded_real(0.0, MAX_TIME),
        default=None,
        metavar="S",
        help=f"with --joints --screenshot: seconds simulated before the picture (0 .. {MAX_TIME:g}; "
        f"default {SHOT_TIME:g})",
    )
    p.add_argument(
        "--drag",
        metavar="X,Y,TX,TY",
        help="with --joints --screenshot: grab the body at X,Y and pull it toward TX,TY (metres; "
        "write --drag=-9,7,-8,9 for a negative x)",
    )
    p.add_argument("--screenshot", metavar="PNG", help="render headless to this file and exit")
    return p


def check_page(args, parser: argparse.ArgumentParser) -> None:
    """Refuse options of the other page (one line, exit 2): the hitbox page's with ``--joints``,
    the joints page's without it (or without ``--screenshot``, the only place they act)."""
    if args.joints:
        given = [name for name in HITBOX_OPTIONS if getattr(args, name) not in (None, False)]
        if given:
            shown = "a level" if given[0] == "level" else "--" + given[0].replace("_", "-")
            parser.error(f"{shown} is the hitbox page's; --joints opens the joints page")
    given = [name for name in JOINT_OPTIONS if getattr(args, name) is not None]
    if given and not args.joints:
        parser.error(f"--{given[0]} is the joints page's: add --joints")
    if given and not args.screenshot:
        parser.error(f"--{given[0]} sets up a screenshot of the joints page: add --screenshot PNG")


def parse_drag(text: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """``"x,y,tx,ty"`` (metres) as the point grabbed and the point pulled toward.

    >>> parse_drag("-9,7,-8,9.5")
    ((-9.0, 7.0), (-8.0, 9.5))
    """
    try:
        x, y, tx, ty = (float(v) for v in text.split(","))
    except ValueError:
        raise InputError(f"--drag must be four numbers x,y,tx,ty (metres), got {text!r}") from None
    if not all(math.isfinite(v) and abs(v) <= 1000.0 for v in (x, y, tx, ty)):
        raise InputError(f"--drag must be four finite numbers within ±1000 m, got {text!r}")
    return (x, y), (tx, ty)


def build_joint_lab(args):
    """The joints page as ``--time`` and ``--drag`` ask: run for the time, the drag held all of it."""
    from .joint_page import DT, JointLab  # deferred: only the joints page builds its world

    lab = JointLab()
    drag = parse_drag(args.drag) if args.drag is not None else None
    if drag is not None and lab.press(*drag[0]) is None:
        names = ", ".join(
            f"{name} at ({lab.world.transform(body).x:.1f}, {lab.world.transform(body).y:.1f})"
            for name, body in lab.bodies.items()
        )
        raise InputError(f"--drag: no body at ({drag[0][0]:g}, {drag[0][1]:g}) m; the bodies: {names}")
    steps = round((SHOT_TIME if args.time is None else args.time) / DT)
    for k in range(steps):
        if drag is not None:  # the cursor glides from the grab to the target over the first second
            u = min(1.0, (k + 1) * DT)
            lab.drag(*(a + u * (b - a) for a, b in zip(*drag)))
        lab.advance()
    return lab


def bounded_real(low: float, high: float):
    """An argparse type: a finite number in low .. high, else the one-line error argparse prints.

    >>> bounded_real(0.0, 10.0)("2.5")
    2.5
    """

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a number {low:g} .. {high:g}, got {text!r}") from None
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(f"must be a number {low:g} .. {high:g}, got {text!r}")
        return value

    return parse


class InputError(ValueError):
    """A bad option: the message is the one line the user sees."""


def parse_place(text: str, what: str) -> Transform:
    """``"x,y,deg"`` (degrees counter-clockwise) as a Transform in radians.

    >>> parse_place("10,-5,90", "--at-a")
    Transform(x=10.0, y=-5.0, angle=1.5707963267948966)
    """
    try:
        x, y, deg = (float(v) for v in text.split(","))
        return Transform(x, y, math.radians(deg)).validated()
    except ValueError:
        raise InputError(f"{what} must be three finite numbers x,y,degrees, got {text!r}") from None


ALIASES = {"rounded": "rounded polygon"}
_PART = re.compile(r"^(?P<base>.+?)(?:\.(?P<part>\d+))?$")
_TILE = re.compile(r"^(?:(?P<layer>.+):)?tile-(?P<col>\d+),(?P<row>\d+)$")


def find_choice(choices, name: str) -> int:
    """Index of a palette name, an actor or prop name (``player``, ``brute.2``, ``crate_l.2``), a wall id
    (``12``, ``12.2``) or a tile's cell (``tile-3,7``, ``blocks:tile-3,7.2``) among ``choices``; the first
    part when none is given."""
    name = ALIASES.get(name, name)
    for k, choice in enumerate(choices):
        if choice.label == name:
            return k
    match = _PART.match(name)
    base, part = match["base"], int(match["part"] or 0)
    tile = _TILE.match(base)

    def fits(choice) -> bool:
        if part and choice.part != part:
            return False
        if choice.source == "actor":
            return choice.label.removeprefix(ACTOR).partition(" part ")[0] in (base, base.removeprefix(ACTOR))
        if choice.source == "prop":
            return choice.label.removeprefix(PROP).partition(" part ")[0] in (base, base.removeprefix(PROP))
        if choice.source != "wall":
            return False
        if tile is not None:
            return (
                choice.tile is not None
                and (choice.tile.col, choice.tile.row) == (int(tile["col"]), int(tile["row"]))
                and tile["layer"] in (None, choice.tile.layer)
            )
        return choice.tile is None and choice.label.partition(":")[2].partition(" ")[0] == base

    for k, choice in enumerate(choices):
        if fits(choice):
            return k
    known = ", ".join(c.label for c in choices if c.source == "palette")
    actors = ", ".join(
        dict.fromkeys(
            c.label.removeprefix(ACTOR).partition(" part ")[0] for c in choices if c.source == "actor"
        )
    )
    props = ", ".join(
        dict.fromkeys(
            c.label.removeprefix(PROP).partition(" part ")[0] for c in choices if c.source == "prop"
        )
    )
    raise InputError(
        f"no shape {name!r} (palette: {known}; actors: {actors or 'none'}; props: {props or 'none'}; "
        "or a wall id or tile-x,y of the level)"
    )


def build_state(args):
    try:
        choices = palette() + actor_choices()
    except LevelError as problem:  # the actors' hitbox file is broken: say which line of it, once
        raise InputError(f"actor hitboxes: {problem}") from None
    try:
        choices += prop_choices()
    except LevelError as problem:  # the props tileset is broken: the same, once
        raise InputError(f"prop kinds: {problem}") from None
    if args.level:
        try:
            choices += level_choices(args.level)
        except LevelError as problem:
            raise InputError(str(problem)) from None
    state = LabState(choices)
    level_picks = first_level_picks(choices)
    state.pick = [
        find_choice(choices, name)
        if name is not None
        else level_picks[k]
        if k < len(level_picks)
        else default
        for k, (name, default) in enumerate(((args.a, 0), (args.b, 1)))
    ]
    state.xfs = [
        parse_place(args.at_a or "-70,0,0", "--at-a"),
        parse_place(args.at_b or "70,10,23", "--at-b"),
    ]
    state.step = args.step
    state.manifold = args.manifold or args.margin is not None or args.clip_step is not None
    state.margin = 0.0 if args.margin is None else args.margin
    state.clip_step = args.clip_step
    return state


def screenshot(state, path: Path) -> None:
    """Render the state headless into ``path`` (PNG), atomically."""
    # deferred: arcade reads ARCADE_HEADLESS (main sets it for --screenshot) when it is imported
    import arcade

    from .draw import draw_lab

    window = arcade.get_window() if _has_window() else arcade.Window(WIDTH, HEIGHT, "gjk-lab", visible=False)
    window.clear()
    analysis = analyse(
        state.shape(0), state.xfs[0], state.shape(1), state.xfs[1], state.margin if state.manifold else None
    )
    draw_lab(state, analysis, window.width, window.height)
    save_image(arcade.get_image(0, 0, window.width, window.height), path)


def joints_screenshot(lab, path: Path) -> None:
    """Render the joints page headless into ``path``, atomically."""
    import arcade  # deferred: see screenshot

    from .joint_draw import draw_joints_page  # deferred: it draws with arcade, imported above

    window = arcade.get_window() if _has_window() else arcade.Window(WIDTH, HEIGHT, "gjk-lab", visible=False)
    window.clear()
    draw_joints_page(lab, window.width, window.height)
    save_image(arcade.get_image(0, 0, window.width, window.height), path)


def _has_window() -> bool:
    import arcade  # deferred: see screenshot

    try:
        arcade.get_window()
    except RuntimeError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    check_page(args, parser)
    if args.screenshot:
        try:
            check_suffix(args.screenshot)
        except ImageRefused as err:
            parser.error(f"--screenshot {err}")
        os.environ.setdefault("ARCADE_HEADLESS", "1")  # before anything imports arcade
    try:
        if args.joints and args.screenshot:
            joints_screenshot(build_joint_lab(args), Path(args.screenshot))
            print(f"wrote {args.screenshot}")
            return 0
        state = build_state(args)
        if args.screenshot:
            screenshot(state, Path(args.screenshot))
            print(f"wrote {args.screenshot}")
            return 0
        if not has_display():
            print(
                "gjk-lab: no display: run with --screenshot PNG for headless, or set DISPLAY", file=sys.stderr
            )
            return 2
        # deferred: arcade opens no window and reads no display until play is sure (see screenshot)
        import arcade

        from .view import LabView

        window = arcade.Window(WIDTH, HEIGHT, "gjk-lab: the hitbox lab")
        hitbox = LabView(state)
        window.show_view(hitbox.joints_page() if args.joints else hitbox)
        arcade.run()
        return 0
    except InputError as problem:
        print(f"gjk-lab: {problem}", file=sys.stderr)
        return 2
    except OSError as problem:
        print(f"gjk-lab: cannot write {args.screenshot}: {problem.strerror or problem}", file=sys.stderr)
        return 2
