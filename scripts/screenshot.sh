#!/usr/bin/env bash
# Writes docs/screenshot.png: the game under Xvfb after a few moves, read from the screen.
# Usage: scripts/screenshot.sh [output.png]   (TICTACTOE_BIN=path to use another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshot.png}
. scripts/xvfb-lib.sh
require_tools Xvfb xdotool import convert

start_xvfb
start_game
sleep 0.5
for cell in 5 1 3 7 4; do # x 5, o 1, x 3, o 7, x 4: o to move, and o must block 6
    click_cell "$cell"
done
mkdir -p "$(dirname "$out")"
# -strip: no timestamps in the PNG, so an unchanged picture gives an unchanged file.
import -window "$WINDOW" -depth 8 ppm:- | convert ppm:- -strip "$out"
echo "wrote $out"
