"""Sounds: which simulation events make which noise, and playing them (``audio``).

Like drawing (``game.render``), nothing here is game truth: it reads what
the simulation reports and never changes it.
"""

__all__ = ["audio"]
