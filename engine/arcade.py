"""arcade sprites on our engine: ``PhysicsEngine``, with ``arcade.PymunkPhysicsEngine``'s names,
and ``debug_draw(world)`` with arcade's primitives.

The one engine module that imports arcade, and only when it is imported itself (``import engine``
never loads it). An arcade program switches from pymunk by changing one import::

    from engine.arcade import PhysicsEngine as PymunkPhysicsEngine

Conventions are converted here, once, in the four functions under "Conventions": arcade's
``Sprite.angle`` is clockwise degrees, the engine's angle counter-clockwise radians; pymunk's
damping is the fraction of speed kept each second, the engine's a rate (1/s). Lengths are
pixels on both sides: world units are arcade pixels, and ``pixels_per_meter`` tells the engine
how many make a metre (its tolerances and speed caps are Box2D's, in metres).

Where it differs from pymunk, and why (the docs' "arcade adapter" page says the same):

- friction mixes by the geometric mean and elasticity by the larger (Box2D v3), not pymunk's
  products;
- a body's mass is ``mass`` but its moment is its hit box's exact one (or none with
  ``MOMENT_INF``); another finite ``moment_of_inertia`` warns once and is not used;
- a concave hit box is one body of its convex parts (``convex_parts``): it collides as drawn, its
  mass is ``mass`` spread over their area, and a hit on any part is the sprite's (handlers run
  once per pair of sprites, however many parts touch); a self-crossing hit box (arcade's
  ``algo_detailed`` makes a few: 4 of its 723 resource textures, the idle frames of three of the
  tutorials' characters among them) collides as its convex hull, as pymunk's ``Poly`` would take
  it, with one warning per engine, so a program that ran on pymunk still runs;
- a ``begin_handler`` cannot veto a collision (the engine has no per-pair filter yet): a falsy
  return warns once and the pair still collides; ``pre_handler`` is refused;
- a ``post_handler`` runs after every step the pair touches (as pymunk's ``post_solve``); its
  arbiter's ``total_impulse`` is the impulse the contact took in the step it began;
- velocity caps apply after the step, not inside it.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import arcade
import numpy as np

from .collision import OutlineError, Polygon, contact, convex_parts, mass_properties
from .draw import CURVE_SEGMENTS, body_outlines
from .world import BodyType, PhysicsWarning, World
from .world.world import MAX_DAMPING

__all__ = [
    "Arbiter",
    "Body",
    "PhysicsEngine",
    "PhysicsEngineError",
    "PhysicsObject",
    "Shape",
    "debug_draw",
    "example_arguments",
    "run",
    "save_screenshot",
    "to_sprite_angle",
    "to_world_angle",
]

# --- Conventions: the only place arcade's units meet the engine's ---------------------------------


def to_world_angle(degrees_clockwise: float) -> float:
    """arcade's ``Sprite.angle`` (degrees, clockwise) as the engine's angle (radians, counter-clockwise).

    >>> to_world_angle(90.0) == -math.pi / 2
    True
    """
    return -math.radians(degrees_clockwise)


def to_sprite_angle(radians_ccw: float) -> float:
    """The engine's angle as arcade's ``Sprite.angle``.

    >>> to_sprite_angle(-math.pi / 2)
    90.0
    """
    return -math.degrees(radians_ccw)


def damping_rate(kept_per_second: float, what: str) -> float:
    """pymunk's damping (the fraction of speed a body keeps each second, 0..1: 1 keeps all) as the
    engine's damping rate (1/s): speed falls as exp(-rate t), so rate = -ln(kept).

    >>> damping_rate(1.0, "damping"), round(damping_rate(0.5, "damping"), 6)
    (0.0, 0.693147)
    """
    if isinstance(kept_per_second, bool) or not isinstance(kept_per_second, (int, float)):
        raise TypeError(f"{what} is {kept_per_second!r}: a number, the fraction of speed kept each second")
    if not 0.0 <= kept_per_second <= 1.0:
        raise ValueError(f"{what} is {kept_per_second!r}: the fraction of speed kept each second, 0..1")
    if kept_per_second == 1.0:
        return 0.0
    return MAX_DAMPING if kept_per_second == 0.0 else min(-math.log(kept_per_second), MAX_DAMPING)


def _body_type(value) -> BodyType:
    """A ``body_type``: ours, its name, or pymunk's int (``pymunk.Body.DYNAMIC`` = 0,
    ``KINEMATIC`` = 1, ``STATIC`` = 2), so code that passes pymunk's constants keeps working."""
    if type(value) is int and value in (0, 1, 2):
        return (BodyType.DYNAMIC, BodyType.KINEMATIC, BodyType.STATIC)[value]
    try:
        return BodyType(value)
    except ValueError:
        raise ValueError(
            f"body_type is {value!r}: PhysicsEngine.DYNAMIC, STATIC or KINEMATIC (or pymunk's 0, 2, 1)"
        ) from None


