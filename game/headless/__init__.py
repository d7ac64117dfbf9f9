"""Runs with no window on screen, and the files and processes they share with play.

- ``demo``: ``python -m game --demo``, a bot plays through the real play view;
- ``snapshots``: ``python -m game --snapshots DIR``, a picture of every screen;
- ``script``: the script file format (input events, one JSON object a line), read without arcade;
- ``session``: ``python -m game --play-script FILE``, the real window driven by a script's events;
- ``replay``: the recording format (``--record``, also from play) and ``--replay``;
- ``summary``: the one line a demo or a script ends with;
- ``window``: the hidden, muted ``App`` every headless run drives;
- ``warmup``: the background process that compiles the engine (``python -m game.headless.warmup``).

This package imports none of them, so importing one costs only what it needs.
"""
