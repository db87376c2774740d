#!/usr/bin/env python3
"""Makes a file of short balanced openings for scripts/match.py.

    python3 scripts/make_openings.py --size 15 --count 40 [--rule 4] \
        --judge /work/rapfi-src/Rapfi/build/pbrain-rapfi > scripts/openings-15.txt

Candidates: 3 to 5 stones (black first, alternating) on the cells within two of the centre, drawn
from a fixed seed, no two related by a symmetry of the board, and no line of three stones of one
colour. With `--judge`, a Gomocup engine that reports its evaluation in `MESSAGE` lines (Rapfi:
`ev`), each candidate is searched for `--judge-ms` and kept only when the evaluation for the side
to move is within `--max-eval`; the file records that evaluation. Openings are given in absolute
0-based `x,y` cells for the board size, so the same list centred on another board fits it too.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys

SYMS = [
    lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
    lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x),
]


def canonical(stones):
    forms = []
    for s in SYMS:
        b = sorted(s(x, y) for x, y in stones[0::2])
        w = sorted(s(x, y) for x, y in stones[1::2])
        forms.append((tuple(b), tuple(w)))
    return min(forms)


def has_three(stones):
    for colour in (stones[0::2], stones[1::2]):
        cells = set(colour)
        for x, y in cells:
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if (x + dx, y + dy) in cells and (x + 2 * dx, y + 2 * dy) in cells:
                    return True
    return False


def judge(command: str, size: int, stones, ms: int, rule: int = 0):
    """The judge's evaluation for the side to move after `stones` (relative to the centre)."""
    exe = os.path.abspath(command)
    p = subprocess.Popen([exe], cwd=os.path.dirname(exe), stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    c = size // 2
    lines = [f"START {size}", f"INFO timeout_turn {ms}", "INFO timeout_match 0", f"INFO rule {rule}", "BOARD"]
    n = len(stones)
    for k, (x, y) in enumerate(stones):
        own = (k % 2) == (n % 2)
        lines.append(f"{c + x},{c + y},{1 if own else 2}")
    lines += ["DONE"]
    out, _ = p.communicate("\n".join(lines) + "\nEND\n", timeout=30 + ms / 1000)
    evals = re.findall(r"\bev\s+(-?\w+)", out, re.IGNORECASE)
    if not evals:
        evals = re.findall(r"[Ee]val[: ]+(-?\w+)", out)
    return evals[-1] if evals else None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--size", type=int, default=15)
    p.add_argument("--count", type=int, default=40)
    p.add_argument("--seed", type=int, default=20261123)
    p.add_argument("--judge")
    p.add_argument("--judge-ms", type=int, default=500)
    p.add_argument("--max-eval", type=int, default=150)
    p.add_argument("--rule", type=int, default=0, choices=(0, 1, 4),
                   help="the judge's INFO rule: 0 freestyle, 1 exactly five, 4 renju")
    p.add_argument("--relative", action="store_true", help="print only the relative openings")
    args = p.parse_args()
    rng = random.Random(args.seed)
    seen = set()
    kept = 0
    c = args.size // 2
    rule = {0: "freestyle", 1: "standard", 4: "renju"}[args.rule]
    print(f"# {args.count} openings for {args.size}x{args.size} {rule}: x,y (0-based column,row), "
          f"black first; made by scripts/make_openings.py --seed {args.seed}"
          + (f", judged by {os.path.basename(args.judge)} at {args.judge_ms} ms, |eval| <= {args.max_eval}" if args.judge else ""))
    tries = 0
    while kept < args.count and tries < 5000:
        tries += 1
        n = rng.choice((3, 4, 4, 5))
        stones = []
        while len(stones) < n:
            cell = (rng.randint(-2, 2), rng.randint(-2, 2))
            if cell not in stones:
                stones.append(cell)
        if (0, 0) not in stones[0::2][:1] and rng.random() < 0.5:
            stones[0] = (0, 0) if (0, 0) not in stones else stones[0]
        if len(set(stones)) != n or has_three(stones):
            continue
        key = canonical(stones)
        if key in seen:
            continue
        seen.add(key)
        note = ""
        if args.judge:
            ev = judge(args.judge, args.size, stones, args.judge_ms, args.rule)
            try:
                value = int(ev)
            except (TypeError, ValueError):
                print(f"# rejected (eval {ev}): {stones}", file=sys.stderr)
                continue
            if abs(value) > args.max_eval:
                print(f"# rejected (eval {value}): {stones}", file=sys.stderr)
                continue
            note = f"  # eval {value} for the side to move"
        print(" ".join(f"{c + x},{c + y}" for x, y in stones) + note, flush=True)
        kept += 1


if __name__ == "__main__":
    main()
