#!/usr/bin/env python3
"""Where renju games against Rapfi turn, from `game_review.py missed --rule 4`'s output (eighty-fifth
round, `docs/search.md`): Rapfi with more nodes on chosen positions of the games we lost.

    python3 scripts/game_review.py missed --games DIR --rule 4 --nodes 200000 > missed.txt
    python3 scripts/diag/renju_turns.py white missed.txt --nodes 3000000
    python3 scripts/diag/renju_turns.py black missed.txt --nodes 3000000 --moves 8
    python3 scripts/diag/renju_turns.py opening missed.txt --nodes 3000000

`white`: in each game we lost as white, the position before our move that came just before the
first one `missed` proved lost: is it lost already (Rapfi's value with `--nodes`)? A loss proved
there too was no blunder of that move's.
`black`: in each game we lost as black, the positions before our first `--moves` moves after the
opening (up to the first proved lost): the first where Rapfi proves a win for black, a win we let
slip.
`opening`: in each game we lost as white, the position before our first move: lost already?
`--part K --parts N`: every N-th game from the K-th, to run N processes side by side.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from game_review import searching_rapfi  # noqa: E402
from rapfi_static import read_game, search_value  # noqa: E402

LINE_RE = re.compile(r"(\S+): ours (black|white), .*first loss \((\d+), '([^']+)'\)")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("what", choices=["white", "black", "opening"])
    p.add_argument("missed", help="game_review.py missed's output")
    p.add_argument("--rapfi", default="/tmp/rapfi/build/pbrain-rapfi")
    p.add_argument("--nodes", type=int, default=3_000_000)
    p.add_argument("--moves", type=int, default=8)
    p.add_argument("--part", type=int, default=0)
    p.add_argument("--parts", type=int, default=1)
    args = p.parse_args()
    args.rule = 4
    engines: dict = {}
    k = -1
    with open(args.missed, encoding="utf-8") as f:
        lines = f.readlines()
    for line in lines:
        m = LINE_RE.match(line)
        colour = "black" if args.what == "black" else "white"
        if not m or m.group(2) != colour:
            continue
        k += 1
        if k % args.parts != args.part:
            continue
        path, n_loss = m.group(1), int(m.group(3))
        size, moves, opening, _ = read_game(path, 4)
        e = searching_rapfi(engines, args, size)
        if args.what == "opening":
            first = opening if opening % 2 == 1 else opening + 1
            v = search_value(e, moves[:first])
            print(f"{path}: opening {opening}, first loss offset {n_loss - opening}, at our first "
                  f"move: {v} at {args.nodes} nodes", flush=True)
        elif args.what == "white":
            prev = n_loss - 2
            if prev < opening:
                print(f"{path}: first loss at our first move (n {n_loss})", flush=True)
                continue
            v = search_value(e, moves[:prev])
            print(f"{path}: n {n_loss} proven lost at 200k; before our move at {prev}: {v} at "
                  f"{args.nodes} nodes; offset {prev - opening}", flush=True)
        else:
            found = None
            first = opening if opening % 2 == 0 else opening + 1
            for n in range(first, min(n_loss, first + 2 * args.moves), 2):
                v = search_value(e, moves[:n])
                if v and v[0].lstrip("+").startswith("M"):
                    found = (n - opening, v)
                    break
            print(f"{path}: loss proven at offset {n_loss - opening}; first win for black at "
                  f"{args.nodes}: {found}", flush=True)
    for e in engines.values():
        e.close()


if __name__ == "__main__":
    main()
