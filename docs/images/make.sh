#!/bin/sh
# The pictures README, docs/game.md and levels/README.md show, drawn headless (run from the
# repository's root; they are committed, since README is read where no build runs). The docs' own pictures are drawn by docs/generate.py.
set -e
ARCADE_HEADLESS=1 .venv/bin/python -m game --demo --level ruins --frames 900 --seed 3 --screenshot docs/images/game.png
ARCADE_HEADLESS=1 .venv/bin/python -m game.lab --screenshot docs/images/lab.png --a polygon --b circle --at-b 60,10,30 --step 2
# The machines (issue 40): the caves' wrecking ball swung on its chain, the tank's turret on the
# aim; then the same with F1 on (pins, the door's limit arc, the rope). A fresh data folder: the
# title's highlight and the scores do not come into it.
GJK_SHOOTER_DATA=$(mktemp -d)
export GJK_SHOOTER_DATA
ARCADE_HEADLESS=1 .venv/bin/python -m game --play-script docs/images/machines.jsonl --level caves --frames 320 --seed 3 --screenshot docs/images/machines.png
ARCADE_HEADLESS=1 .venv/bin/python -m game --play-script docs/images/machines-overlay.jsonl --level caves --frames 320 --seed 3 --screenshot docs/images/machines-overlay.png
