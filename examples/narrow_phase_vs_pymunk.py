"""The batched narrow phase on 100,000 pairs, against pymunk on the same pairs.

One compiled call (``intersects_batch``) answers every pair of a ``ShapeTable``; pymunk answers
the same pairs one ``shapes_collide`` call at a time, with its twins placed beforehand (as its
users call it). Both verdicts are compared (exact touching may differ: pymunk's own band), and
the window draws a few of the pairs, green where both say they overlap, and the timings.

    python examples/narrow_phase_vs_pymunk.py
    ARCADE_HEADLESS=1 python examples/narrow_phase_vs_pymunk.py --frames 1 --screenshot narrow.png
"""

import math
import time

import arcade
import numpy as np

from engine.arcade import example_arguments, run
from engine.collision import Capsule, Circle, Polygon, ShapeTable, intersects_batch
from engine.crosscheck import to_pymunk
from engine.draw import outline

PAIRS = 100_000
SHOWN = 8, 5  # pairs drawn: columns, rows
WIDTH, HEIGHT = 960, 640


def pairs(k: int, seed: int = 7):
    """``k`` random pairs of shapes and poses, each in a 6 × 6 square."""
    rng = np.random.default_rng(seed)
    hexagon = Polygon([(math.cos(a), math.sin(a)) for a in np.linspace(0, 2 * math.pi, 7)[:-1]])
    shapes = [hexagon, Polygon.box(1.0, 0.5), Circle(0.6), Capsule((-0.5, 0), (0.5, 0), 0.3)]
    a, b = rng.integers(0, len(shapes), k), rng.integers(0, len(shapes), k)
    xf_a = np.column_stack([rng.uniform(-1.5, 1.5, (k, 2)), rng.uniform(-math.pi, math.pi, k)])
    xf_b = np.column_stack([rng.uniform(-1.5, 1.5, (k, 2)), rng.uniform(-math.pi, math.pi, k)])
    return shapes, a, xf_a, b, xf_b


def race():
    shapes, a, xf_a, b, xf_b = pairs(PAIRS)
    table = ShapeTable(shapes)
    intersects_batch(table, a[:10], xf_a[:10], b[:10], xf_b[:10])  # compiled (once, cached) before the clock
    start = time.perf_counter()
    ours = intersects_batch(table, a, xf_a, b, xf_b)
    engine_s = time.perf_counter() - start
    twins = [
        (to_pymunk(shapes[i], tuple(pa)), to_pymunk(shapes[j], tuple(pb)))
        for i, pa, j, pb in zip(a.tolist(), xf_a.tolist(), b.tolist(), xf_b.tolist())
    ]
    start = time.perf_counter()
    theirs = np.array([bool(sa.shapes_collide(sb).points) for sa, sb in twins])
    pymunk_s = time.perf_counter() - start
    return (shapes, a, xf_a, b, xf_b), ours, theirs, engine_s, pymunk_s


class NarrowPhase(arcade.Window):
    def __init__(self) -> None:
        super().__init__(WIDTH, HEIGHT, "Batched narrow phase vs pymunk")
        self.background_color = arcade.color.BLACK
        (self.shapes, self.a, self.xf_a, self.b, self.xf_b), ours, theirs, engine_s, pymunk_s = race()
        differ = int((ours != theirs).sum())
        summary = (
            f"{PAIRS:,} pairs: ours {engine_s * 1e3:.1f} ms ({engine_s / PAIRS * 1e6:.3f} µs a pair), "
            f"pymunk {pymunk_s * 1e3:.0f} ms: {pymunk_s / engine_s:.0f}× faster. "
            f"{int(ours.sum()):,} overlap; verdicts differ on {differ} (only exact touching may)"
        )
        print(summary)
        self.label = arcade.Text(
            summary, 10, HEIGHT - 24, arcade.color.WHITE, 11, width=WIDTH - 20, multiline=True
        )
        self.hit = ours

    def on_draw(self) -> None:
        self.clear()
        cols, rows = SHOWN
        cell = min(WIDTH / cols, (HEIGHT - 50) / rows)
        for k in range(cols * rows):
            cx, cy = (k % cols + 0.5) * cell, (k // cols + 0.5) * cell
            scale = cell / 6.0  # a pair's 6 × 6 square in its cell
            color = arcade.color.GREEN if self.hit[k] else arcade.color.GRAY
            for shape, xf in ((self.shapes[self.a[k]], self.xf_a[k]), (self.shapes[self.b[k]], self.xf_b[k])):
                points = [(cx + x * scale, cy + y * scale) for x, y in outline(shape, tuple(xf))]
                arcade.draw_polygon_outline(points, color, 2)
        self.label.draw()


def main() -> None:
    args = example_arguments(__doc__.splitlines()[0])
    run(NarrowPhase(), frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    main()
