"""Where a hitbox fits among a level's walls: the geometry the loader and the checker share.

- ``parts``: a level's walls as convex parts with their world boxes, and a wall's name in findings;
- ``extent``: how far a hitbox reaches from the actor's centre, any way it turns;
- ``overlap``: which wall part each hitbox placed at a marker overlaps first (batched);
- ``grid``: placements of a hitbox on a grid of cells, and the compiled passes that group free cells;
- ``joint_lines``: joints drawn as lines (a limit's arc, a spring's zig-zag, a slack rope), for the
  lab and the game's overlay.

Imports go one way: this package imports ``engine``, ``game.level`` and ``game.render.outline`` only,
so ``game.tiled`` (moving a start out of a wall, ``game.tiled.start``), ``game.check`` (the checker)
and ``game.sim`` (the enemies' flow fields) can all import it at the top, with no circle.
"""
