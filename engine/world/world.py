"""The world: every wall, enemy and bullet, their overlaps, casts and sliding moves.

A facade that holds no algorithm: it checks every argument (``arguments``),
keeps the bodies' arrays (``bodies.BodyArrays``) and the frame's caches
(``frame.Frame``), and hands the work to the modules that hold the
algorithms: ``pairs`` (pairs and contacts), ``casts`` and ``sweep`` (one and
many casts), ``slide`` (move and slide), ``boxes`` (box queries). Bodies live
in dense parallel arrays (slot = row); a body id is stable and maps to its
slot. The game keeps its own state in arrays and hands the world all moving
transforms at once (``set_transforms``, one kernel that also refreshes those
bodies' boxes). No Python object is made per pair or per body in the
per-frame paths, and each costs microseconds with the caches cold.

Limits, checked before any work, each refused with one error naming the
argument and the range: positions (``add``, ``set_transform(s)``, a cast's
start, a query point) within ``MAX_COORDINATE`` of the origin along x and y
(``engine.collision.limits``, the one-pair queries' own check); a move
(``move_and_slide``, ``move_and_slide_bodies``) whose end, were nothing in
the way, lies beyond that; layers and masks in 0..0xFFFFFFFF; ``cell_size``
in ``MIN_CELL_SIZE``..``MAX_CELL_SIZE``. A cast (``raycast``, ``shape_cast``,
``cast_bodies``) of any finite length is exact: it is cut where it leaves
the box of everything it could hit. Every box is grown by its body's share
of the touching tolerance, so ``pairs()`` finds exactly the pairs
``intersects`` calls touching, at any scale, but in a pile-up: a body
overlapping more than ``pileup.MAX_MET`` of the moving bodies after it in a
cell of more than ``pileup.CROWDED`` is paired with the ``MAX_MET`` nearest
along the cell's sweep (``pileup``), so a pile of n bodies gives O(n)
pairs, not n²/2.

Layers: A and B can touch when ``A.layer & B.mask`` and ``B.layer & A.mask``
are both non-zero. Static bodies never pair with static bodies. Sensors pair
like anything else (that is how a pickup notices the player) but are not
solid: casts and ``move_and_slide`` go through them.
"""

from __future__ import annotations

import copy
import math
import pickle
import warnings
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, NamedTuple

import numpy as np

from ..collision import Capsule, ShapeTable, Transform, intersects_batch
from ..collision.limits import MAX_COORDINATE
from ..collision.mass import MassData, check_density, mass_properties
from . import arguments
from . import snapshot as snapshots
from .bodies import BodyArrays, reach
from .boxes import compute_aabbs, slots_in_box
from .casts import POINT, CastBatch, CastHit, RayHit, cast_among
from .chains import chain_points, segments_and_ghosts
from .frame import Frame, FrameView
from .grid import MAX_CELL_SIZE, MIN_CELL_SIZE
from .joint_api import JointMethods
from .membership import used_of
from .pairs import WorldContacts, contacts_of
from .slide import SlideResult, cast_group, slide_groups, slide_result, slide_slots
from .solver import MAX_THREADS
from .step import LINEAR_SLOP, PRECOMPILE_PARTS, Dynamics, tuning
from .sweep import cast_bodies

ALL_LAYERS = 0xFFFFFFFF
#: Written limits of the rigid-body arguments (each refused with one error naming it).
#: A step is at least a microsecond: the sub-step's inverse (the solver's 1/h) stays finite.
MIN_DT = 1e-6
MAX_DT = 1.0
#: What a velocity may be once set or pushed (``set_velocity``, ``apply_impulse(s)``): world units/s
#: and rad/s. The step caps a dynamic body's speed far below (``step.MAX_LINEAR_SPEED`` m/s) and its
#: turn to a quarter turn a step; these keep every product the step forms with a velocity (its
#: reach times dt, spin times a 1e9 reach) finite, so no infinity turns into NaN in the cap.
MAX_SPEED = 1e9
MAX_SPIN = 1e9
#: What a force may add per second (``apply_force``): world units/s² over the mass, rad/s² over the
#: inertia; the same bound as the largest gravity times the largest gravity scale.
MAX_ACCELERATION = 1e12
MAX_SUBSTEPS = 64
MAX_GRAVITY = 1e9
MAX_GRAVITY_SCALE = 1e3
MAX_FRICTION = 1e3
MAX_DAMPING = 1e6
#: Past this ratio of the masses of two dynamic bodies resting on each other, the heavier sinks into the
#: lighter (a box on one 100 times lighter sinks 1.4 % of its height, 1,000 times 15 %, 10,000 times through
#: it; Box2D v3 the same, 4.4 % at 100): a step under gravity warns once (``PhysicsWarning``) when it first
#: meets one.
MAX_RESTING_MASS_RATIO = 100.0
#: Past this gravity (times a body's gravity scale; world units/s², over ``units_per_meter``) a resting
#: contact gives way farther than a unit body's half-size (a unit box under 1e5 m/s² sinks 0.88 m into
#: the ground, under 1e6 it falls through a floor 2 thick): ``World`` and ``add`` warn once.
MAX_RESTING_GRAVITY = 1e5


class BodyType(StrEnum):
    """What moves a body (Box2D v3's ``b2BodyType``), ``World.add``'s ``type``: a plain string
    equals its member (``BodyType.DYNAMIC == "dynamic"``).

    - ``STATIC``: never moves (walls); infinite mass.
    - ``KINEMATIC``: moved by the caller (``set_transform``, ``move_and_slide``, a velocity);
      pushes dynamic bodies and is never pushed back; infinite mass.
    - ``DYNAMIC``: moved by ``step``: gravity, forces, contacts. The default.

    >>> BodyType("static") is BodyType.STATIC, BodyType.DYNAMIC == "dynamic"
    (True, True)
    """

    STATIC = "static"
    KINEMATIC = "kinematic"
    DYNAMIC = "dynamic"


class PhysicsWarning(UserWarning):
    """A world set up past what its contacts hold at rest (``MAX_RESTING_MASS_RATIO``,
    ``MAX_RESTING_GRAVITY``): it steps, but bodies sink into each other. Said once per world."""


#: Most bodies a world holds at once (``add`` refuses one more, before any work). Without it a
#: world took bodies up to its 2**32 ids: 100,000 circles took 3.3 s to add and 0.04-0.09 s a
#: step (the first 5.8 s). At this limit a step stays in tens of milliseconds (docs/limits.md);
#: a game level inside the level loader's limits holds under half of it.
MAX_BODIES = 65_536
#: Most shapes a world holds (every body's, each a row of the broad phase), and a body holds (Box2D
#: has no limit; a compound of 1,024 parts is one a game builds by mistake, and each body's shapes
#: are looked up by a pass over every row when one is added or taken away).
MAX_SHAPES = 65_536
MAX_SHAPES_PER_BODY = 1_024


