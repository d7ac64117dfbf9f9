"""Rigid-body scenes built the same way in our world, in pymunk, in pybox2d and in
pyb2d3 (Box2D v3.1), for the side-by-side tests and ``benchmarks/dynamics.py``.

A ``Scene`` is plain data: gravity and a list of ``Piece`` (a box, a
circle or a body of several convex polygons; static, kinematic or dynamic,
with its place, density, friction and restitution), in metres, kilograms
and seconds, y up. Each builder turns
it into one engine's world and returns a ``Run`` whose ``step()`` advances
it by ``DT`` and whose ``poses()`` reads every piece's (x, y, angle) in the
scene's order.

What is matched between the engines, and what cannot be:
- the time step (``DT`` = 1/60 s) and the solver passes per step: ours
  runs ``SUBSTEPS`` sub-steps of one biased and one relaxing pass, 8
  velocity passes in all; pymunk gets ``iterations = 8``; pybox2d 8
  velocity iterations and 3 position iterations (Box2D 2.3's own sample
  setting for the latter, which has no counterpart in ours); pyb2d3 the
  same ``SUBSTEPS`` (Box2D v3's soft step, which ours follows);
- friction: both Box2Ds mix by geometric mean, pymunk by product, so pymunk
  is given the square root of each piece's friction (its product of two
  equal frictions is then the same μ); restitution likewise (pymunk mixes by
  product, Box2D by the larger);
- pymunk's ``collision_slop`` is set to Box2D's 0.005 m (its default 0.1 is in
  user units: 10 cm of allowed overlap at metre scale);
- sleeping is off in all four (``sleep=False``; pymunk's default; pybox2d
  ``allowSleep=False``; pyb2d3 ``sleeping_enabled = False``), as the
  benchmark needs, unless the scene says ``sleep=True``: then it is on in all
  four with Box2D v3's settings (ours and pyb2d3 by default; pybox2d
  ``doSleep``, Box2D 2.3's own tolerances; pymunk ``sleep_time_threshold``
  0.5 s and ``idle_speed_threshold`` 0.05 m/s, Box2D v3's);
- a piece created asleep (``Piece.awake = False``, dynamic only): ours
  ``World.add(..., awake=False)``, pyb2d3 ``is_awake=False`` and pybox2d
  ``awake=False`` in the body's definition, each in an island of its own;
  pymunk ``Body.sleep()`` once added, which needs sleeping on in its space
  (a scene with such a piece and ``sleep=False`` is refused for pymunk).
  Box2D 2.3 (pybox2d) wakes both bodies of every contact it makes, so pieces
  created asleep that touch wake on its first step;
- pybox2d's boxes take half extents, pymunk's full sizes (both converted here);
- pyb2d3 is given no thread pool, so Box2D v3 steps on the calling thread
  alone (its ``workerCount`` 1), as the others do.
pybox2d and pyb2d3 (the ``test`` extra; pybox2d also the ``bench`` one) are
imported only by their builders.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

DT = 1.0 / 60.0
SUBSTEPS = 4
ITERATIONS = 2 * SUBSTEPS


@dataclass(frozen=True)
class Piece:
    """One body: ``kind`` 'box' (half extents ``size``), 'circle' (radius ``size[0]``) or 'polygons'
    (one convex polygon shape for each entry of ``polygons``, body-local points counter-clockwise,
    all of the piece's material; ``size`` unused)."""

    kind: str
    size: tuple[float, float]
    position: tuple[float, float]
    angle: float = 0.0
    motion: str = "dynamic"  # or 'static', 'kinematic'
    density: float = 1.0
    friction: float = 0.6
    restitution: float = 0.0
    #: A kinematic piece's velocity; with ``pivot``, its spin about that point (its
    #: velocity is then set before every step to turn it about the pivot).
    velocity: tuple[float, float, float] = (0.0, 0.0, 0.0)
    pivot: tuple[float, float] | None = None
    #: Ours and Box2D v3 only (pymunk and Box2D 2.3 have none).
    rolling_resistance: float = 0.0
    polygons: tuple[tuple[tuple[float, float], ...], ...] = ()
    #: False: a dynamic piece created asleep (Box2D's ``b2BodyDef.isAwake = false``; see the
    #: module for each engine), with no velocity (Box2D drops a sleeping body's).
    awake: bool = True


@dataclass
class Scene:
    name: str
    pieces: list[Piece]
    gravity: tuple[float, float] = (0.0, -10.0)
    notes: dict = field(default_factory=dict)
    #: Whether still islands may sleep, in every engine (see the module).
    sleep: bool = False


@dataclass
class Run:
    """One engine's copy of a scene: ``step()`` advances it by ``DT``; ``poses()`` (n, 3)."""

    step: Callable[[], object]
    poses: Callable[[], np.ndarray]
    velocities: Callable[[], np.ndarray]


def pyramid(rows: int, *, friction: float = 0.6) -> Scene:
    """Box2D's pyramid: ``rows`` rows of unit boxes (half extent 0.5) on a wide ground,
    each row half a box in from the one below, the boxes just touching."""
    pieces = [Piece("box", (max(40.0, rows * 1.2), 1.0), (0.0, -1.0), motion="static", friction=friction)]
    for row in range(rows):
        y = 0.5 + row * 1.0
        for k in range(rows - row):
            x = (k - 0.5 * (rows - row - 1)) * 1.0
            pieces.append(Piece("box", (0.5, 0.5), (x, y), friction=friction))
    return Scene(f"pyramid-{rows}", pieces)


def pile(count: int, *, seed: int = 1, rolling: float = 0.05) -> Scene:
    """``count`` boxes and circles (sizes 0.2-0.5) dropped in rows into an open box 30 m wide;
    the circles with ``rolling`` resistance (ours only: without it a ball on the
    floor rolls for ever, and the pile's one island never sleeps)."""
    rng = np.random.default_rng(seed)
    width = 30.0
    pieces = [
        Piece("box", (width / 2 + 1, 1.0), (0.0, -1.0), motion="static"),
        Piece("box", (1.0, 40.0), (-width / 2 - 1, 40.0), motion="static"),
        Piece("box", (1.0, 40.0), (width / 2 + 1, 40.0), motion="static"),
    ]
    per_row = int(width / 1.1)
    for i in range(count):
        row, col = divmod(i, per_row)
        x = -width / 2 + 0.55 + col * 1.1 + rng.uniform(-0.02, 0.02)
        y = 0.6 + row * 1.1
        s = float(rng.uniform(0.2, 0.5))
        if i % 2:
            pieces.append(Piece("circle", (s, s), (x, y), rolling_resistance=rolling))
        else:
            pieces.append(
                Piece("box", (s, float(rng.uniform(0.2, 0.5))), (x, y), float(rng.uniform(-0.3, 0.3)))
            )
    return Scene(f"pile-{count}", pieces)


def tumbler(count: int, *, spin: float = math.radians(25.0)) -> Scene:
    """Box2D's tumbler: ``count`` small boxes (0.125 half extent) in a 20 m box of four
    walls turning at ``spin`` rad/s about its centre. Box2D drives a dynamic
    container with a motor joint; we have no joints, so the container is
    four kinematic walls turning about the origin."""
    walls = []
    for x, y, hw, hh in (
        (10.0, 0.0, 0.5, 10.0),
        (-10.0, 0.0, 0.5, 10.0),
        (0.0, 10.0, 10.0, 0.5),
        (0.0, -10.0, 10.0, 0.5),
    ):
        # A kinematic wall turning about the origin: its centre moves on a circle.
        walls.append(
            Piece("box", (hw, hh), (x, y), motion="kinematic", velocity=(0.0, 0.0, spin), pivot=(0.0, 0.0))
        )
    pieces = list(walls)
    side = math.ceil(math.sqrt(count))
    for i in range(count):
        row, col = divmod(i, side)
        pieces.append(Piece("box", (0.125, 0.125), (-7.0 + col * 0.3, -7.0 + row * 0.3), density=1.0))
    return Scene(f"tumbler-{count}", pieces)


def room(count: int, *, seed: int = 1) -> Scene:
    """Issue 42's small scene: ``count`` crates (half extent 0.25-0.5) set moving in a walled room,
    seen from above (no gravity): 20 crates in a 10 m room, a room 10·√(count/20) m wide for more,
    each crate on a grid cell at up to 5 m/s in any direction and up to 3 rad/s of spin."""
    rng = np.random.default_rng(seed)
    half = 5.0 * math.sqrt(count / 20.0)
    pieces = [
        Piece("box", (half + 1.0, 0.5), (0.0, -half - 0.5), motion="static"),
        Piece("box", (half + 1.0, 0.5), (0.0, half + 0.5), motion="static"),
        Piece("box", (0.5, half), (-half - 0.5, 0.0), motion="static"),
        Piece("box", (0.5, half), (half + 0.5, 0.0), motion="static"),
    ]
    side = math.ceil(math.sqrt(count))
    cell = 2.0 * half / side
    for i in range(count):
        row, col = divmod(i, side)
        speed, heading = rng.uniform(0.0, 5.0), rng.uniform(0.0, 2.0 * math.pi)
        size = float(rng.uniform(0.25, min(0.5, 0.4 * cell)))
        pieces.append(
            Piece(
                "box",
                (size, size),
                (-half + (col + 0.5) * cell, -half + (row + 0.5) * cell),
                float(rng.uniform(-math.pi, math.pi)),
                velocity=(
                    speed * math.cos(heading),
                    speed * math.sin(heading),
                    float(rng.uniform(-3.0, 3.0)),
                ),
            )
        )
    return Scene(f"room-{count}", pieces, gravity=(0.0, 0.0))


def many_pyramids(rows: int = 20, columns: int = 20, base: int = 10) -> Scene:
    """Box2D v3's ``many_pyramids`` (``CreateManyPyramids`` in its ``shared/benchmarks.c``): ``rows``
    shelves of ``columns`` pyramids of ``base`` rows of unit boxes (22,000 boxes at its 20 × 20 × 10).
    Its shelves are segments of one static body; here each is a box 0.1 thick whose top is the
    segment, so that every engine builds the ground of one kind of shape."""
    extent = 0.5
    shelf = 2.0 * extent * (base + 1.0)
    width = 2.0 * extent * columns * (base + 1.0)
    ground = tuple(_offset_box(0.5 * width, 0.05, 0.0, i * shelf - 0.05) for i in range(rows))
    pieces = [Piece("polygons", (0.0, 0.0), (0.0, 0.0), motion="static", polygons=ground)]
    base_width = 2.0 * extent * base
    for i in range(rows):
        base_y = i * shelf
        for j in range(columns):
            centre_x = -0.5 * width + j * (base_width + 2.0 * extent) + 2.0 * extent
            for k in range(base):
                y = (2.0 * k + 1.0) * extent + base_y
                for m in range(k, base):
                    x = (k + 1.0) * extent + 2.0 * (m - k) * extent + centre_x - 0.5
                    pieces.append(Piece("box", (extent, extent), (x, y)))
    return Scene(f"many-pyramids-{rows * columns}", pieces)


def smash(columns: int = 120, rows: int = 80, *, asleep: bool = False) -> Scene:
    """Box2D v3's ``smash`` (``CreateSmash``): no gravity, a 8 × 8 box of density 8 at 40 m/s into a
    block of ``columns`` × ``rows`` boxes 0.4 wide (9,600 at Box2D's size), side by side. With
    ``asleep``, as Box2D builds it: the block created asleep (``isAwake = false``, each box an island
    of its own, woken as the box and then the woken boxes touch it) and sleeping on in every engine
    (its benchmark runs with Box2D's default, sleep enabled; pymunk can put a body to sleep only so);
    named ``smash-asleep-…``. Without, every body starts awake and sleeping is off, so the block's
    first steps cost what they cost awake."""
    pieces = [Piece("box", (4.0, 4.0), (-20.0, 0.0), density=8.0, velocity=(40.0, 0.0, 0.0))]
    d = 0.4
    for i in range(columns):
        for j in range(rows):
            pieces.append(
                Piece("box", (0.5 * d, 0.5 * d), (i * d + 30.0, (j - rows / 2.0) * d), awake=not asleep)
            )
    name = f"smash-asleep-{columns * rows}" if asleep else f"smash-{columns * rows}"
    return Scene(name, pieces, gravity=(0.0, 0.0), sleep=asleep)


def _offset_box(hx: float, hy: float, x: float, y: float) -> tuple[tuple[float, float], ...]:
    return ((x - hx, y - hy), (x + hx, y - hy), (x + hx, y + hy), (x - hx, y + hy))


def compounds(columns: int = 20, rows: int = 150) -> Scene:
    """Box2D v3's ``compounds`` benchmark (``CreateCompounds`` in its ``shared/benchmarks.c``):
    ``columns`` x ``rows`` bodies (3,000), each of two overlapping triangles (one body, two
    polygon shapes; density 1, friction 0.5), in columns 2 m apart and rows 2.25 m apart from
    5.575 m up, each a quarter metre left or right of its column in turn, dropped into an open
    box 80 m wide and 100 m high made of unit boxes. The ground is one static body of the box's
    281 boxes (Box2D's default friction, 0.6) and, 80 m below, Box2D's 1,600 m segment that
    catches what spills over a wall: here a box half a metre thick whose top is that segment,
    so that every engine builds the ground of one kind of shape."""
    grid = 1.0
    ground = [_offset_box(0.55 * grid, 0.5 * grid, (i - 40) * grid, 0.0) for i in range(81)]
    for x in (-40.0 * grid, 40.0 * grid):
        ground += [_offset_box(0.5 * grid, 0.55 * grid, x, (k + 1) * grid) for k in range(100)]
    ground.append(_offset_box(800.0, 0.5, 0.0, -80.5))
    pieces = [Piece("polygons", (0.0, 0.0), (0.0, 0.0), motion="static", polygons=tuple(ground))]
    left = ((-1.0, 0.0), (0.5, 1.0), (0.0, 2.0))
    right = ((1.0, 0.0), (0.0, 2.0), (-0.5, 1.0))  # Box2D's points, counter-clockwise
    shift, extra_y, side = 2.0, 0.25, 0.25
    center_x, center_y, y_start = shift * columns / 2.0 - 1.0, 1.15 / 2.0, 5.0
    for i in range(columns):
        x = i * shift - center_x
        for j in range(rows):
            y = j * (shift + extra_y) + center_y + y_start
            pieces.append(Piece("polygons", (0.0, 0.0), (x + side, y), friction=0.5, polygons=(left, right)))
            side = -side
    return Scene(f"compounds-{columns * rows}", pieces)


def chord_velocity(x: float, y: float, piece: Piece) -> tuple[float, float]:
    """The velocity that takes a piece at (x, y) to where turning about its pivot
    by its spin for one step puts it: the chord, so it stays on its circle
    (the tangent would spiral out by (ω·dt)²/2 of the radius a step)."""
    turn = piece.velocity[2] * DT
    c, s = math.cos(turn), math.sin(turn)
    px, py = piece.pivot
    rx, ry = x - px, y - py
    return ((c * rx - s * ry - rx) / DT, (s * rx + c * ry - ry) / DT)


# --- our world -------------------------------------------------------------


def build_ours(scene: Scene, *, sleep: bool | None = None, threads: int = 1) -> Run:
    """Our world of ``scene``; ``sleep`` (None: the scene's) lets still islands sleep; ``threads``:
    the world's (``World(threads=...)``)."""
    from engine import World
    from engine.collision import Circle, Polygon

    world = World(
        gravity=scene.gravity,
        sleep=scene.sleep if sleep is None else sleep,
        substeps=SUBSTEPS,
        threads=threads,
    )
    ids = []
    for p in scene.pieces:
        if p.kind == "polygons":
            shapes = [Polygon(points) for points in p.polygons]
        else:
            shapes = [Polygon.box(*p.size) if p.kind == "box" else Circle(p.size[0])]
        body = world.add(
            shapes[0], (p.position[0], p.position[1], p.angle), type=p.motion, density=p.density,
            friction=p.friction, restitution=p.restitution,
            rolling_resistance=p.rolling_resistance, awake=p.awake,
        )  # fmt: skip
        for shape in shapes[1:]:  # the points are the body's frame already: each shape at its origin
            world.add_shape(
                body, shape, density=p.density, friction=p.friction, restitution=p.restitution,
                rolling_resistance=p.rolling_resistance,
            )  # fmt: skip
        if p.motion != "static" and any(p.velocity):
            world.set_velocity(body, p.velocity[:2], p.velocity[2])
        ids.append(body)

    def poses() -> np.ndarray:
        return np.array([tuple(world.transform(b)) for b in ids])

    def velocities() -> np.ndarray:
        return np.array([world.velocity(b) for b in ids])

    turning = [(b, p) for b, p in zip(ids, scene.pieces, strict=True) if p.pivot is not None]

    def step():
        for body, p in turning:
            x, y, _ = world.transform(body)
            world.set_velocity(body, chord_velocity(x, y, p), p.velocity[2])
        return world.step(DT)

    run = Run(step, poses, velocities)
    run.world = world  # type: ignore[attr-defined]
    run.ids = ids  # type: ignore[attr-defined]
    return run


# --- pymunk ----------------------------------------------------------------


def build_pymunk(scene: Scene, *, iterations: int = ITERATIONS) -> Run:
    import pymunk

    space = pymunk.Space()
    space.gravity = scene.gravity
    space.iterations = iterations
    space.collision_slop = 0.005
    if scene.sleep:  # Box2D v3's b2_timeToSleep and sleep threshold
        space.sleep_time_threshold = 0.5
        space.idle_speed_threshold = 0.05
    elif not all(p.awake for p in scene.pieces):
        raise ValueError(f"{scene.name}: pymunk puts a body to sleep only in a space that sleeps")
    bodies = []
    for p in scene.pieces:
        if p.kind == "polygons":
            bodies.append(_pymunk_polygons(space, p))
            continue
        if p.kind == "box":
            w, h = 2 * p.size[0], 2 * p.size[1]
            mass = p.density * w * h
            moment = pymunk.moment_for_box(mass, (w, h))
        else:
            mass = p.density * math.pi * p.size[0] ** 2
            moment = pymunk.moment_for_circle(mass, 0, p.size[0])
        kind = {"static": pymunk.Body.STATIC, "kinematic": pymunk.Body.KINEMATIC}.get(
            p.motion, pymunk.Body.DYNAMIC
        )
        body = (
            pymunk.Body(mass, moment, body_type=kind)
            if kind == pymunk.Body.DYNAMIC
            else pymunk.Body(body_type=kind)
        )
        body.angle = p.angle
        body.position = p.position
        shape = (
            pymunk.Poly.create_box(body, (2 * p.size[0], 2 * p.size[1]))
            if p.kind == "box"
            else pymunk.Circle(body, p.size[0])
        )
        shape.friction = math.sqrt(p.friction)
        shape.elasticity = math.sqrt(p.restitution)
        if p.motion != "static":
            body.velocity = p.velocity[:2]
            body.angular_velocity = p.velocity[2]
        space.add(body, shape)
        if not p.awake and kind == pymunk.Body.DYNAMIC:
            body.sleep()  # (a component of its own)
        bodies.append(body)

    def poses() -> np.ndarray:
        return np.array([(b.position.x, b.position.y, b.angle) for b in bodies])

    def velocities() -> np.ndarray:
        return np.array([(b.velocity.x, b.velocity.y, b.angular_velocity) for b in bodies])

    turning = [(b, p) for b, p in zip(bodies, scene.pieces, strict=True) if p.pivot is not None]

    def step():
        for body, p in turning:
            body.velocity = chord_velocity(body.position.x, body.position.y, p)
        space.step(DT)

    run = Run(step, poses, velocities)
    run.space = space  # type: ignore[attr-defined]
    return run


def _pymunk_polygons(space, p: Piece):
    """A body of several polygons in pymunk: its mass, centre of mass and inertia summed
    from the shapes' densities (pymunk does so when the body is given none)."""
    import pymunk

    kind = {"static": pymunk.Body.STATIC, "kinematic": pymunk.Body.KINEMATIC}.get(
        p.motion, pymunk.Body.DYNAMIC
    )
    body = pymunk.Body(body_type=kind)
    body.angle = p.angle
    body.position = p.position
    shapes = [pymunk.Poly(body, points) for points in p.polygons]
    for shape in shapes:
        shape.density = p.density
        shape.friction = math.sqrt(p.friction)
        shape.elasticity = math.sqrt(p.restitution)
    space.add(body, *shapes)
    if p.motion != "static":
        body.velocity = p.velocity[:2]
        body.angular_velocity = p.velocity[2]
    if not p.awake and kind == pymunk.Body.DYNAMIC:
        body.sleep()
    return body


# --- pybox2d ---------------------------------------------------------------


def build_box2d(scene: Scene, *, velocity_iterations: int = ITERATIONS, position_iterations: int = 3) -> Run:
    import Box2D  # the `bench` extra

    world = Box2D.b2World(gravity=scene.gravity, doSleep=scene.sleep)
    bodies = []
    for p in scene.pieces:
        if p.kind == "polygons":
            shapes = [Box2D.b2PolygonShape(vertices=points) for points in p.polygons]
        elif p.kind == "box":
            shapes = [Box2D.b2PolygonShape(box=p.size)]
        else:
            shapes = [Box2D.b2CircleShape(radius=p.size[0])]
        fixtures = [
            Box2D.b2FixtureDef(shape=shape, density=p.density, friction=p.friction, restitution=p.restitution)
            for shape in shapes
        ]
        maker = {"static": world.CreateStaticBody, "kinematic": world.CreateKinematicBody}.get(
            p.motion, world.CreateDynamicBody
        )
        body = maker(position=p.position, angle=p.angle, fixtures=fixtures, awake=p.awake)
        if p.motion != "static":
            body.linearVelocity = p.velocity[:2]
            body.angularVelocity = p.velocity[2]
        bodies.append(body)

    def poses() -> np.ndarray:
        return np.array([(b.position[0], b.position[1], b.angle) for b in bodies])

    def velocities() -> np.ndarray:
        return np.array([(b.linearVelocity[0], b.linearVelocity[1], b.angularVelocity) for b in bodies])

    turning = [(b, p) for b, p in zip(bodies, scene.pieces, strict=True) if p.pivot is not None]

    def step():
        for body, p in turning:
            body.linearVelocity = chord_velocity(body.position[0], body.position[1], p)
        world.Step(DT, velocity_iterations, position_iterations)

    run = Run(step, poses, velocities)
    run.world = world  # type: ignore[attr-defined]
    return run


# --- pyb2d3 (Box2D v3.1) ----------------------------------------------------


def build_pyb2d3(scene: Scene, *, substeps: int = SUBSTEPS) -> Run:
    import pyb2d3 as b2  # the `test` extra: Box2D v3.1 itself

    world = b2.World(gravity=scene.gravity)  # no thread pool: one worker, the calling thread
    world.sleeping_enabled = scene.sleep
    bodies = []
    for p in scene.pieces:
        if p.kind == "polygons":
            shapes = [b2.polygon(points=points) for points in p.polygons]
        elif p.kind == "box":
            shapes = [b2.box(*p.size)]
        else:
            shapes = [b2.circle((0.0, 0.0), p.size[0])]
        maker = {"static": world.create_static_body, "kinematic": world.create_kinematic_body}.get(
            p.motion, world.create_dynamic_body
        )
        body = maker(position=p.position, rotation=p.angle, is_awake=p.awake or p.motion != "dynamic")
        material = b2.surface_material(
            friction=p.friction, restitution=p.restitution, rolling_resistance=p.rolling_resistance
        )
        for shape in shapes:
            shape_def = b2.shape_def(density=p.density, material=material)
            if p.kind == "circle":
                body.create_circle_shape(shape_def, shape)
            else:
                body.create_polygon_shape(shape_def, shape)
        if p.motion != "static":
            body.linear_velocity = p.velocity[:2]
            body.angular_velocity = p.velocity[2]
        bodies.append(body)

    def poses() -> np.ndarray:
        return np.array([(b.position[0], b.position[1], b.angle) for b in bodies])

    def velocities() -> np.ndarray:
        return np.array([(b.linear_velocity[0], b.linear_velocity[1], b.angular_velocity) for b in bodies])

    turning = [(b, p) for b, p in zip(bodies, scene.pieces, strict=True) if p.pivot is not None]

    def step():
        for body, p in turning:
            body.linear_velocity = chord_velocity(body.position[0], body.position[1], p)
        world.step(DT, substeps)

    run = Run(step, poses, velocities)
    run.world = world  # type: ignore[attr-defined]
    run.bodies = bodies  # type: ignore[attr-defined]
    return run


def kinetic_energy(scene: Scene, velocities: np.ndarray) -> float:
    """Kinetic energy of the scene's dynamic pieces (exact box and disc masses; box and
    circle pieces only)."""
    total = 0.0
    for p, (vx, vy, w) in zip(scene.pieces, velocities, strict=True):
        if p.motion != "dynamic":
            continue
        if p.kind == "polygons":
            raise ValueError("kinetic_energy: box and circle pieces only, not 'polygons'")
        if p.kind == "box":
            m = p.density * 4 * p.size[0] * p.size[1]
            inertia = m * ((2 * p.size[0]) ** 2 + (2 * p.size[1]) ** 2) / 12
        else:
            m = p.density * math.pi * p.size[0] ** 2
            inertia = 0.5 * m * p.size[0] ** 2
        total += 0.5 * m * (vx * vx + vy * vy) + 0.5 * inertia * w * w
    return total


__all__ = [
    "DT",
    "ITERATIONS",
    "SUBSTEPS",
    "Piece",
    "Run",
    "Scene",
    "build_box2d",
    "build_ours",
    "build_pyb2d3",
    "build_pymunk",
    "compounds",
    "kinetic_energy",
    "pile",
    "pyramid",
    "tumbler",
]
