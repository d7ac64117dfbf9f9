"""The game: a top-down shooter on arcade 3.3 and ``engine``, plus the level designers' tools.

Rooms (each package's docstring lists its modules):

- ``level``: a level as plain data, what every room below shares;
- ``tiled``: reading Tiled files: levels, tilesets, the actors' and props' tilesets;
- ``sim``: the simulation, plain data and small systems, no window;
- ``props``: the props' kinds (``assets/props.tsj``);
- ``app`` and ``views``: the arcade window and its screens; ``render``: drawing; ``sound``: sounds;
- ``headless``: runs with no window (demo, snapshots, scripts, replays) and the engine's warm-up;
- ``files``: reading and writing files a person names, saved scores and settings;
- ``check`` and ``lab``: the designer tools (``python -m game.check``, ``python -m game.lab``);
- ``cli``: ``python -m game``; ``messages``: one-line messages.

Imports never go round in a circle (``tests/game/test_imports.py``).
"""
