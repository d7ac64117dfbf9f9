"""The world: rigid bodies stepped as Box2D v3 steps them, an AABB broad phase, layers, ray and
shape casts, and move-and-slide.

One topic per module: ``world`` (the ``World`` facade), ``arguments`` (checks
on every public argument), ``bodies`` (the bodies' arrays as one record),
``frame`` (the caches a frame's kernels read, and what drops them),
``boxes`` (world and oriented boxes), ``grid`` (dense-grid building blocks),
``walls`` (the walls' dense grid), ``hashgrid`` (the moving bodies' hashed
grid), ``pileup`` (bodies on one another: their pairs and contacts
bounded), ``pairs`` (a frame's pairs and contacts), ``casts`` (one-pair casts),
``sweep`` (many casts through the grids), ``slide`` (move and slide),
``box_pairs`` (one-off questions over many boxes, through the walls' grid
and walk), ``snapshot`` (a world's state as bytes and back: ``World.snapshot``), ``joints``
(the joints' table), ``joint_solver`` (Box2D v3's joints in the soft step) and ``joint_api``
(the world's joint methods).
"""

from .casts import MAX_CAST_ITERATIONS, CastBatch, CastHit, RayHit
from .chains import MAX_CHAIN_POINTS
from .contact_set import ContactEvents
from .hashgrid import MAX_SPAN
from .joints import MAX_JOINTS
from .pairs import WorldContacts
from .slide import SlideResult, slide_along, slide_along_many
from .world import (
    ALL_LAYERS,
    MAX_ACCELERATION,
    MAX_BODIES,
    MAX_CELL_SIZE,
    MAX_DT,
    MAX_RESTING_GRAVITY,
    MAX_RESTING_MASS_RATIO,
    MAX_SHAPES,
    MAX_SHAPES_PER_BODY,
    MAX_SPEED,
    MAX_SPIN,
    MAX_SUBSTEPS,
    MIN_CELL_SIZE,
    MIN_DT,
    PRECOMPILE_PARTS,
    BodyType,
    PairImpulses,
    PhysicsWarning,
    World,
)

__all__ = [
    "ALL_LAYERS",
    "MAX_ACCELERATION",
    "MAX_BODIES",
    "MAX_CAST_ITERATIONS",
    "MAX_CELL_SIZE",
    "MAX_CHAIN_POINTS",
    "MAX_DT",
    "MAX_JOINTS",
    "MAX_RESTING_GRAVITY",
    "MAX_RESTING_MASS_RATIO",
    "MAX_SHAPES",
    "MAX_SHAPES_PER_BODY",
    "MAX_SPAN",
    "MAX_SPEED",
    "MAX_SPIN",
    "MAX_SUBSTEPS",
    "MIN_CELL_SIZE",
    "MIN_DT",
    "PRECOMPILE_PARTS",
    "BodyType",
    "CastBatch",
    "CastHit",
    "ContactEvents",
    "PairImpulses",
    "PhysicsWarning",
    "RayHit",
    "SlideResult",
    "World",
    "WorldContacts",
    "slide_along",
    "slide_along_many",
]
