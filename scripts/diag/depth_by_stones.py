#!/usr/bin/env python3
"""Each engine's nominal depth at one node count, by the stones on the board; and our search's share
of nodes spent in the leaves' VCF.

    python3 scripts/diag/depth_by_stones.py --size 15 --ours "target/release/tictactoe pbrain" \\
        --rapfi RAPFI/build/pbrain-rapfi [--nodes 300000] [--count 20] MATCH-DIR...

From the `.psq` games of the MATCH-DIRs (`scripts/match.py --out`), the positions after 16, 30,
44, 58 and 72 stones (at least 10 plies before the game's end); `--count` of each, drawn with a
fixed seed. Each engine searches each position afresh to `--nodes` nodes. Our depth is the
`stats` line's (`TICTACTOE_SEARCH_STATS=1`), the VCF share its last `iter` line's `v / nodes`;
Rapfi's depth is the first number of its `Depth a-b` message. A position counts only where both
searches ran to at least five-sixths of the nodes (one decided at once is left out). The two
engines' depths are not on one scale (their reductions and extensions differ); what compares is
how each falls as the board fills. Sixty-sixth round, `docs/search.md`.
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from match import read_psq  # noqa: E402

STONES = (16, 30, 44, 58, 72)


def board_text(size: int, nodes: int, moves) -> str:
    n = len(moves)
    stones = "\n".join(f"{x},{y},{1 if i % 2 == n % 2 else 2}" for i, (x, y) in enumerate(moves))
    return (f"START {size}\nINFO max_node {nodes}\nINFO timeout_turn 600000\n"
            f"INFO timeout_match 0\nBOARD\n{stones}\nDONE\n")


def run(command: str, text: str, env=None) -> str:
    """The engine's output up to its move (its stderr too)."""
    argv = shlex.split(command)
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, env=env,
                         cwd=os.path.dirname(os.path.abspath(argv[0])) if os.sep in argv[0] else None)
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(text)
    p.stdin.flush()
    out = []
    for line in p.stdout:
        out.append(line)
        if re.match(r"^\d+,\d+\s*$", line):
            break
    p.kill()
    p.wait()
    return "".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--ours", required=True)
    ap.add_argument("--rapfi", required=True)
    ap.add_argument("--nodes", type=int, default=300000)
    ap.add_argument("--count", type=int, default=20)
    args = ap.parse_args()
    by_stones: dict[int, list] = {}
    for d in args.dirs:
        for f in sorted(glob.glob(os.path.join(d, "*.psq"))):
            game = read_psq(f)
            if game is None:
                continue
            moves = [(x, y) for x, y, _ in game["moves"]]
            for s in STONES:
                if s < len(moves) - 10:
                    by_stones.setdefault(s, []).append(moves[:s])
    rng = random.Random(3)
    env = dict(os.environ, TICTACTOE_SEARCH_STATS="1")
    enough = args.nodes * 5 // 6
    print("stones, positions, our mean depth, Rapfi's mean depth, our VCF share of nodes")
    for s in sorted(by_stones):
        ours, theirs, share = [], [], []
        for moves in rng.sample(by_stones[s], min(args.count, len(by_stones[s]))):
            text = board_text(args.size, args.nodes, moves)
            o = run(args.ours, text, env)
            stats = re.findall(r"stats depth (\d+) seldepth \d+ nodes (\d+)", o)
            iters = re.findall(r"iter \d+ nodes (\d+) q \d+ v (\d+)", o)
            r = run(args.rapfi, text)
            rapfi = re.findall(r"Depth (\d+)-\d+ \| Eval \S+ \| Node (\d+)K", r)
            if stats and iters and rapfi and int(stats[-1][1]) >= enough \
                    and int(rapfi[-1][1]) * 1000 >= enough:
                ours.append(int(stats[-1][0]))
                theirs.append(int(rapfi[-1][0]))
                share.append(int(iters[-1][1]) / int(iters[-1][0]))
        if ours:
            k = len(ours)
            print(f"{s}, {k}, {sum(ours) / k:.1f}, {sum(theirs) / k:.1f}, {sum(share) / k:.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
