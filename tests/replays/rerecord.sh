#!/bin/sh
# Re-record the replays in this folder (see README.md): run from the repository's root.
set -e
cd "$(dirname "$0")/../.."
PY=${PY:-.venv/bin/python}
# A fresh data folder: the title highlights the level last played (settings), and the scripts count DOWNs from the first.
GJK_SHOOTER_DATA=$(mktemp -d)
export GJK_SHOOTER_DATA
$PY -m game --play-script tests/replays/yard_mouse.jsonl --level yard --seed 3 --frames 300 --record tests/replays/yard_mouse.replay
$PY -m game --play-script tests/replays/ruins_title.jsonl --seed 5 --frames 320 --record tests/replays/ruins_title.replay
$PY -m game --demo --level bunker --seed 2 --frames 900 --record tests/replays/bunker_demo.replay
$PY -m game --play-script tests/replays/warehouse_props.jsonl --level warehouse --frames 330 --record tests/replays/warehouse_props.replay
for f in tests/replays/*.replay; do $PY -m game --replay "$f"; done
