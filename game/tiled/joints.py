"""Joint objects: a Tiled object that joins two props, or a prop and the world (issue 40).

A joint is an object in the ``props`` layer or a ``joints`` layer whose class is a joint kind:

- ``hinge`` (a point): the props turn about it (``World.revolute``); ``lower`` and ``upper``
  limit the angle from where it was drawn (degrees, clockwise as Tiled turns objects),
  ``motor_speed`` (degrees/s, clockwise)
  with ``max_torque``, ``spring_hertz`` and ``spring_damping`` pull it back to where it was drawn;
- ``weld`` (a point): glued as drawn (``World.weld``); ``spring_hertz`` makes it give;
- ``motor`` (a point): b is held to a (or the floor) by at most ``max_force`` and ``max_torque``:
  top-down friction (``World.motor_joint``);
- ``rope`` (a line of two points): its first point on a, its last on b, at most ``length`` apart
  (default: the line's length; ``World.distance`` with ``min_length`` 0);
- ``spring`` (a line of two points): the same, held at ``length`` by ``spring_hertz`` and
  ``spring_damping``;
- ``slider`` (a line of two points): b slides along the line, from its first point (0) to its
  last, or from ``lower`` to ``upper`` px (``World.prismatic``).

Which props: the **object properties** ``body_a`` and ``body_b`` (Tiled's object-reference type,
Tiled 1.4+; before it, an int property with the object's id does the same). One left empty or 0
is the world (a door's hinge on the wall). Every joint may carry ``break_force`` (px·mass/s², the
force that tears it off, as a shot does a door's hinge) and ``collide`` (bool: whether the props it
joins still collide, default false).

Everything is checked before the level is built, each problem one line naming the map and the
object (``read_joint``, ``resolve_joints``); what only the checker says (an anchor outside both
props, two joints fighting over one pair) is ``game.check.joints``.

Limits (listed with the others in ``limits.py``): ``MAX_JOINTS_IN_MAP`` joint objects a map, counted
by the reader with the objects before any joint is read; ``MAX_CHAIN_LINKS`` joints a chain of props
joined to one another (``long_chains``), counted on the joints read, before any is made.
"""

from __future__ import annotations

import math
from typing import Any

import pytiled_parser.tiled_object as tobj

from game.level import JointSpot, PropSpot, Wall

from .frame import MapFrame, tiled_to_world

__all__ = [
    "JOINT_KINDS",
    "LINE_KINDS",
    "MAX_CHAIN_LINKS",
    "MAX_JOINTS_IN_MAP",
    "OPTIONS",
    "POINT_KINDS",
    "long_chains",
    "read_joint",
    "resolve_joints",
]

