#!/usr/bin/env python3
"""Fits the gomoku search's move ordering to Rapfi's choices (issue 18, ninth round).

    python3 scripts/match.py ... --out DIR          # games against Rapfi (their .psq files)
    cargo build --release --example order_features
    python3 scripts/fit_order.py --games DIR [DIR ...] \
        --features target/release/examples/order_features --write src/search/order_weights.rs

1. The positions: every move Rapfi chose in the games (the openings' moves left out), each
   position and move once.
2. Their features (`examples/order_features.rs`): for each candidate cell (an empty cell near a
   stone) the combination of its four line patterns for the side to move and for the side
   waiting (`combination_key`), and each side's threat there.
3. The model, Rapfi's `P4SCORES` in form: a cell's score is a value of the mover's combination
   ("to move") plus one of the waiter's ("waiting"); each is its combination's own weight (those
   in at least `--min-rows` rows), its four line patterns' weights and its threat's; and a value
   of the pair of the two sides' threats there (tenth round). A softmax
   over the position's candidates predicts Rapfi's move (cross-entropy, Adam, L2; every tenth
   position held out). Printed: the held-out loss and how often the best-scored cell is Rapfi's,
   beside the hand-set ordering's.
   With `--residual FILE` (an `order_weights*.rs`), the model is the search's score in force plus
   a change of that form, the L2 pulling the change to nothing: a fit on few games that starts
   from the tables it would replace (ninety-first round).
4. With `--write`, each combination's two values (its line patterns' and own weights; the
   threat's are a separate table, for the threat is known only in the search's tables) in
   units of 1/`--scale` of a logit, and the threats' and their pairs' tables, as
   `src/search/order_weights.rs` (then `cargo fmt`).
"""

from __future__ import annotations

import argparse
import glob
import itertools
import os
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import read_openings, read_psq  # noqa: E402

# The hand-set ordering the fitted one replaced in the ninth round (gomoku.rs's ATTACK, still its
# VCF's, and DEFENCE; pattern.rs's LINE_VALUE and THREAT_VALUE, still the hand-set evaluation's),
# for comparison.
LINE_VALUE = [0, 1, 2, 3, 7, 9, 11, 10, 24, 28, 26, 60, 0]
THREAT_VALUE = [0, 0, 0, 4, 6, 8, 14, 30, 6, 18, 40, 60, 0]
ATTACK = [0, 40, 30, 120, 140, 350, 500, 2500, 300, 1000, 5000, 20000, 100000]
DEFENCE = [0, 25, 20, 80, 90, 250, 350, 1500, 200, 700, 3000, 15000, 50000]
LINES = 13


def positions(dirs: list[str], engine: str, colour: str = "both",
              exclude: frozenset = frozenset(), only: bool = False) -> list[str]:
    """`size x,y … | tx,ty` for each move `engine` chose in the games' .psq files (1-based
    `x,y,ms` lines; the openings' moves, at 0 ms, left out), each once; with `colour` `black` or
    `white`, only its moves as that colour (black moves first); no game whose opening (its
    stones placed at 0 ms, as a set) is in `exclude` (with `only`, those games alone)."""
    seen, out = set(), []
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "*.psq"))):
            game = read_psq(path)
            if game is None:
                continue
            size, names, moves = game["size"], (game["black"], game["white"]), game["moves"]
            opening = frozenset((x, y) for x, y, ms in itertools.takewhile(lambda m: m[2] == 0,
                                                                            moves))
            if (opening in exclude) != only:
                continue
            for i, (x, y, ms) in enumerate(moves):
                if names[i % 2] != engine or ms == 0:
                    continue
                if colour != "both" and ("black", "white")[i % 2] != colour:
                    continue
                key = (size, tuple((a, b) for a, b, _ in moves[: i + 1]))
                if key not in seen:
                    seen.add(key)
                    out.append(f"{size} " + " ".join(f"{a},{b}" for a, b, _ in moves[:i])
                               + f" | {x},{y}\n")
    return out


