#!/usr/bin/env bash
# Measures the game's start-up against a minimal macroquad 0.4 window (800 × 800, one line and one
# text a frame), both release builds, under one Xvfb, interleaved (the order alternates pair by pair):
#   - CPU time to the first drawn frame (user + system, all threads: the first line of the vendored
#     miniquad's MINIQUAD_FRAME_LOG, written after the first buffer swap);
#   - RSS one second after the first frame (VmRSS);
#   - idle CPU over the next 2 seconds (the minimal window redraws continuously, the game not);
# then the frames the game draws while two computers play (MINIQUAD_FRAME_LOG's lines) per change
# of its picture (TICTACTOE_CHANGE_LOG's lines: each move, each new game), and both binaries' sizes.
# Prints each pair and the medians of the paired ratios (game / minimal).
#
# Usage: scripts/startup-vs-minimal.sh [PAIRS]   (at least 9; default 9)
# Needs Xvfb and xdotool. The minimal window is built in a temporary folder with the project's
# Cargo.lock, release profile and vendored miniquad (so that both have the same frame log), into the
# project's target directory (its dependencies are the game's, already built).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/xvfb-lib.sh
require_tools Xvfb xdotool

pairs=${1:-9}
((pairs >= 9)) || { echo "$0: at least 9 pairs" >&2; exit 1; }
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}

echo "building the game and the minimal window (release)..." >&2
cargo build --release --locked --quiet --bin tictactoe
game=$target/release/tictactoe

minimal_src=$WORK_DIR/minimal
mkdir -p "$minimal_src/src"
cp Cargo.lock "$minimal_src/"
cat >"$minimal_src/Cargo.toml" <<EOF
[package]
name = "minimal-window"
version = "0.1.0"
edition = "2021"

[dependencies]
macroquad = "0.4"

[patch.crates-io]
miniquad = { path = "$root/vendor/miniquad" }

$(sed -n '/^\[profile.release\]/,/^$/p' Cargo.toml)
EOF
cat >"$minimal_src/src/main.rs" <<'EOF'
use macroquad::prelude::*;

fn conf() -> Conf {
    Conf {
        window_title: "Minimal".to_string(),
        window_width: 800,
        window_height: 800,
        ..Default::default()
    }
}

#[macroquad::main(conf)]
async fn main() {
    loop {
        clear_background(WHITE);
        draw_line(100.0, 100.0, 700.0, 700.0, 1.0, BLACK);
        draw_text("minimal", 20.0, 40.0, 36.0, BLACK);
        next_frame().await;
    }
}
EOF
(cd "$minimal_src" && CARGO_TARGET_DIR=$target cargo build --release --offline --quiet)
minimal=$target/release/minimal-window

start_xvfb
hz=$(getconf CLK_TCK)
ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }

# measure BINARY ARGS...: prints "cpu_to_first_frame_ms rss_kb idle_cpu_percent".
measure() {
    local log=$WORK_DIR/frames.log pid i c0 c1 t0 t1 rss first
    rm -f "$log"
    MINIQUAD_FRAME_LOG=$log LIBGL_ALWAYS_SOFTWARE=1 "$@" >/dev/null 2>"$WORK_DIR/run.err" &
    pid=$!
    for i in $(seq 1000); do
        [[ -s $log ]] && break
        kill -0 "$pid" 2>/dev/null || { echo "$0: $1 exited:" >&2; cat "$WORK_DIR/run.err" >&2; exit 1; }
        sleep 0.01
    done
    [[ -s $log ]] || { echo "$0: $1 drew no frame in 10 s" >&2; exit 1; }
    first=$(head -n1 "$log")
    sleep 1
    rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status")
    t0=$(date +%s.%N); c0=$(ticks "$pid")
    sleep 2
    t1=$(date +%s.%N); c1=$(ticks "$pid")
    kill "$pid"; wait "$pid" 2>/dev/null || true
    awk -v f="$first" -v r="$rss" -v c0="$c0" -v c1="$c1" -v t0="$t0" -v t1="$t1" -v hz="$hz" \
        'BEGIN { printf "%.1f %d %.1f\n", f / 1000, r, (c1 - c0) / hz / (t1 - t0) * 100 }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

results=$WORK_DIR/pairs
: >"$results"
printf '%-5s %24s %24s\n' pair "game: cpu ms, rss KB, idle%" "minimal: cpu ms, rss KB, idle%"
for p in $(seq "$pairs"); do
    if ((p % 2)); then
        g=$(measure "$game"); m=$(measure "$minimal")
    else
        m=$(measure "$minimal"); g=$(measure "$game")
    fi
    printf '%-5s %24s %24s\n' "$p" "$g" "$m"
    echo "$g $m" >>"$results"
done

cpu_ratio=$(awk '{ print $1 / $4 }' "$results" | median)
rss_ratio=$(awk '{ print $2 / $5 }' "$results" | median)
game_cpu=$(awk '{ print $1 }' "$results" | median)
min_cpu=$(awk '{ print $4 }' "$results" | median)
game_rss=$(awk '{ print $2 }' "$results" | median)
min_rss=$(awk '{ print $5 }' "$results" | median)
game_idle=$(awk '{ print $3 }' "$results" | median)
min_idle=$(awk '{ print $6 }' "$results" | median)

# Two computers play for 12 s: a whole game of nine moves, the pause, the next game's first moves.
frames=$WORK_DIR/play-frames.log changes=$WORK_DIR/play-changes.log
MINIQUAD_FRAME_LOG=$frames TICTACTOE_CHANGE_LOG=$changes LIBGL_ALWAYS_SOFTWARE=1 \
    "$game" --x perfect --o perfect >/dev/null 2>&1 &
play=$!
sleep 12
kill "$play"; wait "$play" 2>/dev/null || true
n_frames=$(wc -l <"$frames") n_changes=$(wc -l <"$changes")

echo
echo "medians of $pairs pairs (game / minimal):"
printf '  CPU to the first frame: %s ms / %s ms; median ratio %.2f (goal <= 1.1)\n' "$game_cpu" "$min_cpu" "$cpu_ratio"
printf '  RSS 1 s later:          %s KB / %s KB; median ratio %.2f (goal <= 1.1)\n' "$game_rss" "$min_rss" "$rss_ratio"
printf '  idle CPU:               %s %% / %s %% (goal 0 %%)\n' "$game_idle" "$min_idle"
printf '  two computers, 12 s:    %d frames for %d changes of the picture: %.2f frames a move (goal <= 3)\n' \
    "$n_frames" "$n_changes" "$(awk -v f="$n_frames" -v c="$n_changes" 'BEGIN { print f / c }')"
printf '  release binary:         %s bytes (goal <= 2.5 MB = 2621440); minimal window %s bytes\n' \
    "$(stat -c %s "$game")" "$(stat -c %s "$minimal")"
