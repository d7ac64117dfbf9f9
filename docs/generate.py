"""What the docs build draws before Sphinx reads a page (into ``docs/_generated/``, not committed).

- The gallery: each example run as a user runs it, headless, for its ``FRAMES`` (its test,
  ``tests/examples/test_examples.py``, runs the same), its last frame saved as a PNG. A picture
  is drawn again only when its example changed since (its file newer than the PNG).
- The benchmark plot: today's ratios against pymunk, pybox2d and pyb2d3
  (``benchmark_figures.py``), drawn with matplotlib.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
OUT = DOCS / "_generated"


#: Frames each example runs for its picture, in the gallery's order.
FRAMES = {
    "hello_world.py": 240,
    "top_down_crates.py": 240,
    "raycast_laser.py": 90,
    "move_and_slide.py": 240,
    "contact_events.py": 300,
    "compound_bodies.py": 360,
    "explosion.py": 75,
    "tiled_map.py": 120,
    "narrow_phase_vs_pymunk.py": 1,
}


def draw_gallery() -> None:
    out = OUT / "gallery"
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "ARCADE_HEADLESS": "1"}
    for name, frames in FRAMES.items():
        example, picture = ROOT / "examples" / name, out / f"{Path(name).stem}.png"
        if picture.exists() and picture.stat().st_mtime >= example.stat().st_mtime:
            continue
        done = subprocess.run(
            [sys.executable, str(example), "--frames", str(frames), "--screenshot", str(picture)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"docs gallery: examples/{name} failed: {done.stderr.strip()[-2000:]}")


def draw_benchmarks() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from benchmark_figures import GOALS, RATIOS
    from matplotlib import pyplot as plt

    OUT.mkdir(parents=True, exist_ok=True)
    figure, axes = plt.subplots(1, len(RATIOS), figsize=(2.6 * len(RATIOS), 3.6), sharey=False)
    for ax, (title, rows) in zip(axes, RATIOS.items()):
        names = [name for name, _ in rows]
        lows = [low for _, (low, _) in rows]
        highs = [high for _, (_, high) in rows]
        ys = range(len(names))
        ax.barh(ys, highs, color="#9ecae1", label="slowest run")
        ax.barh(ys, lows, color="#3182bd", label="fastest run")
        ax.axvline(1.0, color="black", linewidth=0.8)
        if title in GOALS:
            ax.axvline(GOALS[title], color="#d62728", linestyle="--", linewidth=1, label="goal")
        ax.set_yticks(list(ys), names, fontsize=8)
        ax.invert_yaxis()
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("time ratio, ours / theirs (lower is faster)", fontsize=8)
        ax.tick_params(axis="x", labelsize=8)
    axes[0].legend(fontsize=7, loc="upper right")  # the compounds bar fills the lower right
    figure.tight_layout()
    target = OUT / "benchmarks.png"
    tmp = target.with_suffix(".tmp.png")
    figure.savefig(tmp, dpi=110)
    plt.close(figure)
    tmp.replace(target)


def generate() -> None:
    draw_gallery()
    draw_benchmarks()


if __name__ == "__main__":
    generate()