def _hit_box_parts(sprite, radius: float, warn: Callable[[str], None]) -> list[Polygon]:
    """The sprite's hit box in its own frame (pixels, unrotated, scaled) as convex polygons: itself
    when convex, its ``convex_parts`` when concave (exact: the body collides as drawn), its hull
    when it crosses itself (said once through ``warn``: pymunk took it so, silently)."""
    sx, sy = sprite.scale_x, sprite.scale_y
    points = [(float(x) * sx, float(y) * sy) for x, y in sprite.hit_box.points]
    try:
        return [Polygon(points, radius=radius)]
    except ValueError:
        pass
    try:
        parts = convex_parts(points)
    except OutlineError as err:
        hull = _convex_hull(points)
        if len(hull) < 3:
            raise ValueError(f"sprite {sprite!r}: its hit box {points} has no area") from None
        warn(f"a self-crossing hit box collides as its convex hull, as pymunk's ({err})")
        return [Polygon(hull, radius=radius)]
    return parts if radius == 0.0 else [Polygon(part.points, radius=radius) for part in parts]


def _convex_hull(points) -> list[tuple[float, float]]:
    """Counter-clockwise strict hull (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for chain, run in ((lower, pts), (upper, reversed(pts))):
        for p in run:
            while len(chain) >= 2 and cross(chain[-2], chain[-1], p) <= 0:
                chain.pop()
            chain.append(p)
    return lower[:-1] + upper[:-1]


# --- What the engine hands back: pymunk's names over the engine's ids ------------------------------


class PhysicsEngineError(Exception):
    """A sprite the engine does not hold (arcade's ``PymunkException``)."""


class Body:
    """A view of one engine body with pymunk ``Body``'s names: ``position``, ``velocity``,
    ``angle`` (radians, counter-clockwise, as pymunk's), ``angular_velocity``, ``mass``,
    ``moment``, ``is_sleeping``. Reads and writes go to the world; ``id`` is the engine's id."""

    __slots__ = ("id", "world")

    def __init__(self, world: World, body: int) -> None:
        self.world, self.id = world, body

    def __repr__(self) -> str:
        return f"Body({self.id})"

    @property
    def position(self) -> tuple[float, float]:
        xf = self.world.transform(self.id)
        return xf.x, xf.y

    @position.setter
    def position(self, position) -> None:
        x, y = position
        self.world.set_transform(self.id, (x, y, self.world.transform(self.id).angle))

    @property
    def angle(self) -> float:
        return self.world.transform(self.id).angle

    @angle.setter
    def angle(self, angle: float) -> None:
        xf = self.world.transform(self.id)
        self.world.set_transform(self.id, (xf.x, xf.y, angle))

    @property
    def velocity(self) -> tuple[float, float]:
        vx, vy, _ = self.world.velocity(self.id)
        return vx, vy

    @velocity.setter
    def velocity(self, velocity) -> None:
        self.world.set_velocity(self.id, velocity, self.world.velocity(self.id)[2])

    @property
    def angular_velocity(self) -> float:
        return self.world.velocity(self.id)[2]

    @angular_velocity.setter
    def angular_velocity(self, w: float) -> None:
        vx, vy, _ = self.world.velocity(self.id)
        self.world.set_velocity(self.id, (vx, vy), w)

    @property
    def mass(self) -> float:
        return self.world.mass(self.id).mass

    @property
    def moment(self) -> float:
        return self.world.mass(self.id).inertia

    @property
    def is_sleeping(self) -> bool:
        return self.world.is_dynamic(self.id) and not self.world.is_awake(self.id)


class Shape:
    """A sprite's collision shape, or one convex part of a concave one (pymunk ``Shape``'s place
    in arbiters): its ``body`` (a ``Body``), the engine's ``geometry`` (a ``Polygon`` in the
    sprite's frame), its ``collision_type`` name and ``id``, the engine's shape id."""

    __slots__ = ("body", "collision_type", "geometry", "id")

    def __init__(
        self, body: Body, geometry: Polygon, collision_type: str | None, id: int | None = None
    ) -> None:
        self.body, self.geometry, self.collision_type = body, geometry, collision_type
        self.id = body.id if id is None else id

    def __repr__(self) -> str:
        return f"Shape(body={self.body.id}, id={self.id}, collision_type={self.collision_type!r})"


class PhysicsObject:
    """A sprite's ``body`` and ``shape`` (arcade's ``PymunkPhysicsObject``); ``shapes`` (ours)
    are all its parts, ``shape`` the first (the whole hit box when it is convex)."""

    __slots__ = ("body", "settings", "shapes")

    def __init__(self, body: Body, shapes: tuple[Shape, ...], settings: dict) -> None:
        self.body, self.shapes, self.settings = body, shapes, settings

    @property
    def shape(self) -> Shape:
        return self.shapes[0]


class Arbiter:
    """Two touching shapes, handed to collision handlers as pymunk's arbiter is: ``shapes`` in the
    handler's order (first_type, second_type), ``normal`` from the first to the second,
    ``contact_point`` (world, where they first touched), ``total_impulse`` (the normal impulse
    the contact took in the step it began, mass × speed: what a sound or damage scales with) and
    ``is_first_contact`` (True in the step it began)."""

    __slots__ = ("contact_point", "is_first_contact", "normal", "shapes", "total_impulse")

    def __init__(self, shapes, normal, point, impulse) -> None:
        self.shapes: tuple[Shape, Shape] = shapes
        self.normal: tuple[float, float] = normal
        self.contact_point: tuple[float, float] = point
        self.total_impulse: float = impulse
        self.is_first_contact = True


class _Handlers:
    __slots__ = ("begin", "data", "post", "separate")

    def __init__(self, begin, post, separate) -> None:
        self.begin, self.post, self.separate, self.data = begin, post, separate, {}


# --- The engine -----------------------------------------------------------------------------------


class PhysicsEngine:
    """arcade sprites in an engine ``World``, with ``arcade.PymunkPhysicsEngine``'s names.

    ``gravity`` (pixels/s²) and ``damping`` (the fraction of speed every dynamic body keeps each
    second, 0..1; 1 keeps all) as pymunk's; ``maximum_incline_on_ground`` (radians) for
    ``is_on_ground``; ``pixels_per_meter`` (ours) scales the engine's tolerances and speed caps.
    The engine's ``World`` is ``world`` (pymunk's ``space``): every query it has (``raycast``,
    ``move_and_slide``, ``query_point``...) works on the sprites' bodies, whose ids
    ``get_physics_object(sprite).body.id`` gives.
    """

    DYNAMIC = BodyType.DYNAMIC
    """Moved by the step: forces, impulses, contacts (the default)."""
    STATIC = BodyType.STATIC
    """Never moves: walls, terrain."""
    KINEMATIC = BodyType.KINEMATIC
    """Moved by your code (``set_velocity``, ``set_position``); pushes dynamic bodies, never pushed."""
    MOMENT_INF = math.inf
    """``moment_of_inertia=MOMENT_INF``: the body never turns."""

    def __init__(
        self,
        gravity=(0, 0),
        damping: float = 1.0,
        maximum_incline_on_ground: float = 0.708,
        *,
        pixels_per_meter: float = 32.0,
    ) -> None:
        self._damping = damping_rate(damping, "PhysicsEngine damping")
        self.world = World(gravity=gravity, units_per_meter=pixels_per_meter)
        self.maximum_incline_on_ground = float(maximum_incline_on_ground)
        self.collision_types: list[str] = []
        self.sprites: dict[Any, PhysicsObject] = {}
        self.non_static_sprite_list: list = []
        self._sprite_of: dict[int, Any] = {}
        self._handlers: dict[tuple[str, str], _Handlers] = {}
        # Per pair of bodies (smaller id first): handlers, arbiter, called swapped, the shape pairs touching.
        self._touching: dict[tuple[int, int], tuple[_Handlers, Arbiter, bool, set]] = {}
        self._warned: set[str] = set()

    def _warn(self, message: str, key: str | None = None) -> None:
        """Say ``message`` once per engine (per ``key`` when given: messages that name a sprite's
        own outline say one thing)."""
        key = message if key is None else key
        if key not in self._warned:
            self._warned.add(key)
            warnings.warn(f"engine.arcade: {message}", PhysicsWarning, stacklevel=3)

    @property
    def gravity(self) -> tuple[float, float]:
        """The world's gravity, pixels/s² (pymunk's ``space.gravity``)."""
        return self.world.gravity

    @gravity.setter
    def gravity(self, gravity) -> None:
        self.world.gravity = gravity

    # --- sprites in and out ---------------------------------------------------------------------

    def add_sprite(
        self,
        sprite,
        mass: float = 1.0,
        friction: float = 0.2,
        elasticity: float | None = None,
        moment_of_inertia: float | None = None,
        body_type=DYNAMIC,
        damping: float | None = None,
        gravity=None,
        max_velocity: float | None = None,
        max_horizontal_velocity: float | None = None,
        max_vertical_velocity: float | None = None,
        radius: float = 0,
        collision_type: str | None = "default",
    ) -> None:
        """Add a sprite: a body at its centre and angle, shaped as its hit box (scaled; rounded by
        ``radius`` pixels). ``mass`` (> 0) is the body's mass; ``friction`` (≥ 0) and ``elasticity``
        (0..1) act at its contacts; ``damping`` (0..1) is the fraction of speed it keeps each second
        (the engine's ``damping`` when None); ``gravity`` (pixels/s²) its own gravity; the
        ``max_*velocity`` caps (pixels/s) hold after each step; ``collision_type`` names it for
        ``add_collision_handler``. A sprite already added is left as it is, with a warning (as
        arcade logs one)."""
        if sprite in self.sprites:
            self._warn("a sprite already added was added again; ignored")
            return
        kind = _body_type(body_type)
        if elasticity is not None and not (isinstance(elasticity, (int, float)) and 0 <= elasticity <= 1):
            raise ValueError(f"add_sprite elasticity is {elasticity!r}: 0..1 (1 keeps all the speed)")
        if not (isinstance(mass, (int, float)) and not isinstance(mass, bool) and 0 < mass < math.inf):
            raise ValueError(f"add_sprite mass is {mass!r}: a finite number above 0")
        rate = self._damping if damping is None else damping_rate(damping, "add_sprite damping")
        parts = _hit_box_parts(sprite, float(radius), lambda said: self._warn(said, "self-crossing hit box"))
        fixed = moment_of_inertia == math.inf
        if moment_of_inertia is not None and not fixed:
            self._warn("a finite moment_of_inertia is not used: a body turns with its hit box's own moment")
        settings = {
            "type": kind,
            "density": mass / sum(mass_properties(part, 1.0).mass for part in parts),
            "friction": friction,
            "restitution": 0.0 if elasticity is None else float(elasticity),
            "linear_damping": rate,
            "angular_damping": rate,
            "fixed_rotation": fixed,
            "gravity_scale": 0.0 if gravity is not None else 1.0,
        }
        try:
            body = self.world.add(
                parts[0], (sprite.center_x, sprite.center_y, to_world_angle(sprite.angle)), **settings
            )
        except (TypeError, ValueError) as err:
            raise type(err)(f"add_sprite: {err}") from None
        ids = [body]
        material = {k: settings[k] for k in ("density", "friction", "restitution")}
        try:  # the other parts at the sprite's own frame: convex_parts keeps the outline's coordinates
            ids += [self.world.add_shape(body, part, (0.0, 0.0, 0.0), **material) for part in parts[1:]]
        except (TypeError, ValueError) as err:
            self.world.remove(body)  # all or nothing
            raise type(err)(f"add_sprite: {err}") from None
        if collision_type is not None and collision_type not in self.collision_types:
            self.collision_types.append(collision_type)
        handle = Body(self.world, body)
        settings.update(
            mass=mass, radius=float(radius), gravity=None if gravity is None else tuple(map(float, gravity))
        )
        shapes = tuple(Shape(handle, part, collision_type, i) for part, i in zip(parts, ids, strict=True))
        self.sprites[sprite] = PhysicsObject(handle, shapes, settings)
        for i in ids:  # a hit on any part is the sprite's
            self._sprite_of[i] = sprite
        if kind != BodyType.STATIC:
            self.non_static_sprite_list.append(sprite)
        caps = getattr(sprite, "pymunk", None)  # arcade keeps these on the sprite; so do we
        if caps is not None:
            for name, value in (
                ("damping", damping),
                ("gravity", gravity),
                ("max_velocity", max_velocity),
                ("max_horizontal_velocity", max_horizontal_velocity),
                ("max_vertical_velocity", max_vertical_velocity),
            ):
                if value is not None:
                    setattr(caps, name, value)
        else:
            settings.update(
                max_velocity=max_velocity,
                max_horizontal_velocity=max_horizontal_velocity,
                max_vertical_velocity=max_vertical_velocity,
            )
        if hasattr(sprite, "register_physics_engine"):
            sprite.register_physics_engine(self)  # so sprite.remove_from_sprite_lists() removes it here

    def add_sprite_list(
        self,
        sprite_list: Iterable,
        mass: float = 1,
        friction: float = 0.2,
        elasticity: float | None = None,
        moment_of_inertia: float | None = None,
        body_type=DYNAMIC,
        damping: float | None = None,
        collision_type: str | None = None,
    ) -> None:
        """``add_sprite`` for every sprite of ``sprite_list``."""
        for sprite in sprite_list:
            self.add_sprite(
                sprite,
                mass=mass,
                friction=friction,
                elasticity=elasticity,
                moment_of_inertia=moment_of_inertia,
                body_type=body_type,
                damping=damping,
                collision_type=collision_type,
            )

    def remove_sprite(self, sprite) -> None:
        """Take a sprite's body out of the world (``sprite.remove_from_sprite_lists()`` calls this)."""
        obj = self.get_physics_object(sprite)
        body = obj.body.id
        self.world.remove(body)
        del self.sprites[sprite]
        for shape in obj.shapes:
            del self._sprite_of[shape.id]
        if sprite in self.non_static_sprite_list:
            self.non_static_sprite_list.remove(sprite)
        for pair in [p for p in self._touching if body in p]:
            del self._touching[pair]

    def update_sprite(self, sprite) -> None:
        """Shape a sprite's body as its hit box is now (after a texture or scale change); its
        place, velocity and settings stay."""
        old = self.get_physics_object(sprite)
        velocity = self.world.velocity(old.body.id)
        s = old.settings
        caps = {
            k: s[k] for k in ("max_velocity", "max_horizontal_velocity", "max_vertical_velocity") if k in s
        }
        self.remove_sprite(sprite)
        self.add_sprite(
            sprite,
            mass=s["mass"],
            friction=s["friction"],
            elasticity=s["restitution"],
            moment_of_inertia=math.inf if s["fixed_rotation"] else None,
            body_type=s["type"],
            gravity=s["gravity"],
            radius=s["radius"],
            collision_type=old.shape.collision_type,
            **caps,
        )
        new = self.sprites[sprite]
        self.world.set_damping(new.body.id, s["linear_damping"], s["angular_damping"])
        self.world.set_velocity(new.body.id, velocity[:2], velocity[2])

    # --- lookups ----------------------------------------------------------------------------------

    def get_physics_object(self, sprite) -> PhysicsObject:
        """The sprite's ``PhysicsObject`` (``body``, ``shape``); one error naming a sprite not added."""
        try:
            return self.sprites[sprite]
        except KeyError:
            raise PhysicsEngineError(
                f"{sprite!r} is not in this physics engine (add_sprite it first)"
            ) from None

    def get_sprite_for_shape(self, shape: Shape | None):
        """The sprite whose shape ``shape`` is; None for None or a shape this engine does not hold."""
        return None if shape is None else self._sprite_of.get(shape.body.id)

    def get_sprites_from_arbiter(self, arbiter: Arbiter) -> tuple:
        """The two sprites of an arbiter, in its order."""
        a, b = arbiter.shapes
        return self.get_sprite_for_shape(a), self.get_sprite_for_shape(b)

    # --- pushing and placing ----------------------------------------------------------------------

    def _local(self, sprite, vector) -> tuple[float, float]:
        """A vector in the sprite's body frame turned into the world (pymunk's ``*_at_local_point``)."""
        x, y = vector
        angle = self.world.transform(self.get_physics_object(sprite).body.id).angle
        c, s = math.cos(angle), math.sin(angle)
        return c * x - s * y, s * x + c * y

    def apply_force(self, sprite, force) -> None:
        """Push a sprite with ``force`` (pixels·mass/s², in the sprite's frame as pymunk's
        ``apply_force_at_local_point``) for the next step."""
        self.world.apply_force(self.get_physics_object(sprite).body.id, self._local(sprite, force))

    def apply_impulse(self, sprite, impulse) -> None:
        """Kick a sprite with ``impulse`` (mass·pixels/s, in the sprite's frame)."""
        self.world.apply_impulse(self.get_physics_object(sprite).body.id, self._local(sprite, impulse))

    def set_velocity(self, sprite, velocity) -> None:
        """Set a sprite's velocity (pixels/s, world); meant for kinematic sprites, as in arcade."""
        body = self.get_physics_object(sprite).body.id
        self.world.set_velocity(body, velocity, self.world.velocity(body)[2])

    def set_horizontal_velocity(self, sprite, velocity: float) -> None:
        """Set a sprite's x velocity, keeping its y."""
        body = self.get_physics_object(sprite).body.id
        _, vy, w = self.world.velocity(body)
        self.world.set_velocity(body, (velocity, vy), w)

    def set_position(self, sprite, position) -> None:
        """Place a sprite's body (pixels, world), keeping its angle."""
        self.get_physics_object(sprite).body.position = position

    def set_rotation(self, sprite, rotation: float) -> None:
        """Turn a sprite's body to ``rotation`` (degrees clockwise, as ``Sprite.angle``)."""
        self.get_physics_object(sprite).body.angle = to_world_angle(rotation)

    def set_friction(self, sprite, friction: float) -> None:
        """Set a sprite's friction (≥ 0)."""
        obj = self.get_physics_object(sprite)
        self.world.set_friction(obj.body.id, friction)
        obj.settings["friction"] = friction

    # --- collisions -------------------------------------------------------------------------------

    def add_collision_handler(
        self,
        first_type: str,
        second_type: str,
        begin_handler: Callable | None = None,
        pre_handler: Callable | None = None,
        post_handler: Callable | None = None,
        separate_handler: Callable | None = None,
    ) -> None:
        """Call ``begin_handler`` when a sprite of ``first_type`` starts touching one of
        ``second_type``, ``post_handler`` after every step they touch (the first one too), and
        ``separate_handler`` when they part; each as ``handler(sprite_a, sprite_b, arbiter,
        world, data)``, sprite_a of ``first_type``. ``pre_handler`` is refused: the step solves
        every touching pair."""
        if pre_handler is not None:
            raise ValueError(
                "add_collision_handler pre_handler: not supported (the engine's step solves every touching "
                "pair); use begin_handler or post_handler"
            )
        for name in (first_type, second_type):
            if name not in self.collision_types:
                self.collision_types.append(name)
        self._handlers[(first_type, second_type)] = _Handlers(begin_handler, post_handler, separate_handler)

    def _handler_for(self, a: int, b: int):
        """The handlers for bodies (or shapes) a, b and whether they are called as (b, a)."""
        ta = self.sprites[self._sprite_of[a]].shape.collision_type
        tb = self.sprites[self._sprite_of[b]].shape.collision_type
        if (ta, tb) in self._handlers:
            return self._handlers[(ta, tb)], False
        if (tb, ta) in self._handlers:
            return self._handlers[(tb, ta)], True
        return None, False

    def _call(self, handler, pair, arbiter, data) -> Any:
        a, b = self._sprite_of.get(pair[0]), self._sprite_of.get(pair[1])
        if a is None or b is None:  # a handler before removed one of them
            return True
        return handler(a, b, arbiter, self.world, data)

    def _part(self, shape: int) -> Shape | None:
        """The adapter's ``Shape`` of engine shape id ``shape`` (None for one it does not hold)."""
        sprite = self._sprite_of.get(shape)
        if sprite is None:
            return None
        return next(s for s in self.sprites[sprite].shapes if s.id == shape)

    def _contacts(self, events) -> None:
        """The step's contact events turned into handler calls (ended, began, then every touching).
        Read by shape (``began_shapes``, ``ended_shapes``); handlers are per pair of sprites: a pair
        begins when its first parts touch and separates when its last parts part (an arcade sprite
        is one shape to its program)."""
        for a, b in events.ended_shapes.tolist():
            pa, pb = self._part(a), self._part(b)
            if pa is None or pb is None:
                continue
            key = tuple(sorted((pa.body.id, pb.body.id)))
            kept = self._touching.get(key)
            if kept is None:
                continue
            kept[3].discard((a, b))
            if kept[3]:
                continue  # other parts still touch
            del self._touching[key]
            handlers, arbiter, swapped, _ = kept
            if handlers.separate is not None:
                self._call(handlers.separate, key[::-1] if swapped else key, arbiter, handlers.data)
        if not self._handlers:
            return
        for k, (a, b) in enumerate(events.began_shapes.tolist()):
            pa, pb = self._part(a), self._part(b)
            if pa is None or pb is None:
                continue
            key = (pa.body.id, pb.body.id)
            nx, ny = events.normal[k].tolist()
            if key[0] > key[1]:  # keyed smaller body first; the normal runs from the first
                key, pa, pb, nx, ny = key[::-1], pb, pa, -nx, -ny
            if key in self._touching:
                self._touching[key][3].add((a, b))
                continue
            handlers, swapped = self._handler_for(*key)
            if handlers is None:
                continue
            shapes = (pb, pa) if swapped else (pa, pb)
            normal = (-nx, -ny) if swapped else (nx, ny)
            arbiter = Arbiter(shapes, normal, tuple(events.point[k].tolist()), float(events.impulse[k]))
            self._touching[key] = (handlers, arbiter, swapped, {(a, b)})
            if handlers.begin is not None:
                keep = self._call(handlers.begin, key[::-1] if swapped else key, arbiter, handlers.data)
                if not keep:
                    self._warn(
                        "a begin_handler returned a falsy value: the engine cannot ignore one pair's "
                        "collision yet, so the pair still collides (return True to silence this)"
                    )
        for key, (handlers, arbiter, swapped, _) in list(self._touching.items()):
            if key not in self._touching:
                continue  # removed by a handler called before it
            if handlers.post is not None:
                self._call(handlers.post, key[::-1] if swapped else key, arbiter, handlers.data)
            arbiter.is_first_contact = False

    def check_grounding(self, sprite) -> dict:
        """What the sprite stands on, as arcade's: ``normal`` (from the sprite to it),
        ``penetration``, ``impulse`` (0 here), ``position`` and ``body`` (a ``Body``, or None when
        nothing is under it within ``maximum_incline_on_ground``). "Under" is along gravity (along
        +x with no gravity, as pymunk's angle of a zero vector is 0)."""
        grounding: dict[str, Any] = {
            "normal": (0.0, 0.0),
            "penetration": (0.0, 0.0),
            "impulse": (0.0, 0.0),
            "position": (0.0, 0.0),
            "body": None,
        }
        obj = self.get_physics_object(sprite)
        gx, gy = self.world.gravity
        g = math.atan2(gy, gx) if (gx or gy) else 0.0
        ux, uy = math.cos(g), math.sin(g)
        me = obj.body.id
        incline = self.maximum_incline_on_ground
        for part in obj.shapes:  # every part of a concave hit box can stand on something
            xf = self.world.shape_transform(part.id)
            # Touching within the engine's resting margin: the part moved 0.5 px along gravity.
            probe = (xf.x + 0.5 * ux, xf.y + 0.5 * uy, xf.angle)
            for other in self.world.query_shape(part.geometry, probe).tolist():
                if other == me:
                    continue
                for theirs in self.world.shapes(other).tolist():
                    if self.world.is_sensor(theirs):
                        continue
                    hit = contact(
                        part.geometry, probe, self.world.shape(theirs), self.world.shape_transform(theirs)
                    )
                    if hit is None:
                        continue
                    nx, ny = hit.normal
                    if abs(nx - ux) < incline and abs(ny - uy) < incline:
                        grounding.update(
                            normal=(nx, ny),
                            penetration=(hit.depth * nx, hit.depth * ny),
                            position=tuple(hit.point_b),
                            body=Body(self.world, other),
                        )
        return grounding

    def is_on_ground(self, sprite) -> bool:
        """Whether the sprite rests on something (``check_grounding``)."""
        return self.check_grounding(sprite)["body"] is not None

    # --- stepping ---------------------------------------------------------------------------------

    def _caps(self, sprite):
        caps = getattr(sprite, "pymunk", None)
        if caps is not None:
            return caps.gravity, caps.max_velocity, caps.max_horizontal_velocity, caps.max_vertical_velocity
        s = self.sprites[sprite].settings
        return s["gravity"], s["max_velocity"], s["max_horizontal_velocity"], s["max_vertical_velocity"]

    def step(self, delta_time: float = 1 / 60.0, resync_sprites: bool = True) -> None:
        """Advance the world by ``delta_time`` seconds (keep it constant), call the collision
        handlers, and move the sprites to their bodies when ``resync_sprites``."""
        capped = []
        for sprite in self.non_static_sprite_list:
            obj = self.sprites[sprite]
            if obj.settings["type"] != BodyType.DYNAMIC:
                continue
            gravity, *limits = self._caps(sprite)
            if gravity is not None:  # its own gravity, as a force (its gravity scale is 0)
                m = obj.body.mass
                self.world.apply_force(obj.body.id, (m * gravity[0], m * gravity[1]))
            if any(limits):
                capped.append((obj.body.id, *limits))
        events = self.world.step(float(delta_time))
        for body, most, most_x, most_y in capped:
            vx, vy, w = self.world.velocity(body)
            speed = math.hypot(vx, vy)
            if most and speed > most:
                vx, vy = vx * most / speed, vy * most / speed
            if most_x and abs(vx) > most_x:
                vx = math.copysign(most_x, vx)
            if most_y and abs(vy) > most_y:
                vy = math.copysign(most_y, vy)
            self.world.set_velocity(body, (vx, vy), w)
        self._contacts(events)
        if resync_sprites:
            self.resync_sprites()

    def resync_sprites(self) -> None:
        """Move every awake non-static sprite to its body (``Sprite.pymunk_moved`` is told)."""
        sprites = list(self.non_static_sprite_list)
        if not sprites:
            return
        ids = np.array([self.sprites[s].body.id for s in sprites], np.int64)
        xfs, awake = self.world.transforms(ids).tolist(), self.world.awake(ids).tolist()
        for sprite, (x, y, angle), up in zip(sprites, xfs, awake):
            if not up and self.sprites[sprite].settings["type"] == BodyType.DYNAMIC:
                continue  # asleep: where it was
            old_x, old_y = sprite.position
            new_angle = to_sprite_angle(angle)
            d_angle = new_angle - sprite.angle
            sprite.position = (x, y)
            sprite.angle = new_angle
            if hasattr(sprite, "pymunk_moved"):
                sprite.pymunk_moved(self, x - old_x, y - old_y, d_angle)


# --- Drawing --------------------------------------------------------------------------------------

#: What ``debug_draw`` draws each kind of body in, and the contacts in.
COLORS = {
    "static": (150, 150, 150, 255),
    "kinematic": (90, 160, 255, 255),
    "dynamic": (90, 230, 120, 255),
    "sleeping": (60, 120, 80, 255),
    "sensor": (240, 210, 60, 255),
    "contact": (255, 80, 80, 255),
}


def debug_draw(world: World, *, contacts: bool = True, line_width: float = 1.0, colors=None) -> None:
    """Draw every body of ``world`` (outlines, coloured by ``COLORS`` or by ``colors``, a dict
    of the kinds to change, and a heading line) and, with ``contacts``, each overlapping pair's
    deepest points and normal, with arcade's primitives, in the current camera (world units as
    pixels). One ``draw_lines`` call per colour."""
    palette = COLORS if colors is None else {**COLORS, **colors}
    lines: dict[str, list] = {}
    for b in body_outlines(world, CURVE_SEGMENTS):
        batch = lines.setdefault(b.kind, [])
        for i, p in enumerate(b.points):
            batch += [p, b.points[(i + 1) % len(b.points)]]
        if b.kind != "static":  # a wall's heading says nothing
            batch += list(b.heading)
    for kind, batch in lines.items():
        if batch:
            arcade.draw_lines(batch, palette[kind], line_width)
    if contacts and len(world):
        found = world.contacts()
        if len(found.pairs):
            points = found.point_a.tolist() + found.point_b.tolist()
            arcade.draw_points(points, palette["contact"], 3 * line_width)
            tips = found.point_b + 8.0 * line_width * found.normal
            normals = [p for row in zip(found.point_b.tolist(), tips.tolist()) for p in row]
            arcade.draw_lines(normals, palette["contact"], line_width)


# --- Running a window for a number of frames (examples, tests, screenshots) ----------------------

#: The most frames ``run`` runs headless (an hour at 60 frames a second).
MAX_FRAMES = 216_000


def run(window=None, *, frames: int | None = None, screenshot=None) -> None:
    """``arcade.run()``, or with ``frames``: exactly that many frames of arcade's loop at the
    window's fixed rate (``on_fixed_update``, ``on_update``, ``on_draw``; 1..``MAX_FRAMES``), as
    fast as they compute, then the last frame written to ``screenshot`` (its suffix names the
    format; written atomically). Under ``ARCADE_HEADLESS=1`` this needs no display: it is how the
    examples run in tests and draw the docs' gallery."""
    from arcade.clock import GLOBAL_CLOCK, GLOBAL_FIXED_CLOCK

    window = window or arcade.get_window()
    if frames is None:
        if screenshot is not None:
            raise ValueError("run: screenshot needs frames (how many to run before it)")
        arcade.run()
        return
    if isinstance(frames, bool) or not isinstance(frames, int) or not 1 <= frames <= MAX_FRAMES:
        raise ValueError(f"run frames is {frames!r}: an int in 1..{MAX_FRAMES:,}")
    rate = float(window.fixed_delta_time)
    for _ in range(frames):
        window.dispatch_events()
        GLOBAL_CLOCK.tick(rate)
        GLOBAL_FIXED_CLOCK.tick(rate)
        window.dispatch_event("on_fixed_update", rate)
        window.dispatch_event("on_update", rate)
        window.dispatch_event("on_draw")
        window.flip()
    if screenshot is not None:
        # The flipped frame is gone: draw the same one again, after the events its flip queued
        # (without them, a first frame reads back black).
        window.dispatch_events()
        window.dispatch_event("on_draw")
        save_screenshot(screenshot)


def save_screenshot(path) -> None:
    """The window's current frame to ``path`` (PNG, JPEG or BMP by its suffix), written atomically."""
    import os
    import tempfile
    from pathlib import Path

    path = Path(path)
    formats = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".bmp": "BMP"}
    if path.suffix.lower() not in formats:
        raise ValueError(
            f"screenshot {str(path)!r}: the suffix names the format, one of {', '.join(formats)}"
        )
    image = arcade.get_image().convert("RGB")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as out:
            image.save(out, formats[path.suffix.lower()])
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def example_arguments(description: str, argv=None, *, add=None):
    """The examples' command line: ``--frames N`` (run N frames, then exit) and ``--screenshot F``
    (write the last frame to F). With neither, the window runs until closed. ``add(parser)`` adds
    an example's own arguments."""
    import argparse

    parser = argparse.ArgumentParser(description=description)
    if add is not None:
        add(parser)
    parser.add_argument("--frames", type=int, help=f"run this many frames (1..{MAX_FRAMES:,}), then exit")
    parser.add_argument("--screenshot", help="write the last frame here (.png, .jpg, .bmp); needs --frames")
    args = parser.parse_args(argv)
    if args.frames is not None and not 1 <= args.frames <= MAX_FRAMES:
        parser.error(f"--frames is {args.frames}: 1..{MAX_FRAMES:,}")
    if args.screenshot is not None and args.frames is None:
        parser.error("--screenshot needs --frames")
    return args
