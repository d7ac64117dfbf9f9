"""Drawing the game: sprites mirroring the simulation, walls, HUD, effects, debug overlay.

Nothing here is game truth: every module reads the simulation or the level
and draws it. ``outline`` and ``camera`` are pure geometry (no window).
"""

__all__ = ["camera", "debug", "effects", "hud", "outline", "sprites", "walls"]