#: Joint classes drawn as a point (the anchor) and as a line of two points.
POINT_KINDS = ("hinge", "weld", "motor")
LINE_KINDS = ("rope", "spring", "slider")
JOINT_KINDS = POINT_KINDS + LINE_KINDS
#: The joints one map may hold (each is solved every step; a chain of links is one joint a link),
#: hidden ones too: counted from the file before any joint is read (``reader._check_census``).
MAX_JOINTS_IN_MAP = 2_000
#: The joints one chain may hold: a chain is props joined to one another by joints, directly or
#: through other props (a joint to the world joins nothing), and every joint on them counts. The
#: solver passes over a chain's joints a few times a step, so a long chain stretches and its far end
#: lags; a wrecking ball hangs on about ten links, and a ``rope`` holds a weight at any length as one
#: joint. Checked on the joints read, before any is made (``long_chains``).
MAX_CHAIN_LINKS = 64
#: The custom properties each kind reads: name -> (unit in the map, low, high). Angles and angular
#: speeds are degrees in the map, radians in the game; lengths px.
_ANGLE = ("degrees", -180.0, 180.0)
_SPEED = ("degrees/s", -3600.0, 3600.0)
_AMOUNT = ("", 0.0, 1e12)
_HERTZ = ("Hz", 0.0, 1000.0)
_LENGTH = ("px", 0.0, 1e7)
_COMMON = {"break_force": _AMOUNT, "collide": ("bool", 0, 1)}
OPTIONS: dict[str, dict[str, tuple]] = {
    "hinge": {"lower": _ANGLE, "upper": _ANGLE, "motor_speed": _SPEED, "max_torque": _AMOUNT,
              "spring_hertz": _HERTZ, "spring_damping": _HERTZ, **_COMMON},
    "weld": {"spring_hertz": _HERTZ, "spring_damping": _HERTZ, **_COMMON},
    "motor": {"max_force": _AMOUNT, "max_torque": _AMOUNT, **_COMMON},
    "rope": {"length": _LENGTH, **_COMMON},
    "spring": {"length": _LENGTH, "spring_hertz": _HERTZ, "spring_damping": _HERTZ, **_COMMON},
    "slider": {"lower": ("px", -1e7, 1e7), "upper": ("px", -1e7, 1e7), "motor_speed": ("px/s", -1e6, 1e6),
               "max_force": _AMOUNT, "spring_hertz": _HERTZ, "spring_damping": _HERTZ, **_COMMON},
}  # fmt: skip
#: The object properties that name the joined objects.
REFERENCES = ("body_a", "body_b")


class JointProblem(ValueError):
    """A joint object that cannot be a joint: one line."""


def _reference(properties: dict, name: str) -> int | None:
    """The object id a ``body_a``/``body_b`` property names (None: empty, the world)."""
    value = properties.get(name)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)  # a TMX map's object reference (or an old map's string): its id as text
    if value is None or value == "" or value == 0:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise JointProblem(
            f"property {name!r} must name an object (an object reference or its id), got {value!r}"
        )
    return int(value)


def _option(properties: dict, name: str, spec: tuple) -> Any:
    unit, low, high = spec
    value = properties[name]
    if unit == "bool":
        if not isinstance(value, bool):
            raise JointProblem(f"property {name!r} must be a bool, got {value!r}")
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise JointProblem(f"property {name!r} must be a number, got {value!r}")
    if not low <= value <= high:
        raise JointProblem(
            f"property {name!r} must be within {low:g}..{high:g} {unit}, got {value:g}".rstrip()
        )
    return math.radians(value) if unit.startswith("degrees") else float(value)


def read_joint(obj: Any, frame: MapFrame) -> JointSpot:
    """One joint object as a ``JointSpot`` whose ``a`` and ``b`` are still the ids it names (see
    ``resolve_joints``); raises ``JointProblem``."""
    kind = obj.class_
    properties = dict(obj.properties or {})
    if kind in POINT_KINDS:
        if not isinstance(obj, tobj.Point):
            raise JointProblem(f"a {kind} joint is a point (its anchor), not a {type(obj).__name__.lower()}")
        xf = tiled_to_world(frame, obj.coordinates.x, obj.coordinates.y)
        points = ((xf.x, xf.y),)
    else:
        if not isinstance(obj, tobj.Polyline) or len(obj.points) != 2:
            raise JointProblem(f"a {kind} joint is a polyline of two points (from its prop a to its prop b)")
        points = tuple(
            (xf.x, xf.y)
            for xf in (
                tiled_to_world(
                    frame, obj.coordinates.x, obj.coordinates.y, obj.rotation, (float(p.x), float(p.y))
                )
                for p in obj.points
            )
        )
        if points[0] == points[1]:
            raise JointProblem(f"a {kind} joint's two points are the same point")
    a, b = _reference(properties, "body_a"), _reference(properties, "body_b")
    if a is None and b is None:
        raise JointProblem("a joint joins two objects or an object and the world: set 'body_a' or 'body_b'")
    if a is not None and a == b:
        raise JointProblem(f"'body_a' and 'body_b' both name object {a}")
    spec = OPTIONS[kind]
    unknown = sorted(set(properties) - set(spec) - set(REFERENCES))
    if unknown:
        raise JointProblem(f"unknown property {unknown[0]!r} on a {kind} joint (it reads {', '.join(spec)})")
    options = {name: _option(properties, name, spec[name]) for name in spec if name in properties}
    if "lower" in options and "upper" in options and options["lower"] > options["upper"]:
        unit = "degrees" if kind == "hinge" else "px"
        lo, hi = (math.degrees(options[k]) if kind == "hinge" else options[k] for k in ("lower", "upper"))
        raise JointProblem(f"its lower limit ({lo:g} {unit}) is above its upper ({hi:g} {unit})")
    if kind == "hinge":  # Tiled turns clockwise: the engine's limits and speeds turn the other way
        lower, upper = options.pop("lower", None), options.pop("upper", None)
        if upper is not None:
            options["lower"] = -upper
        if lower is not None:
            options["upper"] = -lower
        if "motor_speed" in options:
            options["motor_speed"] = -options["motor_speed"]
    return JointSpot(int(obj.id), obj.name or "", kind, a, b, points, options)


