"""NUMBA_DISABLE_JIT=1 runs the very same kernels as plain Python, with the same answers."""

import json
import os
import subprocess
import sys

SCRIPT = """
import json, math
from engine.collision import Capsule, Circle, Ellipse, Polygon, ShapeTable, contact, distance, intersects_batch
import numpy as np
shapes = [Polygon([(0, 0), (2, 0), (1.5, 1)]), Polygon.box(1, 0.5, radius=0.1), Circle(0.5), Capsule((0, 0), (1, 1), 0.2), Ellipse(1, 0.3)]
out = []
for i, a in enumerate(shapes):
    for j, b in enumerate(shapes):
        xa, xb = (0.1 * i, -0.2, 0.3 * j), (0.9, 0.1 * j, -0.4 * i)
        c = contact(a, xa, b, xb)
        out.append([distance(a, xa, b, xb).distance, None if c is None else [c.depth, *c.normal]])
table = ShapeTable(shapes)
ids = np.arange(5)
out.append(intersects_batch(table, ids, np.zeros((5, 3)), ids[::-1].copy(), np.ones((5, 3))).tolist())
# Kernels that read shapes and workspaces at addresses (np.int64 in their records): the time of impact,
# and a step of a small world (the solver's float32 lanes).
from engine.collision.toi import Sweep, time_of_impact
from engine import World
hit = time_of_impact(shapes[0], Sweep((0, 0), (0, 0), (3, 0), 0.0, 1.0), shapes[4], Sweep((0, 0), (4, 0), (4, 0), 0.0, 0.0))
world = World(gravity=(0.0, -10.0))
world.add(Polygon.box(10, 1), (0.0, -0.5, 0.0), type="static")
bodies = [world.add(s, (1.5 * k - 3.0, 0.6 + 0.2 * k, 0.1 * k), type="dynamic") for k, s in enumerate(shapes)]
# (joints: coloured with the contacts, and one past the colours would be solved first)
world.revolute(bodies[0], bodies[1], (-2.25, 0.7))
world.distance(None, bodies[4], (3.0, 2.0), world.transform(bodies[4])[:2])
for _ in range(5):
    world.step(1 / 60)
out.append([int(hit.state), hit.fraction] + [list(world.transform(b)) for b in bodies])
print(json.dumps(out))
"""


def run(disable_jit: bool):
    env = dict(os.environ, NUMBA_DISABLE_JIT="1" if disable_jit else "0")
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_plain_python_and_compiled_kernels_agree():
    compiled, python = run(False), run(True)
    assert len(compiled) == len(python) == 27
    for c, p in zip(compiled[:-2], python[:-2]):
        assert abs(c[0] - p[0]) <= 1e-12
        assert (c[1] is None) == (p[1] is None)
        if c[1] is not None:
            assert all(abs(x - y) <= 1e-9 for x, y in zip(c[1], p[1]))
    assert compiled[-2] == python[-2]
    (state, fraction, *poses), (state_p, fraction_p, *poses_p) = compiled[-1], python[-1]
    assert state == state_p and abs(fraction - fraction_p) <= 1e-12
    # (the compiled solver fuses products and sums, plain Python rounds each: float32 lanes, 5 steps)
    assert max(abs(x - y) for c, p in zip(poses, poses_p) for x, y in zip(c, p)) <= 1e-5