class World(JointMethods):
    """Bodies with shapes and transforms, and the queries a game asks of them.

    >>> from engine.collision import Circle, Polygon
    >>> world = World()
    >>> wall = world.add(Polygon.box(10, 1), (0, 0, 0), type="static")
    >>> ball = world.add(Circle(1), (0, 1.5, 0), type="kinematic")
    >>> world.pairs().tolist()
    [[0, 1]]
    """

    def __init__(
        self,
        cell_size: float | None = None,
        *,
        gravity=(0.0, 0.0),
        sleep: bool = True,
        substeps: int = 4,
        units_per_meter: float = 1.0,
        threads: int = 1,
    ) -> None:
        """``gravity`` (world units/s²) pulls the dynamic bodies; ``sleep`` lets
        still islands sleep (False keeps every body awake, for benchmarks);
        ``substeps`` (1..``MAX_SUBSTEPS``) per ``step``; ``units_per_meter``:
        how many world units make a metre (Box2D's length scale: its
        tolerances and speed caps are in metres; a game in pixels passes its
        pixels per metre); ``threads`` (1..``MAX_THREADS``, 64): how many threads
        the contact solver splits each colour of contacts among (Box2D v3's
        ``workerCount``; numba's threads, its OpenMP layer; at most as many as
        numba has, the machine's cores), in steps of at least
        ``step.THREADED_CONTACTS`` contacts. 1, the default, compiles and runs
        nothing threaded; more compile the threaded solver on first use (once,
        cached). The results are the same with any number of threads, to the
        last bit; a snapshot does not keep the count."""
        if cell_size is not None:
            cell_size = arguments.real(cell_size, "World cell_size", MIN_CELL_SIZE, MAX_CELL_SIZE)
        gravity = arguments.pair(gravity, "World gravity", what="(gx, gy)")
        if not all(abs(g) <= MAX_GRAVITY for g in gravity):
            raise ValueError(f"World gravity is {gravity}: each part must lie within ±{MAX_GRAVITY:g}")
        sleep = arguments.flag(sleep, "World sleep")
        substeps = arguments.count(substeps, "World substeps", 1, MAX_SUBSTEPS)
        units_per_meter = arguments.real(units_per_meter, "World units_per_meter", 1e-6, 1e6)
        threads = arguments.count(threads, "World threads", 1, MAX_THREADS)
        self._table = ShapeTable()
        self._table_index: dict[Any, int] = {}
        # The table always holds a shape (the ray's point), so its buffer is
        # always the packed, read-only one: an empty table's buffer is writable,
        # and a kernel handed it would compile a second time for that type.
        self._shape_index(POINT)
        self._a = BodyArrays()
        self._frame = Frame(self._table, self._a, cell_size)
        self._dynamics = Dynamics(self._frame, gravity, sleep, tuning(substeps, units_per_meter, threads))
        #: The lightest and heaviest dynamic bodies' inverse masses so far (a step looks for a resting
        #: pair past ``MAX_RESTING_MASS_RATIO`` only once they span it), and the warnings said.
        self._inverse_masses = (math.inf, 0.0)
        self._warned: set[str] = set()
        #: Bodies held (each a root row; a world without compound bodies: as many as rows).
        self._body_count = 0
        #: The (sensor shape, visitor shape) overlaps at the end of the last step, by key.
        self._sensing = _NO_PAIRS
        self._sensor_events = True
        self._dynamics.hit_speed = units_per_meter  # 1 m/s, Box2D's hitEventThreshold
        self._check_gravity(1.0)

    def add(
        self,
        shape,
        transform,
        *,
        type: BodyType | str = BodyType.DYNAMIC,  # (the API's word, as Box2D's b2BodyDef.type)
        sensor: bool = False,
        layer: int = 1,
        mask: int = ALL_LAYERS,
        user_data: Any = None,
        density: float = 1.0,
        friction: float = 0.6,
        restitution: float = 0.0,
        linear_damping: float = 0.0,
        angular_damping: float = 0.0,
        gravity_scale: float = 1.0,
        fixed_rotation: bool = False,
        rolling_resistance: float = 0.0,
        bullet: bool = False,
        awake: bool = True,
        **removed,
    ) -> int:
        """Add a body; return its id (ids are never reused).

        ``transform`` is (x, y, angle) with ``|x|``, ``|y|`` at most ``MAX_COORDINATE``,
        and the body's box must lie within that range too; ``layer`` and
        ``mask`` are 32-bit sets (0..0xFFFFFFFF). ``type`` (a ``BodyType`` or
        its name) is ``"dynamic"`` (moved by ``step``: pushed, knocked,
        stacked; the default, as in pymunk), ``"static"`` (walls: never moves)
        or ``"kinematic"`` (moved by the caller, by ``set_transform``,
        ``move_and_slide`` or a velocity; it pushes dynamic bodies and is
        never pushed back). A dynamic body's mass comes from its shape and
        ``density`` (exact, ``collision.mass_properties``);
        ``friction`` (≥ 0, mixed by geometric mean) and ``restitution``
        (0..1, mixed by the larger) act at its contacts; damping (1/s) slows
        it as floor friction would in a top-down game; ``rolling_resistance``
        (≥ 0, Box2D v3's) stops a round body rolling for ever. A ``bullet``
        (dynamic only, Box2D's ``isBullet``) that moves fast is also swept
        against the kinematic and dynamic bodies that are not bullets, so it
        cannot pass through a thin one in a step (any fast dynamic body is
        swept against the static ones). ``awake=False`` creates a dynamic body
        asleep (Box2D's ``b2BodyDef.isAwake = false``: a block of crates that
        costs nothing until hit), in an island of its own: it takes no part
        in steps (gravity does not pull it) until an awake body or a moving
        kinematic body touches it, a joint is made to it, or it is pushed,
        placed or given a velocity (``set_awake`` too); bodies created asleep
        side by side then wake one by one, each the step after a woken one
        touches it, as in Box2D. This holds in a world with ``sleep=False``
        too (Box2D's ``b2CreateBody`` honours ``isAwake`` whatever the world's
        ``enableSleep``); there, once woken, it stays awake. Static and
        kinematic bodies are always awake here and ignore it (Box2D's static
        bodies never are; its kinematic body created asleep has no velocity
        until one is set, which wakes it, as ``set_velocity`` does here).
        Anything else is refused with one
        error naming the argument, and nothing is added; so is a body past
        ``MAX_BODIES`` (65,536) in the world, and the flags ``static=`` and
        ``dynamic=`` of old (a body given neither was kinematic: a newcomer's
        falling box hung in the air).

        >>> from engine.collision import Polygon
        >>> world = World(gravity=(0.0, -10.0))
        >>> crate = world.add(Polygon.box(0.5, 0.5), (0.0, 5.0, 0.0))
        >>> _ = world.step(0.1)
        >>> world.body_type(crate), world.transform(crate).y < 5.0
        (<BodyType.DYNAMIC: 'dynamic'>, True)
        """
        if removed:
            _refuse_removed("World.add", removed)
        if self._body_count >= MAX_BODIES:
            raise ValueError(
                f"World.add: the world holds {self._body_count:,} bodies, the limit (MAX_BODIES = "
                f"{MAX_BODIES:,}); remove one first"
            )
        if self._a.n >= MAX_SHAPES:
            raise ValueError(
                f"World.add: the world holds {self._a.n:,} shapes, the limit (MAX_SHAPES = {MAX_SHAPES:,}); "
                "remove one first"
            )
        kind = arguments.body_type(type, "World.add type")
        xf = arguments.transform(transform, "World.add transform")
        shape = arguments.shape(shape, "World.add shape", body=True)
        arguments.within_range(shape, xf, "World.add")  # a body bigger than the range cannot be moved in it
        layer, mask = arguments.bits(layer, "World.add layer"), arguments.bits(mask, "World.add mask")
        sensor = arguments.flag(sensor, "World.add sensor")
        fixed_rotation = arguments.flag(fixed_rotation, "World.add fixed_rotation")
        bullet = arguments.flag(bullet, "World.add bullet")
        awake = arguments.flag(awake, "World.add awake")
        static, dynamic = kind == BodyType.STATIC, kind == BodyType.DYNAMIC
        if bullet and not dynamic:
            raise ValueError(f"World.add: bullet=True is for dynamic bodies; this one is {kind.value}")
        try:
            density = check_density(density)
        except (TypeError, ValueError) as err:
            raise type_of(err)(f"World.add {err}") from None
        friction = arguments.real(friction, "World.add friction", 0.0, MAX_FRICTION)
        restitution = arguments.real(restitution, "World.add restitution", 0.0, 1.0)
        linear_damping = arguments.real(linear_damping, "World.add linear_damping", 0.0, MAX_DAMPING)
        angular_damping = arguments.real(angular_damping, "World.add angular_damping", 0.0, MAX_DAMPING)
        gravity_scale = arguments.real(
            gravity_scale, "World.add gravity_scale", -MAX_GRAVITY_SCALE, MAX_GRAVITY_SCALE
        )
        rolling_resistance = arguments.real(
            rolling_resistance, "World.add rolling_resistance", 0.0, MAX_FRICTION
        )
        body = self._a.append(xf, self._shape_index(shape), layer, mask, static, sensor, user_data)
        slot = self._a.slot(body)
        a = self._a
        a.friction[slot], a.restitution[slot], a.gravity_scale[slot] = friction, restitution, gravity_scale
        a.damping[slot] = (linear_damping, angular_damping)
        a.rolling[slot] = rolling_resistance
        a.density[slot], a.fixed[slot] = density, fixed_rotation
        a.reach[slot] = reach(self._table.data, int(self._table.offsets[a.shape[slot]]))
        if dynamic:
            a.dynamic[slot], a.bullet[slot] = True, bullet
            self._set_mass(slot)
            self._check_gravity(gravity_scale)
            if not awake:  # asleep in an island of its own, named by its id (``sleep``)
                a.awake[slot], a.island[slot] = False, body
        self._frame.changed(static, members=True)
        self._body_count += 1
        return body

    def add_shape(
        self,
        body: int,
        shape,
        local=(0.0, 0.0, 0.0),
        *,
        density: float = 1.0,
        friction: float = 0.6,
        restitution: float = 0.0,
        rolling_resistance: float = 0.0,
        layer: int = 1,
        mask: int = ALL_LAYERS,
        sensor: bool = False,
        user_data: Any = None,
    ) -> int:
        """Add a shape to ``body`` at ``local`` (x, y, angle in the body's frame; radians
        counter-clockwise, y up) and return its id: a body of many shapes (Box2D v3's
        ``b2CreatePolygonShape`` on a body; ``b2ShapeDef`` for the rest). Shape ids and body ids
        are one count: a body's id is also its first shape's. The shape moves with the body and
        never meets the body's other shapes; it has its own material, layer, mask, sensor flag
        and user data. A dynamic body's mass, centre of mass and inertia become the sum over its
        shapes (parallel axis theorem). At most ``MAX_SHAPES_PER_BODY`` (1,024) a body and
        ``MAX_SHAPES`` a world; ``local`` must put the shape inside the coordinate range. Anything
        else is one error naming the argument, and nothing changes.

        >>> from engine.collision import Polygon
        >>> world = World()
        >>> crate = world.add(Polygon.box(1.0, 0.25), (0.0, 0.0, 0.0))  # an L: two boxes
        >>> foot = world.add_shape(crate, Polygon.box(0.25, 1.0), (0.75, 0.75, 0.0))
        >>> world.shapes(crate).tolist(), world.body_of(foot) == crate, round(world.mass(crate).mass, 6)
        ([0, 1], True, 2.0)
        """
        slot = self._body(body)
        a = self._a
        name = "World.add_shape"
        if a.n >= MAX_SHAPES:
            raise ValueError(
                f"{name}: the world holds {a.n:,} shapes, the limit (MAX_SHAPES = {MAX_SHAPES:,})"
            )
        count = len(a.rows_of(slot))
        if count >= MAX_SHAPES_PER_BODY:
            raise ValueError(
                f"{name}: body {body} holds {count:,} shapes, the limit (MAX_SHAPES_PER_BODY = {MAX_SHAPES_PER_BODY:,})"
            )
        shape = arguments.shape(shape, f"{name} shape", body=True)
        local = arguments.transform(local, f"{name} local")
        x, y, angle = a.xf[slot].tolist()
        c, s_ = math.cos(angle), math.sin(angle)
        placed = (x + c * local[0] - s_ * local[1], y + s_ * local[0] + c * local[1], angle + local[2])
        if not all(map(math.isfinite, placed)):
            raise ValueError(
                f"{name} local is {tuple(local)}: body {body} would hold it at {placed}, not finite"
            )
        arguments.within_range(shape, Transform(*placed), f"{name} local")
        layer, mask = arguments.bits(layer, f"{name} layer"), arguments.bits(mask, f"{name} mask")
        sensor = arguments.flag(sensor, f"{name} sensor")
        try:
            density = check_density(density)
        except (TypeError, ValueError) as err:
            raise type_of(err)(f"{name} {err}") from None
        friction = arguments.real(friction, f"{name} friction", 0.0, MAX_FRICTION)
        restitution = arguments.real(restitution, f"{name} restitution", 0.0, 1.0)
        rolling = arguments.real(rolling_resistance, f"{name} rolling_resistance", 0.0, MAX_FRICTION)
        index = self._shape_index(shape)
        shape_id = a.append_shape(slot, local, index, layer, mask, sensor, user_data)
        row = a.slot(shape_id)
        a.density[row], a.friction[row], a.restitution[row], a.rolling[row] = (
            density,
            friction,
            restitution,
            rolling,
        )
        self._shaped(slot)
        self._frame.changed(bool(a.static[slot]), members=True)
        return shape_id

    def add_chain(
        self,
        points,
        loop: bool = False,
        *,
        friction: float = 0.6,
        restitution: float = 0.0,
        layer: int = 1,
        mask: int = ALL_LAYERS,
        user_data: Any = None,
    ) -> int:
        """Add a chain (Box2D v3's ``b2ChainDef``): one static body whose shapes are the segments
        between consecutive ``points`` (world (x, y); the body at the first segment's midpoint),
        and from the last point back to the first when ``loop``; return the body's id (its
        shapes: ``shapes``).

        A chain is one-sided: a segment p → q collides only on its right-hand side, the normal
        ``(dy, −dx) / |d|``, so a counter-clockwise loop is solid inside (things rest on it from
        outside) and a clockwise loop is a cave (things rest inside it); a body coming from behind
        passes through. Its inner vertices are smooth (ghost vertices): a body sliding along the
        chain never catches on them. An open chain's ends are free round ends (Box2D v3 instead
        keeps an open chain's first and last points as ghosts only; here every segment collides).
        Each segment takes ``friction``, ``restitution``, ``layer``, ``mask`` and ``user_data``.
        At least 2 points (3 for a loop), at most ``MAX_CHAIN_POINTS`` (1,024), no point the same
        as the next, each finite within ``MAX_COORDINATE``; anything else is one error naming the
        argument, and nothing is added. See ``engine.world.chains``.

        >>> world = World(gravity=(0.0, -10.0))
        >>> ground = world.add_chain([(-10.0, 0.0), (0.0, 0.0), (10.0, 0.0)][::-1])  # right to left: up
        >>> len(world.shapes(ground))
        2
        """
        name = "World.add_chain"
        loop = arguments.flag(loop, f"{name} loop")
        pts = chain_points(points, loop, name)
        friction = arguments.real(friction, f"{name} friction", 0.0, MAX_FRICTION)
        restitution = arguments.real(restitution, f"{name} restitution", 0.0, 1.0)
        layer, mask = arguments.bits(layer, f"{name} layer"), arguments.bits(mask, f"{name} mask")
        p1, p2, ghosts = segments_and_ghosts(pts, loop)
        mid = 0.5 * (p1 + p2)
        d1, d2 = (p1 - mid).tolist(), (p2 - mid).tolist()
        try:  # every segment made before any change (a segment too long or short is refused here)
            segments = [Capsule(tuple(a), tuple(b), 0.0) for a, b in zip(d1, d2)]
        except ValueError as err:
            raise ValueError(f"{name} points: {err}") from None
        if self._body_count >= MAX_BODIES:
            raise ValueError(
                f"{name}: the world holds {self._body_count:,} bodies, the limit (MAX_BODIES = {MAX_BODIES:,})"
            )
        if self._a.n + len(segments) > MAX_SHAPES:
            raise ValueError(
                f"{name}: {len(segments):,} segments would take the world past MAX_SHAPES = {MAX_SHAPES:,} shapes"
            )
        a = self._a
        # The body at its first segment's midpoint (a root row's shape sits at its body's origin),
        # each other segment at its own midpoint: every segment row is centred on its segment.
        x0, y0 = float(mid[0, 0]), float(mid[0, 1])
        body = self.add(segments[0], (x0, y0, 0.0), type="static", friction=friction, restitution=restitution,
                        layer=layer, mask=mask, user_data=user_data)  # fmt: skip
        slot = a.slot(body)
        rows = [slot]
        for k in range(1, len(segments)):
            local = (float(mid[k, 0]) - x0, float(mid[k, 1]) - y0, 0.0)
            row = a.slot(
                a.append_shape(slot, local, self._shape_index(segments[k]), layer, mask, False, user_data)
            )
            a.friction[row], a.restitution[row] = friction, restitution
            rows.append(row)
        a.one_sided[rows] = True
        a.ghost[rows] = ghosts - np.column_stack([mid, mid])  # each row's shape frame
        self._shaped(slot)
        self._frame.changed(True, members=True)
        return body

    def remove_shape(self, shape: int) -> None:
        """Take a shape away from its body; its id is never given out again. Its contacts end
        (reported by the next step) and what it touched wakes, as a removal does; its body's mass
        follows. A body's first shape taken away leaves the body (its id, its frame, its other
        shapes) holding what is left; a body left with no shape cannot be stepped until it is
        given one (``add_shape``) or removed."""
        a = self._a
        row = a.slot(shape)
        root = int(a.root[row])
        shapes = a.shape[row : row + 1].copy()
        self._dynamics.removed(a.ids[row : row + 1])
        if row != root:
            self._frame.changed(a.remove(row), members=True)
            root = a.slot(a.owner[shape])  # (the body's root may have moved into the freed row)
        else:  # the body stays: its row holds a point that meets nothing
            a.shape[row], a.layer[row], a.mask[row], a.sensor[row] = self._shape_index(POINT), 0, 0, True
            a.one_sided[row] = False
            a.density[row] = 0.0
            a.compound = True
            self._frame.changed(bool(a.static[row]), members=True)
        self._shaped(root)
        self._dynamics.woken(root)
        self._shapes_left(shapes)

    def shapes(self, body: int) -> np.ndarray:
        """The ids of ``body``'s shapes, its first (its own id) first while it holds it."""
        slot = self._body(body)
        rows = self._a.rows_of(slot)
        rows = rows[self._a.mask[rows] != 0] if self._a.compound else rows
        if self._a.compound and len(rows) and rows[0] == slot and self._is_bare(slot):
            rows = rows[1:]
        return self._a.ids[rows]

    def body_of(self, shape: int) -> int:
        """The id of the body that holds ``shape``."""
        self._a.slot(shape)  # (one error for an id the world does not hold)
        return int(self._a.owner[shape])

    def _owners(self, ids: np.ndarray) -> np.ndarray:
        """The bodies of shape ids ``ids``, each once, ascending (a world of one shape a body: ``ids``)."""
        return np.unique(self._a.owner[ids]) if self._a.compound else ids

    def _is_bare(self, slot: int) -> bool:
        """Whether the body's first row holds no shape any more (``remove_shape``)."""
        return int(self._a.shape[slot]) == self._table_index.get(POINT) and self._a.mask[slot] == 0

    # --- a body's settings after add (Box2D v3's b2Body_Set*, b2Shape_Set*) ------

    def body_type(self, body: int) -> BodyType:
        """The body's ``BodyType``."""
        slot = self._body(body)
        a = self._a
        return (
            BodyType.STATIC if a.static[slot] else BodyType.DYNAMIC if a.dynamic[slot] else BodyType.KINEMATIC
        )

    def set_type(self, body: int, type: BodyType | str) -> None:
        """Make the body static, kinematic or dynamic (Box2D's ``b2Body_SetType``): its contacts
        end (reported by the next ``step``) and what it touched wakes, as a removal does; a
        dynamic body's mass comes again from its shape and density; a static one stops
        (velocity 0); a bullet that is no longer dynamic is no longer a bullet. It wakes."""
        slot = self._body(body)
        kind = arguments.body_type(type, "World.set_type type")
        if kind == self.body_type(body):
            return
        a = self._a
        was_static = bool(a.static[slot])
        self._dynamics.removed(a.ids[slot : slot + 1])
        a.static[slot], a.dynamic[slot] = kind == BodyType.STATIC, kind == BodyType.DYNAMIC
        if not a.dynamic[slot]:
            a.bullet[slot] = False
        if a.static[slot]:
            a.vel[slot] = 0.0
        a.force[slot] = 0.0
        a.awake[slot], a.island[slot], a.sleep_time[slot] = True, -1, 0.0
        a.start[slot] = a.xf[slot]
        self._set_mass(slot)
        if a.dynamic[slot]:
            self._check_gravity(float(a.gravity_scale[slot]))
        self._frame.changed(was_static or bool(a.static[slot]), members=True)

    def set_density(self, body_or_shape: int, density: float) -> None:
        """The density of a shape, or of every shape of a body (given its id; ``add``'s and
        ``add_shape``'s); a dynamic body's mass, centre of mass and inertia follow (Box2D's
        ``b2Shape_SetDensity`` with ``updateBodyMass``). It wakes."""
        rows = self._rows(body_or_shape)
        try:
            density = check_density(density)
        except (TypeError, ValueError) as err:
            raise type_of(err)(f"World.set_density {err}") from None
        self._a.density[rows] = density
        root = int(self._a.root[rows[0]])
        self._set_mass(root)
        self._dynamics.woken(root)

    def set_friction(self, body_or_shape: int, friction: float) -> None:
        """The friction (≥ 0) of a shape, or of every shape of a body, from the next step."""
        rows = self._rows(body_or_shape)
        self._a.friction[rows] = arguments.real(friction, "World.set_friction friction", 0.0, MAX_FRICTION)

    def set_restitution(self, body_or_shape: int, restitution: float) -> None:
        """The restitution (0..1) of a shape, or of every shape of a body, from the next step."""
        rows = self._rows(body_or_shape)
        self._a.restitution[rows] = arguments.real(restitution, "World.set_restitution restitution", 0.0, 1.0)

    def set_rolling_resistance(self, body_or_shape: int, rolling_resistance: float) -> None:
        """The rolling resistance (≥ 0) of a shape, or of every shape of a body, from the next step."""
        rows = self._rows(body_or_shape)
        self._a.rolling[rows] = arguments.real(
            rolling_resistance, "World.set_rolling_resistance rolling_resistance", 0.0, MAX_FRICTION
        )

    def set_damping(self, body: int, linear: float | None = None, angular: float | None = None) -> None:
        """The body's linear and angular damping (1/s, ``add``'s; None keeps one as it is)."""
        slot = self._body(body)
        old_linear, old_angular = self._a.damping[slot].tolist()
        linear = (
            old_linear
            if linear is None
            else arguments.real(linear, "World.set_damping linear", 0.0, MAX_DAMPING)
        )
        angular = (
            old_angular
            if angular is None
            else arguments.real(angular, "World.set_damping angular", 0.0, MAX_DAMPING)
        )
        self._a.damping[slot] = (linear, angular)

    def set_gravity_scale(self, body: int, gravity_scale: float) -> None:
        """How much of the world's gravity pulls the body (``add``'s); it wakes."""
        slot = self._body(body)
        scale = arguments.real(
            gravity_scale, "World.set_gravity_scale gravity_scale", -MAX_GRAVITY_SCALE, MAX_GRAVITY_SCALE
        )
        self._a.gravity_scale[slot] = scale
        if self._a.dynamic[slot]:
            self._check_gravity(scale)
        self._dynamics.woken(slot)

    def set_layer(self, body_or_shape: int, layer: int) -> None:
        """The layer bits of a shape, or of every shape of a body: what meets it from the next
        query or step."""
        rows = self._rows(body_or_shape)
        self._a.layer[rows] = arguments.bits(layer, "World.set_layer layer")
        self._filtered(rows)

    def set_mask(self, body_or_shape: int, mask: int) -> None:
        """The layers a shape, or every shape of a body, meets, from the next query or step."""
        rows = self._rows(body_or_shape)
        self._a.mask[rows] = arguments.bits(mask, "World.set_mask mask")
        self._filtered(rows)

    def set_sensor(self, body_or_shape: int, sensor: bool) -> None:
        """Whether a shape, or every shape of a body, is a sensor (it pairs, and pushes nothing);
        one made a sensor ends its contacts, reported by the next step."""
        rows = self._rows(body_or_shape)
        sensor = arguments.flag(sensor, "World.set_sensor sensor")
        if sensor:
            becoming = rows[~self._a.sensor[rows]]
            if len(becoming):
                self._dynamics.removed(self._a.ids[becoming])
        self._a.sensor[rows] = sensor
        self._filtered(rows)

    def set_bullet(self, body: int, bullet: bool) -> None:
        """Whether a dynamic body is a bullet (``add``'s)."""
        slot = self._body(body)
        bullet = arguments.flag(bullet, "World.set_bullet bullet")
        if bullet and not self._a.dynamic[slot]:
            raise ValueError(
                f"World.set_bullet: bullet=True is for dynamic bodies; body {body} is {self.body_type(body).value}"
            )
        self._a.bullet[slot] = bullet

    def set_fixed_rotation(self, body: int, fixed_rotation: bool) -> None:
        """Whether the body never turns (``add``'s): a dynamic body's inertia follows; it wakes."""
        slot = self._body(body)
        self._a.fixed[slot] = arguments.flag(fixed_rotation, "World.set_fixed_rotation fixed_rotation")
        if self._a.fixed[slot]:
            self._a.vel[slot, 2] = 0.0
        self._set_mass(slot)
        self._dynamics.woken(slot)

    def friction(self, body_or_shape: int) -> float:
        """A shape's friction (a body's: its first shape's)."""
        return float(self._a.friction[self._a.slot(body_or_shape)])

    def restitution(self, body_or_shape: int) -> float:
        """A shape's restitution (a body's: its first shape's)."""
        return float(self._a.restitution[self._a.slot(body_or_shape)])

    def density(self, body_or_shape: int) -> float:
        """A shape's density (a body's: its first shape's)."""
        return float(self._a.density[self._a.slot(body_or_shape)])

    def damping(self, body: int) -> tuple[float, float]:
        """(linear, angular) damping, 1/s."""
        linear, angular = self._a.damping[self._body(body)].tolist()
        return linear, angular

    def gravity_scale(self, body: int) -> float:
        return float(self._a.gravity_scale[self._body(body)])

    def is_bullet(self, body: int) -> bool:
        return bool(self._a.bullet[self._body(body)])

    def has_fixed_rotation(self, body: int) -> bool:
        return bool(self._a.fixed[self._body(body)])

    @property
    def gravity(self) -> tuple[float, float]:
        """The world's gravity (gx, gy), world units/s²; settable (each part within ±``MAX_GRAVITY``).
        Setting it wakes nothing, as Box2D's ``b2World_SetGravity``: a sleeping body stays
        asleep until something touches or pushes it."""
        gx, gy = self._dynamics.gravity
        return gx, gy

    @gravity.setter
    def gravity(self, gravity) -> None:
        gravity = arguments.pair(gravity, "World gravity", what="(gx, gy)")
        if not all(abs(g) <= MAX_GRAVITY for g in gravity):
            raise ValueError(f"World gravity is {gravity}: each part must lie within ±{MAX_GRAVITY:g}")
        self._dynamics.gravity = gravity
        self._check_gravity(
            max(
                (abs(float(g)) for g in self._a.gravity_scale[: self._a.n][self._a.dynamic[: self._a.n]]),
                default=1.0,
            )
        )

    @property
    def hit_speed(self) -> float:
        """How fast (world units/s, along the normal) a touching pair must close for a hit event
        (``ContactEvents.hits``): 1 m/s by default (``units_per_meter`` units/s), Box2D's
        ``hitEventThreshold``; settable to any speed ≥ 0, ``math.inf`` for none."""
        return float(self._dynamics.hit_speed)

    @hit_speed.setter
    def hit_speed(self, speed) -> None:
        if isinstance(speed, bool) or not isinstance(speed, (int, float, np.integer, np.floating)):
            raise TypeError(
                f"World hit_speed must be a number ≥ 0 (world units/s), got {type(speed).__name__}"
            )
        if not float(speed) >= 0.0:  # (NaN too)
            raise ValueError(
                f"World hit_speed is {float(speed)!r}: it must be ≥ 0 (world units/s; inf for no hits)"
            )
        self._dynamics.hit_speed = float(speed)

    @property
    def sensor_events(self) -> bool:
        """Whether ``step`` reports sensor events (True by default). With a sensor in the world they
        cost a search of the world's pairs a step (``pairs()``, kept for the game's own call):
        a game that polls its sensors' overlaps itself turns them off. Turned off, the overlaps
        are forgotten: turned on again, those then found begin."""
        return self._sensor_events

    @sensor_events.setter
    def sensor_events(self, on) -> None:
        self._sensor_events = arguments.flag(on, "World sensor_events")
        if not self._sensor_events:
            self._sensing = _NO_PAIRS

    def _filtered(self, rows: np.ndarray) -> None:
        """Shapes' layers, masks or sensor flags changed: what the broad phase keeps is stale."""
        self._frame.changed(bool(self._a.static[rows].any()), members=True)

    # --- motion -----------------------------------------------------------

    def precompile(self, parts: Sequence[str] = PRECOMPILE_PARTS) -> None:
        """Compile the largest of ``step``'s kernels now, without stepping: ``"pairs"`` (the
        broad phase), ``"contacts"`` (the manifolds) and ``"solver"`` (the soft step), in the
        order given. Nothing in the world changes.

        numba compiles each kernel at its first call and caches it on disk, so the first
        ``step`` of a fresh install compiles for tens of seconds. This lets a loading screen
        or a background process pay for it first, and in the order it chooses. The first
        ``step`` still compiles the step's small kernels (about a tenth of the time). A world
        with ``threads`` > 1 compiles its threaded solver at its first large step. A part not
        in ``PRECOMPILE_PARTS`` raises ``ValueError``.

        >>> from engine.collision import Circle
        >>> world = World(gravity=(0.0, -10.0))
        >>> ball = world.add(Circle(0.5), (0.0, 2.0, 0.0))
        >>> world.precompile(("solver", "contacts"))  # (a loading screen's work)
        >>> world.transform(ball).y  # nothing moved
        2.0
        """
        parts = (parts,) if isinstance(parts, str) else tuple(parts)
        unknown = [part for part in parts if part not in PRECOMPILE_PARTS]
        if unknown:
            raise ValueError(f"precompile: no part {unknown[0]!r} (parts: {', '.join(PRECOMPILE_PARTS)})")
        # On a copy: the broad phase's view chooses its cells as it is first built (a first step's
        # choice, from the bodies there are then), and this world's first step is to choose its own.
        copy.copy(self)._dynamics.precompile(parts)

    def step(self, dt: float):
        """Advance the dynamic bodies by ``dt`` seconds (``MIN_DT`` ≤ dt ≤ ``MAX_DT``):
        gravity, forces, contacts, friction, restitution, sleep (``step``). A body the
        step would carry past the coordinate range stays where the step found it, its
        velocity zeroed (``bounds``).

        Returns the step's ``ContactEvents``: the pairs that began touching,
        with normal, point and the normal impulse they took (for sounds and
        damage), the pairs that stopped, the hits (pairs that closed faster than
        ``hit_speed``) and the sensors' visitors that came and went; body pairs
        and their shape pairs row for row.
        """
        if not (type(dt) is float and MIN_DT <= dt <= MAX_DT):  # (the checks below: 12 µs a step, cold)
            dt = arguments.real(dt, "World.step dt", MIN_DT, MAX_DT)
        events = self._dynamics.step(dt)
        if self._a.compound:
            events = self._named_by_bodies(events)
        if self._sensor_events and (len(self._sensing) or self._a.sensor[: self._a.n].any()):
            events = self._sensed(events)
        low, high = self._inverse_masses
        # (Under gravity: the load a resting pair carries. A top-down game's crates push, and rest on nothing.)
        if (
            high > MAX_RESTING_MASS_RATIO * low
            and "mass ratio" not in self._warned
            and any(self._dynamics.gravity)
        ):
            self._check_mass_ratios()
        return events

    def pair_impulses(self) -> PairImpulses:
        """The pairs of shapes touching at the end of the last step and the normal impulse each
        took over it (mass × speed; 0 for a pair only within a slop of touching): what a barrel
        resting on a crate presses it with, summed over the step's sub-steps. Asked for, not
        reported each step. Rows in key order; each pair's smaller body first. A sleeping
        island's pairs take no impulse (no step moves them) and are not listed.

        >>> from engine.collision import Polygon
        >>> world = World(gravity=(0, -10))
        >>> floor = world.add(Polygon.box(5, 0.5), (0, -0.5, 0), type="static")
        >>> crate = world.add(Polygon.box(0.5, 0.5), (0, 0.5, 0), density=1.0)
        >>> for _ in range(20):
        ...     _ = world.step(1 / 60)
        >>> pushed = world.pair_impulses()
        >>> pushed.bodies.tolist(), round(float(pushed.impulse[0]), 3)  # its weight (1 kg × 10) for 1/60 s
        ([[0, 1]], 0.167)
        """
        keys, touching, total = self._dynamics.pushed
        keys, total = keys[touching], total[touching]
        shapes = np.column_stack([keys >> 32, keys & 0xFFFFFFFF])
        impulse = total[:, 0] + total[:, 1]
        if not self._a.compound:
            return PairImpulses(shapes, shapes, impulse)
        bodies, shapes = _by_bodies(self._a.owner, shapes)
        return PairImpulses(bodies, shapes, impulse)

    def _named_by_bodies(self, events):
        """The step's events, found for shape pairs, with each row's bodies: the pair turned round
        (its normal too) where the second shape's body has the smaller id."""
        owner = self._a.owner
        began, began_shapes, normal = _by_bodies(owner, events.began_shapes, events.normal)
        ended, ended_shapes = _by_bodies(owner, events.ended_shapes)
        hits, hit_shapes, hit_normal = _by_bodies(owner, events.hit_shapes, events.hit_normal)
        return events._replace(
            began=began, began_shapes=began_shapes, normal=normal, ended=ended, ended_shapes=ended_shapes,
            hits=hits, hit_shapes=hit_shapes, hit_normal=hit_normal,
        )  # fmt: skip

    def _sensed(self, events):
        """The step's events with the sensors' (Box2D v3.1's sensor events, found at the end of the
        step): each sensor shape's overlaps with the solid shapes its filter and theirs let meet it
        (never a shape of its own body), against the last step's. Read from the world's pairs
        (``pairs()``, exact, and bounded in a pile-up as they are), which a step with a sensor
        finds once and a game's own ``pairs()`` then reuses: two static shapes never pair, so a
        static sensor sees the bodies that move, not the walls."""
        a = self._a
        ids, slots = self._frame.pairs()
        sensor = a.sensor[slots]
        keep = (sensor[:, 0] != sensor[:, 1]) & (a.owner[ids[:, 0]] != a.owner[ids[:, 1]])
        now = np.where(sensor[keep][:, :1], ids[keep], ids[keep][:, ::-1])  # (sensor, visitor)
        key_now = (now[:, 0] << 32) | now[:, 1]
        order = np.argsort(key_now, kind="stable")
        now, key_now = now[order], key_now[order]
        was = self._sensing
        key_was = (was[:, 0] << 32) | was[:, 1]
        self._sensing = now
        return events._replace(
            sensor_began=now[~np.isin(key_now, key_was)], sensor_ended=was[~np.isin(key_was, key_now)]
        )

    def velocity(self, body: int) -> tuple[float, float, float]:
        """(vx, vy, w) of the body's centre of mass: world units per second and radians per second."""
        vx, vy, w = self._a.vel[self._body(body)].tolist()
        return vx, vy, w

    def set_velocity(self, body: int, velocity, w: float = 0.0) -> None:
        """Set the velocity (vx, vy) of the body's centre of mass and its spin ``w``
        (rad/s); wakes it. A static body cannot move. A speed past ``MAX_SPEED`` or a
        spin past ``MAX_SPIN`` is refused."""
        slot = self._moving_slot(body, "World.set_velocity")
        vx, vy = arguments.pair(velocity, "World.set_velocity velocity", what="(vx, vy)")
        w = arguments.real(w, "World.set_velocity w", -MAX_SPIN, MAX_SPIN)
        speed = math.hypot(vx, vy)
        if speed > MAX_SPEED:
            raise ValueError(
                f"World.set_velocity velocity is ({vx!r}, {vy!r}), a speed of {speed:g}; "
                f"at most MAX_SPEED = {MAX_SPEED:g} world units/s"
            )
        self._a.vel[slot] = (vx, vy, w)
        self._dynamics.woken(slot)

    def apply_impulse(self, body: int, impulse, point=None) -> None:
        """Add ``impulse`` (ix, iy), world frame, at ``point`` (world; the centre of
        mass when None) to a dynamic body: its velocity changes at once; wakes it.
        Static and kinematic bodies are not pushed (nothing happens). An impulse that
        would take the body past ``MAX_SPEED`` or ``MAX_SPIN`` is refused."""
        self._push(body, impulse, point, "World.apply_impulse", 1.0)

    def apply_impulses(self, bodies, impulses, points=None) -> None:
        """``apply_impulse`` for many bodies in one call: row k of ``impulses`` (k, 2), world
        frame, at row k of ``points`` (k, 2, world; the centres of mass when None) to
        ``bodies[k]``. A body may repeat (its impulses add up in row order, as the same calls
        one by one would); static and kinematic rows do nothing. Every argument is checked
        before any body changes (all or nothing), the velocities they lead to too (at most
        ``MAX_SPEED`` and ``MAX_SPIN``); at most ``MAX_IMPULSES`` rows."""
        name = "World.apply_impulses"
        for given, what in ((bodies, "bodies"), (impulses, "impulses"), (points, "points")):
            arguments.at_most(() if given is None else given, arguments.MAX_IMPULSES, f"{name} {what}")
        bodies = arguments.ids(bodies, f"{name} bodies")
        slots = self._bodies(bodies)
        impulse = arguments.rows_fast(impulses, len(slots), f"{name} impulses")  # read, never written
        arguments.finite_rows(impulse, bodies, f"{name} impulses")
        fx, fy = impulse.T
        a = self._a
        torque = np.zeros(len(slots))
        with np.errstate(over="ignore", invalid="ignore"):  # an overflow is refused below, named
            if points is not None:
                p = arguments.rows_fast(points, len(slots), f"{name} points")
                arguments.finite_rows(p, bodies, f"{name} points", coordinate=True)
                x, y, angle = a.xf[slots].T
                c, s = np.cos(angle), np.sin(angle)
                lx, ly = a.center[slots].T
                rx, ry = p[:, 0] - (x + c * lx - s * ly), p[:, 1] - (y + s * lx + c * ly)
                torque = np.where(a.inv_inertia[slots] != 0.0, rx * fy - ry * fx, 0.0)
            moving = np.flatnonzero(a.dynamic[slots])
            rows, slots = moving, slots[moving]
            # Each body's velocity after all its rows (``after``, one row per body in ``pushed``),
            # checked before any is written.
            if _distinct(slots, a.n):  # each body once: one addition each, as np.add.at would do
                pushed = slots
                per_row = after = a.vel[slots]
                after[:, 0] += a.inv_mass[slots] * fx[rows]
                after[:, 1] += a.inv_mass[slots] * fy[rows]
                after[:, 2] += a.inv_inertia[slots] * torque[rows]
            else:  # a body hit twice (two bullets in one crate): its rows add up in row order
                ordered = np.sort(slots)
                pushed = ordered[np.concatenate(([True], ordered[1:] != ordered[:-1]))]
                after = a.vel[pushed]
                at = np.searchsorted(pushed, slots)
                np.add.at(after[:, 0], at, a.inv_mass[slots] * fx[rows])
                np.add.at(after[:, 1], at, a.inv_mass[slots] * fy[rows])
                np.add.at(after[:, 2], at, a.inv_inertia[slots] * torque[rows])
                per_row = after[at]
            fast = ~(np.hypot(per_row[:, 0], per_row[:, 1]) <= MAX_SPEED) | ~(
                np.abs(per_row[:, 2]) <= MAX_SPIN
            )
        if fast.any():
            j = int(np.flatnonzero(fast)[0])
            k = int(rows[j])
            raise ValueError(
                f"{name} impulses row {k} is {(float(fx[k]), float(fy[k]))}: it would take body {int(bodies[k])} "
                + _too_fast(a.vel[slots[j]], per_row[j])
            )
        a.vel[pushed] = after
        # ``woken`` for each sleeping one, in slot order (its island wakes, as single calls would
        # wake them one by one), then every pushed body's sleep clock starts again.
        for slot in np.sort(pushed[~a.awake[pushed]]).tolist():
            self._dynamics.woken(slot)
        a.sleep_time[pushed] = 0.0

    def apply_force(self, body: int, force, point=None) -> None:
        """Add ``force`` (fx, fy), world frame, at ``point`` (world; the centre of
        mass when None) to a dynamic body for the next ``step``; wakes it. Forces add
        up until the step; a sum that would accelerate the body past ``MAX_ACCELERATION``
        (world units/s² over its mass, rad/s² over its inertia) is refused."""
        self._push(body, force, point, "World.apply_force", 0.0)

    def apply_torque(self, body: int, torque: float) -> None:
        """Add ``torque`` (counter-clockwise) to a dynamic body for the next ``step``; wakes it.
        Static and kinematic bodies are not pushed (nothing happens). A step's torques whose sum
        would turn the body faster than ``MAX_ACCELERATION`` rad/s² are refused."""
        slot = self._body(body)
        torque = arguments.real(torque, "World.apply_torque torque")
        a = self._a
        if not a.dynamic[slot]:
            return
        total = float(a.force[slot, 2]) + torque
        if not abs(total) * float(a.inv_inertia[slot]) <= MAX_ACCELERATION:
            raise ValueError(
                f"World.apply_torque torque is {torque!r}: with the torques already applied this step it would "
                f"turn body {body} faster than MAX_ACCELERATION = {MAX_ACCELERATION:g} rad/s²"
            )
        a.force[slot, 2] = total
        self._dynamics.woken(slot)

    def apply_angular_impulse(self, body: int, impulse: float) -> None:
        """Add an angular ``impulse`` (counter-clockwise) to a dynamic body: its spin changes at
        once by impulse / inertia; wakes it. Past ``MAX_SPIN`` it is refused."""
        slot = self._body(body)
        impulse = arguments.real(impulse, "World.apply_angular_impulse impulse")
        a = self._a
        if not a.dynamic[slot]:
            return
        vx, vy, w = a.vel[slot].tolist()
        after = (vx, vy, w + float(a.inv_inertia[slot]) * impulse)
        if not abs(after[2]) <= MAX_SPIN:
            raise ValueError(
                f"World.apply_angular_impulse impulse is {impulse!r}: it would take body {body} "
                + _too_fast((vx, vy, w), after)
            )
        a.vel[slot] = after
        self._dynamics.woken(slot)

    def set_velocities(self, bodies, velocities, spins=None) -> None:
        """``set_velocity`` for many bodies in one call: row k of ``velocities`` (k, 2) and of
        ``spins`` (k,; 0 when None) to ``bodies[k]``, each given once; all or nothing (a static
        body, a repeat, a row past ``MAX_SPEED`` or ``MAX_SPIN`` is refused before any changes)."""
        name = "World.set_velocities"
        for given, what in ((bodies, "bodies"), (velocities, "velocities"), (spins, "spins")):
            arguments.at_most(() if given is None else given, MAX_BODIES, f"{name} {what}")
        bodies = arguments.ids(bodies, f"{name} bodies")
        slots = self._bodies(bodies)
        v = arguments.rows(velocities, len(slots), f"{name} velocities")
        arguments.finite_rows(v, bodies, f"{name} velocities")
        w = np.zeros(len(slots)) if spins is None else arguments.vector(spins, arguments.F64, f"{name} spins")
        if len(w) != len(slots):
            raise ValueError(f"{name} spins has {len(w)} rows; bodies has {len(slots)}")
        a = self._a
        if not _distinct(slots, a.n):
            raise ValueError(f"{name} got the same body twice")
        if a.static[slots].any():
            k = int(np.flatnonzero(a.static[slots])[0])
            raise ValueError(f"{name}: body {int(bodies[k])} (row {k}) is static and cannot move")
        fast = ~(np.hypot(v[:, 0], v[:, 1]) <= MAX_SPEED) | ~(np.abs(w) <= MAX_SPIN)
        if fast.any():
            k = int(np.flatnonzero(fast)[0])
            raise ValueError(
                f"{name} row {k} (body {int(bodies[k])}) is ({float(v[k, 0])!r}, {float(v[k, 1])!r}) spinning "
                f"{float(w[k])!r}: at most MAX_SPEED = {MAX_SPEED:g} world units/s and MAX_SPIN = {MAX_SPIN:g} rad/s"
            )
        a.vel[slots, :2], a.vel[slots, 2] = v, w
        self._dynamics.woken(slots)

    def apply_forces(self, bodies, forces, points=None) -> None:
        """``apply_force`` for many bodies in one call: row k of ``forces`` (k, 2), world frame, at
        row k of ``points`` (k, 2, world; the centres of mass when None) to ``bodies[k]`` for the
        next step. A body may repeat (its forces add up); static and kinematic rows do nothing.
        All or nothing: every row is checked, and each body's sum against ``MAX_ACCELERATION``,
        before any force is kept; at most ``MAX_IMPULSES`` rows."""
        name = "World.apply_forces"
        for given, what in ((bodies, "bodies"), (forces, "forces"), (points, "points")):
            arguments.at_most(() if given is None else given, arguments.MAX_IMPULSES, f"{name} {what}")
        bodies = arguments.ids(bodies, f"{name} bodies")
        slots = self._bodies(bodies)
        force = arguments.rows(forces, len(slots), f"{name} forces")
        arguments.finite_rows(force, bodies, f"{name} forces")
        a = self._a
        torque = np.zeros(len(slots))
        if points is not None:
            p = arguments.rows(points, len(slots), f"{name} points")
            arguments.finite_rows(p, bodies, f"{name} points", coordinate=True)
            x, y, angle = a.xf[slots].T
            c, s = np.cos(angle), np.sin(angle)
            lx, ly = a.center[slots].T
            rx, ry = p[:, 0] - (x + c * lx - s * ly), p[:, 1] - (y + s * lx + c * ly)
            torque = np.where(a.inv_inertia[slots] != 0.0, rx * force[:, 1] - ry * force[:, 0], 0.0)
        rows = np.flatnonzero(a.dynamic[slots])
        pushed, at = np.unique(slots[rows], return_inverse=True)
        total = a.force[pushed].copy()
        np.add.at(total[:, 0], at, force[rows, 0])
        np.add.at(total[:, 1], at, force[rows, 1])
        np.add.at(total[:, 2], at, torque[rows])
        with np.errstate(over="ignore", invalid="ignore"):
            linear = a.inv_mass[pushed] * np.hypot(total[:, 0], total[:, 1])
            angular = a.inv_inertia[pushed] * np.abs(total[:, 2])
        bad = ~(linear <= MAX_ACCELERATION) | ~(angular <= MAX_ACCELERATION)
        if bad.any():
            j = int(np.flatnonzero(bad)[0])
            k = int(rows[np.flatnonzero(at == j)[0]])
            raise ValueError(
                f"{name} forces row {k} (body {int(bodies[k])}): with the forces already applied this step it "
                f"would accelerate the body by {float(linear[j]):g} units/s² and {float(angular[j]):g} rad/s²; each "
                f"at most MAX_ACCELERATION = {MAX_ACCELERATION:g}"
            )
        a.force[pushed] = total
        self._dynamics.woken(pushed)

    def mass(self, body: int) -> MassData:
        """The body's mass, centre of mass (local frame) and rotational inertia
        about it; zeros for static and kinematic bodies."""
        slot = self._body(body)
        a = self._a
        return MassData(float(a.mass[slot]), tuple(a.center[slot].tolist()), float(a.inertia[slot]))

    def transforms(self, bodies) -> np.ndarray:
        """(k, 3) rows of (x, y, angle) of the ids ``bodies``, in one call (a copy)."""
        slots = self._bodies(arguments.ids(bodies, "World.transforms bodies"))
        return self._a.xf[slots]

    def velocities(self, bodies) -> np.ndarray:
        """(k, 3) rows of (vx, vy, w) of the ids ``bodies``, in one call (a copy)."""
        slots = self._bodies(arguments.ids(bodies, "World.velocities bodies"))
        return self._a.vel[slots]

    def awake(self, bodies) -> np.ndarray:
        """(k,) whether each of the ids ``bodies`` takes part in steps (see ``is_awake``)."""
        slots = self._bodies(arguments.ids(bodies, "World.awake bodies"))
        return self._a.awake[slots]

    def is_dynamic(self, body: int) -> bool:
        return bool(self._a.dynamic[self._body(body)])

    def is_awake(self, body: int) -> bool:
        """Whether a dynamic body takes part in steps (False while its island sleeps, or from
        ``add(..., awake=False)`` until woken; static and kinematic bodies: True)."""
        return bool(self._a.awake[self._body(body)])

    def set_awake(self, body: int, awake: bool) -> None:
        """Wake the island of a dynamic body (True), or put it to sleep now (False), as Box2D's
        ``b2Body_SetAwake``. Asleep, the island is the body and every awake dynamic body linked to
        it by the last step's touching contacts or by joints, whatever their still time: their
        velocities become 0 and they take no part in steps until something wakes them (see
        ``add``'s ``awake``), in a world with ``sleep=False`` too. Woken, its sleep timer starts
        again. A body already so, and a static or kinematic body (always awake here), is left as
        it is.

        >>> from engine.collision import Polygon
        >>> world = World(gravity=(0.0, -10.0))
        >>> crate = world.add(Polygon.box(0.5, 0.5), (0.0, 5.0, 0.0))
        >>> world.set_awake(crate, False)
        >>> _ = world.step(0.1)
        >>> world.is_awake(crate), world.transform(crate).y
        (False, 5.0)
        """
        slot = self._body(body)
        awake = arguments.flag(awake, "World.set_awake awake")
        a = self._a
        if not a.dynamic[slot] or bool(a.awake[slot]) == awake:
            return
        if awake:
            self._dynamics.woken(slot)
        else:
            self._dynamics.put_to_sleep(slot)

    def remove(self, body: int) -> None:
        """Remove a body; its id is never given out again. As Box2D's ``b2DestroyBody``: what it
        touched wakes (a stack whose bottom crate is removed falls), and its touching contacts
        end, reported in the next ``step``'s ``ended``."""
        slot = self._body(body)
        a = self._a
        if a.compound and len(rows := a.rows_of(slot)) > 1:
            shapes = a.shape[rows]
            self._dynamics.removed(a.ids[rows])
            self._frame.changed(a.remove_many(a.ids[rows]), members=True)
        else:
            shapes = a.shape[slot : slot + 1].copy()
            self._dynamics.removed(a.ids[slot : slot + 1])
            # The walls' grid lists slots: it is stale only if a wall leaves or changes slot.
            self._frame.changed(a.remove(slot), members=True)
        self._body_count -= 1
        self._shapes_left(shapes)

    def _shapes_left(self, shapes: np.ndarray) -> None:
        """The rows that held the shapes at table indices ``shapes`` are gone or hold another: drop
        the step's caches of those no body uses now (``Dynamics.forget_shapes``)."""
        a = self._a
        shapes = np.unique(shapes)
        unused = shapes[~used_of(shapes, a.shape[: a.n])]
        if len(unused):
            self._dynamics.forget_shapes(unused)

    def remove_bodies(self, bodies) -> None:
        """``remove`` for many bodies in one call (what they touched wakes, their touching contacts
        end): the bodies left keep everything they had (their order in ``bodies`` may differ from
        one-by-one removes'); an id the world does not hold, or one given twice, is refused before
        any goes."""
        bodies = arguments.ids(bodies, "World.remove_bodies bodies")
        slots = self._bodies(bodies)
        if not _distinct(slots, self._a.n):
            raise ValueError("World.remove_bodies got the same body twice")
        if len(slots):
            a = self._a
            if a.compound:  # each body's shapes go with it
                whole = np.zeros(a.n, np.bool_)
                whole[slots] = True
                bodies = a.ids[: a.n][whole[a.root[: a.n]]]
            shapes = self._a.shape[self._a.slot_of[bodies]]
            self._dynamics.removed(bodies)
            self._frame.changed(self._a.remove_many(bodies), members=True)
            self._body_count -= len(slots)
            self._shapes_left(shapes)

    def set_transform(self, body: int, transform) -> None:
        """Place a body; ``transform`` as in ``add``: its box too must lie within
        the coordinate limit. Anything else is one error naming the argument,
        and the body stays where it was."""
        slot = self._body(body)
        xf = arguments.transform(transform, "World.set_transform transform")
        arguments.within_range(self.shape(body), xf, "World.set_transform transform")
        if self._a.compound:
            self._parts_within_range(np.array([slot]), np.array([tuple(xf)]), "World.set_transform transform")
        self._a.xf[slot] = xf
        # A dynamic body placed is teleported, as Box2D's b2Body_SetTransform: it wakes, its
        # sleep timer restarts, and its sweep starts here (the continuous pass sweeps each body
        # from ``start``: left at the old pose, a body placed across a wall was swept through
        # it and put back on the old side). A kinematic body keeps ``start``: the step turns
        # its placement into the velocity it pushes with.
        if self._a.dynamic[slot]:
            self._a.start[slot] = self._a.xf[slot]
            self._dynamics.woken(slot)
        self._follow(slot)
        self._frame.changed(bool(self._a.static[slot]))

    def set_transforms(self, bodies, x, y, angle) -> None:
        """Move many bodies at once (numpy arrays of equal length); all or nothing:
        each transform is checked as ``set_transform`` checks it (its box too),
        and a body given twice is refused (as ``remove_bodies`` and
        ``move_and_slide_bodies`` refuse it), before any body moves."""
        bodies, x, y, angle = arguments.transforms(bodies, x, y, angle, "World.set_transforms")
        if self._a.compound:
            slots = self._bodies(bodies)  # (a shape that is not its body's is refused by name)
            # (non-finite rows and repeats are named by ``place`` below; only finite rows are checked here)
            ok = np.isfinite(x) & np.isfinite(y) & np.isfinite(angle)
            rows = np.column_stack([x, y, angle])[ok]
            self._parts_within_range(slots[ok], rows, "World.set_transforms")
        # Boxes of the moved bodies are refreshed in the same pass when they are kept.
        walls_moved = self._a.place(
            self._table, bodies, x, y, angle, self._frame.kept_boxes, "World.set_transforms"
        )
        a = self._a
        placed = a.slot_of[bodies]  # every id is known: ``place`` refused the call otherwise
        placed = placed[a.dynamic[placed]]
        if len(placed):  # as ``set_transform``: a teleport, not a move (see there)
            a.start[placed] = a.xf[placed]
            self._dynamics.woken(placed)
        if a.compound:
            self._follow(a.slot_of[bodies])
            self._frame.changed(walls_moved)
        else:
            self._frame.moved_in_place(walls_moved)

    def transform(self, body: int) -> Transform:
        """The body's frame (its first shape's), x, y and angle (radians, counter-clockwise)."""
        return Transform(*self._a.xf[self._body(body)].tolist())

    def world_center(self, body: int) -> tuple[float, float]:
        """The body's centre of mass in the world (its origin for a static or kinematic body)."""
        slot = self._body(body)
        x, y, angle = self._a.xf[slot].tolist()
        cx, cy = self._a.center[slot].tolist()
        c, s = math.cos(angle), math.sin(angle)
        return (x + c * cx - s * cy, y + s * cx + c * cy)

    def shape_transform(self, shape: int) -> Transform:
        """Where a shape is in the world: its body's frame composed with the shape's place in it
        (a body's own id: its first shape, at the body's frame)."""
        return Transform(*self._a.xf[self._a.slot(shape)].tolist())

    def shape_transforms(self, shapes) -> np.ndarray:
        """(k, 3) rows of (x, y, angle) of the shape ids ``shapes`` in the world, in one call (a copy):
        a sprite per shape mirrors these."""
        ids = arguments.ids(shapes, "World.shape_transforms shapes")
        return self._a.xf[self._a.slots(ids)] if len(ids) else np.zeros((0, 3))

    def shape(self, body_or_shape: int):
        """A shape's convex shape (a body's id: its first shape's), in its own frame."""
        return self._table[int(self._a.shape[self._a.slot(body_or_shape)])]

    def user_data(self, body_or_shape: int) -> Any:
        """A shape's ``user_data`` (a body's id: the body's, given to ``add``)."""
        return self._a.user[self._a.slot(body_or_shape)]

    def is_static(self, body: int) -> bool:
        return bool(self._a.static[self._body(body)])

    def is_sensor(self, body_or_shape: int) -> bool:
        """Whether a shape (a body's id: its first) senses and does not push."""
        return bool(self._a.sensor[self._a.slot(body_or_shape)])

    def layer(self, body_or_shape: int) -> int:
        """A shape's layer bits (a body's id: its first shape's, ``add``'s ``layer``)."""
        return int(self._a.layer[self._a.slot(body_or_shape)])

    def mask(self, body_or_shape: int) -> int:
        """The layers a shape meets (a body's id: its first shape's, ``add``'s ``mask``)."""
        return int(self._a.mask[self._a.slot(body_or_shape)])

    def __len__(self) -> int:
        """How many bodies the world holds."""
        return self._body_count

    def __contains__(self, body: int) -> bool:
        if isinstance(body, (bool, np.bool_)) or not isinstance(body, (int, np.integer)):
            return False
        return 0 <= body < len(self._a.slot_of) and self._a.slot_of[body] >= 0

    @property
    def cell_size(self) -> float | None:
        """Side of the moving bodies' grid cells: the one given, or the one the
        world chose when it first needed a grid (None before)."""
        return self._frame.chosen_cell

    @property
    def bodies(self) -> np.ndarray:
        """Ids of all bodies."""
        a = self._a
        if a.compound:
            return a.ids[: a.n][a.root[: a.n] == np.arange(a.n)]
        return a.ids[: a.n].copy()

    # --- pairs ------------------------------------------------------------

    def pairs(self) -> np.ndarray:
        """Ids of overlapping (or touching) bodies, (k, 2), each row ascending, rows sorted; a pair of
        bodies once, however many of their shapes touch (``shape_pairs`` names those).

        Exact, but in a pile-up (see the module): at most ``pileup.MAX_MET`` (16) pairs per shape
        there, so 2,000 bodies at one point give about 32,000 pairs, not 2 million.

        The array is read-only: the world keeps it until anything changes
        (``contacts()`` reuses it), so a caller that wants to edit it copies it.
        """
        ids = self._frame.pairs()[0]
        if not self._a.compound:
            return ids
        owner = self._a.owner[ids]
        owner = np.sort(owner[owner[:, 0] != owner[:, 1]], axis=1)
        found = np.unique(owner, axis=0) if len(owner) else owner.reshape(0, 2)
        found.setflags(write=False)
        return found

    def shape_pairs(self) -> np.ndarray:
        """Ids of overlapping (or touching) shapes, (k, 2), as ``pairs()`` (a body's own shapes never
        pair); in a world of one shape a body, the same as ``pairs()``."""
        ids = self._frame.pairs()[0]
        if not self._a.compound:
            return ids
        owner = self._a.owner[ids]
        return ids[owner[:, 0] != owner[:, 1]]

    def contacts(self) -> WorldContacts:
        """The same pairs of shapes as ``shape_pairs()``, with their bodies (``pairs``), normal (first
        → second), depth and deepest points."""
        slots = self._frame.pairs()[1]
        found, values = contacts_of(*self._frame.bodies(), slots)
        if not self._a.compound:
            return WorldContacts(found, values[:, 0:2], values[:, 2], values[:, 3:5], values[:, 5:7], found)
        owner = self._a.owner[found]
        keep = owner[:, 0] != owner[:, 1]
        values = values[keep]
        return WorldContacts(
            owner[keep], values[:, 0:2], values[:, 2], values[:, 3:5], values[:, 5:7], found[keep]
        )

    # --- queries ----------------------------------------------------------

    def query_aabb(self, lo, hi, mask: int = ALL_LAYERS) -> np.ndarray:
        """Ids of bodies whose boxes overlap the box lo–hi and whose layer is in ``mask``.

        The boxes are the bodies' world boxes grown by their share of the
        touching tolerance (``boxes.aabb_of``).
        """
        lo_x, lo_y = arguments.pair(lo, "World.query_aabb lo")
        hi_x, hi_y = arguments.pair(hi, "World.query_aabb hi")
        mask = arguments.bits(mask, "World.query_aabb mask")
        return self._owners(self._a.ids[self._box_slots(lo_x, lo_y, hi_x, hi_y, mask)])

    def query_shape(self, shape, transform, mask: int = ALL_LAYERS) -> np.ndarray:
        """Ids of bodies that overlap or touch ``shape`` at ``transform``."""
        xf = arguments.transform(transform, "World.query_shape transform")
        mask = arguments.bits(mask, "World.query_shape mask")
        shape = arguments.shape(shape, "World.query_shape shape")
        # Its box grown as the bodies' are, so no touching body is culled. Through compute_aabbs, as
        # the bodies' boxes: aabb_of called from here on the shape's read-only buffer compiled again.
        index = self._shape_index(shape)  # indexed first: adding a new shape repacks the table's arrays
        box = np.empty((1, 4))
        compute_aabbs(self._table.data, self._table.offsets, np.array([index]), np.array([xf]), box)
        slots = self._box_slots(*box[0], mask)
        if not len(slots):
            return np.zeros(0, dtype=np.int64)
        hit = intersects_batch(
            self._table, np.full(len(slots), index), np.tile(np.array(xf), (len(slots), 1)),
            self._a.shape[slots], self._a.xf[slots],
        )  # fmt: skip
        return self._owners(np.sort(self._a.ids[slots[hit]]))

    def query_point(self, x: float, y: float, mask: int = ALL_LAYERS) -> np.ndarray:
        """Ids of bodies that contain the point (x, y) (boundary included)."""
        x, y = arguments.pair((x, y), "World.query_point point", coordinate=True)
        return self.query_shape(POINT, (x, y, 0.0), mask)

    def raycast(self, origin, direction, max_distance: float, mask: int = ALL_LAYERS) -> RayHit | None:
        """Nearest solid body along the ray, or None.

        A ray that starts inside a body hits it at distance 0, with the
        normal pointing out of it along the way the ray would leave. Any
        finite ``max_distance`` is exact: the ray is cut where it leaves the
        bodies it could meet, nothing lying beyond. A chain (``add_chain``) is
        one-sided here too: a ray from behind a segment passes through it.
        """
        ox, oy = arguments.pair(origin, "World.raycast origin", coordinate=True)
        ux, uy = arguments.direction(direction, "World.raycast direction")
        max_distance = arguments.real(max_distance, "World.raycast max_distance", 0.0)
        mask = arguments.bits(mask, "World.raycast mask")
        hit = cast_among(
            self._frame.bodies(), POINT.packed, 0, (ox, oy, 0.0), ux * max_distance, uy * max_distance, mask,
            self._a.one_sided,
        )  # fmt: skip
        if hit is None:
            return None
        distance = hit.fraction * max_distance
        return RayHit(
            int(self._a.owner[hit.body]),
            (ox + distance * ux, oy + distance * uy),
            hit.normal,
            distance,
            hit.body,
        )

    def shape_cast(self, shape, transform, translation, mask: int = ALL_LAYERS) -> CastHit | None:
        """First solid body ``shape`` meets when moved by ``translation``, or None.

        A shape that starts overlapping or touching a body hits it at
        fraction 0. Any finite ``translation`` is exact, as for ``raycast``.
        A chain's segment is met only by a shape whose origin starts in front of it.
        """
        xf = arguments.transform(transform, "World.shape_cast transform")
        dx, dy = arguments.pair(translation, "World.shape_cast translation", what="(dx, dy)")
        mask = arguments.bits(mask, "World.shape_cast mask")
        # Indexed first: adding a new shape repacks the table's arrays.
        index = self._shape_index(arguments.shape(shape, "World.shape_cast shape"))
        offset = int(self._table.offsets[index])
        hit = cast_among(self._frame.bodies(), self._table.data, offset, xf, dx, dy, mask, self._a.one_sided)
        return None if hit is None else hit._replace(body=int(self._a.owner[hit.body]), shape=hit.body)

    def cast_bodies(self, bodies, translations, mask: int = ALL_LAYERS) -> CastBatch:
        """Cast many bodies along their own translations at once (bullets), against
        the solid bodies whose layer is in ``mask``; the bodies do not move.

        Each body's swept box goes through the same grids as ``pairs()``, and
        every candidate is cast in one compiled call (``sweep``). A body that
        starts overlapping a target hits it at fraction 0, as in ``shape_cast``.
        A caster skips itself; other casters stay targets. A body of several
        shapes casts every solid shape of it by its translation and reports the
        earliest hit, never one of its own shapes (``slide.cast_group``, after
        the compiled batch).
        """
        bodies = arguments.vector(bodies, arguments.I64, "World.cast_bodies bodies")
        moves = arguments.rows_fast(translations, len(bodies), "World.cast_bodies translations")
        mask = arguments.bits(mask, "World.cast_bodies mask")
        frame = self._frame
        groups = self._groups(self._bodies(bodies)) if self._a.compound else None
        found = cast_bodies(frame.bodies(), frame.walls(), self._a.slot_of, mask, bodies, moves, frame.cell())
        if groups is not None:  # each body of several shapes again: all its shapes, the earliest hit
            for q, (root, rows) in enumerate(groups):
                if not (len(rows) == 1 and rows[0] == root):
                    hit = cast_group(frame.bodies(), frame.walls(), root, rows, moves[q], mask, frame.cell())
                    found.body[q] = -1 if hit[0] < 0 else int(self._a.ids[hit[0]])
                    found.fraction[q] = hit[1]
                    found.point[q], found.normal[q] = hit[2], hit[3]
        hit = found.body >= 0
        owner = np.where(hit, self._a.owner[np.where(hit, found.body, 0)], -1)
        return found._replace(body=owner, shape=found.body)

    def move_and_slide(self, body: int, displacement, mask: int = ALL_LAYERS) -> SlideResult:
        """Move a body by ``displacement``, stopping at walls and sliding along them
        (``slide``): it stops a skin short of the first solid body in ``mask``,
        slides for the rest of the step, never ends inside or touching a wall
        and never passes a corner. A batch of one ``move_and_slide_bodies``,
        reporting what it slid along. A body of several shapes moves whole: each
        of its solid shapes is cast by the same move, the earliest hit stops it
        and the slide follows that hit's normal (``slide.slide_groups``).
        """
        slot = self._body(body)
        move = arguments.pair(displacement, "World.move_and_slide displacement", what="(dx, dy)")
        mask = arguments.bits(mask, "World.move_and_slide mask")
        found = slide_result(self._a.ids, *self._slide(np.array([slot]), np.array([move]), mask))
        hits = tuple(h._replace(body=int(self._a.owner[h.body]), shape=h.body) for h in found.hits)
        return found._replace(hits=hits)

    def move_and_slide_bodies(self, bodies, displacements, mask: int = ALL_LAYERS) -> np.ndarray:
        """``move_and_slide`` for many bodies at once; returns their final
        positions, (k, 2), and moves them there.

        The moved bodies are kinematic and do not block one another within
        the call: each one stops at, and slides along, the solid bodies in
        ``mask`` that are not being moved in this call (the game passes the
        walls' layer). Each slide is one batched cast of every body still
        moving, so Python works per call, not per body.
        """
        slots = self._bodies(arguments.ids(bodies, "World.move_and_slide_bodies bodies"))
        rest = arguments.rows(displacements, len(slots), "World.move_and_slide_bodies displacements")
        mask = arguments.bits(mask, "World.move_and_slide_bodies mask")
        if not _distinct(slots, self._a.n):
            raise ValueError("move_and_slide_bodies got the same body twice")
        return self._slide(slots, rest, mask)[0][:, :2].copy()

    # --- internals --------------------------------------------------------

    def _slide(self, slots, rest, mask):
        """``slide.slide_slots``, then the bodies written where they end; a batch that holds a body
        of several shapes: ``slide.slide_groups`` (each body's shapes cast together), its shapes
        following it."""
        frame = self._frame
        groups = self._groups(slots) if self._a.compound else None
        if groups is None:
            found = slide_slots(self._table, frame.bodies(), frame.walls(), slots, rest, mask, frame.cell())
            self._a.xf[slots] = found[0]
            frame.moved_slots(slots, bool(self._a.static[slots].any()))
            return found
        found = slide_groups(frame.bodies(), frame.walls(), groups, rest, mask, frame.cell())
        self._a.xf[slots] = found[0]
        self._follow(slots)
        rows = np.concatenate([self._a.rows_of(int(s)) for s in slots.tolist()])
        frame.moved_slots(rows, bool(self._a.static[slots].any()))
        return found

    def _groups(self, slots: np.ndarray) -> list | None:
        """For bodies ``slots`` (roots) of which one or more hold several shapes: each body's (root,
        the rows of its solid shapes), which a move or a cast casts together; None when every body
        holds one (the compiled single-shape paths, unchanged)."""
        a = self._a
        holding = np.bincount(a.root[: a.n], minlength=a.n)[slots]
        if not (holding > 1).any():
            return None
        groups = []
        for slot in slots.tolist():
            rows = a.rows_of(slot)
            solid = ~a.sensor[rows]
            solid &= ~((rows == slot) & self._is_bare(slot))
            groups.append((slot, rows[solid]))
        return groups

    def _body(self, body) -> int:
        """The slot of body id ``body`` (its first shape's row); one error for an id the world does
        not hold, or one of a body's other shapes."""
        slot = self._a.slot(body)
        if self._a.root[slot] != slot:
            raise KeyError(f"{body} is a shape of body {int(self._a.owner[body])}, not a body")
        return slot

    def _bodies(self, bodies) -> np.ndarray:
        """The slots of body ids ``bodies`` (``_body`` for many, one compiled look-up)."""
        slots = self._a.slots(bodies)
        if self._a.compound:
            bad = np.flatnonzero(self._a.root[slots] != slots)
            if len(bad):
                shape = int(np.asarray(bodies).reshape(-1)[bad[0]])
                raise KeyError(f"{shape} is a shape of body {int(self._a.owner[shape])}, not a body")
        return slots

    def _rows(self, body_or_shape) -> np.ndarray:
        """The rows a per-shape setting applies to: every shape of a body (given its id), or one
        shape (given a shape id that is not its body's)."""
        slot = self._a.slot(body_or_shape)
        if self._a.root[slot] == slot and self._a.compound:
            return self._a.rows_of(slot)
        return np.array([slot])

    def _moving_slot(self, body: int, what: str) -> int:
        slot = self._body(body)
        if self._a.static[slot]:
            raise ValueError(f"{what}: body {body} is static and cannot move")
        return slot

    def _push(self, body: int, vector, point, what: str, impulse: float) -> None:
        slot = self._body(body)
        fx, fy = arguments.pair(vector, f"{what} {'impulse' if impulse else 'force'}", what="(x, y)")
        given = f"{what} {'impulse' if impulse else 'force'} is ({fx!r}, {fy!r})"
        if point is not None:
            px, py = arguments.pair(point, f"{what} point", coordinate=True)
            given += f" at ({px!r}, {py!r})"
        a = self._a
        if not a.dynamic[slot]:
            return
        inv_mass, inv_inertia = float(a.inv_mass[slot]), float(a.inv_inertia[slot])
        torque = 0.0
        if point is not None and inv_inertia:  # Python floats: an overflow is inf (refused below)
            x, y, angle = a.xf[slot].tolist()
            c, s = math.cos(angle), math.sin(angle)
            lx, ly = a.center[slot].tolist()
            rx, ry = px - (x + c * lx - s * ly), py - (y + s * lx + c * ly)
            torque = rx * fy - ry * fx
        if impulse:
            vx, vy, w = a.vel[slot].tolist()
            after = (vx + inv_mass * fx, vy + inv_mass * fy, w + inv_inertia * torque)
            if not (math.hypot(after[0], after[1]) <= MAX_SPEED and abs(after[2]) <= MAX_SPIN):
                raise ValueError(f"{given}: it would take body {body} {_too_fast((vx, vy, w), after)}")
            a.vel[slot] = after
        else:
            sx, sy, st = a.force[slot].tolist()
            total = (sx + fx, sy + fy, st + torque)
            linear, angular = inv_mass * math.hypot(total[0], total[1]), inv_inertia * abs(total[2])
            if not (linear <= MAX_ACCELERATION and angular <= MAX_ACCELERATION):
                raise ValueError(
                    f"{given}: with the forces already applied this step it would accelerate body {body} "
                    f"by {linear:g} units/s² and {angular:g} rad/s²; each at most "
                    f"MAX_ACCELERATION = {MAX_ACCELERATION:g}"
                )
            a.force[slot] = total
        self._dynamics.woken(slot)

    def _shaped(self, slot: int) -> None:
        """The body at ``slot`` gained or lost a shape: its reach, its mass (a dynamic body's), and
        its shapes' rows' type and sleep as its own."""
        a = self._a
        rows = a.rows_of(slot)
        offsets, data = self._table.offsets, self._table.data
        far = 0.0
        for row in rows.tolist():
            if row == slot and self._is_bare(slot):
                continue
            far = max(far, math.hypot(*a.local[row, :2].tolist()) + reach(data, int(offsets[a.shape[row]])))
        a.reach[slot] = far
        a.static[rows], a.dynamic[rows], a.awake[rows] = a.static[slot], a.dynamic[slot], a.awake[slot]
        self._set_mass(slot)

    def _set_mass(self, slot: int) -> None:
        """A dynamic body's mass, centre and inertia from its shapes and their densities, summed about
        its centre of mass (the parallel axis theorem; Box2D's ``b2UpdateBodyMassData``); a static or
        kinematic body's: none."""
        a = self._a
        if not a.dynamic[slot]:
            a.mass[slot] = a.inertia[slot] = a.inv_mass[slot] = a.inv_inertia[slot] = 0.0
            a.center[slot] = 0.0
            return
        mass, center, inertia = self._mass_of(slot)
        if mass <= 0.0:  # a bare segment has no area: Box2D v2's unit mass, and no turning
            mass, inertia = 1.0, 0.0
        a.mass[slot], a.inertia[slot], a.center[slot] = mass, inertia, center
        a.inv_mass[slot] = 1.0 / mass
        a.inv_inertia[slot] = 0.0 if a.fixed[slot] or inertia <= 0.0 else 1.0 / inertia
        low, high = self._inverse_masses
        self._inverse_masses = (min(low, 1.0 / mass), max(high, 1.0 / mass))

    def _mass_of(self, slot: int) -> tuple[float, tuple[float, float], float]:
        """(mass, centre of mass in the body's frame, inertia about it) of the body at ``slot``."""
        a = self._a
        if not a.compound:
            return mass_properties(self._table[int(a.shape[slot])], float(a.density[slot]))
        parts = []
        for row in a.rows_of(slot).tolist():
            if a.density[row] <= 0.0:
                continue
            m, (cx, cy), i = mass_properties(self._table[int(a.shape[row])], float(a.density[row]))
            lx, ly, la = a.local[row].tolist()
            c, s_ = math.cos(la), math.sin(la)
            parts.append((m, lx + c * cx - s_ * cy, ly + s_ * cx + c * cy, i))
        mass = sum(m for m, _, _, _ in parts)
        if mass <= 0.0:
            return 0.0, (0.0, 0.0), 0.0
        cx = sum(m * x for m, x, _, _ in parts) / mass
        cy = sum(m * y for m, _, y, _ in parts) / mass
        inertia = sum(i + m * ((x - cx) ** 2 + (y - cy) ** 2) for m, x, y, i in parts)
        return mass, (cx, cy), inertia

    def _parts_within_range(self, slots: np.ndarray, xf: np.ndarray, name: str) -> None:
        """Refuse placing the bodies at ``slots`` at ``xf`` (rows of x, y, angle) where a shape other
        than a body's first would leave the coordinate range (the first is checked by the caller).
        A body's ``reach`` bounds all its shapes, so nearly every call ends at the first test."""
        a = self._a
        reach = a.reach[slots]
        far = (np.abs(xf[:, 0]) + reach > MAX_COORDINATE) | (np.abs(xf[:, 1]) + reach > MAX_COORDINATE)
        for slot, (x, y, turn) in zip(slots[far].tolist(), xf[far].tolist()):
            c, s_ = math.cos(turn), math.sin(turn)
            for row in np.flatnonzero(a.root[: a.n] == slot).tolist():
                if row == slot:
                    continue
                lx, ly, la = a.local[row].tolist()
                placed = Transform(x + c * lx - s_ * ly, y + s_ * lx + c * ly, turn + la)
                where = f"{name}: body {int(a.ids[slot])}'s shape {int(a.ids[row])}"
                arguments.within_range(self._table[int(a.shape[row])], placed, where)

    def _follow(self, slots) -> None:
        """The other shapes of the bodies at ``slots`` (roots) placed where their bodies now are."""
        a = self._a
        if not a.compound:
            return
        moved = np.zeros(a.n, np.bool_)
        moved[np.atleast_1d(slots)] = True
        rows = np.flatnonzero(moved[a.root[: a.n]] & (a.root[: a.n] != np.arange(a.n)))
        if len(rows):
            body = a.xf[a.root[rows]]
            c, s_ = np.cos(body[:, 2]), np.sin(body[:, 2])
            lx, ly, la = a.local[rows].T
            a.xf[rows] = np.column_stack(
                [body[:, 0] + c * lx - s_ * ly, body[:, 1] + s_ * lx + c * ly, body[:, 2] + la]
            )
            a.start[rows] = a.xf[rows]

    def _warn(self, key: str, message: str) -> None:
        """Say ``message`` as a ``PhysicsWarning``, once per world for ``key``."""
        if key not in self._warned:
            self._warned.add(key)
            warnings.warn(message, PhysicsWarning, stacklevel=4)  # (the caller of step, add or World)

    def _check_gravity(self, scale: float) -> None:
        g = math.hypot(*self._dynamics.gravity) * abs(scale)
        limit = MAX_RESTING_GRAVITY * self._dynamics.tune.slop / LINEAR_SLOP
        if g > limit:
            self._warn(
                "gravity",
                f"World: gravity {g:g} world units/s² (with gravity scale {scale:g}) is past {limit:g} "
                f"(MAX_RESTING_GRAVITY = {MAX_RESTING_GRAVITY:g} m/s²): resting bodies sink into what holds "
                "them, a unit box 0.9 m under 1e5 m/s², and fall through under more",
            )

    def _check_mass_ratios(self) -> None:
        """Warn once if the step's contacts hold a dynamic body resting on one more than
        ``MAX_RESTING_MASS_RATIO`` times lighter."""
        cons, a = self._dynamics._last, self._a
        held = (cons.count > 0) & a.dynamic[cons.a] & a.dynamic[cons.b]
        if not held.any():
            return
        # Which body lies on the other (the normal runs from a to b: b is on top where it points up
        # against gravity): a light box on a heavy plank is held as well as on the ground.
        gx, gy = self._dynamics.gravity
        b_on_top = cons.normal[held] @ np.array([gx, gy]) < 0.0
        first, second = a.inv_mass[cons.a[held]], a.inv_mass[cons.b[held]]
        ratio = np.where(b_on_top, first / second, second / first)  # the one on top's mass over the other's
        k = int(np.argmax(ratio))
        if ratio[k] > MAX_RESTING_MASS_RATIO:
            ids = sorted((int(a.ids[cons.a[held][k]]), int(a.ids[cons.b[held][k]])))
            self._warn(
                "mass ratio",
                f"World.step: of bodies {ids[0]} and {ids[1]}, the one on top is {ratio[k]:,.0f} times the "
                f"other's mass; past MAX_RESTING_MASS_RATIO = {MAX_RESTING_MASS_RATIO:g}, a heavy body sinks into "
                "a light one it rests on (15 % of its height at 1,000 times, through it at 10,000)",
            )

    # --- copies and pickles ------------------------------------------------

    def __copy__(self) -> World:
        """``copy.copy``: a world of its own, as ``copy.deepcopy`` makes one, that shares with this
        one only its bodies' ``user_data`` objects (what a shallow copy shares: what it holds).
        Sharing the arrays, as the default copy did, let a step of the copy move this world."""
        return self.__deepcopy__({id(user): user for user in self._a.user})

    def __deepcopy__(self, memo: dict) -> World:
        """``copy.deepcopy``: every array and all the engine's state copied (the contacts it warm
        starts from, the broad phase's candidates, the colouring), so the copy steps as this world
        would, bit for bit; the shapes, immutable, are shared."""
        for shape in self._table_index:
            memo.setdefault(id(shape), shape)
        twin = type(self).__new__(type(self))
        memo[id(self)] = twin
        twin.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return twin

    def __reduce_ex__(self, protocol):
        """Pickled as any object is, its whole state, after the bodies' ``user_data`` is tried in a
        pickler of its own, into nothing: one that cannot be pickled is named by its body, where
        Python's error named neither. The world's own pickle is untouched: user data shares its
        references with whatever is pickled alongside, as before (a nested pickle would not)."""
        a = self._a
        users = [
            (slot, user) for slot, user in enumerate(a.user) if user is not None and type(user) not in _PLAIN
        ]
        try:
            pickle.Pickler(_Nowhere(), protocol).dump([user for _, user in users])
        except Exception:
            # One at a time, to name the body (its memo kept, so a graph the bodies share is tried once).
            trial = pickle.Pickler(_Nowhere(), protocol)
            for slot, user in users:
                try:
                    trial.dump(user)
                except Exception as error:
                    said = " ".join(str(error).split())[:200]
                    raise pickle.PicklingError(
                        f"World: user_data of body {int(a.ids[slot])} cannot be pickled: "
                        f"{type(error).__name__}: {said}"
                    ) from error
            raise
        return super().__reduce_ex__(protocol)

    # --- snapshots ----------------------------------------------------------

    def snapshot(self) -> bytes:
        """Everything the next step depends on, as bytes (``engine.world.snapshot``): bodies, shapes,
        chains, contacts with their warm-start impulses, sleep timers, the broad phase's standing
        candidates, settings, gravity and the id counters. ``restore`` or ``from_snapshot`` gives a
        world whose steps are bit-identical to this one's, on the same machine and build.
        ``user_data`` is saved when it is None, a bool, int, float, str or bytes, or a tuple of
        those; anything else is a ``TypeError`` naming the body, and nothing is saved.

        >>> from engine.collision import Circle
        >>> world = World(gravity=(0.0, -10.0))
        >>> ball = world.add(Circle(0.5), (0.0, 2.0, 0.0), user_data="ball")
        >>> saved = world.snapshot()
        >>> _ = world.step(1 / 60)
        >>> twin = World.from_snapshot(saved)
        >>> _ = twin.step(1 / 60)
        >>> twin.transform(ball) == world.transform(ball), twin.user_data(ball)
        (True, 'ball')
        """
        return snapshots.encode(snapshots.world_state(self))

    def restore(self, snapshot) -> None:
        """Put this world back as it was when ``snapshot`` (from ``snapshot``) was taken. The bytes are
        hostile input: a truncated, corrupted, oversized or other-version snapshot, or one whose
        state no world could hold, is one ``ValueError`` (a ``TypeError`` for what is not bytes)
        and this world is unchanged (the new state is built whole, then swapped in)."""
        twin = snapshots.build_world(type(self), snapshots.decode(snapshot))
        self.__dict__.clear()
        self.__dict__.update(twin.__dict__)

    @classmethod
    def from_snapshot(cls, snapshot) -> World:
        """A new world from ``snapshot``, checked as ``restore`` checks it."""
        return snapshots.build_world(cls, snapshots.decode(snapshot))

    def state_hash(self) -> int:
        """A 64-bit hash (blake2b, unsigned) of what the next step depends on: the snapshot's arrays
        but the read-outs (``user_data``, ``pair_impulses``, the warnings said). Two worlds with one
        hash step alike; the same world gives the same hash
        in any process on one machine and build (not across machines: see the README)."""
        return snapshots.hash_of(self.snapshot())

    def _shape_index(self, shape) -> int:
        index = self._table_index.get(shape)
        if index is None:
            index = self._table_index[shape] = self._table.add(shape)
        return index

    def _box_slots(self, lo_x, lo_y, hi_x, hi_y, mask) -> np.ndarray:
        return slots_in_box(self._frame.boxes(), self._a.layer, mask, lo_x, lo_y, hi_x, hi_y)


