#!/usr/bin/env python3
"""Fits the gomoku search's evaluation weights to Rapfi's evaluations of labelled positions.

    python3 scripts/eval_data.py --out /tmp/eval-data.txt ...          # the positions
    cargo build --release --example eval_features
    python3 scripts/fit_eval.py --data /tmp/eval-data.txt \
        --features target/release/examples/eval_features --write src/search/eval_weights.rs

Or Rapfi's static evaluations of the positions of match games (fifteenth round; the target
Rapfi's search stands on, not a search's value):

    python3 scripts/rapfi_static.py --games DIR [DIR ...] --engine pbrain-rapfi --out /tmp/static.txt
    python3 scripts/fit_eval.py --data /tmp/static.txt --units 317 \
        --data-command "python3 scripts/rapfi_static.py ..." --write src/search/eval_weights.rs

`scripts/rapfi-static.txt.xz` holds the fifteenth round's data (`xz -dc` it): 20,921 positions
of 880 games of our search against Rapfi at 1 s (15 x 15 and 20 x 20), with Rapfi's static values.
(`--units`: the written evaluation's logistic scale; 317 is the scale at which the evaluation of
the ninth-to-fourteenth rounds best fits Rapfi's static probabilities, so that the search's
margins keep their meaning.)

`--blend FILE` averages the fit with the weights of another `eval_weights.rs` (weight by weight,
`--blend-share` the fit's part): the sixteenth round's evaluation is the fit above to Rapfi's
static values, half and half with the sixth round's fit to its search values
(`git show 5f426e7:src/search/eval_weights.rs > /tmp/eval-weights-6.rs`); the eighteenth
round's (kept) is a fit to Rapfi's search values of the same match positions
(`scripts/rapfi-search.txt.xz`: 11,025 positions searched within 40,000 nodes by
`scripts/rapfi_tree_static.py --search-nodes 40000 --games-out`), half and half with the fit
above; `src/search/eval_weights.rs` has its commands.

`--tree-data FILE …` adds positions off the games' path (`scripts/rapfi_tree_static.py`: a game
position and one to three random moves near the stones, with Rapfi's static value; seventeenth
round), each in its game position's part (training or held out) and weighted `--tree-weight` in
the fit; their result is unknown (`-1`), so Rapfi's scale and the losses against the results use
the game positions alone, and the held-out losses are printed for each kind apart too.

The positions (`size result eval depth x,y …`, see scripts/eval_data.py) go through
`examples/eval_features.rs`, which prints for each Rapfi's eval, the game's result, the hand-set
evaluation the fitted ones replaced and the evaluation the search uses now, then the dense features
of `src/search/pattern.rs` (layout above `EVAL_FEATURES`) and, after `|`, the sparse ones
(`index:count`: the cells of each combination of four line patterns, for the side to move and the
side waiting). Of the sparse features those found in at least `--min-positions` training positions
are fitted (their own L2 `--l2-combinations`), on top of the dense ones. Games are told apart by
their stones (a position extending the previous one is the same game); a tenth of the games
(every tenth) is held out.

1. Rapfi's scale: the `s` for which the logistic `1 / (1 + exp(-eval / s))` best predicts the
   games' results (cross-entropy, a scan over s).
2. The target of each position: Rapfi's win probability `sigmoid(eval / s)`.
3. The hand-set evaluation's scale `s0` (the same scan, against the target): its held-out loss is a
   baseline; the evaluation the search uses now (in the same units) is the other.
4. The weights: logistic regression of the target on the features (cross-entropy with soft labels,
   L2 `--l2` on all but the tempo, Newton's method), on the training games.
5. The held-out losses of the fit and of the baseline, against the target and against the results.
6. With `--write`, the weights times `s0` and `2^SHIFT` (so that the new evaluation has the current one's units,
   which the search's margins are set in), rounded, as `src/search/eval_weights.rs`.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

import numpy as np


SHIFT = 4  # the weights' units: 1/16 of the evaluation's


def read(data_path: str, features_cmd: str, tree_paths: list[str] | None = None,
         rule: str = "freestyle"):
    """The positions of `data_path`, then those of `tree_paths` (`scripts/rapfi_tree_static.py`:
    a game position and `depth` more moves, result -1), each put in its game position's game."""
    with open(data_path, encoding="utf-8") as f:
        lines = [l for l in f if l.strip()]
    n_games = len(lines)
    for t in tree_paths or []:
        with open(t, encoding="utf-8") as f:
            lines += [l for l in f if l.strip()]
    out = subprocess.run([features_cmd, rule], input="".join(lines), capture_output=True, text=True,
                         check=True).stdout.split("\n")
    rows = [r for r in out if r.strip()]
    if len(rows) != len(lines):
        sys.exit(f"{len(lines)} positions but {len(rows)} feature lines")
    games = []
    prev = None
    g = -1
    game_of = {}
    for i, l in enumerate(lines):
        w = l.split()
        if i >= n_games:
            # A variant: its game position is its first stones but the `depth` added ones.
            parent = (w[0], tuple(w[4: len(w) - int(w[3])]))
            if parent not in game_of:
                sys.exit(f"a variant whose game position is not in {data_path}: {l.strip()}")
            games.append(game_of[parent])
            continue
        stones = (w[0], w[4:])
        if prev is None or prev[0] != stones[0] or stones[1][: len(prev[1])] != prev[1] \
                or len(stones[1]) <= len(prev[1]):
            g += 1
        games.append(g)
        game_of[(w[0], tuple(w[4:]))] = g
        prev = stones
    dense, sparse = [], []
    for r in rows:
        d, _, sp = r.partition("|")
        dense.append([float(x) for x in d.split()])
        sparse.append({int(k): float(v) for k, v in (w.split(":") for w in sp.split())})
    m = np.array(dense)
    return m[:, 0], m[:, 1], m[:, 2], m[:, 3], m[:, 4:], sparse, np.array(games)


