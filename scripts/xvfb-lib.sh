# Shared by scripts/idle-cpu.sh and scripts/screenshot.sh (sourced, not run): start the game on a
# private Xvfb display, click it as a person would, and clean up on exit.
# Needs Xvfb and xdotool (and ImageMagick's import for screenshots).

# The game's binary: $TICTACTOE_BIN, or the debug build (built here if needed).
game_binary() {
    if [[ -n ${TICTACTOE_BIN:-} ]]; then
        echo "$TICTACTOE_BIN"
    else
        cargo build --quiet --bin tictactoe >&2
        echo "${CARGO_TARGET_DIR:-target}/debug/tictactoe"
    fi
}

require_tools() {
    local t
    for t in "$@"; do
        command -v "$t" >/dev/null || { echo "$0: $t is not installed" >&2; exit 1; }
    done
}

XVFB_PID=
GAME_PID=
WORK_DIR=$(mktemp -d)

cleanup() {
    local pid
    for pid in $GAME_PID $XVFB_PID; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$WORK_DIR"
}
trap cleanup EXIT

# Starts Xvfb on a free display (it picks one and writes the number to -displayfd); sets DISPLAY.
start_xvfb() {
    Xvfb -displayfd 3 -screen 0 1024x1024x24 -nolisten tcp -noreset 3>"$WORK_DIR/display" >/dev/null 2>"$WORK_DIR/xvfb.err" &
    XVFB_PID=$!
    local i
    for i in $(seq 100); do
        [[ -s $WORK_DIR/display ]] && break
        sleep 0.1
    done
    [[ -s $WORK_DIR/display ]] || { echo "$0: Xvfb did not start" >&2; cat "$WORK_DIR/xvfb.err" >&2; exit 1; }
    export DISPLAY=":$(tr -d '[:space:]' <"$WORK_DIR/display")"
    # Wait until clients can connect.
    for i in $(seq 100); do
        xdotool getmouselocation >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "$0: Xvfb on $DISPLAY accepts no clients" >&2
    exit 1
}

# Starts the game ("$@" are its arguments) and sets WINDOW to its window once it is mapped.
start_game() {
    LIBGL_ALWAYS_SOFTWARE=1 "$(game_binary)" "$@" >/dev/null 2>"$WORK_DIR/game.err" &
    GAME_PID=$!
    WINDOW=$(timeout 20 xdotool search --sync --onlyvisible --name '^Tic-tac-toe$' | head -n1) || true
    if [[ -z $WINDOW ]]; then
        echo "$0: the game's window did not appear" >&2
        cat "$WORK_DIR/game.err" >&2
        exit 1
    fi
}

# Clicks at an Easel point (origin bottom-left, y up; the window is 800 high): press, hold 80 ms,
# release, then give the game time to draw.
click_easel() {
    xdotool mousemove --window "$WINDOW" "$1" $((800 - $2)) mousedown 1 sleep 0.08 mouseup 1
    sleep 0.3
}

# Clicks the centre of cell $1 (1-9, row-major from the top-left).
click_cell() {
    local c=$(($1 - 1))
    click_easel $((150 + 100 * (c % 3))) $((650 - 100 * (c / 3)))
}