_NO_PAIRS = np.zeros((0, 2), np.int64)


def _by_bodies(owner: np.ndarray, shapes: np.ndarray, *normals: np.ndarray) -> tuple[np.ndarray, ...]:
    """(bodies, shapes, *normals) of shape pairs ``shapes`` (k, 2): each row's bodies (``owner``),
    the row turned round where the second shape's body has the smaller id, each normal (first →
    second) negated there. Arrays are copied before any row turns."""
    bodies = owner[shapes]
    swap = bodies[:, 0] > bodies[:, 1]
    if not swap.any():
        return (bodies, shapes, *normals)
    shapes = shapes.copy()
    bodies[swap], shapes[swap] = bodies[swap][:, ::-1], shapes[swap][:, ::-1]
    return (bodies, shapes, *(np.where(swap[:, None], -normal, normal) for normal in normals))


class PairImpulses(NamedTuple):
    """``World.pair_impulses``: touching pairs as (k, 2) ``bodies`` and their (k, 2) ``shapes``, row
    for row, and the normal ``impulse`` (k,) each took over the last step."""

    bodies: np.ndarray
    shapes: np.ndarray
    impulse: np.ndarray


#: ``user_data`` of these types pickles without trying (the game's are ints).
_PLAIN = (int, float, str, bytes, bool)


