#!/usr/bin/env python3
"""The nominal depth each engine completes within 100,000, 400,000 and 1,600,000 nodes, on the
first N fresh 15 x 15 openings (ninety-fifth round, `docs/search.md`):

    python3 scripts/diag/depth_by_nodes.py 10 --ours "target/release/tictactoe pbrain" \\
        --rapfi /tmp/rapfi/build/pbrain-rapfi

Ours is read from `TICTACTOE_SEARCH_STATS=1`'s `iter` lines (an iteration that completed, with
its nodes so far), Rapfi's from `INFO show_detail 2` (`INFO DEPTH`, then `INFO TOTALNODES`). Each
search is one fresh process to 1,700,000 nodes (`INFO max_node`), a 256 MiB table.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from bench_nodes import engine_stdout, iterations, position_lines, search_stderr  # noqa: E402
from match import read_openings  # noqa: E402

BUDGETS = [100_000, 400_000, 1_600_000]


def position(size, stones, nodes, extra=()):
    return position_lines(size, stones, nodes, extra, memory=256 << 20)


def ours(cmd, size, stones, nodes):
    return [(d, n) for d, n, _ in iterations(search_stderr(cmd, position(size, stones, nodes)))]


def rapfi(cmd, size, stones, nodes):
    out, depth = [], None
    for line in engine_stdout(cmd, position(size, stones, nodes, ["INFO show_detail 2"])):
        if line.startswith("INFO DEPTH "):
            depth = int(line.split()[2])
        elif line.startswith("INFO TOTALNODES "):
            out.append((depth, int(line.split()[2])))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("count", type=int)
    ap.add_argument("--ours")
    ap.add_argument("--rapfi")
    ap.add_argument("--openings", default="docs/runs/s94/fresh-15-80.txt")
    args = ap.parse_args()
    openings = read_openings(args.openings, 15)[:args.count]
    for name, search, cmd in (("ours", ours, args.ours), ("rapfi", rapfi, args.rapfi)):
        if not cmd:
            continue
        rows = []
        for o in openings:
            seq = search(cmd, 15, o.stones, 1_700_000)
            rows.append([max([d for d, n in seq if n <= b], default=0) for b in BUDGETS])
            print(name, o.text, rows[-1], flush=True)
        print(name, "mean depth at", BUDGETS,
              [round(statistics.mean(r[i] for r in rows), 2) for i in range(len(BUDGETS))])


if __name__ == "__main__":
    main()
