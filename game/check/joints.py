"""What the checker says about a level's joints beyond what the loader refuses (issue 40).

- a hinge, weld or motor whose anchor lies outside both props it joins (warning: legal, as Box2D
  allows it, but the prop then swings about a point off itself, which is rarely what was meant;
  a rope's and a spring's ends are checked the same, each on its own prop);
- two joints that hold one pair of props (or one prop and the world) fast and fight each other:
  two hinges at different points, or a hinge, weld or slider with another of them (warning: the
  solver pulls each way every step and the props shake).
"""

from __future__ import annotations

import math

from engine import World
from engine.collision import Circle
from game.level import Finding, JointSpot, Level
from game.tiled.prop_kinds import spot_kind

__all__ = ["joint_findings"]

#: How far outside its prop an anchor may lie before it is called outside (px): the props' 1 px margins.
ANCHOR_SLACK = 2.0
#: The kinds that hold a pair fast against each other's turn or slide (two of them fight).
HOLDING = ("hinge", "weld", "slider")


def joint_findings(level: Level, file: str, kinds) -> list[Finding]:
    """The warnings about ``level``'s joints (``kinds``: the prop kinds, ``prop_kinds()``)."""
    if not level.joints:
        return []
    props = {p.object_id: p for p in level.props}
    world = World()
    bodies = {}
    for spot in level.props:
        first, *more = spot_kind(spot, kinds).parts
        body = world.add(first, (spot.x, spot.y, spot.angle), type="static")
        for part in more:
            world.add_shape(body, part)
        bodies[spot.object_id] = body
    found = []
    for joint in level.joints:
        ends = [joint.a, joint.b]
        points = joint.points if len(joint.points) == 2 else joint.points * 2
        on = [ref for ref in ends if ref is not None]
        for k, (ref, point) in enumerate(zip(ends, points)):
            if ref is None:
                continue
            near = any(_near(world, bodies[r], point) for r in (on if len(joint.points) == 1 else [ref]))
            if not near:
                what = "its anchor" if len(joint.points) == 1 else f"its {('first', 'last')[k]} point"
                named = (
                    " or ".join(_named(props[r]) for r in on)
                    if len(joint.points) == 1
                    else _named(props[ref])
                )
                found.append(_finding(file, joint, f"{what} lies outside {named}"))
                break
    found += _fighting(level.joints, file)
    return found


def _near(world: World, body: int, point) -> bool:
    return body in world.query_shape(Circle(ANCHOR_SLACK), (point[0], point[1], 0.0)).tolist()


def _named(spot) -> str:
    return f"prop {spot.object_id} ({spot.kind})"


def _finding(file: str, joint: JointSpot, problem: str) -> Finding:
    return Finding(
        "warning", file, joint.object_id, joint.name, f"{joint.kind} joint: {problem}", joint.points[0]
    )


def _fighting(joints, file: str) -> list[Finding]:
    found = []
    seen: dict[tuple, JointSpot] = {}
    for joint in joints:
        if joint.kind not in HOLDING:
            continue
        pair = tuple(sorted((-1 if r is None else r) for r in (joint.a, joint.b)))
        other = seen.get(pair)
        if other is None:
            seen[pair] = joint
            continue
        same_hinge = (
            joint.kind == other.kind == "hinge" and math.dist(joint.points[0], other.points[0]) < 1e-6
        )
        if not same_hinge:
            found.append(
                _finding(
                    file,
                    joint,
                    f"it holds the same pair as {other.kind} joint {other.object_id}: "
                    "the two fight (the props shake); join them with one",
                )
            )
    return found
