#!/usr/bin/env python3
"""Positions off the games' path, with Rapfi's static values: what a search meets below the root.

    python3 scripts/rapfi_tree_static.py --data /tmp/static.txt --engine /tmp/rapfi/pbrain-rapfi \\
        --variants 2 --out /tmp/tree-static.txt

A search evaluates mostly positions no game reaches: a game position and a few more moves, some of
them poor. An evaluation fitted on game positions alone (`scripts/rapfi_static.py`) is never
told what those are worth. For each position of `--data` (the lines of `rapfi_static.py`:
`size result eval depth x,y …`), this writes `--variants` positions made from it by one to
`--max-plies` more moves, each on an empty cell within two cells of a stone (chosen at random,
`--seed`), with Rapfi's static value for the side to move (`YXBOARD`, `TRACESEARCH`, its line
`Static Eval[Black]`). Positions with a five on the board or a five to play or to block are left
out, as in `rapfi_static.py`. Each line is

    size  -1  eval  plies  x,y x,y …

with the result `-1` (no game was played from it) and `plies` the moves added to the game's
position (its first `len - plies` stones), which `scripts/fit_eval.py --tree-data` uses to put
the variant in its game's part (training or held out).

With `--search-nodes N` the value is instead Rapfi's search value within N nodes (its last `Eval`
on a `BOARD` with `INFO max_node N`; positions it finds a mate in are left out), and with
`--games-out FILE` the game positions themselves are labelled so too and written there with
their results (one with a mate is left out with its variants) (`size result eval depth x,y …`, `depth` Rapfi's): the target of the sixth round
(Rapfi's search values), on and off the games' path, for `fit_eval.py --data FILE --tree-data`.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eval_data import near_empty  # noqa: E402
from match import Engine, five  # noqa: E402
from rapfi_static import has_four, limit_nodes, rapfi_for, search_value, static_value  # noqa: E402


def variant(rng: random.Random, size: int, moves: list[tuple[int, int]], plies: int):
    """`moves` and `plies` more random moves near the stones, or None if one of them makes a
    five."""
    board = {c: k % 2 for k, c in enumerate(moves)}
    out = list(moves)
    for _ in range(plies):
        cells = near_empty(board, size)
        if not cells:
            return None
        c = rng.choice(cells)
        board[c] = len(out) % 2
        out.append(c)
        if five(board, c[0], c[1], size, False):
            return None
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", required=True, help="positions of rapfi_static.py")
    p.add_argument("--engine", required=True, help="Rapfi's pbrain command")
    p.add_argument("--out", required=True)
    p.add_argument("--variants", type=int, default=2, help="variants of each position")
    p.add_argument("--max-plies", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-positions", type=int, default=0, help="0: all of --data")
    p.add_argument("--first", type=int, default=0, help="skip the first rows of --data")
    p.add_argument("--search-nodes", type=int, default=0,
                   help="label with Rapfi's search value within this many nodes (0: its static value)")
    p.add_argument("--games-out", help="with --search-nodes: the game positions too, with results")
    args = p.parse_args()
    if args.games_out and not args.search_nodes:
        p.error("--games-out needs --search-nodes")
    rng = random.Random(args.seed)
    with open(args.data, encoding="utf-8") as f:
        rows = [line.split() for line in f if line.strip()]
    rows = rows[args.first:]
    if args.max_positions:
        rows = rows[: args.max_positions]
    engines: dict[int, Engine] = {}
    written = 0
    mates = 0
    seen: set[tuple[int, tuple]] = set()

    def value(e: Engine, moves: list[tuple[int, int]]) -> tuple[int, int] | None:
        """The label of `moves` and its depth (None: a mate, left out)."""
        nonlocal mates
        if not args.search_nodes:
            v = static_value(e, moves)
            if v is None:
                sys.exit(f"no static value from Rapfi ({moves})")
            return v, 0
        r = search_value(e, moves)
        if r is None:
            sys.exit(f"no search value from Rapfi ({moves})")
        if "M" in r[0]:
            mates += 1
            return None
        return int(r[0]), r[1]

    games_out = open(args.games_out, "w", encoding="utf-8") if args.games_out else None
    with open(args.out, "w", encoding="utf-8") as out:
        for row in rows:
            size = int(row[0])
            moves = [tuple(int(v) for v in w.split(",")) for w in row[4:]]
            fresh = size not in engines
            e = rapfi_for(engines, args.engine, size)
            if fresh and args.search_nodes:
                limit_nodes(e, args.search_nodes)
            decided = False
            if games_out:
                r = value(e, moves)
                if r is not None:
                    games_out.write(f"{size} {row[1]} {r[0]} {r[1]} {' '.join(row[4:])}\n")
                    games_out.flush()
                # A game position with a mate is left out, and so are its variants (drawn all
                # the same, so that the others are those of the same seed).
                decided = r is None
            for _ in range(args.variants):
                plies = rng.randint(1, args.max_plies)
                v = variant(rng, size, moves, plies)
                if v is None or len(v) == size * size or (size, tuple(v)) in seen \
                        or has_four(v, size):
                    continue
                seen.add((size, tuple(v)))
                if decided:
                    continue
                r = value(e, v)
                if r is None:
                    continue
                stones = " ".join(f"{x},{y}" for x, y in v)
                out.write(f"{size} -1 {r[0]} {plies} {stones}\n")
                written += 1
            out.flush()
    if games_out:
        games_out.close()
    for e in engines.values():
        e.close()
    print(f"{written} positions from {len(rows)} ({mates} with a mate left out)", file=sys.stderr)


if __name__ == "__main__":
    main()
