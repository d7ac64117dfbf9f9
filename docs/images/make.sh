#!/bin/sh
# README's two pictures, drawn headless (run from the repository's root; they are committed,
# since README is read where no build runs). The docs' own pictures are drawn by docs/generate.py.
set -e
ARCADE_HEADLESS=1 .venv/bin/python -m game --demo --level ruins --frames 900 --seed 3 --screenshot docs/images/game.png
ARCADE_HEADLESS=1 .venv/bin/python -m game.lab --screenshot docs/images/lab.png --a polygon --b circle --at-b 60,10,30 --step 2
