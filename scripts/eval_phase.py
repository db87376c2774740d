#!/usr/bin/env python3
"""How much a unit of evaluation is worth as the board fills: the logistic scale, by stone count.

    cargo build --release --example eval_features
    python3 scripts/eval_phase.py --data scripts/rapfi-static.txt.xz \
        --features target/release/examples/eval_features

The positions (`size result eval depth x,y …`, as `scripts/fit_eval.py` reads them; `.xz` is
read as such) go through `examples/eval_features.rs`, which gives for each the game's result for
the side to move, Rapfi's value in the file and the evaluation our search uses. For each board
and band of stone counts the script prints the scale `s` at which `1 / (1 + exp(-v / s))` best
predicts the results (cross-entropy, a scan over s), for ours and for Rapfi's, with the loss at
the single scale each is used at (ours 317, Rapfi 137); then, over all positions, the best
`s = a + b · stones` for ours against the best single scale (sixty-fifth round, `docs/search.md`).
"""

from __future__ import annotations

import argparse
import lzma
import math
import subprocess
import sys

SCALES = [30, 50, 70, 100, 140, 200, 280, 400, 560, 800, 1100, 1600, 2200]
BANDS = [(0, 20), (20, 40), (40, 60), (60, 90), (90, 1000)]


def read(path: str, features: str):
    """(size, stones, result, Rapfi's value, ours) of every position the features program reads."""
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt") as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    out = subprocess.run([features], input="".join(lines), capture_output=True, text=True,
                         check=True).stdout.splitlines()
    if len(out) != len(lines):
        sys.exit(f"{path}: {len(lines)} positions, {len(out)} feature lines (unreadable lines?)")
    rows = []
    for line, feat in zip(lines, out):
        words, f = line.split(), feat.split()
        rows.append((int(words[0]), len(words) - 4, float(f[1]), float(f[0]), float(f[3])))
    return rows


def loss(rows, value) -> float:
    total = 0.0
    for r in rows:
        x = max(-40.0, min(40.0, value(r)))
        p = min(max(1 / (1 + math.exp(-x)), 1e-9), 1 - 1e-9)
        total -= r[2] * math.log(p) + (1 - r[2]) * math.log(1 - p)
    return total / len(rows)


def best(rows, column: int):
    return min((loss(rows, lambda r: r[column] / s), s) for s in SCALES)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", nargs="+", required=True, help="position files (.txt or .txt.xz)")
    p.add_argument("--features", default="target/release/examples/eval_features")
    args = p.parse_args()
    rows = [r for path in args.data for r in read(path, args.features)]
    print("board stones positions | ours: best s, loss, loss at 317 | Rapfi: best s, loss, loss at 137")
    for size in sorted({r[0] for r in rows}):
        for lo, hi in BANDS:
            band = [r for r in rows if r[0] == size and lo <= r[1] < hi]
            if len(band) < 50:
                continue
            (lo_ours, s_ours), (lo_rapfi, s_rapfi) = best(band, 4), best(band, 3)
            print(f"{size} {lo}-{hi - 1} {len(band)} | {s_ours} {lo_ours:.3f} "
                  f"{loss(band, lambda r: r[4] / 317):.3f} | {s_rapfi} {lo_rapfi:.3f} "
                  f"{loss(band, lambda r: r[3] / 137):.3f}")
    single = best(rows, 4)
    linear = min((loss(rows, lambda r: r[4] / (a + b * r[1])), a, b)
                 for a in (50, 100, 150, 200, 250) for b in (0, 4, 6, 8, 10, 12, 15, 20))
    print(f"ours, all {len(rows)} positions: best single scale {single[1]} (loss {single[0]:.4f}); "
          f"best s = {linear[1]} + {linear[2]} * stones (loss {linear[0]:.4f})")


if __name__ == "__main__":
    main()