def sigmoid(x):
    return 1 / (1 + np.exp(-np.clip(x, -50, 50)))


def xent(p, q):
    """Mean cross-entropy of predictions q against (soft) labels p."""
    q = np.clip(q, 1e-9, 1 - 1e-9)
    return float(np.mean(-(p * np.log(q) + (1 - p) * np.log(1 - q))))


def best_scale(x, labels):
    scales = np.exp(np.linspace(np.log(10), np.log(5000), 400))
    losses = [xent(labels, sigmoid(x / s)) for s in scales]
    i = int(np.argmin(losses))
    return float(scales[i]), losses[i]


def fit(X, y, l2, iters=30, weight=None):
    """Logistic regression with soft labels y, L2 `l2` (one value, or one per column) on all but
    column 0 (Newton's method); `weight`: each row's weight (None: 1 each)."""
    n, k = X.shape
    wt = np.ones(n) if weight is None else weight
    n = float(wt.sum())
    # Columns scaled to unit spread for the penalty and the conditioning.
    sd = X.std(axis=0)
    sd[sd == 0] = 1
    sd[0] = 1
    Z = X / sd
    w = np.zeros(k)
    pen = np.broadcast_to(np.asarray(l2, dtype=float) * n, (k,)).copy()
    pen[0] = 0
    for _ in range(iters):
        q = sigmoid(Z @ w)
        g = Z.T @ (wt * (q - y)) + pen * w
        h = (Z * (wt * q * (1 - q))[:, None]).T @ Z + np.diag(pen) + 1e-9 * np.eye(k)
        step = np.linalg.solve(h, g)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w / sd


