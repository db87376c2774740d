#!/usr/bin/env bash
# Makes the README's pictures of larger boards and of explain, under Xvfb (needs Xvfb, xdotool and
# ImageMagick): docs/gomoku.png, a 15×15 game won with its line highlighted, and
# docs/explain-weights.png, seed 004's worked example explained on the board beside the seed's own
# final diagram. The game is the release build (built here if needed) or $TICTACTOE_BIN.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${TICTACTOE_BIN:-target/release/tictactoe}
[[ -n ${TICTACTOE_BIN:-} ]] || cargo build --release --quiet
work=$(mktemp -d)
Xvfb -displayfd 3 -screen 0 1024x1024x24 -nolisten tcp -noreset 3>"$work/display" >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do [[ -s $work/display ]] && break; sleep 0.1; done
export DISPLAY=":$(tr -d '[:space:]' <"$work/display")"
for _ in $(seq 100); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

# Runs the game with "$@", waits for its first frame, saves the window as $out.
shot() {
    local out=$1; shift
    LIBGL_ALWAYS_SOFTWARE=1 "$bin" "$@" >/dev/null 2>&1 &
    local game=$!
    local w
    w=$(timeout 20 xdotool search --sync --onlyvisible --name '^Tic-tac-toe$' | head -n1)
    sleep 1.5
    import -window "$w" "$out"
    kill "$game"; wait "$game" 2>/dev/null || true
}

# Gomoku: a whole game between two computer players ($GOMOKU_X as x, $GOMOKU_O as o), played
# through the engine interface, then shown in the window from its moves.
board=(--width 15 --height 15 --run 5)
cells=()
while cell=$("$bin" move --player "${GOMOKU_X:-weights}" --seed ${#cells[@]} "${board[@]}" "${cells[@]}" 2>/dev/null); do
    cells+=("$cell")
    cell=$("$bin" move --player "${GOMOKU_O:-random}" --seed ${#cells[@]} "${board[@]}" "${cells[@]}" 2>/dev/null) || break
    cells+=("$cell")
done
echo "gomoku: ${#cells[@]} moves: ${cells[*]}"
shot "$work/gomoku.png" "${board[@]}" \
    --moves "$(IFS=,; echo "${cells[*]}")"
cp "$work/gomoku.png" docs/gomoku.png

# Seed 004's worked example: x on 1 and 2, o on 7, o (weights) to move, explained.
shot "$work/explain.png" --o weights --moves 1,7,2 --explain
font=assets/DejaVuSansMono.ttf
convert -background white -fill black -font "$font" -pointsize 26 \
    label:"seed 004, after the last line
(diagonal 2), o's turn:

game grid      weight grid

X | X |        0 | 0 | 11
-----------    -----------
  |   |        0 | 3 | 0
-----------    -----------
O |   |        0 | 2 | 2" \
    -bordercolor white -border 40 "$work/seed.png"
convert "$work/explain.png" "$work/seed.png" -background white -gravity center +append \
    docs/explain-weights.png
echo "wrote docs/gomoku.png and docs/explain-weights.png"