class _Nowhere:
    """A file that keeps nothing: where ``World.__reduce_ex__`` tries its bodies' user data."""

    def write(self, data) -> int:
        return len(data)


def _refuse_removed(name: str, removed: dict) -> None:
    """One line for keywords a call no longer takes: ``static=`` and ``dynamic=`` name ``type=``."""
    word = next(iter(removed))
    if word in ("static", "dynamic"):
        raise TypeError(
            f"{name}: {word}= is gone; a body's type is one argument: type='static', 'kinematic' or "
            "'dynamic' (dynamic when not given)"
        )
    raise TypeError(f"{name} got an unexpected keyword argument {word!r}")


type_of = type  # (``add`` names an argument ``type``)


def _distinct(slots: np.ndarray, n: int) -> bool:
    """Whether no slot (each in 0..n-1) repeats: one mark per slot, counted. A few microseconds
    for a tick's batch, where ``np.unique`` sorted or hashed in 15-50 us a call."""
    marks = np.zeros(n, dtype=bool)
    marks[slots] = True
    return int(np.count_nonzero(marks)) == len(slots)


def _too_fast(before, after) -> str:
    """The end of the line refusing a push: the velocity it would lead to and the limits."""
    speed = math.hypot(float(after[0]), float(after[1]))
    return (
        f"from velocity ({float(before[0]):g}, {float(before[1]):g}, {float(before[2]):g}) to a speed of {speed:g} and a spin of {abs(float(after[2])):g}; "
        f"at most MAX_SPEED = {MAX_SPEED:g} world units/s and MAX_SPIN = {MAX_SPIN:g} rad/s"
    )