def resolve_joints(
    joints: list[JointSpot], props: list[PropSpot], walls: list[Wall], report
) -> list[JointSpot]:
    """The joints whose references name props the level holds; for each other one
    ``report(problem, joint)`` says what it names instead: nothing, or a wall."""
    prop_ids = {p.object_id for p in props}
    wall_ids = {w.object_id for w in walls if w.tile is None}
    kept = []
    for joint in joints:
        bad = None
        for name, ref in (("body_a", joint.a), ("body_b", joint.b)):
            if ref is None or ref in prop_ids:
                continue
            if ref in wall_ids:
                bad = (
                    f"'{name}' names object {ref}, a wall: a joint joins props (leave it empty for the world)"
                )
            else:
                bad = f"'{name}' names object {ref}, which is no prop in this map"
            break
        if bad:
            report(bad, joint)
            continue
        kept.append(joint)
    return kept


def long_chains(joints: list[JointSpot], limit: int = MAX_CHAIN_LINKS) -> list[tuple[JointSpot, int, int]]:
    """Each chain of more than ``limit`` joints, as (its first joint in ``joints``' order, its joints,
    its props), in the order of those first joints. A chain is the props joined to one another by
    ``joints`` (their ``a`` and ``b``, ids not yet resolved; None, the world, joins nothing); linear in
    the joints.

    >>> def hinge(oid, a, b):
    ...     return JointSpot(oid, "", "hinge", a, b, ((0.0, 0.0),))
    >>> links = [hinge(1, None, 10), hinge(2, 10, 11), hinge(3, 11, 12), hinge(4, None, 20)]
    >>> [(first.object_id, n, props) for first, n, props in long_chains(links, limit=2)]
    [(1, 3, 3)]
    """
    parent: dict[int, int] = {}

    def root(ref: int) -> int:
        parent.setdefault(ref, ref)
        while parent[ref] != ref:
            parent[ref] = parent[parent[ref]]  # path halving: near-constant time a lookup
            ref = parent[ref]
        return ref

    for joint in joints:
        ends = [ref for ref in (joint.a, joint.b) if ref is not None]
        if len(ends) == 2:
            parent[root(ends[0])] = root(ends[1])
    first: dict[int, JointSpot] = {}
    count: dict[int, int] = {}
    for joint in joints:
        ref = joint.a if joint.a is not None else joint.b
        if ref is None:  # (``read_joint`` refuses a joint of the world to the world)
            continue
        group = root(ref)
        first.setdefault(group, joint)
        count[group] = count.get(group, 0) + 1
    props: dict[int, int] = {}
    for ref in parent:
        props[root(ref)] = props.get(root(ref), 0) + 1
    return [(first[g], count[g], props[g]) for g in first if count[g] > limit]
