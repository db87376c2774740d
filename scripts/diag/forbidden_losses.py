#!/usr/bin/env python3
"""Renju games lost by black: was white's winning five made on a cell forbidden to black?

    python3 scripts/diag/forbidden_losses.py DIR [--engine NAME] [--tictactoe PATH]

DIR holds `scripts/match.py --rule 4 --out DIR` records (`game-NNN.psq`, 15 x 15 or any square
board). For each game that white won, the board before white's last move is given to
`tictactoe forbidden`; a winning cell among black's forbidden points means black could not block
the five (the renju trap). `--engine` keeps only the games where that engine had black.
"""

import argparse
import glob
import os
import re
import sys
from types import SimpleNamespace

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from match import forbidden_points  # noqa: E402  (the match's own referee for renju)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dir")
    p.add_argument("--engine", help="only the games this engine played as black")
    p.add_argument("--tictactoe", default="target/release/tictactoe")
    args = p.parse_args()
    lost = trapped = 0
    for f in sorted(glob.glob(f"{args.dir}/game-*.psq")):
        lines = open(f).read().splitlines()
        size = int(re.match(r"Piskvorky (\d+)x", lines[0]).group(1))
        moves = [tuple(map(int, l.split(",")[:2])) for l in lines[1:] if re.fullmatch(r"\d+,\d+,\d+", l)]
        names = [l for l in lines[1 + len(moves):] if l and not l[0].isdigit() and not l.startswith("#")]
        result = next((l for l in lines if l.startswith("# result")), "")
        if "0-1" not in result or (args.engine and names[0] != args.engine):
            continue
        # The .psq's cells are 1-based, the referee's 0-based.
        history = [(x - 1, y - 1) for x, y in moves[:-1]]
        referee = SimpleNamespace(forbidden=f"{args.tictactoe} forbidden", size=size)
        x, y = moves[-1]
        forbidden = (x - 1, y - 1) in forbidden_points(referee, history)
        lost += 1
        trapped += forbidden
        print(f"{f.split('/')[-1]}: black {names[0]}, {len(moves)} stones, the five's cell forbidden to black: {forbidden}")
    print(f"{trapped} of {lost} games lost by black ended on a cell forbidden to black")


if __name__ == "__main__":
    main()