def frame_view(world: World) -> FrameView:
    """``world`` as its kernels see it this frame, caches built: to drive or
    check one stage of the pipeline (``pairs.candidates_over_walls``,
    ``sweep.targets_of``...) apart from the rest, in tests and tools."""
    return world._frame.view()


def candidate_pairs(world: World) -> np.ndarray:
    """The broad phase's slot pairs of ``world`` (boxes overlap, layers and masks
    agree; not yet judged by shape), as ``pairs()`` finds them: to test the
    broad phase apart from the narrow phase. Rows (a, b) of slots, in no order."""
    return world._frame.candidates()


def slot_of(world: World, body: int) -> int:
    """The row of ``body`` in ``world``'s arrays (what ``candidate_pairs`` lists)."""
    return world._a.slot(body)


__all__ = [
    "ALL_LAYERS",
    "MAX_ACCELERATION",
    "MAX_BODIES",
    "MAX_CELL_SIZE",
    "MAX_DT",
    "MAX_RESTING_GRAVITY",
    "MAX_RESTING_MASS_RATIO",
    "MAX_SHAPES",
    "MAX_SHAPES_PER_BODY",
    "MAX_SPEED",
    "MAX_SPIN",
    "MAX_SUBSTEPS",
    "MIN_CELL_SIZE",
    "MIN_DT",
    "PRECOMPILE_PARTS",
    "FrameView",
    "PairImpulses",
    "PhysicsWarning",
    "World",
    "candidate_pairs",
    "frame_view",
    "slot_of",
]