def read_tables(path: str) -> dict[str, list]:
    """The tables of an `order_weights*.rs` file, by name: `ORDER_COMBINATIONS` as
    `(key, to move, waiting)` triples, the threat tables as lists (the pair's row by row)."""
    text = open(path, encoding="utf-8").read()
    out = {}
    for name in ("ORDER_COMBINATIONS", "ORDER_THREAT_MOVE", "ORDER_THREAT_WAIT",
                 "ORDER_THREAT_PAIR"):
        m = re.search(rf"pub const {name}: [^=]*= (\[.*?\]);\n", text, re.S)
        if m is None:
            sys.exit(f"fit_order.py: no {name} in {path}")
        body = m.group(1)
        nums = [int(x) for x in re.findall(r"-?\d+", body)]
        out[name] = ([tuple(nums[i:i + 3]) for i in range(0, len(nums), 3)]
                     if name == "ORDER_COMBINATIONS" else nums)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", nargs="+", required=True, help="directories of .psq games")
    p.add_argument("--engine", default="rapfi", help="the engine whose moves to learn")
    p.add_argument("--features", required=True, help="examples/order_features binary")
    p.add_argument("--min-rows", type=int, default=20)
    p.add_argument("--l2", type=float, default=1e-4)
    p.add_argument("--steps", type=int, default=400)
    p.add_argument("--scale", type=int, default=300)
    p.add_argument("--write", help="write the weights as this Rust file")
    p.add_argument("--rule", default="freestyle", choices=["freestyle", "standard", "renju"],
                   help="the rule the games were played and the features are counted under")
    p.add_argument("--colour", default="both", choices=["both", "black", "white"],
                   help="only the positions with this colour to move")
    p.add_argument("--exclude-openings", help="leave out of the fit the games from these "
                   "openings (a file of openings; with --exclude-skip, all but its first N), "
                   "and score the fit on them")
    p.add_argument("--exclude-skip", type=int, default=0)
    p.add_argument("--residual", help="fit a change to the tables of this Rust file (an "
                   "`order_weights*.rs`) instead of tables from nothing: the L2 pulls toward "
                   "them, and --write writes them with the change")
    args = p.parse_args()

    exclude = frozenset()
    if args.exclude_openings:
        exclude = frozenset(frozenset(o.stones)
                            for o in read_openings(args.exclude_openings, 26)[args.exclude_skip:])
    pos = positions(args.games, args.engine, args.colour, exclude)

    def features(lines):
        return subprocess.run([args.features, args.rule], input="".join(lines),
                              capture_output=True, text=True, check=True).stdout.splitlines()

    rows = features(pos)
    fitted_rows = len(rows)
    # The left-out openings' positions: scored, never fitted (a test on openings the fit never
    # saw).
    if exclude:
        rows += features(positions(args.games, args.engine, args.colour, exclude, only=True))
    km, ko, tm, to, cur, grp, tgt = [], [], [], [], [], [], []
    for g, line in enumerate(rows):
        w = line.split()
        t = int(w[0])
        for i, c in enumerate(w[1:]):
            a, b, x, y, sc = map(int, c.split(","))
            km.append(a), ko.append(b), tm.append(x), to.append(y), cur.append(sc)
            grp.append(g)
            tgt.append(i == t)
    km, ko, tm, to, cur, grp, tgt = map(np.array, (km, ko, tm, to, cur, grp, tgt))
    starts = np.flatnonzero(np.r_[True, grp[1:] != grp[:-1]])
    unseen = grp >= fitted_rows
    hold = (grp % 10 == 0) & ~unseen
    train = ~hold & ~unseen

    def digits(k):
        return np.stack([(k // LINES**j) % LINES for j in range(4)], 1)

    dm, do = digits(km), digits(ko)
    # The combinations with weights of their own: those in enough of the fitted rows' cells.
    fit_cells = grp < fitted_rows
    uniq, cnt = np.unique(np.r_[km[fit_cells], ko[fit_cells]], return_counts=True)
    vocab = {int(k): i for i, k in enumerate(uniq[cnt >= args.min_rows])}
    v = len(vocab)
    im = np.array([vocab.get(int(k), v) for k in km])
    io = np.array([vocab.get(int(k), v) for k in ko])
    print(f"{len(pos)} positions ({fitted_rows} with Rapfi's move a candidate), {len(km)} cells, "
          f"{v} combinations with their own weights", file=sys.stderr)

    pair = tm * LINES + to

    base, tables = np.zeros(len(km)), None
    if args.residual:
        tables = read_tables(args.residual)
        comb = {k: (a, d) for k, a, d in tables["ORDER_COMBINATIONS"]}
        ca = np.array([comb[int(k)][0] for k in km])
        cd = np.array([comb[int(k)][1] for k in ko])
        units = (ca + cd + np.array(tables["ORDER_THREAT_MOVE"])[tm]
                 + np.array(tables["ORDER_THREAT_WAIT"])[to]
                 + np.array(tables["ORDER_THREAT_PAIR"]).reshape(-1)[pair])
        off = np.count_nonzero(units != cur)
        print(f"{args.residual}'s tables give the search's score in {len(cur) - off} of "
              f"{len(cur)} cells", file=sys.stderr)
        if off > len(cur) // 100:
            sys.exit("fit_order.py: --residual's tables are not the ones in force for these "
                     "positions (rule and colour)")
        # The search's own score is the base (under renju a few cells, black's forbidden points
        # with white to move, are scored otherwise than by the tables).
        base = cur / args.scale

    def logits(w):
        return (base + w["Ac"][im] + w["Dc"][io] + w["At"][tm] + w["Dt"][to] + w["P"][pair]
                + w["Al"][dm].sum(1) + w["Dl"][do].sum(1))

    def softmax(z):
        mx = np.maximum.reduceat(z, starts)
        e = np.exp(z - mx[grp])
        s = np.add.reduceat(e, starts)
        return e / s[grp], np.log(s) + mx

    def metrics(z, mask):
        _, lse = softmax(z)
        loss = -(z[tgt] - lse[grp[tgt]])
        top = z[tgt] >= np.maximum.reduceat(z, starts)[grp[tgt]]
        m = mask[starts]
        return loss[m].mean(), top[m].mean()

    hand = (np.array(ATTACK)[tm] + np.array(DEFENCE)[to]
            + 2 * (np.array(LINE_VALUE)[dm].sum(1) + np.array(THREAT_VALUE)[tm])
            + np.array(LINE_VALUE)[do].sum(1) + np.array(THREAT_VALUE)[to])
    print("hand-set ordering: held-out best-scored cell is Rapfi's %.3f" % metrics(hand, hold)[1],
          file=sys.stderr)
    print("the search's ordering now (1/%d of a logit a unit): held-out loss %.4f, best %.3f"
          % ((args.scale,) + metrics(cur / args.scale, hold)), file=sys.stderr)
    if unseen.any():
        print("on the %d positions of the left-out openings: the search's ordering now: loss "
              "%.4f, best %.3f" % ((len(rows) - fitted_rows,) + metrics(cur / args.scale, unseen)),
              file=sys.stderr)
    w = {"Ac": np.zeros(v + 1), "Dc": np.zeros(v + 1), "At": np.zeros(LINES),
         "Dt": np.zeros(LINES), "Al": np.zeros(LINES), "Dl": np.zeros(LINES),
         "P": np.zeros(LINES * LINES)}
    m1 = {k: np.zeros_like(x) for k, x in w.items()}
    m2 = {k: np.zeros_like(x) for k, x in w.items()}
    n_train = train[starts].sum()
    for it in range(1, args.steps + 1):
        z = logits(w)
        prob, _ = softmax(z)
        r = (prob - tgt) * train / n_train
        grads = {
            "Ac": np.bincount(im, r, v + 1), "Dc": np.bincount(io, r, v + 1),
            "At": np.bincount(tm, r, LINES), "Dt": np.bincount(to, r, LINES),
            "Al": sum(np.bincount(dm[:, j], r, LINES) for j in range(4)),
            "Dl": sum(np.bincount(do[:, j], r, LINES) for j in range(4)),
            "P": np.bincount(pair, r, LINES * LINES),
        }
        for k in w:
            g = grads[k] + (10 * args.l2 if k in ("Ac", "Dc") else args.l2) * w[k]
            if k in ("Ac", "Dc"):
                g[v] = 0  # the rare combinations' shared slot stays 0
            m1[k] = 0.9 * m1[k] + 0.1 * g
            m2[k] = 0.999 * m2[k] + 0.001 * g * g
            w[k] -= 0.05 * (m1[k] / (1 - 0.9**it)) / (np.sqrt(m2[k] / (1 - 0.999**it)) + 1e-8)
        if it % 100 == 0 or it == args.steps:
            print("step %d: training loss %.4f, best %.3f; held-out loss %.4f, best %.3f"
                  % ((it,) + metrics(z, train) + metrics(z, hold)), file=sys.stderr)
    if unseen.any():
        print("the fit on the left-out openings' positions: loss %.4f, best %.3f"
              % metrics(logits(w), unseen), file=sys.stderr)
    if not args.write:
        return
    s = args.scale
    if tables:
        # The change added to the tables it was fitted against, in their units.
        comb = {k: (a, d) for k, a, d in tables["ORDER_COMBINATIONS"]}
        w["At"] += np.array(tables["ORDER_THREAT_MOVE"]) / s
        w["Dt"] += np.array(tables["ORDER_THREAT_WAIT"]) / s
        w["P"] += np.array(tables["ORDER_THREAT_PAIR"]).reshape(-1) / s
    combos = []
    for combo in itertools.combinations_with_replacement(range(LINES), 4):
        k = 0
        for x in combo:
            k = k * LINES + x
        a = w["Ac"][vocab.get(k, v)] + w["Al"][list(combo)].sum()
        d = w["Dc"][vocab.get(k, v)] + w["Dl"][list(combo)].sum()
        if tables:
            a, d = a + comb[k][0] / s, d + comb[k][1] / s
        combos.append(f"({k}, {round(a * s)}, {round(d * s)})")
    # The command as run, the game directories written as one `DIR...`.
    words = [a for a in sys.argv[1:] if a not in args.games[1:]]
    cmd = " ".join("DIR..." if a == args.games[0] else a for a in words)
    with open(args.write, "w", encoding="utf-8") as f:
        f.write(f"""//! The gomoku search's move-ordering values (`pattern.rs`, `order`), fitted to Rapfi's moves
//! ({len(rows)} positions of games against it; held-out: the best-scored cell is Rapfi's move
//! in {metrics(z, hold)[1]:.1%}, the hand-set ordering's {metrics(hand, hold)[1]:.1%}). Made by
//!
//! ```text
//! python3 scripts/fit_order.py {cmd}
//! ```
//!
//! (then `cargo fmt`), in units of 1/{s} of a logit.

/// Each combination of four line patterns (`combination_key`, the patterns sorted): its value
/// to the side to move ("to move") and to the side waiting, its threat's not included.
pub const ORDER_COMBINATIONS: [(u16, i16, i16); {len(combos)}] = [{", ".join(combos)}];

/// What a threat adds to the value of its cell to the side to move.
pub const ORDER_THREAT_MOVE: [i16; {LINES}] = [{", ".join(str(round(x * s)) for x in w["At"])}];

/// What a threat adds to the value of its cell to the side waiting.
pub const ORDER_THREAT_WAIT: [i16; {LINES}] = [{", ".join(str(round(x * s)) for x in w["Dt"])}];

/// What the pair of threats at a cell adds, by the side to move's threat (rows) and the side
/// waiting's (columns): a cell where both sides have something is worth more, or less, than
/// the two threats' values apart.
pub const ORDER_THREAT_PAIR: [[i16; {LINES}]; {LINES}] = [{", ".join("[" + ", ".join(str(round(x * s)) for x in w["P"][i * LINES:(i + 1) * LINES]) + "]" for i in range(LINES))}];
""")


if __name__ == "__main__":
    main()
