#!/usr/bin/env python3
"""Nodes each engine needs to prove a win, along a principal variation (ninety-sixth round,
`docs/search.md`):

    python3 scripts/diag/proof_walk.py --moves "6,5 9,7 9,8 10,7 7,5 10,6 8,7 7,6 6,6" \\
        --pv "K9 K6 I9 L6 K10 K11" --nodes 1500000 \\
        --ours "target/release/tictactoe pbrain" --rapfi /tmp/rapfi/build/pbrain-rapfi

`--moves` is the position (0-based `x,y`, black first); `--pv` a line from it in Rapfi's notation
(its `MESSAGE Bestline`: a letter for x from A, a number for y from 1). At the position and after
every second move of the line (the side to move the same each time), each engine searches the
position afresh within `--nodes` (a fresh process, 32 MiB), and the nodes it had searched when it
first reported a proven win are printed (`-` when it proved none): ours from the `iter` lines of
`TICTACTOE_SEARCH_STATS=1` (a value of 29,000 or more), Rapfi's from `INFO show_detail 2` (its
`INFO TOTALNODES` before the first `INFO EVAL +M…`). A win decided before any search (a five, an
open four, a four-three the opponent cannot answer) shows as `-` for ours and a few nodes for Rapfi.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from bench_nodes import engine_stdout, iterations, position_lines, search_stderr  # noqa: E402

def parse_moves(text):
    return [tuple(int(v) for v in m.split(",")) for m in text.split()]


def parse_pv(text):
    return [(ord(m[0].upper()) - ord("A"), int(m[1:]) - 1) for m in text.split()]


def ours(cmd, size, stones, nodes):
    """The nodes at our engine's first iteration that proved a win, or None."""
    err = search_stderr(cmd, position_lines(size, stones, nodes))
    return next((n for _, n, v in iterations(err) if v >= 29_000), None)


def rapfi(cmd, size, stones, nodes):
    """The nodes Rapfi had searched when it first reported a mate for the side to move, or None."""
    total = None
    for line in engine_stdout(cmd, position_lines(size, stones, nodes, ["INFO show_detail 2"])):
        if line.startswith("INFO TOTALNODES "):
            total = int(line.split()[2])
        elif line.startswith("INFO EVAL +M"):
            return total
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", required=True)
    ap.add_argument("--pv", default="")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--nodes", type=int, default=1_000_000)
    ap.add_argument("--steps", type=int, default=10, help="positions along the line at most")
    ap.add_argument("--ours", default="target/release/tictactoe pbrain")
    ap.add_argument("--rapfi", default="/tmp/rapfi/build/pbrain-rapfi")
    args = ap.parse_args()
    stones, pv = parse_moves(args.moves), parse_pv(args.pv)
    show = lambda n: "-" if n is None else f"{n:,}"  # noqa: E731
    print(f"{'ply':>4} {'next':>6} {'ours':>12} {'rapfi':>12}")
    for i in range(0, min(len(pv) + 1, 2 * args.steps), 2):
        here = stones + pv[:i]
        nxt = f"{pv[i][0]},{pv[i][1]}" if i < len(pv) else ""
        o = ours(args.ours, args.size, here, args.nodes)
        r = rapfi(args.rapfi, args.size, here, args.nodes)
        print(f"{i:>4} {nxt:>6} {show(o):>12} {show(r):>12}", flush=True)


if __name__ == "__main__":
    main()
