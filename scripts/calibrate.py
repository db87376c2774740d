#!/usr/bin/env python3
"""Calibrates the analysis's win probability (issue 16): plays search-vs-search games, fits a
logistic of the search's score for the side to move to the games' outcomes, writes the fit into
src/search/calibration.rs and plots it into docs/calibration.png.

    python3 scripts/calibrate.py [--games 2000] [--nodes 2000] [--board 15x15k5] [--seed 1]

Needs numpy and matplotlib (pip install numpy matplotlib); not used by CI. The games come from
`cargo run --profile test --example calibration_games` (2 threads): each is opened by 2 to 5 random
moves near the centre, then both sides search NODES nodes a move; every position whose value the
search did not prove gives one sample (score, result for the side to move: 1, 0.5 or 0). Re-run
this whenever the evaluation changes: the score scale changes with it.
"""

import argparse
import csv
import io
import os
import re
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def play(games, nodes, board, seed):
    m = re.fullmatch(r"(\d+)x(\d+)k(\d+)", board)
    if not m:
        sys.exit(f"--board: WxHkK, not {board}")
    w, h, k = m.groups()
    cmd = ["cargo", "run", "--quiet", "--profile", "test", "--example", "calibration_games",
           "--", str(games), str(nodes), w, h, k, str(seed)]
    print("running:", " ".join(cmd), file=sys.stderr)
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    os.makedirs(os.path.join(ROOT, "target"), exist_ok=True)
    with open(os.path.join(ROOT, "target/calibration.csv"), "w") as f:
        f.write(out)
    rows = list(csv.DictReader(io.StringIO(out)))
    game = np.array([int(r["game"]) for r in rows])
    score = np.array([float(r["score"]) for r in rows])
    result = np.array([float(r["result"]) for r in rows])
    return game, score, result


def fit(score, result):
    """Logistic regression p = 1 / (1 + exp(-(a·score + b))) by Newton's method on the
    cross-entropy (fractional targets: a draw counts half a win)."""
    scale = max(np.std(score), 1.0)
    x = np.stack([score / scale, np.ones_like(score)], axis=1)
    beta = np.zeros(2)
    for _ in range(100):
        p = sigmoid(x @ beta)
        grad = x.T @ (result - p)
        hess = (x * (p * (1 - p))[:, None]).T @ x + 1e-9 * np.eye(2)
        step = np.linalg.solve(hess, grad)
        beta += step
        if np.max(np.abs(step)) < 1e-10:
            break
    return beta[0] / scale, beta[1]


def sigmoid(z):
    return 1 / (1 + np.exp(-np.clip(z, -500, 500)))


def log_loss(p, y):
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--board", default="15x15k5")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-write", action="store_true", help="print the fit only")
    args = ap.parse_args()

    game, score, result = play(args.games, args.nodes, args.board, args.seed)
    games = len(set(game.tolist()))
    slope, intercept = fit(score, result)
    # Held-out check: fit on even games, score the odd ones.
    even = game % 2 == 0
    s2, i2 = fit(score[even], result[even])
    held = log_loss(sigmoid(s2 * score[~even] + i2), result[~even])
    base = log_loss(np.full((~even).sum(), result[even].mean()), result[~even])
    print(f"{games} games, {len(score)} positions: slope {slope:.6g}, intercept {intercept:.4g}; "
          f"score for 75%: {np.log(3) / slope:.0f}; held-out log loss {held:.4f} "
          f"(constant: {base:.4f}); draws {np.mean(result == 0.5):.1%}")

    if args.no_write:
        return
    with open(os.path.join(ROOT, "src/search/calibration.rs"), "w") as f:
        f.write(f"""//! The win probability's calibration, written by `scripts/calibrate.py` (do not edit by hand):
//! the logistic `1 / (1 + e^-(SLOPE · score + INTERCEPT))` of a search score for the side to move,
//! fitted to the outcomes of search-vs-search games ({args.board}, {args.nodes} nodes a move).
//! Held-out log loss {held:.4f} (a constant guess: {base:.4f}).

/// The slope per score unit.
pub const SLOPE: f64 = {slope:.6e};
/// The intercept (the side to move's edge at score 0).
pub const INTERCEPT: f64 = {intercept:.6e};
/// Games in the fit.
pub const GAMES: usize = {games};
/// Positions (unproven scores) in the fit.
pub const POSITIONS: usize = {len(score)};
""")
    subprocess.run(["rustfmt", "--edition", "2021", "src/search/calibration.rs"], cwd=ROOT)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    lo, hi = np.percentile(score, [1, 99])
    edges = np.linspace(lo, hi, 25)
    mids, rates, counts = [], [], []
    for a, b in zip(edges[:-1], edges[1:]):
        sel = (score >= a) & (score < b)
        if sel.sum() >= 20:
            mids.append(score[sel].mean())
            rates.append(result[sel].mean())
            counts.append(sel.sum())
    xs = np.linspace(lo, hi, 200)
    fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
    ax.scatter(mids, rates, s=np.sqrt(counts) * 3, label="games (bins of scores)", color="#4477aa")
    ax.plot(xs, sigmoid(slope * xs + intercept), color="#cc3311",
            label=f"logistic: slope {slope:.3g}, intercept {intercept:.2f}")
    ax.set_xlabel("search score for the side to move")
    ax.set_ylabel("share of points won by the side to move")
    ax.set_title(f"Win probability: {games} games, {len(score)} positions, {args.board}, "
                 f"{args.nodes} nodes/move", fontsize=9)
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(os.path.join(ROOT, "docs/calibration.png"))
    print("wrote src/search/calibration.rs and docs/calibration.png")


if __name__ == "__main__":
    main()
