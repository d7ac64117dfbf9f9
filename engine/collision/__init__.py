"""Convex collision: shapes with support functions, GJK, EPA, batch kernels, and the time of impact.

A concave outline enters as convex parts: ``convex_parts(points)`` (``concave``).

Frames and signs, once for the whole package:

- shapes are defined in local coordinates; a ``Transform(x, y, angle)`` puts
  them in the world (radians, counter-clockwise, y up);
- every result is in world coordinates;
- a contact normal is a unit vector from A towards B, and moving B by
  ``depth`` along it separates the shapes;
- touching (distance 0 within the tolerance in ``narrowphase``) counts as
  intersecting, with depth 0, as in pymunk;
- the engine answers exactly inside written limits (``limits``:
  ``|coordinate| <= MAX_COORDINATE`` = 1e9, sizes in [``MIN_SIZE``,
  ``MAX_SIZE``] = [1e-12, 1e9], finite angles) and refuses anything outside
  them with one ``ValueError`` naming the value and the limit.
"""

from .batch import (
    ContactBatch,
    DistanceBatch,
    ShapeTable,
    contacts_batch,
    distances_batch,
    intersects_batch,
)
from .concave import MAX_OUTLINE_POINTS, OutlineError, convex_parts
from .epa import MAX_EPA_ITERATIONS
from .gjk import MAX_GJK_ITERATIONS
from .limits import MAX_COORDINATE, MAX_SIZE, MIN_SIZE
from .manifold import Manifold, ManifoldBatch, ManifoldPoint, manifold, manifolds_batch
from .mass import MAX_DENSITY, MIN_DENSITY, MassData, mass_properties
from .narrowphase import LINEAR_TOLERANCE_REL
from .queries import Contact, DistanceResult, Status, contact, distance, intersects
from .shapes import Capsule, Circle, Ellipse, Polygon, SupportShape, aabb
from .toi import Sweep, TOIOutput, TOIState, time_of_impact
from .transform import Transform

__all__ = [
    "LINEAR_TOLERANCE_REL",
    "MAX_COORDINATE",
    "MAX_DENSITY",
    "MAX_EPA_ITERATIONS",
    "MAX_GJK_ITERATIONS",
    "MAX_OUTLINE_POINTS",
    "MAX_SIZE",
    "MIN_DENSITY",
    "MIN_SIZE",
    "Capsule",
    "Circle",
    "Contact",
    "ContactBatch",
    "DistanceBatch",
    "DistanceResult",
    "Ellipse",
    "Manifold",
    "ManifoldBatch",
    "ManifoldPoint",
    "MassData",
    "OutlineError",
    "Polygon",
    "ShapeTable",
    "Status",
    "SupportShape",
    "Sweep",
    "TOIOutput",
    "TOIState",
    "Transform",
    "aabb",
    "contact",
    "contacts_batch",
    "convex_parts",
    "distance",
    "distances_batch",
    "intersects",
    "intersects_batch",
    "manifold",
    "manifolds_batch",
    "mass_properties",
    "time_of_impact",
]
