#!/usr/bin/env python3
"""How often each engine's moves make a four or an open three, by colour and by stone count.

    python3 scripts/diag/threat_rates.py MATCH-DIR [--tail 14]

MATCH-DIR holds a match's `.psq` files (`scripts/match.py --out`, read by its `read_psq`: the
board, the moves and who had black). Each move is classed by the stones on the board
before it (the opening's included), and counted as
- a *four* when some five cells in a row through it hold four of the mover's stones and one
  empty cell;
- an *open three* when it makes no four and some six cells in a row through it have both ends
  empty and, between them, three of the mover's stones and one empty cell.
The last `--tail` moves of every game are left out (the final fours and threes of a won game
would otherwise count). Freestyle only (no renju rules; overlines count as fives' cells).
Sixty-fifth round, `docs/search.md`.
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from match import read_psq  # noqa: E402

DIRECTIONS = [(1, 0), (0, 1), (1, 1), (1, -1)]
BANDS = [(0, 20), (20, 40), (40, 60), (60, 100), (100, 1000)]


def classify(board: dict, n: int, x: int, y: int, c: str) -> tuple[bool, bool]:
    """(four, open three) for the stone `c` just put at (x, y)."""
    four = three = False
    for dx, dy in DIRECTIONS:
        for span, start in ((5, -4), (6, -5)):
            for s in range(start, 1):
                cells = [(x + (s + k) * dx, y + (s + k) * dy) for k in range(span)]
                if not all(0 <= a < n and 0 <= b < n for a, b in cells):
                    continue
                v = [board.get(p, ".") for p in cells]
                if span == 5 and v.count(c) == 4 and v.count(".") == 1:
                    four = True
                if span == 6 and v[0] == "." and v[5] == "." and v[1:5].count(c) == 3 \
                        and v[1:5].count(".") == 1:
                    three = True
    return four, three and not four


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games")
    ap.add_argument("--tail", type=int, default=14, help="moves left out at each game's end")
    args = ap.parse_args()
    counts = collections.defaultdict(lambda: [0, 0, 0])
    for path in sorted(glob.glob(os.path.join(args.games, "*.psq"))):
        game = read_psq(path)
        if game is None:
            continue
        n, board = game["size"], {}
        moves = [(x, y) for x, y, _ in game["moves"]]
        for i, (x, y) in enumerate(moves[: max(len(moves) - args.tail, 0)]):
            c = "X" if i % 2 == 0 else "O"
            board[(x, y)] = c
            engine = game["black"] if c == "X" else game["white"]
            band = next(b for b in BANDS if b[0] <= i < b[1])
            four, three = classify(board, n, x, y, c)
            k = counts[(engine, "black" if c == "X" else "white", band)]
            k[0] += 1
            k[1] += four
            k[2] += three
    print("engine colour stones: moves, fours, open threes")
    for (engine, colour, band), (m, f, t) in sorted(counts.items()):
        print(f"{engine} {colour} {band[0]}-{band[1] - 1}: {m}, {f / m:.3f}, {t / m:.3f}")


if __name__ == "__main__":
    main()
