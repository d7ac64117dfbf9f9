"""A world drawn with matplotlib, for docs and notebooks (pymunk's ``matplotlib_util``).

matplotlib is imported when ``debug_draw`` is first called, not with this module: it comes with
the ``docs`` extra (``pip install -e '.[docs]'``) or on its own (``pip install matplotlib``).
Colours and what is drawn are ``engine.arcade``'s: the same outlines (``engine.draw``), the same
contacts.
"""

from __future__ import annotations

from .draw import CURVE_SEGMENTS, body_outlines

__all__ = ["COLORS", "debug_draw"]

#: Face colours by kind of body (edges are the same, opaque), and the contacts' colour.
COLORS = {
    "static": "#969696",
    "kinematic": "#5aa0ff",
    "dynamic": "#5ae678",
    "sleeping": "#3c7850",
    "sensor": "#f0d23c",
    "contact": "#ff5050",
}


def debug_draw(world, ax=None, *, contacts: bool = True, fill: bool = True):
    """Draw every body of ``world`` on the matplotlib axes ``ax`` (new axes when None): outlines
    filled by kind (``COLORS``), a heading line from each origin, and with ``contacts`` each
    overlapping pair's deepest points and normal. Equal aspect, y up. Returns the axes."""
    try:
        from matplotlib import pyplot as plt
        from matplotlib.patches import Polygon as Patch
    except ImportError:
        raise ImportError(
            "engine.plot needs matplotlib: pip install -e '.[docs]' (or pip install matplotlib)"
        ) from None
    if ax is None:
        _, ax = plt.subplots()
    spans: list[float] = []
    for b in body_outlines(world, CURVE_SEGMENTS):
        xs, ys = [p[0] for p in b.points], [p[1] for p in b.points]
        spans += [max(xs) - min(xs), max(ys) - min(ys)]
        color = COLORS[b.kind]
        ax.add_patch(
            Patch(b.points, closed=True, facecolor=color if fill else "none", edgecolor=color, alpha=0.8)
        )
        (x0, y0), (x1, y1) = b.heading
        if b.kind != "static":  # a wall's heading says nothing
            ax.plot([x0, x1], [y0, y1], color="black", linewidth=0.8)
    if contacts and len(world):
        reach = 0.3 * sorted(spans)[len(spans) // 2]  # a normal's arrow: 0.3 of the median body
        found = world.contacts()
        for (ax_, ay), (bx, by), (nx, ny) in zip(
            found.point_a.tolist(), found.point_b.tolist(), found.normal.tolist()
        ):
            ax.plot([ax_, bx], [ay, by], "o", color=COLORS["contact"], markersize=3)
            ax.annotate(
                "",
                xy=(bx + nx * reach, by + ny * reach),
                xytext=(bx, by),
                arrowprops={"arrowstyle": "->", "color": COLORS["contact"]},
            )
    ax.set_aspect("equal")
    ax.autoscale_view()
    return ax
