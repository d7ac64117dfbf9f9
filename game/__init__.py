"""The game: a top-down shooter on arcade 3.3 and ``engine``, plus the level designers' tools.

Layout: ``level`` (the level data model every part shares), ``levels`` (the
Tiled loader), ``sim`` (the simulation: plain data and small systems, no
window), ``views`` and the app (arcade), ``check`` and ``lab`` (designer
tools).
"""
