#!/usr/bin/env python3
"""How well shallow values predict deep ones: our search's and Rapfi's, on positions from games.

    python3 scripts/value_quality.py --ours "target/release/tictactoe pbrain" \\
        --rapfi /tmp/rapfi/pbrain-rapfi --games /tmp/match-dir --positions 400 --out values.csv

Positions: from each game (`.psq` files of `scripts/match.py`) the positions after 10, 14, 18,
22, 26 and 30 moves (if the game went four moves further), shuffled (seed 1), the first
`--positions`. For each, one engine process per value (a `BOARD`, the side to move's stones as
field 1, freestyle, 32 MiB): Rapfi's *deep* value (`INFO max_node 200000`), and each engine's
value at `INFO max_depth 1`, `max_depth 3` and `max_node 1000` (its last reported evaluation:
Rapfi's `Eval`, our `ev`; a mate in n counts as 20000 - n). Written as CSV (`--out`), with the
game's result for the side to move.

Printed, over the positions where Rapfi's deep value is no mate: each value's rank correlation
with the deep value, and its logistic loss, at its best scale, against the deep value's
probability (`sigmoid(v / 137)`, Rapfi's scale) and against the results. The deep value is
Rapfi's own, which favours Rapfi's shallow values; the results do not.
"""
from __future__ import annotations

import argparse
import csv
import glob
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Engine, EngineDied  # noqa: E402
from pbrain_tactics import send_position  # noqa: E402
from rapfi_static import last_report  # noqa: E402

RAPFI_EVAL = re.compile(r"Eval ([+-]?M?\d+)")
OUR_EVAL = re.compile(r"\bev ([+-]?M?\d+)")
PLIES = (10, 14, 18, 22, 26, 30)


def value(text: str) -> int:
    """An evaluation as written (`+M7`, `-M12`, `-35`) as a number: a mate in n is 20000 - n."""
    if "M" in text:
        n = int(text.lstrip("+-").lstrip("M"))
        return (20000 - n) * (-1 if text.startswith("-") else 1)
    return int(text)


def ask(command: str, size: int, moves, infos, pattern) -> str | None:
    """The engine's last evaluation before its move at `moves` (black first), None if none."""
    e = Engine("engine", command, None, lambda _t: None)
    try:
        send_position(e, size, moves, infos)
        m, _ = last_report(e, pattern, 300)
    except EngineDied:
        return None
    finally:
        e.close()
    return m.group(1) if m else None


def positions(directory: str):
    """(size, moves, result for the side to move) from the games in `directory`."""
    out = []
    for path in sorted(glob.glob(os.path.join(directory, "*.psq"))):
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        m = re.search(r"(\d+)x\d+", lines[0]) if lines else None
        if not m:
            continue
        size = int(m.group(1))
        # The .psq lines are 1-based `x,y,ms`; the engines are sent 0-based cells.
        moves = [tuple(int(t) - 1 for t in l.split(",")[:2]) for l in lines[1:]
                 if l[:1].isdigit() and l.count(",") == 2]
        n = len(moves)
        draw = n >= size * size
        for ply in PLIES:
            if ply + 4 > n:
                break
            # The last move's side won (a five) unless the board filled.
            result = 0.5 if draw else (1.0 if (n - 1) % 2 == ply % 2 else 0.0)
            out.append((size, moves[:ply], result))
    return out


def ranks(v: list[float]) -> list[float]:
    order = sorted(range(len(v)), key=lambda i: v[i])
    r = [0.0] * len(v)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r


def correlation(a: list[float], b: list[float]) -> float:
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    sa = math.sqrt(sum((x - ma) ** 2 for x in a))
    sb = math.sqrt(sum((y - mb) ** 2 for y in b))
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / (sa * sb)


def best_loss(v: list[float], target: list[float]) -> tuple[float, float]:
    """The logistic loss of sigmoid(v / s) against `target` at the best scale s, and s."""
    best = (math.inf, 0.0)
    for k in range(40):
        s = 20 * 1.15 ** k
        loss = 0.0
        for x, t in zip(v, target):
            p = 1 / (1 + math.exp(-max(-3000.0, min(3000.0, x)) / s))
            p = min(max(p, 1e-6), 1 - 1e-6)
            loss -= t * math.log(p) + (1 - t) * math.log(1 - p)
        best = min(best, (loss / len(v), s))
    return best


def report(rows: list[dict]) -> None:
    names = [c for c in rows[0] if c != "result"]
    rows = [r for r in rows if abs(float(r["rapfi_deep"])) < 15000]
    if len(rows) < 3:
        sys.exit("value_quality.py: fewer than three positions without a mate")
    deep = [float(r["rapfi_deep"]) for r in rows]
    results = [float(r["result"]) for r in rows]
    deep_p = [1 / (1 + math.exp(-max(-3000.0, min(3000.0, x)) / 137)) for x in deep]
    print(f"{len(rows)} positions where Rapfi's deep value is no mate")
    print(f"{'value':12s} {'rank corr.':>10s} {'loss/deep':>10s} {'loss/results':>13s}")
    for name in names:
        v = [float(r[name]) for r in rows]
        print(f"{name:12s} {correlation(ranks(v), ranks(deep)):10.3f} "
              f"{best_loss(v, deep_p)[0]:10.4f} {best_loss(v, results)[0]:13.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ours", required=True, help="command of our engine")
    ap.add_argument("--rapfi", required=True, help="Rapfi's pbrain executable")
    ap.add_argument("--games", required=True, help="directory of .psq games")
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--out", required=True, help="the CSV to write (read back if it exists)")
    args = ap.parse_args()
    if not os.path.exists(args.out):
        values = [
            ("rapfi_deep", args.rapfi, ["max_node 200000"], RAPFI_EVAL),
            ("rapfi_d1", args.rapfi, ["max_depth 1"], RAPFI_EVAL),
            ("rapfi_d3", args.rapfi, ["max_depth 3"], RAPFI_EVAL),
            ("rapfi_n1k", args.rapfi, ["max_node 1000"], RAPFI_EVAL),
            ("ours_d1", args.ours, ["max_depth 1"], OUR_EVAL),
            ("ours_d3", args.ours, ["max_depth 3"], OUR_EVAL),
            ("ours_n1k", args.ours, ["max_node 1000"], OUR_EVAL),
        ]
        todo = positions(args.games)
        if not todo:
            sys.exit(f"value_quality.py: no positions from games in {args.games}")
        random.Random(1).shuffle(todo)
        with open(args.out, "w", encoding="utf-8") as f:
            f.write("result," + ",".join(v[0] for v in values) + "\n")
            for size, moves, result in todo[: args.positions]:
                got = [ask(cmd, size, moves, infos, rx) for _, cmd, infos, rx in values]
                if None not in got:
                    f.write(f"{result}," + ",".join(str(value(g)) for g in got) + "\n")
                    f.flush()
    with open(args.out, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit(f"value_quality.py: no values in {args.out}")
    report(rows)


if __name__ == "__main__":
    main()
