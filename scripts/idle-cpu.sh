#!/usr/bin/env bash
# Prints the game's CPU use while it sits idle in its window: starts it under Xvfb, waits 2 s, then
# measures the process's CPU time (utime + stime from /proc/PID/stat) over 5 idle seconds.
# Usage: scripts/idle-cpu.sh [game arguments]   (TICTACTOE_BIN=path to use another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/xvfb-lib.sh
require_tools Xvfb xdotool

start_xvfb
start_game "$@"
sleep 2

# CPU ticks (user + system) of the game; the fields after the ")" that ends the command name
# start with field 3, so utime (14) and stime (15) are the 12th and 13th.
ticks() { sed 's/.*) //' "/proc/$GAME_PID/stat" | awk '{ print $12 + $13 }'; }
hz=$(getconf CLK_TCK)
seconds=5
t0=$(date +%s.%N); c0=$(ticks)
sleep "$seconds"
t1=$(date +%s.%N); c1=$(ticks)
kill -0 "$GAME_PID" 2>/dev/null || { echo "$0: the game exited" >&2; exit 1; }
awk -v c0="$c0" -v c1="$c1" -v t0="$t0" -v t1="$t1" -v hz="$hz" 'BEGIN {
    printf "idle CPU: %.1f%% (%d ticks of 1/%d s in %.1f s)\n", (c1 - c0) / hz / (t1 - t0) * 100, c1 - c0, hz, t1 - t0
}'