def read_weights(path: str) -> tuple[list[int], dict[int, list[int]]]:
    """The weights of an `eval_weights.rs` (as `--write` writes it): the dense ones and each
    combination's own pair."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    dense = re.search(r"EVAL_WEIGHTS: \[i32; \d+\] = \[(.*?)\];", text, re.S)
    combos = re.search(r"EVAL_COMBINATIONS: \[\(u16, i16, i16\); \d+\] = \[(.*?)\];", text, re.S)
    if not dense or not combos:
        sys.exit(f"{path}: no EVAL_WEIGHTS or EVAL_COMBINATIONS")
    own = {int(k): [int(m), int(w)]
           for k, m, w in re.findall(r"\((\d+), (-?\d+), (-?\d+)\)", combos.group(1))}
    return [int(x) for x in dense.group(1).replace("\n", " ").split(",") if x.strip()], own


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--features", default="target/release/examples/eval_features")
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--l2-combinations", type=float, default=1e-3)
    ap.add_argument("--min-positions", type=int, default=50)
    ap.add_argument("--own-limit", type=int, default=6000,
                    help="largest own weight of a combination (in the weights' units)")
    ap.add_argument("--write", help="the Rust file of the weights to write")
    ap.add_argument("--data-command", default="python3 scripts/eval_data.py --turn-ms 50 --minutes 30 "
                    "--out /tmp/eval-data.txt", help="the command that made --data (cited in --write)")
    ap.add_argument("--data-note", default="", help="a sentence on the data (cited in --write)")
    ap.add_argument("--tree-data", nargs="+", default=[],
                    help="positions off the games' path (scripts/rapfi_tree_static.py), fitted "
                         "beside --data's (seventeenth round)")
    ap.add_argument("--tree-weight", type=float, default=1.0,
                    help="the weight of each --tree-data position in the fit (--data's: 1)")
    ap.add_argument("--blend", help="an eval_weights.rs to average the fit with (sixteenth round)")
    ap.add_argument("--blend-share", type=float, default=0.5,
                    help="the fit's share of the blend (the rest is --blend's)")
    ap.add_argument("--rule", default="freestyle", choices=["freestyle", "standard", "renju"],
                    help="the rule the features are counted under (the positions' rule)")
    ap.add_argument("--units", type=float, default=0.0,
                    help="the written evaluation's logistic scale (0: the hand-set one's, s0); "
                         "the search's margins are set in the evaluation's units")
    args = ap.parse_args()
    ev, result, current, fitted, dense, sparse, games = read(args.data, args.features,
                                                             args.tree_data, args.rule)
    hold = games % 10 == 9
    train = ~hold
    # Positions of played games (a result to check Rapfi's scale on) and variants (none).
    known = result >= 0
    hold_r = hold & known
    seen = {}
    for i in np.flatnonzero(train):
        for k in sparse[i]:
            seen[k] = seen.get(k, 0) + 1
    keys = sorted(k for k, c in seen.items() if c >= args.min_positions)
    col = {k: j for j, k in enumerate(keys)}
    S = np.zeros((len(ev), len(keys)))
    for i, sp in enumerate(sparse):
        for k, v in sp.items():
            if k in col:
                S[i, col[k]] = v
    X = np.hstack([dense, S])
    nd = dense.shape[1]
    print(f"{len(seen)} combinations seen, {len(keys)} in at least {args.min_positions} positions")
    print(f"{len(ev)} positions from {games.max() + 1} games; {hold.sum()} held out "
          f"({games[hold].size and len(set(games[hold]))} games), {X.shape[1]} features")
    if not known.all():
        print(f"{(~known).sum()} of them variants off the games' path "
              f"({(hold & ~known).sum()} held out), weight {args.tree_weight:g} each")
    s_r, l_r = best_scale(ev[train & known], result[train & known])
    print(f"Rapfi's scale against the results: {s_r:.0f} (loss {l_r:.4f} on training, "
          f"{xent(result[hold_r], sigmoid(ev[hold_r] / s_r)):.4f} held out)")
    target = sigmoid(ev / s_r)
    s0, _ = best_scale(current[train], target[train])
    base_t = xent(target[hold], sigmoid(current[hold] / s0))
    base_r = xent(result[hold_r], sigmoid(current[hold_r] / s0))
    print(f"hand-set evaluation: scale {s0:.0f}; held-out loss {base_t:.4f} against Rapfi, "
          f"{base_r:.4f} against the results")
    s_now, _ = best_scale(fitted[train], target[train])
    now_t = xent(target[hold], sigmoid(fitted[hold] / s_now))
    print(f"the search's evaluation now (its own scale, {s_now:.0f}): held-out loss "
          f"{now_t:.4f} against Rapfi, "
          f"{xent(result[hold_r], sigmoid(fitted[hold_r] / s_now)):.4f} against the results")
    parts = [("game positions", hold_r), ("variants", hold & ~known)] if not known.all() else []
    for name, m in parts:
        print(f"  on the held-out {name} alone: {xent(target[m], sigmoid(fitted[m] / s_now)):.4f} "
              f"(Rapfi's against themselves {xent(target[m], target[m]):.4f})")
    floor = xent(target[hold], target[hold])
    print(f"(the loss of Rapfi's own probabilities against themselves: {floor:.4f})")
    l2 = np.concatenate([np.full(nd, args.l2), np.full(len(keys), args.l2_combinations)])
    row_w = np.where(known, 1.0, args.tree_weight)
    w = fit(X[train], target[train], l2, weight=row_w[train])
    pred = sigmoid(X @ w)
    print(f"fit (L2 {args.l2:g}): training loss {xent(target[train], pred[train]):.4f}; held-out "
          f"{xent(target[hold], pred[hold]):.4f} against Rapfi, "
          f"{xent(result[hold_r], pred[hold_r]):.4f} against the results")
    for name, m in parts:
        print(f"  on the held-out {name} alone: {xent(target[m], pred[m]):.4f}")
    units = args.units or s0
    ints = np.round(w * units * (1 << SHIFT)).astype(int)
    ints[nd:] = np.clip(ints[nd:], -args.own_limit, args.own_limit)
    pred_i = sigmoid(np.floor((X @ ints) / (1 << SHIFT)) / units)
    print(f"rounded to integers (x {units:.0f} x {1 << SHIFT}): held-out "
          f"{xent(target[hold], pred_i[hold]):.4f}")
    print("weights:", " ".join(str(v) for v in ints[:nd]))
    own = {}
    for k, v in zip(keys, ints[nd:]):
        pair = own.setdefault(k // 2, [0, 0])
        pair[k % 2] = int(v)
    own = {k: p for k, p in own.items() if p != [0, 0]}
    print(f"{len(own)} combinations with their own weights")
    dense_w = ints[:nd]
    loss_note = f"loss {xent(target[hold], pred_i[hold]):.4f}"
    what = "fitted to"
    if args.blend:
        # The average of the fit and another evaluation (in the same units), weight by weight;
        # a combination one of them has no own weight for counts as 0 there.
        old_dense, old_own = read_weights(args.blend)
        if len(old_dense) != nd:
            sys.exit(f"{args.blend}: {len(old_dense)} dense weights, not {nd}")
        share = args.blend_share
        dense_w = np.round(share * dense_w + (1 - share) * np.array(old_dense)).astype(int)
        own = {k: [int(round(share * own.get(k, [0, 0])[i] + (1 - share) * old_own.get(k, [0, 0])[i]))
                   for i in (0, 1)]
               for k in sorted(set(own) | set(old_own))}
        own = {k: p for k, p in own.items() if p != [0, 0]}
        raw = np.array(dense) @ dense_w
        for i, sp in enumerate(sparse):
            raw[i] += sum(v * own.get(k // 2, [0, 0])[k % 2] for k, v in sp.items())
        pred_b = sigmoid(np.floor(raw / (1 << SHIFT)) / units)
        print(f"blended ({share:g} of the fit, {1 - share:g} of {args.blend}): held-out "
              f"{xent(target[hold], pred_b[hold]):.4f} against Rapfi, "
              f"{xent(result[hold_r], pred_b[hold_r]):.4f} against the results; "
              f"{len(own)} combinations with their own weights")
        for name, m in parts:
            print(f"  on the held-out {name} alone: {xent(target[m], pred_b[m]):.4f}")
        loss_note = f"loss {xent(target[hold], pred_b[hold]):.4f}"
        what = (f"{share:g} of a fit and {1 - share:g} of the weights before it ({args.blend}), "
                "the fit to")
    if args.write:
        body = ",\n".join(
            "    " + ", ".join(str(v) for v in dense_w[i:i + 12]) for i in range(0, nd, 12))
        items = [f"({k}, {m}, {wt})" for k, (m, wt) in sorted(own.items())]
        combos = ",\n".join("    " + ", ".join(items[i:i + 6]) for i in range(0, len(items), 6))
        units_opt = f" --units {args.units:g}" if args.units else ""
        if args.tree_data:
            units_opt += (f" \\\n//!     --tree-data {' '.join(args.tree_data)} "
                          f"--tree-weight {args.tree_weight:g}")
        if args.blend:
            units_opt += f" \\\n//!     --blend {args.blend} --blend-share {args.blend_share:g}"
        text = f"""//! The gomoku evaluation's weights (layout: `pattern.rs`, above `EVAL_FEATURES`), {what}
