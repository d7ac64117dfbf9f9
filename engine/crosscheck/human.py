"""Box2D's "human" ragdoll (``shared/human.c``, v3.1.1), built in our ``World`` and in pyb2d3.

Eleven capsules (the lower legs with a rounded foot too) and ten hinges with angle limits,
joint friction (a motor at speed 0 holding at most ``friction_torque`` times each bone's scale)
and, at ``hertz`` above 0, a spring toward the rest pose. For the joint tests and
``benchmarks/joints.py``; Box2D's collision groups are a layer and a mask here (see ``add_human``).
"""

from __future__ import annotations

import math

import numpy as np

from ..collision import Capsule, Polygon

#: Per bone (scale 1): its parent, centre height, capsule (its two centres' heights and radius),
#: linear damping, friction torque scale, and the pivot's height and angle limits (× π) of its
#: hinge to the parent.
HUMAN = {
    "hip": (None, 0.95, (-0.02, 0.02, 0.095), 0.0, 1.0, None, None),
    "torso": ("hip", 1.2, (-0.135, 0.135, 0.09), 0.0, 0.5, 1.0, (-0.25, 0.0)),
    "head": ("torso", 1.475, (-0.038, 0.039, 0.075), 0.1, 0.25, 1.4, (-0.3, 0.1)),
    "upper_left_leg": ("hip", 0.775, (-0.125, 0.125, 0.06), 0.0, 1.0, 0.9, (-0.05, 0.4)),
    "lower_left_leg": ("upper_left_leg", 0.475, (-0.155, 0.125, 0.045), 0.0, 0.5, 0.625, (-0.5, -0.02)),
    "upper_right_leg": ("hip", 0.775, (-0.125, 0.125, 0.06), 0.0, 1.0, 0.9, (-0.05, 0.4)),
    "lower_right_leg": ("upper_right_leg", 0.475, (-0.155, 0.125, 0.045), 0.0, 0.5, 0.625, (-0.5, -0.02)),
    "upper_left_arm": ("torso", 1.225, (-0.125, 0.125, 0.035), 0.0, 0.5, 1.35, (-0.1, 0.8)),
    "lower_left_arm": ("upper_left_arm", 0.975, (-0.125, 0.125, 0.03), 0.1, 0.1, 1.1, (-0.2, 0.3)),
    "upper_right_arm": ("torso", 1.225, (-0.125, 0.125, 0.035), 0.0, 0.5, 1.35, (-0.1, 0.8)),
    "lower_right_arm": ("upper_right_arm", 0.975, (-0.125, 0.125, 0.03), 0.1, 0.1, 1.1, (-0.2, 0.3)),
}
#: The foot's points (its lower leg's frame), rounded by 0.015.
FOOT = ((-0.03, -0.185), (0.11, -0.185), (0.11, -0.16), (-0.03, -0.14))


def _is_lower_leg(name: str) -> bool:
    return name.startswith("lower") and name.endswith("leg")


def add_human(world, position, *, layer=2, mask=1, friction_torque=0.05, hertz=0.0, damping=0.0) -> dict:
    """A human in our ``world`` standing at ``position``; its bones' body ids by name. Box2D puts
    each human of a group in a collision group of its own (its parts never collide with one
    another) and lets its feet meet the ground only: here every part has ``layer`` and ``mask``
    (give each human a layer bit of its own, left out of its mask), the feet mask 1."""
    bones: dict[str, int] = {}
    for name, (parent, y, (c1, c2, radius), linear_damping, scale, pivot, limits) in HUMAN.items():
        at = (position[0], position[1] + y)
        body = world.add(Capsule((0.0, c1), (0.0, c2), radius), (*at, 0.0), friction=0.2, layer=layer, mask=mask,
                         linear_damping=linear_damping)  # fmt: skip
        if _is_lower_leg(name):
            world.add_shape(body, Polygon(FOOT, 0.015), friction=0.05, layer=layer, mask=1)
        if parent is not None:
            world.revolute(
                bones[parent], body, (position[0], position[1] + pivot), lower=math.pi * limits[0],
                upper=math.pi * limits[1], max_motor_torque=scale * friction_torque, spring_hertz=hertz,
                spring_damping=damping,
            )  # fmt: skip
        bones[name] = body
    return bones


def add_human_b2(b2, world, position, *, group=1, friction_torque=0.05, hertz=0.0, damping=0.0) -> dict:
    """The same human in a pyb2d3 ``world`` (``b2``: the pyb2d3 module), in collision group
    ``-group`` as Box2D's ``CreateHuman`` makes it; its bodies by name."""
    bones: dict = {}
    for name, (parent, y, (c1, c2, radius), linear_damping, scale, pivot, limits) in HUMAN.items():
        at = (position[0], position[1] + y)
        body = world.create_dynamic_body(position=at, linear_damping=linear_damping)
        shape = b2.shape_def(density=1.0, material=b2.surface_material(friction=0.2))
        shape.filter = b2.make_filter(category_bits=2, mask_bits=1 | 2, group_index=-group)
        body.create_shape(shape, b2.capsule((0.0, c1), (0.0, c2), radius))
        if _is_lower_leg(name):
            foot = b2.shape_def(density=1.0, material=b2.surface_material(friction=0.05))
            foot.filter = b2.make_filter(category_bits=2, mask_bits=1, group_index=-group)
            body.create_shape(
                foot, b2.polygon(hull=b2.compute_hull(np.array(FOOT, np.float32)), radius=0.015)
            )
        if parent is not None:
            point = (position[0], position[1] + pivot)
            a = bones[parent]
            world.create_revolute_joint(
                b2.revolute_joint_def(
                    body_a=a, body_b=body, local_anchor_a=a.local_point(point), local_anchor_b=body.local_point(point),
                    enable_limit=True, lower_angle=math.pi * limits[0], upper_angle=math.pi * limits[1],
                    enable_motor=True, max_motor_torque=scale * friction_torque, enable_spring=hertz > 0.0,
                    hertz=hertz, damping_ratio=damping,
                )
            )  # fmt: skip
        bones[name] = body
    return bones


__all__ = ["FOOT", "HUMAN", "add_human", "add_human_b2"]
