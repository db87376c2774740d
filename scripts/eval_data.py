#!/usr/bin/env python3
"""Labelled positions for tuning the gomoku search's evaluation: Rapfi plays itself.

    python3 scripts/eval_data.py --engine /work/rapfi-src/Rapfi/build/pbrain-rapfi \
        --turn-ms 60 --games 100000 --minutes 40 --out /tmp/eval-data.txt

One engine process per game plays both colours (each turn a `BOARD` of the whole position, the
side to move's stones as field 1). Games are freestyle, on 15 x 15 (one game in `--every-20` on
20 x 20), from the balanced openings of `scripts/openings-15.txt` / `openings-20.txt` (each with
either colour to move first after it, by the opening's own parity) plus one to three random moves
on empty cells within two of a stone, so that no two games are alike.

Each position searched is written as one line when its game ends (appended and flushed, so the
file is usable while the script runs):

    size  result  eval  depth  x,y x,y …

`x,y` are the stones in the order played (black first: the side to move is black when their number
is even), `eval` is Rapfi's last reported `Eval` for the side to move (its `MESSAGE … | Eval -112 |`
lines: positive is good for the side to move, checked on positions with a won three), `depth` its
last nominal depth, and `result` the game's result for the side to move (1 win, 0.5 draw, 0 loss).
Positions with a mate score (`+M3`, `-M8`) are not written (nor anything after them in the game:
the game is decided), nor positions with a five on the board (the game ends there).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import MOVE_RE, Engine, EngineDied, five, read_openings  # noqa: E402
from rapfi_static import think  # noqa: E402


def near_empty(board: dict, size: int) -> list[tuple[int, int]]:
    """Empty cells within two of a stone."""
    out = set()
    for (x, y) in board:
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                c = (x + dx, y + dy)
                if 0 <= c[0] < size and 0 <= c[1] < size and c not in board:
                    out.add(c)
    return sorted(out)


def play(args, rng: random.Random, size: int, opening, out) -> tuple[int, int]:
    """One self-play game; writes its positions; returns (positions written, moves)."""
    history: list[tuple[int, int]] = list(opening.stones)
    board = {c: k % 2 for k, c in enumerate(history)}
    for _ in range(rng.randint(1, 3)):
        cells = near_empty(board, size)
        c = rng.choice(cells)
        board[c] = len(history) % 2
        history.append(c)
        if five(board, c[0], c[1], size, False):
            return 0, len(history)
    e = Engine("rapfi", args.engine, None, lambda _t: None)
    records = []  # (history length, eval, depth)
    winner = None  # colour (0 black, 1 white)
    try:
        e.send(f"START {size}")
        if e.expect(lambda l: l.strip().upper() == "OK", 30) is None:
            sys.exit("the engine refused START")
        e.send(f"INFO timeout_turn {args.turn_ms}")
        e.send("INFO timeout_match 0")
        e.send("INFO max_memory 33554432")
        e.send("INFO rule 0")
        e.send("INFO game_type 1")
        decided = False
        while len(history) < size * size:
            mover = len(history) % 2
            last, line = think(e, history, args.turn_ms / 1000 + 5)
            if line is None:
                print("the engine gave no move", file=sys.stderr)
                return 0, len(history)
            if last is None or "M" in last[0]:
                decided = True
            if not decided:
                records.append((len(history), int(last[0]), last[1]))
            m = MOVE_RE.match(line)
            c = (int(m.group(1)), int(m.group(2)))
            if c in board or not (0 <= c[0] < size and 0 <= c[1] < size):
                print(f"the engine played {c}", file=sys.stderr)
                return 0, len(history)
            board[c] = mover
            history.append(c)
            if five(board, c[0], c[1], size, False):
                winner = mover
                break
    except EngineDied as err:
        print(err, file=sys.stderr)
        return 0, len(history)
    finally:
        e.close()
    for n, ev, depth in records:
        mover = n % 2
        result = 0.5 if winner is None else (1.0 if winner == mover else 0.0)
        stones = " ".join(f"{x},{y}" for x, y in history[:n])
        out.write(f"{size} {result:g} {ev} {depth} {stones}\n")
    out.flush()
    return len(records), len(history)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="/work/rapfi-src/Rapfi/build/pbrain-rapfi")
    ap.add_argument("--turn-ms", type=int, default=60)
    ap.add_argument("--games", type=int, default=100000)
    ap.add_argument("--minutes", type=float, default=60.0, help="stop starting games after this")
    ap.add_argument("--every-20", type=int, default=5, help="one game in this many on 20x20 (0: none)")
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    openings = {15: read_openings(os.path.join(here, "openings-15.txt"), 15),
                20: read_openings(os.path.join(here, "openings-20.txt"), 20)}
    rng = random.Random(args.seed)
    start = time.monotonic()
    total = 0
    with open(args.out, "a", encoding="utf-8") as out:
        for g in range(args.games):
            if time.monotonic() - start > args.minutes * 60:
                break
            size = 20 if args.every_20 and g % args.every_20 == args.every_20 - 1 else 15
            n, moves = play(args, rng, size, rng.choice(openings[size]), out)
            total += n
            print(f"game {g + 1}: {size}x{size}, {moves} moves, {n} positions, {total} in all, "
                  f"{time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