//! Rapfi's evaluations of {len(ev)} positions ({hold.sum()} held out: {loss_note}
//! against Rapfi's win probabilities, the hand-set evaluation's {base_t:.4f}, the one before this
//! fit's {now_t:.4f}). {args.data_note} Made by
//!
//! ```text
//! {args.data_command}
//! cargo build --release --example eval_features
//! python3 scripts/fit_eval.py --data {args.data} --l2 {args.l2:g} \\
//!     --l2-combinations {args.l2_combinations:g} --min-positions {args.min_positions}{units_opt} \\
//!     --write src/search/eval_weights.rs
//! ```
//!
//! in units of a logistic scale of {units:.0f} (Rapfi's probabilities are `sigmoid(eval / {s_r:.0f})`),
//! times `2^EVAL_SHIFT`.

/// The sum of the weighted features is shifted right by this (the weights' finer units).
pub const EVAL_SHIFT: u32 = {SHIFT};

/// The weights (a feature's count times its weight, summed and shifted, is the evaluation).
pub const EVAL_WEIGHTS: [i32; {nd}] = [
{body},
];

/// The combinations' own weights: `(key, when to move, when waiting)` (`pattern.rs`,
/// `combination_key`).
pub const EVAL_COMBINATIONS: [(u16, i16, i16); {len(own)}] = [
{combos},
];
"""
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {args.write}")


if __name__ == "__main__":
    main()
