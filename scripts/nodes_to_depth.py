#!/usr/bin/env python3
"""The nodes a Gomocup engine spends to reach a depth, on each opening of a file.

    python3 scripts/nodes_to_depth.py --engine "target/release/tictactoe pbrain" --size 20 \
        --depth 12 --openings scripts/openings-20-volatile.txt
    python3 scripts/nodes_to_depth.py --engine RAPFI/build/pbrain-rapfi --size 20 --depth 12 \
        --openings scripts/openings-20-volatile.txt

Each opening is set up with `BOARD` in a fresh process under `INFO max_depth`, and the engine's
reports are read until it answers with its move: ours (`MESSAGE depth D … nodes N`) or Rapfi's
(`INFO show_detail 3` is sent: `INFO DEPTH D` … `INFO TOTALNODES N`). The nodes at the last
report of a depth no deeper than asked are the opening's; the geometric mean ends the output.
"""

from __future__ import annotations

import argparse
import math
import re
import shlex
import subprocess
import sys


def nodes_to_depth(engine: list[str], size: int, depth: int, stones: list[tuple[int, int]],
                   rule: int = 0):
    cmds = [f"START {size}", f"INFO max_depth {depth}", "INFO timeout_turn 600000",
            "INFO show_detail 3", f"INFO rule {rule}", "BOARD"]
    n = len(stones)
    for i, (x, y) in enumerate(stones):
        # 1: the side to move's stone; the last stone is the opponent's.
        cmds.append(f"{x},{y},{1 if (n - i) % 2 == 0 else 2}")
    cmds.append("DONE")
    p = subprocess.Popen(engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    assert p.stdin and p.stdout
    p.stdin.write("\n".join(cmds) + "\n")
    p.stdin.flush()
    found, rapfi_depth = None, None
    for line in p.stdout:
        m = re.search(r"depth (\d+) .*?nodes (\d+)", line)
        if m and int(m.group(1)) <= depth:
            found = int(m.group(2))
        m = re.fullmatch(r"INFO DEPTH (\d+)\s*", line)
        if m:
            rapfi_depth = int(m.group(1))
        m = re.fullmatch(r"INFO TOTALNODES (\d+)\s*", line)
        if m and rapfi_depth is not None and rapfi_depth <= depth:
            found = int(m.group(1))
        if re.fullmatch(r"\d+,\d+\s*", line):
            break
    p.stdin.write("END\n")
    p.stdin.flush()
    p.wait(timeout=30)
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--openings", required=True)
    ap.add_argument("--rule", type=int, default=0, help="INFO rule: 0 freestyle, 1 standard, 4 renju")
    ap.add_argument("--count", type=int, help="only the first COUNT openings")
    args = ap.parse_args()
    engine = shlex.split(args.engine)
    logs = []
    for line in open(args.openings, encoding="utf-8"):
        line = line.split("#")[0].strip()
        if not line:
            continue
        if args.count is not None and len(logs) >= args.count:
            break
        stones = [tuple(int(v) for v in c.split(",")) for c in line.split()]
        nodes = nodes_to_depth(engine, args.size, args.depth, stones, args.rule)
        print(f"{line}: {nodes}", flush=True)
        if not nodes:
            print("no report at that depth", file=sys.stderr)
            return 1
        logs.append(math.log(nodes))
    print(f"geometric mean: {round(math.exp(sum(logs) / len(logs)))} nodes to depth {args.depth}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
